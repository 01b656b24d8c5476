/* SPDX-License-Identifier: MIT */
/*
 * spec/walk.h - what one reference walk up the tree changes (REQ-ERR-1).
 *
 * clk_core_prepare(c) takes one reference on c and, each time a count
 * leaves zero, one on the parent: it changes exactly the path from c up to
 * a top t (the first clock already held, or a root), by +1.  The release
 * walk is the mirror image.  vclk_walk_top is the ghost output naming t,
 * so an error path can prove that the release undoes exactly the take.
 * The path is defined by vclk_parent and vclk_depth only, which no walk
 * writes: no two-state frame reasoning is needed.
 */
#ifndef VCLK_SPEC_WALK_H
#define VCLK_SPEC_WALK_H

/*@
  predicate vclk_top_of{L}(integer c, integer t) =
    0 <= t < VCLK_MAX_CLOCKS && (t == c || vclk_ancestor(t, c));

  // i is strictly below the top t on c's path
  predicate vclk_below_top{L}(integer i, integer c, integer t) =
    vclk_on_path(i, c, vclk_depth[t]) && vclk_depth[i] > vclk_depth[t];
*/

#endif /* VCLK_SPEC_WALK_H */
