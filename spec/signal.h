/* SPDX-License-Identifier: MIT */
/*
 * spec/signal.h - the signal properties beyond the rate: accuracy, phase
 * and duty cycle (core/signal.c).
 *
 * Accuracy is not cached: clk_get_accuracy() computes it from the root
 * down at each call, so it is a function of the tree's shape and of the
 * providers' recalc_accuracy ops, stated here as one logic term.  As in
 * spec/round.h, a provider's op is named by a logic function that is
 * declared, not defined, and nothing is assumed about its values; the
 * contract of vclk_op_recalc_accuracy() (core/vclk_ops.h, ASSUME-OPS) says
 * that the op computes it.  The recursion up the tree is bounded by the
 * fuel @f (the clock's depth where the contracts use it).
 *
 * The phase cache is the core's one piece of signal state: the phase last
 * set, for providers that can set but not read back a phase.
 */
#ifndef VCLK_SPEC_SIGNAL_H
#define VCLK_SPEC_SIGNAL_H

/*@
  axiomatic VclkProviderAccuracy {
    // the accuracy (ppb) of clock id given its parent's accuracy
    // (vclk_op_recalc_accuracy)
    logic integer vclk_accuracy_of(integer id, integer parent_accuracy);
    // which of the phase and duty-cycle ops provider id has
    // (vclk_op_has_get_phase() and its siblings)
    predicate vclk_has_get_phase(integer id);
    predicate vclk_has_set_phase(integer id);
    predicate vclk_has_get_duty(integer id);
    predicate vclk_has_set_duty(integer id);
  }

  // REQ-SIG-1: the accuracy of clock c: its provider's answer to its parent's
  // accuracy, 0 above a root or an orphan (Linux's __clk_recalc_accuracies)
  logic integer vclk_accuracy{L}(integer c, integer f) =
    vclk_accuracy_of(c, (f > 0 && vclk_parent[c] != VCLK_NONE) ?
                          vclk_accuracy(vclk_parent[c], f - 1) : 0);

  // REQ-SIG-2: Linux's phase normalisation: degrees modulo 360, into [0, 359]
  logic integer vclk_phase_normalised(integer degrees) =
    degrees % 360 < 0 ? degrees % 360 + 360 : degrees % 360;

  // REQ-SIG-2: every cached phase is a normalised one
  predicate vclk_phases_ok{L} =
    \forall integer c; 0 <= c < VCLK_MAX_CLOCKS ==>
      0 <= vclk_phase[c] < 360;

  // c hands duty-cycle requests it has no op for to its parent
  predicate vclk_duty_from_parent{L}(integer c) =
    (vclk_flags[c] & CLK_DUTY_CYCLE_PARENT) != 0 && vclk_parent[c] != VCLK_NONE;

  // REQ-SIG-3: a duty cycle num/den is a fraction of a period: 0 <= num/den <= 1
  predicate vclk_duty_ok(integer num, integer den) =
    0 < den && 0 <= num <= den;
*/

#endif /* VCLK_SPEC_SIGNAL_H */
