/* SPDX-License-Identifier: MIT */
/*
 * harness/fuzz/fuzz_target.c - the one fuzz target, vclk_fuzz: libFuzzer's
 * entry point, which AFL++ (libAFLDriver.a), ClusterFuzzLite and the plain
 * replayer (replay_main.c) call as well.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "fz.h"
#include "replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/**
 * LLVMFuzzerTestOneInput() - decode @data, run it on the library and the
 * reference model; abort() on the first disagreement or broken invariant
 * Return: 0 (libFuzzer's "keep going")
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fz_prog prog;	/* large: not on the stack */

	fz_decode(data, size, &prog);
	fz_run(&prog, NULL);
	return 0;
}

/* the replayer's: -v prints the run as a script with each result */
void fuzz_replay_one(const uint8_t *data, size_t size, bool verbose)
{
	static struct fz_prog prog;

	if (!verbose) {
		/* twice: the second run finds its tree loaded already and
		 * starts from the image of that load, as most of a fuzzer's
		 * runs do (driver.c, load_tree()), so that make check runs
		 * that path */
		LLVMFuzzerTestOneInput(data, size);
		LLVMFuzzerTestOneInput(data, size);
		return;
	}
	fz_decode(data, size, &prog);
	fz_run(&prog, stdout);
}
