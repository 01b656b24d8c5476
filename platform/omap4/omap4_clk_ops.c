/* SPDX-License-Identifier: MIT */
/*
 * platform/omap4/omap4_clk_ops.c - the ops tables of the OMAP4 clock
 * types (omap4_clk.h).
 *
 * The unproven boundary of omap4_clk.c, as clk_basic_ops.c is clk_basic's:
 * each wrapper only turns the core's void *priv into the type's config
 * struct (a cast outside WP's typed memory model) and calls the typed,
 * proven op, whose contract the registered config must meet.
 * Freestanding C11.
 */
#include <stdbool.h>
#include "omap4_clk.h"

/* ==================== clksel divider ==================== */

static unsigned long clksel_recalc_rate(void *priv, unsigned long parent_rate)
{
	return omap4_clksel_recalc_rate(priv, parent_rate);
}

static unsigned long clksel_round_rate(void *priv, unsigned long rate,
				       unsigned long parent_rate)
{
	return omap4_clksel_round_rate(priv, rate, parent_rate);
}

static unsigned long clksel_parent_rate_candidate(void *priv,
						  unsigned long rate, int k)
{
	return omap4_clksel_parent_rate_candidate(priv, rate, k);
}

static int clksel_set_rate(void *priv, unsigned long rate,
			   unsigned long parent_rate)
{
	return omap4_clksel_set_rate(priv, rate, parent_rate);
}

static void clksel_save_context(void *priv)
{
	omap4_clksel_save_context(priv);
}

static void clksel_restore_context(void *priv)
{
	omap4_clksel_restore_context(priv);
}

const struct vclk_ops omap4_clksel_ops = {
	.recalc_rate = clksel_recalc_rate,
	.round_rate = clksel_round_rate,
	.parent_rate_candidate = clksel_parent_rate_candidate,
	.set_rate = clksel_set_rate,
	.save_context = clksel_save_context,
	.restore_context = clksel_restore_context,
};

/* ==================== HS post-divider ==================== */

static int hsdiv_enable(void *priv)
{
	return omap4_hsdiv_enable(priv);
}

static void hsdiv_disable(void *priv)
{
	omap4_hsdiv_disable(priv);
}

static int hsdiv_is_enabled(void *priv)
{
	return omap4_hsdiv_is_enabled(priv);
}

static unsigned long hsdiv_recalc_rate(void *priv, unsigned long parent_rate)
{
	return omap4_hsdiv_recalc_rate(priv, parent_rate);
}

static unsigned long hsdiv_round_rate(void *priv, unsigned long rate,
				      unsigned long parent_rate)
{
	return omap4_hsdiv_round_rate(priv, rate, parent_rate);
}

static unsigned long hsdiv_parent_rate_candidate(void *priv,
						 unsigned long rate, int k)
{
	return omap4_hsdiv_parent_rate_candidate(priv, rate, k);
}

static int hsdiv_set_rate(void *priv, unsigned long rate,
			  unsigned long parent_rate)
{
	return omap4_hsdiv_set_rate(priv, rate, parent_rate);
}

static void hsdiv_save_context(void *priv)
{
	omap4_hsdiv_save_context(priv);
}

static void hsdiv_restore_context(void *priv)
{
	omap4_hsdiv_restore_context(priv);
}

const struct vclk_ops omap4_hsdiv_ops = {
	.enable = hsdiv_enable,
	.disable = hsdiv_disable,
	.is_enabled = hsdiv_is_enabled,
	.recalc_rate = hsdiv_recalc_rate,
	.round_rate = hsdiv_round_rate,
	.parent_rate_candidate = hsdiv_parent_rate_candidate,
	.set_rate = hsdiv_set_rate,
	.save_context = hsdiv_save_context,
	.restore_context = hsdiv_restore_context,
};

/* ==================== module gate ==================== */

static int modgate_enable(void *priv)
{
	return omap4_modgate_enable(priv);
}

static void modgate_disable(void *priv)
{
	omap4_modgate_disable(priv);
}

static int modgate_is_enabled(void *priv)
{
	return omap4_modgate_is_enabled(priv);
}

const struct vclk_ops omap4_modgate_ops = {
	.enable = modgate_enable,
	.disable = modgate_disable,
	.is_enabled = modgate_is_enabled,
};

/* ==================== a clock that only holds its domain ==================== */

/* Linux's omap_gate_clkdm_clk_ops: enable wakes the domain, disable
 * releases it; @priv is the struct omap4_clkdm itself */
static int clkdm_gate_enable(void *priv)
{
	return omap4_clkdm_enable(priv);
}

static void clkdm_gate_disable(void *priv)
{
	omap4_clkdm_disable(priv);
}

const struct vclk_ops omap4_clkdm_gate_ops = {
	.enable = clkdm_gate_enable,
	.disable = clkdm_gate_disable,
};
