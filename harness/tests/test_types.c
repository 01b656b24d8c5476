/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_types.c - the basic clock types (platform/clk_basic.c)
 * registered with the core over the register model: register values after
 * each op, the divider's rounding against a brute-force reference, the
 * fixed factor's arithmetic against 128-bit integers, the seed example,
 * and a failed register access at every access of an op.
 *
 * The invariant checker (V()) recalculates every rate, which reads the
 * dividers' registers; so register values are read through the model's
 * back door (regmodel_peek()), and an op run under an armed fault is
 * called bare, the faults cleared, then the state checked.
 */
#include <limits.h>
#include "tharness.h"
#include "regmodel.h"
#include "clk_basic.h"

#define MHZ 1000000UL



static const char *const p_osc[] = { "osc" };
static const char *const p_a[] = { "A" };
static const char *const p_b[] = { "B" };
static const char *const p_osc3[] = { "osc0", "osc1", "osc2" };

/* ==================== fixed, synth ==================== */

static void types_fixed_and_synth(void)
{
	static struct clk_fixed_cfg osc = { .rate = 26 * MHZ, .accuracy = 50 };
	static struct clk_synth_cfg pll = {
		.min_rate = 100 * MHZ, .max_rate = 300 * MHZ, .rate = 200 * MHZ,
	};
	struct clk *h;

	ASSERT_EQ(V(vt_reg_clock("osc", NULL, 0, &clk_fixed_ops, &osc, 0)), 0);
	ASSERT_EQ(V(vt_reg_clock("pll", NULL, 0, &clk_synth_ops, &pll, 0)), 1);
	EXPECT_EQ(vt_rate("osc"), 26 * MHZ);
	EXPECT_EQ(vt_rate("pll"), 200 * MHZ);
	h = vt_get("pll");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(V(clk_round_rate(h, 1)), 100 * MHZ);
	EXPECT_EQ(V(clk_round_rate(h, 301 * MHZ)), 300 * MHZ);
	EXPECT_EQ(V(clk_set_rate(h, 123456789)), 0);
	EXPECT_EQ(vt_rate("pll"), 123456789);
	EXPECT_EQ(pll.rate, 123456789);
	/* set_rate refuses what round_rate would not give */
	EXPECT_EQ(clk_synth_ops.set_rate(&pll, 99 * MHZ, 0), -VCLK_EINVAL);
	EXPECT_EQ(pll.rate, 123456789);
	clk_synth_ops.save_context(&pll);
	EXPECT_EQ(clk_synth_ops.set_rate(&pll, 300 * MHZ, 0), 0);
	clk_synth_ops.restore_context(&pll);
	EXPECT_EQ(pll.rate, 123456789);
	/* the fixed clock ignores its (absent) parent */
	EXPECT_EQ(clk_fixed_ops.recalc_rate(&osc, 5), 26 * MHZ);
}

/* ==================== fixed-factor ==================== */

/* the true floor(x * mul / div), saturated as the type documents */
static unsigned long ff_reference(unsigned long x, unsigned int mul,
				  unsigned int div)
{
	unsigned __int128 r = (unsigned __int128)x * mul / div;

	return r > ULONG_MAX ? ULONG_MAX : (unsigned long)r;
}

static void types_fixed_factor_no_overflow(void)
{
	static const unsigned long parents[] = {
		0, 1, 2, 3, 1000, 26 * MHZ, UINT_MAX - 1UL, UINT_MAX,
		(unsigned long)UINT_MAX + 1, ULONG_MAX / 3, ULONG_MAX / 2,
		ULONG_MAX / 2 + 1, ULONG_MAX - 1, ULONG_MAX,
	};
	static const unsigned int factors[] = {
		1, 2, 3, 4, 7, 1000, 65535, 0x7fffffffu, UINT_MAX - 1, UINT_MAX,
	};
	int saturated = 0;

	for (size_t i = 0; i < sizeof(parents) / sizeof(parents[0]); i++) {
		for (size_t m = 0; m < sizeof(factors) / sizeof(factors[0]); m++) {
			for (size_t d = 0; d < sizeof(factors) / sizeof(factors[0]); d++) {
				struct clk_fixed_factor_cfg cfg = {
					.mult = factors[m], .div = factors[d],
				};
				unsigned long want = ff_reference(parents[i],
					factors[m], factors[d]);
				unsigned long got = clk_fixed_factor_ops.recalc_rate(
					&cfg, parents[i]);

				if (got != want)
					vt_fail(__FILE__, __LINE__,
						"%lu * %u / %u: expected %lu got %lu",
						parents[i], factors[m], factors[d],
						want, got);
				saturated += want == ULONG_MAX && parents[i] != ULONG_MAX;
			}
		}
	}
	/* the table reaches the saturation */
	EXPECT_GE(saturated, 1);
	EXPECT_EQ(clk_ff_mul_div(ULONG_MAX, 3, 2), ULONG_MAX);
	EXPECT_EQ(clk_ff_mul_div(ULONG_MAX, 1, 2), ULONG_MAX / 2);
	EXPECT_EQ(clk_ff_mul_div(5, 1, 0), 0);
}

static void types_fixed_factor_parent_candidate(void)
{
	static struct clk_synth_cfg pll = {
		.min_rate = 100 * MHZ, .max_rate = 300 * MHZ, .rate = 200 * MHZ,
	};
	static struct clk_fixed_factor_cfg half = { .mult = 1, .div = 2 };
	static const char *const p_pll[] = { "pll" };
	struct clk_fixed_factor_cfg x3 = { .mult = 3, .div = 2 };
	struct clk *h;

	ASSERT_EQ(V(vt_reg_clock("pll", NULL, 0, &clk_synth_ops, &pll, 0)), 0);
	ASSERT_EQ(V(vt_reg_clock("half", p_pll, 1, &clk_fixed_factor_ops, &half,
			      CLK_SET_RATE_PARENT)), 1);
	EXPECT_EQ(vt_rate("half"), 100 * MHZ);
	EXPECT_EQ(clk_fixed_factor_ops.parent_rate_candidate(&half, 60 * MHZ, 0),
		  120 * MHZ);
	EXPECT_EQ(clk_fixed_factor_ops.parent_rate_candidate(&half, 60 * MHZ, 1), 0);
	/* rate * div overflows: no candidate rather than a wrapped one */
	EXPECT_EQ(clk_fixed_factor_ops.parent_rate_candidate(&half, ULONG_MAX, 0), 0);
	EXPECT_EQ(clk_fixed_factor_ops.parent_rate_candidate(&x3, ULONG_MAX, 0),
		  ULONG_MAX / 3 * 2 + (ULONG_MAX % 3) * 2 / 3);
	h = vt_get("half");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(V(clk_set_rate(h, 60 * MHZ)), 0);
	EXPECT_EQ(vt_rate("pll"), 120 * MHZ);
	EXPECT_EQ(vt_rate("half"), 60 * MHZ);
}

/* ==================== gate ==================== */

#define GATE_REG 0x2000u

static struct clk_fixed_cfg osc_cfg = { .rate = 24 * MHZ };

static int gate_tree(struct clk_gate_cfg *gate)
{
	if (vt_reg_clock("osc", NULL, 0, &clk_fixed_ops, &osc_cfg, 0) != 0 ||
	    vt_reg_clock("gate", p_osc, 1, &clk_gate_ops, gate, 0) != 1)
		return -1;
	regmodel_log_clear();
	return 0;
}

static void types_gate_bit5(void)
{
	static struct clk_gate_cfg gate = { .reg = GATE_REG, .bit = 5 };
	struct clk *h;

	ASSERT_EQ(regmodel_define(GATE_REG, 0x80000001u), 0);
	ASSERT_EQ(V(gate_tree(&gate)), 0);
	EXPECT_EQ(vt_rate("gate"), 24 * MHZ);	/* pass-through */
	h = vt_get("gate");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(clk_gate_ops.is_enabled(&gate), 0);
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	EXPECT_EQ(vt_peek(GATE_REG), 0x80000021u);	/* other bits kept */
	EXPECT_EQ(clk_gate_ops.is_enabled(&gate), 1);
	EXPECT_EQ(V(vclk_disable_unprepare(h)), 0);
	EXPECT_EQ(vt_peek(GATE_REG), 0x80000001u);
	EXPECT_EQ(clk_gate_ops.is_enabled(&gate), 0);
}

static void types_gate_set_to_disable_bit15(void)
{
	static struct clk_gate_cfg gate = {
		.reg = GATE_REG, .bit = 15, .flags = CLK_GATE_SET_TO_DISABLE,
	};
	struct clk *h;

	ASSERT_EQ(regmodel_define(GATE_REG, 0x8000u), 0);	/* gated */
	ASSERT_EQ(V(gate_tree(&gate)), 0);
	h = vt_get("gate");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(clk_gate_ops.is_enabled(&gate), 0);
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	EXPECT_EQ(vt_peek(GATE_REG), 0);
	EXPECT_EQ(clk_gate_ops.is_enabled(&gate), 1);
	EXPECT_EQ(V(vclk_disable_unprepare(h)), 0);
	EXPECT_EQ(vt_peek(GATE_REG), 0x8000u);
}

/* the one access of the log, a write of @val */
#define EXPECT_ONE_WRITE(val)						\
	do {								\
		const struct regmodel_access *a_ = regmodel_log_at(0);	\
		EXPECT_EQ(regmodel_log_len(), 1);			\
		ASSERT_NOT_NULL(a_);					\
		EXPECT_TRUE(a_->write);					\
		EXPECT_EQ(a_->value, (val));				\
		regmodel_log_clear();					\
	} while (0)

static void types_gate_hiword_bit9(void)
{
	static struct clk_gate_cfg gate = {
		.reg = GATE_REG, .bit = 9, .flags = CLK_GATE_HIWORD_MASK,
	};
	struct clk *h;

	ASSERT_EQ(regmodel_set_hiword(GATE_REG), 0);
	ASSERT_EQ(regmodel_poke(GATE_REG, 0x0001u), 0);
	ASSERT_EQ(V(gate_tree(&gate)), 0);
	h = vt_get("gate");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	EXPECT_ONE_WRITE(0x02000200u);		/* no read needed */
	EXPECT_EQ(vt_peek(GATE_REG), 0x0201u);	/* bit 0 untouched */
	EXPECT_EQ(V(vclk_disable_unprepare(h)), 0);
	EXPECT_ONE_WRITE(0x02000000u);
	EXPECT_EQ(vt_peek(GATE_REG), 0x0001u);
	/* a hiword gate has 16 bits */
	gate.bit = 16;
	EXPECT_EQ(clk_gate_ops.enable(&gate), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_log_len(), 0);
}

static void types_gate_fault_changes_nothing(void)
{
	static struct clk_gate_cfg gate = { .reg = GATE_REG, .bit = 5 };
	static struct clk_gate_cfg hiword = {
		.reg = GATE_REG + 4, .bit = 9, .flags = CLK_GATE_HIWORD_MASK,
	};
	struct clk *h;

	ASSERT_EQ(regmodel_define(GATE_REG, 0x1u), 0);
	ASSERT_EQ(regmodel_set_hiword(GATE_REG + 4), 0);
	ASSERT_EQ(V(gate_tree(&gate)), 0);
	h = vt_get("gate");
	ASSERT_NOT_NULL(h);
	ASSERT_EQ(V(clk_prepare(h)), 0);
	/* the read, then the write of the read-modify-write */
	for (int n = 1; n <= 2; n++) {
		ASSERT_EQ(regmodel_fail_nth(n, -VCLK_EIO), 0);
		EXPECT_EQ(clk_enable(h), -VCLK_EIO);
		regmodel_clear_faults();
		vt_check(__FILE__, __LINE__, "clk_enable under a fault");
		EXPECT_EQ(vt_peek(GATE_REG), 0x1u);
		EXPECT_EQ(vt_ec("gate"), 0);
	}
	EXPECT_EQ(V(clk_enable(h)), 0);
	EXPECT_EQ(vt_peek(GATE_REG), 0x21u);
	/* disable cannot report it; the bit stays as it was */
	ASSERT_EQ(regmodel_fail_nth(2, -VCLK_EIO), 0);
	clk_gate_ops.disable(&gate);
	regmodel_clear_faults();
	EXPECT_EQ(vt_peek(GATE_REG), 0x21u);
	/* is_enabled has no error value: a failed read answers 0 */
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	EXPECT_EQ(clk_gate_ops.is_enabled(&gate), 0);
	/* the hiword gate's one write */
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_ETIMEDOUT), 0);
	EXPECT_EQ(clk_gate_ops.enable(&hiword), -VCLK_ETIMEDOUT);
	EXPECT_EQ(vt_peek(GATE_REG + 4), 0);
}

/*
 * A gate registered without a parent, as Linux's
 * clk_hw_register_gate(dev, name, NULL, ...) does: __clk_hw_register_gate()
 * (drivers/clk/clk-gate.c) gives it num_parents 0, and the clock is a
 * root.  Its rate is 0: __clk_core_init() (drivers/clk/clk.c) takes
 * recalc_rate, else the parent's rate, else 0, and clk_gate_ops has no
 * recalc_rate.  Its ops still drive its bit (clk_gate_endisable(),
 * clk_gate_is_enabled()).  clk_round_rate() answers the clock's rate, 0
 * (clk_core_round_rate_nolock(): no determine_rate or round_rate op, so
 * req->rate = core->rate), and clk_set_rate() returns 0 and changes
 * nothing (clk_core_set_rate_nolock(): the rounded rate is the current
 * one, "bail early if nothing to do").
 */
static void types_gate_without_parent(void)
{
	static struct clk_gate_cfg gate = { .reg = GATE_REG, .bit = 5 };
	static struct vt_snapshot before;
	struct vclk_init_data init = {
		.name = "gate", .parent_names = NULL, .num_parents = 0,
		.ops = &clk_gate_ops, .priv = &gate,
	};
	struct clk *h;
	int id;

	ASSERT_EQ(regmodel_define(GATE_REG, 0x80000001u), 0);
	id = (int)V(vclk_register(&init));
	ASSERT_EQ(id, 0);
	EXPECT_EQ(vclk_clock_num_parents(id), 0);
	EXPECT_LT(vclk_clock_parent(id), 0);		/* a root, not an orphan */
	h = vt_get("gate");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(V(clk_get_rate(h)), 0);
	EXPECT_FALSE(clk_is_enabled(h));

	/* enable and disable write the gate's bit, and only it */
	regmodel_log_clear();
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	EXPECT_EQ(vt_peek(GATE_REG), 0x80000021u);
	EXPECT_TRUE(clk_is_enabled(h));
	EXPECT_EQ(clk_gate_ops.is_enabled(&gate), 1);
	EXPECT_EQ(V(clk_get_rate(h)), 0);		/* enabled, still no rate */

	/* round_rate answers 0 whatever the request; set_rate returns 0, no
	 * register access and no state change, enabled or not */
	EXPECT_EQ(V(clk_round_rate(h, 0)), 0);
	EXPECT_EQ(V(clk_round_rate(h, 24 * MHZ)), 0);
	EXPECT_EQ(V(clk_round_rate(h, ULONG_MAX)), 0);
	vt_snapshot(&before);
	regmodel_log_clear();
	EXPECT_EQ(V(clk_set_rate(h, 24 * MHZ)), 0);
	EXPECT_EQ(V(clk_set_rate(h, 1)), 0);
	EXPECT_EQ(regmodel_log_len(), 0);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(vt_rate("gate"), 0);
	EXPECT_EQ(vt_peek(GATE_REG), 0x80000021u);

	EXPECT_EQ(V(vclk_disable_unprepare(h)), 0);
	EXPECT_EQ(vt_peek(GATE_REG), 0x80000001u);
	EXPECT_FALSE(clk_is_enabled(h));
	EXPECT_EQ(clk_gate_ops.is_enabled(&gate), 0);
	EXPECT_EQ(V(clk_set_rate(h, 24 * MHZ)), 0);
	EXPECT_EQ(vt_rate("gate"), 0);
	EXPECT_EQ(vt_peek(GATE_REG), 0x80000001u);
}

/* ==================== mux ==================== */

#define MUX_REG 0x3000u

static struct clk_fixed_cfg osc_n[3] = {
	{ .rate = 1 * MHZ }, { .rate = 2 * MHZ }, { .rate = 3 * MHZ },
};

static int mux_tree(struct clk_mux_cfg *mux)
{
	for (int i = 0; i < 3; i++)
		if (vt_reg_clock(p_osc3[i], NULL, 0, &clk_fixed_ops, &osc_n[i], 0) != i)
			return -1;
	return vt_reg_clock("mux", p_osc3, 3, &clk_mux_ops, mux, 0) == 3 ? 0 : -1;
}

static void types_mux_plain(void)
{
	static struct clk_mux_cfg mux = {
		.reg = MUX_REG, .shift = 4, .width = 2, .num_parents = 3,
	};
	struct clk *h, *p0;

	ASSERT_EQ(regmodel_define(MUX_REG, 0xf00fu | (2u << 4)), 0);
	ASSERT_EQ(V(mux_tree(&mux)), 0);
	EXPECT_EQ(vclk_clock_parent(vt_id("mux")), vt_id("osc2"));
	EXPECT_EQ(vt_rate("mux"), 3 * MHZ);
	h = vt_get("mux");
	p0 = vt_get("osc0");
	ASSERT_NOT_NULL(h);
	ASSERT_NOT_NULL(p0);
	EXPECT_EQ(V(clk_set_parent(h, p0)), 0);
	EXPECT_EQ(vt_peek(MUX_REG), 0xf00fu);	/* field 0, the rest kept */
	EXPECT_EQ(vt_rate("mux"), 1 * MHZ);
	EXPECT_EQ(clk_mux_ops.get_parent(&mux), 0);
	/* field value 3: no parent */
	ASSERT_EQ(regmodel_poke(MUX_REG, 3u << 4), 0);
	EXPECT_EQ(clk_mux_ops.get_parent(&mux), -1);
	EXPECT_EQ(clk_mux_ops.set_parent(&mux, 3), -VCLK_EINVAL);
	EXPECT_EQ(vt_peek(MUX_REG), 3u << 4);
}

static void types_mux_table(void)
{
	static const uint32_t table[3] = { 0x2, 0x3, 0x0 };
	static struct clk_mux_cfg mux = {
		.reg = MUX_REG, .shift = 0, .width = 2, .num_parents = 3,
		.table = table,
	};
	struct clk *h, *p1;

	ASSERT_EQ(regmodel_define(MUX_REG, 0x100u), 0);	/* field 0: parent 2 */
	ASSERT_EQ(V(mux_tree(&mux)), 0);
	EXPECT_EQ(vclk_clock_parent(vt_id("mux")), vt_id("osc2"));
	h = vt_get("mux");
	p1 = vt_get("osc1");
	ASSERT_NOT_NULL(h);
	ASSERT_NOT_NULL(p1);
	EXPECT_EQ(V(clk_set_parent(h, p1)), 0);
	EXPECT_EQ(vt_peek(MUX_REG), 0x103u);
	EXPECT_EQ(vt_rate("mux"), 2 * MHZ);
	/* field value 1 is in no table entry */
	ASSERT_EQ(regmodel_poke(MUX_REG, 0x1u), 0);
	EXPECT_EQ(clk_mux_ops.get_parent(&mux), -1);
}

static void types_mux_fault_changes_nothing(void)
{
	static struct clk_mux_cfg mux = {
		.reg = MUX_REG, .shift = 4, .width = 2, .num_parents = 3,
	};
	static struct vt_snapshot before;
	struct clk *h, *p0;

	ASSERT_EQ(regmodel_define(MUX_REG, 1u << 4), 0);
	ASSERT_EQ(V(mux_tree(&mux)), 0);
	h = vt_get("mux");
	p0 = vt_get("osc0");
	ASSERT_NOT_NULL(h);
	ASSERT_NOT_NULL(p0);
	vt_snapshot(&before);
	for (int n = 1; n <= 2; n++) {
		ASSERT_EQ(regmodel_fail_nth(n, -VCLK_EIO), 0);
		EXPECT_EQ(clk_set_parent(h, p0), -VCLK_EIO);
		regmodel_clear_faults();
		vt_check(__FILE__, __LINE__, "clk_set_parent under a fault");
		EXPECT_EQ(vt_peek(MUX_REG), 1u << 4);
		EXPECT_UNCHANGED_SINCE(&before, 0);
	}
	/* get_parent returns the read's errno (the core sees -1) */
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	EXPECT_EQ(clk_mux_ops.get_parent(&mux), -VCLK_EIO);
}

/* ==================== divider arithmetic ==================== */

#define DIV_REG 0x4000u

static const struct clk_div_table div_table[] = {
	{ .val = 0, .div = 1 }, { .val = 1, .div = 3 }, { .val = 2, .div = 4 },
	{ .val = 3, .div = 7 }, { .val = 5, .div = 2 },	/* 5 does not fit */
};

/* the configs the rounding tests run over: every flag, widths 1..4 */
static struct clk_divider_cfg div_cfg(int i)
{
	static const unsigned int flags[] = {
		0, CLK_DIVIDER_ONE_BASED,
		CLK_DIVIDER_ONE_BASED | CLK_DIVIDER_ALLOW_ZERO,
		CLK_DIVIDER_POWER_OF_TWO,
	};
	struct clk_divider_cfg cfg = {
		.reg = DIV_REG, .shift = 3, .width = 1 + (unsigned int)(i / 8) % 4,
		.flags = flags[i % 4],
	};

	if (i % 8 >= 4)
		cfg.flags |= CLK_DIVIDER_ROUND_CLOSEST;
	if (i >= 32) {
		cfg.flags = (i & 1) ? CLK_DIVIDER_ROUND_CLOSEST : 0;
		cfg.width = 2;
		cfg.table = div_table;
		cfg.table_len = 5;
	}
	return cfg;
}
#define NR_DIV_CFGS 34

/* the divider field value @val selects, by the rules, independently */
static unsigned long long ref_divider(const struct clk_divider_cfg *cfg,
				      uint32_t val)
{
	if (cfg->table_len) {
		for (int i = 0; i < cfg->table_len; i++)
			if (cfg->table[i].val == val)
				return cfg->table[i].div;
		return 0;
	}
	if (cfg->flags & CLK_DIVIDER_ONE_BASED)
		return val ? val : !!(cfg->flags & CLK_DIVIDER_ALLOW_ZERO);
	if (cfg->flags & CLK_DIVIDER_POWER_OF_TWO)
		return 1ULL << val;
	return val + 1ULL;
}

static unsigned long ref_rate(unsigned long parent, unsigned long long div)
{
	return (unsigned long)(((unsigned __int128)parent + div - 1) / div);
}

/* round_rate by brute force over every field value */
static unsigned long ref_round(const struct clk_divider_cfg *cfg,
			       unsigned long rate, unsigned long parent)
{
	unsigned long best = 0;
	bool found = false, closest = cfg->flags & CLK_DIVIDER_ROUND_CLOSEST;

	for (uint32_t v = 0; v < (1u << cfg->width); v++) {
		unsigned long long d = ref_divider(cfg, v);
		unsigned long r;

		if (!d)
			continue;
		r = ref_rate(parent, d);
		if (!found) {
			best = r;
		} else if (closest) {
			unsigned long dn = r > rate ? r - rate : rate - r;
			unsigned long db = best > rate ? best - rate : rate - best;

			if (dn < db || (dn == db && r < best))
				best = r;
		} else if (r <= rate ? (best > rate || r > best) : (best > rate && r < best)) {
			best = r;
		}
		found = true;
	}
	return best;
}

/* a width-3 divider at @shift of DIV_REG, with @flags or div_table */
static struct clk_divider_cfg width3_cfg(unsigned int shift, unsigned int flags,
					 bool table)
{
	return (struct clk_divider_cfg){
		.reg = DIV_REG, .shift = shift, .width = 3, .flags = flags,
		.table = table ? div_table : NULL, .table_len = table ? 5 : 0,
	};
}

static void types_divider_recalc_each_flag(void)
{
	static const struct {
		unsigned int flags;
		bool table;
		uint32_t val;
		unsigned long rate;	/* of 1000 Hz */
	} cases[] = {
		{ 0, false, 0, 1000 }, { 0, false, 2, 334 }, { 0, false, 7, 125 },
		{ CLK_DIVIDER_ONE_BASED, false, 3, 334 },
		{ CLK_DIVIDER_ONE_BASED, false, 0, 1000 },	/* none: parent */
		{ CLK_DIVIDER_ONE_BASED | CLK_DIVIDER_ALLOW_ZERO, false, 0, 1000 },
		{ CLK_DIVIDER_ONE_BASED | CLK_DIVIDER_ALLOW_ZERO, false, 6, 167 },
		{ CLK_DIVIDER_POWER_OF_TWO, false, 0, 1000 },
		{ CLK_DIVIDER_POWER_OF_TWO, false, 3, 125 },
		{ CLK_DIVIDER_POWER_OF_TWO, false, 7, 8 },	/* 1000/128 up */
		{ 0, true, 1, 334 }, { 0, true, 3, 143 },
		{ 0, true, 4, 1000 },	/* in no entry: parent */
	};
	static struct clk_fixed_cfg parent = { .rate = 1000 };
	static struct clk_divider_cfg reg_div = {
		.reg = DIV_REG, .shift = 3, .width = 3,
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct clk_divider_cfg cfg = width3_cfg(3, cases[i].flags,
							cases[i].table);

		ASSERT_EQ(regmodel_poke(DIV_REG, 0xffffff00u | cases[i].val << 3), 0);
		if (clk_divider_ops.recalc_rate(&cfg, 1000) != cases[i].rate)
			vt_fail(__FILE__, __LINE__,
				"case %zu: flags %#x val %u: expected %lu got %lu",
				i, cases[i].flags, cases[i].val, cases[i].rate,
				clk_divider_ops.recalc_rate(&cfg, 1000));
	}
	/* a registered one: the core's rate is the register's */
	ASSERT_EQ(regmodel_poke(DIV_REG, 4u << 3), 0);
	ASSERT_EQ(V(vt_reg_clock("osc", NULL, 0, &clk_fixed_ops, &parent, 0)), 0);
	ASSERT_EQ(V(vt_reg_clock("div", p_osc, 1, &clk_divider_ops, &reg_div, 0)), 1);
	EXPECT_EQ(vt_rate("div"), 200);
	/* no wrap at the top: DIV_ROUND_UP(ULONG_MAX, 2) */
	EXPECT_EQ(clk_div_rate(ULONG_MAX, 2), ULONG_MAX / 2 + 1);
	EXPECT_EQ(clk_div_rate(ULONG_MAX, 1), ULONG_MAX);
}

static void types_divider_round_never_above(void)
{
	static const unsigned long parents[] = {
		0, 1, 7, 1000, 999983, 24 * MHZ, ULONG_MAX - 1, ULONG_MAX,
	};
	int checked = 0;

	for (int c = 0; c < NR_DIV_CFGS; c++) {
		struct clk_divider_cfg cfg = div_cfg(c);
		bool closest = cfg.flags & CLK_DIVIDER_ROUND_CLOSEST;

		for (size_t p = 0; p < sizeof(parents) / sizeof(parents[0]); p++) {
			unsigned long parent = parents[p];
			unsigned long asks[40];
			int n = 0;

			asks[n++] = 0;
			asks[n++] = 1;
			asks[n++] = ULONG_MAX;
			asks[n++] = ULONG_MAX - 1;
			for (unsigned long long d = 1; d <= 16; d++) {
				asks[n++] = ref_rate(parent, d);
				asks[n++] = ref_rate(parent, d) + 1;
			}
			for (int a = 0; a < n; a++) {
				unsigned long r = clk_divider_ops.round_rate(
					&cfg, asks[a], parent);
				unsigned long want = ref_round(&cfg, asks[a], parent);

				checked++;
				if (r != want)
					vt_fail(__FILE__, __LINE__,
						"cfg %d parent %lu ask %lu: expected %lu got %lu",
						c, parent, asks[a], want, r);
				/* above only when round-closest or nothing is below */
				if (!closest && r > asks[a] &&
				    r != ref_round(&cfg, 0, parent))
					vt_fail(__FILE__, __LINE__,
						"cfg %d parent %lu ask %lu: %lu above",
						c, parent, asks[a], r);
				/* and set_rate then gives exactly that */
				if (clk_divider_ops.set_rate(&cfg, r, parent) != 0 ||
				    clk_divider_ops.recalc_rate(&cfg, parent) != r)
					vt_fail(__FILE__, __LINE__,
						"cfg %d parent %lu: set_rate %lu fails",
						c, parent, r);
			}
		}
	}
	EXPECT_GE(checked, 1000);
}

/*
 * Round-closest on a tie goes to the lower rate, the larger divider, as
 * Linux's _div_round_closest() (clk-divider.c): "(rate - up_rate) <=
 * (down_rate - rate) ? up : down".  1200 Hz asked for 500: /2 gives 600
 * and /3 gives 400, both 100 Hz away; 400 it is (clk_div_best tie_low).
 * Off the tie, the nearer wins either way round.
 */
static void types_divider_round_closest_tie_goes_low(void)
{
	struct clk_divider_cfg cfg = width3_cfg(8, CLK_DIVIDER_ROUND_CLOSEST,
						false);

	EXPECT_EQ(clk_divider_ops.round_rate(&cfg, 500, 1200), 400);
	EXPECT_EQ(clk_divider_ops.round_rate(&cfg, 501, 1200), 600);
	EXPECT_EQ(clk_divider_ops.round_rate(&cfg, 499, 1200), 400);
	/* without the flag: never above the request */
	cfg.flags = 0;
	EXPECT_EQ(clk_divider_ops.round_rate(&cfg, 599, 1200), 400);
}

static void types_divider_set_rate_fields(void)
{
	static const struct {
		unsigned int flags;
		bool table;
		unsigned long rate;
		uint32_t field;		/* at shift 8, width 3 */
	} cases[] = {
		{ 0, false, 300, 3 }, { 0, false, 1200, 0 }, { 0, false, 150, 7 },
		{ CLK_DIVIDER_ONE_BASED, false, 300, 4 },
		{ CLK_DIVIDER_ONE_BASED, false, 1200, 1 },
		{ CLK_DIVIDER_POWER_OF_TWO, false, 300, 2 },
		{ CLK_DIVIDER_POWER_OF_TWO, false, 75, 4 },
		{ 0, true, 400, 1 }, { 0, true, 300, 2 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct clk_divider_cfg cfg = width3_cfg(8, cases[i].flags,
							cases[i].table);

		ASSERT_EQ(regmodel_poke(DIV_REG, 0xa5a5ffffu), 0);
		EXPECT_EQ(clk_divider_ops.set_rate(&cfg, cases[i].rate, 1200), 0);
		EXPECT_EQ(vt_peek(DIV_REG), 0xa5a5f8ffu | cases[i].field << 8);
	}
	/*
	 * Width 2: no divider gives 500 of 1200, and 600 needs the table's
	 * / 2, whose value 5 does not fit the field.
	 */
	{
		struct clk_divider_cfg cfg = {
			.reg = DIV_REG, .shift = 8, .width = 2,
			.table = div_table, .table_len = 5,
		};

		ASSERT_EQ(regmodel_poke(DIV_REG, 0x100u), 0);
		regmodel_log_clear();
		EXPECT_EQ(clk_divider_ops.set_rate(&cfg, 500, 1200), -VCLK_EINVAL);
		EXPECT_EQ(clk_divider_ops.set_rate(&cfg, 600, 1200), -VCLK_EINVAL);
		EXPECT_EQ(clk_div_value_of(&cfg, 2, &(uint32_t){ 0 }), -VCLK_EINVAL);
		EXPECT_EQ(vt_peek(DIV_REG), 0x100u);
		EXPECT_EQ(regmodel_log_len(), 0);	/* refused before any access */
	}
}

static void types_divider_parent_candidates(void)
{
	struct clk_divider_cfg plain = { .reg = DIV_REG, .width = 2 };
	struct clk_divider_cfg pow2 = {
		.reg = DIV_REG, .width = 2, .flags = CLK_DIVIDER_POWER_OF_TWO,
	};
	struct clk_divider_cfg table = {
		.reg = DIV_REG, .width = 2, .table = div_table, .table_len = 5,
	};
	static const unsigned long want_plain[] = { 10, 20, 30, 40, 0 };
	static const unsigned long want_pow2[] = { 10, 20, 40, 80, 0 };
	static const unsigned long want_table[] = { 10, 30, 40, 70, 0 };

	for (int k = 0; k < 5; k++) {
		EXPECT_EQ(clk_divider_ops.parent_rate_candidate(&plain, 10, k), want_plain[k]);
		EXPECT_EQ(clk_divider_ops.parent_rate_candidate(&pow2, 10, k), want_pow2[k]);
		EXPECT_EQ(clk_divider_ops.parent_rate_candidate(&table, 10, k), want_table[k]);
	}
	/* rate * div overflows: no candidate */
	EXPECT_EQ(clk_divider_ops.parent_rate_candidate(&plain, ULONG_MAX, 0), ULONG_MAX);
	EXPECT_EQ(clk_divider_ops.parent_rate_candidate(&plain, ULONG_MAX, 1), 0);
	EXPECT_EQ(clk_divider_ops.parent_rate_candidate(&plain, ULONG_MAX / 2 + 1, 1), 0);
}

/* a width-32 field: dividers up to 2^32, and 2^63 for a power of two */
static void types_divider_wide_fields(void)
{
	struct clk_divider_cfg plain = { .reg = DIV_REG, .width = 32 };
	struct clk_divider_cfg pow2 = {
		.reg = DIV_REG, .width = 32, .flags = CLK_DIVIDER_POWER_OF_TWO,
	};
	uint32_t val = 0;

	EXPECT_EQ(clk_div_round_down(&plain, ULLONG_MAX), 0x100000000ULL);
	EXPECT_EQ(clk_div_round_down(&pow2, ULLONG_MAX), 1ULL << 63);
	EXPECT_EQ(clk_div_value_of(&plain, 0x100000000ULL, &val), 0);
	EXPECT_EQ(val, 0xffffffffu);
	EXPECT_EQ(clk_div_value_of(&plain, 0x100000001ULL, &val), -VCLK_EINVAL);
	EXPECT_EQ(clk_divider_ops.round_rate(&plain, 0, ULONG_MAX),
		  ref_rate(ULONG_MAX, 0x100000000ULL));
	/* the largest power of two, 2^63, is as far as it goes */
	EXPECT_EQ(clk_divider_ops.round_rate(&pow2, 1, ULONG_MAX),
		  ref_rate(ULONG_MAX, 1ULL << 63));
	EXPECT_EQ(clk_divider_ops.round_rate(&plain, ULONG_MAX, ULONG_MAX), ULONG_MAX);
	EXPECT_EQ(clk_divider_ops.set_rate(&pow2, 1, ULONG_MAX), -VCLK_EINVAL);
	EXPECT_EQ(clk_divider_ops.set_rate(&pow2, ref_rate(ULONG_MAX, 1ULL << 63),
					   ULONG_MAX), 0);
	EXPECT_EQ(vt_peek(DIV_REG), 63);
}

/* ==================== the seed example ==================== */

#define B_REG 0x1000u
#define C_REG 0x1004u

static struct clk_synth_cfg seed_a;
static struct clk_divider_cfg seed_b, seed_c;

/*
 * A synth 100..300 MHz at 200; B = A / (field + 1) with B's register at
 * @b_reg_value, C = B / 1; width-1 dividers in bit 0 (bits 4..7 are set
 * to show that a write keeps the rest of the register).
 */
static int seed_tree_at(uint32_t b_reg_value)
{
	seed_a = (struct clk_synth_cfg){
		.min_rate = 100 * MHZ, .max_rate = 300 * MHZ, .rate = 200 * MHZ,
	};
	seed_b = (struct clk_divider_cfg){ .reg = B_REG, .shift = 0, .width = 1 };
	seed_c = (struct clk_divider_cfg){ .reg = C_REG, .shift = 0, .width = 1 };
	if (regmodel_define(B_REG, b_reg_value) || regmodel_define(C_REG, 0xf0u) ||
	    vt_reg_clock("A", NULL, 0, &clk_synth_ops, &seed_a, 0) != 0 ||
	    vt_reg_clock("B", p_a, 1, &clk_divider_ops, &seed_b, CLK_SET_RATE_PARENT) != 1 ||
	    vt_reg_clock("C", p_b, 1, &clk_divider_ops, &seed_c, CLK_SET_RATE_PARENT) != 2)
		return -1;
	regmodel_log_clear();
	return 0;
}

/* the seed documentation's tree: B at / 2 */
static int seed_tree(void)
{
	return seed_tree_at(0xf1u);
}

static void types_seed_example_104_52_26(void)
{
	struct clk *c;

	ASSERT_EQ(V(seed_tree()), 0);
	EXPECT_EQ(vt_rate("B"), 100 * MHZ);
	EXPECT_EQ(vt_rate("C"), 100 * MHZ);
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(V(clk_round_rate(c, 26 * MHZ)), 26 * MHZ);
	EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), 0);
	EXPECT_EQ(vt_rate("A"), 104 * MHZ);
	EXPECT_EQ(vt_rate("B"), 52 * MHZ);
	EXPECT_EQ(vt_rate("C"), 26 * MHZ);
	EXPECT_EQ(seed_a.rate, 104 * MHZ);
	EXPECT_EQ(vt_peek(B_REG), 0xf1u);	/* field 1: / 2 */
	EXPECT_EQ(vt_peek(C_REG), 0xf1u);	/* field 1: / 2 */
}

/*
 * A fault at each register access of the change: the accesses are
 * save B (read), set_rate B (read, write), the dispatcher's check of B
 * (read), then the same for C.  A failed save read is not an error (the
 * set_rate after it records what it replaced); every other failure
 * returns the error with registers, synth and core as they were.
 */
static void types_seed_fault_at_each_access(void)
{
	static const int want[] = { 0, -VCLK_EIO, -VCLK_EIO, -VCLK_EIO,
				    0, -VCLK_EIO, -VCLK_EIO, -VCLK_EIO, 0 };
	static struct vt_snapshot before;
	struct clk *clean;
	int accesses;

	/* the clean run's accesses */
	ASSERT_EQ(V(seed_tree()), 0);
	clean = vt_get("C");
	ASSERT_NOT_NULL(clean);
	regmodel_log_clear();	/* the invariant checks read B and C */
	ASSERT_EQ(clk_set_rate(clean, 26 * MHZ), 0);
	accesses = regmodel_log_len();
	EXPECT_EQ(accesses, 8);
	EXPECT_STR_EQ(regmodel_log_str(),
		      "R 0x1000=0xf1, R 0x1000=0xf1, W 0x1000=0xf1, R 0x1000=0xf1, "
		      "R 0x1004=0xf0, R 0x1004=0xf0, W 0x1004=0xf1, R 0x1004=0xf1");

	for (int n = 1; n <= 9; n++) {
		struct clk *c;
		int ret;

		vt_begin();
		ASSERT_EQ(V(seed_tree()), 0);
		c = vt_get("C");
		ASSERT_NOT_NULL(c);
		vt_snapshot(&before);
		ASSERT_EQ(regmodel_fail_nth(n, -VCLK_EIO), 0);
		ret = clk_set_rate(c, 26 * MHZ);
		regmodel_clear_faults();
		vt_check(__FILE__, __LINE__, "clk_set_rate under a fault");
		if (ret != want[n - 1])
			vt_fail(__FILE__, __LINE__, "fault at access %d: expected %d got %d",
				n, want[n - 1], ret);
		if (ret) {
			EXPECT_UNCHANGED_SINCE(&before, 0);
			EXPECT_EQ(vt_peek(B_REG), 0xf1u);
			EXPECT_EQ(vt_peek(C_REG), 0xf0u);
			EXPECT_EQ(seed_a.rate, 200 * MHZ);
		} else {
			EXPECT_EQ(vt_rate("C"), 26 * MHZ);
			EXPECT_EQ(vt_peek(B_REG), 0xf1u);
			EXPECT_EQ(vt_peek(C_REG), 0xf1u);
		}
	}
}

/*
 * B's save read fails, then C's write: B, which the change had moved from
 * / 1 to / 2, is still put back (its set_rate recorded what it replaced).
 */
static void types_seed_failed_save_then_failure(void)
{
	static struct vt_snapshot before;
	struct clk *c;

	ASSERT_EQ(V(seed_tree_at(0xf0u)), 0);	/* B / 1: 200 MHz */
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	vt_snapshot(&before);
	regmodel_log_clear();
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);	/* save B's read */
	ASSERT_EQ(regmodel_fail_nth(7, -VCLK_EIO), 0);	/* C's write */
	EXPECT_EQ(clk_set_rate(c, 26 * MHZ), -VCLK_EIO);
	regmodel_clear_faults();
	/* the rollback: B's restore puts / 1 back */
	EXPECT_STR_EQ(regmodel_log_str(),
		      "R 0x1000 FAIL -5, R 0x1000=0xf0, W 0x1000=0xf1, R 0x1000=0xf1, "
		      "R 0x1004=0xf0, R 0x1004=0xf0, W 0x1004 FAIL -5, "
		      "R 0x1000=0xf1, W 0x1000=0xf0");
	vt_check(__FILE__, __LINE__, "clk_set_rate under two faults");
	EXPECT_EQ(vt_peek(B_REG), 0xf0u);
	EXPECT_EQ(vt_peek(C_REG), 0xf0u);
	EXPECT_EQ(seed_a.rate, 200 * MHZ);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

/* ==================== registration table ==================== */

const struct vt_test vt_tests_types[] = {
	VT_TEST(types_fixed_and_synth),
	VT_TEST(types_fixed_factor_no_overflow),
	VT_TEST(types_fixed_factor_parent_candidate),
	VT_TEST(types_gate_bit5),
	VT_TEST(types_gate_set_to_disable_bit15),
	VT_TEST(types_gate_hiword_bit9),
	VT_TEST(types_gate_fault_changes_nothing),
	VT_TEST(types_gate_without_parent),
	VT_TEST(types_mux_plain),
	VT_TEST(types_mux_table),
	VT_TEST(types_mux_fault_changes_nothing),
	VT_TEST(types_divider_recalc_each_flag),
	VT_TEST(types_divider_round_never_above),
	VT_TEST(types_divider_round_closest_tie_goes_low),
	VT_TEST(types_divider_set_rate_fields),
	VT_TEST(types_divider_parent_candidates),
	VT_TEST(types_divider_wide_fields),
	VT_TEST(types_seed_example_104_52_26),
	VT_TEST(types_seed_fault_at_each_access),
	VT_TEST(types_seed_failed_save_then_failure),
	{ NULL, NULL },
};
