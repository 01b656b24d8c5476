/* SPDX-License-Identifier: MIT */
/*
 * platform/omap4/dpll.h - the OMAP4 DPLL (CM_CLKMODE/CM_IDLEST/CM_CLKSEL
 * register triple) as a vclk clock type (issue 6).
 *
 * Registers (OMAP4430 TRM; Linux drivers/clk/ti/dpll3xxx.c):
 *   CM_CLKMODE_DPLL_x  DPLL_EN bits 2:0 (7 lock, 4 MN-bypass, 5 low-power
 *                      bypass, 6 fast-relock bypass, 1 low-power stop),
 *                      DPLL_REGM4XEN bit 11
 *   CM_IDLEST_DPLL_x   ST_DPLL_CLK bit 0 (locked), ST_MN_BYPASS bit 8
 *   CM_CLKSEL_DPLL_x   DPLL_MULT bits 18:8 (11 bits; 19:8 for a J-type),
 *                      DPLL_DIV bits 6:0 holding N - 1 (7:0 for a J-type),
 *                      DPLL_BYP_CLKSEL bit 23 (kept as it is), and for a
 *                      J-type DPLL_SD_DIV bits 31:24, the sigma-delta
 *                      divider: the DCO rate / 250 MHz rounded up (Linux's
 *                      _lookup_sddiv), at most 255
 *
 * Parents: input 0 is the reference clock (sys_clkin).  A DPLL with a
 * bypass input (@bypass_input, the tree's "bypass=" clock: the MPU, IVA,
 * PER and USB DPLLs' *_hs_clk*) has it as input 1, and switches between the
 * two as Linux's noncore DPLLs do (omap3_noncore_dpll_set_parent): input
 * 1 is low-power bypass, input 0 is locked.  A DPLL without one runs on
 * its reference in every mode (MN-bypass included).
 *
 * Ops (struct vclk_ops omap4_dpll_ops, in dpll_ops.c):
 *  - recalc_rate: MN, low-power or fast-relock bypass (DPLL_EN 4, 5, 6):
 *    the parent rate (the bypass input's in low-power/fast-relock bypass
 *    when there is one, the reference's otherwise); any other DPLL_EN
 *    (locked, stopped, reserved): omap4_dpll_rate(parent, M, N,
 *    REGM4XEN), 0 for M < 2.  A failed read gives 0, as the divider.  A
 *    stopped DPLL reports the rate it locks at, as Linux's
 *    omap2_get_dpll_rate() does (NOT the "stop: 0" of the issue): the
 *    core's ops model (core/vclk_ops.h) has enable/disable change
 *    vclk_hw_state only, never the rate, and its rate cache is not
 *    refreshed by clk_enable/clk_disable; clk_get_rate() reports the
 *    rate the clock runs at while enabled, as in Linux.
 *  - get_parent: 1 in low-power or fast-relock bypass when there is a
 *    bypass input, 0 otherwise (and after a failed read).
 *    set_parent: 1 enters low-power bypass (EN = 5) and waits for
 *    ST_DPLL_CLK to clear; 0 locks (EN = 7) and waits for it to set;
 *    both waits bounded, and on failure CLKMODE is written back as read
 *    (-ETIMEDOUT, or the access's errno).  Input 1 without a bypass
 *    input, or any other index: -EINVAL, nothing accessed.
 *  - round_rate: omap4_dpll_round() over the config's limits (0: none).
 *  - set_rate: the (M, N, M4X) of omap4_dpll_round(), which must give the
 *    request exactly (else -EINVAL before any access); a DPLL in a bypass
 *    mode refuses with -EBUSY after reading CLKMODE (it runs at its
 *    parent's rate there, and locking it would change its rate and its
 *    input, and the mode its X2 output follows, under the core's plan:
 *    clk_set_parent() to the reference locks it first); then MN-bypass and
 *    a bounded poll of ST_MN_BYPASS, M/N written, lock requested (with
 *    REGM4XEN in the same write) and a bounded poll of ST_DPLL_CLK.  Any
 *    failure after the first write puts both registers back as read at
 *    entry (MN-bypass, CLKSEL, then CLKMODE; no wait) and returns the
 *    error: -ETIMEDOUT for a bypass or lock timeout, the access's errno
 *    otherwise.  As Linux, a set_rate leaves the DPLL locked.
 *  - enable: in a bypass mode nothing (the bypass clock runs, and locking
 *    would change the rate under the core's cache); locked: a bounded
 *    poll of ST_DPLL_CLK; otherwise lock (EN = 7, bounded poll), and on
 *    failure CLKMODE is written back as read.
 *    disable: locked -> low-power stop (EN = 1), no wait (Linux's noncore
 *    DPLL); a bypassing DPLL is left bypassing (stopping it would change
 *    its rate and, for a DPLL on its bypass input, its input).
 *    is_enabled: locked or bypassing (the output runs).
 *  - save/restore_context: CLKSEL and CLKMODE as read; restore writes
 *    MN-bypass, CLKSEL, CLKMODE without polling (it cannot fail).  A
 *    failed save read is made good by the next set_rate, which records
 *    what it replaced (as clk_divider_cfg's saved flag).
 *
 * PROVEN (Frama-C/WP, -wp-rte, -warn-unsigned-overflow, downcasts, smoke tests,
 * x86_64 and x86_32; unit "omap4" of make prove): every function of
 * dpll.c against the contracts below (the DPLL, its bypass input, its
 * X2 output, the J-type sigma-delta divider): 402 (x86_32) and 407
 * (x86_64) goals in unit "omap4", no failed smoke test; only the contracts of vclk_reg.h are "Considered
 * valid" (omap4_dpll_round/omap4_dpll_rate are proven in dpll_round.c,
 * the same unit).  That covers: every field value
 * written fits its field (DPLL_EN <= 7, M <= the MULT field's maximum,
 * N - 1 <= the DIV field's maximum: the preconditions of dpll.c's
 * clksel_value()/clkmode_value(), proven at each call); every wait is
 * vclk_reg_poll() with the config's max_polls (>= 1, checked); no
 * arithmetic wraps; and set_rate's rollback, NARROWED as follows.
 *
 * Narrowed statement of the rollback: the register layer models all
 * hardware as one ghost (vclk_reg_hw, platform/vclk_reg.h) and says
 * nothing of the values a read returns, so "the registers are as at
 * entry" cannot be stated.  What is proven is over ghost variables of
 * this file that follow every write it issues: on failure either no
 * write was issued at all (omap4_dpll_wrote is false), or the last write
 * issued to CLKSEL and the last one to CLKMODE carry exactly the values
 * the entry reads returned (omap4_dpll_entry_clksel/_clkmode).  That a
 * rollback write reaches the hardware is the register layer's (MMIO
 * cannot fail; the model fails one only when a test arms two faults).
 * The tests check the register values themselves.
 *
 * NOT PROVEN: dpll_ops.c (void * wrappers, as clk_basic_ops.c), and the
 * rate arithmetic, which is omap4_dpll_rate()/omap4_dpll_round() of
 * dpll_round.h (proven in its own file; here an assumed interface).
 * Freestanding C11.
 */
#ifndef VCLK_OMAP4_DPLL_H
#define VCLK_OMAP4_DPLL_H

#include <stdbool.h>
#include <stdint.h>
#include "vclk_provider.h"
#include "vclk_reg.h"
#include "dpll_round.h"

/* ==================== register fields ==================== */

#define OMAP4_DPLL_EN_MASK        0x7u		/* CLKMODE DPLL_EN, bits 2:0 */
#define OMAP4_DPLL_EN_STOP        1u		/* low-power stop */
#define OMAP4_DPLL_EN_MN_BYPASS   4u
#define OMAP4_DPLL_EN_LP_BYPASS   5u
#define OMAP4_DPLL_EN_FR_BYPASS   6u		/* fast-relock bypass */
#define OMAP4_DPLL_EN_LOCK        7u
#define OMAP4_DPLL_REGM4XEN       0x800u	/* CLKMODE bit 11 */

#define OMAP4_DPLL_ST_CLK         0x1u		/* IDLEST bit 0: locked */
#define OMAP4_DPLL_ST_MN_BYPASS   0x100u	/* IDLEST bit 8 */

#define OMAP4_DPLL_MULT_SHIFT     8u		/* CLKSEL DPLL_MULT */
#define OMAP4_DPLL_MULT_MASK      0x7ff00u	/* 11 bits */
#define OMAP4_DPLL_MULT_MASK_J    0xfff00u	/* 12 bits, J-type */
#define OMAP4_DPLL_DIV_MASK       0x7fu		/* CLKSEL DPLL_DIV: N - 1 */
#define OMAP4_DPLL_DIV_MASK_J     0xffu		/* 8 bits, J-type */
#define OMAP4_DPLL_BYP_CLKSEL     0x800000u	/* CLKSEL bit 23 */
#define OMAP4_DPLL_SD_DIV_MASK_J  0xff000000u	/* CLKSEL DPLL_SD_DIV, J-type */
#define OMAP4_DPLL_SD_DIV_MAX     255u
#define OMAP4_DPLL_SD_TARGET      250000000UL	/* Hz per sigma-delta step */

/* ==================== config ==================== */

/**
 * struct omap4_dpll_cfg - one OMAP4 DPLL
 * @clkmode_reg: bus address of CM_CLKMODE_DPLL_x
 * @idlest_reg: bus address of CM_IDLEST_DPLL_x
 * @clksel_reg: bus address of CM_CLKSEL_DPLL_x
 * @j_type: 12-bit MULT and 8-bit DIV fields (the USB DPLL)
 * @limits: what round_rate may choose; 2 <= max_m must fit MULT (2047,
 *	4095 for a J-type), 1 <= max_n with max_n - 1 fitting DIV (128, 256
 *	for a J-type), and the Fint bounds below 2^32 Hz (omap4_dpll_round's
 *	precondition), or every rate op refuses (round_rate 0, set_rate
 *	-EINVAL)
 * @max_polls: reads of IDLEST a bypass or lock wait may take, >= 1
 *	(otherwise set_rate, set_parent and enable refuse with -EINVAL)
 * @bypass_input: input 1 is the bypass clock (see "Parents" above)
 * @saved_clksel: CLKSEL as save_context read it (op state)
 * @saved_clkmode: CLKMODE as save_context read it (op state)
 * @saved: whether the two hold a setting (op state; false after a failed
 *	read, until a set_rate records the setting it replaced)
 */
struct omap4_dpll_cfg {
	uint32_t clkmode_reg;
	uint32_t idlest_reg;
	uint32_t clksel_reg;
	bool j_type;
	struct omap4_dpll_limits limits;
	int max_polls;
	bool bypass_input;
	uint32_t saved_clksel;
	uint32_t saved_clkmode;
	bool saved;
};

/**
 * struct omap4_dpll_x2_cfg - a DPLL's CLKOUTX2 output, whose parent is
 * the DPLL (the tree's "dpll-x2" line)
 * @clkmode_reg: bus address of that DPLL's CM_CLKMODE_DPLL_x
 *
 * Rate (Linux's omap3_clkoutx2_recalc): twice the DPLL's while DPLL_EN is
 * not a bypass mode (locked, or stopped: the rate it runs at once
 * locked, as the DPLL's own), the DPLL's (the bypass clock's) in a bypass
 * mode; 0 after a failed read.  Twice a rate above ULONG_MAX / 2
 * saturates to ULONG_MAX.  round_rate is the locked rate (a pure
 * function of the parent's rate, as core/vclk_ops.h requires); set_rate
 * programs nothing and refuses with -EBUSY while the DPLL bypasses, so
 * no rate is set through a bypassing X2 (the DPLL refuses set_rate there
 * too).  With CLK_SET_RATE_PARENT it asks for half.
 */
struct omap4_dpll_x2_cfg {
	uint32_t clkmode_reg;
};

/* the ops tables, in dpll_ops.c (unproven void *priv wrappers) */
extern const struct vclk_ops omap4_dpll_ops;	/* struct omap4_dpll_cfg */
extern const struct vclk_ops omap4_dpll_x2_ops;	/* struct omap4_dpll_x2_cfg */


/* ==================== ghost model of the writes (proof only) ==================== */

/*@ ghost
  // the value of the last write this file issued to a CLKSEL / CLKMODE
  // register (attempted: a write the register layer fails is counted)
  extern uint32_t omap4_dpll_wr_clksel;
  extern uint32_t omap4_dpll_wr_clkmode;
  // set_rate (and enable): 0 when none of its writes can have reached
  // the hardware (set_rate counts from its first write attempt, enable
  // from its first write that succeeded), and what its entry reads gave
  extern int omap4_dpll_wrote;
  extern uint32_t omap4_dpll_entry_clksel;
  extern uint32_t omap4_dpll_entry_clkmode;
*/

/*@ logic integer omap4_dpll_mult_max(integer j) = j != 0 ? 4095 : 2047;
    logic integer omap4_dpll_div_max(integer j) = j != 0 ? 255 : 127;

    // REQ-DPLL-2: after a failed lock, CLKMODE holds what it held at
    // entry: nothing was written, or the last write is the entry value
    predicate omap4_dpll_clkmode_restored{L} =
      omap4_dpll_wrote == 0 ||
      omap4_dpll_wr_clkmode == omap4_dpll_entry_clkmode;

    // REQ-DPLL-1: a J-type DPLL's sigma-delta divider for a DCO rate @r:
    // ceil(r / 250 MHz), at most the field's 255
    logic integer omap4_sd_div(integer r) =
      (r + 249999999) / 250000000 <= 255 ? (r + 249999999) / 250000000 : 255;

    // REQ-DPLL-3: twice @r, saturating: the X2 output of a DPLL at @r
    logic integer omap4_x2_rate(integer r) =
      2 * r <= ULONG_MAX ? 2 * r : ULONG_MAX;

    // REQ-DPLL-2: a DPLL_EN value of a bypass mode (MN, low-power or
    // fast-relock): the output is the bypass clock
    predicate omap4_dpll_en_bypass(integer en) =
      en == OMAP4_DPLL_EN_MN_BYPASS || en == OMAP4_DPLL_EN_LP_BYPASS ||
      en == OMAP4_DPLL_EN_FR_BYPASS;

    // REQ-DPLL-2: CLKSEL @old with DPLL_MULT = @m and DPLL_DIV = @div
    // (N - 1), and for a J-type DPLL (@j != 0) DPLL_SD_DIV = @sd; every
    // other bit kept
    logic integer omap4_clksel_word(integer j, integer old, integer m,
                                    integer div, integer sd) =
      j != 0 ?
        ((old & (uint32_t)~(OMAP4_DPLL_SD_DIV_MASK_J | OMAP4_DPLL_MULT_MASK_J |
                             OMAP4_DPLL_DIV_MASK_J)) |
         (sd * 16777216) | (m * 256) | div) :
        ((old & (uint32_t)~(OMAP4_DPLL_MULT_MASK | OMAP4_DPLL_DIV_MASK)) |
         (m * 256) | div);

    // REQ-DPLL-2: CLKMODE @old with DPLL_EN = @en and REGM4XEN = @x (0
    // or 1); every other bit kept
    logic integer omap4_clkmode_word(integer old, integer en, integer x) =
      (old & (uint32_t)~(OMAP4_DPLL_EN_MASK | OMAP4_DPLL_REGM4XEN)) | en |
      (x * OMAP4_DPLL_REGM4XEN);

    // REQ-DPLL-2: after a failed set_rate, CLKSEL and CLKMODE both do
    predicate omap4_dpll_restored{L} =
      omap4_dpll_wrote == 0 ||
      (omap4_dpll_wr_clksel == omap4_dpll_entry_clksel &&
       omap4_dpll_wr_clkmode == omap4_dpll_entry_clkmode);
*/

/* ==================== the typed ops (proven) ==================== */

/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
*/
unsigned long omap4_dpll_recalc_rate(const struct omap4_dpll_cfg *cfg,
				     unsigned long parent_rate);

/* omap4_dpll_round() of the limits; 0 when none, or the limits do not
 * fit the fields */
/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
*/
unsigned long omap4_dpll_round_rate(const struct omap4_dpll_cfg *cfg,
				    unsigned long rate,
				    unsigned long parent_rate);

/*@ requires cfg: \valid(cfg);
    assigns  vclk_reg_hw, vclk_reg_polls, vclk_reg_polled,
             cfg->saved_clksel, cfg->saved_clkmode, cfg->saved,
             omap4_dpll_wr_clksel, omap4_dpll_wr_clkmode, omap4_dpll_wrote,
             omap4_dpll_entry_clksel, omap4_dpll_entry_clkmode;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> omap4_dpll_restored;
    ensures  not_bypass: \result == 0 ==> omap4_dpll_wrote == 1 &&
               !omap4_dpll_en_bypass(omap4_dpll_entry_clkmode % 8);
    ensures  programmed: \result == 0 ==> \exists integer m, n, x;
               dpll_legal(&cfg->limits, parent_rate, m, n, x) &&
               dpll_rate(parent_rate, m, n, x) == rate &&
               omap4_dpll_wr_clksel ==
                 omap4_clksel_word(cfg->j_type, omap4_dpll_entry_clksel,
                                   m, n - 1, omap4_sd_div(rate)) &&
               omap4_dpll_wr_clkmode ==
                 omap4_clkmode_word(omap4_dpll_entry_clkmode,
                                    OMAP4_DPLL_EN_LOCK, x);
*/
int omap4_dpll_set_rate(struct omap4_dpll_cfg *cfg, unsigned long rate,
			unsigned long parent_rate);

/* lock; on failure CLKMODE is written back as read (the ghost record
 * as set_rate's: no write, or the last CLKMODE write is the entry value) */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw, vclk_reg_polls, vclk_reg_polled,
             omap4_dpll_wr_clkmode, omap4_dpll_wrote, omap4_dpll_entry_clkmode;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> omap4_dpll_clkmode_restored;
*/
int omap4_dpll_enable(const struct omap4_dpll_cfg *cfg);

/* low-power stop; cannot report a failed access (void, as Linux) */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw, omap4_dpll_wr_clkmode;
*/
void omap4_dpll_disable(const struct omap4_dpll_cfg *cfg);

/* a failed read answers "not enabled" */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
    ensures  bool: \result == 0 || \result == 1;
*/
int omap4_dpll_is_enabled(const struct omap4_dpll_cfg *cfg);

/* input 1 in low-power or fast-relock bypass on a bypass input, else 0
 * (a failed read answers the reference) */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
    ensures  index:  \result == 0 || \result == 1;
    ensures  single: !cfg->bypass_input ==> \result == 0;
*/
int omap4_dpll_get_parent(const struct omap4_dpll_cfg *cfg);

/* 1: low-power bypass, 0: lock; on failure CLKMODE is written back as
 * read (the ghost record as enable's) */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw, vclk_reg_polls, vclk_reg_polled,
             omap4_dpll_wr_clkmode, omap4_dpll_wrote, omap4_dpll_entry_clkmode;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  no_input: index != 0 && !(index == 1 && cfg->bypass_input) ==>
                       \result == -VCLK_EINVAL && omap4_dpll_wrote == 0;
    ensures  rollback: \result != 0 ==> omap4_dpll_clkmode_restored;
*/
int omap4_dpll_set_parent(const struct omap4_dpll_cfg *cfg, int index);

/*@ requires cfg: \valid(cfg);
    assigns  vclk_reg_hw, cfg->saved_clksel, cfg->saved_clkmode, cfg->saved;
*/
void omap4_dpll_save_context(struct omap4_dpll_cfg *cfg);

/* writes back what save_context (or a set_rate) recorded; nothing when
 * nothing was */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw, omap4_dpll_wr_clksel, omap4_dpll_wr_clkmode;
    ensures  restored: cfg->saved ==>
               omap4_dpll_wr_clksel == cfg->saved_clksel &&
               omap4_dpll_wr_clkmode == cfg->saved_clkmode;
*/
void omap4_dpll_restore_context(const struct omap4_dpll_cfg *cfg);

/* ==================== the X2 output (proven) ==================== */

/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
    ensures  rate: \result == 0 || \result == parent_rate ||
                   \result == omap4_x2_rate(parent_rate);
*/
unsigned long omap4_dpll_x2_recalc_rate(const struct omap4_dpll_x2_cfg *cfg,
					unsigned long parent_rate);

/* the locked rate, whatever the mode (pure) */
/*@ assigns  \nothing;
    ensures  locked: \result == omap4_x2_rate(parent_rate);
*/
unsigned long omap4_dpll_x2_round_rate(unsigned long parent_rate);

/* nothing to program: 0 while the DPLL is not bypassing (the rate is
 * then omap4_x2_rate of the parent's), -EBUSY while it is (the X2 passes
 * the bypass clock through), a failed read's errno */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
int omap4_dpll_x2_set_rate(const struct omap4_dpll_x2_cfg *cfg);

/* half the request, for the DPLL (k == 0 only) */
/*@ assigns  \nothing;
    ensures  one:  k != 0 ==> \result == 0;
    ensures  half: k == 0 ==> \result == rate / 2;
*/
unsigned long omap4_dpll_x2_parent_rate_candidate(unsigned long rate, int k);

#endif /* VCLK_OMAP4_DPLL_H */
