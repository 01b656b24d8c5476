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

/* the two halves of floor(y / n) <= t <==> y < (t + 1) * n, which give
 * the closed-form best M (ghost functions rather than global lemmas, so
 * that only the goals that use them see them) */
/*@ ghost
  /@ requires n: n >= 1;
     requires y: 0 <= y < (t + 1) * n;
     assigns \nothing;
     ensures below: y / n <= t;
  @/
  void dpll_lemma_div_below(unsigned long long y, unsigned long long t,
			    unsigned long long n)
  {
  }
*/

/*@ ghost
  /@ requires n: n >= 1;
     requires y: (t + 1) * n <= y;
     assigns \nothing;
     ensures above: t + 1 <= y / n;
  @/
  void dpll_lemma_div_above(unsigned long long y, unsigned long long t,
			    unsigned long long n)
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
 * dpll_best_m - the largest M for one (N, m4x) whose rate is within
 * @target, in closed form
 * @ref: reference rate, 1..4294967295 * @n (what the Fint check leaves)
 * @n: divider, 1..256
 * @x: m4x
 * @max_m: largest M, 2..4095
 * @target: the highest acceptable rate
 *
 * floor(d * M / N) <= t exactly when d * M <= (t + 1) * N - 1, d = k * ref,
 * so the answer is ((t + 1) * N - 1) / d capped at @max_m: one division
 * instead of a search.  A target at or above d * @max_m (no rate of this N
 * is higher) answers @max_m at once, which keeps every product below 2^63.
 *
 * Return: that M, 2..@max_m; 0 when even M = 2 gives more than @target.
 */
/*@ requires m: 2 <= max_m <= 4095;
    requires n: 1 <= n <= 256;
    requires ref: 1 <= ref <= 4294967295 * n;
    assigns \nothing;
    ensures range: \result == 0 ||
      (2 <= \result <= max_m && dpll_rate(ref, \result, n, x) <= target);
    ensures best: \forall integer m;
      2 <= m <= max_m && dpll_rate(ref, m, n, x) <= target ==>
        \result != 0 && dpll_rate(ref, m, n, x) <= dpll_rate(ref, \result, n, x);
*/
static unsigned int dpll_best_m(unsigned long ref, unsigned int n, bool x,
				unsigned int max_m, unsigned long target)
{
	/* ref <= 2^40, so d <= 2^42 and top < 2^54 */
	unsigned long long d = (unsigned long long)ref * (x ? 4u : 1u);
	unsigned long long top = d * max_m;
	unsigned long long a, q;

	//@ assert d: d == ref * dpll_k(x) && 1 <= d;
	if (target >= top) {
		//@ assert n1: (top + 1) * 1 <= (top + 1) * n;
		//@ assert below: top < (top + 1) * n;
		//@ ghost dpll_lemma_div_below(top, top, n);
		//@ assert max: dpll_rate(ref, max_m, n, x) <= top;
		return max_m;
	}
	a = ((unsigned long long)target + 1) * n - 1;
	q = a / d;
	//@ assert q: d * q <= a && a < d * (q + 1);
	/*@ assert within: \forall integer m; 2 <= m <= q ==>
	      ref * (dpll_k(x) * m) < (target + 1) * n;
	*/
	/*@ assert above: \forall integer m; q < m ==>
	      (target + 1) * n <= ref * (dpll_k(x) * m);
	*/
	if (q < 2) {
		//@ ghost dpll_lemma_div_above(d * 2, target, n);
		//@ assert none: \forall integer m; 2 <= m ==> dpll_rate(ref, m, n, x) > target;
		return 0;
	}
	if (q >= max_m) {
		//@ assert dm: d * max_m <= d * q;
		//@ ghost dpll_lemma_div_below(d * max_m, target, n);
		//@ assert top: dpll_rate(ref, max_m, n, x) <= target;
		return max_m;
	}
	//@ ghost dpll_lemma_div_below(d * q, target, n);
	//@ assert at_q: dpll_rate(ref, q, n, x) <= target;
	//@ ghost dpll_lemma_div_above(d * (q + 1), target, n);
	//@ assert next: dpll_rate(ref, q + 1, n, x) > target;
	return (unsigned int)q;
}

/**
 * dpll_least_m - the smallest M giving the same rate as @m
 * @ref: reference rate, at most 4294967295 * @n
 * @n: divider, 1..256
 * @x: m4x
 * @m: an M, 2..4095
 *
 * A walk down while the next smaller M gives the same rate: with
 * ref >= N (every OMAP4 Fint window) the first step stops it.  Taken only
 * when a setting improves on the best so far.
 *
 * Return: that M, 2..@m.
 */
/*@ requires m: 2 <= m <= 4095;
    requires n: 1 <= n <= 256;
    requires ref: ref <= 4294967295 * n;
    assigns \nothing;
    ensures range: 2 <= \result <= m;
    ensures same: dpll_rate(ref, \result, n, x) == dpll_rate(ref, m, n, x);
    ensures least: \forall integer mm;
      2 <= mm < \result ==> dpll_rate(ref, mm, n, x) < dpll_rate(ref, m, n, x);
*/
static unsigned int dpll_least_m(unsigned long ref, unsigned int n, bool x,
				 unsigned int m)
{
	/* ref * k * m <= 2^40 * 4 * 4095 < 2^54: no product wraps */
	unsigned long long d = (unsigned long long)ref * (x ? 4u : 1u);
	unsigned long long top = d * m / n;
	unsigned int lo = m;

	//@ assert d: d == ref * dpll_k(x) && d <= 4398046511104;
	//@ assert top: top == dpll_rate(ref, m, n, x);
	/*@ loop invariant walk: 2 <= lo <= m;
	    loop invariant same: dpll_rate(ref, lo, n, x) == top;
	    loop assigns lo;
	    loop variant lo;
	*/
	while (lo > 2) {
		unsigned long long below;

		//@ assert mono: dpll_rate(ref, lo - 1, n, x) <= top;
		//@ assert prod: d * (lo - 1) <= d * 4095;
		//@ assert small: d * 4095 <= 4398046511104 * 4095;
		below = d * (lo - 1) / n;
		//@ assert value: below == dpll_rate(ref, lo - 1, n, x);
		if (below != top) {
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

	if (ref == 0) {
		//@ assert zero: \forall integer m, n, x; 1 <= n ==> dpll_rate(ref, m, n, x) == 0;
		return 0;
	}
	/*
	 * Setting i is (N, m4x) = (i / 2 + 1, i % 2): N ascending, m4x clear
	 * before set, so 2 * N + m4x == i + 2 orders the tie-break, and a
	 * setting replaces the best only with a strictly higher rate.  The
	 * target reached ends the search: nothing later is strictly higher.
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
	for (i = 0; i < 2 * lim->max_n && best_rate != target; i++) {
		unsigned int n = i / 2 + 1;
		bool x = i % 2 != 0;
		unsigned int m;
		unsigned long long r64;
		unsigned long rate;

		//@ assert order: 2 * n + x == i + 2 && 1 <= n <= lim->max_n;
		if (x && !lim->has_m4x)
			continue;
		/* fint_max < 2^32, n <= 256: no product wraps */
		if ((unsigned long long)lim->fint_min * n > ref ||
		    ref > (unsigned long long)lim->fint_max * n)
			continue;
		//@ assert fint: lim->fint_max * n <= 4294967295 * n;
		//@ assert ref: ref <= 4294967295 * 256;
		m = dpll_best_m(ref, n, x, lim->max_m, target);
		if (m == 0) {
			/*@ assert none_here: \forall integer mm;
			      dpll_legal(lim, ref, mm, n, x) ==> dpll_rate(ref, mm, n, x) > target;
			*/
			continue;
		}
		/* ref * k * m < 2^54, and the rate is within target, so no
		 * wider than unsigned long */
		//@ assert km: (x ? 4 : 1) * m <= 16380;
		//@ assert product: ref * ((x ? 4 : 1) * m) <= 1099511627776 * ((x ? 4 : 1) * m);
		r64 = (unsigned long long)ref * ((x ? 4u : 1u) * m) / n;
		//@ assert exact64: r64 == dpll_rate(ref, m, n, x) && r64 <= target;
		rate = (unsigned long)r64;
		//@ assert exact: rate == dpll_rate(ref, m, n, x) && rate <= target;
		/*@ assert here: \forall integer mm;
		      dpll_legal(lim, ref, mm, n, x) && dpll_rate(ref, mm, n, x) <= target ==>
		        dpll_rate(ref, mm, n, x) <= rate;
		*/
		if (rate > best_rate) {
			best_rate = rate;
			bm = dpll_least_m(ref, n, x, m);
			bn = n;
			bx = x;
		}
	}
	/*@ assert optimal: \forall integer m, n, x;
	      dpll_legal(lim, ref, m, n, x) && dpll_rate(ref, m, n, x) <= target ==>
	        dpll_rate(ref, m, n, x) <= best_rate;
	*/
	if (best_rate != 0) {
		best->m = bm;
		best->n = bn;
		best->m4x = bx;
	}
	return best_rate;
}
