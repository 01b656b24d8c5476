/* SPDX-License-Identifier: MIT */
/*
 * A Cortex-M application on the firmware archives (make lib-cortex-m):
 * an oscillator, a divider and a gate whose registers are two words of
 * RAM, driven over the MMIO back-end with the IRQ-mask lock, run under
 * QEMU's lm3s6965evb.  It reports over semihosting and exits 0 when the
 * registers hold what the calls asked for.
 */
#include <stdint.h>
#include <vclk/clk.h>
#include <vclk/clk-provider.h>
#include "semihost.h"

/* the "hardware": on a real part these are peripheral addresses */
static volatile uint32_t regs[2];

static struct clk_fixed_cfg osc = { .rate = 12000000 };
static struct clk_divider_cfg div = {
	.shift = 0, .width = 3, .flags = CLK_DIVIDER_ONE_BASED,
};
static struct clk_gate_cfg gate = { .bit = 5 };
static const char *const from_osc[] = { "osc" };
static const char *const from_div[] = { "div" };

static const struct vclk_init_data clocks[] = {
	{ .name = "osc", .ops = &clk_fixed_ops, .priv = &osc },
	{ .name = "div", .parent_names = from_osc, .num_parents = 1,
	  .ops = &clk_divider_ops, .priv = &div },
	{ .name = "timer", .parent_names = from_div, .num_parents = 1,
	  .flags = CLK_SET_RATE_PARENT, .ops = &clk_gate_ops, .priv = &gate },
};

/* decimal text of @v, no C library */
static const char *decimal(unsigned long v, char buf[12])
{
	char *p = buf + 11;

	*p = '\0';
	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return p;
}

static void say(const char *what, unsigned long v)
{
	char buf[12];

	semihost_write0(what);
	semihost_write0(decimal(v, buf));
	semihost_write0("\n");
}

int main(void)
{
	struct clk *timer;
	unsigned int i;

	div.reg = (uint32_t)(uintptr_t)&regs[0];
	gate.reg = (uint32_t)(uintptr_t)&regs[1];
	regs[0] = 2;	/* the divider's reset value: /2 (one-based field) */

	vclk_reset();
	for (i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++)
		if (vclk_register(&clocks[i]) < 0)
			return 1;

	timer = clk_get("app", "timer");
	if (!timer || clk_prepare_enable(timer) < 0)
		return 1;
	say("timer enabled, gate register: ", regs[1]);
	if (clk_set_rate(timer, 3000000) < 0)
		return 1;
	say("timer rate: ", clk_get_rate(timer));
	say("divider register: ", regs[0]);

	clk_disable_unprepare(timer);
	say("timer disabled, gate register: ", regs[1]);
	if (clk_put(timer) < 0)
		return 1;
	/* 12 MHz / 4: field value 4 (one-based); the gate's bit 5 clear */
	return !(regs[0] == 4 && regs[1] == 0);
}
