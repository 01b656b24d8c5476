/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_pool.c - registration, names, lookup, handles.
 */
#include <stdio.h>
#include "tharness.h"

static struct vt_snapshot before;

/* ==================== registration ==================== */

static void register_ids_are_sequential(void)
{
	EXPECT_EQ(V(vclk_clock_count()), 0);
	EXPECT_EQ(V(fake_root("osc", 24000000)), 0);
	EXPECT_EQ(V(fake_div("pll", "osc", 1)), 1);
	EXPECT_EQ(V(fake_div("cpu", "pll", 2)), 2);
	EXPECT_EQ(V(vclk_clock_count()), 3);
	EXPECT_STR_EQ(vclk_clock_name(0), "osc");
	EXPECT_STR_EQ(vclk_clock_name(2), "cpu");
	EXPECT_EQ(V(vclk_lookup("pll")), 1);
	EXPECT_EQ(V(vclk_lookup("cpu")), 2);
	EXPECT_EQ(vclk_clock_parent(0), -1);
	EXPECT_EQ(vclk_clock_parent(1), 0);
	EXPECT_EQ(vclk_clock_parent(2), 1);
	EXPECT_EQ(vclk_clock_num_parents(0), 0);
	EXPECT_EQ(vclk_clock_num_parents(2), 1);
	EXPECT_EQ(vclk_clock_parent_id(2, 0), 1);
	EXPECT_EQ(vclk_clock_prepare_count(2), 0);
	EXPECT_EQ(vclk_clock_enable_count(2), 0);
	EXPECT_EQ(vclk_clock_rate(2), 12000000);
	EXPECT_PTR_EQ(vclk_clock_handle(1), &vclk_handles[1]);
	EXPECT_EQ(vclk_clock_id(vclk_clock_handle(2)), 2);
}

static void register_flags_kept(void)
{
	ASSERT_GE(V(fake_root_flags("a", 1000, CLK_IGNORE_UNUSED | CLK_SET_RATE_GATE)), 0);
	EXPECT_EQ(vclk_clock_flags(0), CLK_IGNORE_UNUSED | CLK_SET_RATE_GATE);
}

static void register_duplicate_name_eexist(void)
{
	ASSERT_GE(V(fake_root("osc", 24000000)), 0);
	ASSERT_GE(V(fake_div("pll", "osc", 1)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(fake_root("osc", 100)), -VCLK_EEXIST);
	EXPECT_EQ(V(fake_div("pll", "osc", 4)), -VCLK_EEXIST);
	EXPECT_EQ(V(vclk_clock_count()), 2);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(vt_rate("osc"), 24000000);
}

static void register_null_and_empty_name_einval(void)
{
	struct vclk_init_data init;

	memset(&init, 0, sizeof(init));
	vt_snapshot(&before);
	init.name = NULL;
	EXPECT_EQ(V(vclk_register(&init)), -VCLK_EINVAL);
	init.name = "";
	EXPECT_EQ(V(vclk_register(&init)), -VCLK_EINVAL);
	EXPECT_EQ(vclk_clock_count(), 0);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

static void register_name_length_limit(void)
{
	char name31[32], name32[33], name100[101];

	memset(name31, 'x', 31);
	name31[31] = 0;
	memset(name32, 'y', 32);
	name32[32] = 0;
	memset(name100, 'z', 100);
	name100[100] = 0;

	vt_snapshot(&before);
	EXPECT_EQ(V(fake_root(name32, 1)), -VCLK_ENAMETOOLONG);
	EXPECT_EQ(V(fake_root(name100, 1)), -VCLK_ENAMETOOLONG);
	EXPECT_EQ(vclk_clock_count(), 0);
	EXPECT_UNCHANGED_SINCE(&before, 0);

	EXPECT_EQ(V(fake_root(name31, 1)), 0);
	EXPECT_STR_EQ(vclk_clock_name(0), name31);
	EXPECT_EQ(V(vclk_lookup(name31)), 0);
	EXPECT_EQ(V(vclk_clock_count()), 1);
}

static void register_parent_name_too_long_rejected(void)
{
	char longname[40];
	const char *parents[1] = { longname };
	struct fake_clk *f;

	memset(longname, 'p', 39);
	longname[39] = 0;
	vt_snapshot(&before);
	f = fake_new("child");
	ASSERT_NOT_NULL(f);
	f->num_parents = 1;
	f->parent_names[0] = parents[0];	/* bypass fake_set_parents' copy */
	{
		int r = V(fake_register(f));

		if (r != -VCLK_EINVAL && r != -VCLK_ENAMETOOLONG)
			vt_fail(__FILE__, __LINE__,
				"register with a 39-char parent name: expected -EINVAL or -ENAMETOOLONG got %d", r);
	}
	EXPECT_EQ(vclk_clock_count(), 0);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

static void register_bad_num_parents_einval(void)
{
	const char *names[VCLK_MAX_PARENTS + 1];
	char buf[VCLK_MAX_PARENTS + 1][16];
	struct fake_clk *f;

	for (int k = 0; k <= VCLK_MAX_PARENTS; k++) {
		snprintf(buf[k], sizeof(buf[k]), "p%d", k);
		names[k] = buf[k];
	}
	vt_snapshot(&before);

	f = fake_new("neg");
	ASSERT_NOT_NULL(f);
	fake_set_parents(f, 1, names);
	f->num_parents = -1;
	EXPECT_EQ(V(fake_register(f)), -VCLK_EINVAL);

	f = fake_new("toomany");
	ASSERT_NOT_NULL(f);
	fake_set_parents(f, VCLK_MAX_PARENTS + 1, names);
	EXPECT_EQ(V(fake_register(f)), -VCLK_EINVAL);

	f = fake_new("hugecount");
	ASSERT_NOT_NULL(f);
	fake_set_parents(f, VCLK_MAX_PARENTS + 1, names);
	f->num_parents = 1000000;
	EXPECT_EQ(V(fake_register(f)), -VCLK_EINVAL);

	EXPECT_EQ(vclk_clock_count(), 0);
	EXPECT_UNCHANGED_SINCE(&before, 0);

	/* exactly VCLK_MAX_PARENTS inputs is fine */
	f = fake_new("wide");
	ASSERT_NOT_NULL(f);
	fake_set_parents(f, VCLK_MAX_PARENTS, names);
	EXPECT_EQ(V(fake_register(f)), 0);
	EXPECT_EQ(vclk_clock_num_parents(0), VCLK_MAX_PARENTS);
}

static void register_null_parent_name_einval(void)
{
	const char *names[3] = { "a", NULL, "c" };
	struct fake_clk *f;

	ASSERT_GE(V(fake_root("a", 100)), 0);
	vt_snapshot(&before);
	f = fake_new("m");
	ASSERT_NOT_NULL(f);
	fake_set_parents(f, 3, names);
	EXPECT_EQ(V(fake_register(f)), -VCLK_EINVAL);
	/* also when the NULL is the selected input */
	f = fake_new("m2");
	ASSERT_NOT_NULL(f);
	fake_set_parents(f, 3, names);
	f->hw_parent = 1;
	EXPECT_EQ(V(fake_register(f)), -VCLK_EINVAL);
	EXPECT_EQ(vclk_clock_count(), 1);
	EXPECT_EQ(vclk_lookup("m"), -VCLK_ENOENT);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

static void register_pool_full_enomem(void)
{
	char name[16];

	for (int i = 0; i < VCLK_MAX_CLOCKS; i++) {
		snprintf(name, sizeof(name), "c%d", i);
		if (i == 0)
			ASSERT_EQ(V(fake_root(name, 1000)), 0);
		else {
			char parent[16];

			snprintf(parent, sizeof(parent), "c%d", i - 1);
			ASSERT_EQ(V(fake_div(name, parent, 1)), i);
		}
	}
	EXPECT_EQ(vclk_clock_count(), VCLK_MAX_CLOCKS);
	vt_snapshot(&before);
	EXPECT_EQ(V(fake_root("onemore", 1)), -VCLK_ENOMEM);
	EXPECT_EQ(V(fake_div("twomore", "c3", 1)), -VCLK_ENOMEM);
	EXPECT_EQ(vclk_clock_count(), VCLK_MAX_CLOCKS);
	EXPECT_EQ(vclk_lookup("onemore"), -VCLK_ENOENT);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	/* a 64-deep chain still works end to end */
	{
		struct clk *leaf = vt_get("c63");

		ASSERT_NOT_NULL(leaf);
		EXPECT_EQ(V(clk_prepare_enable(leaf)), 0);
		EXPECT_EQ(vt_ec("c0"), 1);
		EXPECT_TRUE(vt_hw_en("c0"));
		EXPECT_EQ(V(vclk_disable_unprepare(leaf)), 0);
		EXPECT_EQ(vt_pc("c0"), 0);
		EXPECT_FALSE(vt_hw_prep("c0"));
	}
}

static void reset_forgets_everything(void)
{
	struct clk *h;

	ASSERT_GE(V(fake_root("a", 100)), 0);
	ASSERT_GE(V(fake_div("b", "a", 1)), 0);
	h = vt_get("b");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	VV(vclk_reset());
	fake_reset();
	EXPECT_EQ(vclk_clock_count(), 0);
	EXPECT_EQ(vclk_lookup("a"), -VCLK_ENOENT);
	for (int i = 0; i < VCLK_NR_HANDLES; i++) {
		EXPECT_EQ(vclk_handle_clock[i], VCLK_NONE);
		EXPECT_EQ(vclk_handle_prepares[i], 0);
		EXPECT_EQ(vclk_handle_enables[i], 0);
	}
	for (int c = 0; c < VCLK_MAX_CLOCKS; c++) {
		EXPECT_EQ(vclk_prepare_count[c], 0);
		EXPECT_EQ(vclk_parent[c], VCLK_NONE);
	}
	/* and it can be used again */
	EXPECT_EQ(V(fake_root("a", 5)), 0);
	EXPECT_EQ(vt_rate("a"), 5);
}

/* ==================== lookup and introspection ==================== */

static void lookup_errors(void)
{
	char longname[60];

	memset(longname, 'q', 59);
	longname[59] = 0;
	ASSERT_GE(V(fake_root("a", 100)), 0);
	EXPECT_EQ(V(vclk_lookup("b")), -VCLK_ENOENT);
	EXPECT_EQ(V(vclk_lookup("")), -VCLK_ENOENT);
	EXPECT_EQ(V(vclk_lookup(NULL)), -VCLK_EINVAL);
	{
		int r = V(vclk_lookup(longname));

		if (r != -VCLK_ENOENT && r != -VCLK_EINVAL)
			vt_fail(__FILE__, __LINE__,
				"vclk_lookup(59 chars): expected -ENOENT or -EINVAL got %d", r);
	}
	EXPECT_EQ(V(vclk_lookup("A")), -VCLK_ENOENT);	/* case matters */
}

static void introspection_of_bad_ids(void)
{
	ASSERT_GE(V(fake_root("a", 100)), 0);
	const int bad[] = { -1, -100, 1, VCLK_MAX_CLOCKS - 1, VCLK_MAX_CLOCKS, 1000 };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int id = bad[i];

		EXPECT_STR_EQ(vclk_clock_name(id), "");
		EXPECT_EQ(vclk_clock_parent(id), -1);
		EXPECT_EQ(vclk_clock_num_parents(id), 0);
		EXPECT_EQ(vclk_clock_parent_id(id, 0), -1);
		EXPECT_EQ(vclk_clock_prepare_count(id), 0);
		EXPECT_EQ(vclk_clock_enable_count(id), 0);
		EXPECT_EQ(vclk_clock_rate(id), 0);
		EXPECT_EQ(vclk_clock_flags(id), 0);
		EXPECT_PTR_EQ(vclk_clock_handle(id), NULL);
	}
	/* a bad input index of a good clock */
	EXPECT_EQ(vclk_clock_parent_id(0, 0), -1);
	EXPECT_EQ(vclk_clock_parent_id(0, -1), -1);
	EXPECT_EQ(vclk_clock_parent_id(0, VCLK_MAX_PARENTS), -1);
	EXPECT_EQ(vclk_clock_id(NULL), -1);
}

/* ==================== handles ==================== */

static void get_unknown_enoent(void)
{
	struct clk *h = (struct clk *)&vclk_handles[5];

	ASSERT_GE(V(fake_root("a", 100)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(vclk_get("dev", "nosuch", &h)), -VCLK_ENOENT);
	EXPECT_PTR_EQ(VP(clk_get("dev", "nosuch")), NULL);
	EXPECT_PTR_EQ(VP(clk_get(NULL, NULL)), NULL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

static void get_bad_names_einval(void)
{
	struct clk *h;
	char longname[80];

	memset(longname, 'n', 79);
	longname[79] = 0;
	ASSERT_GE(V(fake_root("a", 100)), 0);
	EXPECT_EQ(V(vclk_get(NULL, NULL, &h)), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_get(NULL, longname, &h)), -VCLK_EINVAL);
	EXPECT_PTR_EQ(VP(clk_get(NULL, longname)), NULL);
}

static void get_returns_distinct_handles(void)
{
	struct clk *h1, *h2, *h3;

	ASSERT_GE(V(fake_root("a", 100)), 0);
	ASSERT_EQ(V(vclk_get("dev1", "a", &h1)), 0);
	ASSERT_EQ(V(vclk_get("dev2", "a", &h2)), 0);
	h3 = VP(clk_get(NULL, "a"));
	ASSERT_NOT_NULL(h3);
	EXPECT_TRUE(h1 != h2 && h2 != h3 && h1 != h3);
	/* consumer handles are never the provider handle */
	EXPECT_TRUE(h1 != vt_provider("a") && h2 != vt_provider("a"));
	EXPECT_GE(vt_handle_slot(h1), VCLK_MAX_CLOCKS);
	EXPECT_GE(vt_handle_slot(h3), VCLK_MAX_CLOCKS);
	EXPECT_EQ(vclk_clock_id(h1), 0);
	EXPECT_EQ(vclk_clock_id(h3), 0);
	EXPECT_EQ(vclk_handle_clock[vt_handle_slot(h2)], 0);
	/* getting a handle takes no reference */
	EXPECT_EQ(vt_pc("a"), 0);
	EXPECT_EQ(vclk_misuse_count(h1), 0);
}

/*
 * vclk_get()'s clause taken: the new handle carries the device name,
 * asks no range and counted no misuse, whatever the free slot held
 * before; clause taken's frame: no other handle and no clock's range
 * moves.
 */
static void get_takes_a_clean_slot_and_nothing_else(void)
{
	struct clk *ranged, *misused, *h;
	int slot;

	ASSERT_GE(V(fake_root("a", 100)), 0);
	ASSERT_EQ(V(vclk_get("ranged", "a", &ranged)), 0);
	ASSERT_EQ(V(clk_set_rate_range(ranged, 10, 1000)), 0);
	ASSERT_EQ(V(vclk_get("misused", "a", &misused)), 0);
	/* leave a range and a misuse count in a slot, then free it */
	slot = vt_handle_slot(misused);
	ASSERT_EQ(V(clk_set_rate_range(misused, 20, 900)), 0);
	clk_disable(misused);
	ASSERT_EQ(vclk_misuse_count(misused), 1);
	ASSERT_EQ(V(clk_put(misused)), 0);
	vt_snapshot(&before);
	ASSERT_EQ(V(vclk_get("dev3", "a", &h)), 0);
	EXPECT_EQ(vt_handle_slot(h), slot);	/* the lowest free slot */
	EXPECT_EQ(vclk_clock_id(h), 0);
	EXPECT_STR_EQ(vclk_handle_dev[slot], "dev3");
	EXPECT_EQ(vclk_misuse_count(h), 0);
	EXPECT_EQ(vclk_handle_min[slot], 0);
	EXPECT_EQ(vclk_handle_max[slot], ULONG_MAX);
	/* the other consumer's range is what the clock keeps */
	EXPECT_EQ(vclk_clk_min[0], 10);
	EXPECT_EQ(vclk_clk_max[0], 1000);
	EXPECT_EQ(vclk_handle_min[vt_handle_slot(ranged)], 10);
	EXPECT_STR_EQ(vclk_handle_dev[vt_handle_slot(ranged)], "ranged");
	EXPECT_EQ(V(clk_put(h)), 0);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

static void get_handle_pool_exhausted_enomem(void)
{
	struct clk *h[VCLK_MAX_CONSUMERS];
	struct clk *extra = NULL;

	ASSERT_GE(V(fake_root("a", 100)), 0);
	for (int i = 0; i < VCLK_MAX_CONSUMERS; i++) {
		ASSERT_EQ(V(vclk_get(NULL, "a", &h[i])), 0);
	}
	vt_snapshot(&before);
	EXPECT_EQ(V(vclk_get(NULL, "a", &extra)), -VCLK_ENOMEM);
	EXPECT_PTR_EQ(extra, NULL);	/* clause refused: *clkp kept */
	EXPECT_PTR_EQ(VP(clk_get(NULL, "a")), NULL);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	/* the name is looked up first (Linux's clk_get() fails in
	 * clk_find_hw() before it allocates): an unknown name is -ENOENT
	 * and a bad one -EINVAL even with every slot in use */
	extra = &vclk_handles[0];
	EXPECT_EQ(V(vclk_get(NULL, "zz", &extra)), -VCLK_ENOENT);
	EXPECT_EQ(V(vclk_get(NULL, NULL, &extra)), -VCLK_EINVAL);
	EXPECT_PTR_EQ(extra, &vclk_handles[0]);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	/* putting one frees a slot */
	EXPECT_EQ(V(clk_put(h[17])), 0);
	EXPECT_EQ(V(vclk_get(NULL, "a", &extra)), 0);
	EXPECT_EQ(vclk_clock_id(extra), 0);
	EXPECT_EQ(V(vclk_get(NULL, "a", &extra)), -VCLK_ENOMEM);
}

static int notifier_calls;

static int count_calls(struct notifier_block *nb, unsigned long event, void *data)
{
	(void)nb;
	(void)event;
	(void)data;
	notifier_calls++;
	return NOTIFY_OK;
}

/* a notifier's callbacks get the handle it came through: no put before
 * it is unregistered, through any handle of the clock */
static void put_busy_while_notified(void)
{
	struct notifier_block nb = { .notifier_call = count_calls };
	struct clk *h, *h2;

	notifier_calls = 0;
	ASSERT_GE(V(fake_synth("a", 1, 1000, 100, 0)), 0);
	h = vt_get("a");
	h2 = vt_get("a");
	ASSERT_NOT_NULL(h);
	ASSERT_NOT_NULL(h2);
	EXPECT_EQ(V(clk_notifier_register(h, &nb)), 0);

	vt_snapshot(&before);
	EXPECT_EQ(V(clk_put(h)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(vclk_clock_id(h), 0);
	/* the other handle did not register it: free to go */
	EXPECT_EQ(V(clk_put(h2)), 0);
	/* the refused handle still works, and its notifier still fires */
	EXPECT_EQ(V(clk_set_rate(h, 50)), 0);
	EXPECT_EQ(notifier_calls, 2);	/* PRE and POST */
	EXPECT_EQ(V(clk_put(h)), -VCLK_EBUSY);

	/* unregistered through another handle of the clock: put works */
	h2 = vt_get("a");
	ASSERT_NOT_NULL(h2);
	EXPECT_EQ(V(clk_notifier_unregister(h2, &nb)), 0);
	EXPECT_EQ(V(clk_put(h)), 0);
	EXPECT_EQ(vclk_clock_id(h), -1);
	EXPECT_EQ(V(clk_set_rate(h2, 25)), 0);
	EXPECT_EQ(notifier_calls, 2);
}

static void put_semantics(void)
{
	struct clk *h, *h2;

	ASSERT_GE(V(fake_root("a", 100)), 0);
	ASSERT_GE(V(fake_div("b", "a", 1)), 0);
	h = vt_get("b");
	ASSERT_NOT_NULL(h);

	EXPECT_EQ(V(clk_put(NULL)), 0);

	/* busy while holding a prepare reference; handle stays valid */
	EXPECT_EQ(V(clk_prepare(h)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_put(h)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_EQ(vclk_clock_id(h), 1);
	/* busy while holding an enable reference */
	EXPECT_EQ(V(clk_enable(h)), 0);
	EXPECT_EQ(V(clk_put(h)), -VCLK_EBUSY);
	EXPECT_EQ(vclk_clock_id(h), 1);
	/* the handle still works after the refused put */
	EXPECT_EQ(V(vclk_disable(h)), 0);
	EXPECT_EQ(V(clk_put(h)), -VCLK_EBUSY);
	EXPECT_EQ(V(vclk_unprepare(h)), 0);
	EXPECT_EQ(vt_pc("a"), 0);

	EXPECT_EQ(V(clk_put(h)), 0);
	EXPECT_EQ(vclk_clock_id(h), -1);
	EXPECT_EQ(vclk_handle_clock[vt_handle_slot(h)], VCLK_NONE);
	/* twice */
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_put(h)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);

	/* provider handles, from clk_get_parent or vclk_clock_handle */
	h2 = vt_get("b");
	ASSERT_NOT_NULL(h2);
	{
		struct clk *p = VP(clk_get_parent(h2));

		ASSERT_NOT_NULL(p);
		EXPECT_PTR_EQ(p, vt_provider("a"));
		EXPECT_EQ(V(clk_put(p)), -VCLK_EINVAL);
		EXPECT_EQ(vclk_clock_id(p), 0);
	}
	EXPECT_EQ(V(clk_put(vt_provider("b"))), -VCLK_EINVAL);
	EXPECT_EQ(vclk_clock_id(vt_provider("b")), 1);
	EXPECT_EQ(V(clk_put(h2)), 0);
}

static void put_handle_is_dead(void)
{
	struct clk *h, *keep;

	ASSERT_GE(V(fake_root("a", 100)), 0);
	keep = vt_get("a");
	ASSERT_NOT_NULL(keep);
	EXPECT_EQ(V(clk_prepare_enable(keep)), 0);
	h = vt_get("a");
	ASSERT_NOT_NULL(h);
	ASSERT_EQ(V(clk_put(h)), 0);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_prepare(h)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_enable(h)), -VCLK_EINVAL);
	EXPECT_EQ(V(clk_prepare_enable(h)), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_unprepare(h)), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_disable(h)), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_disable_unprepare(h)), -VCLK_EINVAL);
	VV(clk_disable_unprepare(h));
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);
	EXPECT_EQ(vt_pc("a"), 1);
	EXPECT_EQ(vt_ec("a"), 1);
	EXPECT_TRUE(vt_hw_en("a"));
}

static void dev_id_may_be_null(void)
{
	struct clk *h;

	ASSERT_GE(V(fake_root("a", 100)), 0);
	EXPECT_EQ(V(vclk_get(NULL, "a", &h)), 0);
	EXPECT_EQ(V(vclk_get("some-device", "a", &h)), 0);
	EXPECT_EQ(vclk_clock_id(h), 0);
}

const struct vt_test vt_tests_pool[] = {
	VT_TEST(register_ids_are_sequential),
	VT_TEST(register_flags_kept),
	VT_TEST(register_duplicate_name_eexist),
	VT_TEST(register_null_and_empty_name_einval),
	VT_TEST(register_name_length_limit),
	VT_TEST(register_parent_name_too_long_rejected),
	VT_TEST(register_bad_num_parents_einval),
	VT_TEST(register_null_parent_name_einval),
	VT_TEST(register_pool_full_enomem),
	VT_TEST(reset_forgets_everything),
	VT_TEST(lookup_errors),
	VT_TEST(introspection_of_bad_ids),
	VT_TEST(get_unknown_enoent),
	VT_TEST(get_bad_names_einval),
	VT_TEST(get_returns_distinct_handles),
	VT_TEST(get_takes_a_clean_slot_and_nothing_else),
	VT_TEST(get_handle_pool_exhausted_enomem),
	VT_TEST(put_semantics),
	VT_TEST(put_busy_while_notified),
	VT_TEST(put_handle_is_dead),
	VT_TEST(dev_id_may_be_null),
	{ NULL, NULL }
};
