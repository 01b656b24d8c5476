/* SPDX-License-Identifier: MIT */
/*
 * core/vclk_core.h - the core's internal helpers and their contracts.
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

/**
 * vclk_note_misuse() - count an unbalanced release through handle @h
 */
/*@ requires slot: 0 <= h < VCLK_NR_HANDLES;
    assigns  vclk_handle_misuse[h];
*/
void vclk_note_misuse(int h);

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
 * clk_core_subtree_fits() - whether @c's subtree stays within the depth
 * bound under @np.  Always true in a real tree (a path of distinct clocks
 * is shorter than the pool); checked rather than proven, see the report.
 */
/*@ requires acyclic: vclk_acyclic;
    requires slots:   vclk_slot(c) && vclk_slot(np);
    assigns  \nothing;
    ensures  bool: \result == 0 || \result == 1;
    ensures  fits: \result == 1 <==> vclk_subtree_fits(c, np);
*/
int clk_core_subtree_fits(int c, int np);

/**
 * clk_core_move() - make @np the parent of @c, input @index
 *
 * Rewrites the depths of @c's subtree; counts do not move here, the
 * caller migrates them around this call.
 */
/*@ requires pool:     vclk_pool_ok;
    requires acyclic:  vclk_acyclic;
    requires live:     vclk_live(c) && vclk_live(np);
    requires no_cycle: np != c && !vclk_ancestor(c, np);
    requires index:    0 <= index < vclk_nr_parents[c] &&
                       vclk_parent_ids[VCLK_INPUT(c, index)] == np;
    requires fits:     vclk_subtree_fits(c, np);
    assigns  vclk_parent[c], vclk_parent_index[c], vclk_depth[0 .. VCLK_MAX_CLOCKS-1];
    ensures  pool:     vclk_pool_ok;
    ensures  acyclic:  vclk_acyclic;
    ensures  moved:    vclk_parent[c] == np && vclk_parent_index[c] == index;
    ensures  prep_sums: \forall integer q; vclk_child_preps(q) ==
                 \old(vclk_child_preps(q)) + vclk_child_prep(q, c) -
                 \old(vclk_child_prep(q, c));
    ensures  en_sums: \forall integer q; vclk_child_ens(q) ==
                 \old(vclk_child_ens(q)) + vclk_child_en(q, c) -
                 \old(vclk_child_en(q, c));
*/
void clk_core_move(int c, int np, int index);

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
 * clk_core_recalc_subtree() - refresh the cached rates of @c and below,
 * parents before children
 */
/*@ requires pool:    vclk_pool_ok;
    requires acyclic: vclk_acyclic;
    requires live:    vclk_live(c);
    assigns  vclk_rate[0 .. vclk_nr_clocks - 1];
*/
void clk_core_recalc_subtree(int c);

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

/**
 * clk_core_parent_index() - the input of @c that is clock @p, or -1
 */
/*@ requires pool: vclk_pool_ok;
    requires live: vclk_live(c);
    assigns  \nothing;
    ensures  range: -1 <= \result < vclk_nr_parents[c];
    ensures  found: \result >= 0 ==> vclk_parent_ids[VCLK_INPUT(c, \result)] == p;
*/
int clk_core_parent_index(int c, int p);

/* ==================== rates (core/rate.c) ==================== */

/**
 * vclk_rate_reset() - no request, no range, no notifier, not busy
 */
/*@ assigns vclk_req_rate[..], vclk_req_set[..], vclk_handle_min[..],
            vclk_handle_max[..], vclk_clk_min[..], vclk_clk_max[..],
            vclk_nb[..], vclk_nb_handle[..], vclk_nb_clock[..], vclk_busy;
    ensures idle:   vclk_busy == 0;
    ensures ranges: \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
                    vclk_handle_min[h] == 0 && vclk_handle_max[h] == ULONG_MAX;
    ensures open:   \forall integer c; vclk_slot(c) ==>
                    vclk_clk_min[c] == 0 && vclk_clk_max[c] == ULONG_MAX;
*/
void vclk_rate_reset(void);

/**
 * clk_core_range_update() - recompute clock @c's cached intersection of
 * its consumers' ranges (vclk_clk_min/max) from the handles
 *
 * The scan the rate path used to do on every request; now run by the
 * writers of a handle's clock or range only.
 */
/*@ requires slot:   vclk_slot(c);
    assigns  vclk_clk_min[c], vclk_clk_max[c];
    ensures  cached: vclk_range_cached_at(c);
*/
void clk_core_range_update(int c);

/**
 * vclk_handle_range_set() - handle @h asks [@min, @max] of its clock
 * (none: the slot is free), the clock's cached intersection kept
 */
/*@ requires h:      0 <= h < VCLK_NR_HANDLES;
    requires clock:  vclk_handle_clock[h] == VCLK_NONE ||
                     vclk_slot(vclk_handle_clock[h]);
    requires cached: vclk_ranges_cached;
    assigns  vclk_handle_min[h], vclk_handle_max[h],
             vclk_clk_min[0 .. VCLK_MAX_CLOCKS-1],
             vclk_clk_max[0 .. VCLK_MAX_CLOCKS-1];
    ensures  cached: vclk_ranges_cached;
    ensures  range:  vclk_handle_min[h] == min && vclk_handle_max[h] == max;
*/
void vclk_handle_range_set(int h, unsigned long min, unsigned long max);

/**
 * vclk_handle_bind() - handle @h refers to clock @c (VCLK_NONE: free),
 * the cached intersections of its old and new clock kept
 */
/*@ requires h:      0 <= h < VCLK_NR_HANDLES;
    requires clock:  vclk_handle_clock[h] == VCLK_NONE ||
                     vclk_slot(vclk_handle_clock[h]);
    requires target: c == VCLK_NONE || vclk_slot(c);
    requires cached: vclk_ranges_cached;
    assigns  vclk_handle_clock[h],
             vclk_clk_min[0 .. VCLK_MAX_CLOCKS-1],
             vclk_clk_max[0 .. VCLK_MAX_CLOCKS-1];
    ensures  cached: vclk_ranges_cached;
    ensures  bound:  vclk_handle_clock[h] == c;
*/
void vclk_handle_bind(int h, int c);

/**
 * clk_core_bound() - the intersection of the ranges @c's consumers ask
 * for: its lower end, or with @upper its upper end (empty when
 * lower > upper)
 */
/*@ requires slot:   vclk_slot(c);
    requires cached: vclk_range_cached_at(c);
    assigns  \nothing;
    ensures  lower: !upper ==> \forall integer h; 0 <= h < VCLK_NR_HANDLES &&
                    vclk_handle_clock[h] == c ==> vclk_handle_min[h] <= \result;
    ensures  upper: upper ==> \forall integer h; 0 <= h < VCLK_NR_HANDLES &&
                    vclk_handle_clock[h] == c ==> \result <= vclk_handle_max[h];
    ensures  exact: \result == (upper ? vclk_max_upto(c, VCLK_NR_HANDLES)
                                       : vclk_min_upto(c, VCLK_NR_HANDLES));
*/
unsigned long clk_core_bound(int c, int upper);

/** clk_core_rate_allowed() - whether every consumer of @c allows @rate */
/*@ requires slot:   vclk_slot(c);
    requires cached: vclk_range_cached_at(c);
    assigns  \nothing;
    ensures  bool:    \result == 0 || \result == 1;
    ensures  allowed: \result == 1 <==> vclk_rate_allowed(c, rate);
*/
int clk_core_rate_allowed(int c, unsigned long rate);

/**
 * clk_core_round() - the rate @c can run at for a request of @req
 *
 * The outcome at the parent's current rate comes first.  A
 * CLK_SET_RATE_PARENT clock then tries each candidate parent rate its
 * provider names, rounds it at the parent (recursively), and takes it when
 * its outcome is strictly better (rate_better(): not above @req beats
 * above it, then the higher of two not above and the lower of two above;
 * for CLK_ROUND_CLOSEST the nearer).  A candidate of 0 is skipped, and
 * the search stops at an exact outcome: nothing beats it, and a parent
 * that already gives @req is never moved (Linux's clk_divider_bestdiv()
 * shortcut).
 *
 * Writes nothing but vclk_round_memo: its entry for @c is the
 * request, the result, what to ask the parent for and the rate the parent
 * would then run at, all those of the model in spec/round.h; @c asked for
 * @req again answers from there.
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires live:    vclk_live(c);
    requires memo:    vclk_memo_sound;
    requires switches: vclk_memo_switches;
    decreases vclk_depth[c];
    assigns  vclk_round_memo[0 .. VCLK_MAX_CLOCKS-1];
    ensures  memo:  vclk_memo_sound;
    ensures  switches: vclk_memo_switches;
    ensures  model: \result == vclk_round(c, req, vclk_depth[c]);
    ensures  preq:  vclk_round_memo[c].preq == vclk_parent_req(c, req, vclk_depth[c]);
    ensures  prate: vclk_round_memo[c].prate == vclk_parent_got(c, req, vclk_depth[c]);
    ensures  input: vclk_round_memo[c].input == vclk_alt_input(c, req, vclk_depth[c]);
*/
unsigned long clk_core_round(int c, unsigned long req);

/**
 * clk_core_plan() - decide the settings of a change of @c to @req
 *
 * Writes vclk_new_rate for @c and each clock above it whose rate the
 * change asks for, and the path of those clocks (vclk_path, by depth).
 * Return: the top of the change: @c, or the ancestor from which the
 * path of vclk_path_ok() leads down to @c.
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires live:    vclk_live(c);
    requires memo:    vclk_memo_sound;
    requires switches: vclk_memo_switches;
    decreases vclk_depth[c];
    assigns  vclk_new_rate[0 .. VCLK_MAX_CLOCKS-1], vclk_path[0 .. VCLK_MAX_CLOCKS-1],
             vclk_round_memo[0 .. VCLK_MAX_CLOCKS-1];
    ensures  memo:  vclk_memo_sound;
    ensures  switches: vclk_memo_switches;
    ensures  path:  vclk_path_ok(c, \result);
    ensures  model: vclk_new_rate[c] == vclk_plan(c, req, vclk_depth[c]);
    ensures  keeps_parent: vclk_parent_exact(c, req) ==>
                      \result == c && vclk_new_rate[c] == req;
*/
int clk_core_plan(int c, unsigned long req);

/**
 * clk_core_plan_subtree() - the new rate of every clock below @top
 *
 * Marks the subtree of @top in vclk_in_change (the planned path is in it:
 * vclk_lemma_path_below) and, root first, gives each
 * of its clocks off the path the rate its provider computes from its
 * parent's new rate.  The path's planned rates stay.  On the way, keeps
 * every cached rate in vclk_old_rate (the notifiers' old rates; one loop
 * fewer than a copy of its own).
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires path:    vclk_path_ok(c, top);
    assigns  vclk_new_rate[0 .. VCLK_MAX_CLOCKS-1],
             vclk_in_change[0 .. VCLK_MAX_CLOCKS-1],
             vclk_old_rate[0 .. VCLK_MAX_CLOCKS-1];
    ensures  copy:    \forall integer i; 0 <= i < VCLK_MAX_CLOCKS ==>
                      vclk_old_rate[i] == vclk_rate[i];
    ensures  mask:    \forall integer i; 0 <= i < VCLK_MAX_CLOCKS ==>
                      (vclk_in_change[i] != 0 <==>
                       (vclk_in_subtree(i, top) || vclk_on_plan(i, c, top)));
    ensures  planned: \forall integer i; vclk_on_plan(i, c, top) ==>
                      vclk_new_rate[i] == \old(vclk_new_rate[i]);
*/
void clk_core_plan_subtree(int c, int top);

/**
 * clk_core_check_change() - may every clock the plan moves move, on a
 * request through handle slot @h?
 * Return: 0; -EBUSY for a prepared CLK_SET_RATE_GATE clock or a clock
 * whose rate another handle holds exclusively; -EINVAL for a rate outside
 * a consumer's range.
 */
/*@ requires pool:    vclk_clocks_ok && vclk_handles_ok;
    requires acyclic: vclk_acyclic;
    requires cached:  vclk_aggregates_ok;
    requires handle:  0 <= h < VCLK_NR_HANDLES;
    assigns  \nothing;
    ensures  errno:   \result == 0 || \result == -VCLK_EBUSY ||
                      \result == -VCLK_EINVAL;
    ensures  allowed: \result == 0 ==> \forall integer i; vclk_live(i) &&
                      vclk_in_change[i] != 0 && vclk_new_rate[i] != vclk_rate[i] ==>
                      vclk_rate_allowed(i, vclk_new_rate[i]);
    ensures  unprotected: \result == 0 ==> \forall integer i; vclk_live(i) &&
                      vclk_in_change[i] != 0 && vclk_new_rate[i] != vclk_rate[i] ==>
                      !vclk_protected_against(i, h);
*/
int clk_core_check_change(int h);

/**
 * clk_core_notify() - send @event to notifiers [0, @upto) whose clock the
 * plan moves; each entry once, each with its own data
 *
 * A PRE_RATE_CHANGE answered NOTIFY_BAD or NOTIFY_STOP is a veto: the
 * entries after it are not told.  (One function for the three events,
 * not a second loop for PRE.)
 * Return: the vetoing entry; @upto when none vetoed (always, for POST and
 * ABORT).
 */
/*@ requires idle: vclk_busy == 0;
    requires upto: 0 <= upto <= VCLK_MAX_NOTIFIERS;
    assigns  vclk_busy;
    ensures  idle: vclk_busy == 0;
    ensures  told: 0 <= \result <= upto;
    ensures  all:  event != PRE_RATE_CHANGE ==> \result == upto;
*/
int clk_core_notify(unsigned long event, int upto);

/**
 * clk_core_unapply() - give the path's clocks above depth @d (exclusive)
 * their saved settings back, bottom-most first
 */
/*@ requires acyclic: vclk_acyclic;
    requires top:     vclk_slot(top);
    requires depth:   vclk_depth[top] <= d <= VCLK_MAX_CLOCKS;
    requires path:    \forall integer e; vclk_depth[top] <= e < d ==>
                        vclk_slot(vclk_path[e]) && vclk_depth[vclk_path[e]] == e;
    assigns  vclk_hw_cfg[0 .. VCLK_MAX_CLOCKS-1];
    ensures  restored: \forall integer x; vclk_applied(x, top, d) ==>
                        vclk_hw_cfg[x] == \old(vclk_saved_cfg[x]);
    ensures  others:  \forall integer x; 0 <= x < VCLK_MAX_CLOCKS &&
                        !vclk_applied(x, top, d) ==>
                        vclk_hw_cfg[x] == \old(vclk_hw_cfg[x]);
*/
void clk_core_unapply(int top, int d);

/**
 * clk_core_apply() - program the path's providers, top down, the top's
 * parent running at @prate
 * Return: 0, every setting programmed saved first; a provider's error,
 * with every setting as it was.
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires path:    vclk_path_ok(c, top);
    assigns  vclk_hw_cfg[0 .. VCLK_MAX_CLOCKS-1],
             vclk_saved_cfg[0 .. VCLK_MAX_CLOCKS-1];
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_cfg_unchanged{Pre, Post};
    ensures  saved:    \result == 0 ==> \forall integer x;
                        vclk_applied(x, top, vclk_depth[c] + 1) ==>
                        vclk_saved_cfg[x] == \old(vclk_hw_cfg[x]);
    ensures  path_only: \forall integer x; 0 <= x < VCLK_MAX_CLOCKS &&
                        !vclk_on_plan(x, c, top) ==>
                        vclk_hw_cfg[x] == \old(vclk_hw_cfg[x]);
*/
int clk_core_apply(int c, int top, unsigned long prate);

/**
 * clk_core_commit_rates() - the planned rates become the cached ones; every
 * other live clock's is the one kept in vclk_old_rate (a switch made for the
 * change recomputed its subtree's, which are all in the change)
 */
/*@ requires nr: 0 <= vclk_nr_clocks <= VCLK_MAX_CLOCKS;
    assigns  vclk_rate[0 .. VCLK_MAX_CLOCKS-1];
    ensures  moved: \forall integer i; vclk_live(i) && vclk_in_change[i] != 0 ==>
                    vclk_rate[i] == vclk_new_rate[i];
    ensures  kept:  \forall integer i; vclk_live(i) && vclk_in_change[i] == 0 ==>
                    vclk_rate[i] == vclk_old_rate[i];
    ensures  rest:  \forall integer i; vclk_nr_clocks <= i < VCLK_MAX_CLOCKS ==>
                    vclk_rate[i] == \old(vclk_rate[i]);
*/
void clk_core_commit_rates(void);

/**
 * clk_core_plan_request() - plan live clock @c's change for a consumer's
 * request of @rate
 *
 * Clamps @rate into the intersection of @c's consumers' ranges and, if
 * that moves @c, forgets the previous rounding's answers and plans the
 * change (clk_core_plan()).  Shared by round_rate and set_rate, so that
 * what one answers is what the other does.
 * Return: the top of the planned change; VCLK_NONE when @c already runs
 * at the clamped rate; -VCLK_EINVAL when the ranges do not meet.  But
 * for the last, vclk_new_rate[@c] is then clk_round_rate()'s answer.
 *
 * The three outcomes are ensures clauses, not behaviors: their conditions
 * name recursive logic (vclk_min_upto) that the E-ACSL build leaves out,
 * and E-ACSL can leave out an ensures clause but not an assumes clause.
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires cached:  vclk_ranges_cached;
    requires live:    vclk_live(c);
    assigns  vclk_new_rate[0 .. VCLK_MAX_CLOCKS-1], vclk_path[0 .. VCLK_MAX_CLOCKS-1],
             vclk_round_memo[0 .. VCLK_MAX_CLOCKS-1];
    ensures  einval:  \result == -VCLK_EINVAL <==>
                      vclk_min_upto(c, VCLK_NR_HANDLES) >
                      vclk_max_upto(c, VCLK_NR_HANDLES);
    ensures  none:    \result == VCLK_NONE <==>
                      vclk_min_upto(c, VCLK_NR_HANDLES) <=
                      vclk_max_upto(c, VCLK_NR_HANDLES) &&
                      vclk_clamped(c, rate) == vclk_rate[c];
    ensures  allowed: \result == VCLK_NONE ==> vclk_rate_allowed(c, vclk_rate[c]);
    ensures  path:    \result != VCLK_NONE && \result != -VCLK_EINVAL ==>
                      vclk_path_ok(c, \result);
    ensures  rounded: \result != -VCLK_EINVAL ==>
                      vclk_new_rate[c] == vclk_rounded{Pre}(c, rate);
    ensures  switch:  \result >= 0 && vclk_round_memo[\result].input >= 0 ==>
                      vclk_switch_ok(\result, vclk_round_memo[\result].input);
*/
int clk_core_plan_request(int c, unsigned long rate);

/**
 * clk_core_set_rate_nolock() - change live clock @c's rate for @rate, on
 * a request through handle slot @h
 *
 * A mux the plan switches to another input (the top of the change) is
 * switched last, after every rate setting took, with
 * clk_core_reparent(): its references move, and a failure of the switch
 * gives every setting back.
 * Return and effects: as clk_set_rate(), without the request bookkeeping.
 */
/*@ requires inv:      vclk_invariant;
    requires live:     vclk_live(c);
    requires handle:   0 <= h < VCLK_NR_HANDLES;
    requires idle:     vclk_busy == 0;
    assigns  vclk_rate[..], vclk_hw_cfg[..], vclk_saved_cfg[..], vclk_busy,
             vclk_new_rate[..], vclk_old_rate[..], vclk_path[..],
             vclk_in_change[..], vclk_round_memo[..],
             vclk_parent[..], vclk_depth[..], vclk_parent_index[..],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  idle:     vclk_busy == 0;
    ensures  rollback: \result != 0 ==> vclk_rates_unchanged{Pre, Post} &&
                       vclk_cfg_unchanged{Pre, Post} &&
                       vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post};
    ensures  handles:  vclk_handle_counts_unchanged{Pre, Post};
    ensures  within:   \result == 0 ==> vclk_rate_allowed(c, vclk_rate[c]);
    ensures  ranges:   \result == 0 ==> \forall integer i; vclk_live(i) &&
                       vclk_rate[i] != \old(vclk_rate[i]) ==>
                       vclk_rate_allowed(i, vclk_rate[i]);
    ensures  as_rounded: \result == 0 ==> vclk_rate[c] == vclk_rounded{Pre}(c, rate);
    ensures  exclusive: vclk_held_rates_kept{Pre, Post}(h);
*/
int clk_core_set_rate_nolock(int c, int h, unsigned long rate);

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
 * vclk_handle_excl_set() - handle slot @h holds @n exclusivity references,
 * the number of holders (vclk_excl_holders) kept
 */
/*@ requires handle:  0 <= h < VCLK_NR_HANDLES;
    requires counted: vclk_excl_counted;
    assigns  vclk_handle_excl[h], vclk_excl_holders;
    ensures  counted: vclk_excl_counted;
    ensures  set:     vclk_handle_excl[h] == n;
*/
void vclk_handle_excl_set(int h, uint32_t n);

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

/* ==================== signal (core/signal.c) ==================== */

/** vclk_signal_reset() - every cached phase 0, as at power-on */
/*@ assigns vclk_phase[0 .. VCLK_MAX_CLOCKS-1];
    ensures phases: vclk_phases_ok;
*/
void vclk_signal_reset(void);

#endif /* VCLK_CORE_H */
