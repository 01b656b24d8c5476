/* SPDX-License-Identifier: MIT */
/*
 * spec/handles.h - what taking a consumer handle does (REQ-HANDLE-1).
 *
 * vclk_get() takes a consumer slot that was free, binds it to the first
 * clock with the name asked (spec/names.h), with no range, no misuse
 * counted and the caller's device name, and changes no other handle.
 * The clocks' range intersections (vclk_clk_min/max) stay: a handle that
 * asks no range narrows nothing.
 *
 * A free slot's range, misuse count and device name are leftovers: the
 * next vclk_get() sets them.  Frames over "the handles as they were"
 * (vclk_bindings_kept) therefore compare those fields for bound slots
 * only.
 */
#ifndef VCLK_SPEC_HANDLES_H
#define VCLK_SPEC_HANDLES_H

/*@
  // REQ-HANDLE-1: consumer slot h was free at L1 and at L2 is bound to
  // the clock that was the first called name at L1, asks no range, has
  // counted no misuse and carries device name dev
  predicate vclk_handle_taken{L1, L2}(integer h, char *name, char *dev) =
    VCLK_MAX_CLOCKS <= h < VCLK_NR_HANDLES &&
    \at(vclk_handle_clock[h], L1) == VCLK_NONE &&
    vclk_first_named{L1}(\at(vclk_handle_clock[h], L2), name) &&
    \at(vclk_handle_misuse[h], L2) == 0 &&
    \at(vclk_handle_dev[h], L2) == dev &&
    \at(vclk_handle_min[h], L2) == 0 &&
    \at(vclk_handle_max[h], L2) == ULONG_MAX;

  // REQ-HANDLE-1: handle slot g is as it was at L1: its clock, and if it
  // was bound, its range, misuse count and device name
  predicate vclk_binding_kept{L1, L2}(integer g) =
    \at(vclk_handle_clock[g], L2) == \at(vclk_handle_clock[g], L1) &&
    (\at(vclk_handle_clock[g], L1) != VCLK_NONE ==>
      \at(vclk_handle_min[g], L2) == \at(vclk_handle_min[g], L1) &&
      \at(vclk_handle_max[g], L2) == \at(vclk_handle_max[g], L1) &&
      \at(vclk_handle_misuse[g], L2) == \at(vclk_handle_misuse[g], L1) &&
      \at(vclk_handle_dev[g], L2) == \at(vclk_handle_dev[g], L1));

  // REQ-HANDLE-1: every clock's range intersection is as at L1
  predicate vclk_clk_ranges_kept{L1, L2} =
    \forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
      \at(vclk_clk_min[c], L2) == \at(vclk_clk_min[c], L1) &&
      \at(vclk_clk_max[c], L2) == \at(vclk_clk_max[c], L1);

  // REQ-HANDLE-1: no handle but slot h changed between L1 and L2 (h ==
  // VCLK_NONE: none), nor any clock's range intersection
  predicate vclk_handles_kept_but{L1, L2}(integer h) =
    (\forall integer g; 0 <= g < VCLK_NR_HANDLES && g != h ==>
      vclk_binding_kept{L1, L2}(g)) &&
    vclk_clk_ranges_kept{L1, L2};

  // REQ-HANDLE-1: every consumer slot is bound (vclk_get() answers -ENOMEM)
  predicate vclk_handles_full{L} =
    \forall integer h; VCLK_MAX_CLOCKS <= h < VCLK_NR_HANDLES ==>
      vclk_handle_clock[h] != VCLK_NONE;
*/

#endif
