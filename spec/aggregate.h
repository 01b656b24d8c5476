/* SPDX-License-Identifier: MIT */
/*
 * spec/aggregate.h - what the core keeps so that a rate change need not
 * scan every handle (issue 24): the intersection of each clock's consumer
 * ranges (REQ-RATE-2) and the number of handles holding exclusivity
 * (REQ-EXCL-1).
 *
 * Both are kept by the rare calls that change what they summarise
 * (clk_get, clk_put, clk_set_rate_range, registration, the exclusivity
 * calls) and read in O(1) by clk_set_rate and clk_round_rate.  The
 * summaries are recursive logic functions over handle indices, as the
 * reference sums of spec/balance.h are, related across a write by a ghost
 * induction loop.
 */
#ifndef VCLK_SPEC_AGGREGATE_H
#define VCLK_SPEC_AGGREGATE_H

/*@
  // the intersection of the ranges of clock c's consumers among the
  // first n handles: its lower end (0 when none) ...
  logic integer vclk_min_upto{L}(integer c, integer n) =
    n <= 0 ? 0
    : (vclk_handle_clock[n - 1] == c &&
       vclk_handle_min[n - 1] > vclk_min_upto(c, n - 1)) ?
        vclk_handle_min[n - 1]
    : vclk_min_upto(c, n - 1);
  // ... and its upper end (ULONG_MAX when none)
  logic integer vclk_max_upto{L}(integer c, integer n) =
    n <= 0 ? ULONG_MAX
    : (vclk_handle_clock[n - 1] == c &&
       vclk_handle_max[n - 1] < vclk_max_upto(c, n - 1)) ?
        vclk_handle_max[n - 1]
    : vclk_max_upto(c, n - 1);

  // REQ-RATE-2: clock c's cached intersection is that of its handles
  predicate vclk_range_cached_at{L}(integer c) =
    vclk_clk_min[c] == vclk_min_upto(c, VCLK_NR_HANDLES) &&
    vclk_clk_max[c] == vclk_max_upto(c, VCLK_NR_HANDLES);
  predicate vclk_ranges_cached{L} =
    \forall integer c; vclk_slot(c) ==> vclk_range_cached_at(c);

  // the number of handles among the first n that hold exclusivity
  logic integer vclk_excl_holders_upto{L}(integer n) =
    n <= 0 ? 0
    : vclk_excl_holders_upto(n - 1) + (vclk_handle_excl[n - 1] > 0 ? 1 : 0);
  // REQ-EXCL-1: the cached number is that of all handles
  predicate vclk_excl_counted{L} =
    vclk_excl_holders == vclk_excl_holders_upto(VCLK_NR_HANDLES);

  predicate vclk_aggregates_ok{L} = vclk_ranges_cached && vclk_excl_counted;
*/

#endif /* VCLK_SPEC_AGGREGATE_H */
