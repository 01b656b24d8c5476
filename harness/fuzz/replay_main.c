/* SPDX-License-Identifier: MIT */
/*
 * harness/fuzz/replay_main.c - replay fuzz inputs without a fuzzer (make
 * check, under ASan+UBSan): every file named, and every file of every
 * directory named, each in a child process so that one abort() is one
 * failed test and the others still run.
 *
 *   vclk-fuzz-replay [-v] FILE|DIR...
 *
 * Files whose name starts with "." or ends in ".md" are skipped.
 * Prints "PASS name" or "FAIL name (...)" per input (with -v, also each
 * call and its result), and last "N passed, M failed".  Linked with
 * either target: each defines fuzz_replay_one() (replay.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "replay.h"

static int passed, failed;
static bool verbose;

static uint8_t *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (n == cap) {
			uint8_t *more = realloc(buf, cap = cap ? 2 * cap : 4096);

			if (!more) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = more;
		}
		size_t got = fread(buf + n, 1, cap - n, f);

		n += got;
		if (got == 0)
			break;
	}
	fclose(f);
	*size = n;
	return buf;
}

static void replay_file(const char *path)
{
	size_t size = 0;
	uint8_t *data = read_all(path, &size);
	pid_t pid;
	int status = 0;

	if (!data) {
		printf("FAIL %s (cannot read)\n", path);
		failed++;
		return;
	}
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		fuzz_replay_one(data, size, verbose);
		fflush(stdout);
		/* exit(), not _exit(): a coverage build writes its counts at exit */
		exit(0);
	}
	free(data);
	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		printf("FAIL %s (cannot fork)\n", path);
		failed++;
		return;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		printf("PASS %s\n", path);
		passed++;
	} else {
		printf("FAIL %s (%s %d)\n", path,
		       WIFSIGNALED(status) ? "signal" : "exit",
		       WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
		failed++;
	}
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* a directory's regular files, in name order so that runs compare */
static void replay_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;

	if (!d) {
		printf("FAIL %s (cannot open)\n", dir);
		failed++;
		return;
	}
	while ((e = readdir(d))) {
		char path[4096];
		struct stat st;

		size_t len = strlen(e->d_name);

		/* dot files and the directory's README.md are not inputs */
		if (e->d_name[0] == '.' ||
		    (len > 3 && strcmp(e->d_name + len - 3, ".md") == 0))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (stat(path, &st) || !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			char **more = realloc(names, (cap = cap ? 2 * cap : 64) *
						     sizeof(*names));
			if (!more)
				break;
			names = more;
		}
		names[n++] = strdup(path);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		replay_file(names[i]);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	int first = 1;

	if (argc > 1 && strcmp(argv[1], "-v") == 0) {
		verbose = true;
		first = 2;
	}
	if (first >= argc) {
		fprintf(stderr, "usage: %s [-v] FILE|DIR...\n", argv[0]);
		return 2;
	}
	for (int i = first; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
			replay_dir(argv[i]);
		else
			replay_file(argv[i]);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
