/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_omap4_round.c - OMAP4 DPLL M/N rounding (issue 6):
 * omap4_dpll_rate() and omap4_dpll_round() against known settings and
 * against an independent exhaustive search.
 *
 * The reference enumerates every legal (M, N, m4x) once per reference
 * clock and limits, computes each rate in 128-bit arithmetic, and sorts
 * the settings by (rate, N, m4x, M): the answer for a target is then the
 * first entry of the highest rate <= target, which is exactly the
 * tie-break omap4_dpll_round() promises (smallest N, m4x clear first,
 * smallest M).  It shares no code with platform/omap4/dpll_round.c.
 *
 * OMAP4 limits used: M 2..2047, N 1..128, Fint window 32 kHz..52 MHz
 * (the wide window of the OMAP4 TRM's DPLLs); J-type (USB): M 2..4095,
 * N 1..256, Fint 500 kHz..2.5 MHz.
 */
#include <limits.h>
#include <stdlib.h>
#include "tharness.h"
#include "dpll_round.h"

static const struct omap4_dpll_limits omap4_lim = {
	.max_m = 2047, .max_n = 128, .fint_min = 32000, .fint_max = 52000000,
	.has_m4x = false,
};
static const struct omap4_dpll_limits abe_lim = {
	.max_m = 2047, .max_n = 128, .fint_min = 32000, .fint_max = 52000000,
	.has_m4x = true,
};
static const struct omap4_dpll_limits jtype_lim = {
	.max_m = 4095, .max_n = 256, .fint_min = 500000, .fint_max = 2500000,
	.has_m4x = false,
};

/* CM_SYS_CLKSEL's sys_clkin rates */
static const unsigned long sys_clkin[] = {
	12000000, 13000000, 16800000, 19200000, 26000000, 27000000, 38400000,
};

/* ---- the independent reference ---- */

struct ref_ent {
	unsigned long rate;
	unsigned int n, m;
	bool x;
};

static int ref_cmp(const void *pa, const void *pb)
{
	const struct ref_ent *a = pa, *b = pb;

	if (a->rate != b->rate)
		return a->rate < b->rate ? -1 : 1;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	if (a->x != b->x)
		return a->x ? 1 : -1;
	if (a->m != b->m)
		return a->m < b->m ? -1 : 1;
	return 0;
}

/* every legal setting, sorted; the rates saturate as the function does */
static struct ref_ent *ref_table(const struct omap4_dpll_limits *lim,
				 unsigned long ref, size_t *count)
{
	size_t cap = (size_t)lim->max_m * lim->max_n * 2, k = 0;
	struct ref_ent *t = malloc(cap * sizeof(*t));
	unsigned int n, m, x;

	if (!t)
		return NULL;
	for (n = 1; n <= lim->max_n; n++) {
		unsigned __int128 lo = (unsigned __int128)lim->fint_min * n;
		unsigned __int128 hi = (unsigned __int128)lim->fint_max * n;

		if (lo > ref || ref > hi)
			continue;
		for (x = 0; x <= (lim->has_m4x ? 1u : 0u); x++)
			for (m = 2; m <= lim->max_m; m++) {
				unsigned __int128 r = (unsigned __int128)ref *
					(x ? 4u : 1u) * m / n;

				t[k].rate = r > ULONG_MAX ? ULONG_MAX :
					(unsigned long)r;
				t[k].n = n;
				t[k].m = m;
				t[k].x = x != 0;
				k++;
			}
	}
	qsort(t, k, sizeof(*t), ref_cmp);
	*count = k;
	return t;
}

/* the expected answer: first entry of the highest rate in [1, target];
 * a saturated ULONG_MAX only counts when it is the exact value, which the
 * 128-bit rates above never exceed for these reference clocks */
static unsigned long ref_round(const struct ref_ent *t, size_t count,
			       unsigned long target, struct ref_ent *out)
{
	size_t lo = 0, hi = count;	/* first index with rate > target */

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t[mid].rate <= target)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || t[lo - 1].rate == 0)
		return 0;
	lo--;
	while (lo > 0 && t[lo - 1].rate == t[lo].rate)
		lo--;
	*out = t[lo];
	return t[lo].rate;
}

/* one target against the reference (void: the EXPECT macros return) */
static void check_one_(const struct omap4_dpll_limits *lim, unsigned long ref,
		     const struct ref_ent *t, size_t count,
		     unsigned long target)
{
	struct ref_ent want = { 0, 0, 0, false };
	struct omap4_dpll_mn got = { 7777, 7777, true };
	unsigned long wr = ref_round(t, count, target, &want);
	unsigned long gr = omap4_dpll_round(lim, ref, target, &got);
	int before = vt_failures;

	EXPECT_EQ(gr, wr);
	if (wr != 0) {
		EXPECT_EQ(got.n, want.n);
		EXPECT_EQ(got.m4x, want.x);
		EXPECT_EQ(got.m, want.m);
		EXPECT_EQ(omap4_dpll_rate(ref, got.m, got.n, got.m4x), gr);
	} else {
		EXPECT_EQ(got.m, 7777);
		EXPECT_EQ(got.n, 7777);
		EXPECT_EQ(got.m4x, true);
	}
	if (vt_failures != before)
		vt_fail(__FILE__, __LINE__, "ref %lu target %lu", ref, target);
}

/* whether that target mismatched */
static bool check_one(const struct omap4_dpll_limits *lim, unsigned long ref,
		      const struct ref_ent *t, size_t count,
		      unsigned long target)
{
	int before = vt_failures;

	check_one_(lim, ref, t, count, target);
	return vt_failures != before;
}

/* deterministic targets: LCG over [lo, hi], edges 0, 1, the extremes,
 * and just below / at / above some achievable rates */
static void check_many(const struct omap4_dpll_limits *lim, unsigned long ref,
		       unsigned int nr_random, unsigned long lo,
		       unsigned long hi)
{
	size_t count, j;
	struct ref_ent *t = ref_table(lim, ref, &count);
	uint64_t seed = 0x9e3779b97f4a7c15ull ^ ref;
	unsigned int k;

	ASSERT_NOT_NULL(t);
	check_one(lim, ref, t, count, 0);
	check_one(lim, ref, t, count, 1);
	check_one(lim, ref, t, count, UINT32_MAX);
	check_one(lim, ref, t, count, ULONG_MAX);
	for (k = 0; k < nr_random; k++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		if (check_one(lim, ref, t, count,
			      lo + (unsigned long)((seed >> 16) % (hi - lo + 1))))
			break;	/* one report per table is enough */
	}
	for (j = 0; j < count; j += count / 97 + 1) {
		unsigned long r = t[j].rate;

		if (check_one(lim, ref, t, count, r - 1) ||
		    check_one(lim, ref, t, count, r) ||
		    check_one(lim, ref, t, count, r + 1))
			break;
	}
	free(t);
}

/* ---- the tests ---- */

static void test_omap4_round_rate_exact(void)
{
	EXPECT_EQ(omap4_dpll_rate(38400000, 105, 4, false), 1008000000);
	EXPECT_EQ(omap4_dpll_rate(32768, 1500, 1, true), 196608000);
	/* floor: 78000000 / 7 = 11142857.14 */
	EXPECT_EQ(omap4_dpll_rate(26000000, 3, 7, false), 11142857);
	/* 4 inside the floor: 4 * 26000000 * 3 / 7 = 44571428.57 */
	EXPECT_EQ(omap4_dpll_rate(26000000, 3, 7, true), 44571428);
	EXPECT_EQ(omap4_dpll_rate(0, 2047, 1, true), 0);
	EXPECT_EQ(omap4_dpll_rate(5, 0, 3, false), 0);
}

static void test_omap4_round_rate_saturates(void)
{
	/* exactly ULONG_MAX is not saturation */
	EXPECT_EQ(omap4_dpll_rate(ULONG_MAX, 2, 2, false), ULONG_MAX);
	EXPECT_EQ(omap4_dpll_rate(ULONG_MAX, 3, 3, true) , ULONG_MAX);
	/* just above: (ULONG_MAX * 3) / 2 */
	EXPECT_EQ(omap4_dpll_rate(ULONG_MAX, 3, 2, false), ULONG_MAX);
	EXPECT_EQ(omap4_dpll_rate(ULONG_MAX, 4095, 1, true), ULONG_MAX);
	/* ULONG_MAX / 4095 * 4095 fits, one more M does not */
	EXPECT_EQ(omap4_dpll_rate(ULONG_MAX / 4095, 4095, 1, false),
		  ULONG_MAX / 4095 * 4095);
	EXPECT_EQ(omap4_dpll_rate(ULONG_MAX / 2047 + 1, 2047, 1, false),
		  ULONG_MAX);
	/* a large ref divided back down: exact, no intermediate overflow */
	EXPECT_EQ(omap4_dpll_rate(ULONG_MAX, 256, 256, false), ULONG_MAX);
	EXPECT_EQ(omap4_dpll_rate(ULONG_MAX, 255, 256, false),
		  ULONG_MAX - ULONG_MAX / 256 - 1);
}

static void test_omap4_round_mpu_1008(void)
{
	struct omap4_dpll_mn mn = { 0, 0, true };

	EXPECT_EQ(omap4_dpll_round(&omap4_lim, 38400000, 1008000000, &mn),
		  1008000000);
	EXPECT_EQ(mn.m, 105);
	EXPECT_EQ(mn.n, 4);
	EXPECT_EQ(mn.m4x, false);
	/* one Hz less: the next rate down is floor(38.4 MHz * 2021 / 77),
	 * which a window search around N = 4 would not find */
	EXPECT_EQ(omap4_dpll_round(&omap4_lim, 38400000, 1007999999, &mn),
		  1007875324);
	EXPECT_EQ(mn.m, 2021);
	EXPECT_EQ(mn.n, 77);
	EXPECT_EQ(mn.m4x, false);
}

static void test_omap4_round_top(void)
{
	struct omap4_dpll_mn mn = { 0, 0, true };

	/* anything allowed: the highest rate, M = max_m at N = 1 */
	EXPECT_EQ(omap4_dpll_round(&omap4_lim, 38400000, ULONG_MAX, &mn),
		  38400000ul * 2047);
	EXPECT_EQ(mn.m, 2047);
	EXPECT_EQ(mn.n, 1);
	EXPECT_EQ(mn.m4x, false);
}

static void test_omap4_round_exhaustive_sys_clkin(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(sys_clkin) / sizeof(sys_clkin[0]); i++)
		check_many(&omap4_lim, sys_clkin[i], 1500, 1000000,
			   2500000000ul);
}

static void test_omap4_round_abe_m4x(void)
{
	struct omap4_dpll_mn mn = { 0, 0, false };

	/* 32768 Hz: only N = 1 keeps Fint >= 32 kHz; without m4x the
	 * most is 32768 * 2047 = 67 MHz, REGM4XEN reaches 196.608 MHz */
	EXPECT_EQ(omap4_dpll_round(&abe_lim, 32768, 196608000, &mn),
		  196608000);
	EXPECT_EQ(mn.m, 1500);
	EXPECT_EQ(mn.n, 1);
	EXPECT_EQ(mn.m4x, true);
	/* a rate both ways reach: m4x clear wins (32768 * 2000 =
	 * 32768 * 4 * 500) */
	EXPECT_EQ(omap4_dpll_round(&abe_lim, 32768, 65536000, &mn), 65536000);
	EXPECT_EQ(mn.m, 2000);
	EXPECT_EQ(mn.n, 1);
	EXPECT_EQ(mn.m4x, false);
	/* the same limits without REGM4XEN stop at 32768 * 2047 */
	EXPECT_EQ(omap4_dpll_round(&omap4_lim, 32768, 196608000, &mn),
		  32768ul * 2047);
	EXPECT_EQ(mn.m, 2047);
	EXPECT_EQ(mn.m4x, false);
	check_many(&abe_lim, 32768, 2000, 1000, 300000000);
	check_many(&abe_lim, 38400000, 300, 1000000, 2500000000ul);
}

static void test_omap4_round_jtype(void)
{
	struct omap4_dpll_mn mn = { 0, 0, true };

	/* 19.2 MHz: Fint <= 2.5 MHz needs N >= 8; 19.2 MHz * 400 / 8 */
	EXPECT_EQ(omap4_dpll_round(&jtype_lim, 19200000, 960000000, &mn),
		  960000000);
	EXPECT_EQ(mn.m, 400);
	EXPECT_EQ(mn.n, 8);
	EXPECT_EQ(mn.m4x, false);
	check_many(&jtype_lim, 19200000, 500, 1000000, 2500000000ul);
	check_many(&jtype_lim, 38400000, 500, 1000000, 2500000000ul);
}

static void test_omap4_round_none(void)
{
	struct omap4_dpll_mn mn = { 11, 22, true };

	/* below the lowest rate, 38.4 MHz * 2 / 128 = 600 kHz */
	EXPECT_EQ(omap4_dpll_round(&omap4_lim, 38400000, 599999, &mn), 0);
	EXPECT_EQ(mn.m, 11);
	EXPECT_EQ(mn.n, 22);
	EXPECT_EQ(mn.m4x, true);
	EXPECT_EQ(omap4_dpll_round(&omap4_lim, 38400000, 600000, &mn), 600000);
	EXPECT_EQ(mn.m, 2);
	EXPECT_EQ(mn.n, 128);
	/* no N puts Fint inside the window: 10 Hz / N < 32 kHz */
	mn = (struct omap4_dpll_mn){ 11, 22, true };
	EXPECT_EQ(omap4_dpll_round(&omap4_lim, 10, ULONG_MAX, &mn), 0);
	EXPECT_EQ(omap4_dpll_round(&omap4_lim, 0, ULONG_MAX, &mn), 0);
	EXPECT_EQ(omap4_dpll_round(&omap4_lim, 38400000, 0, &mn), 0);
	EXPECT_EQ(mn.m, 11);
	EXPECT_EQ(mn.n, 22);
	EXPECT_EQ(mn.m4x, true);
}

const struct vt_test vt_tests_omap4_round[] = {
	VT_TEST(test_omap4_round_rate_exact),
	VT_TEST(test_omap4_round_rate_saturates),
	VT_TEST(test_omap4_round_mpu_1008),
	VT_TEST(test_omap4_round_top),
	VT_TEST(test_omap4_round_exhaustive_sys_clkin),
	VT_TEST(test_omap4_round_abe_m4x),
	VT_TEST(test_omap4_round_jtype),
	VT_TEST(test_omap4_round_none),
	{ NULL, NULL },
};
