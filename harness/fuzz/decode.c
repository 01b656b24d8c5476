/* SPDX-License-Identifier: MIT */
/*
 * harness/fuzz/decode.c - fuzz input bytes as a tree and a call sequence,
 * and both as text: the .clk file and the `vclk run` script lines.
 *
 * The layout (a missing byte reads as 0):
 *   byte 0        tree: a multiple of 8 selects the seed example (A/B/C of
 *                 corpus/trees/seed-abc.clk), anything else a generated tree
 *   tree bytes    (generated only) clock count, then per clock its type,
 *                 inputs, flags and type parameters, then register values
 *   call bytes    per call a kind byte and its arguments, until the input
 *                 ends or FZ_MAX_OPS calls.  A kind byte is kind
 *                 byte % 22 (prepare ... clear_faults), but 242..249 and
 *                 251: exclusive_get, exclusive_put, set_rate_exclusive,
 *                 then the six bulk calls (fz.h, ext_kind_bytes below).
 *                 Those calls came later and took only byte values no
 *                 seed or regression used as a kind byte, so those decode
 *                 as before.  A bulk call's reference byte is its first
 *                 reference; a count byte and the other references follow
 * Rates come from a table of rates that clock trees use, the tree's own
 * rates, their quotients, or raw 32/64-bit values, so that set_rate and
 * round_rate hit exact divider rates as often as odd ones.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "fz.h"

struct reader {
	const uint8_t *d;
	size_t n, i;
};

static uint8_t u8(struct reader *r)
{
	return r->i < r->n ? r->d[r->i++] : 0;
}

static uint64_t uN(struct reader *r, int bytes)
{
	uint64_t v = 0;

	for (int k = 0; k < bytes; k++)
		v = v << 8 | u8(r);
	return v;
}

static const unsigned long rate_table[] = {
	0, 1, 32768, 1000000, 24000000, 26000000, 48000000, 50000000,
	100000000, 104000000, 150000000, 200000000, 300000000, 333333333,
	1000000000, 4000000000UL, 1UL << 40, ULONG_MAX,
};
#define NR_RATES (sizeof(rate_table) / sizeof(rate_table[0]))

/* ==================== trees ==================== */

static int new_reg(struct fz_tree *t, uint32_t init, bool faultable, bool hiword)
{
	int r = t->nregs++;

	t->reg_addr[r] = 0x1000u + 4u * (uint32_t)r;
	t->reg_init[r] = init;
	t->reg_faultable[r] = faultable;
	t->reg_hiword[r] = hiword;
	return r;
}

/* gates and muxes share registers, a field after the other, so that a
 * read-modify-write that clobbers a neighbour shows */
static int shared_reg, shared_bit;

static void shared_field(struct fz_tree *t, struct fz_clock *c,
			 unsigned int width, struct reader *r)
{
	if (shared_reg < 0 || shared_bit + (int)width > 32) {
		shared_reg = new_reg(t, (uint32_t)uN(r, 4), true, false);
		shared_bit = 0;
	}
	c->reg = shared_reg;
	c->shift = (unsigned int)shared_bit;
	c->width = width;
	shared_bit += (int)width;
}

static unsigned int bits_for(int values)
{
	unsigned int w = 1;

	while ((1 << w) < values)
		w++;
	return w;
}

static void seed_tree(struct fz_tree *t)
{
	static const char *const names[] = { "A", "B", "C" };

	memset(t, 0, sizeof(*t));
	t->n = 3;
	for (int i = 0; i < 3; i++) {
		struct fz_clock *c = &t->c[i];

		snprintf(c->name, sizeof(c->name), "%s", names[i]);
		c->reg = -1;
	}
	t->c[0] = (struct fz_clock){ .type = FZ_SYNTH, .name = "A", .reg = -1,
		.min = 100000000, .max = 300000000, .rate = 200000000 };
	for (int i = 1; i < 3; i++) {
		struct fz_clock *c = &t->c[i];

		c->type = FZ_DIV;
		c->nparents = 1;
		c->parents[0] = i - 1;
		c->flags = FZ_SET_RATE_PARENT;
		c->dkind = FZ_DIV_PLAIN;
		c->width = 1;
		c->reg = new_reg(t, i == 1 ? 0x1 : 0x0, false, false);
	}
}

static void gen_parents(struct fz_tree *t, int i, struct reader *r)
{
	struct fz_clock *c = &t->c[i];
	int want = c->type == FZ_MUX ? 1 + u8(r) % FZ_MAX_PARENTS : 1;

	c->nparents = 0;
	for (int k = 0; k < want; k++) {
		uint8_t b = u8(r);
		int p;
		bool dup = false;

		if (b >= 0xf0)
			p = -1;		/* a name nobody registers: an orphan */
		else if (i > 0 && !(b & 0x80))
			p = b % i;	/* mostly: registered before */
		else
			p = (b % t->n == i) ? (i + 1) % t->n : b % t->n;
		if (p == i)
			p = -1;
		for (int j = 0; j < c->nparents; j++)
			dup |= c->parents[j] == p;
		if (!dup)
			c->parents[c->nparents++] = p;
	}
}

static void gen_clock(struct fz_tree *t, int i, struct reader *r)
{
	struct fz_clock *c = &t->c[i];
	uint8_t fb, b;

	memset(c, 0, sizeof(*c));
	c->name[0] = 'k';
	c->name[1] = (char)('0' + i % 10);
	c->reg = -1;
	c->type = (enum fz_type)(u8(r) % FZ_NR_TYPES);
	if (i == 0)
		c->type = c->type % 2 ? FZ_SYNTH : FZ_FIXED;	/* a root first */
	if (c->type != FZ_FIXED && c->type != FZ_SYNTH)
		gen_parents(t, i, r);
	fb = u8(r);
	c->flags = (fb & 1 ? FZ_SET_RATE_PARENT : 0) |
		   ((fb & 0x06) == 0x06 ? FZ_SET_RATE_GATE : 0) |
		   ((fb & 0x18) == 0x18 ? FZ_SET_PARENT_GATE : 0) |
		   ((fb & 0x60) == 0x60 ? FZ_IGNORE_UNUSED : 0) |
		   (fb & 0x80 ? FZ_SET_RATE_NO_REPARENT : 0) |
		   (u8(r) % 16 == 0 ? FZ_IS_CRITICAL : 0);
	switch (c->type) {
	case FZ_FIXED:
		c->rate = rate_table[u8(r) % NR_RATES];
		break;
	case FZ_SYNTH: {
		unsigned long a = rate_table[u8(r) % NR_RATES];
		unsigned long z = rate_table[u8(r) % NR_RATES];
		unsigned long x = rate_table[u8(r) % NR_RATES];

		c->min = a < z ? a : z;
		c->max = a < z ? z : a;
		c->rate = x < c->min ? c->min : x > c->max ? c->max : x;
		break;
	}
	case FZ_FF:
		c->mult = 1 + u8(r) % 4;
		c->div = 1 + u8(r) % 8;
		break;
	case FZ_GATE:
		b = u8(r);
		c->set_to_disable = b & 1;
		c->hiword = (b & 6) == 6;
		c->width = 1;
		if (c->hiword) {
			/* its register is all write-enable halves: its own */
			c->reg = new_reg(t, (uint32_t)uN(r, 2), true, true);
			c->shift = u8(r) % 16;
		} else {
			shared_field(t, c, 1, r);
		}
		break;
	case FZ_MUX: {
		unsigned int w = bits_for(c->nparents) + u8(r) % 2;

		b = u8(r);
		c->closest = b & 1;
		shared_field(t, c, w, r);
		if (b & 6) {
			uint32_t off = u8(r);

			c->table_len = c->nparents;
			for (int k = 0; k < c->nparents; k++)
				c->mux_table[k] = ((uint32_t)k + off) % (1u << w);
		}
		break;
	}
	case FZ_DIV: {
		uint8_t wb = u8(r);

		c->dkind = (enum fz_div_kind)(u8(r) % FZ_NR_DIV_KINDS);
		c->width = wb >= 0xe0 ? 8 : 1 + wb % 4;
		c->closest = u8(r) & 1;
		/* its own register: a faulted divider read would cache 0 */
		c->shift = u8(r) % (33 - c->width);
		c->reg = new_reg(t, (uint32_t)uN(r, 4), false, false);
		if (c->dkind == FZ_DIV_TABLE) {
			int len = 1 + u8(r) % FZ_MAX_DIVTAB;
			uint32_t off = u8(r), vals = 1u << (c->width > 4 ? 4 : c->width);

			if ((uint32_t)len > vals)
				len = (int)vals;
			c->table_len = len;
			for (int k = 0; k < len; k++) {
				c->tval[k] = ((uint32_t)k + off) % vals;
				c->tdiv[k] = 1 + u8(r) % 16;
			}
		}
		break;
	}
	default:
		break;
	}
}

static unsigned long pick_rate(const struct fz_tree *t, struct reader *r)
{
	uint8_t s = u8(r);
	unsigned long base = rate_table[u8(r) % NR_RATES];

	/* a rate of the tree itself, half the time the table's */
	if (s & 0x10) {
		const struct fz_clock *c = &t->c[u8(r) % t->n];

		base = c->type == FZ_SYNTH ? (s & 0x20 ? c->min : c->max) :
		       c->rate ? c->rate : base;
	}
	switch (s % 4) {
	case 0:
		return base;
	case 1:
		return base / (1 + u8(r) % 8);
	case 2:
		return base / (1 + u8(r) % 8) + (unsigned long)(u8(r) % 3) - 1;
	default:
		return (unsigned long)uN(r, s & 4 ? 4 : 8);
	}
}

static bool has_set_rate(const struct fz_clock *c)
{
	return c->type == FZ_SYNTH || c->type == FZ_DIV;
}

/* a kind appended to the base kinds would remap every corpus input */
_Static_assert(FZ_NR_BASE_KINDS == 22,
	       "stored inputs depend on the kind byte's map: add kinds to the extension");

/*
 * The extension's kind bytes, one per kind in enum order (fz.h).  Append
 * only, and only byte values no stored input uses as a kind byte: 242..244
 * are the exclusive calls' in corpus/fuzz, 250 and 252 set_rate and
 * set_min_rate's in corpus/regressions/skipped-zero-candidate.
 */
static const uint8_t ext_kind_bytes[] = {
	242, 243, 244,			/* exclusive_get .. set_rate_exclusive */
	245, 246, 247, 248, 249, 251,	/* bulk_prepare .. bulk_disable_unprepare */
};

_Static_assert(sizeof(ext_kind_bytes) == FZ_NR_EXT_KINDS,
	       "every extension kind needs a kind byte of its own");

/* the kind a kind byte selects (fz.h, FZ_NR_BASE_KINDS) */
static enum fz_kind kind_of(uint8_t b)
{
	for (int k = 0; k < FZ_NR_EXT_KINDS; k++)
		if (b == ext_kind_bytes[k])
			return (enum fz_kind)(FZ_NR_BASE_KINDS + k);
	return (enum fz_kind)(b % FZ_NR_BASE_KINDS);
}

/* a reference byte: clock in the low nibble, user in the high one */
static int ref_of(const struct fz_tree *t, uint8_t rb)
{
	return ((rb & 15) % t->n) * FZ_USERS + (rb >> 4) % FZ_USERS;
}

void fz_decode(const uint8_t *data, size_t size, struct fz_prog *p)
{
	struct reader r = { data, size, 0 };
	struct fz_tree *t = &p->tree;

	/* each call is cleared as it is decoded: clearing all FZ_MAX_OPS of
	 * them cost more than decoding a short input */
	memset(t, 0, sizeof(*t));
	p->nops = 0;
	if (u8(&r) % 8 == 0) {
		seed_tree(t);
	} else {
		shared_reg = -1;
		shared_bit = 0;
		t->n = 1 + u8(&r) % FZ_MAX_CLOCKS;
		for (int i = 0; i < t->n; i++)
			gen_clock(t, i, &r);
	}
	while (r.i < r.n && p->nops < FZ_MAX_OPS) {
		struct fz_op *op = &p->ops[p->nops];
		uint8_t rb;

		memset(op, 0, sizeof(*op));
		op->kind = kind_of(u8(&r));
		rb = u8(&r);
		op->ref = ref_of(t, rb);
		switch (op->kind) {
		case FZ_ROUND_RATE:
		case FZ_SET_RATE:
		case FZ_SET_RATE_EXCL:
		case FZ_SET_MIN_RATE:
		case FZ_SET_MAX_RATE:
			op->r1 = pick_rate(t, &r);
			break;
		case FZ_SET_RATE_RANGE:
			op->r1 = pick_rate(t, &r);
			op->r2 = pick_rate(t, &r);
			break;
		case FZ_SET_PARENT:
			op->clock = u8(&r) % t->n;
			break;
		case FZ_NOTIFY:
			op->veto = u8(&r) % 4 == 0;
			break;
		case FZ_FAIL:
			op->clock = op->ref / FZ_USERS;
			op->fop = u8(&r) % FZ_NR_FOPS;
			op->n = 1 + u8(&r) % 4;
			/* the script refuses set_rate on a type without one */
			if (op->fop == FZ_OP_SET_RATE && !has_set_rate(&t->c[op->clock]))
				continue;
			break;
		case FZ_BULK_PREPARE:
		case FZ_BULK_ENABLE:
		case FZ_BULK_PREPARE_ENABLE:
		case FZ_BULK_DISABLE:
		case FZ_BULK_UNPREPARE:
		case FZ_BULK_DISABLE_UNPREPARE:
			op->nrefs = 1 + u8(&r) % FZ_MAX_BULK;
			op->refs[0] = op->ref;
			for (int k = 1; k < op->nrefs; k++)
				op->refs[k] = ref_of(t, u8(&r));
			break;
		case FZ_FAULT_ADDR: {
			int nf = 0, pick;

			for (int k = 0; k < t->nregs; k++)
				nf += t->reg_faultable[k];
			if (!nf)
				continue;
			pick = u8(&r) % nf;
			for (int k = 0; k < t->nregs; k++)
				if (t->reg_faultable[k] && pick-- == 0)
					op->reg = k;
			break;
		}
		default:
			break;
		}
		p->nops++;
	}
}

/* ==================== text ==================== */

static const char *const type_names[FZ_NR_TYPES] = {
	"fixed", "synth", "fixed-factor", "gate", "mux", "divider",
};

static const char *const fop_names[FZ_NR_FOPS] = {
	"prepare", "enable", "set_parent", "set_rate",
};

#define ADD(...) do {							\
		int n_ = snprintf(buf + len, size - (size_t)len, __VA_ARGS__); \
		if (n_ < 0 || (size_t)(len + n_) >= size)		\
			return -1;					\
		len += n_;						\
	} while (0)

static const char *parent_name(const struct fz_tree *t, int p)
{
	return p >= 0 ? t->c[p].name : FZ_ORPHAN_NAME;
}

int fz_tree_text(const struct fz_tree *t, char *buf, size_t size)
{
	int len = 0;

	ADD("# generated by harness/fuzz (fz_tree_text)\n");
	for (int i = 0; i < t->n; i++) {
		const struct fz_clock *c = &t->c[i];

		ADD("%s %s", type_names[c->type], c->name);
		switch (c->type) {
		case FZ_FIXED:
			ADD(" rate=%lu", c->rate);
			break;
		case FZ_SYNTH:
			ADD(" min=%lu max=%lu rate=%lu", c->min, c->max, c->rate);
			break;
		case FZ_FF:
			ADD(" parent=%s mult=%u div=%u", parent_name(t, c->parents[0]),
			    c->mult, c->div);
			break;
		case FZ_GATE:
			ADD(" parent=%s reg=0x%x bit=%u%s%s",
			    parent_name(t, c->parents[0]), t->reg_addr[c->reg],
			    c->shift, c->set_to_disable ? " set-to-disable" : "",
			    c->hiword ? " hiword" : "");
			break;
		case FZ_MUX:
			ADD(" parents=");
			for (int k = 0; k < c->nparents; k++)
				ADD("%s%s", k ? "," : "", parent_name(t, c->parents[k]));
			ADD(" reg=0x%x shift=%u width=%u%s", t->reg_addr[c->reg],
			    c->shift, c->width, c->closest ? " round-closest" : "");
			if (c->table_len) {
				ADD(" table=");
				for (int k = 0; k < c->table_len; k++)
					ADD("%s%u", k ? "," : "", c->mux_table[k]);
			}
			break;
		case FZ_DIV:
			ADD(" parent=%s reg=0x%x shift=%u width=%u",
			    parent_name(t, c->parents[0]), t->reg_addr[c->reg],
			    c->shift, c->width);
			if (c->dkind == FZ_DIV_ONE || c->dkind == FZ_DIV_ONE_ZERO)
				ADD(" one-based");
			if (c->dkind == FZ_DIV_ONE_ZERO)
				ADD(" allow-zero");
			if (c->dkind == FZ_DIV_POW2)
				ADD(" power-of-two");
			if (c->closest)
				ADD(" round-closest");
			if (c->dkind == FZ_DIV_TABLE) {
				ADD(" table=");
				for (int k = 0; k < c->table_len; k++)
					ADD("%s%u:%u", k ? "," : "", c->tdiv[k], c->tval[k]);
			}
			break;
		default:
			break;
		}
		if (c->flags & FZ_SET_RATE_PARENT)
			ADD(" set-rate-parent");
		if (c->flags & FZ_SET_RATE_GATE)
			ADD(" set-rate-gate");
		if (c->flags & FZ_SET_PARENT_GATE)
			ADD(" set-parent-gate");
		if (c->flags & FZ_IGNORE_UNUSED)
			ADD(" ignore-unused");
		if (c->flags & FZ_SET_RATE_NO_REPARENT)
			ADD(" set-rate-no-reparent");
		if (c->flags & FZ_IS_CRITICAL)
			ADD(" critical");
		ADD("\n");
	}
	for (int k = 0; k < t->nregs; k++)
		ADD("reg 0x%x = 0x%x\n", t->reg_addr[k], t->reg_init[k]);
	return len;
}

void fz_ref_text(const struct fz_tree *t, int ref, char *buf, size_t size)
{
	int user = ref % FZ_USERS;

	if (user)
		snprintf(buf, size, "%s@u%d", t->c[ref / FZ_USERS].name, user);
	else
		snprintf(buf, size, "%s", t->c[ref / FZ_USERS].name);
}

static const char *const kind_names[FZ_NR_KINDS] = {
	[FZ_PREPARE] = "prepare", [FZ_UNPREPARE] = "unprepare",
	[FZ_ENABLE] = "enable", [FZ_DISABLE] = "disable",
	[FZ_PREPARE_ENABLE] = "prepare_enable",
	[FZ_DISABLE_UNPREPARE] = "disable_unprepare",
	[FZ_GET_RATE] = "get_rate", [FZ_ROUND_RATE] = "round_rate",
	[FZ_SET_RATE] = "set_rate", [FZ_SET_RATE_RANGE] = "set_rate_range",
	[FZ_SET_MIN_RATE] = "set_min_rate", [FZ_SET_MAX_RATE] = "set_max_rate",
	[FZ_GET_PARENT] = "get_parent", [FZ_SET_PARENT] = "set_parent",
	[FZ_IS_ENABLED] = "is_enabled", [FZ_PUT] = "put",
	[FZ_DISABLE_UNUSED] = "disable_unused", [FZ_NOTIFY] = "notify",
	[FZ_UNNOTIFY] = "unnotify", [FZ_FAIL] = "fail",
	[FZ_FAULT_ADDR] = "fault_addr", [FZ_CLEAR_FAULTS] = "clear_faults",
	[FZ_EXCL_GET] = "exclusive_get", [FZ_EXCL_PUT] = "exclusive_put",
	[FZ_SET_RATE_EXCL] = "set_rate_exclusive",
	[FZ_BULK_PREPARE] = "bulk_prepare", [FZ_BULK_ENABLE] = "bulk_enable",
	[FZ_BULK_PREPARE_ENABLE] = "bulk_prepare_enable",
	[FZ_BULK_DISABLE] = "bulk_disable", [FZ_BULK_UNPREPARE] = "bulk_unprepare",
	[FZ_BULK_DISABLE_UNPREPARE] = "bulk_disable_unprepare",
};

void fz_op_text(const struct fz_tree *t, const struct fz_op *op, char *buf,
		size_t size)
{
	char ref[32];
	const char *k = kind_names[op->kind];

	fz_ref_text(t, op->ref, ref, sizeof(ref));
	switch (op->kind) {
	case FZ_ROUND_RATE:
	case FZ_SET_RATE:
	case FZ_SET_MIN_RATE:
	case FZ_SET_MAX_RATE:
	case FZ_SET_RATE_EXCL:
		snprintf(buf, size, "%s %s %lu", k, ref, op->r1);
		break;
	case FZ_SET_RATE_RANGE:
		snprintf(buf, size, "%s %s %lu %lu", k, ref, op->r1, op->r2);
		break;
	case FZ_SET_PARENT:
		snprintf(buf, size, "%s %s %s", k, ref, t->c[op->clock].name);
		break;
	case FZ_NOTIFY:
		snprintf(buf, size, "%s %s%s", k, ref, op->veto ? " veto" : "");
		break;
	case FZ_FAIL:
		snprintf(buf, size, "%s %s %s %d", k, t->c[op->clock].name,
			 fop_names[op->fop], op->n);
		break;
	case FZ_FAULT_ADDR:
		snprintf(buf, size, "%s 0x%x", k, t->reg_addr[op->reg]);
		break;
	case FZ_DISABLE_UNUSED:
	case FZ_CLEAR_FAULTS:
		snprintf(buf, size, "%s", k);
		break;
	case FZ_BULK_PREPARE:
	case FZ_BULK_ENABLE:
	case FZ_BULK_PREPARE_ENABLE:
	case FZ_BULK_DISABLE:
	case FZ_BULK_UNPREPARE:
	case FZ_BULK_DISABLE_UNPREPARE: {
		size_t len = (size_t)snprintf(buf, size, "%s", k);

		for (int i = 0; i < op->nrefs && len < size; i++) {
			fz_ref_text(t, op->refs[i], ref, sizeof(ref));
			len += (size_t)snprintf(buf + len, size - len, " %s", ref);
		}
		break;
	}
	default:
		snprintf(buf, size, "%s %s", k, ref);
		break;
	}
}

const char *fz_event_name(unsigned long event)
{
	switch (event) {
	case 1:
		return "PRE";
	case 2:
		return "POST";
	case 4:
		return "ABORT";
	}
	return "?";
}

void fz_errname(int err, char *buf, size_t size)
{
	static const struct { int e; const char *name; } names[] = {
		{ 2, "-ENOENT" }, { 5, "-EIO" }, { 12, "-ENOMEM" },
		{ 16, "-EBUSY" }, { 17, "-EEXIST" }, { 22, "-EINVAL" },
		{ 35, "-EDEADLK" }, { 36, "-ENAMETOOLONG" },
		{ 75, "-EOVERFLOW" }, { 108, "-ESHUTDOWN" },
		{ 110, "-ETIMEDOUT" },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (-names[i].e == err) {
			snprintf(buf, size, "%s", names[i].name);
			return;
		}
	}
	snprintf(buf, size, "-E%d", -err);
}
