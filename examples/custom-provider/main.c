/* SPDX-License-Identifier: MIT */
/*
 * A custom clock type (my_osc.c) under a basic divider and gate, driven
 * through the consumer API on the host register model: a rate change
 * that goes up to the oscillator, and one that fails at the divider after
 * the oscillator was reprogrammed, which the core rolls back whole (the
 * oscillator's restore_context puts its register back).
 */
#include <stdio.h>
#include <vclk/clk.h>
#include <vclk/clk-provider.h>
#include <vclk/regmodel.h>
#include "my_osc.h"

#define OSC_REG  0x2000u
#define DIV_REG  0x2004u
#define GATE_REG 0x2008u

/* 1 MHz steps up to 400 MHz, starting at 100 MHz (mult 100); then a
 * divider /1../4 starting at /2 (field 1), and a gate */
static struct my_osc vco = { .reg = OSC_REG, .step = 1000000, .max_mult = 400 };
static struct clk_divider_cfg div = { .reg = DIV_REG, .shift = 0, .width = 2 };
static struct clk_gate_cfg out_gate = { .reg = GATE_REG, .bit = 0 };
static const char *const from_vco[] = { "vco" };
static const char *const from_div[] = { "div" };

static const struct vclk_init_data clocks[] = {
	{ .name = "vco", .ops = &my_osc_ops, .priv = &vco },
	{ .name = "div", .parent_names = from_vco, .num_parents = 1,
	  .flags = CLK_SET_RATE_PARENT, .ops = &clk_divider_ops,
	  .priv = &div },
	{ .name = "out", .parent_names = from_div, .num_parents = 1,
	  .flags = CLK_SET_RATE_PARENT, .ops = &clk_gate_ops,
	  .priv = &out_gate },
};

static void show(const char *what, int err)
{
	uint32_t osc, d;

	regmodel_peek(OSC_REG, &osc);
	regmodel_peek(DIV_REG, &d);
	printf("%s: %d; vco %lu Hz (register %u), div field %u, out %lu Hz\n",
	       what, err, vclk_clock_rate(vclk_lookup("vco")),
	       (unsigned int)osc, (unsigned int)d,
	       vclk_clock_rate(vclk_lookup("out")));
}

/* writes to the oscillator's register since the log was cleared */
static int osc_writes(void)
{
	const struct regmodel_access *a;
	int i, n = 0;

	for (i = 0; (a = regmodel_log_at(i)) != NULL; i++)
		if (a->write && a->addr == OSC_REG && a->err == 0)
			n++;
	return n;
}

int main(void)
{
	struct clk *out;
	unsigned int i;
	int err;

	regmodel_reset();
	regmodel_define(OSC_REG, 100);
	regmodel_define(DIV_REG, 1);
	vclk_reset();
	for (i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		err = vclk_register(&clocks[i]);
		if (err < 0) {
			fprintf(stderr, "register %s: %d\n", clocks[i].name, err);
			return 1;
		}
	}
	out = clk_get("demo", "out");
	if (!out)
		return 1;
	show("registered", 0);

	/* the request goes up through the divider to the oscillator:
	 * 120.5 MHz is 241 steps of 1 MHz, divided by 2 */
	printf("round_rate(120500000): %ld\n", clk_round_rate(out, 120500000));
	err = clk_set_rate(out, 120500000);
	show("set_rate(120500000)", err);

	/* 75 MHz: vco 75 MHz and div /1, programmed from the top down; the
	 * divider's register fails after the oscillator was reprogrammed,
	 * and the core restores it: everything is as it was */
	regmodel_log_clear();
	regmodel_fail_addr(DIV_REG, -VCLK_EIO);
	err = clk_set_rate(out, 75000000);
	regmodel_clear_faults();
	show("set_rate(75000000), divider bus error", err);
	printf("oscillator register writes during it: %d\n", osc_writes());

	return clk_put(out) < 0;
}
