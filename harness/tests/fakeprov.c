/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/fakeprov.c - the fake clock provider (see fakeprov.h).
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "fakeprov.h"

static struct fake_clk fakes[FAKE_MAX_CLOCKS];
static int nr_fakes;

struct log_entry {
	enum fake_op op;
	int fake;		/* index into fakes[] */
	unsigned long arg;
	bool failed;
};
static struct log_entry op_log[FAKE_LOG_LEN];
static int log_len;
static bool log_overflow;
static char log_buf[FAKE_LOG_LEN * 48];

static int nr_violations;
static char violation_buf[512];

static const char *const op_names[FAKE_NR_OPS] = {
	[FAKE_PREPARE] = "prepare",
	[FAKE_UNPREPARE] = "unprepare",
	[FAKE_ENABLE] = "enable",
	[FAKE_DISABLE] = "disable",
	[FAKE_SET_PARENT] = "set_parent",
	[FAKE_RECALC] = "recalc_rate",
	[FAKE_GET_PARENT] = "get_parent",
	[FAKE_IS_PREPARED] = "is_prepared",
	[FAKE_IS_ENABLED] = "is_enabled",
	[FAKE_SET_RATE] = "set_rate",
	[FAKE_RESTORE] = "restore",
	[FAKE_GET_PHASE] = "get_phase",
	[FAKE_SET_PHASE] = "set_phase",
	[FAKE_GET_DUTY] = "get_duty_cycle",
	[FAKE_SET_DUTY] = "set_duty_cycle",
};

const char *fake_op_name(enum fake_op op)
{
	return (op >= 0 && op < FAKE_NR_OPS) ? op_names[op] : "?";
}

/* ==================== lifetime ==================== */

void fake_reset(void)
{
	memset(fakes, 0, sizeof(fakes));
	nr_fakes = 0;
	fake_log_clear();
	nr_violations = 0;
	violation_buf[0] = 0;
}

struct fake_clk *fake_new(const char *name)
{
	struct fake_clk *f;

	if (nr_fakes >= FAKE_MAX_CLOCKS) {
		fprintf(stderr, "fakeprov: out of fake clocks\n");
		return NULL;
	}
	f = &fakes[nr_fakes++];
	memset(f, 0, sizeof(*f));
	f->in_use = true;
	snprintf(f->name, sizeof(f->name), "%s", name ? name : "");
	f->div = 1;
	f->hw_duty_num = 1;
	f->hw_duty_den = 2;
	f->ops = &fake_ops;
	f->id = -1;
	return f;
}

struct fake_clk *fake_find(const char *name)
{
	struct fake_clk *first = NULL;

	if (!name)
		return NULL;
	for (int i = 0; i < nr_fakes; i++) {
		if (strcmp(fakes[i].name, name) != 0)
			continue;
		if (fakes[i].registered)
			return &fakes[i];
		if (!first)
			first = &fakes[i];
	}
	return first;
}

struct fake_clk *fake_at(int i)
{
	if (i < 0 || i >= nr_fakes)
		return NULL;
	return &fakes[i];
}

int fake_count(void)
{
	return nr_fakes;
}

bool fake_is_fake(const void *priv)
{
	const struct fake_clk *f = priv;

	return f >= &fakes[0] && f < &fakes[FAKE_MAX_CLOCKS];
}

static int fake_index(const struct fake_clk *f)
{
	return (int)(f - fakes);
}

void fake_set_parents(struct fake_clk *f, int n, const char *const *names)
{
	f->num_parents = n;
	for (int k = 0; k < FAKE_MAX_PARENTS; k++)
		f->parent_names[k] = NULL;
	for (int k = 0; k < n && k < FAKE_MAX_PARENTS; k++) {
		if (names[k]) {
			snprintf(f->parent_buf[k], FAKE_NAME_LEN, "%s", names[k]);
			f->parent_names[k] = f->parent_buf[k];
		}
	}
}

int fake_register(struct fake_clk *f)
{
	struct vclk_init_data init;
	int id;

	memset(&init, 0, sizeof(init));
	init.name = f->name;
	init.parent_names = f->parent_names;
	init.num_parents = f->num_parents;
	init.flags = f->flags;
	init.ops = f->ops;
	init.priv = f;
	id = vclk_register(&init);
	if (id >= 0) {
		f->registered = true;
		f->id = id;
	}
	return id;
}

/* ==================== convenience constructors ==================== */

int fake_root_flags(const char *name, unsigned long rate, unsigned long flags)
{
	struct fake_clk *f = fake_new(name);

	if (!f)
		return -VCLK_ENOMEM;
	f->fixed_rate = rate;
	f->flags = flags;
	return fake_register(f);
}

int fake_root(const char *name, unsigned long rate)
{
	return fake_root_flags(name, rate, 0);
}

int fake_div_flags(const char *name, const char *parent, unsigned long div,
		   unsigned long flags)
{
	struct fake_clk *f = fake_new(name);

	if (!f)
		return -VCLK_ENOMEM;
	fake_set_parents(f, 1, &parent);
	f->div = div;
	f->flags = flags;
	return fake_register(f);
}

int fake_div(const char *name, const char *parent, unsigned long div)
{
	return fake_div_flags(name, parent, div, 0);
}

int fake_synth(const char *name, unsigned long min, unsigned long max,
	       unsigned long rate, unsigned long flags)
{
	struct fake_clk *f = fake_new(name);

	if (!f)
		return -VCLK_ENOMEM;
	f->ops = &fake_ops_rate;
	f->min_rate = min;
	f->max_rate = max;
	f->fixed_rate = rate;
	f->flags = flags;
	return fake_register(f);
}

int fake_rate_div(const char *name, const char *parent, unsigned long max_div,
		  unsigned long div, unsigned long flags)
{
	struct fake_clk *f = fake_new(name);

	if (!f)
		return -VCLK_ENOMEM;
	fake_set_parents(f, 1, &parent);
	f->ops = &fake_ops_rate;
	f->max_div = max_div;
	f->div = div;
	f->flags = flags;
	return fake_register(f);
}

int fake_seed_abc(void)
{
	const unsigned long mhz = 1000000UL;

	if (fake_synth("A", 100 * mhz, 300 * mhz, 200 * mhz, 0) != 0 ||
	    fake_rate_div("B", "A", 2, 2, CLK_SET_RATE_PARENT) != 1 ||
	    fake_rate_div("C", "B", 2, 1, CLK_SET_RATE_PARENT) != 2 ||
	    fake_div("D", "C", 1) != 3 || fake_div("E", "A", 4) != 4)
		return -1;
	fake_log_clear();
	return 0;
}

int fake_mux(const char *name, int n, const char *const *parents,
	     int initial_index, unsigned long div)
{
	struct fake_clk *f = fake_new(name);

	if (!f)
		return -VCLK_ENOMEM;
	fake_set_parents(f, n, parents);
	f->hw_parent = initial_index;
	f->div = div;
	return fake_register(f);
}

/* ==================== fault injection ==================== */

void fake_fail(struct fake_clk *f, enum fake_op op, int n, int err)
{
	f->fail_countdown[op] = n;
	f->fail_errno[op] = err;
}

void fake_raw_ret(struct fake_clk *f, enum fake_op op, int raw)
{
	f->raw_ret_once[op] = raw;
}

void fake_clear_faults(void)
{
	for (int i = 0; i < nr_fakes; i++) {
		memset(fakes[i].fail_countdown, 0, sizeof(fakes[i].fail_countdown));
		memset(fakes[i].raw_ret_once, 0, sizeof(fakes[i].raw_ret_once));
	}
}

int fake_pending_faults(void)
{
	int n = 0;

	for (int i = 0; i < nr_fakes; i++)
		for (int op = 0; op < FAKE_NR_OPS; op++)
			n += (fakes[i].fail_countdown[op] > 0) +
			     (fakes[i].raw_ret_once[op] != 0);
	return n;
}

unsigned int fake_total_faults_fired(void)
{
	unsigned int n = 0;

	for (int i = 0; i < nr_fakes; i++)
		n += fakes[i].faults_fired;
	return n;
}

void fake_clear_calls(void)
{
	for (int i = 0; i < nr_fakes; i++) {
		memset(fakes[i].calls, 0, sizeof(fakes[i].calls));
		fakes[i].round_calls = 0;
	}
}

unsigned int fake_total_round_calls(void)
{
	unsigned int n = 0;

	for (int i = 0; i < nr_fakes; i++)
		n += fakes[i].round_calls;
	return n;
}

/* 0, or the injected return value of this call */
static int take_fault(struct fake_clk *f, enum fake_op op)
{
	int r;

	f->calls[op]++;
	if (f->raw_ret_once[op] != 0) {
		r = f->raw_ret_once[op];
		f->raw_ret_once[op] = 0;
		f->faults_fired++;
		return r;
	}
	if (f->fail_countdown[op] > 0 && --f->fail_countdown[op] == 0) {
		f->faults_fired++;
		return f->fail_errno[op] ? f->fail_errno[op] : -VCLK_EIO;
	}
	return 0;
}

/* ==================== op log ==================== */

void fake_log_clear(void)
{
	log_len = 0;
	log_overflow = false;
	log_buf[0] = 0;
}

int fake_log_len(void)
{
	return log_len;
}

static void log_op(struct fake_clk *f, enum fake_op op, unsigned long arg,
		   bool failed)
{
	if (log_len >= FAKE_LOG_LEN) {
		log_overflow = true;
		return;
	}
	op_log[log_len].op = op;
	op_log[log_len].fake = fake_index(f);
	op_log[log_len].arg = arg;
	op_log[log_len].failed = failed;
	log_len++;
}

static int format_entry(char *buf, size_t size, const struct log_entry *e)
{
	const struct fake_clk *f = &fakes[e->fake];

	if (e->op == FAKE_SET_PARENT || e->op == FAKE_SET_RATE ||
	    e->op == FAKE_SET_PHASE || e->op == FAKE_SET_DUTY)
		return snprintf(buf, size, "%s %s %lu%s", op_names[e->op], f->name,
				e->arg, e->failed ? " FAIL" : "");
	return snprintf(buf, size, "%s %s%s", op_names[e->op], f->name,
			e->failed ? " FAIL" : "");
}

const char *fake_log_str(void)
{
	size_t pos = 0;

	log_buf[0] = 0;
	for (int i = 0; i < log_len && pos + 64 < sizeof(log_buf); i++) {
		if (i)
			pos += (size_t)snprintf(log_buf + pos, sizeof(log_buf) - pos, ", ");
		pos += (size_t)format_entry(log_buf + pos, sizeof(log_buf) - pos,
					    &op_log[i]);
	}
	if (log_overflow && pos + 16 < sizeof(log_buf))
		snprintf(log_buf + pos, sizeof(log_buf) - pos, ", ...");
	return log_buf;
}

int fake_log_find(const char *entry)
{
	char buf[FAKE_NAME_LEN + 64];

	for (int i = 0; i < log_len; i++) {
		format_entry(buf, sizeof(buf), &op_log[i]);
		if (strcmp(buf, entry) == 0)
			return i;
	}
	return -1;
}

/* ==================== protocol checks ==================== */

int fake_violations(void)
{
	return nr_violations;
}

const char *fake_violation_str(void)
{
	return violation_buf;
}

static void violation(const char *fmt, ...)
{
	va_list ap;

	if (nr_violations++ == 0) {
		va_start(ap, fmt);
		vsnprintf(violation_buf, sizeof(violation_buf), fmt, ap);
		va_end(ap);
	}
}

/* whether the core currently has @f attached to a parent (not an orphan) */
static bool core_attached(const struct fake_clk *f)
{
	if (!f->registered)
		return true;	/* being registered: judge by the hardware */
	if (f->id < 0 || f->id >= vclk_nr_clocks)
		return false;
	return vclk_parent[f->id] != VCLK_NONE;
}

/* the registered fake feeding @f through mux input @index, or NULL */
static struct fake_clk *input_of(const struct fake_clk *f, int index)
{
	struct fake_clk *p;

	if (index < 0 || index >= f->num_parents || index >= FAKE_MAX_PARENTS ||
	    !f->parent_names[index])
		return NULL;
	p = fake_find(f->parent_names[index]);
	return (p && p->registered) ? p : NULL;
}

/* the fake feeding @f in hardware, when the core has @f attached */
static struct fake_clk *hw_parent_of(const struct fake_clk *f)
{
	if (!core_attached(f))
		return NULL;
	return input_of(f, f->hw_parent);
}

/* a registered, attached fake fed by @f whose given bit is on */
static struct fake_clk *running_child(const struct fake_clk *f, bool enabled)
{
	/*
	 * While @f itself is being registered the core may be adopting
	 * orphans that run without a running parent (and may have to give
	 * the adoption up): that is the orphan's state, not a violation.
	 */
	if (!f->registered)
		return NULL;
	for (int i = 0; i < nr_fakes; i++) {
		struct fake_clk *g = &fakes[i];

		if (g == f || !g->registered || hw_parent_of(g) != f)
			continue;
		if (enabled ? g->hw_enabled : g->hw_prepared)
			return g;
	}
	return NULL;
}

/* ==================== the ops ==================== */

static int fake_prepare(void *priv)
{
	struct fake_clk *f = priv;
	struct fake_clk *p = hw_parent_of(f);
	int ret = take_fault(f, FAKE_PREPARE);

	log_op(f, FAKE_PREPARE, 0, ret != 0);
	if (ret)
		return ret;
	if (p && !p->hw_prepared)
		violation("prepare %s while its parent %s is unprepared",
			  f->name, p->name);
	f->hw_prepared = true;
	return 0;
}

static void fake_unprepare(void *priv)
{
	struct fake_clk *f = priv;
	struct fake_clk *c = running_child(f, false);

	f->calls[FAKE_UNPREPARE]++;
	log_op(f, FAKE_UNPREPARE, 0, false);
	if (f->hw_enabled)
		violation("unprepare %s while it is enabled", f->name);
	if (c)
		violation("unprepare %s while its child %s is prepared",
			  f->name, c->name);
	f->hw_prepared = false;
}

static int fake_enable(void *priv)
{
	struct fake_clk *f = priv;
	struct fake_clk *p = hw_parent_of(f);
	int ret = take_fault(f, FAKE_ENABLE);

	log_op(f, FAKE_ENABLE, 0, ret != 0);
	if (ret)
		return ret;
	if (!f->hw_prepared)
		violation("enable %s while it is unprepared", f->name);
	if (p && !p->hw_enabled)
		violation("enable %s while its parent %s is disabled",
			  f->name, p->name);
	f->hw_enabled = true;
	return 0;
}

static void fake_disable(void *priv)
{
	struct fake_clk *f = priv;
	struct fake_clk *c = running_child(f, true);

	f->calls[FAKE_DISABLE]++;
	log_op(f, FAKE_DISABLE, 0, false);
	if (c)
		violation("disable %s while its child %s is enabled",
			  f->name, c->name);
	f->hw_enabled = false;
}

static int fake_is_prepared(void *priv)
{
	struct fake_clk *f = priv;

	f->calls[FAKE_IS_PREPARED]++;
	return f->hw_prepared;
}

static int fake_is_enabled(void *priv)
{
	struct fake_clk *f = priv;

	f->calls[FAKE_IS_ENABLED]++;
	return f->hw_enabled;
}

static unsigned long fake_recalc_rate(void *priv, unsigned long parent_rate)
{
	struct fake_clk *f = priv;

	f->calls[FAKE_RECALC]++;
	if (f->fixed_rate)
		return f->fixed_rate;
	return f->div ? parent_rate / f->div : parent_rate;
}

static int fake_get_parent(void *priv)
{
	struct fake_clk *f = priv;

	f->calls[FAKE_GET_PARENT]++;
	return f->hw_parent;
}

static int fake_set_parent(void *priv, int index)
{
	struct fake_clk *f = priv;
	struct fake_clk *np = input_of(f, index);
	int ret = take_fault(f, FAKE_SET_PARENT);

	log_op(f, FAKE_SET_PARENT, index, ret != 0);
	if (ret)
		return ret;
	if (index < 0 || index >= f->num_parents)
		violation("set_parent %s to input %d of %d", f->name, index,
			  f->num_parents);
	if (np && f->hw_prepared && !np->hw_prepared)
		violation("set_parent %s (prepared) to unprepared %s",
			  f->name, np->name);
	if (np && f->hw_enabled && !np->hw_enabled)
		violation("set_parent %s (enabled) to disabled %s",
			  f->name, np->name);
	f->hw_parent = index;
	return 0;
}

/* the gate-and-mux ops every fake has */
#define FAKE_BASE_OPS							\
	.prepare = fake_prepare,					\
	.unprepare = fake_unprepare,					\
	.is_prepared = fake_is_prepared,				\
	.enable = fake_enable,						\
	.disable = fake_disable,					\
	.is_enabled = fake_is_enabled,					\
	.recalc_rate = fake_recalc_rate,				\
	.get_parent = fake_get_parent,					\
	.set_parent = fake_set_parent

const struct vclk_ops fake_ops = {
	FAKE_BASE_OPS,
};

/* ---- rates ---- */

static unsigned long clamp_ul(unsigned long v, unsigned long lo, unsigned long hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* the divider the fake would pick for @rate from @parent_rate: the
 * smallest whose output does not exceed @rate (Linux's DIV_ROUND_UP) */
static unsigned long best_div(const struct fake_clk *f, unsigned long rate,
			      unsigned long parent_rate)
{
	unsigned long div;

	if (rate == 0)
		return f->max_div;
	div = parent_rate / rate + (parent_rate % rate != 0);
	return clamp_ul(div, 1, f->max_div);
}

static unsigned long fake_round_rate(void *priv, unsigned long rate,
				     unsigned long parent_rate)
{
	struct fake_clk *f = priv;

	f->round_calls++;
	if (f->max_rate)
		return clamp_ul(rate, f->min_rate, f->max_rate);
	if (f->max_div)
		return parent_rate / best_div(f, rate, parent_rate);
	return fake_recalc_rate(priv, parent_rate);
}

static unsigned long fake_parent_rate_candidate(void *priv, unsigned long rate,
						int k)
{
	struct fake_clk *f = priv;
	unsigned long div = (unsigned long)k + 1;

	if (!f->max_div)
		return k == 0 ? rate : 0;
	if (div > f->max_div || (rate && div > ULONG_MAX / rate) ||
	    div == f->gap_div)
		return 0;
	return rate * div;
}

static int fake_set_rate(void *priv, unsigned long rate, unsigned long parent_rate)
{
	struct fake_clk *f = priv;
	int ret = take_fault(f, FAKE_SET_RATE);

	log_op(f, FAKE_SET_RATE, rate, ret != 0);
	if (ret)
		return ret;
	if (f->max_rate) {
		f->fixed_rate = f->set_rate_inexact ? rate + 1 : rate;
	} else if (f->max_div) {
		f->div = best_div(f, rate, parent_rate);
		if (f->set_rate_inexact)
			f->div = f->div < f->max_div ? f->div + 1 : 1;
	}
	return 0;
}

static void fake_save_context(void *priv)
{
	struct fake_clk *f = priv;

	f->saved_fixed_rate = f->fixed_rate;
	f->saved_div = f->div;
}

static void fake_restore_context(void *priv)
{
	struct fake_clk *f = priv;

	f->calls[FAKE_RESTORE]++;
	log_op(f, FAKE_RESTORE, 0, false);
	f->fixed_rate = f->saved_fixed_rate;
	f->div = f->saved_div;
}

/* the rate fakes: fake_ops and the rate ops, with or without save/restore */
#define FAKE_RATE_OPS							\
	FAKE_BASE_OPS,							\
	.round_rate = fake_round_rate,					\
	.parent_rate_candidate = fake_parent_rate_candidate,		\
	.set_rate = fake_set_rate

const struct vclk_ops fake_ops_rate = {
	FAKE_RATE_OPS,
	.save_context = fake_save_context,
	.restore_context = fake_restore_context,
};

const struct vclk_ops fake_ops_rate_nosave = {
	FAKE_RATE_OPS,
};

const struct vclk_ops fake_ops_noquery = {
	.prepare = fake_prepare,
	.unprepare = fake_unprepare,
	.enable = fake_enable,
	.disable = fake_disable,
	.recalc_rate = fake_recalc_rate,
	.get_parent = fake_get_parent,
	.set_parent = fake_set_parent,
};

/* ---- signal: accuracy, phase, duty cycle ---- */

static unsigned long fake_recalc_accuracy(void *priv, unsigned long parent_accuracy)
{
	struct fake_clk *f = priv;

	/* saturating, as the op's contract asks */
	if (f->accuracy > ULONG_MAX - parent_accuracy)
		return ULONG_MAX;
	return parent_accuracy + f->accuracy;
}

static int fake_get_phase(void *priv)
{
	struct fake_clk *f = priv;
	int ret = take_fault(f, FAKE_GET_PHASE);

	return ret ? ret : f->hw_phase;
}

static int fake_set_phase(void *priv, int degrees)
{
	struct fake_clk *f = priv;
	int ret = take_fault(f, FAKE_SET_PHASE);

	log_op(f, FAKE_SET_PHASE, (unsigned long)degrees, ret != 0);
	if (ret)
		return ret;
	if (degrees < 0 || degrees >= 360)
		violation("set_phase %s to %d degrees", f->name, degrees);
	f->hw_phase = degrees;
	return 0;
}

static int fake_get_duty_cycle(void *priv, unsigned int *num, unsigned int *den)
{
	struct fake_clk *f = priv;
	int ret = take_fault(f, FAKE_GET_DUTY);

	if (ret)
		return ret;
	*num = f->hw_duty_num;
	*den = f->hw_duty_den;
	return 0;
}

static int fake_set_duty_cycle(void *priv, unsigned int num, unsigned int den)
{
	struct fake_clk *f = priv;
	int ret = take_fault(f, FAKE_SET_DUTY);

	/* the log shows the fraction as num * 1000 / den */
	log_op(f, FAKE_SET_DUTY, den ? (unsigned long)num * 1000 / den : 0, ret != 0);
	if (ret)
		return ret;
	if (den == 0 || num > den)
		violation("set_duty_cycle %s to %u/%u", f->name, num, den);
	f->hw_duty_num = num;
	f->hw_duty_den = den;
	return 0;
}

const struct vclk_ops fake_ops_signal = {
	FAKE_BASE_OPS,
	.recalc_accuracy = fake_recalc_accuracy,
	.get_phase = fake_get_phase,
	.set_phase = fake_set_phase,
	.get_duty_cycle = fake_get_duty_cycle,
	.set_duty_cycle = fake_set_duty_cycle,
};

const struct vclk_ops fake_ops_signal_setonly = {
	FAKE_BASE_OPS,
	.set_phase = fake_set_phase,
	.set_duty_cycle = fake_set_duty_cycle,
};
