/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/tharness.c - runner, assertions, invariant checker and
 * state snapshots for the vclk unit tests (see tharness.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tharness.h"
#include "regmodel.h"

int vt_failures;
long long vt_ret;
void *vt_retp;
static int vt_inv_reported;

#define VT_TIMEOUT_S 60

/* ==================== reporting ==================== */

void vt_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	const char *base = strrchr(file, '/');

	printf("%s:%d: ", base ? base + 1 : file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	vt_failures++;
}

const char *vt_op_prefix(const char *op)
{
	static char buf[8];

	if (strcmp(op, "==") == 0)
		return "";
	snprintf(buf, sizeof(buf), "%s ", op);
	return buf;
}

const char *vt_ptr_str(const void *p, int buf)
{
	static char bufs[2][96];
	char *b = bufs[buf & 1];
	int h = vt_handle_slot(p);

	if (!p)
		snprintf(b, sizeof(bufs[0]), "NULL");
	else if (h >= 0 && h < VCLK_MAX_CLOCKS)
		snprintf(b, sizeof(bufs[0]), "provider handle %d (%s)", h,
			 vclk_clock_name(h));
	else if (h >= 0)
		snprintf(b, sizeof(bufs[0]), "consumer handle %d", h);
	else
		snprintf(b, sizeof(bufs[0]), "%p", p);
	return b;
}

void vt_check(const char *file, int line, const char *what)
{
	char msg[512];

	if (vt_check_invariant(msg, sizeof(msg)) == 0)
		return;
	if (vt_inv_reported++ == 0)
		vt_fail(file, line, "invariant broken after %s: %s", what, msg);
	else
		vt_failures++;
}

/* ==================== invariant ==================== */

#define NM(c) (vclk_name[c] ? vclk_name[c] : "(null)")

static bool live(int c)
{
	return c >= 0 && c < vclk_nr_clocks;
}

static bool name_ok(const char *s)
{
	return memchr(s, 0, VCLK_NAME_LEN) != NULL;
}

static unsigned long expected_recalc(int c, unsigned long parent_rate)
{
	const struct vclk_ops *ops = vclk_ops_of[c];
	const struct fake_clk *f = vclk_priv_of[c];

	if (!ops || !ops->recalc_rate)
		return parent_rate;
	if (fake_is_fake(f) && (ops == &fake_ops || ops == &fake_ops_noquery)) {
		if (f->fixed_rate)
			return f->fixed_rate;
		return f->div ? parent_rate / f->div : parent_rate;
	}
	return ops->recalc_rate(vclk_priv_of[c], parent_rate);
}

#define BAD(...)						\
	do {							\
		snprintf(msg, size, __VA_ARGS__);		\
		return -1;					\
	} while (0)

static int check_clocks(char *msg, size_t size)
{
	int n = vclk_nr_clocks;

	if (n < 0 || n > VCLK_MAX_CLOCKS)
		BAD("vclk_nr_clocks = %d out of [0, %d]", n, VCLK_MAX_CLOCKS);
	for (int c = 0; c < VCLK_MAX_CLOCKS; c++) {
		int p = vclk_parent[c];
		int np = vclk_nr_parents[c];

		if (c >= n) {
			if (p != VCLK_NONE || vclk_depth[c] != 0 ||
			    vclk_prepare_count[c] || vclk_enable_count[c])
				BAD("unregistered slot %d not at rest (parent %d depth %d counts %u/%u)",
				    c, p, vclk_depth[c], vclk_prepare_count[c],
				    vclk_enable_count[c]);
			continue;
		}
		if (!vclk_name[c] || !name_ok(vclk_name[c]) || !vclk_name[c][0])
			BAD("clock %d: bad name", c);
		for (int d = 0; d < c; d++)
			if (strcmp(vclk_name[c], vclk_name[d]) == 0)
				BAD("clocks %d and %d both named %s", d, c, vclk_name[c]);
		if (np < 0 || np > VCLK_MAX_PARENTS)
			BAD("%s: vclk_nr_parents = %d", NM(c), np);
		if (p != VCLK_NONE && !live(p))
			BAD("%s: parent %d not registered", NM(c), p);
		for (int k = 0; k < VCLK_MAX_PARENTS; k++) {
			int id = vclk_parent_ids[VCLK_INPUT(c, k)];

			if (id != VCLK_NONE && !live(id))
				BAD("%s: vclk_parent_ids[%d] = %d not registered",
				    NM(c), k, id);
		}
		for (int k = 0; k < np; k++) {
			const char *pn = vclk_parent_name[VCLK_INPUT(c, k)];
			int id = vclk_parent_ids[VCLK_INPUT(c, k)];

			if (!pn)
				BAD("%s: parent name %d is NULL", NM(c), k);
			if (!name_ok(pn))
				BAD("%s: parent name %d not terminated", NM(c), k);
			if (id != VCLK_NONE && strcmp(vclk_name[id], pn) != 0)
				BAD("%s: input %d is \"%s\" but its id %d is \"%s\"",
				    NM(c), k, pn, id, NM(id));
			if (id == VCLK_NONE)
				for (int d = 0; d < n; d++)
					if (strcmp(vclk_name[d], pn) == 0)
						BAD("%s: input %d \"%s\" is registered (id %d) but vclk_parent_ids says none",
						    NM(c), k, pn, d);
		}
		if (np == 0 && p != VCLK_NONE)
			BAD("%s: no inputs but parent %d", NM(c), p);
		/* -1: the hardware selects an input the clock does not have */
		if (np > 0 && (vclk_parent_index[c] < -1 || vclk_parent_index[c] >= np))
			BAD("%s: parent index %d out of [-1, %d)", NM(c),
			    vclk_parent_index[c], np);
		if (p != VCLK_NONE && vclk_parent_index[c] < 0)
			BAD("%s: parent %d but parent index %d", NM(c), p,
			    vclk_parent_index[c]);
		if (p != VCLK_NONE && p != vclk_parent_ids[VCLK_INPUT(c, vclk_parent_index[c])])
			BAD("%s: parent %d is not input %d (id %d)", NM(c), p,
			    vclk_parent_index[c], vclk_parent_ids[VCLK_INPUT(c, vclk_parent_index[c])]);
		if (vclk_depth[c] < 0 || vclk_depth[c] >= VCLK_MAX_CLOCKS)
			BAD("%s: depth %d", NM(c), vclk_depth[c]);
		if (p == VCLK_NONE && vclk_depth[c] != 0)
			BAD("%s: parentless with depth %d", NM(c), vclk_depth[c]);
		if (p != VCLK_NONE && vclk_depth[c] != vclk_depth[p] + 1)
			BAD("%s: depth %d, parent %s depth %d", NM(c),
			    vclk_depth[c], NM(p), vclk_depth[p]);
	}
	/* acyclic, independently of the depth witness */
	for (int c = 0; c < n; c++) {
		int x = c, steps = 0;

		while (x != VCLK_NONE && live(x) && steps <= VCLK_MAX_CLOCKS) {
			x = vclk_parent[x];
			steps++;
		}
		if (x != VCLK_NONE)
			BAD("%s: parent chain does not reach a root (cycle)", NM(c));
	}
	return 0;
}

static int check_handles(char *msg, size_t size)
{
	for (int h = 0; h < VCLK_NR_HANDLES; h++) {
		int hc = vclk_handle_clock[h];
		bool is_free = hc == VCLK_NONE;

		if (!is_free && !live(hc))
			BAD("handle %d refers to unregistered clock %d", h, hc);
		if (is_free && (vclk_handle_prepares[h] || vclk_handle_enables[h]))
			BAD("free handle %d holds %u/%u references", h,
			    vclk_handle_prepares[h], vclk_handle_enables[h]);
		if (h < VCLK_MAX_CLOCKS && live(h) && hc != h)
			BAD("provider handle %d refers to clock %d", h, hc);
		if (h < VCLK_MAX_CLOCKS && !live(h) && !is_free)
			BAD("provider handle %d of unregistered slot in use", h);
		if (vclk_handle_enables[h] > 0 && vclk_handle_prepares[h] == 0)
			BAD("handle %d holds %u enables and no prepare", h,
			    vclk_handle_enables[h]);
	}
	return 0;
}

static int check_counts(char *msg, size_t size)
{
	int n = vclk_nr_clocks;

	for (int c = 0; c < n; c++) {
		unsigned long long preps = 0, ens = 0;
		int p = vclk_parent[c];

		for (int h = 0; h < VCLK_NR_HANDLES; h++) {
			if (vclk_handle_clock[h] != c)
				continue;
			preps += vclk_handle_prepares[h];
			ens += vclk_handle_enables[h];
		}
		for (int j = 0; j < n; j++) {
			if (vclk_parent[j] != c)
				continue;
			preps += vclk_prepare_count[j] > 0;
			ens += vclk_enable_count[j] > 0;
		}
		if (vclk_prepare_count[c] != preps)
			BAD("%s: prepare count %u, handles + prepared children hold %llu",
			    NM(c), vclk_prepare_count[c], preps);
		if (vclk_enable_count[c] != ens)
			BAD("%s: enable count %u, handles + enabled children hold %llu",
			    NM(c), vclk_enable_count[c], ens);
		if (vclk_enable_count[c] && !vclk_prepare_count[c])
			BAD("%s: enabled but not prepared", NM(c));
		if (p != VCLK_NONE && vclk_prepare_count[c] && !vclk_prepare_count[p])
			BAD("%s: prepared but parent %s is not", NM(c), NM(p));
		if (p != VCLK_NONE && vclk_enable_count[c] && !vclk_enable_count[p])
			BAD("%s: enabled but parent %s is not", NM(c), NM(p));
		if ((vclk_flags[c] & CLK_IS_CRITICAL) &&
		    (!vclk_prepare_count[c] || !vclk_enable_count[c]))
			BAD("%s: critical but counts %u/%u", NM(c),
			    vclk_prepare_count[c], vclk_enable_count[c]);
	}
	return 0;
}

static int check_rates(char *msg, size_t size)
{
	for (int c = 0; c < vclk_nr_clocks; c++) {
		int p = vclk_parent[c];
		unsigned long want;

		if (p != VCLK_NONE)
			want = expected_recalc(c, vclk_rate[p]);
		else if (vclk_nr_parents[c] > 0)
			want = 0;	/* orphan */
		else
			want = expected_recalc(c, 0);
		if (vclk_rate[c] != want)
			BAD("%s: rate %lu, provider says %lu", NM(c),
			    vclk_rate[c], want);
	}
	return 0;
}

static int check_fakes(char *msg, size_t size)
{
	for (int c = 0; c < vclk_nr_clocks; c++) {
		const struct fake_clk *f = vclk_priv_of[c];

		if (!fake_is_fake(f))
			continue;
		if (!f->registered || f->id != c)
			BAD("%s: registered as clock %d but fake %s says %s id %d",
			    NM(c), c, f->name,
			    f->registered ? "registered" : "unregistered", f->id);
		if (vclk_prepare_count[c] && !f->hw_prepared)
			BAD("%s: prepare count %u but hardware unprepared",
			    NM(c), vclk_prepare_count[c]);
		if (vclk_enable_count[c] && !f->hw_enabled)
			BAD("%s: enable count %u but hardware disabled",
			    NM(c), vclk_enable_count[c]);
		if (!f->boot_on && !vclk_prepare_count[c] && f->hw_prepared)
			BAD("%s: prepare count 0 but hardware prepared", NM(c));
		if (!f->boot_on && !vclk_enable_count[c] && f->hw_enabled)
			BAD("%s: enable count 0 but hardware enabled", NM(c));
		/* a mux whose hardware selects a listed input agrees with the core */
		if (vclk_nr_parents[c] > 1 && vclk_ops_of[c] && vclk_ops_of[c]->set_parent &&
		    f->hw_parent >= 0 && f->hw_parent < vclk_nr_parents[c] &&
		    f->hw_parent != vclk_parent_index[c])
			BAD("%s: core input %d, hardware mux at %d", NM(c),
			    vclk_parent_index[c], f->hw_parent);
	}
	if (fake_violations())
		BAD("fake provider protocol violation: %s (%d in all)",
		    fake_violation_str(), fake_violations());
	return 0;
}

int vt_check_invariant(char *msg, size_t size)
{
	if (check_clocks(msg, size) || check_handles(msg, size) ||
	    check_counts(msg, size) || check_rates(msg, size) ||
	    check_fakes(msg, size))
		return -1;
	msg[0] = 0;
	return 0;
}

/* ==================== snapshots ==================== */

void vt_snapshot(struct vt_snapshot *s)
{
	memset(s, 0, sizeof(*s));
	s->nr_clocks = vclk_nr_clocks;
	memcpy(s->names, vclk_name, sizeof(s->names));
	memcpy(s->flags, vclk_flags, sizeof(s->flags));
	memcpy(s->ops_of, vclk_ops_of, sizeof(s->ops_of));
	memcpy(s->priv_of, vclk_priv_of, sizeof(s->priv_of));
	memcpy(s->parent, vclk_parent, sizeof(s->parent));
	memcpy(s->depth, vclk_depth, sizeof(s->depth));
	memcpy(s->nr_parents, vclk_nr_parents, sizeof(s->nr_parents));
	memcpy(s->parent_names, vclk_parent_name, sizeof(s->parent_names));
	memcpy(s->parent_ids, vclk_parent_ids, sizeof(s->parent_ids));
	memcpy(s->parent_index, vclk_parent_index, sizeof(s->parent_index));
	memcpy(s->rate, vclk_rate, sizeof(s->rate));
	memcpy(s->handle_min, vclk_handle_min, sizeof(s->handle_min));
	memcpy(s->handle_max, vclk_handle_max, sizeof(s->handle_max));
	memcpy(s->handle_excl, vclk_handle_excl, sizeof(s->handle_excl));
	memcpy(s->req_rate, vclk_req_rate, sizeof(s->req_rate));
	memcpy(s->req_set, vclk_req_set, sizeof(s->req_set));
	memcpy(s->prepare_count, vclk_prepare_count, sizeof(s->prepare_count));
	memcpy(s->enable_count, vclk_enable_count, sizeof(s->enable_count));
	memcpy(s->handle_clock, vclk_handle_clock, sizeof(s->handle_clock));
	memcpy(s->handle_prepares, vclk_handle_prepares, sizeof(s->handle_prepares));
	memcpy(s->handle_enables, vclk_handle_enables, sizeof(s->handle_enables));
	memcpy(s->handle_misuse, vclk_handle_misuse, sizeof(s->handle_misuse));
	memcpy(s->handle_dev, vclk_handle_dev, sizeof(s->handle_dev));
	s->nr_fakes = fake_count();
	for (int i = 0; i < s->nr_fakes; i++) {
		const struct fake_clk *f = fake_at(i);

		s->hw[i].hw_prepared = f->hw_prepared;
		s->hw[i].hw_enabled = f->hw_enabled;
		s->hw[i].hw_parent = f->hw_parent;
		s->hw[i].fixed_rate = f->fixed_rate;
		s->hw[i].div = f->div;
	}
}

#define DIFF(cond, field, fmt, ...)					\
	do {								\
		if (cond) {						\
			snprintf(msg, size, field ": " fmt, __VA_ARGS__); \
			return -1;					\
		}							\
	} while (0)

#define DIFF_NUM(arr, i, what)						\
	DIFF(a->arr[i] != b->arr[i], what "[%d] (%s)", "%lld -> %lld", i,	\
	     (i) < VCLK_MAX_CLOCKS && (i) < a->nr_clocks && a->names[i] ? a->names[i] : "-",	\
	     (long long)a->arr[i], (long long)b->arr[i])

int vt_snapshot_diff(const struct vt_snapshot *a, const struct vt_snapshot *b,
		     unsigned int ignore, char *msg, size_t size)
{
	DIFF(a->nr_clocks != b->nr_clocks, "vclk_nr_clocks", "%d -> %d%s",
	     a->nr_clocks, b->nr_clocks, "");
	for (int c = 0; c < VCLK_MAX_CLOCKS; c++) {
		DIFF_NUM(parent, c, "vclk_parent");
		DIFF_NUM(depth, c, "vclk_depth");
		DIFF_NUM(prepare_count, c, "vclk_prepare_count");
		DIFF_NUM(enable_count, c, "vclk_enable_count");
		if (c >= a->nr_clocks)
			continue;
		DIFF(a->names[c] != b->names[c], "vclk_name[%d]", "%p -> %p", c,
		     (const void *)a->names[c], (const void *)b->names[c]);
		DIFF_NUM(flags, c, "vclk_flags");
		DIFF(a->ops_of[c] != b->ops_of[c], "vclk_ops_of[%d]", "%p -> %p", c,
		     (const void *)a->ops_of[c], (const void *)b->ops_of[c]);
		DIFF(a->priv_of[c] != b->priv_of[c], "vclk_priv_of[%d]", "%p -> %p", c,
		     a->priv_of[c], b->priv_of[c]);
		DIFF_NUM(nr_parents, c, "vclk_nr_parents");
		DIFF_NUM(parent_index, c, "vclk_parent_index");
		DIFF_NUM(rate, c, "vclk_rate");
		DIFF_NUM(req_rate, c, "vclk_req_rate");
		DIFF_NUM(req_set, c, "vclk_req_set");
		for (int k = 0; k < VCLK_MAX_PARENTS; k++) {
			DIFF(a->parent_ids[c][k] != b->parent_ids[c][k],
			     "vclk_parent_ids[VCLK_INPUT(%d, %d)]", "%d -> %d", c, k,
			     a->parent_ids[c][k], b->parent_ids[c][k]);
			if (k >= a->nr_parents[c])
				continue;
			DIFF(a->parent_names[c][k] != b->parent_names[c][k],
			     "vclk_parent_name[VCLK_INPUT(%d, %d)]", "%p -> %p", c, k,
			     (const void *)a->parent_names[c][k],
			     (const void *)b->parent_names[c][k]);
		}
	}
	for (int h = 0; h < VCLK_NR_HANDLES; h++) {
		DIFF_NUM(handle_clock, h, "vclk_handle_clock");
		DIFF_NUM(handle_prepares, h, "vclk_handle_prepares");
		DIFF_NUM(handle_enables, h, "vclk_handle_enables");
		DIFF_NUM(handle_min, h, "vclk_handle_min");
		DIFF_NUM(handle_max, h, "vclk_handle_max");
		DIFF_NUM(handle_excl, h, "vclk_handle_excl");
		if (a->handle_clock[h] == VCLK_NONE)
			continue;
		if (!(ignore & VT_IGNORE_MISUSE))
			DIFF_NUM(handle_misuse, h, "vclk_handle_misuse");
		DIFF(a->handle_dev[h] != b->handle_dev[h], "vclk_handle_dev[%d]",
		     "%p -> %p", h, (const void *)a->handle_dev[h],
		     (const void *)b->handle_dev[h]);
	}
	/* fakes made since @a (for a registration that failed) must be off */
	for (int i = a->nr_fakes; i < b->nr_fakes && !(ignore & VT_IGNORE_HW); i++) {
		const struct fake_clk *f = fake_at(i);

		DIFF(!f->boot_on && (b->hw[i].hw_prepared || b->hw[i].hw_enabled),
		     "new fake %s", "hardware left on (%d/%d)", f->name,
		     b->hw[i].hw_prepared, b->hw[i].hw_enabled);
	}
	for (int i = 0; i < a->nr_fakes && i < b->nr_fakes && !(ignore & VT_IGNORE_HW); i++) {
		const char *nm = fake_at(i)->name;

		DIFF(a->hw[i].hw_prepared != b->hw[i].hw_prepared,
		     "fake %s hw_prepared", "%d -> %d", nm, a->hw[i].hw_prepared,
		     b->hw[i].hw_prepared);
		DIFF(a->hw[i].hw_enabled != b->hw[i].hw_enabled,
		     "fake %s hw_enabled", "%d -> %d", nm, a->hw[i].hw_enabled,
		     b->hw[i].hw_enabled);
		DIFF(a->hw[i].hw_parent != b->hw[i].hw_parent,
		     "fake %s hw_parent", "%d -> %d", nm, a->hw[i].hw_parent,
		     b->hw[i].hw_parent);
		DIFF(a->hw[i].fixed_rate != b->hw[i].fixed_rate,
		     "fake %s fixed_rate", "%lu -> %lu", nm, a->hw[i].fixed_rate,
		     b->hw[i].fixed_rate);
		DIFF(a->hw[i].div != b->hw[i].div,
		     "fake %s div", "%lu -> %lu", nm, a->hw[i].div, b->hw[i].div);
	}
	msg[0] = 0;
	return 0;
}

/* ==================== helpers ==================== */

void vt_begin(void)
{
	vclk_reset();
	fake_reset();
	regmodel_reset();
	vt_inv_reported = 0;
}

struct clk *vt_get(const char *name)
{
	return VP(clk_get(NULL, name));
}

int vt_id(const char *name)
{
	return vclk_lookup(name);
}

uint32_t vt_pc(const char *name)
{
	return vclk_clock_prepare_count(vclk_lookup(name));
}

uint32_t vt_ec(const char *name)
{
	return vclk_clock_enable_count(vclk_lookup(name));
}

unsigned long vt_rate(const char *name)
{
	return vclk_clock_rate(vclk_lookup(name));
}

bool vt_hw_prep(const char *name)
{
	struct fake_clk *f = fake_find(name);

	return f && f->hw_prepared;
}

bool vt_hw_en(const char *name)
{
	struct fake_clk *f = fake_find(name);

	return f && f->hw_enabled;
}

uint32_t vt_peek(uint32_t addr)
{
	uint32_t val = 0xdeadbeef;

	return regmodel_peek(addr, &val) ? 0xdeadbeef : val;
}

int vt_reg_clock(const char *name, const char *const *parents, int n,
		 const struct vclk_ops *ops, void *cfg, unsigned long flags)
{
	struct vclk_init_data init = {
		.name = name, .parent_names = parents, .num_parents = n,
		.flags = flags, .ops = ops, .priv = cfg,
	};

	return vclk_register(&init);
}

struct clk *vt_provider(const char *name)
{
	return vclk_clock_handle(vclk_lookup(name));
}

int vt_handle_slot(const struct clk *clk)
{
	if (!clk || clk < &vclk_handles[0] || clk >= &vclk_handles[VCLK_NR_HANDLES])
		return -1;
	return (int)(clk - vclk_handles);
}

/* ==================== runner ==================== */

static const struct vt_test *const tables[] = {
	vt_tests_pool,
	vt_tests_refcount,
	vt_tests_parent,
	vt_tests_rollback,
	vt_tests_misc,
	vt_tests_bulk,
	vt_tests_rate,
	vt_tests_exclusive,
	vt_tests_regmodel,
	vt_tests_clkparse,
	vt_tests_types,
	vt_tests_omap4_round,
	vt_tests_omap4_dpll,
	vt_tests_omap4_types,
	vt_tests_signal,
	vt_tests_lock,
	vt_tests_mux_rate,
};

static bool selected(const char *name, int argc, char **argv, int first)
{
	if (first >= argc)
		return true;
	for (int i = first; i < argc; i++)
		if (strstr(name, argv[i]))
			return true;
	return false;
}

static int run_inline(const struct vt_test *t)
{
	vt_failures = 0;
	vt_begin();
	t->fn();
	fflush(stdout);
	return vt_failures ? 1 : 0;
}

static int run_forked(const struct vt_test *t)
{
	pid_t pid;
	int status;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return run_inline(t);
	}
	if (pid == 0) {
		alarm(VT_TIMEOUT_S);
		exit(run_inline(t));
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("waitpid");
		return 1;
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status) ? 1 : 0;
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);

		printf("%s: killed by signal %d%s\n", t->name, sig,
		       sig == SIGALRM ? " (timeout)" : "");
	}
	return 1;
}

int main(int argc, char **argv)
{
	int passed = 0, failed = 0, first = 1;
	bool fork_tests = true, list = false;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while (first < argc && argv[first][0] == '-') {
		if (strcmp(argv[first], "-n") == 0) {
			fork_tests = false;
		} else if (strcmp(argv[first], "-l") == 0) {
			list = true;
		} else {
			fprintf(stderr, "usage: %s [-n] [-l] [name-substring...]\n"
				"  -n  run tests in this process (no fork)\n"
				"  -l  list tests\n", argv[0]);
			return 2;
		}
		first++;
	}
	for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		for (const struct vt_test *t = tables[i]; t->name; t++) {
			int r;

			if (!selected(t->name, argc, argv, first))
				continue;
			if (list) {
				printf("%s\n", t->name);
				continue;
			}
			r = fork_tests ? run_forked(t) : run_inline(t);
			printf("%s %s\n", r ? "FAIL" : "PASS", t->name);
			if (r)
				failed++;
			else
				passed++;
		}
	}
	if (list)
		return 0;
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}

void vt_note_event(char *buf, size_t size, unsigned long event,
		   const char *name, const struct clk_notifier_data *d)
{
	size_t len = strlen(buf);
	const char *what = event == PRE_RATE_CHANGE ? "PRE" :
			   event == POST_RATE_CHANGE ? "POST" :
			   event == ABORT_RATE_CHANGE ? "ABORT" : "?";

	snprintf(buf + len, size - len, "%s%s %s %lu %lu", len ? ", " : "",
		 what, name, d->old_rate / 1000000UL, d->new_rate / 1000000UL);
}
