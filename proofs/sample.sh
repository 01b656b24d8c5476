#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# proofs/sample.sh - `make prove-sample`: re-proves, without the WP cache,
# a random sample of the goals the committed cache answered in the last
# `make prove`, so that a wrong or stale cached verdict is caught over
# time (CI runs it after make prove, .ci/run).
#
#   1. proofs/cold.py sample: from the cached run's wp.log files
#      (proofs/out/<md>[-<unit>]/), the functions with goals the cache
#      answered; shuffled with the seed, each added while the estimated
#      cold cost of the sample stays within the budget (cold.py's header
#      says how it estimates); the plan to proofs/out/cold/sample/plan.json.
#   2. bash proofs/prove.sh --cold --funcs "<the sample>": those functions,
#      in every unit and machdep that defines them, with make prove's
#      options, without the cache (proofs/out/cold/funcs/).
#   3. proofs/cold.py compare: every goal the cache said Valid must be
#      Valid again and every smoke test pass again; each other answer is
#      a finding, printed with its machdep, unit, function, goal and the
#      seed, and fails the run.
#
# Environment:
#   PROVE_SAMPLE_SECONDS  the budget, estimated seconds of Qed and prover
#                         time (default 240; 0: no sample)
#   PROVE_SAMPLE_SEED     the seed (default: random, printed); the same
#                         seed on the same proof output picks the same
#                         functions, to repeat a run
#   PROVE_SAMPLE_FROM     the cached run's output (default proofs/out: a
#                         full make prove; proofs/out/funcs: a make prove
#                         FUNCS=... run, to try the sample cheaply)
#   VCLK_MACHDEPS, VCLK_UNITS, WP_TIMEOUT, WP_JOBS: as for make prove
#
# A function whose goals alone cost more than the budget is never
# sampled (listed): make prove-cold re-proves it.
#
# Exit status: 0 when every sampled answer holds without the cache, 1 on
# a finding or a failed run, 2 on bad usage or missing input.
set -euo pipefail

seconds=${PROVE_SAMPLE_SECONDS:-240}
seed=${PROVE_SAMPLE_SEED:-}
from=${PROVE_SAMPLE_FROM:-proofs/out}
[ $# -eq 0 ] || { echo "usage: [PROVE_SAMPLE_SEED=N] [PROVE_SAMPLE_SECONDS=N] bash proofs/sample.sh" >&2; exit 2; }
[[ $seconds =~ ^[0-9]+$ ]] ||
	{ echo "prove: PROVE_SAMPLE_SECONDS is a number of seconds, not $seconds" >&2; exit 2; }
[ -z "$seed" ] || [[ $seed =~ ^[0-9]+$ ]] ||
	{ echo "prove: PROVE_SAMPLE_SEED is a non-negative integer, not $seed" >&2; exit 2; }
if [ -n "${WP_CACHE:-}" ] && [ "$WP_CACHE" != none ]; then
	echo "prove: the sample runs without the WP cache; WP_CACHE=$WP_CACHE contradicts it" >&2
	exit 2
fi

cd "$(dirname "$0")/.."
if [ "$seconds" -eq 0 ]; then
	echo "prove: PROVE_SAMPLE_SECONDS=0: no cold sample"
	exit 0
fi
# printed before anything can fail, so that any run can be repeated
[ -n "$seed" ] || seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
echo "prove: cold sample seed $seed (to repeat: make prove-sample PROVE_SAMPLE_SEED=$seed PROVE_SAMPLE_SECONDS=$seconds)"

machdeps=${VCLK_MACHDEPS:-x86_64 x86_32}
units=${VCLK_UNITS:-core types omap4}
plan=proofs/out/cold/sample/plan.json
rm -f "$plan"
python3 proofs/cold.py sample --seed "$seed" --seconds "$seconds" --source "$from" \
	--machdeps "$machdeps" --units "$units" --timeout "${WP_TIMEOUT:-30}" --plan "$plan"
funcs=$(python3 -c 'import json, sys; print(" ".join(json.load(open(sys.argv[1]))["functions"]))' "$plan")
if [ -z "$funcs" ]; then
	echo "prove: no function fits a budget of ${seconds}s: nothing re-proved (seed $seed)"
	exit 0
fi

start=$SECONDS
prove_rc=0
# the plan's functions only; the cold run's record is a partial one
# (proofs/out/cold/cold-run.json), never the committed proofs/cold-run.json
VCLK_MACHDEPS=$machdeps VCLK_UNITS=$units bash proofs/prove.sh --cold --funcs "$funcs" || prove_rc=$?
compare_rc=0
python3 proofs/cold.py compare --plan "$plan" --cold proofs/out/cold/funcs || compare_rc=$?
# A cached answer is "proved within WP_TIMEOUT" on the machine that made
# it; a CI machine busy with other work can run out of that time on a
# true goal.  So a sample that fails is tried once more with three times
# the timeout: a verdict the provers cannot reach even then is a finding,
# a merely slow one is not (its goal is still proved, which is what the
# cache claims).  The retry is said, so a slow goal stays visible.
if [ "$prove_rc" -ne 0 ] || [ "$compare_rc" -ne 0 ]; then
	retry_timeout=$((${WP_TIMEOUT:-30} * 3))
	echo "prove: the cold sample did not hold within ${WP_TIMEOUT:-30}s a goal; trying it again with ${retry_timeout}s"
	prove_rc=0
	compare_rc=0
	WP_TIMEOUT=$retry_timeout VCLK_MACHDEPS=$machdeps VCLK_UNITS=$units \
		bash proofs/prove.sh --cold --funcs "$funcs" || prove_rc=$?
	python3 proofs/cold.py compare --plan "$plan" --cold proofs/out/cold/funcs || compare_rc=$?
fi
estimate=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["estimate_seconds"])' "$plan")
echo "prove: cold sample took $((SECONDS - start))s (estimated ${estimate}s serial)"
if [ "$prove_rc" -ne 0 ] || [ "$compare_rc" -ne 0 ]; then
	echo "prove: the cold sample (seed $seed) FAILED: an answer of the committed cache does not hold without it, or the run failed; repeat: make prove-sample PROVE_SAMPLE_SEED=$seed PROVE_SAMPLE_SECONDS=$seconds" >&2
	exit 1
fi
echo "prove: cold sample (seed $seed) of $(wc -w <<<"$funcs") function(s): every answer of the cache re-proved without it"
