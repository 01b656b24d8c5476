// SPDX-License-Identifier: MIT
/*
 * platform/lock/pthread.c - the core's lock hooks (core/vclk_lock.h) for
 * hosts: two recursive POSIX mutexes.
 *
 * Linux's prepare lock is a mutex and its enable lock a spinlock, each
 * re-entrant for the task that holds it; recursive mutexes give the same
 * for threads.  The per-thread depths answer vclk_*_lock_held() for the
 * run-time check of platform/dispatch.c (VCLK_LOCK_CHECK).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "../../core/vclk_lock.h"

static pthread_mutex_t prepare_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static pthread_mutex_t enable_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static _Thread_local int prepare_depth, enable_depth;

/* a lock call that cannot be kept is a bug in the caller: stop at once */
static void lock_failed(const char *what, int err)
{
	fprintf(stderr, "vclk: %s failed (error %d)\n", what, err);
	abort();
}

void vclk_prepare_lock(void)
{
	int err = pthread_mutex_lock(&prepare_lock);

	if (err)
		lock_failed("prepare lock", err);
	prepare_depth++;
}

void vclk_prepare_unlock(void)
{
	int err;

	if (prepare_depth == 0)
		lock_failed("prepare unlock without the lock", 0);
	prepare_depth--;
	err = pthread_mutex_unlock(&prepare_lock);
	if (err)
		lock_failed("prepare unlock", err);
}

unsigned long vclk_enable_lock(void)
{
	int err = pthread_mutex_lock(&enable_lock);

	if (err)
		lock_failed("enable lock", err);
	enable_depth++;
	return 0;
}

void vclk_enable_unlock(unsigned long flags)
{
	int err;

	(void)flags;
	if (enable_depth == 0)
		lock_failed("enable unlock without the lock", 0);
	enable_depth--;
	err = pthread_mutex_unlock(&enable_lock);
	if (err)
		lock_failed("enable unlock", err);
}

int vclk_prepare_lock_held(void)
{
	return prepare_depth;
}

int vclk_enable_lock_held(void)
{
	return enable_depth;
}
