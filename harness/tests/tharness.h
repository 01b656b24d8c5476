/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/tharness.h - a tiny unit-test framework for vclk.
 *
 * Tests are void functions listed in per-file tables; the runner forks
 * one child per test (a crash or a hang fails that test only), prints
 * "PASS name" / "FAIL name" and, last, "N passed, M failed".
 *
 * Assertions print "file:line: expected X got Y".  EXPECT_* go on after a
 * failure, ASSERT_* return from the test function.
 *
 * V(expr) / VP(expr) / VV(expr) wrap an API call: they evaluate it, then
 * run the invariant checker (vt_check_invariant) and fail the test, with
 * the call's text and line, if the core's state is not well formed.
 */
#ifndef VCLK_THARNESS_H
#define VCLK_THARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "vclk.h"
#include "fakeprov.h"

struct vt_test {
	const char *name;
	void (*fn)(void);
};
#define VT_TEST(fn) { #fn, fn }

/* ---- failure reporting ---- */
extern int vt_failures;		/* failures in the current test */
void vt_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#define VT_CMP_(fatal, a, op, b, as, bs)				\
	do {								\
		long long vt_a_ = (long long)(a);			\
		long long vt_b_ = (long long)(b);			\
		if (!(vt_a_ op vt_b_)) {				\
			vt_fail(__FILE__, __LINE__,			\
				"%s: expected %s%lld (%s) got %lld", as,	\
				vt_op_prefix(#op), vt_b_, bs, vt_a_);	\
			if (fatal)					\
				return;					\
		}							\
	} while (0)

/* EXPECT_EQ(actual, expected) */
#define EXPECT_EQ(a, b) VT_CMP_(0, a, ==, b, #a, #b)
#define EXPECT_NE(a, b) VT_CMP_(0, a, !=, b, #a, #b)
#define EXPECT_GE(a, b) VT_CMP_(0, a, >=, b, #a, #b)
#define EXPECT_LT(a, b) VT_CMP_(0, a, <, b, #a, #b)
#define EXPECT_LE(a, b) VT_CMP_(0, a, <=, b, #a, #b)
#define ASSERT_EQ(a, b) VT_CMP_(1, a, ==, b, #a, #b)
#define ASSERT_NE(a, b) VT_CMP_(1, a, !=, b, #a, #b)
#define ASSERT_GE(a, b) VT_CMP_(1, a, >=, b, #a, #b)

#define VT_BOOL_(fatal, c, want)					\
	do {								\
		bool vt_c_ = (c);					\
		if (vt_c_ != (want)) {					\
			vt_fail(__FILE__, __LINE__,			\
				"%s: expected %s got %s", #c,		\
				(want) ? "true" : "false",		\
				vt_c_ ? "true" : "false");		\
			if (fatal)					\
				return;					\
		}							\
	} while (0)
#define EXPECT_TRUE(c)  VT_BOOL_(0, c, true)
#define EXPECT_FALSE(c) VT_BOOL_(0, c, false)
#define ASSERT_TRUE(c)  VT_BOOL_(1, c, true)

#define VT_PTR_(fatal, a, b, as, bs)					\
	do {								\
		const void *vt_a_ = (const void *)(a);			\
		const void *vt_b_ = (const void *)(b);			\
		if (vt_a_ != vt_b_) {					\
			vt_fail(__FILE__, __LINE__,			\
				"%s: expected %s == %s got %s",		\
				as, bs, vt_ptr_str(vt_b_, 0),		\
				vt_ptr_str(vt_a_, 1));			\
			if (fatal)					\
				return;					\
		}							\
	} while (0)
#define EXPECT_PTR_EQ(a, b) VT_PTR_(0, a, b, #a, #b)
#define ASSERT_PTR_EQ(a, b) VT_PTR_(1, a, b, #a, #b)
#define ASSERT_NOT_NULL(p)						\
	do {								\
		if ((p) == NULL) {					\
			vt_fail(__FILE__, __LINE__,			\
				"%s: expected non-NULL got NULL", #p);	\
			return;						\
		}							\
	} while (0)

#define EXPECT_STR_EQ(a, b)						\
	do {								\
		const char *vt_a_ = (a), *vt_b_ = (b);			\
		if (!vt_a_ || !vt_b_ || strcmp(vt_a_, vt_b_) != 0)	\
			vt_fail(__FILE__, __LINE__,			\
				"%s: expected \"%s\" got \"%s\"", #a,	\
				vt_b_ ? vt_b_ : "(null)",		\
				vt_a_ ? vt_a_ : "(null)");		\
	} while (0)

/* the op log, exactly: EXPECT_LOG("prepare A, prepare B") */
#define EXPECT_LOG(s) EXPECT_STR_EQ(fake_log_str(), s)
/* entry a was logged before entry b (both present) */
#define EXPECT_LOG_BEFORE(a, b)						\
	do {								\
		int vt_i_ = fake_log_find(a), vt_j_ = fake_log_find(b);	\
		if (vt_i_ < 0 || vt_j_ < 0 || vt_i_ >= vt_j_)		\
			vt_fail(__FILE__, __LINE__,			\
				"expected \"%s\" before \"%s\" got log "\
				"\"%s\"", a, b, fake_log_str());	\
	} while (0)

const char *vt_ptr_str(const void *p, int buf);
const char *vt_op_prefix(const char *op);	/* "" for ==, else "op " */

/* ---- API calls checked against the invariant ---- */
extern long long vt_ret;
extern void *vt_retp;
void vt_check(const char *file, int line, const char *what);

#define V(expr)  (vt_ret = (long long)(expr), vt_check(__FILE__, __LINE__, #expr), vt_ret)
#define VP(expr) (vt_retp = (void *)(expr), vt_check(__FILE__, __LINE__, #expr), vt_retp)
#define VV(expr) ((expr), vt_check(__FILE__, __LINE__, #expr))

/*
 * The invariant: pools well formed, depth witness and acyclicity, handle
 * rules, exact balance of both counts, enabled => prepared, held => parent
 * held, parent ids match names, rates match the providers, fake hardware
 * matches the counts, no protocol violation in the fake provider, critical
 * clocks held.  Returns 0, or -1 with a description in @msg.
 */
int vt_check_invariant(char *msg, size_t size);

/* ---- state snapshots (rollback tests) ---- */
struct fake_hw {
	bool hw_prepared, hw_enabled;
	int hw_parent;
	unsigned long fixed_rate, div;	/* the rate setting */
};

struct vt_snapshot {
	int nr_clocks;
	const char *names[VCLK_MAX_CLOCKS];
	unsigned long flags[VCLK_MAX_CLOCKS];
	const struct vclk_ops *ops_of[VCLK_MAX_CLOCKS];
	void *priv_of[VCLK_MAX_CLOCKS];
	int parent[VCLK_MAX_CLOCKS];
	int depth[VCLK_MAX_CLOCKS];
	int nr_parents[VCLK_MAX_CLOCKS];
	const char *parent_names[VCLK_MAX_CLOCKS][VCLK_MAX_PARENTS];
	int parent_ids[VCLK_MAX_CLOCKS][VCLK_MAX_PARENTS];
	int parent_index[VCLK_MAX_CLOCKS];
	unsigned long rate[VCLK_MAX_CLOCKS];
	uint32_t prepare_count[VCLK_MAX_CLOCKS];
	uint32_t enable_count[VCLK_MAX_CLOCKS];
	int handle_clock[VCLK_NR_HANDLES];
	uint32_t handle_prepares[VCLK_NR_HANDLES];
	uint32_t handle_enables[VCLK_NR_HANDLES];
	uint32_t handle_misuse[VCLK_NR_HANDLES];
	const char *handle_dev[VCLK_NR_HANDLES];
	unsigned long handle_min[VCLK_NR_HANDLES];
	unsigned long handle_max[VCLK_NR_HANDLES];
	uint32_t handle_excl[VCLK_NR_HANDLES];
	unsigned long req_rate[VCLK_MAX_CLOCKS];
	int req_set[VCLK_MAX_CLOCKS];
	int nr_fakes;
	struct fake_hw hw[FAKE_MAX_CLOCKS];
};

void vt_snapshot(struct vt_snapshot *s);

/* what vt_snapshot_diff() may ignore */
#define VT_IGNORE_MISUSE 1u	/* handle misuse counters (misuse errors) */
#define VT_IGNORE_HW     2u	/* fake hardware bits (clk_disable_unused) */

/*
 * 0 if equal (fields of unregistered clock slots and of free handle slots
 * are compared only where the pool invariant pins them); else -1 and the
 * first difference, "vclk_prepare_count[2]: 1 -> 2", in @msg.
 */
int vt_snapshot_diff(const struct vt_snapshot *before,
		     const struct vt_snapshot *after, unsigned int ignore,
		     char *msg, size_t size);

#define EXPECT_STATE_EQ(before, after, ignore)				\
	do {								\
		char vt_m_[256];					\
		if (vt_snapshot_diff(before, after, ignore, vt_m_,	\
				     sizeof(vt_m_)))			\
			vt_fail(__FILE__, __LINE__,			\
				"expected state unchanged got %s", vt_m_); \
	} while (0)

/* snapshot now and compare against @before */
#define EXPECT_UNCHANGED_SINCE(before, ignore)				\
	do {								\
		static struct vt_snapshot vt_now_;			\
		vt_snapshot(&vt_now_);					\
		EXPECT_STATE_EQ(before, &vt_now_, ignore);		\
	} while (0)

/* ---- helpers ---- */
void vt_begin(void);	/* vclk_reset(), fake_reset(), regmodel_reset() */
struct clk *vt_get(const char *name);	/* clk_get() + invariant, NULL on error */
int vt_id(const char *name);		/* vclk_lookup() */
uint32_t vt_pc(const char *name);	/* prepare count by name */
uint32_t vt_ec(const char *name);	/* enable count by name */
unsigned long vt_rate(const char *name);
bool vt_hw_prep(const char *name);	/* fake hardware bits */
bool vt_hw_en(const char *name);
struct clk *vt_provider(const char *name);

/* the register model's value of @addr through its back door (no access,
 * no log, no fault); 0xdeadbeef if the register is not defined */
uint32_t vt_peek(uint32_t addr);

/* vclk_register() of one clock whose names are kept by pointer */
int vt_reg_clock(const char *name, const char *const *parents, int n,
		 const struct vclk_ops *ops, void *cfg, unsigned long flags);	/* vclk_clock_handle(id) */
int vt_handle_slot(const struct clk *clk);	/* index in vclk_handles, -1 */

/* append "PRE name old new" (rates in MHz; POST, ABORT), comma-separated,
 * to the NUL-terminated log @buf of @size bytes: what a recording
 * rate-change notifier saw */
void vt_note_event(char *buf, size_t size, unsigned long event,
		   const char *name, const struct clk_notifier_data *d);

/* ---- per-file test tables ---- */
extern const struct vt_test vt_tests_pool[];
extern const struct vt_test vt_tests_refcount[];
extern const struct vt_test vt_tests_parent[];
extern const struct vt_test vt_tests_rollback[];
extern const struct vt_test vt_tests_misc[];
extern const struct vt_test vt_tests_bulk[];
extern const struct vt_test vt_tests_rate[];
extern const struct vt_test vt_tests_exclusive[];
extern const struct vt_test vt_tests_regmodel[];
extern const struct vt_test vt_tests_clkparse[];
extern const struct vt_test vt_tests_types[];
extern const struct vt_test vt_tests_omap4_round[];
extern const struct vt_test vt_tests_omap4_dpll[];
extern const struct vt_test vt_tests_omap4_types[];
extern const struct vt_test vt_tests_signal[];
extern const struct vt_test vt_tests_lock[];
extern const struct vt_test vt_tests_mux_rate[];

#endif /* VCLK_THARNESS_H */
