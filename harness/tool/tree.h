/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/tree.h - a parsed .clk description registered with the
 * core over the host register model (harness/regmodel/), host code.
 *
 * Every clock is registered with a wrapper struct vclk_ops of the tool's
 * own in front of its type's ops (platform/clk_basic.h), so that the
 * script's "fail C OP [N]" can make the N-th next call of one provider op
 * fail without a change to platform/ or core/.
 */
#ifndef VCLK_TOOL_TREE_H
#define VCLK_TOOL_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "clkparse.h"
#include "clk_basic.h"
#include "dpll.h"
#include "omap4_clk.h"

/* the provider ops a script can make fail: those that return an errno */
enum tree_op {
	TREE_OP_PREPARE,
	TREE_OP_ENABLE,
	TREE_OP_SET_PARENT,
	TREE_OP_SET_RATE,
	TREE_OP_SET_PHASE,	/* the phase-shift stand-in */
	TREE_OP_SET_DUTY,	/* the duty-cycle stand-in */
	TREE_NR_OPS,
};

#define TREE_MAX_ARMED 8	/* armed failures per clock and op */

/**
 * struct tree_clock - the tool's side of one registered clock
 * @desc: its line of the .clk file
 * @id: the core's id, -1 until registered
 * @parent_names: pointers into @desc, as vclk_init_data wants them
 * @inner: the type's ops; @wrap, the ops the core calls, forwards to them
 * @inner_priv: the type's config, one of @cfg's members
 * @armed: countdowns of "fail" commands per op; 0 is a free slot
 */
struct tree_clock {
	const struct clkdesc_clock *desc;
	int id;
	const char *parent_names[VCLK_MAX_PARENTS];
	const struct vclk_ops *inner;
	void *inner_priv;
	struct vclk_ops wrap;
	union {
		struct clk_fixed_cfg fixed;
		struct clk_synth_cfg synth;
		struct clk_fixed_factor_cfg ff;
		struct clk_gate_cfg gate;
		struct clk_mux_cfg mux;
		struct clk_divider_cfg div;
		struct omap4_dpll_cfg dpll;
		struct omap4_dpll_x2_cfg dpll_x2;
		struct omap4_hsdiv_cfg hsdiv;
		struct omap4_clksel_cfg clksel;
		struct omap4_modgate_cfg modgate;
	} cfg;
	uint32_t mux_table[VCLK_MAX_PARENTS];
	struct clk_div_table div_table[CLK_DIV_MAX_TABLE];
	struct omap4_clksel_rate clksel_rates[OMAP4_CLKSEL_MAX_RATES];
	int armed[TREE_NR_OPS][TREE_MAX_ARMED];
	/* the stand-in phase and duty-cycle hardware (CLKDESC_CAP_*) */
	int phase;
	unsigned int duty_num, duty_den;
};

/**
 * struct tree - a .clk file and its registered clocks
 * @path: the file, for messages
 * @desc: the parsed description (clock names live here: keep @tree alive
 *	as long as the core knows the clocks)
 * @clocks: one per @desc.clocks entry, same index
 */
struct tree {
	const char *path;
	struct clkdesc desc;
	struct tree_clock clocks[VCLK_MAX_CLOCKS];
	struct omap4_clkdm clkdms[CLKDESC_MAX_CLKDMS];
};

/**
 * tree_register_clocks() - register the clocks of the parsed @t, in file
 * order, on the core (reset it first) over the register model as it is:
 * what a boot on those register contents gives.  tree_load() does this
 * after resetting the model to the file's "reg" values; the OMAP4 fuzz
 * target does it on a run's final registers (its re-load oracle).
 * Return: 0, or vclk_register()'s error with "FILE:LINE: reason" in @err.
 */
int tree_register_clocks(struct tree *t, char *err, size_t err_size);

/**
 * tree_load_registers() - reset the register model to what the parsed @t
 * describes at boot: its "reg" values, hiword-mask gate registers, and
 * each DPLL's status bits following its mode (tree_load() does this
 * before registering; the OMAP4 fuzz target does it per input instead of
 * parsing the tree again).
 * Return: 0, or -VCLK_ENOMEM with "FILE:LINE: register model full" in @err.
 */
int tree_load_registers(const struct tree *t, char *err, size_t err_size);

/**
 * tree_reregister() - register the parsed @t's clocks again on a reset
 * core, over the register model as it is, each clock's entry started
 * afresh as the first load starts it.
 * Return: as tree_register_clocks().
 */
int tree_reregister(struct tree *t, char *err, size_t err_size);

/**
 * tree_load() - parse @path and register its clocks on a reset model
 * @t: the tree; must stay alive (and in place) while the clocks are used
 * @path: the .clk file
 * @err: "FILE:LINE: reason" on error
 * @err_size: bytes at @err
 *
 * Resets the core and the register model, sets every "reg" line's
 * register, then registers the clocks in file order.  Nothing is
 * registered from a file the parser refuses.
 * Return: 0, or a negative errno (the parser's, or the core's from
 * vclk_register(), with the clock's line in @err).
 */
int tree_load(struct tree *t, const char *path, char *err, size_t err_size);

/**
 * tree_load_stream() - tree_load() of the .clk text read from @f to its
 * end (the tool's "-": standard input)
 * @name: the file name messages and @t->path use ("<stdin>"); must
 *	outlive @t
 * @f: an open stream; read, not closed
 */
int tree_load_stream(struct tree *t, const char *name, FILE *f, char *err,
		     size_t err_size);

/**
 * tree_load_text() - tree_load() of a .clk text already in memory (the
 * fuzz harness: no file per input)
 * @name: the file name messages and @t->path use; must outlive @t
 * @text: the .clk text, NUL-terminated
 */
int tree_load_text(struct tree *t, const char *name, const char *text,
		   char *err, size_t err_size);

/**
 * tree_find() - index in @t of the clock called @name, -1 if none
 */
int tree_find(const struct tree *t, const char *name);

/**
 * tree_by_id() - the tree clock the core knows as @id, NULL if none
 */
const struct tree_clock *tree_by_id(const struct tree *t, int id);

/**
 * tree_op_lookup() - the enum tree_op called @name, -1 if no such op
 */
int tree_op_lookup(const char *name);

/**
 * tree_op_name() - the script's name of @op: "prepare", "enable",
 * "set_parent", "set_rate", "set_phase", "set_duty"; "?" for a value out
 * of range
 */
const char *tree_op_name(enum tree_op op);

/**
 * tree_has_op() - whether a call of @op reaches clock @i's provider
 *
 * set_rate only for types that have one: the dispatcher checks the rate
 * after any set_rate op, so a no-op stand-in would change what the core
 * does.  prepare, enable and set_parent always: a missing one is a call
 * that succeeds, so the stand-in changes nothing until armed.
 */
bool tree_has_op(const struct tree *t, int i, enum tree_op op);

/**
 * tree_arm_fail() - make the @n-th next call (n >= 1) of @op of clock @i
 * fail with -EIO
 * Return: 0, -VCLK_EINVAL (@n < 1, or the op does not reach the
 * provider), -VCLK_ENOMEM (TREE_MAX_ARMED already armed).
 */
int tree_arm_fail(struct tree *t, int i, enum tree_op op, int n);

/**
 * tree_clock_flags() - the CLK_* flags clock @c registers with: its .clk
 * flags, plus CLK_ROUND_CLOSEST for a round-closest divider or mux and
 * CLK_SET_RATE_NO_REPARENT for a DPLL (it picks lock or bypass itself)
 */
unsigned long tree_clock_flags(const struct clkdesc_clock *c);

/**
 * tree_dpll_limits() - the M/N/Fint limits of a dpll line with
 * @type_flags (CLKDESC_DPLL_*): the OMAP4 TRM's, or the J-type's
 */
struct omap4_dpll_limits tree_dpll_limits(unsigned int type_flags);

/**
 * tree_errname() - the text of the negative errno @err: "-EINVAL"; "-E<n>"
 * for one the core has no name for.  The buffer of the latter is static:
 * valid until the next call.
 */
const char *tree_errname(int err);

#endif /* VCLK_TOOL_TREE_H */
