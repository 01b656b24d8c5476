/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/gen.c - `vclk gen` (see gen.h).
 *
 * The configs are the same platform/clk_basic.h structs that tree.c
 * builds at run time, and the flags go through tree_clock_flags(), so the
 * generated tree and the tool's tree cannot drift apart on what a .clk
 * line means.  Identifiers of the tables are numbered by the clock's
 * index (names may hold '-', '.', '@').
 */
#include <ctype.h>
#include <string.h>
#include "gen.h"
#include "tree.h"

/* ==================== names ==================== */

#define GEN_STR_(x) #x
#define GEN_STR(x) GEN_STR_(x)

void gen_prefix(const char *path, char *buf, size_t size)
{
	const char *base = strrchr(path, '/');
	size_t len, n = 0;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (len > 4 && strcmp(base + len - 4, ".clk") == 0)
		len -= 4;
	if (size == 0)
		return;
	if (len == 0 || isdigit((unsigned char)base[0]))
		buf[n++] = '_';
	for (size_t i = 0; i < len && n + 1 < size; i++)
		buf[n++] = isalnum((unsigned char)base[i]) ? base[i] : '_';
	buf[n < size ? n : size - 1] = 0;
}

const char *gen_name_check(const char *name)
{
	size_t len = strlen(name);

	if (len == 0)
		return "is empty";
	if (!isalpha((unsigned char)name[0]) && name[0] != '_')
		return "is not a C identifier (it must start with a letter or _)";
	for (size_t i = 1; i < len; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '_')
			return "is not a C identifier (letters, digits and _ only)";
	if (len > GEN_NAME_MAX)
		return "is longer than " GEN_STR(GEN_NAME_MAX) " characters";
	/* C11 7.1.3: reserved for the implementation in every scope */
	if (name[0] == '_' && (name[1] == '_' || isupper((unsigned char)name[1])))
		return "is reserved by C (it starts with __ or _ and a capital)";
	return NULL;
}

/* ==================== flags ==================== */

struct flag_name {
	unsigned long bit;
	const char *name;
};

static const struct flag_name clk_flags[] = {
	{ CLK_SET_RATE_GATE, "CLK_SET_RATE_GATE" },
	{ CLK_SET_PARENT_GATE, "CLK_SET_PARENT_GATE" },
	{ CLK_SET_RATE_PARENT, "CLK_SET_RATE_PARENT" },
	{ CLK_IGNORE_UNUSED, "CLK_IGNORE_UNUSED" },
	{ CLK_SET_RATE_NO_REPARENT, "CLK_SET_RATE_NO_REPARENT" },
	{ CLK_IS_CRITICAL, "CLK_IS_CRITICAL" },
	{ CLK_ROUND_CLOSEST, "CLK_ROUND_CLOSEST" },
	{ 0, NULL }
};

static const struct flag_name gate_flags[] = {
	{ CLKDESC_GATE_SET_TO_DISABLE, "CLK_GATE_SET_TO_DISABLE" },
	{ CLKDESC_GATE_HIWORD, "CLK_GATE_HIWORD_MASK" },
	{ 0, NULL }
};

static const struct flag_name mux_flags[] = {
	{ CLKDESC_MUX_ROUND_CLOSEST, "CLK_MUX_ROUND_CLOSEST" },
	{ 0, NULL }
};

static const struct flag_name div_flags[] = {
	{ CLKDESC_DIV_ONE_BASED, "CLK_DIVIDER_ONE_BASED" },
	{ CLKDESC_DIV_POWER_OF_TWO, "CLK_DIVIDER_POWER_OF_TWO" },
	{ CLKDESC_DIV_ALLOW_ZERO, "CLK_DIVIDER_ALLOW_ZERO" },
	{ CLKDESC_DIV_ROUND_CLOSEST, "CLK_DIVIDER_ROUND_CLOSEST" },
	{ 0, NULL }
};

/*
 * @flags by name, "A | B", or "0".  The parser's type flags have Linux's
 * values, as platform's do, but printing names keeps the file readable
 * and makes the compiler check that they still exist.
 */
static void put_flags(FILE *out, unsigned long flags,
		      const struct flag_name *names)
{
	bool any = false;

	for (const struct flag_name *f = names; f->name; f++) {
		if (!(flags & f->bit))
			continue;
		fprintf(out, "%s%s", any ? " | " : "", f->name);
		flags &= ~f->bit;
		any = true;
	}
	if (flags)
		fprintf(out, "%s0x%lxUL", any ? " | " : "", flags);
	else if (!any)
		fputs("0", out);
}

/* ==================== one clock ==================== */

static const char *ops_of(enum clkdesc_type type)
{
	switch (type) {
	case CLKDESC_FIXED: return "clk_fixed_ops";
	case CLKDESC_SYNTH: return "clk_synth_ops";
	case CLKDESC_FIXED_FACTOR: return "clk_fixed_factor_ops";
	case CLKDESC_GATE: return "clk_gate_ops";
	case CLKDESC_MUX: return "clk_mux_ops";
	case CLKDESC_DIVIDER: return "clk_divider_ops";
	case CLKDESC_DPLL: return "omap4_dpll_ops";
	case CLKDESC_HSDIV: return "omap4_hsdiv_ops";
	case CLKDESC_CLKSEL: return "omap4_clksel_ops";
	case CLKDESC_MODGATE: return "omap4_modgate_ops";
	case CLKDESC_DPLL_X2: return "omap4_dpll_x2_ops";
	}
	return "?";
}

static const char *cfg_type(enum clkdesc_type type)
{
	switch (type) {
	case CLKDESC_FIXED: return "clk_fixed_cfg";
	case CLKDESC_SYNTH: return "clk_synth_cfg";
	case CLKDESC_FIXED_FACTOR: return "clk_fixed_factor_cfg";
	case CLKDESC_GATE: return "clk_gate_cfg";
	case CLKDESC_MUX: return "clk_mux_cfg";
	case CLKDESC_DIVIDER: return "clk_divider_cfg";
	case CLKDESC_DPLL: return "omap4_dpll_cfg";
	case CLKDESC_HSDIV: return "omap4_hsdiv_cfg";
	case CLKDESC_CLKSEL: return "omap4_clksel_cfg";
	case CLKDESC_MODGATE: return "omap4_modgate_cfg";
	case CLKDESC_DPLL_X2: return "omap4_dpll_x2_cfg";
	}
	return "?";
}

/* the tables a config points to, then the config */
static void gen_config(const struct clkdesc_clock *c, int i, FILE *out)
{
	if (c->num_parents) {
		fprintf(out, "static const char *const parents_%d[] = {", i);
		for (int k = 0; k < c->num_parents; k++)
			fprintf(out, "%s \"%s\"", k ? "," : "", c->parents[k]);
		fprintf(out, " };\n");
	}
	if (c->type == CLKDESC_MUX && c->table_len) {
		fprintf(out, "static const uint32_t table_%d[] = {", i);
		for (int k = 0; k < c->table_len; k++)
			fprintf(out, "%s 0x%xu", k ? "," : "", c->mux_table[k]);
		fprintf(out, " };\n");
	}
	if (c->type == CLKDESC_DIVIDER && c->table_len) {
		/* platform's entries are {val, div}, the parser's {div, val} */
		fprintf(out, "static const struct clk_div_table table_%d[] = {\n", i);
		for (int k = 0; k < c->table_len; k++)
			fprintf(out, "\t{ .val = 0x%xu, .div = %uu },\n",
				c->div_table[k].val, c->div_table[k].div);
		fprintf(out, "};\n");
	}
	if (c->type == CLKDESC_CLKSEL) {
		fprintf(out, "static const struct omap4_clksel_rate table_%d[] = {\n", i);
		for (int k = 0; k < c->table_len; k++)
			fprintf(out, "\t{ .val = 0x%xu, .div = %uu },\n",
				c->div_table[k].val, c->div_table[k].div);
		fprintf(out, "};\n");
	}
	fprintf(out, "static struct %s cfg_%d = {\n", cfg_type(c->type), i);
	switch (c->type) {
	case CLKDESC_FIXED:
		fprintf(out, "\t.rate = %luUL,\n\t.accuracy = %luUL,\n",
			c->rate, c->accuracy);
		break;
	case CLKDESC_SYNTH:
		fprintf(out, "\t.min_rate = %luUL,\n\t.max_rate = %luUL,\n\t.rate = %luUL,\n",
			c->min_rate, c->max_rate, c->rate);
		break;
	case CLKDESC_FIXED_FACTOR:
		fprintf(out, "\t.mult = %uu,\n\t.div = %uu,\n", c->mult, c->div);
		break;
	case CLKDESC_GATE:
		fprintf(out, "\t.reg = 0x%xu,\n\t.bit = %uu,\n\t.flags = ",
			c->field.reg, c->field.shift);
		put_flags(out, c->type_flags, gate_flags);
		fprintf(out, ",\n");
		break;
	case CLKDESC_MUX:
	case CLKDESC_DIVIDER:
		fprintf(out, "\t.reg = 0x%xu,\n\t.shift = %uu,\n\t.width = %uu,\n\t.flags = ",
			c->field.reg, c->field.shift, c->field.width);
		put_flags(out, c->type_flags,
			  c->type == CLKDESC_MUX ? mux_flags : div_flags);
		fprintf(out, ",\n");
		if (c->table_len)
			fprintf(out, "\t.table = table_%d,\n", i);
		if (c->type == CLKDESC_MUX)
			fprintf(out, "\t.num_parents = %d,\n", c->num_parents);
		else if (c->table_len)
			fprintf(out, "\t.table_len = %d,\n", c->table_len);
		break;
	case CLKDESC_DPLL: {
		struct omap4_dpll_limits lim = tree_dpll_limits(c->type_flags);

		fprintf(out, "\t.clkmode_reg = 0x%xu,\n\t.idlest_reg = 0x%xu,\n"
			"\t.clksel_reg = 0x%xu,\n\t.j_type = %s,\n"
			"\t.limits = { .max_m = %uu, .max_n = %uu, .fint_min = %luUL,"
			" .fint_max = %luUL, .has_m4x = %s },\n\t.max_polls = %u,\n"
			"\t.bypass_input = %s,\n",
			c->clkmode, c->idlest, c->clksel,
			c->type_flags & CLKDESC_DPLL_J_TYPE ? "true" : "false",
			lim.max_m, lim.max_n, lim.fint_min, lim.fint_max,
			lim.has_m4x ? "true" : "false", c->polls,
			c->num_parents == 2 ? "true" : "false");
		break;
	}
	case CLKDESC_DPLL_X2:
		fprintf(out, "\t.clkmode_reg = 0x%xu,\n", c->clkmode);
		break;
	case CLKDESC_HSDIV:
		fprintf(out, "\t.reg = 0x%xu,\n", c->field.reg);
		break;
	case CLKDESC_CLKSEL:
		fprintf(out, "\t.reg = 0x%xu,\n\t.shift = %uu,\n\t.width = %uu,\n"
			"\t.rates = table_%d,\n\t.num_rates = %d,\n",
			c->field.reg, c->field.shift, c->field.width, i,
			c->table_len);
		break;
	case CLKDESC_MODGATE:
		fprintf(out, "\t.reg = 0x%xu,\n", c->field.reg);
		if (c->type_flags & CLKDESC_MODGATE_BIT)
			fprintf(out, "\t.plain_bit = true,\n\t.bit = %uu,\n\t.inverted = %s,\n",
				c->field.shift,
				c->type_flags & CLKDESC_MODGATE_INVERTED ? "true" : "false");
		fprintf(out, "\t.idlest_polls = %u,\n", c->polls);
		if (c->clkdm >= 0)
			fprintf(out, "\t.clkdm = &clkdm_%d,\n", c->clkdm);
		break;
	}
	fprintf(out, "};\n\n");
}

/* ==================== the file ==================== */

/* an OMAP4 type or clock domain: the file needs platform/omap4/'s headers */
static bool uses_omap4(const struct clkdesc *d)
{
	if (d->nr_clkdms)
		return true;
	for (int i = 0; i < d->nr_clocks; i++)
		if (d->clocks[i].type >= CLKDESC_DPLL)
			return true;
	return false;
}

bool gen_needs_internal(const struct clkdesc *d)
{
	return uses_omap4(d);
}

void gen_c(const struct clkdesc *d, const char *path, const char *prefix,
	   unsigned int flags, FILE *out)
{
	fprintf(out, "/* SPDX-License-Identifier: MIT */\n"
		"/*\n * Generated by `vclk gen` from %s: the clock tree as static tables.\n"
		" * Do not edit; regenerate.\n *\n"
		" * The configs are not const: a synth and a divider keep op state in\n"
		" * theirs (the running rate, the saved setting), and the ops take a\n"
		" * void *priv.\n */\n", path);
	fprintf(out, "#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n");
	if (!(flags & GEN_INTERNAL))
		fprintf(out, "#include <vclk/clk-provider.h>\n");
	else
		fprintf(out, "#include \"vclk.h\"\n#include \"clk_basic.h\"\n");
	if ((flags & GEN_INTERNAL) && uses_omap4(d))
		fprintf(out, "#include \"dpll.h\"\n#include \"omap4_clk.h\"\n");
	fprintf(out, "\n");
	fprintf(out, "int %s_register(void);\n", prefix);
	fprintf(out, "extern const int %s_nr_clocks;\n", prefix);
	fprintf(out, "extern const uint32_t %s_regs[][2];\n", prefix);
	fprintf(out, "extern const int %s_nr_regs;\n\n", prefix);
	for (int i = 0; i < d->nr_clkdms; i++)
		fprintf(out, "/* %s:%d: clkdm %s */\n"
			"static struct omap4_clkdm clkdm_%d = { .reg = 0x%xu, .hw_auto = %s };\n\n",
			path, d->clkdms[i].line, d->clkdms[i].name, i,
			d->clkdms[i].reg, d->clkdms[i].hw_auto ? "true" : "false");
	for (int i = 0; i < d->nr_clocks; i++) {
		fprintf(out, "/* %s:%d: %s %s */\n", path, d->clocks[i].line,
			clkdesc_type_name(d->clocks[i].type), d->clocks[i].name);
		gen_config(&d->clocks[i], i, out);
	}
	if (d->nr_clocks) {
		fprintf(out, "static const struct vclk_init_data clocks[] = {\n");
		for (int i = 0; i < d->nr_clocks; i++) {
			const struct clkdesc_clock *c = &d->clocks[i];

			fprintf(out, "\t{\n\t\t.name = \"%s\",\n", c->name);
			if (c->num_parents)
				fprintf(out, "\t\t.parent_names = parents_%d,\n", i);
			fprintf(out, "\t\t.num_parents = %d,\n\t\t.flags = ",
				c->num_parents);
			put_flags(out, tree_clock_flags(c), clk_flags);
			fprintf(out, ",\n\t\t.ops = &%s,\n\t\t.priv = &cfg_%d,\n\t},\n",
				ops_of(c->type), i);
		}
		fprintf(out, "};\n\n");
	}
	fprintf(out, "const int %s_nr_clocks = %d;\n\n", prefix, d->nr_clocks);
	/* C has no empty arrays: a tree without reg lines gets a dummy row */
	fprintf(out, "const uint32_t %s_regs[][2] = {\n", prefix);
	for (int i = 0; i < d->nr_regs; i++)
		fprintf(out, "\t{ 0x%xu, 0x%xu },\n", d->regs[i].addr,
			d->regs[i].value);
	if (!d->nr_regs)
		fprintf(out, "\t{ 0, 0 },\t/* none: %s_nr_regs is 0 */\n", prefix);
	fprintf(out, "};\n\nconst int %s_nr_regs = %d;\n\n", prefix, d->nr_regs);
	fprintf(out, "/**\n * %s_register() - register the clocks of %s in file order\n"
		" *\n * Return: 0, or the first error of vclk_register() (the clocks\n"
		" * before it stay registered).\n */\n", prefix, path);
	fprintf(out, "int %s_register(void)\n{\n", prefix);
	if (d->nr_clocks) {
		fprintf(out, "\tfor (size_t i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {\n"
			"\t\tint ret = vclk_register(&clocks[i]);\n\n"
			"\t\tif (ret < 0)\n\t\t\treturn ret;\n\t}\n");
	}
	fprintf(out, "\treturn 0;\n}\n");
}

/* ==================== the header ==================== */

/* the part of @path after its last '/' */
static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

void gen_h(const char *path, const char *prefix, const char *c_file,
	   const char *h_file, FILE *out)
{
	const char *base = base_name(h_file);
	char guard[VCLK_NAME_LEN + GEN_NAME_MAX + 16];
	size_t n = 0;

	/* a guard must not start with a digit or a reserved "_X" */
	if (!isalpha((unsigned char)base[0]))
		n = (size_t)snprintf(guard, sizeof(guard), "VCLK_GEN_");
	for (; *base && n + 1 < sizeof(guard); base++)
		guard[n++] = isalnum((unsigned char)*base) ?
			     (char)toupper((unsigned char)*base) : '_';
	guard[n] = 0;

	fprintf(out, "/* SPDX-License-Identifier: MIT */\n"
		"/*\n * %s - the declarations of what %s defines.\n"
		" * Generated by `vclk gen` from %s.\n"
		" * Do not edit; regenerate.\n */\n", base_name(h_file),
		c_file ? base_name(c_file) : "the C file generated with it", path);
	fprintf(out, "#ifndef %s\n#define %s\n\n#include <stdint.h>\n\n"
		"#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n", guard, guard);
	fprintf(out, "/**\n * %s_register() - register the tree's clocks in file order\n"
		" *\n * Call it once, after vclk_reset().  Over the host register model,\n"
		" * set the registers of %s_regs first (hardware has them from reset).\n"
		" * Return: 0, or the first error of vclk_register() (the clocks\n"
		" * before it stay registered).\n */\n"
		"int %s_register(void);\n\n", prefix, prefix, prefix);
	fprintf(out, "/* the number of clocks %s_register() registers */\n"
		"extern const int %s_nr_clocks;\n\n", prefix, prefix);
	fprintf(out, "/*\n * the tree's \"reg\" lines, {address, value}, %s_nr_regs of them:\n"
		" * what the host register model must hold before %s_register()\n */\n"
		"extern const uint32_t %s_regs[][2];\n"
		"extern const int %s_nr_regs;\n\n", prefix, prefix, prefix, prefix);
	fprintf(out, "#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n", guard);
}
