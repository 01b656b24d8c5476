/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/tree.c - a parsed .clk description registered with the
 * core over the host register model (see tree.h).
 *
 * The parser's structs and platform's config structs differ in small
 * ways (a divider table entry is {div, val} in the parser and Linux's
 * {val, div} in platform), so each clock gets its config built here,
 * inside its struct tree_clock, and is registered through a wrapper
 * struct vclk_ops whose priv is that struct tree_clock.
 */
#include <stdio.h>
#include <string.h>
#include "tree.h"
#include "regmodel.h"
#include "vclk.h"

/* ==================== errno names ==================== */

static const struct {
	int err;
	const char *name;
} errnames[] = {
	{ VCLK_ENOENT, "-ENOENT" },
	{ VCLK_EIO, "-EIO" },
	{ VCLK_ENOMEM, "-ENOMEM" },
	{ VCLK_EBUSY, "-EBUSY" },
	{ VCLK_EEXIST, "-EEXIST" },
	{ VCLK_EINVAL, "-EINVAL" },
	{ VCLK_EDEADLK, "-EDEADLK" },
	{ VCLK_ENAMETOOLONG, "-ENAMETOOLONG" },
	{ VCLK_EOVERFLOW, "-EOVERFLOW" },
	{ VCLK_ESHUTDOWN, "-ESHUTDOWN" },
	{ VCLK_ETIMEDOUT, "-ETIMEDOUT" },
};

const char *tree_errname(int err)
{
	static char buf[24];

	for (size_t i = 0; i < sizeof(errnames) / sizeof(errnames[0]); i++)
		if (-errnames[i].err == err)
			return errnames[i].name;
	/* a provider may return any errno the core has no name for */
	snprintf(buf, sizeof(buf), "-E%d", -err);
	return buf;
}

/* ==================== the wrapper ops ==================== */

static const char *const op_names[TREE_NR_OPS] = {
	[TREE_OP_PREPARE] = "prepare",
	[TREE_OP_ENABLE] = "enable",
	[TREE_OP_SET_PARENT] = "set_parent",
	[TREE_OP_SET_RATE] = "set_rate",
	[TREE_OP_SET_PHASE] = "set_phase",
	[TREE_OP_SET_DUTY] = "set_duty",
};

const char *tree_op_name(enum tree_op op)
{
	return op < TREE_NR_OPS ? op_names[op] : "?";
}

int tree_op_lookup(const char *name)
{
	for (int op = 0; op < TREE_NR_OPS; op++)
		if (strcmp(op_names[op], name) == 0)
			return op;
	return -1;
}

/*
 * Count one call of @op down in every armed countdown; true when one
 * reaches zero, i.e. this is the call a "fail" command named.  Checked
 * before the type's op runs, so the failed call touches no register, as
 * the ops' contract asks of a failure.
 */
static bool injected(struct tree_clock *tc, enum tree_op op)
{
	bool fail = false;

	for (int k = 0; k < TREE_MAX_ARMED; k++) {
		int *n = &tc->armed[op][k];

		if (*n > 0 && --*n == 0)
			fail = true;
	}
	return fail;
}

static int w_prepare(void *priv)
{
	struct tree_clock *tc = priv;

	if (injected(tc, TREE_OP_PREPARE))
		return -VCLK_EIO;
	return tc->inner->prepare ? tc->inner->prepare(tc->inner_priv) : 0;
}

static void w_unprepare(void *priv)
{
	struct tree_clock *tc = priv;

	tc->inner->unprepare(tc->inner_priv);
}

static int w_is_prepared(void *priv)
{
	struct tree_clock *tc = priv;

	return tc->inner->is_prepared(tc->inner_priv);
}

static int w_enable(void *priv)
{
	struct tree_clock *tc = priv;

	if (injected(tc, TREE_OP_ENABLE))
		return -VCLK_EIO;
	return tc->inner->enable ? tc->inner->enable(tc->inner_priv) : 0;
}

static void w_disable(void *priv)
{
	struct tree_clock *tc = priv;

	tc->inner->disable(tc->inner_priv);
}

static int w_is_enabled(void *priv)
{
	struct tree_clock *tc = priv;

	return tc->inner->is_enabled(tc->inner_priv);
}

static unsigned long w_recalc_rate(void *priv, unsigned long parent_rate)
{
	struct tree_clock *tc = priv;

	return tc->inner->recalc_rate(tc->inner_priv, parent_rate);
}

static int w_get_parent(void *priv)
{
	struct tree_clock *tc = priv;

	return tc->inner->get_parent(tc->inner_priv);
}

static int w_set_parent(void *priv, int index)
{
	struct tree_clock *tc = priv;

	if (injected(tc, TREE_OP_SET_PARENT))
		return -VCLK_EIO;
	return tc->inner->set_parent ?
	       tc->inner->set_parent(tc->inner_priv, index) : 0;
}

static unsigned long w_round_rate(void *priv, unsigned long rate,
				  unsigned long parent_rate)
{
	struct tree_clock *tc = priv;

	return tc->inner->round_rate(tc->inner_priv, rate, parent_rate);
}

static unsigned long w_parent_rate_candidate(void *priv, unsigned long rate,
					     int k)
{
	struct tree_clock *tc = priv;

	return tc->inner->parent_rate_candidate(tc->inner_priv, rate, k);
}

static int w_set_rate(void *priv, unsigned long rate, unsigned long parent_rate)
{
	struct tree_clock *tc = priv;

	if (injected(tc, TREE_OP_SET_RATE))
		return -VCLK_EIO;
	return tc->inner->set_rate(tc->inner_priv, rate, parent_rate);
}

static void w_save_context(void *priv)
{
	struct tree_clock *tc = priv;

	tc->inner->save_context(tc->inner_priv);
}

static void w_restore_context(void *priv)
{
	struct tree_clock *tc = priv;

	tc->inner->restore_context(tc->inner_priv);
}

static unsigned long w_recalc_accuracy(void *priv, unsigned long parent_accuracy)
{
	struct tree_clock *tc = priv;

	return tc->inner->recalc_accuracy(tc->inner_priv, parent_accuracy);
}

/* the stand-ins: what was set is what the hardware does */
static int w_get_phase(void *priv)
{
	return ((struct tree_clock *)priv)->phase;
}

static int w_set_phase(void *priv, int degrees)
{
	struct tree_clock *tc = priv;

	if (injected(tc, TREE_OP_SET_PHASE))
		return -VCLK_EIO;
	tc->phase = degrees;
	return 0;
}

static int w_get_duty_cycle(void *priv, unsigned int *num, unsigned int *den)
{
	struct tree_clock *tc = priv;

	*num = tc->duty_num;
	*den = tc->duty_den;
	return 0;
}

static int w_set_duty_cycle(void *priv, unsigned int num, unsigned int den)
{
	struct tree_clock *tc = priv;

	if (injected(tc, TREE_OP_SET_DUTY))
		return -VCLK_EIO;
	tc->duty_num = num;
	tc->duty_den = den;
	return 0;
}

/*
 * The wrapper has an op exactly where the type has one, because the
 * dispatcher gives a missing op a meaning of its own (recalc_rate: the
 * parent's rate; save/restore: set_rate of the old rate; is_enabled: the
 * count).  prepare, enable and set_parent are the exception: the
 * dispatcher treats a missing one as a call that succeeded, which the
 * stand-in also does, so a "fail" can reach them on every type.
 */
static void build_wrapper(struct tree_clock *tc)
{
	const struct vclk_ops *in = tc->inner;
	struct vclk_ops *w = &tc->wrap;

	memset(w, 0, sizeof(*w));
	w->prepare = w_prepare;
	w->enable = w_enable;
	w->set_parent = w_set_parent;
	w->unprepare = in->unprepare ? w_unprepare : NULL;
	w->is_prepared = in->is_prepared ? w_is_prepared : NULL;
	w->disable = in->disable ? w_disable : NULL;
	w->is_enabled = in->is_enabled ? w_is_enabled : NULL;
	w->recalc_rate = in->recalc_rate ? w_recalc_rate : NULL;
	w->get_parent = in->get_parent ? w_get_parent : NULL;
	w->round_rate = in->round_rate ? w_round_rate : NULL;
	w->parent_rate_candidate =
		in->parent_rate_candidate ? w_parent_rate_candidate : NULL;
	w->set_rate = in->set_rate ? w_set_rate : NULL;
	w->save_context = in->save_context ? w_save_context : NULL;
	w->restore_context = in->restore_context ? w_restore_context : NULL;
	w->recalc_accuracy = in->recalc_accuracy ? w_recalc_accuracy : NULL;
	if (tc->desc->caps & CLKDESC_CAP_PHASE) {
		w->get_phase = w_get_phase;
		w->set_phase = w_set_phase;
	}
	if (tc->desc->caps & CLKDESC_CAP_DUTY) {
		tc->duty_num = 1;
		tc->duty_den = 2;
		w->get_duty_cycle = w_get_duty_cycle;
		w->set_duty_cycle = w_set_duty_cycle;
	}
}

bool tree_has_op(const struct tree *t, int i, enum tree_op op)
{
	const struct tree_clock *tc = &t->clocks[i];

	if (op == TREE_OP_SET_RATE)
		return tc->inner && tc->inner->set_rate;
	if (op == TREE_OP_SET_PHASE)
		return (tc->desc->caps & CLKDESC_CAP_PHASE) != 0;
	if (op == TREE_OP_SET_DUTY)
		return (tc->desc->caps & CLKDESC_CAP_DUTY) != 0;
	return op < TREE_NR_OPS;
}

int tree_arm_fail(struct tree *t, int i, enum tree_op op, int n)
{
	struct tree_clock *tc = &t->clocks[i];

	if (n < 1 || !tree_has_op(t, i, op))
		return -VCLK_EINVAL;
	for (int k = 0; k < TREE_MAX_ARMED; k++) {
		if (tc->armed[op][k] == 0) {
			tc->armed[op][k] = n;
			return 0;
		}
	}
	return -VCLK_ENOMEM;
}

/* ==================== configs from descriptions ==================== */

static unsigned int gate_flags(unsigned int type_flags)
{
	return (type_flags & CLKDESC_GATE_SET_TO_DISABLE ? CLK_GATE_SET_TO_DISABLE : 0) |
	       (type_flags & CLKDESC_GATE_HIWORD ? CLK_GATE_HIWORD_MASK : 0);
}

static unsigned int div_flags(unsigned int type_flags)
{
	return (type_flags & CLKDESC_DIV_ONE_BASED ? CLK_DIVIDER_ONE_BASED : 0) |
	       (type_flags & CLKDESC_DIV_POWER_OF_TWO ? CLK_DIVIDER_POWER_OF_TWO : 0) |
	       (type_flags & CLKDESC_DIV_ALLOW_ZERO ? CLK_DIVIDER_ALLOW_ZERO : 0) |
	       (type_flags & CLKDESC_DIV_ROUND_CLOSEST ? CLK_DIVIDER_ROUND_CLOSEST : 0);
}

/**
 * tree_clock_flags() - the CLK_* flags clock @c registers with
 *
 * The .clk flags, plus CLK_ROUND_CLOSEST for a round-closest divider or
 * mux: the type flag makes the provider round to the nearest rate, the
 * clock flag makes the core compare its parent-rate candidates the same
 * way (platform/clk_basic.h, struct clk_divider_cfg), and without it a
 * set-rate-parent divider would be planned round-down by the core and
 * round-closest by its provider.  And CLK_SET_RATE_NO_REPARENT for a
 * DPLL: its second input is its bypass clock, and whether it runs locked
 * or in bypass is its own rate decision (platform/omap4/dpll.h), not the
 * core's choice between equivalent mux inputs (its round_rate computes a
 * locked rate from whatever parent rate it is given).
 */
unsigned long tree_clock_flags(const struct clkdesc_clock *c)
{
	unsigned long flags = c->flags;

	if ((c->type == CLKDESC_DIVIDER &&
	     (c->type_flags & CLKDESC_DIV_ROUND_CLOSEST)) ||
	    (c->type == CLKDESC_MUX &&
	     (c->type_flags & CLKDESC_MUX_ROUND_CLOSEST)))
		flags |= CLK_ROUND_CLOSEST;
	if (c->type == CLKDESC_DPLL)
		flags |= CLK_SET_RATE_NO_REPARENT;
	return flags;
}

/* the TRM's limits of platform/omap4/dpll_round.h, REGM4XEN per line */
struct omap4_dpll_limits tree_dpll_limits(unsigned int type_flags)
{
	static const struct omap4_dpll_limits plain = OMAP4_DPLL_LIMITS;
	static const struct omap4_dpll_limits j_type = OMAP4_DPLL_J_LIMITS;
	struct omap4_dpll_limits lim =
		type_flags & CLKDESC_DPLL_J_TYPE ? j_type : plain;

	lim.has_m4x = (type_flags & CLKDESC_DPLL_M4X) != 0;
	return lim;
}

_Static_assert(CLKDESC_CLKSEL_MAX_TABLE <= OMAP4_CLKSEL_MAX_RATES,
	       "the parser's clksel tables fit the type's");

static void build_config(struct tree_clock *tc, struct omap4_clkdm *clkdms)
{
	const struct clkdesc_clock *c = tc->desc;

	switch (c->type) {
	case CLKDESC_FIXED:
		tc->cfg.fixed = (struct clk_fixed_cfg){
			.rate = c->rate, .accuracy = c->accuracy,
		};
		tc->inner = &clk_fixed_ops;
		break;
	case CLKDESC_SYNTH:
		tc->cfg.synth = (struct clk_synth_cfg){
			.min_rate = c->min_rate, .max_rate = c->max_rate,
			.rate = c->rate,
		};
		tc->inner = &clk_synth_ops;
		break;
	case CLKDESC_FIXED_FACTOR:
		tc->cfg.ff = (struct clk_fixed_factor_cfg){
			.mult = c->mult, .div = c->div,
		};
		tc->inner = &clk_fixed_factor_ops;
		break;
	case CLKDESC_GATE:
		tc->cfg.gate = (struct clk_gate_cfg){
			.reg = c->field.reg, .bit = c->field.shift,
			.flags = gate_flags(c->type_flags),
		};
		tc->inner = &clk_gate_ops;
		break;
	case CLKDESC_MUX:
		memcpy(tc->mux_table, c->mux_table, sizeof(tc->mux_table));
		tc->cfg.mux = (struct clk_mux_cfg){
			.reg = c->field.reg, .shift = c->field.shift,
			.width = c->field.width,
			.flags = c->type_flags & CLKDESC_MUX_ROUND_CLOSEST ?
				 CLK_MUX_ROUND_CLOSEST : 0,
			.table = c->table_len ? tc->mux_table : NULL,
			.num_parents = c->num_parents,
		};
		tc->inner = &clk_mux_ops;
		break;
	case CLKDESC_DIVIDER:
		/* the parser's entries are {div, val}, platform's {val, div} */
		for (int k = 0; k < c->table_len; k++)
			tc->div_table[k] = (struct clk_div_table){
				.val = c->div_table[k].val,
				.div = c->div_table[k].div,
			};
		tc->cfg.div = (struct clk_divider_cfg){
			.reg = c->field.reg, .shift = c->field.shift,
			.width = c->field.width,
			.flags = div_flags(c->type_flags),
			.table = c->table_len ? tc->div_table : NULL,
			.table_len = c->table_len,
		};
		tc->inner = &clk_divider_ops;
		break;
	case CLKDESC_DPLL:
		tc->cfg.dpll = (struct omap4_dpll_cfg){
			.clkmode_reg = c->clkmode, .idlest_reg = c->idlest,
			.clksel_reg = c->clksel,
			.j_type = (c->type_flags & CLKDESC_DPLL_J_TYPE) != 0,
			.limits = tree_dpll_limits(c->type_flags),
			.max_polls = (int)c->polls,
			.bypass_input = c->num_parents == 2,
		};
		tc->inner = &omap4_dpll_ops;
		break;
	case CLKDESC_DPLL_X2:
		tc->cfg.dpll_x2 = (struct omap4_dpll_x2_cfg){
			.clkmode_reg = c->clkmode,
		};
		tc->inner = &omap4_dpll_x2_ops;
		break;
	case CLKDESC_HSDIV:
		tc->cfg.hsdiv = (struct omap4_hsdiv_cfg){ .reg = c->field.reg };
		tc->inner = &omap4_hsdiv_ops;
		break;
	case CLKDESC_CLKSEL:
		for (int k = 0; k < c->table_len; k++)
			tc->clksel_rates[k] = (struct omap4_clksel_rate){
				.val = c->div_table[k].val,
				.div = c->div_table[k].div,
			};
		tc->cfg.clksel = (struct omap4_clksel_cfg){
			.reg = c->field.reg, .shift = c->field.shift,
			.width = c->field.width, .rates = tc->clksel_rates,
			.num_rates = c->table_len,
		};
		tc->inner = &omap4_clksel_ops;
		break;
	case CLKDESC_MODGATE:
		tc->cfg.modgate = (struct omap4_modgate_cfg){
			.reg = c->field.reg,
			.plain_bit = (c->type_flags & CLKDESC_MODGATE_BIT) != 0,
			.bit = c->type_flags & CLKDESC_MODGATE_BIT ? c->field.shift : 0,
			.inverted = (c->type_flags & CLKDESC_MODGATE_INVERTED) != 0,
			.idlest_polls = (int)c->polls,
			.clkdm = c->clkdm >= 0 ? &clkdms[c->clkdm] : NULL,
		};
		tc->inner = &omap4_modgate_ops;
		break;
	}
	tc->inner_priv = &tc->cfg;
	for (int k = 0; k < c->num_parents; k++)
		tc->parent_names[k] = c->parents[k];
	build_wrapper(tc);
}

/* ==================== loading ==================== */

/*
 * The register model as the file describes it: "reg" values first, then
 * every hiword gate's register made a hiword-mask register, as the
 * hardware such a gate drives is (a plain register would keep the
 * write-enable half and let two gates of one register clobber each other).
 */
/*
 * A DPLL's IDLEST as the hardware drives it: ST_DPLL_CLK while DPLL_EN is
 * lock, ST_MN_BYPASS while it is MN-bypass, each after a few reads (so
 * that the polls are real); a script's "stall" stops them
 */
#define DPLL_SETTLE_READS 2

static int dpll_status(const struct clkdesc_clock *c)
{
	return regmodel_follow_field(c->idlest, 0, c->clkmode,
				     OMAP4_DPLL_EN_MASK, OMAP4_DPLL_EN_LOCK,
				     DPLL_SETTLE_READS) ||
	       regmodel_follow_field(c->idlest, 8, c->clkmode,
				     OMAP4_DPLL_EN_MASK, OMAP4_DPLL_EN_MN_BYPASS,
				     DPLL_SETTLE_READS);
}

int tree_load_registers(const struct tree *t, char *err, size_t err_size)
{
	const struct clkdesc *d = &t->desc;

	regmodel_reset();
	for (int i = 0; i < d->nr_regs; i++) {
		if (regmodel_define(d->regs[i].addr, d->regs[i].value)) {
			snprintf(err, err_size, "%s:%d: register model full",
				 t->path, d->regs[i].line);
			return -VCLK_ENOMEM;
		}
	}
	for (int i = 0; i < d->nr_clocks; i++) {
		const struct clkdesc_clock *c = &d->clocks[i];

		if ((c->type == CLKDESC_GATE &&
		     (c->type_flags & CLKDESC_GATE_HIWORD) &&
		     regmodel_set_hiword(c->field.reg)) ||
		    (c->type == CLKDESC_DPLL && dpll_status(c))) {
			snprintf(err, err_size, "%s:%d: register model full",
				 t->path, c->line);
			return -VCLK_ENOMEM;
		}
	}
	return 0;
}

int tree_register_clocks(struct tree *t, char *err, size_t err_size)
{
	for (int i = 0; i < t->desc.nr_clkdms; i++)
		t->clkdms[i] = (struct omap4_clkdm){
			.reg = t->desc.clkdms[i].reg,
			.hw_auto = t->desc.clkdms[i].hw_auto,
		};
	for (int i = 0; i < t->desc.nr_clocks; i++) {
		struct tree_clock *tc = &t->clocks[i];
		const struct clkdesc_clock *c = &t->desc.clocks[i];
		struct vclk_init_data init;
		int ret;

		tc->desc = c;
		build_config(tc, t->clkdms);
		init = (struct vclk_init_data){
			.name = c->name,
			.parent_names = c->num_parents ? tc->parent_names : NULL,
			.num_parents = c->num_parents,
			.flags = tree_clock_flags(c),
			.ops = &tc->wrap,
			.priv = tc,
		};
		ret = vclk_register(&init);
		if (ret < 0) {
			snprintf(err, err_size, "%s:%d: %s %s: vclk_register: %s",
				 t->path, c->line, clkdesc_type_name(c->type),
				 c->name, tree_errname(ret));
			return ret;
		}
		tc->id = ret;
	}
	return 0;
}

/* the parsed @t registered on a reset core and model */
static int tree_register(struct tree *t, char *err, size_t err_size)
{
	int ret;

	vclk_reset();
	ret = tree_load_registers(t, err, err_size);
	return ret ? ret : tree_register_clocks(t, err, err_size);
}

int tree_reregister(struct tree *t, char *err, size_t err_size)
{
	vclk_reset();
	for (int i = 0; i < t->desc.nr_clocks; i++) {
		memset(&t->clocks[i], 0, sizeof(t->clocks[i]));
		t->clocks[i].id = -1;
	}
	return tree_register_clocks(t, err, err_size);
}

static void tree_init(struct tree *t, const char *path)
{
	memset(t, 0, sizeof(*t));
	t->path = path;
	for (int i = 0; i < VCLK_MAX_CLOCKS; i++)
		t->clocks[i].id = -1;
}

int tree_load(struct tree *t, const char *path, char *err, size_t err_size)
{
	int ret;

	tree_init(t, path);
	ret = clkparse_file(path, &t->desc, err, err_size);
	return ret ? ret : tree_register(t, err, err_size);
}

int tree_load_stream(struct tree *t, const char *name, FILE *f, char *err,
		     size_t err_size)
{
	int ret;

	tree_init(t, name);
	ret = clkparse_stream(name, f, &t->desc, err, err_size);
	return ret ? ret : tree_register(t, err, err_size);
}

int tree_load_text(struct tree *t, const char *name, const char *text,
		   char *err, size_t err_size)
{
	int ret;

	tree_init(t, name);
	ret = clkparse_text(name, text, &t->desc, err, err_size);
	return ret ? ret : tree_register(t, err, err_size);
}

/* ==================== look-ups ==================== */

int tree_find(const struct tree *t, const char *name)
{
	for (int i = 0; i < t->desc.nr_clocks; i++)
		if (strcmp(t->desc.clocks[i].name, name) == 0)
			return i;
	return -1;
}

const struct tree_clock *tree_by_id(const struct tree *t, int id)
{
	for (int i = 0; i < t->desc.nr_clocks; i++)
		if (t->clocks[i].id == id && id >= 0)
			return &t->clocks[i];
	return NULL;
}
