/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_parent.c - muxes, clk_set_parent, clk_has_parent,
 * rates, orphans and their adoption.
 */
#include "tharness.h"

static struct vt_snapshot before;

static const char *const mux_inputs[3] = { "P0", "P1", "P2" };

/*
 * Roots P0 24 MHz, P1 100 MHz, P2 48 MHz, U 1 MHz (no input of M);
 * mux M over P0/P1/P2 starting at @initial; K = M / 2.
 */
static int mux_tree(int initial, unsigned long mux_flags)
{
	struct fake_clk *m;

	if (fake_root("P0", 24000000) < 0 || fake_root("P1", 100000000) < 0 ||
	    fake_root("P2", 48000000) < 0 || fake_root("U", 1000000) < 0)
		return -1;
	m = fake_new("M");
	fake_set_parents(m, 3, mux_inputs);
	m->hw_parent = initial;
	m->flags = mux_flags;
	if (fake_register(m) < 0 || fake_div("K", "M", 2) < 0)
		return -1;
	fake_log_clear();
	return 0;
}

#define MUX_TREE(i, fl) ASSERT_EQ(V(mux_tree(i, fl)), 0)
/* the mux tree, with handles on its leaf K and its mux M */
#define MUX_TREE_KM(i, fl)                  \
	do {                                \
		MUX_TREE(i, fl);            \
		k = vt_get("K");            \
		m = vt_get("M");            \
		ASSERT_NOT_NULL(k);         \
		ASSERT_NOT_NULL(m);         \
	} while (0)

/* ==================== muxes, has_parent, get_parent ==================== */

static void mux_initial_input_from_get_parent(void)
{
	MUX_TREE(2, 0);
	EXPECT_PTR_EQ(VP(clk_get_parent(vt_provider("M"))), vt_provider("P2"));
	EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P2"));
	EXPECT_EQ(vclk_parent_index[vt_id("M")], 2);
	EXPECT_EQ(vt_rate("M"), 48000000);
	EXPECT_EQ(vt_rate("K"), 24000000);
	EXPECT_EQ(vclk_clock_num_parents(vt_id("M")), 3);
	EXPECT_EQ(vclk_clock_parent_id(vt_id("M"), 0), vt_id("P0"));
	EXPECT_EQ(vclk_clock_parent_id(vt_id("M"), 1), vt_id("P1"));
	EXPECT_EQ(vclk_clock_parent_id(vt_id("M"), 2), vt_id("P2"));
}

static void mux_initial_input_zero(void)
{
	MUX_TREE(0, 0);
	EXPECT_PTR_EQ(VP(clk_get_parent(vt_provider("M"))), vt_provider("P0"));
	EXPECT_EQ(vt_rate("K"), 12000000);
}

static void get_parent_of_root_child_and_null(void)
{
	struct clk *k;

	MUX_TREE(1, 0);
	k = vt_get("K");
	ASSERT_NOT_NULL(k);
	EXPECT_PTR_EQ(VP(clk_get_parent(k)), vt_provider("M"));
	EXPECT_PTR_EQ(VP(clk_get_parent(vt_provider("P1"))), NULL);
	EXPECT_PTR_EQ(VP(clk_get_parent(NULL)), NULL);
	/* the parent's parent, through provider handles */
	EXPECT_PTR_EQ(VP(clk_get_parent(VP(clk_get_parent(k)))), vt_provider("P1"));
}

static void has_parent_lists_inputs_only(void)
{
	struct clk *m, *p1;

	MUX_TREE(0, 0);
	m = vt_get("M");
	p1 = vt_get("P1");
	ASSERT_NOT_NULL(m);
	ASSERT_NOT_NULL(p1);
	EXPECT_TRUE(V(clk_has_parent(m, vt_provider("P0"))));
	EXPECT_TRUE(V(clk_has_parent(m, vt_provider("P1"))));
	EXPECT_TRUE(V(clk_has_parent(m, vt_provider("P2"))));
	EXPECT_TRUE(V(clk_has_parent(m, p1)));		/* a consumer handle */
	EXPECT_FALSE(V(clk_has_parent(m, vt_provider("U"))));
	EXPECT_FALSE(V(clk_has_parent(m, vt_provider("K"))));
	EXPECT_FALSE(V(clk_has_parent(m, vt_provider("M"))));
	EXPECT_TRUE(V(clk_has_parent(vt_provider("K"), m)));
	EXPECT_FALSE(V(clk_has_parent(vt_provider("K"), vt_provider("P0"))));
	EXPECT_FALSE(V(clk_has_parent(vt_provider("P0"), vt_provider("P1"))));
	/* unchanged by a switch */
	EXPECT_EQ(V(clk_set_parent(m, p1)), 0);
	EXPECT_TRUE(V(clk_has_parent(m, vt_provider("P0"))));
	EXPECT_TRUE(V(clk_has_parent(m, vt_provider("P1"))));
	/* NULL on either side: nothing to refuse, as in Linux */
	EXPECT_TRUE(V(clk_has_parent(NULL, m)));
	EXPECT_TRUE(V(clk_has_parent(m, NULL)));
}

static void has_parent_of_unregistered_input(void)
{
	const char *in[2] = { "P0", "LATER" };

	ASSERT_GE(V(fake_root("P0", 10)), 0);
	ASSERT_GE(V(fake_mux("M", 2, in, 0, 1)), 0);
	ASSERT_GE(V(fake_root("LATER", 20)), 0);
	EXPECT_TRUE(V(clk_has_parent(vt_provider("M"), vt_provider("LATER"))));
	EXPECT_EQ(vclk_clock_parent_id(vt_id("M"), 1), vt_id("LATER"));
}

/* ==================== clk_set_parent ==================== */

static void set_parent_unprepared(void)
{
	struct clk *m;

	MUX_TREE(0, 0);
	m = vt_get("M");
	ASSERT_NOT_NULL(m);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P1"))), 0);
	EXPECT_LOG("set_parent M 1");
	EXPECT_PTR_EQ(VP(clk_get_parent(m)), vt_provider("P1"));
	EXPECT_EQ(vclk_parent_index[vt_id("M")], 1);
	EXPECT_EQ(fake_find("M")->hw_parent, 1);
	EXPECT_EQ(vt_rate("M"), 100000000);
	EXPECT_EQ(vt_rate("K"), 50000000);
	EXPECT_EQ(vt_pc("P1"), 0);
	EXPECT_EQ(vt_pc("P0"), 0);
	EXPECT_FALSE(vt_hw_prep("P1"));
}

static void set_parent_enabled_migrates_references(void)
{
	struct clk *k, *m;

	MUX_TREE_KM(0, 0);
	EXPECT_EQ(V(clk_prepare_enable(k)), 0);
	EXPECT_EQ(vt_ec("P0"), 1);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P1"))), 0);
	EXPECT_LOG("prepare P1, enable P1, set_parent M 1, disable P0, unprepare P0");
	EXPECT_EQ(vt_pc("P1"), 1);
	EXPECT_EQ(vt_ec("P1"), 1);
	EXPECT_EQ(vt_pc("P0"), 0);
	EXPECT_EQ(vt_ec("P0"), 0);
	EXPECT_TRUE(vt_hw_en("P1"));
	EXPECT_FALSE(vt_hw_prep("P0"));
	/* the consumer's and M's own counts do not move */
	EXPECT_EQ(vt_pc("M"), 1);
	EXPECT_EQ(vt_ec("M"), 1);
	EXPECT_EQ(vclk_handle_prepares[vt_handle_slot(k)], 1);
	EXPECT_EQ(vt_rate("K"), 50000000);
	/* and it all comes down cleanly through the new parent */
	fake_log_clear();
	EXPECT_EQ(V(vclk_disable_unprepare(k)), 0);
	EXPECT_LOG("disable K, disable M, disable P1, unprepare K, unprepare M, unprepare P1");
}

static void set_parent_prepared_only_migrates_prepare(void)
{
	struct clk *k, *m;

	MUX_TREE_KM(0, 0);
	EXPECT_EQ(V(clk_prepare(k)), 0);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P2"))), 0);
	EXPECT_LOG("prepare P2, set_parent M 2, unprepare P0");
	EXPECT_EQ(vt_pc("P2"), 1);
	EXPECT_EQ(vt_ec("P2"), 0);
	EXPECT_EQ(vt_pc("P0"), 0);
	EXPECT_FALSE(vt_hw_en("P2"));
	EXPECT_EQ(V(clk_enable(k)), 0);
	EXPECT_EQ(vt_ec("P2"), 1);
}

static void set_parent_old_parent_kept_by_other_users(void)
{
	struct clk *k, *m, *p0;

	MUX_TREE(0, 0);
	k = vt_get("K");
	m = vt_get("M");
	p0 = vt_get("P0");
	ASSERT_NOT_NULL(k);
	ASSERT_NOT_NULL(m);
	ASSERT_NOT_NULL(p0);
	EXPECT_EQ(V(clk_prepare_enable(p0)), 0);
	EXPECT_EQ(V(clk_prepare_enable(k)), 0);
	EXPECT_EQ(vt_pc("P0"), 2);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P1"))), 0);
	EXPECT_LOG("prepare P1, enable P1, set_parent M 1");
	EXPECT_EQ(vt_pc("P0"), 1);
	EXPECT_EQ(vt_ec("P0"), 1);
	EXPECT_TRUE(vt_hw_en("P0"));
	/* back again: P0 already running, so no op on it */
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(m, p0)), 0);
	EXPECT_LOG("set_parent M 0, disable P1, unprepare P1");
	EXPECT_EQ(vt_pc("P0"), 2);
	EXPECT_EQ(vt_pc("P1"), 0);
}

static void set_parent_current_parent_is_noop(void)
{
	struct clk *k, *m;

	MUX_TREE_KM(1, 0);
	EXPECT_EQ(V(clk_prepare_enable(k)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P1"))), 0);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(fake_find("P1")->calls[FAKE_PREPARE], 1);	/* not re-taken */
	/* a single-input clock and its only parent */
	EXPECT_EQ(V(clk_set_parent(k, m)), 0);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

static void set_parent_not_an_input_einval(void)
{
	struct clk *k, *m;

	MUX_TREE_KM(0, 0);
	EXPECT_EQ(V(clk_prepare_enable(k)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("U"))), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_parent(k, vt_provider("P0"))), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_parent(vt_provider("P0"), vt_provider("P1"))), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
	EXPECT_FALSE(vt_hw_prep("U"));
}

static void set_parent_null_parent_einval(void)
{
	struct clk *m;

	MUX_TREE(0, 0);
	m = vt_get("M");
	ASSERT_NOT_NULL(m);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(m, NULL)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

static void set_parent_null_clk_ok(void)
{
	MUX_TREE(0, 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(NULL, vt_provider("P1"))), 0);
	EXPECT_EQ(V(clk_set_parent(NULL, NULL)), 0);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
}

static void set_parent_self_cycle_einval(void)
{
	const char *in[2] = { "P0", "S" };
	struct clk *s;

	ASSERT_GE(V(fake_root("P0", 24000000)), 0);
	ASSERT_GE(V(fake_mux("S", 2, in, 0, 1)), 0);
	s = vt_get("S");
	ASSERT_NOT_NULL(s);
	EXPECT_TRUE(V(clk_has_parent(s, s)));
	EXPECT_EQ(V(clk_prepare_enable(s)), 0);
	vt_snapshot(&before);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(s, s)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_parent(s, vt_provider("S"))), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
}

static void set_parent_descendant_cycle_einval(void)
{
	const char *in[3] = { "P0", "K", "G" };
	struct clk *m, *g;

	ASSERT_GE(V(fake_root("P0", 24000000)), 0);
	ASSERT_GE(V(fake_mux("M", 3, in, 0, 1)), 0);
	ASSERT_GE(V(fake_div("K", "M", 2)), 0);
	ASSERT_GE(V(fake_div("G", "K", 3)), 0);
	m = vt_get("M");
	g = vt_get("G");
	ASSERT_NOT_NULL(m);
	ASSERT_NOT_NULL(g);
	EXPECT_EQ(V(clk_prepare_enable(g)), 0);
	vt_snapshot(&before);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("K"))), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_parent(m, g)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
	/* and unprepared too */
	EXPECT_EQ(V(vclk_disable_unprepare(g)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(m, g)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

static void set_parent_gate_flag_ebusy(void)
{
	struct clk *k, *m;

	MUX_TREE_KM(0, CLK_SET_PARENT_GATE);
	/* unprepared: allowed */
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P1"))), 0);
	EXPECT_EQ(vt_rate("K"), 50000000);
	/* prepared: refused */
	EXPECT_EQ(V(clk_prepare(k)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P2"))), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
	/* enabled: refused */
	EXPECT_EQ(V(clk_enable(k)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P2"))), -VCLK_EBUSY);
	/*
	 * busy before invalid: Linux's clk_core_set_parent_nolock() checks
	 * CLK_SET_PARENT_GATE before clk_fetch_parent_index(), so a parent
	 * that is no input, or a cycle, is -EBUSY too
	 */
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("U"))), -VCLK_EBUSY);
	EXPECT_EQ(V(clk_set_parent(m, k)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	/* the current parent is still a no-op, checked first as in Linux */
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P1"))), 0);
	/* released again: allowed */
	EXPECT_EQ(V(vclk_disable_unprepare(k)), 0);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P2"))), 0);
	EXPECT_EQ(vt_rate("K"), 24000000);
}

/*
 * A clock whose rate another handle holds is -EBUSY before its parent is
 * checked, as in Linux's clk_core_set_parent_nolock() (the
 * clk_core_rate_is_protected() test comes before clk_fetch_parent_index()).
 */
static void set_parent_protected_before_invalid(void)
{
	struct clk *k, *m, *other;

	MUX_TREE_KM(0, 0);
	other = vt_get("M");
	ASSERT_NOT_NULL(other);
	EXPECT_EQ(V(clk_rate_exclusive_get(other)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("U"))), -VCLK_EBUSY);
	EXPECT_EQ(V(clk_set_parent(m, k)), -VCLK_EBUSY);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P1"))), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
	/* the holder itself may move it, and is still told what is invalid */
	EXPECT_EQ(V(clk_set_parent(other, vt_provider("U"))), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_parent(other, vt_provider("P1"))), 0);
	EXPECT_EQ(V(vclk_rate_exclusive_put(other)), 0);
}

static void set_parent_op_failure_changes_nothing(void)
{
	struct clk *k, *m;

	MUX_TREE_KM(0, 0);
	EXPECT_EQ(V(clk_prepare_enable(k)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	fake_fail(fake_find("M"), FAKE_SET_PARENT, 1, -VCLK_EIO);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P1"))), -VCLK_EIO);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("prepare P1, enable P1, set_parent M 1 FAIL, disable P1, unprepare P1");
	EXPECT_PTR_EQ(VP(clk_get_parent(m)), vt_provider("P0"));
	EXPECT_EQ(vt_rate("K"), 12000000);
	/* and the next attempt works */
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P1"))), 0);
	EXPECT_EQ(vt_rate("K"), 50000000);
}

static void set_parent_new_parent_failures_change_nothing(void)
{
	struct clk *k, *m;
	const enum fake_op ops[2] = { FAKE_PREPARE, FAKE_ENABLE };

	for (int i = 0; i < 2; i++) {
		vt_begin();
		MUX_TREE(0, 0);
		k = vt_get("K");
		m = vt_get("M");
		ASSERT_NOT_NULL(k);
		ASSERT_NOT_NULL(m);
		EXPECT_EQ(V(clk_prepare_enable(k)), 0);
		fake_log_clear();
		vt_snapshot(&before);
		fake_fail(fake_find("P2"), ops[i], 1, -VCLK_ETIMEDOUT);
		EXPECT_EQ(V(clk_set_parent(m, vt_provider("P2"))), -VCLK_ETIMEDOUT);
		EXPECT_UNCHANGED_SINCE(&before, 0);
		EXPECT_EQ(fake_log_find("set_parent M 2"), -1);
		EXPECT_EQ(fake_pending_faults(), 0);
	}
}

static void set_parent_recalculates_whole_subtree(void)
{
	struct clk *m;

	MUX_TREE(0, 0);
	ASSERT_GE(V(fake_div("K2", "K", 5)), 0);
	ASSERT_GE(V(fake_div("K3", "K2", 2)), 0);
	ASSERT_GE(V(fake_div("J", "M", 4)), 0);
	EXPECT_EQ(vt_rate("K3"), 24000000 / 2 / 5 / 2);
	m = vt_get("M");
	ASSERT_NOT_NULL(m);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P1"))), 0);
	EXPECT_EQ(vt_rate("M"), 100000000);
	EXPECT_EQ(vt_rate("K"), 50000000);
	EXPECT_EQ(vt_rate("K2"), 10000000);
	EXPECT_EQ(vt_rate("K3"), 5000000);
	EXPECT_EQ(vt_rate("J"), 25000000);
	EXPECT_EQ(V(clk_get_rate(vt_provider("K3"))), 5000000);
	/* rates outside the subtree are untouched */
	EXPECT_EQ(vt_rate("P0"), 24000000);
}

static void set_parent_deeper_chain_updates_depth(void)
{
	const char *in[2] = { "R", "Q3" };
	struct clk *m, *leaf;

	ASSERT_GE(V(fake_root("R", 1000000)), 0);
	ASSERT_GE(V(fake_root("Q0", 64000000)), 0);
	ASSERT_GE(V(fake_div("Q1", "Q0", 2)), 0);
	ASSERT_GE(V(fake_div("Q2", "Q1", 2)), 0);
	ASSERT_GE(V(fake_div("Q3", "Q2", 2)), 0);
	ASSERT_GE(V(fake_mux("M", 2, in, 0, 1)), 0);
	ASSERT_GE(V(fake_div("L", "M", 1)), 0);
	m = vt_get("M");
	leaf = vt_get("L");
	ASSERT_NOT_NULL(m);
	ASSERT_NOT_NULL(leaf);
	EXPECT_EQ(V(clk_prepare_enable(leaf)), 0);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("Q3"))), 0);
	EXPECT_LOG("prepare Q0, prepare Q1, prepare Q2, prepare Q3, "
		   "enable Q0, enable Q1, enable Q2, enable Q3, set_parent M 1, "
		   "disable R, unprepare R");
	EXPECT_EQ(vclk_depth[vt_id("L")], 5);
	EXPECT_EQ(vt_rate("L"), 8000000);
	EXPECT_EQ(vt_ec("Q0"), 1);
	/* and back to the shallow root */
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("R"))), 0);
	EXPECT_LOG("prepare R, enable R, set_parent M 0, "
		   "disable Q3, disable Q2, disable Q1, disable Q0, "
		   "unprepare Q3, unprepare Q2, unprepare Q1, unprepare Q0");
	EXPECT_EQ(vclk_depth[vt_id("L")], 2);
	EXPECT_EQ(vt_rate("L"), 1000000);
}

static void set_parent_between_related_inputs(void)
{
	const char *in[2] = { "A", "B" };
	struct clk *m, *x;

	/* B is a child of A; M may take either (not a cycle) */
	ASSERT_GE(V(fake_root("A", 90000000)), 0);
	ASSERT_GE(V(fake_div("B", "A", 3)), 0);
	ASSERT_GE(V(fake_mux("M", 2, in, 0, 1)), 0);
	ASSERT_GE(V(fake_div("X", "M", 1)), 0);
	m = vt_get("M");
	x = vt_get("X");
	ASSERT_NOT_NULL(m);
	ASSERT_NOT_NULL(x);
	EXPECT_EQ(V(clk_prepare_enable(x)), 0);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("B"))), 0);
	EXPECT_LOG("prepare B, enable B, set_parent M 1");
	EXPECT_EQ(vt_pc("A"), 1);	/* now only through B */
	EXPECT_EQ(vt_pc("B"), 1);
	EXPECT_EQ(vt_rate("X"), 30000000);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("A"))), 0);
	EXPECT_LOG("set_parent M 0, disable B, unprepare B");
	EXPECT_EQ(vt_pc("A"), 1);
	EXPECT_EQ(vt_pc("B"), 0);
	EXPECT_EQ(vt_rate("X"), 90000000);
}

/* ==================== orphans ==================== */

static void orphan_has_rate_zero_and_no_parent(void)
{
	struct clk *b;

	ASSERT_EQ(V(fake_div("b", "a", 2)), 0);
	b = vt_get("b");
	ASSERT_NOT_NULL(b);
	EXPECT_EQ(V(clk_get_rate(b)), 0);
	EXPECT_EQ(vclk_clock_rate(0), 0);
	EXPECT_PTR_EQ(VP(clk_get_parent(b)), NULL);
	EXPECT_EQ(vclk_clock_parent(0), -1);
	EXPECT_EQ(vclk_clock_parent_id(0, 0), -1);
	EXPECT_EQ(vclk_clock_num_parents(0), 1);
	EXPECT_EQ(V(vclk_lookup("a")), -VCLK_ENOENT);
}

static void orphan_adopted_with_references(void)
{
	struct clk *b;
	int a;

	ASSERT_EQ(V(fake_div("b", "a", 4)), 0);
	b = vt_get("b");
	ASSERT_NOT_NULL(b);
	EXPECT_EQ(V(clk_prepare_enable(b)), 0);
	EXPECT_LOG("prepare b, enable b");
	EXPECT_TRUE(vt_hw_en("b"));
	fake_log_clear();
	a = V(fake_root("a", 48000000));
	ASSERT_EQ(a, 1);
	EXPECT_EQ(vt_pc("a"), 1);
	EXPECT_EQ(vt_ec("a"), 1);
	EXPECT_TRUE(vt_hw_prep("a"));
	EXPECT_TRUE(vt_hw_en("a"));
	EXPECT_LOG("prepare a, enable a");
	EXPECT_EQ(V(clk_get_rate(b)), 12000000);
	EXPECT_PTR_EQ(VP(clk_get_parent(b)), vt_provider("a"));
	EXPECT_EQ(vclk_clock_parent_id(0, 0), a);
	/* b's own references are where they were */
	EXPECT_EQ(vt_pc("b"), 1);
	EXPECT_EQ(vclk_handle_prepares[vt_handle_slot(b)], 1);
	/* and they come down through a */
	fake_log_clear();
	EXPECT_EQ(V(vclk_disable_unprepare(b)), 0);
	EXPECT_LOG("disable b, disable a, unprepare b, unprepare a");
}

static void orphan_adopted_prepared_only(void)
{
	struct clk *b;

	ASSERT_EQ(V(fake_div("b", "a", 4)), 0);
	b = vt_get("b");
	ASSERT_NOT_NULL(b);
	EXPECT_EQ(V(clk_prepare(b)), 0);
	fake_log_clear();
	ASSERT_EQ(V(fake_root("a", 48000000)), 1);
	EXPECT_LOG("prepare a");
	EXPECT_EQ(vt_pc("a"), 1);
	EXPECT_EQ(vt_ec("a"), 0);
}

static void orphan_unused_adopted_without_ops(void)
{
	ASSERT_EQ(V(fake_div("b", "a", 4)), 0);
	ASSERT_EQ(V(fake_div("c", "a", 2)), 1);
	ASSERT_EQ(V(fake_root("a", 48000000)), 2);
	EXPECT_LOG("");
	EXPECT_EQ(vt_rate("b"), 12000000);
	EXPECT_EQ(vt_rate("c"), 24000000);
	EXPECT_EQ(vclk_clock_parent(0), 2);
	EXPECT_EQ(vclk_clock_parent(1), 2);
	EXPECT_EQ(vclk_depth[0], 1);
}

static void orphan_chain_adopted_level_by_level(void)
{
	struct clk *c;

	ASSERT_EQ(V(fake_div("c", "b", 2)), 0);
	c = vt_get("c");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(V(clk_prepare_enable(c)), 0);
	fake_log_clear();
	/* b arrives, itself an orphan: it takes c's references */
	ASSERT_EQ(V(fake_div("b", "a", 5)), 1);
	EXPECT_LOG("prepare b, enable b");
	EXPECT_EQ(vt_pc("b"), 1);
	EXPECT_EQ(vt_ec("b"), 1);
	EXPECT_EQ(vt_rate("b"), 0);
	EXPECT_EQ(vt_rate("c"), 0);
	EXPECT_PTR_EQ(VP(clk_get_parent(c)), vt_provider("b"));
	EXPECT_PTR_EQ(VP(clk_get_parent(vt_provider("b"))), NULL);
	fake_log_clear();
	/* a arrives: the whole chain has a root now */
	ASSERT_EQ(V(fake_root("a", 100000000)), 2);
	EXPECT_LOG("prepare a, enable a");
	EXPECT_EQ(vt_pc("a"), 1);
	EXPECT_EQ(vt_ec("a"), 1);
	EXPECT_EQ(vt_rate("b"), 20000000);
	EXPECT_EQ(vt_rate("c"), 10000000);
	EXPECT_EQ(vclk_depth[vt_id("c")], 2);
}

static void orphan_subtree_rates_recalculated(void)
{
	/* a whole subtree registered bottom-up, then its root */
	ASSERT_EQ(V(fake_div("d", "c", 2)), 0);
	ASSERT_EQ(V(fake_div("c", "b", 3)), 1);
	ASSERT_EQ(V(fake_div("e", "b", 5)), 2);
	ASSERT_EQ(V(fake_div("b", "a", 1)), 3);
	EXPECT_EQ(vt_rate("d"), 0);
	ASSERT_EQ(V(fake_root("a", 60000000)), 4);
	EXPECT_EQ(vt_rate("b"), 60000000);
	EXPECT_EQ(vt_rate("c"), 20000000);
	EXPECT_EQ(vt_rate("d"), 10000000);
	EXPECT_EQ(vt_rate("e"), 12000000);
}

static void orphan_several_children_counts_sum(void)
{
	struct clk *h[3];
	const char *names[3] = { "x", "y", "z" };

	for (int i = 0; i < 3; i++) {
		ASSERT_EQ(V(fake_div(names[i], "a", 1)), i);
		h[i] = vt_get(names[i]);
		ASSERT_NOT_NULL(h[i]);
	}
	EXPECT_EQ(V(clk_prepare_enable(h[0])), 0);
	EXPECT_EQ(V(clk_prepare_enable(h[1])), 0);
	EXPECT_EQ(V(clk_prepare(h[2])), 0);
	fake_log_clear();
	ASSERT_EQ(V(fake_root("a", 1000)), 3);
	EXPECT_EQ(vt_pc("a"), 3);
	EXPECT_EQ(vt_ec("a"), 2);
	EXPECT_EQ(fake_find("a")->calls[FAKE_PREPARE], 1);
	EXPECT_EQ(fake_find("a")->calls[FAKE_ENABLE], 1);
}

static void orphan_adoption_through_registered_chain(void)
{
	struct clk *b;

	/* a's own parent r exists: adopting b walks up r too */
	ASSERT_EQ(V(fake_root("r", 1000000)), 0);
	ASSERT_EQ(V(fake_div("b", "a", 1)), 1);
	b = vt_get("b");
	ASSERT_NOT_NULL(b);
	EXPECT_EQ(V(clk_prepare_enable(b)), 0);
	fake_log_clear();
	ASSERT_EQ(V(fake_div("a", "r", 10)), 2);
	EXPECT_LOG_BEFORE("prepare r", "prepare a");
	EXPECT_LOG_BEFORE("prepare a", "enable a");
	EXPECT_LOG_BEFORE("enable r", "enable a");
	EXPECT_EQ(vt_ec("r"), 1);
	EXPECT_EQ(vt_rate("b"), 100000);
}

static void orphan_mux_waits_for_selected_input(void)
{
	const char *in[2] = { "p0", "p1" };
	struct clk *m;

	ASSERT_EQ(V(fake_mux("m", 2, in, 1, 1)), 0);
	m = vt_get("m");
	ASSERT_NOT_NULL(m);
	EXPECT_EQ(V(clk_prepare_enable(m)), 0);
	ASSERT_EQ(V(fake_root("p0", 5000)), 1);
	/* p0 is an input, but not the selected one */
	EXPECT_PTR_EQ(VP(clk_get_parent(m)), NULL);
	EXPECT_EQ(V(clk_get_rate(m)), 0);
	EXPECT_EQ(vt_pc("p0"), 0);
	EXPECT_EQ(vclk_parent_index[0], 1);
	ASSERT_EQ(V(fake_root("p1", 7000)), 2);
	EXPECT_PTR_EQ(VP(clk_get_parent(m)), vt_provider("p1"));
	EXPECT_EQ(V(clk_get_rate(m)), 7000);
	EXPECT_EQ(vt_pc("p1"), 1);
	EXPECT_EQ(vt_ec("p1"), 1);
	EXPECT_EQ(fake_find("m")->calls[FAKE_SET_PARENT], 0);
}

static void orphan_set_parent_to_registered_input(void)
{
	const char *in[2] = { "p0", "p1" };
	struct clk *m;

	ASSERT_EQ(V(fake_root("p0", 5000)), 0);
	ASSERT_EQ(V(fake_mux("m", 2, in, 1, 1)), 1);
	m = vt_get("m");
	ASSERT_NOT_NULL(m);
	EXPECT_EQ(V(clk_prepare_enable(m)), 0);
	fake_log_clear();
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("p0"))), 0);
	EXPECT_LOG("prepare p0, enable p0, set_parent m 0");
	EXPECT_PTR_EQ(VP(clk_get_parent(m)), vt_provider("p0"));
	EXPECT_EQ(V(clk_get_rate(m)), 5000);
	EXPECT_EQ(vt_ec("p0"), 1);
	/* p1 arriving later must not take m away from p0 */
	ASSERT_EQ(V(fake_root("p1", 7000)), 2);
	EXPECT_PTR_EQ(VP(clk_get_parent(m)), vt_provider("p0"));
	EXPECT_EQ(vt_pc("p1"), 0);
	EXPECT_EQ(vt_pc("p0"), 1);
}

static void orphan_adoption_failure_retried(void)
{
	const enum fake_op ops[2] = { FAKE_PREPARE, FAKE_ENABLE };

	for (int i = 0; i < 2; i++) {
		struct clk *b;
		struct fake_clk *a;
		int id;

		vt_begin();
		ASSERT_EQ(V(fake_div("b", "a", 2)), 0);
		b = vt_get("b");
		ASSERT_NOT_NULL(b);
		EXPECT_EQ(V(clk_prepare_enable(b)), 0);

		a = fake_new("a");
		ASSERT_NOT_NULL(a);
		a->fixed_rate = 1000;
		fake_fail(a, ops[i], 1, -VCLK_EIO);
		id = V(fake_register(a));
		/* a registers; b's adoption fails and b stays an orphan */
		EXPECT_EQ(id, 1);
		EXPECT_EQ(fake_pending_faults(), 0);
		EXPECT_PTR_EQ(VP(clk_get_parent(b)), NULL);
		EXPECT_EQ(V(clk_get_rate(b)), 0);
		EXPECT_EQ(vt_pc("a"), 0);
		EXPECT_EQ(vt_ec("a"), 0);
		EXPECT_FALSE(vt_hw_prep("a"));
		EXPECT_FALSE(vt_hw_en("a"));
		EXPECT_EQ(vt_pc("b"), 1);
		EXPECT_TRUE(vt_hw_en("b"));

		/* offered again at the next registration */
		ASSERT_EQ(V(fake_root("z", 1)), 2);
		EXPECT_PTR_EQ(VP(clk_get_parent(b)), vt_provider("a"));
		EXPECT_EQ(V(clk_get_rate(b)), 500);
		EXPECT_EQ(vt_pc("a"), 1);
		EXPECT_EQ(vt_ec("a"), 1);
		EXPECT_TRUE(vt_hw_en("a"));
	}
}

static void orphan_self_parent_stays_acyclic(void)
{
	int id;
	struct clk *x;

	id = V(fake_div("x", "x", 1));
	if (id < 0) {
		EXPECT_EQ(id, -VCLK_EINVAL);
		EXPECT_EQ(vclk_clock_count(), 0);
		return;
	}
	x = vt_get("x");
	ASSERT_NOT_NULL(x);
	EXPECT_PTR_EQ(VP(clk_get_parent(x)), NULL);
	EXPECT_EQ(V(clk_prepare_enable(x)), 0);
	EXPECT_GE(V(fake_root("other", 1)), 0);
	EXPECT_PTR_EQ(VP(clk_get_parent(x)), NULL);
	EXPECT_EQ(V(vclk_disable_unprepare(x)), 0);
}

static void orphan_mutual_parents_stay_acyclic(void)
{
	struct clk *a, *b;
	int r;

	ASSERT_EQ(V(fake_div("a", "b", 1)), 0);
	r = V(fake_div("b", "a", 1));
	if (r < 0) {
		EXPECT_EQ(r, -VCLK_EINVAL);
		return;
	}
	/* one of the two must stay an orphan */
	EXPECT_TRUE(vclk_clock_parent(0) == -1 || vclk_clock_parent(1) == -1);
	a = vt_get("a");
	b = vt_get("b");
	ASSERT_NOT_NULL(a);
	ASSERT_NOT_NULL(b);
	EXPECT_EQ(V(clk_prepare_enable(a)), 0);
	EXPECT_EQ(V(clk_prepare_enable(b)), 0);
	EXPECT_GE(V(fake_root("c", 1)), 0);
	EXPECT_EQ(V(vclk_disable_unprepare(a)), 0);
	EXPECT_EQ(V(vclk_disable_unprepare(b)), 0);
}

static void orphan_mux_adoption_would_cycle(void)
{
	const char *in[2] = { "P0", "K" };
	struct clk *m, *k;
	int r;

	/* M wants K, K wants M: adopting M under K would close a cycle */
	ASSERT_EQ(V(fake_root("P0", 1000)), 0);
	ASSERT_EQ(V(fake_mux("M", 2, in, 1, 1)), 1);
	r = V(fake_div("K", "M", 1));
	if (r < 0) {
		EXPECT_EQ(r, -VCLK_EINVAL);
		return;
	}
	EXPECT_PTR_EQ(VP(clk_get_parent(vt_provider("K"))), vt_provider("M"));
	EXPECT_PTR_EQ(VP(clk_get_parent(vt_provider("M"))), NULL);
	m = vt_get("M");
	k = vt_get("K");
	ASSERT_NOT_NULL(m);
	ASSERT_NOT_NULL(k);
	EXPECT_EQ(V(clk_prepare_enable(k)), 0);
	/* the way out: switch M to P0 */
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P0"))), 0);
	EXPECT_EQ(vt_rate("K"), 1000);
	EXPECT_EQ(vt_ec("P0"), 1);
	EXPECT_EQ(V(clk_set_parent(m, k)), -VCLK_EINVAL);
}

static void mux_get_parent_out_of_range(void)
{
	const char *in[2] = { "p0", "p1" };
	struct fake_clk *f;
	int r;

	ASSERT_EQ(V(fake_root("p0", 10)), 0);
	ASSERT_EQ(V(fake_root("p1", 20)), 1);
	f = fake_new("m");
	ASSERT_NOT_NULL(f);
	fake_set_parents(f, 2, in);
	f->hw_parent = 5;	/* the hardware selects no listed input */
	r = V(fake_register(f));
	/* unspecified which; but sane: registered or not, never half */
	if (r < 0) {
		EXPECT_EQ(vclk_clock_count(), 2);
		return;
	}
	EXPECT_EQ(r, 2);
	EXPECT_EQ(vclk_clock_count(), 3);
	/* no usable input: an orphan, rate 0, that later clocks leave alone */
	EXPECT_PTR_EQ(VP(clk_get_parent(vt_provider("m"))), NULL);
	EXPECT_EQ(V(clk_get_rate(vt_provider("m"))), 0);
	EXPECT_GE(V(fake_root("q", 30)), 0);
	EXPECT_PTR_EQ(VP(clk_get_parent(vt_provider("m"))), NULL);
	/* and it can be switched to a real input, references and all */
	{
		struct clk *m = vt_get("m");

		ASSERT_NOT_NULL(m);
		EXPECT_EQ(V(clk_prepare_enable(m)), 0);
		fake_log_clear();
		EXPECT_EQ(V(clk_set_parent(m, vt_provider("p1"))), 0);
		EXPECT_LOG("prepare p1, enable p1, set_parent m 1");
		EXPECT_EQ(vclk_parent_index[2], 1);
		EXPECT_EQ(V(clk_get_rate(m)), 20);
		EXPECT_EQ(V(vclk_disable_unprepare(m)), 0);
		EXPECT_FALSE(vt_hw_prep("p1"));
	}
}

const struct vt_test vt_tests_parent[] = {
	VT_TEST(mux_initial_input_from_get_parent),
	VT_TEST(mux_initial_input_zero),
	VT_TEST(get_parent_of_root_child_and_null),
	VT_TEST(has_parent_lists_inputs_only),
	VT_TEST(has_parent_of_unregistered_input),
	VT_TEST(set_parent_unprepared),
	VT_TEST(set_parent_enabled_migrates_references),
	VT_TEST(set_parent_prepared_only_migrates_prepare),
	VT_TEST(set_parent_old_parent_kept_by_other_users),
	VT_TEST(set_parent_current_parent_is_noop),
	VT_TEST(set_parent_not_an_input_einval),
	VT_TEST(set_parent_null_parent_einval),
	VT_TEST(set_parent_null_clk_ok),
	VT_TEST(set_parent_self_cycle_einval),
	VT_TEST(set_parent_descendant_cycle_einval),
	VT_TEST(set_parent_gate_flag_ebusy),
	VT_TEST(set_parent_protected_before_invalid),
	VT_TEST(set_parent_op_failure_changes_nothing),
	VT_TEST(set_parent_new_parent_failures_change_nothing),
	VT_TEST(set_parent_recalculates_whole_subtree),
	VT_TEST(set_parent_deeper_chain_updates_depth),
	VT_TEST(set_parent_between_related_inputs),
	VT_TEST(orphan_has_rate_zero_and_no_parent),
	VT_TEST(orphan_adopted_with_references),
	VT_TEST(orphan_adopted_prepared_only),
	VT_TEST(orphan_unused_adopted_without_ops),
	VT_TEST(orphan_chain_adopted_level_by_level),
	VT_TEST(orphan_subtree_rates_recalculated),
	VT_TEST(orphan_several_children_counts_sum),
	VT_TEST(orphan_adoption_through_registered_chain),
	VT_TEST(orphan_mux_waits_for_selected_input),
	VT_TEST(orphan_set_parent_to_registered_input),
	VT_TEST(orphan_adoption_failure_retried),
	VT_TEST(orphan_self_parent_stays_acyclic),
	VT_TEST(orphan_mutual_parents_stay_acyclic),
	VT_TEST(orphan_mux_adoption_would_cycle),
	VT_TEST(mux_get_parent_out_of_range),
	{ NULL, NULL }
};
