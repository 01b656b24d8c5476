/* SPDX-License-Identifier: MIT */
/*
 * A consumer, as a driver ported from Linux uses the clock API: a lookup
 * by device and connection (clkdev), prepare and enable, a rate request
 * within a range, a rate-change notifier, and an orderly release.  The
 * board's clocks are registered first, from the basic types, over the
 * host register model.
 */
#include <stdio.h>
#include <vclk/clk.h>
#include <vclk/clk-provider.h>
#include <vclk/regmodel.h>

/* ---- the board: a PLL at 400 MHz (100 to 800), a divider and a gate;
 * a rate request passes the gate and the divider up to the PLL ---- */

static struct clk_synth_cfg pll = {
	.min_rate = 100000000, .max_rate = 800000000, .rate = 400000000,
};
static struct clk_divider_cfg uart_div = {
	.reg = 0x3000, .shift = 0, .width = 4, .flags = CLK_DIVIDER_ONE_BASED,
};
static struct clk_gate_cfg uart_gate = { .reg = 0x3004, .bit = 2 };
static const char *const from_pll[] = { "pll" };
static const char *const from_div[] = { "uart_div" };

static const struct vclk_init_data board[] = {
	{ .name = "pll", .ops = &clk_synth_ops, .priv = &pll },
	{ .name = "uart_div", .parent_names = from_pll, .num_parents = 1,
	  .flags = CLK_SET_RATE_PARENT, .ops = &clk_divider_ops,
	  .priv = &uart_div },
	{ .name = "uart_gate", .parent_names = from_div, .num_parents = 1,
	  .flags = CLK_SET_RATE_PARENT, .ops = &clk_gate_ops,
	  .priv = &uart_gate },
};

static int board_init(void)
{
	unsigned int i;
	int err;

	regmodel_reset();
	vclk_reset();
	for (i = 0; i < sizeof(board) / sizeof(board[0]); i++) {
		err = vclk_register(&board[i]);
		if (err < 0)
			return err;
	}
	/* the driver asks for ("uart0", "baud"), as with clk_register_clkdev() */
	return vclk_clkdev_add("uart0", "baud", "uart_gate");
}

/* ---- the driver ---- */

static const char *event_name(unsigned long event)
{
	switch (event) {
	case PRE_RATE_CHANGE: return "PRE";
	case POST_RATE_CHANGE: return "POST";
	default: return "ABORT";
	}
}

static int baud_notifier(struct notifier_block *nb, unsigned long event,
			 void *data)
{
	const struct clk_notifier_data *nd = data;

	(void)nb;
	printf("  notifier: %s %lu -> %lu Hz\n", event_name(event),
	       nd->old_rate, nd->new_rate);
	return NOTIFY_OK;
}

static struct notifier_block baud_nb = { .notifier_call = baud_notifier };

int main(void)
{
	struct clk *baud;
	int err;

	err = board_init();
	if (err < 0) {
		fprintf(stderr, "board_init: %d\n", err);
		return 1;
	}

	baud = clk_get_sys("uart0", "baud");
	if (!baud)
		return 1;
	err = clk_notifier_register(baud, &baud_nb);
	if (err < 0)
		return 1;
	err = clk_prepare_enable(baud);
	printf("prepare_enable: %d, enabled: %d, rate %lu Hz\n", err,
	       clk_is_enabled(baud), clk_get_rate(baud));

	/* the UART works between 40 and 60 MHz: say so, then ask for 48 MHz */
	err = clk_set_rate_range(baud, 40000000, 60000000);
	printf("set_rate_range(40 MHz, 60 MHz): %d, rate %lu Hz\n", err,
	       clk_get_rate(baud));
	printf("round_rate(48 MHz): %ld\n", clk_round_rate(baud, 48000000));
	err = clk_set_rate(baud, 48000000);
	printf("set_rate(48 MHz): %d, rate %lu Hz\n", err, clk_get_rate(baud));

	/* a request above the range is served at the range's edge */
	err = clk_set_rate(baud, 100000000);
	printf("set_rate(100 MHz): %d, rate %lu Hz\n", err, clk_get_rate(baud));

	/* release in reverse order; clk_put() refuses a handle that still
	 * holds references or a notifier */
	printf("put while enabled: %d\n", clk_put(baud));
	clk_disable_unprepare(baud);
	clk_notifier_unregister(baud, &baud_nb);
	clk_drop_range(baud);
	err = clk_put(baud);
	printf("put: %d\n", err);
	return err < 0;
}
