/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/gen.h - `vclk gen`: a parsed .clk tree as a C source file
 * of static tables, so that firmware registers the same tree with no
 * parser.  Host code.
 */
#ifndef VCLK_TOOL_GEN_H
#define VCLK_TOOL_GEN_H

#include <stdio.h>
#include "clkparse.h"

/**
 * gen_prefix() - the C identifier prefix for the tree at @path: its base
 * name without ".clk", every character other than a letter or a digit
 * made '_', and '_' before a leading digit ("seed-abc.clk": "seed_abc")
 * @buf: at least VCLK_NAME_LEN + 2 bytes; longer names are cut
 */
void gen_prefix(const char *path, char *buf, size_t size);

/**
 * gen_c() - print the C source of @d to @out
 * @d: the parsed tree
 * @path: its file name, for the header comment
 * @prefix: the identifiers' prefix (gen_prefix())
 *
 * The file defines, with P the prefix:
 *  - int P_register(void): vclk_register() of every clock in file order;
 *    0, or the first error (the clocks before it stay registered);
 *  - const int P_nr_clocks;
 *  - const uint32_t P_regs[][2], const int P_nr_regs: the file's "reg"
 *    lines, {address, value}: what the host register model must hold
 *    before P_register() (firmware's hardware has them from reset).
 */
void gen_c(const struct clkdesc *d, const char *path, const char *prefix,
	   FILE *out);

#endif /* VCLK_TOOL_GEN_H */
