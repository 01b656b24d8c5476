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

  // REQ-BULK-3: one of the elements lo .. n-1 names handle h
  predicate vclk_bulk_names{L}(struct clk_bulk_data *clks, integer h, integer lo, integer n) =
    \exists integer k; lo <= k < n && clks[k].clk == &vclk_handles[h];

  // REQ-BULK-3: element i is the last of the first n to name its handle
  // (clk_bulk_put() walks down from the end: the first it meets)
  predicate vclk_bulk_last{L}(struct clk_bulk_data *clks, integer i, integer n) =
    \forall integer k; i < k < n ==> clks[k].clk != clks[i].clk;

  // how many of the elements lo .. n-1 hold handle h
  logic integer vclk_bulk_uses_from{L}(struct clk_bulk_data *clks, integer h,
                                       integer lo, integer n) =
    vclk_bulk_uses(clks, h, n) - vclk_bulk_uses(clks, h, lo);

  // REQ-BULK-2: what u releases in a row leave of r references, when a
  // release is refused at or below floor: each goes while the count is
  // above floor, the rest are refused
  logic integer vclk_released(integer r, integer u, integer floor) =
    r <= floor ? r : (r - u >= floor ? r - u : floor);

  // REQ-BULK-2: misuse count m after k more refused releases, saturating
  // as vclk_misuse_bumped() does one at a time
  logic integer vclk_misuse_added(integer m, integer k) =
    m + k <= UINT32_MAX ? m + k : UINT32_MAX;

  // REQ-BULK-2: a handle keeps its last prepare reference while it holds
  // an enable reference (clk_unprepare() refuses then)
  logic integer vclk_unprepare_floor(integer enables) = enables > 0 ? 1 : 0;

  // REQ-BULK-2: clk_disable() of elements n-1 down to lo, from L1 to L2:
  // each handle gave back one enable reference per element while it held
  // one, and each element more was a refused release counted as misuse;
  // prepare references untouched
  predicate vclk_bulk_disabled{L1, L2}(struct clk_bulk_data *clks, integer lo, integer n) =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      \let u = vclk_bulk_uses_from{L2}(clks, h, lo, n);
      \let e = \at(vclk_handle_enables[h], L1);
      \at(vclk_handle_enables[h], L2) == vclk_released(e, u, 0) &&
      \at(vclk_handle_prepares[h], L2) == \at(vclk_handle_prepares[h], L1) &&
      \at(vclk_handle_misuse[h], L2) ==
        vclk_misuse_added(\at(vclk_handle_misuse[h], L1),
                          u - (e - vclk_released(e, u, 0)));

  // REQ-BULK-2: clk_unprepare() of elements n-1 down to lo likewise, down
  // to vclk_unprepare_floor(); enable references untouched
  predicate vclk_bulk_unprepared{L1, L2}(struct clk_bulk_data *clks, integer lo, integer n) =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      \let u = vclk_bulk_uses_from{L2}(clks, h, lo, n);
      \let p = \at(vclk_handle_prepares[h], L1);
      \let f = vclk_unprepare_floor(\at(vclk_handle_enables[h], L1));
      \at(vclk_handle_prepares[h], L2) == vclk_released(p, u, f) &&
      \at(vclk_handle_enables[h], L2) == \at(vclk_handle_enables[h], L1) &&
      \at(vclk_handle_misuse[h], L2) ==
        vclk_misuse_added(\at(vclk_handle_misuse[h], L1),
                          u - (p - vclk_released(p, u, f)));

  // REQ-BULK-2: clk_bulk_disable() then clk_bulk_unprepare() of all n
  // elements: the unprepare floor is that of the enable references left
  predicate vclk_bulk_disabled_unprepared{L1, L2}(struct clk_bulk_data *clks, integer n) =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      \let u = vclk_bulk_uses{L2}(clks, h, n);
      \let e = \at(vclk_handle_enables[h], L1);
      \let e2 = vclk_released(e, u, 0);
      \let p = \at(vclk_handle_prepares[h], L1);
      \let p2 = vclk_released(p, u, vclk_unprepare_floor(e2));
      \at(vclk_handle_enables[h], L2) == e2 &&
      \at(vclk_handle_prepares[h], L2) == p2 &&
      \at(vclk_handle_misuse[h], L2) ==
        vclk_misuse_added(\at(vclk_handle_misuse[h], L1),
                          (u - (e - e2)) + (u - (p - p2)));
*/

#endif /* VCLK_SPEC_BULK_H */
