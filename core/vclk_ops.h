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

#endif /* VCLK_OPS_H */
