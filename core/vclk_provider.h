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

/**
 * struct vclk_ops - what a clock provider implements.  Every member may be
 * NULL; the core then does what Linux's clk.c does for a missing op
 * (nothing, or a pass-through of the parent rate).  @priv is the pointer
 * given at registration.  Ops that can fail return 0 or a negative errno
 * and, on failure, leave their hardware as it was.
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
