/* SPDX-License-Identifier: MIT */
/*
 * core/vclk_lemmas.h - lemma functions.
 *
 * Facts that need induction are proven as ghost functions (recursion or a
 * ghost loop is the induction) instead of ACSL lemmas, which the automatic
 * provers do not prove by induction.  Calling one in ghost code brings its
 * postcondition into the caller's proof.  They are ghost code only: no
 * instruction of them reaches a binary.
 */
#ifndef VCLK_LEMMAS_H
#define VCLK_LEMMAS_H

#include "vclk_state.h"

/*@ ghost
  /@ requires acyclic: vclk_acyclic;
     requires slot:    vclk_slot(x);
     decreases vclk_depth[x];
     assigns  \nothing;
     ensures  shallower: \forall integer a;
                 vclk_ancestor(a, x) ==> vclk_depth[a] < vclk_depth[x];
  @/
  void vclk_lemma_ancestor_depth(int x);
*/

/*@ ghost
  /@ requires pool:    vclk_clocks_ok;
     requires acyclic: vclk_acyclic;
     requires live:    vclk_live(x);
     decreases vclk_depth[x];
     assigns  \nothing;
     ensures  live: \forall integer a; vclk_ancestor(a, x) ==> vclk_live(a);
  @/
  void vclk_lemma_ancestors_live(int x);
*/

/*@ ghost
  /@ requires acyclic: vclk_acyclic;
     requires slot:    vclk_slot(x);
     decreases vclk_depth[x];
     assigns  \nothing;
     ensures  root: vclk_reaches_root(x, vclk_depth[x] + 1);
     ensures  bound: vclk_depth[x] + 1 <= VCLK_MAX_CLOCKS;
  @/
  void vclk_lemma_reaches_root(int x);
*/

/*@ ghost
  /@ assigns  \nothing;
     ensures  child_prep_nonneg: \forall integer p; vclk_child_preps(p) >= 0;
     ensures  child_prep_term: \forall integer p, j;
                 0 <= j < VCLK_MAX_CLOCKS ==>
                 vclk_child_preps(p) >= vclk_child_prep(p, j);
     ensures  child_en_nonneg: \forall integer p; vclk_child_ens(p) >= 0;
     ensures  child_en_term: \forall integer p, j;
                 0 <= j < VCLK_MAX_CLOCKS ==>
                 vclk_child_ens(p) >= vclk_child_en(p, j);
     ensures  handle_prep_nonneg: \forall integer c; vclk_consumer_preps(c) >= 0;
     ensures  handle_prep_term: \forall integer c, h;
                 0 <= h < VCLK_NR_HANDLES ==>
                 vclk_consumer_preps(c) >= vclk_handle_prep(c, h);
     ensures  handle_en_nonneg: \forall integer c; vclk_consumer_ens(c) >= 0;
     ensures  handle_en_term: \forall integer c, h;
                 0 <= h < VCLK_NR_HANDLES ==>
                 vclk_consumer_ens(c) >= vclk_handle_en(c, h);
  @/
  void vclk_lemma_sums(void);
*/

/*@ ghost
  /@ requires acyclic: vclk_acyclic;
     requires except:  x == VCLK_NONE || vclk_slot(x);
     requires others:  \forall integer c; 0 <= c < VCLK_MAX_CLOCKS && c != x ==>
                         vclk_prep_balanced_at(c);
     requires held:    x != VCLK_NONE ==> vclk_prepare_count[x] > 0;
     assigns  \nothing;
     ensures  prepared: vclk_prepared_parent_prepared;
  @/
  void vclk_lemma_prep_parent(int x);
*/

/*@ ghost
  /@ requires acyclic: vclk_acyclic;
     requires except:  x == VCLK_NONE || vclk_slot(x);
     requires others:  \forall integer c; 0 <= c < VCLK_MAX_CLOCKS && c != x ==>
                         vclk_en_balanced_at(c);
     requires held:    x != VCLK_NONE ==> vclk_enable_count[x] > 0;
     assigns  \nothing;
     ensures  enabled: vclk_enabled_parent_enabled;
  @/
  void vclk_lemma_en_parent(int x);
*/

/*@ ghost
  /@ requires handles: vclk_handles_ok;
     requires enabled_prepared: vclk_enabled_prepared;
     assigns  \nothing;
     ensures  consumer: \forall integer c;
                 vclk_consumer_ens(c) > 0 ==> vclk_consumer_preps(c) > 0;
     ensures  child: \forall integer c;
                 vclk_child_ens(c) > 0 ==> vclk_child_preps(c) > 0;
  @/
  void vclk_lemma_levels(void);
*/

/*@ ghost
  /@ assigns  \nothing;
     ensures  inside: vclk_rate_allowed(c, r) ==>
                 vclk_min_upto(c, VCLK_NR_HANDLES) <= r <=
                 vclk_max_upto(c, VCLK_NR_HANDLES);
  @/
  void vclk_lemma_allowed_inside(int c, unsigned long r);
*/

/*@ ghost
  /@ assigns  \nothing;
     ensures  lower: \forall integer h; 0 <= h < VCLK_NR_HANDLES &&
                 vclk_handle_clock[h] == c ==>
                 vclk_handle_min[h] <= vclk_min_upto(c, VCLK_NR_HANDLES);
     ensures  upper: \forall integer h; 0 <= h < VCLK_NR_HANDLES &&
                 vclk_handle_clock[h] == c ==>
                 vclk_max_upto(c, VCLK_NR_HANDLES) <= vclk_handle_max[h];
  @/
  void vclk_lemma_bound_inside(int c);
*/

/*@ ghost
  /@ assigns  \nothing;
     ensures  bound: 0 <= vclk_excl_holders_upto(VCLK_NR_HANDLES) <= VCLK_NR_HANDLES;
     ensures  held:  \forall integer g; 0 <= g < VCLK_NR_HANDLES &&
                 vclk_handle_excl[g] > 0 ==>
                 vclk_excl_holders_upto(VCLK_NR_HANDLES) >= 1;
     ensures  two:   \forall integer g, h; 0 <= g < VCLK_NR_HANDLES &&
                 0 <= h < VCLK_NR_HANDLES && g != h &&
                 vclk_handle_excl[g] > 0 && vclk_handle_excl[h] > 0 ==>
                 vclk_excl_holders_upto(VCLK_NR_HANDLES) >= 2;
  @/
  void vclk_lemma_excl_holders(void);
*/

/*@ ghost
  /@ requires pool:    vclk_clocks_ok;
     requires acyclic: vclk_acyclic;
     requires path:    vclk_path_ok(c, t);
     assigns  \nothing;
     ensures  below:   \forall integer d; vclk_depth[t] <= d <= vclk_depth[c] ==>
                         vclk_in_subtree(vclk_path[d], t);
  @/
  void vclk_lemma_path_below(int c, int t);
*/

/*@ ghost
  /@ requires k: k >= 0;
     decreases k;
     assigns  \nothing;
     ensures  same: vclk_reach(x, a, k) <==> vclk_anc_t(a, x, k) != 0;
  @/
  void vclk_lemma_anc_t(int x, int a, int k);
*/

/*@ ghost
  /@ requires k:     0 <= k <= VCLK_MAX_RATE_CANDIDATES;
     decreases VCLK_MAX_RATE_CANDIDATES - k;
     assigns  \nothing;
     ensures  stays: vclk_cand_rate(c, req, vclk_best(c, req, k, f), f) == req ==>
                     vclk_best(c, req, VCLK_MAX_RATE_CANDIDATES, f) ==
                     vclk_best(c, req, k, f);
  @/
  void vclk_lemma_exact_stays(int c, unsigned long req, int k, int f);
*/

/*@ ghost
  /@ requires k:     k >= 0;
     decreases k;
     assigns  \nothing;
     ensures  stays: vclk_round_cur(c, req, f) == req ==> vclk_alt(c, req, k, f) < 0;
  @/
  void vclk_lemma_no_better_input(int c, unsigned long req, int k, int f);
*/

/*@ ghost
  /@ requires slot:   vclk_slot(c);
     requires inputs: vclk_nr_parents[c] >= 0;
     assigns  \nothing;
     ensures  stays:  vclk_parent_exact(c, req) ==> vclk_alt_input(c, req, f) < 0;
     ensures  kept:   vclk_parent_exact(c, req) ==>
                        vclk_parent_got(c, req, f) == vclk_rate[vclk_parent[c]];
     ensures  rate:   vclk_parent_exact(c, req) ==> vclk_round(c, req, f) == req;
     ensures  plan:   vclk_parent_exact(c, req) ==> vclk_plan(c, req, f) == req;
  @/
  void vclk_lemma_keeps_parent(int c, unsigned long req, int f);
*/

#endif /* VCLK_LEMMAS_H */
