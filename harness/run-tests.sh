#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/run-tests.sh - build and run the unit tests three times, a plain
# build, an ASan+UBSan build and an E-ACSL build (the core's contracts as
# run-time checks, harness/eacsl/); the scenarios of corpus/scenarios/ and the
# `vclk gen` checks through both builds of the vclk tool
# (harness/scenarios.sh); the public headers, make install and the
# examples (harness/pubhdr/); the fuzz corpus and regressions replayed, decoded
# and replayed again on the tool (harness/fuzz/); the firmware self-test
# under qemu and its config check (harness/firmware/fw-tests.sh); then the
# proof report's tests.  Each run prints
# its own "N passed, M failed"; the last line of output is the sum over all
# runs, in the same format.
# A variant that does not build, or whose runner dies without a summary,
# counts as one failed test.  Exit status: 0 only if nothing failed.
#
# Called by "make check" (which passes $MAKE and VCLK_DEFS); run from the
# repository top.
set -u

MAKE=${MAKE:-make}
total_pass=0
total_fail=0
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:print_summary=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

. harness/suite.sh

for variant in plain asan; do
	bin="build/test-$variant/vclk_tests"
	echo "== unit tests: $variant =="
	# -s: the Makefile prints its own short CC/LD lines; this drops
	# make's "is up to date" chatter
	if ! $MAKE -s --no-print-directory "$bin" >"$tmp/build.log" 2>&1; then
		cat "$tmp/build.log"
		echo "BUILD FAILED: $bin"
		echo "0 passed, 1 failed"
		total_fail=$((total_fail + 1))
		status=1
		continue
	fi
	cat "$tmp/build.log"
	run_suite "$bin" "$bin"
done

# the unit tests once more, against the core with its contracts turned
# into run-time checks (E-ACSL), and the negative tests that show the
# checks are on (harness/eacsl/eacsl-check.sh)
echo "== unit tests: E-ACSL runtime checks =="
run_suite harness/eacsl/eacsl-check.sh bash harness/eacsl/eacsl-check.sh

# the tool's scenarios, one test each; the gen checks' binaries are plain
# builds (the generated code is compiled as firmware would) and run
# against both builds of the tool
gens="build/gen/seed-abc build/gen/all-types build/gen/fw-demo build/gen/omap4430"
for variant in plain asan; do
	if [ "$variant" = plain ]; then tool=build/vclk; else tool=build/test-asan/vclk; fi
	echo "== scenarios: $variant =="
	# shellcheck disable=SC2086
	if ! $MAKE -s --no-print-directory "$tool" $gens >"$tmp/build.log" 2>&1; then
		cat "$tmp/build.log"
		echo "BUILD FAILED: $tool"
		echo "0 passed, 1 failed"
		total_fail=$((total_fail + 1))
		status=1
		continue
	fi
	cat "$tmp/build.log"
	# shellcheck disable=SC2086
	run_suite "scenarios ($variant)" bash harness/scenarios.sh "$tool" $gens
done

# the library as a user gets it (harness/pubhdr/): public headers current
# with the proof headers and C/C++-clean, make install, the exported
# symbols, pkg-config, the README's quick start; then each example of
# examples/ built against that install and run
echo "== public API, install and quick start (harness/pubhdr/check.sh) =="
run_suite harness/pubhdr/check.sh env MAKE="$MAKE" bash harness/pubhdr/check.sh
echo "== examples (harness/pubhdr/examples.sh) =="
run_suite harness/pubhdr/examples.sh env MAKE="$MAKE" bash harness/pubhdr/examples.sh

# the fuzz harness (harness/fuzz/): every input of the seed corpus and
# every regression replayed under ASan+UBSan, one test each; each input
# decoded into a script that the tool must replay with the same results;
# and the checker's self-test: with the model's put switch flipped, the
# seed that puts a notified handle must fail
fuzz_bins="build/fuzz/vclk-fuzz-replay build/fuzz/vclk-fuzz-decode build/fuzz/vclk-fuzz-replay-flipped build/vclk"
echo "== fuzz corpus and regressions (asan) =="
# shellcheck disable=SC2086
if ! $MAKE -s --no-print-directory $fuzz_bins >"$tmp/build.log" 2>&1; then
	cat "$tmp/build.log"
	echo "BUILD FAILED: $fuzz_bins"
	echo "0 passed, 1 failed"
	total_fail=$((total_fail + 1))
	status=1
else
	cat "$tmp/build.log"
	run_suite "fuzz replay" build/fuzz/vclk-fuzz-replay corpus/fuzz corpus/regressions
	echo "== fuzz decoder against the tool =="
	run_suite "fuzz decode" bash harness/fuzz/decode-check.sh \
		build/fuzz/vclk-fuzz-decode build/vclk corpus/fuzz corpus/regressions
	echo "== fuzz checker self-test =="
	if build/fuzz/vclk-fuzz-replay-flipped corpus/fuzz/abc-put-notified >"$tmp/self.log" 2>&1; then
		cat "$tmp/self.log"
		echo "FAIL self-test: a model that disagrees with the library went unnoticed"
		echo "0 passed, 1 failed"
		total_fail=$((total_fail + 1))
		status=1
	else
		grep VIOLATION "$tmp/self.log" | head -n 1
		echo "PASS self-test: the flipped model's disagreement aborts the run"
		total_pass=$((total_pass + 1))
	fi
fi

echo "== fuzz OMAP4 target: seeds and oracle self-check (asan) =="
run_suite harness/fuzz/omap4-check.sh env MAKE="$MAKE" bash harness/fuzz/omap4-check.sh

# both targets start every input from an image of the loaded tree, which
# copies the core's variables by name: none may be missing
echo "== fuzz snapshot: every variable of the core copied =="
run_suite harness/fuzz/snapshot-check.sh bash harness/fuzz/snapshot-check.sh

# the firmware (Cortex-M3, under qemu): the self-test, a broken self-test
# that must fail, and the check that the firmware's VCLK_* configuration
# is the proof's (harness/firmware/fw-tests.sh)
# the locking: the generated locked API is current, the stress test under
# ThreadSanitizer passes with the locks and fails without them
echo "== locking (harness/stress/stress-check.sh, ThreadSanitizer) =="
run_suite "locking" env MAKE="$MAKE" bash harness/stress/stress-check.sh

echo "== firmware (Cortex-M3 under qemu) =="
run_suite harness/firmware/fw-tests.sh bash harness/firmware/fw-tests.sh

# the benchmark only has to run: its figures are reported, never judged
echo "== benchmark runs (harness/bench/bench.sh --quick) =="
if bash harness/bench/bench.sh --quick >"$tmp/bench.log" 2>&1 &&
	grep -qE '^enable +32 ' "$tmp/bench.log" && grep -qE '^get +1024 ' "$tmp/bench.log" &&
	grep -qE '^dpll-exhaustive +128 ' "$tmp/bench.log"; then
	echo "PASS bench --quick"
	total_pass=$((total_pass + 1))
else
	cat "$tmp/bench.log"
	echo "FAIL bench --quick: it did not run every measurement"
	total_fail=$((total_fail + 1))
	status=1
fi

# the proof report generator (proofs/report.py), on small fixture trees
# and, when make prove has run here, on this checkout's proof output
echo "== proof report tests =="
run_suite harness/report/test_report.py python3 harness/report/test_report.py

echo "$total_pass passed, $total_fail failed"
exit $status
