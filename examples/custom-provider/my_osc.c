/* SPDX-License-Identifier: MIT */
/*
 * my_osc.c - the ops of the programmable oscillator (my_osc.h).
 *
 * What the core assumes of every provider (docs/porting.md), and how
 * these ops meet it:
 *  - an op touches only its own clock's hardware: each op reads or writes
 *    this oscillator's register alone;
 *  - a failing op leaves the hardware as it was: set_rate makes a single
 *    write, which either happens or fails;
 *  - round_rate is pure: it computes from its arguments and the config,
 *    and reads no register;
 *  - after set_rate(rate) succeeds, recalc_rate answers rate: set_rate
 *    programs the mult that round_rate chose, and round_rate's answers are
 *    exact multiples of the step;
 *  - restore_context puts back exactly what save_context saved: the whole
 *    register, whatever it held (even a mult set_rate would never write,
 *    such as a boot value of 0), so an undone change leaves no trace;
 *  - ops never call back into the clock API.
 */
#include "my_osc.h"

#define MY_OSC_MULT_MASK 0xffffu

/* the mult closest to @rate from below, within 1..max_mult */
static unsigned long my_osc_mult_for(const struct my_osc *osc,
				     unsigned long rate)
{
	unsigned long mult = rate / osc->step;

	if (mult < 1)
		mult = 1;
	if (mult > osc->max_mult)
		mult = osc->max_mult;
	return mult;
}

static unsigned long my_osc_recalc_rate(void *priv, unsigned long parent_rate)
{
	const struct my_osc *osc = priv;
	uint32_t val;

	(void)parent_rate;	/* a root: no parent */
	if (vclk_readl(osc->reg, &val) < 0)
		return 0;
	return (val & MY_OSC_MULT_MASK) * osc->step;
}

static unsigned long my_osc_round_rate(void *priv, unsigned long rate,
				       unsigned long parent_rate)
{
	const struct my_osc *osc = priv;

	(void)parent_rate;
	return my_osc_mult_for(osc, rate) * osc->step;
}

static int my_osc_set_rate(void *priv, unsigned long rate,
			   unsigned long parent_rate)
{
	const struct my_osc *osc = priv;
	uint32_t val;
	int err;

	(void)parent_rate;
	err = vclk_readl(osc->reg, &val);
	if (err < 0)
		return err;
	val = (val & ~MY_OSC_MULT_MASK) | (uint32_t)my_osc_mult_for(osc, rate);
	return vclk_writel(osc->reg, val);
}

/*
 * The core saves a clock's setting before it changes its rate and
 * restores it if the change as a whole fails.  Neither op can fail, so
 * save keeps the register's value from the last successful access:
 * a read that fails leaves @saved as it was, and restore writes it back
 * (a bus error there is beyond recovery and is ignored, as Linux's
 * restore_context does).
 */
static void my_osc_save_context(void *priv)
{
	struct my_osc *osc = priv;

	(void)vclk_readl(osc->reg, &osc->saved);
}

static void my_osc_restore_context(void *priv)
{
	const struct my_osc *osc = priv;

	(void)vclk_writel(osc->reg, osc->saved);
}

const struct vclk_ops my_osc_ops = {
	.recalc_rate = my_osc_recalc_rate,
	.round_rate = my_osc_round_rate,
	.set_rate = my_osc_set_rate,
	.save_context = my_osc_save_context,
	.restore_context = my_osc_restore_context,
};
