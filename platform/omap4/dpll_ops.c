/* SPDX-License-Identifier: MIT */
/*
 * platform/omap4/dpll_ops.c - the ops table of the OMAP4 DPLL type.
 *
 * The unproven boundary of dpll.c, as clk_basic_ops.c is of clk_basic.c:
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
	.round_rate = dpll_round_rate,
	.set_rate = dpll_set_rate,
	.save_context = dpll_save_context,
	.restore_context = dpll_restore_context,
};

