/* SPDX-License-Identifier: MIT */
/*
 * spec/register.h - when vclk_register() refuses a clock, and what it
 * then leaves alone (REQ-REG-1).
 *
 * vclk_register() checks its caller, its argument and the pools before
 * it writes anything: a call from a notifier, an init that is not well
 * formed, a name in use, a full clock pool, or a critical clock without
 * a free consumer handle for the core to hold it by.  Each is refused
 * with every piece of state it could write, the ghost hardware state
 * included, as it was.
 */
#ifndef VCLK_SPEC_REGISTER_H
#define VCLK_SPEC_REGISTER_H

/*@
  // REQ-REG-1: what vclk_register() checks of init before it looks at
  // the pool: a proper name, a parent count in range and a proper name
  // for each parent
  predicate vclk_init_ok{L}(struct vclk_init_data *init) =
    vclk_name_proper((char *)init->name) &&
    0 <= init->num_parents <= VCLK_MAX_PARENTS &&
    \forall integer k; 0 <= k < init->num_parents ==>
      vclk_name_proper((char *)init->parent_names[k]);

  // REQ-REG-1: vclk_register(init) refuses before it writes anything
  predicate vclk_register_refused{L}(struct vclk_init_data *init) =
    vclk_busy != 0 || !vclk_init_ok(init) ||
    !vclk_unnamed((char *)init->name) ||
    vclk_nr_clocks >= VCLK_MAX_CLOCKS ||
    ((init->flags & CLK_IS_CRITICAL) != 0 && vclk_handles_full);

  // REQ-REG-1: everything vclk_register() may write is as at L1: the
  // pool of clocks, their inputs, rates and counts (vclk_counts_unchanged,
  // vclk_topology_unchanged), every handle, the cached range intersections
  // (vclk_clk_ranges_kept) and the ghost hardware state
  predicate vclk_tree_kept{L1, L2} =
    \at(vclk_nr_clocks, L2) == \at(vclk_nr_clocks, L1) &&
    vclk_counts_unchanged{L1, L2} && vclk_topology_unchanged{L1, L2} &&
    vclk_clk_ranges_kept{L1, L2} &&
    (\forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
      \at(vclk_name[c], L2) == \at(vclk_name[c], L1) &&
      \at(vclk_flags[c], L2) == \at(vclk_flags[c], L1) &&
      \at(vclk_ops_of[c], L2) == \at(vclk_ops_of[c], L1) &&
      \at(vclk_priv_of[c], L2) == \at(vclk_priv_of[c], L1) &&
      \at(vclk_nr_parents[c], L2) == \at(vclk_nr_parents[c], L1) &&
      \at(vclk_hw_state[c], L2) == \at(vclk_hw_state[c], L1)) &&
    (\forall integer i; 0 <= i < VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS ==>
      \at(vclk_parent_name[i], L2) == \at(vclk_parent_name[i], L1) &&
      \at(vclk_parent_ids[i], L2) == \at(vclk_parent_ids[i], L1)) &&
    (\forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
      \at(vclk_handle_clock[h], L2) == \at(vclk_handle_clock[h], L1) &&
      \at(vclk_handle_misuse[h], L2) == \at(vclk_handle_misuse[h], L1) &&
      \at(vclk_handle_dev[h], L2) == \at(vclk_handle_dev[h], L1) &&
      \at(vclk_handle_min[h], L2) == \at(vclk_handle_min[h], L1) &&
      \at(vclk_handle_max[h], L2) == \at(vclk_handle_max[h], L1));
*/

#endif
