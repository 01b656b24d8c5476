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

/* ==================== this file's helpers ==================== */

/**
 * clk_core_range_update() - recompute clock @c's cached intersection of
 * its consumers' ranges (vclk_clk_min/max) from the handles
 *
 * The scan the rate path used to do on every request; now run by the
 * writers of a handle's clock or range only.
 */
/*@ requires slot:   vclk_slot(c);
    assigns  vclk_clk_min[c], vclk_clk_max[c];
    ensures  cached: vclk_range_cached_at(c);
*/
static void clk_core_range_update(int c);

/**
 * clk_core_bound() - the intersection of the ranges @c's consumers ask
 * for: its lower end, or with @upper its upper end (empty when
 * lower > upper)
 */
/*@ requires slot:   vclk_slot(c);
    requires cached: vclk_range_cached_at(c);
    assigns  \nothing;
    ensures  lower: !upper ==> \forall integer h; 0 <= h < VCLK_NR_HANDLES &&
                    vclk_handle_clock[h] == c ==> vclk_handle_min[h] <= \result;
    ensures  upper: upper ==> \forall integer h; 0 <= h < VCLK_NR_HANDLES &&
                    vclk_handle_clock[h] == c ==> \result <= vclk_handle_max[h];
    ensures  exact: \result == (upper ? vclk_max_upto(c, VCLK_NR_HANDLES)
                                       : vclk_min_upto(c, VCLK_NR_HANDLES));
*/
static unsigned long clk_core_bound(int c, int upper);

/** clk_core_rate_allowed() - whether every consumer of @c allows @rate */
/*@ requires slot:   vclk_slot(c);
    requires cached: vclk_range_cached_at(c);
    assigns  \nothing;
    ensures  bool:    \result == 0 || \result == 1;
    ensures  allowed: \result == 1 <==> vclk_rate_allowed(c, rate);
*/
static int clk_core_rate_allowed(int c, unsigned long rate);

/**
 * clk_core_round() - the rate @c can run at for a request of @req
 *
 * The outcome at the parent's current rate comes first.  A
 * CLK_SET_RATE_PARENT clock then tries each candidate parent rate its
 * provider names, rounds it at the parent (recursively), and takes it when
 * its outcome is strictly better (rate_better(): not above @req beats
 * above it, then the higher of two not above and the lower of two above;
 * for CLK_ROUND_CLOSEST the nearer).  A candidate of 0 is skipped, and
 * the search stops at an exact outcome: nothing beats it, and a parent
 * that already gives @req is never moved (Linux's clk_divider_bestdiv()
 * shortcut).
 *
 * Writes nothing but vclk_round_memo: its entry for @c is the
 * request, the result, what to ask the parent for and the rate the parent
 * would then run at, all those of the model in spec/round.h; @c asked for
 * @req again answers from there.
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires live:    vclk_live(c);
    requires memo:    vclk_memo_sound;
    requires switches: vclk_memo_switches;
    decreases vclk_depth[c];
    assigns  vclk_round_memo[0 .. VCLK_MAX_CLOCKS-1];
    ensures  memo:  vclk_memo_sound;
    ensures  switches: vclk_memo_switches;
    ensures  model: \result == vclk_round(c, req, vclk_depth[c]);
    ensures  preq:  vclk_round_memo[c].preq == vclk_parent_req(c, req, vclk_depth[c]);
    ensures  prate: vclk_round_memo[c].prate == vclk_parent_got(c, req, vclk_depth[c]);
    ensures  input: vclk_round_memo[c].input == vclk_alt_input(c, req, vclk_depth[c]);
*/
static unsigned long clk_core_round(int c, unsigned long req);

/**
 * clk_core_plan() - decide the settings of a change of @c to @req
 *
 * Writes vclk_new_rate for @c and each clock above it whose rate the
 * change asks for, and the path of those clocks (vclk_path, by depth).
 * Return: the top of the change: @c, or the ancestor from which the
 * path of vclk_path_ok() leads down to @c.
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires live:    vclk_live(c);
    requires memo:    vclk_memo_sound;
    requires switches: vclk_memo_switches;
    decreases vclk_depth[c];
    assigns  vclk_new_rate[0 .. VCLK_MAX_CLOCKS-1], vclk_path[0 .. VCLK_MAX_CLOCKS-1],
             vclk_round_memo[0 .. VCLK_MAX_CLOCKS-1];
    ensures  memo:  vclk_memo_sound;
    ensures  switches: vclk_memo_switches;
    ensures  path:  vclk_path_ok(c, \result);
    ensures  model: vclk_new_rate[c] == vclk_plan(c, req, vclk_depth[c]);
    ensures  keeps_parent: vclk_parent_exact(c, req) ==>
                      \result == c && vclk_new_rate[c] == req;
*/
static int clk_core_plan(int c, unsigned long req);

/**
 * clk_core_plan_subtree() - the new rate of every clock below @top
 *
 * Marks the subtree of @top in vclk_in_change (clk_core_mark_subtree();
 * the planned path is in it: vclk_lemma_path_below) and, with @recalc,
 * root first, gives each of its clocks off the path the rate its provider
 * computes from its parent's new rate.  The path's planned rates stay.
 * Without @recalc no provider is asked anything (a reparent with no
 * notifier to tell; one function for both, as the marking is inlined
 * once).
 * Return: how many levels the subtree reaches below @top.
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires path:    vclk_path_ok(c, top);
    assigns  vclk_new_rate[0 .. VCLK_MAX_CLOCKS-1],
             vclk_in_change[0 .. VCLK_MAX_CLOCKS-1],
             vclk_old_rate[0 .. VCLK_MAX_CLOCKS-1];
    ensures  copy:    \forall integer i; vclk_live(i) ==>
                      vclk_old_rate[i] == vclk_rate[i];
    ensures  mask:    \forall integer i; vclk_live(i) ==>
                      (vclk_in_change[i] != 0 <==>
                       (vclk_in_subtree(i, top) || vclk_on_plan(i, c, top)));
    ensures  planned: \forall integer i; vclk_on_plan(i, c, top) ==>
                      vclk_new_rate[i] == \old(vclk_new_rate[i]);
    ensures  span:    0 <= \result < VCLK_MAX_CLOCKS;
*/
static int clk_core_plan_subtree(int c, int top, int recalc);

/**
 * clk_core_check_change() - may every clock the plan moves move, on a
 * request through handle slot @h?
 * Return: 0; -EBUSY for a prepared CLK_SET_RATE_GATE clock or a clock
 * whose rate another handle holds exclusively; -EINVAL for a rate outside
 * a consumer's range.
 */
/*@ requires pool:    vclk_clocks_ok && vclk_handles_ok;
    requires acyclic: vclk_acyclic;
    requires cached:  vclk_aggregates_ok;
    requires handle:  0 <= h < VCLK_NR_HANDLES;
    assigns  \nothing;
    ensures  errno:   \result == 0 || \result == -VCLK_EBUSY ||
                      \result == -VCLK_EINVAL;
    ensures  allowed: \result == 0 ==> \forall integer i; vclk_live(i) &&
                      vclk_in_change[i] != 0 && vclk_new_rate[i] != vclk_rate[i] ==>
                      vclk_rate_allowed(i, vclk_new_rate[i]);
    ensures  unprotected: \result == 0 ==> \forall integer i; vclk_live(i) &&
                      vclk_in_change[i] != 0 && vclk_new_rate[i] != vclk_rate[i] ==>
                      !vclk_protected_against(i, h);
    ensures  ungated: \result == 0 ==> \forall integer i; vclk_live(i) &&
                      vclk_in_change[i] != 0 && vclk_new_rate[i] != vclk_rate[i] ==>
                      !vclk_rate_gated(i);
*/
static int clk_core_check_change(int h);

/**
 * clk_core_notify() - send @event to the notifiers of every clock the plan
 * moves, in the subtree of @top down to @span levels below it; each entry
 * once, each with its own data
 *
 * In tree order, a parent's notifiers before its children's, as Linux's
 * clk_propagate_rate_change() and clk_change_rate() walk; level by level,
 * and in entry order within a level.  Only the entries below vclk_nb_top
 * are looked at: every entry from it on is free, so a change with no
 * notifier registered costs no scan.
 *
 * A PRE_RATE_CHANGE answered NOTIFY_BAD or NOTIFY_STOP is a veto; the
 * walk still tells every other clock that moves, as Linux's does, so that
 * the ABORT that follows goes to exactly the entries told.
 * Return: 1 when an entry vetoed (only for PRE), else 0.
 */
/*@ requires idle:  vclk_busy == 0;
    requires top:   0 <= top < VCLK_MAX_CLOCKS &&
                    0 <= vclk_depth[top] < VCLK_MAX_CLOCKS;
    requires span:  0 <= span < VCLK_MAX_CLOCKS;
    assigns  vclk_busy;
    ensures  idle:  vclk_busy == 0;
    ensures  bool:  \result == 0 || \result == 1;
    ensures  veto_only_pre: event != PRE_RATE_CHANGE ==> \result == 0;
*/
static int clk_core_notify(unsigned long event, int top, int span);

/**
 * clk_core_unapply() - give the path's clocks above depth @d (exclusive)
 * their saved settings back, bottom-most first
 */
/*@ requires acyclic: vclk_acyclic;
    requires top:     vclk_slot(top);
    requires depth:   vclk_depth[top] <= d <= VCLK_MAX_CLOCKS;
    requires path:    \forall integer e; vclk_depth[top] <= e < d ==>
                        vclk_slot(vclk_path[e]) && vclk_depth[vclk_path[e]] == e;
    assigns  vclk_hw_cfg[0 .. VCLK_MAX_CLOCKS-1];
    ensures  restored: \forall integer x; vclk_applied(x, top, d) ==>
                        vclk_hw_cfg[x] == \old(vclk_saved_cfg[x]);
    ensures  others:  \forall integer x; 0 <= x < VCLK_MAX_CLOCKS &&
                        !vclk_applied(x, top, d) ==>
                        vclk_hw_cfg[x] == \old(vclk_hw_cfg[x]);
*/
static void clk_core_unapply(int top, int d);

/**
 * clk_core_apply() - program the path's providers, top down, the top's
 * parent running at @prate
 * Return: 0, every setting programmed saved first; a provider's error,
 * with every setting as it was.
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires path:    vclk_path_ok(c, top);
    assigns  vclk_hw_cfg[0 .. VCLK_MAX_CLOCKS-1],
             vclk_saved_cfg[0 .. VCLK_MAX_CLOCKS-1];
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> vclk_cfg_unchanged{Pre, Post};
    ensures  saved:    \result == 0 ==> \forall integer x;
                        vclk_applied(x, top, vclk_depth[c] + 1) ==>
                        vclk_saved_cfg[x] == \old(vclk_hw_cfg[x]);
    ensures  path_only: \forall integer x; 0 <= x < VCLK_MAX_CLOCKS &&
                        !vclk_on_plan(x, c, top) ==>
                        vclk_hw_cfg[x] == \old(vclk_hw_cfg[x]);
*/
static int clk_core_apply(int c, int top, unsigned long prate);

/**
 * clk_core_commit_rates() - the planned rates become the cached ones; every
 * other live clock's is the one kept in vclk_old_rate (a switch made for the
 * change recomputed its subtree's, which are all in the change)
 */
/*@ requires nr: 0 <= vclk_nr_clocks <= VCLK_MAX_CLOCKS;
    assigns  vclk_rate[0 .. VCLK_MAX_CLOCKS-1];
    ensures  moved: \forall integer i; vclk_live(i) && vclk_in_change[i] != 0 ==>
                    vclk_rate[i] == vclk_new_rate[i];
    ensures  kept:  \forall integer i; vclk_live(i) && vclk_in_change[i] == 0 ==>
                    vclk_rate[i] == vclk_old_rate[i];
    ensures  rest:  \forall integer i; vclk_nr_clocks <= i < VCLK_MAX_CLOCKS ==>
                    vclk_rate[i] == \old(vclk_rate[i]);
*/
static void clk_core_commit_rates(void);

/**
 * clk_core_plan_request() - plan live clock @c's change for a consumer's
 * request of @rate
 *
 * Clamps @rate into the intersection of @c's consumers' ranges and, if
 * that moves @c, forgets the previous rounding's answers and plans the
 * change (clk_core_plan()).  Shared by round_rate and set_rate, so that
 * what one answers is what the other does.
 * Return: the top of the planned change; VCLK_NONE when @c already runs
 * at the clamped rate; -VCLK_EINVAL when the ranges do not meet.  But
 * for the last, vclk_new_rate[@c] is then clk_round_rate()'s answer.
 *
 * The three outcomes are ensures clauses, not behaviors: their conditions
 * name recursive logic (vclk_min_upto) that the E-ACSL build leaves out,
 * and E-ACSL can leave out an ensures clause but not an assumes clause.
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires cached:  vclk_ranges_cached;
    requires live:    vclk_live(c);
    assigns  vclk_new_rate[0 .. VCLK_MAX_CLOCKS-1], vclk_path[0 .. VCLK_MAX_CLOCKS-1],
             vclk_round_memo[0 .. VCLK_MAX_CLOCKS-1];
    ensures  einval:  \result == -VCLK_EINVAL <==>
                      vclk_min_upto(c, VCLK_NR_HANDLES) >
                      vclk_max_upto(c, VCLK_NR_HANDLES);
    ensures  none:    \result == VCLK_NONE <==>
                      vclk_min_upto(c, VCLK_NR_HANDLES) <=
                      vclk_max_upto(c, VCLK_NR_HANDLES) &&
                      vclk_clamped(c, rate) == vclk_rate[c];
    ensures  allowed: \result == VCLK_NONE ==> vclk_rate_allowed(c, vclk_rate[c]);
    ensures  path:    \result != VCLK_NONE && \result != -VCLK_EINVAL ==>
                      vclk_path_ok(c, \result);
    ensures  rounded: \result != -VCLK_EINVAL ==>
                      vclk_new_rate[c] == vclk_rounded{Pre}(c, rate);
    ensures  switch:  \result >= 0 && vclk_round_memo[\result].input >= 0 ==>
                      vclk_switch_ok(\result, vclk_round_memo[\result].input);
*/
static int clk_core_plan_request(int c, unsigned long rate);

/**
 * clk_core_set_rate_nolock() - change live clock @c's rate for @rate, on
 * a request through handle slot @h
 *
 * A mux the plan switches to another input (the top of the change) is
 * switched last, after every rate setting took, with
 * clk_core_reparent(): its references move, and a failure of the switch
 * gives every setting back.  A change that moved @c's rate keeps @kept as
 * @c's request (the callers' request bookkeeping, here where the change
 * is known to have moved it).
 * Return and effects: as clk_set_rate(), the request kept being @kept.
 */
/*@ requires inv:      vclk_invariant;
    requires live:     vclk_live(c);
    requires handle:   0 <= h < VCLK_NR_HANDLES;
    requires idle:     vclk_busy == 0;
    assigns  vclk_rate[..], vclk_hw_cfg[..], vclk_saved_cfg[..], vclk_busy,
             vclk_new_rate[..], vclk_old_rate[..], vclk_path[..],
             vclk_in_change[..], vclk_round_memo[..],
             vclk_parent[..], vclk_depth[..], vclk_parent_index[..],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_hw_state[..], vclk_walk_top,
             vclk_req_rate[c], vclk_req_set[c];
    ensures  inv:      vclk_invariant;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  idle:     vclk_busy == 0;
    ensures  request:  \result == 0 && vclk_rate[c] != \old(vclk_rate[c]) ==>
                       vclk_req_rate[c] == kept && vclk_req_set[c] == 1;
    ensures  no_request: !(\result == 0 && vclk_rate[c] != \old(vclk_rate[c])) ==>
                       vclk_req_rate[c] == \old(vclk_req_rate[c]) &&
                       vclk_req_set[c] == \old(vclk_req_set[c]);
    ensures  rollback: \result != 0 ==> vclk_rates_unchanged{Pre, Post} &&
                       vclk_cfg_unchanged{Pre, Post} &&
                       vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post};
    ensures  handles:  vclk_handle_counts_unchanged{Pre, Post};
    ensures  within:   \result == 0 ==> vclk_rate_allowed(c, vclk_rate[c]);
    ensures  ranges:   \result == 0 ==> \forall integer i; vclk_live(i) &&
                       vclk_rate[i] != \old(vclk_rate[i]) ==>
                       vclk_rate_allowed(i, vclk_rate[i]);
    ensures  as_rounded: \result == 0 ==> vclk_rate[c] == vclk_rounded{Pre}(c, rate);
    ensures  same_rate: vclk_rounded{Pre}(c, rate) == \old(vclk_rate[c]) ==>
                       (\result == 0 || \result == -VCLK_EINVAL) &&
                       vclk_rates_unchanged{Pre, Post} &&
                       vclk_cfg_unchanged{Pre, Post} &&
                       vclk_counts_unchanged{Pre, Post} &&
                       vclk_topology_unchanged{Pre, Post};
    ensures  exclusive: vclk_held_rates_kept{Pre, Post}(h);
*/
static int clk_core_set_rate_nolock(int c, int h, unsigned long rate, unsigned long kept);

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
int vclk_nb_top;
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
	vclk_nb_top = 0;
	vclk_busy = 0;
}

/*
 * The old scan, now run only when a handle's clock or range changes: one
 * loop for both ends, so that the hot path reads two words.
 */
static void clk_core_range_update(int c)
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
	clk_core_range_update(c);
}

void vclk_handle_bind(int h, int c)
{
	int old = vclk_handle_clock[h];
	/* a handle that asked nothing narrowed nothing: clk_get and clk_put
	 * of a consumer without a range rescan nothing */
	int open = vclk_handle_min[h] == 0 && vclk_handle_max[h] == ULONG_MAX;

Bind:
	vclk_handle_clock[h] = c;
	vclk_handle_min[h] = 0;
	vclk_handle_max[h] = ULONG_MAX;
	/* asking nothing now, h narrows nothing for @c: only its old
	 * clock's intersection can move, and only if h asked a range */
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant inside: \forall integer q;
	        vclk_min_upto(q, n) >= 0 && vclk_max_upto(q, n) <= ULONG_MAX;
	     loop invariant same: \forall integer q; vclk_slot(q) &&
	        (open || q != old) ==>
	        vclk_min_upto(q, n) == vclk_min_upto{Bind}(q, n) &&
	        vclk_max_upto(q, n) == vclk_max_upto{Bind}(q, n);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
	if (!open && old != VCLK_NONE)
		clk_core_range_update(old);
}

/* the intersection kept by every writer of a handle's clock or range
 * (spec/aggregate.h): two loads, not a scan of every handle */
static unsigned long clk_core_bound(int c, int upper)
{
	//@ ghost vclk_lemma_bound_inside(c);
	return upper ? vclk_clk_max[c] : vclk_clk_min[c];
}

/* inside every range is inside their intersection (fewer bytes than a
 * third loop over the handles) */
static int clk_core_rate_allowed(int c, unsigned long rate)
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
 * parents and provider settings of the state they were computed in.  The
 * live clocks' only: a free slot's entry is never read (vclk_memo_sound
 * is about live clocks), and a small tree pays for its own clocks, not
 * for the pool.
 */
/*@ requires pool:      0 <= vclk_nr_clocks <= VCLK_MAX_CLOCKS;
    assigns  vclk_round_memo[0 .. VCLK_MAX_CLOCKS-1];
    ensures  forgotten: \forall integer i; vclk_live(i) ==>
                        vclk_round_memo[i].req == 0 &&
                        vclk_round_memo[i].input < 0;
    ensures  memo:      vclk_memo_sound;
    ensures  switches:  vclk_memo_switches;
*/
static void clk_core_round_forget(void)
{
	/*@ loop invariant bound: 0 <= i <= vclk_nr_clocks;
	    loop invariant forgotten: \forall integer j; 0 <= j < i ==>
	                    vclk_round_memo[j].req == 0 &&
	                    vclk_round_memo[j].input < 0;
	    loop assigns i, vclk_round_memo[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant vclk_nr_clocks - i;
	*/
	for (int i = 0; i < vclk_nr_clocks; i++) {
		vclk_round_memo[i].req = 0;
		vclk_round_memo[i].input = -1;
	}
}

static unsigned long clk_core_round(int c, unsigned long req)
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
			//@ assert now_cand: now == vclk_cand_rate(c, req, k, vclk_depth[c]);
			//@ assert best_cand: best == vclk_cand_rate(c, req, bi, vclk_depth[c]);
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

static int clk_core_plan(int c, unsigned long req)
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

/*
 * Marks the subtree of @top in vclk_in_change and keeps every live clock's
 * cached rate in vclk_old_rate (the notifiers' old rates; one loop fewer than a copy
 * of its own).  A clock no deeper than the top is not below it: no walk
 * up for it.
 * Return: the depth of the subtree's deepest clock.
 */
/*@ requires pool:    vclk_clocks_ok;
    requires acyclic: vclk_acyclic;
    requires top:     vclk_live(top);
    assigns  vclk_in_change[0 .. VCLK_MAX_CLOCKS-1],
             vclk_old_rate[0 .. VCLK_MAX_CLOCKS-1];
    ensures  copy:    \forall integer i; vclk_live(i) ==>
                      vclk_old_rate[i] == vclk_rate[i];
    ensures  mask:    \forall integer i; vclk_live(i) ==>
                      (vclk_in_change[i] != 0 <==> vclk_in_subtree(i, top));
    ensures  deepest: vclk_depth[top] <= \result < VCLK_MAX_CLOCKS;
*/
static int clk_core_mark_subtree(int top)
{
	int deepest = vclk_depth[top];

	/*@ loop invariant bound: 0 <= i <= vclk_nr_clocks;
	    loop invariant mask: \forall integer j; 0 <= j < i ==>
	                    (vclk_in_change[j] != 0 <==> vclk_in_subtree(j, top));
	    loop invariant copy: \forall integer j; 0 <= j < i ==>
	                    vclk_old_rate[j] == vclk_rate[j];
	    loop invariant deepest: vclk_depth[top] <= deepest < VCLK_MAX_CLOCKS;
	    loop assigns i, deepest, vclk_in_change[0 .. VCLK_MAX_CLOCKS-1],
	                 vclk_old_rate[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant vclk_nr_clocks - i;
	*/
	for (int i = 0; i < vclk_nr_clocks; i++) {
		int below;

		//@ ghost vclk_lemma_ancestor_depth(i);
		vclk_old_rate[i] = vclk_rate[i];
		below = vclk_depth[i] > vclk_depth[top] ?
			clk_core_is_ancestor(top, i) : i == top;
		vclk_in_change[i] = below;
		if (below && vclk_depth[i] > deepest)
			deepest = vclk_depth[i];
	}
	return deepest;
}

static int clk_core_plan_subtree(int c, int top, int recalc)
{
	int first = vclk_depth[top] + 1;
	int last = vclk_depth[c];
	int deepest = clk_core_mark_subtree(top);

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
	for (int d = first; recalc && d <= deepest; d++) {
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
	return deepest - vclk_depth[top];
}

static int clk_core_check_change(int h)
{
	/*@ loop invariant bound: 0 <= i <= vclk_nr_clocks;
	    loop invariant allowed: \forall integer j; 0 <= j < i &&
	                    vclk_in_change[j] != 0 && vclk_new_rate[j] != vclk_rate[j] ==>
	                    vclk_rate_allowed(j, vclk_new_rate[j]);
	    loop invariant unprotected: \forall integer j; 0 <= j < i &&
	                    vclk_in_change[j] != 0 && vclk_new_rate[j] != vclk_rate[j] ==>
	                    !vclk_protected_against(j, h);
	    loop invariant ungated: \forall integer j; 0 <= j < i &&
	                    vclk_in_change[j] != 0 && vclk_new_rate[j] != vclk_rate[j] ==>
	                    !vclk_rate_gated(j);
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
 * Entry @n is told when its clock, at @depth, is in the change and its
 * rate moves.
 * Return: the notifier's answer, NOTIFY_DONE when it is not told.
 */
/*@ requires n: 0 <= n < VCLK_MAX_NOTIFIERS;
    assigns  \nothing;
*/
static int clk_core_notify_one(int n, unsigned long event, int depth)
{
	int c = vclk_nb_clock[n];

	if (!vclk_nb[n] || c < 0 || c >= VCLK_MAX_CLOCKS || c >= vclk_nr_clocks)
		return NOTIFY_DONE;
	if (vclk_depth[c] != depth || !vclk_in_change[c] ||
	    vclk_old_rate[c] == vclk_new_rate[c])
		return NOTIFY_DONE;
	return vclk_op_notify(n, event, vclk_old_rate[c], vclk_new_rate[c]);
}

static int clk_core_notify(unsigned long event, int top, int span)
{
	int vetoed = 0;

	vclk_busy = 1;
	/*@ loop invariant bound: 0 <= d <= span + 1;
	    loop invariant busy:  vclk_busy == 1;
	    loop invariant bool:  vetoed == 0 || vetoed == 1;
	    loop invariant veto_only_pre: event != PRE_RATE_CHANGE ==> vetoed == 0;
	    loop assigns d, vetoed;
	    loop variant span + 1 - d;
	*/
	for (int d = 0; d <= span; d++) {
		int depth = vclk_depth[top] + d;

		/* the entries from vclk_nb_top on are free: not one is asked */
		/*@ loop invariant bound: 0 <= n <= VCLK_MAX_NOTIFIERS;
		    loop invariant busy:  vclk_busy == 1;
		    loop invariant bool:  vetoed == 0 || vetoed == 1;
		    loop invariant veto_only_pre: event != PRE_RATE_CHANGE ==> vetoed == 0;
		    loop assigns n, vetoed;
		    loop variant VCLK_MAX_NOTIFIERS - n;
		*/
		for (int n = 0; n < VCLK_MAX_NOTIFIERS && n < vclk_nb_top; n++) {
			if (clk_core_notify_one(n, event, depth) & NOTIFY_STOP_MASK &&
			    event == PRE_RATE_CHANGE)
				vetoed = 1;
		}
	}
	vclk_busy = 0;
	return vetoed;
}

/* ==================== applying ==================== */

static void clk_core_unapply(int top, int d)
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

static int clk_core_apply(int c, int top, unsigned long prate)
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

static void clk_core_commit_rates(void)
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

static int clk_core_plan_request(int c, unsigned long rate)
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

static int clk_core_set_rate_nolock(int c, int h, unsigned long rate, unsigned long kept)
{
	int top = clk_core_plan_request(c, rate);
	int input, span, ret;

	if (top == VCLK_NONE)
		return 0;
	if (top < 0)
		return top;
	if (!clk_core_rate_allowed(c, vclk_new_rate[c]))
		return -VCLK_EINVAL;
	/* the request rounds to the rate @c runs at: nothing to do, no
	 * provider or notifier is asked (Linux's early bail, before the
	 * protection check) */
	if (vclk_new_rate[c] == vclk_rate[c])
		return 0;
	input = vclk_round_memo[top].input;
	//@ assert switch: input >= 0 ==> vclk_switch_ok(top, input);
	span = clk_core_plan_subtree(c, top, 1);
	//@ assert in_change: vclk_in_change[c] != 0;
	ret = clk_core_check_change(h);
	if (ret)
		return ret;
	/* a switch moves the top's subtree: refused for a held clock, as
	 * clk_set_parent() is */
	if (input >= 0 && clk_core_rate_protected(top, h))
		return -VCLK_EBUSY;
	/* a veto: every entry told hears ABORT, nothing was touched */
	if (clk_core_notify(PRE_RATE_CHANGE, top, span)) {
		clk_core_notify(ABORT_RATE_CHANGE, top, span);
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
		clk_core_notify(ABORT_RATE_CHANGE, top, span);
		return ret;
	}
	clk_core_commit_rates();
	//@ assert moved: vclk_rate[c] != \at(vclk_rate[c], Pre);
	/* the request is kept only now that it moved the rate (past Linux's
	 * early bail); one store for both callers */
	vclk_req_rate[c] = kept;
	vclk_req_set[c] = 1;
	clk_core_notify(POST_RATE_CHANGE, top, span);
	return 0;
}

/* ==================== a reparent as a rate change ==================== */

/*
 * The clocks clk_core_plan_subtree() marked in @c's subtree run at their
 * new rates now: the notifiers' new rates are those, and their
 * remembered requests are forgotten (Linux's __clk_recalc_rates() with
 * update_req sets req_rate to the new rate; with none kept, vclk's range
 * calls apply the rate the clock runs at).
 */
/*@ requires pool: 0 <= vclk_nr_clocks <= VCLK_MAX_CLOCKS;
    assigns  vclk_new_rate[0 .. VCLK_MAX_CLOCKS-1], vclk_req_set[0 .. VCLK_MAX_CLOCKS-1];
    ensures  forgotten: \forall integer i; 0 <= i < vclk_nr_clocks &&
                        vclk_in_change[i] != 0 ==> vclk_req_set[i] == 0;
    ensures  kept:      \forall integer i; 0 <= i < VCLK_MAX_CLOCKS &&
                        !(i < vclk_nr_clocks && vclk_in_change[i] != 0) ==>
                        vclk_req_set[i] == \old(vclk_req_set[i]);
*/
static void clk_core_settle_subtree(void)
{
	/*@ loop invariant bound: 0 <= i <= vclk_nr_clocks;
	    loop invariant forgotten: \forall integer j; 0 <= j < i &&
	                    vclk_in_change[j] != 0 ==> vclk_req_set[j] == 0;
	    loop invariant kept: \forall integer j; 0 <= j < VCLK_MAX_CLOCKS &&
	                    !(j < i && vclk_in_change[j] != 0) ==>
	                    vclk_req_set[j] == \at(vclk_req_set[j], Pre);
	    loop assigns i, vclk_new_rate[0 .. VCLK_MAX_CLOCKS-1],
	                 vclk_req_set[0 .. VCLK_MAX_CLOCKS-1];
	    loop variant vclk_nr_clocks - i;
	*/
	for (int i = 0; i < vclk_nr_clocks; i++) {
		if (vclk_in_change[i]) {
			vclk_new_rate[i] = vclk_rate[i];
			vclk_req_set[i] = 0;
		}
	}
}

int clk_core_reparent_notified(int c, int np, int index)
{
	int span, ret;

	/* the rates the move will give, before anything moves (Linux's
	 * __clk_speculate_rates()); with no notifier to tell, no provider
	 * is asked what it would do */
	vclk_path[vclk_depth[c]] = c;
	if (vclk_nb_top > 0)
		vclk_new_rate[c] = vclk_op_recalc_rate(c, vclk_rate[np]);
	span = clk_core_plan_subtree(c, c, vclk_nb_top > 0);
	/* a veto: every entry told hears ABORT, nothing was touched */
	ret = clk_core_notify(PRE_RATE_CHANGE, c, span) ? -VCLK_EBUSY
		: clk_core_reparent(c, np, index, 1);
	if (ret) {
		clk_core_notify(ABORT_RATE_CHANGE, c, span);
		return ret;
	}
	clk_core_settle_subtree();
	clk_core_notify(POST_RATE_CHANGE, c, span);
	return 0;
}

/* ==================== consumer API ==================== */

int vclk_handle_live(const struct clk *clk)
{
	int c;

	if (vclk_busy)
		return -VCLK_EDEADLK;
	c = vclk_handle_clock[vclk_handle_index(clk)];
	return c == VCLK_NONE ? -VCLK_EINVAL : c;
}

int vclk_round_rate_nolock(struct clk *clk, unsigned long rate, unsigned long *rounded)
{
	int c, top;

	if (!clk) {
		*rounded = 0;
		return 0;
	}
	c = vclk_handle_live(clk);
	if (c < 0)
		return c;
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
	int c;

	if (!clk)
		return 0;
	c = vclk_handle_live(clk);
	if (c < 0)
		return c;
	/* as Linux's early bail, a request that moved nothing is not kept */
	return clk_core_set_rate_nolock(c, vclk_handle_index(clk), rate, rate);
}

int clk_set_rate_range_nolock(struct clk *clk, unsigned long min, unsigned long max)
{
	unsigned long old_min, old_max, req;
	int h, c, ret;

	if (!clk)
		return 0;
	if (min > max)
		return -VCLK_EINVAL;
	c = vclk_handle_live(clk);
	if (c < 0)
		return c;
	h = vclk_handle_index(clk);
	old_min = vclk_handle_min[h];
	old_max = vclk_handle_max[h];
	req = vclk_req_set[c] ? vclk_req_rate[c] : vclk_rate[c];
	vclk_handle_range_set(h, min, max);
	/* Linux's clk_set_rate_range_nolock() asks for the request clamped
	 * into this handle's range, which set_rate keeps when it moved the
	 * rate; the rounding clamps it into the intersection either way */
	ret = clk_core_set_rate_nolock(c, h, req, rate_clamp(req, min, max));
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
    ensures  no_block: clk == \null || nb == \null ==> \result == -VCLK_EINVAL;
    ensures  deadlock: clk != \null && nb != \null ==>
                     (vclk_busy != 0 <==> \result == -VCLK_EDEADLK);
    ensures  clock:  clk != \null && nb != \null && vclk_busy == 0 ==>
                     \forall integer h; vclk_handle_at(clk, h) ==>
                       (vclk_handle_clock[h] != VCLK_NONE ==> \result == vclk_handle_clock[h]) &&
                       (vclk_handle_clock[h] == VCLK_NONE ==> \result == -VCLK_EINVAL);
*/
static int clk_notifier_clock(struct clk *clk, const struct notifier_block *nb)
{
	if (!clk || !nb)
		return -VCLK_EINVAL;
	return vclk_handle_live(clk);
}

int clk_notifier_register_nolock(struct clk *clk, struct notifier_block *nb)
{
	int c = clk_notifier_clock(clk, nb);
	int n, free = -1;

	if (c < 0)
		return c;
	/*@ loop invariant bound: 0 <= n <= VCLK_MAX_NOTIFIERS;
	    loop invariant free: -1 <= free < n;
	    loop invariant free_slot: free >= 0 ==> vclk_nb[free] == \null;
	    loop invariant none: \forall integer k; 0 <= k < n ==>
	                           !(vclk_nb[k] == nb && vclk_nb_clock[k] == c);
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
	if (free >= vclk_nb_top)
		vclk_nb_top = free + 1;
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
	    loop invariant none: \forall integer k; 0 <= k < n ==>
	                           !(vclk_nb[k] == nb && vclk_nb_clock[k] == c);
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
