/* SPDX-License-Identifier: MIT */
/*
 * platform/omap4/dpll_round.c - OMAP4 DPLL rate arithmetic and M/N
 * rounding (issue 6).  Contracts in dpll_round.h.
 *
 * The rate is computed as (ref / N) * kM + ((ref % N) * kM) / N, kM =
 * k * M <= 16380, so that no product exceeds 2^64 even with a 64-bit
 * unsigned long: the exact value is decided without wider arithmetic.
 * Freestanding C11.
 */
#include <limits.h>
#include "dpll_round.h"

/* ==================== ghost lemma functions ==================== */

/* floor((a + b) * d + r) / d) == a + b for 0 <= r < d (the quotient of a
 * sum split at a multiple of d) */
/*@ ghost
  /@ requires d: d >= 1 && r < d;
     assigns \nothing;
     ensures exact: ((a + b) * d + r) / d == a + b;
  @/
  void dpll_lemma_div_exact(unsigned long long a, unsigned long long b,
			    unsigned long long d, unsigned long long r)
  {
  }
*/

/* a multiple of d plus a non-negative rest divides to at least the
 * multiple's quotient */
/*@ ghost
  /@ requires d: d >= 1;
     assigns \nothing;
     ensures ge: (w * m * d + r) / d >= w * m;
  @/
  void dpll_lemma_div_ge(unsigned long long w, unsigned long long m,
			 unsigned long long d, unsigned long long r)
  {
  }
*/

/* ==================== the rate ==================== */

/**
 * dpll_mul_div - floor(@ref * @km / @n), if it fits unsigned long
 * @ref: reference rate
 * @km: k * M, at most 4 * 4095
 * @n: divider, at least 1
 * @out: where the value goes when it fits
 *
 * Return: whether the exact value is at most ULONG_MAX (then in *@out).
 */
/*@ requires km: km <= 16380;
    requires n: n >= 1;
    requires out: \valid(out);
    assigns *out;
    ensures fits: \result != 0 <==> ref * km / n <= ULONG_MAX;
    ensures value: \result != 0 ==> *out == ref * km / n;
*/
static bool dpll_mul_div(unsigned long ref, unsigned int km, unsigned int n,
			 unsigned long *out)
{
	unsigned long long whole = ref / n;
	/* < n <= UINT_MAX, times km < 2^14: below 2^46 */
	unsigned long long rest = ref % n;
	unsigned long long high, low;

	//@ assert split: ref * km == (whole * km) * n + rest * km;
	if (km != 0 && whole > ULONG_MAX / km) {
		//@ assert too_big: whole * km > ULONG_MAX;
		//@ ghost dpll_lemma_div_ge(whole, km, n, rest * km);
		return false;
	}
	high = whole * km;
	low = rest * km / n;
	//@ assert low: rest * km == low * n + rest * km % n;
	//@ ghost dpll_lemma_div_exact(high, low, n, rest * km % n);
	if (high > ULONG_MAX - low)
		return false;
	*out = (unsigned long)(high + low);
	return true;
}

unsigned long omap4_dpll_rate(unsigned long ref, unsigned int m,
			      unsigned int n, bool m4x)
{
	unsigned int km = m4x ? 4 * m : m;
	unsigned long rate;

	//@ assert km: km == dpll_k(m4x) * m;
	return dpll_mul_div(ref, km, n, &rate) ? rate : ULONG_MAX;
}

/* ==================== the search ==================== */

/**
 * dpll_best_m - the best M for one (N, m4x): the smallest M giving the
 * highest rate at most @target
 * @ref: reference rate
 * @n: divider, at least 1
 * @x: m4x
 * @max_m: largest M, 2..4095
 * @target: the highest acceptable rate
 *
 * A binary search for the largest M within @target (the rate is monotone
 * in M), then a walk down while the next smaller M gives the same rate
 * (with ref >= N that is never, but the contract does not need it).
 *
 * Return: that M, 2..@max_m; 0 when even M = 2 gives more than @target.
 */
/*@ requires m: 2 <= max_m <= 4095;
    requires n: n >= 1;
    assigns \nothing;
    ensures range: \result == 0 ||
      (2 <= \result <= max_m && dpll_rate(ref, \result, n, x) <= target);
    ensures best: \forall integer m;
      2 <= m <= max_m && dpll_rate(ref, m, n, x) <= target ==>
        \result != 0 && dpll_rate(ref, m, n, x) <= dpll_rate(ref, \result, n, x);
    ensures least: \result != 0 ==> \forall integer m;
      2 <= m < \result ==> dpll_rate(ref, m, n, x) < dpll_rate(ref, \result, n, x);
*/
static unsigned int dpll_best_m(unsigned long ref, unsigned int n, bool x,
				unsigned int max_m, unsigned long target)
{
	/* lo: 1 (none yet) or an M within target; hi: max_m + 1 or an M
	 * above it, and every M from hi up is above it */
	unsigned int lo = 1, hi = max_m + 1;
	unsigned long rate, top = 0;
	unsigned int km;

	/*@ loop invariant bounds: 1 <= lo < hi <= max_m + 1;
	    loop invariant lo: lo >= 2 ==> dpll_rate(ref, lo, n, x) <= target;
	    loop invariant hi: \forall integer m;
	      hi <= m <= max_m ==> dpll_rate(ref, m, n, x) > target;
	    loop assigns lo, hi, rate, km;
	    loop variant hi - lo;
	*/
	while (hi - lo > 1) {
		unsigned int mid = lo + (hi - lo) / 2;
		bool fits;

		km = x ? 4 * mid : mid;
		//@ assert km: km == dpll_k(x) * mid;
		fits = dpll_mul_div(ref, km, n, &rate);
		if (fits && rate <= target) {
			//@ assert value: rate == ref * km / n;
			//@ assert within: dpll_rate(ref, mid, n, x) <= target;
			lo = mid;
		} else {
			//@ assert above: dpll_rate(ref, mid, n, x) > target;
			hi = mid;
		}
	}
	if (lo < 2)
		return 0;
	//@ assert largest: \forall integer m; 2 <= m <= max_m && dpll_rate(ref, m, n, x) <= target ==> m <= lo;
	/* within target, so it fits */
	km = x ? 4 * lo : lo;
	//@ assert km_lo: km == dpll_k(x) * lo;
	(void)dpll_mul_div(ref, km, n, &top);
	//@ assert top: top == dpll_rate(ref, lo, n, x);
	//@ assert best: \forall integer m; 2 <= m <= max_m && dpll_rate(ref, m, n, x) <= target ==> dpll_rate(ref, m, n, x) <= top;

	/*@ loop invariant walk: 2 <= lo <= max_m;
	    loop invariant same: dpll_rate(ref, lo, n, x) == top;
	    loop assigns lo, rate, km;
	    loop variant lo;
	*/
	while (lo > 2) {
		km = x ? 4 * (lo - 1) : lo - 1;
		//@ assert km_down: km == dpll_k(x) * (lo - 1);
		//@ assert mono: dpll_rate(ref, lo - 1, n, x) <= top;
		if (!dpll_mul_div(ref, km, n, &rate) || rate != top) {
			//@ assert lower: dpll_rate(ref, lo - 1, n, x) < top;
			break;
		}
		lo--;
	}
	//@ assert below: lo > 2 ==> dpll_rate(ref, lo - 1, n, x) < top;
	return lo;
}

unsigned long omap4_dpll_round(const struct omap4_dpll_limits *lim,
			       unsigned long ref, unsigned long target,
			       struct omap4_dpll_mn *best)
{
	unsigned long best_rate = 0;
	unsigned int bm = 0, bn = 0;
	bool bx = false;
	unsigned int i;

	/*
	 * Setting i is (N, m4x) = (i / 2 + 1, i % 2): N ascending, m4x clear
	 * before set, so 2 * N + m4x == i + 2 orders the tie-break, and a
	 * setting replaces the best only with a strictly higher rate.
	 */
	/*@ loop invariant i: 0 <= i <= 2 * lim->max_n;
	    loop invariant opt: \forall integer m, n, x;
	      dpll_legal(lim, ref, m, n, x) && 2 * n + x < i + 2 &&
	      dpll_rate(ref, m, n, x) <= target ==>
	        dpll_rate(ref, m, n, x) <= best_rate;
	    loop invariant found: best_rate != 0 ==>
	      dpll_legal(lim, ref, bm, bn, bx) &&
	      dpll_rate(ref, bm, bn, bx) == best_rate && best_rate <= target &&
	      2 * bn + bx < i + 2;
	    loop invariant first: best_rate != 0 ==> \forall integer m, n, x;
	      dpll_legal(lim, ref, m, n, x) && 2 * n + x < 2 * bn + bx &&
	      dpll_rate(ref, m, n, x) <= target ==>
	        dpll_rate(ref, m, n, x) < best_rate;
	    loop invariant least_m: best_rate != 0 ==> \forall integer m;
	      2 <= m < bm ==> dpll_rate(ref, m, bn, bx) < best_rate;
	    loop assigns i, best_rate, bm, bn, bx;
	    loop variant 2 * lim->max_n - i;
	*/
	for (i = 0; i < 2 * lim->max_n; i++) {
		unsigned int n = i / 2 + 1;
		bool x = i % 2 != 0;
		unsigned int m;
		unsigned long rate;

		//@ assert order: 2 * n + x == i + 2 && 1 <= n <= lim->max_n;
		if (x && !lim->has_m4x)
			continue;
		/* fint_max < 2^32, n <= 256: no product wraps */
		if ((unsigned long long)lim->fint_min * n > ref ||
		    ref > (unsigned long long)lim->fint_max * n)
			continue;
		m = dpll_best_m(ref, n, x, lim->max_m, target);
		if (m == 0) {
			/*@ assert none_here: \forall integer mm;
			      dpll_legal(lim, ref, mm, n, x) ==> dpll_rate(ref, mm, n, x) > target;
			*/
			continue;
		}
		/* within target, so exact (not saturated) */
		rate = omap4_dpll_rate(ref, m, n, x);
		//@ assert exact: rate == dpll_rate(ref, m, n, x) && rate <= target;
		/*@ assert here: \forall integer mm;
		      dpll_legal(lim, ref, mm, n, x) && dpll_rate(ref, mm, n, x) <= target ==>
		        dpll_rate(ref, mm, n, x) <= rate;
		*/
		if (rate > best_rate) {
			best_rate = rate;
			bm = m;
			bn = n;
			bx = x;
		}
	}
	if (best_rate != 0) {
		best->m = bm;
		best->n = bn;
		best->m4x = bx;
	}
	return best_rate;
}
