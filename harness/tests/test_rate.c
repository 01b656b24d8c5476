/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_rate.c - round_rate, set_rate, notifiers, ranges.
 *
 * The tree is the seed documentation's example: A a PLL-like synth that
 * runs anywhere in [100, 300] MHz (at 200), B = A / 1..2 (at 100), C = B /
 * 1..2 (at 100), B and C with CLK_SET_RATE_PARENT.  Two plain children
 * watch the propagation: D = C / 1 and E = A / 4, neither can set a rate.
 * (Failure injection at every provider call of a change is in
 * test_rollback.c.)
 */
#include <limits.h>
#include <stdio.h>
#include "tharness.h"

#define MHZ 1000000UL

static struct vt_snapshot before;

#define ABC_TREE() ASSERT_EQ(V(fake_seed_abc()), 0)

static unsigned long rate_of(const char *name)
{
	return vclk_clock_rate(vclk_lookup(name));
}

/* ==================== a recording notifier ==================== */

struct rec_nb {
	struct notifier_block nb;
	const char *name;
	int answer_pre;			/* NOTIFY_OK, or NOTIFY_BAD to veto */
	int reenter;			/* call the API from the callback */
	int reenter_ret;		/* what that call returned */
	unsigned long rate_seen;	/* clk_get_rate() inside POST */
};

static char events[2048];
static int nr_events;

static void events_clear(void)
{
	events[0] = 0;
	nr_events = 0;
}

static int rec_call(struct notifier_block *nb, unsigned long event, void *data)
{
	struct rec_nb *r = (struct rec_nb *)nb;
	struct clk_notifier_data *d = data;

	vt_note_event(events, sizeof(events), event, r->name, d);
	nr_events++;
	if (r->reenter == 1)
		r->reenter_ret = clk_set_rate(d->clk, 1);
	else if (r->reenter == 2)
		r->reenter_ret = clk_set_rate_range(d->clk, 1, 2);
	else if (r->reenter == 3)
		r->reenter_ret = clk_notifier_register(d->clk, nb);
	else if (r->reenter == 4)
		r->reenter_ret = (int)clk_round_rate(d->clk, 1);
	else if (r->reenter == 5)
		r->reenter_ret = clk_prepare(d->clk);
	else if (r->reenter == 6)
		r->reenter_ret = clk_prepare_enable(d->clk);
	else if (r->reenter == 7)
		r->reenter_ret = clk_set_parent(d->clk, d->clk);
	else if (r->reenter == 8) {
		struct clk *h = NULL;

		r->reenter_ret = vclk_get("x", "A", &h);
	} else if (r->reenter == 9)
		r->reenter_ret = clk_put(d->clk);
	else if (r->reenter == 10) {
		static const struct vclk_init_data init = { .name = "late" };

		r->reenter_ret = vclk_register(&init);
	} else if (r->reenter == 11)
		r->reenter_ret = clk_disable_unused();
	else if (r->reenter == 12)
		r->reenter_ret = clk_notifier_unregister(d->clk, nb);
	else if (r->reenter == 13)
		r->reenter_ret = vclk_unprepare(d->clk);
	else if (r->reenter == 14)
		r->reenter_ret = clk_enable(d->clk);
	else if (r->reenter == 15)
		r->reenter_ret = vclk_disable(d->clk);
	else if (r->reenter == 16)
		r->reenter_ret = vclk_disable_unprepare(d->clk);
	if (event == POST_RATE_CHANGE)
		r->rate_seen = clk_get_rate(d->clk);
	return event == PRE_RATE_CHANGE ? r->answer_pre : NOTIFY_OK;
}

static struct rec_nb rec[5];

/* a recording notifier on each of A..E, in that order */
static void watch_all(void)
{
	static const char *const names[5] = { "A", "B", "C", "D", "E" };

	for (int i = 0; i < 5; i++) {
		struct clk *h = vt_get(names[i]);

		memset(&rec[i], 0, sizeof(rec[i]));
		rec[i].nb.notifier_call = rec_call;
		rec[i].name = names[i];
		rec[i].answer_pre = NOTIFY_OK;
		if (!h || clk_notifier_register(h, &rec[i].nb) != 0)
			vt_fail(__FILE__, __LINE__, "cannot watch %s", names[i]);
	}
	events_clear();
}

/* ==================== the seed example ==================== */

static void seed_example_104_52_26(void)
{
	struct clk *c;

	ABC_TREE();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	watch_all();
	EXPECT_EQ(V(clk_round_rate(c, 26 * MHZ)), 26 * MHZ);
	EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), 0);
	EXPECT_EQ(rate_of("A"), 104 * MHZ);
	EXPECT_EQ(rate_of("B"), 52 * MHZ);
	EXPECT_EQ(rate_of("C"), 26 * MHZ);
	EXPECT_EQ(rate_of("D"), 26 * MHZ);
	EXPECT_EQ(rate_of("E"), 26 * MHZ);
	EXPECT_EQ(clk_get_rate(c), 26 * MHZ);
	/* programmed top down, each once */
	EXPECT_LOG("set_rate A 104000000, set_rate B 52000000, set_rate C 26000000");
	/* every changed clock: PRE before anything, POST after everything */
	EXPECT_STR_EQ(events,
		      "PRE A 200 104, PRE B 100 52, PRE C 100 26, PRE D 100 26, "
		      "PRE E 50 26, "
		      "POST A 200 104, POST B 100 52, POST C 100 26, POST D 100 26, "
		      "POST E 50 26");
	/* a POST notifier reads the new rate */
	EXPECT_EQ(rec[2].rate_seen, 26 * MHZ);
	EXPECT_EQ(fake_find("B")->div, 2);
	EXPECT_EQ(fake_find("C")->div, 2);
}

static void round_rate_changes_nothing(void)
{
	struct clk *c;

	ABC_TREE();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	watch_all();
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_round_rate(c, 26 * MHZ)), 26 * MHZ);
	EXPECT_EQ(V(clk_round_rate(c, 100 * MHZ)), 100 * MHZ);
	EXPECT_EQ(V(clk_round_rate(c, 150 * MHZ)), 150 * MHZ);
	EXPECT_EQ(V(clk_round_rate(c, 1)), 25 * MHZ);	/* 100 / 2 / 2: lowest */
	EXPECT_EQ(V(clk_round_rate(NULL, 5)), 0);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("");
	EXPECT_EQ(nr_events, 0);
}

/* whatever round_rate answered is what set_rate then gives */
static void round_rate_predicts_set_rate(void)
{
	static const unsigned long asks[] = {
		1, 26 * MHZ, 33 * MHZ, 49999999, 50 * MHZ, 75 * MHZ,
		99 * MHZ, 151 * MHZ, 300 * MHZ, 301 * MHZ, ULONG_MAX,
	};

	for (size_t i = 0; i < sizeof(asks) / sizeof(asks[0]); i++) {
		for (int target = 0; target < 3; target++) {
			static const char *const names[3] = { "A", "B", "C" };
			struct clk *h;
			unsigned long r = 0;

			vt_begin();
			ABC_TREE();
			h = vt_get(names[target]);
			ASSERT_NOT_NULL(h);
			ASSERT_EQ(V(vclk_round_rate(h, asks[i], &r)), 0);
			EXPECT_EQ(V(clk_set_rate(h, asks[i])), 0);
			if (clk_get_rate(h) != r)
				vt_fail(__FILE__, __LINE__,
					"%s asked %lu: round_rate said %lu, set_rate gave %lu",
					names[target], asks[i], r, clk_get_rate(h));
		}
	}
}

static void set_rate_same_rate_touches_nothing(void)
{
	struct clk *c;

	ABC_TREE();
	c = vt_get("C");
	watch_all();
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(c, 100 * MHZ)), 0);
	EXPECT_LOG("");
	EXPECT_EQ(nr_events, 0);
	EXPECT_EQ(rate_of("C"), 100 * MHZ);
}

static void set_rate_without_parent_flag_stays_local(void)
{
	struct clk *b;

	ABC_TREE();
	fake_find("B")->flags = 0;
	vclk_flags[1] = 0;	/* as if registered without the flag */
	b = vt_get("B");
	watch_all();
	EXPECT_EQ(V(clk_set_rate(b, 200 * MHZ)), 0);
	EXPECT_EQ(rate_of("A"), 200 * MHZ);
	EXPECT_EQ(rate_of("B"), 200 * MHZ);
	EXPECT_EQ(rate_of("C"), 200 * MHZ);
	EXPECT_LOG("set_rate B 200000000");
	EXPECT_STR_EQ(events, "PRE B 100 200, PRE C 100 200, PRE D 100 200, "
			      "POST B 100 200, POST C 100 200, POST D 100 200");
}

/* a provider's candidate of 0 is skipped, not the end of its list */
static void set_rate_candidate_gap_is_skipped(void)
{
	struct clk *b;
	unsigned long r = 0;

	ASSERT_GE(V(fake_synth("A", 100 * MHZ, 300 * MHZ, 200 * MHZ, 0)), 0);
	ASSERT_GE(V(fake_rate_div("B", "A", 4, 1, CLK_SET_RATE_PARENT)), 0);
	fake_find("B")->gap_div = 1;	/* candidate 0 answers 0 */
	b = vt_get("B");
	ASSERT_NOT_NULL(b);
	/* /2 from A at 150 MHz; stopping at the gap would leave A at 200
	 * and give 200 / 3 */
	ASSERT_EQ(V(vclk_round_rate(b, 75 * MHZ, &r)), 0);
	EXPECT_EQ(r, 75 * MHZ);
	EXPECT_EQ(V(clk_set_rate(b, 75 * MHZ)), 0);
	EXPECT_EQ(rate_of("A"), 150 * MHZ);
	EXPECT_EQ(rate_of("B"), 75 * MHZ);
}

static void set_rate_fixed_clock_cannot_move(void)
{
	struct clk *e;

	ABC_TREE();
	e = vt_get("E");
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(e, 12345)), 0);
	EXPECT_EQ(rate_of("E"), 50 * MHZ);
	EXPECT_LOG("");
}

static void set_rate_null_and_put_handles(void)
{
	struct clk *c;

	ABC_TREE();
	EXPECT_EQ(V(clk_set_rate(NULL, 5)), 0);
	EXPECT_EQ(V(clk_set_rate_range(NULL, 5, 1)), 0);
	EXPECT_EQ(V(clk_set_min_rate(NULL, 5)), 0);
	EXPECT_EQ(V(clk_set_max_rate(NULL, 5)), 0);
	EXPECT_EQ(V(clk_drop_range(NULL)), 0);
	c = vt_get("C");
	ASSERT_EQ(clk_put(c), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_round_rate(c, 26 * MHZ)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_rate_range(c, 1, 2)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

/* ==================== provider failures ==================== */

static void set_rate_failure_at_each_depth_aborts(void)
{
	static const char *const names[3] = { "A", "B", "C" };

	for (int i = 0; i < 3; i++) {
		struct clk *c;

		vt_begin();
		ABC_TREE();
		c = vt_get("C");
		watch_all();
		vt_snapshot(&before);
		fake_log_clear();
		fake_fail(fake_find(names[i]), FAKE_SET_RATE, 1, -VCLK_ETIMEDOUT);
		EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), -VCLK_ETIMEDOUT);
		EXPECT_UNCHANGED_SINCE(&before, 0);
		EXPECT_STR_EQ(events,
			      "PRE A 200 104, PRE B 100 52, PRE C 100 26, PRE D 100 26, "
			      "PRE E 50 26, "
			      "ABORT A 200 104, ABORT B 100 52, ABORT C 100 26, "
			      "ABORT D 100 26, ABORT E 50 26");
	}
	/* the programmed ones are restored bottom-most first */
	EXPECT_LOG("set_rate A 104000000, set_rate B 52000000, "
		   "set_rate C 26000000 FAIL, restore B, restore A");
}

static void set_rate_inexact_provider_eio(void)
{
	struct clk *c;

	ABC_TREE();
	c = vt_get("C");
	fake_find("B")->set_rate_inexact = true;
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), -VCLK_EIO);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("set_rate A 104000000, set_rate B 52000000, restore B, restore A");
}

static void set_rate_gate_flag_ebusy_while_prepared(void)
{
	struct clk *c, *b;

	ABC_TREE();
	vclk_flags[1] |= CLK_SET_RATE_GATE;	/* B */
	c = vt_get("C");
	b = vt_get("B");
	ASSERT_EQ(V(clk_prepare(b)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	ASSERT_EQ(V(vclk_unprepare(b)), 0);
	EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), 0);
	EXPECT_EQ(rate_of("B"), 52 * MHZ);
}

/* ==================== notifiers ==================== */

static void veto_at_each_depth_changes_nothing(void)
{
	static const char *const want[5] = {
		"PRE A 200 104",
		"PRE A 200 104, PRE B 100 52, ABORT A 200 104",
		"PRE A 200 104, PRE B 100 52, PRE C 100 26, ABORT A 200 104, "
		"ABORT B 100 52",
		"PRE A 200 104, PRE B 100 52, PRE C 100 26, PRE D 100 26, "
		"ABORT A 200 104, ABORT B 100 52, ABORT C 100 26",
		"PRE A 200 104, PRE B 100 52, PRE C 100 26, PRE D 100 26, "
		"PRE E 50 26, ABORT A 200 104, ABORT B 100 52, ABORT C 100 26, "
		"ABORT D 100 26",
	};

	for (int i = 0; i < 5; i++) {
		struct clk *c;

		vt_begin();
		ABC_TREE();
		c = vt_get("C");
		watch_all();
		rec[i].answer_pre = i % 2 ? NOTIFY_STOP : NOTIFY_BAD;
		vt_snapshot(&before);
		EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), -VCLK_EBUSY);
		EXPECT_UNCHANGED_SINCE(&before, 0);
		EXPECT_LOG("");
		EXPECT_STR_EQ(events, want[i]);
	}
}

static void notifier_reentry_edeadlk(void)
{
	for (int mode = 1; mode <= 16; mode++) {
		struct clk *c;

		vt_begin();
		ABC_TREE();
		c = vt_get("C");
		watch_all();
		rec[1].reenter = mode;
		EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), 0);
		if (rec[1].reenter_ret != -VCLK_EDEADLK)
			vt_fail(__FILE__, __LINE__, "re-entry %d: expected %d got %d",
				mode, -VCLK_EDEADLK, rec[1].reenter_ret);
		EXPECT_EQ(vclk_clock_count(), 5);
		EXPECT_EQ(vclk_clock_prepare_count(1), 0);
		EXPECT_EQ(rate_of("C"), 26 * MHZ);
		/* the API works again afterwards */
		EXPECT_EQ(V(clk_set_rate(c, 100 * MHZ)), 0);
	}
}

static void notifier_only_for_clocks_that_change(void)
{
	struct clk *a;

	ABC_TREE();
	a = vt_get("A");
	watch_all();
	/* A 200 -> 100: B, C, D, E all follow */
	EXPECT_EQ(V(clk_set_rate(a, 100 * MHZ)), 0);
	EXPECT_STR_EQ(events,
		      "PRE A 200 100, PRE B 100 50, PRE C 100 50, PRE D 100 50, "
		      "PRE E 50 25, POST A 200 100, POST B 100 50, POST C 100 50, "
		      "POST D 100 50, POST E 50 25");
	events_clear();
	/* the same rate again: nobody hears anything */
	EXPECT_EQ(V(clk_set_rate(a, 100 * MHZ)), 0);
	EXPECT_EQ(nr_events, 0);
}

/*
 * A rate change asks only the notifier entries below the highest one
 * ever used since the last reset (vclk_nb_top): an entry above freed
 * ones is still told, and so is one registered after a reset.
 */
static void notifier_above_freed_entries_is_told(void)
{
	struct rec_nb low[2];
	struct rec_nb high = { .nb = { .notifier_call = rec_call }, .name = "C" };
	struct clk *c;

	ABC_TREE();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	for (int i = 0; i < 2; i++) {
		memset(&low[i], 0, sizeof(low[i]));
		low[i].nb.notifier_call = rec_call;
		low[i].name = "low";
		ASSERT_EQ(clk_notifier_register(c, &low[i].nb), 0);
	}
	ASSERT_EQ(clk_notifier_register(c, &high.nb), 0);
	ASSERT_EQ(clk_notifier_unregister(c, &low[0].nb), 0);
	ASSERT_EQ(clk_notifier_unregister(c, &low[1].nb), 0);
	events_clear();
	EXPECT_EQ(V(clk_set_rate(c, 50 * MHZ)), 0);
	EXPECT_STR_EQ(events, "PRE C 100 50, POST C 100 50");

	vt_begin();
	ABC_TREE();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	ASSERT_EQ(clk_notifier_register(c, &high.nb), 0);
	events_clear();
	EXPECT_EQ(V(clk_set_rate(c, 50 * MHZ)), 0);
	EXPECT_STR_EQ(events, "PRE C 100 50, POST C 100 50");
}

static void notifier_registration_errors(void)
{
	struct clk *c, *d;
	struct rec_nb r = { .nb = { .notifier_call = rec_call }, .name = "x" };
	static struct rec_nb many[VCLK_MAX_NOTIFIERS];

	ABC_TREE();
	c = vt_get("C");
	d = vt_get("D");
	EXPECT_EQ(V(clk_notifier_register(NULL, &r.nb)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_notifier_register(c, NULL)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_notifier_register(c, &r.nb)), 0);
	EXPECT_EQ(V(clk_notifier_register(c, &r.nb)), -VCLK_EEXIST);
	/* the same block on another clock is another registration */
	EXPECT_EQ(V(clk_notifier_register(d, &r.nb)), 0);
	EXPECT_EQ(V(clk_notifier_unregister(c, &r.nb)), 0);
	EXPECT_EQ(V(clk_notifier_unregister(c, &r.nb)), -VCLK_ENOENT);
	EXPECT_EQ(V(clk_notifier_unregister(d, &r.nb)), 0);
	EXPECT_EQ(V(clk_notifier_unregister(NULL, &r.nb)), -VCLK_EINVAL);
	for (int i = 0; i < VCLK_MAX_NOTIFIERS; i++) {
		many[i].nb.notifier_call = rec_call;
		many[i].name = "m";
		EXPECT_EQ(V(clk_notifier_register(c, &many[i].nb)), 0);
	}
	EXPECT_EQ(V(clk_notifier_register(c, &r.nb)), -VCLK_ENOMEM);
	ASSERT_EQ(clk_put(d), 0);
	EXPECT_EQ(V(clk_notifier_register(d, &r.nb)), -VCLK_EINVAL);
	/* each registration is told once per change */
	events_clear();
	EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), 0);
	EXPECT_EQ(nr_events, 2 * VCLK_MAX_NOTIFIERS);
}

/* ==================== ranges ==================== */

static void ranges_of_two_consumers_intersect(void)
{
	struct clk *c1, *c2;

	ABC_TREE();
	c1 = vt_get("C");
	c2 = vt_get("C");
	EXPECT_EQ(V(clk_set_rate_range(c1, 20 * MHZ, 60 * MHZ)), 0);
	EXPECT_EQ(rate_of("C"), 60 * MHZ);	/* 100 clamped: A 120, B 60 */
	EXPECT_EQ(V(clk_set_rate_range(c2, 10 * MHZ, 26 * MHZ)), 0);
	EXPECT_EQ(rate_of("C"), 26 * MHZ);	/* clamped to 26 */
	/* a request above the intersection is clamped into it */
	EXPECT_EQ(V(clk_set_rate(c1, 300 * MHZ)), 0);
	EXPECT_EQ(rate_of("C"), 26 * MHZ);
	EXPECT_EQ(V(clk_round_rate(c1, 300 * MHZ)), 26 * MHZ);
	/* dropping a range re-applies the last request into what is left */
	EXPECT_EQ(V(clk_drop_range(c2)), 0);
	EXPECT_EQ(rate_of("C"), 60 * MHZ);	/* 300 clamped to 60 */
	EXPECT_EQ(V(clk_drop_range(c1)), 0);
	EXPECT_EQ(rate_of("C"), 300 * MHZ);	/* 300: A 300, B / 1, C / 1 */
}

static void ranges_disjoint_fail_and_change_nothing(void)
{
	struct clk *c1, *c2;

	ABC_TREE();
	c1 = vt_get("C");
	c2 = vt_get("C");
	EXPECT_EQ(V(clk_set_rate_range(c1, 20 * MHZ, 30 * MHZ)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate_range(c2, 40 * MHZ, 60 * MHZ)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(V(clk_set_min_rate(c2, 31 * MHZ)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	/* min > max */
	EXPECT_EQ(V(clk_set_rate_range(c2, 2, 1)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_set_max_rate(c1, 19 * MHZ)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

static void range_no_reachable_rate_fails(void)
{
	struct clk *e;

	ABC_TREE();
	e = vt_get("E");	/* 50 MHz, cannot move */
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_set_rate_range(e, 60 * MHZ, 70 * MHZ)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(V(clk_set_rate_range(e, 40 * MHZ, 70 * MHZ)), 0);
}

static void range_protects_against_parent_changes(void)
{
	struct clk *e, *a;

	ABC_TREE();
	e = vt_get("E");
	a = vt_get("A");
	EXPECT_EQ(V(clk_set_rate_range(e, 40 * MHZ, 60 * MHZ)), 0);
	vt_snapshot(&before);
	/* A to 300 would take E to 75 MHz */
	EXPECT_EQ(V(clk_set_rate(a, 300 * MHZ)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(V(clk_set_rate(a, 220 * MHZ)), 0);
	EXPECT_EQ(rate_of("E"), 55 * MHZ);
}

static void put_handle_range_does_not_linger(void)
{
	struct clk *c1, *c2;

	ABC_TREE();
	c1 = vt_get("C");
	EXPECT_EQ(V(clk_set_rate_range(c1, 20 * MHZ, 30 * MHZ)), 0);
	ASSERT_EQ(clk_put(c1), 0);
	c2 = vt_get("C");	/* reuses the slot */
	EXPECT_EQ(V(clk_set_rate(c2, 100 * MHZ)), 0);
	EXPECT_EQ(rate_of("C"), 100 * MHZ);
}

/*
 * The same without the slot's reuse: the put alone drops the range from
 * the clock's intersection (Linux: __clk_put() drops a handle's range
 * with clk_set_rate_range_nolock(clk, 0, ULONG_MAX)).
 */
static void put_handle_range_leaves_the_intersection(void)
{
	struct clk *c1, *c2;

	ABC_TREE();
	c2 = vt_get("C");
	c1 = vt_get("C");
	EXPECT_EQ(V(clk_set_rate_range(c1, 20 * MHZ, 30 * MHZ)), 0);
	EXPECT_EQ(V(clk_set_rate(c2, 100 * MHZ)), 0);
	EXPECT_EQ(rate_of("C"), 30 * MHZ);
	ASSERT_EQ(clk_put(c1), 0);
	EXPECT_EQ(V(clk_set_rate(c2, 100 * MHZ)), 0);
	EXPECT_EQ(rate_of("C"), 100 * MHZ);
}

/*
 * Consumers that ask no range come and go without touching the ranges
 * others asked (vclk_handle_bind() skips the rescan for them): the
 * intersection still holds after many clk_get/clk_put pairs.
 */
static void range_outlives_gets_and_puts_of_others(void)
{
	struct clk *c1, *other;

	ABC_TREE();
	c1 = vt_get("C");
	EXPECT_EQ(V(clk_set_rate_range(c1, 20 * MHZ, 30 * MHZ)), 0);
	for (int i = 0; i < 3 * VCLK_NR_HANDLES; i++) {
		other = vt_get("C");
		ASSERT_NOT_NULL(other);
		ASSERT_EQ(clk_put(other), 0);
	}
	other = vt_get("C");
	EXPECT_EQ(V(clk_set_rate(other, 100 * MHZ)), 0);
	EXPECT_EQ(rate_of("C"), 30 * MHZ);
	/* 10 MHz is asked as 20, the range's floor: C gets what it can inside */
	EXPECT_EQ(V(clk_set_rate(other, 10 * MHZ)), 0);
	EXPECT_GE(rate_of("C"), 20 * MHZ);
	EXPECT_LE(rate_of("C"), 30 * MHZ);
}

/* ==================== planning cost ==================== */

/*
 * A synth S in [1 Hz, 1 GHz] at 100 MHz under @depth dividers by
 * 1..@max_div (at 1) with CLK_SET_RATE_PARENT, L1 the top, L<depth>
 * the leaf.  Returns the leaf's handle.
 */
static struct clk *srp_chain(int depth, unsigned long max_div)
{
	char name[16], parent[16] = "S";

	if (fake_synth("S", 1, 1000 * MHZ, 100 * MHZ, 0) != 0)
		return NULL;
	for (int d = 1; d <= depth; d++) {
		snprintf(name, sizeof(name), "L%d", d);
		if (fake_rate_div(name, parent, max_div, 1, CLK_SET_RATE_PARENT) != d)
			return NULL;
		memcpy(parent, name, sizeof(parent));
	}
	return vt_get(name);
}

/*
 * Planning remembers each clock's last answer instead of asking again
 * along every path to it: a chain with one parent-rate candidate a level
 * costs three round_rate calls a level (at the parent's current rate, at
 * the candidate, then the plan's own), so 8 and 60 levels cost in
 * proportion.  A chain of dividers by 1..2
 * asks level k for k + 1 distinct rates, so no exact search is linear
 * there; ours is cubic (one remembered answer a clock, and the plan
 * searches again at each level: 6 calls at 1 level, 3331 at 20), where
 * asking again along every path was exponential (2^20 paths at 20).
 */
static void set_rate_planning_linear_in_depth(void)
{
	static const int depths[] = { 1, 8, 60 };

	for (size_t i = 0; i < sizeof(depths) / sizeof(depths[0]); i++) {
		int n = depths[i];
		struct clk *leaf;

		vt_begin();
		leaf = srp_chain(n, 1);
		ASSERT_NOT_NULL(leaf);
		fake_clear_calls();
		EXPECT_EQ(V(clk_round_rate(leaf, 26 * MHZ)), 26 * MHZ);
		EXPECT_LE(fake_total_round_calls(), 3 * n + 1);
		fake_clear_calls();
		EXPECT_EQ(V(clk_set_rate(leaf, 26 * MHZ)), 0);
		EXPECT_EQ(rate_of("S"), 26 * MHZ);
		EXPECT_LE(fake_total_round_calls(), 3 * n + 1);
	}
	for (int n = 1; n <= 20; n += 19) {
		struct clk *leaf;

		vt_begin();
		leaf = srp_chain(n, 2);
		ASSERT_NOT_NULL(leaf);
		fake_clear_calls();
		/* 3 MHz: S can run at it, so every divider stays at 1 */
		EXPECT_EQ(V(clk_set_rate(leaf, 3 * MHZ)), 0);
		EXPECT_EQ(rate_of("S"), 3 * MHZ);
		EXPECT_LE(fake_total_round_calls(), (n + 2) * (n + 2) * (n + 2) / 2);
	}
}

/*
 * Choice 1 of the planner: C at 100 MHz asked for 50 MHz divides its
 * parent's current 100 MHz by 2.  Its first parent-rate candidate (50 MHz
 * at B) would reach it too, by moving A to 100 MHz and E (A / 4) with it:
 * Linux's clk_divider_bestdiv() (drivers/clk/clk-divider.c) returns at
 * once when rate * i == parent_rate_saved, and so does the core, without
 * asking B anything (clk_core_plan clause keeps_parent).
 */
static void parent_that_already_gives_the_rate_stays(void)
{
	struct clk *c;

	ABC_TREE();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	fake_clear_calls();
	EXPECT_EQ(V(clk_round_rate(c, 50 * MHZ)), 50 * MHZ);
	EXPECT_EQ(fake_total_round_calls(), 1);
	fake_clear_calls();
	EXPECT_EQ(V(clk_set_rate(c, 50 * MHZ)), 0);
	EXPECT_EQ(fake_total_round_calls(), 1);
	EXPECT_EQ(rate_of("C"), 50 * MHZ);
	EXPECT_EQ(rate_of("B"), 100 * MHZ);
	EXPECT_EQ(rate_of("A"), 200 * MHZ);
	EXPECT_EQ(rate_of("E"), 50 * MHZ);
	/* not a division of B's 100 MHz: then B (and A) move */
	EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), 0);
	EXPECT_EQ(rate_of("C"), 26 * MHZ);
	EXPECT_EQ(rate_of("A"), 104 * MHZ);
}

/* what was rounded for one call is not an answer for the next */
static void round_rate_sees_the_tree_as_it_is_now(void)
{
	struct clk *c, *d;

	ABC_TREE();
	c = vt_get("C");
	d = vt_get("D");
	ASSERT_NOT_NULL(c);
	ASSERT_NOT_NULL(d);
	/* D follows C (/ 1) and cannot ask it for anything */
	EXPECT_EQ(V(clk_round_rate(d, 27 * MHZ)), 100 * MHZ);
	EXPECT_EQ(V(clk_set_rate(c, 26 * MHZ)), 0);
	EXPECT_EQ(V(clk_round_rate(d, 27 * MHZ)), 26 * MHZ);
	EXPECT_EQ(V(clk_round_rate(c, 52 * MHZ)), 52 * MHZ);
	EXPECT_EQ(V(clk_set_rate(d, 27 * MHZ)), 0);
	EXPECT_EQ(rate_of("D"), 26 * MHZ);
}

/* ==================== boundary rates ==================== */

static void ulong_max_requests(void)
{
	struct clk *a, *c;

	ABC_TREE();
	a = vt_get("A");
	c = vt_get("C");
	/* C's candidates ULONG_MAX * 2 overflow: the provider skips them */
	EXPECT_EQ(V(clk_set_rate(c, ULONG_MAX)), 0);
	EXPECT_EQ(rate_of("C"), 300 * MHZ);
	EXPECT_EQ(V(clk_set_rate(a, ULONG_MAX)), 0);
	EXPECT_EQ(rate_of("A"), 300 * MHZ);
	EXPECT_EQ(V(clk_set_rate(a, 0)), 0);
	EXPECT_EQ(rate_of("A"), 100 * MHZ);
}

static void round_rate_above_long_max_eoverflow(void)
{
	struct clk *s;
	unsigned long r = 0;

	ASSERT_EQ(V(fake_synth("S", 1, ULONG_MAX, 1000, 0)), 0);
	s = vt_get("S");
	EXPECT_EQ(V(clk_round_rate(s, (unsigned long)LONG_MAX)), LONG_MAX);
	EXPECT_EQ(V(clk_round_rate(s, (unsigned long)LONG_MAX + 1)), -VCLK_EOVERFLOW);
	EXPECT_EQ(V(vclk_round_rate(s, ULONG_MAX, &r)), 0);
	EXPECT_TRUE(r == ULONG_MAX);
	EXPECT_EQ(V(clk_set_rate(s, ULONG_MAX)), 0);
	EXPECT_TRUE(clk_get_rate(s) == ULONG_MAX);
}

const struct vt_test vt_tests_rate[] = {
	VT_TEST(seed_example_104_52_26),
	VT_TEST(round_rate_changes_nothing),
	VT_TEST(round_rate_predicts_set_rate),
	VT_TEST(set_rate_same_rate_touches_nothing),
	VT_TEST(set_rate_without_parent_flag_stays_local),
	VT_TEST(set_rate_candidate_gap_is_skipped),
	VT_TEST(set_rate_fixed_clock_cannot_move),
	VT_TEST(set_rate_null_and_put_handles),
	VT_TEST(set_rate_failure_at_each_depth_aborts),
	VT_TEST(set_rate_inexact_provider_eio),
	VT_TEST(set_rate_gate_flag_ebusy_while_prepared),
	VT_TEST(veto_at_each_depth_changes_nothing),
	VT_TEST(notifier_reentry_edeadlk),
	VT_TEST(notifier_only_for_clocks_that_change),
	VT_TEST(notifier_registration_errors),
	VT_TEST(notifier_above_freed_entries_is_told),
	VT_TEST(ranges_of_two_consumers_intersect),
	VT_TEST(ranges_disjoint_fail_and_change_nothing),
	VT_TEST(range_no_reachable_rate_fails),
	VT_TEST(range_protects_against_parent_changes),
	VT_TEST(put_handle_range_does_not_linger),
	VT_TEST(put_handle_range_leaves_the_intersection),
	VT_TEST(range_outlives_gets_and_puts_of_others),
	VT_TEST(set_rate_planning_linear_in_depth),
	VT_TEST(parent_that_already_gives_the_rate_stays),
	VT_TEST(round_rate_sees_the_tree_as_it_is_now),
	VT_TEST(ulong_max_requests),
	VT_TEST(round_rate_above_long_max_eoverflow),
	{ NULL, NULL }
};
