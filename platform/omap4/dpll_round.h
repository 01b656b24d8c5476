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

#endif
