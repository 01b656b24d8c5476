/* SPDX-License-Identifier: MIT */
/*
 * spec/lock.h - the proof's model of the core's two locks (REQ-LOCK-1).
 *
 * Each lock is a ghost nesting depth: 0 free, n held n times by the
 * caller (both locks are recursive, as Linux's prepare lock and enable
 * lock are for their owner).  The depths live in core/locked.c; the lock
 * hooks of core/vclk_lock.h move them by one.  No core body assigns
 * them, so a body called with a lock held runs to its end with it held:
 * every provider op it reaches is called under that lock.
 */
#ifndef VCLK_SPEC_LOCK_H
#define VCLK_SPEC_LOCK_H

/* deepest nesting the contracts allow (notifier -> API -> notifier ...) */
#define VCLK_LOCK_MAX_NESTING 1000

//@ ghost extern int vclk_prepare_lock_depth;
//@ ghost extern int vclk_enable_lock_depth;

/*@
  // REQ-LOCK-1: the caller's own nesting leaves room for one more level
  predicate vclk_lock_room =
    0 <= vclk_prepare_lock_depth < VCLK_LOCK_MAX_NESTING &&
    0 <= vclk_enable_lock_depth < VCLK_LOCK_MAX_NESTING;

  // REQ-LOCK-1: every lock taken was given back
  predicate vclk_locks_unchanged{L1, L2} =
    \at(vclk_prepare_lock_depth, L1) == \at(vclk_prepare_lock_depth, L2) &&
    \at(vclk_enable_lock_depth, L1) == \at(vclk_enable_lock_depth, L2);
*/

#endif /* VCLK_SPEC_LOCK_H */
