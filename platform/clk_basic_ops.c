/* SPDX-License-Identifier: MIT */
/*
 * clk_basic_ops.c - the ops tables of the six basic clock types.
 *
 * The unproven boundary of clk_basic.c, as dispatch.c is the core's: each
 * wrapper only turns the core's void *priv into the type's config struct
 * (a cast outside WP's typed memory model) and calls the typed, proven op
 * of clk_basic.h, whose contract the caller's config must meet.
 * Freestanding C11.
 */
#include <stdbool.h>
#include "clk_basic.h"

/* ==================== fixed ==================== */

static unsigned long fixed_recalc_rate(void *priv, unsigned long parent_rate)
{
	(void)parent_rate;
	return clk_fixed_recalc_rate(priv);
}

static unsigned long fixed_recalc_accuracy(void *priv,
					   unsigned long parent_accuracy)
{
	(void)parent_accuracy;
	return clk_fixed_recalc_accuracy(priv);
}

const struct vclk_ops clk_fixed_ops = {
	.recalc_rate = fixed_recalc_rate,
	.recalc_accuracy = fixed_recalc_accuracy,
};

/* ==================== synth ==================== */

static unsigned long synth_recalc_rate(void *priv, unsigned long parent_rate)
{
	(void)parent_rate;
	return clk_synth_recalc_rate(priv);
}

static unsigned long synth_round_rate(void *priv, unsigned long rate,
				      unsigned long parent_rate)
{
	(void)parent_rate;
	return clk_synth_round_rate(priv, rate);
}

static int synth_set_rate(void *priv, unsigned long rate,
			  unsigned long parent_rate)
{
	(void)parent_rate;
	return clk_synth_set_rate(priv, rate);
}

static void synth_save_context(void *priv)
{
	clk_synth_save_context(priv);
}

static void synth_restore_context(void *priv)
{
	clk_synth_restore_context(priv);
}

const struct vclk_ops clk_synth_ops = {
	.recalc_rate = synth_recalc_rate,
	.round_rate = synth_round_rate,
	.set_rate = synth_set_rate,
	.save_context = synth_save_context,
	.restore_context = synth_restore_context,
};

/* ==================== fixed-factor ==================== */

static unsigned long ff_recalc_rate(void *priv, unsigned long parent_rate)
{
	return clk_ff_recalc_rate(priv, parent_rate);
}

static unsigned long ff_parent_rate_candidate(void *priv, unsigned long rate,
					      int k)
{
	return clk_ff_parent_rate_candidate(priv, rate, k);
}

/* no round_rate: the dispatcher's fallback, recalc_rate, is the answer */
const struct vclk_ops clk_fixed_factor_ops = {
	.recalc_rate = ff_recalc_rate,
	.parent_rate_candidate = ff_parent_rate_candidate,
};

/* ==================== gate ==================== */

static int gate_enable(void *priv)
{
	return clk_gate_enable(priv);
}

static void gate_disable(void *priv)
{
	clk_gate_disable(priv);
}

static int gate_is_enabled(void *priv)
{
	return clk_gate_is_enabled(priv);
}

const struct vclk_ops clk_gate_ops = {
	.enable = gate_enable,
	.disable = gate_disable,
	.is_enabled = gate_is_enabled,
};

/* ==================== mux ==================== */

static int mux_get_parent(void *priv)
{
	return clk_mux_get_parent(priv);
}

static int mux_set_parent(void *priv, int index)
{
	return clk_mux_set_parent(priv, index);
}

const struct vclk_ops clk_mux_ops = {
	.get_parent = mux_get_parent,
	.set_parent = mux_set_parent,
};

/* ==================== divider ==================== */

static unsigned long div_recalc_rate(void *priv, unsigned long parent_rate)
{
	return clk_divider_recalc_rate(priv, parent_rate);
}

static unsigned long div_round_rate(void *priv, unsigned long rate,
				    unsigned long parent_rate)
{
	return clk_divider_round_rate(priv, rate, parent_rate);
}

static unsigned long div_parent_rate_candidate(void *priv, unsigned long rate,
					       int k)
{
	return clk_divider_parent_rate_candidate(priv, rate, k);
}

static int div_set_rate(void *priv, unsigned long rate,
			unsigned long parent_rate)
{
	return clk_divider_set_rate(priv, rate, parent_rate);
}

static void div_save_context(void *priv)
{
	clk_divider_save_context(priv);
}

static void div_restore_context(void *priv)
{
	clk_divider_restore_context(priv);
}

const struct vclk_ops clk_divider_ops = {
	.recalc_rate = div_recalc_rate,
	.round_rate = div_round_rate,
	.parent_rate_candidate = div_parent_rate_candidate,
	.set_rate = div_set_rate,
	.save_context = div_save_context,
	.restore_context = div_restore_context,
};
