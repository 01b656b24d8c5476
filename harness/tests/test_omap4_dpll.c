/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_omap4_dpll.c - the OMAP4 DPLL type
 * (platform/omap4/dpll.c) over the register model: the MPU DPLL at its
 * OMAP4430 addresses, fed by a 38.4 MHz sys_clkin, its IDLEST bits
 * following CLKMODE.DPLL_EN (ST_MN_BYPASS when 4, ST_DPLL_CLK when 7)
 * after a few reads.
 *
 * As in test_types.c, register values are read through the model's back
 * door (regmodel_peek()), and an op run under an armed fault is called
 * bare or checked only after the faults are cleared.
 *
 * Until the M/N rounding branch lands, omap4_dpll_round()/_rate() come
 * from the weak stand-ins at the end of dpll_ops.c (TEMPORARY); the
 * values below hold for any rounding that returns the largest legal
 * rate, with the smallest N on a tie.
 */
#include <limits.h>
#include "tharness.h"
#include "regmodel.h"
#include "clk_basic.h"
#include "dpll.h"

#define MHZ 1000000UL
#define SYS_CLKIN 38400000UL

#define MPU_CLKMODE 0x4A004160u
#define MPU_IDLEST  0x4A004164u
#define MPU_CLKSEL  0x4A00416Cu

/* at entry: locked (EN 7) with DRIFTGUARD (bit 8) set; M 125, N 8 (DIV
 * 7): 38.4 MHz * 125 / 8 = 600 MHz; bit 23 (BYP_CLKSEL) set, to see that
 * the writes keep it */
#define CLKMODE_0   0x107u
#define CLKSEL_0    0x00807D07u
#define RATE_0      600000000UL
/* 1008 MHz: M 105, N 4 (DIV 3) */
#define CLKSEL_1008 0x00806903u

#define POLLS       10	/* the config's max_polls */
#define LOCK_DELAY  2	/* reads before ST_DPLL_CLK follows */
#define BYP_DELAY   2	/* reads before ST_MN_BYPASS follows */

static struct omap4_dpll_cfg mpu;
static struct clk_fixed_cfg sys_clkin = { .rate = SYS_CLKIN };
static const char *const p_sys[] = { "sys_clkin" };


static struct omap4_dpll_cfg mpu_cfg(void)
{
	return (struct omap4_dpll_cfg){
		.clkmode_reg = MPU_CLKMODE, .idlest_reg = MPU_IDLEST,
		.clksel_reg = MPU_CLKSEL,
		/* no Fint window: the widest omap4_dpll_round() accepts */
		.limits = { .max_m = 2047, .max_n = 128, .fint_min = 0,
			    .fint_max = 0xffffffffUL },
		.max_polls = POLLS,
	};
}

/* the register model of the MPU DPLL; @lock_delay reads to lock */
static int mpu_regs(uint32_t clkmode, uint32_t clksel, int lock_delay)
{
	if (regmodel_define(MPU_CLKMODE, clkmode) ||
	    regmodel_define(MPU_CLKSEL, clksel) ||
	    regmodel_define(MPU_IDLEST, 0) ||
	    regmodel_follow_field(MPU_IDLEST, 0, MPU_CLKMODE, OMAP4_DPLL_EN_MASK,
				  OMAP4_DPLL_EN_LOCK, lock_delay) ||
	    regmodel_follow_field(MPU_IDLEST, 8, MPU_CLKMODE, OMAP4_DPLL_EN_MASK,
				  OMAP4_DPLL_EN_MN_BYPASS, BYP_DELAY))
		return -1;
	return 0;
}

/* sys_clkin and dpll_mpu registered over the model, log cleared */
static int mpu_tree_at(uint32_t clkmode, uint32_t clksel, int lock_delay)
{
	struct vclk_init_data osc = {
		.name = "sys_clkin", .ops = &clk_fixed_ops, .priv = &sys_clkin,
	};
	struct vclk_init_data dpll = {
		.name = "dpll_mpu", .parent_names = p_sys, .num_parents = 1,
		.ops = &omap4_dpll_ops, .priv = &mpu,
	};

	mpu = mpu_cfg();
	if (mpu_regs(clkmode, clksel, lock_delay) ||
	    vclk_register(&osc) != 0 || vclk_register(&dpll) != 1)
		return -1;
	regmodel_log_clear();
	return 0;
}

static int mpu_tree(void)
{
	return mpu_tree_at(CLKMODE_0, CLKSEL_0, LOCK_DELAY);
}

/* reads of @addr in the log */
static int reads_of(uint32_t addr)
{
	int n = 0;

	for (int i = 0; i < regmodel_log_len(); i++) {
		const struct regmodel_access *a = regmodel_log_at(i);

		n += !a->write && a->addr == addr;
	}
	return n;
}

/* ==================== set_rate ==================== */

static void test_omap4_dpll_set_rate_1008(void)
{
	struct clk *h;

	ASSERT_EQ(V(mpu_tree()), 0);
	EXPECT_EQ(vt_rate("dpll_mpu"), RATE_0);
	h = vt_get("dpll_mpu");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(V(clk_round_rate(h, 1008000000UL)), 1008000000L);
	EXPECT_EQ(V(clk_set_rate(h, 1008000000UL)), 0);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_1008);	/* M 105, DIV 3 */
	EXPECT_EQ(vt_peek(MPU_CLKMODE), CLKMODE_0);	/* locked again */
	EXPECT_EQ(vt_rate("dpll_mpu"), 1008000000UL);
	EXPECT_EQ(clk_get_rate(h), 1008000000UL);
	EXPECT_EQ(omap4_dpll_ops.recalc_rate(&mpu, SYS_CLKIN), 1008000000UL);
	EXPECT_EQ(omap4_dpll_ops.is_enabled(&mpu), 1);
}

/* the op's own accesses, exactly: the sequence of dpll.h */
static void test_omap4_dpll_set_rate_sequence(void)
{
	ASSERT_EQ(mpu_tree(), 0);
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 1008000000UL, SYS_CLKIN), 0);
	EXPECT_STR_EQ(regmodel_log_str(),
		      /* the setting at entry */
		      "R 0x4a00416c=0x807d07, R 0x4a004160=0x107, "
		      /* MN-bypass; ST_MN_BYPASS after BYP_DELAY reads */
		      "W 0x4a004160=0x104, R 0x4a004164=0x1, R 0x4a004164=0x1, "
		      "R 0x4a004164=0x100, "
		      /* M/N, then lock; ST_DPLL_CLK after LOCK_DELAY reads */
		      "W 0x4a00416c=0x806903, W 0x4a004160=0x107, "
		      "R 0x4a004164=0x100, R 0x4a004164=0x100, "
		      "R 0x4a004164=0x1");
	EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_1008);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), CLKMODE_0);
	/* from a stopped DPLL: the same, and it ends locked (as Linux) */
	vt_begin();
	ASSERT_EQ(mpu_tree_at(0x101u, CLKSEL_0, LOCK_DELAY), 0);
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 1008000000UL, SYS_CLKIN), 0);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_1008);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), 0x107u);
}

/* REGM4XEN: a DPLL with has_m4x, asked for a rate only M4X reaches */
static void test_omap4_dpll_set_rate_m4x(void)
{
	ASSERT_EQ(mpu_tree(), 0);
	mpu.limits.has_m4x = true;
	/* 38.4 MHz * 4 * 2047 / 1 is above 2047 * 38.4 MHz: needs M4X */
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, SYS_CLKIN * 4 * 2047, SYS_CLKIN), 0);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), 0x00800000u | 2047u << 8 | 0u);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), CLKMODE_0 | OMAP4_DPLL_REGM4XEN);
	EXPECT_EQ(omap4_dpll_ops.recalc_rate(&mpu, SYS_CLKIN), SYS_CLKIN * 4 * 2047);
	/* without has_m4x the same rate is out of reach */
	mpu.limits.has_m4x = false;
	EXPECT_EQ(omap4_dpll_ops.round_rate(&mpu, SYS_CLKIN * 4 * 2047, SYS_CLKIN),
		  SYS_CLKIN * 2047);
}

/*
 * A J-type DPLL (12-bit MULT, 8-bit DIV): M 4095 and N 256 are written
 * whole, DPLL_SD_DIV (bits 31:24) gets ceil(614.25 MHz / 250 MHz) = 3,
 * and bits 20..23 (BYP_CLKSEL among them) are kept.
 */
static void test_omap4_dpll_set_rate_j_type(void)
{
	ASSERT_EQ(mpu_regs(0x101u, 0xfff00000u, LOCK_DELAY), 0);
	mpu = mpu_cfg();
	mpu.j_type = true;
	mpu.limits.max_m = 4095;
	mpu.limits.max_n = 256;
	/* 38.4 MHz * 4095 / 256 = 614.25 MHz: only N 256 (M 4095) makes it */
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 614250000UL, SYS_CLKIN), 0);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), 0x00f00000u | 3u << 24 | 4095u << 8 | 255u);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), 0x107u);
	EXPECT_EQ(omap4_dpll_ops.recalc_rate(&mpu, SYS_CLKIN), 614250000UL);
	/* the divider rounds up, and exactly 250 MHz steps do not: 500 MHz
	 * (M 3125, N 240: ref 38.4 MHz) is 2 */
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 500000000UL, SYS_CLKIN), 0);
	EXPECT_EQ(vt_peek(MPU_CLKSEL) >> 24, 2u);
	EXPECT_EQ(omap4_dpll_ops.recalc_rate(&mpu, SYS_CLKIN), 500000000UL);
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 614250000UL, SYS_CLKIN), 0);
	/* a non-J DPLL reads the same register as M 2047, N 128 */
	mpu.j_type = false;
	EXPECT_EQ(omap4_dpll_ops.recalc_rate(&mpu, SYS_CLKIN),
		  SYS_CLKIN * 2047 / 128);
	/* J-type limits on a non-J DPLL do not fit its fields: refused */
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 614250000UL, SYS_CLKIN),
		  -VCLK_EINVAL);
}

static void test_omap4_dpll_not_exact_einval(void)
{
	struct clk *h;

	ASSERT_EQ(V(mpu_tree()), 0);
	h = vt_get("dpll_mpu");
	ASSERT_NOT_NULL(h);
	regmodel_log_clear();
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 1008000001UL, SYS_CLKIN),
		  -VCLK_EINVAL);
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 0, SYS_CLKIN), -VCLK_EINVAL);
	/* below 2 * 38.4 MHz / 128 nothing is legal */
	EXPECT_EQ(omap4_dpll_ops.round_rate(&mpu, 599999, SYS_CLKIN), 0);
	EXPECT_EQ(omap4_dpll_ops.round_rate(&mpu, 600000, SYS_CLKIN), 600000);
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 599999, SYS_CLKIN), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_log_len(), 0);	/* refused before any access */
	EXPECT_EQ(V(clk_round_rate(h, 1008000001UL)), 1008000000L);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_0);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), CLKMODE_0);
	/* limits that do not fit the fields, or no poll count: refused */
	regmodel_log_clear();	/* the invariant check read the registers */
	mpu.limits.max_m = 2048;
	EXPECT_EQ(omap4_dpll_ops.round_rate(&mpu, 1008000000UL, SYS_CLKIN), 0);
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 1008000000UL, SYS_CLKIN),
		  -VCLK_EINVAL);
	mpu = mpu_cfg();
	mpu.limits.max_n = 129;
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 1008000000UL, SYS_CLKIN),
		  -VCLK_EINVAL);
	mpu = mpu_cfg();
	mpu.max_polls = 0;
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 1008000000UL, SYS_CLKIN),
		  -VCLK_EINVAL);
	EXPECT_EQ(omap4_dpll_ops.enable(&mpu), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_log_len(), 0);
	mpu = mpu_cfg();
}

/* ==================== timeouts ==================== */

/*
 * A stopped DPLL whose lock never comes within max_polls reads (its
 * delay is longer): -ETIMEDOUT after exactly BYP_DELAY + 1 bypass reads
 * and POLLS lock reads, registers and rate as before.  (Stopped, so that
 * ST_DPLL_CLK is 0 at entry: the model delays its fall as its rise.)
 */
static void test_omap4_dpll_lock_timeout(void)
{
	static struct vt_snapshot before;
	struct clk *h;

	ASSERT_EQ(V(mpu_tree_at(0x101u, CLKSEL_0, 1000)), 0);
	h = vt_get("dpll_mpu");
	ASSERT_NOT_NULL(h);
	vt_snapshot(&before);
	regmodel_log_clear();
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 1008000000UL, SYS_CLKIN),
		  -VCLK_ETIMEDOUT);
	EXPECT_EQ(reads_of(MPU_IDLEST), BYP_DELAY + 1 + POLLS);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_0);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), 0x101u);
	/* the last writes: bypass, old M/N, old mode */
	{
		int n = regmodel_log_len();
		const struct regmodel_access *a = regmodel_log_at(n - 1);
		const struct regmodel_access *b = regmodel_log_at(n - 2);
		const struct regmodel_access *c = regmodel_log_at(n - 3);

		ASSERT_NOT_NULL(a);
		ASSERT_NOT_NULL(b);
		ASSERT_NOT_NULL(c);
		EXPECT_TRUE(a->write && a->addr == MPU_CLKMODE && a->value == 0x101u);
		EXPECT_TRUE(b->write && b->addr == MPU_CLKSEL && b->value == CLKSEL_0);
		EXPECT_TRUE(c->write && c->addr == MPU_CLKMODE && c->value == 0x104u);
	}
	/* through the core: the error, and nothing changed */
	EXPECT_EQ(clk_set_rate(h, 1008000000UL), -VCLK_ETIMEDOUT);
	vt_check(__FILE__, __LINE__, "clk_set_rate with a lock timeout");
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(vt_rate("dpll_mpu"), RATE_0);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_0);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), 0x101u);
}

/* regmodel_stall(): ST_MN_BYPASS never comes, the bypass wait times out */
static void test_omap4_dpll_bypass_stall_timeout(void)
{
	static struct vt_snapshot before;
	struct clk *h;

	ASSERT_EQ(V(mpu_tree()), 0);
	h = vt_get("dpll_mpu");
	ASSERT_NOT_NULL(h);
	vt_snapshot(&before);
	ASSERT_EQ(regmodel_stall(MPU_IDLEST), 0);
	regmodel_log_clear();
	EXPECT_EQ(clk_set_rate(h, 1008000000UL), -VCLK_ETIMEDOUT);
	EXPECT_EQ(reads_of(MPU_IDLEST), POLLS);
	regmodel_clear_faults();
	vt_check(__FILE__, __LINE__, "clk_set_rate with a stalled IDLEST");
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_0);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), CLKMODE_0);
	/* and enable of a stopped DPLL: -ETIMEDOUT, CLKMODE written back */
	vt_begin();
	ASSERT_EQ(mpu_tree_at(0x101u, CLKSEL_0, LOCK_DELAY), 0);
	ASSERT_EQ(regmodel_stall(MPU_IDLEST), 0);
	EXPECT_EQ(omap4_dpll_ops.enable(&mpu), -VCLK_ETIMEDOUT);
	EXPECT_EQ(reads_of(MPU_IDLEST), POLLS);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), 0x101u);
}

/* ==================== faults ==================== */

/*
 * The op alone: a fault at its n-th access, n = 1, 2, ... until it
 * succeeds.  Every failure returns the access's errno with both registers
 * as at entry; the first n that succeeds is the one past its last access.
 */
static void test_omap4_dpll_fault_each_access_op(void)
{
	int clean, n, failures = 0;

	ASSERT_EQ(mpu_tree(), 0);
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 1008000000UL, SYS_CLKIN), 0);
	clean = regmodel_log_len();
	EXPECT_EQ(clean, 11);
	for (n = 1; n < 100; n++) {
		int ret;

		vt_begin();
		ASSERT_EQ(mpu_tree(), 0);
		ASSERT_EQ(regmodel_fail_nth(n, -VCLK_EIO), 0);
		ret = omap4_dpll_ops.set_rate(&mpu, 1008000000UL, SYS_CLKIN);
		regmodel_clear_faults();
		if (ret == 0)
			break;
		failures++;
		if (ret != -VCLK_EIO)
			vt_fail(__FILE__, __LINE__, "fault at access %d: got %d", n, ret);
		if (vt_peek(MPU_CLKSEL) != CLKSEL_0 || vt_peek(MPU_CLKMODE) != CLKMODE_0)
			vt_fail(__FILE__, __LINE__,
				"fault at access %d: CLKSEL 0x%x CLKMODE 0x%x, log %s",
				n, vt_peek(MPU_CLKSEL), vt_peek(MPU_CLKMODE),
				regmodel_log_str());
		if (omap4_dpll_ops.recalc_rate(&mpu, SYS_CLKIN) != RATE_0)
			vt_fail(__FILE__, __LINE__, "fault at access %d: rate", n);
	}
	EXPECT_EQ(n, clean + 1);
	EXPECT_EQ(failures, clean);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_1008);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), CLKMODE_0);
}

/*
 * Through the core: save (2 reads), the op (11), the dispatcher's check
 * (recalc: 2 reads).  A failed save read is no error (the op records
 * what it replaced); a failed check read makes recalc 0, so the
 * dispatcher restores and answers -EIO.  Every failure leaves the
 * registers, the rate and the core as at entry.
 */
static void test_omap4_dpll_fault_each_access_core(void)
{
	static const int want[] = {
		0, 0,					/* save */
		-VCLK_EIO, -VCLK_EIO, -VCLK_EIO,	/* op: reads, bypass */
		-VCLK_EIO, -VCLK_EIO, -VCLK_EIO,	/* bypass polls */
		-VCLK_EIO, -VCLK_EIO,			/* M/N, lock */
		-VCLK_EIO, -VCLK_EIO, -VCLK_EIO,	/* lock polls */
		-VCLK_EIO, -VCLK_EIO,			/* check */
		0,					/* no fault */
	};
	static struct vt_snapshot before;
	int n;

	{
		struct clk *h;

		ASSERT_EQ(V(mpu_tree()), 0);
		h = vt_get("dpll_mpu");
		ASSERT_NOT_NULL(h);
		regmodel_log_clear();
		ASSERT_EQ(clk_set_rate(h, 1008000000UL), 0);
		EXPECT_EQ(regmodel_log_len(), 15);
	}
	for (n = 1; n <= (int)(sizeof(want) / sizeof(want[0])); n++) {
		struct clk *h;
		int ret;

		vt_begin();
		ASSERT_EQ(V(mpu_tree()), 0);
		h = vt_get("dpll_mpu");
		ASSERT_NOT_NULL(h);
		vt_snapshot(&before);
		regmodel_log_clear();
		ASSERT_EQ(regmodel_fail_nth(n, -VCLK_EIO), 0);
		ret = clk_set_rate(h, 1008000000UL);
		regmodel_clear_faults();
		vt_check(__FILE__, __LINE__, "clk_set_rate under a fault");
		if (ret != want[n - 1])
			vt_fail(__FILE__, __LINE__, "fault at access %d: expected %d got %d (%s)",
				n, want[n - 1], ret, regmodel_log_str());
		if (ret) {
			EXPECT_UNCHANGED_SINCE(&before, 0);
			EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_0);
			EXPECT_EQ(vt_peek(MPU_CLKMODE), CLKMODE_0);
			EXPECT_EQ(vt_rate("dpll_mpu"), RATE_0);
		} else {
			EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_1008);
			EXPECT_EQ(vt_peek(MPU_CLKMODE), CLKMODE_0);
			EXPECT_EQ(vt_rate("dpll_mpu"), 1008000000UL);
		}
	}
}

/* ==================== rates of each mode ==================== */

static void test_omap4_dpll_bypass_stop_rates(void)
{
	static const struct {
		uint32_t clkmode, clksel;
		unsigned long rate;
	} cases[] = {
		{ 0x7u, CLKSEL_0, RATE_0 },		/* locked */
		{ 0x4u, CLKSEL_0, SYS_CLKIN },		/* MN bypass */
		{ 0x5u, CLKSEL_0, SYS_CLKIN },		/* low-power bypass */
		{ 0x6u, CLKSEL_0, SYS_CLKIN },		/* fast-relock bypass */
		{ 0x1u, CLKSEL_0, RATE_0 },		/* stop: the M/N rate */
		{ 0x7u | OMAP4_DPLL_REGM4XEN, CLKSEL_1008, 4032000000UL },
		{ 0x7u, 0x100u, 0 },			/* M 1: no rate */
		{ 0x7u, 0x0u, 0 },			/* M 0 */
		{ 0x7u, 0x7ff7fu, SYS_CLKIN * 2047 / 128 },	/* all ones */
		/* every other bit set: REGM4XEN too, M 2, N 1, x 4 */
		{ 0xffffu, 0xfff80000u | (2u << 8), SYS_CLKIN * 8 },
	};

	ASSERT_EQ(mpu_regs(CLKMODE_0, CLKSEL_0, LOCK_DELAY), 0);
	mpu = mpu_cfg();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned long got;

		ASSERT_EQ(regmodel_poke(MPU_CLKMODE, cases[i].clkmode), 0);
		ASSERT_EQ(regmodel_poke(MPU_CLKSEL, cases[i].clksel), 0);
		got = omap4_dpll_ops.recalc_rate(&mpu, SYS_CLKIN);
		if (got != cases[i].rate)
			vt_fail(__FILE__, __LINE__, "case %zu: expected %lu got %lu",
				i, cases[i].rate, got);
	}
	/* a failed read: 0 */
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	EXPECT_EQ(omap4_dpll_ops.recalc_rate(&mpu, SYS_CLKIN), 0);
	/* a J-type reads 12/8-bit fields: M 4095, N 256 */
	regmodel_clear_faults();
	mpu.j_type = true;
	ASSERT_EQ(regmodel_poke(MPU_CLKMODE, 0x7u), 0);
	ASSERT_EQ(regmodel_poke(MPU_CLKSEL, 0xfffffu), 0);
	EXPECT_EQ(omap4_dpll_ops.recalc_rate(&mpu, SYS_CLKIN), SYS_CLKIN * 4095 / 256);
}

/* ==================== enable, disable, context ==================== */

static void test_omap4_dpll_enable_disable(void)
{
	struct clk *h;

	/* stopped at registration: the rate is the M/N rate anyway */
	ASSERT_EQ(V(mpu_tree_at(0x101u, CLKSEL_0, LOCK_DELAY)), 0);
	EXPECT_EQ(vt_rate("dpll_mpu"), RATE_0);
	h = vt_get("dpll_mpu");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(omap4_dpll_ops.is_enabled(&mpu), 0);
	regmodel_log_clear();
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), 0x107u);
	EXPECT_EQ(reads_of(MPU_IDLEST), LOCK_DELAY + 1);
	EXPECT_EQ(omap4_dpll_ops.is_enabled(&mpu), 1);
	EXPECT_EQ(vt_rate("dpll_mpu"), RATE_0);
	EXPECT_EQ(V(vclk_disable_unprepare(h)), 0);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), 0x101u);
	EXPECT_EQ(omap4_dpll_ops.is_enabled(&mpu), 0);
	/* a fault at each access of enable: CLKMODE as it was */
	for (int n = 1; n <= 2 + LOCK_DELAY + 1; n++) {
		vt_begin();
		ASSERT_EQ(mpu_regs(0x101u, CLKSEL_0, LOCK_DELAY), 0);
		mpu = mpu_cfg();
		ASSERT_EQ(regmodel_fail_nth(n, -VCLK_EIO), 0);
		EXPECT_EQ(omap4_dpll_ops.enable(&mpu), -VCLK_EIO);
		regmodel_clear_faults();
		EXPECT_EQ(vt_peek(MPU_CLKMODE), 0x101u);
	}
	/* bypassing: enable and disable leave it so */
	ASSERT_EQ(regmodel_poke(MPU_CLKMODE, 0x105u), 0);
	regmodel_log_clear();
	EXPECT_EQ(omap4_dpll_ops.enable(&mpu), 0);
	omap4_dpll_ops.disable(&mpu);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), 0x105u);
	EXPECT_EQ(regmodel_log_len(), 2);	/* one read each */
	EXPECT_EQ(omap4_dpll_ops.is_enabled(&mpu), 1);
}

static void test_omap4_dpll_save_restore(void)
{
	ASSERT_EQ(mpu_tree(), 0);
	omap4_dpll_ops.save_context(&mpu);
	EXPECT_TRUE(mpu.saved);
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 1008000000UL, SYS_CLKIN), 0);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_1008);
	regmodel_log_clear();
	omap4_dpll_ops.restore_context(&mpu);
	EXPECT_STR_EQ(regmodel_log_str(),
		      "W 0x4a004160=0x104, W 0x4a00416c=0x807d07, W 0x4a004160=0x107");
	EXPECT_EQ(omap4_dpll_ops.recalc_rate(&mpu, SYS_CLKIN), RATE_0);
	/* a failed save read: set_rate records what it replaced */
	mpu = mpu_cfg();
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	omap4_dpll_ops.save_context(&mpu);
	EXPECT_FALSE(mpu.saved);
	regmodel_log_clear();
	omap4_dpll_ops.restore_context(&mpu);
	EXPECT_EQ(regmodel_log_len(), 0);	/* nothing to restore */
	EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 1008000000UL, SYS_CLKIN), 0);
	EXPECT_TRUE(mpu.saved);
	EXPECT_EQ(mpu.saved_clksel, CLKSEL_0);
	EXPECT_EQ(mpu.saved_clkmode, CLKMODE_0);
	omap4_dpll_ops.restore_context(&mpu);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_0);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), CLKMODE_0);
}

/* ==================== the bypass input ==================== */

#define BYPASS_RATE 100000000UL
static struct clk_fixed_cfg bypass_clk = { .rate = BYPASS_RATE };
static const char *const p_sys_byp[] = { "sys_clkin", "mpu_byp" };

/* sys_clkin (0), mpu_byp (1) and dpll_mpu (2) on both, log cleared */
static int mpu_bypass_tree_at(uint32_t clkmode, int lock_delay)
{
	struct vclk_init_data osc = {
		.name = "sys_clkin", .ops = &clk_fixed_ops, .priv = &sys_clkin,
	};
	struct vclk_init_data byp = {
		.name = "mpu_byp", .ops = &clk_fixed_ops, .priv = &bypass_clk,
	};
	struct vclk_init_data dpll = {
		.name = "dpll_mpu", .parent_names = p_sys_byp, .num_parents = 2,
		.ops = &omap4_dpll_ops, .priv = &mpu,
	};

	mpu = mpu_cfg();
	mpu.bypass_input = true;
	if (mpu_regs(clkmode, CLKSEL_0, lock_delay) ||
	    vclk_register(&osc) != 0 || vclk_register(&byp) != 1 ||
	    vclk_register(&dpll) != 2)
		return -1;
	regmodel_log_clear();
	return 0;
}

/* the input follows DPLL_EN at registration: 5 and 6 are the bypass
 * clock, every other mode the reference */
static void test_omap4_dpll_bypass_input_at_boot(void)
{
	static const struct {
		uint32_t clkmode;
		const char *parent;
		unsigned long rate;
	} cases[] = {
		{ 0x107u, "sys_clkin", RATE_0 },
		{ 0x105u, "mpu_byp", BYPASS_RATE },
		{ 0x106u, "mpu_byp", BYPASS_RATE },
		{ 0x104u, "sys_clkin", SYS_CLKIN },	/* MN-bypass: CLKINP */
		{ 0x101u, "sys_clkin", RATE_0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct clk *h, *p;

		vt_begin();
		ASSERT_EQ(V(mpu_bypass_tree_at(cases[i].clkmode, LOCK_DELAY)), 0);
		h = vt_get("dpll_mpu");
		p = vt_get(cases[i].parent);
		ASSERT_NOT_NULL(h);
		ASSERT_NOT_NULL(p);
		EXPECT_TRUE(clk_is_match(clk_get_parent(h), p));
		EXPECT_EQ(vt_rate("dpll_mpu"), cases[i].rate);
	}
	/* without a bypass input every mode is the reference's */
	mpu = mpu_cfg();
	ASSERT_EQ(regmodel_poke(MPU_CLKMODE, 0x105u), 0);
	EXPECT_EQ(omap4_dpll_ops.get_parent(&mpu), 0);
	/* a failed read answers the reference */
	mpu.bypass_input = true;
	EXPECT_EQ(omap4_dpll_ops.get_parent(&mpu), 1);
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	EXPECT_EQ(omap4_dpll_ops.get_parent(&mpu), 0);
	regmodel_clear_faults();
}

/* clk_set_parent() to the bypass clock and back: the op's accesses, the
 * rates, the references, and set_rate refused while bypassing */
static void test_omap4_dpll_bypass_input_switch(void)
{
	static struct vt_snapshot before;
	struct clk *h, *sys, *byp;

	ASSERT_EQ(V(mpu_bypass_tree_at(CLKMODE_0, LOCK_DELAY)), 0);
	h = vt_get("dpll_mpu");
	sys = vt_get("sys_clkin");
	byp = vt_get("mpu_byp");
	ASSERT_NOT_NULL(h);
	ASSERT_NOT_NULL(sys);
	ASSERT_NOT_NULL(byp);
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	regmodel_log_clear();
	EXPECT_EQ(V(clk_set_parent(h, byp)), 0);
	/* low-power bypass (DRIFTGUARD kept), then ST_DPLL_CLK falls; then
	 * the core's recalculation reads the mode: a bypass, no CLKSEL */
	EXPECT_STR_EQ(regmodel_log_str(),
		      "R 0x4a004160=0x107, W 0x4a004160=0x105, "
		      "R 0x4a004164=0x1, R 0x4a004164=0x1, R 0x4a004164=0x0, "
		      "R 0x4a004160=0x105, R 0x4a004160=0x105");
	EXPECT_EQ(vt_rate("dpll_mpu"), BYPASS_RATE);
	EXPECT_TRUE(clk_is_match(clk_get_parent(h), byp));
	EXPECT_EQ(vt_ec("mpu_byp"), 1);
	EXPECT_EQ(vt_ec("sys_clkin"), 0);
	vt_check(__FILE__, __LINE__, "clk_set_parent to the bypass clock");

	/* bypassing, set_rate is refused after one read, nothing written */
	vt_snapshot(&before);
	regmodel_log_clear();
	EXPECT_EQ(clk_set_rate(h, 1008000000UL), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), 0x105u);
	EXPECT_EQ(vt_peek(MPU_CLKSEL), CLKSEL_0);

	/* back to the reference: lock, at the M/N it kept */
	regmodel_log_clear();
	EXPECT_EQ(V(clk_set_parent(h, sys)), 0);
	EXPECT_EQ(vt_peek(MPU_CLKMODE), CLKMODE_0);
	EXPECT_EQ(reads_of(MPU_IDLEST), LOCK_DELAY + 1);
	EXPECT_EQ(vt_rate("dpll_mpu"), RATE_0);
	EXPECT_EQ(vt_ec("mpu_byp"), 0);
	EXPECT_EQ(vt_ec("sys_clkin"), 1);
	EXPECT_EQ(V(clk_set_rate(h, 1008000000UL)), 0);
	EXPECT_EQ(vt_rate("dpll_mpu"), 1008000000UL);
	EXPECT_EQ(V(vclk_disable_unprepare(h)), 0);
	vt_check(__FILE__, __LINE__, "the bypass input and back");
}

/*
 * Each way, a fault at each access and a status bit that never comes:
 * the error, CLKMODE as it was, and through the core nothing changed.
 */
static void test_omap4_dpll_bypass_input_failures(void)
{
	static struct vt_snapshot before;

	for (int to_bypass = 0; to_bypass <= 1; to_bypass++) {
		uint32_t mode0 = to_bypass ? CLKMODE_0 : 0x105u;
		int accesses = 2 + LOCK_DELAY + 1;	/* read, write, polls */

		for (int n = 1; n <= accesses + 1; n++) {
			struct clk *h, *np;
			int ret;

			vt_begin();
			ASSERT_EQ(V(mpu_bypass_tree_at(mode0, LOCK_DELAY)), 0);
			h = vt_get("dpll_mpu");
			np = vt_get(to_bypass ? "mpu_byp" : "sys_clkin");
			ASSERT_NOT_NULL(h);
			ASSERT_NOT_NULL(np);
			vt_snapshot(&before);
			if (n <= accesses)
				ASSERT_EQ(regmodel_fail_nth(n, -VCLK_EIO), 0);
			else
				ASSERT_EQ(regmodel_stall(MPU_IDLEST), 0);
			ret = clk_set_parent(h, np);
			regmodel_clear_faults();
			EXPECT_EQ(ret, n <= accesses ? -VCLK_EIO : -VCLK_ETIMEDOUT);
			EXPECT_UNCHANGED_SINCE(&before, 0);
			EXPECT_EQ(vt_peek(MPU_CLKMODE), mode0);
			vt_check(__FILE__, __LINE__, "a failed DPLL input switch");
		}
	}
	/* input 1 without a bypass input, or no such input: nothing read */
	mpu = mpu_cfg();
	regmodel_log_clear();
	EXPECT_EQ(omap4_dpll_ops.set_parent(&mpu, 1), -VCLK_EINVAL);
	mpu.bypass_input = true;
	EXPECT_EQ(omap4_dpll_ops.set_parent(&mpu, 2), -VCLK_EINVAL);
	EXPECT_EQ(omap4_dpll_ops.set_parent(&mpu, -1), -VCLK_EINVAL);
	mpu.max_polls = 0;
	EXPECT_EQ(omap4_dpll_ops.set_parent(&mpu, 0), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_log_len(), 0);
	mpu = mpu_cfg();
}

/* set_rate refuses in every bypass mode, before any write */
static void test_omap4_dpll_set_rate_bypassing_ebusy(void)
{
	static const uint32_t modes[] = { 0x104u, 0x105u, 0x106u };

	ASSERT_EQ(mpu_regs(CLKMODE_0, CLKSEL_0, LOCK_DELAY), 0);
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		mpu = mpu_cfg();
		ASSERT_EQ(regmodel_poke(MPU_CLKMODE, modes[i]), 0);
		regmodel_log_clear();
		EXPECT_EQ(omap4_dpll_ops.set_rate(&mpu, 1008000000UL, SYS_CLKIN),
			  -VCLK_EBUSY);
		EXPECT_STR_EQ(regmodel_log_str(),
			      i == 0 ? "R 0x4a00416c=0x807d07, R 0x4a004160=0x104"
			      : i == 1 ? "R 0x4a00416c=0x807d07, R 0x4a004160=0x105"
			      : "R 0x4a00416c=0x807d07, R 0x4a004160=0x106");
	}
}

/* ==================== the X2 output ==================== */

static void test_omap4_dpll_x2_rates(void)
{
	static const struct {
		uint32_t clkmode;
		unsigned long rate;
	} cases[] = {
		{ 0x107u, 2 * RATE_0 },		/* locked */
		{ 0x101u, 2 * RATE_0 },		/* stopped: the locked rate */
		{ 0x104u, RATE_0 },		/* bypass: passed through */
		{ 0x105u, RATE_0 },
		{ 0x106u, RATE_0 },
		{ 0x907u, 2 * RATE_0 },		/* REGM4XEN is the DPLL's */
	};
	struct omap4_dpll_x2_cfg x2 = { .clkmode_reg = MPU_CLKMODE };

	ASSERT_EQ(mpu_regs(CLKMODE_0, CLKSEL_0, LOCK_DELAY), 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned long got;
		uint32_t en = cases[i].clkmode & 7u;
		int busy = en >= 4u && en <= 6u;

		ASSERT_EQ(regmodel_poke(MPU_CLKMODE, cases[i].clkmode), 0);
		got = omap4_dpll_x2_ops.recalc_rate(&x2, RATE_0);
		if (got != cases[i].rate)
			vt_fail(__FILE__, __LINE__, "case %zu: expected %lu got %lu",
				i, cases[i].rate, got);
		/* round_rate is the locked rate whatever the mode */
		EXPECT_EQ(omap4_dpll_x2_ops.round_rate(&x2, 1, RATE_0), 2 * RATE_0);
		EXPECT_EQ(omap4_dpll_x2_ops.set_rate(&x2, 2 * RATE_0, RATE_0),
			  busy ? -VCLK_EBUSY : 0);
	}
	/* twice a rate past ULONG_MAX / 2 saturates */
	ASSERT_EQ(regmodel_poke(MPU_CLKMODE, 0x7u), 0);
	EXPECT_EQ(omap4_dpll_x2_ops.recalc_rate(&x2, ULONG_MAX / 2), ULONG_MAX - 1);
	EXPECT_EQ(omap4_dpll_x2_ops.recalc_rate(&x2, ULONG_MAX / 2 + 1), ULONG_MAX);
	EXPECT_EQ(omap4_dpll_x2_ops.round_rate(&x2, 0, ULONG_MAX), ULONG_MAX);
	/* a failed read: rate 0, set_rate the errno */
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	EXPECT_EQ(omap4_dpll_x2_ops.recalc_rate(&x2, RATE_0), 0);
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	EXPECT_EQ(omap4_dpll_x2_ops.set_rate(&x2, 2 * RATE_0, RATE_0), -VCLK_EIO);
	regmodel_clear_faults();
	/* the DPLL is asked for half */
	EXPECT_EQ(omap4_dpll_x2_ops.parent_rate_candidate(&x2, 2016000001UL, 0),
		  1008000000UL);
	EXPECT_EQ(omap4_dpll_x2_ops.parent_rate_candidate(&x2, 2016000000UL, 1), 0);
}

const struct vt_test vt_tests_omap4_dpll[] = {
	VT_TEST(test_omap4_dpll_set_rate_1008),
	VT_TEST(test_omap4_dpll_set_rate_sequence),
	VT_TEST(test_omap4_dpll_set_rate_m4x),
	VT_TEST(test_omap4_dpll_set_rate_j_type),
	VT_TEST(test_omap4_dpll_not_exact_einval),
	VT_TEST(test_omap4_dpll_lock_timeout),
	VT_TEST(test_omap4_dpll_bypass_stall_timeout),
	VT_TEST(test_omap4_dpll_fault_each_access_op),
	VT_TEST(test_omap4_dpll_fault_each_access_core),
	VT_TEST(test_omap4_dpll_bypass_stop_rates),
	VT_TEST(test_omap4_dpll_enable_disable),
	VT_TEST(test_omap4_dpll_save_restore),
	VT_TEST(test_omap4_dpll_bypass_input_at_boot),
	VT_TEST(test_omap4_dpll_bypass_input_switch),
	VT_TEST(test_omap4_dpll_bypass_input_failures),
	VT_TEST(test_omap4_dpll_set_rate_bypassing_ebusy),
	VT_TEST(test_omap4_dpll_x2_rates),
	{ NULL, NULL },
};
