/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/fakeprov.h - a fake clock provider for the unit tests.
 *
 * Every fake clock is a struct fake_clk, passed to the core as the op
 * @priv.  It models the hardware (a prepared bit, an enabled bit, the mux
 * input), computes rates (a fixed rate, or parent_rate / div), logs every
 * state-changing op in call order, injects faults ("the N-th next call of
 * op X of this clock fails with E") and records protocol violations: an
 * op called while the hardware around it is in a state where the core
 * must not call it (a child enabled before its parent, a parent gated
 * under a running child, ...).
 *
 * Ops are real struct vclk_ops tables (fake_ops, fake_ops_noquery).
 */
#ifndef VCLK_FAKEPROV_H
#define VCLK_FAKEPROV_H

#include <stdbool.h>
#include <stddef.h>
#include "vclk.h"
#include "vclk_provider.h"

#define FAKE_MAX_CLOCKS  (VCLK_MAX_CLOCKS + 16)
#define FAKE_NAME_LEN    128
#define FAKE_MAX_PARENTS (VCLK_MAX_PARENTS + 2)
#define FAKE_LOG_LEN     1024

enum fake_op {
	FAKE_PREPARE,
	FAKE_UNPREPARE,
	FAKE_ENABLE,
	FAKE_DISABLE,
	FAKE_SET_PARENT,
	FAKE_RECALC,
	FAKE_GET_PARENT,
	FAKE_IS_PREPARED,
	FAKE_IS_ENABLED,
	FAKE_SET_RATE,
	FAKE_RESTORE,
	FAKE_GET_PHASE,
	FAKE_SET_PHASE,
	FAKE_GET_DUTY,
	FAKE_SET_DUTY,
	FAKE_NR_OPS
};

struct fake_clk {
	bool in_use;
	char name[FAKE_NAME_LEN];
	/* registration data (fake_register() builds vclk_init_data from it) */
	char parent_buf[FAKE_MAX_PARENTS][FAKE_NAME_LEN];
	const char *parent_names[FAKE_MAX_PARENTS];
	int num_parents;
	unsigned long flags;
	const struct vclk_ops *ops;	/* default &fake_ops */

	/* rate model: fixed_rate if non-zero, else parent_rate / div */
	unsigned long fixed_rate;
	unsigned long div;
	/* programmable rates (fake_ops_rate): a synth runs at any rate in
	 * [min_rate, max_rate] (when max_rate != 0); a divider at any div in
	 * [1, max_div] (when max_div != 0).  With set_rate_raw, set_rate
	 * programs without rounding (to test the core's exactness check). */
	unsigned long min_rate, max_rate;
	unsigned long max_div;
	/* a parent-rate candidate that answers 0 (a gap, not the end):
	 * divider gap_div is never offered (0: no gap) */
	unsigned long gap_div;
	bool set_rate_inexact;
	/* signal (fake_ops_signal): own accuracy in ppb, added to the
	 * parent's (saturating); phase in degrees and duty cycle of the
	 * hardware (fake_new: 0 and 1/2) */
	unsigned long accuracy;
	int hw_phase;
	unsigned int hw_duty_num, hw_duty_den;
	/* what save_context remembered */
	unsigned long saved_fixed_rate, saved_div;

	/* hardware */
	bool hw_prepared;
	bool hw_enabled;
	int hw_parent;			/* mux input, returned by get_parent */
	/* set when a test put the hardware on behind the core's back
	 * (boot state): the "count 0 => hardware off" check is skipped */
	bool boot_on;

	/* registration */
	bool registered;
	int id;				/* core id once registered, else -1 */

	/* fault injection: countdown 0 = off, N = the N-th next call fails */
	int fail_countdown[FAKE_NR_OPS];
	int fail_errno[FAKE_NR_OPS];
	/* raw return value override (not an errno) for the next call, 0 = off */
	int raw_ret_once[FAKE_NR_OPS];
	unsigned int calls[FAKE_NR_OPS];
	/* round_rate calls: pure, so not an op of the log */
	unsigned int round_calls;
	unsigned int faults_fired;
};

extern const struct vclk_ops fake_ops;		/* all nine ops */
extern const struct vclk_ops fake_ops_noquery;	/* no is_prepared/is_enabled */
extern const struct vclk_ops fake_ops_rate;	/* fake_ops + the rate ops */
extern const struct vclk_ops fake_ops_rate_nosave; /* without save/restore */
/* fake_ops + recalc_accuracy and the phase and duty-cycle ops */
extern const struct vclk_ops fake_ops_signal;
/* fake_ops + set_phase and set_duty_cycle only: nothing to read back */
extern const struct vclk_ops fake_ops_signal_setonly;

/* ---- lifetime ---- */
void fake_reset(void);		/* forget every fake, clear log and violations */
struct fake_clk *fake_new(const char *name);	/* zeroed, div 1, &fake_ops */
struct fake_clk *fake_find(const char *name);	/* by name, NULL if none */
struct fake_clk *fake_at(int i);		/* i-th slot, NULL if unused */
int fake_count(void);				/* slots handed out */
bool fake_is_fake(const void *priv);
void fake_set_parents(struct fake_clk *f, int n, const char *const *names);

/* vclk_register() with f's data; sets f->id / f->registered on success */
int fake_register(struct fake_clk *f);

/* ---- convenience constructors (register immediately; return the id) ---- */
int fake_root(const char *name, unsigned long rate);
int fake_div(const char *name, const char *parent, unsigned long div);
int fake_mux(const char *name, int n, const char *const *parents,
	     int initial_index, unsigned long div);
int fake_root_flags(const char *name, unsigned long rate, unsigned long flags);
int fake_div_flags(const char *name, const char *parent, unsigned long div,
		   unsigned long flags);

/* a synth root in [min, max] at @rate; a divider by 1..@max_div at @div
 * (both with fake_ops_rate) */
int fake_synth(const char *name, unsigned long min, unsigned long max,
	       unsigned long rate, unsigned long flags);
int fake_rate_div(const char *name, const char *parent, unsigned long max_div,
		  unsigned long div, unsigned long flags);
/*
 * The seed documentation's example, as ids 0..4: A a synth in [100, 300]
 * MHz at 200, B = A / 1..2 at 100, C = B / 1..2 at 100 (both
 * CLK_SET_RATE_PARENT), and two followers, D = C / 1 and E = A / 4.
 * 0, or -1 if a registration failed; the op log is cleared.
 */
int fake_seed_abc(void);

/* ---- fault injection ---- */
/* the n-th next call (n >= 1) of @op on @f fails with @err (< 0) */
void fake_fail(struct fake_clk *f, enum fake_op op, int n, int err);
/* the next call of @op on @f returns @raw (for the dispatcher's clamping) */
void fake_raw_ret(struct fake_clk *f, enum fake_op op, int raw);
void fake_clear_faults(void);
/* faults armed but not yet fired, over all fakes */
int fake_pending_faults(void);
unsigned int fake_total_faults_fired(void);
void fake_clear_calls(void);
/* round_rate calls since fake_clear_calls(), over all fakes */
unsigned int fake_total_round_calls(void);

/* ---- op log ---- */
void fake_log_clear(void);
int fake_log_len(void);
/* "prepare A, enable A, set_parent M 1, prepare B FAIL" */
const char *fake_log_str(void);
/* position of an entry like "enable A" in the log, -1 if absent */
int fake_log_find(const char *entry);

/* ---- protocol violations ---- */
int fake_violations(void);
const char *fake_violation_str(void);	/* first violation, "" if none */

const char *fake_op_name(enum fake_op op);

#endif /* VCLK_FAKEPROV_H */
