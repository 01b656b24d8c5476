/* SPDX-License-Identifier: MIT */
/*
 * harness/fuzz/fz.h - the fuzz harness: an input decoded as a clock tree
 * and a sequence of calls (fz_decode), the reference model that predicts
 * every answer (model.c), and the driver that makes the calls on the
 * library and checks them (driver.c).
 *
 * Each decoded call is exactly one command of a `vclk run` script, with
 * the tool's semantics (references NAME@USER taking a consumer handle at
 * first use, "notify" watchers, "fail C OP N"), so that any input prints
 * as a script the tool replays (decode_main.c).
 *
 * The model does not call library code: it has its own tree walks, its own
 * rate arithmetic and its own picture of the registers, written from the
 * documentation (README, core/vclk.h, platform/clk_basic.h).
 */
#ifndef VCLK_FZ_H
#define VCLK_FZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * clk_put() of a handle that still has notifiers registered through it is
 * -EBUSY and changes nothing (core/vclk.h).  1 models that; 0 models the
 * old defect (the put succeeded and the notifiers kept firing with a
 * released handle), which make check builds as the checker's self-test:
 * that model must disagree with the library on corpus/fuzz/abc-put-notified.
 */
#ifndef MODEL_PUT_BUSY_WHILE_NOTIFIED
#define MODEL_PUT_BUSY_WHILE_NOTIFIED 1
#endif

#define FZ_MAX_CLOCKS   8	/* clocks of a generated tree */
#define FZ_MAX_PARENTS  4	/* inputs of a generated mux */
#define FZ_MAX_REGS     16
#define FZ_MAX_DIVTAB   6
#define FZ_USERS        3	/* references NAME, NAME@u1, NAME@u2 */
#define FZ_MAX_REFS     (FZ_MAX_CLOCKS * FZ_USERS)
#define FZ_MAX_OPS      300
#define FZ_MAX_WATCHERS 32	/* the tool's (and the core's) table */
#define FZ_NB_SLOTS     32	/* VCLK_MAX_NOTIFIERS, documented in vclk_config.h */
#define FZ_MAX_ARMED    8	/* TREE_MAX_ARMED: "fail" countdowns per clock and op */
#define FZ_MAX_REG_FAULTS 16	/* REGMODEL_MAX_FAULTS */
#define FZ_MAX_CANDIDATES 32	/* VCLK_MAX_RATE_CANDIDATES (vclk_config.h) */
#define FZ_ORPHAN_NAME  "ext"	/* a parent name no clock has */
#define FZ_RESULT_LEN   32
#define FZ_MAX_EVENTS   (3 * FZ_NB_SLOTS)
#define FZ_MAX_BULK     4	/* references of a bulk call (the tool takes 6) */

enum fz_type { FZ_FIXED, FZ_SYNTH, FZ_FF, FZ_GATE, FZ_MUX, FZ_DIV, FZ_NR_TYPES };

/* divider encodings (platform/clk_basic.h, struct clk_divider_cfg) */
enum fz_div_kind { FZ_DIV_PLAIN, FZ_DIV_ONE, FZ_DIV_ONE_ZERO, FZ_DIV_POW2,
		   FZ_DIV_TABLE, FZ_NR_DIV_KINDS };

/* the CLK_* flags a generated clock may carry (vclk_provider.h values) */
#define FZ_SET_RATE_GATE   (1UL << 0)
#define FZ_SET_PARENT_GATE (1UL << 1)
#define FZ_SET_RATE_PARENT (1UL << 2)
#define FZ_IGNORE_UNUSED   (1UL << 3)
#define FZ_SET_RATE_NO_REPARENT (1UL << 7)
#define FZ_IS_CRITICAL     (1UL << 11)
#define FZ_ROUND_CLOSEST   (1UL << 16)

struct fz_clock {
	enum fz_type type;
	char name[8];
	int nparents;
	int parents[FZ_MAX_PARENTS];	/* index in the tree; -1: FZ_ORPHAN_NAME */
	unsigned long flags;		/* without FZ_ROUND_CLOSEST (a type flag) */
	unsigned long rate, min, max;	/* fixed: rate; synth: all three */
	unsigned int mult, div;		/* fixed-factor */
	int reg;			/* index in fz_tree.reg_addr; -1 if none */
	unsigned int shift, width;	/* gate: bit = shift, width 1 */
	bool set_to_disable, hiword;	/* gate */
	bool closest;			/* divider and mux: round-closest */
	enum fz_div_kind dkind;
	int table_len;			/* mux (0: none) or divider table */
	uint32_t mux_table[FZ_MAX_PARENTS];
	unsigned int tdiv[FZ_MAX_DIVTAB];
	uint32_t tval[FZ_MAX_DIVTAB];
};

struct fz_tree {
	int n;
	struct fz_clock c[FZ_MAX_CLOCKS];
	int nregs;
	uint32_t reg_addr[FZ_MAX_REGS];
	uint32_t reg_init[FZ_MAX_REGS];
	bool reg_faultable[FZ_MAX_REGS];	/* no divider field in it */
	bool reg_hiword[FZ_MAX_REGS];
};

enum fz_kind {
	FZ_PREPARE, FZ_UNPREPARE, FZ_ENABLE, FZ_DISABLE, FZ_PREPARE_ENABLE,
	FZ_DISABLE_UNPREPARE, FZ_GET_RATE, FZ_ROUND_RATE, FZ_SET_RATE,
	FZ_SET_RATE_RANGE, FZ_SET_MIN_RATE, FZ_SET_MAX_RATE, FZ_GET_PARENT,
	FZ_SET_PARENT, FZ_IS_ENABLED, FZ_PUT, FZ_DISABLE_UNUSED, FZ_NOTIFY,
	FZ_UNNOTIFY, FZ_FAIL, FZ_FAULT_ADDR, FZ_CLEAR_FAULTS,
	/* the extension (issue 10): kind bytes 242..249 and 251, see below */
	FZ_EXCL_GET, FZ_EXCL_PUT, FZ_SET_RATE_EXCL,
	FZ_BULK_PREPARE, FZ_BULK_ENABLE, FZ_BULK_PREPARE_ENABLE,
	FZ_BULK_DISABLE, FZ_BULK_UNPREPARE, FZ_BULK_DISABLE_UNPREPARE,
	FZ_NR_KINDS
};

/*
 * The kind byte (decode.c): the extension's kinds take one byte value each
 * of decode.c's ext_kind_bytes, in enum order: 242..249, then 251; every
 * other byte is kind (byte % FZ_NR_BASE_KINDS), as it always was.  Each is
 * a value no stored input (corpus/fuzz, corpus/regressions) used as a kind
 * byte when its kind came, so those inputs decode to the same programs:
 * the exclusive calls took 242..244 (245..249 repeated them until then),
 * the bulk calls 245..249 and 251.  250 and 252 are not free
 * (corpus/regressions/skipped-zero-candidate has them as kind bytes);
 * 253..255 still are.  New kinds go after FZ_BULK_DISABLE_UNPREPARE, never
 * before FZ_NR_BASE_KINDS; check that the stored inputs' programs are the
 * same before and after (vclk-fuzz-decode), and pick other free byte
 * values if some changed.
 */
#define FZ_NR_BASE_KINDS  FZ_EXCL_GET	/* 22 */
#define FZ_NR_EXT_KINDS   (FZ_NR_KINDS - FZ_NR_BASE_KINDS)

/* the provider ops "fail" can arm (harness/tool/tree.h, enum tree_op) */
enum fz_fop { FZ_OP_PREPARE, FZ_OP_ENABLE, FZ_OP_SET_PARENT, FZ_OP_SET_RATE,
	      FZ_NR_FOPS };

struct fz_op {
	enum fz_kind kind;
	int ref;		/* clock * FZ_USERS + user */
	int clock;		/* FZ_SET_PARENT: the new input; FZ_FAIL: the clock */
	unsigned long r1, r2;
	int fop, n;		/* FZ_FAIL */
	bool veto;		/* FZ_NOTIFY */
	int reg;		/* FZ_FAULT_ADDR */
	int nrefs;		/* bulk calls: refs[0 .. nrefs - 1], refs[0] == ref */
	int refs[FZ_MAX_BULK];
};

struct fz_prog {
	struct fz_tree tree;
	int nops;
	struct fz_op ops[FZ_MAX_OPS];
};

/* one notifier call: watcher @w was told @event (PRE/POST/ABORT values) */
struct fz_event {
	int w;
	unsigned long event, old_rate, new_rate;
};

/* ==================== decoding and printing (decode.c) ==================== */

/* the calls on an array of references (clk_bulk_*) */
static inline bool fz_bulk_kind(enum fz_kind k)
{
	return k >= FZ_BULK_PREPARE && k <= FZ_BULK_DISABLE_UNPREPARE;
}

/**
 * fz_decode() - an input as a tree and a call sequence
 * @data: the fuzzer's bytes; missing bytes read as 0
 * @size: their number
 * @p: the program; every call in it is a valid script line
 *
 * Total: every input decodes (the tree is always one the .clk parser
 * accepts), so the fuzzer wastes no input on a parse error.
 */
void fz_decode(const uint8_t *data, size_t size, struct fz_prog *p);

/**
 * fz_tree_text() - @t as a .clk file
 * Return: the text's length, or -1 if @size is too small.
 */
int fz_tree_text(const struct fz_tree *t, char *buf, size_t size);

/**
 * fz_ref_text() - the script's reference of @ref: NAME, NAME@u1, NAME@u2
 */
void fz_ref_text(const struct fz_tree *t, int ref, char *buf, size_t size);

/**
 * fz_op_text() - @op as a script command line (no "== X", no newline)
 */
void fz_op_text(const struct fz_tree *t, const struct fz_op *op, char *buf,
		size_t size);

/**
 * fz_event_name() - "PRE", "POST", "ABORT" (the tool's notifier lines)
 */
const char *fz_event_name(unsigned long event);

/**
 * fz_errname() - the script's text of a negative errno ("-EINVAL", or
 * "-E<n>"), written into @buf
 */
void fz_errname(int err, char *buf, size_t size);

/* ==================== the reference model (model.c) ==================== */

/**
 * model_load() - the state the tool's tree_load() documents for @t:
 * registers at their "reg" values, the clocks registered in file order
 * (parents looked up by name, orphans adopted, critical clocks prepared
 * and enabled), no handle, no notifier, nothing armed
 */
void model_load(const struct fz_tree *t);

/**
 * model_op() - predict one call
 * @op: the call
 * @result: the script's result line for it
 * @ev: the notifier calls it makes, in order; @nev their number
 * @failed: set when the call is one that failed (an error result of a
 *	state-changing call): nothing may have changed
 *
 * Return: false when @op is a situation the model knows the library gets
 * wrong (see model.c, "Known library defects"): the caller skips the call,
 * on the library and the model alike.
 */
bool model_op(const struct fz_op *op, char *result, struct fz_event *ev,
	      int *nev, bool *failed);

/**
 * model_watcher_ref() - the reference whose handle registered watcher @w
 * (a watcher an event of model_op() names)
 */
int model_watcher_ref(int w);

/*
 * The state the driver compares after every call: the library's, read
 * from the core (driver.c), and the model's (model_state()).  Every entry
 * past the tree's clocks and registers, and every entry of a reference
 * that holds no handle, is 0, so that two states that agree are equal
 * byte for byte (the driver's memcmp() before its field-by-field search).
 */
struct fz_state {
	int parent[FZ_MAX_CLOCKS];	/* -1: root or orphan */
	uint32_t pc[FZ_MAX_CLOCKS], ec[FZ_MAX_CLOCKS];
	unsigned long rate[FZ_MAX_CLOCKS];
	unsigned long synth[FZ_MAX_CLOCKS];	/* a synth's; else .clk rate */
	unsigned long req_rate[FZ_MAX_CLOCKS];
	int req_set[FZ_MAX_CLOCKS];
	uint32_t reg[FZ_MAX_REGS];
	bool used[FZ_MAX_REFS];		/* the reference holds a handle */
	uint32_t prep[FZ_MAX_REFS], en[FZ_MAX_REFS], misuse[FZ_MAX_REFS];
	unsigned long min[FZ_MAX_REFS], max[FZ_MAX_REFS];
	uint32_t excl[FZ_MAX_REFS];
	int nb_watcher[FZ_NB_SLOTS], nb_clock[FZ_NB_SLOTS];	/* -1: free */
};

/**
 * model_state() - the model's current state, as the driver compares it
 * with the library's
 */
void model_state(struct fz_state *s);

/* ==================== arithmetic shared by model and checks ==================== */

/**
 * model_recalc() - the rate clock @i of @t runs at from @parent_rate,
 * with its register field @field (divider) and synth rate @synth_rate,
 * as platform/clk_basic.h documents each type
 */
unsigned long model_recalc(const struct fz_tree *t, int i,
			   unsigned long parent_rate, uint32_t field,
			   unsigned long synth_rate);

/**
 * model_field() - the value of clock @i's register field in @regval
 */
uint32_t model_field(const struct fz_tree *t, int i, uint32_t regval);

/**
 * model_gate_on() - whether gate @i is on according to @regval
 */
bool model_gate_on(const struct fz_tree *t, int i, uint32_t regval);

/* ==================== the driver (driver.c) ==================== */

/**
 * fz_run() - run @p on the library and the model, checking every call
 * @p: the program
 * @trace: if not NULL, every call and its result are printed there
 *
 * A disagreement, a broken invariant or a failed call that changed state
 * prints what happened to stderr and calls abort().
 * Return: the number of calls made (skipped ones not counted).
 */
int fz_run(const struct fz_prog *p, void *trace);

#endif /* VCLK_FZ_H */
