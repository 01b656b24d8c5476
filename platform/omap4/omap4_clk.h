/* SPDX-License-Identifier: MIT */
/*
 * platform/omap4/omap4_clk.h - OMAP4 clock types (issue 6): clksel
 * dividers, DPLL HS post-dividers (M2..M7), module gates (CM_*_CLKCTRL)
 * and the clock domains (CM_*_CLKSTCTRL) the module gates wake.
 *
 * As clk_basic.h: each type is a config struct the caller fills in and
 * passes as the clock's @priv, plus a const struct vclk_ops in
 * omap4_clk_ops.c (one-line void *priv wrappers: the unproven boundary).
 * Every register access goes through platform/vclk_reg.h; an op whose
 * access fails returns that access's errno and leaves the hardware as it
 * was (a failed write changed nothing; a read-modify-write that fails
 * fails before or at its one write).
 *
 * PROVEN (omap4_clk.c, Frama-C/WP, -wp-rte -warn-unsigned-overflow,
 * downcasts, smoke tests, x86_64 and x86_32): every field value written
 * fits its field (the precondition "fits" of omap4_clk.c's field_write,
 * proven at each call); clksel and hsdiv set_rate program exactly @rate or
 * answer -VCLK_EINVAL without any register access; round_rate never rounds
 * above the request unless no divisor gets down to it, and then gives the
 * lowest rate; the clock-domain use count goes +1 / -1 on success and is
 * unchanged on every error path, and never underflows; polls are bounded
 * (vclk_reg_poll's max_polls >= 1).
 *
 * The file is self-contained: it does not call clk_basic.c (whose proof
 * is another unit), it has its own copies of the small field helpers and
 * ghost lemmas, under its own names (o4c_*), so that its contracts assume
 * nothing but the register layer (ASSUME-REG).
 * Freestanding C11.
 */
#ifndef VCLK_OMAP4_CLK_H
#define VCLK_OMAP4_CLK_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include "vclk_provider.h"
#include "vclk_reg.h"

/* ==================== register layouts (OMAP4 TRM) ==================== */

/* CM_DIV_Mx_DPLL_*: DIVHS, a one-based divider, bits 4:0 (0 is invalid) */
#define OMAP4_HSDIV_SHIFT     0u
#define OMAP4_HSDIV_WIDTH     5u
#define OMAP4_HSDIV_MAX       31u
/*
 * CM_DIV_Mx_DPLL_*: bit 8, (HSDIVIDER_)CLKOUT_GATE_CTRL.  1 = the output
 * is forced running, 0 = the hardware gates it when no module asks for it
 * (Linux's drivers/clk/ti/dpll44xx.c: omap4_dpllmx_deny_gatectrl() sets
 * it, omap4_dpllmx_allow_gatectrl() clears it).  So it is NOT a "set bit
 * to disable" gate: enable sets the bit, disable clears it (the output is
 * then auto-gated, not necessarily stopped).
 */
#define OMAP4_HSDIV_GATE_BIT  8u

/* CM_*_CLKCTRL: MODULEMODE bits 1:0, IDLEST bits 17:16 */
#define OMAP4_MODULEMODE_SHIFT    0u
#define OMAP4_MODULEMODE_WIDTH    2u
#define OMAP4_MODULEMODE_DISABLED 0u
#define OMAP4_MODULEMODE_ENABLE   2u	/* explicit (SW) enable */
#define OMAP4_IDLEST_MASK         0x00030000u
#define OMAP4_IDLEST_FUNCTIONAL   0u	/* IDLEST == 0: fully functional */

/* CM_*_CLKSTCTRL: CLKTRCTRL bits 1:0 */
#define OMAP4_CLKTRCTRL_SHIFT   0u
#define OMAP4_CLKTRCTRL_WIDTH   2u
#define OMAP4_CLKTRCTRL_SW_SLEEP 1u
#define OMAP4_CLKTRCTRL_SW_WKUP  2u
#define OMAP4_CLKTRCTRL_HW_AUTO  3u

/* entries of a clksel table (the seed's clksel_rate lists have <= 8) */
#define OMAP4_CLKSEL_MAX_RATES 8

/* ==================== config structs ==================== */

/**
 * struct omap4_clksel_rate - one line of a clksel table (the seed's
 * struct clksel_rate, for the one parent of this divider)
 * @val: the field value
 * @div: the divisor it selects; an entry with 0, or with a value that does
 *	not fit the field, is ignored
 */
struct omap4_clksel_rate {
	uint32_t val;
	unsigned int div;
};

/**
 * struct omap4_clksel_cfg - a clksel divider: parent rate / table divisor
 * @reg: bus address of the CM_CLKSEL_* register
 * @shift: lowest bit of the field
 * @width: bits of the field, 1..32, @shift + @width <= 32 (checked)
 * @rates: @num_rates entries, ascending divisors as in the seed's tables
 *	(round_rate does not depend on the order; set_rate picks the first
 *	entry, in table order, of the smallest divisor giving the rate)
 * @num_rates: 1..OMAP4_CLKSEL_MAX_RATES
 * @saved_val: the field value save_context remembered (op state)
 * @saved: whether @saved_val holds one (op state; false after a failed
 *	read, until a set_rate records the value it replaced)
 *
 * The rate is DIV_ROUND_UP(parent rate, divisor), as Linux's ti divider
 * (ti_clk_divider_recalc_rate) and clk_basic's divider; a field value
 * the table does not list gives the parent rate, as Linux does after its
 * WARN.  One parent: an OMAP clksel with several parents is a mux
 * (clk_mux_cfg of clk_basic.h) feeding this divider.
 * round_rate: the highest table rate not above the request (the smallest
 * such divisor: in an ascending table, the first entry whose rate is not
 * above it, as Linux's omap2_clksel_round_rate); when every rate is
 * above the request, the lowest one (the largest divisor).
 * set_rate: exact; a rate no entry gives from the parent rate is
 * -VCLK_EINVAL with no register access.
 * With CLK_SET_RATE_PARENT the k-th parent-rate candidate is the request
 * times the divisor of entry k.
 */
struct omap4_clksel_cfg {
	uint32_t reg;
	unsigned int shift;
	unsigned int width;
	const struct omap4_clksel_rate *rates;
	int num_rates;
	uint32_t saved_val;
	bool saved;
};

/**
 * struct omap4_hsdiv_cfg - a DPLL HS post-divider output (M2..M7)
 * @reg: bus address of the CM_DIV_Mx_DPLL_* register
 * @saved_val: DIVHS as save_context read it (op state)
 * @saved: whether @saved_val holds one (op state)
 *
 * DIVHS (bits 4:0) divides by 1..31, DIV_ROUND_UP as above; DIVHS 0 is
 * invalid and reads as the parent rate.  Rounding and set_rate as the
 * clksel over the divisors 1..31.  enable/disable drive
 * OMAP4_HSDIV_GATE_BIT (see there: set = forced on).  Parent-rate
 * candidates: the request times 1, 2, ..., 31.
 */
struct omap4_hsdiv_cfg {
	uint32_t reg;
	uint32_t saved_val;
	bool saved;
};

/**
 * struct omap4_clkdm - an OMAP4 clock domain (CM_*_CLKSTCTRL)
 * @reg: bus address of the CLKSTCTRL register
 * @hw_auto: what the last disable leaves: true = HW_AUTO (3, the hardware
 *	sleeps the domain when idle: Linux's choice for a domain with
 *	CLKDM_CAN_HWSUP after clkdm_allow_idle), false = SW_SLEEP (1,
 *	Linux's force-sleep for a domain that cannot be hardware supervised)
 * @usecount: enabled clocks of the domain (state: start at 0).  The first
 *	enable writes SW_WKUP (2), the last disable @hw_auto's mode.
 */
struct omap4_clkdm {
	uint32_t reg;
	bool hw_auto;
	unsigned int usecount;
};

/**
 * struct omap4_modgate_cfg - a module clock gate (CM_*_CLKCTRL)
 * @reg: bus address of the CLKCTRL register
 * @plain_bit: false: MODULEMODE (bits 1:0, 2 = enabled, 0 = disabled);
 *	true: the one bit @bit (optional functional clocks, OPTFCLKEN_*)
 * @bit: the bit of a @plain_bit gate, 0..31 (checked)
 * @inverted: a @plain_bit gate whose bit set means disabled
 * @idlest_polls: 0: no wait; n >= 1: after the enable, read @reg up to n
 *	times until IDLEST (bits 17:16) reads 0 (fully functional); after n
 *	reads that do not, the enable is undone and is -VCLK_ETIMEDOUT
 * @clkdm: the clock domain, or NULL: woken before the module is enabled,
 *	released after it is disabled (and on every failed enable)
 */
struct omap4_modgate_cfg {
	uint32_t reg;
	bool plain_bit;
	unsigned int bit;
	bool inverted;
	int idlest_polls;
	struct omap4_clkdm *clkdm;
};

/* ==================== the ops tables (omap4_clk_ops.c) ==================== */

extern const struct vclk_ops omap4_clksel_ops;	/* omap4_clksel_cfg */
extern const struct vclk_ops omap4_hsdiv_ops;	/* omap4_hsdiv_cfg */
extern const struct vclk_ops omap4_modgate_ops;	/* omap4_modgate_cfg */
extern const struct vclk_ops omap4_clkdm_gate_ops; /* omap4_clkdm: a clock
						    * that only holds its
						    * domain awake */

/* ==================== logic of the contracts ==================== */

/*@ // 2^n over the integers (a product, not a shift: see omap4_clk.c)
    logic integer o4c_pow2(integer n) = n <= 0 ? 1 : 2 * o4c_pow2(n - 1);

    // REQ-FIELD-1: the largest value of a @width-bit field
    logic integer o4c_field_max(integer width) = o4c_pow2(width) - 1;

    // REQ-FIELD-1: a field lies inside a 32-bit register
    predicate o4c_field_ok(integer shift, integer width) =
      1 <= width && 0 <= shift && shift + width <= 32;

    // DIV_ROUND_UP over the integers
    logic integer o4c_ceil_div(integer n, integer d) = (n + d - 1) / d;

    predicate o4c_clksel_cfg_ok(struct omap4_clksel_cfg *cfg) =
      \valid_read(cfg) && 1 <= cfg->num_rates <= OMAP4_CLKSEL_MAX_RATES &&
      \valid_read(cfg->rates + (0 .. cfg->num_rates - 1)) &&
      \separated(cfg, cfg->rates + (0 .. cfg->num_rates - 1));

    // entry @i is used: a non-zero divisor, a value that fits the field
    predicate o4c_entry_ok{L}(struct omap4_clksel_cfg *cfg, integer i) =
      0 <= i < cfg->num_rates && o4c_field_ok(cfg->shift, cfg->width) &&
      cfg->rates[i].div >= 1 &&
      cfg->rates[i].val <= o4c_field_max(cfg->width);

    // REQ-CLKSEL-1: the rate of entry @i from @parent
    logic integer o4c_entry_rate{L}(struct omap4_clksel_cfg *cfg,
                                    integer i, integer parent) =
      o4c_ceil_div(parent, cfg->rates[i].div);

    // REQ-CLKSEL-1: some used entry gives @rate from @parent
    predicate o4c_clksel_gives{L}(struct omap4_clksel_cfg *cfg,
                                  integer parent, integer rate) =
      \exists integer i; o4c_entry_ok(cfg, i) &&
                         o4c_entry_rate(cfg, i, parent) == rate;

    predicate o4c_clksel_any{L}(struct omap4_clksel_cfg *cfg) =
      \exists integer i; o4c_entry_ok(cfg, i);

    // REQ-CLKSEL-1: some DIVHS divisor gives @rate from @parent
    predicate o4c_hsdiv_gives(integer parent, integer rate) =
      \exists integer d; 1 <= d <= OMAP4_HSDIV_MAX &&
                         o4c_ceil_div(parent, d) == rate;

    // REQ-CLKDM-1: domain @d's use count moved by exactly @delta
    predicate o4c_clkdm_moved{L1, L2}(struct omap4_clkdm *d, integer delta) =
      \at(d->usecount, L2) == \at(d->usecount, L1) + delta;

    predicate o4c_modgate_cfg_ok(struct omap4_modgate_cfg *cfg) =
      \valid_read(cfg) &&
      (cfg->clkdm == \null ||
         (\valid(cfg->clkdm) && \separated(cfg, cfg->clkdm)));
*/

/* ==================== clksel divider (proven) ==================== */

/**
 * omap4_clksel_recalc_rate() - the rate the field selects
 * A failed read gives 0 (the op has no error value; the core's check after
 * set_rate turns a mismatch into -EIO with the setting restored).
 */
/*@ requires cfg: o4c_clksel_cfg_ok(cfg);
    assigns  vclk_reg_hw;
    ensures  below_parent: \result <= parent_rate;
*/
unsigned long omap4_clksel_recalc_rate(const struct omap4_clksel_cfg *cfg,
				       unsigned long parent_rate);

/**
 * omap4_clksel_round_rate() - the highest table rate not above @rate, or
 * the lowest table rate when all are above (no used entry: @parent_rate)
 */
/*@ requires cfg: o4c_clksel_cfg_ok(cfg);
    assigns  \nothing;
    ensures  gives: o4c_clksel_any(cfg) ==>
               o4c_clksel_gives(cfg, parent_rate, \result);
    ensures  not_above: \result <= rate || \forall integer i;
               o4c_entry_ok(cfg, i) ==> o4c_entry_rate(cfg, i, parent_rate) > rate;
    ensures  highest: \forall integer i; o4c_entry_ok(cfg, i) &&
               o4c_entry_rate(cfg, i, parent_rate) <= rate ==>
                 o4c_entry_rate(cfg, i, parent_rate) <= \result;
    ensures  lowest: \result > rate ==> \forall integer i;
               o4c_entry_ok(cfg, i) ==> \result <= o4c_entry_rate(cfg, i, parent_rate);
*/
unsigned long omap4_clksel_round_rate(const struct omap4_clksel_cfg *cfg,
				      unsigned long rate,
				      unsigned long parent_rate);

/**
 * omap4_clksel_parent_rate_candidate() - @rate times the divisor of
 * entry @k; 0 past the table, for an unused entry, or on overflow
 */
/*@ requires cfg: o4c_clksel_cfg_ok(cfg);
    assigns  \nothing;
    ensures  candidate: \result != 0 ==> \exists integer i;
               o4c_entry_ok(cfg, i) && \result == rate * cfg->rates[i].div;
*/
unsigned long omap4_clksel_parent_rate_candidate(const struct omap4_clksel_cfg *cfg,
						 unsigned long rate, int k);

/**
 * omap4_clksel_set_rate() - program the entry that gives exactly @rate
 * ("gives" is read in the pre-state: the op assigns only the saved_*
 * fields, and the table is separated from the config, so it is the same
 * table afterwards)
 * Return: 0; -VCLK_EINVAL, with no register access, when no entry gives
 * @rate from @parent_rate; or a register access's errno (hardware as it
 * was).
 */
/*@ requires cfg: o4c_clksel_cfg_ok(cfg) && \valid(cfg);
    assigns  vclk_reg_hw, cfg->saved_val, cfg->saved;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  exact: \result == 0 ==>
               \old(o4c_clksel_gives(cfg, parent_rate, rate));
    ensures  einval: !\old(o4c_clksel_gives(cfg, parent_rate, rate)) ==>
               \result == -VCLK_EINVAL && vclk_reg_hw == \old(vclk_reg_hw) &&
               cfg->saved == \old(cfg->saved) &&
               cfg->saved_val == \old(cfg->saved_val);
*/
int omap4_clksel_set_rate(struct omap4_clksel_cfg *cfg, unsigned long rate,
			  unsigned long parent_rate);

/*@ requires cfg: o4c_clksel_cfg_ok(cfg) && \valid(cfg);
    assigns  vclk_reg_hw, cfg->saved_val, cfg->saved;
    ensures  fits: cfg->saved ==> cfg->saved_val <= o4c_field_max(cfg->width);
*/
void omap4_clksel_save_context(struct omap4_clksel_cfg *cfg);

/* cannot report a failed access (void, as Linux's restore_context) */
/*@ requires cfg: o4c_clksel_cfg_ok(cfg);
    assigns  vclk_reg_hw;
*/
void omap4_clksel_restore_context(const struct omap4_clksel_cfg *cfg);

/* ==================== HS post-divider (proven) ==================== */

/* DIVHS 0 (invalid) reads as @parent_rate; a failed read gives 0 */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
    ensures  below_parent: \result <= parent_rate;
*/
unsigned long omap4_hsdiv_recalc_rate(const struct omap4_hsdiv_cfg *cfg,
				      unsigned long parent_rate);

/* the highest rate of a divisor 1..31 not above @rate, else the lowest */
/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  gives: o4c_hsdiv_gives(parent_rate, \result);
    ensures  not_above: \result <= rate || \forall integer d;
               1 <= d <= OMAP4_HSDIV_MAX ==> o4c_ceil_div(parent_rate, d) > rate;
    ensures  highest: \forall integer d; 1 <= d <= OMAP4_HSDIV_MAX &&
               o4c_ceil_div(parent_rate, d) <= rate ==>
                 o4c_ceil_div(parent_rate, d) <= \result;
*/
unsigned long omap4_hsdiv_round_rate(const struct omap4_hsdiv_cfg *cfg,
				     unsigned long rate,
				     unsigned long parent_rate);

/* @rate * (k + 1) for k in 0..30; 0 otherwise or on overflow */
/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  candidate: \result != 0 ==> 0 <= k < OMAP4_HSDIV_MAX &&
               \result == rate * (k + 1);
*/
unsigned long omap4_hsdiv_parent_rate_candidate(const struct omap4_hsdiv_cfg *cfg,
						unsigned long rate, int k);

/* exact, as omap4_clksel_set_rate(); the other bits of the register kept */
/*@ requires cfg: \valid(cfg);
    assigns  vclk_reg_hw, cfg->saved_val, cfg->saved;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  exact: \result == 0 ==> o4c_hsdiv_gives(parent_rate, rate);
    ensures  einval: !o4c_hsdiv_gives(parent_rate, rate) ==>
               \result == -VCLK_EINVAL && vclk_reg_hw == \old(vclk_reg_hw) &&
               cfg->saved == \old(cfg->saved) &&
               cfg->saved_val == \old(cfg->saved_val);
*/
int omap4_hsdiv_set_rate(struct omap4_hsdiv_cfg *cfg, unsigned long rate,
			 unsigned long parent_rate);

/*@ requires cfg: \valid(cfg);
    assigns  vclk_reg_hw, cfg->saved_val, cfg->saved;
    ensures  fits: cfg->saved ==> 1 <= cfg->saved_val <= OMAP4_HSDIV_MAX;
*/
void omap4_hsdiv_save_context(struct omap4_hsdiv_cfg *cfg);

/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
*/
void omap4_hsdiv_restore_context(const struct omap4_hsdiv_cfg *cfg);

/* set CLKOUT_GATE_CTRL (forced on) */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
int omap4_hsdiv_enable(const struct omap4_hsdiv_cfg *cfg);

/* clear CLKOUT_GATE_CTRL (auto-gated); cannot report a failed access */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
*/
void omap4_hsdiv_disable(const struct omap4_hsdiv_cfg *cfg);

/* a failed read answers "not enabled" */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
    ensures  bool: \result == 0 || \result == 1;
*/
int omap4_hsdiv_is_enabled(const struct omap4_hsdiv_cfg *cfg);

/* ==================== clock domains (proven) ==================== */

/**
 * omap4_clkdm_enable() - count one more enabled clock in @clkdm; the first
 * one writes CLKTRCTRL = SW_WKUP
 * Return: 0; -VCLK_EOVERFLOW when the count is at UINT_MAX; or the
 * access's errno, with the count and the register as they were.
 */
/*@ requires clkdm: \valid(clkdm);
    assigns  vclk_reg_hw, clkdm->usecount;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  count_up: \result == 0 ==> o4c_clkdm_moved{Pre, Post}(clkdm, 1);
    ensures  count_kept: \result != 0 ==> o4c_clkdm_moved{Pre, Post}(clkdm, 0);
    ensures  awake_no_access: \old(clkdm->usecount) != 0 ==>
               vclk_reg_hw == \old(vclk_reg_hw);
*/
int omap4_clkdm_enable(struct omap4_clkdm *clkdm);

/**
 * omap4_clkdm_disable() - count one enabled clock less; the last one
 * writes CLKTRCTRL = HW_AUTO or SW_SLEEP (@hw_auto).  A count of 0 stays 0
 * (an unbalanced disable is ignored, as Linux's clkdm_clk_disable WARNs).
 * A failed sleep write cannot be reported (void): the domain stays awake,
 * which is safe, and the count still goes to 0.
 */
/*@ requires clkdm: \valid(clkdm);
    assigns  vclk_reg_hw, clkdm->usecount;
    ensures  count_down: \old(clkdm->usecount) > 0 ==>
               o4c_clkdm_moved{Pre, Post}(clkdm, -1);
    ensures  no_underflow: \old(clkdm->usecount) == 0 ==>
               o4c_clkdm_moved{Pre, Post}(clkdm, 0) &&
               vclk_reg_hw == \old(vclk_reg_hw);
    ensures  busy_no_access: \old(clkdm->usecount) > 1 ==>
               vclk_reg_hw == \old(vclk_reg_hw);
*/
void omap4_clkdm_disable(struct omap4_clkdm *clkdm);

/* ==================== module gate (proven) ==================== */

/**
 * omap4_modgate_enable() - wake the domain, enable the module, wait for
 * IDLEST (if asked)
 * Return: 0; -VCLK_EINVAL for a bad @bit or @idlest_polls; the domain's
 * error; -VCLK_ETIMEDOUT when IDLEST did not come (the module disabled
 * and the domain released again); or an access's errno.  On every error
 * the domain's count is as it was.
 */
/*@ requires cfg: o4c_modgate_cfg_ok(cfg);
    assigns  vclk_reg_hw, vclk_reg_polls, vclk_reg_polled,
             cfg->clkdm->usecount;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  count_up: cfg->clkdm != \null && \result == 0 ==>
               o4c_clkdm_moved{Pre, Post}(cfg->clkdm, 1);
    ensures  count_kept: cfg->clkdm != \null && \result != 0 ==>
               o4c_clkdm_moved{Pre, Post}(cfg->clkdm, 0);
*/
int omap4_modgate_enable(const struct omap4_modgate_cfg *cfg);

/* disable the module, then release the domain (count - 1, never below 0) */
/*@ requires cfg: o4c_modgate_cfg_ok(cfg);
    assigns  vclk_reg_hw, cfg->clkdm->usecount;
    ensures  count_down: cfg->clkdm != \null && \old(cfg->clkdm->usecount) > 0 ==>
               o4c_clkdm_moved{Pre, Post}(cfg->clkdm, -1);
    ensures  no_underflow: cfg->clkdm != \null && \old(cfg->clkdm->usecount) == 0 ==>
               o4c_clkdm_moved{Pre, Post}(cfg->clkdm, 0);
*/
void omap4_modgate_disable(const struct omap4_modgate_cfg *cfg);

/* MODULEMODE == ENABLE (or the bit); a failed read answers "not enabled" */
/*@ requires cfg: o4c_modgate_cfg_ok(cfg);
    assigns  vclk_reg_hw;
    ensures  bool: \result == 0 || \result == 1;
*/
int omap4_modgate_is_enabled(const struct omap4_modgate_cfg *cfg);

#endif /* VCLK_OMAP4_CLK_H */
