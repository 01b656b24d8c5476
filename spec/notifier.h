/* SPDX-License-Identifier: MIT */
/*
 * spec/notifier.h - what registering and unregistering a rate-change
 * notifier does to the notifier table (issue 26).
 *
 * Entry n holds a block (vclk_nb[n], NULL when free), the handle it was
 * registered through and that handle's clock.  A registration fills one
 * free entry, an unregistration frees the one entry of that block and
 * clock; nothing else in the table moves, and a refused call moves
 * nothing.
 */
#ifndef VCLK_SPEC_NOTIFIER_H
#define VCLK_SPEC_NOTIFIER_H

/*@
  predicate vclk_nb_entry_unchanged{L1, L2}(integer n) =
    \at(vclk_nb[n], L1) == \at(vclk_nb[n], L2) &&
    \at(vclk_nb_handle[n], L1) == \at(vclk_nb_handle[n], L2) &&
    \at(vclk_nb_clock[n], L1) == \at(vclk_nb_clock[n], L2);

  // REQ-NOTIFY-1: every entry of the table as at L1
  predicate vclk_nb_unchanged{L1, L2} =
    \forall integer n; 0 <= n < VCLK_MAX_NOTIFIERS ==>
      vclk_nb_entry_unchanged{L1, L2}(n);

  // REQ-NOTIFY-1: block nb is registered for clock c
  predicate vclk_nb_registered{L}(struct notifier_block *nb, integer c) =
    \exists integer n; 0 <= n < VCLK_MAX_NOTIFIERS &&
      vclk_nb[n] == nb && vclk_nb_clock[n] == c;

  // REQ-NOTIFY-1: entry n alone changed between L1 and L2
  predicate vclk_nb_only_entry{L1, L2}(integer n) =
    \forall integer k; 0 <= k < VCLK_MAX_NOTIFIERS && k != n ==>
      vclk_nb_entry_unchanged{L1, L2}(k);
*/

#endif /* VCLK_SPEC_NOTIFIER_H */
