/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_rollback.c - every failure rolls back.
 *
 * The exhaustive driver runs a scenario once cleanly and counts how often
 * each fake clock's fallible ops (prepare, enable, set_parent) are called.
 * Then, for every clock, every such op and every call k, it rebuilds the
 * scenario, makes the k-th call fail and checks: the error comes back,
 * the complete state (every core array, every handle, every fake hardware
 * bit) equals the state before the call, the invariant holds, and doing
 * the call again (no fault) succeeds with exactly the clean run's state.
 *
 * Then a seeded random walk over the whole API with random faults,
 * checked against a model of every handle's references.
 */
#include <stdio.h>
#include "tharness.h"

static struct clk *g_h, *g_h2, *g_mux;
static struct fake_clk *g_new;

/* ==================== scenario trees ==================== */

/* A 1 GHz -> B /2 -> C /2 -> D /2; g_h on D */
static int chain4(void)
{
	if (fake_root("A", 1000000000) != 0 || fake_div("B", "A", 2) != 1 ||
	    fake_div("C", "B", 2) != 2 || fake_div("D", "C", 2) != 3)
		return -1;
	g_h = clk_get("dev", "D");
	return g_h ? 0 : -1;
}

static int s_chain4(void)
{
	return chain4();
}

static int s_chain4_prepared(void)
{
	return chain4() || clk_prepare(g_h);
}

static int s_chain4_b_enabled(void)
{
	if (chain4())
		return -1;
	g_h2 = clk_get("other", "B");
	return !g_h2 || clk_prepare_enable(g_h2);
}

static int s_chain4_b_prepared_d_prepared(void)
{
	if (chain4())
		return -1;
	g_h2 = clk_get("other", "B");
	return !g_h2 || clk_prepare(g_h2) || clk_prepare(g_h);
}

/* A -> B -> {C, D}; C enabled; g_h on D */
static int s_siblings(void)
{
	struct clk *c;

	if (fake_root("A", 1000) < 0 || fake_div("B", "A", 1) < 0 ||
	    fake_div("C", "B", 1) < 0 || fake_div("D", "B", 1) < 0)
		return -1;
	c = clk_get(NULL, "C");
	g_h = clk_get(NULL, "D");
	return !c || !g_h || clk_prepare_enable(c);
}

/*
 * R1 -> X1;  R2 -> Y1 -> Y2;  mux M over {X1, Y2} at X1;  K = M / 2,
 * N = K / 3.  g_h on N, g_mux on M.
 */
static int reparent_tree(void)
{
	static const char *const in[2] = { "X1", "Y2" };

	if (fake_root("R1", 24000000) < 0 || fake_div("X1", "R1", 1) < 0 ||
	    fake_root("R2", 600000000) < 0 || fake_div("Y1", "R2", 2) < 0 ||
	    fake_div("Y2", "Y1", 3) < 0 || fake_mux("M", 2, in, 0, 1) < 0 ||
	    fake_div("K", "M", 2) < 0 || fake_div("N", "K", 3) < 0)
		return -1;
	g_h = clk_get(NULL, "N");
	g_mux = clk_get(NULL, "M");
	return (g_h && g_mux) ? 0 : -1;
}

static int s_reparent_unprepared(void)
{
	return reparent_tree();
}

static int s_reparent_prepared(void)
{
	return reparent_tree() || clk_prepare(g_h);
}

static int s_reparent_enabled(void)
{
	return reparent_tree() || clk_prepare_enable(g_h);
}

static int s_reparent_y1_held(void)
{
	if (reparent_tree() || clk_prepare_enable(g_h))
		return -1;
	g_h2 = clk_get(NULL, "Y1");
	return !g_h2 || clk_prepare_enable(g_h2);
}

/* R -> S -> T registered; g_new: critical V under T, to register */
static int s_critical_chain(void)
{
	static const char *const in[1] = { "T" };

	if (fake_root("R", 1000000) < 0 || fake_div("S", "R", 2) < 0 ||
	    fake_div("T", "S", 5) < 0)
		return -1;
	g_new = fake_new("V");
	if (!g_new)
		return -1;
	fake_set_parents(g_new, 1, in);
	g_new->flags = CLK_IS_CRITICAL;
	return 0;
}

static int s_critical_chain_s_held(void)
{
	if (s_critical_chain())
		return -1;
	g_h2 = clk_get(NULL, "S");
	return !g_h2 || clk_prepare_enable(g_h2);
}

/* a critical orphan: its parent never registered */
static int s_critical_orphan(void)
{
	static const char *const in[1] = { "nowhere" };

	if (fake_root("R", 1000000) < 0)
		return -1;
	g_new = fake_new("V");
	if (!g_new)
		return -1;
	fake_set_parents(g_new, 1, in);
	g_new->flags = CLK_IS_CRITICAL;
	return 0;
}

/* ---- actions ---- */

static int a_prepare(void) { return clk_prepare(g_h); }
static int a_enable(void) { return clk_enable(g_h); }
static int a_prepare_enable(void) { return clk_prepare_enable(g_h); }
static int a_set_parent_y2(void) { return clk_set_parent(g_mux, vt_provider("Y2")); }
static int a_register_new(void)
{
	int id = fake_register(g_new);

	return id >= 0 ? 0 : id;
}

struct scenario {
	const char *name;
	int (*setup)(void);
	int (*action)(void);
	int min_points;		/* fault points the scenario must offer */
};

/* ==================== the exhaustive driver ==================== */

#define NR_FALLIBLE 4
static const enum fake_op fallible[NR_FALLIBLE] = {
	FAKE_PREPARE, FAKE_ENABLE, FAKE_SET_PARENT, FAKE_SET_RATE
};

static int do_action(const struct scenario *s)
{
	return s->action();
}

static void run_exhaustive(const struct scenario *s)
{
	static struct vt_snapshot ok_state, before, now;
	static unsigned int calls[FAKE_MAX_CLOCKS][NR_FALLIBLE];
	char msg[256];
	int nfakes, points = 0, r;

	vt_begin();
	if (s->setup()) {
		vt_fail(__FILE__, __LINE__, "%s: setup failed", s->name);
		return;
	}
	vt_check(__FILE__, __LINE__, "setup");
	fake_clear_calls();
	fake_log_clear();
	r = V(do_action(s));
	if (r != 0) {
		vt_fail(__FILE__, __LINE__, "%s: clean run: expected 0 got %d (log: %s)",
			s->name, r, fake_log_str());
		return;
	}
	vt_snapshot(&ok_state);
	nfakes = fake_count();
	for (int i = 0; i < nfakes; i++)
		for (int o = 0; o < NR_FALLIBLE; o++)
			calls[i][o] = fake_at(i)->calls[fallible[o]];

	for (int i = 0; i < nfakes; i++) {
		for (int o = 0; o < NR_FALLIBLE; o++) {
			for (unsigned int k = 1; k <= calls[i][o]; k++) {
				char what[160];
				struct fake_clk *f;

				vt_begin();
				if (s->setup()) {
					vt_fail(__FILE__, __LINE__, "%s: setup failed", s->name);
					return;
				}
				f = fake_at(i);
				snprintf(what, sizeof(what), "%s, call %u of %s %s fails",
					 s->name, k, fake_op_name(fallible[o]), f->name);
				vt_snapshot(&before);
				fake_log_clear();
				fake_fail(f, fallible[o], (int)k, -VCLK_EIO);
				r = do_action(s);
				vt_check(__FILE__, __LINE__, what);
				if (r != -VCLK_EIO)
					vt_fail(__FILE__, __LINE__, "%s: expected %d got %d (log: %s)",
						what, -VCLK_EIO, r, fake_log_str());
				if (fake_pending_faults())
					vt_fail(__FILE__, __LINE__, "%s: the fault never fired (log: %s)",
						what, fake_log_str());
				vt_snapshot(&now);
				if (vt_snapshot_diff(&before, &now, 0, msg, sizeof(msg)))
					vt_fail(__FILE__, __LINE__,
						"%s: expected state unchanged got %s (log: %s)",
						what, msg, fake_log_str());
				/* a failure leaves nothing behind: the retry is the clean run */
				fake_clear_faults();
				r = do_action(s);
				vt_check(__FILE__, __LINE__, what);
				if (r != 0)
					vt_fail(__FILE__, __LINE__, "%s, then retried: expected 0 got %d",
						what, r);
				vt_snapshot(&now);
				if (vt_snapshot_diff(&ok_state, &now, 0, msg, sizeof(msg)))
					vt_fail(__FILE__, __LINE__,
						"%s, then retried: expected the clean run's state got %s",
						what, msg);
				points++;
				if (vt_failures > 20)
					return;
			}
		}
	}
	if (points < s->min_points)
		vt_fail(__FILE__, __LINE__, "%s: expected at least %d fault points got %d",
			s->name, s->min_points, points);
}

/*
 * The seed documentation's tree: A a synth in [100, 300] MHz at 200, B = A
 * / 1..2 at 100, C = B / 1..2 at 100, B and C CLK_SET_RATE_PARENT; D = C
 * / 1 follows C; E = A / 4 follows A.  g_h on C.
 */
static int abc(const struct vclk_ops *ops)
{
	if (fake_synth("A", 100000000, 300000000, 200000000, 0) != 0 ||
	    fake_rate_div("B", "A", 2, 2, CLK_SET_RATE_PARENT) != 1 ||
	    fake_rate_div("C", "B", 2, 1, CLK_SET_RATE_PARENT) != 2 ||
	    fake_div("D", "C", 1) != 3 || fake_div("E", "A", 4) != 4)
		return -1;
	for (int i = 0; i < 3; i++)
		fake_at(i)->ops = ops;
	g_h = clk_get("dev", "C");
	return g_h ? 0 : -1;
}

static int s_abc(void)
{
	return abc(&fake_ops_rate);
}

static int s_abc_nosave(void)
{
	return abc(&fake_ops_rate_nosave);
}

static int s_abc_enabled(void)
{
	return abc(&fake_ops_rate) || clk_prepare_enable(g_h);
}

static int a_set_rate_26m(void)
{
	return clk_set_rate(g_h, 26000000);
}

static int a_set_range_26m(void)
{
	return clk_set_rate_range(g_h, 20000000, 26000000);
}

#define SCENARIO_TEST(fn, setup_, action_, min_)				\
	static void fn(void)						\
	{								\
		static const struct scenario s = {			\
			#fn, setup_, action_, min_			\
		};							\
		run_exhaustive(&s);					\
	}

SCENARIO_TEST(rollback_chain4_prepare, s_chain4, a_prepare, 4)
SCENARIO_TEST(rollback_chain4_prepare_enable, s_chain4, a_prepare_enable, 8)
SCENARIO_TEST(rollback_chain4_enable, s_chain4_prepared, a_enable, 4)
SCENARIO_TEST(rollback_chain4_b_held_prepare_enable, s_chain4_b_enabled, a_prepare_enable, 4)
SCENARIO_TEST(rollback_chain4_b_prepared_enable, s_chain4_b_prepared_d_prepared, a_enable, 4)
SCENARIO_TEST(rollback_sibling_prepare_enable, s_siblings, a_prepare_enable, 2)
SCENARIO_TEST(rollback_set_parent_unprepared, s_reparent_unprepared, a_set_parent_y2, 1)
SCENARIO_TEST(rollback_set_parent_prepared, s_reparent_prepared, a_set_parent_y2, 4)
SCENARIO_TEST(rollback_set_parent_enabled, s_reparent_enabled, a_set_parent_y2, 7)
SCENARIO_TEST(rollback_set_parent_partly_held, s_reparent_y1_held, a_set_parent_y2, 3)
SCENARIO_TEST(rollback_critical_register_chain, s_critical_chain, a_register_new, 8)
SCENARIO_TEST(rollback_critical_register_held_chain, s_critical_chain_s_held, a_register_new, 4)
SCENARIO_TEST(rollback_critical_register_orphan, s_critical_orphan, a_register_new, 2)
SCENARIO_TEST(rollback_set_rate_abc, s_abc, a_set_rate_26m, 3)
SCENARIO_TEST(rollback_set_rate_abc_without_save_ops, s_abc_nosave, a_set_rate_26m, 3)
SCENARIO_TEST(rollback_set_rate_abc_enabled, s_abc_enabled, a_set_rate_26m, 3)
SCENARIO_TEST(rollback_set_rate_range_abc, s_abc, a_set_range_26m, 3)

/* ==================== error values ==================== */

static void provider_errno_passed_through(void)
{
	struct clk *h;

	ASSERT_EQ(V(chain4()), 0);
	h = g_h;
	fake_fail(fake_find("B"), FAKE_PREPARE, 1, -VCLK_ETIMEDOUT);
	EXPECT_EQ(V(clk_prepare(h)), -VCLK_ETIMEDOUT);
	fake_fail(fake_find("C"), FAKE_PREPARE, 1, -VCLK_MAX_ERRNO);
	EXPECT_EQ(V(clk_prepare(h)), -VCLK_MAX_ERRNO);
	EXPECT_EQ(V(clk_prepare(h)), 0);
	fake_fail(fake_find("A"), FAKE_ENABLE, 1, -VCLK_EBUSY);
	EXPECT_EQ(V(clk_enable(h)), -VCLK_EBUSY);
	EXPECT_EQ(vt_ec("A"), 0);
}

static void provider_bad_return_values_clamped(void)
{
	struct clk *h;
	struct vt_snapshot before;
	const int raw[3] = { 1, 4096, -(VCLK_MAX_ERRNO + 1) };

	ASSERT_EQ(V(chain4()), 0);
	h = g_h;
	for (int i = 0; i < 3; i++) {
		vt_snapshot(&before);
		fake_raw_ret(fake_find("C"), FAKE_PREPARE, raw[i]);
		EXPECT_EQ(V(clk_prepare(h)), -VCLK_EIO);
		EXPECT_UNCHANGED_SINCE(&before, 0);
	}
	EXPECT_EQ(V(clk_prepare(h)), 0);
	vt_snapshot(&before);
	fake_raw_ret(fake_find("D"), FAKE_ENABLE, 77);
	EXPECT_EQ(V(clk_enable(h)), -VCLK_EIO);
	EXPECT_UNCHANGED_SINCE(&before, 0);
}

static void failed_prepare_enable_undoes_prepare(void)
{
	struct vt_snapshot before;

	ASSERT_EQ(V(chain4()), 0);
	vt_snapshot(&before);
	fake_log_clear();
	fake_fail(fake_find("C"), FAKE_ENABLE, 1, -VCLK_EIO);
	EXPECT_EQ(V(clk_prepare_enable(g_h)), -VCLK_EIO);
	EXPECT_UNCHANGED_SINCE(&before, 0);
	EXPECT_LOG("prepare A, prepare B, prepare C, prepare D, enable A, enable B, "
		   "enable C FAIL, disable B, disable A, "
		   "unprepare D, unprepare C, unprepare B, unprepare A");
}

static void failed_prepare_unwinds_in_reverse(void)
{
	ASSERT_EQ(V(chain4()), 0);
	fake_fail(fake_find("D"), FAKE_PREPARE, 1, -VCLK_EIO);
	EXPECT_EQ(V(clk_prepare(g_h)), -VCLK_EIO);
	EXPECT_LOG("prepare A, prepare B, prepare C, prepare D FAIL, "
		   "unprepare C, unprepare B, unprepare A");
}

/* ==================== random walk against a model ==================== */

#define NR_RH 12

struct model_handle {
	struct clk *clk;
	uint32_t prepares, enables;
};

static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(rng_state >> 33) % n;
}

static const char *const rclocks[] = {
	"R0", "R1", "A", "B", "C", "G", "H", "M", "K", "L", "M2", "N",
};
#define NR_RCLOCKS ((int)(sizeof(rclocks) / sizeof(rclocks[0])))

static int random_tree(void)
{
	static const char *const m_in[3] = { "A", "R1", "N" };
	static const char *const m2_in[2] = { "R0", "K" };
	static const char *const g_in[1] = { "B" };
	struct vclk_init_data init;
	struct fake_clk *f;

	if (fake_root("R0", 100000000) < 0 || fake_root("R1", 50000000) < 0 ||
	    fake_div("A", "R0", 2) < 0 || fake_div("B", "A", 2) < 0 ||
	    fake_div("C", "B", 5) < 0)
		return -1;
	memset(&init, 0, sizeof(init));
	init.name = "G";		/* logical: no ops */
	init.parent_names = g_in;
	init.num_parents = 1;
	if (vclk_register(&init) < 0 || fake_div("H", "G", 3) < 0 ||
	    fake_mux("M", 3, m_in, 0, 1) < 0 || fake_div("K", "M", 2) < 0 ||
	    fake_div("L", "K", 3) < 0)
		return -1;
	f = fake_new("M2");
	if (!f)
		return -1;
	fake_set_parents(f, 2, m2_in);
	f->flags = CLK_SET_PARENT_GATE;
	if (fake_register(f) < 0 || fake_div("N", "M2", 1) < 0)
		return -1;
	return 0;
}

static bool is_ancestor_or_self(int a, int x)
{
	for (int steps = 0; x != VCLK_NONE && steps <= VCLK_MAX_CLOCKS; steps++) {
		if (x == a)
			return true;
		x = vclk_parent[x];
	}
	return false;
}

static bool is_input(int c, int p)
{
	for (int k = 0; k < vclk_nr_parents[c]; k++)
		if (vclk_parent_ids[VCLK_INPUT(c, k)] == p)
			return true;
	return false;
}

static void random_walk(uint64_t seed, int steps)
{
	static struct vt_snapshot before, after;
	struct model_handle mh[NR_RH];
	char msg[256];

	rng_state = seed;
	vt_begin();
	ASSERT_EQ(V(random_tree()), 0);
	for (int i = 0; i < NR_RH; i++) {
		mh[i].clk = vt_get(rclocks[rnd(NR_RCLOCKS)]);
		ASSERT_NOT_NULL(mh[i].clk);
		mh[i].prepares = mh[i].enables = 0;
	}

	for (int step = 0; step < steps && vt_failures < 10; step++) {
		struct model_handle *m = &mh[rnd(NR_RH)];
		int op = (int)rnd(9), r, want;
		unsigned int fired0;
		bool fired, err_ok;
		char what[160];

		fake_clear_faults();
		if (rnd(4) == 0) {
			struct fake_clk *f = fake_at((int)rnd((uint32_t)fake_count()));

			fake_fail(f, fallible[rnd(3)], 1 + (int)rnd(2), -VCLK_EIO);
		}
		fired0 = fake_total_faults_fired();
		vt_snapshot(&before);
		snprintf(what, sizeof(what), "seed %llu step %d op %d on %s",
			 (unsigned long long)seed, step, op,
			 vclk_clock_name(vclk_clock_id(m->clk)));

		switch (op) {
		case 0:
			r = V(clk_prepare(m->clk));
			fired = fake_total_faults_fired() != fired0;
			if (r == 0 && !fired) {
				m->prepares++;
			} else if (!(r == -VCLK_EIO && fired)) {
				vt_fail(__FILE__, __LINE__, "%s: clk_prepare: got %d, fault fired %d",
					what, r, fired);
			}
			break;
		case 1:
			r = V(clk_enable(m->clk));
			fired = fake_total_faults_fired() != fired0;
			if (m->prepares == 0)
				err_ok = r == -VCLK_ESHUTDOWN && !fired;
			else
				err_ok = (r == 0 && !fired) || (r == -VCLK_EIO && fired);
			if (!err_ok)
				vt_fail(__FILE__, __LINE__, "%s: clk_enable (holds %u/%u): got %d, fault fired %d",
					what, m->prepares, m->enables, r, fired);
			if (r == 0)
				m->enables++;
			break;
		case 2:
			r = V(vclk_unprepare(m->clk));
			want = m->prepares == 0 ? -VCLK_EINVAL :
			       (m->prepares == 1 && m->enables) ? -VCLK_EBUSY : 0;
			if (r != want)
				vt_fail(__FILE__, __LINE__, "%s: vclk_unprepare (holds %u/%u): expected %d got %d",
					what, m->prepares, m->enables, want, r);
			if (r == 0)
				m->prepares--;
			break;
		case 3:
			r = V(vclk_disable(m->clk));
			want = m->enables == 0 ? -VCLK_EINVAL : 0;
			if (r != want)
				vt_fail(__FILE__, __LINE__, "%s: vclk_disable (holds %u/%u): expected %d got %d",
					what, m->prepares, m->enables, want, r);
			if (r == 0)
				m->enables--;
			break;
		case 4:
			r = V(clk_prepare_enable(m->clk));
			fired = fake_total_faults_fired() != fired0;
			if (r == 0 && !fired) {
				m->prepares++;
				m->enables++;
			} else if (!(r == -VCLK_EIO && fired)) {
				vt_fail(__FILE__, __LINE__, "%s: clk_prepare_enable: got %d, fault fired %d",
					what, r, fired);
			}
			break;
		case 5:
			r = V(vclk_disable_unprepare(m->clk));
			if (m->enables == 0 || m->prepares == 0)
				err_ok = r == -VCLK_EINVAL;
			else if (m->prepares == 1 && m->enables > 1)
				err_ok = r == -VCLK_EINVAL || r == -VCLK_EBUSY;
			else
				err_ok = r == 0;
			if (!err_ok)
				vt_fail(__FILE__, __LINE__, "%s: vclk_disable_unprepare (holds %u/%u): got %d",
					what, m->prepares, m->enables, r);
			if (r == 0) {
				m->prepares--;
				m->enables--;
			}
			break;
		case 6:
		case 7: {
			/* switch a mux to a random clock (input or not) */
			int c = vt_id(rnd(2) ? "M" : "M2");
			int p = (int)rnd((uint32_t)vclk_clock_count() + 1) - 1;
			struct clk *ph = p < 0 ? NULL : vclk_clock_handle(p);
			bool inval = p < 0 || !is_input(c, p) || is_ancestor_or_self(c, p);
			bool same = p >= 0 && vclk_parent[c] == p;
			bool busy = (vclk_flags[c] & CLK_SET_PARENT_GATE) &&
				    vclk_prepare_count[c] > 0;
			int old_parent = vclk_parent[c];

			snprintf(what + strlen(what), sizeof(what) - strlen(what),
				 ": set_parent %s -> %s", vclk_clock_name(c),
				 p < 0 ? "NULL" : vclk_clock_name(p));
			r = V(clk_set_parent(vclk_clock_handle(c), ph));
			fired = fake_total_faults_fired() != fired0;
			if (inval)
				err_ok = r == -VCLK_EINVAL || (busy && r == -VCLK_EBUSY);
			else if (same)
				err_ok = r == 0 || (busy && r == -VCLK_EBUSY);
			else if (busy)
				err_ok = r == -VCLK_EBUSY;
			else
				err_ok = (r == 0 && !fired) || (r == -VCLK_EIO && fired);
			if (!err_ok)
				vt_fail(__FILE__, __LINE__, "%s: got %d (inval %d same %d busy %d fired %d)",
					what, r, inval, same, busy, fired);
			if (r == 0 && vclk_parent[c] != p)
				vt_fail(__FILE__, __LINE__, "%s: returned 0 but parent is %d",
					what, vclk_parent[c]);
			if (r != 0 && vclk_parent[c] != old_parent)
				vt_fail(__FILE__, __LINE__, "%s: failed but parent moved", what);
			break;
		}
		case 8:
			/* trade an idle handle for one on another clock */
			if (m->prepares == 0) {
				r = V(clk_put(m->clk));
				if (r != 0)
					vt_fail(__FILE__, __LINE__, "%s: clk_put of idle handle: got %d",
						what, r);
				m->clk = vt_get(rclocks[rnd(NR_RCLOCKS)]);
				ASSERT_NOT_NULL(m->clk);
				continue;	/* the state changed on purpose */
			}
			r = V(clk_put(m->clk));
			if (r != -VCLK_EBUSY)
				vt_fail(__FILE__, __LINE__, "%s: clk_put of busy handle: expected %d got %d",
					what, -VCLK_EBUSY, r);
			break;
		default:
			r = 0;
			break;
		}
		/* the handle's references are what the model says */
		{
			int slot = vt_handle_slot(m->clk);

			if (slot < 0 || vclk_handle_prepares[slot] != m->prepares ||
			    vclk_handle_enables[slot] != m->enables)
				vt_fail(__FILE__, __LINE__, "%s: handle holds %u/%u, model %u/%u",
					what, slot < 0 ? 0 : vclk_handle_prepares[slot],
					slot < 0 ? 0 : vclk_handle_enables[slot],
					m->prepares, m->enables);
		}
		if (r != 0) {
			vt_snapshot(&after);
			if (vt_snapshot_diff(&before, &after, VT_IGNORE_MISUSE, msg, sizeof(msg)))
				vt_fail(__FILE__, __LINE__, "%s: returned %d but state changed: %s",
					what, r, msg);
		}
	}

	/* release everything: the tree must come down to nothing */
	fake_clear_faults();
	for (int i = 0; i < NR_RH; i++) {
		while (mh[i].enables) {
			ASSERT_EQ(V(vclk_disable(mh[i].clk)), 0);
			mh[i].enables--;
		}
		while (mh[i].prepares) {
			ASSERT_EQ(V(vclk_unprepare(mh[i].clk)), 0);
			mh[i].prepares--;
		}
		ASSERT_EQ(V(clk_put(mh[i].clk)), 0);
	}
	for (int c = 0; c < vclk_clock_count(); c++) {
		EXPECT_EQ(vclk_prepare_count[c], 0);
		EXPECT_EQ(vclk_enable_count[c], 0);
	}
	for (int i = 0; i < fake_count(); i++) {
		EXPECT_FALSE(fake_at(i)->hw_prepared);
		EXPECT_FALSE(fake_at(i)->hw_enabled);
	}
}

static void random_api_walk_seed1(void) { random_walk(1, 4000); }
static void random_api_walk_seed2(void) { random_walk(0xdeadbeefULL, 4000); }
static void random_api_walk_seed3(void) { random_walk(20260101ULL, 4000); }
static void random_api_walk_seed4(void) { random_walk(77777ULL, 4000); }

const struct vt_test vt_tests_rollback[] = {
	VT_TEST(rollback_chain4_prepare),
	VT_TEST(rollback_chain4_prepare_enable),
	VT_TEST(rollback_chain4_enable),
	VT_TEST(rollback_chain4_b_held_prepare_enable),
	VT_TEST(rollback_chain4_b_prepared_enable),
	VT_TEST(rollback_sibling_prepare_enable),
	VT_TEST(rollback_set_parent_unprepared),
	VT_TEST(rollback_set_parent_prepared),
	VT_TEST(rollback_set_parent_enabled),
	VT_TEST(rollback_set_parent_partly_held),
	VT_TEST(rollback_critical_register_chain),
	VT_TEST(rollback_critical_register_held_chain),
	VT_TEST(rollback_critical_register_orphan),
	VT_TEST(rollback_set_rate_abc),
	VT_TEST(rollback_set_rate_abc_without_save_ops),
	VT_TEST(rollback_set_rate_abc_enabled),
	VT_TEST(rollback_set_rate_range_abc),
	VT_TEST(provider_errno_passed_through),
	VT_TEST(provider_bad_return_values_clamped),
	VT_TEST(failed_prepare_enable_undoes_prepare),
	VT_TEST(failed_prepare_unwinds_in_reverse),
	VT_TEST(random_api_walk_seed1),
	VT_TEST(random_api_walk_seed2),
	VT_TEST(random_api_walk_seed3),
	VT_TEST(random_api_walk_seed4),
	{ NULL, NULL }
};
