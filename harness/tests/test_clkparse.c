/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_clkparse.c - the .clk tree description parser
 * (harness/tool/clkparse.c): valid files field by field, the corpus files
 * from disk, and one test per kind of error, each checking the exact
 * "FILE:LINE: reason" and that nothing is returned.
 *
 * The tests run from the repository top (harness/run-tests.sh), so the
 * corpus is at corpus/trees/.
 */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "tharness.h"
#include "clkparse.h"

static struct clkdesc desc;
static char err[CLKPARSE_ERR_LEN];

static bool desc_is_empty(void)
{
	static const struct clkdesc empty;

	return memcmp(&desc, &empty, sizeof(desc)) == 0;
}

static int parse(const char *text)
{
	return clkparse_text("t.clk", text, &desc, err, sizeof(err));
}

/* the clock named @name in desc, NULL if none */
static const struct clkdesc_clock *clock_named(const char *name)
{
	for (int i = 0; i < desc.nr_clocks; i++)
		if (strcmp(desc.clocks[i].name, name) == 0)
			return &desc.clocks[i];
	return NULL;
}

/*
 * @bad_line, after a valid first line, is rejected with "t.clk:2: " @want
 * and the valid clock of line 1 is not returned either.
 */
#define EXPECT_REJECT(bad_line, want)					\
	do {								\
		char text_[4096], want_[2 * CLKPARSE_ERR_LEN];		\
		snprintf(text_, sizeof(text_),				\
			 "fixed osc rate=26000000\n%s\n", bad_line);	\
		snprintf(want_, sizeof(want_), "t.clk:2: %s", want);	\
		EXPECT_EQ(parse(text_), -VCLK_EINVAL);			\
		EXPECT_STR_EQ(err, want_);				\
		EXPECT_TRUE(desc_is_empty());				\
	} while (0)

/* ==================== valid files ==================== */

static void clkparse_comments_blank_lines_and_numbers(void)
{
	const struct clkdesc_clock *c;

	ASSERT_EQ(parse("# a comment line\n"
			"\n"
			"   \t  \n"
			"fixed osc rate=0x18CBA80\t# 26 MHz, in hex\r\n"
			"  gate  g\tparent=osc reg=0X1000 bit=007   # leading zeros: decimal\n"
			"reg 0xffffffff = 4294967295"), 0);
	EXPECT_STR_EQ(err, "");
	ASSERT_EQ(desc.nr_clocks, 2);
	c = &desc.clocks[0];
	EXPECT_STR_EQ(c->name, "osc");
	EXPECT_EQ(c->rate, 26000000);
	EXPECT_EQ(c->line, 4);
	c = &desc.clocks[1];
	EXPECT_STR_EQ(c->name, "g");
	EXPECT_EQ(c->field.reg, 0x1000);
	EXPECT_EQ(c->field.shift, 7);
	EXPECT_EQ(c->line, 5);
	ASSERT_EQ(desc.nr_regs, 1);
	EXPECT_EQ(desc.regs[0].addr, 0xffffffffu);
	EXPECT_EQ(desc.regs[0].value, 0xffffffffu);
	EXPECT_EQ(desc.regs[0].line, 6);
}

static void clkparse_empty_text_is_an_empty_tree(void)
{
	EXPECT_EQ(parse(""), 0);
	EXPECT_TRUE(desc_is_empty());
	EXPECT_EQ(parse("# nothing\n\n"), 0);
	EXPECT_TRUE(desc_is_empty());
}

static void clkparse_limits_that_still_fit(void)
{
	char text[256];

	snprintf(text, sizeof(text),
		 "fixed a234567890123456789012345678901 rate=%lu\n"
		 "mux m parents=a,b,c,d,e,f,g,h reg=0 shift=29 width=3\n"
		 "divider d parent=m reg=0 shift=0 width=32\n",
		 ULONG_MAX);
	ASSERT_EQ(parse(text), 0);
	EXPECT_EQ(desc.clocks[0].rate, ULONG_MAX);
	EXPECT_EQ(strlen(desc.clocks[0].name), VCLK_NAME_LEN - 1);
	EXPECT_EQ(desc.clocks[1].num_parents, VCLK_MAX_PARENTS);
	EXPECT_STR_EQ(desc.clocks[1].parents[7], "h");
	EXPECT_EQ(desc.clocks[2].field.width, 32);
}

/* every field of corpus/trees/all-types.clk (this test pins that file) */
static void clkparse_all_types_file(void)
{
	const struct clkdesc_clock *c;

	ASSERT_EQ(clkparse_file("corpus/trees/all-types.clk", &desc, err,
				sizeof(err)), 0);
	EXPECT_STR_EQ(err, "");
	ASSERT_EQ(desc.nr_clocks, 13);

	c = clock_named("osc");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->type, CLKDESC_FIXED);
	EXPECT_EQ(c->rate, 26000000);
	EXPECT_EQ(c->accuracy, 50);
	EXPECT_EQ(c->num_parents, 0);
	EXPECT_EQ(c->flags, CLK_IGNORE_UNUSED);
	EXPECT_EQ(c->line, 3);

	c = clock_named("rtc");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->rate, 32768);
	EXPECT_EQ(c->accuracy, 0);
	EXPECT_EQ(c->flags, CLK_IS_CRITICAL);

	c = clock_named("pll");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->type, CLKDESC_SYNTH);
	EXPECT_EQ(c->min_rate, 100000000);
	EXPECT_EQ(c->max_rate, 300000000);
	EXPECT_EQ(c->rate, 200000000);
	EXPECT_EQ(c->flags, CLK_SET_RATE_GATE);

	c = clock_named("half");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->type, CLKDESC_FIXED_FACTOR);
	EXPECT_EQ(c->num_parents, 1);
	EXPECT_STR_EQ(c->parents[0], "pll");
	EXPECT_EQ(c->mult, 1);
	EXPECT_EQ(c->div, 2);
	EXPECT_EQ(c->flags, 0);

	c = clock_named("uart");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->type, CLKDESC_GATE);
	EXPECT_STR_EQ(c->parents[0], "osc");
	EXPECT_EQ(c->field.reg, 0x1000);
	EXPECT_EQ(c->field.shift, 5);
	EXPECT_EQ(c->field.width, 1);
	EXPECT_EQ(c->type_flags, CLKDESC_GATE_SET_TO_DISABLE);
	EXPECT_EQ(c->flags, CLK_SET_PARENT_GATE);

	c = clock_named("spi");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->field.reg, 0x1010);
	EXPECT_EQ(c->field.shift, 15);
	EXPECT_EQ(c->type_flags, CLKDESC_GATE_HIWORD);

	c = clock_named("sel");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->type, CLKDESC_MUX);
	ASSERT_EQ(c->num_parents, 3);
	EXPECT_STR_EQ(c->parents[0], "osc");
	EXPECT_STR_EQ(c->parents[1], "pll");
	EXPECT_STR_EQ(c->parents[2], "half");
	EXPECT_EQ(c->field.reg, 0x1004);
	EXPECT_EQ(c->field.shift, 0);
	EXPECT_EQ(c->field.width, 2);
	EXPECT_EQ(c->type_flags, CLKDESC_MUX_ROUND_CLOSEST);
	EXPECT_EQ(c->table_len, 0);

	c = clock_named("sel_tab");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->field.shift, 4);
	ASSERT_EQ(c->table_len, 2);
	EXPECT_EQ(c->mux_table[0], 2);
	EXPECT_EQ(c->mux_table[1], 3);
	EXPECT_EQ(c->type_flags, 0);

	c = clock_named("div");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->type, CLKDESC_DIVIDER);
	EXPECT_STR_EQ(c->parents[0], "sel");
	EXPECT_EQ(c->field.reg, 0x1008);
	EXPECT_EQ(c->field.width, 4);
	EXPECT_EQ(c->type_flags, CLKDESC_DIV_ONE_BASED | CLKDESC_DIV_ALLOW_ZERO);

	c = clock_named("div_p2");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->field.shift, 4);
	EXPECT_EQ(c->field.width, 3);
	EXPECT_EQ(c->type_flags,
		  CLKDESC_DIV_POWER_OF_TWO | CLKDESC_DIV_ROUND_CLOSEST);

	c = clock_named("div_tab");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->field.reg, 0x100c);
	EXPECT_EQ(c->field.shift, 8);
	EXPECT_EQ(c->flags, CLK_SET_RATE_PARENT);
	ASSERT_EQ(c->table_len, 4);
	for (int i = 0; i < 4; i++) {
		EXPECT_EQ(c->div_table[i].div, 1u << i);
		EXPECT_EQ(c->div_table[i].val, i);
	}

	c = clock_named("ext_gate");	/* parent never defined: an orphan */
	ASSERT_NOT_NULL(c);
	EXPECT_STR_EQ(c->parents[0], "ext");
	EXPECT_PTR_EQ(clock_named("ext"), NULL);

	c = clock_named("root_gate");	/* no parent= at all: no input */
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->type, CLKDESC_GATE);
	EXPECT_EQ(c->num_parents, 0);
	EXPECT_EQ(c->field.reg, 0x1000);
	EXPECT_EQ(c->field.shift, 7);
	EXPECT_EQ(c->type_flags, 0);
	EXPECT_EQ(c->line, 18);

	ASSERT_EQ(desc.nr_regs, 2);
	EXPECT_EQ(desc.regs[0].addr, 0x1004);
	EXPECT_EQ(desc.regs[0].value, 1);
	EXPECT_EQ(desc.regs[1].addr, 0x1008);
	EXPECT_EQ(desc.regs[1].value, 2);
}

static void clkparse_seed_abc_file(void)
{
	const struct clkdesc_clock *a, *b, *c;

	ASSERT_EQ(clkparse_file("corpus/trees/seed-abc.clk", &desc, err,
				sizeof(err)), 0);
	ASSERT_EQ(desc.nr_clocks, 3);
	a = &desc.clocks[0];
	b = &desc.clocks[1];
	c = &desc.clocks[2];
	EXPECT_STR_EQ(a->name, "A");
	EXPECT_EQ(a->type, CLKDESC_SYNTH);
	EXPECT_EQ(a->min_rate, 100000000);
	EXPECT_EQ(a->max_rate, 300000000);
	EXPECT_EQ(a->rate, 200000000);
	EXPECT_EQ(a->flags, 0);
	EXPECT_STR_EQ(b->name, "B");
	EXPECT_STR_EQ(b->parents[0], "A");
	EXPECT_STR_EQ(c->name, "C");
	EXPECT_STR_EQ(c->parents[0], "B");
	for (int i = 1; i < 3; i++) {
		EXPECT_EQ(desc.clocks[i].type, CLKDESC_DIVIDER);
		EXPECT_EQ(desc.clocks[i].flags, CLK_SET_RATE_PARENT);
		EXPECT_EQ(desc.clocks[i].field.width, 1);
		EXPECT_EQ(desc.clocks[i].type_flags, 0);
	}
	EXPECT_EQ(b->field.reg, 0x1000);
	EXPECT_EQ(c->field.reg, 0x1004);
	/* B divides by 2 (field 1), C by 1 (field 0): both at 100 MHz */
	ASSERT_EQ(desc.nr_regs, 2);
	EXPECT_EQ(desc.regs[0].addr, 0x1000);
	EXPECT_EQ(desc.regs[0].value, 1);
	EXPECT_EQ(desc.regs[1].addr, 0x1004);
	EXPECT_EQ(desc.regs[1].value, 0);
}

static void clkparse_type_names(void)
{
	EXPECT_STR_EQ(clkdesc_type_name(CLKDESC_FIXED_FACTOR), "fixed-factor");
	EXPECT_STR_EQ(clkdesc_type_name(CLKDESC_DIVIDER), "divider");
}

/* ==================== errors: words ==================== */

static void clkparse_rejects_unknown_type(void)
{
	EXPECT_REJECT("clock x rate=1", "unknown type \"clock\"");
}

static void clkparse_rejects_missing_name(void)
{
	EXPECT_REJECT("fixed", "fixed: missing clock name");
	EXPECT_REJECT("fixed rate=1", "fixed: missing clock name");
}

static void clkparse_rejects_long_name(void)
{
	EXPECT_REJECT("fixed a2345678901234567890123456789012 rate=1",
		      "fixed: \"a2345678901234567890123456789012\" is longer than 31 bytes");
	EXPECT_REJECT("gate g parent=a2345678901234567890123456789012 reg=0 bit=0",
		      "gate g: parent: \"a2345678901234567890123456789012\" is longer than 31 bytes");
}

static void clkparse_rejects_bad_name_character(void)
{
	EXPECT_REJECT("fixed a,b rate=1",
		      "fixed: \"a,b\" has a character other than letters, digits and _-.@");
}

static void clkparse_rejects_duplicate_name(void)
{
	EXPECT_REJECT("synth osc min=1 max=1 rate=1",
		      "duplicate clock name \"osc\" (first at line 1)");
}

static void clkparse_rejects_unknown_key(void)
{
	EXPECT_REJECT("gate g parent=osc reg=0 bit=1 colour=red",
		      "gate g: unknown key \"colour\"");
	/* accuracy= is for fixed clocks only */
	EXPECT_REJECT("synth s min=1 max=1 rate=1 accuracy=5",
		      "synth s: unknown key \"accuracy\"");
}

static void clkparse_rejects_unknown_flag(void)
{
	EXPECT_REJECT("gate g parent=osc reg=0 bit=1 one-based",
		      "gate g: unknown flag \"one-based\"");
}

static void clkparse_rejects_key_without_value(void)
{
	EXPECT_REJECT("fixed f rate", "fixed f: key \"rate\" needs a value (rate=...)");
	EXPECT_REJECT("fixed f rate=", "fixed f: key \"rate\" has no value");
}

static void clkparse_rejects_repeated_key_or_flag(void)
{
	EXPECT_REJECT("fixed f rate=1 rate=2", "fixed f: key \"rate\" given twice");
	EXPECT_REJECT("fixed f rate=1 critical critical",
		      "fixed f: flag \"critical\" given twice");
}

static void clkparse_rejects_missing_key(void)
{
	EXPECT_REJECT("gate g parent=osc bit=1", "gate g: missing key \"reg\"");
	EXPECT_REJECT("gate g reg=0x1000", "gate g: missing key \"bit\"");
	EXPECT_REJECT("synth s min=1 rate=1", "synth s: missing key \"max\"");
	/* only a gate may go without its parent (Linux's fixed-factor always
	 * has one input; the others are not asked for yet) */
	EXPECT_REJECT("fixed-factor h mult=1 div=2",
		      "fixed-factor h: missing key \"parent\"");
	EXPECT_REJECT("divider d reg=0 shift=0 width=2",
		      "divider d: missing key \"parent\"");
	EXPECT_REJECT("modgate m reg=1", "modgate m: missing key \"parent\"");
	EXPECT_REJECT("mux m reg=0 shift=0 width=1",
		      "mux m: missing key \"parents\"");
}

/*
 * A gate without parent= has no input (Linux: clk_hw_register_gate() with
 * a NULL parent_name, __clk_hw_register_gate() sets num_parents 0); its
 * keys and flags are read as with one, and parent= still needs a value
 */
static void clkparse_gate_without_parent(void)
{
	const struct clkdesc_clock *c;

	ASSERT_EQ(parse("gate g reg=0x1000 bit=29 set-to-disable critical\n"
			"gate h bit=3 hiword reg=0x1004\n"), 0);
	EXPECT_STR_EQ(err, "");
	ASSERT_EQ(desc.nr_clocks, 2);
	c = &desc.clocks[0];
	EXPECT_EQ(c->type, CLKDESC_GATE);
	EXPECT_EQ(c->num_parents, 0);
	EXPECT_STR_EQ(c->parents[0], "");
	EXPECT_EQ(c->field.reg, 0x1000);
	EXPECT_EQ(c->field.shift, 29);
	EXPECT_EQ(c->field.width, 1);
	EXPECT_EQ(c->type_flags, CLKDESC_GATE_SET_TO_DISABLE);
	EXPECT_EQ(c->flags, CLK_IS_CRITICAL);
	c = &desc.clocks[1];
	EXPECT_EQ(c->num_parents, 0);
	EXPECT_EQ(c->field.shift, 3);
	EXPECT_EQ(c->type_flags, CLKDESC_GATE_HIWORD);

	EXPECT_REJECT("gate g parent= reg=0 bit=1",
		      "gate g: key \"parent\" has no value");
	EXPECT_REJECT("gate g parent reg=0 bit=1",
		      "gate g: key \"parent\" needs a value (parent=...)");
	EXPECT_REJECT("gate g parents=osc reg=0 bit=1",
		      "gate g: unknown key \"parents\"");
	EXPECT_REJECT("gate g reg=0 bit=16 hiword",
		      "gate g: bit 16 is out of range (0..15 with hiword)");
}

static void clkparse_rejects_too_many_words(void)
{
	char line[512] = "fixed f rate=1";

	for (int i = 0; i < 31; i++)
		strcat(line, " critical");
	EXPECT_REJECT(line, "more than 32 words");
}

static void clkparse_rejects_long_line(void)
{
	char line[CLKPARSE_LINE_MAX + 1];

	memset(line, ' ', sizeof(line) - 1);
	line[sizeof(line) - 1] = 0;
	EXPECT_REJECT(line, "line longer than 1023 bytes");
}

/* ==================== errors: numbers ==================== */

static void clkparse_rejects_non_numbers(void)
{
	EXPECT_REJECT("fixed f rate=12x", "fixed f: rate: \"12x\" is not a number");
	EXPECT_REJECT("fixed f rate=0x", "fixed f: rate: \"0x\" is not a number");
	EXPECT_REJECT("fixed f rate=-1", "fixed f: rate: \"-1\" is not a number");
	EXPECT_REJECT("fixed f rate=1e6", "fixed f: rate: \"1e6\" is not a number");
}

static void clkparse_rejects_rate_beyond_ulong(void)
{
	char want[CLKPARSE_ERR_LEN];
	/* ULONG_MAX + 1, whether unsigned long has 64 or 32 bits */
	const char *over = ULONG_MAX == UINT32_MAX ? "4294967296"
						   : "18446744073709551616";
	char line[128];

	snprintf(line, sizeof(line), "synth s min=1 max=%s rate=1", over);
	snprintf(want, sizeof(want),
		 "synth s: max: %s does not fit in unsigned long (max %lu)",
		 over, ULONG_MAX);
	EXPECT_REJECT(line, want);
	/* beyond unsigned long long too */
	snprintf(want, sizeof(want),
		 "fixed f: rate: 99999999999999999999999 does not fit in unsigned long (max %lu)",
		 ULONG_MAX);
	EXPECT_REJECT("fixed f rate=99999999999999999999999", want);
}

static void clkparse_rejects_register_beyond_32_bits(void)
{
	EXPECT_REJECT("gate g parent=osc reg=0x100000000 bit=1",
		      "gate g: reg: 0x100000000 does not fit in 32 bits (max 4294967295)");
}

/* ==================== errors: per type ==================== */

static void clkparse_rejects_bit_out_of_range(void)
{
	EXPECT_REJECT("gate g parent=osc reg=0 bit=32",
		      "gate g: bit 32 is out of range (0..31)");
	EXPECT_REJECT("gate g parent=osc reg=0 bit=16 hiword",
		      "gate g: bit 16 is out of range (0..15 with hiword)");
}

static void clkparse_rejects_zero_width(void)
{
	EXPECT_REJECT("mux m parents=osc reg=0 shift=0 width=0",
		      "mux m: width must be at least 1");
}

static void clkparse_rejects_field_beyond_register(void)
{
	EXPECT_REJECT("divider d parent=osc reg=0 shift=30 width=4",
		      "divider d: shift 30 + width 4 exceeds 32 bits");
	EXPECT_REJECT("mux m parents=osc reg=0 shift=4294967295 width=2",
		      "mux m: shift 4294967295 + width 2 exceeds 32 bits");
}

static void clkparse_rejects_zero_mult_or_div(void)
{
	EXPECT_REJECT("fixed-factor h parent=osc mult=0 div=2",
		      "fixed-factor h: mult must be nonzero");
	EXPECT_REJECT("fixed-factor h parent=osc mult=1 div=0",
		      "fixed-factor h: div must be nonzero");
}

static void clkparse_rejects_synth_rate_outside_range(void)
{
	EXPECT_REJECT("synth s min=100 max=300 rate=50",
		      "synth s: rate 50 is outside min..max (100..300)");
	EXPECT_REJECT("synth s min=100 max=300 rate=301",
		      "synth s: rate 301 is outside min..max (100..300)");
	EXPECT_REJECT("synth s min=300 max=100 rate=200",
		      "synth s: min 300 is above max 100");
}

static void clkparse_rejects_bad_parent_list(void)
{
	EXPECT_REJECT("mux m parents=osc,,pll reg=0 shift=0 width=2",
		      "mux m: parents: empty name");
	EXPECT_REJECT("mux m parents=a,b,c,d,e,f,g,h,i reg=0 shift=0 width=4",
		      "mux m: parents: more than 8 entries");
	EXPECT_REJECT("mux m parents= reg=0 shift=0 width=4",
		      "mux m: key \"parents\" has no value");
}

static void clkparse_rejects_own_parent(void)
{
	EXPECT_REJECT("gate g parent=g reg=0 bit=0", "gate g: is its own parent");
	EXPECT_REJECT("mux m parents=osc,m reg=0 shift=0 width=1",
		      "mux m: is its own parent");
}

static void clkparse_rejects_mux_parents_beyond_width(void)
{
	EXPECT_REJECT("mux m parents=a,b,c reg=0 shift=0 width=1",
		      "mux m: 3 parents do not fit in width 1");
}

static void clkparse_rejects_bad_mux_table(void)
{
	EXPECT_REJECT("mux m parents=a,b reg=0 shift=0 width=2 table=0,1,2",
		      "mux m: table has 3 entries for 2 parents");
	EXPECT_REJECT("mux m parents=a,b reg=0 shift=0 width=2 table=0,1,2,3,4,5,6,7,8",
		      "mux m: table has more than 8 entries for 2 parents");
	EXPECT_REJECT("mux m parents=a,b reg=0 shift=0 width=2 table=0,4",
		      "mux m: table value 4 does not fit in width 2");
	EXPECT_REJECT("mux m parents=a,b reg=0 shift=0 width=2 table=0,x",
		      "mux m: table value: \"x\" is not a number");
}

static void clkparse_rejects_bad_divider_table(void)
{
	EXPECT_REJECT("divider d parent=osc reg=0 shift=0 width=2 table=1:0,4",
		      "divider d: table entry \"4\" is not div:val");
	EXPECT_REJECT("divider d parent=osc reg=0 shift=0 width=2 table=0:1",
		      "divider d: table div must be nonzero");
	EXPECT_REJECT("divider d parent=osc reg=0 shift=0 width=2 table=1:0,2:4",
		      "divider d: table value 4 does not fit in width 2");
	EXPECT_REJECT("divider d parent=osc reg=0 shift=0 width=2 table=1:1,2:1",
		      "divider d: table value 1 listed twice");
	EXPECT_REJECT("divider d parent=osc reg=0 shift=0 width=2 table=1:x",
		      "divider d: table value: \"x\" is not a number");
}

static void clkparse_rejects_long_divider_table(void)
{
	char line[512] = "divider d parent=osc reg=0 shift=0 width=8 table=1:0";

	for (int i = 1; i <= CLKDESC_MAX_DIV_TABLE; i++)
		snprintf(line + strlen(line), sizeof(line) - strlen(line),
			 ",%d:%d", i + 1, i);
	EXPECT_REJECT(line, "divider d: table has more than 32 entries");
}

static void clkparse_rejects_conflicting_divider_flags(void)
{
	EXPECT_REJECT("divider d parent=osc reg=0 shift=0 width=2 one-based power-of-two",
		      "divider d: one-based and power-of-two exclude each other");
	EXPECT_REJECT("divider d parent=osc reg=0 shift=0 width=2 one-based table=1:1",
		      "divider d: table= excludes one-based and power-of-two");
}

static void clkparse_rejects_too_many_clocks(void)
{
	static char text[VCLK_MAX_CLOCKS * 32 + 64];
	size_t used = 0;

	for (int i = 0; i <= VCLK_MAX_CLOCKS; i++)
		used += snprintf(text + used, sizeof(text) - used,
				 "fixed f%d rate=1\n", i);
	EXPECT_EQ(parse(text), -VCLK_EINVAL);
	EXPECT_STR_EQ(err, "t.clk:65: more than 64 clocks");
	EXPECT_TRUE(desc_is_empty());
}

/* ==================== errors: reg lines ==================== */

static void clkparse_rejects_malformed_reg_line(void)
{
	EXPECT_REJECT("reg 0x1000=1", "expected \"reg ADDRESS = VALUE\"");
	EXPECT_REJECT("reg 0x1000 = 1 2", "expected \"reg ADDRESS = VALUE\"");
	EXPECT_REJECT("reg 0x1000 : 1", "expected \"reg ADDRESS = VALUE\"");
	EXPECT_REJECT("reg 0x1000 = 0x100000000",
		      "reg value: 0x100000000 does not fit in 32 bits (max 4294967295)");
	EXPECT_REJECT("reg zero = 1", "reg address: \"zero\" is not a number");
}

static void clkparse_rejects_register_set_twice(void)
{
	EXPECT_EQ(parse("reg 0x10 = 1\nreg 16 = 2\n"), -VCLK_EINVAL);
	EXPECT_STR_EQ(err, "t.clk:2: register 0x10 set twice (first at line 1)");
	EXPECT_TRUE(desc_is_empty());
}

/* ==================== OMAP4 types and clock domains ==================== */

static void clkparse_omap4_lines(void)
{
	const struct clkdesc_clock *c;

	ASSERT_EQ(parse("fixed ref rate=38400000\n"
			"dpll d parent=ref clkmode=0x4a004160 idlest=0x4a004164 clksel=0x4a00416c\n"
			"dpll u parent=ref clkmode=0x10 idlest=0x14 clksel=0x18 polls=7 j-type m4x\n"
			"dpll b parent=ref bypass=m2 clkmode=0x20 idlest=0x24 clksel=0x28\n"
			"dpll-x2 x2 parent=d clkmode=0x4a004160\n"
			"hsdiv m2 parent=d reg=0x4a004170\n"
			"clksel l3 parent=m2 reg=0x4a004100 shift=4 width=1 table=1:0,2:1\n"
			"clkdm per reg=0x4a009400 hw-auto\n"
			"clkdm wk reg=0x4a307800\n"
			"modgate uart parent=l3 reg=0x4a009550 clkdm=per polls=10\n"
			"modgate opt parent=l3 reg=0x4a009558 bit=8 inverted\n"), 0);
	c = clock_named("d");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->type, CLKDESC_DPLL);
	EXPECT_EQ(c->clkmode, 0x4a004160);
	EXPECT_EQ(c->idlest, 0x4a004164);
	EXPECT_EQ(c->clksel, 0x4a00416c);
	EXPECT_EQ(c->polls, CLKDESC_DPLL_POLLS);
	EXPECT_EQ(c->type_flags, 0);
	c = clock_named("u");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->polls, 7);
	EXPECT_EQ(c->type_flags, CLKDESC_DPLL_J_TYPE | CLKDESC_DPLL_M4X);
	EXPECT_EQ(c->num_parents, 1);
	c = clock_named("b");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->num_parents, 2);
	EXPECT_STR_EQ(c->parents[0], "ref");
	EXPECT_STR_EQ(c->parents[1], "m2");
	c = clock_named("x2");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->type, CLKDESC_DPLL_X2);
	EXPECT_EQ(c->num_parents, 1);
	EXPECT_STR_EQ(c->parents[0], "d");
	EXPECT_EQ(c->clkmode, 0x4a004160);
	EXPECT_STR_EQ(clkdesc_type_name(CLKDESC_DPLL_X2), "dpll-x2");
	c = clock_named("m2");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->type, CLKDESC_HSDIV);
	EXPECT_EQ(c->field.width, 5);
	c = clock_named("l3");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->type, CLKDESC_CLKSEL);
	EXPECT_EQ(c->table_len, 2);
	EXPECT_EQ(c->div_table[1].div, 2);
	EXPECT_EQ(desc.nr_clkdms, 2);
	EXPECT_STR_EQ(desc.clkdms[0].name, "per");
	EXPECT_TRUE(desc.clkdms[0].hw_auto);
	EXPECT_FALSE(desc.clkdms[1].hw_auto);
	EXPECT_EQ(desc.clkdms[1].reg, 0x4a307800);
	c = clock_named("uart");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->clkdm, 0);
	EXPECT_EQ(c->polls, 10);
	EXPECT_EQ(c->type_flags, 0);
	c = clock_named("opt");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->clkdm, -1);
	EXPECT_EQ(c->polls, 0);
	EXPECT_EQ(c->field.shift, 8);
	EXPECT_EQ(c->type_flags, CLKDESC_MODGATE_BIT | CLKDESC_MODGATE_INVERTED);
	EXPECT_STR_EQ(clkdesc_type_name(CLKDESC_MODGATE), "modgate");
}

/* set-rate-no-reparent is Linux's CLK_SET_RATE_NO_REPARENT, on any clock */
static void clkparse_no_reparent_flag(void)
{
	const struct clkdesc_clock *c;

	ASSERT_EQ(parse("fixed a rate=26000000\n"
			"fixed b rate=19200000\n"
			"mux m parents=a,b reg=0x10 shift=0 width=1 set-rate-no-reparent\n"
			"mux n parents=a,b reg=0x14 shift=0 width=1\n"), 0);
	c = clock_named("m");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->flags, CLK_SET_RATE_NO_REPARENT);
	c = clock_named("n");
	ASSERT_NOT_NULL(c);
	EXPECT_EQ(c->flags, 0);
	EXPECT_REJECT("mux m parents=osc reg=0x10 shift=0 width=1 "
		      "set-rate-no-reparent set-rate-no-reparent",
		      "mux m: flag \"set-rate-no-reparent\" given twice");
}

static void clkparse_rejects_bad_omap4_lines(void)
{
	EXPECT_REJECT("dpll d parent=osc clkmode=1 idlest=2 clksel=3 polls=0",
		      "dpll d: polls must be 1..2147483647");
	EXPECT_REJECT("dpll d parent=osc clkmode=1 idlest=2",
		      "dpll d: missing key \"clksel\"");
	EXPECT_REJECT("dpll d parent=osc bypass=osc clkmode=1 idlest=2 clksel=3",
		      "dpll d: bypass is the reference clock");
	EXPECT_REJECT("dpll d parent=osc bypass=d clkmode=1 idlest=2 clksel=3",
		      "dpll d: is its own parent");
	EXPECT_REJECT("dpll-x2 x parent=d",
		      "dpll-x2 x: missing key \"clkmode\"");
	EXPECT_REJECT("dpll-x2 x parent=d clkmode=1 reg=2",
		      "dpll-x2 x: unknown key \"reg\"");
	EXPECT_REJECT("hsdiv h parent=osc reg=1 width=5",
		      "hsdiv h: unknown key \"width\"");
	EXPECT_REJECT("clksel c parent=osc reg=1 shift=0 width=1",
		      "clksel c: missing key \"table\"");
	EXPECT_REJECT("clksel c parent=osc reg=1 shift=0 width=4 "
		      "table=1:0,2:1,3:2,4:3,5:4,6:5,7:6,8:7,9:8",
		      "clksel c: table has more than 8 entries");
	EXPECT_REJECT("modgate g parent=osc reg=1 clkdm=nope",
		      "modgate g: clkdm: no clock domain \"nope\" (a clkdm line must come first)");
	EXPECT_REJECT("modgate g parent=osc reg=1 inverted",
		      "modgate g: inverted needs bit=");
	EXPECT_REJECT("modgate g parent=osc reg=1 bit=32",
		      "modgate g: bit 32 is out of range (0..31)");
	EXPECT_REJECT("modgate g parent=osc reg=1 polls=2147483648",
		      "modgate g: polls must be 0..2147483647");
	EXPECT_REJECT("clkdm a", "expected \"clkdm NAME reg=ADDRESS [hw-auto]\"");
	EXPECT_REJECT("clkdm a reg=1 sw-auto",
		      "expected \"clkdm NAME reg=ADDRESS [hw-auto]\"");
	EXPECT_REJECT("clkdm a reg=1 hw-auto=1",
		      "expected \"clkdm NAME reg=ADDRESS [hw-auto]\"");
	EXPECT_REJECT("clkdm a reg=0x100000000",
		      "reg: 0x100000000 does not fit in 32 bits (max 4294967295)");
	EXPECT_REJECT("clkdm a$ reg=1",
		      "clkdm: \"a$\" has a character other than letters, digits and _-.@");
	EXPECT_EQ(parse("clkdm a reg=1\nclkdm a reg=2\n"), -VCLK_EINVAL);
	EXPECT_STR_EQ(err, "t.clk:2: duplicate clock domain \"a\" (first at line 1)");
	EXPECT_TRUE(desc_is_empty());
}

static void clkparse_rejects_too_many_clock_domains(void)
{
	char text[2048];
	size_t n = 0;

	for (int i = 0; i <= CLKDESC_MAX_CLKDMS; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "clkdm d%d reg=%d\n", i, i);
	EXPECT_EQ(parse(text), -VCLK_EINVAL);
	EXPECT_STR_EQ(err, "t.clk:17: more than 16 clkdm lines");
	EXPECT_TRUE(desc_is_empty());
}

/* ==================== errors: files ==================== */

static void clkparse_missing_file(void)
{
	EXPECT_EQ(clkparse_file("corpus/trees/no-such.clk", &desc, err,
				sizeof(err)), -VCLK_EIO);
	EXPECT_STR_EQ(err, "corpus/trees/no-such.clk: cannot read: No such file or directory");
	EXPECT_TRUE(desc_is_empty());
}

/* write @len bytes of @text to a new temporary file named in @path */
static int write_temp(char *path, const char *text, size_t len)
{
	int fd = mkstemp(path);
	bool ok;

	if (fd < 0)
		return -1;
	ok = write(fd, text, len) == (ssize_t)len;
	close(fd);
	return ok ? 0 : -1;
}

static void clkparse_file_error_names_file_and_line(void)
{
	static const char with_nul[] = "fixed osc rate=1\n\nfixed x\0 rate=1\n";
	static const char bad[] = "fixed osc rate=1\n\nfixed x\n";
	char path[] = "/tmp/vclk-clkparse-XXXXXX";
	char path2[] = "/tmp/vclk-clkparse-XXXXXX";
	char want[CLKPARSE_ERR_LEN];

	ASSERT_EQ(write_temp(path, with_nul, sizeof(with_nul) - 1), 0);
	EXPECT_EQ(clkparse_file(path, &desc, err, sizeof(err)), -VCLK_EINVAL);
	unlink(path);
	snprintf(want, sizeof(want), "%s:3: NUL byte in the text", path);
	EXPECT_STR_EQ(err, want);
	EXPECT_TRUE(desc_is_empty());

	ASSERT_EQ(write_temp(path2, bad, sizeof(bad) - 1), 0);
	EXPECT_EQ(clkparse_file(path2, &desc, err, sizeof(err)), -VCLK_EINVAL);
	unlink(path2);
	snprintf(want, sizeof(want), "%s:3: fixed x: missing key \"rate\"", path2);
	EXPECT_STR_EQ(err, want);
	EXPECT_TRUE(desc_is_empty());
}

const struct vt_test vt_tests_clkparse[] = {
	VT_TEST(clkparse_omap4_lines),
	VT_TEST(clkparse_no_reparent_flag),
	VT_TEST(clkparse_rejects_bad_omap4_lines),
	VT_TEST(clkparse_rejects_too_many_clock_domains),
	VT_TEST(clkparse_comments_blank_lines_and_numbers),
	VT_TEST(clkparse_empty_text_is_an_empty_tree),
	VT_TEST(clkparse_limits_that_still_fit),
	VT_TEST(clkparse_all_types_file),
	VT_TEST(clkparse_seed_abc_file),
	VT_TEST(clkparse_type_names),
	VT_TEST(clkparse_rejects_unknown_type),
	VT_TEST(clkparse_rejects_missing_name),
	VT_TEST(clkparse_rejects_long_name),
	VT_TEST(clkparse_rejects_bad_name_character),
	VT_TEST(clkparse_rejects_duplicate_name),
	VT_TEST(clkparse_rejects_unknown_key),
	VT_TEST(clkparse_rejects_unknown_flag),
	VT_TEST(clkparse_rejects_key_without_value),
	VT_TEST(clkparse_rejects_repeated_key_or_flag),
	VT_TEST(clkparse_rejects_missing_key),
	VT_TEST(clkparse_gate_without_parent),
	VT_TEST(clkparse_rejects_too_many_words),
	VT_TEST(clkparse_rejects_long_line),
	VT_TEST(clkparse_rejects_non_numbers),
	VT_TEST(clkparse_rejects_rate_beyond_ulong),
	VT_TEST(clkparse_rejects_register_beyond_32_bits),
	VT_TEST(clkparse_rejects_bit_out_of_range),
	VT_TEST(clkparse_rejects_zero_width),
	VT_TEST(clkparse_rejects_field_beyond_register),
	VT_TEST(clkparse_rejects_zero_mult_or_div),
	VT_TEST(clkparse_rejects_synth_rate_outside_range),
	VT_TEST(clkparse_rejects_bad_parent_list),
	VT_TEST(clkparse_rejects_own_parent),
	VT_TEST(clkparse_rejects_mux_parents_beyond_width),
	VT_TEST(clkparse_rejects_bad_mux_table),
	VT_TEST(clkparse_rejects_bad_divider_table),
	VT_TEST(clkparse_rejects_long_divider_table),
	VT_TEST(clkparse_rejects_conflicting_divider_flags),
	VT_TEST(clkparse_rejects_too_many_clocks),
	VT_TEST(clkparse_rejects_malformed_reg_line),
	VT_TEST(clkparse_rejects_register_set_twice),
	VT_TEST(clkparse_missing_file),
	VT_TEST(clkparse_file_error_names_file_and_line),
	{ NULL, NULL }
};
