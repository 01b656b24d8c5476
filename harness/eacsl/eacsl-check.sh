#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/eacsl/eacsl-check.sh - `make eacsl-check`: the unit tests
# against a core whose ACSL contracts are run-time checks (E-ACSL).
#
#   1. harness/eacsl/eacsl_filter.ml is compiled into a Frama-C module:
#      it marks the annotations E-ACSL 25 cannot take (it would hang,
#      crash or check memory it does not track) so that E-ACSL leaves them
#      out, and lists each one with its reason
#   2. frama-c -e-acsl over core/*.c (but core/lemmas.c: ghost lemma
#      functions only, no run-time code; and core/locked.c, the lock
#      wrappers, whose contracts are about the ghost lock depths of
#      spec/lock.h, which only the proof's model of the lock hooks moves:
#      they are compiled normally, and their run-time counterpart is the
#      lock check of platform/dispatch.c) and platform/reg_poll.c: one
#      instrumented C file, build/eacsl/core.eacsl.c
#   3. that file, compiled, linked with everything else the unit tests
#      link (platform/dispatch.c, platform/clk_basic*.c, platform/omap4/, the register model, the
#      tests, compiled normally), the E-ACSL runtime and GMP; then run
#   4. the negative tests (harness/eacsl/selftest.c): a call against a
#      translated precondition must be stopped by E-ACSL
#   5. the annotation counts: build/eacsl/annotations.txt (summary, per
#      function) and build/eacsl/skipped.tsv (every annotation left out,
#      and why)
#
# Exit status 0 only if every test passed, E-ACSL reported no failed
# check, and both negative tests were stopped.  The last line is
# "N passed, M failed" (harness/run-tests.sh adds it to make check's).
# VCLK_DEFS: -D overrides of core/vclk_config.h, as for the other builds.
set -u

cd "$(dirname "$0")/../.."
out=build/eacsl
mkdir -p "$out/obj"
start=$(date +%s)

fail() {
	echo "eacsl-check: $*" >&2
	echo "0 passed, 1 failed"
	exit 1
}

share=$(frama-c -print-share-path)/e-acsl
libdir=$(frama-c -print-lib-path)
rtl_lib=$libdir/e-acsl/libeacsl-dlmalloc.a
[ -f "$share/e_acsl_rtl.c" ] || fail "no E-ACSL runtime in $share"
[ -f "$rtl_lib" ] || fail "no $rtl_lib"

# 1. the filter module (compiled in build/, against Frama-C's own .cmi)
cp harness/eacsl/eacsl_filter.ml "$out/obj/"
(cd "$out/obj" && ocamlopt -shared -I "$libdir" eacsl_filter.ml -o eacsl_filter.cmxs) ||
	fail "cannot compile harness/eacsl/eacsl_filter.ml"

# 2. E-ACSL (without the filter it never returns, or dies of "Stack
# overflow", on the first annotation that reaches recursive logic)
srcs=()
for f in core/*.c; do
	case $f in core/lemmas.c | core/locked.c) ;; *) srcs+=("$f") ;; esac
done
srcs+=(platform/reg_poll.c)
echo "eacsl-check: E-ACSL over ${srcs[*]}"
if ! (VCLK_EACSL_SKIPS=$out/filter.tsv frama-c -machdep x86_64 \
		-cpp-extra-args="-Icore -Ispec -Iplatform ${VCLK_DEFS:-}" \
		"${srcs[@]}" -load-module "$out/obj/eacsl_filter.cmxs" \
		-then -e-acsl -e-acsl-share="$share" \
		-then-last -print -ocode "$out/core.eacsl.raw.c") >"$out/frama-c.log" 2>&1; then
	tail -n 30 "$out/frama-c.log"
	fail "frama-c -e-acsl failed, see $out/frama-c.log"
fi
# wrappers exported under the functions' names (harness/eacsl/fixup.py)
python3 harness/eacsl/fixup.py "$out/core.eacsl.raw.c" "$out/core.eacsl.c" ||
	fail "harness/eacsl/fixup.py failed"

# 3. build
eacsl_cflags=(-std=c99 -g -O1 -fno-builtin -w -DE_ACSL_SEGMENT_MMODEL -I"$share")
host_cflags=(-std=c11 -g -O1 -Icore -Iplatform -Iplatform/omap4 -Iharness/tests
	-Iharness/regmodel -Iharness/tool -DVCLK_LOCK_CHECK ${VCLK_DEFS:-})
cc=${CC:-cc}
objs=()
compile() {	# compile SRC OBJ FLAGS...
	local src=$1 obj=$2
	shift 2
	"$cc" "$@" -c "$src" -o "$obj" || fail "cannot compile $src"
}
compile "$out/core.eacsl.c" "$out/obj/core.eacsl.o" "${eacsl_cflags[@]}"
compile "$share/e_acsl_rtl.c" "$out/obj/e_acsl_rtl.o" "${eacsl_cflags[@]}" -O2
compile harness/eacsl/rtl_init.c "$out/obj/rtl_init.o" "${eacsl_cflags[@]}"
for f in core/locked.c platform/lock/pthread.c \
	platform/dispatch.c platform/clk_basic*.c platform/omap4/*.c harness/regmodel/*.c \
	harness/tests/*.c harness/tool/clkparse.c harness/eacsl/selftest.c; do
	o=$out/obj/$(echo "${f%.c}" | tr / _).o
	compile "$f" "$o" "${host_cflags[@]}"
	case $f in harness/eacsl/*) ;; *) objs+=("$o") ;; esac
done
rtl=("$out/obj/core.eacsl.o" "$out/obj/e_acsl_rtl.o" "$out/obj/rtl_init.o"
	"$rtl_lib" -lgmp -lm -lpthread)
"$cc" "${objs[@]}" "${rtl[@]}" -o "$out/vclk_tests" || fail "cannot link $out/vclk_tests"
"$cc" "$out/obj/harness_eacsl_selftest.o" "$out/obj/platform_dispatch.o" \
	"$out/obj/core_locked.o" "$out/obj/platform_lock_pthread.o" \
	"$out/obj/harness_regmodel_regmodel.o" "${rtl[@]}" -o "$out/selftest" ||
	fail "cannot link $out/selftest"
built=$(date +%s)

# the counts (before the run: they say what the run checks)
python3 harness/eacsl/summary.py "$out/filter.tsv" "$out/frama-c.log" \
	"$out/core.eacsl.c" "$out/skipped.tsv" >"$out/annotations.txt" ||
	fail "harness/eacsl/summary.py failed"
sed -n '/^== per function/q;p' "$out/annotations.txt"
echo "(per function: $out/annotations.txt; every annotation left out: $out/skipped.tsv)"

# 4. the tests
total_pass=0
total_fail=0
status=0
tmp=$out
. harness/suite.sh
echo "== unit tests: E-ACSL =="
run_suite "$out/vclk_tests" "$out/vclk_tests"
# a failed check inside a forked test fails that test; a check failed
# anywhere else must not go unnoticed either
if grep -qE 'Error: [A-Za-z ]+ failed:' "$tmp/run.log"; then
	echo "FAIL E-ACSL reported a failed check during the tests (above)"
	total_fail=$((total_fail + 1))
fi

# 5. the negative tests
echo "== E-ACSL self-test (must be stopped) =="
for c in "poll:polls" "slot:slots"; do
	arg=${c%%:*}
	clause=${c#*:}
	# a subshell: E-ACSL aborts the process, and the shell's own
	# "Aborted" notice goes to the log too
	if ("$out/selftest" "$arg"; exit $?) </dev/null >"$out/selftest-$arg.log" 2>&1; then
		cat "$out/selftest-$arg.log"
		echo "FAIL selftest $arg: the violated precondition went unnoticed"
		total_fail=$((total_fail + 1))
	elif grep -q "Error: Precondition failed" "$out/selftest-$arg.log" &&
		grep -qE "^[[:space:]]*$clause:\$" "$out/selftest-$arg.log"; then
		grep -m1 -B1 "Error: Precondition failed" "$out/selftest-$arg.log"
		echo "PASS selftest $arg: E-ACSL stopped the call (precondition $clause)"
		total_pass=$((total_pass + 1))
	else
		cat "$out/selftest-$arg.log"
		echo "FAIL selftest $arg: it failed, but not on precondition $clause"
		total_fail=$((total_fail + 1))
	fi
done

end=$(date +%s)
echo "eacsl-check: translation and build $((built - start)) s, runs $((end - built)) s"
[ "$total_fail" -eq 0 ] || status=1
echo "$total_pass passed, $total_fail failed"
exit $status
