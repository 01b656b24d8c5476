/* SPDX-License-Identifier: MIT */
/*
 * harness/fuzz/driver.c - runs a decoded program on the library (the core,
 * platform/ and the register model, loaded through the tool's tree.c) and
 * on the reference model, and checks after every call:
 *   1. the library's answer (result line and notifier calls) is the
 *      model's;
 *   2. the library's state is the model's (counts per clock and per
 *      handle, exclusivity counts, parents, rates, requests, ranges,
 *      registers, notifiers), and the invariants hold on the library's
 *      state alone: acyclic, balanced counts, enabled => prepared, a held
 *      clock's parent held, cached rate == rate recalculated from the
 *      registers, an enabled gate's bit on, no exclusivity count on a
 *      free handle slot, and a call through a handle moved no clock whose
 *      rate was held against that handle before the call (REQ-EXCL-1);
 *   3. a call that failed changed nothing (counts, rates, registers, ...),
 *      but for what the README documents: a rolled-back walk switches off
 *      a gate that was on with no reference.
 * Each call is done the way the `vclk run` script command of the same
 * text does it (harness/tool/script.c), so a decoded input replays there.
 *
 * The checks run after every call of every input, so they are kept cheap
 * without leaving anything out: the state is read from the core's arrays,
 * two states are compared with memcmp() before any field is looked at,
 * names are formatted only for a violation, one call's state after is the
 * next one's before, and a tree loaded before is not parsed and registered
 * again but put back from the image of its load (load_tree()).  The
 * libFuzzer build leaves this file, the model and the tool's loader
 * without coverage instrumentation (Makefile).
 */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fz.h"
#include "regmodel.h"
#include "snapshot.h"
#include "tree.h"
#include "vclk.h"

struct watcher {
	struct notifier_block nb;	/* first: the callback's pointer */
	int ref;
	bool veto;
	bool registered;
};

static struct tree *tree;	/* the input's: load_tree() */
static const struct fz_prog *prog;
static struct clk *handles[FZ_MAX_REFS];
static struct watcher watchers[FZ_MAX_WATCHERS];
static int nr_watchers;
static struct notifier_block never_registered;
static struct fz_event lib_ev[FZ_MAX_EVENTS];
static int lib_nev;
static int cur_op;
static char tree_text[8192];

static const char *const users[FZ_USERS] = { NULL, "u1", "u2" };

/* ==================== violations ==================== */

__attribute__((format(printf, 1, 2), noreturn))
static void violation(const char *fmt, ...)
{
	char line[160];
	va_list ap;

	fprintf(stderr, "vclk fuzz: VIOLATION after call %d", cur_op + 1);
	if (cur_op >= 0 && cur_op < prog->nops) {
		fz_op_text(&prog->tree, &prog->ops[cur_op], line, sizeof(line));
		fprintf(stderr, " \"%s\"", line);
	}
	fputs(": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n(the input as a script: build/fuzz/vclk-fuzz-decode INPUT PREFIX)\n");
	abort();
}

/* ==================== the library's side ==================== */

static int watcher_call(struct notifier_block *nb, unsigned long event,
			void *data)
{
	struct watcher *w = (struct watcher *)nb;
	const struct clk_notifier_data *nd = data;

	if (lib_nev < FZ_MAX_EVENTS)
		lib_ev[lib_nev++] = (struct fz_event){
			(int)(w - watchers), event, nd->old_rate, nd->new_rate };
	return w->veto && event == PRE_RATE_CHANGE ? NOTIFY_BAD : NOTIFY_OK;
}

static void put_err(char *res, int ret)
{
	if (ret)
		fz_errname(ret, res, FZ_RESULT_LEN);
	else
		snprintf(res, FZ_RESULT_LEN, "0");
}

/* a handle was taken since the state was last read (fz_run) */
static bool handles_taken;
/* how many handle slots were in use at the last pass over them, -1 for
 * none since the input's start (slots_to_visit()) */
static int nr_expected = -1;
static void expect_slot(int h);

/* the script's handle_of(): a reference takes its handle at first use */
static struct clk *handle_of(int ref)
{
	const char *name = prog->tree.c[ref / FZ_USERS].name;

	if (handles[ref])
		return handles[ref];
	if (vclk_get(users[ref % FZ_USERS], name, &handles[ref]))
		violation("vclk_get(%s) failed", name);
	handles_taken = true;
	expect_slot(handles[ref]->slot);
	return handles[ref];
}

/* the script's "unnotify": its latest registered watcher, else its
 * latest, else a block that was never registered */
static int lib_unnotify(struct clk *h, int ref)
{
	int w = -1, ret;

	for (int i = nr_watchers - 1; i >= 0 && w < 0; i--)
		if (watchers[i].ref == ref && watchers[i].registered)
			w = i;
	for (int i = nr_watchers - 1; i >= 0 && w < 0; i--)
		if (watchers[i].ref == ref)
			w = i;
	ret = clk_notifier_unregister(h, w >= 0 ? &watchers[w].nb
					       : &never_registered);
	if (ret == 0 && w >= 0)
		watchers[w].registered = false;
	return ret;
}

static bool errno_kind(enum fz_kind k)
{
	return k != FZ_GET_RATE && k != FZ_ROUND_RATE && k != FZ_GET_PARENT &&
	       k != FZ_IS_ENABLED && k != FZ_DISABLE_UNUSED;
}

/* every call but these names a reference, whose handle it uses */
static bool op_has_handle(enum fz_kind k)
{
	return k != FZ_DISABLE_UNUSED && k != FZ_FAIL && k != FZ_FAULT_ADDR &&
	       k != FZ_CLEAR_FAULTS;
}

/* the script's bulk_of(): the references' handles, in argument order */
static void bulk_of(const struct fz_op *op, struct clk_bulk_data *clks)
{
	for (int k = 0; k < op->nrefs; k++) {
		clks[k].id = prog->tree.c[op->refs[k] / FZ_USERS].name;
		clks[k].clk = handle_of(op->refs[k]);
	}
}

static void lib_op(const struct fz_op *op, char *res)
{
	struct clk *h = NULL, *p;
	struct clk_bulk_data clks[FZ_MAX_BULK];
	unsigned long rounded = 0;
	int ret = 0;
	struct watcher *w;

	if (op_has_handle(op->kind))
		h = handle_of(op->ref);
	if (fz_bulk_kind(op->kind))
		bulk_of(op, clks);
	lib_nev = 0;
	switch (op->kind) {
	case FZ_PREPARE: ret = clk_prepare(h); break;
	case FZ_UNPREPARE: ret = vclk_unprepare(h); break;
	case FZ_ENABLE: ret = clk_enable(h); break;
	case FZ_DISABLE: ret = vclk_disable(h); break;
	case FZ_PREPARE_ENABLE: ret = clk_prepare_enable(h); break;
	case FZ_DISABLE_UNPREPARE: ret = vclk_disable_unprepare(h); break;
	case FZ_GET_RATE:
		snprintf(res, FZ_RESULT_LEN, "%lu", clk_get_rate(h));
		break;
	case FZ_ROUND_RATE:
		ret = vclk_round_rate(h, op->r1, &rounded);
		if (ret)
			put_err(res, ret);
		else
			snprintf(res, FZ_RESULT_LEN, "%lu", rounded);
		break;
	case FZ_SET_RATE: ret = clk_set_rate(h, op->r1); break;
	case FZ_SET_RATE_RANGE: ret = clk_set_rate_range(h, op->r1, op->r2); break;
	case FZ_SET_MIN_RATE: ret = clk_set_min_rate(h, op->r1); break;
	case FZ_SET_MAX_RATE: ret = clk_set_max_rate(h, op->r1); break;
	case FZ_EXCL_GET: ret = clk_rate_exclusive_get(h); break;
	case FZ_EXCL_PUT: ret = vclk_rate_exclusive_put(h); break;
	case FZ_SET_RATE_EXCL: ret = clk_set_rate_exclusive(h, op->r1); break;
	case FZ_BULK_PREPARE: ret = clk_bulk_prepare(op->nrefs, clks); break;
	case FZ_BULK_ENABLE: ret = clk_bulk_enable(op->nrefs, clks); break;
	case FZ_BULK_PREPARE_ENABLE:
		ret = clk_bulk_prepare_enable(op->nrefs, clks);
		break;
	case FZ_BULK_DISABLE: clk_bulk_disable(op->nrefs, clks); break;
	case FZ_BULK_UNPREPARE: clk_bulk_unprepare(op->nrefs, clks); break;
	case FZ_BULK_DISABLE_UNPREPARE:
		clk_bulk_disable_unprepare(op->nrefs, clks);
		break;
	case FZ_GET_PARENT:
		p = clk_get_parent(h);
		snprintf(res, FZ_RESULT_LEN, "%s",
			 p ? vclk_clock_name(vclk_clock_id(p)) : "(none)");
		break;
	case FZ_SET_PARENT:
		ret = vclk_lookup(prog->tree.c[op->clock].name);
		if (ret >= 0)
			ret = clk_set_parent(h, vclk_clock_handle(ret));
		break;
	case FZ_IS_ENABLED:
		snprintf(res, FZ_RESULT_LEN, "%d", clk_is_enabled(h) ? 1 : 0);
		break;
	case FZ_PUT:
		ret = clk_put(h);
		if (ret == 0)
			handles[op->ref] = NULL;
		break;
	case FZ_DISABLE_UNUSED:
		snprintf(res, FZ_RESULT_LEN, "%d", clk_disable_unused());
		break;
	case FZ_NOTIFY:
		if (nr_watchers == FZ_MAX_WATCHERS) {
			ret = -VCLK_ENOMEM;
			break;
		}
		w = &watchers[nr_watchers];
		*w = (struct watcher){ { watcher_call }, op->ref, op->veto, false };
		ret = clk_notifier_register(h, &w->nb);
		if (ret == 0) {
			w->registered = true;
			nr_watchers++;
		}
		break;
	case FZ_UNNOTIFY: ret = lib_unnotify(h, op->ref); break;
	case FZ_FAIL:
		ret = tree_arm_fail(tree, op->clock, (enum tree_op)op->fop, op->n);
		break;
	case FZ_FAULT_ADDR:
		ret = regmodel_fail_addr(prog->tree.reg_addr[op->reg], -VCLK_EIO);
		break;
	case FZ_CLEAR_FAULTS:
		regmodel_clear_faults();
		break;
	default:
		break;
	}
	if (errno_kind(op->kind))
		put_err(res, ret);
	/* the log only matters to a script's -t; it must not fill up here */
	regmodel_log_clear();
}

/* ==================== state ==================== */

_Static_assert(offsetof(struct watcher, nb) == 0,
	       "a notifier slot's block is the watcher's address");

/* the watcher whose block @nb is, -1 if none: by address, since a slot
 * holds the block's pointer and a search of every watcher for every slot
 * cost more than the call being checked */
static int watcher_of(const struct notifier_block *nb)
{
	uintptr_t a = (uintptr_t)nb, base = (uintptr_t)watchers;

	if (a < base || a >= base + sizeof(watchers) ||
	    (a - base) % sizeof(watchers[0]))
		return -1;
	return (int)((a - base) / sizeof(watchers[0]));
}

/* the core's parent of @y as vclk_clock_parent() answers it: none for an
 * id that is not registered */
static int lib_parent(int y)
{
	return y >= 0 && y < vclk_nr_clocks ? vclk_parent[y] : VCLK_NONE;
}

_Static_assert(FZ_NB_SLOTS == VCLK_MAX_NOTIFIERS, "one entry per slot");

/*
 * The notifier table in @s: each slot's watcher and clock.  Both are
 * functions of the core's vclk_nb[] and vclk_nb_clock[] alone, which most
 * calls leave as they were: then the last answer is copied.
 */
static void read_notifiers(struct fz_state *s)
{
	static struct notifier_block *seen_nb[FZ_NB_SLOTS];
	static int seen_nb_clock[FZ_NB_SLOTS];
	static int watcher[FZ_NB_SLOTS], clock[FZ_NB_SLOTS];
	static bool seen;

	if (!seen || memcmp(seen_nb, vclk_nb, sizeof(seen_nb)) != 0 ||
	    memcmp(seen_nb_clock, vclk_nb_clock, sizeof(seen_nb_clock)) != 0) {
		for (int n = 0; n < FZ_NB_SLOTS; n++) {
			watcher[n] = watcher_of(vclk_nb[n]);
			clock[n] = vclk_nb[n] ? vclk_nb_clock[n] : -1;
			if (vclk_nb[n] && watcher[n] < 0)
				violation("notifier slot %d holds a block nobody registered", n);
		}
		memcpy(seen_nb, vclk_nb, sizeof(seen_nb));
		memcpy(seen_nb_clock, vclk_nb_clock, sizeof(seen_nb_clock));
		seen = true;
	}
	memcpy(s->nb_watcher, watcher, sizeof(watcher));
	memcpy(s->nb_clock, clock, sizeof(clock));
}

/*
 * The library's state, read straight from the core's arrays
 * (core/vclk_state.h), not through the accessors of core/vclk.h: those
 * answer these very entries for a registered id (fz_run() checks the ids
 * at load, check_invariants() the clock count), and the locked ones took
 * both locks for every entry, a large part of every call's check.
 */
static void read_state(struct fz_state *s)
{
	const struct fz_tree *t = &prog->tree;

	memset(s, 0, sizeof(*s));
	for (int i = 0; i < t->n; i++) {
		s->parent[i] = lib_parent(i);
		s->pc[i] = i < vclk_nr_clocks ? vclk_prepare_count[i] : 0;
		s->ec[i] = i < vclk_nr_clocks ? vclk_enable_count[i] : 0;
		s->rate[i] = i < vclk_nr_clocks ? vclk_rate[i] : 0;
		s->synth[i] = t->c[i].type == FZ_SYNTH ?
			      tree->clocks[i].cfg.synth.rate : t->c[i].rate;
		s->req_rate[i] = vclk_req_rate[i];
		s->req_set[i] = vclk_req_set[i];
	}
	for (int r = 0; r < t->nregs; r++)
		if (regmodel_peek(t->reg_addr[r], &s->reg[r]))
			violation("register 0x%x vanished", t->reg_addr[r]);
	for (int r = 0; r < FZ_MAX_REFS; r++) {
		int slot;

		if (!handles[r])
			continue;
		slot = handles[r]->slot;
		s->used[r] = true;
		s->prep[r] = vclk_handle_prepares[slot];
		s->en[r] = vclk_handle_enables[slot];
		s->misuse[r] = vclk_handle_misuse[slot];
		s->min[r] = vclk_handle_min[slot];
		s->max[r] = vclk_handle_max[slot];
		s->excl[r] = vclk_handle_excl[slot];
	}
	read_notifiers(s);
}

/* reference @r as the script names it; only for a violation's message:
 * formatting every reference's name for every comparison, when nothing
 * differs, was a third of the run */
static const char *ref_name(int r)
{
	static char buf[32];

	fz_ref_text(&prog->tree, r, buf, sizeof(buf));
	return buf;
}

/* the arguments after @fmt are evaluated only when the values differ */
#define SAME(what, a, b, fmt, ...) do {					\
		if ((a) != (b))						\
			violation(what ": library " fmt ", %s " fmt,	\
				  __VA_ARGS__, (a), whose, (b));		\
	} while (0)

/* the library's state @s against the model's (@whose == "model") or
 * against the state before a failed call (@whose == "before") */
static void compare(const struct fz_state *s, const struct fz_state *m,
		    const char *whose, bool rollback)
{
	const struct fz_tree *t = &prog->tree;

	/* equal bytes are equal fields (struct fz_state): the search below,
	 * with its exceptions, only for a state that differs somewhere */
	if (memcmp(s, m, sizeof(*s)) == 0)
		return;
	for (int i = 0; i < t->n; i++) {
		const char *nm = t->c[i].name;

		SAME("%s parent", s->parent[i], m->parent[i], "%d", nm);
		SAME("%s prepare count", s->pc[i], m->pc[i], "%u", nm);
		SAME("%s enable count", s->ec[i], m->ec[i], "%u", nm);
		SAME("%s rate", s->rate[i], m->rate[i], "%lu", nm);
		SAME("%s synth rate", s->synth[i], m->synth[i], "%lu", nm);
		SAME("%s requested rate", s->req_rate[i], m->req_rate[i], "%lu", nm);
		SAME("%s request set", s->req_set[i], m->req_set[i], "%d", nm);
	}
	for (int r = 0; r < t->nregs; r++) {
		uint32_t diff = s->reg[r] ^ m->reg[r];

		/* documented: a rolled-back walk switches off a gate that was
		 * on with no reference (README, "Hardware restore on rollback") */
		for (int i = 0; diff && rollback && i < t->n; i++) {
			uint32_t bit = 1u << t->c[i].shift;

			if (t->c[i].type == FZ_GATE && t->c[i].reg == r &&
			    (diff & bit) && m->ec[i] == 0 &&
			    model_gate_on(t, i, m->reg[r]) &&
			    !model_gate_on(t, i, s->reg[r]))
				diff &= ~bit;
		}
		if (diff)
			violation("register 0x%x: library 0x%08x, %s 0x%08x",
				  t->reg_addr[r], s->reg[r], whose, m->reg[r]);
	}
	for (int r = 0; r < FZ_MAX_REFS; r++) {
		SAME("%s has a handle", s->used[r], m->used[r], "%d",
		     ref_name(r));
		if (!s->used[r])
			continue;
		SAME("%s handle prepares", s->prep[r], m->prep[r], "%u",
		     ref_name(r));
		SAME("%s handle enables", s->en[r], m->en[r], "%u",
		     ref_name(r));
		if (!rollback)
			SAME("%s misuse count", s->misuse[r], m->misuse[r],
			     "%u", ref_name(r));
		SAME("%s range min", s->min[r], m->min[r], "%lu", ref_name(r));
		SAME("%s range max", s->max[r], m->max[r], "%lu", ref_name(r));
		SAME("%s exclusivity count", s->excl[r], m->excl[r], "%u",
		     ref_name(r));
	}
	for (int n = 0; n < FZ_NB_SLOTS; n++) {
		SAME("notifier slot %d watcher", s->nb_watcher[n], m->nb_watcher[n], "%d", n);
		SAME("notifier slot %d clock", s->nb_clock[n], m->nb_clock[n], "%d", n);
	}
}

/* ==================== invariants of the library's own state ==================== */

/*
 * The handle slots that hold exclusivity references, as the last scan of
 * every slot found them (scan_holders(), check_invariants()): what
 * held_mask() needs, without a scan of its own per call.
 */
static int holders[VCLK_NR_HANDLES];
static int nr_holders;

static void note_holder(int h)
{
	if (vclk_handle_clock[h] != VCLK_NONE && vclk_handle_excl[h])
		holders[nr_holders++] = h;
}

/*
 * A pass over every handle slot (VCLK_NR_HANDLES) after every call meets
 * mostly free ones.  It need only look one by one at the slots in use at
 * the last pass and those the script took since (expected[], in order),
 * and at the runs between them that are not all free with no exclusivity
 * count, which two memcmp() calls tell: of a free slot, the pass checks
 * exactly that.
 */
static int expected[VCLK_NR_HANDLES];
static int none_slots[VCLK_NR_HANDLES];		/* VCLK_NONE each */
static const uint32_t zero_slots[VCLK_NR_HANDLES];

_Static_assert(VCLK_NONE == -1, "none_slots[] is all one bits");
_Static_assert(sizeof(vclk_handle_clock[0]) == sizeof(none_slots[0]) &&
	       sizeof(vclk_handle_excl[0]) == sizeof(zero_slots[0]),
	       "free_run() compares the core's slot arrays");

/* slot @h in use: the next pass looks at it (expected[] stays in order) */
static void expect_slot(int h)
{
	int k = nr_expected;

	if (nr_expected < 0 || h < 0 || h >= VCLK_NR_HANDLES)
		return;		/* every slot is looked at, or no slot is @h */
	for (int j = 0; j < nr_expected; j++)
		if (expected[j] == h)
			return;
	for (; k > 0 && expected[k - 1] > h; k--)
		expected[k] = expected[k - 1];
	expected[k] = h;
	nr_expected++;
}

/* slots [@a, @b) are all free and hold no exclusivity count */
static bool free_run(int a, int b)
{
	size_t n = (size_t)(b - a);

	return n == 0 ||
	       (memcmp(&vclk_handle_clock[a], none_slots, n * sizeof(none_slots[0])) == 0 &&
		memcmp(&vclk_handle_excl[a], zero_slots, n * sizeof(zero_slots[0])) == 0);
}

/* the slots a pass over every slot has to look at, in order; Return: how many */
static int slots_to_visit(int visit[VCLK_NR_HANDLES])
{
	int n = 0, from = 0;

	if (nr_expected < 0) {
		memset(none_slots, 0xff, sizeof(none_slots));
		for (int h = 0; h < VCLK_NR_HANDLES; h++)
			visit[n++] = h;
		return n;
	}
	for (int k = 0; k <= nr_expected; k++) {
		int to = k < nr_expected ? expected[k] : VCLK_NR_HANDLES;

		if (!free_run(from, to))
			for (int h = from; h < to; h++)
				visit[n++] = h;
		if (k < nr_expected) {
			visit[n++] = to;
			from = to + 1;
		}
	}
	return n;
}

static void scan_holders(void)
{
	int visit[VCLK_NR_HANDLES], nv = slots_to_visit(visit);

	nr_holders = 0;
	for (int k = 0; k < nv; k++)
		note_holder(visit[k]);
}

/*
 * Every handle slot is visited once (slots_to_visit()), its references
 * added to its clock's sums, rather than every slot once per clock: the
 * same sums, an eighth of the work on the largest trees.  The same pass
 * notes the holders of exclusivity references for the next call's
 * held_mask().
 */
static void check_invariants(const struct fz_state *s)
{
	const struct fz_tree *t = &prog->tree;
	uint32_t hp[FZ_MAX_CLOCKS] = { 0 }, he[FZ_MAX_CLOCKS] = { 0 };
	uint32_t cp[FZ_MAX_CLOCKS] = { 0 }, ce[FZ_MAX_CLOCKS] = { 0 };
	int n = t->n;
	int visit[VCLK_NR_HANDLES], nv;

	if (vclk_nr_clocks != n)
		violation("%d clocks registered, the tree has %d",
			  vclk_nr_clocks, n);
	nv = slots_to_visit(visit);
	nr_holders = 0;
	nr_expected = 0;
	for (int k = 0; k < nv; k++) {
		int h = visit[k];
		int i = vclk_handle_clock[h];

		if (i == VCLK_NONE) {
			if (vclk_handle_excl[h])
				violation("free handle slot %d holds %u exclusivity references",
					  h, vclk_handle_excl[h]);
			continue;
		}
		expected[nr_expected++] = h;
		note_holder(h);
		if (i < 0 || i >= n)
			continue;
		hp[i] += vclk_handle_prepares[h];
		he[i] += vclk_handle_enables[h];
		if (vclk_handle_enables[h] && !vclk_handle_prepares[h])
			violation("handle %d enables %s without preparing", h,
				  t->c[i].name);
	}
	/* what each clock's children hold of it, one pass for all */
	for (int j = 0; j < n; j++) {
		int p = s->parent[j];

		if (p < 0 || p >= n)
			continue;
		cp[p] += s->pc[j] > 0;
		ce[p] += s->ec[j] > 0;
	}
	for (int i = 0; i < n; i++) {
		int steps = 0, p = s->parent[i];
		unsigned long want;
		uint32_t field;

		for (int y = i; lib_parent(y) >= 0; y = lib_parent(y))
			if (++steps > n)
				violation("%s: its parents form a cycle", t->c[i].name);
		if (s->pc[i] != hp[i] + cp[i] || s->ec[i] != he[i] + ce[i])
			violation("%s: counts %u/%u, but handles hold %u/%u and children %u/%u",
				  t->c[i].name, s->pc[i], s->ec[i], hp[i], he[i],
				  cp[i], ce[i]);
		if (s->ec[i] && !s->pc[i])
			violation("%s is enabled, not prepared", t->c[i].name);
		if (p >= 0 && ((s->pc[i] && !s->pc[p]) || (s->ec[i] && !s->ec[p])))
			violation("%s is held, its parent %s is not", t->c[i].name,
				  t->c[p].name);
		field = t->c[i].reg >= 0 ? model_field(t, i, s->reg[t->c[i].reg]) : 0;
		if (p >= 0)
			want = model_recalc(t, i, s->rate[p], field, s->synth[i]);
		else
			want = t->c[i].nparents ? 0 :
			       model_recalc(t, i, 0, field, s->synth[i]);
		if (s->rate[i] != want)
			violation("%s: cached rate %lu, the hardware gives %lu",
				  t->c[i].name, s->rate[i], want);
		if (t->c[i].type == FZ_GATE && s->ec[i] &&
		    !model_gate_on(t, i, s->reg[t->c[i].reg]))
			violation("%s is enabled, its gate bit is off", t->c[i].name);
	}
}

/* ==================== exclusive rates, on the library's state alone ==================== */

_Static_assert(FZ_MAX_CLOCKS <= 32, "held_mask() keeps a clock per bit");

/*
 * The clocks whose rate is held against handle slot @h (spec/exclusive.h,
 * vclk_protected_against), read from the library's counts and tree: every
 * clock on the way up from one that a handle holds exclusively, @h
 * excepted unless it holds it more than once.  One walk per holding
 * handle (holders[], current: see fz_run()), not one search of every
 * handle per clock.
 */
static uint32_t held_mask(int h)
{
	uint32_t held = 0;

	for (int k = 0; k < nr_holders; k++) {
		int g = holders[k], y = vclk_handle_clock[g];

		if (y == VCLK_NONE || vclk_handle_excl[g] <= (uint32_t)(g == h))
			continue;
		for (int steps = 0; y >= 0 && steps <= FZ_MAX_CLOCKS;
		     y = lib_parent(y), steps++)
			if (y < FZ_MAX_CLOCKS)
				held |= 1u << y;
	}
	return held;
}

/* ==================== the tree ==================== */

/*
 * Trees loaded before, each with the image of its load (snapshot.h): an
 * input whose tree is one of them starts from that image, without the
 * text, the parser or the registration.  A fuzzer mutates an input's
 * program far more often than its tree, and comes back to the trees of
 * its corpus again and again.  A tree's slot is picked by its hash; a
 * tree that finds its slot taken replaces what is there.
 */
#define TREE_CACHE 64

struct loaded_tree {
	bool valid;			/* the three below go together */
	struct fz_tree key;		/* the generated tree */
	struct tree tree;		/* the core keeps pointers into it */
	struct snapshot *image;		/* its load */
};
static struct loaded_tree loaded[TREE_CACHE];

static size_t tree_slot(const struct fz_tree *t)
{
	const unsigned char *b = (const unsigned char *)t;
	uint64_t h = 14695981039346656037ull;	/* FNV-1a, a word at a time */

	for (size_t k = 0; k + sizeof(uint64_t) <= sizeof(*t); k += sizeof(uint64_t)) {
		uint64_t w;

		memcpy(&w, b + k, sizeof(w));
		h = (h ^ w) * 1099511628211ull;
	}
	return (size_t)(h >> 32) % TREE_CACHE;
}

/* @t on a reset core and register model, as tree_load_text() loads it */
static void load_tree(const struct fz_tree *t)
{
	struct loaded_tree *slot = &loaded[tree_slot(t)];
	char err[256];

	tree = &slot->tree;
	if (slot->valid && memcmp(&slot->key, t, sizeof(*t)) == 0) {
		snapshot_restore(slot->image, tree);
		return;
	}
	slot->valid = false;
	if (fz_tree_text(t, tree_text, sizeof(tree_text)) < 0)
		violation("tree text too long");
	if (tree_load_text(tree, "fuzz.clk", tree_text, err, sizeof(err)))
		violation("the generated tree does not load: %s\n%s", err, tree_text);
	/* in the slot's image's memory: see snapshot_take() */
	slot->image = snapshot_take(tree, slot->image);
	if (!slot->image)
		violation("out of memory for the image of the tree");
	slot->key = *t;
	slot->valid = true;
}

/* ==================== the run ==================== */

static void reset_driver(void)
{
	memset(handles, 0, sizeof(handles));
	nr_expected = -1;
	memset(watchers, 0, sizeof(watchers));
	nr_watchers = 0;
	lib_nev = 0;
}

int fz_run(const struct fz_prog *p, void *trace)
{
	/* the library's state before and after a call: the buffers take
	 * turns, a call's "after" being the next one's "before" */
	static struct fz_state state[2], want;
	struct fz_state *before, *after = &state[0];
	int done = 0;
	FILE *out = trace;

	prog = p;
	cur_op = -1;
	reset_driver();
	load_tree(&p->tree);
	for (int i = 0; i < p->tree.n; i++)
		if (tree->clocks[i].id != i)
			violation("%s registered as id %d", p->tree.c[i].name,
				  tree->clocks[i].id);
	model_load(&p->tree);
	read_state(after);
	model_state(&want);
	compare(after, &want, "model", false);
	check_invariants(after);

	for (cur_op = 0; cur_op < p->nops; cur_op++) {
		const struct fz_op *op = &p->ops[cur_op];
		char got[FZ_RESULT_LEN] = "", exp[FZ_RESULT_LEN] = "";
		struct fz_event mev[FZ_MAX_EVENTS];
		int mnev = 0;
		bool failed = false;
		uint32_t held = 0;

		/* the handles first, as the script takes them before the call */
		handles_taken = false;
		for (int k = 0; k < op->nrefs; k++)
			handle_of(op->refs[k]);
		if (op_has_handle(op->kind))
			handle_of(op->ref);
		/*
		 * The state before the call, and the holders of exclusivity,
		 * are what the last call's checks read, unless a handle was
		 * taken since: nothing else reaches the library between the
		 * two (the checks only read it).
		 */
		before = after;
		if (handles_taken) {
			read_state(before);
			scan_holders();
		}
		if (op_has_handle(op->kind))
			held = held_mask(handles[op->ref]->slot);
		if (!model_op(op, exp, mev, &mnev, &failed))
			continue;	/* a known defect: see model.c */
		lib_op(op, got);
		done++;
		if (out) {
			char line[160];

			fz_op_text(&p->tree, op, line, sizeof(line));
			for (int e = 0; e < lib_nev; e++)
				fprintf(out, "# %d %s %lu %lu\n", lib_ev[e].w,
					fz_event_name(lib_ev[e].event),
					lib_ev[e].old_rate, lib_ev[e].new_rate);
			fprintf(out, "%s == %s\n", line, got);
		}
		if (strcmp(got, exp) != 0)
			violation("result %s, the model says %s", got, exp);
		if (lib_nev != mnev)
			violation("%d notifier calls, the model says %d", lib_nev, mnev);
		for (int e = 0; e < mnev; e++)
			if (lib_ev[e].w != mev[e].w || lib_ev[e].event != mev[e].event ||
			    lib_ev[e].old_rate != mev[e].old_rate ||
			    lib_ev[e].new_rate != mev[e].new_rate)
				violation("notifier call %d: watcher %d %s %lu -> %lu, the model says watcher %d %s %lu -> %lu",
					  e + 1, lib_ev[e].w, fz_event_name(lib_ev[e].event),
					  lib_ev[e].old_rate, lib_ev[e].new_rate, mev[e].w,
					  fz_event_name(mev[e].event), mev[e].old_rate,
					  mev[e].new_rate);
		after = before == &state[0] ? &state[1] : &state[0];
		read_state(after);
		model_state(&want);
		compare(after, &want, "model", false);
		check_invariants(after);
		for (int i = 0; i < p->tree.n; i++)
			if ((held & 1u << i) &&
			    after->rate[i] != before->rate[i])
				violation("%s's rate was held against %s, it moved %lu -> %lu",
					  p->tree.c[i].name, ref_name(op->ref),
					  before->rate[i], after->rate[i]);
		if (failed)
			compare(after, before, "before", true);
	}
	return done;
}
