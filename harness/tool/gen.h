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

/* the longest --name: C11's guaranteed significant initial characters */
#define GEN_NAME_MAX 63

/**
 * gen_name_check() - whether @name may be the prefix of the generated
 * identifiers (`vclk gen --name`)
 *
 * It must be a C identifier ([A-Za-z_][A-Za-z0-9_]*) of at most
 * GEN_NAME_MAX characters, and not one C reserves everywhere ("__..." or
 * "_" and a capital letter): the generated names only append to it.
 * Return: NULL when it may, else why not ("is not a C identifier", ...).
 */
const char *gen_name_check(const char *name);

/**
 * gen_c() - print the C source of @d to @out
 * @d: the parsed tree
 * @path: its file name, for the header comment
 * @prefix: the identifiers' prefix (gen_prefix())
 * @flags: GEN_INTERNAL or 0 (below)
 * @out: where the C goes
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
	   unsigned int flags, FILE *out);

/*
 * gen_c()'s @flags: GEN_INTERNAL includes the source tree's proof headers
 * (vclk.h, clk_basic.h; dpll.h and omap4_clk.h for an OMAP4 tree), for
 * the builds inside this repository; without it, the installed public
 * header <vclk/clk-provider.h>, for a program built against an install.
 */
#define GEN_INTERNAL (1u << 0)

/**
 * gen_needs_internal() - whether @d uses a clock type or clock domain
 * that only the source tree's headers declare (the OMAP4 types), so that
 * gen_c() needs GEN_INTERNAL for it
 */
bool gen_needs_internal(const struct clkdesc *d);

/**
 * gen_h() - print a header declaring what gen_c() of the same @path and
 * @prefix defines (`vclk gen --header`), to @out
 * @path: the tree's file name, for the comment
 * @prefix: the identifiers' prefix
 * @c_file: the generated C file's name for the comment, NULL if unknown
 *	(written to stdout)
 * @h_file: the header's own file name: its base name, upper case, every
 *	character other than a letter or a digit made '_', is the include
 *	guard ("board_clocks.h": BOARD_CLOCKS_H)
 *
 * It declares P_register(), P_nr_clocks, P_regs and P_nr_regs, needs
 * only <stdint.h> (not the core's headers), and has extern "C" guards,
 * so C++ code may include it too.
 */
void gen_h(const char *path, const char *prefix, const char *c_file,
	   const char *h_file, FILE *out);

#endif /* VCLK_TOOL_GEN_H */
