/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_bulk.c - clk_bulk_*(), clkdev lookups, clk_is_match().
 *
 * The bulk rollback tests make the provider fail at every element in turn
 * and compare the whole state (counts, handles, fake hardware bits) with
 * the state before the call.
 */
#include <stdio.h>
#include "tharness.h"

static struct vt_snapshot before;

#define NR_ELEMS 4

/* R 1 MHz -> {A /2 -> D /2, B /4, C /8}: A and D share a chain, A, B and
 * C share their parent */
static const char *const elem_names[NR_ELEMS] = { "A", "B", "C", "D" };

static int build_tree(void)
{
	if (fake_root("R", 1000000) != 0 || fake_div("A", "R", 2) != 1 ||
	    fake_div("B", "R", 4) != 2 || fake_div("C", "R", 8) != 3 ||
	    fake_div("D", "A", 2) != 4)
		return -1;
	return 0;
}

/* the tree and one consumer handle per element */
static int build_bulk(struct clk_bulk_data *clks)
{
	if (build_tree())
		return -1;
	for (int i = 0; i < NR_ELEMS; i++)
		clks[i].id = elem_names[i];
	return clk_bulk_get("dev", NR_ELEMS, clks);
}

/* ==================== get and put ==================== */

static void bulk_get_and_put(void)
{
	struct clk_bulk_data clks[NR_ELEMS];

	ASSERT_EQ(V(build_bulk(clks)), 0);
	for (int i = 0; i < NR_ELEMS; i++) {
		ASSERT_NOT_NULL(clks[i].clk);
		EXPECT_EQ(V(vclk_clock_id(clks[i].clk)), vt_id(elem_names[i]));
		EXPECT_GE(vt_handle_slot(clks[i].clk), VCLK_MAX_CLOCKS);
	}
	VV(clk_bulk_put(NR_ELEMS, clks));
	for (int i = 0; i < NR_ELEMS; i++)
		EXPECT_PTR_EQ(clks[i].clk, NULL);
	for (int h = VCLK_MAX_CLOCKS; h < VCLK_NR_HANDLES; h++)
		EXPECT_EQ(vclk_handle_clock[h], VCLK_NONE);
}

static void bulk_get_missing_name_at_every_position(void)
{
	for (int k = 0; k < NR_ELEMS; k++) {
		struct clk_bulk_data clks[NR_ELEMS];
		struct clk *junk = &vclk_handles[0];

		vt_begin();
		ASSERT_EQ(V(build_tree()), 0);
		for (int i = 0; i < NR_ELEMS; i++) {
			clks[i].id = i == k ? "nope" : elem_names[i];
			clks[i].clk = junk;	/* must be overwritten */
		}
		vt_snapshot(&before);
		EXPECT_EQ(V(clk_bulk_get("dev", NR_ELEMS, clks)), -VCLK_ENOENT);
		for (int i = 0; i < NR_ELEMS; i++)
			EXPECT_PTR_EQ(clks[i].clk, NULL);
		/* every handle taken before position k was put again */
		for (int h = VCLK_MAX_CLOCKS; h < VCLK_NR_HANDLES; h++)
			EXPECT_EQ(vclk_handle_clock[h], VCLK_NONE);
		EXPECT_UNCHANGED_SINCE(&before, 0);
	}
}

static void bulk_get_null_id_is_einval(void)
{
	struct clk_bulk_data clks[2] = { { "A", NULL }, { NULL, NULL } };

	ASSERT_EQ(V(build_tree()), 0);
	EXPECT_EQ(V(clk_bulk_get("dev", 2, clks)), -VCLK_EINVAL);
	EXPECT_PTR_EQ(clks[0].clk, NULL);
	EXPECT_PTR_EQ(clks[1].clk, NULL);
	EXPECT_EQ(vclk_handle_clock[VCLK_MAX_CLOCKS], VCLK_NONE);
}

/*
 * As Linux's __clk_bulk_get() (drivers/clk/clk-bulk.c), which calls
 * clk_get() per element: two elements with one id get a handle each.
 * Clauses taken, distinct and others_kept of clk_bulk_get().
 */
static void bulk_get_same_id_twice_two_handles(void)
{
	struct clk_bulk_data clks[3] = { { "A", NULL }, { "A", NULL }, { "B", NULL } };
	struct clk *other;

	ASSERT_EQ(V(build_tree()), 0);
	ASSERT_EQ(V(vclk_get("other", "B", &other)), 0);
	ASSERT_EQ(V(clk_set_rate_range(other, 1000, 500000)), 0);
	vt_snapshot(&before);
	ASSERT_EQ(V(clk_bulk_get("dev", 3, clks)), 0);
	EXPECT_TRUE(clks[0].clk != clks[1].clk && clks[0].clk != clks[2].clk &&
		    clks[1].clk != clks[2].clk);
	for (int i = 0; i < 3; i++) {
		int slot = vt_handle_slot(clks[i].clk);

		EXPECT_GE(slot, VCLK_MAX_CLOCKS);
		EXPECT_TRUE(clks[i].clk != other);
		EXPECT_EQ(V(vclk_clock_id(clks[i].clk)), vt_id(clks[i].id));
		EXPECT_STR_EQ(vclk_handle_dev[slot], "dev");
		EXPECT_EQ(vclk_misuse_count(clks[i].clk), 0);
		EXPECT_EQ(vclk_handle_min[slot], 0);
		EXPECT_EQ(vclk_handle_max[slot], ULONG_MAX);
	}
	EXPECT_EQ(vclk_handle_min[vt_handle_slot(other)], 1000);
	EXPECT_EQ(vclk_clk_max[vt_id("B")], 500000);
	VV(clk_bulk_put(3, clks));
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

static void bulk_put_keeps_busy_handles(void)
{
	struct clk_bulk_data clks[NR_ELEMS];

	ASSERT_EQ(V(build_bulk(clks)), 0);
	ASSERT_EQ(V(clk_prepare(clks[1].clk)), 0);
	VV(clk_bulk_put(NR_ELEMS, clks));
	EXPECT_PTR_EQ(clks[0].clk, NULL);
	ASSERT_NOT_NULL(clks[1].clk);	/* -EBUSY: still prepared */
	EXPECT_PTR_EQ(clks[2].clk, NULL);
	EXPECT_PTR_EQ(clks[3].clk, NULL);
	VV(clk_unprepare(clks[1].clk));
	EXPECT_EQ(V(clk_put(clks[1].clk)), 0);
}

static int no_op_notifier(struct notifier_block *nb, unsigned long event, void *data)
{
	(void)nb;
	(void)event;
	(void)data;
	return NOTIFY_OK;
}

/*
 * REQ-BULK-3: clk_bulk_put() walks down from the last element; a handle
 * named twice is put at its last element and the earlier one keeps the
 * pointer (clk_put() refuses a put handle, -EINVAL).  A handle with a
 * notifier registered through it is refused (-EBUSY) and kept.  Linux's
 * clk_bulk_put() puts and clears every element unconditionally (a
 * double put there is the caller's bug).
 */
static void bulk_put_duplicates_and_notified(void)
{
	static struct notifier_block nb = { no_op_notifier };
	struct clk_bulk_data clks[3];
	struct clk *a, *b;

	ASSERT_EQ(V(build_tree()), 0);
	a = vt_get("A");
	b = vt_get("B");
	ASSERT_NOT_NULL(a);
	ASSERT_NOT_NULL(b);
	ASSERT_EQ(V(clk_notifier_register(b, &nb)), 0);
	clks[0].clk = a;
	clks[1].clk = b;
	clks[2].clk = a;
	VV(clk_bulk_put(3, clks));
	EXPECT_PTR_EQ(clks[2].clk, NULL);
	EXPECT_PTR_EQ(clks[0].clk, a);	/* a was put at element 2 */
	EXPECT_PTR_EQ(clks[1].clk, b);	/* -EBUSY: notified */
	EXPECT_EQ(vclk_handle_clock[vt_handle_slot(a)], VCLK_NONE);
	EXPECT_EQ(vclk_handle_clock[vt_handle_slot(b)], vt_id("B"));
	EXPECT_EQ(V(clk_notifier_unregister(b, &nb)), 0);
	VV(clk_bulk_put(3, clks));
	EXPECT_PTR_EQ(clks[1].clk, NULL);
	EXPECT_PTR_EQ(clks[0].clk, a);	/* still put: -EINVAL */
}

/* ==================== prepare and enable ==================== */

static void bulk_prepare_enable_and_release(void)
{
	struct clk_bulk_data clks[NR_ELEMS];

	ASSERT_EQ(V(build_bulk(clks)), 0);
	fake_log_clear();
	EXPECT_EQ(V(clk_bulk_prepare_enable(NR_ELEMS, clks)), 0);
	EXPECT_EQ(vt_pc("R"), 3);
	EXPECT_EQ(vt_ec("R"), 3);
	EXPECT_EQ(vt_pc("A"), 2);
	EXPECT_EQ(vt_ec("D"), 1);
	for (int i = 0; i < NR_ELEMS; i++) {
		EXPECT_TRUE(vt_hw_en(elem_names[i]));
		EXPECT_TRUE(V(clk_is_enabled(clks[i].clk)));
	}
	EXPECT_LOG("prepare R, prepare A, prepare B, prepare C, prepare D, "
		   "enable R, enable A, enable B, enable C, enable D");
	fake_log_clear();
	VV(clk_bulk_disable_unprepare(NR_ELEMS, clks));
	EXPECT_LOG("disable D, disable C, disable B, disable A, disable R, "
		   "unprepare D, unprepare C, unprepare B, unprepare A, unprepare R");
	EXPECT_EQ(vt_pc("R"), 0);
	EXPECT_FALSE(vt_hw_prep("R"));
	for (int i = 0; i < NR_ELEMS; i++)
		EXPECT_EQ(V(vclk_misuse_count(clks[i].clk)), 0);
	VV(clk_bulk_put(NR_ELEMS, clks));
}

static void bulk_separate_steps(void)
{
	struct clk_bulk_data clks[NR_ELEMS];

	ASSERT_EQ(V(build_bulk(clks)), 0);
	EXPECT_EQ(V(clk_bulk_prepare(NR_ELEMS, clks)), 0);
	EXPECT_EQ(V(clk_bulk_enable(NR_ELEMS, clks)), 0);
	EXPECT_EQ(vt_ec("A"), 2);
	VV(clk_bulk_disable(NR_ELEMS, clks));
	EXPECT_EQ(vt_ec("R"), 0);
	EXPECT_EQ(vt_pc("R"), 3);
	VV(clk_bulk_unprepare(NR_ELEMS, clks));
	EXPECT_EQ(vt_pc("R"), 0);
	for (int i = 0; i < NR_ELEMS; i++)
		EXPECT_EQ(V(vclk_misuse_count(clks[i].clk)), 0);
}

static void bulk_null_elements_and_duplicates(void)
{
	struct clk_bulk_data clks[NR_ELEMS];
	struct clk *a;

	ASSERT_EQ(V(build_tree()), 0);
	a = vt_get("A");
	ASSERT_NOT_NULL(a);
	clks[0].clk = a;
	clks[1].clk = NULL;
	clks[2].clk = a;
	clks[3].clk = NULL;
	EXPECT_EQ(V(clk_bulk_prepare_enable(NR_ELEMS, clks)), 0);
	EXPECT_EQ(vclk_handle_prepares[vt_handle_slot(a)], 2);
	EXPECT_EQ(vclk_handle_enables[vt_handle_slot(a)], 2);
	EXPECT_EQ(vt_pc("A"), 2);
	EXPECT_EQ(vt_pc("R"), 1);
	VV(clk_bulk_disable_unprepare(NR_ELEMS, clks));
	EXPECT_EQ(vt_pc("A"), 0);
	EXPECT_EQ(V(vclk_misuse_count(a)), 0);
	EXPECT_EQ(V(clk_bulk_prepare(0, NULL)), 0);
}

/*
 * A handle named more often than it holds references gives back what it
 * holds, and every element more is a refused release counted as misuse
 * (REQ-BULK-2, vclk_bulk_disabled / vclk_bulk_unprepared).  Linux counts
 * per clock and WARNs instead: clk_core_disable() "already disabled",
 * clk_core_unprepare() "already unprepared".  A handle's last prepare
 * reference stays while it holds an enable one (clk_unprepare() refuses).
 */
static void bulk_release_more_than_held(void)
{
	struct clk_bulk_data clks[3];
	struct clk *a, *b;
	int sa, sb;

	ASSERT_EQ(V(build_tree()), 0);
	a = vt_get("A");
	b = vt_get("B");
	ASSERT_NOT_NULL(a);
	ASSERT_NOT_NULL(b);
	sa = vt_handle_slot(a);
	sb = vt_handle_slot(b);
	/* a: prepared twice, enabled once; b: prepared and enabled once */
	ASSERT_EQ(V(clk_prepare(a)), 0);
	ASSERT_EQ(V(clk_prepare_enable(a)), 0);
	ASSERT_EQ(V(clk_prepare_enable(b)), 0);
	clks[0].clk = a;
	clks[1].clk = b;
	clks[2].clk = a;

	VV(clk_bulk_disable(3, clks));
	EXPECT_EQ(vclk_handle_enables[sa], 0);
	EXPECT_EQ(vclk_handle_enables[sb], 0);
	EXPECT_EQ(vclk_handle_prepares[sa], 2);
	EXPECT_EQ(V(vclk_misuse_count(a)), 1);
	EXPECT_EQ(V(vclk_misuse_count(b)), 0);
	EXPECT_EQ(vt_ec("A"), 0);
	EXPECT_EQ(vt_ec("R"), 0);

	/* enable a again: its last prepare reference is then kept */
	ASSERT_EQ(V(clk_enable(a)), 0);
	VV(clk_bulk_unprepare(3, clks));
	EXPECT_EQ(vclk_handle_prepares[sa], 1);
	EXPECT_EQ(vclk_handle_prepares[sb], 0);
	EXPECT_EQ(V(vclk_misuse_count(a)), 2);
	EXPECT_EQ(V(vclk_misuse_count(b)), 0);
	EXPECT_EQ(vt_pc("A"), 1);
	EXPECT_EQ(vt_pc("B"), 0);

	/* both steps at once: a gives back its enable, then its prepare */
	VV(clk_bulk_disable_unprepare(3, clks));
	EXPECT_EQ(vclk_handle_enables[sa], 0);
	EXPECT_EQ(vclk_handle_prepares[sa], 0);
	/* a: one more disable and one more unprepare than held; b: two */
	EXPECT_EQ(V(vclk_misuse_count(a)), 4);
	EXPECT_EQ(V(vclk_misuse_count(b)), 2);
	EXPECT_EQ(vt_pc("R"), 0);
	EXPECT_EQ(vt_ec("R"), 0);
}

static void bulk_enable_unprepared_is_eshutdown(void)
{
	struct clk_bulk_data clks[NR_ELEMS];

	ASSERT_EQ(V(build_bulk(clks)), 0);
	ASSERT_EQ(V(clk_prepare(clks[0].clk)), 0);
	ASSERT_EQ(V(clk_prepare(clks[1].clk)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_bulk_enable(NR_ELEMS, clks)), -VCLK_ESHUTDOWN);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_FALSE(vt_hw_en("R"));
}

static void bulk_put_handle_is_einval(void)
{
	struct clk_bulk_data clks[NR_ELEMS];

	ASSERT_EQ(V(build_bulk(clks)), 0);
	ASSERT_EQ(V(clk_put(clks[2].clk)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_bulk_prepare(NR_ELEMS, clks)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(V(clk_bulk_prepare_enable(NR_ELEMS, clks)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

/*
 * Element k's provider op fails: every element before it is undone, in
 * reverse order, and the state is exactly the state before the call.
 * @held: an element-independent consumer holds A prepared and enabled
 * first, so some walks stop early and some undo stops below the root.
 */
static void bulk_fault_at_every_position(enum fake_op op, int both, bool held)
{
	for (int k = 0; k < NR_ELEMS; k++) {
		struct clk_bulk_data clks[NR_ELEMS];
		int ret;

		vt_begin();
		ASSERT_EQ(V(build_bulk(clks)), 0);
		if (held) {
			struct clk *other = vt_get("A");

			ASSERT_NOT_NULL(other);
			ASSERT_EQ(V(clk_prepare_enable(other)), 0);
		}
		if (op == FAKE_ENABLE && !both)
			ASSERT_EQ(V(clk_bulk_prepare(NR_ELEMS, clks)), 0);
		vt_snapshot(&before);
		fake_fail(fake_find(elem_names[k]), op, 1, -VCLK_EIO);
		if (both)
			ret = clk_bulk_prepare_enable(NR_ELEMS, clks);
		else if (op == FAKE_PREPARE)
			ret = clk_bulk_prepare(NR_ELEMS, clks);
		else
			ret = clk_bulk_enable(NR_ELEMS, clks);
		vt_check(__FILE__, __LINE__, "bulk call");
		if (held && k == 0) {
			/* A is already prepared and enabled: no op called */
			EXPECT_EQ(ret, 0);
			continue;
		}
		EXPECT_EQ(ret, -VCLK_EIO);
		EXPECT_EQ(fake_pending_faults(), 0);
		EXPECT_UNCHANGED_SINCE(&before, 0);
		EXPECT_EQ(fake_violations(), 0);
	}
}

static void bulk_prepare_fault_at_every_position(void)
{
	bulk_fault_at_every_position(FAKE_PREPARE, 0, false);
	bulk_fault_at_every_position(FAKE_PREPARE, 0, true);
}

static void bulk_enable_fault_at_every_position(void)
{
	bulk_fault_at_every_position(FAKE_ENABLE, 0, false);
	bulk_fault_at_every_position(FAKE_ENABLE, 0, true);
}

static void bulk_prepare_enable_fault_at_every_position(void)
{
	bulk_fault_at_every_position(FAKE_PREPARE, 1, false);
	bulk_fault_at_every_position(FAKE_ENABLE, 1, false);
	bulk_fault_at_every_position(FAKE_PREPARE, 1, true);
	bulk_fault_at_every_position(FAKE_ENABLE, 1, true);
}

/*
 * The undo runs in reverse element order: a prepare failing at C undoes
 * B before A (and A's walk down to R last); an enable failing at D, after
 * every prepare succeeded, disables C, B, A then R, then unprepares all
 * four, D first.
 */
static void bulk_undo_in_reverse_order(void)
{
	struct clk_bulk_data clks[NR_ELEMS];

	ASSERT_EQ(V(build_bulk(clks)), 0);
	fake_fail(fake_find("C"), FAKE_PREPARE, 1, -VCLK_EIO);
	fake_log_clear();
	EXPECT_EQ(V(clk_bulk_prepare(NR_ELEMS, clks)), -VCLK_EIO);
	EXPECT_LOG("prepare R, prepare A, prepare B, prepare C FAIL, "
		   "unprepare B, unprepare A, unprepare R");
	fake_fail(fake_find("D"), FAKE_ENABLE, 1, -VCLK_EIO);
	fake_log_clear();
	EXPECT_EQ(V(clk_bulk_prepare_enable(NR_ELEMS, clks)), -VCLK_EIO);
	EXPECT_LOG("prepare R, prepare A, prepare B, prepare C, prepare D, "
		   "enable R, enable A, enable B, enable C, enable D FAIL, "
		   "disable C, disable B, disable A, disable R, "
		   "unprepare D, unprepare C, unprepare B, unprepare A, unprepare R");
}

/* the root fails: element 0's walk fails below it, nothing to undo */
static void bulk_root_fault(void)
{
	struct clk_bulk_data clks[NR_ELEMS];

	ASSERT_EQ(V(build_bulk(clks)), 0);
	vt_snapshot(&before);
	fake_fail(fake_find("R"), FAKE_PREPARE, 1, -VCLK_EIO);
	EXPECT_EQ(V(clk_bulk_prepare_enable(NR_ELEMS, clks)), -VCLK_EIO);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	fake_fail(fake_find("R"), FAKE_ENABLE, 1, -VCLK_EIO);
	EXPECT_EQ(V(clk_bulk_prepare_enable(NR_ELEMS, clks)), -VCLK_EIO);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(V(clk_bulk_prepare_enable(NR_ELEMS, clks)), 0);
}

/* ==================== clkdev ==================== */

static void clkdev_score_and_wildcards(void)
{
	struct clk *clk = NULL;

	ASSERT_EQ(V(build_tree()), 0);
	/*
	 * an entry with neither key would never match (Linux's clk_find()
	 * needs a score above 0), so it is refused
	 */
	vt_snapshot(&before);
	EXPECT_EQ(V(vclk_clkdev_add(NULL, NULL, "A")), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	ASSERT_EQ(V(vclk_clkdev_add("dev", NULL, "B")), 0);
	ASSERT_EQ(V(vclk_clkdev_add(NULL, "con", "C")), 0);
	ASSERT_EQ(V(vclk_clkdev_add("dev", "con", "D")), 0);
	EXPECT_EQ(V(vclk_clock_id(VP(clk_get_sys("dev", "con")))), vt_id("D"));
	EXPECT_EQ(V(vclk_clock_id(VP(clk_get_sys("dev", "x")))), vt_id("B"));
	EXPECT_EQ(V(vclk_clock_id(VP(clk_get_sys("dev", NULL)))), vt_id("B"));
	EXPECT_EQ(V(vclk_clock_id(VP(clk_get_sys("other", "con")))), vt_id("C"));
	EXPECT_EQ(V(vclk_clock_id(VP(clk_get_sys(NULL, "con")))), vt_id("C"));
	/* no entry's key matches: clk_find() finds nothing, -ENOENT */
	EXPECT_PTR_EQ(VP(clk_get_sys("other", "x")), NULL);
	EXPECT_EQ(V(vclk_get_sys(NULL, NULL, &clk)), -VCLK_ENOENT);
	EXPECT_PTR_EQ(clk, NULL);
	/* the device name is kept on the handle */
	EXPECT_EQ(V(vclk_get_sys("dev", "con", &clk)), 0);
	ASSERT_NOT_NULL(clk);
	EXPECT_STR_EQ(vclk_handle_dev[vt_handle_slot(clk)], "dev");
	/* the device beats the connection, whatever the order added */
	ASSERT_EQ(V(vclk_clkdev_drop("dev", "con")), 0);
	EXPECT_EQ(V(vclk_clock_id(VP(clk_get_sys("dev", "con")))), vt_id("B"));
}

static void clkdev_exact_keys_only(void)
{
	ASSERT_EQ(V(build_tree()), 0);
	ASSERT_EQ(V(vclk_clkdev_add("dev", "con", "A")), 0);
	EXPECT_PTR_EQ(VP(clk_get_sys("dev", NULL)), NULL);
	EXPECT_PTR_EQ(VP(clk_get_sys(NULL, "con")), NULL);
	EXPECT_PTR_EQ(VP(clk_get_sys("de", "con")), NULL);
	EXPECT_PTR_EQ(VP(clk_get_sys("dev", "cons")), NULL);
	EXPECT_EQ(V(vclk_clock_id(VP(clk_get_sys("dev", "con")))), vt_id("A"));
}

static void clkdev_enoent(void)
{
	struct clk *clk = NULL;

	ASSERT_EQ(V(build_tree()), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(vclk_get_sys("dev", "con", &clk)), -VCLK_ENOENT);
	EXPECT_PTR_EQ(VP(clk_get_sys(NULL, NULL)), NULL);
	/* an entry naming a clock that is not registered */
	ASSERT_EQ(V(vclk_clkdev_add("dev", "con", "nope")), 0);
	EXPECT_EQ(V(vclk_get_sys("dev", "con", &clk)), -VCLK_ENOENT);
	EXPECT_PTR_EQ(clk, NULL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	/* dropped entries and the reset table match nothing */
	ASSERT_EQ(V(vclk_clkdev_add("dev", "x", "A")), 0);
	EXPECT_EQ(V(vclk_clkdev_drop("dev", "x")), 0);
	EXPECT_EQ(V(vclk_clkdev_drop("dev", "x")), -VCLK_ENOENT);
	EXPECT_EQ(V(vclk_get_sys("dev", "x", &clk)), -VCLK_ENOENT);
	ASSERT_EQ(V(vclk_clkdev_add("dev", NULL, "A")), 0);
	vt_begin();
	ASSERT_EQ(V(build_tree()), 0);
	EXPECT_EQ(V(vclk_get_sys("dev", "x", &clk)), -VCLK_ENOENT);
}

static void clkdev_eexist_and_einval(void)
{
	static char too_long[VCLK_NAME_LEN + 1];

	memset(too_long, 'x', VCLK_NAME_LEN);
	ASSERT_EQ(V(vclk_clkdev_add("dev", "con", "A")), 0);
	EXPECT_EQ(V(vclk_clkdev_add("dev", "con", "B")), -VCLK_EEXIST);
	ASSERT_EQ(V(vclk_clkdev_add(NULL, "con", "A")), 0);
	EXPECT_EQ(V(vclk_clkdev_add(NULL, "con", "B")), -VCLK_EEXIST);
	EXPECT_EQ(V(vclk_clkdev_add(NULL, NULL, "B")), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_clkdev_add("dev", NULL, "B")), 0);
	EXPECT_EQ(V(vclk_clkdev_add("dev", NULL, "C")), -VCLK_EEXIST);
	EXPECT_EQ(V(vclk_clkdev_add("dev", "x", NULL)), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_clkdev_add("dev", "x", "")), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_clkdev_add("dev", "x", too_long)), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_clkdev_add(too_long, "x", "A")), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_clkdev_add("dev", too_long, "A")), -VCLK_EINVAL);
	/* after a drop the pair can be added again */
	EXPECT_EQ(V(vclk_clkdev_drop("dev", "con")), 0);
	EXPECT_EQ(V(vclk_clkdev_add("dev", "con", "B")), 0);
}

/*
 * vclk_clkdev_add() fills a free entry (the first) and changes no other;
 * vclk_clkdev_drop() frees exactly the entry of its keys (clauses added,
 * dropped).  Linux's clkdev_add()/clkdev_drop() link and unlink one
 * clk_lookup on a list; the table's entries are that list's nodes.
 */
static void clkdev_add_and_drop_touch_one_entry(void)
{
	ASSERT_EQ(V(vclk_clkdev_add("d0", "c0", "A")), 0);
	ASSERT_EQ(V(vclk_clkdev_add("d1", "c1", "B")), 0);
	ASSERT_EQ(V(vclk_clkdev_add("d2", "c2", "C")), 0);
	EXPECT_STR_EQ(vclk_clkdev_clock[1], "B");
	EXPECT_EQ(V(vclk_clkdev_drop("d1", "c1")), 0);
	EXPECT_PTR_EQ(vclk_clkdev_clock[1], NULL);
	EXPECT_PTR_EQ(vclk_clkdev_dev[1], NULL);
	EXPECT_PTR_EQ(vclk_clkdev_con[1], NULL);
	EXPECT_STR_EQ(vclk_clkdev_clock[0], "A");
	EXPECT_STR_EQ(vclk_clkdev_dev[2], "d2");
	EXPECT_STR_EQ(vclk_clkdev_clock[2], "C");
	/* the freed entry is the first free one: the next add takes it */
	EXPECT_EQ(V(vclk_clkdev_add("d3", NULL, "D")), 0);
	EXPECT_STR_EQ(vclk_clkdev_clock[1], "D");
	EXPECT_STR_EQ(vclk_clkdev_dev[1], "d3");
	EXPECT_PTR_EQ(vclk_clkdev_con[1], NULL);
	EXPECT_STR_EQ(vclk_clkdev_con[0], "c0");
	EXPECT_STR_EQ(vclk_clkdev_clock[2], "C");
	EXPECT_PTR_EQ(vclk_clkdev_clock[3], NULL);
}

static void clkdev_enomem_when_full(void)
{
	static char con[VCLK_MAX_LOOKUPS + 1][16];

	ASSERT_EQ(V(build_tree()), 0);
	for (int i = 0; i <= VCLK_MAX_LOOKUPS; i++)
		snprintf(con[i], sizeof(con[i]), "c%d", i);
	for (int i = 0; i < VCLK_MAX_LOOKUPS; i++)
		ASSERT_EQ(V(vclk_clkdev_add("dev", con[i], "A")), 0);
	EXPECT_EQ(V(vclk_clkdev_add("dev", con[VCLK_MAX_LOOKUPS], "B")), -VCLK_ENOMEM);
	EXPECT_PTR_EQ(VP(clk_get_sys("dev", con[VCLK_MAX_LOOKUPS])), NULL);
	EXPECT_EQ(V(vclk_clock_id(VP(clk_get_sys("dev", con[VCLK_MAX_LOOKUPS - 1])))),
		  vt_id("A"));
	/* a dropped entry frees its place */
	ASSERT_EQ(V(vclk_clkdev_drop("dev", con[3])), 0);
	EXPECT_EQ(V(vclk_clkdev_add("dev", con[VCLK_MAX_LOOKUPS], "B")), 0);
	EXPECT_EQ(V(vclk_clock_id(VP(clk_get_sys("dev", con[VCLK_MAX_LOOKUPS])))),
		  vt_id("B"));
}

/* ==================== clk_is_match ==================== */

static void is_match(void)
{
	struct clk *a1, *a2, *b, *gone;

	ASSERT_EQ(V(build_tree()), 0);
	a1 = vt_get("A");
	a2 = vt_get("A");
	b = vt_get("B");
	gone = vt_get("A");
	ASSERT_NOT_NULL(a1);
	ASSERT_NOT_NULL(a2);
	ASSERT_NOT_NULL(b);
	ASSERT_NOT_NULL(gone);
	EXPECT_TRUE(V(clk_is_match(NULL, NULL)));
	EXPECT_TRUE(V(clk_is_match(a1, a1)));
	EXPECT_TRUE(V(clk_is_match(a1, a2)));
	EXPECT_TRUE(V(clk_is_match(a1, vt_provider("A"))));
	EXPECT_FALSE(V(clk_is_match(a1, b)));
	EXPECT_FALSE(V(clk_is_match(a1, NULL)));
	EXPECT_FALSE(V(clk_is_match(NULL, b)));
	ASSERT_EQ(V(clk_put(gone)), 0);
	EXPECT_FALSE(V(clk_is_match(gone, a1)));
	EXPECT_FALSE(V(clk_is_match(a1, gone)));
	EXPECT_TRUE(V(clk_is_match(gone, gone)));
}

const struct vt_test vt_tests_bulk[] = {
	VT_TEST(bulk_get_and_put),
	VT_TEST(bulk_get_missing_name_at_every_position),
	VT_TEST(bulk_get_null_id_is_einval),
	VT_TEST(bulk_get_same_id_twice_two_handles),
	VT_TEST(bulk_put_keeps_busy_handles),
	VT_TEST(bulk_put_duplicates_and_notified),
	VT_TEST(bulk_prepare_enable_and_release),
	VT_TEST(bulk_separate_steps),
	VT_TEST(bulk_null_elements_and_duplicates),
	VT_TEST(bulk_release_more_than_held),
	VT_TEST(bulk_enable_unprepared_is_eshutdown),
	VT_TEST(bulk_put_handle_is_einval),
	VT_TEST(bulk_prepare_fault_at_every_position),
	VT_TEST(bulk_enable_fault_at_every_position),
	VT_TEST(bulk_prepare_enable_fault_at_every_position),
	VT_TEST(bulk_undo_in_reverse_order),
	VT_TEST(bulk_root_fault),
	VT_TEST(clkdev_score_and_wildcards),
	VT_TEST(clkdev_exact_keys_only),
	VT_TEST(clkdev_enoent),
	VT_TEST(clkdev_eexist_and_einval),
	VT_TEST(clkdev_add_and_drop_touch_one_entry),
	VT_TEST(clkdev_enomem_when_full),
	VT_TEST(is_match),
	{ NULL, NULL }
};
