/* SPDX-License-Identifier: MIT */
/*
 * harness/fuzz/omap4_target.c - the second fuzz target, vclk_fuzz_omap4:
 * the built-in OMAP4430 tree (platform/omap4/omap4430.clk, loaded exactly
 * as `vclk run --platform omap4430` loads it: tree_load_text() of the
 * embedded text over the register model, once per process, then the same
 * registration again, kept as an image that every input starts from, see
 * check_loader()) driven by a
 * bounded sequence of consumer calls decoded from the input, with oracles
 * that do not trust the library and keep no model of the clock types'
 * arithmetic: they compare the library's state with itself (before and
 * after a call), with a re-load of the tree on the same register
 * contents, and with the references the sequence itself took.
 *
 * Input format (every byte past the end reads as 0):
 *
 *   call   := KIND CLOCK USER ARGS
 *   KIND   := byte % O4_NR_KINDS (enum o4_kind below)
 *   CLOCK  := 0xff NAME '\0'  (a clock by name: seeds survive a tree that
 *                              gains clocks)
 *           | byte            (the clock of index byte % nr_clocks, file order)
 *   USER   := byte            (bit 0: consumer handle u0 or u1 of the clock)
 *   ARGS   := set_rate, round_rate: RATE
 *             set_parent: byte (input index % (num_parents + 1); the extra
 *                         value: a clock that is not an input, CLOCK after)
 *             set_range:  RATE RATE (min, max)
 *             inject:     TYPE A B (failure for the next call only)
 *             others (exclusive_get, exclusive_put too): nothing
 *   RATE   := sel (% 7) then: 0 factor delta: current rate x factor + delta
 *             1 factor: vclk_round_rate() of that (an achievable rate)
 *             2 u32 LE   3: 0   4: ULONG_MAX   5 u64 LE
 *             6 byte: a rate of the table o4_rates[]
 *   inject TYPE % 4: 0 the tool's wrapper makes the B%3+1-th call of
 *             provider op A%4 (prepare, enable, set_parent, set_rate) of
 *             CLOCK fail with -EIO; 1 the IDLEST of CLOCK (a DPLL; else
 *             DPLL number A) stalls: a lock or bypass wait times out;
 *             2 the (A%32+1)-th register access fails; 3 every access
 *             to register number A of the tree's registers fails.
 *
 * At most O4_MAX_CALLS calls.  Oracles (a violation prints
 * "OMAP4 FUZZ VIOLATION: call N (...): ..." and aborts):
 *  (a) rollback: a call that returns an error leaves every clock's rate,
 *      parent, prepare and enable count, and every register the tree or
 *      the run touched, as they were; the one documented exception is a
 *      clock with no enable reference that the hardware ran and the
 *      rolled-back walk switched off (a DPLL the boot loader left locked),
 *      whose own registers may then differ;
 *  (b) clk_set_rate() success: clk_get_rate() is what vclk_round_rate()
 *      answered just before, and a clk_set_rate_range() success leaves the
 *      rate inside the range;
 *  (c) balance: a successful prepare/enable/disable/unprepare moves its
 *      clock's count by exactly one; enabled => prepared and a held
 *      clock's parent held, after every call; at the end every reference
 *      the sequence took is released (each release returns 0), every
 *      handle is put, every count is its boot count and every gate bit
 *      (module CLKCTRL, clock domain CLKSTCTRL, HS divider gate bit, basic
 *      gate bit) is its boot value;
 *  (d) cache exactness: after that, the core is reset and the tree
 *      registered again on the same register contents; every clock's
 *      rate and parent must be what the library had cached;
 *  (e) exclusivity: after a successful call through one handle, every
 *      clock another handle holds with clk_rate_exclusive_get() has the
 *      rate and parent it had before the call (the handles' holds are
 *      given back at the end, each put answering 0, before clk_put).
 * A successful call during which an injected register fault made an
 * access fail may legitimately leave a cached rate stale (recalc_rate has
 * no error value: the OMAP4 types answer 0) or a gate on (a void
 * disable): such an input skips the register part of (c) and (d), and
 * the rate check of (b) for that call.
 *
 * OMAP4_FUZZ_MUTANT (default 0) plants a defect for the self-check of
 * make check (harness/fuzz/omap4-check.sh): 1 a failed call leaves the
 * called clock's register changed (a rollback that forgot it), 2 the
 * round_rate answer is off by one, 3 a register changes behind the cache
 * before the re-load, 4 the release at the end skips one disable, 5
 * clk_rate_exclusive_get() answers 0 without taking the hold.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "platforms.h"
#include "replay.h"
#include "regmodel.h"
#include "snapshot.h"
#include "tree.h"
#include "vclk.h"

#ifndef OMAP4_FUZZ_MUTANT
#define OMAP4_FUZZ_MUTANT 0
#endif

#define O4_PLATFORM   "omap4430"
#define O4_MAX_CALLS  64
#define O4_USERS      2
#define O4_MAX_REGS   1024
#define O4_VIEW_DEPS  4		/* registers one is_enabled may read, see below */

enum o4_kind {
	O4_PREPARE,
	O4_ENABLE,
	O4_DISABLE,
	O4_UNPREPARE,
	O4_SET_RATE,
	O4_ROUND_RATE,
	O4_SET_PARENT,
	O4_SET_RANGE,
	O4_INJECT,
	O4_DROP_RANGE,
	O4_EXCL_GET,
	O4_EXCL_PUT,
	O4_NR_KINDS,
};

static const char *const kind_names[O4_NR_KINDS] = {
	"prepare", "enable", "disable", "unprepare", "set_rate",
	"round_rate", "set_parent", "set_rate_range", "inject", "drop_range",
	"exclusive_get", "exclusive_put",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* replay -v: print every call and its result */
static bool omap4_fuzz_verbose;

static const unsigned long o4_rates[] = {
	1008000000UL, 600000000UL, 800000000UL, 1600000000UL, 48000000UL,
	96000000UL, 192000000UL, 98304000UL, 196608000UL, 32768UL,
	12000000UL, 38400000UL, 960000000UL, 480000000UL, 1200000000UL,
	2000000000UL, 1UL, 64000000UL, 400000000UL, 200000000UL,
	100000000UL, 931200000UL, 768000000UL, 1536000000UL,
};

static const struct { unsigned int num, den; } o4_factors[] = {
	{ 1, 1 }, { 1, 2 }, { 2, 1 }, { 2, 3 }, { 3, 2 }, { 1, 4 }, { 4, 1 },
	{ 1, 3 }, { 3, 1 }, { 5, 4 }, { 4, 5 }, { 21, 20 }, { 5, 3 }, { 8, 5 },
	{ 1, 8 }, { 1000, 1 },
};

/* ==================== state of one input ==================== */

static struct tree T, T2;	/* the run's tree; the re-load of (d) */
static const struct vclk_platform *plat;
static int ncl;			/* clocks of the tree */
static struct snapshot *booted;	/* T loaded: where every input starts */

struct o4_handle {
	struct clk *clk;
	uint32_t prepares, enables;	/* references this handle holds */
	uint32_t excl;			/* clk_rate_exclusive_get()s it holds */
};
static struct o4_handle H[VCLK_MAX_CLOCKS][O4_USERS];

/* every register the tree names or any call touched */
static uint32_t reg_addr[O4_MAX_REGS];
static int nreg, nreg_tree;
static int nreg_boot;		/* and those the load touched */
/* where each address is in reg_addr[] (1 + its number; 0: a free slot):
 * every access of every call is looked up, and a search of the list for
 * each cost as much as the calls themselves */
#define O4_INDEX_SIZE (2 * O4_MAX_REGS)
_Static_assert((O4_INDEX_SIZE & (O4_INDEX_SIZE - 1)) == 0, "a power of two");
static int16_t reg_index[O4_INDEX_SIZE];
/* the bits a gate of the tree drives in each of those registers */
static uint32_t boot_gate_mask[O4_MAX_REGS];

/*
 * The registers written since the state was last taken (numbers into
 * reg_addr[], each once): only a write changes what a register holds
 * (harness/regmodel/), so those are the ones read again after a call.
 * When the log was full, accesses may have gone unlogged: all are.
 */
static int written[O4_MAX_REGS];
static int nwritten;
static bool is_written[O4_MAX_REGS];
static bool log_was_full;

struct o4_snap {
	unsigned long rate[VCLK_MAX_CLOCKS];
	int parent[VCLK_MAX_CLOCKS];
	uint32_t pc[VCLK_MAX_CLOCKS], ec[VCLK_MAX_CLOCKS];
	bool hw_on[VCLK_MAX_CLOCKS];
	int nreg;			/* reg[] holds reg_addr[0 .. nreg-1] */
	uint32_t reg[O4_MAX_REGS];
};
static struct o4_snap boot, before, after;
_Static_assert(sizeof(after.rate[0]) == sizeof(vclk_rate[0]) &&
	       sizeof(after.parent[0]) == sizeof(vclk_parent[0]) &&
	       sizeof(after.pc[0]) == sizeof(vclk_prepare_count[0]) &&
	       sizeof(after.ec[0]) == sizeof(vclk_enable_count[0]),
	       "read_core() copies the core's arrays");

/*
 * The call being checked, for messages: formatted only when one is
 * printed (a violation, or replay -v), not for every call.
 */
struct inject {
	int type;		/* -1: none */
	int clock, a, b;
};
static struct {
	const char *what;	/* the end of an input's steps; NULL: a call */
	int kind, i, u;
	unsigned long arg, arg2;
	int other;		/* set_parent: the new input, < 0 none */
	struct inject in;
} cur;
static int call_no;
static bool tainted;		/* see the header: skip (d) and gate bits */

/*
 * What the hardware view of each clock (clk_is_enabled_nolock(), an
 * is_enabled op or the enable count) last depended on: the registers that
 * evaluation read, and the enable count.  A view is asked again only when
 * one of them moved: the providers' is_enabled read nothing else, and the
 * answer of a clock that reads a register a follow hook drives, or more
 * than O4_VIEW_DEPS of them, is always asked again.
 */
static int view_dep[VCLK_MAX_CLOCKS][O4_VIEW_DEPS];
static int view_ndeps[VCLK_MAX_CLOCKS];
static bool view_always[VCLK_MAX_CLOCKS];

/*
 * The ops whose register failures the types swallow by design
 * (recalc_rate answers 0, disable and unprepare return nothing) are
 * wrapped once more, in the tool's wrapper struct that the core calls
 * (struct tree_clock.wrap): a failed access inside one of them is what
 * makes an input "tainted"; a failed access elsewhere (save_context,
 * is_enabled, an op that returns the error) is not.
 */
static struct vclk_ops orig_ops[VCLK_MAX_CLOCKS];
static bool swallowed;		/* a swallowed failure in this call */

static int log_errors_since(int from)
{
	int n = 0;

	for (int k = from; k < regmodel_log_len(); k++)
		n += regmodel_log_at(k)->err != 0;
	return n;
}

static const struct vclk_ops *orig_of(void *priv)
{
	return &orig_ops[(struct tree_clock *)priv - T.clocks];
}

static unsigned long s_recalc_rate(void *priv, unsigned long parent_rate)
{
	int from = regmodel_log_len();
	unsigned long r = orig_of(priv)->recalc_rate(priv, parent_rate);

	swallowed |= log_errors_since(from) > 0;
	return r;
}

static void s_disable(void *priv)
{
	int from = regmodel_log_len();

	orig_of(priv)->disable(priv);
	swallowed |= log_errors_since(from) > 0;
}

static void s_unprepare(void *priv)
{
	int from = regmodel_log_len();

	orig_of(priv)->unprepare(priv);
	swallowed |= log_errors_since(from) > 0;
}

static void wrap_swallowing_ops(void)
{
	for (int i = 0; i < T.desc.nr_clocks; i++) {
		struct vclk_ops *w = &T.clocks[i].wrap;

		orig_ops[i] = *w;
		if (w->recalc_rate)
			w->recalc_rate = s_recalc_rate;
		if (w->disable)
			w->disable = s_disable;
		if (w->unprepare)
			w->unprepare = s_unprepare;
	}
}

static void describe_call(char *buf, size_t size);

static void violation(const char *fmt, ...)
{
	char desc[160];
	va_list ap;

	fflush(stdout);
	describe_call(desc, sizeof(desc));
	fprintf(stderr, "OMAP4 FUZZ VIOLATION: call %d (%s): ", call_no, desc);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

static void trace(const char *fmt, ...)
{
	va_list ap;

	if (!omap4_fuzz_verbose)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

static const char *cname(int i)
{
	return i >= 0 && i < ncl ? T.desc.clocks[i].name : "(none)";
}

static int cid(int i)
{
	return T.clocks[i].id;
}

/* ==================== registers ==================== */

/* the slot of reg_index[] that holds @a, or the free one where it goes */
static unsigned int index_slot(uint32_t a)
{
	unsigned int k = (a * 2654435761u) & (O4_INDEX_SIZE - 1);

	while (reg_index[k] && reg_addr[reg_index[k] - 1] != a)
		k = (k + 1) & (O4_INDEX_SIZE - 1);
	return k;
}

/* @a's number in reg_addr[], -1 if it has none */
static int known_reg(uint32_t a)
{
	return reg_index[index_slot(a)] - 1;
}

/* @a's number in reg_addr[], given one if new; -1 once the list is full */
static int reg_number(uint32_t a)
{
	unsigned int k = index_slot(a);

	if (reg_index[k])
		return reg_index[k] - 1;
	if (nreg == O4_MAX_REGS)
		return -1;
	reg_addr[nreg] = a;
	reg_index[k] = (int16_t)++nreg;
	return nreg - 1;
}

/* back to the registers every input starts with, the newest forgotten
 * first, so that each is found where its insertion put it */
static void forget_run_regs(void)
{
	while (nreg > nreg_boot) {
		nreg--;
		reg_index[index_slot(reg_addr[nreg])] = 0;
	}
}

/* the registers of clock @i's .clk line */
static int clock_regs(const struct clkdesc_clock *c, uint32_t out[4])
{
	int n = 0;

	switch (c->type) {
	case CLKDESC_DPLL:
		out[n++] = c->clkmode;
		out[n++] = c->idlest;
		out[n++] = c->clksel;
		break;
	case CLKDESC_FIXED:
	case CLKDESC_SYNTH:
	case CLKDESC_FIXED_FACTOR:
		break;
	default:
		out[n++] = c->field.reg;
		break;
	}
	return n;
}

/* the bits of register @addr that a gate of the tree drives */
static uint32_t gate_mask(uint32_t addr)
{
	uint32_t m = 0;

	for (int i = 0; i < T.desc.nr_clkdms; i++)
		if (T.desc.clkdms[i].reg == addr)
			m = ~0u;
	for (int i = 0; i < ncl; i++) {
		const struct clkdesc_clock *c = &T.desc.clocks[i];

		if (c->field.reg != addr)
			continue;
		if (c->type == CLKDESC_MODGATE)
			m |= c->type_flags & CLKDESC_MODGATE_BIT ?
			     1u << c->field.shift : 3u;	/* MODULEMODE */
		else if (c->type == CLKDESC_HSDIV)
			m |= 1u << 8;	/* the divider's gate-control bit */
		else if (c->type == CLKDESC_GATE)
			m |= 1u << c->field.shift;
	}
	return m;
}

static void collect_tree_addrs(void)
{
	const struct clkdesc *d = &T.desc;

	nreg = 0;
	memset(reg_index, 0, sizeof(reg_index));
	for (int i = 0; i < d->nr_regs; i++)
		(void)reg_number(d->regs[i].addr);
	for (int i = 0; i < d->nr_clkdms; i++)
		(void)reg_number(d->clkdms[i].reg);
	for (int i = 0; i < d->nr_clocks; i++) {
		uint32_t r[4];
		int n = clock_regs(&d->clocks[i], r);

		for (int k = 0; k < n; k++)
			(void)reg_number(r[k]);
	}
	nreg_tree = nreg;
}

static void mark_written(int k)
{
	if (k < 0 || is_written[k])
		return;
	is_written[k] = true;
	written[nwritten++] = k;
}

static void forget_written(void)
{
	while (nwritten)
		is_written[written[--nwritten]] = false;
	log_was_full = false;
}

/*
 * The accesses logged since the log was last cleared, which it then is:
 * every write marks its register written; with @track_new, every address
 * becomes a register of reg_addr[] (an access defines a register) and
 * every failure is traced.  Return: whether an access failed.
 */
static bool take_log(bool track_new)
{
	bool failed = false;
	int n = regmodel_log_len();

	if (n == REGMODEL_LOG_LEN)
		log_was_full = true;
	for (int k = 0; k < n; k++) {
		const struct regmodel_access *a = regmodel_log_at(k);
		int r = track_new ? reg_number(a->addr) : known_reg(a->addr);

		if (a->err) {
			failed = true;
			if (track_new)
				trace("    %s 0x%08x failed: %s\n",
				      a->write ? "write" : "read", a->addr,
				      tree_errname(a->err));
		} else if (a->write) {
			mark_written(r);
		}
	}
	regmodel_log_clear();
	return failed;
}

/* an undefined register reads as its reset value 0 once accessed */
static uint32_t peek0(uint32_t addr)
{
	uint32_t v = 0;

	return regmodel_peek(addr, &v) ? 0 : v;
}

/*
 * The hardware's view of clock @i, and what it depended on (view_dep[]):
 * asks the provider, so before any fault is armed and after every fault is
 * cleared; the caller holds the enable lock that clk_is_enabled() takes.
 */
static bool view_clock(int i)
{
	int from = regmodel_log_len();
	bool on = clk_is_enabled_nolock(&vclk_handles[cid(i)]);
	int to = regmodel_log_len();

	view_ndeps[i] = 0;
	view_always[i] = to == REGMODEL_LOG_LEN || to - from > O4_VIEW_DEPS;
	for (int k = from; k < to && !view_always[i]; k++) {
		const struct regmodel_access *a = regmodel_log_at(k);
		int r = reg_number(a->addr);

		if (r < 0 || regmodel_has_hook(a->addr))
			view_always[i] = true;
		else
			view_dep[i][view_ndeps[i]++] = r;
	}
	return on;
}

/* whether what clock @i's view depended on moved since @was was taken */
static bool view_moved(int i, const struct o4_snap *was, const struct o4_snap *now)
{
	if (view_always[i] || log_was_full || now->ec[i] != was->ec[i])
		return true;
	for (int k = 0; k < view_ndeps[i]; k++)
		if (is_written[view_dep[i][k]])
			return true;
	return false;
}

/*
 * The core's side is read straight from its arrays (core/vclk_state.h):
 * the accessors of core/vclk.h answer these very entries for a registered
 * id, and taking the locks three times per clock, for every clock, after
 * every call was a large part of the run.  Clock i is core id i
 * (check_loader()), so each array is one copy.
 */
static void read_core(struct o4_snap *s)
{
	memcpy(s->rate, vclk_rate, (size_t)ncl * sizeof(s->rate[0]));
	memcpy(s->parent, vclk_parent, (size_t)ncl * sizeof(s->parent[0]));
	memcpy(s->pc, vclk_prepare_count, (size_t)ncl * sizeof(s->pc[0]));
	memcpy(s->ec, vclk_enable_count, (size_t)ncl * sizeof(s->ec[0]));
}

/* the state, every part of it read afresh */
static void take_snap(struct o4_snap *s)
{
	unsigned long flags;

	read_core(s);
	flags = vclk_enable_lock();
	for (int i = 0; i < ncl; i++)
		s->hw_on[i] = view_clock(i);
	vclk_enable_unlock(flags);
	(void)take_log(true);
	s->nreg = nreg;
	for (int k = 0; k < nreg; k++)
		s->reg[k] = peek0(reg_addr[k]);
	forget_written();
}

/*
 * after, which held the state before the call, brought up to date with
 * what the call could change: the core's entries, the registers written
 * (and those first touched), the views whose dependencies moved.  The same
 * state take_snap() reads, for a fraction of its reads.
 */
static void update_after(void)
{
	unsigned long flags;
	int from = after.nreg;

	read_core(&after);
	flags = vclk_enable_lock();
	for (int i = 0; i < ncl; i++)
		if (view_moved(i, &before, &after))
			after.hw_on[i] = view_clock(i);
	vclk_enable_unlock(flags);
	(void)take_log(true);
	if (log_was_full)
		from = 0;
	for (int w = 0; w < nwritten && from > 0; w++)
		after.reg[written[w]] = peek0(reg_addr[written[w]]);
	for (int k = from; k < nreg; k++)
		after.reg[k] = peek0(reg_addr[k]);
	after.nreg = nreg;
	forget_written();
}

/*
 * register number @k in @s: a register first touched after @s was taken
 * was not defined then, and reads as its reset value 0 once accessed
 */
static uint32_t snap_reg(const struct o4_snap *s, int k)
{
	return k < s->nreg ? s->reg[k] : 0;
}

/* ==================== loading ==================== */

/*
 * The tree is parsed once per process (tree_load_text(), the first input)
 * and registered again on what the parse left (tree_load_registers(),
 * tree_reregister()); that load is kept as an image (snapshot.h) which
 * every input starts from, and (d) registers the parse once more on the
 * run's registers.  Parsing the OMAP4430 text and registering its clocks
 * for every input cost more than the input's calls.  check_loader() holds
 * the re-load and the image to tree_load_text() at the first input of
 * every process (make check replays every seed in a process of its own).
 */
static void load_registers(const struct tree *t)
{
	char err[CLKPARSE_ERR_LEN];

	if (tree_load_registers(t, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		abort();
	}
}

/* what tree_load_text() does after its parse (tree.c, tree_register()) */
static void load_tree(struct tree *t)
{
	char err[CLKPARSE_ERR_LEN];

	vclk_reset();
	load_registers(t);
	if (tree_reregister(t, err, sizeof(err))) {
		fprintf(stderr, "%s does not load: %s\n", t->path, err);
		abort();
	}
}

/* what a load leaves, as far as the runs can tell */
struct o4_loaded {
	unsigned long rate[VCLK_MAX_CLOCKS];
	int parent[VCLK_MAX_CLOCKS];
	uint32_t pc[VCLK_MAX_CLOCKS], ec[VCLK_MAX_CLOCKS];
	int nr_defined;			/* regmodel_count() */
	uint32_t reg[O4_MAX_REGS];	/* the tree's registers */
	uint32_t idlest[VCLK_MAX_CLOCKS][3][4];	/* see below */
};

static void take_loaded(struct o4_loaded *l)
{
	static const uint32_t modes[3] = {
		OMAP4_DPLL_EN_LOCK, OMAP4_DPLL_EN_MN_BYPASS, OMAP4_DPLL_EN_STOP,
	};

	memset(l, 0, sizeof(*l));
	for (int i = 0; i < ncl; i++) {
		l->rate[i] = vclk_rate[cid(i)];
		l->parent[i] = vclk_parent[cid(i)];
		l->pc[i] = vclk_prepare_count[cid(i)];
		l->ec[i] = vclk_enable_count[cid(i)];
	}
	l->nr_defined = regmodel_count();
	for (int k = 0; k < nreg_tree; k++)
		l->reg[k] = peek0(reg_addr[k]);
	/* the follow hooks: each DPLL's IDLEST read after each CLKMODE mode
	 * (this changes the registers: a load follows) */
	for (int i = 0; i < ncl; i++) {
		const struct clkdesc_clock *c = &T.desc.clocks[i];
		uint32_t mode = 0;

		if (c->type != CLKDESC_DPLL)
			continue;
		for (int m = 0; m < 3; m++) {
			uint32_t *seen = l->idlest[i][m];

			(void)vclk_readl(c->clkmode, &mode);
			mode = (mode & ~OMAP4_DPLL_EN_MASK) | modes[m];
			(void)vclk_writel(c->clkmode, mode);
			for (int r = 0; r < 4; r++)
				(void)vclk_readl(c->idlest, &seen[r]);
		}
	}
}

static void same_as_loaded(const struct o4_loaded *ref, const char *how)
{
	static struct o4_loaded now;

	take_loaded(&now);
	if (memcmp(ref, &now, sizeof(now)) != 0) {
		fprintf(stderr, "omap4_target.c: %s no longer gives %s as "
			"tree_load_text() loads it\n", how, plat->path);
		abort();
	}
}

/*
 * The first input of a process: the parse, by tree_load_text() itself;
 * the load every input starts from, kept as an image; and the check that
 * load_tree() and the image each leave the same clocks, registers and
 * DPLL status behaviour as tree_load_text() does.
 */
static void check_loader(void)
{
	static struct o4_loaded ref;
	char err[CLKPARSE_ERR_LEN];

	if (tree_load_text(&T, plat->path, plat->text, err, sizeof(err))) {
		fprintf(stderr, "%s does not load: %s\n", plat->path, err);
		abort();
	}
	ncl = T.desc.nr_clocks;
	/* the tool registers in file order: read_core() counts on it */
	for (int i = 0; i < ncl; i++)
		if (cid(i) != i) {
			fprintf(stderr, "omap4_target.c: %s registered as id %d, "
				"not %d\n", cname(i), cid(i), i);
			abort();
		}
	collect_tree_addrs();
	take_loaded(&ref);
	load_tree(&T);
	booted = snapshot_take(&T, NULL);
	if (!booted) {
		fprintf(stderr, "omap4_target.c: out of memory\n");
		abort();
	}
	/* the registers the registration touched, tracked by every input
	 * after the tree's own, in this order */
	(void)take_log(true);
	forget_written();
	nreg_boot = nreg;
	for (int k = 0; k < nreg_boot; k++)
		boot_gate_mask[k] = gate_mask(reg_addr[k]);
	same_as_loaded(&ref, "load_tree()");
	snapshot_restore(booted, &T);
	same_as_loaded(&ref, "the image of load_tree()");
	/* (d)'s tree: the same parse */
	T2.path = T.path;
	T2.desc = T.desc;
}

/* ==================== input ==================== */

struct cursor {
	const uint8_t *d;
	size_t n, pos;
};

static uint8_t byte(struct cursor *c)
{
	return c->pos < c->n ? c->d[c->pos++] : 0;
}

static uint64_t le(struct cursor *c, int bytes)
{
	uint64_t v = 0;

	for (int k = 0; k < bytes; k++)
		v |= (uint64_t)byte(c) << (8 * k);
	return v;
}

/* CLOCK: an index, or -1 for a name the tree lacks */
static int clock_ref(struct cursor *c)
{
	uint8_t b = byte(c);
	char name[VCLK_NAME_LEN];
	size_t k = 0;

	if (b != 0xff)
		return b % ncl;
	for (;;) {
		uint8_t ch = byte(c);

		if (ch == 0)
			break;
		if (k + 1 < sizeof(name))
			name[k++] = (char)ch;
	}
	name[k] = '\0';
	return tree_find(&T, name);
}

static unsigned long scaled(unsigned long cur, uint8_t f, int8_t delta)
{
	unsigned __int128 v = (unsigned __int128)cur *
			      o4_factors[f % (sizeof(o4_factors) / sizeof(o4_factors[0]))].num /
			      o4_factors[f % (sizeof(o4_factors) / sizeof(o4_factors[0]))].den;

	if (delta < 0 && v < (unsigned __int128)-delta)
		return 0;
	v = delta < 0 ? v - (unsigned)(-delta) : v + (unsigned)delta;
	return v > ULONG_MAX ? ULONG_MAX : (unsigned long)v;
}

/* RATE for handle @h */
static unsigned long rate_arg(struct cursor *c, struct clk *h)
{
	uint8_t sel = byte(c) % 7;
	unsigned long cur = clk_get_rate(h), r = 0;

	switch (sel) {
	case 0: {
		uint8_t f = byte(c);

		return scaled(cur, f, (int8_t)byte(c));
	}
	case 1:
		if (vclk_round_rate(h, scaled(cur, byte(c), 0), &r))
			return cur;
		return r;
	case 2:
		return (unsigned long)le(c, 4);
	case 3:
		return 0;
	case 4:
		return ULONG_MAX;
	case 5:
		return (unsigned long)le(c, 8);
	default:
		return o4_rates[byte(c) % (sizeof(o4_rates) / sizeof(o4_rates[0]))];
	}
}

/* ==================== failure injection ==================== */

static int dpll_by_number(int a)
{
	int n = 0;

	for (int i = 0; i < ncl; i++)
		if (T.desc.clocks[i].type == CLKDESC_DPLL)
			n++;
	if (n == 0)
		return -1;
	a %= n;
	for (int i = 0; i < ncl; i++)
		if (T.desc.clocks[i].type == CLKDESC_DPLL && a-- == 0)
			return i;
	return -1;
}

static void arm(const struct inject *in)
{
	switch (in->type) {
	case 0:
		(void)tree_arm_fail(&T, in->clock, (enum tree_op)(in->a % 4),
				    in->b % 3 + 1);
		break;
	case 1: {
		int d = T.desc.clocks[in->clock].type == CLKDESC_DPLL ?
			in->clock : dpll_by_number(in->a);

		if (d >= 0)
			(void)regmodel_stall(T.desc.clocks[d].idlest);
		break;
	}
	case 2:
		(void)regmodel_fail_nth(in->a % 32 + 1, -VCLK_EIO);
		break;
	case 3:
		if (nreg_tree)
			(void)regmodel_fail_addr(reg_addr[in->a % nreg_tree],
						 -VCLK_EIO);
		break;
	default:
		break;
	}
}

static void disarm(void)
{
	regmodel_clear_faults();
	for (int i = 0; i < ncl; i++)
		memset(T.clocks[i].armed, 0, sizeof(T.clocks[i].armed));
}

static void describe_inject(char *buf, size_t sz, const struct inject *in)
{
	static const char *const ops[] = { "prepare", "enable", "set_parent",
					   "set_rate" };

	switch (in->type) {
	case 0:
		snprintf(buf, sz, " [fail %s %s %d]", cname(in->clock),
			 ops[in->a % 4], in->b % 3 + 1);
		break;
	case 1:
		snprintf(buf, sz, " [stall idlest of %s]",
			 cname(T.desc.clocks[in->clock].type == CLKDESC_DPLL ?
			       in->clock : dpll_by_number(in->a)));
		break;
	case 2:
		snprintf(buf, sz, " [fail access %d]", in->a % 32 + 1);
		break;
	case 3:
		snprintf(buf, sz, " [fault 0x%08x]",
			 nreg_tree ? reg_addr[in->a % nreg_tree] : 0);
		break;
	default:
		buf[0] = '\0';
	}
}

static void describe_call(char *buf, size_t size)
{
	char inj[96];
	int n;

	if (cur.what) {
		snprintf(buf, size, "%s", cur.what);
		return;
	}
	describe_inject(inj, sizeof(inj), &cur.in);
	n = snprintf(buf, size, "%s %s@u%d", kind_names[cur.kind], cname(cur.i),
		     cur.u);
	if (n < 0 || (size_t)n >= size)
		return;
	if (cur.kind == O4_SET_RATE || cur.kind == O4_ROUND_RATE)
		n += snprintf(buf + n, size - (size_t)n, " %lu", cur.arg);
	else if (cur.kind == O4_SET_RANGE)
		n += snprintf(buf + n, size - (size_t)n, " %lu %lu", cur.arg,
			      cur.arg2);
	else if (cur.kind == O4_SET_PARENT)
		n += snprintf(buf + n, size - (size_t)n, " %s",
			      cur.other >= 0 ? cname(cur.other) :
			      "(unregistered input)");
	if (n >= 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, "%s", inj);
}

/* ==================== oracles ==================== */

/* the registers of clock @i's line include @addr */
static bool own_reg(int i, uint32_t addr)
{
	uint32_t r[4];
	int n = clock_regs(&T.desc.clocks[i], r);

	for (int k = 0; k < n; k++)
		if (r[k] == addr)
			return true;
	return false;
}

/* (a): after a failed call, nothing changed */
static void check_rollback(int err)
{
	bool off[VCLK_MAX_CLOCKS];

	for (int i = 0; i < ncl; i++) {
		if (after.rate[i] != before.rate[i])
			violation("failed with %s but %s's rate moved %lu -> %lu",
				  tree_errname(err), cname(i), before.rate[i],
				  after.rate[i]);
		if (after.parent[i] != before.parent[i])
			violation("failed with %s but %s's parent moved %s -> %s",
				  tree_errname(err), cname(i),
				  vclk_clock_name(before.parent[i]),
				  vclk_clock_name(after.parent[i]));
		if (after.pc[i] != before.pc[i] || after.ec[i] != before.ec[i])
			violation("failed with %s but %s's counts moved "
				  "prepare %u -> %u, enable %u -> %u",
				  tree_errname(err), cname(i), before.pc[i],
				  after.pc[i], before.ec[i], after.ec[i]);
		/* the documented exception: a walk rolled back switches off
		 * a clock that ran with no reference */
		off[i] = before.ec[i] == 0 && before.hw_on[i] && !after.hw_on[i];
		if (after.hw_on[i] != before.hw_on[i] && !off[i])
			violation("failed with %s but %s's hardware went %s -> %s",
				  tree_errname(err), cname(i),
				  before.hw_on[i] ? "on" : "off",
				  after.hw_on[i] ? "on" : "off");
	}
	for (int k = 0; k < nreg; k++) {
		bool excused = false;

		if (snap_reg(&after, k) == snap_reg(&before, k))
			continue;
		for (int i = 0; i < ncl && !excused; i++)
			excused = off[i] && own_reg(i, reg_addr[k]);
		if (!excused)
			violation("failed with %s but register 0x%08x moved "
				  "0x%08x -> 0x%08x", tree_errname(err),
				  reg_addr[k], snap_reg(&before, k),
				  snap_reg(&after, k));
	}
}

/* (c), after every call: the library's counts against its own tree */
static void check_structure(void)
{
	for (int i = 0; i < ncl; i++) {
		int p = after.parent[i];

		if (after.ec[i] && !after.pc[i])
			violation("%s enabled (%u) but not prepared", cname(i),
				  after.ec[i]);
		if (p < 0)
			continue;
		if (after.pc[i] && !vclk_clock_prepare_count(p))
			violation("%s prepared but its parent %s is not",
				  cname(i), vclk_clock_name(p));
		if (after.ec[i] && !vclk_clock_enable_count(p))
			violation("%s enabled but its parent %s is not",
				  cname(i), vclk_clock_name(p));
	}
}

static void check_count_step(int i, const char *what, uint32_t was,
			     uint32_t now, int step)
{
	if ((int64_t)now != (int64_t)was + step)
		violation("succeeded but %s's %s count went %u -> %u (expected %+d)",
			  cname(i), what, was, now, step);
}

/* ==================== one call ==================== */

static struct clk *handle(int i, int u)
{
	struct o4_handle *h = &H[i][u];

	if (!h->clk) {
		char dev[8];

		snprintf(dev, sizeof(dev), "u%d", u);
		if (vclk_get(dev, T.desc.clocks[i].name, &h->clk))
			h->clk = NULL;
	}
	return h->clk;
}

/*
 * (e) exclusivity: a successful call through handle (@i, @u) leaves the
 * rate and parent of every clock another handle holds exclusively as they
 * were (core/vclk.h: such a clock is protected against every other
 * handle, and so are its ancestors); a call whose register access failed
 * silently is not judged (its recalc may have read 0)
 */
static void check_exclusive(int i, int u)
{
	if (swallowed)
		return;
	for (int k = 0; k < ncl; k++)
		for (int w = 0; w < O4_USERS; w++) {
			if (!H[k][w].excl || (k == i && w == u))
				continue;
			if (after.rate[k] != before.rate[k] ||
			    after.parent[k] != before.parent[k])
				violation("%s@u%d holds %s's rate exclusively, "
					  "yet it moved (%lu -> %lu)", cname(k),
					  w, cname(k), before.rate[k],
					  after.rate[k]);
		}
}

/* run one call; false when the input is used up */
static bool one_call(struct cursor *c, struct inject *pending)
{
	struct inject in = *pending;
	uint8_t kind;
	int i, u, other = -1, ret = 0, rret = -1;
	unsigned long arg = 0, arg2 = 0, rounded = 0;
	struct clk *h;
	bool fault_hit;

	if (c->pos >= c->n)
		return false;
	kind = byte(c) % O4_NR_KINDS;
	i = clock_ref(c);
	u = byte(c) % O4_USERS;
	pending->type = -1;
	if (i < 0) {
		/* a name the tree lacks: skip the call, keep decoding */
		if (kind == O4_SET_RATE || kind == O4_ROUND_RATE)
			(void)rate_arg(c, NULL);
		else if (kind == O4_SET_RANGE) {
			(void)rate_arg(c, NULL);
			(void)rate_arg(c, NULL);
		} else if (kind == O4_SET_PARENT || kind == O4_INJECT) {
			(void)byte(c);
			if (kind == O4_INJECT) {
				(void)byte(c);
				(void)byte(c);
			}
		}
		return true;
	}
	if (kind == O4_INJECT) {
		pending->type = byte(c) % 4;
		pending->clock = i;
		pending->a = byte(c);
		pending->b = byte(c);
		return true;
	}
	h = handle(i, u);
	if (!h) {
		/* no handle free: the call has nothing to go through */
		(void)c;
		return true;
	}
	call_no++;
	/* nothing changed since the last call's "after" (handles and
	 * round_rate change no state, and after holds every register
	 * touched): reuse it */
	before = after;

	switch (kind) {
	case O4_SET_RATE:
		arg = rate_arg(c, h);
		rret = vclk_round_rate(h, arg, &rounded);
#if OMAP4_FUZZ_MUTANT == 2
		rounded++;
#endif
		break;
	case O4_ROUND_RATE:
		/* no answer beforehand: the call is the round_rate */
		arg = rate_arg(c, h);
		break;
	case O4_SET_RANGE:
		arg = rate_arg(c, h);
		arg2 = rate_arg(c, h);
		break;
	case O4_SET_PARENT: {
		int np = vclk_clock_num_parents(cid(i));
		int k = byte(c) % (np + 1);

		if (k < np) {
			int pid = vclk_clock_parent_id(cid(i), k);

			other = -2 - k;		/* an input not registered */
			for (int j = 0; j < ncl; j++)
				if (cid(j) == pid && pid >= 0)
					other = j;
		} else {
			other = clock_ref(c);
		}
		break;
	}
	default:
		break;
	}
	cur.what = NULL;
	cur.kind = kind;
	cur.i = i;
	cur.u = u;
	cur.arg = arg;
	cur.arg2 = arg2;
	cur.other = other;
	cur.in = in;

	/* a write before the call (a round_rate above) is the call's, as a
	 * full read of the registers after it would find */
	(void)take_log(false);
	arm(&in);
	swallowed = false;
	switch (kind) {
	case O4_PREPARE:
		ret = clk_prepare(h);
		break;
	case O4_ENABLE:
		ret = clk_enable(h);
		break;
	case O4_DISABLE:
		ret = vclk_disable(h);
		break;
	case O4_UNPREPARE:
		ret = vclk_unprepare(h);
		break;
	case O4_SET_RATE:
		ret = clk_set_rate(h, arg);
		break;
	case O4_ROUND_RATE:
		ret = vclk_round_rate(h, arg, &rounded);
		break;
	case O4_SET_PARENT:
		ret = clk_set_parent(h, other >= 0 ?
				     vclk_clock_handle(cid(other)) : NULL);
		break;
	case O4_SET_RANGE:
		ret = clk_set_rate_range(h, arg, arg2);
		break;
	case O4_DROP_RANGE:
		ret = clk_drop_range(h);
		break;
	case O4_EXCL_GET:
#if OMAP4_FUZZ_MUTANT == 5
		ret = 0;	/* the hold answered but never taken */
#else
		ret = clk_rate_exclusive_get(h);
#endif
		break;
	case O4_EXCL_PUT:
		ret = vclk_rate_exclusive_put(h);
		break;
	default:
		break;
	}
	fault_hit = take_log(true);
	disarm();
	if (omap4_fuzz_verbose) {
		char desc[160];

		describe_call(desc, sizeof(desc));
		if (kind == O4_ROUND_RATE)
			trace("%3d %s == %s (%lu)\n", call_no, desc,
			      ret ? tree_errname(ret) : "0", ret ? 0 : rounded);
		else
			trace("%3d %s == %s%s\n", call_no, desc,
			      ret ? tree_errname(ret) : "0",
			      fault_hit ? " (a register access failed)" : "");
	}
	update_after();

#if OMAP4_FUZZ_MUTANT == 1
	/* a rollback that forgot the called clock's register */
	if (ret) {
		uint32_t r[4];

		if (clock_regs(&T.desc.clocks[i], r)) {
			regmodel_poke(r[0], peek0(r[0]) ^ 0x100u);
			take_snap(&after);
		}
	}
#endif
	check_structure();
	if (ret) {
		check_rollback(ret);
		return true;
	}
	if (swallowed) {
		tainted = true;
		trace("    (a register failure swallowed by recalc_rate, disable "
		      "or unprepare: (d) and the gate bits of (c) are skipped "
		      "for this input)\n");
	}
	switch (kind) {
	case O4_PREPARE:
		H[i][u].prepares++;
		check_count_step(i, "prepare", before.pc[i], after.pc[i], 1);
		break;
	case O4_ENABLE:
		H[i][u].enables++;
		check_count_step(i, "enable", before.ec[i], after.ec[i], 1);
		break;
	case O4_DISABLE:
		if (!H[i][u].enables)
			violation("disable succeeded on a handle that holds no enable");
		H[i][u].enables--;
		check_count_step(i, "enable", before.ec[i], after.ec[i], -1);
		break;
	case O4_UNPREPARE:
		if (!H[i][u].prepares)
			violation("unprepare succeeded on a handle that holds no prepare");
		H[i][u].prepares--;
		check_count_step(i, "prepare", before.pc[i], after.pc[i], -1);
		break;
	case O4_SET_RATE:
		/* (b) the rate is what round_rate promised */
		if (!swallowed && rret == 0 && clk_get_rate(h) != rounded)
			violation("set_rate succeeded at %lu but round_rate "
				  "answered %lu just before", clk_get_rate(h),
				  rounded);
		break;
	case O4_ROUND_RATE:
		/* planning touches nothing */
		for (int k = 0; k < nreg; k++)
			if (snap_reg(&after, k) != snap_reg(&before, k))
				violation("round_rate wrote register 0x%08x",
					  reg_addr[k]);
		break;
	case O4_EXCL_GET:
		H[i][u].excl++;
		break;
	case O4_EXCL_PUT:
		/* a put without a get is a no-op (core/vclk.h) */
		if (H[i][u].excl)
			H[i][u].excl--;
		break;
	case O4_SET_RANGE:
		if (!swallowed && (clk_get_rate(h) < arg || clk_get_rate(h) > arg2))
			violation("set_rate_range succeeded but the rate %lu "
				  "is outside [%lu, %lu]", clk_get_rate(h),
				  arg, arg2);
		break;
	default:
		break;
	}
	check_exclusive(i, u);
	if (kind != O4_SET_PARENT && kind != O4_SET_RATE &&
	    kind != O4_SET_RANGE && kind != O4_DROP_RANGE)
		for (int j = 0; j < ncl; j++)
			if (after.rate[j] != before.rate[j] ||
			    after.parent[j] != before.parent[j])
				violation("%s changed %s's rate or parent "
					  "(%lu -> %lu)", kind_names[kind],
					  cname(j), before.rate[j], after.rate[j]);
	return true;
}

/* ==================== the end of an input ==================== */

/* (c): release everything, back to boot */
static void release_all(void)
{
	int skip = OMAP4_FUZZ_MUTANT == 4 ? 1 : 0;

	call_no++;
	cur.what = "release at the end";
	for (int i = 0; i < ncl; i++)
		for (int u = 0; u < O4_USERS; u++) {
			struct o4_handle *h = &H[i][u];

			while (h->enables) {
				int ret = skip-- > 0 ? 0 : vclk_disable(h->clk);

				if (ret)
					violation("vclk_disable of %s@u%d (holding %u) "
						  "returned %s", cname(i), u,
						  h->enables, tree_errname(ret));
				h->enables--;
			}
		}
	for (int i = 0; i < ncl; i++)
		for (int u = 0; u < O4_USERS; u++) {
			struct o4_handle *h = &H[i][u];

			while (h->prepares) {
				int ret = vclk_unprepare(h->clk);

				if (ret && !(OMAP4_FUZZ_MUTANT == 4 && ret == -VCLK_EBUSY))
					violation("vclk_unprepare of %s@u%d (holding %u) "
						  "returned %s", cname(i), u,
						  h->prepares, tree_errname(ret));
				h->prepares--;
			}
		}
	for (int i = 0; i < ncl; i++) {
		if (vclk_clock_prepare_count(cid(i)) != boot.pc[i] ||
		    vclk_clock_enable_count(cid(i)) != boot.ec[i])
			violation("after the release %s's counts are prepare %u, "
				  "enable %u; at boot %u, %u", cname(i),
				  vclk_clock_prepare_count(cid(i)),
				  vclk_clock_enable_count(cid(i)), boot.pc[i],
				  boot.ec[i]);
	}
	for (int i = 0; i < ncl; i++)
		for (int u = 0; u < O4_USERS; u++) {
			struct o4_handle *h = &H[i][u];
			int ret;

			if (!h->clk)
				continue;
			for (; h->excl; h->excl--) {
				ret = vclk_rate_exclusive_put(h->clk);
				if (ret)
					violation("exclusive_put of %s@u%d returned %s",
						  cname(i), u, tree_errname(ret));
			}
			ret = clk_put(h->clk);
			if (ret)
				violation("clk_put of %s@u%d returned %s", cname(i),
					  u, tree_errname(ret));
			h->clk = NULL;
		}
	if (tainted)
		return;
	for (int k = 0; k < nreg; k++) {
		uint32_t m = k < nreg_boot ? boot_gate_mask[k] :
			     gate_mask(reg_addr[k]);
		uint32_t now = peek0(reg_addr[k]);
		uint32_t was = snap_reg(&boot, k);

		if ((now & m) != (was & m))
			violation("after the release gate bits 0x%08x of register "
				  "0x%08x are 0x%08x; at boot 0x%08x", m,
				  reg_addr[k], now & m, was & m);
	}
}

/* what (d) compares of clock id @id: its cached rate and its parent's
 * name, as the core's accessors answer them */
static unsigned long cached_rate(int id)
{
	return vclk_clock_rate(id);
}

static const char *parent_name(int id)
{
	return vclk_clock_parent(id) >= 0 ?
	       vclk_clock_name(vclk_clock_parent(id)) : "(none)";
}

/*
 * (d) registers the tree on the run's last register contents, which costs
 * as much as the rest of an input, while a fuzzer's inputs end on few
 * contents (one in thirteen was new over 20 000 runs from the seeds).  A
 * registration on given contents
 * gives the same rates and parents every time: the model starts from the
 * tree's boot values with no fault, and the core from a reset.  So each
 * outcome is kept, keyed by the contents, and an input that ends on
 * contents seen before is held to that outcome: every ending is still
 * registered once in each process, and judged as a registration judges it.
 */
#define O4_RELOADS 4096		/* kept outcomes, a power of two */
#define O4_RELOAD_REGS 96	/* registers an outcome's key holds (61 now) */

/*
 * In static memory: libFuzzer runs an input again, and then checks for
 * leaks, whenever the input allocated more than it freed.
 */
struct reload {
	bool kept;
	uint64_t hash;
	unsigned long rate[VCLK_MAX_CLOCKS];
	const char *parent[VCLK_MAX_CLOCKS];	/* names in T2's parse */
	int nkey;
	uint32_t key[3 * O4_RELOAD_REGS];	/* make_reload_key() */
};
static struct reload reloads[O4_RELOADS];

/* the contents (d) registers on, as words: each register's address,
 * whether it is defined, and its value */
static uint32_t reload_key[3 * O4_MAX_REGS];
static int reload_nkey;

static uint64_t make_reload_key(const uint32_t regs[], const bool defined[])
{
	uint64_t h = 14695981039346656037ull;	/* FNV-1a */

	reload_nkey = 0;
	for (int k = 0; k < nreg; k++) {
		reload_key[reload_nkey++] = reg_addr[k];
		reload_key[reload_nkey++] = defined[k];
		reload_key[reload_nkey++] = defined[k] ? regs[k] : 0;
	}
	for (int w = 0; w < reload_nkey; w++)
		h = (h ^ reload_key[w]) * 1099511628211ull;
	return h;
}

static const struct reload *find_reload(uint64_t hash)
{
	const struct reload *r = &reloads[hash & (O4_RELOADS - 1)];

	if (r->kept && r->hash == hash && r->nkey == reload_nkey &&
	    memcmp(r->key, reload_key, (size_t)reload_nkey * sizeof(r->key[0])) == 0)
		return r;
	return NULL;
}

/* the registration of (d) on @regs, run now, and kept under @hash when
 * its key fits */
static const struct reload *register_again(const uint32_t regs[],
					   const bool defined[], uint64_t hash)
{
	static struct reload unkept;
	struct reload *r = &reloads[hash & (O4_RELOADS - 1)];
	char err[CLKPARSE_ERR_LEN];

	if (reload_nkey > (int)(sizeof(r->key) / sizeof(r->key[0])))
		r = &unkept;
	r->kept = false;
	/* the register model as the tree describes it at boot; then the
	 * run's registers go back (pokes: no access, no fault) and the
	 * clocks are registered once more, on a reset core, by what
	 * tree_load_text() registers them with */
	load_registers(&T2);
	for (int k = 0; k < nreg; k++)
		if (defined[k])
			(void)regmodel_poke(reg_addr[k], regs[k]);
	if (tree_reregister(&T2, err, sizeof(err)))
		violation("re-registering on the run's registers: %s", err);
	for (int i = 0; i < ncl; i++) {
		r->rate[i] = cached_rate(T2.clocks[i].id);
		r->parent[i] = parent_name(T2.clocks[i].id);
	}
	if (r != &unkept) {
		r->hash = hash;
		r->nkey = reload_nkey;
		memcpy(r->key, reload_key, (size_t)reload_nkey * sizeof(r->key[0]));
		r->kept = true;
	}
	return r;
}

/* (d): a fresh core on the same registers caches what the old one did */
static void check_reload(void)
{
	static uint32_t regs[O4_MAX_REGS];
	static bool defined[O4_MAX_REGS];
	static unsigned long rate[VCLK_MAX_CLOCKS];
	static const char *parent[VCLK_MAX_CLOCKS];	/* names in T's parse */
	const struct reload *again;
	uint64_t hash;

	call_no++;
	cur.what = "re-load on the same registers";
	if (tainted)
		return;
	for (int i = 0; i < ncl; i++) {
		rate[i] = cached_rate(cid(i));
		parent[i] = parent_name(cid(i));
	}
	for (int k = 0; k < nreg; k++)
		defined[k] = regmodel_peek(reg_addr[k], &regs[k]) == 0;
#if OMAP4_FUZZ_MUTANT == 3
	/* the hardware moves behind the cache: a DPLL's M */
	for (int i = 0; i < ncl; i++)
		if (T.desc.clocks[i].type == CLKDESC_DPLL) {
			for (int k = 0; k < nreg; k++)
				if (reg_addr[k] == T.desc.clocks[i].clksel)
					regs[k] ^= 0x100u;
			break;
		}
#endif
	hash = make_reload_key(regs, defined);
	again = find_reload(hash);
	if (!again)
		again = register_again(regs, defined, hash);
	for (int i = 0; i < ncl; i++) {
		if (again->rate[i] != rate[i])
			violation("%s: the library cached %lu Hz, the same "
				  "registers give %lu Hz", cname(i), rate[i],
				  again->rate[i]);
		if (strcmp(again->parent[i], parent[i]) != 0)
			violation("%s: the library cached parent %s, the same "
				  "registers give %s", cname(i), parent[i],
				  again->parent[i]);
	}
	trace("    re-load on the same registers: %d rates and parents agree\n",
	      ncl);
}

/* ==================== the entry point ==================== */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cursor c = { data, size, 0 };
	struct inject pending = { .type = -1 };
	int calls = 0;

	if (!plat) {
		for (const struct vclk_platform *p = vclk_platforms; p->name; p++)
			if (strcmp(p->name, O4_PLATFORM) == 0)
				plat = p;
		if (!plat) {
			fprintf(stderr, "no built-in platform %s\n", O4_PLATFORM);
			abort();
		}
		check_loader();
	}
	call_no = 0;
	cur.what = "-";
	tainted = false;
	memset(H, 0, sizeof(H));
	snapshot_restore(booted, &T);
	wrap_swallowing_ops();
	forget_run_regs();
	take_snap(&boot);
	after = boot;
	while (calls < O4_MAX_CALLS && one_call(&c, &pending))
		calls++;
	release_all();
	check_reload();
	return 0;
}

/*
 * the replayer's (replay_main.c): -v traces each call and its result.
 * Without it, each input runs twice, so that make check also sees an
 * input start from the image after a run that changed everything.
 */
void fuzz_replay_one(const uint8_t *data, size_t size, bool verbose)
{
	omap4_fuzz_verbose = verbose;
	LLVMFuzzerTestOneInput(data, size);
	if (!verbose)
		LLVMFuzzerTestOneInput(data, size);
}
