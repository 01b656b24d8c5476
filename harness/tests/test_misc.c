/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_misc.c - NULL handles, critical clocks,
 * clk_disable_unused().
 */
#include "tharness.h"

static struct vt_snapshot before;

/* ==================== NULL handles ==================== */

static void null_handles_are_noops(void)
{
	ASSERT_GE(V(fake_root("A", 1000)), 0);
	ASSERT_GE(V(fake_div("B", "A", 1)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_prepare(NULL)), 0);
	EXPECT_EQ(V(clk_enable(NULL)), 0);
	EXPECT_EQ(V(clk_prepare_enable(NULL)), 0);
	EXPECT_EQ(V(vclk_disable(NULL)), 0);
	EXPECT_EQ(V(vclk_unprepare(NULL)), 0);
	EXPECT_EQ(V(vclk_disable_unprepare(NULL)), 0);
	VV(clk_disable(NULL));
	VV(clk_unprepare(NULL));
	VV(clk_disable_unprepare(NULL));
	EXPECT_EQ(V(clk_get_rate(NULL)), 0);
	EXPECT_EQ(V(clk_set_parent(NULL, vt_provider("A"))), 0);
	EXPECT_PTR_EQ(VP(clk_get_parent(NULL)), NULL);
	EXPECT_FALSE(V(clk_is_enabled(NULL)));
	EXPECT_EQ(V(clk_put(NULL)), 0);
	EXPECT_EQ(V(vclk_misuse_count(NULL)), 0);
	EXPECT_EQ(V(vclk_clock_id(NULL)), -1);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
}

static void null_handles_on_empty_pool(void)
{
	EXPECT_EQ(V(clk_prepare(NULL)), 0);
	EXPECT_EQ(V(clk_enable(NULL)), 0);
	EXPECT_EQ(V(clk_get_rate(NULL)), 0);
	EXPECT_EQ(V(clk_set_parent(NULL, NULL)), 0);
	EXPECT_EQ(V(clk_disable_unused()), 0);
	EXPECT_EQ(V(vclk_clock_count()), 0);
}

/* ==================== critical clocks ==================== */

static void critical_root_on_at_registration(void)
{
	ASSERT_EQ(V(fake_root_flags("A", 1000, CLK_IS_CRITICAL)), 0);
	EXPECT_EQ(vt_pc("A"), 1);
	EXPECT_EQ(vt_ec("A"), 1);
	EXPECT_TRUE(vt_hw_prep("A"));
	EXPECT_TRUE(vt_hw_en("A"));
	EXPECT_LOG("prepare A, enable A");
	EXPECT_TRUE(V(clk_is_enabled(vt_provider("A"))));
}

static void critical_child_holds_its_parents(void)
{
	ASSERT_EQ(V(fake_root("R", 1000)), 0);
	ASSERT_EQ(V(fake_div("S", "R", 1)), 1);
	fake_log_clear();
	ASSERT_EQ(V(fake_div_flags("C", "S", 10, CLK_IS_CRITICAL)), 2);
	EXPECT_LOG("prepare R, prepare S, prepare C, enable R, enable S, enable C");
	EXPECT_EQ(vt_pc("R"), 1);
	EXPECT_EQ(vt_ec("R"), 1);
	EXPECT_EQ(vt_ec("C"), 1);
	EXPECT_EQ(vt_rate("C"), 100);
}

static void critical_survives_consumers(void)
{
	struct clk *h, *h2;

	ASSERT_EQ(V(fake_root("R", 1000)), 0);
	ASSERT_EQ(V(fake_div_flags("C", "R", 1, CLK_IS_CRITICAL)), 1);
	h = vt_get("C");
	h2 = vt_get("C");
	ASSERT_NOT_NULL(h);
	ASSERT_NOT_NULL(h2);
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	EXPECT_EQ(vt_pc("C"), 2);
	EXPECT_EQ(V(vclk_disable_unprepare(h)), 0);
	VV(clk_disable_unprepare(h));
	EXPECT_EQ(vt_pc("C"), 1);
	EXPECT_EQ(vt_ec("C"), 1);
	EXPECT_TRUE(vt_hw_en("C"));
	EXPECT_TRUE(vt_hw_en("R"));
	/* a consumer cannot drop the core's reference */
	vt_snapshot(&before);
	EXPECT_EQ(V(vclk_disable(h2)), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_unprepare(h2)), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_disable(vt_provider("C"))), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_unprepare(vt_provider("C"))), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);
	/* nor does clk_disable_unused */
	EXPECT_EQ(V(clk_disable_unused()), 0);
	EXPECT_TRUE(vt_hw_en("C"));
	EXPECT_TRUE(vt_hw_en("R"));
	EXPECT_EQ(V(clk_put(h)), 0);
	EXPECT_EQ(V(clk_put(h2)), 0);
	EXPECT_EQ(vt_ec("C"), 1);
}

static void critical_registration_failure_registers_nothing(void)
{
	const enum fake_op ops[2] = { FAKE_PREPARE, FAKE_ENABLE };

	for (int i = 0; i < 2; i++) {
		struct fake_clk *f;
		const char *parent = "R";

		vt_begin();
		ASSERT_EQ(V(fake_root("R", 1000)), 0);
		vt_snapshot(&before);
		f = fake_new("C");
		ASSERT_NOT_NULL(f);
		fake_set_parents(f, 1, &parent);
		f->flags = CLK_IS_CRITICAL;
		fake_fail(f, ops[i], 1, -VCLK_EIO);
		EXPECT_EQ(V(fake_register(f)), -VCLK_EIO);
		EXPECT_EQ(vclk_clock_count(), 1);
		EXPECT_EQ(vclk_lookup("C"), -VCLK_ENOENT);
		EXPECT_FALSE(f->hw_prepared);
		EXPECT_FALSE(vt_hw_prep("R"));
		EXPECT_EQ(vt_pc("R"), 0);
		EXPECT_UNCHANGED_SINCE(&before, 0);
		/* the name is free for a second attempt */
		EXPECT_EQ(V(fake_register(f)), 1);
		EXPECT_EQ(vt_ec("R"), 1);
	}
}

static void critical_needs_a_handle_slot(void)
{
	struct clk *h[VCLK_MAX_CONSUMERS];

	ASSERT_EQ(V(fake_root("R", 1000)), 0);
	for (int i = 0; i < VCLK_MAX_CONSUMERS; i++)
		ASSERT_EQ(V(vclk_get(NULL, "R", &h[i])), 0);
	vt_snapshot(&before);
	fake_log_clear();
	EXPECT_EQ(V(fake_root_flags("C", 5, CLK_IS_CRITICAL)), -VCLK_ENOMEM);
	EXPECT_EQ(vclk_clock_count(), 1);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_FALSE(vt_hw_prep("C"));
	/* an ordinary clock needs none */
	EXPECT_EQ(V(fake_root("D", 5)), 1);
	/* a free slot, and the critical clock registers */
	EXPECT_EQ(V(clk_put(h[0])), 0);
	EXPECT_EQ(V(fake_root_flags("C", 5, CLK_IS_CRITICAL)), 2);
	EXPECT_EQ(vt_ec("C"), 1);
	EXPECT_PTR_EQ(VP(clk_get(NULL, "D")), NULL);	/* that slot is taken now */
}

static void critical_takes_a_consumer_slot(void)
{
	struct clk *h;
	int got = 0;

	ASSERT_EQ(V(fake_root_flags("C", 5, CLK_IS_CRITICAL)), 0);
	while (got <= VCLK_MAX_CONSUMERS && vclk_get(NULL, "C", &h) == 0)
		got++;
	vt_check(__FILE__, __LINE__, "vclk_get loop");
	EXPECT_EQ(got, VCLK_MAX_CONSUMERS - 1);
}

static void critical_orphan_adopted(void)
{
	ASSERT_EQ(V(fake_div_flags("C", "P", 2, CLK_IS_CRITICAL)), 0);
	EXPECT_EQ(vt_ec("C"), 1);
	EXPECT_TRUE(vt_hw_en("C"));
	EXPECT_EQ(vt_rate("C"), 0);
	fake_log_clear();
	ASSERT_EQ(V(fake_root("P", 600)), 1);
	EXPECT_LOG("prepare P, enable P");
	EXPECT_EQ(vt_pc("P"), 1);
	EXPECT_EQ(vt_ec("P"), 1);
	EXPECT_EQ(vt_rate("C"), 300);
}

static void critical_mux_reparent_moves_core_reference(void)
{
	const char *in[2] = { "P0", "P1" };
	struct fake_clk *f;

	ASSERT_EQ(V(fake_root("P0", 10)), 0);
	ASSERT_EQ(V(fake_root("P1", 20)), 1);
	f = fake_new("M");
	ASSERT_NOT_NULL(f);
	fake_set_parents(f, 2, in);
	f->flags = CLK_IS_CRITICAL;
	ASSERT_EQ(V(fake_register(f)), 2);
	EXPECT_EQ(vt_ec("P0"), 1);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(vt_provider("M"), vt_provider("P1"))), 0);
	EXPECT_LOG("prepare P1, enable P1, set_parent M 1, disable P0, unprepare P0");
	EXPECT_EQ(vt_ec("P1"), 1);
	EXPECT_EQ(vt_ec("P0"), 0);
}

/* ==================== clk_disable_unused ==================== */

static int boot_clock(const char *name, const char *parent, unsigned long rate,
		      unsigned long div, unsigned long flags, bool on)
{
	struct fake_clk *f = fake_new(name);

	if (!f)
		return -1;
	if (parent) {
		fake_set_parents(f, 1, &parent);
		f->div = div;
	} else {
		f->fixed_rate = rate;
	}
	f->flags = flags;
	f->boot_on = true;
	f->hw_prepared = on;
	f->hw_enabled = on;
	return fake_register(f);
}

static int count_log(const char *prefix)
{
	const char *s = fake_log_str();
	int n = 0;
	size_t len = strlen(prefix);

	while (*s) {
		if (strncmp(s, prefix, len) == 0)
			n++;
		s = strchr(s, ',');
		if (!s)
			break;
		s += 2;
	}
	return n;
}

static void disable_unused_turns_off_unused(void)
{
	struct clk *d;
	int r;

	/* A -> B -> C, A -> D, all running at boot; D is used */
	ASSERT_EQ(V(boot_clock("A", NULL, 1000, 0, 0, true)), 0);
	ASSERT_EQ(V(boot_clock("B", "A", 0, 1, 0, true)), 1);
	ASSERT_EQ(V(boot_clock("C", "B", 0, 1, 0, true)), 2);
	ASSERT_EQ(V(boot_clock("D", "A", 0, 1, 0, true)), 3);
	d = vt_get("D");
	ASSERT_NOT_NULL(d);
	EXPECT_EQ(V(clk_prepare_enable(d)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	r = V(clk_disable_unused());
	EXPECT_FALSE(vt_hw_en("C"));
	EXPECT_FALSE(vt_hw_prep("C"));
	EXPECT_FALSE(vt_hw_en("B"));
	EXPECT_FALSE(vt_hw_prep("B"));
	EXPECT_TRUE(vt_hw_en("A"));
	EXPECT_TRUE(vt_hw_en("D"));
	EXPECT_TRUE(vt_hw_prep("D"));
	/* children first; a clock is disabled before it is unprepared */
	EXPECT_LOG_BEFORE("disable C", "disable B");
	EXPECT_LOG_BEFORE("unprepare C", "unprepare B");
	EXPECT_LOG_BEFORE("disable C", "unprepare C");
	EXPECT_LOG_BEFORE("disable B", "unprepare B");
	EXPECT_EQ(fake_log_len(), 4);
	EXPECT_EQ(r, fake_log_len());
	/* counts do not change */
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_HW);
	/* a second call has nothing to do */
	fake_log_clear();
	EXPECT_EQ(V(clk_disable_unused()), 0);
	EXPECT_LOG("");
	/* the used clock still works normally */
	EXPECT_EQ(V(vclk_disable_unprepare(d)), 0);
	EXPECT_FALSE(vt_hw_prep("A"));
}

static void disable_unused_keeps_prepare_of_prepared(void)
{
	struct clk *x;
	int r;

	ASSERT_EQ(V(boot_clock("A", NULL, 1000, 0, 0, true)), 0);
	ASSERT_EQ(V(boot_clock("X", "A", 0, 1, 0, true)), 1);
	x = vt_get("X");
	ASSERT_NOT_NULL(x);
	EXPECT_EQ(V(clk_prepare(x)), 0);	/* prepared, not enabled */
	fake_log_clear();
	r = V(clk_disable_unused());
	EXPECT_LOG("disable X, disable A");
	EXPECT_EQ(r, 2);
	EXPECT_TRUE(vt_hw_prep("X"));
	EXPECT_TRUE(vt_hw_prep("A"));
	EXPECT_FALSE(vt_hw_en("X"));
	EXPECT_EQ(vt_pc("X"), 1);
}

static void disable_unused_respects_ignore_flag(void)
{
	struct clk *d;

	/* A (used through D) -> B (ignore) -> C;  Z an ignored root */
	ASSERT_EQ(V(boot_clock("A", NULL, 1000, 0, 0, true)), 0);
	ASSERT_EQ(V(boot_clock("B", "A", 0, 1, CLK_IGNORE_UNUSED, true)), 1);
	ASSERT_EQ(V(boot_clock("C", "B", 0, 1, 0, true)), 2);
	ASSERT_EQ(V(boot_clock("D", "A", 0, 1, 0, false)), 3);
	ASSERT_EQ(V(boot_clock("Z", NULL, 5, 0, CLK_IGNORE_UNUSED, true)), 4);
	d = vt_get("D");
	ASSERT_NOT_NULL(d);
	EXPECT_EQ(V(clk_prepare_enable(d)), 0);
	fake_log_clear();
	EXPECT_EQ(V(clk_disable_unused()), 2);
	EXPECT_LOG("disable C, unprepare C");
	EXPECT_TRUE(vt_hw_en("B"));
	EXPECT_TRUE(vt_hw_en("Z"));
	EXPECT_TRUE(vt_hw_en("A"));
	EXPECT_FALSE(vt_hw_prep("C"));
}

static void disable_unused_reaches_orphans(void)
{
	ASSERT_EQ(V(boot_clock("O", "missing", 0, 1, 0, true)), 0);
	ASSERT_EQ(V(boot_clock("P", "O", 0, 1, 0, true)), 1);
	fake_log_clear();
	EXPECT_EQ(V(clk_disable_unused()), 4);
	EXPECT_EQ(fake_log_len(), 4);
	EXPECT_LOG_BEFORE("disable P", "disable O");
	EXPECT_LOG_BEFORE("unprepare P", "unprepare O");
	EXPECT_LOG_BEFORE("disable O", "unprepare O");
	EXPECT_LOG_BEFORE("disable P", "unprepare P");
	EXPECT_FALSE(vt_hw_prep("O"));
}

static void disable_unused_leaves_off_clocks_alone(void)
{
	ASSERT_EQ(V(fake_root("A", 1000)), 0);
	ASSERT_EQ(V(fake_div("B", "A", 2)), 1);
	fake_log_clear();
	EXPECT_EQ(V(clk_disable_unused()), 0);
	EXPECT_LOG("");
	EXPECT_EQ(count_log("disable"), 0);
}

const struct vt_test vt_tests_misc[] = {
	VT_TEST(null_handles_are_noops),
	VT_TEST(null_handles_on_empty_pool),
	VT_TEST(critical_root_on_at_registration),
	VT_TEST(critical_child_holds_its_parents),
	VT_TEST(critical_survives_consumers),
	VT_TEST(critical_registration_failure_registers_nothing),
	VT_TEST(critical_needs_a_handle_slot),
	VT_TEST(critical_takes_a_consumer_slot),
	VT_TEST(critical_orphan_adopted),
	VT_TEST(critical_mux_reparent_moves_core_reference),
	VT_TEST(disable_unused_turns_off_unused),
	VT_TEST(disable_unused_keeps_prepare_of_prepared),
	VT_TEST(disable_unused_respects_ignore_flag),
	VT_TEST(disable_unused_reaches_orphans),
	VT_TEST(disable_unused_leaves_off_clocks_alone),
	{ NULL, NULL }
};
