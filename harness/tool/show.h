/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/show.h - the state of a registered tree as text: Linux's
 * clk_summary table, its clk_dump JSON, and a Graphviz graph.  Host code.
 *
 * Every view lists the roots (clocks with no input) in registration
 * order, then the orphans (clocks whose input is not registered), each
 * followed by its children, depth first, in registration order (Linux
 * walks its hlists, newest first).  The core has no protect count, phase
 * or duty cycle: they show as Linux shows a clock without those ops (0,
 * 0, 50000 of 100000).
 */
#ifndef VCLK_TOOL_SHOW_H
#define VCLK_TOOL_SHOW_H

#include <stdio.h>
#include "tree.h"

/* flags of show_summary() and show_dot() */
#define SHOW_HUMAN 1u	/* rates as show_rate_human() writes them */

#define SHOW_RATE_LEN 32	/* show_rate_human()'s longest text fits */

/**
 * show_rate_human() - @rate in Hz as a person reads it: "1.2 GHz",
 * "48 MHz", "32.768 kHz", "999 Hz", "0 Hz"
 * @buf: the text; SHOW_RATE_LEN bytes hold any unsigned long
 * @size: bytes at @buf
 *
 * The largest unit the rate reaches, and every digit of the rate: the
 * decimals are exact, trailing zeros dropped, nothing rounded
 * (266666667 is "266.666667 MHz").
 */
void show_rate_human(unsigned long rate, char *buf, size_t size);

/**
 * show_summary() - the clk_summary table of the core's clocks
 * @t: the tree, for accuracies (the core has none)
 * @out: where the lines go
 * @prefix: put before every line ("# " for a script's info lines)
 * @flags: SHOW_HUMAN, or 0 for Linux's layout (rates in Hz); the rate
 *	column widens to the widest rate, so the columns stay aligned
 */
void show_summary(const struct tree *t, FILE *out, const char *prefix,
		  unsigned int flags);

/**
 * show_dump() - the clk_dump JSON object, one line: per clock its counts,
 * rate, consumers' range, accuracy, phase and duty cycle, its children's
 * objects nested in it under their names (as Linux does, so a child called
 * like a field, "rate", repeats that key: still valid JSON, RFC 8259)
 */
void show_dump(const struct tree *t, FILE *out);

/**
 * show_dot() - a Graphviz digraph: an edge from each clock's current input,
 * dashed ones from its other inputs, dotted nodes for inputs not
 * registered; clocks with an enable count filled green; each clock's
 * label its name, type and rate (@flags: SHOW_HUMAN or 0, as
 * show_summary())
 */
void show_dot(const struct tree *t, FILE *out, unsigned int flags);

#endif /* VCLK_TOOL_SHOW_H */
