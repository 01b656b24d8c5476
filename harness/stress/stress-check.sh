#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/stress/stress-check.sh - the locking checks of make check, one
# test each; prints "N passed, M failed".  Run from the repository top
# with MAKE set.
#
#  1. core/vclk.h and core/locked.c are what harness/lock/gen-locked.py
#     makes of core/vclk_nolock.h (the locked contracts cannot drift);
#  2. a short stress run (4 threads x STRESS_CHECK_OPS calls) with the
#     host's locks under ThreadSanitizer: no race reported, nothing lost;
#  3. the same run with platform/lock/none.c (no exclusion) must fail:
#     ThreadSanitizer reports races, or a check catches the damage.  A
#     stress test that passes without locks would prove nothing.
set -u

MAKE=${MAKE:-make}
ops=${STRESS_CHECK_OPS:-20000}
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0:exitcode=66}

ok() { echo "PASS $1"; pass=$((pass + 1)); }
ko() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

if python3 harness/lock/gen-locked.py --check; then
	ok locked_api_generated
else
	ko locked_api_generated "run make locked and commit the result"
fi

if ! $MAKE -s --no-print-directory build/stress/vclk-stress build/stress/vclk-stress-nolock \
	>"$tmp/build.log" 2>&1; then
	cat "$tmp/build.log"
	ko stress_build "the stress binaries do not build"
	echo "$pass passed, $((fail + 2)) failed"
	exit 1
fi

build/stress/vclk-stress -t 4 -n "$ops" >"$tmp/locked.log" 2>&1
rc=$?
tail -n 1 "$tmp/locked.log"
if [ "$rc" -eq 0 ] && ! grep -q "ThreadSanitizer" "$tmp/locked.log"; then
	ok stress_with_locks
else
	head -n 40 "$tmp/locked.log"
	ko stress_with_locks "exit $rc"
fi

# braces with stderr closed: the shell's own "Aborted" notice goes nowhere
{ build/stress/vclk-stress-nolock -t 4 -n "$ops" >"$tmp/nolock.log" 2>&1; rc=$?; } 2>/dev/null
races=$(grep -c "WARNING: ThreadSanitizer: data race" "$tmp/nolock.log")
if [ "$rc" -ne 0 ]; then
	ok stress_fails_without_locks
	echo "  (without locks: exit $rc, $races race reports)"
else
	ko stress_fails_without_locks "the run without locks passed: the test cannot see a race"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
