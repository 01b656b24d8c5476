/* SPDX-License-Identifier: MIT */
/*
 * spec/exclusive.h - exclusive rates (REQ-EXCL-1, REQ-EXCL-2).
 *
 * Linux keeps a protect count per clock, raised on the clock and every
 * ancestor by clk_rate_exclusive_get().  vclk keeps only the per-handle
 * exclusivity count and derives protection from it and the tree: a count
 * that is never stored cannot drift out of balance when the tree changes.
 */
#ifndef VCLK_SPEC_EXCLUSIVE_H
#define VCLK_SPEC_EXCLUSIVE_H

/*@
  // REQ-EXCL-1: clock i's rate is held against handle h: a handle on i or
  // on a clock below it holds exclusivity, and it is another handle, or
  // h itself holding it more than once (as in Linux, exclusivity taken
  // twice locks the rate even for its holder)
  predicate vclk_protected_against{L}(integer i, integer h) =
    \exists integer g; 0 <= g < VCLK_NR_HANDLES &&
      vclk_handle_excl[g] > (g == h ? 1 : 0) &&
      vclk_handle_clock[g] != VCLK_NONE &&
      vclk_in_subtree(vclk_handle_clock[g], i);

  // REQ-EXCL-1: every clock whose rate was held against handle h at L1
  // runs at the rate it had then
  predicate vclk_held_rates_kept{L1, L2}(integer h) =
    \forall integer i; 0 <= i < VCLK_MAX_CLOCKS &&
      \at(vclk_protected_against(i, h), L1) ==>
        \at(vclk_rate[i], L1) == \at(vclk_rate[i], L2);
  // REQ-EXCL-1: the same, for the handle at address clk
  predicate vclk_held_rates_kept_by{L1, L2}(struct clk *clk) =
    \forall integer h; \at(vclk_handle_at(clk, h), L1) ==>
      vclk_held_rates_kept{L1, L2}(h);

  // REQ-EXCL-2: every exclusivity count, as at label L1
  predicate vclk_excl_unchanged{L1, L2} =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      \at(vclk_handle_excl[h], L1) == \at(vclk_handle_excl[h], L2);
*/

#endif /* VCLK_SPEC_EXCLUSIVE_H */
