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

#include <limits.h>
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

/* ---- rates: requests, consumer ranges, notifiers ---- */
/* the last rate a consumer asked for (Linux's req_rate), valid when
 * vclk_req_set[c]; a new range re-applies it */
extern unsigned long vclk_req_rate[VCLK_MAX_CLOCKS];
extern int vclk_req_set[VCLK_MAX_CLOCKS];
/* the rate range consumer handle h asks of its clock */
extern unsigned long vclk_handle_min[VCLK_NR_HANDLES];
extern unsigned long vclk_handle_max[VCLK_NR_HANDLES];
/* the intersection of the ranges of clock c's consumers, kept by every
 * writer of a handle's clock or range (spec/aggregate.h): a rate change
 * reads it instead of scanning every handle */
extern unsigned long vclk_clk_min[VCLK_MAX_CLOCKS];
extern unsigned long vclk_clk_max[VCLK_MAX_CLOCKS];
/* notifier n: its block, the handle it came through, and that handle's
 * clock (VCLK_NONE: entry free) */
extern struct notifier_block *vclk_nb[VCLK_MAX_NOTIFIERS];
extern struct clk *vclk_nb_handle[VCLK_MAX_NOTIFIERS];
extern int vclk_nb_clock[VCLK_MAX_NOTIFIERS];
/* every entry from this one on is free: a rate change asks only the
 * entries below it (raised by registration, back to 0 by a reset) */
extern int vclk_nb_top;
/* set while notifiers run: the API then answers -EDEADLK */
extern int vclk_busy;

/* ---- exclusive rates ---- */
/* exclusivity references handle h holds on its clock's rate (Linux's
 * clk->exclusive_count); protection is derived, see spec/exclusive.h */
extern uint32_t vclk_handle_excl[VCLK_NR_HANDLES];
/* how many handles hold exclusivity (vclk_handle_excl[h] > 0): while it
 * is 0, or 1 and the asker's own single reference, no rate is held
 * against the asker and clk_core_rate_protected() needs no walk */
extern uint32_t vclk_excl_holders;

/* ---- scratch of one rate change (meaningless between calls) ---- */
/* each clock's rate after the planned change */
extern unsigned long vclk_new_rate[VCLK_MAX_CLOCKS];
/* the clocks whose setting changes: from the top of the change down to
 * the clock asked, one per depth, vclk_path[d] at depth d */
extern int vclk_path[VCLK_MAX_CLOCKS];
/* 1 for the clocks below the top of the change (rates may move) */
extern int vclk_in_change[VCLK_MAX_CLOCKS];
/* each clock's rate before the change (notifiers' old_rate) */
extern unsigned long vclk_old_rate[VCLK_MAX_CLOCKS];
/* what clk_core_round() answered for each clock, and for which request:
 * planning asks a clock again for what its child's search already asked
 * it, so a chain of one-candidate clocks is planned in linear time, not
 * quadratic, and a search over two candidates a level is polynomial, not
 * exponential.  Forgotten at the start of every round and set_rate: the
 * answers are only those of one state. */
struct vclk_round_memo {
	unsigned long req;	/* the request answered; 0: nothing */
	unsigned long rate;	/* clk_core_round()'s result */
	unsigned long preq;	/* the rate that asks the parent for */
	unsigned long prate;	/* the rate the parent then runs at */
	int input;		/* the input it switches to; -1: stays */
};
extern struct vclk_round_memo vclk_round_memo[VCLK_MAX_CLOCKS];

/* ---- clkdev lookups: entry i maps (dev, con) to a clock name ---- */
/* NULL dev / con: matches any; NULL clock name: entry free */
extern const char *vclk_clkdev_dev[VCLK_MAX_LOOKUPS];
extern const char *vclk_clkdev_con[VCLK_MAX_LOOKUPS];
extern const char *vclk_clkdev_clock[VCLK_MAX_LOOKUPS];

/*
 * Abstract provider state: what the hardware behind clock id holds.
 * Provider ops are the only writers; the core's proof only needs to know
 * which clock's hardware an op may touch.
 */
/*@ ghost extern int vclk_hw_state[VCLK_MAX_CLOCKS]; */
/*
 * The same for the rate setting (dividers, PLL factors): set_rate and
 * restore_context write it, nothing else does.  vclk_saved_cfg is what
 * save_context remembered.
 */
/*@ ghost extern int vclk_hw_cfg[VCLK_MAX_CLOCKS]; */
/*@ ghost extern int vclk_saved_cfg[VCLK_MAX_CLOCKS]; */

/*
 * Ghost output of the reference walks: the top-most clock whose count
 * the walk changed.  Lets a caller undo a walk exactly.
 */
/*@ ghost extern int vclk_walk_top; */

#include "../spec/pool.h"
#include "../spec/names.h"
#include "../spec/handles.h"
#include "../spec/acyclic.h"
#include "../spec/aggregate.h"
#include "../spec/balance.h"
#include "../spec/walk.h"
#include "../spec/refs.h"
#include "../spec/rate.h"
#include "../spec/round.h"
#include "../spec/clkdev.h"
#include "../spec/exclusive.h"
#include "../spec/notifier.h"
#include "../spec/register.h"

/* ---- signal properties (core/signal.c) ---- */
/* the phase in degrees, [0, 359], last set through clk_set_phase(): what
 * clk_get_phase() answers for a provider that cannot read it back (Linux's
 * core->phase) */
extern int vclk_phase[VCLK_MAX_CLOCKS];

#include "../spec/signal.h"

#endif /* VCLK_STATE_H */
