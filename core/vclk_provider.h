/* SPDX-License-Identifier: MIT */
/*
 * vclk provider interface: clock ops, registration data, and the contracts
 * the core is proven against.
 */
#ifndef VCLK_PROVIDER_H
#define VCLK_PROVIDER_H

#include <stdbool.h>
#include <stddef.h>
#include "vclk_config.h"
#include "vclk_errno.h"

/* Clock flags: Linux's bit values, so ported tables keep their meaning. */
#define CLK_SET_RATE_GATE        (1UL << 0)
#define CLK_SET_PARENT_GATE      (1UL << 1)
#define CLK_SET_RATE_PARENT      (1UL << 2)
#define CLK_IGNORE_UNUSED        (1UL << 3)
#define CLK_SET_RATE_NO_REPARENT (1UL << 7)
#define CLK_IS_CRITICAL          (1UL << 11)
/* duty-cycle requests of a clock without duty-cycle ops go to its parent */
#define CLK_DUTY_CYCLE_PARENT    (1UL << 13)
/* vclk's own: pick the candidate parent rate giving the rate closest to a
 * request, above or below (Linux: the divider's CLK_DIVIDER_ROUND_CLOSEST) */
#define CLK_ROUND_CLOSEST        (1UL << 16)

/* Rate-change notification events and answers: Linux's values. */
#define PRE_RATE_CHANGE          (1UL << 0)
#define POST_RATE_CHANGE         (1UL << 1)
#define ABORT_RATE_CHANGE        (1UL << 2)

#define NOTIFY_DONE              0x0000
#define NOTIFY_OK                0x0001
#define NOTIFY_STOP_MASK         0x8000
#define NOTIFY_BAD               (NOTIFY_STOP_MASK | 0x0002)
#define NOTIFY_STOP              (NOTIFY_OK | NOTIFY_STOP_MASK)

struct clk;

/**
 * struct clk_notifier_data - what a rate-change notifier is told
 * @clk: the handle the notifier was registered through
 * @old_rate: the clock's rate before the change
 * @new_rate: its rate after the change (PRE: the planned one)
 */
struct clk_notifier_data {
	struct clk *clk;
	unsigned long old_rate;
	unsigned long new_rate;
};

/**
 * struct notifier_block - a rate-change notifier, as in Linux
 * @notifier_call: called with PRE/POST/ABORT_RATE_CHANGE and a
 *	struct clk_notifier_data; answers NOTIFY_OK or NOTIFY_DONE, or
 *	NOTIFY_BAD / NOTIFY_STOP to veto a PRE_RATE_CHANGE.  It must not call
 *	back into the clock API: such calls fail with -EDEADLK.
 */
struct notifier_block {
	int (*notifier_call)(struct notifier_block *nb, unsigned long event,
			     void *data);
};

/**
 * struct vclk_ops - what a clock provider implements.  Every member may be
 * NULL; the core then does what Linux's clk.c does for a missing op
 * (nothing, or a pass-through of the parent rate).  @priv is the pointer
 * given at registration.  Ops that can fail return 0 or a negative errno
 * and, on failure, leave their hardware as it was.
 *
 * Rate ops.  The core decides a whole rate change before it touches any
 * hardware, so a provider answers questions and never calls the core:
 * @round_rate: the rate the clock would run at, asked for @rate, when its
 *	parent runs at @parent_rate.  Pure.  Without it: recalc_rate.
 * @parent_rate_candidate: for a CLK_SET_RATE_PARENT clock, the k-th
 *	parent rate worth asking the parent for to make @rate (a divider:
 *	@rate times its k-th divider), 0 for none (the core asks for k up
 *	to VCLK_MAX_RATE_CANDIDATES - 1 and skips the zeros).  Pure.  The
 *	core rounds each candidate at the parent and keeps the best
 *	outcome, as Linux's divider does.  Without it: @rate itself
 *	(pass-through).
 * @set_rate: program the clock for @rate given @parent_rate (a value
 *	round_rate returned for that parent rate).  After success,
 *	recalc_rate(@parent_rate) must return @rate: the core checks it.
 * @save_context / @restore_context: remember the rate setting, and put it
 *	back exactly (Linux's suspend-time ops); the core's rollback of a
 *	failed change.  Without them the core restores by set_rate of the old
 *	rate, which assumes set_rate is deterministic.
 *
 * Signal ops (core/signal.c):
 * @recalc_accuracy: the clock's accuracy in ppb given its parent's
 *	@parent_accuracy (0 above a root).  Pure.  It must not wrap: a sum
 *	that would exceed ULONG_MAX saturates there.  An answer below
 *	@parent_accuracy is raised to it (a clock is no more accurate than
 *	its source).  Without it: @parent_accuracy.
 * @get_phase: the phase shift in degrees the hardware applies, or a
 *	negative errno.  An answer of 360 or more is taken modulo 360.
 * @set_phase: shift the phase to @degrees, in [0, 359].
 * @get_duty_cycle: the duty cycle as the fraction *@num / *@den; 0, or a
 *	negative errno.  A fraction with *@den == 0 or *@num > *@den is
 *	refused (-EINVAL), as Linux does.
 * @set_duty_cycle: set the duty cycle to @num / @den (0 < @den,
 *	@num <= @den).
 */
struct vclk_ops {
	int (*prepare)(void *priv);
	void (*unprepare)(void *priv);
	int (*is_prepared)(void *priv);
	int (*enable)(void *priv);
	void (*disable)(void *priv);
	int (*is_enabled)(void *priv);
	unsigned long (*recalc_rate)(void *priv, unsigned long parent_rate);
	int (*get_parent)(void *priv);
	int (*set_parent)(void *priv, int index);
	/* rates: see "Rate ops" above */
	unsigned long (*round_rate)(void *priv, unsigned long rate,
				    unsigned long parent_rate);
	unsigned long (*parent_rate_candidate)(void *priv, unsigned long rate,
					       int k);
	int (*set_rate)(void *priv, unsigned long rate,
			unsigned long parent_rate);
	void (*save_context)(void *priv);
	void (*restore_context)(void *priv);
	/* signal: see "Signal ops" above */
	unsigned long (*recalc_accuracy)(void *priv,
					 unsigned long parent_accuracy);
	int (*get_phase)(void *priv);
	int (*set_phase)(void *priv, int degrees);
	int (*get_duty_cycle)(void *priv, unsigned int *num, unsigned int *den);
	int (*set_duty_cycle)(void *priv, unsigned int num, unsigned int den);
};

/**
 * struct vclk_init_data - what vclk_register() needs to know of a clock.
 * @name: unique name, shorter than VCLK_NAME_LEN
 * @parent_names: @num_parents names of the possible parents, in the order
 *	of the hardware's mux index; they need not be registered yet
 * @num_parents: 0 for a root clock, at most VCLK_MAX_PARENTS
 * @flags: CLK_* flags
 * @ops: provider ops, may be NULL for a purely logical clock
 * @priv: passed back to every op
 */
struct vclk_init_data {
	const char *name;
	const char *const *parent_names;
	int num_parents;
	unsigned long flags;
	const struct vclk_ops *ops;
	void *priv;
};

#endif /* VCLK_PROVIDER_H */
