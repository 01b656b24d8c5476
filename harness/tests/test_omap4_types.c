/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_omap4_types.c - the OMAP4 clock types
 * (platform/omap4/omap4_clk.c) over the register model: clksel dividers
 * with OMAP4 tables, the DPLL_MPU M2 HS post-divider, module gates with
 * their L4PER clock domain, and a failed register access at every access
 * of each op (registers and domain counts as before).
 *
 * Register addresses are the OMAP4430 ones (CM1 0x4A004000, CM2
 * 0x4A008000); the model does not depend on them.  Register values are
 * read through the model's back door (regmodel_peek()), which is not an
 * access and so is not logged.
 */
#include <limits.h>
#include "tharness.h"
#include "regmodel.h"
#include "clk_basic.h"
#include "omap4_clk.h"

#define MHZ 1000000UL

#define CM_CLKSEL_CORE          0x4A004100u	/* CLKSEL_L3 bit 4, CLKSEL_L4 bit 8 */
#define CM_CLKSEL_ABE           0x4A004108u	/* CLKSEL_OPP bits 1:0 */
#define CM_DIV_M2_DPLL_MPU      0x4A004170u
#define CM_L4PER_CLKSTCTRL      0x4A009400u
#define CM_L4PER_GPIO2_CLKCTRL  0x4A009460u	/* OPTFCLKEN_DBCLK bit 8 */
#define CM_L4PER_UART3_CLKCTRL  0x4A009550u
#define CM_L4PER_UART4_CLKCTRL  0x4A009558u



/* ==================== clksel ==================== */

/* l3_div / l4_div: field value 0 divides by 1, 1 by 2 (seed's div2_1to2) */
static const struct omap4_clksel_rate div2_rates[] = {
	{ .val = 0, .div = 1 }, { .val = 1, .div = 2 },
};
/* abe_clk: CLKSEL_OPP 0 = /1, 1 = /2, 2 = /4 (3 is not listed) */
static const struct omap4_clksel_rate abe_rates[] = {
	{ .val = 0, .div = 1 }, { .val = 1, .div = 2 }, { .val = 2, .div = 4 },
};

static const char *const p_div_core[] = { "div_core" };
static const char *const p_l3[] = { "l3_div" };

static void test_omap4_types_clksel_l3_l4(void)
{
	static struct clk_fixed_cfg div_core = { .rate = 400 * MHZ };
	static struct omap4_clksel_cfg l3 = {
		.reg = CM_CLKSEL_CORE, .shift = 4, .width = 1,
		.rates = div2_rates, .num_rates = 2,
	};
	static struct omap4_clksel_cfg l4 = {
		.reg = CM_CLKSEL_CORE, .shift = 8, .width = 1,
		.rates = div2_rates, .num_rates = 2,
	};
	struct clk *h;

	/* the reset value: L3 = core / 2, L4 = L3 / 2, other bits set */
	ASSERT_EQ(regmodel_define(CM_CLKSEL_CORE, 0xf0000110u), 0);
	ASSERT_EQ(V(vt_reg_clock("div_core", NULL, 0, &clk_fixed_ops, &div_core, 0)), 0);
	ASSERT_EQ(V(vt_reg_clock("l3_div", p_div_core, 1, &omap4_clksel_ops, &l3, 0)), 1);
	ASSERT_EQ(V(vt_reg_clock("l4_div", p_l3, 1, &omap4_clksel_ops, &l4, 0)), 2);
	EXPECT_EQ(vt_rate("l3_div"), 200 * MHZ);
	EXPECT_EQ(vt_rate("l4_div"), 100 * MHZ);
	h = vt_get("l3_div");
	ASSERT_NOT_NULL(h);
	/* the first table divisor whose rate is not above the request */
	EXPECT_EQ(V(clk_round_rate(h, 400 * MHZ)), 400 * MHZ);
	EXPECT_EQ(V(clk_round_rate(h, 399 * MHZ)), 200 * MHZ);
	EXPECT_EQ(V(clk_round_rate(h, 200 * MHZ)), 200 * MHZ);
	/* none that low: the largest divisor's rate */
	EXPECT_EQ(V(clk_round_rate(h, 100 * MHZ)), 200 * MHZ);
	/* set_rate: field 0, the other bits kept, the child follows */
	EXPECT_EQ(V(clk_set_rate(h, 400 * MHZ)), 0);
	EXPECT_EQ(vt_peek(CM_CLKSEL_CORE), 0xf0000100u);
	EXPECT_EQ(vt_rate("l3_div"), 400 * MHZ);
	EXPECT_EQ(vt_rate("l4_div"), 200 * MHZ);
	/* exact or -EINVAL, and then no register access at all */
	regmodel_log_clear();
	EXPECT_EQ(omap4_clksel_ops.set_rate(&l3, 300 * MHZ, 400 * MHZ), -VCLK_EINVAL);
	EXPECT_EQ(omap4_clksel_ops.set_rate(&l3, 0, 400 * MHZ), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_log_len(), 0);
	EXPECT_EQ(vt_peek(CM_CLKSEL_CORE), 0xf0000100u);
	EXPECT_EQ(omap4_clksel_ops.set_rate(&l4, 400 * MHZ, 400 * MHZ), 0);
	EXPECT_EQ(vt_peek(CM_CLKSEL_CORE), 0xf0000000u);
	/* DIV_ROUND_UP: 25 / 2 is 13, not 12 */
	EXPECT_EQ(omap4_clksel_ops.recalc_rate(&l4, 25), 25);
	EXPECT_EQ(omap4_clksel_ops.set_rate(&l4, 13, 25), 0);
	EXPECT_EQ(vt_peek(CM_CLKSEL_CORE), 0xf0000100u);
	EXPECT_EQ(omap4_clksel_ops.recalc_rate(&l4, 25), 13);
	EXPECT_EQ(omap4_clksel_ops.set_rate(&l4, 12, 25), -VCLK_EINVAL);
}

static void test_omap4_types_clksel_abe_table(void)
{
	struct omap4_clksel_cfg abe = {
		.reg = CM_CLKSEL_ABE, .shift = 0, .width = 2,
		.rates = abe_rates, .num_rates = 3,
	};
	const struct vclk_ops *o = &omap4_clksel_ops;

	ASSERT_EQ(regmodel_define(CM_CLKSEL_ABE, 0x00000500u), 0);
	EXPECT_EQ(o->recalc_rate(&abe, 196608000), 196608000);
	/* round: highest rate not above, else the lowest */
	EXPECT_EQ(o->round_rate(&abe, 196608000, 196608000), 196608000);
	EXPECT_EQ(o->round_rate(&abe, 196607999, 196608000), 98304000);
	EXPECT_EQ(o->round_rate(&abe, 98304000, 196608000), 98304000);
	EXPECT_EQ(o->round_rate(&abe, 60 * MHZ, 196608000), 49152000);
	EXPECT_EQ(o->round_rate(&abe, 1, 196608000), 49152000);
	EXPECT_EQ(o->round_rate(&abe, ULONG_MAX, 196608000), 196608000);
	/* set_rate writes the table's value, not the divisor */
	EXPECT_EQ(o->set_rate(&abe, 49152000, 196608000), 0);
	EXPECT_EQ(vt_peek(CM_CLKSEL_ABE), 0x00000502u);
	EXPECT_EQ(o->recalc_rate(&abe, 196608000), 49152000);
	EXPECT_EQ(o->set_rate(&abe, 98304000, 196608000), 0);
	EXPECT_EQ(vt_peek(CM_CLKSEL_ABE), 0x00000501u);
	EXPECT_EQ(o->set_rate(&abe, 65536000, 196608000), -VCLK_EINVAL);
	EXPECT_EQ(vt_peek(CM_CLKSEL_ABE), 0x00000501u);
	/* a value the table does not list reads as the parent rate */
	ASSERT_EQ(regmodel_poke(CM_CLKSEL_ABE, 0x3u), 0);
	EXPECT_EQ(o->recalc_rate(&abe, 196608000), 196608000);
	/* candidates: the request times each table divisor */
	EXPECT_EQ(o->parent_rate_candidate(&abe, 10, 0), 10);
	EXPECT_EQ(o->parent_rate_candidate(&abe, 10, 2), 40);
	EXPECT_EQ(o->parent_rate_candidate(&abe, 10, 3), 0);
	EXPECT_EQ(o->parent_rate_candidate(&abe, ULONG_MAX, 1), 0);
	/* save / restore the field */
	ASSERT_EQ(regmodel_poke(CM_CLKSEL_ABE, 0x501u), 0);
	o->save_context(&abe);
	EXPECT_EQ(o->set_rate(&abe, 49152000, 196608000), 0);
	EXPECT_EQ(vt_peek(CM_CLKSEL_ABE), 0x502u);
	o->restore_context(&abe);
	EXPECT_EQ(vt_peek(CM_CLKSEL_ABE), 0x501u);
	/* a field that does not fit a register selects nothing */
	abe.shift = 31;
	regmodel_log_clear();
	EXPECT_EQ(o->set_rate(&abe, 98304000, 196608000), -VCLK_EINVAL);
	EXPECT_EQ(o->recalc_rate(&abe, 196608000), 0);
	EXPECT_EQ(regmodel_log_len(), 0);
}

/* a fault at each access of set_rate (read, write): nothing changes */
static void test_omap4_types_clksel_fault_each_access(void)
{
	struct omap4_clksel_cfg abe = {
		.reg = CM_CLKSEL_ABE, .shift = 0, .width = 2,
		.rates = abe_rates, .num_rates = 3,
	};
	const struct vclk_ops *o = &omap4_clksel_ops;

	ASSERT_EQ(regmodel_define(CM_CLKSEL_ABE, 0x00000500u), 0);
	o->save_context(&abe);
	EXPECT_TRUE(abe.saved);
	EXPECT_EQ(abe.saved_val, 0);
	regmodel_log_clear();
	EXPECT_EQ(o->set_rate(&abe, 49152000, 196608000), 0);
	EXPECT_EQ(regmodel_log_len(), 2);
	ASSERT_EQ(regmodel_poke(CM_CLKSEL_ABE, 0x500u), 0);
	abe.saved = false;
	for (int n = 1; n <= 2; n++) {
		ASSERT_EQ(regmodel_fail_nth(n, -VCLK_EIO), 0);
		EXPECT_EQ(o->set_rate(&abe, 49152000, 196608000), -VCLK_EIO);
		regmodel_clear_faults();
		EXPECT_EQ(vt_peek(CM_CLKSEL_ABE), 0x500u);
		EXPECT_FALSE(abe.saved);
	}
	/* recalc has no error value: a failed read gives 0 */
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	EXPECT_EQ(o->recalc_rate(&abe, 196608000), 0);
	regmodel_clear_faults();
	EXPECT_EQ(o->recalc_rate(&abe, 196608000), 196608000);
	/* save's read fails: nothing saved, restore writes nothing */
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	o->save_context(&abe);
	regmodel_clear_faults();
	EXPECT_FALSE(abe.saved);
	regmodel_log_clear();
	o->restore_context(&abe);
	EXPECT_EQ(regmodel_log_len(), 0);
	/* then set_rate records what it replaced, for the rollback */
	EXPECT_EQ(o->set_rate(&abe, 98304000, 196608000), 0);
	EXPECT_TRUE(abe.saved);
	EXPECT_EQ(abe.saved_val, 0);
	o->restore_context(&abe);
	EXPECT_EQ(vt_peek(CM_CLKSEL_ABE), 0x500u);
}

/* ==================== HS post-divider ==================== */

static const char *const p_dpll_mpu[] = { "dpll_mpu" };

static void test_omap4_types_hsdiv_mpu_m2(void)
{
	static struct clk_fixed_cfg dpll_mpu = { .rate = 1200 * MHZ };
	static struct omap4_hsdiv_cfg m2 = { .reg = CM_DIV_M2_DPLL_MPU };
	const struct vclk_ops *o = &omap4_hsdiv_ops;
	struct clk *h;

	/* DIVHS = 1, CLKOUT auto-gated, the status bit 9 set */
	ASSERT_EQ(regmodel_define(CM_DIV_M2_DPLL_MPU, 0x00000201u), 0);
	ASSERT_EQ(V(vt_reg_clock("dpll_mpu", NULL, 0, &clk_fixed_ops, &dpll_mpu, 0)), 0);
	ASSERT_EQ(V(vt_reg_clock("dpll_mpu_m2", p_dpll_mpu, 1, &omap4_hsdiv_ops, &m2, 0)), 1);
	EXPECT_EQ(vt_rate("dpll_mpu_m2"), 1200 * MHZ);
	h = vt_get("dpll_mpu_m2");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(V(clk_round_rate(h, 500 * MHZ)), 400 * MHZ);
	EXPECT_EQ(V(clk_set_rate(h, 600 * MHZ)), 0);
	EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x00000202u);
	EXPECT_EQ(vt_rate("dpll_mpu_m2"), 600 * MHZ);
	EXPECT_EQ(V(clk_set_rate(h, 1200 * MHZ / 31 + 1)), 0);
	EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x0000021fu);
	/* below the lowest rate: the largest divisor, 31 (DIV_ROUND_UP) */
	EXPECT_EQ(o->round_rate(&m2, 1, 1200 * MHZ), 38709678);
	EXPECT_EQ(o->round_rate(&m2, ULONG_MAX, 1200 * MHZ), 1200 * MHZ);
	/* the field range: /32 and a rate between two divisors are refused,
	 * with no register access */
	regmodel_log_clear();
	EXPECT_EQ(o->set_rate(&m2, 1200 * MHZ / 32, 1200 * MHZ), -VCLK_EINVAL);
	EXPECT_EQ(o->set_rate(&m2, 500 * MHZ, 1200 * MHZ), -VCLK_EINVAL);
	EXPECT_EQ(o->set_rate(&m2, 2400 * MHZ, 1200 * MHZ), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_log_len(), 0);
	EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x0000021fu);
	/* DIVHS 0 is invalid: the parent rate */
	ASSERT_EQ(regmodel_poke(CM_DIV_M2_DPLL_MPU, 0x200u), 0);
	EXPECT_EQ(o->recalc_rate(&m2, 1200 * MHZ), 1200 * MHZ);
	/* candidates: the request times 1..31 */
	EXPECT_EQ(o->parent_rate_candidate(&m2, 100, 0), 100);
	EXPECT_EQ(o->parent_rate_candidate(&m2, 100, 30), 3100);
	EXPECT_EQ(o->parent_rate_candidate(&m2, 100, 31), 0);
	EXPECT_EQ(o->parent_rate_candidate(&m2, ULONG_MAX, 1), 0);
	/* save/restore DIVHS only */
	ASSERT_EQ(regmodel_poke(CM_DIV_M2_DPLL_MPU, 0x205u), 0);
	o->save_context(&m2);
	EXPECT_EQ(o->set_rate(&m2, 600 * MHZ, 1200 * MHZ), 0);
	EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x202u);
	ASSERT_EQ(regmodel_poke(CM_DIV_M2_DPLL_MPU, 0x302u), 0);
	o->restore_context(&m2);
	EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x305u);
}

static void test_omap4_types_hsdiv_gate_bit8(void)
{
	struct omap4_hsdiv_cfg m2 = { .reg = CM_DIV_M2_DPLL_MPU };
	const struct vclk_ops *o = &omap4_hsdiv_ops;

	ASSERT_EQ(regmodel_define(CM_DIV_M2_DPLL_MPU, 0x00000201u), 0);
	EXPECT_EQ(o->is_enabled(&m2), 0);
	/* enable sets CLKOUT_GATE_CTRL (forced on): not set-to-disable */
	EXPECT_EQ(o->enable(&m2), 0);
	EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x00000301u);
	EXPECT_EQ(o->is_enabled(&m2), 1);
	o->disable(&m2);
	EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x00000201u);
	EXPECT_EQ(o->is_enabled(&m2), 0);
	/* a fault at each access of enable, set_rate: the register kept */
	for (int n = 1; n <= 2; n++) {
		ASSERT_EQ(regmodel_fail_nth(n, -VCLK_EIO), 0);
		EXPECT_EQ(o->enable(&m2), -VCLK_EIO);
		regmodel_clear_faults();
		EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x00000201u);
		ASSERT_EQ(regmodel_fail_nth(n, -VCLK_ETIMEDOUT), 0);
		EXPECT_EQ(o->set_rate(&m2, 400 * MHZ, 1200 * MHZ), -VCLK_ETIMEDOUT);
		regmodel_clear_faults();
		EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x00000201u);
		EXPECT_FALSE(m2.saved);
	}
	/* disable cannot report a failed write; the bit stays */
	EXPECT_EQ(o->enable(&m2), 0);
	ASSERT_EQ(regmodel_fail_nth(2, -VCLK_EIO), 0);
	o->disable(&m2);
	regmodel_clear_faults();
	EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x00000301u);
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	EXPECT_EQ(o->is_enabled(&m2), 0);
	regmodel_clear_faults();
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	EXPECT_EQ(o->recalc_rate(&m2, 1200 * MHZ), 0);
	regmodel_clear_faults();
	EXPECT_EQ(o->recalc_rate(&m2, 1200 * MHZ), 1200 * MHZ);
	/* restore's write fails: the field as it was */
	o->save_context(&m2);
	EXPECT_TRUE(m2.saved);
	EXPECT_EQ(o->set_rate(&m2, 400 * MHZ, 1200 * MHZ), 0);
	EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x00000303u);
	ASSERT_EQ(regmodel_fail_nth(2, -VCLK_EIO), 0);
	o->restore_context(&m2);
	regmodel_clear_faults();
	EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x00000303u);
	o->restore_context(&m2);
	EXPECT_EQ(vt_peek(CM_DIV_M2_DPLL_MPU), 0x00000301u);
}

/* ==================== module gates and clock domains ==================== */

static const char *const p_func_48m[] = { "func_48m" };
static struct clk_fixed_cfg func_48m = { .rate = 48 * MHZ };
static struct omap4_clkdm l4per_clkdm = {
	.reg = CM_L4PER_CLKSTCTRL, .hw_auto = true,
};
static struct omap4_modgate_cfg uart3 = {
	.reg = CM_L4PER_UART3_CLKCTRL, .idlest_polls = 3, .clkdm = &l4per_clkdm,
};
static struct omap4_modgate_cfg uart4 = {
	.reg = CM_L4PER_UART4_CLKCTRL, .idlest_polls = 3, .clkdm = &l4per_clkdm,
};

/*
 * L4PER in HW_AUTO, both UARTs disabled; IDLEST read-only: 0 (functional
 * as soon as asked) or, with @stuck, 3 (never functional).
 */
static int uart_tree(bool stuck)
{
	uint32_t idlest = stuck ? OMAP4_IDLEST_MASK : 0;

	if (regmodel_define(CM_L4PER_CLKSTCTRL, 0x3u) ||
	    regmodel_define(CM_L4PER_UART3_CLKCTRL, idlest) ||
	    regmodel_define(CM_L4PER_UART4_CLKCTRL, idlest) ||
	    regmodel_set_masks(CM_L4PER_UART3_CLKCTRL, 0, OMAP4_IDLEST_MASK) ||
	    regmodel_set_masks(CM_L4PER_UART4_CLKCTRL, 0, OMAP4_IDLEST_MASK))
		return -1;
	if (vt_reg_clock("func_48m", NULL, 0, &clk_fixed_ops, &func_48m, 0) != 0 ||
	    vt_reg_clock("uart3_fck", p_func_48m, 1, &omap4_modgate_ops, &uart3, 0) != 1 ||
	    vt_reg_clock("uart4_fck", p_func_48m, 1, &omap4_modgate_ops, &uart4, 0) != 2)
		return -1;
	regmodel_log_clear();
	return 0;
}

static void test_omap4_types_modgate_uart3_wakes_l4per(void)
{
	struct clk *h;

	ASSERT_EQ(V(uart_tree(false)), 0);
	EXPECT_EQ(vt_rate("uart3_fck"), 48 * MHZ);
	EXPECT_EQ(omap4_modgate_ops.is_enabled(&uart3), 0);
	h = vt_get("uart3_fck");
	ASSERT_NOT_NULL(h);
	regmodel_log_clear();
	EXPECT_EQ(clk_prepare_enable(h), 0);
	/* wake the domain, MODULEMODE = 2, one IDLEST read */
	EXPECT_STR_EQ(regmodel_log_str(),
		      "R 0x4a009400=0x3, W 0x4a009400=0x2, "
		      "R 0x4a009550=0x0, W 0x4a009550=0x2, R 0x4a009550=0x2");
	EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_SW_WKUP);
	EXPECT_EQ(vt_peek(CM_L4PER_UART3_CLKCTRL), OMAP4_MODULEMODE_ENABLE);
	EXPECT_EQ(l4per_clkdm.usecount, 1);
	EXPECT_EQ(omap4_modgate_ops.is_enabled(&uart3), 1);
	vt_check(__FILE__, __LINE__, "uart3 enabled");
	EXPECT_EQ(V(vclk_disable_unprepare(h)), 0);
	EXPECT_EQ(vt_peek(CM_L4PER_UART3_CLKCTRL), 0);
	/* the last clock: back to HW_AUTO */
	EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_HW_AUTO);
	EXPECT_EQ(l4per_clkdm.usecount, 0);
}

static void test_omap4_types_modgate_two_share_domain(void)
{
	struct clk *h3, *h4;

	ASSERT_EQ(V(uart_tree(false)), 0);
	h3 = vt_get("uart3_fck");
	h4 = vt_get("uart4_fck");
	ASSERT_NOT_NULL(h3);
	ASSERT_NOT_NULL(h4);
	EXPECT_EQ(V(clk_prepare_enable(h3)), 0);
	EXPECT_EQ(l4per_clkdm.usecount, 1);
	regmodel_log_clear();
	EXPECT_EQ(clk_prepare_enable(h4), 0);
	/* the domain is awake: no CLKSTCTRL access */
	EXPECT_STR_EQ(regmodel_log_str(),
		      "R 0x4a009558=0x0, W 0x4a009558=0x2, R 0x4a009558=0x2");
	EXPECT_EQ(l4per_clkdm.usecount, 2);
	EXPECT_EQ(V(vclk_disable_unprepare(h3)), 0);
	EXPECT_EQ(l4per_clkdm.usecount, 1);
	EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_SW_WKUP);
	EXPECT_EQ(vt_peek(CM_L4PER_UART3_CLKCTRL), 0);
	EXPECT_EQ(vt_peek(CM_L4PER_UART4_CLKCTRL), 2);
	EXPECT_EQ(V(vclk_disable_unprepare(h4)), 0);
	EXPECT_EQ(l4per_clkdm.usecount, 0);
	EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_HW_AUTO);
	/* an unbalanced release does not go below 0 nor touch the domain */
	regmodel_log_clear();
	omap4_clkdm_disable(&l4per_clkdm);
	EXPECT_EQ(l4per_clkdm.usecount, 0);
	EXPECT_EQ(regmodel_log_len(), 0);
}

/* a fault at each of the five accesses of the first enable */
static void test_omap4_types_modgate_fault_each_access(void)
{
	struct clk *h3, *h4;

	ASSERT_EQ(V(uart_tree(false)), 0);
	h3 = vt_get("uart3_fck");
	h4 = vt_get("uart4_fck");
	ASSERT_NOT_NULL(h3);
	ASSERT_NOT_NULL(h4);
	ASSERT_EQ(V(clk_prepare(h3)), 0);
	for (int n = 1; n <= 5; n++) {
		ASSERT_EQ(regmodel_fail_nth(n, -VCLK_EIO), 0);
		EXPECT_EQ(clk_enable(h3), -VCLK_EIO);
		regmodel_clear_faults();
		vt_check(__FILE__, __LINE__, "clk_enable under a fault");
		EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_HW_AUTO);
		EXPECT_EQ(vt_peek(CM_L4PER_UART3_CLKCTRL), 0);
		EXPECT_EQ(l4per_clkdm.usecount, 0);
		EXPECT_EQ(vt_ec("uart3_fck"), 0);
	}
	/* with the domain awake: the three accesses of the second enable */
	EXPECT_EQ(V(clk_enable(h3)), 0);
	ASSERT_EQ(V(clk_prepare(h4)), 0);
	for (int n = 1; n <= 3; n++) {
		ASSERT_EQ(regmodel_fail_nth(n, -VCLK_EIO), 0);
		EXPECT_EQ(clk_enable(h4), -VCLK_EIO);
		regmodel_clear_faults();
		EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_SW_WKUP);
		EXPECT_EQ(vt_peek(CM_L4PER_UART4_CLKCTRL), 0);
		EXPECT_EQ(l4per_clkdm.usecount, 1);
	}
	/* a failed sleep write cannot be reported: the count still drops
	 * (the domain stays awake) */
	clk_disable(h3);
	EXPECT_EQ(l4per_clkdm.usecount, 0);
	EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_HW_AUTO);
	EXPECT_EQ(V(clk_enable(h3)), 0);
	ASSERT_EQ(regmodel_fail_nth(4, -VCLK_EIO), 0);	/* the CLKSTCTRL write */
	clk_disable(h3);
	regmodel_clear_faults();
	EXPECT_EQ(l4per_clkdm.usecount, 0);
	EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_SW_WKUP);
}

static void test_omap4_types_modgate_idlest_timeout(void)
{
	struct clk *h;

	ASSERT_EQ(V(uart_tree(true)), 0);
	h = vt_get("uart3_fck");
	ASSERT_NOT_NULL(h);
	regmodel_log_clear();
	EXPECT_EQ(clk_prepare_enable(h), -VCLK_ETIMEDOUT);
	/* three IDLEST reads, then the enable undone and the domain released */
	EXPECT_STR_EQ(regmodel_log_str(),
		      "R 0x4a009400=0x3, W 0x4a009400=0x2, "
		      "R 0x4a009550=0x30000, W 0x4a009550=0x30002, "
		      "R 0x4a009550=0x30002, R 0x4a009550=0x30002, R 0x4a009550=0x30002, "
		      "R 0x4a009550=0x30002, W 0x4a009550=0x30000, "
		      "R 0x4a009400=0x2, W 0x4a009400=0x3");
	EXPECT_EQ(vt_peek(CM_L4PER_UART3_CLKCTRL), 0x30000u);
	EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_HW_AUTO);
	EXPECT_EQ(l4per_clkdm.usecount, 0);
	EXPECT_EQ(vt_ec("uart3_fck"), 0);
	vt_check(__FILE__, __LINE__, "after the timeout");
}

static void test_omap4_types_modgate_plain_bit_and_sleep(void)
{
	struct omap4_clkdm dm = { .reg = CM_L4PER_CLKSTCTRL, .hw_auto = false };
	struct omap4_modgate_cfg dbclk = {
		.reg = CM_L4PER_GPIO2_CLKCTRL, .plain_bit = true, .bit = 8,
		.clkdm = &dm,
	};
	struct omap4_modgate_cfg inv = {
		.reg = CM_L4PER_GPIO2_CLKCTRL, .plain_bit = true, .bit = 31,
		.inverted = true,
	};
	const struct vclk_ops *o = &omap4_modgate_ops;

	ASSERT_EQ(regmodel_define(CM_L4PER_CLKSTCTRL, 0x1u), 0);
	ASSERT_EQ(regmodel_define(CM_L4PER_GPIO2_CLKCTRL, 0x80000001u), 0);
	EXPECT_EQ(o->is_enabled(&dbclk), 0);
	EXPECT_EQ(o->is_enabled(&inv), 0);	/* bit 31 set: disabled */
	EXPECT_EQ(o->enable(&dbclk), 0);
	EXPECT_EQ(vt_peek(CM_L4PER_GPIO2_CLKCTRL), 0x80000101u);
	EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_SW_WKUP);
	EXPECT_EQ(o->is_enabled(&dbclk), 1);
	EXPECT_EQ(o->enable(&inv), 0);
	EXPECT_EQ(vt_peek(CM_L4PER_GPIO2_CLKCTRL), 0x00000101u);
	EXPECT_EQ(o->is_enabled(&inv), 1);
	o->disable(&inv);
	EXPECT_EQ(vt_peek(CM_L4PER_GPIO2_CLKCTRL), 0x80000101u);
	o->disable(&dbclk);
	EXPECT_EQ(vt_peek(CM_L4PER_GPIO2_CLKCTRL), 0x80000001u);
	/* not hardware supervised: SW_SLEEP */
	EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_SW_SLEEP);
	EXPECT_EQ(dm.usecount, 0);
	/* a bit outside the register: refused, the domain untouched */
	dbclk.bit = 32;
	regmodel_log_clear();
	EXPECT_EQ(o->enable(&dbclk), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_log_len(), 0);
	EXPECT_EQ(dm.usecount, 0);
	/* the clock-domain-only clock */
	EXPECT_EQ(omap4_clkdm_gate_ops.enable(&dm), 0);
	EXPECT_EQ(dm.usecount, 1);
	EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_SW_WKUP);
	omap4_clkdm_gate_ops.disable(&dm);
	EXPECT_EQ(dm.usecount, 0);
	EXPECT_EQ(vt_peek(CM_L4PER_CLKSTCTRL), OMAP4_CLKTRCTRL_SW_SLEEP);
	/* the count saturates rather than wraps */
	dm.usecount = UINT_MAX;
	EXPECT_EQ(omap4_clkdm_enable(&dm), -VCLK_EOVERFLOW);
	EXPECT_EQ(dm.usecount, UINT_MAX);
}

const struct vt_test vt_tests_omap4_types[] = {
	VT_TEST(test_omap4_types_clksel_l3_l4),
	VT_TEST(test_omap4_types_clksel_abe_table),
	VT_TEST(test_omap4_types_clksel_fault_each_access),
	VT_TEST(test_omap4_types_hsdiv_mpu_m2),
	VT_TEST(test_omap4_types_hsdiv_gate_bit8),
	VT_TEST(test_omap4_types_modgate_uart3_wakes_l4per),
	VT_TEST(test_omap4_types_modgate_two_share_domain),
	VT_TEST(test_omap4_types_modgate_fault_each_access),
	VT_TEST(test_omap4_types_modgate_idlest_timeout),
	VT_TEST(test_omap4_types_modgate_plain_bit_and_sleep),
	{ NULL, NULL },
};
