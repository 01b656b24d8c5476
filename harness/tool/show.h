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

/**
 * show_summary() - the clk_summary table of the core's clocks
 * @t: the tree, for accuracies (the core has none)
 * @out: where the lines go
 * @prefix: put before every line ("# " for a script's info lines)
 */
void show_summary(const struct tree *t, FILE *out, const char *prefix);

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
 * registered; clocks with an enable count filled green
 */
void show_dot(const struct tree *t, FILE *out);

#endif /* VCLK_TOOL_SHOW_H */
