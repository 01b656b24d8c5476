/* SPDX-License-Identifier: MIT */
/*
 * harness/regmodel/regmodel.h - the host back-end of the register access
 * layer (platform/vclk_reg.h): a model of a register file that the clock
 * types drive through vclk_readl()/vclk_writel()/vclk_reg_poll().
 *
 * Registers: a sparse map of up to REGMODEL_MAX_REGS 32-bit registers,
 * each with a reset value.  An access to an address that is not defined
 * defines it, with reset value 0, as a bus that always answers would: the
 * tree files (.clk) name a clock's register in its line and need not
 * declare it again.  The access is logged like any other, so a test that
 * cares sees the address; when the map is full, that access fails with
 * -VCLK_ENOMEM (logged as failed) and nothing is defined.
 *
 * Hardware behaviour, per register:
 *  - follow hooks: bit S of register A reads as bit C of register B (or
 *    as "field F of B holds value V"), optionally only after N reads of A
 *    since the control bit (field) last changed (a PLL whose lock bit
 *    comes after N polls);
 *  - masks: write-only bits read as 0 (their written value is kept, see
 *    regmodel_peek()), read-only bits ignore writes;
 *  - hiword mask registers: the upper half of a write enables the bits of
 *    the lower half it changes.
 *
 * Faults (each access checks them in this order, and a failed access
 * changes nothing: no register, no hook state):
 *  - regmodel_fail_nth(): the n-th access from now fails (n = 1: the next);
 *  - regmodel_fail_addr(): every access to one address fails;
 *  - regmodel_stall(): the follow hooks of a status register stop
 *    following (the status bit never comes; a poll times out).
 *
 * The log records every access through vclk_readl()/vclk_writel() (and so
 * every read of vclk_reg_poll()), failed ones included.  The back doors
 * regmodel_peek()/regmodel_poke() are not accesses: no log, no fault, no
 * hook, no mask.
 *
 * All state is static: one model per process (the test runner forks one
 * process per test and calls regmodel_reset() in each).
 */
#ifndef VCLK_REGMODEL_H
#define VCLK_REGMODEL_H

#include <stdbool.h>
#include <stdint.h>
#include "vclk_reg.h"

#define REGMODEL_MAX_REGS   4096	/* registers the map can hold */
#define REGMODEL_MAX_HOOKS  64		/* follow hooks */
#define REGMODEL_MAX_FAULTS 16		/* armed fail_nth and fail_addr faults */
#define REGMODEL_LOG_LEN    4096	/* log entries kept; more are counted */

/* ==================== registers ==================== */

/* forget every register, hook, mask, fault and log entry */
void regmodel_reset(void);

/*
 * define (or redefine) the register at @addr with @reset_value, which is
 * also its current value.  Return: 0, or -VCLK_ENOMEM when the map is full.
 */
int regmodel_define(uint32_t addr, uint32_t reset_value);

/* registers defined so far (by regmodel_define(), poke or an access) */
int regmodel_count(void);

/*
 * the stored value of @addr, as written (write-only bits included, follow
 * hooks not applied).  Return: 0, or -VCLK_ENOENT if @addr is not defined.
 */
int regmodel_peek(uint32_t addr, uint32_t *val);

/* set the stored value of @addr, defining it if needed (0 or -VCLK_ENOMEM) */
int regmodel_poke(uint32_t addr, uint32_t val);

/* ==================== images ==================== */

/*
 * A copy of the model (registers, masks, hooks), so that a fuzz target
 * puts back what a tree's load left for every input instead of resetting
 * the model and defining every register again.
 */
struct regmodel_image;

/*
 * the model as it is now, in @reuse's memory when it has room (NULL: none
 * to reuse); NULL when out of memory, @reuse then freed
 */
struct regmodel_image *regmodel_save(struct regmodel_image *reuse);

/* the model as @img holds it, with no fault armed and an empty log */
void regmodel_restore(const struct regmodel_image *img);

/* ==================== hardware behaviour ==================== */

/*
 * Bit @status_bit of @status_addr reads as bit @ctrl_bit of @ctrl_addr.
 * After a write that changes the control bit, the next @delay_reads reads
 * of @status_addr still show the old value; the one after shows the new.
 * (A poke changes the control bit without a delay.)
 * Return: 0, -VCLK_EINVAL (bit > 31, delay < 0), -VCLK_ENOMEM (no hook free).
 */
int regmodel_follow(uint32_t status_addr, unsigned int status_bit,
		    uint32_t ctrl_addr, unsigned int ctrl_bit, int delay_reads);

/*
 * Bit @status_bit of @status_addr reads as 1 exactly when
 * (@ctrl_addr & @ctrl_mask) == @ctrl_value: a status that follows a field
 * value (an OMAP4 DPLL's IDLEST.ST_DPLL_CLK follows CLKMODE.DPLL_EN == 7).
 * Delays as regmodel_follow(), started by a write that changes any bit of
 * @ctrl_mask; regmodel_stall() stops it as well.
 * Return: 0, -VCLK_EINVAL (bit > 31, empty mask, value outside the mask,
 * delay < 0), -VCLK_ENOMEM (no hook free).
 */
int regmodel_follow_field(uint32_t status_addr, unsigned int status_bit,
			  uint32_t ctrl_addr, uint32_t ctrl_mask,
			  uint32_t ctrl_value, int delay_reads);

/*
 * whether a follow hook drives reads of @addr: what they show may then
 * change without a write (a caller that reuses an earlier read must not)
 */
bool regmodel_has_hook(uint32_t addr);

/*
 * Bits of @write_only read as 0; bits of @read_only keep their value on a
 * write.  Defines @addr if needed.  Return: 0, or -VCLK_ENOMEM.
 */
int regmodel_set_masks(uint32_t addr, uint32_t write_only, uint32_t read_only);

/*
 * Make @addr a "hiword mask" register (Rockchip style, the gates' hiword
 * flag): a write changes bit n (n < 16) only where it sets bit n + 16;
 * the upper half reads as 0.  Defines @addr if needed.  0 or -VCLK_ENOMEM.
 */
int regmodel_set_hiword(uint32_t addr);

/* ==================== faults ==================== */

/*
 * The @n-th access from now (n >= 1) fails with @err, in
 * [-VCLK_MAX_ERRNO, -1].  Return: 0, -VCLK_EINVAL, -VCLK_ENOMEM (too many
 * armed).  Every access counts down every armed fault, failed ones too.
 */
int regmodel_fail_nth(int n, int err);

/* every access to @addr fails with @err until regmodel_clear_faults() */
int regmodel_fail_addr(uint32_t addr, int err);

/*
 * The follow hooks of @status_addr stop following: the status bits keep
 * what they show now.  Return: 0, or -VCLK_ENOENT if @status_addr has none.
 */
int regmodel_stall(uint32_t status_addr);

/* disarm every fault and every stall */
void regmodel_clear_faults(void);

/* ==================== access log ==================== */

struct regmodel_access {
	uint32_t addr;
	uint32_t value;		/* read: what the caller got (0 if failed);
				 * write: what the caller wrote */
	bool write;
	int err;		/* 0, or the errno the access returned */
};

void regmodel_log_clear(void);
int regmodel_log_len(void);	/* entries kept, at most REGMODEL_LOG_LEN */
const struct regmodel_access *regmodel_log_at(int i);	/* NULL if out of range */

/*
 * The log as text: "W 0x1000=0x20, R 0x1004=0x1, R 0x1008 FAIL -5";
 * entries dropped for lack of room end it with ", ... (N more)".
 * Valid until the next call.
 */
const char *regmodel_log_str(void);

#endif /* VCLK_REGMODEL_H */
