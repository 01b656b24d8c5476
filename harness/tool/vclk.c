/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/vclk.c - the `vclk` command-line tool: main() and the
 * command line.  The commands are documented in the README ("The vclk
 * tool"); each lives in its own file (tree.c, script.c, show.c, gen.c).
 *
 * Exit status: 0 success; 1 a script's expectation failed; 2 bad usage,
 * a .clk file or script with an error, or a tree the core refused.
 */
#include <stdio.h>
#include <string.h>
#include "gen.h"
#include "script.h"
#include "show.h"
#include "tree.h"

#define EXIT_BAD 2

static const char usage[] =
	"usage: vclk run [-t] TREE.clk SCRIPT   run SCRIPT (- for stdin); -t traces register writes\n"
	"       vclk summary TREE.clk           Linux's clk_summary table\n"
	"       vclk dump TREE.clk              Linux's clk_dump JSON\n"
	"       vclk dot TREE.clk               Graphviz graph\n"
	"       vclk gen TREE.clk               C source of the tree as static tables\n";

/* the tree is large, and the core keeps pointers to its names: static */
static struct tree tree;

static int load(const char *path)
{
	char err[CLKPARSE_ERR_LEN];

	if (tree_load(&tree, path, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static int cmd_run(int argc, char **argv)
{
	bool trace = false;
	const char *script;
	FILE *in;
	int status;

	if (argc > 0 && strcmp(argv[0], "-t") == 0) {
		trace = true;
		argc--;
		argv++;
	}
	if (argc != 2) {
		fputs(usage, stderr);
		return EXIT_BAD;
	}
	if (load(argv[0]))
		return EXIT_BAD;
	script = argv[1];
	if (strcmp(script, "-") == 0) {
		in = stdin;
		script = "<stdin>";
	} else {
		in = fopen(script, "r");
		if (!in) {
			fprintf(stderr, "%s: cannot read: ", script);
			perror(NULL);
			return EXIT_BAD;
		}
	}
	status = script_run(&tree, script, in, stdout, stderr, trace);
	if (in != stdin)
		fclose(in);
	return status;
}

/* summary, dump, dot: the state right after registration */
static int cmd_show(const char *what, int argc, char **argv)
{
	if (argc != 1) {
		fputs(usage, stderr);
		return EXIT_BAD;
	}
	if (load(argv[0]))
		return EXIT_BAD;
	if (strcmp(what, "summary") == 0)
		show_summary(&tree, stdout, "");
	else if (strcmp(what, "dump") == 0)
		show_dump(&tree, stdout);
	else
		show_dot(&tree, stdout);
	return 0;
}

/* gen registers nothing: a tree the core would refuse still generates */
static int cmd_gen(int argc, char **argv)
{
	char err[CLKPARSE_ERR_LEN];
	char prefix[VCLK_NAME_LEN + 2];

	if (argc != 1) {
		fputs(usage, stderr);
		return EXIT_BAD;
	}
	if (clkparse_file(argv[0], &tree.desc, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return EXIT_BAD;
	}
	gen_prefix(argv[0], prefix, sizeof(prefix));
	gen_c(&tree.desc, argv[0], prefix, stdout);
	return 0;
}

int main(int argc, char **argv)
{
	int status;

	if (argc < 2) {
		fputs(usage, stderr);
		return EXIT_BAD;
	}
	if (strcmp(argv[1], "run") == 0)
		status = cmd_run(argc - 2, argv + 2);
	else if (strcmp(argv[1], "summary") == 0 || strcmp(argv[1], "dump") == 0 ||
		 strcmp(argv[1], "dot") == 0)
		status = cmd_show(argv[1], argc - 2, argv + 2);
	else if (strcmp(argv[1], "gen") == 0)
		status = cmd_gen(argc - 2, argv + 2);
	else {
		fprintf(stderr, "vclk: unknown command \"%s\"\n%s", argv[1], usage);
		status = EXIT_BAD;
	}
	if (fflush(stdout) != 0 && status == 0)
		status = EXIT_BAD;
	return status;
}
