/* SPDX-License-Identifier: MIT */
/*
 * core/vclk_ops.h - the one door from the core to the providers.
 *
 * The core never calls a provider op pointer itself: it calls these
 * dispatchers, and its proof uses their contracts.  They are implemented
 * in platform/dispatch.c over struct vclk_ops; a call through a function
 * pointer is beyond WP, so these contracts are the assumed interface that
 * the proof report lists (ASSUME-OPS).  The dispatcher itself clamps a
 * provider's return value into the promised range.
 */
#ifndef VCLK_OPS_H
#define VCLK_OPS_H

#include "vclk_state.h"

/**
 * vclk_op_prepare() - prepare clock @id's hardware (may sleep)
 * Return: 0, or a negative errno with the hardware left as it was.
 */
/*@ requires slot: vclk_slot(id);
    assigns  vclk_hw_state[id];
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
int vclk_op_prepare(int id);

/** vclk_op_unprepare() - undo vclk_op_prepare() */
/*@ requires slot: vclk_slot(id);
    assigns  vclk_hw_state[id];
*/
void vclk_op_unprepare(int id);

/**
 * vclk_op_enable() - ungate clock @id (atomic context)
 * Return: 0, or a negative errno with the hardware left as it was.
 */
/*@ requires slot: vclk_slot(id);
    assigns  vclk_hw_state[id];
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
int vclk_op_enable(int id);

/** vclk_op_disable() - undo vclk_op_enable() */
/*@ requires slot: vclk_slot(id);
    assigns  vclk_hw_state[id];
*/
void vclk_op_disable(int id);

/**
 * vclk_op_is_prepared() / vclk_op_is_enabled() - read the hardware back
 * Without the op: whether the core's count is non-zero.
 */
/*@ requires slot: vclk_slot(id);
    assigns  \nothing;
    ensures  bool: \result == 0 || \result == 1;
*/
int vclk_op_is_prepared(int id);

/*@ requires slot: vclk_slot(id);
    assigns  \nothing;
    ensures  bool: \result == 0 || \result == 1;
*/
int vclk_op_is_enabled(int id);

/**
 * vclk_op_recalc_rate() - rate of @id given its parent's rate
 * Without a recalc_rate op: the parent's rate.
 */
/*@ requires slot: vclk_slot(id);
    assigns  \nothing;
*/
unsigned long vclk_op_recalc_rate(int id, unsigned long parent_rate);

/**
 * vclk_op_get_parent() - the hardware's current input index of @id
 * Return: an index in [0, num_parents), or -1 if the hardware selects
 * none of them (or there is no get_parent op and more than one input).
 */
/*@ requires slot: vclk_slot(id);
    requires n:    1 <= num_parents <= VCLK_MAX_PARENTS;
    assigns  \nothing;
    ensures  range: -1 <= \result < num_parents;
*/
int vclk_op_get_parent(int id, int num_parents);

/**
 * vclk_op_set_parent() - switch @id's hardware input to @index
 * Return: 0, or a negative errno with the hardware left as it was.
 */
/*@ requires slot:  vclk_slot(id);
    requires index: 0 <= index < VCLK_MAX_PARENTS;
    assigns  vclk_hw_state[id];
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
int vclk_op_set_parent(int id, int index);

/* ---- rates ---- */

/**
 * vclk_op_round_rate() - the rate @id would run at, asked for @rate, with
 * its parent at @parent_rate.  Without a round_rate op: recalc_rate.
 */
/*@ requires slot: vclk_slot(id);
    assigns  \nothing;
    ensures  pure: \result == vclk_round_of(id, rate, parent_rate);
*/
unsigned long vclk_op_round_rate(int id, unsigned long rate,
				 unsigned long parent_rate);

/**
 * vclk_op_parent_rate_candidate() - the @k-th parent rate worth trying
 * to make @rate; 0 for none (the core skips it and asks for the next k up
 * to VCLK_MAX_RATE_CANDIDATES - 1).  Without the op: @rate once.
 */
/*@ requires slot: vclk_slot(id);
    requires k:    0 <= k;
    assigns  \nothing;
    ensures  pure: \result == vclk_candidate_of(id, rate, k);
*/
unsigned long vclk_op_parent_rate_candidate(int id, unsigned long rate, int k);

/**
 * vclk_op_save() - remember @id's rate setting for vclk_op_restore()
 */
/*@ requires slot: vclk_slot(id);
    assigns  vclk_saved_cfg[id];
    ensures  saved: vclk_saved_cfg[id] == vclk_hw_cfg[id];
*/
void vclk_op_save(int id);

/**
 * vclk_op_restore() - put back the setting vclk_op_save() remembered;
 * cannot fail (a register write, or a deterministic set_rate)
 */
/*@ requires slot: vclk_slot(id);
    assigns  vclk_hw_cfg[id];
    ensures  restored: vclk_hw_cfg[id] == vclk_saved_cfg[id];
*/
void vclk_op_restore(int id);

/**
 * vclk_op_set_rate() - program @id for @rate with its parent at
 * @parent_rate.  Checks that recalc_rate(@parent_rate) then gives @rate,
 * and fails with -EIO (setting restored) if it does not.
 * Return: 0, or a negative errno with the setting left as it was.
 */
/*@ requires slot: vclk_slot(id);
    assigns  vclk_hw_cfg[id];
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  kept:  \result != 0 ==> vclk_hw_cfg[id] == \old(vclk_hw_cfg[id]);
*/
int vclk_op_set_rate(int id, unsigned long rate, unsigned long parent_rate);

/**
 * vclk_op_notify() - call rate-change notifier @n with @event
 * The notifier cannot change the core's state: every API entry answers
 * -EDEADLK while vclk_busy is set (and reads are all it may do).
 * Return: NOTIFY_DONE, NOTIFY_OK, NOTIFY_BAD or NOTIFY_STOP.
 */
/*@ requires n: 0 <= n < VCLK_MAX_NOTIFIERS;
    assigns  \nothing;
    ensures  answer: \result == NOTIFY_DONE || \result == NOTIFY_OK ||
                     \result == NOTIFY_BAD || \result == NOTIFY_STOP;
*/
int vclk_op_notify(int n, unsigned long event, unsigned long old_rate,
		   unsigned long new_rate);

/* ---- signal: accuracy, phase, duty cycle (core/signal.c) ---- */

/**
 * vclk_op_recalc_accuracy() - accuracy in ppb of @id given its parent's
 * @parent_accuracy.  Without a recalc_accuracy op: @parent_accuracy.
 * The dispatcher raises an answer below @parent_accuracy to it.
 */
/*@ requires slot: vclk_slot(id);
    assigns  \nothing;
    ensures  pure:     \result == vclk_accuracy_of(id, parent_accuracy);
    ensures  no_better: \result >= parent_accuracy;
*/
unsigned long vclk_op_recalc_accuracy(int id, unsigned long parent_accuracy);

/**
 * vclk_op_has_get_phase() / vclk_op_has_set_phase() - whether @id's
 * provider has a get_phase (set_phase) op
 */
/*@ requires slot: vclk_slot(id);
    assigns  \nothing;
    ensures  bool: \result == 0 || \result == 1;
    ensures  has:  \result == 1 <==> vclk_has_get_phase(id);
*/
int vclk_op_has_get_phase(int id);

/*@ requires slot: vclk_slot(id);
    assigns  \nothing;
    ensures  bool: \result == 0 || \result == 1;
    ensures  has:  \result == 1 <==> vclk_has_set_phase(id);
*/
int vclk_op_has_set_phase(int id);

/**
 * vclk_op_get_phase() - the phase in degrees @id's hardware applies
 * Return: a phase in [0, 359], or a negative errno (-EINVAL without a
 * get_phase op).
 */
/*@ requires slot: vclk_slot(id);
    assigns  \nothing;
    ensures  phase: 0 <= \result < 360 || -VCLK_MAX_ERRNO <= \result < 0;
*/
int vclk_op_get_phase(int id);

/**
 * vclk_op_set_phase() - shift @id's phase to @degrees
 * Return: 0 (also without a set_phase op), or a negative errno with the
 * hardware left as it was.
 */
/*@ requires slot:    vclk_slot(id);
    requires degrees: 0 <= degrees < 360;
    assigns  vclk_hw_state[id];
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  kept:  \result != 0 ==> vclk_hw_state[id] == \old(vclk_hw_state[id]);
*/
int vclk_op_set_phase(int id, int degrees);

/**
 * vclk_op_has_get_duty() / vclk_op_has_set_duty() - whether @id's
 * provider has a get_duty_cycle (set_duty_cycle) op
 */
/*@ requires slot: vclk_slot(id);
    assigns  \nothing;
    ensures  bool: \result == 0 || \result == 1;
    ensures  has:  \result == 1 <==> vclk_has_get_duty(id);
*/
int vclk_op_has_get_duty(int id);

/*@ requires slot: vclk_slot(id);
    assigns  \nothing;
    ensures  bool: \result == 0 || \result == 1;
    ensures  has:  \result == 1 <==> vclk_has_set_duty(id);
*/
int vclk_op_has_set_duty(int id);

/**
 * vclk_op_get_duty_cycle() - @id's duty cycle, *@num / *@den
 * Return: 0 with a fraction of a period in *@num / *@den; or a negative
 * errno (-EINVAL for a provider's answer that is no such fraction, or
 * without a get_duty_cycle op), *@num and *@den then meaningless.
 */
/*@ requires slot: vclk_slot(id);
    requires out:  \valid(num) && \valid(den) && \separated(num, den);
    assigns  *num, *den;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  duty:  \result == 0 ==> vclk_duty_ok(*num, *den);
*/
int vclk_op_get_duty_cycle(int id, unsigned int *num, unsigned int *den);

/**
 * vclk_op_set_duty_cycle() - set @id's duty cycle to @num / @den
 * Return: 0 (also without a set_duty_cycle op), or a negative errno with
 * the hardware left as it was.
 */
/*@ requires slot: vclk_slot(id);
    requires duty: vclk_duty_ok(num, den);
    assigns  vclk_hw_state[id];
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  kept:  \result != 0 ==> vclk_hw_state[id] == \old(vclk_hw_state[id]);
*/
int vclk_op_set_duty_cycle(int id, unsigned int num, unsigned int den);

#endif /* VCLK_OPS_H */
