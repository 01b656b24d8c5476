/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/show.c - clk_summary, clk_dump and Graphviz views of the
 * core's clocks (see show.h).  Everything is read through the core's
 * introspection functions; the tree adds only what the core does not
 * keep (accuracy, type).
 */
#include <limits.h>
#include <string.h>
#include "show.h"
#include "vclk.h"

/* Linux's summary scales the duty cycle by 100000 */
#define SHOW_DUTY_SCALE 100000u

/* ==================== walking the tree ==================== */

typedef void (*visit_fn)(const struct tree *t, FILE *out, int id, int level,
			 const void *arg);

/* a root has no inputs; an orphan has some, none of them its parent */
static bool is_top(int id)
{
	return vclk_clock_parent(id) < 0;
}

/*
 * @visit on @id then, depth first, on each child; @post (may be NULL)
 * after the children.  Depth is bounded by the pool: the tree is acyclic.
 */
static void walk(const struct tree *t, FILE *out, int id, int level,
		 visit_fn visit, visit_fn post, const void *arg)
{
	int n = vclk_clock_count();

	visit(t, out, id, level, arg);
	for (int c = 0; c < n; c++)
		if (vclk_clock_parent(c) == id)
			walk(t, out, c, level + 1, visit, post, arg);
	if (post)
		post(t, out, id, level, arg);
}

/* roots first, then orphans, as Linux's clk_root_list, clk_orphan_list */
static void walk_all(const struct tree *t, FILE *out, visit_fn visit,
		     visit_fn post, const void *arg)
{
	int n = vclk_clock_count();

	for (int pass = 0; pass < 2; pass++)
		for (int id = 0; id < n; id++)
			if (is_top(id) &&
			    (vclk_clock_num_parents(id) > 0) == (pass == 1))
				walk(t, out, id, 0, visit, post, arg);
}

/*
 * Linux's core->protect_count: the exclusivity references held through
 * the clock's own handles, plus one per protected child.  The core keeps
 * only the per-handle counts (spec/exclusive.h); this is the same number.
 */
static unsigned long protect_count(int id)
{
	unsigned long n = 0;

	for (int h = 0; h < VCLK_NR_HANDLES; h++)
		if (vclk_handle_clock[h] == id)
			n += vclk_handle_excl[h];
	for (int j = 0; j < vclk_clock_count(); j++)
		if (vclk_parent[j] == id && protect_count(j) > 0)
			n++;
	return n;
}

/*
 * The provider's answers, through the consumer calls, as Linux's
 * summary asks them.  A clock without phase ops shows 0 (Linux's
 * clk_core_get_phase() answers 0 there); a provider's error shows -1.
 */
static long show_accuracy(int id)
{
	return clk_get_accuracy(vclk_clock_handle(id));
}

static int show_phase(int id)
{
	int phase = clk_get_phase(vclk_clock_handle(id));

	return phase == -VCLK_EINVAL ? 0 : phase < 0 ? -1 : phase;
}

static int show_duty(int id)
{
	return clk_get_scaled_duty_cycle(vclk_clock_handle(id), SHOW_DUTY_SCALE);
}

/* ==================== rates ==================== */

void show_rate_human(unsigned long rate, char *buf, size_t size)
{
	static const struct {
		unsigned long scale;
		int digits;
		const char *unit;
	} units[] = {
		{ 1000000000ul, 9, "GHz" },
		{ 1000000ul, 6, "MHz" },
		{ 1000ul, 3, "kHz" },
	};

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		unsigned long frac = rate % units[i].scale;
		int digits = units[i].digits;

		if (rate < units[i].scale)
			continue;
		/* integers only: a double would round 10 significant digits */
		while (frac && frac % 10 == 0) {
			frac /= 10;
			digits--;
		}
		if (frac)
			snprintf(buf, size, "%lu.%0*lu %s", rate / units[i].scale,
				 digits, frac, units[i].unit);
		else
			snprintf(buf, size, "%lu %s", rate / units[i].scale,
				 units[i].unit);
		return;
	}
	snprintf(buf, size, "%lu Hz", rate);
}

/* @id's rate as show's @flags print it: "48000000", or "48 MHz" */
static void show_rate(int id, unsigned int flags, char *buf, size_t size)
{
	if (flags & SHOW_HUMAN)
		show_rate_human(vclk_clock_rate(id), buf, size);
	else
		snprintf(buf, size, "%lu", vclk_clock_rate(id));
}

/* ==================== clk_summary ==================== */

/* Linux's column is 11 wide; --human's "266.666667 MHz" is wider */
#define SUMMARY_RATE_WIDTH 11

struct summary_arg {
	const char *prefix;
	unsigned int flags;
	int rate_width;
};

/* Linux's clk_summary_show_one(): the name indented 3 per level */
static void summary_one(const struct tree *t, FILE *out, int id, int level,
			const void *arg)
{
	const struct summary_arg *a = arg;
	char rate[SHOW_RATE_LEN];

	(void)t;

	show_rate(id, a->flags, rate, sizeof(rate));
	fprintf(out, "%s%*s%-*s %7u %8u %8lu %*s %10ld %5d %6d\n", a->prefix,
		level * 3 + 1, "", 30 - level * 3, vclk_clock_name(id),
		vclk_clock_enable_count(id), vclk_clock_prepare_count(id),
		protect_count(id), a->rate_width, rate, show_accuracy(id),
		show_phase(id), show_duty(id));
}

void show_summary(const struct tree *t, FILE *out, const char *prefix,
		  unsigned int flags)
{
	struct summary_arg a = {
		.prefix = prefix, .flags = flags,
		.rate_width = SUMMARY_RATE_WIDTH,
	};
	char rate[SHOW_RATE_LEN];

	/* the widest rate sets the column, so that the columns stay aligned */
	for (int id = 0; id < vclk_clock_count(); id++) {
		show_rate(id, flags, rate, sizeof(rate));
		if ((int)strlen(rate) > a.rate_width)
			a.rate_width = (int)strlen(rate);
	}
	fprintf(out, "%s                                 enable  prepare  protect%*s\n",
		prefix, a.rate_width + 1 + 11 + 6 + 7, "duty");
	fprintf(out, "%s   clock                          count    count    count %*s   accuracy phase  cycle\n",
		prefix, a.rate_width, "rate");
	fprintf(out, "%s", prefix);
	for (int i = 0; i < 82 + a.rate_width; i++)
		fputc('-', out);
	fputc('\n', out);
	walk_all(t, out, summary_one, NULL, &a);
}

/* ==================== clk_dump ==================== */

/* @s as a JSON string: names are tame today, the parser may change */
static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch < 0x20 || ch == 0x7f)
			fprintf(out, "\\u%04x", ch);
		else
			fputc(ch, out);
	}
	fputc('"', out);
}

/* the intersection of the ranges of @id's consumer handles */
static void boundaries(int id, unsigned long *min, unsigned long *max)
{
	*min = 0;
	*max = ULONG_MAX;
	for (int h = VCLK_MAX_CLOCKS; h < VCLK_NR_HANDLES; h++) {
		if (vclk_handle_clock[h] != id)
			continue;
		if (vclk_handle_min[h] > *min)
			*min = vclk_handle_min[h];
		if (vclk_handle_max[h] < *max)
			*max = vclk_handle_max[h];
	}
}

static void dump_one(const struct tree *t, FILE *out, int id, int level,
		     const void *arg)
{
	unsigned long min, max;
	bool *first = (bool *)arg;

	(void)t;
	/* a sibling or a parent's fields come before: separate them */
	if (level > 0 || !*first)
		fputc(',', out);
	*first = false;
	boundaries(id, &min, &max);
	json_string(out, vclk_clock_name(id));
	fprintf(out, ": { \"enable_count\": %u,\"prepare_count\": %u,"
		"\"protect_count\": %lu,\"rate\": %lu,\"min_rate\": %lu,"
		"\"max_rate\": %lu,\"accuracy\": %ld,\"phase\": %d,"
		"\"duty_cycle\": %d",
		vclk_clock_enable_count(id), vclk_clock_prepare_count(id),
		protect_count(id), vclk_clock_rate(id), min, max,
		show_accuracy(id), show_phase(id), show_duty(id));
}

static void dump_close(const struct tree *t, FILE *out, int id, int level,
		       const void *arg)
{
	(void)t;
	(void)id;
	(void)level;
	(void)arg;
	fputc('}', out);
}

void show_dump(const struct tree *t, FILE *out)
{
	bool first = true;

	fputc('{', out);
	walk_all(t, out, dump_one, dump_close, &first);
	fputs("}\n", out);
}

/* ==================== Graphviz ==================== */

/* @s inside a DOT quoted string */
static void dot_escaped(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
}

static void dot_string(FILE *out, const char *s)
{
	fputc('"', out);
	dot_escaped(out, s);
	fputc('"', out);
}

void show_dot(const struct tree *t, FILE *out, unsigned int flags)
{
	const struct clkdesc *d = &t->desc;
	int n = vclk_clock_count();
	char rate[SHOW_RATE_LEN];

	fprintf(out, "digraph clocks {\n\trankdir=LR;\n\tnode [shape=box];\n");
	for (int id = 0; id < n; id++) {
		const struct tree_clock *tc = tree_by_id(t, id);

		fputc('\t', out);
		dot_string(out, vclk_clock_name(id));
		fprintf(out, " [label=\"");
		dot_escaped(out, vclk_clock_name(id));
		/* plain: "48000000 Hz"; --human: "48 MHz" */
		show_rate(id, flags, rate, sizeof(rate));
		fprintf(out, "\\n%s\\n%s%s\"",
			tc ? clkdesc_type_name(tc->desc->type) : "?", rate,
			flags & SHOW_HUMAN ? "" : " Hz");
		if (vclk_clock_enable_count(id) > 0)
			fprintf(out, ", style=filled, fillcolor=palegreen");
		fprintf(out, "];\n");
	}
	/* inputs nobody registered: an orphan waits for them */
	for (int i = 0; i < d->nr_clocks; i++) {
		const struct clkdesc_clock *c = &d->clocks[i];

		for (int k = 0; k < c->num_parents; k++) {
			bool seen = vclk_lookup(c->parents[k]) >= 0;

			for (int j = 0; j < i && !seen; j++)
				for (int m = 0; m < d->clocks[j].num_parents; m++)
					seen |= strcmp(d->clocks[j].parents[m],
						       c->parents[k]) == 0;
			for (int m = 0; m < k && !seen; m++)
				seen = strcmp(c->parents[m], c->parents[k]) == 0;
			if (seen)
				continue;
			fputc('\t', out);
			dot_string(out, c->parents[k]);
			fprintf(out, " [style=dotted, label=\"");
			dot_escaped(out, c->parents[k]);
			fprintf(out, "\\n(not registered)\"];\n");
		}
	}
	for (int i = 0; i < d->nr_clocks; i++) {
		const struct clkdesc_clock *c = &d->clocks[i];
		int id = vclk_lookup(c->name);
		int parent = id >= 0 ? vclk_clock_parent(id) : -1;

		for (int k = 0; k < c->num_parents; k++) {
			bool current = parent >= 0 &&
				strcmp(vclk_clock_name(parent), c->parents[k]) == 0;

			fputc('\t', out);
			dot_string(out, c->parents[k]);
			fprintf(out, " -> ");
			dot_string(out, c->name);
			fprintf(out, "%s;\n", current ? "" : " [style=dashed]");
		}
	}
	fprintf(out, "}\n");
}
