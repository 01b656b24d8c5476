/* SPDX-License-Identifier: MIT */
/*
 * harness/fuzz/decode_main.c - print a fuzz input as a reproducer for the
 * vclk tool: PREFIX.clk (the tree) and PREFIX.vclk (the calls).
 *
 *   vclk-fuzz-decode INPUT PREFIX
 *
 * The script is in the format of corpus/scenarios/: "#! tree PREFIX.clk",
 * "#! exact", every command with "== X", the reference model's answer,
 * and "#>" lines holding the tool's whole expected output (notifier lines
 * included).  So `build/vclk run PREFIX.clk PREFIX.vclk` exits 1 and names
 * the first call where the library leaves the model, and a reproducer can
 * move to corpus/scenarios/ as it is.  Only the model runs here, never the
 * library: the decoder works on inputs that crash it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fz.h"

static struct fz_prog prog;
static char out_lines[FZ_MAX_OPS * (FZ_MAX_EVENTS + 1)][96];

int main(int argc, char **argv)
{
	static uint8_t data[1 << 20];
	static char text[8192];
	char path[4096], line[160], ref[32];
	size_t size;
	int nout = 0;
	FILE *f;

	if (argc != 3) {
		fprintf(stderr, "usage: %s INPUT PREFIX\n", argv[0]);
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	size = fread(data, 1, sizeof(data), f);
	fclose(f);
	fz_decode(data, size, &prog);

	snprintf(path, sizeof(path), "%s.clk", argv[2]);
	if (fz_tree_text(&prog.tree, text, sizeof(text)) < 0 || !(f = fopen(path, "w"))) {
		perror(path);
		return 2;
	}
	fprintf(f, "# decoded from %s\n%s", argv[1], text);
	fclose(f);

	snprintf(path, sizeof(path), "%s.vclk", argv[2]);
	if (!(f = fopen(path, "w"))) {
		perror(path);
		return 2;
	}
	fprintf(f, "# decoded from %s by vclk-fuzz-decode; the answers are the reference model's\n",
		argv[1]);
	fprintf(f, "#! tree %s.clk\n#! exact\n", argv[2]);
	model_load(&prog.tree);
	for (int i = 0; i < prog.nops; i++) {
		char res[FZ_RESULT_LEN];
		struct fz_event ev[FZ_MAX_EVENTS];
		int nev = 0;
		bool failed;

		if (!model_op(&prog.ops[i], res, ev, &nev, &failed)) {
			fz_op_text(&prog.tree, &prog.ops[i], line, sizeof(line));
			fprintf(f, "# skipped (known library defect): %s\n", line);
			continue;
		}
		fz_op_text(&prog.tree, &prog.ops[i], line, sizeof(line));
		fprintf(f, "%s == %s\n", line, res);
		for (int e = 0; e < nev; e++) {
			fz_ref_text(&prog.tree, model_watcher_ref(ev[e].w), ref, sizeof(ref));
			snprintf(out_lines[nout++], sizeof(out_lines[0]),
				 "# %s %s %lu %lu", ref, fz_event_name(ev[e].event),
				 ev[e].old_rate, ev[e].new_rate);
		}
		snprintf(out_lines[nout++], sizeof(out_lines[0]), "%s", res);
	}
	for (int i = 0; i < nout; i++)
		fprintf(f, "#> %s\n", out_lines[i]);
	fclose(f);
	return 0;
}
