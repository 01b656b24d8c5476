/* SPDX-License-Identifier: MIT */
/*
 * harness/eacsl/selftest.c - the negative tests of `make eacsl-check`:
 * each case calls a function of the instrumented build against a
 * precondition that E-ACSL translates, and must be stopped by E-ACSL's
 * check (non-zero exit, its report naming the clause).  If a case
 * returns, the runtime checks are not on and the check fails.
 *
 *   selftest poll   vclk_reg_poll(..., max_polls = 0)
 *                   platform/vclk_reg.h: requires polls: max_polls >= 1
 *   selftest slots  clk_core_is_ancestor(0, VCLK_MAX_CLOCKS)
 *                   core/vclk_core.h: requires slots: vclk_slot(a) && vclk_slot(x)
 *
 * Linked with the instrumented core and the register model only.
 */
#include <stdio.h>
#include <string.h>
#include "vclk.h"
#include "vclk_core.h"
#include "vclk_reg.h"

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "poll")) {
		int ret = vclk_reg_poll(0x40000000u, 1u, 1u, 0);

		printf("selftest poll: vclk_reg_poll returned %d, unchecked\n", ret);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "slot")) {
		vclk_reset();
		int r = clk_core_is_ancestor(0, VCLK_MAX_CLOCKS);

		printf("selftest slot: clk_core_is_ancestor returned %d, unchecked\n", r);
		return 0;
	}
	fprintf(stderr, "usage: %s poll|slot\n", argv[0]);
	return 2;
}
