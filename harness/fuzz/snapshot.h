/* SPDX-License-Identifier: MIT */
/*
 * harness/fuzz/snapshot.h - a loaded tree kept as an image of everything
 * its load wrote: the core's state, the register model and the tool's
 * per-clock entries (struct tree_clock, the clock domains).  A fuzz target
 * takes one right after a real load (tree_load_text() or
 * tree_reregister()) and puts it back for every later input on that tree:
 * a few copies instead of a reset core and register model and every clock
 * registered again, the same state byte for byte.
 *
 * The core's part copies every variable core/ defines, by name
 * (snapshot.c); harness/fuzz/snapshot-check.sh, run by make check, fails
 * when core/ gains one the list lacks.
 */
#ifndef VCLK_FUZZ_SNAPSHOT_H
#define VCLK_FUZZ_SNAPSHOT_H

#include "tree.h"

struct snapshot;

/**
 * snapshot_take() - the state of the core, the register model and @t now
 * @reuse: an image whose memory to take it in, or NULL
 *
 * A fuzz target that replaces an image passes it as @reuse: libFuzzer
 * runs an input again, and then checks for leaks, whenever the input
 * allocated more than it freed.
 * Return: the image, kept for the process's life, or NULL when out of
 * memory (@reuse is then freed).
 */
struct snapshot *snapshot_take(const struct tree *t, struct snapshot *reuse);

/**
 * snapshot_restore() - put back the state @s holds
 * @t: the very tree @s was taken of: the core keeps pointers into it
 *
 * The register model comes back with no fault armed and an empty log.
 */
void snapshot_restore(const struct snapshot *s, struct tree *t);

#endif /* VCLK_FUZZ_SNAPSHOT_H */
