/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_exclusive.c - clk_rate_exclusive_get/put and
 * clk_set_rate_exclusive: two consumers contending for one rate.
 *
 * The tree is test_rate.c's: A a synth in [100, 300] MHz (at 200), B = A
 * / 1..2 (at 100), C = B / 1..2 (at 100), B and C with
 * CLK_SET_RATE_PARENT; D = C / 1 and E = A / 4 follow their parents.
 */
#include <stdint.h>
#include "tharness.h"

#define MHZ 1000000UL

static struct vt_snapshot before;

#define ABC_TREE() ASSERT_EQ(V(fake_seed_abc()), 0)

static uint32_t excl_of(struct clk *clk)
{
	return vclk_handle_excl[clk->slot];
}

/* two consumer handles on clock @name; 0, or -1 if either get failed */
static int two_handles(const char *name, struct clk **first,
		       struct clk **second)
{
	*first = vt_get(name);
	*second = vt_get(name);
	return *first && *second ? 0 : -1;
}

/* ==================== one clock, two consumers ==================== */

static void other_consumer_cannot_move_held_rate(void)
{
	struct clk *holder, *other;

	ABC_TREE();
	ASSERT_EQ(two_handles("C", &holder, &other), 0);
	EXPECT_EQ(V(clk_rate_exclusive_get(holder)), 0);
	EXPECT_EQ(excl_of(holder), 1);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(other, 26 * MHZ)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
	/* the holder still may */
	EXPECT_EQ(V(clk_set_rate(holder, 26 * MHZ)), 0);
	EXPECT_EQ(vt_rate("A"), 104 * MHZ);
	EXPECT_EQ(vt_rate("C"), 26 * MHZ);
	/* released: the other consumer may again */
	VV(clk_rate_exclusive_put(holder));
	EXPECT_EQ(excl_of(holder), 0);
	EXPECT_EQ(V(clk_set_rate(other, 50 * MHZ)), 0);
	EXPECT_EQ(vt_rate("C"), 50 * MHZ);
}

static void held_twice_locks_the_holder_too(void)
{
	struct clk *holder;

	ABC_TREE();
	holder = vt_get("C");
	ASSERT_NOT_NULL(holder);
	EXPECT_EQ(V(clk_rate_exclusive_get(holder)), 0);
	EXPECT_EQ(V(clk_rate_exclusive_get(holder)), 0);
	EXPECT_EQ(excl_of(holder), 2);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(holder, 26 * MHZ)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(V(vclk_rate_exclusive_put(holder)), 0);
	EXPECT_EQ(V(clk_set_rate(holder, 26 * MHZ)), 0);
	EXPECT_EQ(vt_rate("C"), 26 * MHZ);
}

static void two_holders_lock_each_other(void)
{
	struct clk *a, *b;

	ABC_TREE();
	ASSERT_EQ(two_handles("C", &a, &b), 0);
	EXPECT_EQ(V(clk_rate_exclusive_get(a)), 0);
	EXPECT_EQ(V(clk_rate_exclusive_get(b)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(a, 26 * MHZ)), -VCLK_EBUSY);
	EXPECT_EQ(V(clk_set_rate(b, 26 * MHZ)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

/* ==================== up and down the tree ==================== */

/*
 * The plan does not route around a held clock: C's best plan for 26 MHz
 * moves B, so it is refused, where Linux would round with B's current
 * rate.  C2 (no CLK_SET_RATE_PARENT) divides B without moving it.
 */
static void held_parent_stops_a_child_that_would_move_it(void)
{
	struct clk *b, *c, *c2;

	ABC_TREE();
	ASSERT_EQ(V(fake_rate_div("C2", "B", 2, 1, 0)), 5);
	b = vt_get("B");
	c = vt_get("C");
	c2 = vt_get("C2");
	ASSERT_NOT_NULL(b);
	ASSERT_NOT_NULL(c);
	ASSERT_NOT_NULL(c2);
	EXPECT_EQ(V(clk_rate_exclusive_get(b)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(V(clk_set_rate(c2, 50 * MHZ)), 0);
	EXPECT_EQ(vt_rate("B"), 100 * MHZ);
	EXPECT_EQ(vt_rate("C2"), 50 * MHZ);
}

static void held_child_stops_a_change_above_it(void)
{
	struct clk *d, *e, *c, *c2;

	ABC_TREE();
	ASSERT_EQ(V(fake_rate_div("C2", "B", 2, 1, 0)), 5);
	c = vt_get("C");
	c2 = vt_get("C2");
	d = vt_get("D");
	e = vt_get("E");
	ASSERT_NOT_NULL(c);
	ASSERT_NOT_NULL(c2);
	ASSERT_NOT_NULL(d);
	ASSERT_NOT_NULL(e);
	/* D follows C */
	EXPECT_EQ(V(clk_rate_exclusive_get(d)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(c, 50 * MHZ)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	VV(clk_rate_exclusive_put(d));
	/* E hangs off A, which C's 26 MHz moves */
	EXPECT_EQ(V(clk_rate_exclusive_get(e)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	/* a change that leaves A alone is not E's business */
	EXPECT_EQ(V(clk_set_rate(c2, 50 * MHZ)), 0);
	EXPECT_EQ(vt_rate("E"), 50 * MHZ);
}

static void range_of_another_consumer_cannot_move_held_rate(void)
{
	struct clk *holder, *other;

	ABC_TREE();
	ASSERT_EQ(two_handles("C", &holder, &other), 0);
	EXPECT_EQ(V(clk_rate_exclusive_get(holder)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate_range(other, 10 * MHZ, 30 * MHZ)), -VCLK_EBUSY);
	EXPECT_EQ(V(clk_set_max_rate(other, 30 * MHZ)), -VCLK_EBUSY);
	EXPECT_EQ(V(clk_set_min_rate(other, 150 * MHZ)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	/* a range the held rate already satisfies is accepted */
	EXPECT_EQ(V(clk_set_rate_range(other, 50 * MHZ, 150 * MHZ)), 0);
	EXPECT_EQ(vt_rate("C"), 100 * MHZ);
	EXPECT_EQ(V(clk_drop_range(other)), 0);
}

static void reparent_of_held_mux_is_busy(void)
{
	const char *in[2] = { "P0", "P1" };
	struct clk *holder, *other, *below;

	ASSERT_GE(V(fake_root("P0", 24 * MHZ)), 0);
	ASSERT_GE(V(fake_root("P1", 100 * MHZ)), 0);
	ASSERT_GE(V(fake_mux("M", 2, in, 0, 1)), 0);
	ASSERT_GE(V(fake_div("K", "M", 2)), 0);
	holder = vt_get("M");
	other = vt_get("M");
	below = vt_get("K");
	ASSERT_NOT_NULL(holder);
	ASSERT_NOT_NULL(other);
	ASSERT_NOT_NULL(below);
	EXPECT_EQ(V(clk_rate_exclusive_get(holder)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(other, vt_provider("P1"))), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(V(clk_set_parent(holder, vt_provider("P1"))), 0);
	EXPECT_EQ(vt_rate("K"), 50 * MHZ);
	VV(clk_rate_exclusive_put(holder));
	/* exclusivity below the mux holds the mux too */
	EXPECT_EQ(V(clk_rate_exclusive_get(below)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_parent(other, vt_provider("P0"))), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

/* ==================== counts ==================== */

static void put_without_get_is_a_no_op(void)
{
	struct clk *c;

	ABC_TREE();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	vt_snapshot(&before);
	EXPECT_EQ(V(vclk_rate_exclusive_put(c)), 0);
	VV(clk_rate_exclusive_put(c));
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(V(clk_rate_exclusive_get(c)), 0);
	EXPECT_EQ(V(vclk_rate_exclusive_put(c)), 0);
	EXPECT_EQ(V(vclk_rate_exclusive_put(c)), 0);
	EXPECT_EQ(excl_of(c), 0);
}

static void clk_put_refuses_a_holder(void)
{
	struct clk *c;

	ABC_TREE();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(V(clk_rate_exclusive_get(c)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_put(c)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	VV(clk_rate_exclusive_put(c));
	EXPECT_EQ(V(clk_put(c)), 0);
}

static void exclusive_count_overflow_refused(void)
{
	struct clk *c;

	ABC_TREE();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	vclk_handle_excl[c->slot] = UINT32_MAX;
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_rate_exclusive_get(c)), -VCLK_EOVERFLOW);
	EXPECT_EQ(V(clk_set_rate_exclusive(c, 26 * MHZ)), -VCLK_EOVERFLOW);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(V(vclk_rate_exclusive_put(c)), 0);
	EXPECT_EQ(excl_of(c), UINT32_MAX - 1);
}

static void null_and_put_handles(void)
{
	struct clk *c;

	ABC_TREE();
	EXPECT_EQ(V(clk_rate_exclusive_get(NULL)), 0);
	EXPECT_EQ(V(vclk_rate_exclusive_put(NULL)), 0);
	EXPECT_EQ(V(clk_set_rate_exclusive(NULL, 1)), 0);
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(V(clk_put(c)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_rate_exclusive_get(c)), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_rate_exclusive_put(c)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_rate_exclusive(c, 26 * MHZ)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

/* ==================== clk_set_rate_exclusive ==================== */

static void set_rate_exclusive_sets_then_holds(void)
{
	struct clk *holder, *other;

	ABC_TREE();
	ASSERT_EQ(two_handles("C", &holder, &other), 0);
	EXPECT_EQ(V(clk_set_rate_exclusive(holder, 26 * MHZ)), 0);
	EXPECT_EQ(vt_rate("C"), 26 * MHZ);
	EXPECT_EQ(excl_of(holder), 1);
	EXPECT_EQ(V(clk_set_rate(other, 50 * MHZ)), -VCLK_EBUSY);
	/* a second consumer cannot take the rate over */
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate_exclusive(other, 50 * MHZ)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

/* a provider failing at each step of the change: no rate, no count */
static void set_rate_exclusive_failure_takes_nothing(void)
{
	const char *names[3] = { "A", "B", "C" };

	for (int k = 0; k < 3; k++) {
		struct clk *c;

		vt_begin();
		ABC_TREE();
		c = vt_get("C");
		ASSERT_NOT_NULL(c);
		vt_snapshot(&before);
		fake_fail(fake_find(names[k]), FAKE_SET_RATE, 1, -VCLK_EIO);
		EXPECT_EQ(V(clk_set_rate_exclusive(c, 26 * MHZ)), -VCLK_EIO);
		EXPECT_UNCHANGED_SINCE(&before, 0);
		EXPECT_EQ(excl_of(c), 0);
	}
}

/* ==================== from a notifier ==================== */

static struct clk *reenter_clk;
static int reenter_ret[3];

static int reentering_call(struct notifier_block *nb, unsigned long event,
			   void *data)
{
	(void)nb;
	(void)data;
	if (event == PRE_RATE_CHANGE) {
		reenter_ret[0] = clk_rate_exclusive_get(reenter_clk);
		reenter_ret[1] = vclk_rate_exclusive_put(reenter_clk);
		reenter_ret[2] = clk_set_rate_exclusive(reenter_clk, 1);
	}
	return NOTIFY_OK;
}

static void notifier_gets_edeadlk(void)
{
	static struct notifier_block nb = { reentering_call };
	struct clk *c;

	ABC_TREE();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	reenter_clk = c;
	EXPECT_EQ(V(clk_notifier_register(c, &nb)), 0);
	EXPECT_EQ(V(clk_set_rate(c, 50 * MHZ)), 0);
	EXPECT_EQ(reenter_ret[0], -VCLK_EDEADLK);
	EXPECT_EQ(reenter_ret[1], -VCLK_EDEADLK);
	EXPECT_EQ(reenter_ret[2], -VCLK_EDEADLK);
	EXPECT_EQ(excl_of(c), 0);
}

const struct vt_test vt_tests_exclusive[] = {
	VT_TEST(other_consumer_cannot_move_held_rate),
	VT_TEST(held_twice_locks_the_holder_too),
	VT_TEST(two_holders_lock_each_other),
	VT_TEST(held_parent_stops_a_child_that_would_move_it),
	VT_TEST(held_child_stops_a_change_above_it),
	VT_TEST(range_of_another_consumer_cannot_move_held_rate),
	VT_TEST(reparent_of_held_mux_is_busy),
	VT_TEST(put_without_get_is_a_no_op),
	VT_TEST(clk_put_refuses_a_holder),
	VT_TEST(exclusive_count_overflow_refused),
	VT_TEST(null_and_put_handles),
	VT_TEST(set_rate_exclusive_sets_then_holds),
	VT_TEST(set_rate_exclusive_failure_takes_nothing),
	VT_TEST(notifier_gets_edeadlk),
	{ NULL, NULL }
};
