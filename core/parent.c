/* SPDX-License-Identifier: MIT */
/*
 * core/parent.c - topology: ancestry, reparenting, cached rates.
 *
 * Acyclicity is carried by the depth array: a move rewrites the depths of
 * the moved subtree, and a parent that is the clock itself or one of its
 * descendants is refused before anything changes.
 */
#include "vclk_nolock.h"
#include "vclk_core.h"
#include "vclk_lemmas.h"
#include "vclk_ops.h"

/* ==================== state ==================== */

/* pool.c's input tables, defined here for pool.c's section anchors */
const char *vclk_parent_name[VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS];
int vclk_parent_ids[VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS];

/* ==================== this file's helpers ==================== */

/**
 * clk_core_subtree_fits() - whether @c's subtree stays within the depth
 * bound under @np.  Always true in a real tree (a path of distinct clocks
 * is shorter than the pool); checked rather than proven, see the report.
 */
/*@ requires acyclic: vclk_acyclic;
    requires slots:   vclk_slot(c) && vclk_slot(np);
    assigns  \nothing;
    ensures  bool: \result == 0 || \result == 1;
    ensures  fits: \result == 1 <==> vclk_subtree_fits(c, np);
*/
static int clk_core_subtree_fits(int c, int np);

/**
 * clk_core_move() - make @np the parent of @c, input @index
 *
 * Rewrites the depths of @c's subtree; counts do not move here, the
 * caller migrates them around this call.
 */
/*@ requires pool:     vclk_pool_ok;
    requires acyclic:  vclk_acyclic;
    requires live:     vclk_live(c) && vclk_live(np);
    requires no_cycle: np != c && !vclk_ancestor(c, np);
    requires index:    0 <= index < vclk_nr_parents[c] &&
                       vclk_parent_ids[VCLK_INPUT(c, index)] == np;
    requires fits:     vclk_subtree_fits(c, np);
    assigns  vclk_parent[c], vclk_parent_index[c], vclk_depth[0 .. VCLK_MAX_CLOCKS-1];
    ensures  pool:     vclk_pool_ok;
    ensures  acyclic:  vclk_acyclic;
    ensures  moved:    vclk_parent[c] == np && vclk_parent_index[c] == index;
    ensures  prep_sums: \forall integer q; vclk_child_preps(q) ==
                 \old(vclk_child_preps(q)) + vclk_child_prep(q, c) -
                 \old(vclk_child_prep(q, c));
    ensures  en_sums: \forall integer q; vclk_child_ens(q) ==
                 \old(vclk_child_ens(q)) + vclk_child_en(q, c) -
                 \old(vclk_child_en(q, c));
*/
static void clk_core_move(int c, int np, int index);

/**
 * clk_core_recalc_subtree() - refresh the cached rates of @c and below,
 * parents before children
 */
/*@ requires pool:    vclk_pool_ok;
    requires acyclic: vclk_acyclic;
    requires live:    vclk_live(c);
    assigns  vclk_rate[0 .. vclk_nr_clocks - 1];
*/
static void clk_core_recalc_subtree(int c);

/**
 * clk_core_parent_index() - the input of @c that is clock @p, or -1
 */
/*@ requires pool: vclk_pool_ok;
    requires live: vclk_live(c);
    assigns  \nothing;
    ensures  range: -1 <= \result < vclk_nr_parents[c];
    ensures  found: \result >= 0 ==> vclk_parent_ids[VCLK_INPUT(c, \result)] == p;
    ensures  none:  \result < 0 ==> \forall integer k; 0 <= k < vclk_nr_parents[c] ==>
                      vclk_parent_ids[VCLK_INPUT(c, k)] != p;
*/
static int clk_core_parent_index(int c, int p);

/* ==================== ancestry ==================== */

int clk_core_is_ancestor(int a, int x)
{
	int y = x;

	/*@ loop invariant slot:     vclk_slot(y);
	    loop invariant ancestor: vclk_ancestor(a, x) <==> vclk_ancestor(a, y);
	    loop assigns y;
	    loop variant vclk_depth[y];
	*/
	while (vclk_parent[y] != VCLK_NONE) {
		y = vclk_parent[y];
		if (y == a)
			return 1;
	}
	return 0;
}

static int clk_core_subtree_fits(int c, int np)
{
	int limit = VCLK_MAX_CLOCKS - 1 - vclk_depth[np] + vclk_depth[c];

	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_CLOCKS;
	    loop invariant fits: \forall integer k; 0 <= k < i &&
	       vclk_in_subtree(k, c) ==> vclk_depth[k] < limit;
	    loop assigns i;
	    loop variant VCLK_MAX_CLOCKS - i;
	*/
	for (int i = 0; i < VCLK_MAX_CLOCKS; i++) {
		if ((i == c || clk_core_is_ancestor(c, i)) && vclk_depth[i] >= limit)
			return 0;
	}
	return 1;
}

/* ==================== moving a subtree ==================== */

static void clk_core_move(int c, int np, int index)
{
	int in_subtree[VCLK_MAX_CLOCKS];
	int delta = vclk_depth[np] + 1 - vclk_depth[c];

	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_CLOCKS;
	    loop invariant member: \forall integer k; 0 <= k < i ==>
	       (in_subtree[k] != 0 <==> vclk_in_subtree(k, c));
	    loop invariant deeper: \forall integer k; 0 <= k < i ==>
	       vclk_in_subtree(k, c) ==> vclk_depth[k] >= vclk_depth[c];
	    loop assigns i, in_subtree[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant VCLK_MAX_CLOCKS - i;
	*/
	for (int i = 0; i < VCLK_MAX_CLOCKS; i++) {
		in_subtree[i] = (i == c) || clk_core_is_ancestor(c, i);
		//@ ghost vclk_lemma_ancestor_depth(i);
	}
	//@ ghost vclk_lemma_ancestor_depth(np);
	/*@ assert below_moves_too: \forall integer k;
	      0 <= k < VCLK_MAX_CLOCKS && vclk_parent[k] != VCLK_NONE && k != c ==>
	      (vclk_in_subtree(k, c) <==> vclk_in_subtree(vclk_parent[k], c)); */
	/*@ assert subtree_live: \forall integer k;
	      0 <= k < VCLK_MAX_CLOCKS && vclk_in_subtree(k, c) ==>
	      k == c || vclk_parent[k] != VCLK_NONE; */
	/*@ assert np_outside: !vclk_in_subtree(np, c); */
	/*@ assert members_deeper: \forall integer k; 0 <= k < VCLK_MAX_CLOCKS &&
	      vclk_in_subtree(k, c) ==> vclk_depth[k] >= vclk_depth[c]; */
Before:
	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_CLOCKS;
	    loop invariant shifted: \forall integer k; 0 <= k < i ==>
	       vclk_depth[k] == (in_subtree[k] != 0 ?
	         \at(vclk_depth[k], Before) + delta : \at(vclk_depth[k], Before));
	    loop invariant rest: \forall integer k; i <= k < VCLK_MAX_CLOCKS ==>
	       vclk_depth[k] == \at(vclk_depth[k], Before);
	    loop assigns i, vclk_depth[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant VCLK_MAX_CLOCKS - i;
	*/
	for (int i = 0; i < VCLK_MAX_CLOCKS; i++) {
		if (in_subtree[i])
			vclk_depth[i] += delta;
	}
Switch:
	vclk_parent[c] = np;
	vclk_parent_index[c] = index;
	/* vclk_pool_ok piece by piece: as one goal it is at the provers'
	 * time limit */
	/*@ assert at_rest: \forall integer k; vclk_nr_clocks <= k < VCLK_MAX_CLOCKS ==>
	      vclk_slot_at_rest(k); */
	/*@ assert clock_c: vclk_clock_ok(c); */
	/*@ assert clocks_others: \forall integer k; vclk_live(k) && k != c ==>
	      vclk_clock_ok(k); */
	/*@ assert clocks: vclk_clocks_ok; */
	/*@ assert inner: \forall integer k; 0 <= k < VCLK_MAX_CLOCKS &&
	      in_subtree[k] != 0 && k != c ==>
	      vclk_parent[k] != VCLK_NONE && in_subtree[vclk_parent[k]] != 0; */
	/*@ assert outer: \forall integer k; 0 <= k < VCLK_MAX_CLOCKS &&
	      in_subtree[k] == 0 && vclk_parent[k] != VCLK_NONE ==>
	      in_subtree[vclk_parent[k]] == 0; */
	/*@ assert top: vclk_depth[c] == vclk_depth[np] + 1; */
	/*@ assert bounds: \forall integer k; 0 <= k < VCLK_MAX_CLOCKS ==>
	      0 <= vclk_depth[k] < VCLK_MAX_CLOCKS; */
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	     loop invariant prep: \forall integer q;
	        vclk_child_preps_upto(q, n) == vclk_child_preps_upto{Switch}(q, n) +
	        ((c < n) ? vclk_child_prep(q, c) - vclk_child_prep{Switch}(q, c) : 0);
	     loop invariant en: \forall integer q;
	        vclk_child_ens_upto(q, n) == vclk_child_ens_upto{Switch}(q, n) +
	        ((c < n) ? vclk_child_en(q, c) - vclk_child_en{Switch}(q, c) : 0);
	     loop assigns n;
	     loop variant VCLK_MAX_CLOCKS - n;
	  @/
	  for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	    ;
	*/
}

/* ==================== rates ==================== */

unsigned long clk_core_rate_from_parent(int c)
{
	int parent = vclk_parent[c];

	if (parent != VCLK_NONE)
		return vclk_op_recalc_rate(c, vclk_rate[parent]);
	if (vclk_nr_parents[c] == 0)
		return vclk_op_recalc_rate(c, 0);
	return 0;	/* an orphan has no rate, as in Linux */
}

static void clk_core_recalc_subtree(int c)
{
	int in_subtree[VCLK_MAX_CLOCKS];

	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_CLOCKS;
	    loop assigns i, in_subtree[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant VCLK_MAX_CLOCKS - i;
	*/
	for (int i = 0; i < VCLK_MAX_CLOCKS; i++)
		in_subtree[i] = (i == c) || clk_core_is_ancestor(c, i);

	/* by depth, so a parent's new rate is in place before its children's */
	/*@ loop invariant bound: vclk_depth[c] <= d <= VCLK_MAX_CLOCKS;
	    loop assigns d, vclk_rate[0 .. vclk_nr_clocks - 1];
	    loop variant VCLK_MAX_CLOCKS - d;
	*/
	for (int d = vclk_depth[c]; d < VCLK_MAX_CLOCKS; d++) {
		/*@ loop invariant bound: 0 <= i <= vclk_nr_clocks;
		    loop assigns i, vclk_rate[0 .. vclk_nr_clocks - 1];
		    loop variant vclk_nr_clocks - i;
		*/
		for (int i = 0; i < vclk_nr_clocks; i++) {
			if (in_subtree[i] && vclk_depth[i] == d)
				vclk_rate[i] = clk_core_rate_from_parent(i);
		}
	}
}

/* ==================== reparenting ==================== */

static int clk_core_parent_index(int c, int p)
{
	/*@ loop invariant bound: 0 <= k <= vclk_nr_parents[c];
	    loop invariant not_yet: \forall integer j; 0 <= j < k ==>
	                              vclk_parent_ids[VCLK_INPUT(c, j)] != p;
	    loop assigns k;
	    loop variant vclk_nr_parents[c] - k;
	*/
	for (int k = 0; k < vclk_nr_parents[c]; k++) {
		if (vclk_parent_ids[VCLK_INPUT(c, k)] == p)
			return k;
	}
	return -1;
}

int clk_core_reparent(int c, int np, int index, int set_hw)
{
	int old = vclk_parent[c];
	int prepared = vclk_prepare_count[c] > 0;
	int enabled = vclk_enable_count[c] > 0;
	int ret;
	//@ ghost int prepare_top = 0;
	//@ ghost int enable_top = 0;

	if (!clk_core_subtree_fits(c, np))
		return -VCLK_EINVAL;

	/* the new parent first gains what c holds ... */
	if (prepared) {
		ret = clk_core_prepare(np);
		if (ret)
			return ret;
		//@ ghost prepare_top = vclk_walk_top;
	}
	//@ assert enabled_prepared: enabled ==> prepared;
	if (enabled) {
		//@ ghost vclk_lemma_sums();
		//@ assert held: vclk_prepare_count[np] > 0;
		//@ ghost vclk_lemma_prep_parent(np);
		ret = clk_core_enable(np);
		if (ret) {
			//@ ghost vclk_walk_top = prepare_top;
			clk_core_unprepare_undo(np);
			return ret;
		}
		//@ ghost enable_top = vclk_walk_top;
	}
	if (set_hw) {
		ret = vclk_op_set_parent(c, index);
		if (ret) {
			if (enabled) {
				//@ ghost vclk_walk_top = enable_top;
				clk_core_disable_undo(np);
			}
			if (prepared) {
				//@ ghost vclk_walk_top = prepare_top;
				clk_core_unprepare_undo(np);
			}
			return ret;
		}
	}
	//@ ghost vclk_lemma_sums();
Moving:
	clk_core_move(c, np, index);
	/*@ assert prep_now: \forall integer q; vclk_child_prep(q, c) ==
	      ((q == np && prepared) ? 1 : 0); */
	/*@ assert prep_was: \forall integer q; vclk_child_prep{Moving}(q, c) ==
	      ((q == old && prepared) ? 1 : 0); */
	/*@ assert en_now: \forall integer q; vclk_child_en(q, c) ==
	      ((q == np && enabled) ? 1 : 0); */
	/*@ assert en_was: \forall integer q; vclk_child_en{Moving}(q, c) ==
	      ((q == old && enabled) ? 1 : 0); */
	/*@ assert prep_moved: prepared && old != VCLK_NONE ==>
	      vclk_prep_balanced_but(old); */
	/*@ assert prep_kept: !(prepared && old != VCLK_NONE) ==>
	      vclk_prep_balanced; */
	/*@ assert en_moved: enabled && old != VCLK_NONE ==>
	      vclk_en_balanced_but(old); */
	/*@ assert en_kept: !(enabled && old != VCLK_NONE) ==>
	      vclk_en_balanced; */

	/* ... and the old one loses it after the switch */
	if (enabled && old != VCLK_NONE)
		clk_core_disable(old);
	if (prepared && old != VCLK_NONE)
		clk_core_unprepare(old);
	//@ assert balanced: vclk_balanced;
	//@ assert enabled_prepared: vclk_enabled_prepared;
	clk_core_recalc_subtree(c);
	//@ assert pool: vclk_pool_ok;
	//@ assert acyclic: vclk_acyclic;
	return 0;
}

/* ==================== consumer API ==================== */

int clk_set_parent_nolock(struct clk *clk, struct clk *parent)
{
	int c, p, index;

	if (!clk)
		return 0;
	c = vclk_handle_live(clk);
	if (c < 0)
		return c;
	if (!parent)
		return -VCLK_EINVAL;
	p = vclk_handle_live(parent);
	if (p < 0)
		return p;
	//@ ghost vclk_lemma_ancestor_depth(p);
	if (vclk_parent[c] == p)
		return 0;
	/* busy before invalid, as Linux's clk_core_set_parent_nolock() */
	if ((vclk_flags[c] & CLK_SET_PARENT_GATE) && vclk_prepare_count[c] > 0)
		return -VCLK_EBUSY;
	/* a protected clock's subtree is what a reparent would move */
	if (clk_core_rate_protected(c, vclk_handle_index(clk)))
		return -VCLK_EBUSY;
	if (p == c || clk_core_is_ancestor(c, p))
		return -VCLK_EINVAL;
	index = clk_core_parent_index(c, p);
	if (index < 0)
		return -VCLK_EINVAL;
	return clk_core_reparent_notified(c, p, index);
}

struct clk *clk_get_parent_nolock(struct clk *clk)
{
	int c;

	if (!clk)
		return NULL;
	c = vclk_handle_clock[vclk_handle_index(clk)];
	if (c == VCLK_NONE || vclk_parent[c] == VCLK_NONE)
		return NULL;
	//@ assert at: vclk_handle_at(&vclk_handles[vclk_parent[c]], vclk_parent[c]);
	return &vclk_handles[vclk_parent[c]];
}

bool clk_has_parent_nolock(const struct clk *clk, const struct clk *parent)
{
	int c, p, k;

	if (!clk || !parent)
		return true;
	c = vclk_handle_clock[vclk_handle_index(clk)];
	p = vclk_handle_clock[vclk_handle_index(parent)];
	if (c == VCLK_NONE || p == VCLK_NONE)
		return false;
	k = clk_core_parent_index(c, p);
	/* the input's index is the witness vclk_is_input() asks for */
	/*@ assert found: k >= 0 ==> 0 <= k < vclk_nr_parents[c] &&
	                   vclk_parent_ids[VCLK_INPUT(c, k)] == p; */
	//@ assert is_input: k >= 0 ==> vclk_is_input(c, p);
	//@ assert not_input: k < 0 ==> !vclk_is_input(c, p);
	return k >= 0;
}

unsigned long clk_get_rate_nolock(struct clk *clk)
{
	int c;

	if (!clk)
		return 0;
	c = vclk_handle_clock[vclk_handle_index(clk)];
	if (c == VCLK_NONE)
		return 0;
	return vclk_rate[c];
}
