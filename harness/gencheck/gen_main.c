/* SPDX-License-Identifier: MIT */
/*
 * harness/gencheck/gen_main.c - the driver of a `vclk gen` output: it
 * registers the generated tree exactly as firmware would, with no parser
 * and none of the tool's code, then prints what the core made of it as a
 * `vclk run` script: "get_rate NAME == RATE" and "get_parent NAME ==
 * PARENT" per clock.  harness/scenarios.sh runs that script against the
 * same .clk file through the tool, so every line checks that the
 * generated tables and the tool's registration agree.
 *
 * Built by the Makefile with -DGEN_PREFIX=<the generated prefix>.
 * Exit status: 0, or 1 when the tree does not register.
 */
#include <stdio.h>
#include "vclk.h"
#include "regmodel.h"

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

int CAT(GEN_PREFIX, _register)(void);
extern const int CAT(GEN_PREFIX, _nr_clocks);
extern const uint32_t CAT(GEN_PREFIX, _regs)[][2];
extern const int CAT(GEN_PREFIX, _nr_regs);

int main(void)
{
	int ret, n;

	vclk_reset();
	regmodel_reset();
	for (int i = 0; i < CAT(GEN_PREFIX, _nr_regs); i++) {
		if (regmodel_define(CAT(GEN_PREFIX, _regs)[i][0],
				    CAT(GEN_PREFIX, _regs)[i][1])) {
			fprintf(stderr, "gen_main: register model full\n");
			return 1;
		}
	}
	ret = CAT(GEN_PREFIX, _register)();
	n = vclk_clock_count();
	if (ret < 0 || n != CAT(GEN_PREFIX, _nr_clocks)) {
		fprintf(stderr, "gen_main: registration failed (%d), %d of %d clocks\n",
			ret, n, CAT(GEN_PREFIX, _nr_clocks));
		return 1;
	}
	printf("# %d clocks from the generated tables\n", n);
	for (int id = 0; id < n; id++) {
		int p = vclk_clock_parent(id);

		printf("get_rate %s == %lu\n", vclk_clock_name(id),
		       vclk_clock_rate(id));
		printf("get_parent %s == %s\n", vclk_clock_name(id),
		       p < 0 ? "(none)" : vclk_clock_name(p));
	}
	return 0;
}
