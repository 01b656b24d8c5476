/* SPDX-License-Identifier: MIT */
/*
 * core/vclk_core.h - the core's internal helpers shared between its
 * files, and their contracts.  A helper one file uses alone is static
 * there, its contract in that file's "this file's helpers" section: the
 * compiler may then inline it (the Cortex-M core's text, `make firmware`).
 *
 * The reference walks: Linux's clk_core_prepare()/clk_core_enable() and
 * their mirrors, recursive up the tree with a proven bound (the depth),
 * each failing walk undone exactly.  The prepare and enable families are
 * twins on separate arrays; see spec/balance.h for why they are not one
 * function over a level index.
 */
#ifndef VCLK_CORE_H
#define VCLK_CORE_H

#include "vclk_state.h"

/* ==================== prepare walks ==================== */

/**
 * clk_core_prepare() - take one prepare reference on clock @c
 * @c: a registered clock
 *
 * The first reference prepares the parent chain first, then the provider.
 * The new reference is owned by nobody yet: the caller records it (in a
 * handle, or as its child's reference after a reparent).
 * Locking: prepare lock held.
 * Return: 0; -EOVERFLOW when a count would wrap; a provider's error, with
 * every count and provider as at entry.
 */
/*@ requires pool:     vclk_pool_ok;
    requires acyclic:  vclk_acyclic;
    requires live:     vclk_live(c);
    requires balanced: vclk_prep_balanced;
    requires en_bal:   vclk_en_balanced;
    requires enabled_prepared: vclk_enabled_prepared;
    decreases vclk_depth[c];
    assigns  vclk_prepare_count[0 .. VCLK_MAX_CLOCKS-1],
             vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  pool: vclk_pool_ok;
    ensures  rollback: \result != 0 ==> \forall integer i;
               0 <= i < VCLK_MAX_CLOCKS ==>
               vclk_prepare_count[i] == \old(vclk_prepare_count[i]);
    ensures  balanced: \result != 0 ==> vclk_prep_balanced;
    ensures  enabled_prepared: vclk_enabled_prepared;
    ensures  held: \result == 0 ==> vclk_prep_balanced_but(c);
    ensures  top: \result == 0 ==> vclk_top_of(c, vclk_walk_top);
    ensures  on_path: \result == 0 ==> \forall integer i;
               vclk_on_path(i, c, vclk_depth[vclk_walk_top]) ==>
               vclk_prepare_count[i] == \old(vclk_prepare_count[i]) + 1;
    ensures  off_path: \result == 0 ==> \forall integer i;
               0 <= i < VCLK_MAX_CLOCKS &&
               !vclk_on_path(i, c, vclk_depth[vclk_walk_top]) ==>
               vclk_prepare_count[i] == \old(vclk_prepare_count[i]);
    ensures  fresh: \result == 0 ==> \forall integer i;
               vclk_below_top(i, c, vclk_walk_top) ==>
               vclk_prepare_count[i] == 1;
    ensures  stop: \result == 0 ==>
               vclk_prepare_count[vclk_walk_top] != 1 ||
               vclk_parent[vclk_walk_top] == VCLK_NONE;
*/
int clk_core_prepare(int c);

/**
 * clk_core_unprepare() - drop one unowned prepare reference from clock @c
 * @c: a clock holding a reference that no handle or child owns any more
 *
 * The last reference unprepares the provider, then the parent chain.
 * Locking: prepare lock held.
 */
/*@ requires pool:     vclk_pool_ok;
    requires acyclic:  vclk_acyclic;
    requires live:     vclk_live(c);
    requires held:     vclk_prep_balanced_but(c);
    requires handles:  vclk_handles_ok;
    requires en_bal:   vclk_en_balanced;
    requires enabled_prepared: vclk_enabled_prepared;
    decreases vclk_depth[c];
    assigns  vclk_prepare_count[0 .. VCLK_MAX_CLOCKS-1],
             vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
    ensures  pool: vclk_pool_ok;
    ensures  balanced: vclk_prep_balanced;
    ensures  enabled_prepared: vclk_enabled_prepared;
    ensures  top: vclk_top_of(c, vclk_walk_top);
    ensures  on_path: \forall integer i;
               vclk_on_path(i, c, vclk_depth[vclk_walk_top]) ==>
               vclk_prepare_count[i] == \old(vclk_prepare_count[i]) - 1;
    ensures  off_path: \forall integer i;
               0 <= i < VCLK_MAX_CLOCKS &&
               !vclk_on_path(i, c, vclk_depth[vclk_walk_top]) ==>
               vclk_prepare_count[i] == \old(vclk_prepare_count[i]);
    ensures  fresh: \forall integer i;
               vclk_below_top(i, c, vclk_walk_top) ==>
               \old(vclk_prepare_count[i]) == 1;
    ensures  stop: \forall integer t; t == vclk_walk_top ==>
               \old(vclk_prepare_count[t]) != 1 ||
               vclk_parent[t] == VCLK_NONE;
*/
void clk_core_unprepare(int c);

/**
 * clk_core_unprepare_undo() - undo the clk_core_prepare(@c) just made
 *
 * Preconditions are clk_core_prepare()'s success postconditions, with
 * vclk_walk_top still naming that walk's top; the result is every count
 * back at its value before that walk.
 * Locking: prepare lock held.
 */
/*@ requires pool:     vclk_pool_ok;
    requires acyclic:  vclk_acyclic;
    requires live:     vclk_live(c);
    requires held:     vclk_prep_balanced_but(c);
    requires handles:  vclk_handles_ok;
    requires en_bal:   vclk_en_balanced;
    requires enabled_prepared: vclk_enabled_prepared;
    requires top:      vclk_top_of(c, vclk_walk_top);
    requires fresh:    \forall integer i; vclk_below_top(i, c, vclk_walk_top) ==>
                         vclk_prepare_count[i] == 1;
    requires stop:     vclk_prepare_count[vclk_walk_top] != 1 ||
                         vclk_parent[vclk_walk_top] == VCLK_NONE;
    assigns  vclk_prepare_count[0 .. VCLK_MAX_CLOCKS-1],
             vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
    ensures  pool: vclk_pool_ok;
    ensures  balanced: vclk_prep_balanced;
    ensures  enabled_prepared: vclk_enabled_prepared;
    ensures  on_path: \forall integer i;
               vclk_on_path(i, c, vclk_depth[\old(vclk_walk_top)]) ==>
               vclk_prepare_count[i] == \old(vclk_prepare_count[i]) - 1;
    ensures  off_path: \forall integer i;
               0 <= i < VCLK_MAX_CLOCKS &&
               !vclk_on_path(i, c, vclk_depth[\old(vclk_walk_top)]) ==>
               vclk_prepare_count[i] == \old(vclk_prepare_count[i]);
*/
void clk_core_unprepare_undo(int c);

/* ==================== enable walks ==================== */

/**
 * clk_core_enable() - take one enable reference on clock @c
 * @c: a registered clock
 *
 * The first reference enables the parent chain first, then the provider.
 * The new reference is owned by nobody yet: the caller records it (in a
 * handle, or as its child's reference after a reparent).
 * Locking: enable lock held.
 * Return: 0; -EOVERFLOW when a count would wrap; a provider's error, with
 * every count and provider as at entry.
 */
/*@ requires pool:     vclk_pool_ok;
    requires acyclic:  vclk_acyclic;
    requires live:     vclk_live(c);
    requires balanced: vclk_en_balanced;
    requires prep_parent: vclk_prepared_parent_prepared;
    requires prepared: vclk_prepare_count[c] > 0;
    requires enabled_prepared: vclk_enabled_prepared;
    decreases vclk_depth[c];
    assigns  vclk_enable_count[0 .. VCLK_MAX_CLOCKS-1],
             vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  pool: vclk_pool_ok;
    ensures  rollback: \result != 0 ==> \forall integer i;
               0 <= i < VCLK_MAX_CLOCKS ==>
               vclk_enable_count[i] == \old(vclk_enable_count[i]);
    ensures  balanced: \result != 0 ==> vclk_en_balanced;
    ensures  enabled_prepared: vclk_enabled_prepared;
    ensures  held: \result == 0 ==> vclk_en_balanced_but(c);
    ensures  top: \result == 0 ==> vclk_top_of(c, vclk_walk_top);
    ensures  on_path: \result == 0 ==> \forall integer i;
               vclk_on_path(i, c, vclk_depth[vclk_walk_top]) ==>
               vclk_enable_count[i] == \old(vclk_enable_count[i]) + 1;
    ensures  off_path: \result == 0 ==> \forall integer i;
               0 <= i < VCLK_MAX_CLOCKS &&
               !vclk_on_path(i, c, vclk_depth[vclk_walk_top]) ==>
               vclk_enable_count[i] == \old(vclk_enable_count[i]);
    ensures  fresh: \result == 0 ==> \forall integer i;
               vclk_below_top(i, c, vclk_walk_top) ==>
               vclk_enable_count[i] == 1;
    ensures  stop: \result == 0 ==>
               vclk_enable_count[vclk_walk_top] != 1 ||
               vclk_parent[vclk_walk_top] == VCLK_NONE;
*/
int clk_core_enable(int c);

/**
 * clk_core_disable() - drop one unowned enable reference from clock @c
 * @c: a clock holding a reference that no handle or child owns any more
 *
 * The last reference disables the provider, then the parent chain.
 * Locking: enable lock held.
 */
/*@ requires pool:     vclk_pool_ok;
    requires acyclic:  vclk_acyclic;
    requires live:     vclk_live(c);
    requires held:     vclk_en_balanced_but(c);
    requires enabled_prepared: vclk_enabled_prepared;
    decreases vclk_depth[c];
    assigns  vclk_enable_count[0 .. VCLK_MAX_CLOCKS-1],
             vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
    ensures  pool: vclk_pool_ok;
    ensures  balanced: vclk_en_balanced;
    ensures  enabled_prepared: vclk_enabled_prepared;
    ensures  top: vclk_top_of(c, vclk_walk_top);
    ensures  on_path: \forall integer i;
               vclk_on_path(i, c, vclk_depth[vclk_walk_top]) ==>
               vclk_enable_count[i] == \old(vclk_enable_count[i]) - 1;
    ensures  off_path: \forall integer i;
               0 <= i < VCLK_MAX_CLOCKS &&
               !vclk_on_path(i, c, vclk_depth[vclk_walk_top]) ==>
               vclk_enable_count[i] == \old(vclk_enable_count[i]);
    ensures  fresh: \forall integer i;
               vclk_below_top(i, c, vclk_walk_top) ==>
               \old(vclk_enable_count[i]) == 1;
    ensures  stop: \forall integer t; t == vclk_walk_top ==>
               \old(vclk_enable_count[t]) != 1 ||
               vclk_parent[t] == VCLK_NONE;
*/
void clk_core_disable(int c);

/**
 * clk_core_disable_undo() - undo the clk_core_enable(@c) just made
 *
 * Preconditions are clk_core_enable()'s success postconditions, with
 * vclk_walk_top still naming that walk's top; the result is every count
 * back at its value before that walk.
 * Locking: enable lock held.
 */
/*@ requires pool:     vclk_pool_ok;
    requires acyclic:  vclk_acyclic;
    requires live:     vclk_live(c);
    requires held:     vclk_en_balanced_but(c);
    requires enabled_prepared: vclk_enabled_prepared;
    requires top:      vclk_top_of(c, vclk_walk_top);
    requires fresh:    \forall integer i; vclk_below_top(i, c, vclk_walk_top) ==>
                         vclk_enable_count[i] == 1;
    requires stop:     vclk_enable_count[vclk_walk_top] != 1 ||
                         vclk_parent[vclk_walk_top] == VCLK_NONE;
    assigns  vclk_enable_count[0 .. VCLK_MAX_CLOCKS-1],
             vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
    ensures  pool: vclk_pool_ok;
    ensures  balanced: vclk_en_balanced;
    ensures  enabled_prepared: vclk_enabled_prepared;
    ensures  on_path: \forall integer i;
               vclk_on_path(i, c, vclk_depth[\old(vclk_walk_top)]) ==>
               vclk_enable_count[i] == \old(vclk_enable_count[i]) - 1;
    ensures  off_path: \forall integer i;
               0 <= i < VCLK_MAX_CLOCKS &&
               !vclk_on_path(i, c, vclk_depth[\old(vclk_walk_top)]) ==>
               vclk_enable_count[i] == \old(vclk_enable_count[i]);
*/
void clk_core_disable_undo(int c);

/* ==================== handles ==================== */

/**
 * vclk_handle_index() - the slot of handle @clk
 *
 * Inline: a load where a call was, at some thirty call sites (108 bytes
 * of the core's firmware text).  Frama-C proves each file's copy.
 */
/*@ requires handle: vclk_handle_ptr(clk);
    requires slots:  vclk_slots_ok;
    assigns  \nothing;
    ensures  at: vclk_handle_at(clk, \result);
*/
static inline int vclk_handle_index(const struct clk *clk)
{
	return clk->slot;
}

/**
 * vclk_handle_live() - the clock handle @clk refers to, when it refers to
 * one and no notifier runs; -EDEADLK while one runs, else -EINVAL
 */
/*@ requires inv:    vclk_invariant;
    requires handle: vclk_handle_ptr(clk);
    assigns  \nothing;
    ensures  errno:  \result == -VCLK_EINVAL || \result == -VCLK_EDEADLK ||
                     (vclk_live(\result) &&
                      \forall integer h; vclk_handle_at(clk, h) ==>
                        vclk_handle_clock[h] == \result);
    ensures  deadlock: vclk_busy != 0 <==> \result == -VCLK_EDEADLK;
    ensures  live:   vclk_busy == 0 ==> \forall integer h; vclk_handle_at(clk, h) ==>
                     (vclk_handle_clock[h] != VCLK_NONE <==> \result >= 0);
*/
int vclk_handle_live(const struct clk *clk);

/**
 * vclk_handle_notified() - whether a rate-change notifier registered
 * through handle @clk is still registered
 *
 * Such a notifier's callbacks receive @clk, so the handle must outlive it.
 */
/*@ assigns  \nothing;
    ensures  notified: \result != 0 <==>
               \exists integer n; 0 <= n < VCLK_MAX_NOTIFIERS &&
                 vclk_nb[n] != \null && vclk_nb_handle[n] == clk;
*/
int vclk_handle_notified(struct clk *clk);

/* Record a reference a walk took on handle @h's clock as @h's own. */
/*@ requires pool: vclk_pool_ok;
    requires slot: 0 <= h < VCLK_NR_HANDLES;
    requires used: vclk_handle_clock[h] != VCLK_NONE;
    requires held: vclk_prep_balanced_but(vclk_handle_clock[h]);
    assigns  vclk_handle_prepares[h];
    ensures  pool: vclk_pool_ok;
    ensures  balanced: vclk_prep_balanced;
    ensures  bumped: vclk_handle_prepares[h] == \old(vclk_handle_prepares[h]) + 1;
*/
void vclk_handle_take_prepare(int h);

/* Disown one of @h's prepare references; the caller releases it. */
/*@ requires pool: vclk_pool_ok;
    requires slot: 0 <= h < VCLK_NR_HANDLES;
    requires used: vclk_handle_clock[h] != VCLK_NONE;
    requires balanced: vclk_prep_balanced;
    requires owns: vclk_handle_prepares[h] > 0;
    requires keeps_enables: vclk_handle_prepares[h] > 1 || vclk_handle_enables[h] == 0;
    assigns  vclk_handle_prepares[h];
    ensures  pool: vclk_pool_ok;
    ensures  held: vclk_prep_balanced_but(vclk_handle_clock[h]);
    ensures  dropped: vclk_handle_prepares[h] == \old(vclk_handle_prepares[h]) - 1;
*/
void vclk_handle_drop_prepare(int h);

/*@ requires pool: vclk_pool_ok;
    requires slot: 0 <= h < VCLK_NR_HANDLES;
    requires used: vclk_handle_clock[h] != VCLK_NONE;
    requires held: vclk_en_balanced_but(vclk_handle_clock[h]);
    requires prepared: vclk_handle_prepares[h] > 0;
    assigns  vclk_handle_enables[h];
    ensures  pool: vclk_pool_ok;
    ensures  balanced: vclk_en_balanced;
    ensures  bumped: vclk_handle_enables[h] == \old(vclk_handle_enables[h]) + 1;
*/
void vclk_handle_take_enable(int h);

/*@ requires pool: vclk_pool_ok;
    requires slot: 0 <= h < VCLK_NR_HANDLES;
    requires used: vclk_handle_clock[h] != VCLK_NONE;
    requires balanced: vclk_en_balanced;
    requires owns: vclk_handle_enables[h] > 0;
    assigns  vclk_handle_enables[h];
    ensures  pool: vclk_pool_ok;
    ensures  held: vclk_en_balanced_but(vclk_handle_clock[h]);
    ensures  dropped: vclk_handle_enables[h] == \old(vclk_handle_enables[h]) - 1;
*/
void vclk_handle_drop_enable(int h);

/* ==================== topology ==================== */

/**
 * clk_core_is_ancestor() - whether @a is a proper ancestor of @x
 */
/*@ requires acyclic: vclk_acyclic;
    requires slots:   vclk_slot(a) && vclk_slot(x);
    assigns  \nothing;
    ensures  bool:     \result == 0 || \result == 1;
    ensures  ancestor: \result == 1 <==> vclk_ancestor(a, x);
*/
int clk_core_is_ancestor(int a, int x);

/**
 * clk_core_rate_from_parent() - @c's rate given its parent's cached rate
 * (0 for an orphan; a root's provider is asked with parent rate 0)
 */
/*@ requires pool: vclk_pool_ok;
    requires live: vclk_live(c);
    assigns  \nothing;
*/
unsigned long clk_core_rate_from_parent(int c);

/**
 * clk_core_reparent() - move @c under @np, references and all
 * @set_hw: switch the provider too (not when adopting an orphan, whose
 *	hardware already selects @np)
 *
 * Linux's __clk_set_parent_before/after, with the migration done right:
 * @np gains @c's prepare and enable references before the switch, the
 * old parent loses them after it.  Locking: both locks held.
 * Return: 0; -EINVAL if the subtree would exceed the depth bound; a
 * provider's error.  On error nothing changed.
 */
/*@ requires inv:      vclk_invariant;
    requires live:     vclk_live(c) && vclk_live(np);
    requires no_cycle: np != c && !vclk_ancestor(c, np);
    requires index:    0 <= index < vclk_nr_parents[c] &&
                       vclk_parent_ids[VCLK_INPUT(c, index)] == np;
    requires moves:    vclk_parent[c] != np;
    assigns  vclk_parent[..], vclk_depth[..], vclk_parent_index[..],
             vclk_rate[0 .. vclk_nr_clocks - 1],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post};
    ensures  moved:    \result == 0 ==> vclk_parent[c] == np;
*/
int clk_core_reparent(int c, int np, int index, int set_hw);

/* ==================== rates (core/rate.c) ==================== */

/**
 * vclk_rate_reset() - no request, no range, no notifier, not busy
 */
/*@ assigns vclk_req_rate[..], vclk_req_set[..], vclk_handle_min[..],
            vclk_handle_max[..], vclk_clk_min[..], vclk_clk_max[..],
            vclk_nb[..], vclk_nb_handle[..], vclk_nb_clock[..], vclk_nb_top,
            vclk_busy;
    ensures idle:   vclk_busy == 0;
    ensures ranges: \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
                    vclk_handle_min[h] == 0 && vclk_handle_max[h] == ULONG_MAX;
    ensures open:   \forall integer c; vclk_slot(c) ==>
                    vclk_clk_min[c] == 0 && vclk_clk_max[c] == ULONG_MAX;
*/
void vclk_rate_reset(void);

/**
 * vclk_handle_range_set() - handle @h asks [@min, @max] of its clock, the
 * clock's cached intersection kept
 */
/*@ requires h:      0 <= h < VCLK_NR_HANDLES;
    requires clock:  vclk_slot(vclk_handle_clock[h]);
    requires cached: vclk_ranges_cached;
    assigns  vclk_handle_min[h], vclk_handle_max[h],
             vclk_clk_min[0 .. VCLK_MAX_CLOCKS-1],
             vclk_clk_max[0 .. VCLK_MAX_CLOCKS-1];
    ensures  cached: vclk_ranges_cached;
    ensures  range:  vclk_handle_min[h] == min && vclk_handle_max[h] == max;
*/
void vclk_handle_range_set(int h, unsigned long min, unsigned long max);

/**
 * vclk_handle_bind() - handle @h refers to clock @c (VCLK_NONE: free) and
 * asks no range of it, the cached intersections kept
 *
 * A handle changing clocks never keeps its range (Linux's __clk_put()
 * drops it too).  One that asked none narrowed nothing, so binding or
 * freeing it rescans nothing: clk_get and clk_put stay O(1) in the
 * number of handles for consumers that set no range.
 */
/*@ requires h:      0 <= h < VCLK_NR_HANDLES;
    requires clock:  vclk_handle_clock[h] == VCLK_NONE ||
                     vclk_slot(vclk_handle_clock[h]);
    requires target: c == VCLK_NONE || vclk_slot(c);
    requires cached: vclk_ranges_cached;
    assigns  vclk_handle_clock[h], vclk_handle_min[h], vclk_handle_max[h],
             vclk_clk_min[0 .. VCLK_MAX_CLOCKS-1],
             vclk_clk_max[0 .. VCLK_MAX_CLOCKS-1];
    ensures  cached: vclk_ranges_cached;
    ensures  bound:  vclk_handle_clock[h] == c;
    ensures  open:   vclk_handle_min[h] == 0 && vclk_handle_max[h] == ULONG_MAX;
    ensures  ranges_kept: \old(vclk_handle_clock[h]) == VCLK_NONE ||
                     (\old(vclk_handle_min[h]) == 0 &&
                      \old(vclk_handle_max[h]) == ULONG_MAX) ==>
                     vclk_clk_ranges_kept{Pre, Post};
*/
void vclk_handle_bind(int h, int c);

/* ==================== clkdev ==================== */

/** vclk_clkdev_reset() - empty the clkdev table (vclk_reset()) */
/*@ assigns  vclk_clkdev_dev[..], vclk_clkdev_con[..], vclk_clkdev_clock[..];
    ensures  lookups: vclk_clkdev_ok && vclk_clkdev_empty;
*/
void vclk_clkdev_reset(void);

/* ==================== exclusive rates ==================== */

/** vclk_excl_reset() - no handle holds exclusivity */
/*@ assigns vclk_handle_excl[0 .. VCLK_NR_HANDLES-1], vclk_excl_holders;
    ensures none:    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
                     vclk_handle_excl[h] == 0;
    ensures counted: vclk_excl_counted;
*/
void vclk_excl_reset(void);

/**
 * clk_core_rate_protected() - whether clock @i's rate is held against
 * handle slot @h: exclusivity held on @i or below it through another
 * handle, or twice through @h
 *
 * Answers at once, without walking the handles, when no handle but
 * @h holds exclusivity, and @h at most once (the count of holders,
 * vclk_excl_holders, says so): the common case of every rate change.
 */
/*@ requires pool:    vclk_handles_ok && 0 <= vclk_nr_clocks <= VCLK_MAX_CLOCKS;
    requires acyclic: vclk_acyclic;
    requires counted: vclk_excl_counted;
    requires slot:    vclk_slot(i);
    requires handle:  0 <= h < VCLK_NR_HANDLES;
    assigns  \nothing;
    ensures  bool:      \result == 0 || \result == 1;
    ensures  protected: \result == 1 <==> vclk_protected_against(i, h);
*/
int clk_core_rate_protected(int i, int h);

/**
 * clk_core_reparent_notified() - clk_core_reparent() of @c under @np as a
 * rate change, for clk_set_parent()
 *
 * The notifiers of @c's subtree hear PRE_RATE_CHANGE with the rates the
 * move will give before anything moves, POST_RATE_CHANGE with the rates
 * it gave, ABORT_RATE_CHANGE after a veto or a failure, a parent before
 * its children; the subtree's remembered requests are forgotten (Linux's
 * clk_core_set_parent_nolock(): __clk_speculate_rates(), then
 * __clk_recalc_rates(core, true, ...)).
 * Return: 0; -EBUSY when a notifier vetoed; the errors of
 * clk_core_reparent().  On error nothing changed.
 */
/*@ requires inv:      vclk_invariant;
    requires idle:     vclk_busy == 0;
    requires live:     vclk_live(c) && vclk_live(np);
    requires no_cycle: np != c && !vclk_ancestor(c, np);
    requires index:    0 <= index < vclk_nr_parents[c] &&
                       vclk_parent_ids[VCLK_INPUT(c, index)] == np;
    requires moves:    vclk_parent[c] != np;
    assigns  vclk_parent[..], vclk_depth[..], vclk_parent_index[..],
             vclk_rate[0 .. vclk_nr_clocks - 1],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_hw_state[..], vclk_walk_top, vclk_busy,
             vclk_path[..], vclk_new_rate[..], vclk_in_change[..],
             vclk_old_rate[..], vclk_req_set[..];
    ensures  inv:      vclk_invariant;
    ensures  idle:     vclk_busy == 0;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post} &&
                       vclk_requests_unchanged{Pre, Post};
    ensures  moved:    \result == 0 ==> vclk_parent[c] == np;
    ensures  forgotten: \result == 0 ==> \forall integer i;
                       0 <= i < vclk_nr_clocks && \at(vclk_in_subtree(i, c), Pre) ==>
                       vclk_req_set[i] == 0;
    ensures  kept:     \forall integer i; 0 <= i < VCLK_MAX_CLOCKS &&
                       !(i < vclk_nr_clocks && \at(vclk_in_subtree(i, c), Pre)) ==>
                       vclk_req_set[i] == \old(vclk_req_set[i]);
*/
int clk_core_reparent_notified(int c, int np, int index);

/* ==================== signal (core/signal.c) ==================== */

/** vclk_signal_reset() - every cached phase 0, as at power-on */
/*@ assigns vclk_phase[0 .. VCLK_MAX_CLOCKS-1];
    ensures phases: vclk_phases_ok;
*/
void vclk_signal_reset(void);

#endif /* VCLK_CORE_H */
