/* SPDX-License-Identifier: MIT */
/*
 * vclk_nolock.h - the consumer API of the vclk clock core, lock-free:
 * every X_nolock() here is the proven body of the public X() of vclk.h.
 *
 * Names and semantics follow Linux's <linux/clk.h>.  Where Linux returns
 * void and only WARNs (clk_unprepare, clk_disable, clk_put), vclk offers a
 * vclk_*() twin that returns the error, and the Linux-named wrapper drops
 * it.  Errors are negative VCLK_E* values (the Linux errno numbers).
 *
 * Every function is proven (Frama-C/WP) to keep vclk_invariant: the pools
 * are well formed, the tree is acyclic, counts balance exactly, and an
 * enabled clock is prepared.  A function that fails leaves every count as
 * it was at entry.
 *
 * Locking: none here; the caller serialises.  Consumers call vclk.h,
 * whose X() is X_nolock() under the core's locks (generated from this
 * file by harness/lock/gen-locked.py: this file is the source of the
 * kerneldoc and contracts of both).  Firmware that serialises otherwise
 * (one thread, no clock calls from interrupts) may call these directly.
 * While rate-change notifiers run, every function that could change the
 * core's state answers -EDEADLK and changes nothing (the proof of
 * clk_set_rate() relies on it); the one exception is vclk_reset(), the
 * power-on state, which a notifier must not call.
 */
#ifndef VCLK_NOLOCK_H
#define VCLK_NOLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "vclk_state.h"

/* ==================== set-up ==================== */

/**
 * vclk_reset() - forget every clock and handle
 *
 * Leaves the pools and the clkdev table empty, as at power-on.  Provider
 * state is not touched: tests and fuzzers reset their register model
 * themselves.
 */
/*@ assigns vclk_nr_clocks, vclk_name[..], vclk_flags[..], vclk_ops_of[..],
            vclk_priv_of[..], vclk_parent[..], vclk_depth[..],
            vclk_nr_parents[..], vclk_parent_name[..],
            vclk_parent_ids[..], vclk_parent_index[..], vclk_rate[..],
            vclk_prepare_count[..], vclk_enable_count[..],
            vclk_handles[..], vclk_handle_clock[..], vclk_handle_prepares[..],
            vclk_handle_enables[..], vclk_handle_misuse[..], vclk_handle_dev[..],
            vclk_req_rate[..], vclk_req_set[..], vclk_handle_min[..],
            vclk_handle_max[..], vclk_nb[..], vclk_nb_handle[..],
            vclk_clk_min[..], vclk_clk_max[..],
            vclk_nb_clock[..], vclk_nb_top, vclk_busy, vclk_handle_excl[..],
            vclk_excl_holders,
            vclk_phase[..], vclk_clkdev_dev[..], vclk_clkdev_con[..],
            vclk_clkdev_clock[..];
    ensures inv:     vclk_invariant;
    ensures idle:    vclk_busy == 0;
    ensures empty:   vclk_nr_clocks == 0;
    ensures phases:  vclk_phases_ok;
    ensures lookups: vclk_clkdev_ok && vclk_clkdev_empty;
*/
void vclk_reset_nolock(void);

/* ==================== handles ==================== */

/**
 * vclk_get() - look a clock up by name and take a consumer handle on it
 * @dev_id: consumer device name, may be NULL (kept for summaries only)
 * @con_id: the clock's name
 * @clkp: where the handle goes
 *
 * Each call returns a new handle, as Linux's clk_get() does: references
 * are counted per handle.
 * On success *@clkp is a consumer handle that was free, now bound to the
 * first registered clock called @con_id, asking no rate range, with no
 * misuse counted; no other handle and no clock's range changes.
 * Return: 0; -EDEADLK from a rate-change notifier; -EINVAL for a NULL or
 * over-long name; -ENOENT if no clock has that name; -ENOMEM when every
 * consumer handle is in use.  On error nothing changes, *@clkp included.
 */
/*@ requires inv:    vclk_invariant;
    requires name:   con_id == \null || vclk_readable_name(con_id, VCLK_NAME_LEN);
    requires out:    \valid(clkp);
    assigns  *clkp, vclk_handle_clock[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_misuse[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_dev[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_min[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_max[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_clk_min[..], vclk_clk_max[..];
    ensures  inv:    vclk_invariant;
    ensures  errno:  \result == 0 || \result == -VCLK_EINVAL ||
                     \result == -VCLK_ENOENT || \result == -VCLK_ENOMEM ||
                     \result == -VCLK_EDEADLK;
    ensures  counts: vclk_counts_unchanged{Pre, Post};
    ensures  handle: \result == 0 ==> vclk_handle_ptr(*clkp);
    ensures  taken:  \result == 0 ==> \forall integer h; vclk_handle_at(*clkp, h) ==>
                       vclk_handle_taken{Pre, Post}(h, (char *)con_id, (char *)dev_id) &&
                       vclk_handles_kept_but{Pre, Post}(h);
    ensures  refused: \result != 0 ==> vclk_handles_kept_but{Pre, Post}(VCLK_NONE) &&
                       *clkp == \old(*clkp);
    ensures  deadlock: \result == -VCLK_EDEADLK <==> \old(vclk_busy) != 0;
    ensures  einval: \old(vclk_busy) == 0 ==>
                     (\result == -VCLK_EINVAL <==> !vclk_name_usable((char *)con_id));
    ensures  enoent: \old(vclk_busy) == 0 ==>
                     (\result == -VCLK_ENOENT <==> vclk_name_usable((char *)con_id) &&
                      vclk_unnamed((char *)con_id));
    ensures  enomem: \old(vclk_busy) == 0 ==>
                     (\result == -VCLK_ENOMEM <==> vclk_name_usable((char *)con_id) &&
                      !vclk_unnamed((char *)con_id) && \old(vclk_handles_full));
*/
int vclk_get_nolock(const char *dev_id, const char *con_id, struct clk **clkp);

/**
 * clk_get() - Linux-style vclk_get(): the handle, or NULL on any error
 */
/*@ requires inv:    vclk_invariant;
    requires name:   con_id == \null || vclk_readable_name(con_id, VCLK_NAME_LEN);
    assigns  vclk_handle_clock[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_misuse[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_dev[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_min[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_max[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_clk_min[..], vclk_clk_max[..];
    ensures  inv:    vclk_invariant;
    ensures  counts: vclk_counts_unchanged{Pre, Post};
    ensures  handle: \result == \null || vclk_handle_ptr(\result);
    ensures  taken:  \result != \null ==> \forall integer h; vclk_handle_at(\result, h) ==>
                       vclk_handle_taken{Pre, Post}(h, (char *)con_id, (char *)dev_id) &&
                       vclk_handles_kept_but{Pre, Post}(h);
    ensures  refused: \result == \null ==> vclk_handles_kept_but{Pre, Post}(VCLK_NONE);
    ensures  null:   \result == \null <==> \old(vclk_busy) != 0 ||
                       !vclk_name_usable((char *)con_id) ||
                       \old(vclk_unnamed((char *)con_id)) || \old(vclk_handles_full);
*/
struct clk *clk_get_nolock(const char *dev_id, const char *con_id);

/**
 * clk_put() - give a consumer handle back; the rate range it asked goes
 * with it (as Linux's __clk_put() drops it)
 * Return: 0 (also for NULL); -EBUSY while the handle still holds prepare,
 * enable or exclusivity references, or while a rate-change notifier
 * registered through it is registered (its callbacks are passed the handle; call
 * clk_notifier_unregister() first); the handle then stays valid.  -EINVAL
 * for a handle that was already put or that belongs to the provider
 * (clk_get_parent).
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_handle_clock[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_min[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_max[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_clk_min[..], vclk_clk_max[..];
    ensures  inv:    vclk_invariant;
    ensures  errno:  \result == 0 || \result == -VCLK_EBUSY || \result == -VCLK_EINVAL ||
                     \result == -VCLK_EDEADLK;
    ensures  counts: vclk_counts_unchanged{Pre, Post};
    ensures  ok:     clk != \null ==> (\result == 0 <==> \old(vclk_may_put(clk)));
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
    ensures  notifiers_kept: clk != \null && \result == 0 ==>
               \forall integer n; 0 <= n < VCLK_MAX_NOTIFIERS ==>
                 vclk_nb[n] == \null || vclk_nb_handle[n] != clk;
    ensures  exclusive_kept: \result == 0 ==> \forall integer h;
               vclk_handle_at(clk, h) ==> vclk_handle_excl[h] == 0;
    ensures  freed:  clk != \null && \result == 0 ==> \forall integer h;
               vclk_handle_at(clk, h) ==> vclk_handle_clock[h] == VCLK_NONE &&
               vclk_handle_min[h] == 0 && vclk_handle_max[h] == ULONG_MAX;
    ensures  others_kept: \forall integer h; 0 <= h < VCLK_NR_HANDLES &&
               !vclk_handle_at(clk, h) ==>
               vclk_handle_clock[h] == \old(vclk_handle_clock[h]) &&
               vclk_handle_min[h] == \old(vclk_handle_min[h]) &&
               vclk_handle_max[h] == \old(vclk_handle_max[h]);
    ensures  refused_unchanged: clk == \null || \result != 0 ==>
               (\forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
                 vclk_handle_clock[h] == \old(vclk_handle_clock[h]) &&
                 vclk_handle_min[h] == \old(vclk_handle_min[h]) &&
                 vclk_handle_max[h] == \old(vclk_handle_max[h])) &&
               (\forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
                 vclk_clk_min[c] == \old(vclk_clk_min[c]) &&
                 vclk_clk_max[c] == \old(vclk_clk_max[c]));
    ensures  refused_not_consumer: clk != \null && \old(vclk_busy) == 0 ==>
               \forall integer h; vclk_handle_at(clk, h) &&
               (h < VCLK_MAX_CLOCKS || \old(vclk_handle_clock[h]) == VCLK_NONE) ==>
               \result == -VCLK_EINVAL;
    ensures  refused_busy: clk != \null && \old(vclk_busy) == 0 ==>
               \forall integer h; vclk_handle_at(clk, h) && h >= VCLK_MAX_CLOCKS &&
               \old(vclk_handle_clock[h]) != VCLK_NONE &&
               (\old(vclk_handle_prepares[h]) > 0 || \old(vclk_handle_excl[h]) > 0) ==>
               \result == -VCLK_EBUSY;
*/
int clk_put_nolock(struct clk *clk);

/* ==================== prepare and enable ==================== */

/**
 * clk_prepare() - take a prepare reference through @clk
 *
 * The clock's first prepare prepares its parent chain first (root down).
 * May sleep (prepare lock).
 * Return: 0 (also for NULL); -EINVAL for a put handle; -EOVERFLOW if a
 * count would wrap; a provider's error.  On error nothing changed.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_prepare_count[..], vclk_handle_prepares[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post};
    ensures  owned:    \result == 0 && clk != \null ==>
                         vclk_handle_refs_moved{Pre, Post}(clk, 1, 0);
    ensures  chain:    \result == 0 && clk != \null ==> \forall integer h;
                         vclk_handle_at(clk, h) ==>
                         vclk_prep_walked{Pre, Post}(vclk_handle_clock[h], vclk_walk_top, 1);
    ensures  null:     clk == \null ==> \result == 0 &&
                         vclk_counts_unchanged{Pre, Post} && vclk_hw_unchanged{Pre, Post};
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
*/
int clk_prepare_nolock(struct clk *clk);

/**
 * vclk_unprepare() - drop a prepare reference taken through @clk
 *
 * The clock's last unprepare unprepares it, then its parent chain.
 * Return: 0 (also for NULL); -EINVAL if this handle holds no prepare
 * reference or was put; -EBUSY if it would drop its last prepare while it
 * still holds enables.  Errors change no count and add one to the
 * handle's misuse count (vclk_misuse_count()).
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_prepare_count[..], vclk_handle_prepares[..],
             vclk_handle_misuse[..], vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || \result == -VCLK_EINVAL || \result == -VCLK_EBUSY ||
                       \result == -VCLK_EDEADLK;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post} &&
                         vclk_hw_unchanged{Pre, Post};
    ensures  ok:       \result == 0 <==> (clk == \null || \old(vclk_may_unprepare(clk)));
    ensures  released: \result == 0 && clk != \null ==>
                         vclk_handle_refs_moved{Pre, Post}(clk, -1, 0);
    ensures  chain:    \result == 0 && clk != \null ==> \forall integer h;
                         vclk_handle_at(clk, h) ==>
                         vclk_prep_walked{Pre, Post}(vclk_handle_clock[h], vclk_walk_top, -1);
    ensures  null:     clk == \null ==>
                         vclk_counts_unchanged{Pre, Post} && vclk_hw_unchanged{Pre, Post};
    ensures  misuse_counted: \result == -VCLK_EINVAL || \result == -VCLK_EBUSY ==>
                         vclk_misuse_counted{Pre, Post}(clk);
    ensures  misuse_kept: \result != -VCLK_EINVAL && \result != -VCLK_EBUSY ==>
                         vclk_misuse_unchanged{Pre, Post};
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 <==> \result == -VCLK_EDEADLK;
*/
int vclk_unprepare_nolock(struct clk *clk);

/**
 * clk_enable() - take an enable reference through @clk
 *
 * The clock's first enable enables its parent chain first.  Atomic
 * context (enable lock).
 * Return: 0 (also for NULL); -ESHUTDOWN if this handle has not prepared
 * the clock; -EINVAL for a put handle; -EOVERFLOW; a provider's error.
 * On error nothing changed.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_enable_count[..], vclk_handle_enables[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post};
    ensures  owned:    \result == 0 && clk != \null ==>
                         vclk_handle_refs_moved{Pre, Post}(clk, 0, 1);
    ensures  chain:    \result == 0 && clk != \null ==> \forall integer h;
                         vclk_handle_at(clk, h) ==>
                         vclk_en_walked{Pre, Post}(vclk_handle_clock[h], vclk_walk_top, 1);
    ensures  unprepared: clk != \null && \old(vclk_busy) == 0 ==> \forall integer h;
                         vclk_handle_at(clk, h) && \old(vclk_handle_clock[h]) != VCLK_NONE &&
                         \old(vclk_handle_prepares[h]) == 0 ==> \result == -VCLK_ESHUTDOWN;
    ensures  null:     clk == \null ==> \result == 0 &&
                         vclk_counts_unchanged{Pre, Post} && vclk_hw_unchanged{Pre, Post};
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
*/
int clk_enable_nolock(struct clk *clk);

/**
 * vclk_disable() - drop an enable reference taken through @clk
 * Return: 0 (also for NULL); -EINVAL if this handle holds no enable
 * reference or was put (no count changes; the misuse count grows).
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_enable_count[..], vclk_handle_enables[..],
             vclk_handle_misuse[..], vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || \result == -VCLK_EINVAL || \result == -VCLK_EDEADLK;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post} &&
                         vclk_hw_unchanged{Pre, Post};
    ensures  ok:       \result == 0 <==> (clk == \null || \old(vclk_may_disable(clk)));
    ensures  released: \result == 0 && clk != \null ==>
                         vclk_handle_refs_moved{Pre, Post}(clk, 0, -1);
    ensures  chain:    \result == 0 && clk != \null ==> \forall integer h;
                         vclk_handle_at(clk, h) ==>
                         vclk_en_walked{Pre, Post}(vclk_handle_clock[h], vclk_walk_top, -1);
    ensures  null:     clk == \null ==>
                         vclk_counts_unchanged{Pre, Post} && vclk_hw_unchanged{Pre, Post};
    ensures  misuse_counted: \result == -VCLK_EINVAL ==> vclk_misuse_counted{Pre, Post}(clk);
    ensures  misuse_kept: \result != -VCLK_EINVAL ==> vclk_misuse_unchanged{Pre, Post};
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 <==> \result == -VCLK_EDEADLK;
*/
int vclk_disable_nolock(struct clk *clk);

/**
 * clk_prepare_enable() - clk_prepare() then clk_enable(), all or nothing
 * Return: as clk_prepare() and clk_enable(); on error nothing changed.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_prepare_count[..], vclk_enable_count[..],
             vclk_handle_prepares[..], vclk_handle_enables[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post};
    ensures  owned:    \result == 0 && clk != \null ==>
                         vclk_handle_refs_moved{Pre, Post}(clk, 1, 1);
    ensures  null:     clk == \null ==> \result == 0 &&
                         vclk_counts_unchanged{Pre, Post} && vclk_hw_unchanged{Pre, Post};
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
*/
int clk_prepare_enable_nolock(struct clk *clk);

/**
 * vclk_disable_unprepare() - vclk_disable() then vclk_unprepare()
 *
 * Checked first, so a misuse changes nothing: -EINVAL unless the handle
 * holds an enable and a prepare reference; -EBUSY if it holds one prepare
 * and more than one enable (the unprepare would leave it enabled).
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_prepare_count[..], vclk_enable_count[..],
             vclk_handle_prepares[..], vclk_handle_enables[..],
             vclk_handle_misuse[..], vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || \result == -VCLK_EINVAL || \result == -VCLK_EBUSY ||
                       \result == -VCLK_EDEADLK;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post} &&
                         vclk_hw_unchanged{Pre, Post};
    ensures  ok:       \result == 0 <==>
                         (clk == \null || \old(vclk_may_disable_unprepare(clk)));
    ensures  released: \result == 0 && clk != \null ==>
                         vclk_handle_refs_moved{Pre, Post}(clk, -1, -1);
    ensures  null:     clk == \null ==>
                         vclk_counts_unchanged{Pre, Post} && vclk_hw_unchanged{Pre, Post};
    ensures  misuse_counted: \result == -VCLK_EINVAL || \result == -VCLK_EBUSY ==>
                         vclk_misuse_counted{Pre, Post}(clk);
    ensures  misuse_kept: \result != -VCLK_EINVAL && \result != -VCLK_EBUSY ==>
                         vclk_misuse_unchanged{Pre, Post};
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 <==> \result == -VCLK_EDEADLK;
*/
int vclk_disable_unprepare_nolock(struct clk *clk);

/* Linux-named forms of the three above: the error is dropped. */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_prepare_count[..], vclk_handle_prepares[..],
             vclk_handle_misuse[..], vclk_hw_state[..], vclk_walk_top;
    ensures  inv:    vclk_invariant;
    ensures  released: clk != \null && \old(vclk_may_unprepare(clk)) ==>
                       vclk_handle_refs_moved{Pre, Post}(clk, -1, 0);
    ensures  chain:    clk != \null && \old(vclk_may_unprepare(clk)) ==> \forall integer h;
                       vclk_handle_at(clk, h) ==>
                       vclk_prep_walked{Pre, Post}(vclk_handle_clock[h], vclk_walk_top, -1);
    ensures  refused: clk == \null || !\old(vclk_may_unprepare(clk)) ==>
                       vclk_counts_unchanged{Pre, Post} && vclk_hw_unchanged{Pre, Post};
    ensures  misuse_counted: clk != \null && \old(vclk_busy) == 0 &&
                       !\old(vclk_may_unprepare(clk)) ==> vclk_misuse_counted{Pre, Post}(clk);
    ensures  misuse_kept: clk == \null || \old(vclk_busy) != 0 || \old(vclk_may_unprepare(clk)) ==>
                       vclk_misuse_unchanged{Pre, Post};
*/
void clk_unprepare_nolock(struct clk *clk);

/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_enable_count[..], vclk_handle_enables[..],
             vclk_handle_misuse[..], vclk_hw_state[..], vclk_walk_top;
    ensures  inv:    vclk_invariant;
    ensures  released: clk != \null && \old(vclk_may_disable(clk)) ==>
                       vclk_handle_refs_moved{Pre, Post}(clk, 0, -1);
    ensures  chain:    clk != \null && \old(vclk_may_disable(clk)) ==> \forall integer h;
                       vclk_handle_at(clk, h) ==>
                       vclk_en_walked{Pre, Post}(vclk_handle_clock[h], vclk_walk_top, -1);
    ensures  refused: clk == \null || !\old(vclk_may_disable(clk)) ==>
                       vclk_counts_unchanged{Pre, Post} && vclk_hw_unchanged{Pre, Post};
    ensures  misuse_counted: clk != \null && \old(vclk_busy) == 0 &&
                       !\old(vclk_may_disable(clk)) ==> vclk_misuse_counted{Pre, Post}(clk);
    ensures  misuse_kept: clk == \null || \old(vclk_busy) != 0 || \old(vclk_may_disable(clk)) ==>
                       vclk_misuse_unchanged{Pre, Post};
*/
void clk_disable_nolock(struct clk *clk);

/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_prepare_count[..], vclk_enable_count[..],
             vclk_handle_prepares[..], vclk_handle_enables[..],
             vclk_handle_misuse[..], vclk_hw_state[..], vclk_walk_top;
    ensures  inv:    vclk_invariant;
    ensures  released: clk != \null && \old(vclk_may_disable_unprepare(clk)) ==>
                       vclk_handle_refs_moved{Pre, Post}(clk, -1, -1);
    ensures  refused: clk == \null || !\old(vclk_may_disable_unprepare(clk)) ==>
                       vclk_counts_unchanged{Pre, Post} && vclk_hw_unchanged{Pre, Post};
    ensures  misuse_counted: clk != \null && \old(vclk_busy) == 0 &&
                       !\old(vclk_may_disable_unprepare(clk)) ==>
                       vclk_misuse_counted{Pre, Post}(clk);
    ensures  misuse_kept: clk == \null || \old(vclk_busy) != 0 || \old(vclk_may_disable_unprepare(clk)) ==>
                       vclk_misuse_unchanged{Pre, Post};
*/
void clk_disable_unprepare_nolock(struct clk *clk);

/**
 * clk_is_enabled() - whether the hardware behind @clk runs
 *
 * Asks the provider (is_enabled op); without one, whether the enable
 * count is non-zero.  NULL is not enabled.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  \nothing;
    ensures  null:   clk == \null ==> \result == \false;
    ensures  put:    \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] == VCLK_NONE ==> \result == \false;
*/
bool clk_is_enabled_nolock(struct clk *clk);

/**
 * clk_disable_unused() - turn off what nobody uses
 *
 * Children first, every clock with no enable reference that its provider
 * reports enabled is disabled, then every clock with no prepare reference
 * that reports prepared is unprepared; CLK_IGNORE_UNUSED clocks are left
 * alone.  Counts do not change, and no op touches an enabled clock, a
 * CLK_IGNORE_UNUSED one or a free slot (clause in_use).
 * Return: the number of provider ops called.
 */
/*@ requires inv: vclk_invariant;
    assigns  vclk_hw_state[..];
    ensures  inv: vclk_invariant;
    ensures  calls: \result >= 0 || \result == -VCLK_EDEADLK;
    ensures  deadlock: \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
    ensures  refused: \result == -VCLK_EDEADLK ==> vclk_hw_unchanged{Pre, Post};
    ensures  in_use: \forall integer c; 0 <= c < VCLK_MAX_CLOCKS &&
                       (vclk_enable_count[c] > 0 ||
                        (vclk_flags[c] & CLK_IGNORE_UNUSED) != 0 || !vclk_live(c)) ==>
                       vclk_hw_state[c] == \old(vclk_hw_state[c]);
*/
int clk_disable_unused_nolock(void);

/**
 * vclk_misuse_count() - unbalanced release attempts through @clk
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  \nothing;
*/
uint32_t vclk_misuse_count(const struct clk *clk);

/* ==================== parents and rates ==================== */

/**
 * clk_get_parent() - the provider handle of @clk's current parent
 * Return: NULL for NULL, a root or an orphan.  The handle need not be put.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  \nothing;
    ensures  handle: \result == \null || vclk_handle_ptr(\result);
    ensures  null:   clk == \null ==> \result == \null;
    ensures  parent: \forall integer h; vclk_handle_at(clk, h) ==>
                       (vclk_handle_clock[h] == VCLK_NONE ||
                        vclk_parent[vclk_handle_clock[h]] == VCLK_NONE ==> \result == \null) &&
                       (vclk_handle_clock[h] != VCLK_NONE &&
                        vclk_parent[vclk_handle_clock[h]] != VCLK_NONE ==>
                          \result == &vclk_handles[vclk_parent[vclk_handle_clock[h]]]);
*/
struct clk *clk_get_parent_nolock(struct clk *clk);

/**
 * clk_has_parent() - whether @parent's clock is a possible input of @clk's
 * Return: true also when either is NULL, as in Linux (nothing to refuse)
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    requires parent: parent == \null || vclk_handle_ptr(parent);
    assigns  \nothing;
    ensures  null:   clk == \null || parent == \null ==> \result == \true;
    ensures  input:  clk != \null && parent != \null ==>
                     \forall integer h, g; vclk_handle_at(clk, h) && vclk_handle_at(parent, g) ==>
                       (\result == \true <==>
                         vclk_handle_clock[h] != VCLK_NONE && vclk_handle_clock[g] != VCLK_NONE &&
                         vclk_is_input(vclk_handle_clock[h], vclk_handle_clock[g]));
*/
bool clk_has_parent_nolock(const struct clk *clk, const struct clk *parent);

/**
 * clk_get_rate() - @clk's cached rate in Hz (0 for NULL or an orphan)
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  \nothing;
    ensures  null:   clk == \null ==> \result == 0;
    ensures  rate:   \forall integer h; vclk_handle_at(clk, h) ==>
                       (vclk_handle_clock[h] == VCLK_NONE ==> \result == 0) &&
                       (vclk_handle_clock[h] != VCLK_NONE ==>
                          \result == vclk_rate[vclk_handle_clock[h]]);
*/
unsigned long clk_get_rate_nolock(struct clk *clk);

/**
 * clk_set_parent() - switch @clk's clock to the input @parent
 *
 * A prepared (enabled) clock's references move: the new parent is
 * prepared (enabled) before the switch, the old one released after it,
 * and the rates of the whole subtree are recalculated.
 * Return: 0 (also for a NULL @clk, or the current parent); -EBUSY for a
 * prepared CLK_SET_PARENT_GATE clock, or a clock whose rate another handle
 * holds exclusively; -EINVAL if @parent is NULL, not an input of @clk, or
 * @clk itself or one of its descendants (a cycle); a provider's error.
 * The checks are made in Linux's order (clk_core_set_parent_nolock()): a
 * busy clock is -EBUSY whatever @parent is.  On error nothing changed.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    requires parent: parent == \null || vclk_handle_ptr(parent);
    assigns  vclk_parent[..], vclk_depth[..], vclk_parent_index[..],
             vclk_rate[..], vclk_prepare_count[..], vclk_enable_count[..],
             vclk_hw_state[..], vclk_walk_top, vclk_busy, vclk_req_set[..],
             vclk_path[..], vclk_new_rate[..], vclk_in_change[..],
             vclk_old_rate[..];
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post} &&
                       vclk_requests_unchanged{Pre, Post};
    ensures  idle:     vclk_busy == \old(vclk_busy);
    ensures  switched: \result == 0 && clk != \null ==> \forall integer h, hp;
                       vclk_handle_at(clk, h) && vclk_handle_at(parent, hp) ==>
                       vclk_parent[vclk_handle_clock[h]] == vclk_handle_clock[hp];
    ensures  no_cycle: clk != \null && parent != \null && \old(vclk_busy) == 0 ==>
                       \forall integer h, hp;
                       vclk_handle_at(clk, h) && vclk_handle_at(parent, hp) &&
                       vclk_handle_clock[h] != VCLK_NONE &&
                       (vclk_handle_clock[hp] == vclk_handle_clock[h] ||
                        \at(vclk_ancestor(vclk_handle_clock[h], vclk_handle_clock[hp]), Pre)) ==>
                       \result == -VCLK_EINVAL || \result == -VCLK_EBUSY;
    ensures  busy_first: clk != \null && parent != \null && \old(vclk_busy) == 0 ==>
                       \forall integer h, hp;
                       vclk_handle_at(clk, h) && vclk_handle_at(parent, hp) &&
                       vclk_handle_clock[h] != VCLK_NONE &&
                       vclk_handle_clock[hp] != VCLK_NONE &&
                       \at(vclk_parent[vclk_handle_clock[h]], Pre) != vclk_handle_clock[hp] &&
                       (((vclk_flags[vclk_handle_clock[h]] & CLK_SET_PARENT_GATE) != 0 &&
                         \at(vclk_prepare_count[vclk_handle_clock[h]], Pre) > 0) ||
                        \at(vclk_protected_against(vclk_handle_clock[h], h), Pre)) ==>
                       \result == -VCLK_EBUSY;
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
    ensures  exclusive: \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] != VCLK_NONE &&
                       \at(vclk_protected_against(vclk_handle_clock[h], h), Pre) ==>
                       vclk_topology_unchanged{Pre, Post};
*/
int clk_set_parent_nolock(struct clk *clk, struct clk *parent);

/* ==================== rate changes ==================== */

/*
 * A rate change is planned whole (which clocks get which setting, which
 * rate every clock below the top of the change will run at), checked
 * (consumer ranges, CLK_SET_RATE_GATE), announced (PRE_RATE_CHANGE, which
 * a notifier may veto), then applied from the top-most changed clock down.
 * If a provider fails, the providers already programmed get their saved
 * setting back in reverse order, ABORT_RATE_CHANGE goes out, and nothing
 * the core caches has changed.  Only after every provider succeeded are
 * the cached rates replaced and POST_RATE_CHANGE sent.
 *
 * Requests are clamped into the intersection of the ranges of every
 * consumer of the clock.  The API functions here answer -EDEADLK when
 * called from a rate-change notifier.
 *
 * Not yet: choosing another parent for a rate (muxes keep their input, as
 * with CLK_SET_RATE_NO_REPARENT).
 */

/**
 * vclk_round_rate() - the rate clk_set_rate(@clk, @rate) would give
 * @rounded: where the rate goes (0 for a NULL @clk)
 *
 * Plans the change without touching anything.  A request equal to the
 * current rate (after clamping) rounds to itself, as clk_set_rate() then
 * changes nothing.
 * Return: 0; -EINVAL for a put handle or consumer ranges with an empty
 * intersection; -EDEADLK from a notifier.
 */
/*@ requires inv:     vclk_invariant;
    requires handle:  clk == \null || vclk_handle_ptr(clk);
    requires out:     \valid(rounded);
    requires sep:     \separated(rounded, vclk_rate + (0 .. VCLK_MAX_CLOCKS-1),
                          vclk_new_rate + (0 .. VCLK_MAX_CLOCKS-1),
                          vclk_round_memo + (0 .. VCLK_MAX_CLOCKS-1));
    assigns  *rounded, vclk_new_rate[..], vclk_path[..], vclk_round_memo[..];
    ensures  inv:     vclk_invariant;
    ensures  errno:   \result == 0 || \result == -VCLK_EINVAL ||
                      \result == -VCLK_EDEADLK;
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==>
                      \result == -VCLK_EDEADLK;
    ensures  model:   clk != \null && \result == 0 ==>
                      \forall integer h; vclk_handle_at(clk, h) ==>
                        *rounded == vclk_rounded{Pre}(vclk_handle_clock[h], rate);
    ensures  null:    clk == \null ==> \result == 0 && *rounded == 0;
    ensures  put:     clk != \null && \old(vclk_busy) == 0 ==>
                      \forall integer h; vclk_handle_at(clk, h) &&
                        vclk_handle_clock[h] == VCLK_NONE ==> \result == -VCLK_EINVAL;
    ensures  ranges:  clk != \null && \old(vclk_busy) == 0 ==>
                      \forall integer h; vclk_handle_at(clk, h) &&
                        vclk_handle_clock[h] != VCLK_NONE ==>
                        (\result == -VCLK_EINVAL <==>
                          vclk_min_upto(vclk_handle_clock[h], VCLK_NR_HANDLES) >
                          vclk_max_upto(vclk_handle_clock[h], VCLK_NR_HANDLES));
    ensures  kept:    \result != 0 ==> *rounded == \old(*rounded);
*/
int vclk_round_rate_nolock(struct clk *clk, unsigned long rate, unsigned long *rounded);

/**
 * clk_round_rate() - Linux-style vclk_round_rate()
 * Return: the rate (0 for NULL), or a negative errno; -EOVERFLOW for a
 * rate a long cannot hold (above 2^31 - 1 Hz where long has 32 bits).
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_new_rate[..], vclk_path[..], vclk_round_memo[..];
    ensures  inv:    vclk_invariant;
    ensures  model:  clk != \null && \result >= 0 ==>
                     \forall integer h; vclk_handle_at(clk, h) ==>
                       \result == vclk_rounded{Pre}(vclk_handle_clock[h], rate);
    ensures  errno:  \result >= 0 || \result == -VCLK_EINVAL ||
                     \result == -VCLK_EDEADLK || \result == -VCLK_EOVERFLOW;
    ensures  null:   clk == \null ==> \result == 0;
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
    ensures  put:    clk != \null && \old(vclk_busy) == 0 ==>
                     \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] == VCLK_NONE ==> \result == -VCLK_EINVAL;
    ensures  ranges: clk != \null && \old(vclk_busy) == 0 ==>
                     \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] != VCLK_NONE ==>
                       (\result == -VCLK_EINVAL <==>
                         vclk_min_upto(vclk_handle_clock[h], VCLK_NR_HANDLES) >
                         vclk_max_upto(vclk_handle_clock[h], VCLK_NR_HANDLES));
    ensures  overflow: clk != \null && \result == -VCLK_EOVERFLOW ==>
                     \forall integer h; vclk_handle_at(clk, h) ==>
                       vclk_rounded{Pre}(vclk_handle_clock[h], rate) > LONG_MAX;
*/
long clk_round_rate_nolock(struct clk *clk, unsigned long rate);

/**
 * clk_set_rate() - change @clk's rate to what the tree can do for @rate
 *
 * A CLK_SET_RATE_PARENT clock may change its parent's rate, and so on up;
 * every clock below the top of the change follows (recalc_rate).  A mux
 * without CLK_SET_RATE_NO_REPARENT (and not a prepared
 * CLK_SET_PARENT_GATE one) may switch to another input whose current
 * rate serves the request strictly better; it becomes the top of the
 * change, is switched after every rate setting took, and its references
 * move as with clk_set_parent().
 * A request that rounds to the rate the clock runs at does nothing: no
 * provider is programmed and no notifier told, even on a clock another
 * handle holds (Linux's early bail in clk_core_set_rate_nolock()), and
 * the request is not remembered; a request that changed the rate is,
 * for the clock's range calls to apply again.
 * Return: 0 (also for NULL); -EINVAL for a put handle, an empty range
 * intersection, or a planned rate outside a consumer's range;
 * -EBUSY if a prepared CLK_SET_RATE_GATE clock would change, or a clock
 * whose rate another handle holds exclusively (clk_rate_exclusive_get()),
 * or a notifier vetoed; -EDEADLK from a notifier; a provider's error.
 * On error: every cached rate, every provider setting, every count and
 * every request are as they were.
 */
/*@ requires inv:      vclk_invariant;
    requires handle:   clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_rate[..], vclk_req_rate[..], vclk_req_set[..],
             vclk_hw_cfg[..], vclk_saved_cfg[..], vclk_busy,
             vclk_new_rate[..], vclk_old_rate[..], vclk_path[..],
             vclk_in_change[..], vclk_round_memo[..],
             vclk_parent[..], vclk_depth[..], vclk_parent_index[..],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  handles:  vclk_handle_counts_unchanged{Pre, Post};
    ensures  rollback: \result != 0 ==> vclk_rate_change_undone{Pre, Post} &&
                       vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post};
    ensures  ranges:   \result == 0 ==> \forall integer i; vclk_live(i) &&
                       vclk_rate[i] != \old(vclk_rate[i]) ==>
                       vclk_rate_allowed(i, vclk_rate[i]);
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==>
                       \result == -VCLK_EDEADLK;
    ensures  idle:     vclk_busy == \old(vclk_busy);
    ensures  as_rounded: clk != \null && \result == 0 ==>
                       \forall integer h; vclk_handle_at(clk, h) ==>
                         vclk_rate[vclk_handle_clock[h]] ==
                           vclk_rounded{Pre}(vclk_handle_clock[h], rate);
    ensures  same_rate: clk != \null && \old(vclk_busy) == 0 ==>
                       \forall integer h; vclk_handle_at(clk, h) &&
                         vclk_handle_clock[h] != VCLK_NONE &&
                         vclk_rounded{Pre}(vclk_handle_clock[h], rate) ==
                           \old(vclk_rate[vclk_handle_clock[h]]) ==>
                         (\result == 0 || \result == -VCLK_EINVAL) &&
                         vclk_rates_unchanged{Pre, Post} &&
                         vclk_cfg_unchanged{Pre, Post} &&
                         vclk_counts_unchanged{Pre, Post} &&
                         vclk_topology_unchanged{Pre, Post};
    ensures  request:  clk != \null && \result == 0 ==>
                       \forall integer h; vclk_handle_at(clk, h) ==>
                         (vclk_rate[vclk_handle_clock[h]] !=
                            \old(vclk_rate[vclk_handle_clock[h]]) ==>
                          vclk_req_rate[vclk_handle_clock[h]] == rate &&
                          vclk_req_set[vclk_handle_clock[h]] == 1) &&
                         (vclk_rate[vclk_handle_clock[h]] ==
                            \old(vclk_rate[vclk_handle_clock[h]]) ==>
                          vclk_requests_unchanged{Pre, Post});
    ensures  exclusive: vclk_held_rates_kept_by{Pre, Post}(clk);
*/
int clk_set_rate_nolock(struct clk *clk, unsigned long rate);

/**
 * clk_set_rate_range() - ask that @clk's clock stay within [@min, @max]
 *
 * The handle's range replaces its previous one, and the clock's last
 * requested rate (its current rate if none) is applied again, clamped
 * into the intersection of every consumer's range; when that moves the
 * rate, the request clamped into [@min, @max] is remembered in its place,
 * as Linux's clk_set_rate_range_nolock() does.
 * Return: 0 (also for NULL); -EINVAL if @min > @max, for a put handle,
 * or if no rate the clock can reach lies in the intersection; the errors
 * of clk_set_rate().  On error the range and everything else is as it was.
 */
/*@ requires inv:      vclk_invariant;
    requires handle:   clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_rate[..], vclk_req_rate[..], vclk_req_set[..],
             vclk_handle_min[..], vclk_handle_max[..],
             vclk_clk_min[..], vclk_clk_max[..],
             vclk_hw_cfg[..], vclk_saved_cfg[..], vclk_busy,
             vclk_new_rate[..], vclk_old_rate[..], vclk_path[..],
             vclk_in_change[..], vclk_round_memo[..],
             vclk_parent[..], vclk_depth[..], vclk_parent_index[..],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  handles:  vclk_handle_counts_unchanged{Pre, Post};
    ensures  order:    min > max && clk != \null ==> \result == -VCLK_EINVAL;
    ensures  range:    \result == 0 && clk != \null ==> vclk_range_of(clk, min, max);
    ensures  others:   vclk_ranges_kept_but{Pre, Post}(clk);
    ensures  rollback: \result != 0 ==> vclk_rate_change_undone{Pre, Post} &&
                       vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post};
    ensures  within:   \result == 0 && clk != \null ==> \forall integer h;
                       vclk_handle_at(clk, h) ==>
                       vclk_rate_allowed(vclk_handle_clock[h],
                                         vclk_rate[vclk_handle_clock[h]]);
    ensures  ranges:   \result == 0 ==> \forall integer i; vclk_live(i) &&
                       vclk_rate[i] != \old(vclk_rate[i]) ==>
                       vclk_rate_allowed(i, vclk_rate[i]);
    ensures  idle:     vclk_busy == \old(vclk_busy);
    ensures  request:  clk != \null && \result == 0 ==>
                       \forall integer h; vclk_handle_at(clk, h) ==>
                         (vclk_rate[vclk_handle_clock[h]] !=
                            \old(vclk_rate[vclk_handle_clock[h]]) ==>
                          vclk_req_set[vclk_handle_clock[h]] == 1 &&
                          vclk_req_rate[vclk_handle_clock[h]] ==
                            vclk_clamp(\old(vclk_req_set[vclk_handle_clock[h]]) != 0 ?
                                         \old(vclk_req_rate[vclk_handle_clock[h]]) :
                                         \old(vclk_rate[vclk_handle_clock[h]]),
                                       min, max)) &&
                         (vclk_rate[vclk_handle_clock[h]] ==
                            \old(vclk_rate[vclk_handle_clock[h]]) ==>
                          \forall integer i; 0 <= i < VCLK_MAX_CLOCKS ==>
                            vclk_req_rate[i] == \old(vclk_req_rate[i]) &&
                            vclk_req_set[i] == \old(vclk_req_set[i]));
    ensures  exclusive: vclk_held_rates_kept_by{Pre, Post}(clk);
*/
int clk_set_rate_range_nolock(struct clk *clk, unsigned long min, unsigned long max);

/* clk_set_rate_range() with only one bound changed, or none kept */
/*@ requires inv:      vclk_invariant;
    requires handle:   clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_rate[..], vclk_req_rate[..], vclk_req_set[..],
             vclk_handle_min[..], vclk_handle_max[..],
             vclk_clk_min[..], vclk_clk_max[..],
             vclk_hw_cfg[..], vclk_saved_cfg[..], vclk_busy,
             vclk_new_rate[..], vclk_old_rate[..], vclk_path[..],
             vclk_in_change[..], vclk_round_memo[..],
             vclk_parent[..], vclk_depth[..], vclk_parent_index[..],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_rate_change_undone{Pre, Post} &&
                       vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post};
    ensures  range:    \result == 0 && clk != \null ==> \forall integer h;
                       vclk_handle_at(clk, h) ==> vclk_handle_min[h] == rate &&
                       vclk_handle_max[h] == \old(vclk_handle_max[h]);
    ensures  order:    clk != \null ==> \forall integer h; vclk_handle_at(clk, h) &&
                       rate > \old(vclk_handle_max[h]) ==> \result == -VCLK_EINVAL;
    ensures  others:   vclk_ranges_kept_but{Pre, Post}(clk);
    ensures  exclusive: vclk_held_rates_kept_by{Pre, Post}(clk);
*/
int clk_set_min_rate_nolock(struct clk *clk, unsigned long rate);

/*@ requires inv:      vclk_invariant;
    requires handle:   clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_rate[..], vclk_req_rate[..], vclk_req_set[..],
             vclk_handle_min[..], vclk_handle_max[..],
             vclk_clk_min[..], vclk_clk_max[..],
             vclk_hw_cfg[..], vclk_saved_cfg[..], vclk_busy,
             vclk_new_rate[..], vclk_old_rate[..], vclk_path[..],
             vclk_in_change[..], vclk_round_memo[..],
             vclk_parent[..], vclk_depth[..], vclk_parent_index[..],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_rate_change_undone{Pre, Post} &&
                       vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post};
    ensures  range:    \result == 0 && clk != \null ==> \forall integer h;
                       vclk_handle_at(clk, h) ==> vclk_handle_max[h] == rate &&
                       vclk_handle_min[h] == \old(vclk_handle_min[h]);
    ensures  order:    clk != \null ==> \forall integer h; vclk_handle_at(clk, h) &&
                       \old(vclk_handle_min[h]) > rate ==> \result == -VCLK_EINVAL;
    ensures  others:   vclk_ranges_kept_but{Pre, Post}(clk);
    ensures  exclusive: vclk_held_rates_kept_by{Pre, Post}(clk);
*/
int clk_set_max_rate_nolock(struct clk *clk, unsigned long rate);

/*@ requires inv:      vclk_invariant;
    requires handle:   clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_rate[..], vclk_req_rate[..], vclk_req_set[..],
             vclk_handle_min[..], vclk_handle_max[..],
             vclk_clk_min[..], vclk_clk_max[..],
             vclk_hw_cfg[..], vclk_saved_cfg[..], vclk_busy,
             vclk_new_rate[..], vclk_old_rate[..], vclk_path[..],
             vclk_in_change[..], vclk_round_memo[..],
             vclk_parent[..], vclk_depth[..], vclk_parent_index[..],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_rate_change_undone{Pre, Post} &&
                       vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post};
    ensures  range:    \result == 0 && clk != \null ==> vclk_range_of(clk, 0, ULONG_MAX);
    ensures  others:   vclk_ranges_kept_but{Pre, Post}(clk);
    ensures  exclusive: vclk_held_rates_kept_by{Pre, Post}(clk);
*/
int clk_drop_range_nolock(struct clk *clk);

/**
 * clk_notifier_register() - have @nb told of @clk's clock's rate changes
 * Return: 0; -EINVAL for a NULL or put handle or a NULL @nb; -EEXIST if
 * @nb is already registered for that clock; -ENOMEM when the notifier
 * table is full; -EDEADLK from a notifier.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_nb[..], vclk_nb_handle[..], vclk_nb_clock[..], vclk_nb_top;
    ensures  inv:    vclk_invariant;
    ensures  errno:  \result == 0 || \result == -VCLK_EINVAL ||
                     \result == -VCLK_EEXIST || \result == -VCLK_ENOMEM ||
                     \result == -VCLK_EDEADLK;
    ensures  added:  \result == 0 ==> \forall integer h; vclk_handle_at(clk, h) ==>
                     \exists integer n; 0 <= n < VCLK_MAX_NOTIFIERS &&
                       \old(vclk_nb[n]) == \null && vclk_nb[n] == nb &&
                       vclk_nb_handle[n] == clk && vclk_nb_clock[n] == vclk_handle_clock[h] &&
                       vclk_nb_only_entry{Pre, Post}(n);
    ensures  unchanged: \result != 0 ==> vclk_nb_unchanged{Pre, Post} &&
                     vclk_nb_top == \old(vclk_nb_top);
    ensures  no_block: clk == \null || nb == \null ==> \result == -VCLK_EINVAL;
    ensures  twice:  clk != \null && nb != \null && \old(vclk_busy) == 0 ==>
                     \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] != VCLK_NONE &&
                       \old(vclk_nb_registered(nb, vclk_handle_clock[h])) ==>
                       \result == -VCLK_EEXIST;
    ensures  deadlock: clk != \null && nb != \null && \old(vclk_busy) != 0 ==>
                     \result == -VCLK_EDEADLK;
*/
int clk_notifier_register_nolock(struct clk *clk, struct notifier_block *nb);

/**
 * clk_notifier_unregister() - undo clk_notifier_register()
 * Return: 0; -EINVAL for NULL arguments or a put handle; -ENOENT if @nb
 * is not registered for that clock; -EDEADLK from a notifier.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_nb[..], vclk_nb_handle[..], vclk_nb_clock[..];
    ensures  inv:    vclk_invariant;
    ensures  errno:  \result == 0 || \result == -VCLK_EINVAL ||
                     \result == -VCLK_ENOENT || \result == -VCLK_EDEADLK;
    ensures  removed: \result == 0 ==> \forall integer h; vclk_handle_at(clk, h) ==>
                     \exists integer n; 0 <= n < VCLK_MAX_NOTIFIERS &&
                       \old(vclk_nb[n]) == nb &&
                       \old(vclk_nb_clock[n]) == vclk_handle_clock[h] &&
                       vclk_nb[n] == \null && vclk_nb_handle[n] == \null &&
                       vclk_nb_clock[n] == VCLK_NONE &&
                       vclk_nb_only_entry{Pre, Post}(n);
    ensures  unchanged: \result != 0 ==> vclk_nb_unchanged{Pre, Post};
    ensures  no_block: clk == \null || nb == \null ==> \result == -VCLK_EINVAL;
    ensures  not_found: clk != \null && nb != \null && \old(vclk_busy) == 0 ==>
                     \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] != VCLK_NONE &&
                       !\old(vclk_nb_registered(nb, vclk_handle_clock[h])) ==>
                       \result == -VCLK_ENOENT;
    ensures  deadlock: clk != \null && nb != \null && \old(vclk_busy) != 0 ==>
                     \result == -VCLK_EDEADLK;
*/
int clk_notifier_unregister_nolock(struct clk *clk, struct notifier_block *nb);

/* ==================== provider side ==================== */

/**
 * vclk_register() - add a clock to the tree
 * @init: name, possible parents, flags, ops; the name strings are kept
 *	by pointer and must outlive the clock (static strings, as in Linux)
 *
 * The clock's input is read from the provider (get_parent) when it has
 * several.  If that parent is not registered yet the clock is an orphan
 * (rate 0, no parent) until it is.  Registering a clock adopts every
 * orphan waiting for it, moving their references onto it; an orphan whose
 * adoption fails (a provider error on the new parent) stays an orphan and
 * is offered again at the next registration.  A CLK_IS_CRITICAL clock is
 * prepared and enabled here, by a handle of the core's own, for good.
 * Return: the clock's id (>= 0); -EINVAL for a NULL or empty name, a bad
 * parent count or a NULL parent name; -ENAMETOOLONG for a name of
 * VCLK_NAME_LEN bytes or more; -EEXIST for a name in use; -ENOMEM when the
 * pool (or, for a critical clock, the handle pool) is full; a provider's
 * error from the critical prepare/enable.  On error nothing is registered.
 */
/*@ requires inv:  vclk_invariant;
    requires init: \valid_read(init);
    requires name: init->name == \null ||
                   vclk_readable_name(init->name, VCLK_NAME_LEN);
    requires parent_names: 0 < init->num_parents <= VCLK_MAX_PARENTS ==>
                   \valid_read(init->parent_names + (0 .. init->num_parents - 1)) &&
                   \forall integer k; 0 <= k < init->num_parents ==>
                     init->parent_names[k] == \null ||
                     vclk_readable_name(init->parent_names[k], VCLK_NAME_LEN);
    assigns  vclk_nr_clocks, vclk_name[..], vclk_flags[..], vclk_ops_of[..],
             vclk_priv_of[..], vclk_parent[..], vclk_depth[..],
             vclk_nr_parents[..], vclk_parent_name[..],
             vclk_parent_ids[..], vclk_parent_index[..], vclk_rate[..],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_handle_clock[..], vclk_handle_prepares[..],
             vclk_handle_enables[..], vclk_handle_misuse[..], vclk_handle_dev[..],
             vclk_handle_min[..], vclk_handle_max[..],
             vclk_clk_min[..], vclk_clk_max[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:   vclk_invariant;
    ensures  id:    \result >= 0 ==> \result == \old(vclk_nr_clocks) &&
                    vclk_nr_clocks == \old(vclk_nr_clocks) + 1;
    ensures  errno: \result < 0 ==> -VCLK_MAX_ERRNO <= \result &&
                    vclk_nr_clocks == \old(vclk_nr_clocks);
    ensures  deadlock: \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
    ensures  refused: \old(vclk_register_refused((struct vclk_init_data *)init)) ==>
                    \result < 0 && vclk_tree_kept{Pre, Post};
    ensures  bad_init: \old(vclk_busy) == 0 &&
                    !vclk_init_ok((struct vclk_init_data *)init) ==>
                    \result == -VCLK_EINVAL || \result == -VCLK_ENAMETOOLONG;
    ensures  too_long: \old(vclk_busy) == 0 && init->name != \null &&
                    vclk_name_too_long((char *)init->name) ==>
                    \result == -VCLK_ENAMETOOLONG;
    ensures  in_use: \old(vclk_busy) == 0 &&
                    vclk_init_ok((struct vclk_init_data *)init) &&
                    !\old(vclk_unnamed((char *)init->name)) ==>
                    \result == -VCLK_EEXIST;
    ensures  full:  \old(vclk_busy) == 0 &&
                    vclk_init_ok((struct vclk_init_data *)init) &&
                    \old(vclk_unnamed((char *)init->name)) &&
                    (\old(vclk_nr_clocks) >= VCLK_MAX_CLOCKS ||
                     ((init->flags & CLK_IS_CRITICAL) != 0 && \old(vclk_handles_full))) ==>
                    \result == -VCLK_ENOMEM;
    ensures  named: \result >= 0 ==> \old(vclk_unnamed((char *)init->name));
*/
int vclk_register_nolock(const struct vclk_init_data *init);

/* ==================== introspection (tools and tests) ==================== */

/*@ assigns \nothing;
    ensures count: \result == vclk_nr_clocks;
*/
int vclk_clock_count_nolock(void);

/** vclk_lookup() - id of the clock called @name, or -ENOENT / -EINVAL */
/*@ requires inv:  vclk_invariant;
    requires name: name == \null || vclk_readable_name(name, VCLK_NAME_LEN);
    assigns  \nothing;
    ensures  found:  \result >= 0 ==> vclk_first_named(\result, (char *)name);
    ensures  errno:  \result < 0 ==> \result == -VCLK_ENOENT || \result == -VCLK_EINVAL;
    ensures  einval: \result == -VCLK_EINVAL <==> !vclk_name_usable((char *)name);
    ensures  enoent: \result == -VCLK_ENOENT <==>
                     vclk_name_usable((char *)name) && vclk_unnamed((char *)name);
*/
int vclk_lookup_nolock(const char *name);

/** vclk_clock_id() - the clock @clk refers to, or -1 (NULL or put) */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  \nothing;
    ensures  null:   clk == \null ==> \result == VCLK_NONE;
    ensures  id:     \forall integer h; vclk_handle_at(clk, h) ==>
                       \result == vclk_handle_clock[h];
*/
int vclk_clock_id_nolock(const struct clk *clk);

/** vclk_clock_handle() - the provider handle of clock @id, NULL if none */
/*@ requires inv: vclk_invariant;
    assigns  \nothing;
    ensures  handle: \result == \null || vclk_handle_ptr(\result);
    ensures  id:     0 <= id < vclk_nr_clocks ==> \result == &vclk_handles[id];
    ensures  none:   id < 0 || id >= vclk_nr_clocks ==> \result == \null;
*/
struct clk *vclk_clock_handle_nolock(int id);

/* Fields of clock @id; for an id that is not registered: "", -1 or 0. */
/*@ requires inv: vclk_invariant;
    assigns  \nothing;
    ensures  field: 0 <= id < vclk_nr_clocks ==> \result == vclk_name[id];
*/
const char *vclk_clock_name_nolock(int id);
/*@ requires inv: vclk_invariant;
    assigns  \nothing;
    ensures  field: 0 <= id < vclk_nr_clocks ==> \result == vclk_parent[id];
    ensures  none:  id < 0 || id >= vclk_nr_clocks ==> \result == VCLK_NONE;
*/
int vclk_clock_parent_nolock(int id);
/*@ requires inv: vclk_invariant;
    assigns  \nothing;
    ensures  field: 0 <= id < vclk_nr_clocks ==> \result == vclk_nr_parents[id];
    ensures  none:  id < 0 || id >= vclk_nr_clocks ==> \result == 0;
*/
int vclk_clock_num_parents_nolock(int id);
/*@ requires inv: vclk_invariant;
    assigns  \nothing;
    ensures  field: 0 <= id < vclk_nr_clocks && 0 <= index < VCLK_MAX_PARENTS ==>
                    \result == vclk_parent_ids[VCLK_INPUT(id, index)];
    ensures  none:  id < 0 || id >= vclk_nr_clocks || index < 0 ||
                    index >= VCLK_MAX_PARENTS ==> \result == VCLK_NONE;
*/
int vclk_clock_parent_id_nolock(int id, int index);
/*@ requires inv: vclk_invariant;
    assigns  \nothing;
    ensures  field: 0 <= id < vclk_nr_clocks ==> \result == vclk_prepare_count[id];
    ensures  none:  id < 0 || id >= vclk_nr_clocks ==> \result == 0;
*/
uint32_t vclk_clock_prepare_count(int id);
/*@ requires inv: vclk_invariant;
    assigns  \nothing;
    ensures  field: 0 <= id < vclk_nr_clocks ==> \result == vclk_enable_count[id];
    ensures  none:  id < 0 || id >= vclk_nr_clocks ==> \result == 0;
*/
uint32_t vclk_clock_enable_count(int id);
/*@ requires inv: vclk_invariant;
    assigns  \nothing;
    ensures  field: 0 <= id < vclk_nr_clocks ==> \result == vclk_rate[id];
    ensures  none:  id < 0 || id >= vclk_nr_clocks ==> \result == 0;
*/
unsigned long vclk_clock_rate_nolock(int id);
/*@ requires inv: vclk_invariant;
    assigns  \nothing;
    ensures  field: 0 <= id < vclk_nr_clocks ==> \result == vclk_flags[id];
    ensures  none:  id < 0 || id >= vclk_nr_clocks ==> \result == 0;
*/
unsigned long vclk_clock_flags_nolock(int id);

/* ==================== bulk operations and clkdev lookups ==================== */

/*
 * As in Linux's <linux/clk.h>: an array of (consumer name, handle) pairs
 * handled in one call, all or nothing.  A failure at element k undoes
 * elements k-1 .. 0 in that order and returns the error.  An array may
 * hold NULL handles (skipped, as clk_prepare(NULL) is) and may name one
 * handle more than once (it then takes one reference per element).
 */
struct clk_bulk_data {
	const char *id;
	struct clk *clk;
};

#include "../spec/bulk.h"

/**
 * clk_bulk_get() - vclk_get() for each element's @id, all or nothing
 * @dev_id: consumer device name, may be NULL (kept for summaries only)
 * @num: number of elements, at most VCLK_MAX_BULK
 * @clks: the elements; each clks[i].clk receives its handle
 *
 * On success each element holds a handle of its own, taken as vclk_get()
 * takes one (spec/handles.h); no other handle and no clock's range
 * changes.
 * Return: 0; the first error of vclk_get() (-EINVAL, -ENOENT, -ENOMEM,
 * -EDEADLK).  On error the handles already taken are put again, in
 * reverse order, and every clks[i].clk is NULL.
 */
/*@ requires inv:    vclk_invariant;
    requires bulk:   0 <= num <= VCLK_MAX_BULK && \valid(clks + (0 .. num - 1));
    requires ids:    \forall integer i; 0 <= i < num ==>
                       clks[i].id == \null || vclk_readable_name((char *)clks[i].id, VCLK_NAME_LEN);
    assigns  clks[0 .. num - 1].clk,
             vclk_handle_clock[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_misuse[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_dev[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_min[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_max[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_clk_min[..], vclk_clk_max[..];
    ensures  inv:     vclk_invariant;
    ensures  errno:   \result == 0 || \result == -VCLK_EINVAL ||
                      \result == -VCLK_ENOENT || \result == -VCLK_ENOMEM ||
                      \result == -VCLK_EDEADLK;
    ensures  counts:  vclk_counts_unchanged{Pre, Post};
    ensures  handles: \result == 0 ==> \forall integer i; 0 <= i < num ==>
                        vclk_handle_ptr(clks[i].clk);
    ensures  cleared: \result != 0 ==> \forall integer i; 0 <= i < num ==>
                        clks[i].clk == \null;
    ensures  taken:   \result == 0 ==> \forall integer i; 0 <= i < num ==>
                        \forall integer h; vclk_handle_at(clks[i].clk, h) ==>
                        vclk_handle_taken{Pre, Post}(h, (char *)clks[i].id, (char *)dev_id);
    ensures  distinct: \result == 0 ==> \forall integer i, j; 0 <= i < j < num ==>
                        clks[i].clk != clks[j].clk;
    ensures  others_kept: \result == 0 ==> vclk_clk_ranges_kept{Pre, Post} &&
                        \forall integer g; 0 <= g < VCLK_NR_HANDLES &&
                        !vclk_bulk_names(clks, g, 0, num) ==> vclk_binding_kept{Pre, Post}(g);
*/
int clk_bulk_get_nolock(const char *dev_id, int num, struct clk_bulk_data *clks);

/**
 * clk_bulk_put() - clk_put() each element's handle, last element first
 *
 * An element whose handle was put is set to NULL; one that clk_put()
 * refuses (-EBUSY: it still holds references) keeps its handle, so the
 * caller can still release it.  A handle named twice is put at its last
 * element; the earlier ones keep the (now put) pointer, as clk_put()
 * refuses a put handle.
 */
/*@ requires inv:    vclk_invariant;
    requires bulk:   vclk_bulk_ok(clks, num);
    assigns  clks[0 .. num - 1].clk,
             vclk_handle_clock[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_misuse[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_min[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_max[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_clk_min[..], vclk_clk_max[..];
    ensures  inv:    vclk_invariant;
    ensures  counts: vclk_counts_unchanged{Pre, Post};
    ensures  cleared: \forall integer i; 0 <= i < num ==>
               (clks[i].clk == \null <==> \old(clks[i].clk) == \null ||
                 (\old(vclk_may_put(clks[i].clk)) && \old(vclk_bulk_last(clks, i, num))));
    ensures  kept:   \forall integer i; 0 <= i < num && clks[i].clk != \null ==>
               clks[i].clk == \old(clks[i].clk);
    ensures  freed:  \forall integer h; 0 <= h < VCLK_NR_HANDLES &&
               \old(vclk_bulk_names(clks, h, 0, num)) && \old(vclk_may_put(&vclk_handles[h])) ==>
               vclk_handle_clock[h] == VCLK_NONE;
    ensures  others_kept: \forall integer h; 0 <= h < VCLK_NR_HANDLES &&
               !(\old(vclk_bulk_names(clks, h, 0, num)) && \old(vclk_may_put(&vclk_handles[h]))) ==>
               vclk_handle_clock[h] == \old(vclk_handle_clock[h]) &&
               vclk_handle_min[h] == \old(vclk_handle_min[h]) &&
               vclk_handle_max[h] == \old(vclk_handle_max[h]);
*/
void clk_bulk_put_nolock(int num, struct clk_bulk_data *clks);

/**
 * clk_bulk_prepare() - clk_prepare() each element's handle, all or nothing
 *
 * May sleep (prepare lock).
 * Return: 0; -EINVAL for a put handle; -EDEADLK from a notifier; the
 * errors of clk_prepare().  On error every count is as at entry.
 */
/*@ requires inv:    vclk_invariant;
    requires bulk:   vclk_bulk_ok(clks, num);
    assigns  vclk_prepare_count[..], vclk_handle_prepares[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post};
    ensures  owned:    \result == 0 ==> vclk_bulk_prepared{Pre, Post}(clks, num);
    ensures  deadlock: \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
*/
int clk_bulk_prepare_nolock(int num, const struct clk_bulk_data *clks);

/**
 * clk_bulk_enable() - clk_enable() each element's handle, all or nothing
 *
 * Atomic context (enable lock).
 * Return: 0; -ESHUTDOWN if a handle has not prepared its clock; -EINVAL
 * for a put handle; -EDEADLK from a notifier; the errors of clk_enable().
 * On error every count is as at entry.
 */
/*@ requires inv:    vclk_invariant;
    requires bulk:   vclk_bulk_ok(clks, num);
    assigns  vclk_enable_count[..], vclk_handle_enables[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post};
    ensures  owned:    \result == 0 ==> vclk_bulk_enabled{Pre, Post}(clks, num);
    ensures  deadlock: \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
*/
int clk_bulk_enable_nolock(int num, const struct clk_bulk_data *clks);

/**
 * clk_bulk_prepare_enable() - clk_bulk_prepare() then clk_bulk_enable()
 * Return: as those two; on error every count is as at entry.
 */
/*@ requires inv:    vclk_invariant;
    requires bulk:   vclk_bulk_ok(clks, num);
    assigns  vclk_prepare_count[..], vclk_enable_count[..],
             vclk_handle_prepares[..], vclk_handle_enables[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post};
    ensures  owned:    \result == 0 ==> vclk_bulk_prepared{Pre, Post}(clks, num) &&
                         vclk_bulk_enabled{Pre, Post}(clks, num);
    ensures  deadlock: \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
*/
int clk_bulk_prepare_enable_nolock(int num, const struct clk_bulk_data *clks);

/**
 * clk_bulk_disable() - clk_disable() each element's handle, last first
 *
 * As Linux, void: an element clk_disable() refuses is counted as misuse
 * of its handle (vclk_misuse_count()) and the others are still released.
 * A handle named k times gives back k enable references, or all it holds
 * and counts the rest as misuse.  From a notifier (-EDEADLK for each
 * element) nothing changes.
 */
/*@ requires inv:    vclk_invariant;
    requires bulk:   vclk_bulk_ok(clks, num);
    assigns  vclk_enable_count[..], vclk_handle_enables[..],
             vclk_handle_misuse[..], vclk_hw_state[..], vclk_walk_top;
    ensures  inv:    vclk_invariant;
    ensures  released: \old(vclk_busy) == 0 ==> vclk_bulk_disabled{Pre, Post}(clks, 0, num);
    ensures  deadlock: \old(vclk_busy) != 0 ==> vclk_counts_unchanged{Pre, Post} &&
                       vclk_hw_unchanged{Pre, Post} && vclk_misuse_unchanged{Pre, Post};
*/
void clk_bulk_disable_nolock(int num, const struct clk_bulk_data *clks);

/**
 * clk_bulk_unprepare() - clk_unprepare() each element's handle, last first
 *
 * May sleep.  Errors count as misuse, as for clk_bulk_disable(); a
 * handle's last prepare reference stays while it holds an enable one.
 */
/*@ requires inv:    vclk_invariant;
    requires bulk:   vclk_bulk_ok(clks, num);
    assigns  vclk_prepare_count[..], vclk_handle_prepares[..],
             vclk_handle_misuse[..], vclk_hw_state[..], vclk_walk_top;
    ensures  inv:    vclk_invariant;
    ensures  released: \old(vclk_busy) == 0 ==> vclk_bulk_unprepared{Pre, Post}(clks, 0, num);
    ensures  deadlock: \old(vclk_busy) != 0 ==> vclk_counts_unchanged{Pre, Post} &&
                       vclk_hw_unchanged{Pre, Post} && vclk_misuse_unchanged{Pre, Post};
*/
void clk_bulk_unprepare_nolock(int num, const struct clk_bulk_data *clks);

/**
 * clk_bulk_disable_unprepare() - clk_bulk_disable() then clk_bulk_unprepare()
 */
/*@ requires inv:    vclk_invariant;
    requires bulk:   vclk_bulk_ok(clks, num);
    assigns  vclk_prepare_count[..], vclk_enable_count[..],
             vclk_handle_prepares[..], vclk_handle_enables[..],
             vclk_handle_misuse[..], vclk_hw_state[..], vclk_walk_top;
    ensures  inv:    vclk_invariant;
    ensures  released: \old(vclk_busy) == 0 ==>
                       vclk_bulk_disabled_unprepared{Pre, Post}(clks, num);
    ensures  deadlock: \old(vclk_busy) != 0 ==> vclk_counts_unchanged{Pre, Post} &&
                       vclk_hw_unchanged{Pre, Post} && vclk_misuse_unchanged{Pre, Post};
*/
void clk_bulk_disable_unprepare_nolock(int num, const struct clk_bulk_data *clks);

/**
 * clk_is_match() - whether @p and @q refer to the same clock
 *
 * As Linux: true for the same pointer (two NULLs included) and for two
 * handles on one clock; a put handle matches only itself.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: p == \null || vclk_handle_ptr(p);
    requires handle_q: q == \null || vclk_handle_ptr(q);
    assigns  \nothing;
    ensures  same:   p == q ==> \result != 0;
    ensures  match:  p != q ==> (\result != 0 <==>
                       p != \null && q != \null &&
                       \exists integer hp, hq; vclk_handle_at(p, hp) &&
                         vclk_handle_at(q, hq) &&
                         vclk_handle_clock[hp] != VCLK_NONE &&
                         vclk_handle_clock[hp] == vclk_handle_clock[hq]);
*/
bool clk_is_match_nolock(const struct clk *p, const struct clk *q);

/*
 * clkdev lookups, as Linux's clkdev: a table maps (device, connection)
 * names to a clock name.  NULL in an entry matches any name; when several
 * entries match, an exact device name (worth 2) beats an exact connection
 * name (worth 1), and among equals the first added wins.  The strings are
 * kept by pointer and must outlive the entry (static strings).  The table
 * is emptied by vclk_reset().
 */

/**
 * vclk_clkdev_add() - map (@dev_id, @con_id) to the clock @clock_name
 * @dev_id: device name, NULL for any device
 * @con_id: connection name, NULL for any connection
 * @clock_name: the clock's name (need not be registered yet)
 *
 * Return: 0; -EINVAL for a NULL, empty or over-long @clock_name, an
 * over-long key, or neither key (an entry that would never match, as in
 * Linux's clk_find()); -EEXIST if (@dev_id, @con_id) is mapped already; -ENOMEM
 * when all VCLK_MAX_LOOKUPS entries are used; -EDEADLK from a notifier.
 * On error the table is unchanged.
 */
/*@ requires lookups: vclk_clkdev_ok;
    requires keys:    vclk_clkdev_key_ok((char *)dev_id) &&
                      vclk_clkdev_key_ok((char *)con_id);
    requires name:    vclk_clkdev_key_ok((char *)clock_name);
    assigns  vclk_clkdev_dev[..], vclk_clkdev_con[..], vclk_clkdev_clock[..];
    ensures  lookups: vclk_clkdev_ok;
    ensures  errno:   \result == 0 || \result == -VCLK_EINVAL ||
                      \result == -VCLK_EEXIST || \result == -VCLK_ENOMEM ||
                      \result == -VCLK_EDEADLK;
    ensures  added:   \result == 0 ==> \exists integer i; 0 <= i < VCLK_MAX_LOOKUPS &&
                        \old(vclk_clkdev_clock[i]) == \null &&
                        vclk_clkdev_dev[i] == dev_id && vclk_clkdev_con[i] == con_id &&
                        vclk_clkdev_clock[i] == clock_name &&
                        vclk_clkdev_kept_but{Pre, Post}(i);
    ensures  unchanged: \result != 0 ==> \forall integer i; 0 <= i < VCLK_MAX_LOOKUPS ==>
                        vclk_clkdev_dev[i] == \old(vclk_clkdev_dev[i]) &&
                        vclk_clkdev_con[i] == \old(vclk_clkdev_con[i]) &&
                        vclk_clkdev_clock[i] == \old(vclk_clkdev_clock[i]);
    ensures  deadlock: \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
    ensures  no_keys:  \old(vclk_busy) == 0 && dev_id == \null && con_id == \null ==>
                       \result == -VCLK_EINVAL;
    ensures  einval:   \old(vclk_busy) == 0 ==> (\result == -VCLK_EINVAL <==>
                       !vclk_clkdev_args_ok((char *)dev_id, (char *)con_id, (char *)clock_name));
    ensures  in_use:   \old(vclk_busy) == 0 &&
                       vclk_clkdev_args_ok((char *)dev_id, (char *)con_id, (char *)clock_name) ==>
                       (\result == -VCLK_EEXIST <==>
                        !\old(vclk_clkdev_no_entry((char *)dev_id, (char *)con_id)));
    ensures  full:     \old(vclk_busy) == 0 &&
                       vclk_clkdev_args_ok((char *)dev_id, (char *)con_id, (char *)clock_name) &&
                       \old(vclk_clkdev_no_entry((char *)dev_id, (char *)con_id)) ==>
                       (\result == -VCLK_ENOMEM <==> \old(vclk_clkdev_full));
*/
int vclk_clkdev_add_nolock(const char *dev_id, const char *con_id, const char *clock_name);

/**
 * vclk_clkdev_drop() - remove the entry added for exactly (@dev_id, @con_id)
 * Return: 0; -ENOENT if there is none; -EDEADLK from a notifier.
 */
/*@ requires lookups: vclk_clkdev_ok;
    requires keys:    vclk_clkdev_key_ok((char *)dev_id) &&
                      vclk_clkdev_key_ok((char *)con_id);
    assigns  vclk_clkdev_dev[..], vclk_clkdev_con[..], vclk_clkdev_clock[..];
    ensures  lookups: vclk_clkdev_ok;
    ensures  errno:   \result == 0 || \result == -VCLK_ENOENT || \result == -VCLK_EDEADLK;
    ensures  deadlock: \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
    ensures  dropped: \result == 0 ==> \exists integer i; 0 <= i < VCLK_MAX_LOOKUPS &&
                        \old(vclk_clkdev_is_entry(i, (char *)dev_id, (char *)con_id)) &&
                        vclk_clkdev_clock[i] == \null && vclk_clkdev_dev[i] == \null &&
                        vclk_clkdev_con[i] == \null && vclk_clkdev_kept_but{Pre, Post}(i);
    ensures  enoent:  \old(vclk_busy) == 0 ==> (\result == -VCLK_ENOENT <==>
                        \old(vclk_clkdev_no_entry((char *)dev_id, (char *)con_id)));
    ensures  unchanged: \result != 0 ==> vclk_clkdev_kept_but{Pre, Post}(-1);
*/
int vclk_clkdev_drop_nolock(const char *dev_id, const char *con_id);

/**
 * vclk_get_sys() - take a handle on the clock mapped to (@dev_id, @con_id)
 * @clkp: where the handle goes
 *
 * The best matching entry (Linux's clk_find(): a device key scores 2, a
 * connection key 1, the first added wins a tie; spec/clkdev.h) gives the
 * clock name, looked up and taken as vclk_get() does (spec/handles.h);
 * the handle records @dev_id.  On error nothing changes, *@clkp included.
 * Return: 0; -ENOENT if no entry matches or no clock has the entry's
 * name; -ENOMEM when every consumer handle is in use; -EDEADLK from a
 * notifier.
 */
/*@ requires inv:     vclk_invariant;
    requires lookups: vclk_clkdev_ok;
    requires keys:    vclk_clkdev_key_ok((char *)dev_id) &&
                      vclk_clkdev_key_ok((char *)con_id);
    requires out:     \valid(clkp);
    assigns  *clkp, vclk_handle_clock[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_misuse[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_dev[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_min[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_max[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_clk_min[..], vclk_clk_max[..];
    ensures  inv:     vclk_invariant;
    ensures  errno:   \result == 0 || \result == -VCLK_EINVAL ||
                      \result == -VCLK_ENOENT || \result == -VCLK_ENOMEM ||
                      \result == -VCLK_EDEADLK;
    ensures  counts:  vclk_counts_unchanged{Pre, Post};
    ensures  handle:  \result == 0 ==> vclk_handle_ptr(*clkp);
    ensures  deadlock: \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
    ensures  no_keys: \old(vclk_busy) == 0 && dev_id == \null && con_id == \null ==>
                      \result == -VCLK_ENOENT;
    ensures  taken:   \result == 0 ==> \exists integer i;
                        vclk_clkdev_best(i, (char *)dev_id, (char *)con_id) &&
                        \forall integer h; vclk_handle_at(*clkp, h) ==>
                        vclk_handle_taken{Pre, Post}(h, (char *)vclk_clkdev_clock[i], (char *)dev_id) &&
                        vclk_handles_kept_but{Pre, Post}(h);
    ensures  refused: \result != 0 ==> vclk_handles_kept_but{Pre, Post}(VCLK_NONE) &&
                        *clkp == \old(*clkp);
    ensures  no_match: \old(vclk_busy) == 0 &&
                        vclk_clkdev_no_match((char *)dev_id, (char *)con_id) ==>
                        \result == -VCLK_ENOENT;
*/
int vclk_get_sys_nolock(const char *dev_id, const char *con_id, struct clk **clkp);

/**
 * clk_get_sys() - Linux-style vclk_get_sys(): the handle, or NULL on error
 */
/*@ requires inv:     vclk_invariant;
    requires lookups: vclk_clkdev_ok;
    requires keys:    vclk_clkdev_key_ok((char *)dev_id) &&
                      vclk_clkdev_key_ok((char *)con_id);
    assigns  vclk_handle_clock[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_misuse[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_dev[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_min[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_handle_max[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
             vclk_clk_min[..], vclk_clk_max[..];
    ensures  inv:     vclk_invariant;
    ensures  counts:  vclk_counts_unchanged{Pre, Post};
    ensures  handle:  \result == \null || vclk_handle_ptr(\result);
    ensures  taken:   \result != \null ==> \exists integer i;
                        vclk_clkdev_best(i, (char *)dev_id, (char *)con_id) &&
                        \forall integer h; vclk_handle_at(\result, h) ==>
                        vclk_handle_taken{Pre, Post}(h, (char *)vclk_clkdev_clock[i], (char *)dev_id) &&
                        vclk_handles_kept_but{Pre, Post}(h);
    ensures  refused: \result == \null ==> vclk_handles_kept_but{Pre, Post}(VCLK_NONE);
    ensures  no_match: \old(vclk_busy) == 0 &&
                        vclk_clkdev_no_match((char *)dev_id, (char *)con_id) ==>
                        \result == \null;
*/
struct clk *clk_get_sys_nolock(const char *dev_id, const char *con_id);

/* ==================== exclusive rates ==================== */

/**
 * clk_rate_exclusive_get() - hold @clk's rate against other consumers
 *
 * While the reference is held, a clk_set_rate(), clk_set_rate_range()
 * or clk_set_parent() through any other handle that would move this
 * clock's rate, or an ancestor's, answers -EBUSY.  The holder keeps the
 * right to change it, as long as it holds one reference only (Linux: a
 * rate claimed twice is locked, even for its holder).  Counted per
 * handle; clk_put() refuses a handle that still holds one.
 * Unlike Linux, a rate request is planned without regard to exclusivity
 * and refused whole if its plan would move a held clock; Linux instead
 * rounds with the held clock's current rate.  The proven property is the
 * same: a held rate does not move through another consumer's call.
 * Return: 0 (also for NULL); -EINVAL for a put handle; -EOVERFLOW if the
 * count would wrap; -EDEADLK from a notifier.  On error nothing changed.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_handle_excl[..],
             vclk_excl_holders;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || \result == -VCLK_EINVAL ||
                       \result == -VCLK_EOVERFLOW || \result == -VCLK_EDEADLK;
    ensures  rollback: \result != 0 ==> vclk_excl_unchanged{Pre, Post};
    ensures  held:     clk != \null && \result == 0 ==> \forall integer h;
                       vclk_handle_at(clk, h) ==>
                       vclk_handle_excl[h] == \old(vclk_handle_excl[h]) + 1 &&
                       \forall integer g; 0 <= g < VCLK_NR_HANDLES && g != h ==>
                         vclk_handle_excl[g] == \old(vclk_handle_excl[g]);
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
*/
int clk_rate_exclusive_get_nolock(struct clk *clk);

/**
 * vclk_rate_exclusive_put() - give back one clk_rate_exclusive_get()
 *
 * A put without a get is a no-op (Linux WARNs).
 * Return: 0 (also for NULL); -EINVAL for a put handle; -EDEADLK from a
 * notifier.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_handle_excl[..],
             vclk_excl_holders;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || \result == -VCLK_EINVAL || \result == -VCLK_EDEADLK;
    ensures  rollback: \result != 0 ==> vclk_excl_unchanged{Pre, Post};
    ensures  released: \forall integer h; vclk_handle_at(clk, h) && \result == 0 ==>
                       vclk_handle_excl[h] == (\old(vclk_handle_excl[h]) > 0 ?
                                               \old(vclk_handle_excl[h]) - 1 : 0) &&
                       \forall integer g; 0 <= g < VCLK_NR_HANDLES && g != h ==>
                         vclk_handle_excl[g] == \old(vclk_handle_excl[g]);
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
*/
int vclk_rate_exclusive_put_nolock(struct clk *clk);

/** clk_rate_exclusive_put() - Linux-style vclk_rate_exclusive_put() */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_handle_excl[..],
             vclk_excl_holders;
    ensures  inv:    vclk_invariant;
*/
void clk_rate_exclusive_put_nolock(struct clk *clk);

/**
 * clk_set_rate_exclusive() - clk_set_rate(), then clk_rate_exclusive_get()
 *
 * Both or neither: the count is checked before the rate moves.
 * Return: as clk_set_rate(); -EOVERFLOW if the count would wrap.
 */
/*@ requires inv:      vclk_invariant;
    requires handle:   clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_rate[..], vclk_req_rate[..], vclk_req_set[..],
             vclk_hw_cfg[..], vclk_saved_cfg[..], vclk_busy,
             vclk_new_rate[..], vclk_old_rate[..], vclk_path[..],
             vclk_in_change[..], vclk_round_memo[..],
             vclk_parent[..], vclk_depth[..], vclk_parent_index[..],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_hw_state[..], vclk_walk_top,
             vclk_handle_excl[..],
             vclk_excl_holders;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  handles:  vclk_handle_counts_unchanged{Pre, Post};
    ensures  rollback: \result != 0 ==> vclk_rate_change_undone{Pre, Post} &&
                       vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post} &&
                       vclk_excl_unchanged{Pre, Post};
    ensures  exclusive: vclk_held_rates_kept_by{Pre, Post}(clk);
    ensures  held:     clk != \null && \result == 0 ==> \forall integer h;
                       vclk_handle_at(clk, h) ==>
                       vclk_handle_excl[h] == \old(vclk_handle_excl[h]) + 1;
    ensures  as_rounded: clk != \null && \result == 0 ==>
                       \forall integer h; vclk_handle_at(clk, h) ==>
                         vclk_rate[vclk_handle_clock[h]] ==
                           vclk_rounded{Pre}(vclk_handle_clock[h], rate);
    ensures  idle:     vclk_busy == \old(vclk_busy);
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==> \result == -VCLK_EDEADLK;
*/
int clk_set_rate_exclusive_nolock(struct clk *clk, unsigned long rate);

/* ==================== signal: accuracy, phase, duty cycle ==================== */

/*
 * Linux's clk_get_accuracy(), clk_set_phase()/clk_get_phase() and
 * clk_set_duty_cycle()/clk_get_scaled_duty_cycle() (core/signal.c).
 * Accuracy and duty cycle are asked of the providers at each call, up the
 * tree as far as needed (at most the clock's depth), so no cache can go
 * stale across a reparent; the phase last set is cached for providers
 * that cannot read it back.  The setters answer -EDEADLK from a notifier;
 * the getters only read and may be called from one.
 */

/**
 * clk_get_accuracy() - the accuracy of @clk's clock, in ppb
 *
 * Each clock's provider turns its parent's accuracy into its own
 * (recalc_accuracy); a clock without the op has its parent's, and above a
 * root or an orphan the accuracy is 0.  Computed from the root down at
 * each call, as Linux's clk_get_accuracy() with CLK_GET_ACCURACY_NOCACHE.
 * Return: the accuracy; 0 for NULL or a put handle; LONG_MAX for an
 * accuracy a long cannot hold (above 2^31 - 1 ppb where long has 32 bits:
 * an error of more than 200 %, meaningless anyway).
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  \nothing;
    ensures  null:   clk == \null ==> \result == 0;
    ensures  put:    clk != \null ==> \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] == VCLK_NONE ==> \result == 0;
    ensures  model:  clk != \null ==> \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] != VCLK_NONE ==>
                       \result == (vclk_accuracy(vclk_handle_clock[h],
                                     vclk_depth[vclk_handle_clock[h]]) > LONG_MAX ?
                                   LONG_MAX :
                                   vclk_accuracy(vclk_handle_clock[h],
                                     vclk_depth[vclk_handle_clock[h]]));
*/
long clk_get_accuracy_nolock(struct clk *clk);

/**
 * clk_set_phase() - shift @clk's clock's phase by @degrees
 *
 * @degrees is taken modulo 360 into [0, 359], as Linux does (-90 is 270).
 * Return: 0 (also for NULL); -EINVAL for a put handle or a clock whose
 * provider cannot set a phase (no set_phase op); -EBUSY while another
 * consumer holds exclusivity on the clock or below it (as in Linux,
 * exclusivity holds the phase and duty cycle too); -EDEADLK from a
 * notifier; a provider's error.  On error the phase, cached and in the
 * hardware, is as it was.
 */
/*@ requires inv:    vclk_invariant;
    requires phases: vclk_phases_ok;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_phase[..], vclk_hw_state[..];
    ensures  inv:    vclk_invariant;
    ensures  phases: vclk_phases_ok;
    ensures  errno:  \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==>
                     \result == -VCLK_EDEADLK;
    ensures  exclusive: clk != \null && \old(vclk_busy) == 0 ==>
                     \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] != VCLK_NONE &&
                       vclk_protected_against(vclk_handle_clock[h], h) ==>
                       \result == -VCLK_EBUSY;
    ensures  unsupported: clk != \null && \old(vclk_busy) == 0 ==>
                     \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] != VCLK_NONE &&
                       !vclk_protected_against(vclk_handle_clock[h], h) &&
                       !vclk_has_set_phase(vclk_handle_clock[h]) ==>
                       \result == -VCLK_EINVAL;
    ensures  normalised: clk != \null && \result == 0 ==>
                     \forall integer h; vclk_handle_at(clk, h) ==>
                       vclk_phase[vclk_handle_clock[h]] ==
                         vclk_phase_normalised(degrees);
    ensures  rollback: \result != 0 ==> \forall integer c;
                     0 <= c < VCLK_MAX_CLOCKS ==>
                       vclk_phase[c] == \old(vclk_phase[c]) &&
                       vclk_hw_state[c] == \old(vclk_hw_state[c]);
    ensures  others: \forall integer c; 0 <= c < VCLK_MAX_CLOCKS &&
                     !(clk != \null && \exists integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] == c) ==>
                       vclk_phase[c] == \old(vclk_phase[c]) &&
                       vclk_hw_state[c] == \old(vclk_hw_state[c]);
*/
int clk_set_phase_nolock(struct clk *clk, int degrees);

/**
 * clk_get_phase() - the phase shift of @clk's clock, in degrees
 *
 * A provider with a get_phase op is asked; one that can only set a phase
 * answers the phase last set (0 before any); one without phase ops
 * answers 0, as Linux's clk_core_get_phase() does.
 * Return: the phase in [0, 359] (0 for NULL and for a clock without phase
 * ops); -EINVAL for a put handle; a provider's error.
 */
/*@ requires inv:    vclk_invariant;
    requires phases: vclk_phases_ok;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  \nothing;
    ensures  phase:  0 <= \result < 360 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  null:   clk == \null ==> \result == 0;
    ensures  cached: clk != \null ==> \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] != VCLK_NONE &&
                       !vclk_has_get_phase(vclk_handle_clock[h]) &&
                       vclk_has_set_phase(vclk_handle_clock[h]) ==>
                       \result == vclk_phase[vclk_handle_clock[h]];
    ensures  unsupported: clk != \null ==> \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] != VCLK_NONE &&
                       !vclk_has_get_phase(vclk_handle_clock[h]) &&
                       !vclk_has_set_phase(vclk_handle_clock[h]) ==>
                       \result == 0;
*/
int clk_get_phase_nolock(struct clk *clk);

/**
 * clk_set_duty_cycle() - set @clk's clock's duty cycle to @num / @den
 *
 * The clock's provider sets it (set_duty_cycle op); without the op, a
 * CLK_DUTY_CYCLE_PARENT or CLK_SET_RATE_PARENT clock hands the request to
 * its parent, and so on up (Linux's clk_core_set_duty_cycle_parent_nolock()
 * hands it up; reading it back goes up only through CLK_DUTY_CYCLE_PARENT).
 * Where nobody can set it the call does nothing and succeeds, as in Linux.
 * Return: 0 (also for NULL); -EINVAL if @den is 0, @num > @den or for a
 * put handle; -EBUSY if the clock, or an ancestor the request is handed
 * to, is held by another consumer's exclusivity; -EDEADLK from a
 * notifier; a provider's error, with every provider as it was.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  vclk_hw_state[..];
    ensures  inv:    vclk_invariant;
    ensures  errno:  \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  deadlock: clk != \null && \old(vclk_busy) != 0 ==>
                     \result == -VCLK_EDEADLK;
    ensures  fraction: clk != \null && \old(vclk_busy) == 0 &&
                     !vclk_duty_ok(num, den) ==> \result == -VCLK_EINVAL;
    ensures  exclusive: clk != \null && \old(vclk_busy) == 0 &&
                     vclk_duty_ok(num, den) ==>
                     \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] != VCLK_NONE &&
                       vclk_protected_against(vclk_handle_clock[h], h) ==>
                       \result == -VCLK_EBUSY;
    ensures  rollback: \result != 0 ==> \forall integer c;
                     0 <= c < VCLK_MAX_CLOCKS ==>
                       vclk_hw_state[c] == \old(vclk_hw_state[c]);
*/
int clk_set_duty_cycle_nolock(struct clk *clk, unsigned int num, unsigned int den);

/**
 * clk_get_scaled_duty_cycle() - @clk's clock's duty cycle times @scale
 *
 * The duty cycle num/den is the provider's (get_duty_cycle op); without
 * the op, a CLK_DUTY_CYCLE_PARENT clock's parent's, and so on up; 1/2
 * where nobody knows it (or a provider failed).  Scaled and rounded to the
 * closest as Linux's DIV_ROUND_CLOSEST_ULL(num * scale, den), in 64 bits.
 * Return: the scaled duty cycle, in [0, @scale] (0 for NULL); -EINVAL for
 * a put handle; a provider's error; -EOVERFLOW for a value an int cannot
 * hold (@scale above INT_MAX).
 */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  \nothing;
    ensures  scaled: 0 <= \result <= scale || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  null:   clk == \null ==> \result == 0;
    ensures  half:   clk != \null ==> \forall integer h; vclk_handle_at(clk, h) &&
                       vclk_handle_clock[h] != VCLK_NONE &&
                       !vclk_has_get_duty(vclk_handle_clock[h]) &&
                       !vclk_duty_from_parent(vclk_handle_clock[h]) ==>
                       \result == ((scale + 1) / 2 <= INT_MAX ?
                                   (scale + 1) / 2 : -VCLK_EOVERFLOW);
*/
int clk_get_scaled_duty_cycle_nolock(struct clk *clk, unsigned int scale);

#endif /* VCLK_NOLOCK_H */
