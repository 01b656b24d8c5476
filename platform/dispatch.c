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
 */
#include "../core/vclk_ops.h"

static int errno_or_zero(int ret)
{
	if (ret == 0)
		return 0;
	if (ret < 0 && ret >= -VCLK_MAX_ERRNO)
		return ret;
	return -VCLK_EIO;
}

static const struct vclk_ops *ops_of(int id)
{
	return vclk_ops_of[id];
}

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
	const struct vclk_ops *ops = ops_of(id);

	if (!ops || !ops->enable)
		return 0;
	return errno_or_zero(ops->enable(vclk_priv_of[id]));
}

void vclk_op_disable(int id)
{
	const struct vclk_ops *ops = ops_of(id);

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
	const struct vclk_ops *ops = ops_of(id);

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
