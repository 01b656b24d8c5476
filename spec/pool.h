/* SPDX-License-Identifier: MIT */
/*
 * spec/pool.h - well-formedness of the static pools (REQ-POOL-1).
 *
 * Registered clocks are the prefix [0, vclk_nr_clocks) of the pool: clocks
 * are never unregistered, so "live" is a bound, not a flag.  Slots past the
 * prefix are kept at rest (no parent, no references), which lets every
 * count range over the whole array.
 */
#ifndef VCLK_SPEC_POOL_H
#define VCLK_SPEC_POOL_H

/*@
  predicate vclk_slot(integer c) = 0 <= c < VCLK_MAX_CLOCKS;

  predicate vclk_live{L}(integer c) = 0 <= c < vclk_nr_clocks;

  predicate vclk_parent_ref{L}(integer p) = p == VCLK_NONE || vclk_live(p);

  // REQ-POOL-1: a parent is a live clock, and the input that is selected
  predicate vclk_clock_ok{L}(integer c) =
    vclk_parent_ref(vclk_parent[c]) &&
    0 <= vclk_nr_parents[c] <= VCLK_MAX_PARENTS &&
    (vclk_nr_parents[c] == 0 ==> vclk_parent[c] == VCLK_NONE) &&
    (vclk_nr_parents[c] > 0 ==>
        -1 <= vclk_parent_index[c] < vclk_nr_parents[c]) &&
    (vclk_parent[c] != VCLK_NONE ==>
        vclk_nr_parents[c] > 0 && vclk_parent_index[c] >= 0 &&
        vclk_parent[c] == vclk_parent_ids[VCLK_INPUT(c, vclk_parent_index[c])]);

  // REQ-POOL-1: every entry of the input tables, free rows included,
  // names a live clock or none.  Stated over the flat table, so writing a
  // row is a fact about a range of indices, not about rows.
  predicate vclk_inputs_ok{L} =
    \forall integer i; 0 <= i < VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS ==>
      vclk_parent_ref(vclk_parent_ids[i]);

  // a free slot is out of the tree ...
  predicate vclk_slot_at_rest{L}(integer c) =
    vclk_parent[c] == VCLK_NONE && vclk_depth[c] == 0;

  // ... and holds no reference; kept apart from vclk_clocks_ok so that a
  // walk, which changes counts only, leaves vclk_clocks_ok syntactically
  // untouched
  predicate vclk_counts_at_rest{L} =
    \forall integer c; vclk_nr_clocks <= c < VCLK_MAX_CLOCKS ==>
      vclk_prepare_count[c] == 0 && vclk_enable_count[c] == 0;

  predicate vclk_clocks_ok{L} =
    0 <= vclk_nr_clocks <= VCLK_MAX_CLOCKS &&
    (\forall integer c; vclk_live(c) ==> vclk_clock_ok(c)) &&
    vclk_inputs_ok &&
    (\forall integer c; vclk_nr_clocks <= c < VCLK_MAX_CLOCKS ==>
        vclk_slot_at_rest(c));

  predicate vclk_handle_free{L}(integer h) =
    vclk_handle_clock[h] == VCLK_NONE &&
    vclk_handle_prepares[h] == 0 && vclk_handle_enables[h] == 0;

  // REQ-POOL-1: handles point at live clocks; clock c owns handle slot c;
  // REQ-REF-3: a handle enables only what it has prepared
  predicate vclk_handles_ok{L} =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      (vclk_handle_clock[h] == VCLK_NONE || vclk_live(vclk_handle_clock[h])) &&
      (vclk_handle_clock[h] == VCLK_NONE ==> vclk_handle_free(h)) &&
      (h < VCLK_MAX_CLOCKS && vclk_live(h) ==> vclk_handle_clock[h] == h) &&
      (h < VCLK_MAX_CLOCKS && !vclk_live(h) ==> vclk_handle_free(h)) &&
      (vclk_handle_enables[h] > 0 ==> vclk_handle_prepares[h] > 0);

  // each handle knows its slot (set by vclk_reset, never written again)
  predicate vclk_slots_ok{L} =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==> vclk_handles[h].slot == h;

  // a name the core can read: readable up to its terminator, or n bytes
  predicate vclk_readable_name{L}(char *s, integer n) =
    \valid_read(s) && (*s == 0 || n <= 1 || vclk_readable_name(s + 1, n - 1));

  // an input name is unset or readable (flat, as vclk_inputs_ok)
  predicate vclk_input_names_ok{L} =
    \forall integer i; 0 <= i < VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS ==>
      vclk_parent_name[i] == \null ||
      vclk_readable_name((char *)vclk_parent_name[i], VCLK_NAME_LEN);

  // REQ-POOL-1: the names of live clocks and of all inputs stay readable
  predicate vclk_names_ok{L} =
    (\forall integer c; vclk_live(c) ==>
      vclk_readable_name((char *)vclk_name[c], VCLK_NAME_LEN)) &&
    vclk_input_names_ok;

  // a free slot c written by vclk_fill_slot, ready to be linked
  predicate vclk_slot_filled{L}(integer c) =
    vclk_readable_name((char *)vclk_name[c], VCLK_NAME_LEN) &&
    0 <= vclk_nr_parents[c] <= VCLK_MAX_PARENTS &&
    (vclk_nr_parents[c] > 0 ==>
       -1 <= vclk_parent_index[c] < vclk_nr_parents[c]);

  predicate vclk_pool_ok{L} =
    vclk_clocks_ok && vclk_counts_at_rest && vclk_handles_ok &&
    vclk_slots_ok && vclk_names_ok;

  // p is the address of handle slot h
  predicate vclk_handle_at(struct clk *p, integer h) =
    0 <= h < VCLK_NR_HANDLES && p == &vclk_handles[h];

  // clock p is one of clock c's possible parents
  predicate vclk_is_input{L}(integer c, integer p) =
    \exists integer k; 0 <= k < vclk_nr_parents[c] &&
      vclk_parent_ids[VCLK_INPUT(c, k)] == p;

  // what callers of the consumer API must pass: NULL or a handle pointer
  predicate vclk_handle_ptr(struct clk *p) =
    \exists integer h; vclk_handle_at(p, h);

  // REQ-ERR-1: the tree's shape and rates, as at label L1
  predicate vclk_topology_unchanged{L1, L2} =
    \forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
      \at(vclk_parent[c], L1) == \at(vclk_parent[c], L2) &&
      \at(vclk_depth[c], L1) == \at(vclk_depth[c], L2) &&
      \at(vclk_parent_index[c], L1) == \at(vclk_parent_index[c], L2) &&
      \at(vclk_rate[c], L1) == \at(vclk_rate[c], L2);

*/

#endif /* VCLK_SPEC_POOL_H */
