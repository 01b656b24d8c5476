/* SPDX-License-Identifier: MIT */
/*
 * harness/bench/bench.c - `make bench`: what the core's calls cost, on
 * the host, over the basic clock types, so that every figure includes the
 * real provider code.  Built (harness/bench/bench.sh) over one of two
 * register back-ends and one lock back-end (platform/lock/):
 *
 *   default        the register model (harness/regmodel/)
 *   -DBENCH_MMIO   the firmware's back-end, platform/reg_mmio.c: volatile
 *                  loads and stores at the clocks' register addresses,
 *                  which are those of bench_regs[], a static array of this
 *                  program (linked without PIE, so that it lies below
 *                  4 GiB, where a 32-bit bus address reaches it)
 *
 * BENCH_LOCK names the lock back-end linked in, for the header only.
 *
 *   bench [--quick] [--only WHAT[,WHAT...]]
 *                                    every measurement (or those named), a
 *                                    table on stdout
 *   bench --one WHAT DEPTH N         run one measurement's loop N times and
 *                                    print nothing (for callgrind, see
 *                                    harness/bench/bench.sh)
 *
 * WHAT is enable (an enable+disable pair on the leaf of a chain of DEPTH
 * gates, the leaf prepared and the chain off, so that both walk the whole
 * chain), enable-parent-on (the same pair with the leaf's parent enabled
 * before the loop: the walk stops there), get-rate (clk_get_rate of the
 * leaf of that chain), set-rate-ff (clk_set_rate on the leaf of a chain
 * of DEPTH fixed-factor 1/1 clocks with CLK_SET_RATE_PARENT under a
 * synth), set-rate-div
 * (the same through DEPTH dividers by 1 or 2), set-rate-optee and
 * set-rate-optee-noflags (OP-TEE's benchmark: clk_set_rate of the leaf of
 * DEPTH dividers by 1..1024 under 1.2 GHz, with CLK_SET_RATE_PARENT on all
 * but the first, or on none), get (clk_get + clk_put of
 * the last of DEPTH registered clocks), dpll-round (omap4_dpll_round from
 * 38.4 MHz over targets across 20 MHz..2 GHz), dpll-exhaustive (the same
 * answers by trying every legal M and N, checked equal).
 *
 * A benchmark reports; it does not judge.  --quick runs every loop a few
 * times so that `make check` sees that it runs.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "vclk.h"
#include "vclk_provider.h"
#include "clk_basic.h"
#include "dpll_round.h"
#ifndef BENCH_MMIO
#include "regmodel.h"
#endif

#ifndef BENCH_LOCK
#define BENCH_LOCK "?"
#endif

#define MHZ 1000000UL

#ifdef BENCH_MMIO
#define BENCH_BACKEND "mmio"
/*
 * The registers: gates' from word 0 (one bit a gate, 32 a word), dividers'
 * from word VCLK_MAX_CLOCKS (one word a divider).  reg_base is the
 * array's address as a bus address; main() checks that it is exact.
 */
static uint32_t bench_regs[2 * VCLK_MAX_CLOCKS];
static uint32_t reg_base;
#define GATE_REG(word) (reg_base + 4u * (unsigned int)(word))
#define DIV_REG(i)     (reg_base + 4u * (unsigned int)(VCLK_MAX_CLOCKS + (i)))
#else
#define BENCH_BACKEND "regmodel"
#define GATE_REG(word) (0x10000u + 4u * (unsigned int)(word))
#define DIV_REG(i)     (0x20000u + 4u * (unsigned int)(i))
#endif

static struct clk_fixed_cfg osc_cfg = { .rate = 24 * MHZ };
static struct clk_synth_cfg pll_cfg = {
	.min_rate = 1 * MHZ, .max_rate = 1000 * MHZ, .rate = 400 * MHZ,
};
static struct clk_fixed_cfg optee_osc_cfg = { .rate = 1200 * MHZ };
static struct clk_gate_cfg gate_cfg[VCLK_MAX_CLOCKS];
static struct clk_fixed_factor_cfg ff_cfg[VCLK_MAX_CLOCKS];
static struct clk_divider_cfg div_cfg[VCLK_MAX_CLOCKS];
static char names[VCLK_MAX_CLOCKS][VCLK_NAME_LEN];
static const char *parent_of[VCLK_MAX_CLOCKS][1];

static void die(const char *what, int ret)
{
	fprintf(stderr, "bench: %s: %d\n", what, ret);
	exit(2);
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void fresh(void)
{
	vclk_reset();
#ifdef BENCH_MMIO
	memset(bench_regs, 0, sizeof(bench_regs));
#else
	regmodel_reset();
#endif
}

/* clock @i named "c<i>" with clock @i-1 (or @root) as its parent */
static void add(int i, const char *root, const struct vclk_ops *ops,
		void *cfg, unsigned long flags)
{
	struct vclk_init_data init = {
		.name = names[i], .num_parents = 1, .flags = flags,
		.ops = ops, .priv = cfg,
	};
	int ret;

	snprintf(names[i], sizeof(names[i]), "c%d", i);
	parent_of[i][0] = i == 0 ? root : names[i - 1];
	init.parent_names = parent_of[i];
	ret = vclk_register(&init);
	if (ret < 0)
		die("vclk_register", ret);
}

static void add_root(const char *name, const struct vclk_ops *ops, void *cfg)
{
	struct vclk_init_data init = { .name = name, .ops = ops, .priv = cfg };
	int ret = vclk_register(&init);

	if (ret < 0)
		die("vclk_register root", ret);
}

static struct clk *get(const char *name)
{
	struct clk *clk = clk_get(NULL, name);

	if (!clk)
		die("clk_get", 0);
	return clk;
}

/* ==================== the measured loops ==================== */

/* a chain of @depth gates under osc; returns the prepared leaf */
static struct clk *gate_chain(int depth)
{
	struct clk *leaf;
	int ret;

	fresh();
	add_root("osc", &clk_fixed_ops, &osc_cfg);
	for (int i = 0; i < depth; i++) {
		gate_cfg[i] = (struct clk_gate_cfg){
			.reg = GATE_REG(i / 32),
			.bit = (unsigned int)(i % 32),
		};
		add(i, "osc", &clk_gate_ops, &gate_cfg[i], 0);
	}
	leaf = get(names[depth - 1]);
	ret = clk_prepare(leaf);
	if (ret)
		die("clk_prepare", ret);
	return leaf;
}

/* the same with the leaf's parent (osc at depth 1) prepared and enabled */
static struct clk *gate_chain_parent_on(int depth)
{
	struct clk *leaf = gate_chain(depth);
	int ret = clk_prepare_enable(get(depth == 1 ? "osc" : names[depth - 2]));

	if (ret)
		die("clk_prepare_enable(parent)", ret);
#ifdef BENCH_MMIO
	/* the parent's gate opened its bit in the array: MMIO reached it */
	if (depth > 1 && !(bench_regs[(depth - 2) / 32] & 1u << ((depth - 2) % 32)))
		die("the parent's gate bit is not set in bench_regs", 0);
#endif
	return leaf;
}

static void loop_get_rate(struct clk *leaf, long n)
{
	for (long k = 0; k < n; k++)
		if (clk_get_rate(leaf) != osc_cfg.rate)
			die("clk_get_rate", 0);
}

static void loop_enable(struct clk *leaf, long n)
{
	for (long k = 0; k < n; k++) {
		int ret = clk_enable(leaf);

		if (ret)
			die("clk_enable", ret);
		clk_disable(leaf);
	}
}

/* @depth fixed-factor 1/1 (or dividers by 1 or 2) under a synth */
static struct clk *rate_chain(int depth, bool dividers)
{
	static const struct clk_div_table one_or_two[] = {
		{ .val = 0, .div = 1 }, { .val = 1, .div = 2 },
	};

	fresh();
	add_root("pll", &clk_synth_ops, &pll_cfg);
	pll_cfg.rate = 400 * MHZ;
	for (int i = 0; i < depth; i++) {
		if (dividers) {
			div_cfg[i] = (struct clk_divider_cfg){
				.reg = DIV_REG(i),
				.shift = 0, .width = 1,
				.table = one_or_two, .table_len = 2,
			};
			add(i, "pll", &clk_divider_ops, &div_cfg[i],
			    CLK_SET_RATE_PARENT);
		} else {
			ff_cfg[i] = (struct clk_fixed_factor_cfg){ .mult = 1, .div = 1 };
			add(i, "pll", &clk_fixed_factor_ops, &ff_cfg[i],
			    CLK_SET_RATE_PARENT);
		}
	}
	return get(names[depth - 1]);
}

/*
 * OP-TEE's benchmark tree (core/drivers/clk): a 1.2 GHz oscillator under
 * a chain of @depth dividers by 1..1024, all but the first with
 * CLK_SET_RATE_PARENT when @srp
 */
static struct clk *optee_chain(int depth, bool srp)
{
	fresh();
	add_root("osc", &clk_fixed_ops, &optee_osc_cfg);
	for (int i = 0; i < depth; i++) {
		div_cfg[i] = (struct clk_divider_cfg){
			.reg = DIV_REG(i),
			.shift = 0, .width = 10,
		};
		add(i, "osc", &clk_divider_ops, &div_cfg[i],
		    srp && i > 0 ? CLK_SET_RATE_PARENT : 0);
	}
	return get(names[depth - 1]);
}

/* two rates in turn, so that every call changes the whole chain */
static void loop_set_rate(struct clk *leaf, long n)
{
	for (long k = 0; k < n; k++) {
		int ret = clk_set_rate(leaf, k & 1 ? 100 * MHZ : 50 * MHZ);

		if (ret)
			die("clk_set_rate", ret);
	}
}

/* @count gates registered; the last one is looked up */
static const char *full_pool(int count)
{
	fresh();
	add_root("osc", &clk_fixed_ops, &osc_cfg);
	for (int i = 0; i < count - 1; i++) {
		gate_cfg[i] = (struct clk_gate_cfg){
			.reg = GATE_REG(i / 32),
			.bit = (unsigned int)(i % 32),
		};
		add(i, "osc", &clk_gate_ops, &gate_cfg[i], 0);
	}
	return names[count - 2];
}

static void loop_get(const char *name, long n)
{
	for (long k = 0; k < n; k++) {
		struct clk *clk = clk_get(NULL, name);
		int ret;

		if (!clk)
			die("clk_get", 0);
		ret = clk_put(clk);
		if (ret)
			die("clk_put", ret);
	}
}

/*
 * OMAP4 DPLL rounding from 38.4 MHz, over targets spread across the
 * DPLL's range; and the same answer by trying every legal (M, N), the
 * search the proven rounding replaces
 */
static const struct omap4_dpll_limits dpll_lim = OMAP4_DPLL_LIMITS;
#define DPLL_REF 38400000UL

static unsigned long dpll_target(long k)
{
	/* 20 MHz .. about 2 GHz, a step that is not a multiple of the ref */
	return 20000000UL + (unsigned long)(k % 1000) * 1987013UL;
}

static unsigned long dpll_exhaustive(unsigned long target)
{
	unsigned long best = 0;

	for (unsigned int n = 1; n <= dpll_lim.max_n; n++) {
		if (dpll_lim.fint_min * n > DPLL_REF || DPLL_REF > dpll_lim.fint_max * n)
			continue;
		for (unsigned int m = 2; m <= dpll_lim.max_m; m++) {
			unsigned long r = omap4_dpll_rate(DPLL_REF, m, n, false);

			if (r <= target && r > best)
				best = r;
		}
	}
	return best;
}

static void loop_dpll(long n, bool exhaustive)
{
	for (long k = 0; k < n; k++) {
		struct omap4_dpll_mn mn;
		unsigned long t = dpll_target(k);
		unsigned long r = omap4_dpll_round(&dpll_lim, DPLL_REF, t, &mn);

		if (exhaustive && dpll_exhaustive(t) != r)
			die("dpll round differs from the exhaustive search", (int)k);
	}
}

/* ==================== one measurement ==================== */

enum what {
	ENABLE, ENABLE_PARENT_ON, GET_RATE, SET_RATE_FF, SET_RATE_DIV, SET_RATE_OPTEE, SET_RATE_OPTEE_NOFLAGS,
	GET, DPLL_ROUND, DPLL_EXHAUSTIVE,
};

#define NR_WHATS 10

static const char *const what_names[NR_WHATS] = {
	"enable", "enable-parent-on", "get-rate", "set-rate-ff", "set-rate-div", "set-rate-optee",
	"set-rate-optee-noflags", "get", "dpll-round", "dpll-exhaustive",
};

/* the leaf of the set-rate chain of @w at @depth */
static struct clk *rate_leaf(enum what w, int depth)
{
	if (w == SET_RATE_OPTEE || w == SET_RATE_OPTEE_NOFLAGS)
		return optee_chain(depth, w == SET_RATE_OPTEE);
	return rate_chain(depth, w == SET_RATE_DIV);
}

/* what a loop runs on: a clock, or a name to look up */
struct setup {
	struct clk *clk;
	const char *name;
};

/* build the setup of @w at @depth (nothing for the DPLL rows) */
static struct setup setup(enum what w, int depth)
{
	struct setup s = { NULL, NULL };

	switch (w) {
	case ENABLE:
	case GET_RATE:
		s.clk = gate_chain(depth);
		break;
	case ENABLE_PARENT_ON:
		s.clk = gate_chain_parent_on(depth);
		break;
	case SET_RATE_FF:
	case SET_RATE_DIV:
	case SET_RATE_OPTEE:
	case SET_RATE_OPTEE_NOFLAGS:
		s.clk = rate_leaf(w, depth);
		break;
	case GET:
		s.name = full_pool(depth);
		break;
	case DPLL_ROUND:
	case DPLL_EXHAUSTIVE:
		break;
	}
	return s;
}

/* the loop of @w, @n times over @s */
static void loop(enum what w, struct setup s, long n)
{
	switch (w) {
	case ENABLE:
	case ENABLE_PARENT_ON:
		loop_enable(s.clk, n);
		break;
	case GET_RATE:
		loop_get_rate(s.clk, n);
		break;
	case SET_RATE_FF:
	case SET_RATE_DIV:
	case SET_RATE_OPTEE:
	case SET_RATE_OPTEE_NOFLAGS:
		loop_set_rate(s.clk, n);
		break;
	case GET:
		loop_get(s.name, n);
		break;
	case DPLL_ROUND:
	case DPLL_EXHAUSTIVE:
		loop_dpll(n, w == DPLL_EXHAUSTIVE);
		break;
	}
}

/* build the setup of @w at @depth, run its loop @n times */
static void run(enum what w, int depth, long n)
{
	loop(w, setup(w, depth), n);
}

/* ns per iteration of @w at @depth: @n iterations after the setup */
static double measure(enum what w, int depth, long n)
{
	double t0, t1;

	if (w == DPLL_EXHAUSTIVE) {
		/* the search alone: the check against it is in loop_dpll */
		volatile unsigned long sink = 0;

		t0 = now_ns();
		for (long k = 0; k < n; k++)
			sink += dpll_exhaustive(dpll_target(k));
		t1 = now_ns();
		(void)sink;
		loop_dpll(n, true);	/* and the two agree */
	} else {
		struct setup s = setup(w, depth);

		t0 = now_ns();
		loop(w, s, n);
		t1 = now_ns();
	}
	return (t1 - t0) / (double)n;
}

/*
 * iterations for about @budget_ns of work, from a short probe (at least 1,
 * at most @max)
 */
static long iterations(enum what w, int depth, double budget_ns, long max)
{
	double per = measure(w, depth, 3);
	long n = per > 0 ? (long)(budget_ns / per) : max;

	return n < 1 ? 1 : n > max ? max : n;
}

static void row(enum what w, int depth, bool quick, double budget_ns)
{
	long n = quick ? 2 : iterations(w, depth, budget_ns, 10000000);
	double ns = measure(w, depth, n);

	printf("%-22s %6d %12.0f %10ld\n", what_names[w], depth, ns, n);
	fflush(stdout);
}

/* whether @name is one of the comma-separated names of @list */
static bool listed(const char *list, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = list;; p++) {
		if (strncmp(p, name, len) == 0 && (p[len] == ',' || p[len] == 0))
			return true;
		p = strchr(p, ',');
		if (!p)
			return false;
	}
}

int main(int argc, char **argv)
{
	static const int enable_depths[] = { 1, 8, 32 };
	const char *only = NULL;	/* comma-separated names */
	bool quick = false;
	double budget = 2e8;	/* 0.2 s of loop per row */

#ifdef BENCH_MMIO
	reg_base = (uint32_t)(uintptr_t)bench_regs;
	if ((uintptr_t)reg_base != (uintptr_t)bench_regs) {
		fprintf(stderr, "bench: the register array %p is above 4 GiB (link without PIE)\n",
			(void *)bench_regs);
		return 2;
	}
#endif

	if (argc == 5 && strcmp(argv[1], "--one") == 0) {
		int depth = atoi(argv[3]);
		long n = atol(argv[4]);

		for (int w = 0; w < NR_WHATS; w++)
			if (strcmp(argv[2], what_names[w]) == 0) {
				if (depth < 1 || depth > VCLK_MAX_CLOCKS - 1 || n < 0)
					break;
				run((enum what)w, depth, n);
				return 0;
			}
		fprintf(stderr, "bench: bad --one arguments\n");
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0) {
			quick = true;
		} else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
			only = argv[++i];
		} else {
			fprintf(stderr, "usage: bench [--quick] [--only WHAT[,WHAT...]] | bench --one WHAT DEPTH N\n");
			return 2;
		}
	}
	printf("# VCLK_MAX_CLOCKS %d, registers %s, lock %s\n", VCLK_MAX_CLOCKS,
	       BENCH_BACKEND, BENCH_LOCK);
	printf("%-22s %6s %12s %10s\n", "what", "depth", "ns/op", "ops");
	for (int w = 0; w < NR_WHATS; w++) {
		if (only && !listed(only, what_names[w]))
			continue;
		switch ((enum what)w) {
		case ENABLE:
		case ENABLE_PARENT_ON:
		case GET_RATE:
			for (size_t i = 0; i < sizeof(enable_depths) / sizeof(enable_depths[0]); i++)
				row((enum what)w, enable_depths[i], quick, budget);
			break;
		case SET_RATE_FF:
			for (int d = 1; d <= 32; d = d < 4 ? d + 1 : d * 2)
				row(SET_RATE_FF, d, quick, budget);
			break;
		case SET_RATE_DIV:
			/* two parent-rate candidates a level: cubic in depth
			 * (the search remembers one answer a clock) */
			for (int d = 1; d <= (quick ? 4 : 32); d = d < 4 ? d + 1 : d * 2)
				row(SET_RATE_DIV, d, quick, budget);
			break;
		case SET_RATE_OPTEE:
		case SET_RATE_OPTEE_NOFLAGS:
			for (size_t i = 0; i < sizeof(enable_depths) / sizeof(enable_depths[0]); i++)
				row((enum what)w, enable_depths[i], quick, budget);
			break;
		case GET:
			row(GET, VCLK_MAX_CLOCKS, quick, budget);
			break;
		case DPLL_ROUND:
		case DPLL_EXHAUSTIVE:
			/* depth column: the DPLL's max_n */
			row((enum what)w, (int)dpll_lim.max_n, quick, budget);
			break;
		}
	}
	return 0;
}
