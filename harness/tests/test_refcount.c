/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_refcount.c - prepare/enable walks, per-handle
 * balance, misuse, clk_is_enabled.
 */
#include "tharness.h"

static struct vt_snapshot before;

/* The seed tree: A a root synth, B a child of A, C a child of B. */
static int seed_tree(void)
{
	if (fake_root("A", 800000000) != 0 || fake_div("B", "A", 2) != 1 ||
	    fake_div("C", "B", 4) != 2)
		return -1;
	fake_log_clear();
	return 0;
}

#define SEED() ASSERT_EQ(V(seed_tree()), 0)

static void seed_tree_rates(void)
{
	SEED();
	EXPECT_EQ(vt_rate("A"), 800000000);
	EXPECT_EQ(vt_rate("B"), 400000000);
	EXPECT_EQ(vt_rate("C"), 100000000);
	EXPECT_EQ(V(clk_get_rate(vt_provider("C"))), 100000000);
	EXPECT_LOG("");		/* registration turns nothing on */
	EXPECT_FALSE(vt_hw_prep("A") || vt_hw_prep("B") || vt_hw_prep("C"));
}

static void walk_order_seed_tree(void)
{
	struct clk *c;

	SEED();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);

	EXPECT_EQ(V(clk_prepare(c)), 0);
	EXPECT_LOG("prepare A, prepare B, prepare C");
	EXPECT_EQ(vt_pc("A"), 1);
	EXPECT_EQ(vt_pc("B"), 1);
	EXPECT_EQ(vt_pc("C"), 1);
	EXPECT_EQ(vt_ec("C"), 0);
	EXPECT_EQ(vclk_handle_prepares[vt_handle_slot(c)], 1);
	EXPECT_TRUE(vt_hw_prep("A") && vt_hw_prep("B") && vt_hw_prep("C"));

	fake_log_clear();
	EXPECT_EQ(V(clk_enable(c)), 0);
	EXPECT_LOG("enable A, enable B, enable C");
	EXPECT_EQ(vt_ec("A"), 1);
	EXPECT_EQ(vt_ec("B"), 1);
	EXPECT_EQ(vt_ec("C"), 1);
	EXPECT_EQ(vclk_handle_enables[vt_handle_slot(c)], 1);
	EXPECT_TRUE(V(clk_is_enabled(c)));

	fake_log_clear();
	EXPECT_EQ(V(vclk_disable(c)), 0);
	EXPECT_LOG("disable C, disable B, disable A");
	EXPECT_EQ(vt_ec("A"), 0);
	EXPECT_EQ(vt_pc("A"), 1);
	EXPECT_FALSE(V(clk_is_enabled(c)));

	fake_log_clear();
	EXPECT_EQ(V(vclk_unprepare(c)), 0);
	EXPECT_LOG("unprepare C, unprepare B, unprepare A");
	EXPECT_EQ(vt_pc("A"), 0);
	EXPECT_EQ(vt_pc("C"), 0);
	EXPECT_FALSE(vt_hw_prep("A") || vt_hw_prep("B") || vt_hw_prep("C"));
	EXPECT_EQ(vclk_misuse_count(c), 0);
}

static void walk_order_prepare_enable(void)
{
	struct clk *c;

	SEED();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(V(clk_prepare_enable(c)), 0);
	EXPECT_LOG("prepare A, prepare B, prepare C, enable A, enable B, enable C");
	fake_log_clear();
	EXPECT_EQ(V(vclk_disable_unprepare(c)), 0);
	EXPECT_LOG("disable C, disable B, disable A, unprepare C, unprepare B, unprepare A");
	fake_log_clear();
	EXPECT_EQ(V(clk_prepare_enable(c)), 0);
	VV(clk_disable_unprepare(c));
	EXPECT_LOG("prepare A, prepare B, prepare C, enable A, enable B, enable C, "
		   "disable C, disable B, disable A, unprepare C, unprepare B, unprepare A");
	EXPECT_EQ(vclk_misuse_count(c), 0);
}

static void walk_stops_at_held_clock(void)
{
	struct clk *b, *c;

	SEED();
	b = vt_get("B");
	c = vt_get("C");
	ASSERT_NOT_NULL(b);
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(V(clk_prepare_enable(b)), 0);
	fake_log_clear();
	EXPECT_EQ(V(clk_prepare_enable(c)), 0);
	EXPECT_LOG("prepare C, enable C");
	EXPECT_EQ(vt_pc("B"), 2);	/* its handle + prepared child C */
	EXPECT_EQ(vt_ec("B"), 2);
	EXPECT_EQ(vt_pc("A"), 1);	/* only child B */
	fake_log_clear();
	EXPECT_EQ(V(vclk_disable_unprepare(b)), 0);
	EXPECT_LOG("");			/* C still needs B */
	EXPECT_EQ(vt_pc("B"), 1);
	EXPECT_TRUE(vt_hw_en("B"));
	EXPECT_EQ(V(vclk_disable_unprepare(c)), 0);
	EXPECT_LOG("disable C, disable B, disable A, unprepare C, unprepare B, unprepare A");
}

static void second_reference_calls_no_op(void)
{
	struct clk *h1, *h2;

	SEED();
	h1 = vt_get("C");
	h2 = vt_get("C");
	ASSERT_NOT_NULL(h1);
	ASSERT_NOT_NULL(h2);
	EXPECT_EQ(V(clk_prepare_enable(h1)), 0);
	fake_log_clear();
	EXPECT_EQ(V(clk_prepare_enable(h2)), 0);
	EXPECT_LOG("");
	EXPECT_EQ(vt_pc("C"), 2);
	EXPECT_EQ(vt_ec("C"), 2);
	EXPECT_EQ(vt_pc("B"), 1);
	EXPECT_EQ(vt_ec("B"), 1);
	EXPECT_EQ(V(vclk_disable_unprepare(h1)), 0);
	EXPECT_LOG("");
	EXPECT_EQ(vt_pc("C"), 1);
	EXPECT_TRUE(vt_hw_en("C"));
	EXPECT_EQ(V(vclk_disable_unprepare(h2)), 0);
	EXPECT_EQ(vt_pc("A"), 0);
	EXPECT_FALSE(vt_hw_prep("A"));
}

static void shared_parent_released_last(void)
{
	struct clk *c, *d;

	SEED();
	ASSERT_EQ(V(fake_div("D", "B", 8)), 3);
	fake_log_clear();
	c = vt_get("C");
	d = vt_get("D");
	ASSERT_NOT_NULL(c);
	ASSERT_NOT_NULL(d);
	EXPECT_EQ(V(clk_prepare_enable(c)), 0);
	fake_log_clear();
	EXPECT_EQ(V(clk_prepare_enable(d)), 0);
	EXPECT_LOG("prepare D, enable D");
	EXPECT_EQ(vt_pc("B"), 2);
	EXPECT_EQ(vt_ec("B"), 2);
	EXPECT_EQ(vt_pc("A"), 1);
	fake_log_clear();
	EXPECT_EQ(V(vclk_disable_unprepare(c)), 0);
	EXPECT_LOG("disable C, unprepare C");
	EXPECT_EQ(vt_pc("B"), 1);
	fake_log_clear();
	EXPECT_EQ(V(vclk_disable_unprepare(d)), 0);
	EXPECT_LOG("disable D, disable B, disable A, unprepare D, unprepare B, unprepare A");
}

static void enable_without_prepare_eshutdown(void)
{
	struct clk *h1, *h2;

	SEED();
	h1 = vt_get("C");
	h2 = vt_get("C");
	ASSERT_NOT_NULL(h1);
	ASSERT_NOT_NULL(h2);
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_enable(h1)), -VCLK_ESHUTDOWN);
	EXPECT_LOG("");
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);

	/* the clock is prepared, but not through this handle */
	EXPECT_EQ(V(clk_prepare(h2)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(clk_enable(h1)), -VCLK_ESHUTDOWN);
	EXPECT_LOG("");
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);
	EXPECT_EQ(vt_ec("C"), 0);
	EXPECT_FALSE(vt_hw_en("A"));

	/* and a handle that prepared may enable */
	EXPECT_EQ(V(clk_enable(h2)), 0);
	EXPECT_EQ(vt_ec("A"), 1);
	/* a handle whose prepare was dropped again may not */
	EXPECT_EQ(V(clk_prepare(h1)), 0);
	EXPECT_EQ(V(vclk_unprepare(h1)), 0);
	EXPECT_EQ(V(clk_enable(h1)), -VCLK_ESHUTDOWN);
	EXPECT_EQ(vt_ec("C"), 1);
}

static void disable_more_than_enabled_einval(void)
{
	struct clk *h;

	SEED();
	h = vt_get("C");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	EXPECT_EQ(V(vclk_disable(h)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(vclk_disable(h)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);
	EXPECT_EQ(vclk_misuse_count(h), 1);
	EXPECT_LOG("");
	EXPECT_EQ(V(vclk_disable(h)), -VCLK_EINVAL);
	EXPECT_EQ(vclk_misuse_count(h), 2);
	EXPECT_EQ(vt_pc("C"), 1);
	EXPECT_TRUE(vt_hw_prep("C"));
}

static void unprepare_more_than_prepared_einval(void)
{
	struct clk *h;

	SEED();
	h = vt_get("C");
	ASSERT_NOT_NULL(h);
	vt_snapshot(&before);
	EXPECT_EQ(V(vclk_unprepare(h)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);
	EXPECT_EQ(vclk_misuse_count(h), 1);
	EXPECT_EQ(V(clk_prepare(h)), 0);
	EXPECT_EQ(V(clk_prepare(h)), 0);
	EXPECT_EQ(V(vclk_unprepare(h)), 0);
	EXPECT_EQ(V(vclk_unprepare(h)), 0);
	fake_log_clear();
	EXPECT_EQ(V(vclk_unprepare(h)), -VCLK_EINVAL);
	EXPECT_LOG("");
	EXPECT_EQ(vclk_misuse_count(h), 2);
}

static void balance_is_per_handle(void)
{
	struct clk *owner, *other;

	SEED();
	owner = vt_get("C");
	other = vt_get("C");
	ASSERT_NOT_NULL(owner);
	ASSERT_NOT_NULL(other);
	EXPECT_EQ(V(clk_prepare_enable(owner)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	/* the clock holds references, but not through @other */
	EXPECT_EQ(V(vclk_disable(other)), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_unprepare(other)), -VCLK_EINVAL);
	EXPECT_EQ(V(vclk_disable_unprepare(other)), -VCLK_EINVAL);
	VV(clk_disable(other));
	VV(clk_unprepare(other));
	VV(clk_disable_unprepare(other));
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);
	EXPECT_LOG("");
	EXPECT_EQ(vclk_misuse_count(owner), 0);
	EXPECT_GE(vclk_misuse_count(other), 6);
	EXPECT_TRUE(vt_hw_en("C"));
	EXPECT_EQ(V(vclk_disable_unprepare(owner)), 0);
	EXPECT_FALSE(vt_hw_prep("A"));
}

static void unprepare_last_while_enabled_ebusy(void)
{
	struct clk *h;

	SEED();
	h = vt_get("C");
	ASSERT_NOT_NULL(h);
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(vclk_unprepare(h)), -VCLK_EBUSY);
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);
	EXPECT_EQ(vclk_misuse_count(h), 1);
	EXPECT_LOG("");

	/* with a second prepare, one may go; the last may not */
	EXPECT_EQ(V(clk_prepare(h)), 0);
	EXPECT_EQ(V(vclk_unprepare(h)), 0);
	EXPECT_EQ(V(vclk_unprepare(h)), -VCLK_EBUSY);
	EXPECT_EQ(vclk_misuse_count(h), 2);
	EXPECT_EQ(vclk_handle_prepares[vt_handle_slot(h)], 1);
	EXPECT_EQ(vt_ec("C"), 1);
	/* in the right order it works */
	EXPECT_EQ(V(vclk_disable(h)), 0);
	EXPECT_EQ(V(vclk_unprepare(h)), 0);
	EXPECT_EQ(vt_pc("A"), 0);
}

static void void_wrappers_record_misuse(void)
{
	struct clk *h;
	uint32_t m;

	SEED();
	h = vt_get("B");
	ASSERT_NOT_NULL(h);
	vt_snapshot(&before);
	VV(clk_disable(h));
	EXPECT_EQ(vclk_misuse_count(h), 1);
	VV(clk_unprepare(h));
	EXPECT_EQ(vclk_misuse_count(h), 2);
	VV(clk_disable_unprepare(h));
	m = vclk_misuse_count(h);
	EXPECT_GE(m, 3);
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);
	/* and do the work when balanced */
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	VV(clk_disable(h));
	EXPECT_EQ(vt_ec("B"), 0);
	VV(clk_unprepare(h));
	EXPECT_EQ(vt_pc("B"), 0);
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	VV(clk_disable_unprepare(h));
	EXPECT_EQ(vt_pc("A"), 0);
	EXPECT_EQ(vclk_misuse_count(h), m);
}

static void disable_unprepare_checks_first(void)
{
	struct clk *h;
	int r;

	SEED();
	h = vt_get("C");
	ASSERT_NOT_NULL(h);

	/* prepared, not enabled: nothing may change, not even the unprepare */
	EXPECT_EQ(V(clk_prepare(h)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	EXPECT_EQ(V(vclk_disable_unprepare(h)), -VCLK_EINVAL);
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);
	EXPECT_LOG("");
	EXPECT_EQ(vclk_misuse_count(h), 1);

	/* one prepare, two enables: the disable would leave an enable
	 * under the last prepare, so nothing may change */
	EXPECT_EQ(V(clk_enable(h)), 0);
	EXPECT_EQ(V(clk_enable(h)), 0);
	fake_log_clear();
	vt_snapshot(&before);
	r = V(vclk_disable_unprepare(h));
	if (r != -VCLK_EINVAL && r != -VCLK_EBUSY)
		vt_fail(__FILE__, __LINE__,
			"vclk_disable_unprepare (1 prepare, 2 enables): expected -EINVAL or -EBUSY got %d", r);
	EXPECT_UNCHANGED_SINCE(&before, VT_IGNORE_MISUSE);
	EXPECT_LOG("");

	/* two prepares, two enables: fine */
	EXPECT_EQ(V(clk_prepare(h)), 0);
	EXPECT_EQ(V(vclk_disable_unprepare(h)), 0);
	EXPECT_EQ(vclk_handle_prepares[vt_handle_slot(h)], 1);
	EXPECT_EQ(vclk_handle_enables[vt_handle_slot(h)], 1);
	EXPECT_EQ(V(vclk_disable_unprepare(h)), 0);
	EXPECT_EQ(vt_pc("A"), 0);
}

static void prepare_enable_stacks_per_handle(void)
{
	struct clk *h[5];

	SEED();
	for (int i = 0; i < 5; i++) {
		h[i] = vt_get(i < 3 ? "C" : "B");
		ASSERT_NOT_NULL(h[i]);
		for (int k = 0; k <= i; k++)
			EXPECT_EQ(V(clk_prepare_enable(h[i])), 0);
		EXPECT_EQ(vclk_handle_prepares[vt_handle_slot(h[i])], (uint32_t)i + 1);
		EXPECT_EQ(vclk_handle_enables[vt_handle_slot(h[i])], (uint32_t)i + 1);
	}
	EXPECT_EQ(vt_pc("C"), 1 + 2 + 3);
	EXPECT_EQ(vt_pc("B"), 4 + 5 + 1);
	EXPECT_EQ(vt_ec("B"), 4 + 5 + 1);
	EXPECT_EQ(vt_pc("A"), 1);
	for (int i = 4; i >= 0; i--) {
		for (int k = 0; k <= i; k++)
			EXPECT_EQ(V(vclk_disable_unprepare(h[i])), 0);
		EXPECT_EQ(V(vclk_disable_unprepare(h[i])), -VCLK_EINVAL);
		EXPECT_EQ(V(clk_put(h[i])), 0);
	}
	EXPECT_EQ(vt_pc("A"), 0);
	EXPECT_FALSE(vt_hw_prep("A"));
}

static void repeated_cycles_return_to_zero(void)
{
	struct clk *h;

	SEED();
	h = vt_get("C");
	ASSERT_NOT_NULL(h);
	for (int i = 0; i < 50; i++) {
		EXPECT_EQ(V(clk_prepare(h)), 0);
		EXPECT_EQ(V(clk_enable(h)), 0);
		EXPECT_EQ(V(vclk_disable(h)), 0);
		EXPECT_EQ(V(clk_enable(h)), 0);
		EXPECT_EQ(V(vclk_disable(h)), 0);
		EXPECT_EQ(V(vclk_unprepare(h)), 0);
	}
	EXPECT_EQ(fake_find("A")->calls[FAKE_PREPARE], 50);
	EXPECT_EQ(fake_find("A")->calls[FAKE_ENABLE], 100);
	EXPECT_EQ(fake_find("C")->calls[FAKE_DISABLE], 100);
	EXPECT_EQ(fake_find("C")->calls[FAKE_UNPREPARE], 50);
	EXPECT_EQ(vt_pc("A"), 0);
}

static void is_enabled_asks_provider(void)
{
	struct clk *h, *q;
	struct fake_clk *f;

	SEED();
	h = vt_get("B");
	ASSERT_NOT_NULL(h);
	EXPECT_FALSE(V(clk_is_enabled(h)));
	EXPECT_EQ(V(clk_prepare_enable(h)), 0);
	EXPECT_TRUE(V(clk_is_enabled(h)));
	EXPECT_TRUE(V(clk_is_enabled(vt_provider("A"))));
	EXPECT_FALSE(V(clk_is_enabled(vt_provider("C"))));
	EXPECT_FALSE(V(clk_is_enabled(NULL)));

	/* the provider's word, not the count: hardware on behind our back */
	f = fake_find("C");
	f->boot_on = true;
	f->hw_prepared = f->hw_enabled = true;
	EXPECT_TRUE(V(clk_is_enabled(vt_provider("C"))));

	/* without an is_enabled op: the count */
	f = fake_new("Q");
	ASSERT_NOT_NULL(f);
	f->ops = &fake_ops_noquery;
	f->fixed_rate = 7;
	ASSERT_GE(V(fake_register(f)), 0);
	q = vt_get("Q");
	ASSERT_NOT_NULL(q);
	EXPECT_FALSE(V(clk_is_enabled(q)));
	EXPECT_EQ(V(clk_prepare(q)), 0);
	EXPECT_FALSE(V(clk_is_enabled(q)));
	EXPECT_EQ(V(clk_enable(q)), 0);
	EXPECT_TRUE(V(clk_is_enabled(q)));
	EXPECT_EQ(V(vclk_disable(q)), 0);
	EXPECT_FALSE(V(clk_is_enabled(q)));
}

static void logical_clock_without_ops(void)
{
	struct vclk_init_data init;
	const char *pa[1] = { "A" };
	struct clk *c;

	ASSERT_EQ(V(fake_root("A", 1000000)), 0);
	memset(&init, 0, sizeof(init));
	init.name = "L";
	init.parent_names = pa;
	init.num_parents = 1;
	ASSERT_EQ(V(vclk_register(&init)), 1);
	ASSERT_EQ(V(fake_div("C", "L", 10)), 2);
	EXPECT_EQ(vt_rate("L"), 1000000);	/* no recalc_rate: the parent's */
	EXPECT_EQ(vt_rate("C"), 100000);
	fake_log_clear();
	c = vt_get("C");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(V(clk_prepare_enable(c)), 0);
	EXPECT_LOG("prepare A, prepare C, enable A, enable C");
	EXPECT_EQ(vt_pc("L"), 1);
	EXPECT_EQ(vt_ec("L"), 1);
	EXPECT_TRUE(V(clk_is_enabled(vt_provider("L"))));
	EXPECT_EQ(V(vclk_disable_unprepare(c)), 0);
	EXPECT_EQ(vt_pc("L"), 0);
	EXPECT_FALSE(V(clk_is_enabled(vt_provider("L"))));

	/* a logical root has rate 0 */
	memset(&init, 0, sizeof(init));
	init.name = "R";
	ASSERT_EQ(V(vclk_register(&init)), 3);
	EXPECT_EQ(vt_rate("R"), 0);
}

static void provider_handle_can_hold_references(void)
{
	struct clk *p;

	SEED();
	/* clk_get_parent's handle is a struct clk like any other */
	p = VP(clk_get_parent(vt_provider("C")));
	ASSERT_PTR_EQ(p, vt_provider("B"));
	EXPECT_EQ(V(clk_prepare_enable(p)), 0);
	EXPECT_EQ(vt_ec("A"), 1);
	EXPECT_EQ(V(vclk_disable_unprepare(p)), 0);
	EXPECT_EQ(vt_ec("A"), 0);
	EXPECT_EQ(V(vclk_disable(p)), -VCLK_EINVAL);
}

const struct vt_test vt_tests_refcount[] = {
	VT_TEST(seed_tree_rates),
	VT_TEST(walk_order_seed_tree),
	VT_TEST(walk_order_prepare_enable),
	VT_TEST(walk_stops_at_held_clock),
	VT_TEST(second_reference_calls_no_op),
	VT_TEST(shared_parent_released_last),
	VT_TEST(enable_without_prepare_eshutdown),
	VT_TEST(disable_more_than_enabled_einval),
	VT_TEST(unprepare_more_than_prepared_einval),
	VT_TEST(balance_is_per_handle),
	VT_TEST(unprepare_last_while_enabled_ebusy),
	VT_TEST(void_wrappers_record_misuse),
	VT_TEST(disable_unprepare_checks_first),
	VT_TEST(prepare_enable_stacks_per_handle),
	VT_TEST(repeated_cycles_return_to_zero),
	VT_TEST(is_enabled_asks_provider),
	VT_TEST(logical_clock_without_ops),
	VT_TEST(provider_handle_can_hold_references),
	{ NULL, NULL }
};
