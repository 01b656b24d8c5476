/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_signal.c - accuracy, phase and duty cycle
 * (core/signal.c): clk_get_accuracy(), clk_set_phase()/clk_get_phase(),
 * clk_set_duty_cycle()/clk_get_scaled_duty_cycle().
 */
#include <limits.h>
#include <stdint.h>
#include "clk_basic.h"
#include "tharness.h"

static struct vt_snapshot before;

/* a fake with @ops, its own @accuracy, under @parent (NULL: a root) */
static int sig_clock(const char *name, const char *parent, unsigned long accuracy,
		     const struct vclk_ops *ops, unsigned long flags)
{
	struct fake_clk *f = fake_new(name);

	if (!f)
		return -VCLK_ENOMEM;
	if (parent)
		fake_set_parents(f, 1, &parent);
	else
		f->fixed_rate = 1000000;
	f->accuracy = accuracy;
	f->ops = ops;
	f->flags = flags;
	return fake_register(f);
}

/* ==================== accuracy ==================== */

static void accuracy_accumulates_through_chain(void)
{
	ASSERT_EQ(V(sig_clock("R", NULL, 100, &fake_ops_signal, 0)), 0);
	ASSERT_EQ(V(sig_clock("A", "R", 0, &fake_ops, 0)), 1);	/* no op */
	ASSERT_EQ(V(sig_clock("B", "A", 20, &fake_ops_signal, 0)), 2);
	ASSERT_EQ(V(sig_clock("C", "B", 3, &fake_ops_signal, 0)), 3);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("R"))), 100);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("A"))), 100);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("B"))), 120);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("C"))), 123);
	/* a consumer handle answers as the provider's */
	EXPECT_EQ(V(clk_get_accuracy(vt_get("C"))), 123);
}

static void accuracy_zero_without_ops(void)
{
	ASSERT_EQ(V(fake_root("R", 1000)), 0);
	ASSERT_EQ(V(fake_div("D", "R", 2)), 1);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("R"))), 0);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("D"))), 0);
	EXPECT_EQ(V(clk_get_accuracy(NULL)), 0);
}

/* computed at each call: nothing cached can go stale across a reparent */
static void accuracy_follows_reparent(void)
{
	static const char *const inputs[] = { "P1", "P2" };
	struct fake_clk *m;

	ASSERT_EQ(V(sig_clock("P1", NULL, 10, &fake_ops_signal, 0)), 0);
	ASSERT_EQ(V(sig_clock("P2", NULL, 1000, &fake_ops_signal, 0)), 1);
	m = fake_new("M");
	ASSERT_NOT_NULL(m);
	fake_set_parents(m, 2, inputs);
	m->accuracy = 5;
	m->ops = &fake_ops_signal;
	ASSERT_EQ(V(fake_register(m)), 2);
	ASSERT_EQ(V(sig_clock("K", "M", 1, &fake_ops_signal, 0)), 3);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("M"))), 15);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("K"))), 16);
	ASSERT_EQ(V(clk_set_parent(vt_provider("M"), vt_provider("P2"))), 0);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("M"))), 1005);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("K"))), 1006);
	ASSERT_EQ(V(clk_set_parent(vt_provider("M"), vt_provider("P1"))), 0);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("K"))), 16);
}

/* an orphan has no parent accuracy to add to, until it is adopted */
static void accuracy_of_orphan_then_adopted(void)
{
	ASSERT_EQ(V(sig_clock("C", "R", 7, &fake_ops_signal, 0)), 0);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("C"))), 7);
	ASSERT_EQ(V(sig_clock("R", NULL, 50, &fake_ops_signal, 0)), 1);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("C"))), 57);
}

/* the provider saturates at ULONG_MAX; a long cannot hold that */
static void accuracy_saturates_at_long_max(void)
{
	ASSERT_EQ(V(sig_clock("R", NULL, ULONG_MAX - 1, &fake_ops_signal, 0)), 0);
	ASSERT_EQ(V(sig_clock("C", "R", 10, &fake_ops_signal, 0)), 1);
	ASSERT_EQ(V(sig_clock("S", NULL, (unsigned long)LONG_MAX, &fake_ops_signal, 0)), 2);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("R"))), LONG_MAX);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("C"))), LONG_MAX);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("S"))), LONG_MAX);
}

/* the fixed-rate type reports its configured accuracy, as Linux's
 * clk_hw_register_fixed_rate_with_accuracy() */
static void accuracy_of_fixed_rate_type(void)
{
	static struct clk_fixed_cfg osc = { .rate = 26000000, .accuracy = 20000 };
	static struct clk_fixed_cfg quiet = { .rate = 32768, .accuracy = 0 };

	ASSERT_EQ(V(vt_reg_clock("osc", NULL, 0, &clk_fixed_ops, &osc, 0)), 0);
	ASSERT_EQ(V(vt_reg_clock("rtc", NULL, 0, &clk_fixed_ops, &quiet, 0)), 1);
	ASSERT_EQ(V(sig_clock("pll", "osc", 300, &fake_ops_signal, 0)), 2);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("osc"))), 20000);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("rtc"))), 0);
	EXPECT_EQ(V(clk_get_accuracy(vt_provider("pll"))), 20300);
}

/* ==================== phase ==================== */

static void phase_wraps_into_0_359(void)
{
	static const struct { int in, out; } cases[] = {
		{ 0, 0 }, { 90, 90 }, { 359, 359 }, { 360, 0 }, { 361, 1 },
		{ 720, 0 }, { 450, 90 }, { -90, 270 }, { -360, 0 },
		{ -361, 359 }, { -720, 0 }, { INT_MAX, INT_MAX % 360 },
		{ INT_MIN, INT_MIN % 360 + 360 },
	};
	struct clk *h;
	struct fake_clk *f;

	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal, 0)), 0);
	h = vt_get("P");
	f = fake_find("P");
	ASSERT_NOT_NULL(h);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		EXPECT_EQ(V(clk_set_phase(h, cases[i].in)), 0);
		EXPECT_EQ(f->hw_phase, cases[i].out);
		EXPECT_EQ(V(clk_get_phase(h)), cases[i].out);
	}
	EXPECT_EQ(INT_MIN % 360 + 360, 232);
}

/*
 * Without phase ops a set is -EINVAL (Linux's clk_core_set_phase_nolock()
 * starts from ret = -EINVAL) and a get is 0 (clk_core_get_phase() returns
 * 0 when there is no get_phase op).
 */
static void phase_unsupported_set_einval_get_zero(void)
{
	struct clk *h;

	ASSERT_EQ(V(fake_root("R", 1000)), 0);
	h = vt_get("R");
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_phase(h, 90)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_get_phase(h)), 0);
	EXPECT_EQ(V(clk_set_phase(NULL, 90)), 0);
	EXPECT_EQ(V(clk_get_phase(NULL)), 0);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
}

static void phase_provider_failure_keeps_phase(void)
{
	struct clk *h;
	struct fake_clk *f;

	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal, 0)), 0);
	h = vt_get("P");
	f = fake_find("P");
	ASSERT_EQ(V(clk_set_phase(h, 90)), 0);
	fake_fail(f, FAKE_SET_PHASE, 1, -VCLK_ETIMEDOUT);
	EXPECT_EQ(V(clk_set_phase(h, 180)), -VCLK_ETIMEDOUT);
	EXPECT_EQ(f->hw_phase, 90);
	EXPECT_EQ(V(clk_get_phase(h)), 90);
	EXPECT_EQ(V(clk_set_phase(h, 180)), 0);
	EXPECT_EQ(V(clk_get_phase(h)), 180);
}

/* a provider that cannot read its phase back: the core's cached one */
static void phase_cached_without_get_op(void)
{
	struct clk *h;
	struct fake_clk *f;

	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal_setonly, 0)), 0);
	h = vt_get("P");
	f = fake_find("P");
	EXPECT_EQ(V(clk_get_phase(h)), 0);
	ASSERT_EQ(V(clk_set_phase(h, -45)), 0);
	EXPECT_EQ(V(clk_get_phase(h)), 315);
	fake_fail(f, FAKE_SET_PHASE, 1, -VCLK_EIO);
	EXPECT_EQ(V(clk_set_phase(h, 10)), -VCLK_EIO);
	EXPECT_EQ(V(clk_get_phase(h)), 315);
	EXPECT_EQ(f->hw_phase, 315);
	/* vclk_reset() forgets the cached phase with the clocks */
	vt_begin();
	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal_setonly, 0)), 0);
	EXPECT_EQ(V(clk_get_phase(vt_get("P"))), 0);
}

/* what the dispatcher makes of a provider's answer */
static void phase_provider_answers_checked(void)
{
	struct clk *h;
	struct fake_clk *f;

	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal, 0)), 0);
	h = vt_get("P");
	f = fake_find("P");
	fake_fail(f, FAKE_GET_PHASE, 1, -VCLK_ETIMEDOUT);
	EXPECT_EQ(V(clk_get_phase(h)), -VCLK_ETIMEDOUT);
	fake_raw_ret(f, FAKE_GET_PHASE, 400);
	EXPECT_EQ(V(clk_get_phase(h)), 40);
	fake_raw_ret(f, FAKE_GET_PHASE, -5000);
	EXPECT_EQ(V(clk_get_phase(h)), -VCLK_EIO);
	/* the hardware's own answer wins over the last phase set */
	ASSERT_EQ(V(clk_set_phase(h, 30)), 0);
	f->hw_phase = 60;
	EXPECT_EQ(V(clk_get_phase(h)), 60);
}

/* ==================== duty cycle ==================== */

static void duty_rejects_bad_fraction(void)
{
	struct clk *h;
	struct fake_clk *f;

	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal, 0)), 0);
	h = vt_get("P");
	f = fake_find("P");
	fake_log_clear();
	EXPECT_EQ(V(clk_set_duty_cycle(h, 1, 0)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_duty_cycle(h, 0, 0)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_duty_cycle(h, 3, 2)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_duty_cycle(h, UINT_MAX, UINT_MAX - 1)), -VCLK_EINVAL);
	EXPECT_LOG("");
	EXPECT_EQ(f->hw_duty_num, 1);
	EXPECT_EQ(f->hw_duty_den, 2);
	/* the bounds themselves are fractions: 0 % and 100 % */
	EXPECT_EQ(V(clk_set_duty_cycle(h, 0, 7)), 0);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 100)), 0);
	EXPECT_EQ(V(clk_set_duty_cycle(h, 7, 7)), 0);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 100)), 100);
	EXPECT_EQ(V(clk_set_duty_cycle(NULL, 1, 0)), 0);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(NULL, 100)), 0);
}

/* DIV_ROUND_CLOSEST(num * scale, den) */
static void duty_scaled_rounds_to_closest(void)
{
	struct clk *h;
	struct fake_clk *f;

	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal, 0)), 0);
	h = vt_get("P");
	f = fake_find("P");
	ASSERT_EQ(V(clk_set_duty_cycle(h, 1, 3)), 0);
	EXPECT_EQ(f->hw_duty_num, 1);
	EXPECT_EQ(f->hw_duty_den, 3);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 100)), 33);	/* 33.3 */
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 1000)), 333);
	ASSERT_EQ(V(clk_set_duty_cycle(h, 2, 3)), 0);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 100)), 67);	/* 66.7 */
	ASSERT_EQ(V(clk_set_duty_cycle(h, 1, 2)), 0);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 3)), 2);	/* 1.5 up */
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 1)), 1);	/* 0.5 up */
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 0)), 0);
}

/* products beyond 32 bits, and results beyond an int */
static void duty_scaled_large_values(void)
{
	struct clk *h;

	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal, 0)), 0);
	h = vt_get("P");
	ASSERT_EQ(V(clk_set_duty_cycle(h, UINT_MAX, UINT_MAX)), 0);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, INT_MAX)), INT_MAX);
	ASSERT_EQ(V(clk_set_duty_cycle(h, UINT_MAX - 1, UINT_MAX)), 0);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, INT_MAX)), INT_MAX);	/* 2^31 - 1.5 */
	ASSERT_EQ(V(clk_set_duty_cycle(h, 3, 4)), 0);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, INT_MAX)),
		  (long long)((3ULL * INT_MAX + 2) / 4));
	ASSERT_EQ(V(clk_set_duty_cycle(h, 1, 3)), 0);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, UINT_MAX)), 1431655765);
	ASSERT_EQ(V(clk_set_duty_cycle(h, 1, 2)), 0);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, UINT_MAX)), -VCLK_EOVERFLOW);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, (unsigned int)INT_MAX * 2u)), INT_MAX);
}

/* nobody implements it: setting does nothing, the duty cycle reads 1/2 */
static void duty_default_half(void)
{
	struct clk *h;

	ASSERT_EQ(V(fake_root("R", 1000)), 0);
	ASSERT_EQ(V(sig_clock("S", NULL, 0, &fake_ops_signal_setonly, 0)), 1);
	h = vt_get("R");
	fake_log_clear();
	EXPECT_EQ(V(clk_set_duty_cycle(h, 1, 4)), 0);
	EXPECT_LOG("");
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 100)), 50);
	/* a provider that can set but not read it back: 1/2 as in Linux */
	h = vt_get("S");
	EXPECT_EQ(V(clk_set_duty_cycle(h, 1, 4)), 0);
	EXPECT_EQ(fake_find("S")->hw_duty_num, 1);
	EXPECT_EQ(fake_find("S")->hw_duty_den, 4);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 100)), 50);
}

static void duty_passed_to_parent(void)
{
	struct fake_clk *p;

	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal, 0)), 0);
	ASSERT_EQ(V(sig_clock("G", "P", 0, &fake_ops, CLK_DUTY_CYCLE_PARENT)), 1);
	ASSERT_EQ(V(sig_clock("C", "G", 0, &fake_ops, CLK_DUTY_CYCLE_PARENT)), 2);
	ASSERT_EQ(V(sig_clock("N", "P", 0, &fake_ops, 0)), 3);
	p = fake_find("P");
	/* two levels up */
	fake_log_clear();
	EXPECT_EQ(V(clk_set_duty_cycle(vt_get("C"), 1, 4)), 0);
	EXPECT_LOG("set_duty_cycle P 250");
	EXPECT_EQ(p->hw_duty_num, 1);
	EXPECT_EQ(p->hw_duty_den, 4);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(vt_get("C"), 100)), 25);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(vt_get("G"), 100)), 25);
	/* without the flag the parent is not asked */
	fake_log_clear();
	EXPECT_EQ(V(clk_set_duty_cycle(vt_get("N"), 3, 4)), 0);
	EXPECT_LOG("");
	EXPECT_EQ(p->hw_duty_num, 1);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(vt_get("N"), 100)), 50);
	/* the parent's error comes back, its hardware unchanged */
	fake_fail(p, FAKE_SET_DUTY, 1, -VCLK_EBUSY);
	EXPECT_EQ(V(clk_set_duty_cycle(vt_get("C"), 3, 4)), -VCLK_EBUSY);
	EXPECT_EQ(p->hw_duty_num, 1);
	EXPECT_EQ(p->hw_duty_den, 4);
	/*
	 * CLK_SET_RATE_PARENT hands a set up too (Linux's
	 * clk_core_set_duty_cycle_parent_nolock() tests both flags), but a get
	 * goes up only through CLK_DUTY_CYCLE_PARENT
	 * (clk_core_update_duty_cycle_parent_nolock()): 1/2
	 */
	ASSERT_EQ(V(sig_clock("S", "P", 0, &fake_ops, CLK_SET_RATE_PARENT)), 4);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_duty_cycle(vt_get("S"), 3, 8)), 0);
	EXPECT_LOG("set_duty_cycle P 375");
	EXPECT_EQ(p->hw_duty_num, 3);
	EXPECT_EQ(p->hw_duty_den, 8);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(vt_get("S"), 100)), 50);
}

/*
 * As in Linux, exclusivity on a clock's rate holds its phase and duty
 * cycle too: another consumer's setter is -EBUSY and touches nothing,
 * also where a duty request is handed up to a held parent.
 */
static void signal_setters_respect_exclusivity(void)
{
	struct clk *holder, *other, *child;
	struct fake_clk *p;

	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal, 0)), 0);
	ASSERT_EQ(V(sig_clock("G", "P", 0, &fake_ops, CLK_DUTY_CYCLE_PARENT)), 1);
	p = fake_find("P");
	holder = vt_get("P");
	other = vt_get("P");
	child = vt_get("G");
	ASSERT_NOT_NULL(holder);
	ASSERT_NOT_NULL(other);
	ASSERT_NOT_NULL(child);
	ASSERT_EQ(V(clk_rate_exclusive_get(holder)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_phase(other, 90)), -VCLK_EBUSY);
	EXPECT_EQ(V(clk_set_duty_cycle(other, 1, 4)), -VCLK_EBUSY);
	EXPECT_EQ(V(clk_set_duty_cycle(child, 1, 4)), -VCLK_EBUSY);
	/* a bad fraction is refused first, as in Linux */
	EXPECT_EQ(V(clk_set_duty_cycle(other, 5, 4)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
	EXPECT_EQ(V(clk_get_phase(other)), 0);
	/* the holder, holding once, still may */
	EXPECT_EQ(V(clk_set_phase(holder, 90)), 0);
	EXPECT_EQ(V(clk_set_duty_cycle(holder, 1, 4)), 0);
	EXPECT_EQ(p->hw_phase, 90);
	EXPECT_EQ(p->hw_duty_den, 4);
	/* held twice: not even the holder */
	ASSERT_EQ(V(clk_rate_exclusive_get(holder)), 0);
	EXPECT_EQ(V(clk_set_phase(holder, 180)), -VCLK_EBUSY);
	EXPECT_EQ(p->hw_phase, 90);
	ASSERT_EQ(V(vclk_rate_exclusive_put(holder)), 0);
	ASSERT_EQ(V(vclk_rate_exclusive_put(holder)), 0);
	EXPECT_EQ(V(clk_set_phase(other, 180)), 0);
	EXPECT_EQ(V(clk_set_duty_cycle(child, 1, 3)), 0);
	EXPECT_EQ(p->hw_duty_den, 3);
	/* a hold below a clock holds the clock: G's holder protects P */
	ASSERT_EQ(V(clk_rate_exclusive_get(child)), 0);
	EXPECT_EQ(V(clk_set_phase(other, 45)), -VCLK_EBUSY);
	EXPECT_EQ(V(clk_set_duty_cycle(other, 1, 2)), -VCLK_EBUSY);
	EXPECT_EQ(p->hw_phase, 180);
	ASSERT_EQ(V(vclk_rate_exclusive_put(child)), 0);
}

/* a CLK_DUTY_CYCLE_PARENT orphan has no parent: 1/2, and nothing set */
static void duty_parent_flag_on_orphan(void)
{
	ASSERT_EQ(V(sig_clock("C", "P", 0, &fake_ops, CLK_DUTY_CYCLE_PARENT)), 0);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_duty_cycle(vt_get("C"), 1, 4)), 0);
	EXPECT_LOG("");
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(vt_get("C"), 100)), 50);
	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal, 0)), 1);
	EXPECT_EQ(V(clk_set_duty_cycle(vt_get("C"), 1, 4)), 0);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(vt_get("C"), 100)), 25);
}

static void duty_provider_failures(void)
{
	struct clk *h;
	struct fake_clk *f;

	ASSERT_EQ(V(sig_clock("P", NULL, 0, &fake_ops_signal, 0)), 0);
	h = vt_get("P");
	f = fake_find("P");
	ASSERT_EQ(V(clk_set_duty_cycle(h, 1, 5)), 0);
	fake_fail(f, FAKE_SET_DUTY, 1, -VCLK_EIO);
	EXPECT_EQ(V(clk_set_duty_cycle(h, 4, 5)), -VCLK_EIO);
	EXPECT_EQ(f->hw_duty_num, 1);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 100)), 20);
	fake_fail(f, FAKE_GET_DUTY, 1, -VCLK_ETIMEDOUT);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 100)), -VCLK_ETIMEDOUT);
	/* a fraction that is none: refused as in Linux */
	f->hw_duty_den = 0;
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 100)), -VCLK_EINVAL);
	f->hw_duty_num = 6;
	f->hw_duty_den = 5;
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 100)), -VCLK_EINVAL);
	fake_raw_ret(f, FAKE_SET_DUTY, 77);	/* not an errno */
	EXPECT_EQ(V(clk_set_duty_cycle(h, 1, 5)), -VCLK_EIO);
}

/* ==================== put handles, notifiers ==================== */

static void signal_on_put_handle(void)
{
	struct clk *h;

	ASSERT_EQ(V(sig_clock("P", NULL, 9, &fake_ops_signal, 0)), 0);
	h = vt_get("P");
	ASSERT_EQ(V(clk_put(h)), 0);
	fake_log_clear();
	EXPECT_EQ(V(clk_get_accuracy(h)), 0);
	EXPECT_EQ(V(clk_set_phase(h, 10)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_get_phase(h)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_duty_cycle(h, 1, 3)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_get_scaled_duty_cycle(h, 100)), -VCLK_EINVAL);
	EXPECT_LOG("");
}

struct reenter {
	struct notifier_block nb;
	struct clk *target;
	int calls, phase_ret, duty_ret, get_phase, get_duty;
	long accuracy;
};

static int reenter_call(struct notifier_block *nb, unsigned long event, void *data)
{
	struct reenter *r = (struct reenter *)nb;

	(void)data;
	if (event != PRE_RATE_CHANGE)
		return NOTIFY_DONE;
	r->calls++;
	r->phase_ret = clk_set_phase(r->target, 45);
	r->duty_ret = clk_set_duty_cycle(r->target, 1, 4);
	r->get_phase = clk_get_phase(r->target);
	r->get_duty = clk_get_scaled_duty_cycle(r->target, 100);
	r->accuracy = clk_get_accuracy(r->target);
	return NOTIFY_OK;
}

/* setters answer -EDEADLK from a notifier; getters read */
static void signal_setters_deadlock_in_notifier(void)
{
	struct reenter r = { .nb = { .notifier_call = reenter_call } };
	struct clk *s;
	struct fake_clk *f;

	ASSERT_EQ(V(fake_synth("S", 1000, 100000, 1000, 0)), 0);
	ASSERT_EQ(V(sig_clock("P", NULL, 3, &fake_ops_signal, 0)), 1);
	s = vt_get("S");
	r.target = vt_get("P");
	f = fake_find("P");
	ASSERT_EQ(V(clk_set_phase(r.target, 10)), 0);
	ASSERT_EQ(V(clk_notifier_register(s, &r.nb)), 0);
	EXPECT_EQ(V(clk_set_rate(s, 2000)), 0);
	EXPECT_EQ(r.calls, 1);
	EXPECT_EQ(r.phase_ret, -VCLK_EDEADLK);
	EXPECT_EQ(r.duty_ret, -VCLK_EDEADLK);
	EXPECT_EQ(r.get_phase, 10);
	EXPECT_EQ(r.get_duty, 50);
	EXPECT_EQ(r.accuracy, 3);
	EXPECT_EQ(f->hw_phase, 10);
	EXPECT_EQ(f->hw_duty_den, 2);
	EXPECT_EQ(V(clk_notifier_unregister(s, &r.nb)), 0);
}

const struct vt_test vt_tests_signal[] = {
	VT_TEST(accuracy_accumulates_through_chain),
	VT_TEST(accuracy_zero_without_ops),
	VT_TEST(accuracy_follows_reparent),
	VT_TEST(accuracy_of_orphan_then_adopted),
	VT_TEST(accuracy_saturates_at_long_max),
	VT_TEST(accuracy_of_fixed_rate_type),
	VT_TEST(phase_wraps_into_0_359),
	VT_TEST(phase_unsupported_set_einval_get_zero),
	VT_TEST(phase_provider_failure_keeps_phase),
	VT_TEST(phase_cached_without_get_op),
	VT_TEST(phase_provider_answers_checked),
	VT_TEST(duty_rejects_bad_fraction),
	VT_TEST(duty_scaled_rounds_to_closest),
	VT_TEST(duty_scaled_large_values),
	VT_TEST(duty_default_half),
	VT_TEST(duty_passed_to_parent),
	VT_TEST(duty_parent_flag_on_orphan),
	VT_TEST(signal_setters_respect_exclusivity),
	VT_TEST(duty_provider_failures),
	VT_TEST(signal_on_put_handle),
	VT_TEST(signal_setters_deadlock_in_notifier),
	{ NULL, NULL }
};
