/* SPDX-License-Identifier: MIT */
/*
 * spec/refs.h - what a consumer's reference call does (issue 26).
 *
 * The balance invariant (spec/balance.h) says the counts add up; these
 * say by how much a call moved them.  A prepare or enable call through a
 * handle moves that handle's references by one and no other handle's; the
 * walk it makes moves the counts of the clocks from the handle's clock up
 * to the walk's top (vclk_walk_top, spec/walk.h) by one and no other
 * clock's.  Together with the invariant this pins every count: the top is
 * where the balance stops the walk.
 *
 * A refused release is counted in the handle's misuse count, which
 * saturates instead of wrapping.
 */
#ifndef VCLK_SPEC_REFS_H
#define VCLK_SPEC_REFS_H

/*@
  // REQ-REF-6: handle pointer p's prepare and enable references moved by dp and de
  // between L1 and L2, every other handle's stayed
  predicate vclk_handle_refs_moved{L1, L2}(struct clk *p, integer dp, integer de) =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      (\at(vclk_handle_at(p, h), L1) ==>
         \at(vclk_handle_prepares[h], L2) == \at(vclk_handle_prepares[h], L1) + dp &&
         \at(vclk_handle_enables[h], L2) == \at(vclk_handle_enables[h], L1) + de) &&
      (!\at(vclk_handle_at(p, h), L1) ==>
         \at(vclk_handle_prepares[h], L2) == \at(vclk_handle_prepares[h], L1) &&
         \at(vclk_handle_enables[h], L2) == \at(vclk_handle_enables[h], L1));

  // REQ-REF-6: a prepare walk from c that stopped at t moved the prepare count of
  // each clock from c up to t by d, and of no other clock
  predicate vclk_prep_walked{L1, L2}(integer c, integer t, integer d) =
    \at(vclk_top_of(c, t), L2) &&
    \forall integer i; 0 <= i < VCLK_MAX_CLOCKS ==>
      (\at(vclk_on_path(i, c, vclk_depth[t]), L2) ==>
         \at(vclk_prepare_count[i], L2) == \at(vclk_prepare_count[i], L1) + d) &&
      (!\at(vclk_on_path(i, c, vclk_depth[t]), L2) ==>
         \at(vclk_prepare_count[i], L2) == \at(vclk_prepare_count[i], L1));

  // REQ-REF-6: the same for the enable counts
  predicate vclk_en_walked{L1, L2}(integer c, integer t, integer d) =
    \at(vclk_top_of(c, t), L2) &&
    \forall integer i; 0 <= i < VCLK_MAX_CLOCKS ==>
      (\at(vclk_on_path(i, c, vclk_depth[t]), L2) ==>
         \at(vclk_enable_count[i], L2) == \at(vclk_enable_count[i], L1) + d) &&
      (!\at(vclk_on_path(i, c, vclk_depth[t]), L2) ==>
         \at(vclk_enable_count[i], L2) == \at(vclk_enable_count[i], L1));

  // the calls that drop references succeed exactly when the handle is a
  // live one holding what it gives back and no notifier runs
  predicate vclk_may_unprepare{L}(struct clk *p) =
    vclk_busy == 0 && \forall integer h; vclk_handle_at(p, h) ==>
      vclk_handle_clock[h] != VCLK_NONE && vclk_handle_prepares[h] > 0 &&
      (vclk_handle_prepares[h] > 1 || vclk_handle_enables[h] == 0);
  predicate vclk_may_disable{L}(struct clk *p) =
    vclk_busy == 0 && \forall integer h; vclk_handle_at(p, h) ==>
      vclk_handle_clock[h] != VCLK_NONE && vclk_handle_enables[h] > 0;
  predicate vclk_may_disable_unprepare{L}(struct clk *p) =
    vclk_busy == 0 && \forall integer h; vclk_handle_at(p, h) ==>
      vclk_handle_clock[h] != VCLK_NONE && vclk_handle_enables[h] > 0 &&
      vclk_handle_prepares[h] > 0 &&
      (vclk_handle_prepares[h] > 1 || vclk_handle_enables[h] <= 1);

  // REQ-REF-7: clk_put() may free handle p: a live consumer handle holding
  // no prepare or exclusivity reference, with no notifier registered
  // through it (its callbacks are passed p)
  predicate vclk_may_put{L}(struct clk *p) =
    vclk_busy == 0 && \forall integer h; vclk_handle_at(p, h) ==>
      VCLK_MAX_CLOCKS <= h && vclk_handle_clock[h] != VCLK_NONE &&
      vclk_handle_prepares[h] == 0 && vclk_handle_excl[h] == 0 &&
      !(\exists integer n; 0 <= n < VCLK_MAX_NOTIFIERS &&
          vclk_nb[n] != \null && vclk_nb_handle[n] == p);

  logic integer vclk_misuse_bumped(integer m) = m < UINT32_MAX ? m + 1 : m;

  // REQ-REF-6: a refused release through p: p's misuse count grew, no other did
  predicate vclk_misuse_counted{L1, L2}(struct clk *p) =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      (\at(vclk_handle_at(p, h), L1) ==>
         \at(vclk_handle_misuse[h], L2) ==
           vclk_misuse_bumped(\at(vclk_handle_misuse[h], L1))) &&
      (!\at(vclk_handle_at(p, h), L1) ==>
         \at(vclk_handle_misuse[h], L2) == \at(vclk_handle_misuse[h], L1));

  predicate vclk_misuse_unchanged{L1, L2} =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      \at(vclk_handle_misuse[h], L2) == \at(vclk_handle_misuse[h], L1);

  predicate vclk_hw_unchanged{L1, L2} =
    \forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
      \at(vclk_hw_state[c], L2) == \at(vclk_hw_state[c], L1);
*/

#endif /* VCLK_SPEC_REFS_H */
