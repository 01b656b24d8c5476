/* SPDX-License-Identifier: MIT */
/*
 * platform/dispatch.c - the core's calls into provider ops.
 *
 * This is the assumed boundary of the proof (ASSUME-OPS in the report):
 * WP cannot follow a call through a function pointer, so the core is
 * proven against the contracts in core/vclk_ops.h and these few lines
 * keep the parts of those contracts that code can keep: return values are
 * clamped into the promised ranges.  That a provider's op touches only its
 * own clock's hardware, and leaves it as it was when it fails, is the
 * provider's side of the contract, checked by the tests and the fuzzer.
 *
 * With VCLK_LOCK_CHECK (the host builds) every op also checks, at run
 * time, the locking that core/vclk.h promises providers: the enable lock
 * held for every op, the prepare lock too for every op but enable,
 * disable and is_enabled (the ones atomic calls reach).  A violation is
 * reported by the lock back-end, which aborts.
 */
#include "../core/vclk_ops.h"
#include "../core/vclk_core.h"
#include "../core/vclk_lock.h"

#ifdef VCLK_LOCK_CHECK
#include <stdio.h>
#include <stdlib.h>

/* a provider op reached without the locks core/vclk.h promises: a bug in
 * the core or a caller of the *_nolock bodies; stop at once */
static void vclk_lock_violation(const char *op, int id)
{
	fprintf(stderr, "vclk: %s(%d) called without the lock it needs "
		"(prepare lock depth %d, enable lock depth %d)\n",
		op, id, vclk_prepare_lock_held(), vclk_enable_lock_held());
	abort();
}

#define lock_check(sleeping)						\
	((void)((vclk_enable_lock_held() &&				\
		 (!(sleeping) || vclk_prepare_lock_held())) ||		\
		(vclk_lock_violation(__func__, id), 0)))
#else
#define lock_check(sleeping) ((void)0)
#endif

static int errno_or_zero(int ret)
{
	if (ret == 0)
		return 0;
	if (ret < 0 && ret >= -VCLK_MAX_ERRNO)
		return ret;
	return -VCLK_EIO;
}

/* an op that may sleep: both locks held */
#define ops_of(id) (lock_check(1), vclk_ops_of[id])
/* an op atomic calls reach: the enable lock held */
#define ops_atomic(id) (lock_check(0), vclk_ops_of[id])

int vclk_op_prepare(int id)
{
	const struct vclk_ops *ops = ops_of(id);

	if (!ops || !ops->prepare)
		return 0;
	return errno_or_zero(ops->prepare(vclk_priv_of[id]));
}

void vclk_op_unprepare(int id)
{
	const struct vclk_ops *ops = ops_of(id);

	if (ops && ops->unprepare)
		ops->unprepare(vclk_priv_of[id]);
}

int vclk_op_enable(int id)
{
	const struct vclk_ops *ops = ops_atomic(id);

	if (!ops || !ops->enable)
		return 0;
	return errno_or_zero(ops->enable(vclk_priv_of[id]));
}

void vclk_op_disable(int id)
{
	const struct vclk_ops *ops = ops_atomic(id);

	if (ops && ops->disable)
		ops->disable(vclk_priv_of[id]);
}

int vclk_op_is_prepared(int id)
{
	const struct vclk_ops *ops = ops_of(id);

	if (!ops || !ops->is_prepared)
		return vclk_prepare_count[id] > 0;
	return ops->is_prepared(vclk_priv_of[id]) != 0;
}

int vclk_op_is_enabled(int id)
{
	const struct vclk_ops *ops = ops_atomic(id);

	if (!ops || !ops->is_enabled)
		return vclk_enable_count[id] > 0;
	return ops->is_enabled(vclk_priv_of[id]) != 0;
}

unsigned long vclk_op_recalc_rate(int id, unsigned long parent_rate)
{
	const struct vclk_ops *ops = ops_of(id);

	if (!ops || !ops->recalc_rate)
		return parent_rate;
	return ops->recalc_rate(vclk_priv_of[id], parent_rate);
}

int vclk_op_get_parent(int id, int num_parents)
{
	const struct vclk_ops *ops = ops_of(id);
	int index;

	/* as Linux: a single input needs no op; without one, input 0 */
	if (num_parents == 1 || !ops || !ops->get_parent)
		return 0;
	index = ops->get_parent(vclk_priv_of[id]);
	return (index >= 0 && index < num_parents) ? index : -1;
}

int vclk_op_set_parent(int id, int index)
{
	const struct vclk_ops *ops = ops_of(id);

	if (!ops || !ops->set_parent)
		return 0;
	return errno_or_zero(ops->set_parent(vclk_priv_of[id], index));
}

/* ==================== rates ==================== */

unsigned long vclk_op_round_rate(int id, unsigned long rate,
				 unsigned long parent_rate)
{
	const struct vclk_ops *ops = ops_of(id);

	if (ops && ops->round_rate)
		return ops->round_rate(vclk_priv_of[id], rate, parent_rate);
	return vclk_op_recalc_rate(id, parent_rate);
}

unsigned long vclk_op_parent_rate_candidate(int id, unsigned long rate, int k)
{
	const struct vclk_ops *ops = ops_of(id);

	if (ops && ops->parent_rate_candidate)
		return ops->parent_rate_candidate(vclk_priv_of[id], rate, k);
	return k == 0 ? rate : 0;	/* pass the request through */
}

/*
 * Without save/restore ops, the setting is put back by set_rate with the
 * rate and parent rate the clock had: remembered here at save time, when
 * the core's cache still holds them.
 */
static unsigned long saved_rate[VCLK_MAX_CLOCKS];
static unsigned long saved_parent_rate[VCLK_MAX_CLOCKS];

void vclk_op_save(int id)
{
	const struct vclk_ops *ops = ops_of(id);

	saved_rate[id] = vclk_rate[id];
	saved_parent_rate[id] = vclk_parent[id] == VCLK_NONE ? 0 :
				vclk_rate[vclk_parent[id]];
	if (ops && ops->save_context)
		ops->save_context(vclk_priv_of[id]);
}

void vclk_op_restore(int id)
{
	const struct vclk_ops *ops = ops_of(id);

	if (!ops)
		return;
	if (ops->restore_context)
		ops->restore_context(vclk_priv_of[id]);
	else if (ops->set_rate)
		(void)ops->set_rate(vclk_priv_of[id], saved_rate[id],
				    saved_parent_rate[id]);
}

int vclk_op_set_rate(int id, unsigned long rate, unsigned long parent_rate)
{
	const struct vclk_ops *ops = ops_of(id);
	int ret;

	if (!ops || !ops->set_rate)
		return 0;
	ret = errno_or_zero(ops->set_rate(vclk_priv_of[id], rate, parent_rate));
	if (ret)
		return ret;
	/* the cache must stay exact: the hardware must now give @rate */
	if (vclk_op_recalc_rate(id, parent_rate) != rate) {
		vclk_op_restore(id);
		return -VCLK_EIO;
	}
	return 0;
}

int vclk_op_notify(int n, unsigned long event, unsigned long old_rate,
		   unsigned long new_rate)
{
	struct notifier_block *nb = vclk_nb[n];
	struct clk_notifier_data data = {
		.clk = vclk_nb_handle[n],
		.old_rate = old_rate,
		.new_rate = new_rate,
	};
	int ret;

	{
		int id = n;	/* what lock_check() reports */

		(void)id;
		lock_check(1);
	}
	if (!nb || !nb->notifier_call)
		return NOTIFY_DONE;
	ret = nb->notifier_call(nb, event, &data);
	if (ret & NOTIFY_STOP_MASK)
		return ret == NOTIFY_STOP ? NOTIFY_STOP : NOTIFY_BAD;
	return ret == NOTIFY_OK ? NOTIFY_OK : NOTIFY_DONE;
}

/* ==================== signal: accuracy, phase, duty cycle ==================== */

unsigned long vclk_op_recalc_accuracy(int id, unsigned long parent_accuracy)
{
	const struct vclk_ops *ops = ops_of(id);
	unsigned long accuracy;

	if (!ops || !ops->recalc_accuracy)
		return parent_accuracy;
	accuracy = ops->recalc_accuracy(vclk_priv_of[id], parent_accuracy);
	/* no more accurate than the source it derives from */
	return accuracy < parent_accuracy ? parent_accuracy : accuracy;
}

int vclk_op_has_get_phase(int id)
{
	const struct vclk_ops *ops = ops_of(id);

	return ops && ops->get_phase;
}

int vclk_op_has_set_phase(int id)
{
	const struct vclk_ops *ops = ops_of(id);

	return ops && ops->set_phase;
}

int vclk_op_get_phase(int id)
{
	const struct vclk_ops *ops = ops_of(id);
	int degrees;

	if (!ops || !ops->get_phase)
		return -VCLK_EINVAL;
	degrees = ops->get_phase(vclk_priv_of[id]);
	if (degrees < 0)
		return errno_or_zero(degrees);
	return degrees % 360;	/* a phase is periodic */
}

int vclk_op_set_phase(int id, int degrees)
{
	const struct vclk_ops *ops = ops_of(id);

	if (!ops || !ops->set_phase)
		return 0;
	return errno_or_zero(ops->set_phase(vclk_priv_of[id], degrees));
}

int vclk_op_has_get_duty(int id)
{
	const struct vclk_ops *ops = ops_of(id);

	return ops && ops->get_duty_cycle;
}

int vclk_op_has_set_duty(int id)
{
	const struct vclk_ops *ops = ops_of(id);

	return ops && ops->set_duty_cycle;
}

int vclk_op_get_duty_cycle(int id, unsigned int *num, unsigned int *den)
{
	const struct vclk_ops *ops = ops_of(id);
	int ret;

	if (!ops || !ops->get_duty_cycle)
		return -VCLK_EINVAL;
	ret = errno_or_zero(ops->get_duty_cycle(vclk_priv_of[id], num, den));
	if (ret)
		return ret;
	/* as Linux: don't trust the provider too much */
	if (*den == 0 || *num > *den)
		return -VCLK_EINVAL;
	return 0;
}

int vclk_op_set_duty_cycle(int id, unsigned int num, unsigned int den)
{
	const struct vclk_ops *ops = ops_of(id);

	if (!ops || !ops->set_duty_cycle)
		return 0;
	return errno_or_zero(ops->set_duty_cycle(vclk_priv_of[id], num, den));
}
