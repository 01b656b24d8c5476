// SPDX-License-Identifier: MIT
/*
 * platform/lock/none.c - the core's lock hooks (core/vclk_lock.h) for a
 * single-threaded user: nesting counters, no exclusion.
 *
 * For a program that makes every clock call from one thread and none from
 * interrupts (the vclk gen checks use it).  The counters keep the
 * run-time check of platform/dispatch.c (VCLK_LOCK_CHECK) meaningful: an
 * op reached without the wrappers of core/locked.c is still caught.
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
	enable_depth++;
	return 0;
}

void vclk_enable_unlock(unsigned long flags)
{
	(void)flags;
	enable_depth--;
}

int vclk_prepare_lock_held(void)
{
	return prepare_depth;
}

int vclk_enable_lock_held(void)
{
	return enable_depth;
}
