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

/* ==================== TEMPORARY: a stand-in rounding ==================== */
/*
 * TEMPORARY (issue 6, delete at merge, down to END TEMPORARY): weak
 * stand-ins for omap4_dpll_rate()/omap4_dpll_round(), which the M/N
 * rounding branch defines in platform/omap4/dpll_round.c, so that this
 * branch links (tests, tool, fuzz, gencheck) before the merge.  Weak: the
 * real definitions replace them as soon as dpll_round.c is in the build.
 * Unproven and not the code under test: brute force over N ascending,
 * without then with REGM4XEN, and a binary search of the largest M whose
 * rate is at or below the target; the first best wins a tie (smallest N).
 */
#include <limits.h>
#include "clk_basic.h"

__attribute__((weak))
unsigned long omap4_dpll_rate(unsigned long ref, unsigned int m,
			      unsigned int n, bool m4x)
{
	unsigned long rate;

	if (n == 0)
		return 0;
	return clk_mul_div(ref, m * (m4x ? 4u : 1u), n, &rate) ? rate : ULONG_MAX;
}

__attribute__((weak))
unsigned long omap4_dpll_round(const struct omap4_dpll_limits *lim,
			       unsigned long ref, unsigned long target,
			       struct omap4_dpll_mn *best)
{
	unsigned long best_rate = 0;

	if (lim->max_m < 2 || lim->max_m > 4095 || lim->max_n > 256)
		return 0;
	for (unsigned int n = 1; n <= lim->max_n; n++) {
		unsigned long fint = ref / n;

		if (fint < lim->fint_min || fint > lim->fint_max)
			continue;
		for (int x = 0; x <= (lim->has_m4x ? 1 : 0); x++) {
			unsigned int lo = 2, hi = lim->max_m;
			unsigned long r;

			if (omap4_dpll_rate(ref, lo, n, x) > target)
				continue;
			while (lo < hi) {	/* rate(lo) <= target */
				unsigned int mid = lo + (hi - lo + 1) / 2;

				if (omap4_dpll_rate(ref, mid, n, x) <= target)
					lo = mid;
				else
					hi = mid - 1;
			}
			r = omap4_dpll_rate(ref, lo, n, x);
			if (r > best_rate) {
				best_rate = r;
				*best = (struct omap4_dpll_mn){
					.m = lo, .n = n, .m4x = x,
				};
			}
		}
	}
	return best_rate;
}
/* END TEMPORARY */
