/* SPDX-License-Identifier: MIT */
/*
 * The core's state: static pools indexed by small integer ids.
 *
 * Structure-of-arrays on purpose: each field is its own global array, so
 * the WP memory model separates them and a function that writes only the
 * enable counts provably leaves parents, depths and rates alone.
 *
 * Only core/ writes these; harness code reads them through the accessors
 * in vclk.h.
 */
#ifndef VCLK_STATE_H
#define VCLK_STATE_H

#include <stdint.h>
#include "vclk_config.h"
#include "vclk_errno.h"
#include "vclk_provider.h"

#define VCLK_NONE (-1)

/* ---- clocks: ids [0, vclk_nr_clocks) are registered ---- */
extern int vclk_nr_clocks;
/* names are the provider's strings, kept by pointer: they must outlive
 * the clock (static strings in firmware, as in a Linux clk_init_data) */
extern const char *vclk_name[VCLK_MAX_CLOCKS];
extern unsigned long vclk_flags[VCLK_MAX_CLOCKS];
extern const struct vclk_ops *vclk_ops_of[VCLK_MAX_CLOCKS];
extern void *vclk_priv_of[VCLK_MAX_CLOCKS];
/* current parent id, VCLK_NONE for a root or an orphan */
extern int vclk_parent[VCLK_MAX_CLOCKS];
/* distance to the root along vclk_parent: the acyclicity witness */
extern int vclk_depth[VCLK_MAX_CLOCKS];
/* possible parents: names as registered, ids once those clocks exist;
 * input k of clock c is at VCLK_INPUT(c, k) (flat: WP proves assigns
 * inclusion on one-dimensional ranges by simplification alone) */
#define VCLK_INPUT(c, k) ((c) * VCLK_MAX_PARENTS + (k))
extern int vclk_nr_parents[VCLK_MAX_CLOCKS];
extern const char *vclk_parent_name[VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS];
extern int vclk_parent_ids[VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS];
/* index of the selected input (the wanted one while orphaned; -1 when
 * the hardware reported an input it does not have) */
extern int vclk_parent_index[VCLK_MAX_CLOCKS];
extern unsigned long vclk_rate[VCLK_MAX_CLOCKS];
extern uint32_t vclk_prepare_count[VCLK_MAX_CLOCKS];
extern uint32_t vclk_enable_count[VCLK_MAX_CLOCKS];

/* ---- handles: slot h < VCLK_MAX_CLOCKS is clock h's own handle ---- */
struct clk {
	int slot;		/* its own index: the data is in the arrays */
};
extern struct clk vclk_handles[VCLK_NR_HANDLES];
/* clock a handle refers to, VCLK_NONE when the slot is free */
extern int vclk_handle_clock[VCLK_NR_HANDLES];
/* references this handle holds */
extern uint32_t vclk_handle_prepares[VCLK_NR_HANDLES];
extern uint32_t vclk_handle_enables[VCLK_NR_HANDLES];
/* unbalanced release attempts through this handle */
extern uint32_t vclk_handle_misuse[VCLK_NR_HANDLES];
extern const char *vclk_handle_dev[VCLK_NR_HANDLES];

/*
 * Abstract provider state: what the hardware behind clock id holds.
 * Provider ops are the only writers; the core's proof only needs to know
 * which clock's hardware an op may touch.
 */
/*@ ghost extern int vclk_hw_state[VCLK_MAX_CLOCKS]; */

/*
 * Ghost output of the reference walks: the top-most clock whose count
 * the walk changed.  Lets a caller undo a walk exactly.
 */
/*@ ghost extern int vclk_walk_top; */

#include "../spec/pool.h"
#include "../spec/acyclic.h"
#include "../spec/balance.h"
#include "../spec/walk.h"

#endif /* VCLK_STATE_H */
