#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/fuzz/omap4-check.sh - the OMAP4 fuzz target's part of make check:
#  1. every seed of corpus/fuzz-omap4/ replayed under ASan+UBSan (one test
#     each, build/fuzz/vclk-fuzz-omap4-replay);
#  2. the oracles can fail: each replayer with a planted defect must fail
#     the seed named for it, with the oracle's VIOLATION message
#     (OMAP4_FUZZ_MUTANT 1..4 of harness/fuzz/omap4_target.c, and a real
#     defect planted in a scratch copy of platform/omap4/dpll.c: a DPLL
#     set_rate that does not roll back);
#  3. the seeds are what harness/fuzz/make-seeds-omap4.py writes.
# Last line: "N passed, M failed".  Run from the repository top; MAKE as
# make check passes it.
set -u
MAKE=${MAKE:-make}
F=build/fuzz
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# MUTANT SEED ORACLE: the binary, the seed it must fail, the oracle's words
mutants=(
	"$F/vclk-fuzz-omap4-replay-m1 mpu-lock-timeout failed with -ETIMEDOUT but register"
	"$F/vclk-fuzz-omap4-replay-m2 mpu-1008 but round_rate answered"
	"$F/vclk-fuzz-omap4-replay-m3 uart-mmc-hwmod the same registers give"
	"$F/vclk-fuzz-omap4-replay-m4 uart-mmc-hwmod after the release"
	"$F/vclk-fuzz-omap4-replay-m5 exclusive-two-users holds dpll_mpu_m2_ck's rate exclusively"
	"$F/vclk-fuzz-omap4-replay-dpll-norollback mpu-lock-timeout failed with -ETIMEDOUT but register"
)
bins="$F/vclk-fuzz-omap4-replay"
for m in "${mutants[@]}"; do
	bins="$bins ${m%% *}"
done
# shellcheck disable=SC2086
if ! $MAKE -s --no-print-directory $bins >"$tmp/build.log" 2>&1; then
	cat "$tmp/build.log"
	echo "BUILD FAILED: $bins"
	echo "0 passed, 1 failed"
	exit 1
fi
cat "$tmp/build.log"

"$F/vclk-fuzz-omap4-replay" corpus/fuzz-omap4 >"$tmp/replay.log" 2>&1
grep -E '^(PASS|FAIL) ' "$tmp/replay.log"
p=$(grep -c '^PASS ' "$tmp/replay.log")
f=$(grep -c '^FAIL ' "$tmp/replay.log")
grep -h 'VIOLATION' "$tmp/replay.log"
pass=$((pass + p))
fail=$((fail + f))
if [ "$p" -eq 0 ]; then
	echo "FAIL omap4 replay: no seed replayed"
	fail=$((fail + 1))
fi

for m in "${mutants[@]}"; do
	read -r bin seed words <<<"$m"
	if "$bin" "corpus/fuzz-omap4/$seed" >"$tmp/m.log" 2>&1; then
		echo "FAIL self-check $(basename "$bin"): seed $seed passed, the planted defect went unnoticed"
		fail=$((fail + 1))
	elif ! grep -q "OMAP4 FUZZ VIOLATION: .*$words" "$tmp/m.log"; then
		cat "$tmp/m.log"
		echo "FAIL self-check $(basename "$bin"): seed $seed failed, but not with \"$words\""
		fail=$((fail + 1))
	else
		grep -h 'OMAP4 FUZZ VIOLATION' "$tmp/m.log" | head -n 1
		echo "PASS self-check $(basename "$bin"): the planted defect fails seed $seed"
		pass=$((pass + 1))
	fi
done

python3 harness/fuzz/make-seeds-omap4.py "$tmp/seeds" "$tmp/dict"
if diff -r "$tmp/seeds" corpus/fuzz-omap4 --exclude=README.md >/dev/null &&
	cmp -s "$tmp/dict" harness/fuzz/vclk_fuzz_omap4.dict; then
	echo "PASS omap4 seeds and dictionary are make-seeds-omap4.py's"
	pass=$((pass + 1))
else
	echo "FAIL omap4 seeds or dictionary differ from make-seeds-omap4.py's output (run it)"
	fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
