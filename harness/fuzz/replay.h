/* SPDX-License-Identifier: MIT */
/*
 * harness/fuzz/replay.h - what the replayer (replay_main.c) asks of the
 * fuzz target it is linked with: fuzz_target.c (vclk-fuzz-replay) or
 * omap4_target.c (vclk-fuzz-omap4-replay).
 */
#ifndef VCLK_FUZZ_REPLAY_H
#define VCLK_FUZZ_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * fuzz_replay_one() - run one input as LLVMFuzzerTestOneInput() does; with
 * @verbose, print each call and its result on stdout as well
 * Aborts on a violation, as the fuzz target.
 */
void fuzz_replay_one(const uint8_t *data, size_t size, bool verbose);

#endif /* VCLK_FUZZ_REPLAY_H */
