/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_lock.c - the locking of the public API (core/vclk.h,
 * core/locked.c, core/vclk_lock.h): which locks each op runs under, that
 * every call gives back what it took (on error paths and from inside a
 * notifier too), and that the run-time lock check of platform/dispatch.c
 * catches an op reached without the locks.
 *
 * Every test of the suite already runs with the check on (the host builds
 * define VCLK_LOCK_CHECK), so an op called without its locks anywhere
 * aborts that test; these tests pin down the finer points.
 */
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tharness.h"

/* lock depths seen by the last call of each recorded op */
static int seen_prepare[FAKE_NR_OPS], seen_enable[FAKE_NR_OPS];
static struct vclk_ops rec_ops;

#define SEEN(op) do {							\
		seen_prepare[op] = vclk_prepare_lock_held();		\
		seen_enable[op] = vclk_enable_lock_held();		\
	} while (0)

static int rec_prepare(void *priv)
{
	SEEN(FAKE_PREPARE);
	return fake_ops_rate.prepare(priv);
}

static int rec_enable(void *priv)
{
	SEEN(FAKE_ENABLE);
	return fake_ops_rate.enable(priv);
}

static void rec_disable(void *priv)
{
	SEEN(FAKE_DISABLE);
	fake_ops_rate.disable(priv);
}

static int rec_set_rate(void *priv, unsigned long rate, unsigned long parent_rate)
{
	SEEN(FAKE_SET_RATE);
	return fake_ops_rate.set_rate(priv, rate, parent_rate);
}

/* a divider by 1..4 of a 100 MHz synth, its ops recording lock depths */
static struct clk *rec_tree(void)
{
	static const char *const parent = "S";
	struct fake_clk *f;

	rec_ops = fake_ops_rate;
	rec_ops.prepare = rec_prepare;
	rec_ops.enable = rec_enable;
	rec_ops.disable = rec_disable;
	rec_ops.set_rate = rec_set_rate;
	for (int i = 0; i < FAKE_NR_OPS; i++)
		seen_prepare[i] = seen_enable[i] = -1;
	if (fake_synth("S", 1000000, 400000000, 100000000, 0) != 0)
		return NULL;
	f = fake_new("D");
	if (!f)
		return NULL;
	fake_set_parents(f, 1, &parent);
	f->ops = &rec_ops;
	f->max_div = 4;
	f->div = 1;
	if (fake_register(f) != 1)
		return NULL;
	return vt_get("D");
}

static void locks_free(void)
{
	EXPECT_EQ(vclk_prepare_lock_held(), 0);
	EXPECT_EQ(vclk_enable_lock_held(), 0);
}

/* Linux: prepare/set_rate under the prepare lock (and here the enable
 * lock, which guards the pools); enable/disable under the enable lock
 * only, so an atomic caller never waits for a sleeping one */
static void ops_run_under_the_documented_locks(void)
{
	struct clk *d = rec_tree();

	ASSERT_TRUE(d != NULL);
	ASSERT_EQ(V(clk_prepare(d)), 0);
	EXPECT_EQ(seen_prepare[FAKE_PREPARE], 1);
	EXPECT_EQ(seen_enable[FAKE_PREPARE], 1);
	ASSERT_EQ(V(clk_enable(d)), 0);
	EXPECT_EQ(seen_prepare[FAKE_ENABLE], 0);
	EXPECT_EQ(seen_enable[FAKE_ENABLE], 1);
	clk_disable(d);
	EXPECT_EQ(seen_prepare[FAKE_DISABLE], 0);
	EXPECT_EQ(seen_enable[FAKE_DISABLE], 1);
	/* the compound call takes both, so its enable runs under both */
	clk_unprepare(d);
	ASSERT_EQ(V(clk_prepare_enable(d)), 0);
	EXPECT_EQ(seen_prepare[FAKE_ENABLE], 1);
	EXPECT_EQ(seen_enable[FAKE_ENABLE], 1);
	clk_disable_unprepare(d);
	ASSERT_EQ(V(clk_set_rate(d, 50000000)), 0);
	EXPECT_EQ(seen_prepare[FAKE_SET_RATE], 1);
	EXPECT_EQ(seen_enable[FAKE_SET_RATE], 1);
	EXPECT_EQ(vt_rate("D"), 50000000);
	locks_free();
}

/* error paths give the locks back too */
static void failed_calls_give_the_locks_back(void)
{
	struct clk *d = rec_tree();

	ASSERT_TRUE(d != NULL);
	fake_fail(fake_find("D"), FAKE_PREPARE, 1, -VCLK_EIO);
	EXPECT_EQ(V(clk_prepare(d)), -VCLK_EIO);
	locks_free();
	EXPECT_EQ(V(clk_enable(d)), -VCLK_ESHUTDOWN);
	locks_free();
	fake_fail(fake_find("D"), FAKE_SET_RATE, 1, -VCLK_EIO);
	EXPECT_EQ(V(clk_set_rate(d, 50000000)), -VCLK_EIO);
	locks_free();
	EXPECT_EQ(V(clk_set_rate_range(d, 2, 1)), -VCLK_EINVAL);
	locks_free();
	EXPECT_EQ(V(vclk_unprepare(d)), -VCLK_EINVAL);
	locks_free();
	EXPECT_EQ(V(clk_put(d)), 0);
	EXPECT_EQ(V(clk_put(d)), -VCLK_EINVAL);
	locks_free();
}

struct reenter {
	struct notifier_block nb;
	struct clk *clk;
	int prepare_depth, enable_depth, calls;
	unsigned long rate_seen;
	int prepare_ret;
};

static int reenter_call(struct notifier_block *nb, unsigned long event, void *data)
{
	struct reenter *r = (struct reenter *)nb;

	(void)data;
	if (event != PRE_RATE_CHANGE)
		return NOTIFY_DONE;
	r->calls++;
	r->prepare_depth = vclk_prepare_lock_held();
	r->enable_depth = vclk_enable_lock_held();
	/* both locks are recursive: this must not deadlock */
	r->rate_seen = clk_get_rate(r->clk);
	r->prepare_ret = clk_prepare(r->clk);
	return NOTIFY_OK;
}

/* a notifier runs with both locks held, and may call back in */
static void notifier_reenters_under_recursive_locks(void)
{
	struct clk *d = rec_tree();
	struct reenter r = { .nb = { .notifier_call = reenter_call } };

	ASSERT_TRUE(d != NULL);
	r.clk = d;
	ASSERT_EQ(V(clk_notifier_register(d, &r.nb)), 0);
	ASSERT_EQ(V(clk_set_rate(d, 25000000)), 0);
	EXPECT_EQ(r.calls, 1);
	EXPECT_EQ(r.prepare_depth, 1);
	EXPECT_EQ(r.enable_depth, 1);
	EXPECT_EQ(r.rate_seen, 100000000);
	EXPECT_EQ(r.prepare_ret, -VCLK_EDEADLK);
	EXPECT_EQ(vt_pc("D"), 0);
	EXPECT_EQ(vt_rate("D"), 25000000);
	locks_free();
	EXPECT_EQ(V(clk_notifier_unregister(d, &r.nb)), 0);
}

/* the run-time check can fail: a body called without its locks aborts */
static void op_without_locks_is_caught(void)
{
	struct clk *d = rec_tree();
	int status;
	pid_t pid;

	ASSERT_TRUE(d != NULL);
	fflush(NULL);
	pid = fork();
	ASSERT_TRUE(pid >= 0);
	if (pid == 0) {
		/* no stderr noise in the test log: the parent checks the signal */
		if (!freopen("/dev/null", "w", stderr))
			_exit(3);
		(void)clk_prepare_nolock(d);
		_exit(0);		/* not reached when the check works */
	}
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	/* the locked call on the same clock is fine */
	EXPECT_EQ(V(clk_prepare(d)), 0);
	EXPECT_EQ(vt_pc("D"), 1);
}

const struct vt_test vt_tests_lock[] = {
	VT_TEST(ops_run_under_the_documented_locks),
	VT_TEST(failed_calls_give_the_locks_back),
	VT_TEST(notifier_reenters_under_recursive_locks),
	VT_TEST(op_without_locks_is_caught),
	{ NULL, NULL }
};
