/* SPDX-License-Identifier: MIT */
/*
 * core/walk.c - reference walks up the clock tree.
 *
 * Shapes follow Linux's clk_core_prepare()/clk_core_enable(): recursion on
 * the parent, bounded by the depth.  On a provider failure the part of the
 * walk already made is released with the *_undo() twin, whose contract
 * says it is the exact inverse, so an error leaves every count as it was.
 * The ghost code is the proof's bookkeeping: lemma calls, and induction
 * loops that carry a sum across the one count a step changes.
 */
#include "vclk_core.h"
#include "vclk_lemmas.h"
#include "vclk_ops.h"

/* ==================== prepare walks ==================== */

int clk_core_prepare(int c)
{
	int parent;
	int ret;

	//@ ghost vclk_lemma_ancestor_depth(c);
	//@ ghost vclk_lemma_ancestors_live(c);
	//@ ghost vclk_lemma_sums();
	if (vclk_prepare_count[c] == UINT32_MAX)
		return -VCLK_EOVERFLOW;

	if (vclk_prepare_count[c] == 0) {
		parent = vclk_parent[c];
		if (parent != VCLK_NONE) {
			//@ ghost vclk_lemma_ancestor_depth(parent);
			ret = clk_core_prepare(parent);
			if (ret)
				return ret;
		}
		ret = vclk_op_prepare(c);
		if (ret) {
			if (parent != VCLK_NONE)
				clk_core_unprepare_undo(parent);
			return ret;
		}
		//@ ghost if (parent == VCLK_NONE) vclk_walk_top = c;
	} else {
		//@ ghost vclk_walk_top = c;
	}
	/*@ assert others: \forall integer q; 0 <= q < VCLK_MAX_CLOCKS &&
	      q != vclk_parent[c] ==> vclk_prep_balanced_at(q); */
Bump:
	vclk_prepare_count[c]++;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	     loop invariant sum: \forall integer q;
	        vclk_child_preps_upto(q, n) == vclk_child_preps_upto{Bump}(q, n) +
	        ((c < n) ? vclk_child_prep(q, c) - vclk_child_prep{Bump}(q, c) : 0);
	     loop assigns n;
	     loop variant VCLK_MAX_CLOCKS - n;
	  @/
	  for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	    ;
	*/
	/*@ assert sums: \forall integer q; q != vclk_parent[c] ==>
	      vclk_child_preps(q) == vclk_child_preps{Bump}(q); */
	return 0;
}

void clk_core_unprepare(int c)
{
	int parent;

	//@ ghost vclk_lemma_ancestor_depth(c);
	//@ ghost vclk_lemma_ancestors_live(c);
	//@ ghost vclk_lemma_sums();
	//@ ghost vclk_lemma_levels();
Drop:
	vclk_prepare_count[c]--;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	     loop invariant sum: \forall integer q;
	        vclk_child_preps_upto(q, n) == vclk_child_preps_upto{Drop}(q, n) +
	        ((c < n) ? vclk_child_prep(q, c) - vclk_child_prep{Drop}(q, c) : 0);
	     loop assigns n;
	     loop variant VCLK_MAX_CLOCKS - n;
	  @/
	  for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	    ;
	*/
	/*@ assert sums: \forall integer q;
	      vclk_child_preps(q) == vclk_child_preps{Drop}(q) +
	      vclk_child_prep(q, c) - vclk_child_prep{Drop}(q, c); */
	if (vclk_prepare_count[c] == 0) {
		parent = vclk_parent[c];
		/*@ assert unowned: vclk_consumer_preps(c) == 0 &&
		      vclk_child_preps(c) == 0; */
		/*@ assert not_enabled: vclk_enable_count[c] == 0; */
		vclk_op_unprepare(c);
		if (parent != VCLK_NONE) {
			//@ ghost vclk_lemma_ancestor_depth(parent);
			/*@ assert path: \forall integer i; 0 <= i < VCLK_MAX_CLOCKS &&
			      i != c ==> (vclk_ancestor(i, c) <==>
			      (i == parent || vclk_ancestor(i, parent))); */
			/*@ assert not_above: !vclk_ancestor(c, parent); */
			clk_core_unprepare(parent);
		} else {
			//@ ghost vclk_walk_top = c;
		}
	} else {
		//@ ghost vclk_walk_top = c;
	}
}

void clk_core_unprepare_undo(int c)
{
	//@ ghost int t = vclk_walk_top;
	//@ ghost vclk_lemma_ancestor_depth(c);
	/*@ assert fresh: \forall integer i; vclk_below_top(i, c, t) ==>
	      vclk_prepare_count[i] == 1; */
Before:
	clk_core_unprepare(c);
	/*@ assert same_top_or_above: vclk_top_of(c, vclk_walk_top); */
	/*@ assert not_deeper: vclk_depth[vclk_walk_top] > vclk_depth[t] ==>
	      vclk_below_top(vclk_walk_top, c, t) &&
	      vclk_parent[vclk_walk_top] != VCLK_NONE; */
	/*@ assert not_deeper_2: \forall integer u; u == vclk_walk_top ==>
	      vclk_depth[u] > vclk_depth[t] ==>
	      \at(vclk_prepare_count[u], Before) == 1; */
	//@ assert depth_le: !(vclk_depth[vclk_walk_top] > vclk_depth[t]);
	/*@ assert not_shallower: vclk_depth[vclk_walk_top] < vclk_depth[t] ==>
	      vclk_below_top(t, c, vclk_walk_top) && vclk_parent[t] != VCLK_NONE; */
	//@ assert depth_ge: !(vclk_depth[vclk_walk_top] < vclk_depth[t]);
	//@ assert same_depth: vclk_depth[vclk_walk_top] == vclk_depth[t];
}

/* ==================== enable walks ==================== */

int clk_core_enable(int c)
{
	int parent;
	int ret;

	//@ ghost vclk_lemma_ancestor_depth(c);
	//@ ghost vclk_lemma_ancestors_live(c);
	//@ ghost vclk_lemma_sums();
	if (vclk_enable_count[c] == UINT32_MAX)
		return -VCLK_EOVERFLOW;

	if (vclk_enable_count[c] == 0) {
		parent = vclk_parent[c];
		if (parent != VCLK_NONE) {
			//@ ghost vclk_lemma_ancestor_depth(parent);
			ret = clk_core_enable(parent);
			if (ret)
				return ret;
		}
		ret = vclk_op_enable(c);
		if (ret) {
			if (parent != VCLK_NONE)
				clk_core_disable_undo(parent);
			return ret;
		}
		//@ ghost if (parent == VCLK_NONE) vclk_walk_top = c;
	} else {
		//@ ghost vclk_walk_top = c;
	}
	/*@ assert others: \forall integer q; 0 <= q < VCLK_MAX_CLOCKS &&
	      q != vclk_parent[c] ==> vclk_en_balanced_at(q); */
Bump:
	vclk_enable_count[c]++;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	     loop invariant sum: \forall integer q;
	        vclk_child_ens_upto(q, n) == vclk_child_ens_upto{Bump}(q, n) +
	        ((c < n) ? vclk_child_en(q, c) - vclk_child_en{Bump}(q, c) : 0);
	     loop assigns n;
	     loop variant VCLK_MAX_CLOCKS - n;
	  @/
	  for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	    ;
	*/
	/*@ assert sums: \forall integer q; q != vclk_parent[c] ==>
	      vclk_child_ens(q) == vclk_child_ens{Bump}(q); */
	/*@ assert at_rest: \forall integer i;
	      vclk_nr_clocks <= i < VCLK_MAX_CLOCKS ==> vclk_enable_count[i] == 0; */
	return 0;
}

void clk_core_disable(int c)
{
	int parent;

	//@ ghost vclk_lemma_ancestor_depth(c);
	//@ ghost vclk_lemma_ancestors_live(c);
	//@ ghost vclk_lemma_sums();
Drop:
	vclk_enable_count[c]--;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	     loop invariant sum: \forall integer q;
	        vclk_child_ens_upto(q, n) == vclk_child_ens_upto{Drop}(q, n) +
	        ((c < n) ? vclk_child_en(q, c) - vclk_child_en{Drop}(q, c) : 0);
	     loop assigns n;
	     loop variant VCLK_MAX_CLOCKS - n;
	  @/
	  for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	    ;
	*/
	/*@ assert sums: \forall integer q;
	      vclk_child_ens(q) == vclk_child_ens{Drop}(q) +
	      vclk_child_en(q, c) - vclk_child_en{Drop}(q, c); */
	if (vclk_enable_count[c] == 0) {
		parent = vclk_parent[c];
		/*@ assert unowned: vclk_consumer_ens(c) == 0 &&
		      vclk_child_ens(c) == 0; */
		vclk_op_disable(c);
		if (parent != VCLK_NONE) {
			//@ ghost vclk_lemma_ancestor_depth(parent);
			/*@ assert path: \forall integer i; 0 <= i < VCLK_MAX_CLOCKS &&
			      i != c ==> (vclk_ancestor(i, c) <==>
			      (i == parent || vclk_ancestor(i, parent))); */
			/*@ assert not_above: !vclk_ancestor(c, parent); */
			clk_core_disable(parent);
		} else {
			//@ ghost vclk_walk_top = c;
		}
	} else {
		//@ ghost vclk_walk_top = c;
	}
}

void clk_core_disable_undo(int c)
{
	//@ ghost int t = vclk_walk_top;
	//@ ghost vclk_lemma_ancestor_depth(c);
	/*@ assert fresh: \forall integer i; vclk_below_top(i, c, t) ==>
	      vclk_enable_count[i] == 1; */
Before:
	clk_core_disable(c);
	/*@ assert same_top_or_above: vclk_top_of(c, vclk_walk_top); */
	/*@ assert not_deeper: vclk_depth[vclk_walk_top] > vclk_depth[t] ==>
	      vclk_below_top(vclk_walk_top, c, t) &&
	      vclk_parent[vclk_walk_top] != VCLK_NONE; */
	/*@ assert not_deeper_2: \forall integer u; u == vclk_walk_top ==>
	      vclk_depth[u] > vclk_depth[t] ==>
	      \at(vclk_enable_count[u], Before) == 1; */
	//@ assert depth_le: !(vclk_depth[vclk_walk_top] > vclk_depth[t]);
	/*@ assert not_shallower: vclk_depth[vclk_walk_top] < vclk_depth[t] ==>
	      vclk_below_top(t, c, vclk_walk_top) && vclk_parent[t] != VCLK_NONE; */
	//@ assert depth_ge: !(vclk_depth[vclk_walk_top] < vclk_depth[t]);
	//@ assert same_depth: vclk_depth[vclk_walk_top] == vclk_depth[t];
}
