/* SPDX-License-Identifier: MIT */
/*
 * platform/vclk_reg.h - the register access layer.
 *
 * Every clock type touches its hardware through these three calls and
 * nothing else, so that one file decides what a register access is:
 *
 *   platform/reg_mmio.c      firmware: volatile 32-bit MMIO at the address
 *   harness/regmodel/        host: a register model with hardware
 *                            behaviour hooks, fault injection and a log
 *   platform/reg_poll.c      vclk_reg_poll() over vclk_readl(), shared by
 *                            both back-ends
 *
 * Accesses return 0 or a negative errno (MMIO never fails; the model fails
 * when a test injects a fault), so that the error paths of the clock types
 * that call them are real code paths, tested and proven.
 *
 * The contracts below are an assumed interface (ASSUME-REG in the proof
 * report): a back-end is hardware or a model of it, not proven C.  They
 * model the hardware as one abstract ghost state, vclk_reg_hw, rather than
 * an array keyed by address: a 32-bit address space does not fit a ghost
 * array, and a callee that may read-to-clear or advance a PLL's lock
 * counter on a read changes hardware state on reads too.  So the contracts
 * only say what may change (the hardware, and *val) and which values a
 * result may take; what a register holds after a write is the clock
 * types' tested, not proven, side.
 */
#ifndef VCLK_REG_H
#define VCLK_REG_H

#include <stdint.h>
#include "../core/vclk_errno.h"

/*
 * The hardware behind every register: written by the back-ends only.
 * Defined (as a ghost) in platform/reg_poll.c.
 */
/*@ ghost extern int vclk_reg_hw; */

/*
 * REQ-POLL-1: the ghost record of the last vclk_reg_poll(): how many of
 * its reads succeeded, and the value the last of them read.
 */
/*@ ghost extern int vclk_reg_polls; */
/*@ ghost extern uint32_t vclk_reg_polled; */

/*@ // REQ-POLL-1: the last poll read its register @n times, every read
    // succeeding
    predicate vclk_reg_read_all{L}(integer n) = vclk_reg_polls == n;
*/

/**
 * vclk_readl() - read the 32-bit register at @addr
 * @addr: bus address of the register (32-bit aligned)
 * @val: where the value goes; untouched when the read fails
 *
 * A read may change the hardware (read-to-clear bits, a lock counter), so
 * it assigns the hardware state as well.
 *
 * Return: 0, or a negative errno (-VCLK_EIO for a bus error).
 */
/*@ requires val:  \valid(val);
    assigns  vclk_reg_hw, *val;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  kept:  \result != 0 ==> *val == \old(*val);
*/
int vclk_readl(uint32_t addr, uint32_t *val);

/**
 * vclk_writel() - write @val to the 32-bit register at @addr
 * @addr: bus address of the register (32-bit aligned)
 * @val: the value
 *
 * Return: 0, or a negative errno; a failed write changed nothing.
 */
/*@ assigns  vclk_reg_hw;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
int vclk_writel(uint32_t addr, uint32_t val);

/**
 * vclk_reg_poll() - wait until (register & @mask) == @want
 * @addr: bus address of the register
 * @mask: the bits that matter
 * @want: their awaited value (bits outside @mask are ignored)
 * @max_polls: how many reads to try, at least 1
 *
 * Reads @addr up to @max_polls times and stops at the first read that
 * matches.  The number of reads is the timeout: there is no delay between
 * them (a firmware that needs one polls a register whose hardware takes a
 * known number of reads, or passes a larger @max_polls).
 *
 * Return: 0 when a read matched; -VCLK_ETIMEDOUT after @max_polls reads
 * that did not; the read's errno when a read failed (polling stops there).
 */
/*@ requires polls: max_polls >= 1;
    assigns  vclk_reg_hw, vclk_reg_polls, vclk_reg_polled;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  reads: 0 <= vclk_reg_polls <= max_polls;
    ensures  matched: \result == 0 ==> vclk_reg_polls >= 1 &&
               (vclk_reg_polled & mask) == (want & mask);
    ensures  missed: \result == -VCLK_ETIMEDOUT &&
               vclk_reg_read_all(max_polls) ==>
               (vclk_reg_polled & mask) != (want & mask);
*/
int vclk_reg_poll(uint32_t addr, uint32_t mask, uint32_t want, int max_polls);

#endif /* VCLK_REG_H */
