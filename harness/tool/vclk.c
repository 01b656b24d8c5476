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
#include "platforms.h"
#include "script.h"
#include "show.h"
#include "tree.h"

#define EXIT_BAD 2

static const char usage[] =
	"usage: vclk run [-t] TREE SCRIPT   run SCRIPT (- for stdin); -t traces register writes\n"
	"       vclk summary TREE           Linux's clk_summary table\n"
	"       vclk dump TREE              Linux's clk_dump JSON\n"
	"       vclk dot TREE               Graphviz graph\n"
	"       vclk gen TREE               C source of the tree as static tables\n"
	"TREE is a .clk file, or --platform NAME for a built-in SoC tree:";

/* the tree is large, and the core keeps pointers to its names: static */
static struct tree tree;

static void print_usage(void)
{
	fputs(usage, stderr);
	for (const struct vclk_platform *p = vclk_platforms; p->name; p++)
		fprintf(stderr, " %s", p->name);
	fputc('\n', stderr);
}

static const struct vclk_platform *platform_find(const char *name)
{
	for (const struct vclk_platform *p = vclk_platforms; p->name; p++)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

/*
 * take_tree() - the TREE argument at *@argv: a path, or "--platform NAME"
 * (two words); consumes it.  Return: the path, or the built-in platform in
 * *@builtin; NULL after a usage message.
 */
static const char *take_tree(int *argc, char ***argv,
			     const struct vclk_platform **builtin)
{
	const char *path;

	*builtin = NULL;
	if (*argc < 1)
		return NULL;
	path = (*argv)[0];
	if (strcmp(path, "--platform") == 0) {
		if (*argc < 2)
			return NULL;
		*builtin = platform_find((*argv)[1]);
		if (!*builtin) {
			fprintf(stderr, "vclk: no built-in platform \"%s\"\n",
				(*argv)[1]);
			return NULL;
		}
		path = (*builtin)->path;
		(*argc)--;
		(*argv)++;
	}
	(*argc)--;
	(*argv)++;
	return path;
}

static int load(const char *path, const struct vclk_platform *builtin)
{
	char err[CLKPARSE_ERR_LEN];
	int ret;

	if (builtin)
		ret = tree_load_text(&tree, builtin->path, builtin->text,
				     err, sizeof(err));
	else
		ret = tree_load(&tree, path, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static int cmd_run(int argc, char **argv)
{
	const struct vclk_platform *builtin;
	bool trace = false;
	const char *script, *path;
	FILE *in;
	int status;

	if (argc > 0 && strcmp(argv[0], "-t") == 0) {
		trace = true;
		argc--;
		argv++;
	}
	path = take_tree(&argc, &argv, &builtin);
	if (!path || argc != 1) {
		print_usage();
		return EXIT_BAD;
	}
	if (load(path, builtin))
		return EXIT_BAD;
	script = argv[0];
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
	const struct vclk_platform *builtin;
	const char *path = take_tree(&argc, &argv, &builtin);

	if (!path || argc != 0) {
		print_usage();
		return EXIT_BAD;
	}
	if (load(path, builtin))
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
	const struct vclk_platform *builtin;
	const char *path = take_tree(&argc, &argv, &builtin);
	char err[CLKPARSE_ERR_LEN];
	char prefix[VCLK_NAME_LEN + 2];
	int ret;

	if (!path || argc != 0) {
		print_usage();
		return EXIT_BAD;
	}
	if (builtin)
		ret = clkparse_text(path, builtin->text, &tree.desc, err, sizeof(err));
	else
		ret = clkparse_file(path, &tree.desc, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "%s\n", err);
		return EXIT_BAD;
	}
	gen_prefix(path, prefix, sizeof(prefix));
	gen_c(&tree.desc, path, prefix, stdout);
	return 0;
}

int main(int argc, char **argv)
{
	int status;

	if (argc < 2) {
		print_usage();
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
		fprintf(stderr, "vclk: unknown command \"%s\"\n", argv[1]);
		print_usage();
		status = EXIT_BAD;
	}
	if (fflush(stdout) != 0 && status == 0)
		status = EXIT_BAD;
	return status;
}
