/* SPDX-License-Identifier: MIT */
/*
 * spec/round.h - the functional model of rounding (REQ-RATE-3): what
 * clk_round_rate() answers and what clk_set_rate() then programs, as one
 * logic term of the state, so that "after clk_set_rate(clk, r) succeeds,
 * clk_get_rate(clk) is what clk_round_rate(clk, r) returned just before"
 * is a consequence of the two contracts (both equal vclk_rounded{Pre}).
 *
 * A provider's rounding is a function of its arguments: the two logic
 * functions below name those functions.  They are declared, not defined,
 * and nothing is assumed about their values (no axiomatized fact); the contracts of
 * the rate ops (core/vclk_ops.h, ASSUME-OPS) say that the ops compute
 * them, which is the provider's promise that rounding is pure.
 *
 * Recursion up the tree is bounded by an explicit fuel argument @f (the
 * clock's depth when the contracts use it), so every definition below is
 * well founded whatever the state: on (f, sel, k), each recursive call is
 * smaller.
 */
#ifndef VCLK_SPEC_ROUND_H
#define VCLK_SPEC_ROUND_H
/*@
  axiomatic VclkProviderRounding {
    // the rate provider id would run at, asked for rate, its parent at
    // parent_rate (vclk_op_round_rate)
    logic integer vclk_round_of(integer id, integer rate, integer parent_rate);
    // the k-th parent rate worth trying for rate; 0: none
    // (vclk_op_parent_rate_candidate)
    logic integer vclk_candidate_of(integer id, integer rate, integer k);
  }

  // rate_better() of core/rate.c: whether now serves req better than
  // best, nearest either way when closest != 0
  // (1: yes, 0: no; logic conditionals take terms, not predicates)
  logic integer vclk_better(integer req, integer now, integer best,
                            integer closest) =
    (closest != 0 ? \abs(now - req) < \abs(best - req)
                  : (now <= req ? (best > req || now > best)
                                : (best > req && now < best))) ? 1 : 0;

  logic integer vclk_closest{L}(integer c) =
    (vclk_flags[c] & CLK_ROUND_CLOSEST) != 0 ? 1 : 0;
  logic integer vclk_srp{L}(integer c) =
    (vclk_flags[c] & CLK_SET_RATE_PARENT) != 0 ? 1 : 0;

  // input j of clock c (a live clock, or VCLK_NONE)
  logic integer vclk_input_clock{L}(integer c, integer j) =
    vclk_parent_ids[VCLK_INPUT(c, j)];

  // vclk_reach() of spec/acyclic.h as a term (1: a is reached from x in
  // at most k steps), so that the model's conditionals can name it; the
  // two agree (vclk_lemma_anc_t)
  logic integer vclk_anc_t{L}(integer a, integer x, integer k) =
    (k > 0 && 0 <= x < VCLK_MAX_CLOCKS &&
     (vclk_parent[x] == a || vclk_anc_t(a, vclk_parent[x], k - 1) != 0)) ? 1 : 0;

  // REQ-RATE-4: 1 when input clock q is an alternative parent of c for a rate: c may
  // change parent for a rate (Linux: a mux without
  // CLK_SET_RATE_NO_REPARENT; not a prepared CLK_SET_PARENT_GATE one),
  // q is live, not the current parent, not c or below it (no cycle)
  logic integer vclk_alt_ok{L}(integer c, integer q) =
    (vclk_nr_parents[c] > 1 &&
     (vclk_flags[c] & CLK_SET_RATE_NO_REPARENT) == 0 &&
     !((vclk_flags[c] & CLK_SET_PARENT_GATE) != 0 && vclk_prepare_count[c] > 0) &&
     0 <= q < vclk_nr_clocks && q != vclk_parent[c] && q != c &&
     vclk_anc_t(c, q, vclk_depth[q]) == 0) ? 1 : 0;

  // clk_core_round(), selected by sel:
  //   0: the rate clock c can run at for a request of req (its result);
  //   3: the same through the current parent only;
  //   1: after the first k parent-rate candidates, the index of the one
  //      strictly better than the parent's current rate and than the
  //      candidates before it, -1 if none: the parent keeps its rate
  //      (its loop; Linux's clk_divider_bestdiv() keeps the parent when
  //      it already gives the request, and a tie never moves it);
  //   2: after the first k inputs, the index of the alternative input
  //      (at its current rate) strictly better than the current parent's
  //      outcome and than the alternatives before it, -1 if none (its
  //      second loop; an alternative is never asked for a new rate)
  // the parent rounds with fuel f - 1; on (f, sel ordered 0 > 2 > 3 > 1,
  // k) every recursive call is smaller
  logic integer vclk_rl{L}(integer sel, integer c, integer req, integer k,
                           integer f) =
    sel == 0 ?
      (vclk_rl(2, c, req, vclk_nr_parents[c], f) >= 0 ?
         vclk_round_of(c, req, vclk_rate[vclk_input_clock(c,
           vclk_rl(2, c, req, vclk_nr_parents[c], f))])
       : vclk_rl(3, c, req, 0, f))
    : sel == 3 ?
      (vclk_parent[c] == VCLK_NONE ?
         (vclk_nr_parents[c] > 0 ? 0 : vclk_round_of(c, req, 0))
       : (vclk_srp(c) != 0 && f > 0 &&
          vclk_rl(1, c, req, VCLK_MAX_RATE_CANDIDATES, f) >= 0) ?
         vclk_round_of(c, req,
           vclk_rl(0, vclk_parent[c],
                   vclk_candidate_of(c, req,
                     vclk_rl(1, c, req, VCLK_MAX_RATE_CANDIDATES, f)),
                   0, f - 1))
       : vclk_round_of(c, req, vclk_rate[vclk_parent[c]]))
    : sel == 2 ?
      (k <= 0 ? -1
       : (vclk_alt_ok(c, vclk_input_clock(c, k - 1)) != 0 &&
          vclk_better(req,
           vclk_round_of(c, req, vclk_rate[vclk_input_clock(c, k - 1)]),
           (vclk_rl(2, c, req, k - 1, f) < 0 ? vclk_rl(3, c, req, 0, f)
            : vclk_round_of(c, req, vclk_rate[vclk_input_clock(c,
                vclk_rl(2, c, req, k - 1, f))])),
           vclk_closest(c)) != 0) ? k - 1
       : vclk_rl(2, c, req, k - 1, f))
    : (k <= 0 || f <= 0) ? -1
    : vclk_candidate_of(c, req, k - 1) == 0 ? vclk_rl(1, c, req, k - 1, f)
    : vclk_better(req,
         vclk_round_of(c, req,
           vclk_rl(0, vclk_parent[c], vclk_candidate_of(c, req, k - 1), 0, f - 1)),
         (vclk_rl(1, c, req, k - 1, f) < 0 ?
            vclk_round_of(c, req, vclk_rate[vclk_parent[c]])
          : vclk_round_of(c, req,
              vclk_rl(0, vclk_parent[c],
                vclk_candidate_of(c, req, vclk_rl(1, c, req, k - 1, f)), 0, f - 1))),
         vclk_closest(c)) != 0 ? k - 1
    : vclk_rl(1, c, req, k - 1, f);

  // the best alternative input among the first k, -1 if none
  logic integer vclk_alt{L}(integer c, integer req, integer k, integer f) =
    vclk_rl(2, c, req, k, f);
  // the input clk_core_round() switches c to, -1: it stays
  logic integer vclk_alt_input{L}(integer c, integer req, integer f) =
    vclk_rl(2, c, req, vclk_nr_parents[c], f);
  // what c rounds to through its current parent
  logic integer vclk_round_cur{L}(integer c, integer req, integer f) =
    vclk_rl(3, c, req, 0, f);

  // REQ-RATE-3: what clk_core_round() answers
  logic integer vclk_round{L}(integer c, integer req, integer f) =
    vclk_rl(0, c, req, 0, f);
  // the best candidate's index, -1 if none
  logic integer vclk_best{L}(integer c, integer req, integer k, integer f) =
    vclk_rl(1, c, req, k, f);
  // what c runs at through its current parent with candidate j, -1: at
  // the parent's current rate
  logic integer vclk_cand_rate{L}(integer c, integer req, integer j, integer f) =
    j < 0 ? vclk_round_of(c, req, vclk_rate[vclk_parent[c]])
    : vclk_round_of(c, req,
        vclk_round(vclk_parent[c], vclk_candidate_of(c, req, j), f - 1));
  // whether rounding c uses a parent-rate candidate
  logic integer vclk_uses_candidate{L}(integer c, integer req, integer f) =
    (vclk_parent[c] != VCLK_NONE && vclk_srp(c) != 0 && f > 0 &&
     vclk_best(c, req, VCLK_MAX_RATE_CANDIDATES, f) >= 0) ? 1 : 0;
  // through the current parent: what to ask the parent for ...
  logic integer vclk_cur_req{L}(integer c, integer req, integer f) =
    vclk_parent[c] == VCLK_NONE ? 0
    : vclk_uses_candidate(c, req, f) != 0 ?
        vclk_candidate_of(c, req, vclk_best(c, req, VCLK_MAX_RATE_CANDIDATES, f))
    : vclk_rate[vclk_parent[c]];
  // ... and the rate the parent would then run at
  logic integer vclk_cur_got{L}(integer c, integer req, integer f) =
    vclk_parent[c] == VCLK_NONE ? 0
    : vclk_uses_candidate(c, req, f) != 0 ?
        vclk_round(vclk_parent[c], vclk_cur_req(c, req, f), f - 1)
    : vclk_rate[vclk_parent[c]];
  // clk_core_round()'s second output: what to ask the parent (the
  // alternative input when it switches) for ...
  logic integer vclk_parent_req{L}(integer c, integer req, integer f) =
    vclk_alt_input(c, req, f) >= 0 ?
      vclk_rate[vclk_input_clock(c, vclk_alt_input(c, req, f))]
    : vclk_cur_req(c, req, f);
  // ... and the rate it would then run at
  logic integer vclk_parent_got{L}(integer c, integer req, integer f) =
    vclk_alt_input(c, req, f) >= 0 ?
      vclk_rate[vclk_input_clock(c, vclk_alt_input(c, req, f))]
    : vclk_cur_got(c, req, f);

  // Linux's clk_divider_bestdiv() shortcut, for any provider: c's
  // current parent already gives the request exactly (choice 1 of the
  // planner: then no parent moves, vclk_lemma_keeps_parent)
  predicate vclk_parent_exact{L}(integer c, integer req) =
    vclk_parent[c] != VCLK_NONE &&
    vclk_round_of(c, req, vclk_rate[vclk_parent[c]]) == req;

  // REQ-RATE-3: the rate clk_core_plan() plans for c, asked for req
  logic integer vclk_plan{L}(integer c, integer req, integer f) =
    (f > 0 && vclk_alt_input(c, req, f) < 0 &&
     vclk_parent[c] != VCLK_NONE && vclk_srp(c) != 0 &&
     vclk_parent_got(c, req, f) != vclk_rate[vclk_parent[c]]) ?
      vclk_round_of(c, req,
        vclk_plan(vclk_parent[c], vclk_parent_req(c, req, f), f - 1))
    : vclk_round(c, req, f);

  // what clk_core_round() remembers for a live clock is what it would
  // answer again (the entries of free slots are never read: a plan
  // forgets the live clocks' only, and a registration is not in a plan)
  predicate vclk_memo_sound{L} =
    \forall integer i; vclk_live(i) &&
      vclk_round_memo[i].req != 0 ==>
        vclk_round_memo[i].rate ==
          vclk_round(i, vclk_round_memo[i].req, vclk_depth[i]) &&
        vclk_round_memo[i].preq ==
          vclk_parent_req(i, vclk_round_memo[i].req, vclk_depth[i]) &&
        vclk_round_memo[i].prate ==
          vclk_parent_got(i, vclk_round_memo[i].req, vclk_depth[i]) &&
        vclk_round_memo[i].input ==
          vclk_alt_input(i, vclk_round_memo[i].req, vclk_depth[i]);

  // REQ-RATE-4: every switch clk_core_round() remembers is one the tree allows now
  predicate vclk_memo_switches{L} =
    \forall integer i; vclk_live(i) ==>
      vclk_round_memo[i].input < 0 ||
      vclk_switch_ok(i, vclk_round_memo[i].input);

  // vclk_min_upto / vclk_max_upto, the ends of a clock's consumers'
  // ranges, are in spec/aggregate.h (the invariant names them)

  logic integer vclk_clamp(integer r, integer lo, integer hi) =
    r < lo ? lo : r > hi ? hi : r;

  // a request of r clamped into c's consumers' ranges
  logic integer vclk_clamped{L}(integer c, integer r) =
    vclk_clamp(r, vclk_min_upto(c, VCLK_NR_HANDLES),
               vclk_max_upto(c, VCLK_NR_HANDLES));

  // REQ-RATE-3: what clk_round_rate(c, r) answers, and the rate
  // clk_set_rate(c, r) leaves c at when it succeeds
  logic integer vclk_rounded{L}(integer c, integer r) =
    \let req = vclk_clamp(r, vclk_min_upto(c, VCLK_NR_HANDLES),
                          vclk_max_upto(c, VCLK_NR_HANDLES));
    req == vclk_rate[c] ? req : vclk_plan(c, req, vclk_depth[c]);
*/
#endif /* VCLK_SPEC_ROUND_H */
