/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/script.c - the interpreter of `vclk run` scripts (see
 * script.h; the language is documented in docs/users.md and vclk(1),
 * docs/vclk.1).
 *
 * A script is read and parsed whole into struct cmd entries, checked
 * against cmd_specs[] (argument count and kind), then run one command at
 * a time: each prints its information lines, if any, then exactly one
 * result line.  Expectations ("== X") are compared after the result is
 * printed; a mismatch is reported on the error stream and the script goes
 * on, so that one run shows every difference.
 */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdarg.h>
#include <sys/types.h>
#include <stdlib.h>
#include <string.h>
#include "clkparse.h"
#include "script.h"
#include "show.h"
#include "regmodel.h"
#include "vclk.h"

#define MAX_WORDS   10		/* words in a line, "== X" included */
#define MAX_ARGS    6		/* arguments of a command */
#define REF_LEN     64		/* bytes of a clock reference NAME@USER */
#define MAX_HANDLES (2 * VCLK_MAX_CONSUMERS)	/* the core refuses first */
#define ERR_LEN     256
#define MAX_STRINGS 256		/* distinct clkdev keys and bulk devices */

struct ctx;
struct cmd;

/*
 * Argument kinds, one letter each in a spec's @args; an upper-case letter
 * is optional (only at the end):
 *   c  a clock reference NAME or NAME@USER (a consumer handle)
 *   p  a clock name (a provider handle: set_parent's new input)
 *   f  a clock of the tree (fail)
 *   r  a rate, unsigned long        a  a 32-bit address or value
 *   o  a failable provider op       N  a count >= 1
 *   V  the word "veto"              d  degrees, an int (may be negative)
 *   u  an unsigned int              C  a further clock reference
 *   k  a clkdev key: a name, or "-" for NULL (any device or connection)
 */
struct cmd_spec {
	const char *name;
	const char *args;
	void (*run)(struct ctx *x, const struct cmd *c, FILE *res);
	/* the API function the command is named after, by kind of runner */
	int (*call)(struct clk *clk);
	int (*bulk_call)(int num, const struct clk_bulk_data *clks);
	void (*bulk_release)(int num, const struct clk_bulk_data *clks);
};

struct cmd {
	const struct cmd_spec *spec;
	int line;
	int nargs;
	char *arg[MAX_ARGS];
	unsigned long num[MAX_ARGS];	/* kinds r, a, N, u */
	int degrees;			/* kind d */
	int clock;			/* kind f: index in the tree */
	int op;				/* kind o */
	char *expect;			/* after "==", NULL if none */
};

/* a consumer handle of the script, by the reference that took it */
struct handle {
	bool used;
	char ref[REF_LEN];
	char user[REF_LEN];	/* the core keeps dev_id by pointer */
	struct clk *clk;
};

/* a "notify" command's notifier; nb first, so the callback finds it */
struct watcher {
	struct notifier_block nb;
	char label[REF_LEN];
	bool veto;
	bool registered;
	FILE *out;
};

struct ctx {
	struct tree *t;
	const char *name;
	FILE *out;
	FILE *err;
	struct handle handles[MAX_HANDLES];
	struct watcher watchers[VCLK_MAX_NOTIFIERS];
	int nr_watchers;
	/* the core keeps clkdev keys and device names by pointer */
	char strings[MAX_STRINGS][REF_LEN];
	int nr_strings;
};

/* ==================== results ==================== */

static void put_errno(FILE *res, int ret)
{
	if (ret)
		fputs(tree_errname(ret), res);
	else
		fputs("0", res);
}

/* a number of the language (clkparse_number()) of at most @max */
static bool parse_number(const char *s, unsigned long long max,
			 unsigned long long *out)
{
	unsigned long long v;

	if (clkparse_number(s, &v) || v > max)
		return false;
	*out = v;
	return true;
}

/* equal text, or two numbers of equal value ("0x20" and "0x00000020") */
static bool result_matches(const char *want, const char *got)
{
	unsigned long long a, b;

	if (strcmp(want, got) == 0)
		return true;
	return parse_number(want, ULLONG_MAX, &a) &&
	       parse_number(got, ULLONG_MAX, &b) && a == b;
}

/* ==================== handles and notifiers ==================== */

/*
 * The handle bound to @ref into *@hp (NULL if none); returns a free slot
 * of the table, NULL if it is full.
 */
static struct handle *find_handle(struct ctx *x, const char *ref,
				  struct handle **hp)
{
	struct handle *free_slot = NULL;

	*hp = NULL;
	for (int i = 0; i < MAX_HANDLES; i++) {
		struct handle *h = &x->handles[i];

		if (h->used && strcmp(h->ref, ref) == 0) {
			*hp = h;
			return NULL;
		}
		if (!h->used && !free_slot)
			free_slot = h;
	}
	return free_slot;
}

/*
 * A free slot for a handle the script binds to the new reference @ref
 * itself (bulk_get, get_sys).  Return: 0; -EEXIST when @ref has a handle
 * already (the script would lose it); -ENOMEM when the table is full.
 */
static int new_binding(struct ctx *x, const char *ref, struct handle **slotp)
{
	struct handle *h;

	*slotp = find_handle(x, ref, &h);
	if (h)
		return -VCLK_EEXIST;
	return *slotp ? 0 : -VCLK_ENOMEM;
}

/*
 * The consumer handle of @ref, taken with vclk_get() on first use.  A
 * reference that is a clock's whole name is that clock with no user (names
 * may contain '@'); otherwise NAME@USER splits at the last '@'.
 * Return: 0, or vclk_get()'s error (-ENOENT, -ENOMEM), or -ENOMEM when
 * the script's own table is full.
 */
static int handle_of(struct ctx *x, const char *ref, struct handle **hp)
{
	struct handle *free_slot;
	char name[REF_LEN];
	const char *at;
	int ret;

	free_slot = find_handle(x, ref, hp);
	if (*hp)
		return 0;
	if (!free_slot)
		return -VCLK_ENOMEM;
	snprintf(free_slot->ref, sizeof(free_slot->ref), "%s", ref);
	snprintf(name, sizeof(name), "%s", ref);
	free_slot->user[0] = 0;
	at = strrchr(ref, '@');
	if (tree_find(x->t, ref) < 0 && at && at != ref) {
		name[at - ref] = 0;
		snprintf(free_slot->user, sizeof(free_slot->user), "%s", at + 1);
	}
	ret = vclk_get(free_slot->user[0] ? free_slot->user : NULL, name,
		       &free_slot->clk);
	if (ret)
		return ret;
	free_slot->used = true;
	*hp = free_slot;
	return 0;
}

/*
 * A copy of @s that lives as long as the script, one per distinct text:
 * the core keeps clkdev keys and a bulk_get's device name by pointer.
 * "-" is NULL (any device or connection).  Return: 0, or -ENOMEM when
 * the script has used MAX_STRINGS distinct names.
 */
static int key_of(struct ctx *x, const char *s, const char **keyp)
{
	*keyp = NULL;
	if (strcmp(s, "-") == 0)
		return 0;
	for (int i = 0; i < x->nr_strings; i++)
		if (strcmp(x->strings[i], s) == 0) {
			*keyp = x->strings[i];
			return 0;
		}
	if (x->nr_strings == MAX_STRINGS)
		return -VCLK_ENOMEM;
	snprintf(x->strings[x->nr_strings], REF_LEN, "%s", s);
	*keyp = x->strings[x->nr_strings++];
	return 0;
}

static const char *event_name(unsigned long event)
{
	switch (event) {
	case PRE_RATE_CHANGE:
		return "PRE";
	case POST_RATE_CHANGE:
		return "POST";
	case ABORT_RATE_CHANGE:
		return "ABORT";
	}
	return "?";
}

static int watcher_call(struct notifier_block *nb, unsigned long event,
			void *data)
{
	struct watcher *w = (struct watcher *)nb;
	const struct clk_notifier_data *nd = data;

	fprintf(w->out, "# %s %s %lu %lu\n", w->label, event_name(event),
		nd->old_rate, nd->new_rate);
	return w->veto && event == PRE_RATE_CHANGE ? NOTIFY_BAD : NOTIFY_OK;
}

/* ==================== commands ==================== */

/* the handle of argument 0, or its error as the result */
#define WITH_HANDLE(x, c, res, h)					\
	struct handle *h;						\
	do {								\
		int ret_ = handle_of(x, (c)->arg[0], &h);		\
		if (ret_) {						\
			put_errno(res, ret_);				\
			return;						\
		}							\
	} while (0)

/* the commands that are one API call on a handle: prepare, enable, ... */
static void run_clk_call(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	put_errno(res, c->spec->call(h->clk));
}

static void run_get_rate(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	fprintf(res, "%lu", clk_get_rate(h->clk));
}

static void run_round_rate(struct ctx *x, const struct cmd *c, FILE *res)
{
	unsigned long rounded = 0;
	int ret;

	WITH_HANDLE(x, c, res, h);
	ret = vclk_round_rate(h->clk, c->num[1], &rounded);
	if (ret)
		put_errno(res, ret);
	else
		fprintf(res, "%lu", rounded);
}

static void run_set_rate(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	put_errno(res, clk_set_rate(h->clk, c->num[1]));
}

static void run_set_rate_range(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	put_errno(res, clk_set_rate_range(h->clk, c->num[1], c->num[2]));
}

static void run_set_min_rate(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	put_errno(res, clk_set_min_rate(h->clk, c->num[1]));
}

static void run_set_max_rate(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	put_errno(res, clk_set_max_rate(h->clk, c->num[1]));
}

static void run_set_rate_exclusive(struct ctx *x, const struct cmd *c,
				   FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	put_errno(res, clk_set_rate_exclusive(h->clk, c->num[1]));
}

static void run_get_accuracy(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	fprintf(res, "%ld", clk_get_accuracy(h->clk));
}

static void run_set_phase(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	put_errno(res, clk_set_phase(h->clk, c->degrees));
}

/* a value, or the error's name */
static void put_int_or_errno(FILE *res, int v)
{
	if (v < 0)
		put_errno(res, v);
	else
		fprintf(res, "%d", v);
}

static void run_get_phase(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	put_int_or_errno(res, clk_get_phase(h->clk));
}

static void run_set_duty(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	put_errno(res, clk_set_duty_cycle(h->clk, (unsigned int)c->num[1],
					  (unsigned int)c->num[2]));
}

static void run_get_duty(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	put_int_or_errno(res, clk_get_scaled_duty_cycle(h->clk,
						       (unsigned int)c->num[1]));
}

static void run_get_parent(struct ctx *x, const struct cmd *c, FILE *res)
{
	struct clk *p;

	WITH_HANDLE(x, c, res, h);
	p = clk_get_parent(h->clk);
	fputs(p ? vclk_clock_name(vclk_clock_id(p)) : "(none)", res);
}

/*
 * Argument 1, a clock by name, through its provider handle as a driver
 * would pass it; NULL after printing the error (-ENOENT: no such clock).
 */
static struct clk *provider_arg(const struct cmd *c, FILE *res)
{
	int pid = vclk_lookup(c->arg[1]);

	if (pid < 0) {
		put_errno(res, pid);
		return NULL;
	}
	return vclk_clock_handle(pid);
}

static void run_set_parent(struct ctx *x, const struct cmd *c, FILE *res)
{
	struct clk *parent;

	WITH_HANDLE(x, c, res, h);
	parent = provider_arg(c, res);
	if (parent)
		put_errno(res, clk_set_parent(h->clk, parent));
}

static void run_is_enabled(struct ctx *x, const struct cmd *c, FILE *res)
{
	WITH_HANDLE(x, c, res, h);
	fputs(clk_is_enabled(h->clk) ? "1" : "0", res);
}

/* a put handle is forgotten: the next use of the reference takes a new one */
static void run_put(struct ctx *x, const struct cmd *c, FILE *res)
{
	int ret;

	WITH_HANDLE(x, c, res, h);
	ret = clk_put(h->clk);
	if (ret == 0)
		h->used = false;
	put_errno(res, ret);
}

/* ==================== bulk, clkdev and matching ==================== */

/* the handles of every reference argument into @clks (and @hs if any) */
static int bulk_of(struct ctx *x, const struct cmd *c,
		   struct clk_bulk_data *clks, struct handle **hs)
{
	for (int i = 0; i < c->nargs; i++) {
		struct handle *h;
		int ret = handle_of(x, c->arg[i], &h);

		if (ret)
			return ret;
		clks[i].id = h->ref;
		clks[i].clk = h->clk;
		if (hs)
			hs[i] = h;
	}
	return 0;
}

/* bulk_prepare, bulk_enable, bulk_prepare_enable: all or nothing */
static void run_bulk_call(struct ctx *x, const struct cmd *c, FILE *res)
{
	struct clk_bulk_data clks[MAX_ARGS];
	int ret = bulk_of(x, c, clks, NULL);

	put_errno(res, ret ? ret : c->spec->bulk_call(c->nargs, clks));
}

/* bulk_disable, bulk_unprepare, bulk_disable_unprepare: no result */
static void run_bulk_release(struct ctx *x, const struct cmd *c, FILE *res)
{
	struct clk_bulk_data clks[MAX_ARGS];
	int ret = bulk_of(x, c, clks, NULL);

	if (ret == 0)
		c->spec->bulk_release(c->nargs, clks);
	put_errno(res, ret);
}

/* a handle clk_bulk_put() put is forgotten, as after "put" */
static void run_bulk_put(struct ctx *x, const struct cmd *c, FILE *res)
{
	struct clk_bulk_data clks[MAX_ARGS];
	struct handle *hs[MAX_ARGS];
	int ret = bulk_of(x, c, clks, hs);

	if (ret) {
		put_errno(res, ret);
		return;
	}
	clk_bulk_put(c->nargs, clks);
	for (int i = 0; i < c->nargs; i++)
		if (!clks[i].clk)
			hs[i]->used = false;
	fputs("0", res);
}

/*
 * "bulk_get DEV NAME...": clk_bulk_get() on the clocks NAME for DEV; the
 * handles are bound to the references NAME@DEV (NAME when DEV is "-"),
 * which must not have handles yet (-EEXIST).
 */
static void run_bulk_get(struct ctx *x, const struct cmd *c, FILE *res)
{
	struct clk_bulk_data clks[MAX_ARGS];
	struct handle *slots[MAX_ARGS];
	int n = c->nargs - 1, bound = 0, ret;
	const char *dev;

	ret = key_of(x, c->arg[0], &dev);
	for (; ret == 0 && bound < n; bound++) {
		const char *name = c->arg[bound + 1];
		char ref[REF_LEN];

		if (dev)
			snprintf(ref, sizeof(ref), "%.*s@%.*s", REF_LEN / 2 - 1,
				 name, REF_LEN / 2 - 1, dev);
		else
			snprintf(ref, sizeof(ref), "%s", name);
		ret = new_binding(x, ref, &slots[bound]);
		if (ret)
			break;
		/* reserved, so that the next reference gets another slot */
		slots[bound]->used = true;
		memcpy(slots[bound]->ref, ref, sizeof(ref));
		clks[bound].id = name;
		clks[bound].clk = NULL;
	}
	if (ret == 0)
		ret = clk_bulk_get(dev, n, clks);
	for (int i = 0; i < bound; i++) {
		slots[i]->used = ret == 0;
		slots[i]->clk = clks[i].clk;
		slots[i]->user[0] = 0;
	}
	put_errno(res, ret);
}

static void run_clkdev_add(struct ctx *x, const struct cmd *c, FILE *res)
{
	const char *dev, *con, *clock;
	int ret = key_of(x, c->arg[0], &dev);

	if (ret == 0)
		ret = key_of(x, c->arg[1], &con);
	if (ret == 0)
		ret = key_of(x, c->arg[2], &clock);
	put_errno(res, ret ? ret : vclk_clkdev_add(dev, con, clock));
}

static void run_clkdev_drop(struct ctx *x, const struct cmd *c, FILE *res)
{
	const char *dev, *con;
	int ret = key_of(x, c->arg[0], &dev);

	if (ret == 0)
		ret = key_of(x, c->arg[1], &con);
	put_errno(res, ret ? ret : vclk_clkdev_drop(dev, con));
}

/* "get_sys REF DEV CON": the clock's name; the handle is bound to REF */
static void run_get_sys(struct ctx *x, const struct cmd *c, FILE *res)
{
	struct handle *slot;
	const char *dev, *con;
	int ret = new_binding(x, c->arg[0], &slot);

	if (ret == 0)
		ret = key_of(x, c->arg[1], &dev);
	if (ret == 0)
		ret = key_of(x, c->arg[2], &con);
	if (ret == 0)
		ret = vclk_get_sys(dev, con, &slot->clk);
	if (ret) {
		put_errno(res, ret);
		return;
	}
	slot->used = true;
	snprintf(slot->ref, REF_LEN, "%s", c->arg[0]);
	slot->user[0] = 0;
	fputs(vclk_clock_name(vclk_clock_id(slot->clk)), res);
}

static void run_is_match(struct ctx *x, const struct cmd *c, FILE *res)
{
	struct clk_bulk_data pair[2];
	int ret = bulk_of(x, c, pair, NULL);

	if (ret)
		put_errno(res, ret);
	else
		fputs(clk_is_match(pair[0].clk, pair[1].clk) ? "1" : "0", res);
}

/* "has_parent C P": P by name, through its provider handle */
static void run_has_parent(struct ctx *x, const struct cmd *c, FILE *res)
{
	struct clk *parent;

	WITH_HANDLE(x, c, res, h);
	parent = provider_arg(c, res);
	if (parent)
		fputs(clk_has_parent(h->clk, parent) ? "1" : "0", res);
}

static void run_disable_unused(struct ctx *x, const struct cmd *c, FILE *res)
{
	(void)x;
	(void)c;
	fprintf(res, "%d", clk_disable_unused());
}

static void run_readl(struct ctx *x, const struct cmd *c, FILE *res)
{
	uint32_t val = 0;
	int ret = vclk_readl((uint32_t)c->num[0], &val);

	(void)x;
	if (ret)
		put_errno(res, ret);
	else
		fprintf(res, "0x%08x", val);
}

static void run_writel(struct ctx *x, const struct cmd *c, FILE *res)
{
	(void)x;
	put_errno(res, vclk_writel((uint32_t)c->num[0], (uint32_t)c->num[1]));
}

static void run_notify(struct ctx *x, const struct cmd *c, FILE *res)
{
	struct watcher *w;
	int ret;

	WITH_HANDLE(x, c, res, h);
	/* as many as the core's table: it would refuse the next one too */
	if (x->nr_watchers == VCLK_MAX_NOTIFIERS) {
		put_errno(res, -VCLK_ENOMEM);
		return;
	}
	w = &x->watchers[x->nr_watchers];
	w->nb.notifier_call = watcher_call;
	snprintf(w->label, sizeof(w->label), "%s", c->arg[0]);
	w->veto = c->nargs > 1;
	w->out = x->out;
	ret = clk_notifier_register(h->clk, &w->nb);
	if (ret == 0) {
		w->registered = true;
		x->nr_watchers++;
	}
	put_errno(res, ret);
}

/*
 * The latest watcher "notify C" registered that is still registered; if
 * none, the latest one of C (the core then answers -ENOENT), or a block
 * never registered: the core's answer is the result either way.
 */
static void run_unnotify(struct ctx *x, const struct cmd *c, FILE *res)
{
	static struct notifier_block never_registered;
	struct watcher *w = NULL;
	int ret;

	WITH_HANDLE(x, c, res, h);
	for (int i = x->nr_watchers - 1; i >= 0 && !w; i--)
		if (x->watchers[i].registered &&
		    strcmp(x->watchers[i].label, c->arg[0]) == 0)
			w = &x->watchers[i];
	for (int i = x->nr_watchers - 1; i >= 0 && !w; i--)
		if (strcmp(x->watchers[i].label, c->arg[0]) == 0)
			w = &x->watchers[i];
	ret = clk_notifier_unregister(h->clk, w ? &w->nb : &never_registered);
	if (ret == 0 && w)
		w->registered = false;
	put_errno(res, ret);
}

/* register faults of the model (harness/regmodel/): every access to ADDR
 * fails with -EIO until clear_faults */
static void run_fault_addr(struct ctx *x, const struct cmd *c, FILE *res)
{
	(void)x;
	put_errno(res, regmodel_fail_addr((uint32_t)c->num[0], -VCLK_EIO));
}

/* the status bits of @addr stop following (a PLL that never locks) */
static void run_stall(struct ctx *x, const struct cmd *c, FILE *res)
{
	(void)x;
	put_errno(res, regmodel_stall((uint32_t)c->num[0]));
}

static void run_clear_faults(struct ctx *x, const struct cmd *c, FILE *res)
{
	(void)x;
	(void)c;
	regmodel_clear_faults();
	fputs("0", res);
}

static void run_fail(struct ctx *x, const struct cmd *c, FILE *res)
{
	put_errno(res, tree_arm_fail(x->t, c->clock, (enum tree_op)c->op,
				     c->nargs > 2 ? (int)c->num[2] : 1));
}

static void run_summary(struct ctx *x, const struct cmd *c, FILE *res)
{
	(void)c;
	show_summary(x->t, x->out, "# ", 0);
	fputs("0", res);
}

static void run_dump(struct ctx *x, const struct cmd *c, FILE *res)
{
	(void)c;
	show_dump(x->t, res);
}

/* designated, so an entry names only the function its runner calls */
#define CMD(n, a, r, ...) { .name = (n), .args = (a), .run = (r), __VA_ARGS__ }

static const struct cmd_spec cmd_specs[] = {
	CMD("prepare", "c", run_clk_call, .call = clk_prepare),
	CMD("unprepare", "c", run_clk_call, .call = vclk_unprepare),
	CMD("enable", "c", run_clk_call, .call = clk_enable),
	CMD("disable", "c", run_clk_call, .call = vclk_disable),
	CMD("prepare_enable", "c", run_clk_call, .call = clk_prepare_enable),
	CMD("disable_unprepare", "c", run_clk_call, .call = vclk_disable_unprepare),
	CMD("get_rate", "c", run_get_rate),
	CMD("round_rate", "cr", run_round_rate),
	CMD("set_rate", "cr", run_set_rate),
	CMD("set_rate_range", "crr", run_set_rate_range),
	CMD("set_min_rate", "cr", run_set_min_rate),
	CMD("set_max_rate", "cr", run_set_max_rate),
	CMD("drop_range", "c", run_clk_call, .call = clk_drop_range),
	CMD("exclusive_get", "c", run_clk_call, .call = clk_rate_exclusive_get),
	CMD("exclusive_put", "c", run_clk_call, .call = vclk_rate_exclusive_put),
	CMD("set_rate_exclusive", "cr", run_set_rate_exclusive),
	CMD("get_accuracy", "c", run_get_accuracy),
	CMD("set_phase", "cd", run_set_phase),
	CMD("get_phase", "c", run_get_phase),
	CMD("set_duty", "cuu", run_set_duty),
	CMD("get_duty", "cu", run_get_duty),
	CMD("bulk_get", "kcCCCC", run_bulk_get),
	CMD("bulk_put", "cCCCCC", run_bulk_put),
	CMD("bulk_prepare", "cCCCCC", run_bulk_call, .bulk_call = clk_bulk_prepare),
	CMD("bulk_enable", "cCCCCC", run_bulk_call, .bulk_call = clk_bulk_enable),
	CMD("bulk_prepare_enable", "cCCCCC", run_bulk_call, .bulk_call = clk_bulk_prepare_enable),
	CMD("bulk_disable", "cCCCCC", run_bulk_release, .bulk_release = clk_bulk_disable),
	CMD("bulk_unprepare", "cCCCCC", run_bulk_release, .bulk_release = clk_bulk_unprepare),
	CMD("bulk_disable_unprepare", "cCCCCC", run_bulk_release, .bulk_release = clk_bulk_disable_unprepare),
	CMD("clkdev_add", "kkk", run_clkdev_add),
	CMD("clkdev_drop", "kk", run_clkdev_drop),
	CMD("get_sys", "ckk", run_get_sys),
	CMD("is_match", "cc", run_is_match),
	CMD("has_parent", "cp", run_has_parent),
	CMD("get_parent", "c", run_get_parent),
	CMD("set_parent", "cp", run_set_parent),
	CMD("is_enabled", "c", run_is_enabled),
	CMD("put", "c", run_put),
	CMD("disable_unused", "", run_disable_unused),
	CMD("readl", "a", run_readl),
	CMD("writel", "aa", run_writel),
	CMD("notify", "cV", run_notify),
	CMD("unnotify", "c", run_unnotify),
	CMD("fault_addr", "a", run_fault_addr),
	CMD("stall", "a", run_stall),
	CMD("clear_faults", "", run_clear_faults),
	CMD("fail", "foN", run_fail),
	CMD("summary", "", run_summary),
	CMD("dump", "", run_dump),
};

#define NR_SPECS (sizeof(cmd_specs) / sizeof(cmd_specs[0]))

/* ==================== parsing ==================== */

__attribute__((format(printf, 3, 4)))
static int bad(struct ctx *x, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(x->err, "%s:%d: ", x->name, line);
	va_start(ap, fmt);
	vfprintf(x->err, fmt, ap);
	va_end(ap);
	fputc('\n', x->err);
	return -1;
}

static const char *kind_text(char kind)
{
	switch (kind) {
	case 'c': return "CLOCK";
	case 'p': return "PARENT";
	case 'f': return "CLOCK";
	case 'r': return "HZ";
	case 'a': return "ADDR";
	case 'o': return "OP";
	case 'N': return "[N]";
	case 'V': return "[veto]";
	case 'd': return "DEGREES";
	case 'u': return "N";
	case 'C': return "[CLOCK]";
	case 'k': return "NAME|-";
	}
	return "?";
}

/* "set_rate CLOCK HZ": the usage in messages */
static void usage_of(const struct cmd_spec *s, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "%s", s->name);

	for (const char *k = s->args; *k && n < size; k++)
		n += (size_t)snprintf(buf + n, size - n, " %s", kind_text(*k));
}

static int parse_arg(struct ctx *x, struct cmd *c, int i, char kind)
{
	const char *w = c->arg[i];
	unsigned long long v;

	switch (kind) {
	case 'c':
	case 'C':
	case 'p':
	case 'k':
		if (strlen(w) >= REF_LEN)
			return bad(x, c->line, "%s: \"%s\" is longer than %d bytes",
				   c->spec->name, w, REF_LEN - 1);
		return 0;
	case 'f':
		c->clock = tree_find(x->t, w);
		if (c->clock < 0)
			return bad(x, c->line, "%s: no clock \"%s\" in %s",
				   c->spec->name, w, x->t->path);
		return 0;
	case 'r':
		if (!parse_number(w, ULONG_MAX, &v))
			return bad(x, c->line, "%s: \"%s\" is not a rate (0..%lu)",
				   c->spec->name, w, ULONG_MAX);
		c->num[i] = (unsigned long)v;
		return 0;
	case 'a':
		if (!parse_number(w, UINT32_MAX, &v))
			return bad(x, c->line, "%s: \"%s\" is not a 32-bit number",
				   c->spec->name, w);
		c->num[i] = (unsigned long)v;
		return 0;
	case 'o':
		c->op = tree_op_lookup(w);
		if (c->op < 0)
			return bad(x, c->line, "%s: unknown op \"%s\" (ops that can fail: prepare, enable, set_parent, set_rate, set_phase, set_duty)",
				   c->spec->name, w);
		if (!tree_has_op(x->t, c->clock, (enum tree_op)c->op))
			return bad(x, c->line, "%s: %s %s has no %s op",
				   c->spec->name,
				   clkdesc_type_name(x->t->desc.clocks[c->clock].type),
				   c->arg[0], w);
		return 0;
	case 'N':
		if (!parse_number(w, INT_MAX, &v) || v < 1)
			return bad(x, c->line, "%s: count \"%s\" is not a number from 1 to %d",
				   c->spec->name, w, INT_MAX);
		c->num[i] = (unsigned long)v;
		return 0;
	case 'd': {
		bool minus = w[0] == '-';

		if (!parse_number(w + minus, minus ? -(long long)INT_MIN : INT_MAX, &v))
			return bad(x, c->line, "%s: \"%s\" is not a number of degrees (%d..%d)",
				   c->spec->name, w, INT_MIN, INT_MAX);
		c->degrees = minus ? (int)(-(long long)v) : (int)v;
		return 0;
	}
	case 'u':
		if (!parse_number(w, UINT_MAX, &v))
			return bad(x, c->line, "%s: \"%s\" is not a number (0..%u)",
				   c->spec->name, w, UINT_MAX);
		c->num[i] = (unsigned long)v;
		return 0;
	case 'V':
		if (strcmp(w, "veto") != 0)
			return bad(x, c->line, "%s: expected \"veto\", got \"%s\"",
				   c->spec->name, w);
		return 0;
	}
	return bad(x, c->line, "internal: argument kind %c", kind);
}

/*
 * One line into @c: words split at blanks, a word starting with '#' ends
 * the line, "== X" at the end is the expectation.
 * Return: 1 for a command, 0 for an empty line, -1 for a bad one.
 */
static int parse_line(struct ctx *x, char *text, int line, struct cmd *c)
{
	char *words[MAX_WORDS + 1];
	int n = 0, nargs, max_args;
	char usage[128];

	memset(c, 0, sizeof(*c));
	c->line = line;
	for (char *w = strtok(text, " \t\r\n"); w; w = strtok(NULL, " \t\r\n")) {
		if (w[0] == '#')
			break;
		if (n == MAX_WORDS)
			return bad(x, line, "more than %d words", MAX_WORDS);
		words[n++] = w;
	}
	if (n == 0)
		return 0;
	for (int i = 0; i < n; i++) {
		if (strcmp(words[i], "==") != 0)
			continue;
		if (i != n - 2)
			return bad(x, line, "\"==\" must be followed by exactly one value");
		c->expect = strdup(words[i + 1]);
		n = i;
		break;
	}
	for (size_t s = 0; s < NR_SPECS; s++)
		if (strcmp(cmd_specs[s].name, words[0]) == 0)
			c->spec = &cmd_specs[s];
	if (!c->spec)
		return bad(x, line, "unknown command \"%s\"", words[0]);
	nargs = n - 1;
	max_args = (int)strlen(c->spec->args);
	usage_of(c->spec, usage, sizeof(usage));
	for (int k = 0; k < max_args; k++) {
		bool optional = c->spec->args[k] >= 'A' && c->spec->args[k] <= 'Z';

		if (k >= nargs && !optional)
			return bad(x, line, "%s: missing %s (usage: %s)",
				   c->spec->name, kind_text(c->spec->args[k]), usage);
	}
	if (nargs > max_args)
		return bad(x, line, "%s: too many arguments (usage: %s)",
			   c->spec->name, usage);
	c->nargs = nargs;
	for (int k = 0; k < nargs; k++) {
		c->arg[k] = strdup(words[k + 1]);
		if (parse_arg(x, c, k, c->spec->args[k]))
			return -1;
	}
	return 1;
}

static void free_cmds(struct cmd *cmds, int n)
{
	for (int i = 0; i < n; i++) {
		for (int k = 0; k < cmds[i].nargs; k++)
			free(cmds[i].arg[k]);
		free(cmds[i].expect);
	}
	free(cmds);
}

/*
 * Every line of @in into *@cmdsp (@nr commands).  Return: 0, or -1 after
 * a message for the first bad line.
 */
static int parse_script(struct ctx *x, FILE *in, struct cmd **cmdsp, int *nr)
{
	struct cmd *cmds = NULL;
	int n = 0, cap = 0, line = 0, ret = 0;
	char *text = NULL;
	size_t size = 0;

	ssize_t got;

	while ((got = getline(&text, &size, in)) >= 0) {
		struct cmd c;
		int r;

		line++;
		if ((ssize_t)strlen(text) != got) {
			ret = bad(x, line, "NUL byte in the line");
			break;
		}
		r = parse_line(x, text, line, &c);
		if (r < 0) {
			/* what parse_line() had copied before it stopped */
			for (int k = 0; k < MAX_ARGS; k++)
				free(c.arg[k]);
			free(c.expect);
			ret = -1;
			break;
		}
		if (r == 0)
			continue;
		if (n == cap) {
			struct cmd *more;

			cap = cap ? 2 * cap : 64;
			more = realloc(cmds, (size_t)cap * sizeof(*cmds));
			if (!more) {
				ret = bad(x, line, "out of memory");
				break;
			}
			cmds = more;
		}
		cmds[n++] = c;
	}
	if (ret == 0 && ferror(in))
		ret = bad(x, line + 1, "read error");
	free(text);
	if (ret) {
		free_cmds(cmds, n);
		return ret;
	}
	*cmdsp = cmds;
	*nr = n;
	return 0;
}

/* ==================== running ==================== */

/* the register writes the last command made, as information lines */
static void print_writes(FILE *out)
{
	int n = regmodel_log_len();

	for (int i = 0; i < n; i++) {
		const struct regmodel_access *a = regmodel_log_at(i);

		if (a && a->write && !a->err)
			fprintf(out, "# W 0x%08x 0x%08x\n", a->addr, a->value);
	}
}

/* run @c, print its result line; false when its expectation failed */
static bool run_cmd(struct ctx *x, const struct cmd *c, bool trace)
{
	char *result = NULL;
	size_t len = 0;
	FILE *res = open_memstream(&result, &len);
	bool ok = true;

	if (!res) {
		fprintf(x->err, "%s:%d: out of memory\n", x->name, c->line);
		return false;
	}
	regmodel_log_clear();
	c->spec->run(x, c, res);
	fclose(res);
	/* dump's JSON ends in a newline: the result line gets its own */
	if (len && result[len - 1] == '\n')
		result[len - 1] = 0;
	if (trace)
		print_writes(x->out);
	fprintf(x->out, "%s\n", result);
	fflush(x->out);
	if (c->expect && !result_matches(c->expect, result)) {
		fprintf(x->err, "%s:%d: expected %s, got %s\n", x->name,
			c->line, c->expect, result);
		fflush(x->err);
		ok = false;
	}
	free(result);
	return ok;
}

int script_run(struct tree *t, const char *name, FILE *in, FILE *out,
	       FILE *err, bool trace)
{
	static struct ctx x;	/* large, and the core keeps pointers into it */
	struct cmd *cmds = NULL;
	int n = 0, status = SCRIPT_OK;

	memset(&x, 0, sizeof(x));
	x.t = t;
	x.name = name;
	x.out = out;
	x.err = err;
	if (parse_script(&x, in, &cmds, &n))
		return SCRIPT_BAD;
	for (int i = 0; i < n; i++)
		if (!run_cmd(&x, &cmds[i], trace))
			status = SCRIPT_MISMATCH;
	free_cmds(cmds, n);
	return status;
}
