/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/clkparse.h - the parser of the tree description language
 * (.clk files), host code.
 *
 * A .clk file describes a clock tree and the registers behind it, one
 * clock a line:
 *
 *   <type> <name> [key=value ...] [flag ...]
 *   reg <address> = <value>      # a register's value before any clock
 *
 *   fixed osc rate=26000000 [accuracy=N]
 *   synth pll min=100000000 max=300000000 rate=200000000
 *   fixed-factor half parent=pll mult=1 div=2
 *   gate uart [parent=osc] reg=0x1000 bit=5 [set-to-disable] [hiword]
 *   mux sel parents=osc,pll reg=0x1004 shift=0 width=2 [round-closest]
 *       [table=v0,v1,...]
 *   divider div parent=sel reg=0x1008 shift=0 width=4 [one-based]
 *       [power-of-two] [allow-zero] [round-closest] [table=div:val,...]
 *
 * and the OMAP4 types (platform/omap4/):
 *
 *   dpll dpll_mpu_ck parent=sys_clkin_ck clkmode=0x4a004160
 *       idlest=0x4a004164 clksel=0x4a00416c [polls=N] [j-type] [m4x]
 *       [bypass=div_mpu_hs_clk]         # input 1: the bypass clock
 *   dpll-x2 dpll_iva_x2_ck parent=dpll_iva_ck clkmode=0x4a0041a0
 *   hsdiv dpll_mpu_m2_ck parent=dpll_mpu_ck reg=0x4a004170
 *   clksel l3_div_ck parent=div_core_ck reg=0x4a004100 shift=4 width=1
 *       table=1:0,2:1
 *   clkdm l4per reg=0x4a009400 [hw-auto]    # a clock domain, not a clock
 *   modgate uart3_fck parent=func_48m_fclk reg=0x4a009550 [clkdm=l4per]
 *       [polls=N] [bit=B [inverted]]
 *
 * Any clock also takes the flags set-rate-parent, set-rate-gate,
 * set-parent-gate, set-rate-no-reparent, ignore-unused, critical and
 * duty-cycle-parent (the CLK_* flags), and phase-shift / duty-cycle: no clock type of platform/
 * has phase or duty-cycle ops, so the tool stands in for such hardware,
 * keeping the value set (vclk gen leaves them out).  "#"
 * starts a comment (anywhere); blank lines are ignored.  Numbers are
 * decimal (leading zeros are still decimal, not octal) or 0x hex.  Rates
 * are unsigned long and must fit the host's ULONG_MAX: a file meant for
 * an ILP32 target with rates above 4294967295 parses on a 64-bit host;
 * it is the target's own build of the tool that refuses it.
 *
 * The parse is all-or-nothing: the first bad line makes it fail with one
 * message "FILE:LINE: reason" and an empty description.  A parent may be
 * named before (or without) its definition: orphans are a core feature.
 * A gate without parent= has no input at all (num_parents 0, as Linux's
 * clk_hw_register_gate() with a NULL parent_name): a root whose rate is
 * 0 and whose enable still drives its bit.  Every other type but fixed
 * and synth (which have none) needs its parent= or parents=.
 */
#ifndef VCLK_CLKPARSE_H
#define VCLK_CLKPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "vclk_config.h"

#define CLKDESC_MAX_REGS      256	/* "reg" lines in one file */
#define CLKDESC_MAX_DIV_TABLE 32	/* entries of a divider table= */
#define CLKPARSE_LINE_MAX     1024	/* bytes in a line, newline included */
#define CLKPARSE_ERR_LEN      256	/* a message fits in this many bytes */

enum clkdesc_type {
	CLKDESC_FIXED,
	CLKDESC_SYNTH,
	CLKDESC_FIXED_FACTOR,
	CLKDESC_GATE,
	CLKDESC_MUX,
	CLKDESC_DIVIDER,
	CLKDESC_DPLL,
	CLKDESC_HSDIV,
	CLKDESC_CLKSEL,
	CLKDESC_MODGATE,
	CLKDESC_DPLL_X2,
};

/* type flags: Linux's values for its clk-gate/clk-mux/clk-divider */
#define CLKDESC_GATE_SET_TO_DISABLE  (1u << 0)
#define CLKDESC_GATE_HIWORD          (1u << 1)
#define CLKDESC_MUX_ROUND_CLOSEST    (1u << 4)
#define CLKDESC_DIV_ONE_BASED        (1u << 0)
#define CLKDESC_DIV_POWER_OF_TWO     (1u << 1)
#define CLKDESC_DIV_ALLOW_ZERO       (1u << 2)
#define CLKDESC_DIV_ROUND_CLOSEST    (1u << 4)
#define CLKDESC_DPLL_J_TYPE          (1u << 0)	/* the USB DPLL's limits */
#define CLKDESC_DPLL_M4X             (1u << 1)	/* REGM4XEN may be used */
#define CLKDESC_MODGATE_BIT          (1u << 0)	/* bit=: one enable bit */
#define CLKDESC_MODGATE_INVERTED     (1u << 1)	/* that bit set = disabled */

#define CLKDESC_MAX_CLKDMS    16	/* "clkdm" lines in one file */
#define CLKDESC_CLKSEL_MAX_TABLE 8	/* entries of a clksel table= */
#define CLKDESC_DPLL_POLLS    100	/* dpll polls= when not given */

struct clkdesc_div_entry {
	unsigned int div;	/* the divider, non-zero */
	uint32_t val;		/* the field value that selects it */
};

/* a register field: @width bits at @shift of register @reg (a gate: 1 bit) */
struct clkdesc_field {
	uint32_t reg;
	unsigned int shift;
	unsigned int width;
};

/* capabilities the tool's wrapper ops provide (struct clkdesc_clock.caps) */
#define CLKDESC_CAP_PHASE 1u	/* phase-shift: get/set_phase */
#define CLKDESC_CAP_DUTY  2u	/* duty-cycle: get/set_duty_cycle */

struct clkdesc_clock {
	enum clkdesc_type type;
	char name[VCLK_NAME_LEN];
	int line;			/* where it was defined */
	int num_parents;		/* 0 for fixed, synth, a gate without parent= */
	char parents[VCLK_MAX_PARENTS][VCLK_NAME_LEN];
	unsigned long flags;		/* CLK_* (vclk_provider.h) */
	unsigned int type_flags;	/* CLKDESC_<TYPE>_* */
	unsigned int caps;		/* CLKDESC_CAP_*: the tool's stand-ins */
	/* fixed: rate, accuracy; synth: min_rate <= rate <= max_rate */
	unsigned long rate;
	unsigned long accuracy;
	unsigned long min_rate;
	unsigned long max_rate;
	/* fixed-factor */
	unsigned int mult;
	unsigned int div;
	/* gate (shift is the bit, width 1), mux, divider */
	struct clkdesc_field field;
	/* dpll: its three registers and the lock wait (bypass=: parents[1]),
	 * dpll-x2: its DPLL's clkmode; modgate: the IDLEST wait (0: none) */
	uint32_t clkmode;
	uint32_t idlest;
	uint32_t clksel;
	unsigned int polls;
	/* modgate: index in clkdesc.clkdms, -1 for none */
	int clkdm;
	/* mux: table[i] selects parent i; divider, clksel: div_table */
	int table_len;			/* 0: no table= */
	uint32_t mux_table[VCLK_MAX_PARENTS];
	struct clkdesc_div_entry div_table[CLKDESC_MAX_DIV_TABLE];
};

struct clkdesc_reg {
	uint32_t addr;
	uint32_t value;
	int line;
};

/* an OMAP clock domain: its CLKSTCTRL register; @hw_auto: its last
 * disable writes HW_AUTO rather than SW_SLEEP */
struct clkdesc_clkdm {
	char name[VCLK_NAME_LEN];
	uint32_t reg;
	bool hw_auto;
	int line;
};

/* a parsed file: clocks, "reg" lines and clock domains in file order */
struct clkdesc {
	int nr_clocks;
	struct clkdesc_clock clocks[VCLK_MAX_CLOCKS];
	int nr_regs;
	struct clkdesc_reg regs[CLKDESC_MAX_REGS];
	int nr_clkdms;
	struct clkdesc_clkdm clkdms[CLKDESC_MAX_CLKDMS];
};

/**
 * clkparse_text() - parse the .clk text @text
 * @file: the file name for messages
 * @text: the whole text, NUL-terminated
 * @out: the description; all zero (no clocks, no registers) on error
 * @err: the message "FILE:LINE: reason" on error, "" on success
 * @err_size: bytes at @err (CLKPARSE_ERR_LEN is enough)
 *
 * Return: 0, or -VCLK_EINVAL for a malformed line.
 */
int clkparse_text(const char *file, const char *text, struct clkdesc *out,
		  char *err, size_t err_size);

/**
 * clkparse_file() - read and parse the .clk file at @path
 *
 * As clkparse_text(); a file that cannot be read gives -VCLK_EIO and
 * "PATH: cannot read: <strerror>", one with a NUL byte -VCLK_EINVAL.
 */
int clkparse_file(const char *path, struct clkdesc *out, char *err,
		  size_t err_size);

/**
 * clkparse_stream() - read @f to its end and parse it
 * @name: the file name for messages ("<stdin>" for standard input)
 * @f: an open stream; read, not closed
 *
 * As clkparse_file(), for a stream the caller opened: how the tool reads
 * a tree from standard input with the same parser and the same messages.
 */
int clkparse_stream(const char *name, FILE *f, struct clkdesc *out,
		    char *err, size_t err_size);

/* a decimal or 0x-hex number: 0, -1 not a number, -2 too big */
int clkparse_number(const char *s, unsigned long long *out);

/* "fixed", "synth", "fixed-factor", "gate", "mux", "divider", "dpll",
 * "hsdiv", "clksel", "modgate" */
const char *clkdesc_type_name(enum clkdesc_type type);

#endif /* VCLK_CLKPARSE_H */
