/* SPDX-License-Identifier: MIT */
/*
 * core/refcount.c - the consumer's prepare/enable API.
 *
 * Thin wrappers over the walks in walk.c: find the handle's clock, take or
 * release the clock's reference, and book it on the handle.  The handle
 * bookkeeping is what makes balance per consumer: a handle can only give
 * back what it took.
 */
#include "vclk_nolock.h"
#include "vclk_core.h"
#include "vclk_lemmas.h"
#include "vclk_ops.h"

/* ==================== this file's helpers ==================== */

/**
 * vclk_note_misuse() - count an unbalanced release through handle @h
 */
/*@ requires slot: 0 <= h < VCLK_NR_HANDLES;
    assigns  vclk_handle_misuse[h];
    ensures  counted: vclk_handle_misuse[h] == vclk_misuse_bumped(\old(vclk_handle_misuse[h]));
*/
static void vclk_note_misuse(int h);

/* ==================== handle bookkeeping ==================== */

static void vclk_note_misuse(int h)
{
	if (vclk_handle_misuse[h] < UINT32_MAX)
		vclk_handle_misuse[h]++;
}

void vclk_handle_take_prepare(int h)
{
	//@ ghost int c = vclk_handle_clock[h];
	//@ ghost vclk_lemma_sums();
	/*@ assert room: vclk_handle_prep(c, h) <= vclk_consumer_preps(c) &&
	      vclk_consumer_preps(c) < vclk_prepare_count[c]; */
Bump:
	vclk_handle_prepares[h]++;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant sum: \forall integer q;
	        vclk_handle_preps_upto(q, n) == vclk_handle_preps_upto{Bump}(q, n) +
	        ((h < n && q == c) ? 1 : 0);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
}

void vclk_handle_drop_prepare(int h)
{
	//@ ghost int c = vclk_handle_clock[h];
Drop:
	vclk_handle_prepares[h]--;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant sum: \forall integer q;
	        vclk_handle_preps_upto(q, n) == vclk_handle_preps_upto{Drop}(q, n) -
	        ((h < n && q == c) ? 1 : 0);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
}
void vclk_handle_take_enable(int h)
{
	//@ ghost int c = vclk_handle_clock[h];
	//@ ghost vclk_lemma_sums();
	/*@ assert room: vclk_handle_en(c, h) <= vclk_consumer_ens(c) &&
	      vclk_consumer_ens(c) < vclk_enable_count[c]; */
Bump:
	vclk_handle_enables[h]++;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant sum: \forall integer q;
	        vclk_handle_ens_upto(q, n) == vclk_handle_ens_upto{Bump}(q, n) +
	        ((h < n && q == c) ? 1 : 0);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
}

void vclk_handle_drop_enable(int h)
{
	//@ ghost int c = vclk_handle_clock[h];
Drop:
	vclk_handle_enables[h]--;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant sum: \forall integer q;
	        vclk_handle_ens_upto(q, n) == vclk_handle_ens_upto{Drop}(q, n) -
	        ((h < n && q == c) ? 1 : 0);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
}

/* ==================== prepare ==================== */

int clk_prepare_nolock(struct clk *clk)
{
	int h, c, ret;

	if (!clk)
		return 0;
	c = vclk_handle_live(clk);
	if (c < 0)
		return c;
	h = vclk_handle_index(clk);
	ret = clk_core_prepare(c);
	if (ret)
		return ret;
	vclk_handle_take_prepare(h);
	return 0;
}

int vclk_unprepare_nolock(struct clk *clk)
{
	int h, c;

	if (!clk)
		return 0;
	c = vclk_handle_live(clk);
	if (c == -VCLK_EDEADLK)
		return c;
	h = vclk_handle_index(clk);
	if (c < 0 || vclk_handle_prepares[h] == 0) {
		vclk_note_misuse(h);
		return -VCLK_EINVAL;
	}
	/* keep "a handle enables only what it prepared" true */
	if (vclk_handle_prepares[h] == 1 && vclk_handle_enables[h] > 0) {
		vclk_note_misuse(h);
		return -VCLK_EBUSY;
	}
	vclk_handle_drop_prepare(h);
	clk_core_unprepare(c);
	return 0;
}

void clk_unprepare_nolock(struct clk *clk)
{
	(void)vclk_unprepare_nolock(clk);
}

/* ==================== enable ==================== */

int clk_enable_nolock(struct clk *clk)
{
	int h, c, ret;

	if (!clk)
		return 0;
	c = vclk_handle_live(clk);
	if (c < 0)
		return c;
	h = vclk_handle_index(clk);
	if (vclk_handle_prepares[h] == 0)
		return -VCLK_ESHUTDOWN;
	//@ ghost vclk_lemma_sums();
	/*@ assert prepared: vclk_handle_prep(c, h) > 0 &&
	      vclk_consumer_preps(c) > 0 && vclk_prepare_count[c] > 0; */
	//@ ghost vclk_lemma_prep_parent(VCLK_NONE);
	ret = clk_core_enable(c);
	if (ret)
		return ret;
	vclk_handle_take_enable(h);
	return 0;
}

int vclk_disable_nolock(struct clk *clk)
{
	int h, c;

	if (!clk)
		return 0;
	c = vclk_handle_live(clk);
	if (c == -VCLK_EDEADLK)
		return c;
	h = vclk_handle_index(clk);
	if (c < 0 || vclk_handle_enables[h] == 0) {
		vclk_note_misuse(h);
		return -VCLK_EINVAL;
	}
	vclk_handle_drop_enable(h);
	clk_core_disable(c);
	return 0;
}

void clk_disable_nolock(struct clk *clk)
{
	(void)vclk_disable_nolock(clk);
}

/* ==================== both ==================== */

int clk_prepare_enable_nolock(struct clk *clk)
{
	int h, c, ret;

	if (!clk)
		return 0;
	c = vclk_handle_live(clk);
	if (c < 0)
		return c;
	h = vclk_handle_index(clk);
	ret = clk_core_prepare(c);
	if (ret)
		return ret;
	//@ ghost int prepare_top = vclk_walk_top;
	vclk_handle_take_prepare(h);
	//@ ghost vclk_lemma_sums();
	/*@ assert prepared: vclk_handle_prep(c, h) > 0 &&
	      vclk_consumer_preps(c) > 0 && vclk_prepare_count[c] > 0; */
	//@ ghost vclk_lemma_prep_parent(VCLK_NONE);
	ret = clk_core_enable(c);
	if (ret) {
		vclk_handle_drop_prepare(h);
		//@ ghost vclk_walk_top = prepare_top;
		clk_core_unprepare_undo(c);
		return ret;
	}
	vclk_handle_take_enable(h);
	return 0;
}

int vclk_disable_unprepare_nolock(struct clk *clk)
{
	int h, c;

	if (!clk)
		return 0;
	c = vclk_handle_live(clk);
	if (c == -VCLK_EDEADLK)
		return c;
	h = vclk_handle_index(clk);
	if (c < 0 || vclk_handle_enables[h] == 0 ||
	    vclk_handle_prepares[h] == 0) {
		vclk_note_misuse(h);
		return -VCLK_EINVAL;
	}
	if (vclk_handle_prepares[h] == 1 && vclk_handle_enables[h] > 1) {
		vclk_note_misuse(h);
		return -VCLK_EBUSY;
	}
	vclk_handle_drop_enable(h);
	clk_core_disable(c);
	vclk_handle_drop_prepare(h);
	clk_core_unprepare(c);
	return 0;
}

void clk_disable_unprepare_nolock(struct clk *clk)
{
	(void)vclk_disable_unprepare_nolock(clk);
}

/* ==================== queries ==================== */

bool clk_is_enabled_nolock(struct clk *clk)
{
	int c;

	if (!clk)
		return false;
	c = vclk_handle_clock[vclk_handle_index(clk)];
	if (c == VCLK_NONE)
		return false;
	return vclk_op_is_enabled(c) != 0;
}

uint32_t vclk_misuse_count(const struct clk *clk)
{
	if (!clk)
		return 0;
	return vclk_handle_misuse[vclk_handle_index(clk)];
}

/* ==================== unused clocks ==================== */

/*
 * Deepest clocks first, so a parent is only looked at once every child
 * that could still need it has been.
 */
int clk_disable_unused_nolock(void)
{
	int calls = 0;

	if (vclk_busy)
		return -VCLK_EDEADLK;

	/*@ loop invariant depth: -1 <= d < VCLK_MAX_CLOCKS;
	    loop invariant calls: 0 <= calls <= 2 * VCLK_MAX_CLOCKS * (VCLK_MAX_CLOCKS - 1 - d);
	    loop invariant in_use: \forall integer k; 0 <= k < VCLK_MAX_CLOCKS &&
	       (vclk_enable_count[k] > 0 ||
	        (vclk_flags[k] & CLK_IGNORE_UNUSED) != 0 || !vclk_live(k)) ==>
	       vclk_hw_state[k] == \at(vclk_hw_state[k], Pre);
	    loop assigns d, calls, vclk_hw_state[..];
	    loop variant d + 1;
	*/
	for (int d = VCLK_MAX_CLOCKS - 1; d >= 0; d--) {
		/*@ loop invariant index: 0 <= c <= vclk_nr_clocks;
		    loop invariant calls: 0 <= calls <= 2 * VCLK_MAX_CLOCKS * (VCLK_MAX_CLOCKS - 1 - d) + 2 * c;
		    loop invariant in_use: \forall integer k; 0 <= k < VCLK_MAX_CLOCKS &&
		       (vclk_enable_count[k] > 0 ||
		        (vclk_flags[k] & CLK_IGNORE_UNUSED) != 0 || !vclk_live(k)) ==>
		       vclk_hw_state[k] == \at(vclk_hw_state[k], Pre);
		    loop assigns c, calls, vclk_hw_state[..];
		    loop variant vclk_nr_clocks - c;
		*/
		for (int c = 0; c < vclk_nr_clocks; c++) {
			if (vclk_depth[c] != d || (vclk_flags[c] & CLK_IGNORE_UNUSED))
				continue;
			if (vclk_enable_count[c] == 0 && vclk_op_is_enabled(c)) {
				vclk_op_disable(c);
				calls++;
			}
			if (vclk_prepare_count[c] == 0 && vclk_op_is_prepared(c)) {
				vclk_op_unprepare(c);
				calls++;
			}
		}
	}
	return calls;
}
