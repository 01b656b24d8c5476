/* SPDX-License-Identifier: MIT */
/*
 * core/lemmas.c - proofs of the facts in vclk_lemmas.h.
 *
 * Each function is ghost: its body is the induction (recursion on the
 * depth, or a loop over array indices whose invariant is the induction
 * hypothesis), and WP proves it like any other function.
 */
#include "vclk_lemmas.h"

/*@ ghost
  void vclk_lemma_ancestor_depth(int x)
  {
    if (vclk_parent[x] != VCLK_NONE)
      vclk_lemma_ancestor_depth(vclk_parent[x]);
  }
*/

/*@ ghost
  void vclk_lemma_ancestors_live(int x)
  {
    if (vclk_parent[x] != VCLK_NONE)
      vclk_lemma_ancestors_live(vclk_parent[x]);
  }
*/

/*@ ghost
  void vclk_lemma_reaches_root(int x)
  {
    if (vclk_parent[x] != VCLK_NONE)
      vclk_lemma_reaches_root(vclk_parent[x]);
  }
*/

/*@ ghost
  void vclk_lemma_sums(void)
  {
    /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
       loop invariant prep_nonneg: \forall integer p;
          vclk_child_preps_upto(p, n) >= 0;
       loop invariant prep_term: \forall integer p, j; 0 <= j < n ==>
          vclk_child_preps_upto(p, n) >= vclk_child_prep(p, j);
       loop invariant en_nonneg: \forall integer p;
          vclk_child_ens_upto(p, n) >= 0;
       loop invariant en_term: \forall integer p, j; 0 <= j < n ==>
          vclk_child_ens_upto(p, n) >= vclk_child_en(p, j);
       loop assigns n;
       loop variant VCLK_MAX_CLOCKS - n;
    @/
    for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
      ;
    /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
       loop invariant prep_nonneg: \forall integer c;
          vclk_handle_preps_upto(c, n) >= 0;
       loop invariant prep_term: \forall integer c, h; 0 <= h < n ==>
          vclk_handle_preps_upto(c, n) >= vclk_handle_prep(c, h);
       loop invariant en_nonneg: \forall integer c;
          vclk_handle_ens_upto(c, n) >= 0;
       loop invariant en_term: \forall integer c, h; 0 <= h < n ==>
          vclk_handle_ens_upto(c, n) >= vclk_handle_en(c, h);
       loop assigns n;
       loop variant VCLK_NR_HANDLES - n;
    @/
    for (int n = 0; n < VCLK_NR_HANDLES; n++)
      ;
  }
*/

/*@ ghost
  void vclk_lemma_prep_parent(int x)
  {
    vclk_lemma_sums();
    /@ assert held: \forall integer c; 0 <= c < VCLK_MAX_CLOCKS &&
          vclk_prepare_count[c] > 0 && vclk_parent[c] != VCLK_NONE &&
          vclk_parent[c] != x ==>
          vclk_child_prep(vclk_parent[c], c) == 1 &&
          vclk_prep_balanced_at(vclk_parent[c]); @/
  }
*/

/*@ ghost
  void vclk_lemma_en_parent(int x)
  {
    vclk_lemma_sums();
    /@ assert held: \forall integer c; 0 <= c < VCLK_MAX_CLOCKS &&
          vclk_enable_count[c] > 0 && vclk_parent[c] != VCLK_NONE &&
          vclk_parent[c] != x ==>
          vclk_child_en(vclk_parent[c], c) == 1 &&
          vclk_en_balanced_at(vclk_parent[c]); @/
  }
*/

/*@ ghost
  void vclk_lemma_levels(void)
  {
    /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
       loop invariant consumer: \forall integer c;
          vclk_handle_ens_upto(c, n) > 0 ==> vclk_handle_preps_upto(c, n) > 0;
       loop invariant nonneg: \forall integer c;
          vclk_handle_preps_upto(c, n) >= 0;
       loop assigns n;
       loop variant VCLK_NR_HANDLES - n;
    @/
    for (int n = 0; n < VCLK_NR_HANDLES; n++)
      ;
    /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
       loop invariant child: \forall integer c;
          vclk_child_ens_upto(c, n) > 0 ==> vclk_child_preps_upto(c, n) > 0;
       loop invariant nonneg: \forall integer c;
          vclk_child_preps_upto(c, n) >= 0;
       loop assigns n;
       loop variant VCLK_MAX_CLOCKS - n;
    @/
    for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
      ;
  }
*/

/*@ ghost
  void vclk_lemma_allowed_inside(int c, unsigned long r)
  {
    /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
       loop invariant inside: vclk_rate_allowed(c, r) ==>
          vclk_min_upto(c, n) <= r <= vclk_max_upto(c, n);
       loop assigns n;
       loop variant VCLK_NR_HANDLES - n;
    @/
    for (int n = 0; n < VCLK_NR_HANDLES; n++)
      ;
  }
*/

/*@ ghost
  void vclk_lemma_bound_inside(int c)
  {
    /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
       loop invariant lower: \forall integer h; 0 <= h < n &&
          vclk_handle_clock[h] == c ==> vclk_handle_min[h] <= vclk_min_upto(c, n);
       loop invariant upper: \forall integer h; 0 <= h < n &&
          vclk_handle_clock[h] == c ==> vclk_max_upto(c, n) <= vclk_handle_max[h];
       loop assigns n;
       loop variant VCLK_NR_HANDLES - n;
    @/
    for (int n = 0; n < VCLK_NR_HANDLES; n++)
      ;
  }
*/

/*@ ghost
  void vclk_lemma_excl_holders(void)
  {
    /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
       loop invariant count: 0 <= vclk_excl_holders_upto(n) <= n;
       loop invariant held:  \forall integer g; 0 <= g < n &&
          vclk_handle_excl[g] > 0 ==> vclk_excl_holders_upto(n) >= 1;
       loop invariant two:   \forall integer g, h; 0 <= g < n && 0 <= h < n &&
          g != h && vclk_handle_excl[g] > 0 && vclk_handle_excl[h] > 0 ==>
          vclk_excl_holders_upto(n) >= 2;
       loop assigns n;
       loop variant VCLK_NR_HANDLES - n;
    @/
    for (int n = 0; n < VCLK_NR_HANDLES; n++)
      ;
  }
*/

/*@ ghost
  void vclk_lemma_path_below(int c, int t)
  {
    /@ loop invariant bound: vclk_depth[t] <= d <= vclk_depth[c] + 1;
       loop invariant below: \forall integer e; vclk_depth[t] <= e < d ==>
          vclk_in_subtree(vclk_path[e], t);
       loop assigns d;
       loop variant vclk_depth[c] + 1 - d;
    @/
    for (int d = vclk_depth[t]; d <= vclk_depth[c]; d++) {
      /@ assert down: d > vclk_depth[t] ==>
            vclk_parent[vclk_path[d]] == vclk_path[d - 1] &&
            vclk_depth[vclk_path[d]] == d &&
            vclk_in_subtree(vclk_path[d - 1], t); @/
      /@ assert here: vclk_in_subtree(vclk_path[d], t); @/
    }
  }
*/

/*@ ghost
  void vclk_lemma_anc_t(int x, int a, int k)
  {
    if (k > 0 && 0 <= x && x < VCLK_MAX_CLOCKS)
      vclk_lemma_anc_t(vclk_parent[x], a, k - 1);
  }
*/

/*@ ghost
  void vclk_lemma_exact_stays(int c, unsigned long req, int k, int f)
  {
    if (k < VCLK_MAX_RATE_CANDIDATES) {
      /@ assert next: vclk_cand_rate(c, req, vclk_best(c, req, k, f), f) == req ==>
                      vclk_best(c, req, k + 1, f) == vclk_best(c, req, k, f); @/
      vclk_lemma_exact_stays(c, req, k + 1, f);
    }
  }
*/

/*@ ghost
  void vclk_lemma_no_better_input(int c, unsigned long req, int k, int f)
  {
    if (k > 0)
      vclk_lemma_no_better_input(c, req, k - 1, f);
  }
*/

/*@ ghost
  void vclk_lemma_keeps_parent(int c, unsigned long req, int f)
  {
    /@ assert none: vclk_best(c, req, 0, f) < 0; @/
    vclk_lemma_exact_stays(c, req, 0, f);
    /@ assert cur: vclk_parent_exact(c, req) ==> vclk_round_cur(c, req, f) == req; @/
    vclk_lemma_no_better_input(c, req, vclk_nr_parents[c], f);
  }
*/
