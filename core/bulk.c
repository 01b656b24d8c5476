/* SPDX-License-Identifier: MIT */
/*
 * core/bulk.c - Linux's clk_bulk_*() API and clk_is_match().
 *
 * The bulk prepare and enable are built on the reference walks of walk.c
 * and the handle bookkeeping of refcount.c rather than on clk_prepare()
 * and vclk_unprepare(): their contracts say exactly which handle counts
 * change, which is what makes the rollback provable.  That a failed call
 * leaves every clock's count as at entry then follows from the handle
 * counts alone (the ghost loops after each undo): under the balance
 * invariant a tree's counts are a function of its handles' counts.
 */
#include "vclk_nolock.h"
#include "vclk_core.h"
#include "vclk_lemmas.h"

/* ==================== lemmas ==================== */

/*@ ghost
  /@ requires count: 0 <= k;
     assigns  \nothing;
     ensures  bounds: \forall integer h, n; 0 <= n <= k ==>
                0 <= vclk_bulk_uses(clks, h, n) <= n;
  @/
  static void vclk_lemma_bulk_uses(const struct clk_bulk_data *clks, int k)
  {
    /@ loop invariant bound: 0 <= m <= k;
       loop invariant bounds: \forall integer h, n; 0 <= n <= m ==>
          0 <= vclk_bulk_uses(clks, h, n) <= n;
       loop assigns m;
       loop variant k - m;
    @/
    for (int m = 0; m < k; m++)
      ;
  }
*/

/* ==================== undo ==================== */

/*
 * Give back the prepare references that elements k-1 .. 0 took, last
 * first.  Each handle keeps what it held besides them (keeps_enables:
 * a handle that enables still holds a prepare afterwards).
 */
/*@ requires inv:   vclk_invariant;
    requires bulk:  vclk_bulk_ok(clks, k);
    requires held:  \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
                      vclk_handle_prepares[h] >= vclk_bulk_uses(clks, h, k);
    requires keeps_enables: \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
                      vclk_handle_prepares[h] > vclk_bulk_uses(clks, h, k) ||
                      vclk_handle_enables[h] == 0;
    assigns  vclk_prepare_count[0 .. VCLK_MAX_CLOCKS-1],
             vclk_handle_prepares[0 .. VCLK_NR_HANDLES-1],
             vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
    ensures  inv:   vclk_invariant;
    ensures  released: \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
                      vclk_handle_prepares[h] ==
                        \old(vclk_handle_prepares[h]) - vclk_bulk_uses(clks, h, k);
*/
static void vclk_bulk_unprepare_upto(int k, const struct clk_bulk_data *clks)
{
	//@ ghost vclk_lemma_bulk_uses(clks, k);
	/*@ loop invariant bound: 0 <= j <= k;
	    loop invariant inv: vclk_invariant;
	    loop invariant released: \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
	       vclk_handle_prepares[h] == \at(vclk_handle_prepares[h], Pre) -
	         (vclk_bulk_uses(clks, h, k) - vclk_bulk_uses(clks, h, j));
	    loop assigns j, vclk_prepare_count[0 .. VCLK_MAX_CLOCKS-1],
	       vclk_handle_prepares[0 .. VCLK_NR_HANDLES-1],
	       vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
	    loop variant j;
	*/
	for (int j = k; j > 0; j--) {
		const struct clk *clk = clks[j - 1].clk;
		int h, c;

		if (!clk)
			continue;
		h = vclk_handle_index(clk);
		c = vclk_handle_clock[h];
		vclk_handle_drop_prepare(h);
		clk_core_unprepare(c);
	}
}

/* The enable twin of vclk_bulk_unprepare_upto(). */
/*@ requires inv:   vclk_invariant;
    requires bulk:  vclk_bulk_ok(clks, k);
    requires held:  \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
                      vclk_handle_enables[h] >= vclk_bulk_uses(clks, h, k);
    assigns  vclk_enable_count[0 .. VCLK_MAX_CLOCKS-1],
             vclk_handle_enables[0 .. VCLK_NR_HANDLES-1],
             vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
    ensures  inv:   vclk_invariant;
    ensures  released: \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
                      vclk_handle_enables[h] ==
                        \old(vclk_handle_enables[h]) - vclk_bulk_uses(clks, h, k);
*/
static void vclk_bulk_disable_upto(int k, const struct clk_bulk_data *clks)
{
	//@ ghost vclk_lemma_bulk_uses(clks, k);
	/*@ loop invariant bound: 0 <= j <= k;
	    loop invariant inv: vclk_invariant;
	    loop invariant released: \forall integer h; 0 <= h < VCLK_NR_HANDLES ==>
	       vclk_handle_enables[h] == \at(vclk_handle_enables[h], Pre) -
	         (vclk_bulk_uses(clks, h, k) - vclk_bulk_uses(clks, h, j));
	    loop assigns j, vclk_enable_count[0 .. VCLK_MAX_CLOCKS-1],
	       vclk_handle_enables[0 .. VCLK_NR_HANDLES-1],
	       vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
	    loop variant j;
	*/
	for (int j = k; j > 0; j--) {
		const struct clk *clk = clks[j - 1].clk;
		int h, c;

		if (!clk)
			continue;
		h = vclk_handle_index(clk);
		c = vclk_handle_clock[h];
		vclk_handle_drop_enable(h);
		clk_core_disable(c);
	}
}

/* ==================== get and put ==================== */

int clk_bulk_get_nolock(const char *dev_id, int num, struct clk_bulk_data *clks)
{
	int ret;

	/*@ loop invariant bound: 0 <= i <= num;
	    loop invariant cleared: \forall integer j; 0 <= j < i ==> clks[j].clk == \null;
	    loop assigns i, clks[0 .. num - 1].clk;
	    loop variant num - i;
	*/
	for (int i = 0; i < num; i++)
		clks[i].clk = NULL;

	/*@ loop invariant bound: 0 <= i <= num;
	    loop invariant inv: vclk_invariant;
	    loop invariant counts: vclk_counts_unchanged{Pre, Here};
	    loop invariant taken: \forall integer j; 0 <= j < i ==> vclk_handle_ptr(clks[j].clk);
	    loop invariant cleared: \forall integer j; i <= j < num ==> clks[j].clk == \null;
	    loop invariant fresh: \forall integer j; 0 <= j < i ==>
	       \forall integer h; vclk_handle_at(clks[j].clk, h) ==>
	       vclk_handle_taken{Pre, Here}(h, (char *)clks[j].id, (char *)dev_id);
	    loop invariant distinct: \forall integer j, k; 0 <= j < k < i ==>
	       clks[j].clk != clks[k].clk;
	    loop invariant others_kept: vclk_clk_ranges_kept{Pre, Here} &&
	       \forall integer g; 0 <= g < VCLK_NR_HANDLES &&
	       !vclk_bulk_names(clks, g, 0, i) ==> vclk_binding_kept{Pre, Here}(g);
	    loop assigns i, ret, clks[0 .. num - 1].clk,
	       vclk_handle_clock[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
	       vclk_handle_misuse[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
	       vclk_handle_dev[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
	       vclk_handle_min[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
	       vclk_handle_max[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
	       vclk_clk_min[..], vclk_clk_max[..];
	    loop variant num - i;
	*/
	for (int i = 0; i < num; i++) {
Get:
		ret = vclk_get_nolock(dev_id, clks[i].id, &clks[i].clk);
		if (ret) {
			/* vclk_get() need not leave the slot alone on error */
			clks[i].clk = NULL;
			/*@ loop invariant bound: 0 <= j <= i;
			    loop invariant inv: vclk_invariant;
			    loop invariant counts: vclk_counts_unchanged{Pre, Here};
			    loop invariant taken: \forall integer m; 0 <= m < j ==>
			       vclk_handle_ptr(clks[m].clk);
			    loop invariant cleared: \forall integer m; j <= m < num ==>
			       clks[m].clk == \null;
			    loop assigns j, clks[0 .. num - 1].clk,
			       vclk_handle_clock[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
			       vclk_handle_misuse[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
			       vclk_handle_min[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
			       vclk_handle_max[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
			       vclk_clk_min[..], vclk_clk_max[..];
			    loop variant j;
			*/
			for (int j = i; j > 0; j--) {
				/* a handle just taken holds no reference and
				 * no notifier: clk_put() gives it back */
				(void)clk_put_nolock(clks[j - 1].clk);
				clks[j - 1].clk = NULL;
			}
			return ret;
		}
		/* the new handle was free, the ones taken before were not:
		 * it is none of them, and was free at entry */
		/*@ assert older_bound: \forall integer j, h; 0 <= j < i &&
		       vclk_handle_at(clks[j].clk, h) ==>
		       \at(vclk_handle_clock[h], Get) != VCLK_NONE; */
		/*@ assert new_free: \forall integer h; vclk_handle_at(clks[i].clk, h) ==>
		       \at(vclk_handle_clock[h], Get) == VCLK_NONE &&
		       vclk_handles_kept_but{Get, Here}(h); */
		/*@ assert new_distinct: \forall integer j; 0 <= j < i ==>
		       clks[j].clk != clks[i].clk; */
		/*@ assert older_kept: \forall integer j, h; 0 <= j < i &&
		       vclk_handle_at(clks[j].clk, h) ==> vclk_binding_kept{Get, Here}(h); */
		/*@ assert new_was_free: \forall integer h; vclk_handle_at(clks[i].clk, h) ==>
		       !vclk_bulk_names{Get}(clks, h, 0, i) &&
		       \at(vclk_handle_clock[h], Pre) == VCLK_NONE; */
		/*@ assert new_taken: \forall integer h; vclk_handle_at(clks[i].clk, h) ==>
		       vclk_handle_taken{Pre, Here}(h, (char *)clks[i].id, (char *)dev_id); */
		/*@ assert older_same: \forall integer j; 0 <= j < i ==>
		       clks[j].clk == \at(clks[j].clk, Get) &&
		       clks[j].id == \at(clks[j].id, Get); */
		/*@ assert older_taken_get: \forall integer j, h; 0 <= j < i &&
		       vclk_handle_at(clks[j].clk, h) ==>
		       vclk_handle_taken{Pre, Get}(h, (char *)clks[j].id, (char *)dev_id); */
		/*@ assert older_taken: \forall integer j, h; 0 <= j < i &&
		       vclk_handle_at(clks[j].clk, h) ==>
		       vclk_handle_taken{Pre, Here}(h, (char *)clks[j].id, (char *)dev_id); */
	}
	return 0;
}

void clk_bulk_put_nolock(int num, struct clk_bulk_data *clks)
{
	/*@ loop invariant bound: 0 <= j <= num;
	    loop invariant inv: vclk_invariant;
	    loop invariant counts: vclk_counts_unchanged{Pre, Here};
	    loop invariant handles: \forall integer m; 0 <= m < j ==>
	       clks[m].clk == \null || vclk_handle_ptr(clks[m].clk);
	    loop invariant ahead: \forall integer m; 0 <= m < j ==>
	       clks[m].clk == \at(clks[m].clk, Pre);
	    loop invariant cleared: \forall integer i; j <= i < num ==>
	       (clks[i].clk == \null <==> \at(clks[i].clk, Pre) == \null ||
	         (\at(vclk_may_put(clks[i].clk), Pre) && \at(vclk_bulk_last(clks, i, num), Pre)));
	    loop invariant kept: \forall integer i; j <= i < num && clks[i].clk != \null ==>
	       clks[i].clk == \at(clks[i].clk, Pre);
	    loop invariant freed: \forall integer h; 0 <= h < VCLK_NR_HANDLES &&
	       vclk_bulk_names{Pre}(clks, h, j, num) &&
	       \at(vclk_may_put(&vclk_handles[h]), Pre) ==>
	       vclk_handle_clock[h] == VCLK_NONE;
	    loop invariant others_kept: \forall integer h; 0 <= h < VCLK_NR_HANDLES &&
	       !(vclk_bulk_names{Pre}(clks, h, j, num) &&
	         \at(vclk_may_put(&vclk_handles[h]), Pre)) ==>
	       vclk_handle_clock[h] == \at(vclk_handle_clock[h], Pre) &&
	       vclk_handle_min[h] == \at(vclk_handle_min[h], Pre) &&
	       vclk_handle_max[h] == \at(vclk_handle_max[h], Pre);
	    loop invariant idle: vclk_busy == \at(vclk_busy, Pre);
	    loop assigns j, clks[0 .. num - 1].clk,
	       vclk_handle_clock[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
	       vclk_handle_misuse[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
	       vclk_handle_min[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
	       vclk_handle_max[VCLK_MAX_CLOCKS .. VCLK_NR_HANDLES-1],
	       vclk_clk_min[..], vclk_clk_max[..];
	    loop variant j;
	*/
	for (int j = num; j > 0; j--) {
		/*@ assert turn: \forall integer h; vclk_handle_at(clks[j - 1].clk, h) ==>
		      (vclk_may_put(clks[j - 1].clk) <==>
		        vclk_may_put{Pre}(clks[j - 1].clk) &&
		        !vclk_bulk_names{Pre}(clks, h, j, num)); */
		if (clk_put_nolock(clks[j - 1].clk) == 0)
			clks[j - 1].clk = NULL;
	}
}

/* ==================== prepare and enable ==================== */

int clk_bulk_prepare_nolock(int num, const struct clk_bulk_data *clks)
{
	int i, ret = 0;

	if (vclk_busy)
		return -VCLK_EDEADLK;
	/*@ loop invariant bound: 0 <= i <= num;
	    loop invariant inv: vclk_invariant;
	    loop invariant owned: vclk_bulk_prepared{Pre, Here}(clks, i);
	    loop invariant ok: ret == 0;
	    loop assigns i, ret, vclk_prepare_count[0 .. VCLK_MAX_CLOCKS-1],
	       vclk_handle_prepares[0 .. VCLK_NR_HANDLES-1],
	       vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
	    loop variant num - i;
	*/
	for (i = 0; i < num; i++) {
		const struct clk *clk = clks[i].clk;
		int h, c;

		if (!clk)
			continue;
		h = vclk_handle_index(clk);
		c = vclk_handle_clock[h];
		ret = c == VCLK_NONE ? -VCLK_EINVAL : clk_core_prepare(c);
		if (ret)
			break;
		vclk_handle_take_prepare(h);
	}
	if (!ret)
		return 0;

	//@ ghost vclk_lemma_bulk_uses(clks, i);
	vclk_bulk_unprepare_upto(i, clks);
	/*@ assert handles_back: \forall integer g; 0 <= g < VCLK_NR_HANDLES ==>
	      vclk_handle_prepares[g] == \at(vclk_handle_prepares[g], Pre); */
	/*
	 * The handles hold what they held at entry, so every prepare count is
	 * as at entry: by the balance invariant, now and at entry, from the
	 * deepest clocks up (a clock's count is its handles' references plus its
	 * held children, which are one level deeper).
	 */
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant same: \forall integer q;
	        vclk_handle_preps_upto(q, n) == vclk_handle_preps_upto{Pre}(q, n);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
	/*@ ghost
	  /@ loop invariant bound: -1 <= d < VCLK_MAX_CLOCKS;
	     loop invariant deeper: \forall integer c; 0 <= c < VCLK_MAX_CLOCKS &&
	        vclk_depth[c] > d ==> vclk_prepare_count[c] == \at(vclk_prepare_count[c], Pre);
	     loop assigns d;
	     loop variant d + 1;
	  @/
	  for (int d = VCLK_MAX_CLOCKS - 1; d >= 0; d--) {
	    /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	       loop invariant same: \forall integer p; 0 <= p < VCLK_MAX_CLOCKS &&
	          vclk_depth[p] == d ==>
	          vclk_child_preps_upto(p, n) == vclk_child_preps_upto{Pre}(p, n);
	       loop assigns n;
	       loop variant VCLK_MAX_CLOCKS - n;
	    @/
	    for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	      ;
	    /@ assert level: \forall integer p; 0 <= p < VCLK_MAX_CLOCKS &&
	          vclk_depth[p] == d ==> vclk_prepare_count[p] == \at(vclk_prepare_count[p], Pre); @/
	  }
	*/
	return ret;
}

int clk_bulk_enable_nolock(int num, const struct clk_bulk_data *clks)
{
	int i, ret = 0;

	if (vclk_busy)
		return -VCLK_EDEADLK;
	/*@ loop invariant bound: 0 <= i <= num;
	    loop invariant inv: vclk_invariant;
	    loop invariant owned: vclk_bulk_enabled{Pre, Here}(clks, i);
	    loop invariant ok: ret == 0;
	    loop assigns i, ret, vclk_enable_count[0 .. VCLK_MAX_CLOCKS-1],
	       vclk_handle_enables[0 .. VCLK_NR_HANDLES-1],
	       vclk_hw_state[0 .. VCLK_MAX_CLOCKS-1], vclk_walk_top;
	    loop variant num - i;
	*/
	for (i = 0; i < num; i++) {
		const struct clk *clk = clks[i].clk;
		int h, c;

		if (!clk)
			continue;
		h = vclk_handle_index(clk);
		c = vclk_handle_clock[h];
		if (c == VCLK_NONE) {
			ret = -VCLK_EINVAL;
			break;
		}
		if (vclk_handle_prepares[h] == 0) {
			ret = -VCLK_ESHUTDOWN;
			break;
		}
		//@ ghost vclk_lemma_sums();
		/*@ assert prepared: vclk_handle_prep(c, h) > 0 &&
		      vclk_consumer_preps(c) > 0 && vclk_prepare_count[c] > 0; */
		//@ ghost vclk_lemma_prep_parent(VCLK_NONE);
		ret = clk_core_enable(c);
		if (ret)
			break;
		vclk_handle_take_enable(h);
	}
	if (!ret)
		return 0;

	//@ ghost vclk_lemma_bulk_uses(clks, i);
	vclk_bulk_disable_upto(i, clks);
	/*@ assert handles_back: \forall integer g; 0 <= g < VCLK_NR_HANDLES ==>
	      vclk_handle_enables[g] == \at(vclk_handle_enables[g], Pre); */
	/*
	 * The handles hold what they held at entry, so every enable count is
	 * as at entry: by the balance invariant, now and at entry, from the
	 * deepest clocks up (a clock's count is its handles' references plus its
	 * held children, which are one level deeper).
	 */
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant same: \forall integer q;
	        vclk_handle_ens_upto(q, n) == vclk_handle_ens_upto{Pre}(q, n);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
	/*@ ghost
	  /@ loop invariant bound: -1 <= d < VCLK_MAX_CLOCKS;
	     loop invariant deeper: \forall integer c; 0 <= c < VCLK_MAX_CLOCKS &&
	        vclk_depth[c] > d ==> vclk_enable_count[c] == \at(vclk_enable_count[c], Pre);
	     loop assigns d;
	     loop variant d + 1;
	  @/
	  for (int d = VCLK_MAX_CLOCKS - 1; d >= 0; d--) {
	    /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	       loop invariant same: \forall integer p; 0 <= p < VCLK_MAX_CLOCKS &&
	          vclk_depth[p] == d ==>
	          vclk_child_ens_upto(p, n) == vclk_child_ens_upto{Pre}(p, n);
	       loop assigns n;
	       loop variant VCLK_MAX_CLOCKS - n;
	    @/
	    for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	      ;
	    /@ assert level: \forall integer p; 0 <= p < VCLK_MAX_CLOCKS &&
	          vclk_depth[p] == d ==> vclk_enable_count[p] == \at(vclk_enable_count[p], Pre); @/
	  }
	*/
	return ret;
}

int clk_bulk_prepare_enable_nolock(int num, const struct clk_bulk_data *clks)
{
	int ret;

	ret = clk_bulk_prepare_nolock(num, clks);
	if (ret)
		return ret;
	ret = clk_bulk_enable_nolock(num, clks);
	if (!ret)
		return 0;

	//@ ghost vclk_lemma_bulk_uses(clks, num);
	vclk_bulk_unprepare_upto(num, clks);
	/*@ assert handles_back: \forall integer g; 0 <= g < VCLK_NR_HANDLES ==>
	      vclk_handle_prepares[g] == \at(vclk_handle_prepares[g], Pre); */
	/*
	 * The handles hold what they held at entry, so every prepare count is
	 * as at entry: by the balance invariant, now and at entry, from the
	 * deepest clocks up (a clock's count is its handles' references plus its
	 * held children, which are one level deeper).
	 */
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant same: \forall integer q;
	        vclk_handle_preps_upto(q, n) == vclk_handle_preps_upto{Pre}(q, n);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
	/*@ ghost
	  /@ loop invariant bound: -1 <= d < VCLK_MAX_CLOCKS;
	     loop invariant deeper: \forall integer c; 0 <= c < VCLK_MAX_CLOCKS &&
	        vclk_depth[c] > d ==> vclk_prepare_count[c] == \at(vclk_prepare_count[c], Pre);
	     loop assigns d;
	     loop variant d + 1;
	  @/
	  for (int d = VCLK_MAX_CLOCKS - 1; d >= 0; d--) {
	    /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	       loop invariant same: \forall integer p; 0 <= p < VCLK_MAX_CLOCKS &&
	          vclk_depth[p] == d ==>
	          vclk_child_preps_upto(p, n) == vclk_child_preps_upto{Pre}(p, n);
	       loop assigns n;
	       loop variant VCLK_MAX_CLOCKS - n;
	    @/
	    for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	      ;
	    /@ assert level: \forall integer p; 0 <= p < VCLK_MAX_CLOCKS &&
	          vclk_depth[p] == d ==> vclk_prepare_count[p] == \at(vclk_prepare_count[p], Pre); @/
	  }
	*/
	return ret;
}

/* ==================== release ==================== */

void clk_bulk_disable_nolock(int num, const struct clk_bulk_data *clks)
{
	/*@ loop invariant bound: 0 <= j <= num;
	    loop invariant inv: vclk_invariant;
	    loop invariant released: \at(vclk_busy, Pre) == 0 ==>
	       vclk_bulk_disabled{Pre, Here}(clks, j, num);
	    loop invariant deadlock: \at(vclk_busy, Pre) != 0 ==>
	       vclk_counts_unchanged{Pre, Here} && vclk_hw_unchanged{Pre, Here} &&
	       vclk_misuse_unchanged{Pre, Here};
	    loop assigns j, vclk_enable_count[..], vclk_handle_enables[..],
	       vclk_handle_misuse[..], vclk_hw_state[..], vclk_walk_top;
	    loop variant j;
	*/
	for (int j = num; j > 0; j--)
		clk_disable_nolock(clks[j - 1].clk);
}

void clk_bulk_unprepare_nolock(int num, const struct clk_bulk_data *clks)
{
	/*@ loop invariant bound: 0 <= j <= num;
	    loop invariant inv: vclk_invariant;
	    loop invariant released: \at(vclk_busy, Pre) == 0 ==>
	       vclk_bulk_unprepared{Pre, Here}(clks, j, num);
	    loop invariant deadlock: \at(vclk_busy, Pre) != 0 ==>
	       vclk_counts_unchanged{Pre, Here} && vclk_hw_unchanged{Pre, Here} &&
	       vclk_misuse_unchanged{Pre, Here};
	    loop assigns j, vclk_prepare_count[..], vclk_handle_prepares[..],
	       vclk_handle_misuse[..], vclk_hw_state[..], vclk_walk_top;
	    loop variant j;
	*/
	for (int j = num; j > 0; j--)
		clk_unprepare_nolock(clks[j - 1].clk);
}

void clk_bulk_disable_unprepare_nolock(int num, const struct clk_bulk_data *clks)
{
	clk_bulk_disable_nolock(num, clks);
	clk_bulk_unprepare_nolock(num, clks);
}

/* ==================== matching ==================== */

bool clk_is_match_nolock(const struct clk *p, const struct clk *q)
{
	int c;

	if (p == q)
		return true;
	if (!p || !q)
		return false;
	c = vclk_handle_clock[vclk_handle_index(p)];
	return c != VCLK_NONE && c == vclk_handle_clock[vclk_handle_index(q)];
}
