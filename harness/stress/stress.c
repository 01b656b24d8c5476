// SPDX-License-Identifier: MIT
/*
 * harness/stress/stress.c - several threads hammering the public API on
 * one clock tree (make stress; a short run in make check, under
 * ThreadSanitizer).
 *
 *   vclk-stress [-t THREADS] [-n OPS] [TREE.clk]
 *
 * Each thread takes its own handles on every clock of the tree and runs
 * OPS random calls: the consumer pattern (prepare, enable, disable,
 * unprepare: always balanced per handle, so each must succeed), rate
 * changes and ranges, reparents, rounding, reads, and get/put churn.
 * Every thread then releases what it holds.  After the join the program
 * checks that nothing was lost: every per-handle count is zero, every
 * clock's prepare and enable count is exactly what its handles and
 * held children account for, only the critical clocks' own references
 * remain, the locks are free, and the cached rates equal what a fresh
 * registration reads back from the registers.
 *
 * Exit status: 0, or 1 with "stress: reason" lines.  Races are
 * ThreadSanitizer's to report (its own exit status, 66).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vclk.h"
#include "vclk_provider.h"
#include "regmodel.h"
#include "tree.h"

#define MAX_THREADS 16
#define DEPTH_LIMIT 3		/* prepares (and enables) a handle stacks up */

static struct tree tree;
static int nr_threads = 4;
static long nr_ops = 20000;
static int failures;
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

__attribute__((format(printf, 1, 2)))
static void fail(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&report_lock);
	if (failures++ < 20) {
		fprintf(stderr, "stress: ");
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
	}
	pthread_mutex_unlock(&report_lock);
}

struct worker {
	int id;
	unsigned long long rng;
	struct clk *h[VCLK_MAX_CLOCKS];		/* one handle per clock */
	const char *name[VCLK_MAX_CLOCKS];
	int prep[VCLK_MAX_CLOCKS], en[VCLK_MAX_CLOCKS];
	int nclk;
	long calls, errors;
};

static unsigned long long next(struct worker *w)
{
	w->rng ^= w->rng << 13;
	w->rng ^= w->rng >> 7;
	w->rng ^= w->rng << 17;
	return w->rng;
}

/* an error a call may return on this tree without anything being wrong */
static void expect_errno(struct worker *w, const char *call, int i, long ret)
{
	w->calls++;
	if (ret >= 0)
		return;
	w->errors++;
	if (ret < -4095)
		fail("%s on clock %d: %ld is not an errno", call, i, ret);
}

static void must_succeed(struct worker *w, const char *what, int i, int ret)
{
	w->calls++;
	if (ret != 0)
		fail("%s: a balanced reference call failed (%d) on clock %d",
		     what, ret, i);
}

static void one_call(struct worker *w)
{
	int i = (int)(next(w) % (unsigned long long)w->nclk);
	struct clk *c = w->h[i];
	unsigned long r;

	switch (next(w) % 14) {
	case 0:
		if (w->prep[i] < DEPTH_LIMIT) {
			must_succeed(w, "clk_prepare", i, clk_prepare(c));
			w->prep[i]++;
		}
		break;
	case 1:
		if (w->prep[i] > w->en[i]) {
			must_succeed(w, "clk_enable", i, clk_enable(c));
			w->en[i]++;
		}
		break;
	case 2:
		if (w->en[i] > 0) {
			must_succeed(w, "vclk_disable", i, vclk_disable(c));
			w->en[i]--;
		}
		break;
	case 3:
		if (w->prep[i] > w->en[i]) {
			must_succeed(w, "vclk_unprepare", i, vclk_unprepare(c));
			w->prep[i]--;
		}
		break;
	case 4:
		if (w->prep[i] < DEPTH_LIMIT && w->en[i] < DEPTH_LIMIT) {
			must_succeed(w, "clk_prepare_enable", i, clk_prepare_enable(c));
			w->prep[i]++;
			w->en[i]++;
		}
		break;
	case 5:
		r = clk_get_rate(c);
		expect_errno(w, "clk_set_rate", i, clk_set_rate(c, r / (1 + next(w) % 4) + next(w) % 3));
		break;
	case 6:
		expect_errno(w, "clk_round_rate", i, clk_round_rate(c, (unsigned long)(next(w) % 400000000)));
		break;
	case 7: {
		int k = vclk_clock_num_parents(vclk_clock_id(c));
		int p = k > 1 ? vclk_clock_parent_id(vclk_clock_id(c), (int)(next(w) % (unsigned)k)) : -1;

		if (p >= 0)
			expect_errno(w, "clk_set_parent", i, clk_set_parent(c, vclk_clock_handle(p)));
		break;
	}
	case 8: {
		unsigned long lo = (unsigned long)(next(w) % 50000000);

		expect_errno(w, "clk_set_rate_range", i, clk_set_rate_range(c, lo, lo + 300000000));
		break;
	}
	case 9:
		expect_errno(w, "clk_drop_range", i, clk_drop_range(c));
		break;
	case 10:
		(void)clk_is_enabled(c);
		(void)clk_get_parent(c);
		w->calls += 2;
		break;
	case 11: {
		struct clk *t = clk_get(NULL, w->name[i]);

		w->calls++;
		if (!t)
			break;
		expect_errno(w, "clk_prepare (churn)", i, clk_prepare(t));
		clk_unprepare(t);
		expect_errno(w, "clk_put (churn)", i, clk_put(t));
		w->calls += 2;
		break;
	}
	case 12:
		expect_errno(w, "clk_rate_exclusive_get", i, clk_rate_exclusive_get(c));
		clk_rate_exclusive_put(c);
		w->calls++;
		break;
	default:
		(void)clk_get_rate(c);
		w->calls++;
		break;
	}
}

static void *work(void *arg)
{
	struct worker *w = arg;

	for (int i = 0; i < w->nclk; i++) {
		w->h[i] = clk_get(NULL, w->name[i]);
		if (!w->h[i]) {
			fail("clk_get(%s) failed in thread %d", w->name[i], w->id);
			return NULL;
		}
	}
	for (long n = 0; n < nr_ops; n++)
		one_call(w);
	for (int i = 0; i < w->nclk; i++) {
		while (w->en[i] > 0) {
			must_succeed(w, "vclk_disable", i, vclk_disable(w->h[i]));
			w->en[i]--;
		}
		while (w->prep[i] > 0) {
			must_succeed(w, "vclk_unprepare", i, vclk_unprepare(w->h[i]));
			w->prep[i]--;
		}
		expect_errno(w, "clk_drop_range", i, clk_drop_range(w->h[i]));
		if (clk_put(w->h[i]) != 0)
			fail("clk_put(%s) failed in thread %d", w->name[i], w->id);
	}
	return NULL;
}

/* nothing lost: counts are exactly what handles and children account for */
static void check_counts(void)
{
	for (int c = 0; c < vclk_nr_clocks; c++) {
		unsigned long prep = 0, en = 0;

		for (int h = 0; h < VCLK_NR_HANDLES; h++) {
			if (vclk_handle_clock[h] != c)
				continue;
			prep += vclk_handle_prepares[h];
			en += vclk_handle_enables[h];
			if (h >= VCLK_MAX_CLOCKS && !(vclk_flags[c] & CLK_IS_CRITICAL) &&
			    (vclk_handle_prepares[h] || vclk_handle_enables[h]))
				fail("%s: a consumer handle still holds %u prepares, %u enables",
				     vclk_name[c], (unsigned)vclk_handle_prepares[h],
				     (unsigned)vclk_handle_enables[h]);
		}
		for (int k = 0; k < vclk_nr_clocks; k++) {
			if (vclk_parent[k] != c)
				continue;
			prep += vclk_prepare_count[k] > 0;
			en += vclk_enable_count[k] > 0;
		}
		if (vclk_prepare_count[c] != prep || vclk_enable_count[c] != en)
			fail("%s: prepare/enable counts %u/%u, but handles and children hold %lu/%lu",
			     vclk_name[c], (unsigned)vclk_prepare_count[c],
			     (unsigned)vclk_enable_count[c], prep, en);
	}
	if (vclk_prepare_lock_held() || vclk_enable_lock_held())
		fail("a lock is still held (prepare %d, enable %d)",
		     vclk_prepare_lock_held(), vclk_enable_lock_held());
}

/* the cache is exact: a fresh registration reads the same rates back */
static void check_rates(void)
{
	unsigned long cached[VCLK_MAX_CLOCKS];
	int n = vclk_nr_clocks;
	char err[256];

	for (int c = 0; c < n; c++)
		cached[c] = vclk_clock_rate(c);
	vclk_reset();
	if (tree_register_clocks(&tree, err, sizeof(err)) != 0) {
		fail("re-registration failed: %s", err);
		return;
	}
	for (int c = 0; c < n && c < vclk_nr_clocks; c++)
		if (vclk_clock_rate(c) != cached[c])
			fail("%s: cached rate %lu, the registers give %lu",
			     vclk_name[c], cached[c], vclk_clock_rate(c));
}

int main(int argc, char **argv)
{
	static struct worker workers[MAX_THREADS];
	pthread_t tid[MAX_THREADS];
	const char *path = "corpus/trees/all-types.clk";
	char err[256];
	long calls = 0, errors = 0;
	int opt;

	while ((opt = getopt(argc, argv, "t:n:")) != -1) {
		if (opt == 't')
			nr_threads = atoi(optarg);
		else if (opt == 'n')
			nr_ops = atol(optarg);
		else
			goto usage;
	}
	if (optind < argc)
		path = argv[optind++];
	if (optind != argc || nr_threads < 1 || nr_threads > MAX_THREADS || nr_ops < 0)
		goto usage;
	if (tree_load(&tree, path, err, sizeof(err)) != 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	for (int t = 0; t < nr_threads; t++) {
		struct worker *w = &workers[t];

		w->id = t;
		w->rng = 0x9e3779b97f4a7c15ULL * (unsigned long long)(t + 1);
		for (int c = 0; c < vclk_clock_count(); c++)
			if (vclk_clock_parent(c) != VCLK_NONE || vclk_clock_num_parents(c) == 0)
				w->name[w->nclk++] = vclk_clock_name(c);	/* orphans excluded */
	}
	for (int t = 0; t < nr_threads; t++)
		if (pthread_create(&tid[t], NULL, work, &workers[t]) != 0) {
			fprintf(stderr, "stress: pthread_create: %s\n", strerror(errno));
			return 1;
		}
	for (int t = 0; t < nr_threads; t++) {
		pthread_join(tid[t], NULL);
		calls += workers[t].calls;
		errors += workers[t].errors;
	}
	check_counts();
	check_rates();
	printf("stress: %d threads x %ld ops on %s: %ld calls (%ld refused, as allowed): %s\n",
	       nr_threads, nr_ops, path, calls, errors, failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
usage:
	fprintf(stderr, "usage: vclk-stress [-t THREADS] [-n OPS] [TREE.clk]\n");
	return 2;
}
