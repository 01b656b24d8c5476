/* SPDX-License-Identifier: MIT */
/*
 * core/rate.c - round_rate, set_rate, consumer rate ranges, notifiers.
 *
 * A change is planned whole before anything is touched (clk_core_plan,
 * clk_core_plan_subtree), checked and announced, then applied to the
 * providers top down (clk_core_apply), and only then made visible in the
 * cached rates (clk_core_commit_rates).  A provider failure unwinds the
 * providers already programmed in reverse order; nothing cached has moved
 * by then, so that is the whole rollback (spec/rate.h).
 */
#include "vclk_nolock.h"
#include "vclk_core.h"
#include "vclk_lemmas.h"
#include "vclk_ops.h"

/* ==================== state ==================== */

unsigned long vclk_req_rate[VCLK_MAX_CLOCKS];
int vclk_req_set[VCLK_MAX_CLOCKS];
unsigned long vclk_handle_min[VCLK_NR_HANDLES];
unsigned long vclk_handle_max[VCLK_NR_HANDLES];
unsigned long vclk_clk_min[VCLK_MAX_CLOCKS];
unsigned long vclk_clk_max[VCLK_MAX_CLOCKS];
struct notifier_block *vclk_nb[VCLK_MAX_NOTIFIERS];
struct clk *vclk_nb_handle[VCLK_MAX_NOTIFIERS];
int vclk_nb_clock[VCLK_MAX_NOTIFIERS];
int vclk_busy;

unsigned long vclk_new_rate[VCLK_MAX_CLOCKS];
unsigned long vclk_old_rate[VCLK_MAX_CLOCKS];
int vclk_path[VCLK_MAX_CLOCKS];
int vclk_in_change[VCLK_MAX_CLOCKS];

/*@ ghost int vclk_hw_cfg[VCLK_MAX_CLOCKS]; */
/*@ ghost int vclk_saved_cfg[VCLK_MAX_CLOCKS]; */

/* ==================== requests and ranges ==================== */

void vclk_rate_reset(void)
{
	/* no handle asks a range: every clock's intersection is everything */
	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_CLOCKS;
	    loop invariant open: \forall integer c; 0 <= c < i ==>
	                    vclk_clk_min[c] == 0 && vclk_clk_max[c] == ULONG_MAX;
	    loop assigns i, vclk_req_rate[0 .. VCLK_MAX_CLOCKS-1],
	                 vclk_req_set[0 .. VCLK_MAX_CLOCKS-1],
	                 vclk_clk_min[0 .. VCLK_MAX_CLOCKS-1],
	                 vclk_clk_max[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant VCLK_MAX_CLOCKS - i;
	*/
	for (int i = 0; i < VCLK_MAX_CLOCKS; i++) {
		vclk_req_rate[i] = 0;
		vclk_req_set[i] = 0;
		vclk_clk_min[i] = 0;
		vclk_clk_max[i] = ULONG_MAX;
	}
	/*@ loop invariant bound: 0 <= h <= VCLK_NR_HANDLES;
	    loop invariant open: \forall integer g; 0 <= g < h ==>
	                    vclk_handle_min[g] == 0 && vclk_handle_max[g] == ULONG_MAX;
	    loop assigns h, vclk_handle_min[0 .. VCLK_NR_HANDLES-1],
	                 vclk_handle_max[0 .. VCLK_NR_HANDLES-1];
	    loop variant VCLK_NR_HANDLES - h;
	*/
	for (int h = 0; h < VCLK_NR_HANDLES; h++) {
		vclk_handle_min[h] = 0;
		vclk_handle_max[h] = ULONG_MAX;
	}
	/*@ loop invariant bound: 0 <= n <= VCLK_MAX_NOTIFIERS;
	    loop assigns n, vclk_nb[0 .. VCLK_MAX_NOTIFIERS-1],
	                 vclk_nb_handle[0 .. VCLK_MAX_NOTIFIERS-1],
	                 vclk_nb_clock[0 .. VCLK_MAX_NOTIFIERS-1];
	    loop variant VCLK_MAX_NOTIFIERS - n;
	*/
	for (int n = 0; n < VCLK_MAX_NOTIFIERS; n++) {
		vclk_nb[n] = NULL;
		vclk_nb_handle[n] = NULL;
		vclk_nb_clock[n] = VCLK_NONE;
	}
	vclk_busy = 0;
}

/*
 * The old scan, now run only when a handle's clock or range changes: one
 * loop for both ends, so that the hot path reads two words.
 */
void clk_core_range_update(int c)
{
	unsigned long lo = 0, hi = ULONG_MAX;

	/*@ loop invariant bound: 0 <= h <= VCLK_NR_HANDLES;
	    loop invariant lower: lo == vclk_min_upto(c, h);
	    loop invariant upper: hi == vclk_max_upto(c, h);
	    loop assigns h, lo, hi;
	    loop variant VCLK_NR_HANDLES - h;
	*/
	for (int h = 0; h < VCLK_NR_HANDLES; h++) {
		if (vclk_handle_clock[h] != c)
			continue;
		if (vclk_handle_min[h] > lo)
			lo = vclk_handle_min[h];
		if (vclk_handle_max[h] < hi)
			hi = vclk_handle_max[h];
	}
	vclk_clk_min[c] = lo;
	vclk_clk_max[c] = hi;
}

void vclk_handle_range_set(int h, unsigned long min, unsigned long max)
{
	int c = vclk_handle_clock[h];

Set:
	vclk_handle_min[h] = min;
	vclk_handle_max[h] = max;
	/* only the intersection of h's own clock can move */
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant same: \forall integer q; vclk_slot(q) && q != c ==>
	        vclk_min_upto(q, n) == vclk_min_upto{Set}(q, n) &&
	        vclk_max_upto(q, n) == vclk_max_upto{Set}(q, n);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
	if (c != VCLK_NONE)
		clk_core_range_update(c);
}

void vclk_handle_bind(int h, int c)
{
	int old = vclk_handle_clock[h];

Bind:
	vclk_handle_clock[h] = c;
	/* only the intersections of h's old and new clock can move */
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant same: \forall integer q; vclk_slot(q) && q != c && q != old ==>
	        vclk_min_upto(q, n) == vclk_min_upto{Bind}(q, n) &&
	        vclk_max_upto(q, n) == vclk_max_upto{Bind}(q, n);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
	if (old != VCLK_NONE)
		clk_core_range_update(old);
	if (c != VCLK_NONE)
		clk_core_range_update(c);
}

/* the intersection kept by every writer of a handle's clock or range
 * (spec/aggregate.h): two loads, not a scan of every handle */
unsigned long clk_core_bound(int c, int upper)
{
	//@ ghost vclk_lemma_bound_inside(c);
	return upper ? vclk_clk_max[c] : vclk_clk_min[c];
}

/* inside every range is inside their intersection (fewer bytes than a
 * third loop over the handles) */
int clk_core_rate_allowed(int c, unsigned long rate)
{
	//@ ghost vclk_lemma_allowed_inside(c, rate);
	return clk_core_bound(c, 0) <= rate && rate <= clk_core_bound(c, 1);
}

/* ==================== planning ==================== */

/*@ assigns \nothing;
    ensures distance: \result == \abs(a - b);
*/
static unsigned long rate_distance(unsigned long a, unsigned long b)
{
	return a > b ? a - b : b - a;
}

/* whether @now serves a request of @req better than @best does */
/*@ assigns \nothing;
    ensures model: \result != 0 <==> vclk_better(req, now, best, closest) != 0;
*/
static int rate_better(unsigned long req, unsigned long now,
		       unsigned long best, int closest)
{
	if (closest)
		return rate_distance(now, req) < rate_distance(best, req);
	if (now <= req)
		return best > req || now > best;
	return best > req && now < best;
}

/*
 * Forget what clk_core_round() answered: the answers belong to the rates,
 * parents and provider settings of the state they were computed in.
 */
/*@ assigns  vclk_round_memo[0 .. VCLK_MAX_CLOCKS-1];
    ensures  forgotten: \forall integer i; 0 <= i < VCLK_MAX_CLOCKS ==>
                        vclk_round_memo[i].req == 0 &&
                        vclk_round_memo[i].input < 0;
    ensures  memo:      vclk_memo_sound;
    ensures  switches:  vclk_memo_switches;
*/
static void clk_core_round_forget(void)
{
	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_CLOCKS;
	    loop invariant forgotten: \forall integer j; 0 <= j < i ==>
	                    vclk_round_memo[j].req == 0 &&
	                    vclk_round_memo[j].input < 0;
	    loop assigns i, vclk_round_memo[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant VCLK_MAX_CLOCKS - i;
	*/
	for (int i = 0; i < VCLK_MAX_CLOCKS; i++) {
		vclk_round_memo[i].req = 0;
		vclk_round_memo[i].input = -1;
	}
}

unsigned long clk_core_round(int c, unsigned long req)
{
	int p = vclk_parent[c];
	int closest = (vclk_flags[c] & CLK_ROUND_CLOSEST) != 0;
	unsigned long best = 0, best_preq = 0, best_prate = 0;
	int input = -1, can;
	//@ ghost int bi = -1;

	if (req != 0 && vclk_round_memo[c].req == req)
		return vclk_round_memo[c].rate;
	//@ assert parent: p != VCLK_NONE ==> vclk_live(p) && vclk_depth[p] == vclk_depth[c] - 1;
	//@ assert closest: closest == vclk_closest(c);
	if (p == VCLK_NONE) {
		/* an orphan runs at nothing */
		if (vclk_nr_parents[c] == 0)
			best = vclk_op_round_rate(c, req, 0);
	} else {
		/* the parent's current rate first: a candidate must do strictly
		 * better to move it (Linux's clk_divider_bestdiv() keeps the
		 * parent when it already gives the request) */
		best_prate = vclk_rate[p];
		best_preq = best_prate;
		best = vclk_op_round_rate(c, req, best_prate);
	}
	if (p != VCLK_NONE && (vclk_flags[c] & CLK_SET_RATE_PARENT)) {
		/*@ loop invariant bound: 0 <= k <= VCLK_MAX_RATE_CANDIDATES;
		    loop invariant memo:  vclk_memo_sound;
		    loop invariant switches: vclk_memo_switches;
		    loop invariant index: bi == vclk_best(c, req, k, vclk_depth[c]);
		    loop invariant range: -1 <= bi < k;
		    loop invariant kept:  bi < 0 ==>
		      best_preq == vclk_rate[p] && best_prate == vclk_rate[p];
		    loop invariant best:  best == vclk_round_of(c, req, best_prate);
		    loop invariant preq:  bi >= 0 ==>
		      best_preq == vclk_candidate_of(c, req, bi);
		    loop invariant prate: bi >= 0 ==>
		      best_prate == vclk_round(p, best_preq, vclk_depth[p]);
		    loop assigns k, bi, best, best_preq, best_prate,
		                 vclk_round_memo[0 .. VCLK_MAX_CLOCKS-1];
		    loop variant VCLK_MAX_RATE_CANDIDATES - k;
		*/
		for (int k = 0; k < VCLK_MAX_RATE_CANDIDATES; k++) {
			unsigned long want, got, now;

			/* nothing does strictly better than exact */
			if (best == req) {
				//@ assert exact: vclk_cand_rate(c, req, bi, vclk_depth[c]) == req;
				//@ ghost vclk_lemma_exact_stays(c, req, k, vclk_depth[c]);
				break;
			}
			want = vclk_op_parent_rate_candidate(c, req, k);
			/* skipped, not the end: the model needs no search for
			 * where the provider's list ends */
			if (want == 0) {
				//@ assert skip: vclk_best(c, req, k + 1, vclk_depth[c]) == bi;
				continue;
			}
			got = clk_core_round(p, want);
			now = vclk_op_round_rate(c, req, got);
			/*@ assert step: vclk_best(c, req, k + 1, vclk_depth[c]) ==
			      (vclk_better(req, now, best, closest) != 0 ? k : bi); */
			if (rate_better(req, now, best, closest)) {
				//@ ghost bi = k;
				best = now;
				best_preq = want;
				best_prate = got;
			}
		}
		//@ assert searched: bi == vclk_best(c, req, VCLK_MAX_RATE_CANDIDATES, vclk_depth[c]);
		//@ assert cand: best == vclk_cand_rate(c, req, bi, vclk_depth[c]);
		//@ assert srp_cur: best == vclk_round_cur(c, req, vclk_depth[c]);
		//@ assert srp_req: best_preq == vclk_cur_req(c, req, vclk_depth[c]);
		//@ assert srp_got: best_prate == vclk_cur_got(c, req, vclk_depth[c]);
	}
	//@ assert cur: best == vclk_round_cur(c, req, vclk_depth[c]);
	//@ assert cur_req: best_preq == vclk_cur_req(c, req, vclk_depth[c]);
	//@ assert cur_got: best_prate == vclk_cur_got(c, req, vclk_depth[c]);
	/* a mux may switch to another input at that input's current rate
	 * (Linux's clk_mux_determine_rate, narrowed: the other inputs are
	 * not asked for a new rate) when that is strictly better */
	can = vclk_nr_parents[c] > 1 &&
	      !(vclk_flags[c] & CLK_SET_RATE_NO_REPARENT) &&
	      !((vclk_flags[c] & CLK_SET_PARENT_GATE) &&
		vclk_prepare_count[c] > 0);
	/*@ loop invariant bound: 0 <= j <= vclk_nr_parents[c];
	    loop invariant input: input == vclk_alt(c, req, j, vclk_depth[c]);
	    loop invariant range: -1 <= input < j;
	    loop invariant sw:    input >= 0 ==> vclk_switch_ok(c, input);
	    loop invariant stay:  input < 0 ==>
	      best == vclk_round_cur(c, req, vclk_depth[c]) &&
	      best_preq == vclk_cur_req(c, req, vclk_depth[c]) &&
	      best_prate == vclk_cur_got(c, req, vclk_depth[c]);
	    loop invariant move_live: input >= 0 ==> vclk_live(vclk_input_clock(c, input));
	    loop invariant move_preq: input >= 0 ==>
	      best_preq == vclk_rate[vclk_input_clock(c, input)];
	    loop invariant move_prate: input >= 0 ==> best_prate == best_preq;
	    loop invariant move_best: input >= 0 ==>
	      best == vclk_round_of(c, req, best_prate);
	    loop assigns j, input, best, best_preq, best_prate;
	    loop variant vclk_nr_parents[c] - j;
	*/
	for (int j = 0; j < vclk_nr_parents[c]; j++) {
		int q = vclk_parent_ids[VCLK_INPUT(c, j)];
		unsigned long now;

		if (!can || q == VCLK_NONE || q == p || q == c) {
			//@ assert skip: vclk_alt(c, req, j + 1, vclk_depth[c]) == input;
			continue;
		}
		//@ ghost vclk_lemma_anc_t(q, c, vclk_depth[q]);
		if (clk_core_is_ancestor(c, q)) {
			//@ assert skip_below: vclk_alt(c, req, j + 1, vclk_depth[c]) == input;
			continue;
		}
		//@ assert q_live: vclk_live(q) && q == vclk_input_clock(c, j);
		//@ assert ok: vclk_alt_ok(c, q) != 0;
		//@ assert takes: vclk_switch_ok(c, j);
		now = vclk_op_round_rate(c, req, vclk_rate[q]);
		/*@ assert step: vclk_alt(c, req, j + 1, vclk_depth[c]) ==
		      (vclk_better(req, now, best, closest) != 0 ? j : input); */
		if (rate_better(req, now, best, closest)) {
			best = now;
			best_preq = vclk_rate[q];
			best_prate = best_preq;
			input = j;
		}
	}
	vclk_round_memo[c].req = req;
	vclk_round_memo[c].rate = best;
	vclk_round_memo[c].preq = best_preq;
	vclk_round_memo[c].prate = best_prate;
	vclk_round_memo[c].input = input;
	return best;
}

int clk_core_plan(int c, unsigned long req)
{
	int p = vclk_parent[c];
	int top = c;
	unsigned long now = clk_core_round(c, req);

	//@ ghost vclk_lemma_keeps_parent(c, req, vclk_depth[c]);

	/* a switch to another input makes c the top: nothing above moves */
	if (vclk_round_memo[c].input < 0 && p != VCLK_NONE &&
	    (vclk_flags[c] & CLK_SET_RATE_PARENT) &&
	    vclk_round_memo[c].prate != vclk_rate[p]) {
		//@ assert parent: vclk_live(p) && vclk_depth[p] == vclk_depth[c] - 1;
		top = clk_core_plan(p, vclk_round_memo[c].preq);
		/* the parent's plan is what rounding saw; ask again so that
		 * what is programmed is consistent whatever the provider does */
		now = vclk_op_round_rate(c, req, vclk_new_rate[p]);
	}
	vclk_new_rate[c] = now;
	vclk_path[vclk_depth[c]] = c;
	return top;
}

void clk_core_plan_subtree(int c, int top)
{
	int first = vclk_depth[top] + 1;
	int last = vclk_depth[c];
	int deepest = vclk_depth[top];

	/* a clock no deeper than the top is not below it: no walk up */
	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_CLOCKS;
	    loop invariant mask: \forall integer j; 0 <= j < i ==>
	                    (vclk_in_change[j] != 0 <==> vclk_in_subtree(j, top));
	    loop invariant copy: \forall integer j; 0 <= j < i ==>
	                    vclk_old_rate[j] == vclk_rate[j];
	    loop invariant deepest: vclk_depth[top] <= deepest < VCLK_MAX_CLOCKS;
	    loop assigns i, deepest, vclk_in_change[0 .. VCLK_MAX_CLOCKS-1],
	                 vclk_old_rate[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant VCLK_MAX_CLOCKS - i;
	*/
	for (int i = 0; i < VCLK_MAX_CLOCKS; i++) {
		int below;

		//@ ghost vclk_lemma_ancestor_depth(i);
		below = (i == top) || (vclk_depth[i] > vclk_depth[top] &&
				       clk_core_is_ancestor(top, i));
		vclk_old_rate[i] = vclk_rate[i];
		vclk_in_change[i] = below;
		if (below && vclk_depth[i] > deepest)
			deepest = vclk_depth[i];
	}
	/* the path is below the top, so it is marked too */
	//@ ghost vclk_lemma_path_below(c, top);

	/* by depth, so a parent's new rate is in place before its
	 * children's, down to the deepest clock of the subtree */
	/*@ loop invariant bound: first <= d <= deepest + 1;
	    loop invariant planned: \forall integer i; vclk_on_plan(i, c, top) ==>
	                    vclk_new_rate[i] == \at(vclk_new_rate[i], Pre);
	    loop assigns d, vclk_new_rate[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant deepest + 1 - d;
	*/
	for (int d = first; d <= deepest; d++) {
		/*@ loop invariant bound: 0 <= i <= vclk_nr_clocks;
		    loop invariant planned: \forall integer x; vclk_on_plan(x, c, top) ==>
		                    vclk_new_rate[x] == \at(vclk_new_rate[x], Pre);
		    loop assigns i, vclk_new_rate[0 .. VCLK_MAX_CLOCKS-1];
		    loop variant vclk_nr_clocks - i;
		*/
		for (int i = 0; i < vclk_nr_clocks; i++) {
			if (!vclk_in_change[i] || vclk_depth[i] != d)
				continue;
			if (d <= last && vclk_path[d] == i)
				continue;	/* planned */
			//@ assert child: vclk_parent[i] != VCLK_NONE;
			vclk_new_rate[i] = vclk_op_recalc_rate(i,
				vclk_new_rate[vclk_parent[i]]);
		}
	}
}

int clk_core_check_change(int h)
{
	/*@ loop invariant bound: 0 <= i <= vclk_nr_clocks;
	    loop invariant allowed: \forall integer j; 0 <= j < i &&
	                    vclk_in_change[j] != 0 && vclk_new_rate[j] != vclk_rate[j] ==>
	                    vclk_rate_allowed(j, vclk_new_rate[j]);
	    loop invariant unprotected: \forall integer j; 0 <= j < i &&
	                    vclk_in_change[j] != 0 && vclk_new_rate[j] != vclk_rate[j] ==>
	                    !vclk_protected_against(j, h);
	    loop assigns i;
	    loop variant vclk_nr_clocks - i;
	*/
	for (int i = 0; i < vclk_nr_clocks; i++) {
		if (!vclk_in_change[i] || vclk_new_rate[i] == vclk_rate[i])
			continue;
		if ((vclk_flags[i] & CLK_SET_RATE_GATE) && vclk_prepare_count[i] > 0)
			return -VCLK_EBUSY;
		if (clk_core_rate_protected(i, h))
			return -VCLK_EBUSY;
		if (!clk_core_rate_allowed(i, vclk_new_rate[i]))
			return -VCLK_EINVAL;
	}
	return 0;
}

/* ==================== notifiers ==================== */

/*
 * Entry @n is told when its clock is in the change and its rate moves.
 * Return: the notifier's answer, NOTIFY_DONE when it is not told.
 */
/*@ requires n: 0 <= n < VCLK_MAX_NOTIFIERS;
    assigns  \nothing;
*/
static int clk_core_notify_one(int n, unsigned long event)
{
	int c = vclk_nb_clock[n];

	if (!vclk_nb[n] || c < 0 || c >= VCLK_MAX_CLOCKS || c >= vclk_nr_clocks)
		return NOTIFY_DONE;
	if (!vclk_in_change[c] || vclk_old_rate[c] == vclk_new_rate[c])
		return NOTIFY_DONE;
	return vclk_op_notify(n, event, vclk_old_rate[c], vclk_new_rate[c]);
}

int clk_core_notify(unsigned long event, int upto)
{
	int n;

	vclk_busy = 1;
	/*@ loop invariant bound: 0 <= n <= upto;
	    loop invariant busy: vclk_busy == 1;
	    loop assigns n;
	    loop variant upto - n;
	*/
	for (n = 0; n < upto; n++) {
		if ((clk_core_notify_one(n, event) & NOTIFY_STOP_MASK) &&
		    event == PRE_RATE_CHANGE)
			break;
	}
	vclk_busy = 0;
	return n;
}

/* ==================== applying ==================== */

void clk_core_unapply(int top, int d)
{
	int first = vclk_depth[top];

	/*@ loop invariant bound: first - 1 <= e < d;
	    loop invariant restored: \forall integer x; vclk_applied(x, top, d) &&
	                    vclk_depth[x] > e ==> vclk_hw_cfg[x] == vclk_saved_cfg[x];
	    loop invariant others: \forall integer x; 0 <= x < VCLK_MAX_CLOCKS &&
	                    !(vclk_applied(x, top, d) && vclk_depth[x] > e) ==>
	                    vclk_hw_cfg[x] == \at(vclk_hw_cfg[x], Pre);
	    loop assigns e, vclk_hw_cfg[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant e - first + 1;
	*/
	for (int e = d - 1; e >= first; e--) {
		//@ assert on_path: vclk_applied(vclk_path[e], top, d);
		vclk_op_restore(vclk_path[e]);
	}
}

int clk_core_apply(int c, int top, unsigned long prate)
{
	int first = vclk_depth[top];
	int last = vclk_depth[c];
	int d;
	int ret = 0;

	/*@ loop invariant bound: first <= d <= last + 1;
	    loop invariant saved: \forall integer x; vclk_applied(x, top, d) ==>
	                    vclk_saved_cfg[x] == \at(vclk_hw_cfg[x], Pre);
	    loop invariant others: \forall integer x; 0 <= x < VCLK_MAX_CLOCKS &&
	                    !vclk_applied(x, top, d) ==>
	                    vclk_hw_cfg[x] == \at(vclk_hw_cfg[x], Pre);
	    loop assigns d, ret, prate, vclk_hw_cfg[0 .. VCLK_MAX_CLOCKS-1],
	                 vclk_saved_cfg[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant last + 1 - d;
	*/
	for (d = first; d <= last; d++) {
		int i = vclk_path[d];

		//@ assert fresh: !vclk_applied(i, top, d) && vclk_depth[i] == d;
		if (d > first)
			prate = vclk_new_rate[vclk_path[d - 1]];
		vclk_op_save(i);
		ret = vclk_op_set_rate(i, vclk_new_rate[i], prate);
		if (ret) {
			clk_core_unapply(top, d);
			return ret;
		}
	}
	return 0;
}

void clk_core_commit_rates(void)
{
	/*@ loop invariant bound: 0 <= i <= vclk_nr_clocks;
	    loop invariant moved: \forall integer j; 0 <= j < i &&
	                    vclk_in_change[j] != 0 ==> vclk_rate[j] == vclk_new_rate[j];
	    loop invariant kept: \forall integer j; 0 <= j < i &&
	                    vclk_in_change[j] == 0 ==> vclk_rate[j] == vclk_old_rate[j];
	    loop invariant rest: \forall integer j; i <= j < VCLK_MAX_CLOCKS ==>
	                    vclk_rate[j] == \at(vclk_rate[j], Pre);
	    loop assigns i, vclk_rate[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant vclk_nr_clocks - i;
	*/
	for (int i = 0; i < vclk_nr_clocks; i++)
		vclk_rate[i] = vclk_in_change[i] ? vclk_new_rate[i] : vclk_old_rate[i];
}

/* ==================== set_rate ==================== */

/* @rate clamped into [@lo, @hi] (lo <= hi) */
/*@ requires order: lo <= hi;
    assigns  \nothing;
    ensures  inside: lo <= \result <= hi;
    ensures  model:  \result == vclk_clamp(rate, lo, hi);
*/
static unsigned long rate_clamp(unsigned long rate, unsigned long lo,
				unsigned long hi)
{
	if (rate < lo)
		return lo;
	if (rate > hi)
		return hi;
	return rate;
}

int clk_core_plan_request(int c, unsigned long rate)
{
	unsigned long lo = clk_core_bound(c, 0);
	unsigned long hi = clk_core_bound(c, 1);
	unsigned long req;

	if (lo > hi)
		return -VCLK_EINVAL;
	req = rate_clamp(rate, lo, hi);
	if (req == vclk_rate[c]) {
		vclk_new_rate[c] = req;
		return VCLK_NONE;
	}
	clk_core_round_forget();
	return clk_core_plan(c, req);
}

int clk_core_set_rate_nolock(int c, int h, unsigned long rate)
{
	int top = clk_core_plan_request(c, rate);
	int input, ret;

	if (top == VCLK_NONE)
		return 0;
	if (top < 0)
		return top;
	input = vclk_round_memo[top].input;
	//@ assert switch: input >= 0 ==> vclk_switch_ok(top, input);
	clk_core_plan_subtree(c, top);
	//@ assert in_change: vclk_in_change[c] != 0;
	if (!clk_core_rate_allowed(c, vclk_new_rate[c]))
		return -VCLK_EINVAL;
	ret = clk_core_check_change(h);
	if (ret)
		return ret;
	/* a switch moves the top's subtree: refused for a held clock, as
	 * clk_set_parent() is */
	if (input >= 0 && clk_core_rate_protected(top, h))
		return -VCLK_EBUSY;
	/* a veto: those told before it hear ABORT, nothing was touched */
	ret = clk_core_notify(PRE_RATE_CHANGE, VCLK_MAX_NOTIFIERS);
	if (ret < VCLK_MAX_NOTIFIERS) {
		clk_core_notify(ABORT_RATE_CHANGE, ret);
		return -VCLK_EBUSY;
	}
	/* the top's parent rate as its rounding saw it: the new input's
	 * when it switches */
	ret = clk_core_apply(c, top, vclk_round_memo[top].prate);
	/* the switch last: its own failure undoes itself, and every rate
	 * setting is still saved to be given back */
	if (!ret && input >= 0) {
		ret = clk_core_reparent(top,
			vclk_parent_ids[VCLK_INPUT(top, input)], input, 1);
		if (ret)
			clk_core_unapply(top, vclk_depth[c] + 1);
	}
	if (ret) {
		clk_core_notify(ABORT_RATE_CHANGE, VCLK_MAX_NOTIFIERS);
		return ret;
	}
	clk_core_commit_rates();
	clk_core_notify(POST_RATE_CHANGE, VCLK_MAX_NOTIFIERS);
	return 0;
}

/* ==================== consumer API ==================== */

int vclk_round_rate_nolock(struct clk *clk, unsigned long rate, unsigned long *rounded)
{
	int c, top;

	if (!clk) {
		*rounded = 0;
		return 0;
	}
	if (vclk_busy)
		return -VCLK_EDEADLK;
	c = vclk_handle_clock[vclk_handle_index(clk)];
	if (c == VCLK_NONE)
		return -VCLK_EINVAL;
	top = clk_core_plan_request(c, rate);
	if (top < VCLK_NONE)
		return top;
	*rounded = vclk_new_rate[c];
	return 0;
}

long clk_round_rate_nolock(struct clk *clk, unsigned long rate)
{
	unsigned long rounded = 0;
	int ret = vclk_round_rate_nolock(clk, rate, &rounded);

	if (ret)
		return ret;
	if (rounded > (unsigned long)LONG_MAX)
		return -VCLK_EOVERFLOW;
	return (long)rounded;
}

int clk_set_rate_nolock(struct clk *clk, unsigned long rate)
{
	int h, c, ret;

	if (!clk)
		return 0;
	if (vclk_busy)
		return -VCLK_EDEADLK;
	h = vclk_handle_index(clk);
	c = vclk_handle_clock[h];
	if (c == VCLK_NONE)
		return -VCLK_EINVAL;
	ret = clk_core_set_rate_nolock(c, h, rate);
	if (ret)
		return ret;
	vclk_req_rate[c] = rate;
	vclk_req_set[c] = 1;
	return 0;
}

int clk_set_rate_range_nolock(struct clk *clk, unsigned long min, unsigned long max)
{
	unsigned long old_min, old_max;
	int h, c, ret;

	if (!clk)
		return 0;
	if (min > max)
		return -VCLK_EINVAL;
	if (vclk_busy)
		return -VCLK_EDEADLK;
	h = vclk_handle_index(clk);
	c = vclk_handle_clock[h];
	if (c == VCLK_NONE)
		return -VCLK_EINVAL;
	old_min = vclk_handle_min[h];
	old_max = vclk_handle_max[h];
	vclk_handle_range_set(h, min, max);
	ret = clk_core_set_rate_nolock(c, h, vclk_req_set[c] ? vclk_req_rate[c]
							     : vclk_rate[c]);
	if (ret)
		vclk_handle_range_set(h, old_min, old_max);
	return ret;
}

int clk_set_min_rate_nolock(struct clk *clk, unsigned long rate)
{
	if (!clk)
		return 0;
	return clk_set_rate_range_nolock(clk, rate,
				  vclk_handle_max[vclk_handle_index(clk)]);
}

int clk_set_max_rate_nolock(struct clk *clk, unsigned long rate)
{
	if (!clk)
		return 0;
	return clk_set_rate_range_nolock(clk, vclk_handle_min[vclk_handle_index(clk)],
				  rate);
}

int clk_drop_range_nolock(struct clk *clk)
{
	return clk_set_rate_range_nolock(clk, 0, ULONG_MAX);
}

/* ==================== notifier registration ==================== */

/* the clock behind @clk for a notifier (un)registration, or an errno */
/*@ requires inv:    vclk_invariant;
    requires handle: clk == \null || vclk_handle_ptr(clk);
    assigns  \nothing;
    ensures  errno:  \result == -VCLK_EINVAL || \result == -VCLK_EDEADLK ||
                     vclk_live(\result);
*/
static int clk_notifier_clock(struct clk *clk, const struct notifier_block *nb)
{
	int c;

	if (!clk || !nb)
		return -VCLK_EINVAL;
	if (vclk_busy)
		return -VCLK_EDEADLK;
	c = vclk_handle_clock[vclk_handle_index(clk)];
	return c == VCLK_NONE ? -VCLK_EINVAL : c;
}

int clk_notifier_register_nolock(struct clk *clk, struct notifier_block *nb)
{
	int c = clk_notifier_clock(clk, nb);
	int n, free = -1;

	if (c < 0)
		return c;
	/*@ loop invariant bound: 0 <= n <= VCLK_MAX_NOTIFIERS;
	    loop invariant free: -1 <= free < VCLK_MAX_NOTIFIERS;
	    loop assigns n, free;
	    loop variant VCLK_MAX_NOTIFIERS - n;
	*/
	for (n = 0; n < VCLK_MAX_NOTIFIERS; n++) {
		if (vclk_nb[n] == nb && vclk_nb_clock[n] == c)
			return -VCLK_EEXIST;
		if (!vclk_nb[n] && free < 0)
			free = n;
	}
	if (free < 0)
		return -VCLK_ENOMEM;
	vclk_nb[free] = nb;
	vclk_nb_handle[free] = clk;
	vclk_nb_clock[free] = c;
	return 0;
}

int vclk_handle_notified(struct clk *clk)
{
	/*@ loop invariant bound: 0 <= n <= VCLK_MAX_NOTIFIERS;
	    loop invariant none:  \forall integer k; 0 <= k < n ==>
	                            vclk_nb[k] == \null || vclk_nb_handle[k] != clk;
	    loop assigns n;
	    loop variant VCLK_MAX_NOTIFIERS - n;
	*/
	for (int n = 0; n < VCLK_MAX_NOTIFIERS; n++)
		if (vclk_nb[n] && vclk_nb_handle[n] == clk)
			return 1;
	return 0;
}

int clk_notifier_unregister_nolock(struct clk *clk, struct notifier_block *nb)
{
	int c = clk_notifier_clock(clk, nb);

	if (c < 0)
		return c;
	/*@ loop invariant bound: 0 <= n <= VCLK_MAX_NOTIFIERS;
	    loop assigns n;
	    loop variant VCLK_MAX_NOTIFIERS - n;
	*/
	for (int n = 0; n < VCLK_MAX_NOTIFIERS; n++) {
		if (vclk_nb[n] == nb && vclk_nb_clock[n] == c) {
			vclk_nb[n] = NULL;
			vclk_nb_handle[n] = NULL;
			vclk_nb_clock[n] = VCLK_NONE;
			return 0;
		}
	}
	return -VCLK_ENOENT;
}
