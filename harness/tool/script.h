/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/script.h - the interpreter of `vclk run` scripts, host
 * code.  The language is documented in docs/users.md and, briefly, in
 * vclk(1) (docs/vclk.1).
 */
#ifndef VCLK_TOOL_SCRIPT_H
#define VCLK_TOOL_SCRIPT_H

#include <stdbool.h>
#include <stdio.h>
#include "tree.h"

/* exit statuses of `vclk run` */
#define SCRIPT_OK        0	/* every expectation held */
#define SCRIPT_MISMATCH  1	/* the script ran; an "== X" did not hold */
#define SCRIPT_BAD       2	/* a bad script (nothing ran) or tree */

/**
 * script_run() - parse a whole script, then run it against @t
 * @t: a loaded tree (tree_load())
 * @name: the script's name in messages ("SCRIPT:LINE: reason")
 * @in: the script text
 * @out: result lines, one per command, and "#" information lines
 * @err: messages: bad lines, unmet expectations
 * @trace: print every register write a command made as an information
 *	line "# W 0xADDRESS 0xVALUE", before its result line
 *
 * The script is parsed whole before anything runs, so a bad line anywhere
 * runs nothing, as a bad .clk line registers nothing.
 * Return: SCRIPT_OK, SCRIPT_MISMATCH or SCRIPT_BAD.
 */
int script_run(struct tree *t, const char *name, FILE *in, FILE *out,
	       FILE *err, bool trace);

#endif /* VCLK_TOOL_SCRIPT_H */
