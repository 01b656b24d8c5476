/* SPDX-License-Identifier: MIT */
/*
 * platform/omap4/dpll_ops.c - the ops table of the OMAP4 DPLL type.
 *
 * The unproven boundary of dpll.c (the DPLL and its X2 output), as clk_basic_ops.c is of clk_basic.c:
 * each wrapper only turns the core's void *priv into a struct
 * omap4_dpll_cfg (a cast outside WP's typed memory model) and calls the
 * typed, proven op of dpll.h.  Freestanding C11.
 */
#include "dpll.h"

static unsigned long dpll_recalc_rate(void *priv, unsigned long parent_rate)
{
	return omap4_dpll_recalc_rate(priv, parent_rate);
}

static unsigned long dpll_round_rate(void *priv, unsigned long rate,
				     unsigned long parent_rate)
{
	return omap4_dpll_round_rate(priv, rate, parent_rate);
}

static int dpll_set_rate(void *priv, unsigned long rate,
			 unsigned long parent_rate)
{
	return omap4_dpll_set_rate(priv, rate, parent_rate);
}

static int dpll_enable(void *priv)
{
	return omap4_dpll_enable(priv);
}

static void dpll_disable(void *priv)
{
	omap4_dpll_disable(priv);
}

static int dpll_is_enabled(void *priv)
{
	return omap4_dpll_is_enabled(priv);
}

static int dpll_get_parent(void *priv)
{
	return omap4_dpll_get_parent(priv);
}

static int dpll_set_parent(void *priv, int index)
{
	return omap4_dpll_set_parent(priv, index);
}

static void dpll_save_context(void *priv)
{
	omap4_dpll_save_context(priv);
}

static void dpll_restore_context(void *priv)
{
	omap4_dpll_restore_context(priv);
}

const struct vclk_ops omap4_dpll_ops = {
	.enable = dpll_enable,
	.disable = dpll_disable,
	.is_enabled = dpll_is_enabled,
	.recalc_rate = dpll_recalc_rate,
	.get_parent = dpll_get_parent,
	.set_parent = dpll_set_parent,
	.round_rate = dpll_round_rate,
	.set_rate = dpll_set_rate,
	.save_context = dpll_save_context,
	.restore_context = dpll_restore_context,
};


/* ==================== the X2 output ==================== */

static unsigned long x2_recalc_rate(void *priv, unsigned long parent_rate)
{
	return omap4_dpll_x2_recalc_rate(priv, parent_rate);
}

static unsigned long x2_round_rate(void *priv, unsigned long rate,
				   unsigned long parent_rate)
{
	(void)priv;
	(void)rate;
	return omap4_dpll_x2_round_rate(parent_rate);
}

static int x2_set_rate(void *priv, unsigned long rate,
		       unsigned long parent_rate)
{
	(void)rate;
	(void)parent_rate;
	return omap4_dpll_x2_set_rate(priv);
}

static unsigned long x2_parent_rate_candidate(void *priv, unsigned long rate,
					      int k)
{
	(void)priv;
	return omap4_dpll_x2_parent_rate_candidate(rate, k);
}

/* set_rate programs nothing: the dispatcher's check that recalc_rate now
 * gives the rate does the rest */
const struct vclk_ops omap4_dpll_x2_ops = {
	.recalc_rate = x2_recalc_rate,
	.round_rate = x2_round_rate,
	.set_rate = x2_set_rate,
	.parent_rate_candidate = x2_parent_rate_candidate,
};
