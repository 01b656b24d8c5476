/* SPDX-License-Identifier: MIT */
/*
 * harness/fuzz/model.c - the reference model of the fuzz harness.
 *
 * Written from the documentation, not from core/: the consumer API's
 * kerneldoc (core/vclk.h), the README's list of differences from Linux
 * (per-handle balance, prepare before enable, reference migration on
 * reparent, rate changes planned whole and rolled back, ranges per
 * handle, exclusive rates held per handle, bulk calls all or nothing),
 * the types' semantics (platform/clk_basic.h) and the tool's
 * (harness/tool/tree.h, the README's script table).  Recursion stands in
 * for the core's bounded loops, plain 128-bit products for its careful
 * overflow checks and brute-force enumeration of every field value for
 * its divider arithmetic: a mistake in one is unlikely to be repeated in
 * the other.
 *
 * Register faults: only registers without a divider field are faulted
 * (fz_tree.reg_faultable).  A divider's recalc_rate cannot report a
 * failed read (it answers 0, platform/clk_basic.c), so a faulted divider
 * register would change cached rates by design, not by defect; gates and
 * muxes have an error path (enable, set_parent) or a documented silent
 * one (disable keeps the bit, is_enabled reads "off").
 *
 * Known library defects: none is skipped at the moment (model_op() never
 * returns false).  MODEL_PUT_BUSY_WHILE_NOTIFIED in fz.h keeps a model of
 * a fixed one for the checker's self-test.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fz.h"

/* the Linux errno values the API documents (core/vclk_errno.h lists them) */
#define E_NOENT    2
#define E_IO       5
#define E_NOMEM   12
#define E_BUSY    16
#define E_EXIST   17
#define E_INVAL   22
#define E_OVERFLOW 75
#define E_SHUTDOWN 108

#define EV_PRE   1UL
#define EV_POST  2UL
#define EV_ABORT 4UL

typedef unsigned __int128 u128;

struct m_clock {
	int parent;		/* -1 root or orphan */
	int pidx;		/* selected input, -1: none the hardware names */
	int ids[FZ_MAX_PARENTS];/* inputs registered so far, -1 not yet */
	uint32_t pc, ec;
	unsigned long rate;
	unsigned long synth;	/* a synth's programmed rate */
	bool critical;
	int ndl;		/* dividers in candidate order */
	unsigned long long dl[64];
	int nds;		/* valid dividers, ascending, distinct */
	unsigned long long ds[256];
};

struct m_ref {
	bool used;
	int gen;		/* handles this reference has taken */
	uint32_t prep, en, misuse;
	unsigned long min, max;
	uint32_t excl;		/* exclusivity references (clk_rate_exclusive_get) */
};

struct m_watcher {
	int ref;
	int gen;		/* the handle it was registered through */
	bool veto;
	bool registered;
};

static const struct fz_tree *T;
static int nclk;
static struct m_clock C[FZ_MAX_CLOCKS];
static uint32_t R[FZ_MAX_REGS];
static bool faulted[FZ_MAX_REGS];
static int nr_faults;
static struct m_ref refs[FZ_MAX_REFS];
static struct m_watcher W[FZ_MAX_WATCHERS];
static int nr_watchers;
static int slot_w[FZ_NB_SLOTS];
static int slot_clock[FZ_NB_SLOTS];
static int armed[FZ_MAX_CLOCKS][FZ_NR_FOPS][FZ_MAX_ARMED];
static unsigned long req_rate[FZ_MAX_CLOCKS];
static bool req_set[FZ_MAX_CLOCKS];
static struct fz_event *evs;
static int *nevs;

/* ==================== registers and fields ==================== */

uint32_t model_field(const struct fz_tree *t, int i, uint32_t regval)
{
	const struct fz_clock *c = &t->c[i];
	uint32_t mask = c->width >= 32 ? UINT32_MAX : (1u << c->width) - 1;

	return (regval >> c->shift) & mask;
}

bool model_gate_on(const struct fz_tree *t, int i, uint32_t regval)
{
	const struct fz_clock *c = &t->c[i];
	bool bit = (regval >> c->shift) & 1u;

	return bit != c->set_to_disable;
}

static void set_field(int i, uint32_t val)
{
	const struct fz_clock *c = &T->c[i];
	uint32_t mask = ((c->width >= 32 ? UINT32_MAX : (1u << c->width) - 1))
			<< c->shift;

	R[c->reg] = (R[c->reg] & ~mask) | ((val << c->shift) & mask);
}

static void set_gate(int i, bool on)
{
	set_field(i, on != T->c[i].set_to_disable);
}

/* ==================== the types' arithmetic ==================== */

/* the divider field value @v selects, 0 for none (clk_basic.h) */
static unsigned long long div_decode(const struct fz_clock *c, uint32_t v)
{
	switch (c->dkind) {
	case FZ_DIV_PLAIN:
		return (unsigned long long)v + 1;
	case FZ_DIV_ONE:
		return v;
	case FZ_DIV_ONE_ZERO:
		return v ? v : 1;
	case FZ_DIV_POW2:
		return v <= 63 ? 1ULL << v : 0;
	case FZ_DIV_TABLE:
		for (int k = 0; k < c->table_len; k++)
			if (c->tval[k] == v)
				return c->tdiv[k];
		return 0;
	default:
		return 0;
	}
}

/* the field value that programs divider @d: the encoding clk_basic.h
 * documents; a table's first entry for @d */
static uint32_t div_encode(const struct fz_clock *c, unsigned long long d)
{
	switch (c->dkind) {
	case FZ_DIV_PLAIN:
		return (uint32_t)(d - 1);
	case FZ_DIV_ONE:
	case FZ_DIV_ONE_ZERO:
		return (uint32_t)d;
	case FZ_DIV_POW2:
		for (uint32_t v = 0; v < 64; v++)
			if ((1ULL << v) == d)
				return v;
		return 0;
	default:
		for (int k = 0; k < c->table_len; k++)
			if (c->tdiv[k] == d)
				return c->tval[k];
		return 0;
	}
}

static unsigned long ceil_div(unsigned long n, unsigned long long d)
{
	return (unsigned long)(n / d + (n % d != 0));
}

static unsigned long sat(u128 x)
{
	return x > ULONG_MAX ? ULONG_MAX : (unsigned long)x;
}

unsigned long model_recalc(const struct fz_tree *t, int i,
			   unsigned long parent_rate, uint32_t field,
			   unsigned long synth_rate)
{
	const struct fz_clock *c = &t->c[i];
	unsigned long long d;

	switch (c->type) {
	case FZ_FIXED:
		return c->rate;
	case FZ_SYNTH:
		return synth_rate;
	case FZ_FF:
		return sat((u128)parent_rate * c->mult / c->div);
	case FZ_DIV:
		d = div_decode(c, field);
		return d ? ceil_div(parent_rate, d) : parent_rate;
	default:
		return parent_rate;
	}
}

static unsigned long recalc(int i, unsigned long parent_rate)
{
	uint32_t field = T->c[i].reg >= 0 ? model_field(T, i, R[T->c[i].reg]) : 0;

	return model_recalc(T, i, parent_rate, field, C[i].synth);
}

/* rate without a round_rate op is recalc_rate; a divider's round picks,
 * of every divider, the highest rate at or below @rate (none: the
 * largest divider), or with round-closest the nearest of that and the
 * lowest rate above, a tie going below */
static unsigned long round_op(int i, unsigned long rate, unsigned long prate)
{
	const struct fz_clock *c = &T->c[i];
	struct m_clock *m = &C[i];
	unsigned long long below = 0, above = 0;

	if (c->type == FZ_SYNTH)
		return rate < c->min ? c->min : rate > c->max ? c->max : rate;
	if (c->type != FZ_DIV)
		return recalc(i, prate);
	if (m->nds == 0)
		return prate;
	for (int k = 0; k < m->nds; k++) {
		unsigned long r = ceil_div(prate, m->ds[k]);

		if (r <= rate && (!below || r > ceil_div(prate, below)))
			below = m->ds[k];
		if (r > rate && (!above || r < ceil_div(prate, above)))
			above = m->ds[k];
	}
	if (!c->closest) {
		if (below)
			return ceil_div(prate, below);
		return ceil_div(prate, m->ds[m->nds - 1]);
	}
	if (below && above) {
		unsigned long rb = ceil_div(prate, below);
		unsigned long ra = ceil_div(prate, above);

		return rate - rb <= ra - rate ? rb : ra;
	}
	return ceil_div(prate, below ? below : above);
}

/* the k-th parent rate a set-rate-parent clock asks for, 0: no more */
static unsigned long candidate(int i, unsigned long rate, int k)
{
	const struct fz_clock *c = &T->c[i];
	u128 want;

	switch (c->type) {
	case FZ_FF:
		if (k != 0)
			return 0;
		want = (u128)rate * c->div / c->mult;
		return want > ULONG_MAX ? 0 : (unsigned long)want;
	case FZ_DIV:
		if (k >= C[i].ndl)
			return 0;
		/* 0 Hz is asked as 1 Hz (Linux's clk_divider_bestdiv()) */
		want = (u128)(rate ? rate : 1) * C[i].dl[k];
		return want > ULONG_MAX ? 0 : (unsigned long)want;
	default:
		return k == 0 ? rate : 0;
	}
}

/* ==================== the tree ==================== */

static bool ancestor(int a, int x)
{
	for (int y = C[x].parent; y >= 0; y = C[y].parent)
		if (y == a)
			return true;
	return false;
}

static bool in_subtree(int x, int top)
{
	return x == top || ancestor(top, x);
}

static unsigned long parent_rate(int i)
{
	return C[i].parent >= 0 ? C[C[i].parent].rate : 0;
}

static unsigned long rate_from_parent(int i)
{
	if (C[i].parent >= 0)
		return recalc(i, C[C[i].parent].rate);
	return T->c[i].nparents == 0 ? recalc(i, 0) : 0;
}

/* parents before children: a child reads its parent's fresh rate */
static void recalc_subtree(int c)
{
	C[c].rate = rate_from_parent(c);
	for (int i = 0; i < nclk; i++)
		if (C[i].parent == c)
			recalc_subtree(i);
}

/* ==================== provider ops and injected failures ==================== */

/* one call of @op of clock @i: true when a "fail" countdown reaches it */
static bool injected(int i, enum fz_fop op)
{
	bool fail = false;

	for (int k = 0; k < FZ_MAX_ARMED; k++)
		if (armed[i][op][k] > 0 && --armed[i][op][k] == 0)
			fail = true;
	return fail;
}

static bool reg_faulted(int i)
{
	return T->c[i].reg >= 0 && faulted[T->c[i].reg];
}

static int op_prepare(int i)
{
	return injected(i, FZ_OP_PREPARE) ? -E_IO : 0;
}

static int op_enable(int i)
{
	if (injected(i, FZ_OP_ENABLE))
		return -E_IO;
	if (T->c[i].type != FZ_GATE)
		return 0;
	if (reg_faulted(i))
		return -E_IO;
	set_gate(i, true);
	return 0;
}

/* void in the API: a failed write leaves the gate as it was */
static void op_disable(int i)
{
	if (T->c[i].type == FZ_GATE && !reg_faulted(i))
		set_gate(i, false);
}

static int op_set_parent(int i, int index)
{
	const struct fz_clock *c = &T->c[i];

	if (injected(i, FZ_OP_SET_PARENT))
		return -E_IO;
	if (c->type != FZ_MUX)
		return 0;
	if (reg_faulted(i))
		return -E_IO;
	set_field(i, c->table_len ? c->mux_table[index] : (uint32_t)index);
	return 0;
}

static bool has_set_rate(int i)
{
	return T->c[i].type == FZ_SYNTH || T->c[i].type == FZ_DIV;
}

/* program clock @i for exactly @rate from @prate; the core then checks
 * that the clock reports @rate (-EIO and the old setting otherwise) */
static int op_set_rate(int i, unsigned long rate, unsigned long prate)
{
	const struct fz_clock *c = &T->c[i];

	if (!has_set_rate(i))
		return 0;
	if (injected(i, FZ_OP_SET_RATE))
		return -E_IO;
	if (c->type == FZ_SYNTH) {
		if (rate < c->min || rate > c->max)
			return -E_INVAL;
		C[i].synth = rate;
		return 0;
	}
	for (int k = 0; k < C[i].nds; k++) {
		unsigned long r = ceil_div(prate, C[i].ds[k]);

		if (r <= rate) {
			if (r != rate)
				return -E_INVAL;
			set_field(i, div_encode(c, C[i].ds[k]));
			return 0;
		}
	}
	return -E_INVAL;
}

/* ==================== prepare and enable walks ==================== */

static void unprepare_walk(int c)
{
	if (--C[c].pc == 0 && C[c].parent >= 0)
		unprepare_walk(C[c].parent);
}

static int prepare_walk(int c)
{
	if (C[c].pc == 0) {
		int p = C[c].parent, ret;

		if (p >= 0 && (ret = prepare_walk(p)))
			return ret;
		if ((ret = op_prepare(c))) {
			if (p >= 0)
				unprepare_walk(p);
			return ret;
		}
	}
	C[c].pc++;
	return 0;
}

static void disable_walk(int c)
{
	if (--C[c].ec == 0) {
		op_disable(c);
		if (C[c].parent >= 0)
			disable_walk(C[c].parent);
	}
}

static int enable_walk(int c)
{
	if (C[c].ec == 0) {
		int p = C[c].parent, ret;

		if (p >= 0 && (ret = enable_walk(p)))
			return ret;
		if ((ret = op_enable(c))) {
			if (p >= 0)
				disable_walk(p);
			return ret;
		}
	}
	C[c].ec++;
	return 0;
}

/* the new parent gains @c's references before the switch, the old one
 * loses them after it; a failure undoes what was done (README) */
static int reparent(int c, int np, int index, bool set_hw)
{
	int old = C[c].parent;
	bool prepared = C[c].pc > 0, enabled = C[c].ec > 0;
	int ret;

	if (prepared && (ret = prepare_walk(np)))
		return ret;
	if (enabled && (ret = enable_walk(np))) {
		unprepare_walk(np);
		return ret;
	}
	if (set_hw && (ret = op_set_parent(c, index))) {
		if (enabled)
			disable_walk(np);
		if (prepared)
			unprepare_walk(np);
		return ret;
	}
	C[c].parent = np;
	C[c].pidx = index;
	if (enabled && old >= 0)
		disable_walk(old);
	if (prepared && old >= 0)
		unprepare_walk(old);
	recalc_subtree(c);
	return 0;
}

/* ==================== loading ==================== */

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/* every divider the field can select: by brute force over its values */
static void divider_lists(int i)
{
	const struct fz_clock *c = &T->c[i];
	struct m_clock *m = &C[i];
	uint32_t nvals = c->width >= 8 ? 256 : 1u << c->width;

	m->nds = m->ndl = 0;
	for (uint32_t v = 0; v < nvals; v++) {
		unsigned long long d = div_decode(c, v);
		bool seen = false;

		for (int k = 0; k < m->nds; k++)
			seen |= m->ds[k] == d;
		if (d && !seen)
			m->ds[m->nds++] = d;
	}
	qsort(m->ds, (size_t)m->nds, sizeof(m->ds[0]), cmp_ull);
	/* candidates: ascending, or a table in table order (clk_basic.h) */
	if (c->dkind == FZ_DIV_TABLE) {
		for (int k = 0; k < c->table_len; k++)
			m->dl[m->ndl++] = c->tdiv[k];
	} else {
		for (int k = 0; k < m->nds && k < 64; k++)
			m->dl[m->ndl++] = m->ds[k];
	}
}

/* the input the mux's field selects at registration, -1 for none */
static int mux_index(int i)
{
	const struct fz_clock *c = &T->c[i];
	uint32_t v = model_field(T, i, R[c->reg]);

	if (!c->table_len)
		return v < (uint32_t)c->nparents ? (int)v : -1;
	for (int k = 0; k < c->nparents; k++)
		if (c->mux_table[k] == v)
			return k;
	return -1;
}

void model_load(const struct fz_tree *t)
{
	T = t;
	nclk = 0;
	memset(C, 0, sizeof(C));
	memset(faulted, 0, sizeof(faulted));
	nr_faults = 0;
	memset(refs, 0, sizeof(refs));
	memset(W, 0, sizeof(W));
	nr_watchers = 0;
	memset(armed, 0, sizeof(armed));
	memset(req_rate, 0, sizeof(req_rate));
	memset(req_set, 0, sizeof(req_set));
	for (int s = 0; s < FZ_NB_SLOTS; s++)
		slot_w[s] = slot_clock[s] = -1;
	for (int r = 0; r < t->nregs; r++)
		R[r] = t->reg_init[r];

	for (int i = 0; i < t->n; i++) {
		const struct fz_clock *c = &t->c[i];
		struct m_clock *m = &C[i];

		m->synth = c->rate;
		if (c->type == FZ_DIV)
			divider_lists(i);
		/* inputs by name: only those registered before */
		for (int k = 0; k < c->nparents; k++)
			m->ids[k] = c->parents[k] >= 0 && c->parents[k] < i ?
				    c->parents[k] : -1;
		m->pidx = c->nparents > 1 && c->type == FZ_MUX ? mux_index(i) : 0;
		m->parent = c->nparents > 0 && m->pidx >= 0 ? m->ids[m->pidx] : -1;
		nclk = i + 1;
		m->rate = rate_from_parent(i);
		if (c->flags & FZ_IS_CRITICAL) {
			/* nothing is armed yet: the walks cannot fail */
			prepare_walk(i);
			enable_walk(i);
			m->critical = true;
		}
		/* orphans waiting for this name are adopted, references and all */
		for (int j = 0; j <= i; j++) {
			struct m_clock *o = &C[j];
			int p;

			for (int k = 0; k < t->c[j].nparents; k++)
				if (o->ids[k] < 0 && t->c[j].parents[k] == i)
					o->ids[k] = i;
			if (o->parent >= 0 || t->c[j].nparents == 0 || o->pidx < 0)
				continue;
			p = o->ids[o->pidx];
			if (p < 0 || p == j || ancestor(j, p))
				continue;
			(void)reparent(j, p, o->pidx, false);
		}
	}
}

/* ==================== ranges and rate changes ==================== */

static int ref_clock(int ref)
{
	return ref / FZ_USERS;
}

static unsigned long min_rate(int c)
{
	unsigned long lo = 0;

	for (int r = 0; r < FZ_MAX_REFS; r++)
		if (refs[r].used && ref_clock(r) == c && refs[r].min > lo)
			lo = refs[r].min;
	return lo;
}

static unsigned long max_rate(int c)
{
	unsigned long hi = ULONG_MAX;

	for (int r = 0; r < FZ_MAX_REFS; r++)
		if (refs[r].used && ref_clock(r) == c && refs[r].max < hi)
			hi = refs[r].max;
	return hi;
}

static bool allowed(int c, unsigned long rate)
{
	return rate >= min_rate(c) && rate <= max_rate(c);
}

/* clock @c's rate is held against a call through @ref (core/vclk.h,
 * clk_rate_exclusive_get): a handle on @c or on a clock below it holds
 * exclusivity, and it is another handle, or @ref itself holding it more
 * than once (its holder may move a clock it holds once) */
static bool held_against(int c, int ref)
{
	for (int r = 0; r < FZ_MAX_REFS; r++) {
		uint32_t own = r == ref ? 1 : 0;

		if (refs[r].used && refs[r].excl > own &&
		    in_subtree(ref_clock(r), c))
			return true;
	}
	return false;
}

/* at or below the request, the highest; else the lowest above; with
 * closest, the nearest; what is already best keeps a tie */
static bool improves(unsigned long req, unsigned long now, unsigned long best,
		     bool closest)
{
	if (closest) {
		unsigned long dn = now > req ? now - req : req - now;
		unsigned long db = best > req ? best - req : req - best;

		return dn < db;
	}
	if (best <= req)
		return now <= req && now > best;
	return now < best;
}

struct rounding {
	unsigned long rate;	/* what the clock would run at */
	unsigned long preq;	/* what it asks its parent for */
	unsigned long prate;	/* what the parent would run at */
	int input;		/* the other input it switches to, -1: none */
};

/* whether mux @c may switch to its input @q for a rate: not with
 * no-reparent, not while prepared with set-parent-gate, never to itself
 * or below itself (README, "a mux chooses its input") */
static bool may_switch(int c, int q)
{
	if (T->c[c].nparents < 2 || (T->c[c].flags & FZ_SET_RATE_NO_REPARENT))
		return false;
	if ((T->c[c].flags & FZ_SET_PARENT_GATE) && C[c].pc > 0)
		return false;
	return q >= 0 && q != C[c].parent && q != c && !ancestor(c, q);
}

/* the other inputs at their current rates, each against the best so far:
 * only a strictly better one is taken (the current input keeps a tie) */
static struct rounding other_inputs(int c, unsigned long req,
				    struct rounding best)
{
	for (int k = 0; k < T->c[c].nparents; k++) {
		int q = C[c].ids[k];
		unsigned long now;

		if (!may_switch(c, q))
			continue;
		now = round_op(c, req, C[q].rate);
		if (improves(req, now, best.rate, T->c[c].closest))
			best = (struct rounding){ now, C[q].rate, C[q].rate, k };
	}
	return best;
}

/* the parent's current rate first; a parent-rate candidate is taken only
 * when it does strictly better, so a parent that already gives the
 * request is never moved (Linux's clk_divider_bestdiv()) */
static struct rounding round_clock(int c, unsigned long req)
{
	struct rounding best = { 0, 0, 0, -1 };
	int p = C[c].parent;

	if (p < 0) {
		if (T->c[c].nparents > 0)	/* an orphan runs at nothing */
			return other_inputs(c, req, best);
		best.rate = round_op(c, req, 0);
		return best;
	}
	best = (struct rounding){ round_op(c, req, C[p].rate),
				  C[p].rate, C[p].rate, -1 };
	if (T->c[c].flags & FZ_SET_RATE_PARENT) {
		bool closest = T->c[c].closest;

		/* nothing improves on an exact rate: stop there */
		for (int k = 0; k < FZ_MAX_CANDIDATES && best.rate != req; k++) {
			unsigned long want = candidate(c, req, k);
			unsigned long got, now;

			/* a 0 is a candidate the provider skips (an
			 * overflowing one), not the end: core/vclk_provider.h */
			if (want == 0)
				continue;
			got = round_clock(p, want).rate;
			now = round_op(c, req, got);
			if (improves(req, now, best.rate, closest))
				best = (struct rounding){ now, want, got, -1 };
		}
	}
	return other_inputs(c, req, best);
}

static unsigned long new_rate[FZ_MAX_CLOCKS];
static int path[FZ_MAX_CLOCKS];	/* top of the change first */
static int path_len;
static int new_input;		/* the top's new input, -1: it keeps its own */

/* plan @c for @req; a set-rate-parent clock whose best outcome moves its
 * parent plans the parent first.  Return: the top of the change. */
static int plan(int c, unsigned long req)
{
	struct rounding r = round_clock(c, req);
	int p = C[c].parent, top = c;
	unsigned long now = r.rate;

	/* a switch makes @c the top: nothing above it changes */
	if (r.input >= 0) {
		new_input = r.input;
	} else if (p >= 0 && (T->c[c].flags & FZ_SET_RATE_PARENT) &&
		   r.prate != C[p].rate) {
		top = plan(p, r.preq);
		now = round_op(c, req, new_rate[p]);
	}
	new_rate[c] = now;
	path[path_len++] = c;
	return top;
}

static bool on_path(int x)
{
	for (int k = 0; k < path_len; k++)
		if (path[k] == x)
			return true;
	return false;
}

static void plan_children(int x)
{
	for (int i = 0; i < nclk; i++) {
		if (C[i].parent != x)
			continue;
		if (!on_path(i))
			new_rate[i] = recalc(i, new_rate[x]);
		plan_children(i);
	}
}

static void add_event(int w, unsigned long event, int c)
{
	if (*nevs < FZ_MAX_EVENTS)
		evs[(*nevs)++] = (struct fz_event){ w, event, C[c].rate,
						    new_rate[c] };
}

/* whether notifier slot @s is told of this change: its clock moves */
static bool told(int s, int top)
{
	int c = slot_clock[s];

	return slot_w[s] >= 0 && c >= 0 && in_subtree(c, top) &&
	       new_rate[c] != C[c].rate;
}

static int depth_of(int x)
{
	int d = 0;

	while (C[x].parent >= 0) {
		x = C[x].parent;
		d++;
	}
	return d;
}

/* every moving clock's watchers, a parent's before its children's (by
 * depth), slots in order within a depth; whether one vetoed a PRE */
static bool notify_tree(unsigned long event, int top)
{
	bool vetoed = false;

	for (int d = 0; d < FZ_MAX_CLOCKS; d++) {
		for (int s = 0; s < FZ_NB_SLOTS; s++) {
			if (!told(s, top) || depth_of(slot_clock[s]) != d)
				continue;
			add_event(slot_w[s], event, slot_clock[s]);
			if (event == EV_PRE && W[slot_w[s]].veto)
				vetoed = true;
		}
	}
	return vetoed;
}

/* a rate change of @c through @ref: planned whole, checked, notified,
 * programmed from the top, or rolled back (README) */
static int set_rate_nolock(int c, int ref, unsigned long rate)
{
	unsigned long lo = min_rate(c), hi = max_rate(c), req;
	uint32_t saved_field[FZ_MAX_CLOCKS];
	unsigned long saved_synth[FZ_MAX_CLOCKS];
	int top, ret = 0, k;

	if (lo > hi)
		return -E_INVAL;
	req = rate < lo ? lo : rate > hi ? hi : rate;
	if (req == C[c].rate)
		return 0;
	path_len = 0;
	new_input = -1;
	top = plan(c, req);
	if (!allowed(c, new_rate[c]))
		return -E_INVAL;
	/* rounds to the rate it runs at: Linux's early bail, nothing asked */
	if (new_rate[c] == C[c].rate)
		return 0;
	plan_children(top);
	for (int i = 0; i < nclk; i++) {
		if (!in_subtree(i, top) || new_rate[i] == C[i].rate)
			continue;
		if ((T->c[i].flags & FZ_SET_RATE_GATE) && C[i].pc > 0)
			return -E_BUSY;
		/* a plan that moves a held clock is refused whole */
		if (held_against(i, ref))
			return -E_BUSY;
		if (!allowed(i, new_rate[i]))
			return -E_INVAL;
	}
	/* a switch moves the top's subtree, as clk_set_parent() would */
	if (new_input >= 0 && held_against(top, ref))
		return -E_BUSY;
	/* a veto: the walk goes on, then ABORT to all told, as Linux's
	 * clk_propagate_rate_change() twice */
	if (notify_tree(EV_PRE, top)) {
		notify_tree(EV_ABORT, top);
		return -E_BUSY;
	}
	/* programmed from the top down; a failure restores those done */
	for (k = 0; k < path_len; k++) {
		int i = path[k];
		unsigned long prate = k > 0 ? new_rate[path[k - 1]] :
				      new_input >= 0 ? C[C[i].ids[new_input]].rate :
				      parent_rate(i);

		saved_field[k] = T->c[i].reg >= 0 ? R[T->c[i].reg] : 0;
		saved_synth[k] = C[i].synth;
		ret = op_set_rate(i, new_rate[i], prate);
		if (!ret && has_set_rate(i) && recalc(i, prate) != new_rate[i])
			ret = -E_IO;
		if (ret)
			break;
	}
	/* the switch last, once every rate setting took: its own failure
	 * undoes itself, and the settings are restored below */
	if (!ret && new_input >= 0) {
		unsigned long kept[FZ_MAX_CLOCKS];

		/* the cache moves at the end, not with the switch */
		for (int i = 0; i < nclk; i++)
			kept[i] = C[i].rate;
		ret = reparent(top, C[top].ids[new_input], new_input, true);
		for (int i = 0; i < nclk; i++)
			C[i].rate = kept[i];
		k = path_len - 1;
	}
	if (ret) {
		for (int j = k; j >= 0; j--) {
			int i = path[j];

			if (T->c[i].reg >= 0)
				R[T->c[i].reg] = saved_field[j];
			C[i].synth = saved_synth[j];
		}
		notify_tree(EV_ABORT, top);
		return ret;
	}
	/* POST is told the old rate: before the cache moves */
	notify_tree(EV_POST, top);
	for (int i = 0; i < nclk; i++)
		if (in_subtree(i, top))
			C[i].rate = new_rate[i];
	return 0;
}

/* ==================== the calls ==================== */

static void put_err(char *res, int ret)
{
	if (ret)
		fz_errname(ret, res, FZ_RESULT_LEN);
	else
		snprintf(res, FZ_RESULT_LEN, "0");
}

/* the handle of @ref, taken at first use with an empty range */
static struct m_ref *handle(int ref)
{
	struct m_ref *h = &refs[ref];

	if (!h->used) {
		h->used = true;
		h->prep = h->en = h->misuse = h->excl = 0;
		h->min = 0;
		h->max = ULONG_MAX;
	}
	return h;
}

static int do_prepare(int ref)
{
	int ret = prepare_walk(ref_clock(ref));

	if (!ret)
		handle(ref)->prep++;
	return ret;
}

static int do_unprepare(int ref)
{
	struct m_ref *h = handle(ref);

	if (h->prep == 0) {
		h->misuse++;
		return -E_INVAL;
	}
	if (h->prep == 1 && h->en > 0) {
		h->misuse++;
		return -E_BUSY;
	}
	h->prep--;
	unprepare_walk(ref_clock(ref));
	return 0;
}

static int do_enable(int ref)
{
	struct m_ref *h = handle(ref);
	int ret;

	if (h->prep == 0)
		return -E_SHUTDOWN;
	ret = enable_walk(ref_clock(ref));
	if (!ret)
		h->en++;
	return ret;
}

static int do_disable(int ref)
{
	struct m_ref *h = handle(ref);

	if (h->en == 0) {
		h->misuse++;
		return -E_INVAL;
	}
	h->en--;
	disable_walk(ref_clock(ref));
	return 0;
}

static int do_prepare_enable(int ref)
{
	struct m_ref *h = handle(ref);
	int c = ref_clock(ref), ret;

	if ((ret = prepare_walk(c)))
		return ret;
	if ((ret = enable_walk(c))) {
		unprepare_walk(c);
		return ret;
	}
	h->prep++;
	h->en++;
	return 0;
}

static int do_disable_unprepare(int ref)
{
	struct m_ref *h = handle(ref);

	if (h->en == 0 || h->prep == 0) {
		h->misuse++;
		return -E_INVAL;
	}
	if (h->prep == 1 && h->en > 1) {
		h->misuse++;
		return -E_BUSY;
	}
	h->en--;
	disable_walk(ref_clock(ref));
	h->prep--;
	unprepare_walk(ref_clock(ref));
	return 0;
}

/*
 * The bulk calls (core/vclk.h): element by element, and on a failure at
 * element k the elements k-1 .. 0 undone, last first, so that the counts
 * are as the call found them.  One reference per element, even for a
 * handle named twice.
 */
static void bulk_unprepare_upto(const int *bulk, int k)
{
	for (int j = k; j > 0; j--) {
		handle(bulk[j - 1])->prep--;
		unprepare_walk(ref_clock(bulk[j - 1]));
	}
}

static void bulk_disable_upto(const int *bulk, int k)
{
	for (int j = k; j > 0; j--) {
		handle(bulk[j - 1])->en--;
		disable_walk(ref_clock(bulk[j - 1]));
	}
}

static int do_bulk_prepare(const int *bulk, int n)
{
	int i, ret = 0;

	for (i = 0; i < n; i++) {
		ret = prepare_walk(ref_clock(bulk[i]));
		if (ret)
			break;
		handle(bulk[i])->prep++;
	}
	if (ret)
		bulk_unprepare_upto(bulk, i);
	return ret;
}

/* the handle's own prepares, not the clock's, as clk_enable() */
static int do_bulk_enable(const int *bulk, int n)
{
	int i, ret = 0;

	for (i = 0; i < n; i++) {
		struct m_ref *h = handle(bulk[i]);

		ret = h->prep ? enable_walk(ref_clock(bulk[i])) : -E_SHUTDOWN;
		if (ret)
			break;
		h->en++;
	}
	if (ret)
		bulk_disable_upto(bulk, i);
	return ret;
}

/* all prepares, then all enables: not prepare_enable per element */
static int do_bulk_prepare_enable(const int *bulk, int n)
{
	int ret = do_bulk_prepare(bulk, n);

	if (ret)
		return ret;
	ret = do_bulk_enable(bulk, n);
	if (ret)
		bulk_unprepare_upto(bulk, n);
	return ret;
}

/* void, as Linux: each refusal is misuse of its handle, the rest go on */
static void do_bulk_disable(const int *bulk, int n)
{
	for (int j = n; j > 0; j--)
		(void)do_disable(bulk[j - 1]);
}

static void do_bulk_unprepare(const int *bulk, int n)
{
	for (int j = n; j > 0; j--)
		(void)do_unprepare(bulk[j - 1]);
}

static int do_bulk(const struct fz_op *op)
{
	/* the script takes every reference's handle before the call */
	for (int k = 0; k < op->nrefs; k++)
		handle(op->refs[k]);
	switch (op->kind) {
	case FZ_BULK_PREPARE:
		return do_bulk_prepare(op->refs, op->nrefs);
	case FZ_BULK_ENABLE:
		return do_bulk_enable(op->refs, op->nrefs);
	case FZ_BULK_PREPARE_ENABLE:
		return do_bulk_prepare_enable(op->refs, op->nrefs);
	case FZ_BULK_DISABLE:
		do_bulk_disable(op->refs, op->nrefs);
		break;
	case FZ_BULK_UNPREPARE:
		do_bulk_unprepare(op->refs, op->nrefs);
		break;
	case FZ_BULK_DISABLE_UNPREPARE:
		do_bulk_disable(op->refs, op->nrefs);
		do_bulk_unprepare(op->refs, op->nrefs);
		break;
	default:
		break;
	}
	return 0;
}

static int do_range(int ref, unsigned long lo, unsigned long hi)
{
	struct m_ref *h = handle(ref);
	int c = ref_clock(ref);
	unsigned long old_min = h->min, old_max = h->max, old = C[c].rate;
	unsigned long req = req_set[c] ? req_rate[c] : C[c].rate;
	int ret;

	if (lo > hi)
		return -E_INVAL;
	h->min = lo;
	h->max = hi;
	ret = set_rate_nolock(c, ref, req);
	if (ret) {
		h->min = old_min;
		h->max = old_max;
		return ret;
	}
	/* the request clamped into this handle's range is kept when it
	 * moved the rate (Linux's clk_set_rate_range_nolock()) */
	if (C[c].rate != old) {
		req_rate[c] = req < lo ? lo : req > hi ? hi : req;
		req_set[c] = true;
	}
	return 0;
}

/* clk_set_parent() as a rate change (Linux's clk_core_set_parent_nolock()):
 * PRE with the rates the move will give, a veto -EBUSY with ABORT to all
 * told, ABORT after a failure, POST after; the subtree forgets its
 * requests */
static int reparent_notified(int c, int p, int index)
{
	unsigned long old[FZ_MAX_CLOCKS];
	int ret;

	path_len = 0;
	new_rate[c] = recalc(c, C[p].rate);
	plan_children(c);
	if (notify_tree(EV_PRE, c)) {
		notify_tree(EV_ABORT, c);
		return -E_BUSY;
	}
	for (int i = 0; i < nclk; i++)
		old[i] = C[i].rate;
	ret = reparent(c, p, index, true);
	if (ret) {
		notify_tree(EV_ABORT, c);
		return ret;
	}
	/* POST is told the rates the move gave, against the old ones */
	for (int i = 0; i < nclk; i++) {
		if (!in_subtree(i, c))
			continue;
		new_rate[i] = C[i].rate;
		C[i].rate = old[i];
		req_set[i] = false;
	}
	notify_tree(EV_POST, c);
	for (int i = 0; i < nclk; i++)
		if (in_subtree(i, c))
			C[i].rate = new_rate[i];
	return 0;
}

static int do_set_parent(int ref, int p)
{
	int c = ref_clock(ref), index = -1;

	handle(ref);
	if (C[c].parent == p)
		return 0;
	/* busy before invalid: Linux's clk_core_set_parent_nolock() order */
	if ((T->c[c].flags & FZ_SET_PARENT_GATE) && C[c].pc > 0)
		return -E_BUSY;
	/* a reparent moves @c and its subtree: refused if @c is held */
	if (held_against(c, ref))
		return -E_BUSY;
	if (p == c || ancestor(c, p))
		return -E_INVAL;
	for (int k = 0; k < T->c[c].nparents && index < 0; k++)
		if (C[c].ids[k] == p)
			index = k;
	if (index < 0)
		return -E_INVAL;
	return reparent_notified(c, p, index);
}

static bool has_notifiers(int ref)
{
	for (int s = 0; s < FZ_NB_SLOTS; s++)
		if (slot_w[s] >= 0 && W[slot_w[s]].ref == ref &&
		    W[slot_w[s]].gen == refs[ref].gen)
			return true;
	return false;
}

static int do_put(int ref)
{
	struct m_ref *h = handle(ref);

	if (h->prep > 0 || h->excl > 0)
		return -E_BUSY;
	if (MODEL_PUT_BUSY_WHILE_NOTIFIED && has_notifiers(ref))
		return -E_BUSY;
	h->used = false;
	h->gen++;
	return 0;
}

static int do_set_rate(int ref, unsigned long rate)
{
	int c = ref_clock(ref), ret;
	unsigned long old = C[c].rate;

	handle(ref);
	ret = set_rate_nolock(c, ref, rate);
	/* kept only when it moved the rate (Linux's early bail keeps none) */
	if (!ret && C[c].rate != old) {
		req_rate[c] = rate;
		req_set[c] = true;
	}
	return ret;
}

/* a count that would wrap is refused; a put without a get does nothing */
static int do_excl_get(int ref)
{
	struct m_ref *h = handle(ref);

	if (h->excl == UINT32_MAX)
		return -E_OVERFLOW;
	h->excl++;
	return 0;
}

static int do_excl_put(int ref)
{
	struct m_ref *h = handle(ref);

	if (h->excl > 0)
		h->excl--;
	return 0;
}

/* set_rate, then one exclusivity reference: both or neither, the count
 * checked before the rate moves */
static int do_set_rate_excl(int ref, unsigned long rate)
{
	struct m_ref *h = handle(ref);
	int ret;

	if (h->excl == UINT32_MAX)
		return -E_OVERFLOW;
	ret = do_set_rate(ref, rate);
	if (!ret)
		h->excl++;
	return ret;
}

static int do_notify(int ref, bool veto)
{
	int c = ref_clock(ref), s;

	handle(ref);
	if (nr_watchers == FZ_MAX_WATCHERS)
		return -E_NOMEM;
	/* every watcher is a new notifier block: never -EEXIST */
	for (s = 0; s < FZ_NB_SLOTS && slot_w[s] >= 0; s++)
		;
	if (s == FZ_NB_SLOTS)
		return -E_NOMEM;
	W[nr_watchers] = (struct m_watcher){ ref, refs[ref].gen, veto, true };
	slot_w[s] = nr_watchers++;
	slot_clock[s] = c;
	return 0;
}

/* the latest registered watcher of @ref; else its latest; else none */
static int do_unnotify(int ref)
{
	int c = ref_clock(ref), w = -1;

	handle(ref);
	for (int i = nr_watchers - 1; i >= 0 && w < 0; i--)
		if (W[i].ref == ref && W[i].registered)
			w = i;
	for (int i = nr_watchers - 1; i >= 0 && w < 0; i--)
		if (W[i].ref == ref)
			w = i;
	if (w < 0)
		return -E_NOENT;
	for (int s = 0; s < FZ_NB_SLOTS; s++) {
		if (slot_w[s] == w && slot_clock[s] == c) {
			slot_w[s] = slot_clock[s] = -1;
			W[w].registered = false;
			return 0;
		}
	}
	return -E_NOENT;
}

static int do_fail(int c, int fop, int n)
{
	for (int k = 0; k < FZ_MAX_ARMED; k++) {
		if (armed[c][fop][k] == 0) {
			armed[c][fop][k] = n;
			return 0;
		}
	}
	return -E_NOMEM;
}

static int do_disable_unused(void)
{
	int calls = 0;

	/* only gates answer is_enabled from hardware; nothing has is_prepared */
	for (int i = 0; i < nclk; i++) {
		if (T->c[i].type != FZ_GATE || (T->c[i].flags & FZ_IGNORE_UNUSED) ||
		    C[i].ec != 0 || reg_faulted(i) ||
		    !model_gate_on(T, i, R[T->c[i].reg]))
			continue;
		set_gate(i, false);
		calls++;
	}
	return calls;
}

bool model_op(const struct fz_op *op, char *res, struct fz_event *ev, int *nev,
	      bool *failed)
{
	int ref = op->ref, c = ref_clock(op->ref), ret = 0;
	bool errno_result = true;
	unsigned long lo, hi, req;

	evs = ev;
	nevs = nev;
	*nev = 0;
	switch (op->kind) {
	case FZ_PREPARE:
		handle(ref);
		ret = do_prepare(ref);
		break;
	case FZ_UNPREPARE:
		ret = do_unprepare(ref);
		break;
	case FZ_ENABLE:
		ret = do_enable(ref);
		break;
	case FZ_DISABLE:
		ret = do_disable(ref);
		break;
	case FZ_PREPARE_ENABLE:
		ret = do_prepare_enable(ref);
		break;
	case FZ_DISABLE_UNPREPARE:
		ret = do_disable_unprepare(ref);
		break;
	case FZ_BULK_PREPARE:
	case FZ_BULK_ENABLE:
	case FZ_BULK_PREPARE_ENABLE:
	case FZ_BULK_DISABLE:
	case FZ_BULK_UNPREPARE:
	case FZ_BULK_DISABLE_UNPREPARE:
		ret = do_bulk(op);
		break;
	case FZ_GET_RATE:
		handle(ref);
		snprintf(res, FZ_RESULT_LEN, "%lu", C[c].rate);
		errno_result = false;
		break;
	case FZ_ROUND_RATE:
		handle(ref);
		errno_result = false;
		lo = min_rate(c);
		hi = max_rate(c);
		if (lo > hi) {
			put_err(res, -E_INVAL);
			break;
		}
		req = op->r1 < lo ? lo : op->r1 > hi ? hi : op->r1;
		if (req != C[c].rate) {
			path_len = 0;
			plan(c, req);
			req = new_rate[c];
		}
		snprintf(res, FZ_RESULT_LEN, "%lu", req);
		break;
	case FZ_SET_RATE:
		ret = do_set_rate(ref, op->r1);
		break;
	case FZ_EXCL_GET:
		ret = do_excl_get(ref);
		break;
	case FZ_EXCL_PUT:
		ret = do_excl_put(ref);
		break;
	case FZ_SET_RATE_EXCL:
		ret = do_set_rate_excl(ref, op->r1);
		break;
	case FZ_SET_RATE_RANGE:
		ret = do_range(ref, op->r1, op->r2);
		break;
	case FZ_SET_MIN_RATE:
		ret = do_range(ref, op->r1, handle(ref)->max);
		break;
	case FZ_SET_MAX_RATE:
		ret = do_range(ref, handle(ref)->min, op->r1);
		break;
	case FZ_GET_PARENT:
		handle(ref);
		snprintf(res, FZ_RESULT_LEN, "%s",
			 C[c].parent >= 0 ? T->c[C[c].parent].name : "(none)");
		errno_result = false;
		break;
	case FZ_SET_PARENT:
		ret = do_set_parent(ref, op->clock);
		break;
	case FZ_IS_ENABLED:
		handle(ref);
		if (T->c[c].type == FZ_GATE)
			ret = !reg_faulted(c) && model_gate_on(T, c, R[T->c[c].reg]);
		else
			ret = C[c].ec > 0;
		snprintf(res, FZ_RESULT_LEN, "%d", ret);
		errno_result = false;
		break;
	case FZ_PUT:
		ret = do_put(ref);
		break;
	case FZ_DISABLE_UNUSED:
		snprintf(res, FZ_RESULT_LEN, "%d", do_disable_unused());
		errno_result = false;
		break;
	case FZ_NOTIFY:
		ret = do_notify(ref, op->veto);
		break;
	case FZ_UNNOTIFY:
		ret = do_unnotify(ref);
		break;
	case FZ_FAIL:
		ret = do_fail(op->clock, op->fop, op->n);
		break;
	case FZ_FAULT_ADDR:
		if (nr_faults == FZ_MAX_REG_FAULTS) {
			ret = -E_NOMEM;
			break;
		}
		nr_faults++;
		faulted[op->reg] = true;
		break;
	case FZ_CLEAR_FAULTS:
		nr_faults = 0;
		memset(faulted, 0, sizeof(faulted));
		break;
	default:
		break;
	}
	if (errno_result)
		put_err(res, ret);
	*failed = errno_result && ret != 0;
	return true;
}

int model_watcher_ref(int w)
{
	return W[w].ref;
}

void model_state(struct fz_state *s)
{
	memset(s, 0, sizeof(*s));
	for (int i = 0; i < nclk; i++) {
		s->parent[i] = C[i].parent;
		s->pc[i] = C[i].pc;
		s->ec[i] = C[i].ec;
		s->rate[i] = C[i].rate;
		s->synth[i] = T->c[i].type == FZ_SYNTH ? C[i].synth :
			      T->c[i].rate;
		s->req_rate[i] = req_rate[i];
		s->req_set[i] = req_set[i];
	}
	for (int r = 0; r < T->nregs; r++)
		s->reg[r] = R[r];
	for (int r = 0; r < FZ_MAX_REFS; r++) {
		if (!refs[r].used)
			continue;
		s->used[r] = true;
		s->prep[r] = refs[r].prep;
		s->en[r] = refs[r].en;
		s->misuse[r] = refs[r].misuse;
		s->min[r] = refs[r].min;
		s->max[r] = refs[r].max;
		s->excl[r] = refs[r].excl;
	}
	memcpy(s->nb_watcher, slot_w, sizeof(s->nb_watcher));
	memcpy(s->nb_clock, slot_clock, sizeof(s->nb_clock));
}
