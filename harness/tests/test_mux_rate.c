/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_mux_rate.c - a mux choosing its input for a rate
 * (Linux's clk_mux_determine_rate, CLK_SET_RATE_NO_REPARENT), and the
 * rollback of a parent switch made for a rate.
 */
#include "tharness.h"

#define MHZ 1000000UL

static struct vt_snapshot before;

static const char *const inputs[3] = { "P0", "P1", "P2" };

/*
 * Roots P0 24 MHz, P1 100 MHz, P2 48 MHz; mux M over P0/P1/P2 at P1 with
 * @flags; K = M / 2.  Handles: k on K, m on M.
 */
static int tree(unsigned long flags)
{
	struct fake_clk *f;

	if (fake_root("P0", 24 * MHZ) < 0 || fake_root("P1", 100 * MHZ) < 0 ||
	    fake_root("P2", 48 * MHZ) < 0)
		return -1;
	f = fake_new("M");
	fake_set_parents(f, 3, inputs);
	f->hw_parent = 1;
	f->flags = flags;
	if (fake_register(f) < 0 || fake_div("K", "M", 2) < 0)
		return -1;
	fake_log_clear();
	return 0;
}

#define TREE(fl)                                  \
	do {                                      \
		ASSERT_EQ(V(tree(fl)), 0);        \
		k = vt_get("K");                  \
		m = vt_get("M");                  \
		ASSERT_NOT_NULL(k);               \
		ASSERT_NOT_NULL(m);               \
	} while (0)

/* ==================== a recording notifier ==================== */

struct rec_nb {
	struct notifier_block nb;
	const char *name;
	int answer_pre;
};

static char events[1024];

static int rec_call(struct notifier_block *nb, unsigned long event, void *data)
{
	struct rec_nb *r = (struct rec_nb *)nb;
	struct clk_notifier_data *d = data;

	vt_note_event(events, sizeof(events), event, r->name, d);
	return event == PRE_RATE_CHANGE ? r->answer_pre : NOTIFY_OK;
}

static struct rec_nb rec_m, rec_k;

/* a recording notifier on M and one on K */
static int watch(struct clk *m, struct clk *k)
{
	rec_m = (struct rec_nb){ { rec_call }, "M", NOTIFY_OK };
	rec_k = (struct rec_nb){ { rec_call }, "K", NOTIFY_OK };
	events[0] = 0;
	if (clk_notifier_register(m, &rec_m.nb) || clk_notifier_register(k, &rec_k.nb))
		return -1;
	return 0;
}

/* ==================== choosing ==================== */

static void mux_switches_to_the_input_that_serves_the_rate(void)
{
	struct clk *k, *m;

	TREE(0);
	ASSERT_EQ(V(watch(m, k)), 0);
	EXPECT_EQ(V(clk_round_rate(m, 48 * MHZ)), (long)(48 * MHZ));
	EXPECT_EQ(V(clk_set_rate(m, 48 * MHZ)), 0);
	EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P2"));
	EXPECT_EQ(fake_find("M")->hw_parent, 2);
	EXPECT_EQ(vt_rate("M"), 48 * MHZ);
	EXPECT_EQ(vt_rate("K"), 24 * MHZ);
	EXPECT_EQ(clk_get_rate(m), 48 * MHZ);
	EXPECT_LOG("set_parent M 2");
	EXPECT_STR_EQ(events, "PRE M 100 48, PRE K 50 24, POST M 100 48, "
			      "POST K 50 24");
}

/* not above the request, the best below it: P0 for 30 MHz */
static void mux_rounds_down_across_inputs(void)
{
	struct clk *k, *m;

	TREE(0);
	EXPECT_EQ(V(clk_round_rate(m, 30 * MHZ)), (long)(24 * MHZ));
	EXPECT_EQ(V(clk_set_rate(m, 30 * MHZ)), 0);
	EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P0"));
	EXPECT_EQ(vt_rate("K"), 12 * MHZ);
}

/* the current input is as good as any other: nothing moves */
static void mux_keeps_its_input_when_it_is_best(void)
{
	struct clk *k, *m;

	TREE(0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_round_rate(m, 200 * MHZ)), (long)(100 * MHZ));
	EXPECT_EQ(V(clk_set_rate(m, 200 * MHZ)), 0);
	EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P1"));
	EXPECT_LOG("");
	(void)k;
}

static void no_reparent_mux_keeps_its_input(void)
{
	struct clk *k, *m;

	TREE(CLK_SET_RATE_NO_REPARENT);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_round_rate(m, 48 * MHZ)), (long)(100 * MHZ));
	EXPECT_EQ(V(clk_set_rate(m, 48 * MHZ)), 0);
	EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P1"));
	EXPECT_EQ(vt_rate("M"), 100 * MHZ);
	EXPECT_LOG("");
	(void)k;
}

/* CLK_SET_PARENT_GATE: no switch while prepared, a switch when not */
static void parent_gate_mux_switches_only_unprepared(void)
{
	struct clk *k, *m;

	TREE(CLK_SET_PARENT_GATE);
	ASSERT_EQ(V(clk_prepare(k)), 0);
	EXPECT_EQ(V(clk_round_rate(m, 48 * MHZ)), (long)(100 * MHZ));
	EXPECT_EQ(V(clk_set_rate(m, 48 * MHZ)), 0);
	EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P1"));
	VV(clk_unprepare(k));
	EXPECT_EQ(V(clk_set_rate(m, 48 * MHZ)), 0);
	EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P2"));
}

/* the switch moves M's references from the old input to the new one */
static void switch_moves_references(void)
{
	struct clk *k, *m;

	TREE(0);
	ASSERT_EQ(V(clk_prepare_enable(k)), 0);
	EXPECT_EQ(V(clk_set_rate(m, 48 * MHZ)), 0);
	EXPECT_EQ(vt_pc("P2"), 1);
	EXPECT_EQ(vt_ec("P2"), 1);
	EXPECT_EQ(vt_pc("P1"), 0);
	EXPECT_EQ(vt_ec("P1"), 0);
	EXPECT_TRUE(vt_hw_en("P2"));
	EXPECT_FALSE(vt_hw_en("P1"));
	EXPECT_FALSE(vt_hw_prep("P1"));
	EXPECT_LOG_BEFORE("enable P2", "set_parent M 2");
	EXPECT_LOG_BEFORE("set_parent M 2", "disable P1");
	VV(clk_disable_unprepare(k));
	EXPECT_EQ(vt_pc("P2"), 0);
}

/* an input below the mux would make a cycle: never chosen */
static void input_below_the_mux_is_not_chosen(void)
{
	static const char *const in[2] = { "P1", "X" };
	struct fake_clk *f;
	struct clk *m;

	ASSERT_EQ(V(fake_root("P1", 100 * MHZ)), 0);
	f = fake_new("M");
	fake_set_parents(f, 2, in);
	f->hw_parent = 0;
	ASSERT_EQ(V(fake_register(f)), 1);
	ASSERT_EQ(V(fake_div("X", "M", 2)), 2);
	ASSERT_EQ(vclk_clock_parent_id(1, 1), 2);
	m = vt_get("M");
	ASSERT_NOT_NULL(m);
	fake_log_clear();
	EXPECT_EQ(V(clk_round_rate(m, 50 * MHZ)), (long)(100 * MHZ));
	EXPECT_EQ(V(clk_set_rate(m, 50 * MHZ)), 0);
	EXPECT_EQ(vclk_clock_parent(1), 0);
	EXPECT_LOG("");
}

/* ==================== through a child ==================== */

/*
 * D divides M by 1..4 with CLK_SET_RATE_PARENT: asked for 12 MHz it asks
 * M for 12, 24, 36 or 48 MHz, and M can give 24 (P0) or 48 (P2) exactly.
 */
static int child_tree(void)
{
	if (tree(0) || fake_rate_div("D", "M", 4, 1, CLK_SET_RATE_PARENT) < 0)
		return -1;
	fake_log_clear();
	return 0;
}

static void child_request_switches_the_mux(void)
{
	struct clk *d;
	long r;

	ASSERT_EQ(V(child_tree()), 0);
	d = vt_get("D");
	ASSERT_NOT_NULL(d);
	r = V(clk_round_rate(d, 12 * MHZ));
	EXPECT_EQ(r, (long)(12 * MHZ));
	EXPECT_EQ(V(clk_set_rate(d, 12 * MHZ)), 0);
	EXPECT_EQ(vt_rate("D"), 12 * MHZ);
	EXPECT_NE(vclk_clock_parent(vt_id("M")), vt_id("P1"));
	EXPECT_EQ(vt_rate("M") % (12 * MHZ), 0);
	EXPECT_EQ(vt_rate("K"), vt_rate("M") / 2);
}

/*
 * A failure at each step of the change (the child's divider, the new
 * input's prepare and enable, the mux's switch) leaves every rate,
 * count, setting and parent as it was, and tells the notifiers ABORT.
 */
static void failure_at_each_step_changes_nothing(void)
{
	static const struct { const char *clk; enum fake_op op; } step[] = {
		{ "D", FAKE_SET_RATE },
		{ "P0", FAKE_PREPARE }, { "P2", FAKE_PREPARE },
		{ "P0", FAKE_ENABLE }, { "P2", FAKE_ENABLE },
		{ "M", FAKE_SET_PARENT },
	};
	int fired = 0;

	for (unsigned int i = 0; i < sizeof(step) / sizeof(step[0]); i++) {
		struct clk *d, *k, *m;

		vt_begin();
		ASSERT_EQ(V(child_tree()), 0);
		d = vt_get("D");
		k = vt_get("K");
		m = vt_get("M");
		ASSERT_NOT_NULL(d);
		ASSERT_EQ(V(clk_prepare_enable(k)), 0);
		ASSERT_EQ(V(watch(m, k)), 0);
		fake_fail(fake_find(step[i].clk), step[i].op, 1, -VCLK_EIO);
		vt_snapshot(&before);
		if (V(clk_set_rate(d, 12 * MHZ)) == 0)
			continue;	/* the plan did not reach this step */
		fired++;
		EXPECT_EQ(vt_ret, -VCLK_EIO);
		EXPECT_UNCHANGED_SINCE(&before, 0);
		EXPECT_TRUE(strstr(events, "ABORT M") != NULL);
		EXPECT_TRUE(strstr(events, "POST") == NULL);
		EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P1"));
	}
	/* the divider, one input's prepare and enable, and the switch */
	EXPECT_EQ(fired, 4);
}

/* ==================== clk_set_parent() as a rate change ==================== */

/*
 * Linux's clk_core_set_parent_nolock() tells the moved subtree PRE with the
 * rates the move will give (__clk_speculate_rates()) before anything moves
 * and POST after (__clk_recalc_rates(core, true, POST_RATE_CHANGE)), a
 * parent before its children: clk_mux_notifier_set_parent_test in
 * clk_test.c checks PRE and POST on the mux.
 */
static void set_parent_tells_the_subtree(void)
{
	struct clk *k, *m;

	TREE(0);
	ASSERT_EQ(V(watch(m, k)), 0);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P2"))), 0);
	EXPECT_EQ(vt_rate("K"), 24 * MHZ);
	EXPECT_LOG("set_parent M 2");
	EXPECT_STR_EQ(events, "PRE M 100 48, PRE K 50 24, POST M 100 48, "
			      "POST K 50 24");
}

/* a veto is -EBUSY before anything moves; every clock told hears ABORT */
static void set_parent_veto_changes_nothing(void)
{
	struct clk *k, *m;

	TREE(0);
	ASSERT_EQ(V(watch(m, k)), 0);
	EXPECT_EQ(V(clk_prepare_enable(k)), 0);
	rec_k.answer_pre = NOTIFY_BAD;
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P2"))), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
	EXPECT_STR_EQ(events, "PRE M 100 48, PRE K 50 24, ABORT M 100 48, "
			      "ABORT K 50 24");
}

/* a failed switch: ABORT, and the tree as it was (Linux's
 * __clk_recalc_rates(core, true, ABORT_RATE_CHANGE)) */
static void set_parent_failure_aborts(void)
{
	struct clk *k, *m;

	TREE(0);
	ASSERT_EQ(V(watch(m, k)), 0);
	fake_fail(fake_find("M"), FAKE_SET_PARENT, 1, -VCLK_EIO);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P2"))), -VCLK_EIO);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_STR_EQ(events, "PRE M 100 48, PRE K 50 24, ABORT M 100 48, "
			      "ABORT K 50 24");
}

/*
 * The moved subtree's remembered requests go: Linux's __clk_recalc_rates()
 * with update_req sets each req_rate to the new rate, so a later range
 * call applies the rate the clock runs at, not an older request.
 */
static void set_parent_forgets_the_subtree_requests(void)
{
	struct clk *k, *m;

	TREE(0);
	EXPECT_EQ(V(clk_set_rate(m, 48 * MHZ)), 0);	/* M switches to P2 */
	EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P2"));
	EXPECT_EQ(V(clk_set_parent(m, vt_provider("P1"))), 0);
	EXPECT_EQ(vt_rate("M"), 100 * MHZ);
	/* the range re-applies 100 MHz, not the 48 MHz asked before */
	EXPECT_EQ(V(clk_set_rate_range(k, 10 * MHZ, 200 * MHZ)), 0);
	EXPECT_EQ(V(clk_set_rate_range(m, 10 * MHZ, 200 * MHZ)), 0);
	EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P1"));
	EXPECT_EQ(vt_rate("M"), 100 * MHZ);
}

/* ==================== refusals ==================== */

static void veto_keeps_the_input(void)
{
	struct clk *k, *m;

	TREE(0);
	ASSERT_EQ(V(watch(m, k)), 0);
	rec_k.answer_pre = NOTIFY_BAD;
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(m, 48 * MHZ)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
	/* ABORT to every clock told, the vetoing K too (Linux's
	 * clk_core_set_rate_nolock(): a second clk_propagate_rate_change()) */
	EXPECT_STR_EQ(events, "PRE M 100 48, PRE K 50 24, ABORT M 100 48, "
			      "ABORT K 50 24");
}

static void exclusive_holder_keeps_the_input(void)
{
	struct clk *k, *m, *m2;

	TREE(0);
	m2 = vt_get("M");
	ASSERT_NOT_NULL(m2);
	ASSERT_EQ(V(clk_rate_exclusive_get(m2)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(m, 48 * MHZ)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(V(clk_set_rate(m2, 48 * MHZ)), 0);
	EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P2"));
	(void)k;
}

/* a range on M that only P2 satisfies */
static void range_picks_the_input(void)
{
	struct clk *k, *m;

	TREE(0);
	EXPECT_EQ(V(clk_set_rate_range(m, 40 * MHZ, 60 * MHZ)), 0);
	EXPECT_EQ(vclk_clock_parent(vt_id("M")), vt_id("P2"));
	EXPECT_EQ(vt_rate("M"), 48 * MHZ);
	(void)k;
}

const struct vt_test vt_tests_mux_rate[] = {
	VT_TEST(mux_switches_to_the_input_that_serves_the_rate),
	VT_TEST(mux_rounds_down_across_inputs),
	VT_TEST(mux_keeps_its_input_when_it_is_best),
	VT_TEST(no_reparent_mux_keeps_its_input),
	VT_TEST(parent_gate_mux_switches_only_unprepared),
	VT_TEST(switch_moves_references),
	VT_TEST(input_below_the_mux_is_not_chosen),
	VT_TEST(child_request_switches_the_mux),
	VT_TEST(failure_at_each_step_changes_nothing),
	VT_TEST(set_parent_tells_the_subtree),
	VT_TEST(set_parent_veto_changes_nothing),
	VT_TEST(set_parent_failure_aborts),
	VT_TEST(set_parent_forgets_the_subtree_requests),
	VT_TEST(veto_keeps_the_input),
	VT_TEST(exclusive_holder_keeps_the_input),
	VT_TEST(range_picks_the_input),
	{ NULL, NULL },
};
