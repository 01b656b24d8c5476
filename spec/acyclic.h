/* SPDX-License-Identifier: MIT */
/*
 * spec/acyclic.h - the parent relation is a forest (REQ-TREE-1).
 *
 * The witness is vclk_depth: a root has depth 0 and every other clock is
 * one deeper than its parent, all below VCLK_MAX_CLOCKS.  A cycle would
 * need a clock deeper than itself, so depth_ok is acyclicity, and a walk
 * from any clock reaches a root in depth[c] < VCLK_MAX_CLOCKS steps.
 */
#ifndef VCLK_SPEC_ACYCLIC_H
#define VCLK_SPEC_ACYCLIC_H

/*@ // REQ-TREE-1: the parent relation is a forest (no cycle)
  predicate vclk_depth_ok{L} =
    \forall integer i; 0 <= i < VCLK_MAX_CLOCKS ==>
      0 <= vclk_depth[i] < VCLK_MAX_CLOCKS &&
      (vclk_parent[i] == VCLK_NONE ==> vclk_depth[i] == 0) &&
      (vclk_parent[i] != VCLK_NONE ==>
         0 <= vclk_parent[i] < VCLK_MAX_CLOCKS &&
         vclk_depth[i] == vclk_depth[vclk_parent[i]] + 1);

  predicate vclk_acyclic{L} = vclk_depth_ok;

  // a is reached from x by following parents at most k times (k >= 1)
  predicate vclk_reach{L}(integer x, integer a, integer k) =
    k > 0 && 0 <= x < VCLK_MAX_CLOCKS &&
    (vclk_parent[x] == a || vclk_reach(vclk_parent[x], a, k - 1));

  // a is a proper ancestor of x; the depth is the fuel, so under
  // vclk_depth_ok the definition unfolds exactly one level per step
  predicate vclk_ancestor{L}(integer a, integer x) =
    0 <= x < VCLK_MAX_CLOCKS && vclk_reach(x, a, vclk_depth[x]);

  // x reaches a root by following parents fewer than k times
  predicate vclk_reaches_root{L}(integer x, integer k) =
    k > 0 && 0 <= x < VCLK_MAX_CLOCKS &&
    (vclk_parent[x] == VCLK_NONE || vclk_reaches_root(vclk_parent[x], k - 1));

  // i is on the path from c up to the clock at depth d (both included)
  predicate vclk_on_path{L}(integer i, integer c, integer d) =
    0 <= i < VCLK_MAX_CLOCKS &&
    (i == c || vclk_ancestor(i, c)) && vclk_depth[i] >= d;

  // k is c or below it
  predicate vclk_in_subtree{L}(integer k, integer c) =
    k == c || vclk_ancestor(c, k);

  // moving c under np keeps every depth of its subtree in bounds
  predicate vclk_subtree_fits{L}(integer c, integer np) =
    \forall integer k; 0 <= k < VCLK_MAX_CLOCKS && vclk_in_subtree(k, c) ==>
      vclk_depth[k] - vclk_depth[c] + vclk_depth[np] + 1 < VCLK_MAX_CLOCKS;
*/

#endif /* VCLK_SPEC_ACYCLIC_H */
