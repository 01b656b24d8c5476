/* SPDX-License-Identifier: MIT */
/*
 * A board whose clock tree is described in board.clk and turned into
 * board_clocks.c/.h by `vclk gen`: the program loads the registers' reset
 * values into the host register model, registers the generated tree and
 * moves the UART from the crystal to the peripheral divider.
 */
#include <stdio.h>
#include <vclk/clk.h>
#include <vclk/clk-provider.h>
#include <vclk/regmodel.h>
#include "board_clocks.h"

static void show(const char *what)
{
	int id;

	printf("%s:\n", what);
	for (id = 0; id < vclk_clock_count(); id++)
		printf("  %-8s %10lu Hz\n", vclk_clock_name(id),
		       vclk_clock_rate(id));
}

int main(void)
{
	struct clk *sel, *periph;
	int i, err;

	regmodel_reset();
	for (i = 0; i < board_nr_regs; i++)
		regmodel_define(board_regs[i][0], board_regs[i][1]);
	vclk_reset();
	err = board_register();
	if (err < 0) {
		fprintf(stderr, "board_register: %d\n", err);
		return 1;
	}
	show("after reset");

	sel = clk_get("uart0", "uart_sel");
	periph = clk_get("uart0", "periph");
	if (!sel || !periph)
		return 1;
	err = clk_set_parent(sel, periph);
	printf("set_parent(uart_sel, periph): %d\n", err);
	show("uart on the divider");

	clk_put(periph);
	return clk_put(sel) < 0;
}
