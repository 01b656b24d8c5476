/* SPDX-License-Identifier: MIT */
/*
 * platform/clk_basic.h - the six basic clock types as vclk providers.
 *
 * Each type is a const struct vclk_ops and a config struct that the
 * caller fills in and passes as the clock's @priv (struct vclk_init_data).
 * The semantics are those of Linux's drivers/clk/ clk-fixed-rate,
 * clk-fixed-factor, clk-gate, clk-mux and clk-divider, plus "synth", an
 * ideal programmable source.  Every register access goes through the
 * register layer (platform/vclk_reg.h); an op whose access fails returns
 * that access's errno and leaves the hardware as it was.
 *
 * PROVEN: every function of clk_basic.c (the typed ops declared at the
 * end of this header, the pure helpers for field encoding, divider choice
 * and mult/div without overflow, and their ghost lemma functions) is
 * proven by Frama-C/WP with -wp-rte, -warn-unsigned-overflow, the
 * downcast warnings and smoke tests, under both the x86_64 and the x86_32
 * machdep (unsigned long of 64 and of 32 bits): `make prove`, unit
 * "types" (figures in the README).
 * That covers: every field value an op writes fits its field (the
 * precondition of clk_basic.c's field_write, proven at each call);
 * without CLK_DIVIDER_ROUND_CLOSEST a divider never rounds above the
 * request unless no divider reaches it (clk_div_best, not_above; the
 * synth rounds up only to its min_rate); no arithmetic wraps.
 *
 * NOT PROVEN: the ops tables and their one-line void *priv wrappers, in
 * clk_basic_ops.c (a void * cast is outside WP's typed memory model, as
 * the calls through function pointers of dispatch.c are).  A config
 * registered with a type must meet the precondition of that type's typed
 * ops (clk_div_cfg_ok, clk_mux_cfg_ok: what the .clk parser checks).
 *
 * Narrowed statements: clk_div_value_of's "selects" reads the config in
 * the pre-state (\at Pre; *val is separated from it, so it is the same
 * config), and its precondition separates *val from the table as well as
 * from the config.
 * Freestanding C11.
 */
#ifndef VCLK_CLK_BASIC_H
#define VCLK_CLK_BASIC_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include "vclk_provider.h"
#include "vclk_reg.h"

/* ==================== type flags: Linux's values ==================== */

#define CLK_GATE_SET_TO_DISABLE   (1u << 0)	/* bit set means gated */
#define CLK_GATE_HIWORD_MASK      (1u << 1)	/* upper half: write enable */

#define CLK_MUX_ROUND_CLOSEST     (1u << 4)	/* accepted; see clk_mux_cfg */

#define CLK_DIVIDER_ONE_BASED     (1u << 0)	/* field value = divider */
#define CLK_DIVIDER_POWER_OF_TWO  (1u << 1)	/* divider = 2^field */
#define CLK_DIVIDER_ALLOW_ZERO    (1u << 2)	/* one-based field 0 = /1 */
#define CLK_DIVIDER_ROUND_CLOSEST (1u << 4)	/* nearest rate, above or below */

/* entries of a divider table (the .clk parser's limit) */
#define CLK_DIV_MAX_TABLE 32

/* largest power-of-two field value used: 2^63 fits unsigned long long */
#define CLK_DIV_MAX_LOG2 63u

/* ==================== config structs ==================== */

/**
 * struct clk_fixed_cfg - a clock that always runs at one rate
 * @rate: the rate, in Hz
 * @accuracy: in ppb, as Linux's fixed-rate (recalc_accuracy answers it;
 *	the core never reports less than the parent's, should it have one)
 */
struct clk_fixed_cfg {
	unsigned long rate;
	unsigned long accuracy;
};

/**
 * struct clk_synth_cfg - an ideal programmable source (the seed
 * documentation's "PLL"): any integer rate in [@min_rate, @max_rate]
 * @min_rate: lowest rate, in Hz
 * @max_rate: highest rate, at least @min_rate
 * @rate: the rate it runs at now; the initial rate when registered, then
 *	written by set_rate (no register: the synth is a model)
 * @saved_rate: what save_context remembered (the op's own state)
 */
struct clk_synth_cfg {
	unsigned long min_rate;
	unsigned long max_rate;
	unsigned long rate;
	unsigned long saved_rate;
};

/**
 * struct clk_fixed_factor_cfg - parent rate * @mult / @div
 * @mult: multiplier, non-zero
 * @div: divisor, non-zero
 *
 * The rate is computed exactly, without overflow, on 32- and 64-bit
 * unsigned long; a true result above ULONG_MAX saturates to ULONG_MAX.
 * With CLK_SET_RATE_PARENT the clock asks its parent for rate * @div /
 * @mult (no candidate when that overflows).
 */
struct clk_fixed_factor_cfg {
	unsigned int mult;
	unsigned int div;
};

/**
 * struct clk_gate_cfg - one enable bit of a register
 * @reg: bus address of the register
 * @bit: the bit, 0..31 (0..15 with CLK_GATE_HIWORD_MASK)
 * @flags: CLK_GATE_SET_TO_DISABLE (bit set = gated),
 *	CLK_GATE_HIWORD_MASK (a write sets bit @bit + 16 to change bit @bit
 *	and needs no read: Rockchip style)
 *
 * The rate passes through (no rate ops).
 */
struct clk_gate_cfg {
	uint32_t reg;
	unsigned int bit;
	unsigned int flags;
};

/**
 * struct clk_mux_cfg - a parent selector in a register field
 * @reg: bus address of the register
 * @shift: lowest bit of the field
 * @width: bits of the field, at least 1, @shift + @width <= 32
 * @flags: CLK_MUX_ROUND_CLOSEST is accepted, no effect on these ops: the
 *	core picks a mux's input, nearest with the clock's CLK_ROUND_CLOSEST
 * @table: NULL (parent i is field value i), or @num_parents field values,
 *	entry i selecting parent i
 * @num_parents: the clock's num_parents, 1..VCLK_MAX_PARENTS
 */
struct clk_mux_cfg {
	uint32_t reg;
	unsigned int shift;
	unsigned int width;
	unsigned int flags;
	const uint32_t *table;
	int num_parents;
};

/**
 * struct clk_div_table - one divider of a table divider (Linux's type,
 * with an explicit length in the config instead of a zero sentinel)
 * @val: the field value
 * @div: the divider it selects, non-zero (an entry with 0 is ignored)
 */
struct clk_div_table {
	uint32_t val;
	unsigned int div;
};

/**
 * struct clk_divider_cfg - parent rate / divider, the divider in a field
 * @reg: bus address of the register
 * @shift: lowest bit of the field
 * @width: bits of the field, at least 1, @shift + @width <= 32
 * @flags: CLK_DIVIDER_* (at most one of ONE_BASED, POWER_OF_TWO, a table)
 *	- none: divider = field + 1
 *	- ONE_BASED: divider = field (field 0 selects nothing, unless
 *	  ALLOW_ZERO: then it divides by 1)
 *	- POWER_OF_TWO: divider = 2^field (fields above 63 select nothing)
 *	- ROUND_CLOSEST: round_rate picks the nearest rate, above or below
 *	  (give the clock CLK_ROUND_CLOSEST too, so that the core compares
 *	  parent-rate candidates the same way)
 * @table: NULL, or @table_len entries (used when @table_len > 0), each
 *	value listed once; entries whose value does not fit the field are
 *	ignored
 * @table_len: 0..CLK_DIV_MAX_TABLE
 * @saved_val: the field value save_context remembered (op state)
 * @saved: whether @saved_val holds one (op state; false after a failed
 *	read, until a set_rate records the value it replaced)
 *
 * The rate is DIV_ROUND_UP(parent rate, divider), as Linux's
 * divider_recalc_rate(); a field value that selects no divider gives the
 * parent rate, as in Linux.  With CLK_SET_RATE_PARENT, the parent-rate
 * candidates are the request times each divider, ascending (a table: in
 * table order).
 */
struct clk_divider_cfg {
	uint32_t reg;
	unsigned int shift;
	unsigned int width;
	unsigned int flags;
	const struct clk_div_table *table;
	int table_len;
	uint32_t saved_val;
	bool saved;
};

/* ==================== the ops ==================== */

/*
 * The ops tables, in clk_basic_ops.c: one-line wrappers that turn the
 * core's void *priv into the config type and call the typed ops below.
 * That file is the unproven boundary (a void * cast is outside WP's typed
 * memory model, as the calls through function pointers in dispatch.c are).
 */
extern const struct vclk_ops clk_fixed_ops;		/* clk_fixed_cfg */
extern const struct vclk_ops clk_synth_ops;		/* clk_synth_cfg */
extern const struct vclk_ops clk_fixed_factor_ops;	/* clk_fixed_factor_cfg */
extern const struct vclk_ops clk_gate_ops;		/* clk_gate_cfg */
extern const struct vclk_ops clk_mux_ops;		/* clk_mux_cfg */
extern const struct vclk_ops clk_divider_ops;		/* clk_divider_cfg */

/* ==================== logic of the contracts ==================== */

/*
 * REQ-FIELD-2, for the contracts only: a read-modify-write of the 32-bit
 * value @raw (the bits of @mask become those of @bits, every other bit
 * is kept), and @raw with its @width-bit field at @shift set to @val.
 * Macros rather than logic functions: the provers know no commutativity
 * of & and |, and WP's simplifier orders their operands by its own term
 * order, which in a logic function's body (over its parameters) need not
 * match the order in the goal that uses it (over the code's values); a
 * macro is written out where it is used, so both sides of a proof are
 * ordered alike.
 */
#define CLK_RMW(raw, mask, bits) \
	(((raw) & (uint32_t)~(mask)) | ((bits) & (mask)))
#define CLK_FIELD_SET(raw, shift, width, val) \
	CLK_RMW(raw, clk_field_max(width) * clk_pow2(shift), \
		(val) * clk_pow2(shift))
/* REQ-GATE-2: the word a gate switch writes over the register value
 * @raw: a hiword gate writes its bit's write-enable (the bit 16 places
 * up) with the bit, and reads nothing; any other gate changes its bit
 * (clk_gate_bits) */
#define CLK_GATE_WORD(cfg, on, raw) \
	(((cfg)->flags & CLK_GATE_HIWORD_MASK) != 0 ? \
	 ((clk_pow2((cfg)->bit) * 65536) | clk_gate_bits(cfg, on)) : \
	 CLK_RMW(raw, clk_pow2((cfg)->bit), clk_gate_bits(cfg, on)))

/*@ // 2^n over the integers.  A recursive function rather than 1 << n:
    // WP's shift theory is out of reach of Z3 and CVC4 here, so its facts
    // (bounds, monotony, 2^(a+b) = 2^a * 2^b) are proven by induction in
    // the ghost lemma functions vclk_lemma_pow2_*() of clk_basic.c
    logic integer clk_pow2(integer n) = n <= 0 ? 1 : 2 * clk_pow2(n - 1);

    // REQ-FIELD-1: the largest value of a @width-bit field
    logic integer clk_field_max(integer width) = clk_pow2(width) - 1;

    // REQ-FIELD-1: a field lies inside a 32-bit register
    predicate clk_field_ok(integer shift, integer width) =
      1 <= width && 0 <= shift && shift + width <= 32;

    // DIV_ROUND_UP over the integers: no wrap in the logic
    logic integer clk_ceil_div(integer n, integer d) = (n + d - 1) / d;

    predicate clk_div_cfg_ok(struct clk_divider_cfg *cfg) =
      \valid_read(cfg) && clk_field_ok(cfg->shift, cfg->width) &&
      0 <= cfg->table_len <= CLK_DIV_MAX_TABLE &&
      (cfg->table_len > 0 ==>
         \valid_read(cfg->table + (0 .. cfg->table_len - 1))) &&
      // as the .clk parser checks: a value is listed once
      (\forall integer i, j; 0 <= i < j < cfg->table_len ==>
         cfg->table[i].val != cfg->table[j].val);

    predicate clk_mux_cfg_ok(struct clk_mux_cfg *cfg) =
      \valid_read(cfg) && 1 <= cfg->num_parents <= VCLK_MAX_PARENTS &&
      (cfg->table != \null ==>
         \valid_read(cfg->table + (0 .. cfg->num_parents - 1)));

    predicate clk_div_uses_table(struct clk_divider_cfg *cfg) =
      cfg->table != \null && cfg->table_len > 0;

    // the divider of the first entry i >= @i for field value @val, 0 if none
    logic integer clk_div_table_div{L}(struct clk_divider_cfg *cfg,
                                       integer i, integer val) =
      i >= cfg->table_len ? 0 :
      (cfg->table[i].val == val ? cfg->table[i].div :
       clk_div_table_div(cfg, i + 1, val));

    // REQ-DIV-1: the divider field value @val selects, 0 if none
    logic integer clk_div_divider{L}(struct clk_divider_cfg *cfg,
                                     integer val) =
      cfg->table != \null && cfg->table_len > 0 ?
        clk_div_table_div(cfg, 0, val) :
      (cfg->flags & CLK_DIVIDER_ONE_BASED) != 0 ?
        (val == 0 ? ((cfg->flags & CLK_DIVIDER_ALLOW_ZERO) != 0 ? 1 : 0)
                  : val) :
      (cfg->flags & CLK_DIVIDER_POWER_OF_TWO) != 0 ?
        (val <= CLK_DIV_MAX_LOG2 ? clk_pow2(val) : 0) :
      val + 1;

    // REQ-DIV-1: @d is a divider some value of the field selects
    predicate clk_div_valid{L}(struct clk_divider_cfg *cfg, integer d) =
      d >= 1 && \exists integer v; 0 <= v <= clk_field_max(cfg->width) &&
                                   clk_div_divider(cfg, v) == d;

    // REQ-DIV-2: how far a rate @a is from the request @r
    logic integer clk_rate_gap(integer a, integer r) = \abs(a - r);

    // REQ-FIELD-2: the @width-bit field at @shift of the register value @raw
    logic integer clk_field_get(integer raw, integer shift, integer width) =
      (raw / clk_pow2(shift)) % clk_pow2(width);

    // REQ-MUX-2: the field value that selects input @index
    logic integer clk_mux_value{L}(struct clk_mux_cfg *cfg, integer index) =
      cfg->table != \null ? cfg->table[index] : index;

    // REQ-GATE-2: the gate's bit as a switch @on leaves it: set when on
    // (off with CLK_GATE_SET_TO_DISABLE), else clear
    logic integer clk_gate_bits{L}(struct clk_gate_cfg *cfg, integer on) =
      on != 0 ?
        ((cfg->flags & CLK_GATE_SET_TO_DISABLE) == 0 ? clk_pow2(cfg->bit) : 0) :
        ((cfg->flags & CLK_GATE_SET_TO_DISABLE) != 0 ? clk_pow2(cfg->bit) : 0);
*/

/*@ ghost
  // REQ-FIELD-2: the register value the last read-modify-write of this
  // file read, and the value of the last write it issued (a write the
  // register layer fails is counted: it is what was asked of the bus)
  extern uint32_t clk_basic_rd;
  extern uint32_t clk_basic_wr;
*/

/* ==================== pure helpers (the proof's targets) ==================== */

/**
 * clk_field_mask() - the bits of a @width-bit field at @shift
 */
/*@ requires field: clk_field_ok(shift, width);
    assigns  \nothing;
    ensures  mask: \result == clk_field_max(width) * clk_pow2(shift);
*/
uint32_t clk_field_mask(unsigned int shift, unsigned int width);

/**
 * clk_mul_div() - floor(@x * @mul / @div), exactly, without overflow
 * @x: the value (a rate)
 * @mul: multiplier
 * @div: divisor, non-zero
 * @out: the result, written only when it fits an unsigned long
 *
 * Computed as (x / div) * mul + (x % div) * mul / div: the remainder term
 * is below 2^64 for any 32-bit @mul and @div, and the first product and
 * the sum are checked before they are made.
 *
 * Return: true, or false when the result exceeds ULONG_MAX.
 */
/*@ requires div: div >= 1;
    requires out: \valid(out);
    assigns  *out;
    ensures  exact: \result ==> *out == x * mul / div;
    ensures  too_big: !\result ==> x * mul / div > ULONG_MAX;
*/
bool clk_mul_div(unsigned long x, unsigned int mul, unsigned int div,
		 unsigned long *out);

/**
 * clk_ff_mul_div() - a fixed factor's rate: @parent * @mult / @div,
 * saturated to ULONG_MAX when the true result is larger; 0 when @div is 0
 * (a config error: no rate rather than a trap)
 */
/*@ assigns  \nothing;
    ensures  exact: div >= 1 && parent * mult / div <= ULONG_MAX ==>
                    \result == parent * mult / div;
    ensures  saturated: div >= 1 && parent * mult / div > ULONG_MAX ==>
                    \result == ULONG_MAX;
    ensures  no_div: div == 0 ==> \result == 0;
*/
unsigned long clk_ff_mul_div(unsigned long parent, unsigned int mult,
			     unsigned int div);

/**
 * clk_div_rate() - DIV_ROUND_UP(@parent_rate, @div), as Linux's divider,
 * written as quotient plus carry so that it cannot wrap
 */
/*@ requires div: div >= 1;
    assigns  \nothing;
    ensures  ceil: \result == clk_ceil_div(parent_rate, div);
    ensures  below_parent: \result <= parent_rate;
*/
unsigned long clk_div_rate(unsigned long parent_rate, unsigned long long div);

/**
 * clk_div_divider_of() - the divider field value @val selects
 * Return: the divider, or 0 when @val selects none.
 */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  \nothing;
    ensures  divider: \result == clk_div_divider(cfg, val);
*/
unsigned long long clk_div_divider_of(const struct clk_divider_cfg *cfg,
				      uint32_t val);

/**
 * clk_div_value_of() - the field value that selects divider @div
 * @cfg: the divider
 * @div: the wanted divider
 * @val: where the value goes; written only on success
 *
 * Return: 0, or -VCLK_EINVAL when no value that fits the field selects
 * @div.
 */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    requires val: \valid(val) && \separated(val, cfg) &&
                  (cfg->table_len > 0 ==>
                     \separated(val, cfg->table + (0 .. cfg->table_len - 1)));
    assigns  *val;
    ensures  errno: \result == 0 || \result == -VCLK_EINVAL;
    ensures  fits: \result == 0 ==> *val <= clk_field_max(cfg->width);
    // the config is read in the pre-state: *val is separated from it, so
    // it is the same config, and the provers need no frame lemma
    ensures  selects: \result == 0 ==> clk_div_divider{Pre}(cfg, *val) == div;
    ensures  none: \result != 0 ==> !clk_div_valid(cfg, div);
*/
int clk_div_value_of(const struct clk_divider_cfg *cfg, unsigned long long div,
		     uint32_t *val);

/**
 * clk_div_round_up() - the smallest valid divider at least @d
 * Return: that divider, or 0 when every valid divider is below @d.
 */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    requires d:   d >= 1;
    assigns  \nothing;
    ensures  found: \result != 0 ==> clk_div_valid(cfg, \result) && \result >= d;
    ensures  least: \result != 0 ==> \forall integer e;
                      clk_div_valid(cfg, e) && e >= d ==> e >= \result;
    ensures  none: \result == 0 ==> \forall integer e;
                      clk_div_valid(cfg, e) ==> e < d;
*/
unsigned long long clk_div_round_up(const struct clk_divider_cfg *cfg,
				    unsigned long long d);

/**
 * clk_div_round_down() - the largest valid divider at most @d
 * Return: that divider, or 0 when every valid divider is above @d.
 */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  \nothing;
    ensures  found: \result != 0 ==> clk_div_valid(cfg, \result) && \result <= d;
    ensures  most: \result != 0 ==> \forall integer e;
                      clk_div_valid(cfg, e) && e <= d ==> e <= \result;
    ensures  none: \result == 0 ==> \forall integer e;
                      clk_div_valid(cfg, e) ==> e > d;
*/
unsigned long long clk_div_round_down(const struct clk_divider_cfg *cfg,
				      unsigned long long d);

/**
 * clk_div_least_for() - the least divider that takes @parent_rate to
 * @rate or below: DIV_ROUND_UP(@parent_rate, @rate), at least 1
 * Return: that divider, or 0 when none can (@rate 0, @parent_rate not).
 */
/*@ assigns  \nothing;
    ensures  none: \result == 0 <==> (rate == 0 && parent_rate != 0);
    ensures  reaches: \result != 0 ==> \forall integer d; d >= 1 ==>
                (clk_ceil_div(parent_rate, d) <= rate <==> d >= \result);
*/
unsigned long long clk_div_least_for(unsigned long rate,
				     unsigned long parent_rate);

/**
 * clk_div_best() - the divider round_rate picks for @rate from @parent_rate
 *
 * Without CLK_DIVIDER_ROUND_CLOSEST: the smallest valid divider whose
 * rate is at or below @rate (the highest such rate), and when no divider
 * gets that low, the largest divider.  With it: of that divider and the
 * largest one giving a rate above @rate, the one nearer @rate (a tie goes
 * to the one below).  Never computes @rate * div, so @rate == ULONG_MAX
 * is safe (Linux's rate * div overflow).
 *
 * Return: a valid divider, or 0 when the config has none (an empty table).
 */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  \nothing;
    ensures  valid: \result != 0 ==> clk_div_valid(cfg, \result);
    ensures  only_empty: \result == 0 ==> \forall integer e; !clk_div_valid(cfg, e);
    ensures  not_above: (cfg->flags & CLK_DIVIDER_ROUND_CLOSEST) == 0 &&
               \result != 0 ==>
               clk_ceil_div(parent_rate, \result) <= rate ||
               \forall integer e; clk_div_valid(cfg, e) ==>
                 clk_ceil_div(parent_rate, e) > rate && e <= \result;
    ensures  closest: (cfg->flags & CLK_DIVIDER_ROUND_CLOSEST) != 0 &&
               \result != 0 ==> \forall integer e; clk_div_valid(cfg, e) ==>
                 clk_rate_gap(clk_ceil_div(parent_rate, \result), rate) <=
                 clk_rate_gap(clk_ceil_div(parent_rate, e), rate);
    ensures  tie_low: (cfg->flags & CLK_DIVIDER_ROUND_CLOSEST) != 0 &&
               \result != 0 ==> \forall integer e; clk_div_valid(cfg, e) &&
                 clk_rate_gap(clk_ceil_div(parent_rate, e), rate) ==
                 clk_rate_gap(clk_ceil_div(parent_rate, \result), rate) ==>
                 clk_ceil_div(parent_rate, \result) <=
                 clk_ceil_div(parent_rate, e);
*/
unsigned long long clk_div_best(const struct clk_divider_cfg *cfg,
				unsigned long rate, unsigned long parent_rate);

/**
 * clk_div_nth() - the @k-th valid divider (from 0): ascending, or in table
 * order for a table
 * Return: that divider, or 0 when there are fewer than @k + 1.
 */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    requires k:   k >= 0;
    assigns  \nothing;
    ensures  valid: \result != 0 ==> clk_div_valid(cfg, \result);
*/
unsigned long long clk_div_nth(const struct clk_divider_cfg *cfg, int k);

/* ==================== the typed ops (proven) ==================== */

/* --- fixed --- */

/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  rate: \result == cfg->rate;
*/
unsigned long clk_fixed_recalc_rate(const struct clk_fixed_cfg *cfg);

/* Linux's clk_fixed_rate_recalc_accuracy(): the configured accuracy */
/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  accuracy: \result == cfg->accuracy;
*/
unsigned long clk_fixed_recalc_accuracy(const struct clk_fixed_cfg *cfg);

/* --- synth --- */

/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  rate: \result == cfg->rate;
*/
unsigned long clk_synth_recalc_rate(const struct clk_synth_cfg *cfg);

/* the request clamped to [min_rate, max_rate]: above the request only
 * when the request is below min_rate */
/*@ requires cfg:   \valid_read(cfg);
    requires range: cfg->min_rate <= cfg->max_rate;
    assigns  \nothing;
    ensures  in_range: cfg->min_rate <= \result <= cfg->max_rate;
    ensures  not_above: \result <= rate || (rate < cfg->min_rate &&
                                           \result == cfg->min_rate);
    ensures  exact: cfg->min_rate <= rate <= cfg->max_rate ==> \result == rate;
*/
unsigned long clk_synth_round_rate(const struct clk_synth_cfg *cfg,
				   unsigned long rate);

/*@ requires cfg: \valid(cfg);
    assigns  cfg->rate;
    ensures  errno: \result == 0 || \result == -VCLK_EINVAL;
    ensures  set:   \result == 0 ==> cfg->rate == rate;
    ensures  kept:  \result != 0 ==> cfg->rate == \old(cfg->rate);
*/
int clk_synth_set_rate(struct clk_synth_cfg *cfg, unsigned long rate);

/*@ requires cfg: \valid(cfg);
    assigns  cfg->saved_rate;
    ensures  saved: cfg->saved_rate == cfg->rate;
*/
void clk_synth_save_context(struct clk_synth_cfg *cfg);

/*@ requires cfg: \valid(cfg);
    assigns  cfg->rate;
    ensures  restored: cfg->rate == cfg->saved_rate;
*/
void clk_synth_restore_context(struct clk_synth_cfg *cfg);

/* --- fixed-factor (no round_rate: the dispatcher falls back to
 *     recalc_rate, which is the only rate the clock can make) --- */

/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  exact: cfg->div >= 1 &&
                    parent_rate * cfg->mult / cfg->div <= ULONG_MAX ==>
                    \result == parent_rate * cfg->mult / cfg->div;
    ensures  saturated: cfg->div >= 1 &&
                    parent_rate * cfg->mult / cfg->div > ULONG_MAX ==>
                    \result == ULONG_MAX;
    ensures  no_div: cfg->div == 0 ==> \result == 0;
*/
unsigned long clk_ff_recalc_rate(const struct clk_fixed_factor_cfg *cfg,
				 unsigned long parent_rate);

/* the one parent rate candidate: @rate * div / mult (k == 0 only) */
/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  one: k != 0 ==> \result == 0;
    ensures  exact: \result != 0 ==> cfg->mult >= 1 &&
                    \result == rate * cfg->div / cfg->mult;
*/
unsigned long clk_ff_parent_rate_candidate(const struct clk_fixed_factor_cfg *cfg,
					   unsigned long rate, int k);

/* --- gate (the rate passes through: no rate ops) --- */

/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw, clk_basic_rd, clk_basic_wr;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  written: \result == 0 ==>
               clk_basic_wr == CLK_GATE_WORD(cfg, 1, clk_basic_rd);
*/
int clk_gate_enable(const struct clk_gate_cfg *cfg);

/* cannot report a failed write (void, as in Linux) */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw, clk_basic_rd, clk_basic_wr;
*/
void clk_gate_disable(const struct clk_gate_cfg *cfg);

/* a failed read answers "not enabled": the op has no error value */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
    ensures  bool: \result == 0 || \result == 1;
*/
int clk_gate_is_enabled(const struct clk_gate_cfg *cfg);

/* --- mux --- */

/* the parent index the field selects; -1 for a value no parent has */
/*@ requires cfg: clk_mux_cfg_ok(cfg);
    assigns  vclk_reg_hw;
    ensures  range: -VCLK_MAX_ERRNO <= \result < cfg->num_parents;
*/
int clk_mux_get_parent(const struct clk_mux_cfg *cfg);

/* the field value written fits the field (field_write's precondition) */
/*@ requires cfg: clk_mux_cfg_ok(cfg);
    assigns  vclk_reg_hw, clk_basic_rd, clk_basic_wr;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  einval: index < 0 || index >= cfg->num_parents ==>
               \result == -VCLK_EINVAL;
    ensures  written: \result == 0 ==>
               clk_basic_wr == CLK_FIELD_SET(clk_basic_rd, cfg->shift,
                                             cfg->width,
                                             clk_mux_value(cfg, index));
*/
int clk_mux_set_parent(const struct clk_mux_cfg *cfg, int index);

/* --- divider --- */

/* a failed read gives 0: the op has no error value, and the core's check
 * after set_rate turns the mismatch into -EIO with the setting restored */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  vclk_reg_hw;
    ensures  below_parent: \result <= parent_rate;
*/
unsigned long clk_divider_recalc_rate(const struct clk_divider_cfg *cfg,
				      unsigned long parent_rate);

/* the rate of clk_div_best()'s divider: never above @rate without
 * CLK_DIVIDER_ROUND_CLOSEST, unless no divider gets down to @rate */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  \nothing;
    ensures  below_parent: \result <= parent_rate;
    ensures  not_above: (cfg->flags & CLK_DIVIDER_ROUND_CLOSEST) == 0 ==>
               \result <= rate || \forall integer e; clk_div_valid(cfg, e) ==>
                 clk_ceil_div(parent_rate, e) > rate;
    // (0 is also the answer of a config that fails the run-time check,
    // which the precondition excludes but the ops' callers are not proven)
    ensures  closest: (cfg->flags & CLK_DIVIDER_ROUND_CLOSEST) != 0 &&
               \result != 0 ==> \forall integer e; clk_div_valid(cfg, e) ==>
                 clk_rate_gap(\result, rate) <=
                 clk_rate_gap(clk_ceil_div(parent_rate, e), rate);
*/
unsigned long clk_divider_round_rate(const struct clk_divider_cfg *cfg,
				     unsigned long rate,
				     unsigned long parent_rate);

/* @rate times the k-th divider (a request for 0 Hz is one for 1 Hz, as
 * Linux's clk_divider_bestdiv()); 0 after the last, or on overflow */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  \nothing;
    ensures  candidate: \result != 0 ==> \exists integer d;
               clk_div_valid(cfg, d) && \result == (rate == 0 ? 1 : rate) * d;
*/
unsigned long clk_divider_parent_rate_candidate(const struct clk_divider_cfg *cfg,
						unsigned long rate, int k);

/*
 * Program the divider that gives exactly @rate from @parent_rate: the
 * smallest one at or below @rate (Linux's divider_get_val() takes
 * DIV_ROUND_UP(parent, rate) and fails when that is not a divider; this
 * rounds it up to the next divider, which gives @rate whenever any does).
 * The field value written fits the field (field_write's precondition).
 */
/*@ requires cfg: clk_div_cfg_ok(cfg) && \valid(cfg);
    assigns  vclk_reg_hw, cfg->saved_val, cfg->saved, clk_basic_rd,
             clk_basic_wr;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    // the configuration as it was at the call: set_rate writes no field
    // of it but saved and saved_val
    ensures  written: \result == 0 ==> \exists integer v;
               0 <= v <= clk_field_max(\old(cfg->width)) &&
               clk_div_divider{Pre}(cfg, v) >= 1 &&
               clk_ceil_div(parent_rate, clk_div_divider{Pre}(cfg, v)) == rate &&
               clk_basic_wr == CLK_FIELD_SET(clk_basic_rd, \old(cfg->shift),
                                             \old(cfg->width), v);
    ensures  saved: \result == 0 && !\old(cfg->saved) ==> cfg->saved &&
               cfg->saved_val == clk_field_get(clk_basic_rd, cfg->shift,
                                               cfg->width);
    ensures  saved_kept: \old(cfg->saved) || \result != 0 ==>
               cfg->saved == \old(cfg->saved) &&
               cfg->saved_val == \old(cfg->saved_val);
*/
int clk_divider_set_rate(struct clk_divider_cfg *cfg, unsigned long rate,
			 unsigned long parent_rate);

/*@ requires cfg: clk_div_cfg_ok(cfg) && \valid(cfg);
    assigns  vclk_reg_hw, cfg->saved_val, cfg->saved;
    ensures  fits: cfg->saved ==> cfg->saved_val <= clk_field_max(cfg->width);
*/
void clk_divider_save_context(struct clk_divider_cfg *cfg);

/* cannot report a failed access (void, as Linux's restore_context) */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  vclk_reg_hw, clk_basic_rd, clk_basic_wr;
*/
void clk_divider_restore_context(const struct clk_divider_cfg *cfg);

#endif /* VCLK_CLK_BASIC_H */
