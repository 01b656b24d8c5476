/* SPDX-License-Identifier: MIT */
/*
 * spec/rate.h - rate changes: what one may touch, and what rollback
 * restores (REQ-RATE-1, REQ-RATE-2).
 *
 * A rate change is decided in full before any hardware is touched: the
 * plan names the clocks whose setting changes (the path from the clock
 * asked up to the top of the change, one clock per depth, in vclk_path)
 * and the rate every clock below the top will run at (vclk_new_rate).
 * Only then are the path's providers programmed, top down, and only when
 * all of them succeeded are the cached rates replaced.  So a failure has
 * cached rates to restore never, and provider settings only on the path.
 */
#ifndef VCLK_SPEC_RATE_H
#define VCLK_SPEC_RATE_H
/*@
  // REQ-RATE-1: every cached rate, as at label L1
  predicate vclk_rates_unchanged{L1, L2} =
    \forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
      \at(vclk_rate[c], L1) == \at(vclk_rate[c], L2);
  // REQ-RATE-1: every provider's rate setting, as at label L1
  predicate vclk_cfg_unchanged{L1, L2} =
    \forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
      \at(vclk_hw_cfg[c], L1) == \at(vclk_hw_cfg[c], L2);
  // REQ-RATE-1: every consumer's request and range, as at label L1
  predicate vclk_requests_unchanged{L1, L2} =
    (\forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
      \at(vclk_req_rate[c], L1) == \at(vclk_req_rate[c], L2) &&
      \at(vclk_req_set[c], L1) == \at(vclk_req_set[c], L2)) &&
    (\forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      \at(vclk_handle_min[h], L1) == \at(vclk_handle_min[h], L2) &&
      \at(vclk_handle_max[h], L1) == \at(vclk_handle_max[h], L2));
  // REQ-RATE-5: handle p asks exactly [lo, hi] of its clock
  predicate vclk_range_of{L}(struct clk *p, integer lo, integer hi) =
    \forall integer h; vclk_handle_at(p, h) ==>
      vclk_handle_min[h] == lo && vclk_handle_max[h] == hi;
  // REQ-RATE-5: every handle's range but p's, as at label L1
  predicate vclk_ranges_kept_but{L1, L2}(struct clk *p) =
    \forall integer g; 0 <= g < VCLK_NR_HANDLES && !\at(vclk_handle_at(p, g), L1) ==>
      \at(vclk_handle_min[g], L2) == \at(vclk_handle_min[g], L1) &&
      \at(vclk_handle_max[g], L2) == \at(vclk_handle_max[g], L1);
  // REQ-RATE-1: all three: what a failed rate change leaves as it was
  predicate vclk_rate_change_undone{L1, L2} =
    vclk_rates_unchanged{L1, L2} && vclk_cfg_unchanged{L1, L2} &&
    vclk_requests_unchanged{L1, L2};

  // REQ-RATE-6: clock c is CLK_SET_RATE_GATE and prepared: its rate may not
  // move (Linux's clk_core_set_rate_nolock() answers -EBUSY)
  predicate vclk_rate_gated{L}(integer c) =
    (vclk_flags[c] & CLK_SET_RATE_GATE) != 0 && vclk_prepare_count[c] > 0;

  // REQ-RATE-2: rate r is inside the range of every consumer of clock c
  predicate vclk_rate_allowed{L}(integer c, integer r) =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES && vclk_handle_clock[h] == c ==>
      vclk_handle_min[h] <= r <= vclk_handle_max[h];

  // the plan's path from top t down to c: one live clock per depth, each
  // the parent of the next
  predicate vclk_path_ok{L}(integer c, integer t) =
    vclk_live(c) && vclk_live(t) && vclk_depth[t] <= vclk_depth[c] &&
    vclk_path[vclk_depth[c]] == c && vclk_path[vclk_depth[t]] == t &&
    \forall integer d; vclk_depth[t] <= d <= vclk_depth[c] ==>
      vclk_live(vclk_path[d]) && vclk_depth[vclk_path[d]] == d &&
      (d > vclk_depth[t] ==> vclk_parent[vclk_path[d]] == vclk_path[d - 1]);
  // x is on that path (its setting changes)
  predicate vclk_on_plan{L}(integer x, integer c, integer t) =
    0 <= x < VCLK_MAX_CLOCKS &&
    vclk_depth[t] <= vclk_depth[x] <= vclk_depth[c] &&
    vclk_path[vclk_depth[x]] == x;
  // REQ-RATE-4: the plan's parent switch: top t moves to its input j, a live clock
  // that is not t's parent, not t and not below t (what
  // clk_core_reparent() asks of a move)
  predicate vclk_switch_ok{L}(integer t, integer j) =
    0 <= j < vclk_nr_parents[t] &&
    vclk_live(vclk_parent_ids[VCLK_INPUT(t, j)]) &&
    vclk_parent_ids[VCLK_INPUT(t, j)] != vclk_parent[t] &&
    vclk_parent_ids[VCLK_INPUT(t, j)] != t &&
    !vclk_ancestor(t, vclk_parent_ids[VCLK_INPUT(t, j)]);
  // REQ-RATE-4: every consumer's references, as at label L1 (a rate change that
  // switches a mux moves the mux's references, never a consumer's)
  predicate vclk_handle_counts_unchanged{L1, L2} =
    \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      \at(vclk_handle_prepares[h], L1) == \at(vclk_handle_prepares[h], L2) &&
      \at(vclk_handle_enables[h], L1) == \at(vclk_handle_enables[h], L2);
  // x is on the path at depth below d: programmed already when the
  // top-down walk reaches depth d
  predicate vclk_applied{L}(integer x, integer t, integer d) =
    0 <= x < VCLK_MAX_CLOCKS &&
    vclk_depth[t] <= vclk_depth[x] < d && vclk_path[vclk_depth[x]] == x;
*/
#endif /* VCLK_SPEC_RATE_H */
