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
 */
/*@ requires handle: vclk_handle_ptr(clk);
    requires slots:  vclk_slots_ok;
    assigns  \nothing;
    ensures  at: vclk_handle_at(clk, \result);
*/
int vclk_handle_index(const struct clk *clk);

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
    assigns  vclk_rate[0 .. VCLK_MAX_CLOCKS-1];
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
             vclk_rate[..], vclk_prepare_count[..], vclk_enable_count[..],
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

#endif /* VCLK_CORE_H */
