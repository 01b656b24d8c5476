/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/clkparse.c - the .clk tree description parser (see
 * clkparse.h).  Host code: libc is fine here.
 *
 * A line is split into words at blanks; a clock line's words after the
 * name are "key=value" or a flag.  Each type lists its keys and flags in
 * type_specs[]; words are checked against that list first (unknown or
 * repeated ones), then required keys, then each type's fill function
 * reads the values and checks what they mean.  The first error ends the
 * parse, and the caller gets an empty description.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "clkparse.h"
#include "vclk_provider.h"

#define MAX_WORDS  32		/* words in one line */
#define MAX_KEYS   6		/* keys a type knows */
#define MAX_FLAGS  4		/* type flags a type knows */
#define FILE_MAX   (1 << 20)	/* bytes clkparse_file() reads at most */

struct flag_spec {
	const char *name;
	unsigned long bit;
};

struct word {
	char *key;		/* the word, or its part before '=' */
	char *value;		/* after '=', NULL for a flag */
};

struct parse_ctx {
	const char *file;
	int line;
	char *err;
	size_t err_size;
	char label[64];		/* "gate uart" once the name is known */
	struct word words[MAX_WORDS];
	int nr_words;
	struct clkdesc *out;
};

struct type_spec {
	const char *name;
	enum clkdesc_type type;
	const char *required[MAX_KEYS];
	const char *optional[MAX_KEYS];
	struct flag_spec flags[MAX_FLAGS];
	int (*fill)(struct parse_ctx *ctx, struct clkdesc_clock *c);
};

static const struct flag_spec common_flags[] = {
	{ "set-rate-parent", CLK_SET_RATE_PARENT },
	{ "set-rate-gate", CLK_SET_RATE_GATE },
	{ "set-parent-gate", CLK_SET_PARENT_GATE },
	{ "set-rate-no-reparent", CLK_SET_RATE_NO_REPARENT },
	{ "ignore-unused", CLK_IGNORE_UNUSED },
	{ "critical", CLK_IS_CRITICAL },
	{ "duty-cycle-parent", CLK_DUTY_CYCLE_PARENT },
	{ NULL, 0 }
};

static const struct flag_spec common_caps[] = {
	{ "phase-shift", CLKDESC_CAP_PHASE },
	{ "duty-cycle", CLKDESC_CAP_DUTY },
	{ NULL, 0 }
};

/* ==================== messages ==================== */

/* "FILE:LINE: [label: ]reason" into ctx->err; returns -VCLK_EINVAL */
__attribute__((format(printf, 2, 3)))
static int fail(struct parse_ctx *ctx, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(ctx->err, ctx->err_size, "%s:%d: %s%s", ctx->file,
		     ctx->line, ctx->label, ctx->label[0] ? ": " : "");
	if (n >= 0 && (size_t)n < ctx->err_size) {
		va_start(ap, fmt);
		vsnprintf(ctx->err + n, ctx->err_size - n, fmt, ap);
		va_end(ap);
	}
	return -VCLK_EINVAL;
}

/* ==================== words and values ==================== */

/**
 * clkparse_number() - a number of the .clk and script languages: decimal
 * digits, or 0x and hex digits
 * @s: the text
 * @out: the value, written only on success
 *
 * Return: 0, -1 if @s is not one, -2 if it does not fit unsigned long long.
 */
int clkparse_number(const char *s, unsigned long long *out)
{
	unsigned int base = 10;
	unsigned long long v = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return -1;
	for (; *s; s++) {
		unsigned int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			return -1;
		if (v > (ULLONG_MAX - d) / base)
			return -2;
		v = v * base + d;
	}
	*out = v;
	return 0;
}

/* @text as a number of at most @max, for key (or what) @what */
static int number(struct parse_ctx *ctx, const char *what, const char *text,
		  unsigned long long max, const char *type,
		  unsigned long long *out)
{
	int r = clkparse_number(text, out);

	if (r == -1)
		return fail(ctx, "%s: \"%s\" is not a number", what, text);
	if (r == -2 || *out > max)
		return fail(ctx, "%s: %s does not fit in %s (max %llu)", what,
			    text, type, max);
	return 0;
}

static struct word *find_word(struct parse_ctx *ctx, const char *key)
{
	for (int i = 2; i < ctx->nr_words; i++)
		if (ctx->words[i].value && strcmp(ctx->words[i].key, key) == 0)
			return &ctx->words[i];
	return NULL;
}

/*
 * The number of key @key into *out (left alone when the key is absent:
 * required keys were checked by check_words(), optional ones keep 0).
 */
static int key_number(struct parse_ctx *ctx, const char *key,
		      unsigned long long max, const char *type,
		      unsigned long long *out)
{
	const struct word *w = find_word(ctx, key);

	return w ? number(ctx, key, w->value, max, type, out) : 0;
}

/* key_number() for each C type a key lands in */
static int get_ulong(struct parse_ctx *ctx, const char *key, unsigned long *out)
{
	unsigned long long v = 0;
	int r = key_number(ctx, key, ULONG_MAX, "unsigned long", &v);

	*out = (unsigned long)v;
	return r;
}

static int get_uint(struct parse_ctx *ctx, const char *key, unsigned int *out)
{
	unsigned long long v = 0;
	int r = key_number(ctx, key, UINT_MAX, "unsigned int", &v);

	*out = (unsigned int)v;
	return r;
}

static int get_u32(struct parse_ctx *ctx, const char *key, uint32_t *out)
{
	unsigned long long v = 0;
	int r = key_number(ctx, key, UINT32_MAX, "32 bits", &v);

	*out = (uint32_t)v;
	return r;
}

/* copy a clock name, checking length and characters; @what for messages */
static int take_name(struct parse_ctx *ctx, const char *what, const char *s,
		     char dst[VCLK_NAME_LEN])
{
	size_t len = strlen(s);

	if (len == 0)
		return fail(ctx, "%s: empty name", what);
	if (len >= VCLK_NAME_LEN)
		return fail(ctx, "%s: \"%s\" is longer than %d bytes", what, s,
			    VCLK_NAME_LEN - 1);
	for (const char *p = s; *p; p++)
		if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') &&
		    !(*p >= '0' && *p <= '9') && !strchr("_-.@", *p))
			return fail(ctx, "%s: \"%s\" has a character other than letters, digits and _-.@",
				    what, s);
	memcpy(dst, s, len + 1);
	return 0;
}

/* split @list at commas into at most @max entries; -1 when more */
static int split_list(char *list, char **items, int max)
{
	int n = 0;

	for (char *p = list;; p++) {
		char *comma = strchr(p, ',');

		if (n == max)
			return -1;
		items[n++] = p;
		if (!comma)
			return n;
		*comma = 0;
		p = comma;
	}
}

/* ==================== per-type checks ==================== */

static int parent_is_not_self(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	for (int i = 0; i < c->num_parents; i++)
		if (strcmp(c->parents[i], c->name) == 0)
			return fail(ctx, "is its own parent");
	return 0;
}

static int get_parent(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	c->num_parents = 1;
	if (take_name(ctx, "parent", find_word(ctx, "parent")->value, c->parents[0]))
		return -VCLK_EINVAL;
	return parent_is_not_self(ctx, c);
}

/*
 * parent= where the type may go without one: a clock with no parent= is a
 * root with no inputs (num_parents 0), as Linux registers a gate whose
 * parent_name is NULL (__clk_hw_register_gate(): num_parents 0)
 */
static int get_optional_parent(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	c->num_parents = 0;
	return find_word(ctx, "parent") ? get_parent(ctx, c) : 0;
}

static int get_parents(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	char *items[VCLK_MAX_PARENTS];
	int n = split_list(find_word(ctx, "parents")->value, items,
			   VCLK_MAX_PARENTS);

	if (n < 0)
		return fail(ctx, "parents: more than %d entries", VCLK_MAX_PARENTS);
	for (int i = 0; i < n; i++)
		if (take_name(ctx, "parents", items[i], c->parents[i]))
			return -VCLK_EINVAL;
	c->num_parents = n;
	return parent_is_not_self(ctx, c);
}

/* reg=, shift= (or bit=), width=: a field that fits a 32-bit register */
static int get_field(struct parse_ctx *ctx, struct clkdesc_field *f)
{
	if (get_u32(ctx, "reg", &f->reg) || get_uint(ctx, "shift", &f->shift) ||
	    get_uint(ctx, "width", &f->width))
		return -VCLK_EINVAL;
	if (f->width < 1)
		return fail(ctx, "width must be at least 1");
	if ((unsigned long long)f->shift + f->width > 32)
		return fail(ctx, "shift %u + width %u exceeds 32 bits", f->shift,
			    f->width);
	return 0;
}

/* does @val fit a field of @width bits? */
static bool fits_width(unsigned long long val, unsigned int width)
{
	return width >= 32 || val < (1ull << width);
}

/* a table's field value @text, which must fit the field's @width */
static int table_value(struct parse_ctx *ctx, const char *text,
		       unsigned int width, uint32_t *out)
{
	unsigned long long v;

	if (number(ctx, "table value", text, UINT32_MAX, "32 bits", &v))
		return -VCLK_EINVAL;
	if (!fits_width(v, width))
		return fail(ctx, "table value %llu does not fit in width %u",
			    v, width);
	*out = (uint32_t)v;
	return 0;
}

static int fill_fixed(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	if (get_ulong(ctx, "rate", &c->rate) ||
	    get_ulong(ctx, "accuracy", &c->accuracy))
		return -VCLK_EINVAL;
	return 0;
}

static int fill_synth(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	if (get_ulong(ctx, "min", &c->min_rate) ||
	    get_ulong(ctx, "max", &c->max_rate) ||
	    get_ulong(ctx, "rate", &c->rate))
		return -VCLK_EINVAL;
	if (c->min_rate > c->max_rate)
		return fail(ctx, "min %lu is above max %lu", c->min_rate,
			    c->max_rate);
	if (c->rate < c->min_rate || c->rate > c->max_rate)
		return fail(ctx, "rate %lu is outside min..max (%lu..%lu)",
			    c->rate, c->min_rate, c->max_rate);
	return 0;
}

static int fill_fixed_factor(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	if (get_parent(ctx, c) || get_uint(ctx, "mult", &c->mult) ||
	    get_uint(ctx, "div", &c->div))
		return -VCLK_EINVAL;
	if (c->mult == 0)
		return fail(ctx, "mult must be nonzero");
	if (c->div == 0)
		return fail(ctx, "div must be nonzero");
	return 0;
}

static int fill_gate(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	unsigned int limit = c->type_flags & CLKDESC_GATE_HIWORD ? 16 : 32;

	if (get_optional_parent(ctx, c) || get_u32(ctx, "reg", &c->field.reg) ||
	    get_uint(ctx, "bit", &c->field.shift))
		return -VCLK_EINVAL;
	c->field.width = 1;
	/* hiword: the upper half of the register is the write-enable mask */
	if (c->field.shift >= limit)
		return fail(ctx, "bit %u is out of range (0..%u%s)",
			    c->field.shift, limit - 1,
			    limit == 16 ? " with hiword" : "");
	return 0;
}

static int fill_mux(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	struct word *table = find_word(ctx, "table");
	char *items[VCLK_MAX_PARENTS];
	int n;

	if (get_parents(ctx, c) || get_field(ctx, &c->field))
		return -VCLK_EINVAL;
	if (!table) {
		if (!fits_width(c->num_parents - 1, c->field.width))
			return fail(ctx, "%d parents do not fit in width %u",
				    c->num_parents, c->field.width);
		return 0;
	}
	n = split_list(table->value, items, VCLK_MAX_PARENTS);
	if (n != c->num_parents)
		return fail(ctx, "table has %s%d entries for %d parents",
			    n < 0 ? "more than " : "",
			    n < 0 ? VCLK_MAX_PARENTS : n, c->num_parents);
	for (int i = 0; i < n; i++)
		if (table_value(ctx, items[i], c->field.width, &c->mux_table[i]))
			return -VCLK_EINVAL;
	c->table_len = n;
	return 0;
}

/* one "div:val" of a divider table into @e */
static int div_entry(struct parse_ctx *ctx, char *item, unsigned int width,
		     struct clkdesc_div_entry *e)
{
	char *colon = strchr(item, ':');
	unsigned long long div;

	if (!colon)
		return fail(ctx, "table entry \"%s\" is not div:val", item);
	*colon = 0;
	if (number(ctx, "table div", item, UINT_MAX, "unsigned int", &div) ||
	    table_value(ctx, colon + 1, width, &e->val))
		return -VCLK_EINVAL;
	if (div == 0)
		return fail(ctx, "table div must be nonzero");
	e->div = (unsigned int)div;
	return 0;
}

static int fill_divider(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	struct word *table = find_word(ctx, "table");
	char *items[CLKDESC_MAX_DIV_TABLE];
	int n;

	if (get_parent(ctx, c) || get_field(ctx, &c->field))
		return -VCLK_EINVAL;
	if ((c->type_flags & CLKDESC_DIV_ONE_BASED) &&
	    (c->type_flags & CLKDESC_DIV_POWER_OF_TWO))
		return fail(ctx, "one-based and power-of-two exclude each other");
	if (!table)
		return 0;
	if (c->type_flags & (CLKDESC_DIV_ONE_BASED | CLKDESC_DIV_POWER_OF_TWO))
		return fail(ctx, "table= excludes one-based and power-of-two");
	n = split_list(table->value, items, CLKDESC_MAX_DIV_TABLE);
	if (n < 0)
		return fail(ctx, "table has more than %d entries",
			    CLKDESC_MAX_DIV_TABLE);
	for (int i = 0; i < n; i++) {
		struct clkdesc_div_entry *e = &c->div_table[i];

		if (div_entry(ctx, items[i], c->field.width, e))
			return -VCLK_EINVAL;
		for (int j = 0; j < i; j++)
			if (c->div_table[j].val == e->val)
				return fail(ctx, "table value %u listed twice",
					    e->val);
	}
	c->table_len = n;
	return 0;
}

static int fill_dpll(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	if (get_parent(ctx, c) || get_u32(ctx, "clkmode", &c->clkmode) ||
	    get_u32(ctx, "idlest", &c->idlest) ||
	    get_u32(ctx, "clksel", &c->clksel) ||
	    get_uint(ctx, "polls", &c->polls))
		return -VCLK_EINVAL;
	if (!find_word(ctx, "polls"))
		c->polls = CLKDESC_DPLL_POLLS;
	if (c->polls < 1 || c->polls > INT_MAX)
		return fail(ctx, "polls must be 1..%d", INT_MAX);
	if (!find_word(ctx, "bypass"))
		return 0;
	/* the bypass clock is input 1 (platform/omap4/dpll.h) */
	if (take_name(ctx, "bypass", find_word(ctx, "bypass")->value,
		      c->parents[1]))
		return -VCLK_EINVAL;
	c->num_parents = 2;
	if (strcmp(c->parents[1], c->parents[0]) == 0)
		return fail(ctx, "bypass is the reference clock");
	return parent_is_not_self(ctx, c);
}

/* a DPLL's CLKOUTX2: its parent is the DPLL, clkmode= that DPLL's */
static int fill_dpll_x2(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	if (get_parent(ctx, c) || get_u32(ctx, "clkmode", &c->clkmode))
		return -VCLK_EINVAL;
	return 0;
}

/* DIVHS is bits 4:0 of the register, its gate control bit 8 */
static int fill_hsdiv(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	if (get_parent(ctx, c) || get_u32(ctx, "reg", &c->field.reg))
		return -VCLK_EINVAL;
	c->field.width = 5;
	return 0;
}

/* a clksel is a table divider whose table is required, and short */
static int fill_clksel(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	if (fill_divider(ctx, c))
		return -VCLK_EINVAL;
	if (c->table_len > CLKDESC_CLKSEL_MAX_TABLE)
		return fail(ctx, "table has more than %d entries",
			    CLKDESC_CLKSEL_MAX_TABLE);
	return 0;
}

static int fill_modgate(struct parse_ctx *ctx, struct clkdesc_clock *c)
{
	const struct word *dm = find_word(ctx, "clkdm");
	const struct clkdesc *d = ctx->out;

	c->clkdm = -1;
	if (get_parent(ctx, c) || get_u32(ctx, "reg", &c->field.reg) ||
	    get_uint(ctx, "polls", &c->polls))
		return -VCLK_EINVAL;
	if (c->polls > INT_MAX)
		return fail(ctx, "polls must be 0..%d", INT_MAX);
	c->field.width = 2;	/* MODULEMODE, bits 1:0 */
	if (find_word(ctx, "bit")) {
		if (get_uint(ctx, "bit", &c->field.shift))
			return -VCLK_EINVAL;
		if (c->field.shift > 31)
			return fail(ctx, "bit %u is out of range (0..31)",
				    c->field.shift);
		c->field.width = 1;
		c->type_flags |= CLKDESC_MODGATE_BIT;
	} else if (c->type_flags & CLKDESC_MODGATE_INVERTED) {
		return fail(ctx, "inverted needs bit=");
	}
	if (!dm)
		return 0;
	for (int i = 0; i < d->nr_clkdms; i++)
		if (strcmp(d->clkdms[i].name, dm->value) == 0) {
			c->clkdm = i;
			return 0;
		}
	return fail(ctx, "clkdm: no clock domain \"%s\" (a clkdm line must come first)",
		    dm->value);
}

static const struct type_spec type_specs[] = {
	{ "fixed", CLKDESC_FIXED, { "rate" }, { "accuracy" }, { { NULL, 0 } },
	  fill_fixed },
	{ "synth", CLKDESC_SYNTH, { "min", "max", "rate" }, { NULL },
	  { { NULL, 0 } }, fill_synth },
	{ "fixed-factor", CLKDESC_FIXED_FACTOR, { "parent", "mult", "div" },
	  { NULL }, { { NULL, 0 } }, fill_fixed_factor },
	/* parent= optional: Linux's clk_hw_register_gate() takes a NULL
	 * parent_name (clk-gate_test.c's is_enabled cases do) */
	{ "gate", CLKDESC_GATE, { "reg", "bit" }, { "parent" },
	  { { "set-to-disable", CLKDESC_GATE_SET_TO_DISABLE },
	    { "hiword", CLKDESC_GATE_HIWORD }, { NULL, 0 } },
	  fill_gate },
	{ "mux", CLKDESC_MUX, { "parents", "reg", "shift", "width" },
	  { "table" },
	  { { "round-closest", CLKDESC_MUX_ROUND_CLOSEST }, { NULL, 0 } },
	  fill_mux },
	{ "divider", CLKDESC_DIVIDER, { "parent", "reg", "shift", "width" },
	  { "table" },
	  { { "one-based", CLKDESC_DIV_ONE_BASED },
	    { "power-of-two", CLKDESC_DIV_POWER_OF_TWO },
	    { "allow-zero", CLKDESC_DIV_ALLOW_ZERO },
	    { "round-closest", CLKDESC_DIV_ROUND_CLOSEST } },
	  fill_divider },
	{ "dpll", CLKDESC_DPLL, { "parent", "clkmode", "idlest", "clksel" },
	  { "polls", "bypass" },
	  { { "j-type", CLKDESC_DPLL_J_TYPE }, { "m4x", CLKDESC_DPLL_M4X },
	    { NULL, 0 } },
	  fill_dpll },
	{ "hsdiv", CLKDESC_HSDIV, { "parent", "reg" }, { NULL },
	  { { NULL, 0 } }, fill_hsdiv },
	{ "clksel", CLKDESC_CLKSEL,
	  { "parent", "reg", "shift", "width", "table" }, { NULL },
	  { { NULL, 0 } }, fill_clksel },
	{ "modgate", CLKDESC_MODGATE, { "parent", "reg" },
	  { "clkdm", "polls", "bit" },
	  { { "inverted", CLKDESC_MODGATE_INVERTED }, { NULL, 0 } },
	  fill_modgate },
	{ "dpll-x2", CLKDESC_DPLL_X2, { "parent", "clkmode" }, { NULL },
	  { { NULL, 0 } }, fill_dpll_x2 },
};

#define NR_TYPES (sizeof(type_specs) / sizeof(type_specs[0]))

const char *clkdesc_type_name(enum clkdesc_type type)
{
	for (size_t i = 0; i < NR_TYPES; i++)
		if (type_specs[i].type == type)
			return type_specs[i].name;
	return "?";
}

/* ==================== clock lines ==================== */

static bool in_list(const char *const *list, int max, const char *s)
{
	for (int i = 0; i < max && list[i]; i++)
		if (strcmp(list[i], s) == 0)
			return true;
	return false;
}

static bool is_key(const struct type_spec *t, const char *s)
{
	return in_list(t->required, MAX_KEYS, s) ||
	       in_list(t->optional, MAX_KEYS, s);
}

static const struct flag_spec *find_flag(const struct flag_spec *flags,
					 int max, const char *s)
{
	for (int i = 0; i < max && flags[i].name; i++)
		if (strcmp(flags[i].name, s) == 0)
			return &flags[i];
	return NULL;
}

/* word @i was seen before (as a key, or as a flag) */
static bool repeated(const struct parse_ctx *ctx, int i)
{
	const struct word *w = &ctx->words[i];

	for (int j = 2; j < i; j++)
		if (strcmp(ctx->words[j].key, w->key) == 0 &&
		    !ctx->words[j].value == !w->value)
			return true;
	return false;
}

/* keys and flags: known to the type, given once; flags set in @c */
static int check_words(struct parse_ctx *ctx, const struct type_spec *t,
		       struct clkdesc_clock *c)
{
	for (int i = 2; i < ctx->nr_words; i++) {
		const struct word *w = &ctx->words[i];
		const struct flag_spec *f;

		if (w->value) {
			if (!is_key(t, w->key))
				return fail(ctx, "unknown key \"%s\"", w->key);
			if (repeated(ctx, i))
				return fail(ctx, "key \"%s\" given twice", w->key);
			if (!w->value[0])
				return fail(ctx, "key \"%s\" has no value", w->key);
			continue;
		}
		if (is_key(t, w->key))
			return fail(ctx, "key \"%s\" needs a value (%s=...)",
				    w->key, w->key);
		if (repeated(ctx, i))
			return fail(ctx, "flag \"%s\" given twice", w->key);
		f = find_flag(common_flags, INT_MAX, w->key);
		if (f) {
			c->flags |= f->bit;
			continue;
		}
		f = find_flag(common_caps, INT_MAX, w->key);
		if (f) {
			c->caps |= (unsigned int)f->bit;
			continue;
		}
		f = find_flag(t->flags, MAX_FLAGS, w->key);
		if (!f)
			return fail(ctx, "unknown flag \"%s\"", w->key);
		c->type_flags |= (unsigned int)f->bit;
	}
	for (int k = 0; k < MAX_KEYS && t->required[k]; k++)
		if (!find_word(ctx, t->required[k]))
			return fail(ctx, "missing key \"%s\"", t->required[k]);
	return 0;
}

static int clock_line(struct parse_ctx *ctx)
{
	const char *type = ctx->words[0].key;
	const struct type_spec *t = NULL;
	struct clkdesc *d = ctx->out;
	struct clkdesc_clock *c;

	for (size_t i = 0; i < NR_TYPES; i++)
		if (strcmp(type_specs[i].name, type) == 0)
			t = &type_specs[i];
	if (!t)
		return fail(ctx, "unknown type \"%s\"", type);
	if (ctx->nr_words < 2 || strchr(ctx->words[1].key, '='))
		return fail(ctx, "%s: missing clock name", type);
	if (d->nr_clocks == VCLK_MAX_CLOCKS)
		return fail(ctx, "more than %d clocks", VCLK_MAX_CLOCKS);
	c = &d->clocks[d->nr_clocks];
	if (take_name(ctx, type, ctx->words[1].key, c->name))
		return -VCLK_EINVAL;
	for (int i = 0; i < d->nr_clocks; i++)
		if (strcmp(d->clocks[i].name, c->name) == 0)
			return fail(ctx, "duplicate clock name \"%s\" (first at line %d)",
				    c->name, d->clocks[i].line);
	snprintf(ctx->label, sizeof(ctx->label), "%s %s", type, c->name);
	c->type = t->type;
	c->line = ctx->line;
	if (check_words(ctx, t, c) || t->fill(ctx, c))
		return -VCLK_EINVAL;
	d->nr_clocks++;
	return 0;
}

/* ==================== reg lines ==================== */

/* "reg ADDRESS = VALUE" (words unsplit: reg lines have no key=value) */
static int reg_line(struct parse_ctx *ctx)
{
	struct clkdesc *d = ctx->out;
	struct clkdesc_reg *r = &d->regs[d->nr_regs];
	unsigned long long addr, value;

	if (ctx->nr_words != 4 || strcmp(ctx->words[2].key, "=") != 0)
		return fail(ctx, "expected \"reg ADDRESS = VALUE\"");
	if (number(ctx, "reg address", ctx->words[1].key, UINT32_MAX,
		   "32 bits", &addr) ||
	    number(ctx, "reg value", ctx->words[3].key, UINT32_MAX, "32 bits",
		   &value))
		return -VCLK_EINVAL;
	for (int i = 0; i < d->nr_regs; i++)
		if (d->regs[i].addr == addr)
			return fail(ctx, "register 0x%llx set twice (first at line %d)",
				    addr, d->regs[i].line);
	if (d->nr_regs == CLKDESC_MAX_REGS)
		return fail(ctx, "more than %d reg lines", CLKDESC_MAX_REGS);
	r->addr = (uint32_t)addr;
	r->value = (uint32_t)value;
	r->line = ctx->line;
	d->nr_regs++;
	return 0;
}

/* ==================== clkdm lines ==================== */

/*
 * "clkdm NAME reg=ADDRESS [hw-auto]": an OMAP clock domain, named before
 * its gates
 */
static int clkdm_line(struct parse_ctx *ctx)
{
	struct clkdesc *d = ctx->out;
	struct clkdesc_clkdm *dm;
	unsigned long long addr;

	if (ctx->nr_words < 3 || ctx->nr_words > 4 ||
	    strchr(ctx->words[1].key, '=') || !ctx->words[2].value ||
	    strcmp(ctx->words[2].key, "reg") != 0 ||
	    (ctx->nr_words == 4 && (ctx->words[3].value ||
				    strcmp(ctx->words[3].key, "hw-auto") != 0)))
		return fail(ctx, "expected \"clkdm NAME reg=ADDRESS [hw-auto]\"");
	if (d->nr_clkdms == CLKDESC_MAX_CLKDMS)
		return fail(ctx, "more than %d clkdm lines", CLKDESC_MAX_CLKDMS);
	dm = &d->clkdms[d->nr_clkdms];
	if (take_name(ctx, "clkdm", ctx->words[1].key, dm->name))
		return -VCLK_EINVAL;
	for (int i = 0; i < d->nr_clkdms; i++)
		if (strcmp(d->clkdms[i].name, dm->name) == 0)
			return fail(ctx, "duplicate clock domain \"%s\" (first at line %d)",
				    dm->name, d->clkdms[i].line);
	if (number(ctx, "reg", ctx->words[2].value, UINT32_MAX, "32 bits", &addr))
		return -VCLK_EINVAL;
	dm->reg = (uint32_t)addr;
	dm->hw_auto = ctx->nr_words == 4;
	dm->line = ctx->line;
	d->nr_clkdms++;
	return 0;
}

/* ==================== lines ==================== */

/*
 * Split @buf into words at blanks, dropping a # comment; the words after
 * a clock line's type and name are split at their first '=' into key and
 * value.  Return: 0 or error.
 */
static int split_words(struct parse_ctx *ctx, char *buf)
{
	char *hash = strchr(buf, '#');
	bool reg;

	if (hash)
		*hash = 0;
	ctx->nr_words = 0;
	for (char *w = strtok(buf, " \t\r"); w; w = strtok(NULL, " \t\r")) {
		if (ctx->nr_words == MAX_WORDS)
			return fail(ctx, "more than %d words", MAX_WORDS);
		ctx->words[ctx->nr_words++] = (struct word){ .key = w };
	}
	reg = ctx->nr_words && strcmp(ctx->words[0].key, "reg") == 0;
	for (int i = 2; i < ctx->nr_words && !reg; i++) {
		char *eq = strchr(ctx->words[i].key, '=');

		if (eq) {
			*eq = 0;
			ctx->words[i].value = eq + 1;
		}
	}
	return 0;
}

static int parse_line(struct parse_ctx *ctx, const char *line, size_t len)
{
	char buf[CLKPARSE_LINE_MAX];

	ctx->label[0] = 0;
	if (len >= sizeof(buf))
		return fail(ctx, "line longer than %d bytes", CLKPARSE_LINE_MAX - 1);
	memcpy(buf, line, len);
	buf[len] = 0;
	if (split_words(ctx, buf))
		return -VCLK_EINVAL;
	if (ctx->nr_words == 0)
		return 0;
	if (strcmp(ctx->words[0].key, "reg") == 0)
		return reg_line(ctx);
	if (strcmp(ctx->words[0].key, "clkdm") == 0)
		return clkdm_line(ctx);
	return clock_line(ctx);
}

int clkparse_text(const char *file, const char *text, struct clkdesc *out,
		  char *err, size_t err_size)
{
	struct parse_ctx ctx = {
		.file = file, .err = err, .err_size = err_size, .out = out,
	};

	memset(out, 0, sizeof(*out));
	if (err_size)
		err[0] = 0;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		ctx.line++;
		if (parse_line(&ctx, p, len)) {
			memset(out, 0, sizeof(*out));
			return -VCLK_EINVAL;
		}
		p += len + (nl ? 1 : 0);
	}
	return 0;
}

/* ==================== files ==================== */

int clkparse_stream(const char *name, FILE *f, struct clkdesc *out,
		    char *err, size_t err_size)
{
	char *text;
	size_t len;
	int ret;

	memset(out, 0, sizeof(*out));
	text = malloc(FILE_MAX + 1);
	len = text ? fread(text, 1, FILE_MAX + 1, f) : 0;
	if (!text || ferror(f) || len > FILE_MAX) {
		snprintf(err, err_size, "%s: cannot read: %s", name,
			 !text ? "out of memory" : ferror(f) ? "read error"
							     : "larger than 1 MiB");
		free(text);
		return -VCLK_EIO;
	}
	text[len] = 0;
	if (strlen(text) != len) {
		int line = 1;

		for (const char *p = text; *p; p++)
			line += *p == '\n';
		snprintf(err, err_size, "%s:%d: NUL byte in the text", name, line);
		ret = -VCLK_EINVAL;
	} else {
		ret = clkparse_text(name, text, out, err, err_size);
	}
	free(text);
	return ret;
}

int clkparse_file(const char *path, struct clkdesc *out, char *err,
		  size_t err_size)
{
	FILE *f = fopen(path, "rb");
	int ret;

	if (!f) {
		memset(out, 0, sizeof(*out));
		snprintf(err, err_size, "%s: cannot read: %s", path, strerror(errno));
		return -VCLK_EIO;
	}
	ret = clkparse_stream(path, f, out, err, err_size);
	fclose(f);
	return ret;
}
