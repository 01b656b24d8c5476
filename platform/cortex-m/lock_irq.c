// SPDX-License-Identifier: MIT
/*
 * platform/cortex-m/lock_irq.c - the core's lock hooks (core/vclk_lock.h)
 * for bare-metal Cortex-M firmware.
 *
 * The enable lock masks interrupts (PRIMASK), as Linux's
 * spin_lock_irqsave() on one core: it returns the previous mask and
 * vclk_enable_unlock() restores it, so nesting needs no counter.  There
 * is no scheduler, so nothing can wait for the prepare lock: it only
 * counts, and a clock call that may sleep must not be made from an
 * interrupt handler (as in Linux).  The depths answer vclk_*_lock_held().
 */
#include "../../core/vclk_lock.h"

static int prepare_depth, enable_depth;

void vclk_prepare_lock(void)
{
	prepare_depth++;
}

void vclk_prepare_unlock(void)
{
	prepare_depth--;
}

unsigned long vclk_enable_lock(void)
{
	unsigned long primask;

	__asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask) : : "memory");
	enable_depth++;
	return primask;
}

void vclk_enable_unlock(unsigned long flags)
{
	enable_depth--;
	__asm__ volatile("msr primask, %0" : : "r"(flags) : "memory");
}

int vclk_prepare_lock_held(void)
{
	return prepare_depth;
}

int vclk_enable_lock_held(void)
{
	return enable_depth;
}
