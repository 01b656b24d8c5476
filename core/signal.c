/* SPDX-License-Identifier: MIT */
/*
 * core/signal.c - the signal beyond the rate: accuracy, phase, duty cycle.
 *
 * Linux's clk_get_accuracy(), clk_set_phase()/clk_get_phase() and
 * clk_set_duty_cycle()/clk_get_scaled_duty_cycle().  Linux caches a
 * clock's accuracy and duty cycle and must refresh them when the tree
 * changes; here both are asked of the providers at each call, walking up
 * the parents (at most the clock's depth, which the tree invariant bounds),
 * so nothing can go stale across a reparent and no other function of the
 * core has to know.  Only the phase last set is kept (vclk_phase): a
 * provider that can set a phase but not read it back has nothing else to
 * answer with.
 */
#include "vclk_nolock.h"
#include "vclk_core.h"
#include "vclk_ops.h"

int vclk_phase[VCLK_MAX_CLOCKS];

void vclk_signal_reset(void)
{
	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_CLOCKS;
	    loop invariant zero:  \forall integer c; 0 <= c < i ==> vclk_phase[c] == 0;
	    loop assigns i, vclk_phase[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant VCLK_MAX_CLOCKS - i;
	*/
	for (int i = 0; i < VCLK_MAX_CLOCKS; i++)
		vclk_phase[i] = 0;
}

/* ==================== accuracy ==================== */

/*
 * The accuracy of live clock @c: its provider's answer to its parent's
 * accuracy, from the root down (Linux's __clk_recalc_accuracies, for one
 * path instead of a whole subtree).
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires live:    vclk_live(c);
    decreases vclk_depth[c];
    assigns  \nothing;
    ensures  model:   \result == vclk_accuracy(c, vclk_depth[c]);
*/
static unsigned long clk_core_accuracy(int c)
{
	unsigned long parent_accuracy = 0;

	if (vclk_parent[c] != VCLK_NONE)
		parent_accuracy = clk_core_accuracy(vclk_parent[c]);
	return vclk_op_recalc_accuracy(c, parent_accuracy);
}

long clk_get_accuracy_nolock(struct clk *clk)
{
	unsigned long accuracy;
	int c;

	if (!clk)
		return 0;
	c = vclk_handle_clock[vclk_handle_index(clk)];
	if (c == VCLK_NONE)
		return 0;
	accuracy = clk_core_accuracy(c);
	return accuracy > LONG_MAX ? LONG_MAX : (long)accuracy;
}

/* ==================== phase ==================== */

int clk_set_phase_nolock(struct clk *clk, int degrees)
{
	int c, h, ret;

	if (!clk)
		return 0;
	if (vclk_busy)
		return -VCLK_EDEADLK;
	h = vclk_handle_index(clk);
	c = vclk_handle_clock[h];
	if (c == VCLK_NONE)
		return -VCLK_EINVAL;
	/* as Linux: exclusivity holds the whole signal, not the rate alone */
	if (clk_core_rate_protected(c, h))
		return -VCLK_EBUSY;
	if (!vclk_op_has_set_phase(c))
		return -VCLK_EINVAL;
	/* Linux's normalisation: C's % keeps the sign of @degrees */
	degrees %= 360;
	if (degrees < 0)
		degrees += 360;
	ret = vclk_op_set_phase(c, degrees);
	if (ret)
		return ret;
	vclk_phase[c] = degrees;
	return 0;
}

int clk_get_phase_nolock(struct clk *clk)
{
	int c;

	if (!clk)
		return 0;
	c = vclk_handle_clock[vclk_handle_index(clk)];
	if (c == VCLK_NONE)
		return -VCLK_EINVAL;
	if (vclk_op_has_get_phase(c))
		return vclk_op_get_phase(c);
	if (vclk_op_has_set_phase(c))
		return vclk_phase[c];
	return -VCLK_EINVAL;
}

/* ==================== duty cycle ==================== */

/*
 * The duty cycle of live clock @c into *@num / *@den: its provider's, or
 * for a CLK_DUTY_CYCLE_PARENT clock without the op its parent's, else 1/2
 * (Linux's clk_core_update_duty_cycle_nolock, which also falls back to
 * 1/2 when a provider fails, and passes the error on).
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires live:    vclk_live(c);
    requires out:     \valid(num) && \valid(den) && \separated(num, den);
    decreases vclk_depth[c];
    assigns  *num, *den;
    ensures  errno:   \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  duty:    vclk_duty_ok(*num, *den);
    ensures  half:    !vclk_has_get_duty(c) && !vclk_duty_from_parent(c) ==>
                      \result == 0 && *num == 1 && *den == 2;
*/
static int clk_core_get_duty(int c, unsigned int *num, unsigned int *den)
{
	int ret;

	if (vclk_op_has_get_duty(c)) {
		ret = vclk_op_get_duty_cycle(c, num, den);
		if (ret == 0)
			return 0;
	} else if ((vclk_flags[c] & CLK_DUTY_CYCLE_PARENT) &&
		   vclk_parent[c] != VCLK_NONE) {
		return clk_core_get_duty(vclk_parent[c], num, den);
	} else {
		ret = 0;
	}
	*num = 1;
	*den = 2;
	return ret;
}

/*
 * Set the duty cycle of live clock @c, or of the nearest ancestor through
 * CLK_DUTY_CYCLE_PARENT clocks without the op that has it (Linux's
 * clk_core_set_duty_cycle_nolock); nobody: nothing to do.  Each clock on
 * the way must not be held against handle slot @h (-EBUSY), as in Linux.
 */
/*@ requires inv:     vclk_invariant;
    requires live:    vclk_live(c);
    requires handle:  0 <= h < VCLK_NR_HANDLES;
    requires duty:    vclk_duty_ok(num, den);
    decreases vclk_depth[c];
    assigns  vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1];
    ensures  errno:   \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  exclusive: vclk_protected_against(c, h) ==> \result == -VCLK_EBUSY;
    ensures  rollback: \result != 0 ==> \forall integer i;
                      0 <= i < VCLK_MAX_CLOCKS ==>
                        vclk_hw_state[i] == \old(vclk_hw_state[i]);
*/
static int clk_core_set_duty(int c, int h, unsigned int num, unsigned int den)
{
	if (clk_core_rate_protected(c, h))
		return -VCLK_EBUSY;
	if (vclk_op_has_set_duty(c))
		return vclk_op_set_duty_cycle(c, num, den);
	if ((vclk_flags[c] & CLK_DUTY_CYCLE_PARENT) && vclk_parent[c] != VCLK_NONE)
		return clk_core_set_duty(vclk_parent[c], h, num, den);
	return 0;
}

int clk_set_duty_cycle_nolock(struct clk *clk, unsigned int num, unsigned int den)
{
	int c, h;

	if (!clk)
		return 0;
	if (vclk_busy)
		return -VCLK_EDEADLK;
	if (den == 0 || num > den)
		return -VCLK_EINVAL;
	h = vclk_handle_index(clk);
	c = vclk_handle_clock[h];
	if (c == VCLK_NONE)
		return -VCLK_EINVAL;
	return clk_core_set_duty(c, h, num, den);
}

/* a product of naturals is one: apart, so that its goal is small */
/*@ ghost
  /@ assigns \nothing;
     ensures nonneg: (integer)k * d >= 0;
  @/
  static void duty_lemma_product_nonneg(uint64_t k, unsigned int d)
  {
  }
*/

/*
 * num/den of @scale, rounded to nearest.  Its own function so that the
 * nonlinear steps are proven without the pool's invariant in context.
 */
/*@ requires den:   0 < den;
    requires frac:  num <= den;
    assigns  \nothing;
    ensures  model:   \result == ((integer)num * scale + den / 2) / den;
    ensures  bounded: \result <= scale;
*/
static uint64_t duty_scaled(unsigned int num, unsigned int den, unsigned int scale)
{
	/* below 2^64: num * scale < 2^64 - 2^33 + 1, den / 2 < 2^31 */
	uint64_t scaled = ((uint64_t)num * scale + den / 2) / den;

	/* num <= den: rounding cannot lift the result above @scale */
	//@ assert num_le: (integer)num * scale <= (integer)den * scale;
	//@ assert sum_lt: (integer)num * scale + den / 2 < (integer)den * (scale + 1);
	//@ assert div_le: scaled * den <= (integer)num * scale + den / 2;
	//@ assert prod_lt: scaled * den < (integer)den * (scale + 1);
	//@ assert split: scaled * den == ((integer)scale + 1) * den + (scaled - ((integer)scale + 1)) * den;
	//@ ghost if (scaled >= (uint64_t)scale + 1) duty_lemma_product_nonneg(scaled - ((uint64_t)scale + 1), den);
	//@ assert excess: scaled >= scale + 1 ==> (scaled - ((integer)scale + 1)) * den >= 0;
	//@ assert mono: scaled >= scale + 1 ==> scaled * den >= ((integer)scale + 1) * den;
	return scaled;
}

int clk_get_scaled_duty_cycle_nolock(struct clk *clk, unsigned int scale)
{
	unsigned int num, den;
	uint64_t scaled;
	int c, ret;

	if (!clk)
		return 0;
	c = vclk_handle_clock[vclk_handle_index(clk)];
	if (c == VCLK_NONE)
		return -VCLK_EINVAL;
	ret = clk_core_get_duty(c, &num, &den);
	if (ret)
		return ret;
	scaled = duty_scaled(num, den, scale);
	if (scaled > INT_MAX)
		return -VCLK_EOVERFLOW;
	return (int)scaled;
}
