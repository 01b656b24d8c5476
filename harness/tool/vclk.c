/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/vclk.c - the `vclk` command-line tool: main() and the
 * command line.  The commands are documented in docs/users.md and the
 * man page docs/vclk.1, and by `vclk help COMMAND`; each lives in its own
 * file (tree.c, script.c, show.c, gen.c).
 *
 * Options may come anywhere among a command's arguments ("--" ends them);
 * "--platform NAME" stands for the TREE argument, and "-" for standard
 * input wherever a file is read.  Help and the version go to stdout;
 * usage errors, input errors ("FILE:LINE: reason") and every other
 * message to stderr.
 *
 * Exit status: 0 success; 1 a script's expectation failed; 2 bad usage,
 * a .clk file or script with an error, a tree the core refused, or an
 * output that could not be written.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "gen.h"
#include "platforms.h"
#include "script.h"
#include "show.h"
#include "tree.h"
/* by path: the tool's include flags (HOST_INC) do not have include/ */
#include "../../include/vclk/version.h"

#define EXIT_BAD 2

/* what messages call standard input, as the script's "-" always did */
#define STDIN_NAME "<stdin>"

/* the first line is the one the older tool printed: scenarios match it */
static const char usage[] =
	"usage: vclk run [-t] TREE SCRIPT   run SCRIPT (- for stdin); -t traces register writes\n"
	"       vclk summary [--human] TREE\n"
	"                                   Linux's clk_summary table; --human: rates as 1.2 GHz\n"
	"       vclk dump TREE              Linux's clk_dump JSON\n"
	"       vclk dot [--human] TREE     Graphviz graph\n"
	"       vclk gen [--internal] [--name NAME] [--header FILE.h] [-o FILE.c] TREE\n"
	"                                   C source of the tree as static tables\n"
	"       vclk help [COMMAND]         this text, or a command's help\n"
	"       vclk version                the version (also --version)\n";

static const char usage_end[] =
	"Exit status: 0 ok; 1 a script's expectation failed; 2 bad usage or input.\n"
	"More: `vclk help COMMAND`, vclk(1).\n";

/* the tree is large, and the core keeps pointers to its names: static */
static struct tree tree;

/* "TREE is ...: omap4430", with the platforms this build has */
static void print_tree_note(FILE *out)
{
	fputs("TREE is a .clk file, - for stdin (named " STDIN_NAME " in messages), or\n"
	      "--platform NAME for a built-in SoC tree:", out);
	for (const struct vclk_platform *p = vclk_platforms; p->name; p++)
		fprintf(out, " %s", p->name);
	fputc('\n', out);
}

static void print_usage(FILE *out)
{
	fputs(usage, out);
	print_tree_note(out);
	fputs(usage_end, out);
}

static const struct vclk_platform *platform_find(const char *name)
{
	for (const struct vclk_platform *p = vclk_platforms; p->name; p++)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

/* ==================== the command line ==================== */

/**
 * struct cmd_option - one option of a command
 * @name: "-t", "--human", "--name"
 * @flag: set by an option without a value
 * @value: set by an option with one ("--name NAME" or "--name=NAME")
 */
struct cmd_option {
	const char *name;
	bool *flag;
	const char **value;
};

#define MAX_REST 1	/* operands after TREE: run's SCRIPT */

/**
 * struct cmdline - a command's arguments, parsed
 * @tree: TREE: a path, "-", or the built-in platform's path
 * @builtin: the platform "--platform NAME" named, NULL for a file
 * @rest: the operands after TREE (run's SCRIPT)
 * @nr_rest: how many
 * @help: -h or --help was given: the rest is not checked
 */
struct cmdline {
	const char *tree;
	const struct vclk_platform *builtin;
	const char *rest[MAX_REST];
	int nr_rest;
	bool help;
};

/* "vclk: CMD: reason", then the usage: a usage error's report */
__attribute__((format(printf, 2, 3)))
static int usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "vclk: %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	print_usage(stderr);
	return -1;
}

/* the option of @opts that @arg names (with "=VALUE" in *@eq), or NULL */
static const struct cmd_option *option_find(const struct cmd_option *opts,
					const char *arg, const char **eq)
{
	*eq = NULL;
	for (const struct cmd_option *o = opts; o && o->name; o++) {
		size_t len = strlen(o->name);

		if (strncmp(arg, o->name, len) != 0)
			continue;
		if (arg[len] == 0)
			return o;
		if (arg[len] == '=' && o->value && arg[1] == '-') {
			*eq = arg + len + 1;
			return o;
		}
	}
	return NULL;
}

/**
 * parse_cmdline() - split a command's arguments into its options, TREE and
 * @nr_rest (at most MAX_REST) more operands
 * @cmd: the command, for messages
 * @opts: its options, ended by an entry with a NULL @name; may be NULL
 * @rest_names: the names of the operands after TREE, for messages
 *
 * Options may be anywhere; "--" ends them, "-" is an operand (stdin).
 * "--platform NAME" is TREE wherever it is, so the other operands are
 * then all of @rest_names.
 * Return: 0 (with @cl->help set for -h and --help), or -1 after a usage
 * message.
 */
static int parse_cmdline(const char *cmd, int argc, char **argv,
			 const struct cmd_option *opts, const char *const *rest_names,
			 int nr_rest, struct cmdline *cl)
{
	const char *operands[MAX_REST + 1];
	int nr = 0, first = 0;
	bool options = true;

	memset(cl, 0, sizeof(*cl));
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i], *eq;
		const struct cmd_option *o;

		if (options && strcmp(arg, "--") == 0) {
			options = false;
			continue;
		}
		if (options && (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)) {
			cl->help = true;
			return 0;
		}
		if (options && strcmp(arg, "--platform") == 0) {
			if (i + 1 >= argc)
				return usage_error(cmd, "--platform needs a NAME");
			if (cl->builtin)
				return usage_error(cmd, "more than one TREE");
			cl->builtin = platform_find(argv[++i]);
			if (!cl->builtin) {
				fprintf(stderr, "vclk: no built-in platform \"%s\"\n",
					argv[i]);
				print_usage(stderr);
				return -1;
			}
			continue;
		}
		if (options && arg[0] == '-' && arg[1] != 0) {
			o = option_find(opts, arg, &eq);
			if (!o)
				return usage_error(cmd, "unknown option \"%s\"", arg);
			if (o->flag) {
				*o->flag = true;
			} else if (eq) {
				*o->value = eq;
			} else {
				if (i + 1 >= argc)
					return usage_error(cmd, "%s needs a value",
							   o->name);
				*o->value = argv[++i];
			}
			continue;
		}
		if (nr == nr_rest + 1)
			return usage_error(cmd, "unexpected argument \"%s\"", arg);
		operands[nr++] = arg;
	}
	if (cl->builtin) {
		cl->tree = cl->builtin->path;
	} else {
		if (nr == 0)
			return usage_error(cmd, "missing TREE");
		cl->tree = operands[first++];
	}
	if (nr - first > nr_rest)
		return usage_error(cmd, "unexpected argument \"%s\"",
				   operands[first + nr_rest]);
	if (nr - first < nr_rest)
		return usage_error(cmd, "missing %s", rest_names[nr - first]);
	for (int i = first; i < nr; i++)
		cl->rest[cl->nr_rest++] = operands[i];
	return 0;
}

/* ==================== the commands ==================== */

struct command;
static void print_help(const struct command *c, FILE *out);

/* the TREE of @cl registered on the core; 0, or -1 after its message */
static int load(const struct cmdline *cl)
{
	char err[CLKPARSE_ERR_LEN];
	int ret;

	if (cl->builtin)
		ret = tree_load_text(&tree, cl->builtin->path, cl->builtin->text,
				     err, sizeof(err));
	else if (strcmp(cl->tree, "-") == 0)
		ret = tree_load_stream(&tree, STDIN_NAME, stdin, err, sizeof(err));
	else
		ret = tree_load(&tree, cl->tree, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static int cmd_run(const struct command *c, int argc, char **argv)
{
	static const char *const rest[] = { "SCRIPT" };
	bool trace = false;
	const struct cmd_option opts[] = {
		{ "-t", &trace, NULL },
		{ NULL, NULL, NULL },
	};
	struct cmdline cl;
	const char *script;
	FILE *in;
	int status;

	if (parse_cmdline("run", argc, argv, opts, rest, 1, &cl))
		return EXIT_BAD;
	if (cl.help) {
		print_help(c, stdout);
		return 0;
	}
	script = cl.rest[0];
	/* checked before the tree loads, which would eat the script */
	if (!cl.builtin && strcmp(cl.tree, "-") == 0 && strcmp(script, "-") == 0) {
		usage_error("run", "TREE and SCRIPT cannot both be - (there is one stdin)");
		return EXIT_BAD;
	}
	if (load(&cl))
		return EXIT_BAD;
	if (strcmp(script, "-") == 0) {
		in = stdin;
		script = STDIN_NAME;
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
static int cmd_show(const struct command *c, int argc, char **argv,
		    const char *what)
{
	bool human = false;
	const struct cmd_option opts[] = {
		{ "--human", &human, NULL },
		{ NULL, NULL, NULL },
	};
	struct cmdline cl;
	unsigned int flags;

	/* dump is JSON for programs: rates stay numbers */
	if (parse_cmdline(what, argc, argv, strcmp(what, "dump") ? opts : NULL,
			  NULL, 0, &cl))
		return EXIT_BAD;
	if (cl.help) {
		print_help(c, stdout);
		return 0;
	}
	if (load(&cl))
		return EXIT_BAD;
	flags = human ? SHOW_HUMAN : 0;
	if (strcmp(what, "summary") == 0)
		show_summary(&tree, stdout, "", flags);
	else if (strcmp(what, "dump") == 0)
		show_dump(&tree, stdout);
	else
		show_dot(&tree, stdout, flags);
	return 0;
}

static int cmd_summary(const struct command *c, int argc, char **argv)
{
	return cmd_show(c, argc, argv, "summary");
}

static int cmd_dump(const struct command *c, int argc, char **argv)
{
	return cmd_show(c, argc, argv, "dump");
}

static int cmd_dot(const struct command *c, int argc, char **argv)
{
	return cmd_show(c, argc, argv, "dot");
}

/*
 * close_output() - close @f, written to @path; on a write error report it
 * and remove the file, so no half-written source is left to compile.
 * Return: 0, or -1 after the message.
 */
static int close_output(FILE *f, const char *path)
{
	int bad = ferror(f);
	int err = errno;

	if (fclose(f) != 0 && !bad) {
		bad = 1;
		err = errno;
	}
	if (!bad)
		return 0;
	fprintf(stderr, "%s: cannot write: %s\n", path, strerror(err));
	remove(path);
	return -1;
}

/* @path opened for writing; NULL after the message */
static FILE *open_output(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		fprintf(stderr, "%s: cannot write: %s\n", path, strerror(errno));
	return f;
}

/* gen registers nothing: a tree the core would refuse still generates */
static int cmd_gen(const struct command *c, int argc, char **argv)
{
	const char *name = NULL, *header = NULL, *output = NULL, *why;
	bool internal = false;
	const struct cmd_option opts[] = {
		{ "--internal", &internal, NULL },
		{ "--name", NULL, &name },
		{ "--header", NULL, &header },
		{ "-o", NULL, &output },
		{ NULL, NULL, NULL },
	};
	char err[CLKPARSE_ERR_LEN];
	char prefix[GEN_NAME_MAX + 1];
	_Static_assert(GEN_NAME_MAX + 1 >= VCLK_NAME_LEN + 2,
		       "a --name fits where a file's name did");
	struct cmdline cl;
	bool from_stdin;
	const char *path;
	FILE *out, *hdr;
	int ret;

	if (parse_cmdline("gen", argc, argv, opts, NULL, 0, &cl))
		return EXIT_BAD;
	if (cl.help) {
		print_help(c, stdout);
		return 0;
	}
	/* every usage check before the tree is read: a usage error reads nothing */
	if (name && (why = gen_name_check(name)) != NULL) {
		usage_error("gen", "--name \"%s\" %s", name, why);
		return EXIT_BAD;
	}
	if (output && strcmp(output, "-") == 0)
		output = NULL;
	if (header && strcmp(header, "-") == 0) {
		usage_error("gen", "--header needs a file name, not -");
		return EXIT_BAD;
	}
	if (header && output && strcmp(header, output) == 0) {
		usage_error("gen", "--header and -o name the same file \"%s\"", header);
		return EXIT_BAD;
	}
	from_stdin = !cl.builtin && strcmp(cl.tree, "-") == 0;
	path = from_stdin ? STDIN_NAME : cl.tree;
	if (cl.builtin)
		ret = clkparse_text(path, cl.builtin->text, &tree.desc, err, sizeof(err));
	else if (from_stdin)
		ret = clkparse_stream(path, stdin, &tree.desc, err, sizeof(err));
	else
		ret = clkparse_file(path, &tree.desc, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "%s\n", err);
		return EXIT_BAD;
	}
	if (!internal && gen_needs_internal(&tree.desc)) {
		fprintf(stderr, "%s: the OMAP4 clock types and clock domains have no "
			"public header: generate with --internal and compile against "
			"the source tree (-Icore -Iplatform -Iplatform/omap4)\n", path);
		return EXIT_BAD;
	}
	if (name)
		snprintf(prefix, sizeof(prefix), "%s", name);
	else if (from_stdin)
		snprintf(prefix, sizeof(prefix), "stdin");
	else	/* the size the older tool cut a long file name at */
		gen_prefix(path, prefix, VCLK_NAME_LEN + 2);

	/* both opened before either is written: a bad path writes nothing */
	out = output ? open_output(output) : stdout;
	if (!out)
		return EXIT_BAD;
	hdr = header ? open_output(header) : NULL;
	if (header && !hdr) {
		if (output) {
			fclose(out);
			remove(output);
		}
		return EXIT_BAD;
	}
	gen_c(&tree.desc, path, prefix, internal ? GEN_INTERNAL : 0, out);
	if (output && close_output(out, output)) {
		if (hdr) {
			fclose(hdr);
			remove(header);
		}
		return EXIT_BAD;
	}
	if (hdr) {
		gen_h(path, prefix, output, header, hdr);
		if (close_output(hdr, header))
			return EXIT_BAD;
	}
	return 0;
}

static int cmd_version(const struct command *c, int argc, char **argv)
{
	if (argc > 0 && (strcmp(argv[0], "-h") == 0 || strcmp(argv[0], "--help") == 0)) {
		print_help(c, stdout);
		return 0;
	}
	if (argc > 0) {
		usage_error("version", "unexpected argument \"%s\"", argv[0]);
		return EXIT_BAD;
	}
	printf("vclk %s\n", VCLK_VERSION_STRING);
	return 0;
}

static int cmd_help(const struct command *c, int argc, char **argv);

/**
 * struct command - one command of the tool
 * @name: its word on the command line
 * @run: runs it on the words after @name; returns the exit status
 * @synopsis: its usage line, after "usage: vclk "
 * @text: what `vclk help NAME` prints after the usage line: what it
 *	does, its arguments and options
 * @tree: it takes TREE (the help then says what TREE may be)
 * @exit: its exit statuses, the help's last paragraph
 */
struct command {
	const char *name;
	int (*run)(const struct command *c, int argc, char **argv);
	const char *synopsis;
	const char *text;
	bool tree;
	const char *exit;
};

#define EXIT_TREE \
	"Exit status: 0; 2 for bad usage, a TREE with an error (FILE:LINE: reason,\n" \
	"nothing registered) or a tree the core refuses.\n"

static const struct command commands[] = {
	{
		"run", cmd_run, "run [-t] TREE SCRIPT",
		"Load TREE on the host register model (the core and the model reset,\n"
		"each \"reg\" line's register set, the clocks registered in file order),\n"
		"then run SCRIPT on it.  A script has one command a line (prepare C,\n"
		"set_rate C HZ, get_parent C, ...), each printing one result line; a\n"
		"command may end with \"== EXPECTED\", which the result must equal.  The\n"
		"script is parsed whole before anything runs.  The language is in\n"
		"docs/users.md and vclk(1).\n"
		"\n"
		"Arguments:\n"
		"  TREE        the tree (below)\n"
		"  SCRIPT      a script file, or - for stdin (" STDIN_NAME " in messages);\n"
		"              TREE and SCRIPT cannot both be -\n"
		"\n"
		"Options:\n"
		"  -t          print each register write a command made, \"# W ADDR VALUE\",\n"
		"              before its result line\n"
		"  -h, --help  this help\n",
		true,
		"Exit status: 0 every expectation held; 1 an expectation failed (the\n"
		"script still ran to its end); 2 for bad usage, a TREE or SCRIPT with an\n"
		"error (FILE:LINE: reason, nothing run) or a tree the core refuses.\n",
	},
	{
		"summary", cmd_summary, "summary [--human] TREE",
		"Load TREE and print Linux's clk_summary table of the state right after\n"
		"registration: per clock its enable, prepare and protect counts, rate,\n"
		"accuracy, phase and duty cycle; children indented 3 per level under\n"
		"their parent, roots first, then orphans.\n"
		"\n"
		"Options:\n"
		"  --human     rates as 1.2 GHz, 48 MHz, 32.768 kHz, 999 Hz (every digit\n"
		"              kept) instead of in Hz; the rate column widens to fit\n"
		"  -h, --help  this help\n",
		true, EXIT_TREE,
	},
	{
		"dump", cmd_dump, "dump TREE",
		"Load TREE and print Linux's clk_dump JSON, one line: per clock its\n"
		"counts, rate, the consumers' min_rate and max_rate, accuracy, phase and\n"
		"duty cycle, its children nested under their names.\n"
		"\n"
		"Options:\n"
		"  -h, --help  this help\n",
		true, EXIT_TREE,
	},
	{
		"dot", cmd_dot, "dot [--human] TREE",
		"Load TREE and print a Graphviz digraph: each clock a box with its name,\n"
		"type and rate; an edge from its current input solid, from its other\n"
		"inputs dashed; an input nobody registered dotted; clocks with an enable\n"
		"count filled.  Draw it with: vclk dot TREE | dot -Tsvg >tree.svg\n"
		"\n"
		"Options:\n"
		"  --human     rates as 1.2 GHz, 48 MHz, 32.768 kHz instead of in Hz\n"
		"  -h, --help  this help\n",
		true, EXIT_TREE,
	},
	{
		"gen", cmd_gen, "gen [--internal] [--name NAME] [--header FILE.h] [-o FILE.c] TREE",
		"Write TREE as a C file of static tables, so that firmware registers the\n"
		"same tree with no parser: the clocks' configs, parent lists and tables,\n"
		"their struct vclk_init_data array, and\n"
		"  int NAME_register(void);             the clocks registered in file order\n"
		"  extern const int NAME_nr_clocks;     how many\n"
		"  extern const uint32_t NAME_regs[][2]; extern const int NAME_nr_regs;\n"
		"                                       the \"reg\" lines, {address, value}\n"
		"It includes the installed <vclk/clk-provider.h>: compile it with\n"
		"$(pkg-config --cflags vclk).  Nothing is registered, so a tree the core\n"
		"would refuse still generates.\n"
		"\n"
		"Options:\n"
		"  --internal       include the source tree's headers instead (vclk.h,\n"
		"                   clk_basic.h; for an OMAP4 tree dpll.h, omap4_clk.h)\n"
		"                   and compile with -Icore -Iplatform -Iplatform/omap4:\n"
		"                   the builds inside the repository; needed for a tree\n"
		"                   of OMAP4 types, which have no public header\n"
		"  --name NAME      the prefix of the generated names, a C identifier;\n"
		"                   default: TREE's base name without .clk, other\n"
		"                   characters than letters and digits made _\n"
		"                   (seed-abc.clk: seed_abc), \"stdin\" for -\n"
		"  --header FILE.h  also write FILE.h, declaring what the C file defines\n"
		"                   (include guard, extern \"C\" for C++)\n"
		"  -o FILE.c        write the C file to FILE.c, not to stdout\n"
		"  -h, --help       this help\n",
		true,
		"Exit status: 0; 2 for bad usage (a NAME that is not a C identifier), a\n"
		"TREE with an error (FILE:LINE: reason), an OMAP4 TREE without\n"
		"--internal, or a file that cannot be written.\n",
	},
	{
		"help", cmd_help, "help [COMMAND]",
		"Print the usage of every command, or what COMMAND does, its arguments,\n"
		"options and exit status (also: vclk --help, vclk -h, vclk COMMAND -h).\n",
		false,
		"Exit status: 0; 2 for an unknown COMMAND.\n",
	},
	{
		"version", cmd_version, "version",
		"Print the version of vclk, \"vclk " VCLK_VERSION_STRING "\" (also: vclk --version).\n",
		false,
		"Exit status: 0.\n",
	},
};

#define NR_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static const struct command *command_find(const char *name)
{
	for (size_t i = 0; i < NR_COMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static void print_help(const struct command *c, FILE *out)
{
	fprintf(out, "usage: vclk %s\n\n%s", c->synopsis, c->text);
	if (c->tree) {
		fputc('\n', out);
		print_tree_note(out);
	}
	fprintf(out, "\n%s", c->exit);
}

static int unknown_command(const char *name)
{
	fprintf(stderr, "vclk: unknown command \"%s\"\n", name);
	print_usage(stderr);
	return EXIT_BAD;
}

static int cmd_help(const struct command *c, int argc, char **argv)
{
	const struct command *topic;

	if (argc == 0) {
		print_usage(stdout);
		return 0;
	}
	if (argc > 1) {
		usage_error(c->name, "unexpected argument \"%s\"", argv[1]);
		return EXIT_BAD;
	}
	if (strcmp(argv[0], "-h") == 0 || strcmp(argv[0], "--help") == 0)
		topic = c;
	else
		topic = command_find(argv[0]);
	if (!topic)
		return unknown_command(argv[0]);
	print_help(topic, stdout);
	return 0;
}

int main(int argc, char **argv)
{
	const struct command *c;
	const char *name;
	int status;

	if (argc < 2) {
		print_usage(stderr);
		return EXIT_BAD;
	}
	name = argv[1];
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0)
		name = "help";
	else if (strcmp(name, "--version") == 0)
		name = "version";
	c = command_find(name);
	if (c)
		status = c->run(c, argc - 2, argv + 2);
	else
		status = unknown_command(argv[1]);
	/* a full disk or a closed pipe must not pass for a success */
	if (fflush(stdout) != 0 && status == 0) {
		fprintf(stderr, "vclk: cannot write to stdout: %s\n", strerror(errno));
		status = EXIT_BAD;
	}
	return status;
}
