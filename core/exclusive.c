/* SPDX-License-Identifier: MIT */
/*
 * core/exclusive.c - exclusive rates: clk_rate_exclusive_get/put and
 * clk_set_rate_exclusive.
 *
 * A handle holding exclusivity freezes the rate of its clock and of every
 * ancestor against other consumers: rate changes and reparents that would
 * move a protected clock answer -EBUSY (clk_core_check_change() and
 * clk_set_parent() ask clk_core_rate_protected()).  Only the per-handle
 * count is stored; which clocks it protects follows from the tree at the
 * time of the question (spec/exclusive.h).
 */
#include "vclk_nolock.h"
#include "vclk_core.h"
#include "vclk_lemmas.h"

/* ==================== this file's helpers ==================== */

/**
 * vclk_handle_excl_set() - handle slot @h holds @n exclusivity references,
 * the number of holders (vclk_excl_holders) kept
 */
/*@ requires handle:  0 <= h < VCLK_NR_HANDLES;
    requires counted: vclk_excl_counted;
    assigns  vclk_handle_excl[h], vclk_excl_holders;
    ensures  counted: vclk_excl_counted;
    ensures  set:     vclk_handle_excl[h] == n;
*/
static void vclk_handle_excl_set(int h, uint32_t n);

/* ==================== state ==================== */

uint32_t vclk_handle_excl[VCLK_NR_HANDLES];
uint32_t vclk_excl_holders;

void vclk_excl_reset(void)
{
	/*@ loop invariant bound: 0 <= h <= VCLK_NR_HANDLES;
	    loop invariant none:  \forall integer g; 0 <= g < h ==>
	                            vclk_handle_excl[g] == 0;
	    loop assigns h, vclk_handle_excl[0 .. VCLK_NR_HANDLES-1];
	    loop variant VCLK_NR_HANDLES - h;
	*/
	for (int h = 0; h < VCLK_NR_HANDLES; h++)
		vclk_handle_excl[h] = 0;
	vclk_excl_holders = 0;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant zero: vclk_excl_holders_upto(n) == 0;
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
}

static void vclk_handle_excl_set(int h, uint32_t n)
{
	//@ ghost vclk_lemma_excl_holders();
	/* h starts or stops holding: the one change of the count */
	if (vclk_handle_excl[h] == 0 && n > 0)
		vclk_excl_holders++;
	else if (vclk_handle_excl[h] > 0 && n == 0)
		vclk_excl_holders--;
Set:
	vclk_handle_excl[h] = n;
	/*@ ghost
	  /@ loop invariant bound: 0 <= k <= VCLK_NR_HANDLES;
	     loop invariant step: vclk_excl_holders_upto(k) ==
	        vclk_excl_holders_upto{Set}(k) + (k > h ?
	          (n > 0 ? 1 : 0) - (\at(vclk_handle_excl[h], Set) > 0 ? 1 : 0) : 0);
	     loop assigns k;
	     loop variant VCLK_NR_HANDLES - k;
	  @/
	  for (int k = 0; k < VCLK_NR_HANDLES; k++)
	    ;
	*/
}

/* ==================== protection ==================== */

int clk_core_rate_protected(int i, int h)
{
	//@ ghost vclk_lemma_excl_holders();
	/* nobody holds exclusivity, or only @h and once: nothing is held
	 * against it, and no handle need be looked at (every rate change
	 * asks this for each clock it moves) */
	if (vclk_excl_holders == 0 ||
	    (vclk_excl_holders == 1 && vclk_handle_excl[h] == 1))
		return 0;
	/*@ loop invariant bound: 0 <= g <= VCLK_NR_HANDLES;
	    loop invariant none:  \forall integer k; 0 <= k < g ==>
	      !(vclk_handle_excl[k] > (k == h ? 1 : 0) &&
	        vclk_handle_clock[k] != VCLK_NONE &&
	        vclk_in_subtree(vclk_handle_clock[k], i));
	    loop assigns g;
	    loop variant VCLK_NR_HANDLES - g;
	*/
	for (int g = 0; g < VCLK_NR_HANDLES; g++) {
		int held = vclk_handle_clock[g];
		/* its holder may move a clock it holds once, as in Linux */
		uint32_t own = g == h ? 1 : 0;

		if (vclk_handle_excl[g] <= own || held == VCLK_NONE)
			continue;
		if (held == i || clk_core_is_ancestor(i, held))
			return 1;
	}
	return 0;
}

/* ==================== consumer API ==================== */

/*
 * The live handle slot behind @clk for an exclusivity call, or an errno.
 */
/*@ requires inv:    vclk_invariant;
    requires handle: vclk_handle_ptr(clk);
    assigns  \nothing;
    ensures  errno:  \result == -VCLK_EINVAL || \result == -VCLK_EDEADLK ||
                     (vclk_handle_at(clk, \result) &&
                      vclk_handle_clock[\result] != VCLK_NONE);
    ensures  deadlock: vclk_busy != 0 ==> \result == -VCLK_EDEADLK;
    ensures  live:   vclk_busy == 0 ==> \forall integer h; vclk_handle_at(clk, h) ==>
                     (vclk_handle_clock[h] != VCLK_NONE <==> \result == h);
*/
static int clk_excl_handle(struct clk *clk)
{
	int h;

	if (vclk_busy)
		return -VCLK_EDEADLK;
	h = vclk_handle_index(clk);
	if (vclk_handle_clock[h] == VCLK_NONE)
		return -VCLK_EINVAL;
	return h;
}

int clk_rate_exclusive_get_nolock(struct clk *clk)
{
	int h;

	if (!clk)
		return 0;
	h = clk_excl_handle(clk);
	if (h < 0)
		return h;
	if (vclk_handle_excl[h] == UINT32_MAX)
		return -VCLK_EOVERFLOW;
	vclk_handle_excl_set(h, vclk_handle_excl[h] + 1);
	return 0;
}

int vclk_rate_exclusive_put_nolock(struct clk *clk)
{
	int h;

	if (!clk)
		return 0;
	h = clk_excl_handle(clk);
	if (h < 0)
		return h;
	/* a put without a get is a consumer bug, and harmless */
	if (vclk_handle_excl[h] == 0)
		return 0;
	vclk_handle_excl_set(h, vclk_handle_excl[h] - 1);
	return 0;
}

void clk_rate_exclusive_put_nolock(struct clk *clk)
{
	(void)vclk_rate_exclusive_put_nolock(clk);
}

int clk_set_rate_exclusive_nolock(struct clk *clk, unsigned long rate)
{
	int h, ret;

	if (!clk)
		return 0;
	h = clk_excl_handle(clk);
	if (h < 0)
		return h;
	/* refused before the rate moves: the pair is all or nothing */
	if (vclk_handle_excl[h] == UINT32_MAX)
		return -VCLK_EOVERFLOW;
	ret = clk_set_rate_nolock(clk, rate);
	if (ret)
		return ret;
	vclk_handle_excl_set(h, vclk_handle_excl[h] + 1);
	return 0;
}
