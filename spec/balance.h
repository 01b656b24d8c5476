/* SPDX-License-Identifier: MIT */
/*
 * spec/balance.h - reference counts balance exactly (REQ-REF-1, REQ-REF-2).
 *
 * A clock's prepare (enable) count is the prepare (enable) references its
 * handles hold plus the number of its prepared (enabled) children.  Sums
 * are recursive logic functions over array indices, related across a point
 * update by a ghost induction loop, never an unrolled 64-term sum.
 *
 * Prepare and enable counts are separate arrays with separate sums on
 * purpose: a write to one level then provably leaves every sum of the
 * other level alone, with no induction.
 */
#ifndef VCLK_SPEC_BALANCE_H
#define VCLK_SPEC_BALANCE_H

/*@
  // ---- prepare level ----
  logic integer vclk_child_prep{L}(integer p, integer j) =
    (vclk_parent[j] == p && vclk_prepare_count[j] > 0) ? 1 : 0;
  logic integer vclk_child_preps_upto{L}(integer p, integer n) =
    n <= 0 ? 0 : vclk_child_preps_upto(p, n - 1) + vclk_child_prep(p, n - 1);
  logic integer vclk_child_preps{L}(integer p) =
    vclk_child_preps_upto(p, VCLK_MAX_CLOCKS);

  logic integer vclk_handle_prep{L}(integer c, integer h) =
    vclk_handle_clock[h] == c ? vclk_handle_prepares[h] : 0;
  logic integer vclk_handle_preps_upto{L}(integer c, integer n) =
    n <= 0 ? 0 : vclk_handle_preps_upto(c, n - 1) + vclk_handle_prep(c, n - 1);
  logic integer vclk_consumer_preps{L}(integer c) =
    vclk_handle_preps_upto(c, VCLK_NR_HANDLES);

  predicate vclk_prep_balanced_at{L}(integer c) =
    vclk_prepare_count[c] == vclk_consumer_preps(c) + vclk_child_preps(c);

  // ---- enable level ----
  logic integer vclk_child_en{L}(integer p, integer j) =
    (vclk_parent[j] == p && vclk_enable_count[j] > 0) ? 1 : 0;
  logic integer vclk_child_ens_upto{L}(integer p, integer n) =
    n <= 0 ? 0 : vclk_child_ens_upto(p, n - 1) + vclk_child_en(p, n - 1);
  logic integer vclk_child_ens{L}(integer p) =
    vclk_child_ens_upto(p, VCLK_MAX_CLOCKS);

  logic integer vclk_handle_en{L}(integer c, integer h) =
    vclk_handle_clock[h] == c ? vclk_handle_enables[h] : 0;
  logic integer vclk_handle_ens_upto{L}(integer c, integer n) =
    n <= 0 ? 0 : vclk_handle_ens_upto(c, n - 1) + vclk_handle_en(c, n - 1);
  logic integer vclk_consumer_ens{L}(integer c) =
    vclk_handle_ens_upto(c, VCLK_NR_HANDLES);

  predicate vclk_en_balanced_at{L}(integer c) =
    vclk_enable_count[c] == vclk_consumer_ens(c) + vclk_child_ens(c);

  // REQ-REF-1
  predicate vclk_prep_balanced{L} =
    \forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==> vclk_prep_balanced_at(c);
  // REQ-REF-2
  predicate vclk_en_balanced{L} =
    \forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==> vclk_en_balanced_at(c);

  // inside a walk: balanced except that x holds one reference that no
  // handle or child owns yet
  predicate vclk_prep_balanced_but{L}(integer x) =
    (\forall integer c; 0 <= c < VCLK_MAX_CLOCKS && c != x ==>
        vclk_prep_balanced_at(c)) &&
    vclk_prepare_count[x] == vclk_consumer_preps(x) + vclk_child_preps(x) + 1;
  predicate vclk_en_balanced_but{L}(integer x) =
    (\forall integer c; 0 <= c < VCLK_MAX_CLOCKS && c != x ==>
        vclk_en_balanced_at(c)) &&
    vclk_enable_count[x] == vclk_consumer_ens(x) + vclk_child_ens(x) + 1;

  predicate vclk_balanced{L} = vclk_prep_balanced && vclk_en_balanced;

  // REQ-REF-4: enabled implies prepared
  predicate vclk_enabled_prepared{L} =
    \forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
      vclk_enable_count[c] > 0 ==> vclk_prepare_count[c] > 0;

  // REQ-REF-5: a prepared (enabled) clock's parent is prepared (enabled);
  // derived from the counts by vclk_lemma_parent_held
  predicate vclk_prepared_parent_prepared{L} =
    \forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
      vclk_prepare_count[c] > 0 && vclk_parent[c] != VCLK_NONE ==>
        vclk_prepare_count[vclk_parent[c]] > 0;
  predicate vclk_enabled_parent_enabled{L} = // REQ-REF-5
    \forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
      vclk_enable_count[c] > 0 && vclk_parent[c] != VCLK_NONE ==>
        vclk_enable_count[vclk_parent[c]] > 0;

  // the whole invariant every API function keeps
  predicate vclk_invariant{L} =
    vclk_pool_ok && vclk_acyclic && vclk_balanced && vclk_enabled_prepared &&
    vclk_aggregates_ok;

  // REQ-ERR-1: every count, clock and handle, as at label L1
  predicate vclk_counts_unchanged{L1, L2} =
    (\forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
        \at(vclk_prepare_count[c], L1) == \at(vclk_prepare_count[c], L2) &&
        \at(vclk_enable_count[c], L1) == \at(vclk_enable_count[c], L2)) &&
    (\forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
        \at(vclk_handle_prepares[h], L1) == \at(vclk_handle_prepares[h], L2) &&
        \at(vclk_handle_enables[h], L1) == \at(vclk_handle_enables[h], L2));
*/

#endif /* VCLK_SPEC_BALANCE_H */
