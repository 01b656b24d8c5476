/* SPDX-License-Identifier: MIT */
/*
 * platform/omap4/dpll_round.h - OMAP4 DPLL rate arithmetic and M/N
 * rounding (issue 6).  Pure functions, no register access.
 *
 * CLKOUT = floor(ref * M / N), or floor(ref * 4 * M / N) with REGM4XEN;
 * N is the real divider (the CLKSEL DIV field holds N - 1).
 * Freestanding C11.
 */
#ifndef VCLK_OMAP4_DPLL_ROUND_H
#define VCLK_OMAP4_DPLL_ROUND_H

#include <limits.h>
#include <stdbool.h>

/**
 * struct omap4_dpll_limits - what one DPLL can be programmed to
 * @max_m: largest multiplier (2047; 4095 for the J-type USB DPLL); M >= 2
 * @max_n: largest divider (128; 256 for the J-type); N >= 1
 * @fint_min: lowest internal frequency ref / N, in Hz
 * @fint_max: highest internal frequency ref / N, in Hz
 * @has_m4x: REGM4XEN may be used (the ABE DPLL)
 */
struct omap4_dpll_limits {
	unsigned int max_m;
	unsigned int max_n;
	unsigned long fint_min;
	unsigned long fint_max;
	bool has_m4x;
};

/*
 * The OMAP4430 TRM's DPLL limits: M 2..2047, N 1..128, Fint 32 kHz..52 MHz;
 * the J-type (USB) DPLL: M 2..4095, N 1..256, Fint 0.5..2.5 MHz.  has_m4x
 * is per DPLL (the ABE one): set it on a copy.
 */
#define OMAP4_DPLL_LIMITS \
	{ .max_m = 2047, .max_n = 128, .fint_min = 32000, .fint_max = 52000000 }
#define OMAP4_DPLL_J_LIMITS \
	{ .max_m = 4095, .max_n = 256, .fint_min = 500000, .fint_max = 2500000 }

/**
 * struct omap4_dpll_mn - one programming of a DPLL
 * @m: multiplier, 2..max_m
 * @n: divider, 1..max_n
 * @m4x: REGM4XEN set
 */
struct omap4_dpll_mn {
	unsigned int m;
	unsigned int n;
	bool m4x;
};

/* ==================== the logic model ==================== */

/*@
  // the REGM4XEN factor: 4 with m4x (x != 0), else 1
  logic integer dpll_k(integer x) = x != 0 ? 4 : 1;

  // REQ-DPLL-1: the exact (unsaturated) output rate: floor(ref * k * m / n), the
  // operands being non-negative so ACSL's truncating / is the floor
  logic integer dpll_rate(integer ref, integer m, integer n, integer x) =
    ref * (dpll_k(x) * m) / n;

  // REQ-DPLL-1: a setting (m, n, x) the DPLL may be programmed to from ref: M and N in
  // range, m4x (x == 1) only where REGM4XEN exists, and the internal
  // frequency ref / N inside [fint_min, fint_max] exactly, written with
  // products (fint_min <= ref / N <= fint_max over the rationals)
  predicate dpll_legal{L}(struct omap4_dpll_limits *lim, integer ref,
                          integer m, integer n, integer x) =
    2 <= m <= lim->max_m && 1 <= n <= lim->max_n &&
    (x == 0 || (x == 1 && lim->has_m4x != 0)) &&
    lim->fint_min * n <= ref && ref <= lim->fint_max * n;

  // limits a caller can meet with every OMAP4 DPLL (M field of 11 or 12
  // bits, N of 7 or 8 bits); Fint bounds below 2^32 keep fint * N inside
  // unsigned long long
  predicate dpll_limits_ok{L}(struct omap4_dpll_limits *lim) =
    2 <= lim->max_m <= 4095 && 1 <= lim->max_n <= 256 &&
    lim->fint_min <= 4294967295 && lim->fint_max <= 4294967295;

  // the rate is monotone in M: products and floors of non-negative terms
  lemma dpll_mul_mono: \forall integer c, a, b;
    0 <= c && a <= b ==> c * a <= c * b;
  lemma dpll_div_mono: \forall integer a, b, n;
    0 <= a <= b && 1 <= n ==> a / n <= b / n;
  lemma dpll_rate_mono: \forall integer ref, m1, m2, n, x;
    0 <= ref && 0 <= m1 <= m2 && 1 <= n ==>
      dpll_rate(ref, m1, n, x) <= dpll_rate(ref, m2, n, x);

*/

/* ==================== the functions ==================== */

/**
 * omap4_dpll_rate - the output rate of a DPLL setting
 * @ref: reference (input) rate, in Hz
 * @m: multiplier, at most 4095
 * @n: divider, at least 1
 * @m4x: REGM4XEN: four times the rate
 *
 * Exact floor(@ref * M / N) (floor(@ref * 4 * M / N) with @m4x), computed
 * without overflow for 32- and 64-bit unsigned long: a true value above
 * ULONG_MAX saturates to ULONG_MAX.
 *
 * Return: the rate, saturated.
 */
/*@ requires m: m <= 4095;
    requires n: n >= 1;
    assigns \nothing;
    ensures exact: dpll_rate(ref, m, n, m4x) <= ULONG_MAX ==>
                   \result == dpll_rate(ref, m, n, m4x);
    ensures saturated: dpll_rate(ref, m, n, m4x) > ULONG_MAX ==>
                   \result == ULONG_MAX;
*/
unsigned long omap4_dpll_rate(unsigned long ref, unsigned int m,
			      unsigned int n, bool m4x);

/**
 * omap4_dpll_round - the best DPLL setting for a rate, exactly
 * @lim: what the DPLL can be programmed to
 * @ref: reference (input) rate, in Hz
 * @target: the highest acceptable output rate, in Hz
 * @best: where the chosen setting goes (only when one is found)
 *
 * Finds the largest rate at most @target over every legal setting
 * (dpll_legal: 2 <= M <= max_m, 1 <= N <= max_n, m4x only with has_m4x,
 * fint_min * N <= @ref <= fint_max * N).  Among the settings giving that
 * rate it picks the smallest N, then m4x clear before m4x set, then the
 * smallest M.  The search is exact (no window as in Linux's
 * omap2_dpll_round_rate): per (N, m4x), the best M in closed form (one
 * division: the rate is monotone in M), N ascending, and an exact rate
 * ends it.
 *
 * Return: the rate (>= 1, <= @target); 0, with *@best untouched, when no
 * legal setting gives a rate in [1, @target].
 */
/*@ requires lim: \valid_read(lim) && dpll_limits_ok(lim);
    requires best: \valid(best);
    requires separated: \separated(lim, best);
    assigns *best;
    ensures optimal: \forall integer m, n, x;
      dpll_legal(lim, ref, m, n, x) && dpll_rate(ref, m, n, x) <= target ==>
        dpll_rate(ref, m, n, x) <= \result;
    ensures achieved: \result != 0 ==>
      dpll_legal(lim, ref, best->m, best->n, best->m4x) &&
      dpll_rate(ref, best->m, best->n, best->m4x) == \result &&
      1 <= \result <= target;
    ensures smallest_n: \result != 0 ==> \forall integer m, n, x;
      dpll_legal(lim, ref, m, n, x) && n < best->n ==>
        dpll_rate(ref, m, n, x) != \result;
    ensures plain_first: \result != 0 && best->m4x != 0 ==> \forall integer m;
      dpll_legal(lim, ref, m, best->n, 0) ==>
        dpll_rate(ref, m, best->n, 0) != \result;
    ensures smallest_m: \result != 0 ==> \forall integer m;
      dpll_legal(lim, ref, m, best->n, best->m4x) && m < best->m ==>
        dpll_rate(ref, m, best->n, best->m4x) != \result;
    ensures none: \result == 0 <==> (\forall integer m, n, x;
      dpll_legal(lim, ref, m, n, x) && dpll_rate(ref, m, n, x) <= target ==>
        dpll_rate(ref, m, n, x) == 0);
    ensures untouched: \result == 0 ==>
      best->m == \old(best->m) && best->n == \old(best->n) &&
      best->m4x == \old(best->m4x);
*/
unsigned long omap4_dpll_round(const struct omap4_dpll_limits *lim,
			       unsigned long ref, unsigned long target,
			       struct omap4_dpll_mn *best);

#endif
