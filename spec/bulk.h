/* SPDX-License-Identifier: MIT */
/*
 * spec/bulk.h - what a clk_bulk_*() call takes and gives back.
 *
 * An array may name one handle several times (or hold NULLs), so a bulk
 * call's effect on handle h is counted, not assumed to be 0 or 1.
 */
#ifndef VCLK_SPEC_BULK_H
#define VCLK_SPEC_BULK_H

/*@
  // REQ-BULK-1: how many of the first n elements hold handle h
  logic integer vclk_bulk_uses{L}(struct clk_bulk_data *clks, integer h, integer n) =
    n <= 0 ? 0 :
      vclk_bulk_uses(clks, h, n - 1) +
      (clks[n - 1].clk == &vclk_handles[h] ? 1 : 0);

  // what callers of the bulk API must pass: num elements, each NULL or a
  // handle pointer
  predicate vclk_bulk_ok{L}(struct clk_bulk_data *clks, integer num) =
    0 <= num <= VCLK_MAX_BULK && \valid(clks + (0 .. num - 1)) &&
    \forall integer i; 0 <= i < num ==>
      clks[i].clk == \null || vclk_handle_ptr(clks[i].clk);

  // REQ-BULK-1: every handle holds exactly the prepare references it held at L1,
  // plus one per element of the first n
  predicate vclk_bulk_prepared{L1, L2}(struct clk_bulk_data *clks, integer n) =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      \at(vclk_handle_prepares[h], L2) ==
        \at(vclk_handle_prepares[h], L1) + vclk_bulk_uses{L2}(clks, h, n);

  // REQ-BULK-1: the same for enable references
  predicate vclk_bulk_enabled{L1, L2}(struct clk_bulk_data *clks, integer n) =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      \at(vclk_handle_enables[h], L2) ==
        \at(vclk_handle_enables[h], L1) + vclk_bulk_uses{L2}(clks, h, n);
*/

#endif /* VCLK_SPEC_BULK_H */
