/* SPDX-License-Identifier: MIT */
/*
 * core/vclk_lock.h - the lock hooks the core calls, as Linux's
 * clk_prepare_lock()/clk_enable_lock() in drivers/clk/clk.c.
 *
 *  - the prepare lock serialises the calls that may sleep (a provider's
 *    prepare, set_rate, set_parent may wait for hardware);
 *  - the enable lock is IRQ-safe: it guards the core's pools for every
 *    call, and is the only lock of the atomic calls (clk_enable, ...).
 *
 * Both are recursive for their owner: a rate-change notifier runs with
 * both held and may call back into the API (it gets -EDEADLK from every
 * call that would change state).  Order: prepare, then enable.
 *
 * Back-ends (exactly one is linked): platform/lock/pthread.c on the host
 * (two recursive mutexes), platform/lock/none.c for single-threaded
 * users (nesting counters only), platform/cortex-m/lock_irq.c in firmware
 * (the enable lock masks interrupts: PRIMASK saved and restored).  The
 * hooks are outside the proof (ASSUME-LOCK): these contracts are the
 * assumed interface, in the terms of spec/lock.h.
 */
#ifndef VCLK_LOCK_H
#define VCLK_LOCK_H

#include "../spec/lock.h"

/**
 * vclk_prepare_lock() - take the prepare lock (may sleep)
 */
/*@ requires room:  0 <= vclk_prepare_lock_depth < VCLK_LOCK_MAX_NESTING;
    assigns  vclk_prepare_lock_depth;
    ensures  taken: vclk_prepare_lock_depth == \old(vclk_prepare_lock_depth) + 1;
*/
void vclk_prepare_lock(void);

/** vclk_prepare_unlock() - give back one level of the prepare lock */
/*@ requires held:     0 < vclk_prepare_lock_depth <= VCLK_LOCK_MAX_NESTING;
    assigns  vclk_prepare_lock_depth;
    ensures  released: vclk_prepare_lock_depth == \old(vclk_prepare_lock_depth) - 1;
*/
void vclk_prepare_unlock(void);

/**
 * vclk_enable_lock() - take the enable lock (IRQ-safe)
 * Return: what vclk_enable_unlock() needs to restore (the interrupt mask
 * in firmware, 0 on the host).
 */
/*@ requires room:  0 <= vclk_enable_lock_depth < VCLK_LOCK_MAX_NESTING;
    assigns  vclk_enable_lock_depth;
    ensures  taken: vclk_enable_lock_depth == \old(vclk_enable_lock_depth) + 1;
*/
unsigned long vclk_enable_lock(void);

/** vclk_enable_unlock() - give back one level of the enable lock */
/*@ requires held:     0 < vclk_enable_lock_depth <= VCLK_LOCK_MAX_NESTING;
    assigns  vclk_enable_lock_depth;
    ensures  released: vclk_enable_lock_depth == \old(vclk_enable_lock_depth) - 1;
*/
void vclk_enable_unlock(unsigned long flags);

/*
 * For run-time checks (platform/dispatch.c with VCLK_LOCK_CHECK, the
 * host builds): how deep the calling thread holds each lock.
 */
int vclk_prepare_lock_held(void);
int vclk_enable_lock_held(void);

#endif /* VCLK_LOCK_H */
