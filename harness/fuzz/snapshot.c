/* SPDX-License-Identifier: MIT */
/*
 * harness/fuzz/snapshot.c - a loaded tree as an image (snapshot.h).
 */
#include <stdlib.h>
#include <string.h>
#include "regmodel.h"
#include "snapshot.h"
#include "vclk.h"

/*
 * Every variable core/ defines (core/vclk_state.h declares them), each
 * copied whole: a variable the list lacked would carry one input's state
 * into the next, so harness/fuzz/snapshot-check.sh holds this list to the
 * definitions in core/'s sources.  The scratch of a rate change is copied too,
 * although it means nothing between calls, so that the check needs no
 * exceptions.
 */
#define CORE_STATE(X)							\
	X(vclk_nr_clocks) X(vclk_name) X(vclk_flags) X(vclk_ops_of)	\
	X(vclk_priv_of) X(vclk_parent) X(vclk_depth) X(vclk_nr_parents)	\
	X(vclk_parent_name) X(vclk_parent_ids) X(vclk_parent_index)	\
	X(vclk_rate) X(vclk_prepare_count) X(vclk_enable_count)		\
	X(vclk_handles) X(vclk_handle_clock) X(vclk_handle_prepares)	\
	X(vclk_handle_enables) X(vclk_handle_misuse) X(vclk_handle_dev)	\
	X(vclk_round_memo) X(vclk_req_rate) X(vclk_req_set)		\
	X(vclk_handle_min) X(vclk_handle_max) X(vclk_clk_min)		\
	X(vclk_clk_max) X(vclk_nb)						\
	X(vclk_nb_handle) X(vclk_nb_clock) X(vclk_nb_top) X(vclk_busy)	\
	X(vclk_new_rate) X(vclk_old_rate) X(vclk_path)			\
	X(vclk_in_change) X(vclk_handle_excl) X(vclk_excl_holders)	\
	X(vclk_clkdev_dev)						\
	X(vclk_clkdev_con) X(vclk_clkdev_clock) X(vclk_phase)

#define SIZE_OF(var) + sizeof(var)
#define CORE_STATE_SIZE (0 CORE_STATE(SIZE_OF))

struct snapshot {
	const struct tree *tree;
	struct regmodel_image *regs;
	int nr_clocks;
	struct tree_clock clocks[VCLK_MAX_CLOCKS];
	struct omap4_clkdm clkdms[CLKDESC_MAX_CLKDMS];
	unsigned char core[CORE_STATE_SIZE];
};

static void save_core(unsigned char *p)
{
#define SAVE(var) memcpy(p, &(var), sizeof(var)); p += sizeof(var);
	CORE_STATE(SAVE)
#undef SAVE
}

static void load_core(const unsigned char *p)
{
#define LOAD(var) memcpy(&(var), p, sizeof(var)); p += sizeof(var);
	CORE_STATE(LOAD)
#undef LOAD
}

struct snapshot *snapshot_take(const struct tree *t, struct snapshot *reuse)
{
	struct snapshot *s = reuse ? reuse : malloc(sizeof(*s));

	if (!s)
		return NULL;
	s->regs = regmodel_save(reuse ? reuse->regs : NULL);
	if (!s->regs) {
		free(s);
		return NULL;
	}
	s->tree = t;
	s->nr_clocks = t->desc.nr_clocks;
	memcpy(s->clocks, t->clocks, (size_t)s->nr_clocks * sizeof(s->clocks[0]));
	memcpy(s->clkdms, t->clkdms, sizeof(s->clkdms));
	save_core(s->core);
	return s;
}

void snapshot_restore(const struct snapshot *s, struct tree *t)
{
	if (t != s->tree)
		abort();	/* the core would point into another tree */
	load_core(s->core);
	regmodel_restore(s->regs);
	memcpy(t->clocks, s->clocks, (size_t)s->nr_clocks * sizeof(s->clocks[0]));
	memcpy(t->clkdms, s->clkdms, sizeof(s->clkdms));
}
