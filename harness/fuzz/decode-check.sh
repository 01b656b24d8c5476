#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/fuzz/decode-check.sh - the decoder's reproducers replay on the
# tool: each fuzz input is decoded (vclk-fuzz-decode) into a tree and a
# script holding the reference model's answers, and the tool must run it
# with exit status 0 and exactly the expected output ("#>" lines: results
# and notifier lines).  The replay of the same inputs (vclk-fuzz-replay)
# checks that the library gives those answers; together: a decoded input
# is a faithful reproducer.
#
#   harness/fuzz/decode-check.sh DECODER VCLK FILE|DIR...
#
# Prints PASS/FAIL per input and, last, "N passed, M failed".
set -u

decoder=$1
vclk=$2
shift 2
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {
	local in=$1 name rc
	name=$(basename "$in")
	if ! "$decoder" "$in" "$tmp/r" 2>"$tmp/err"; then
		echo "FAIL $name: decoder failed: $(cat "$tmp/err")"
		fail=$((fail + 1))
		return
	fi
	"$vclk" run "$tmp/r.clk" "$tmp/r.vclk" >"$tmp/out" 2>&1
	rc=$?
	sed -n 's/^#> \{0,1\}//p' "$tmp/r.vclk" >"$tmp/want"
	if [ "$rc" -ne 0 ] || ! diff -u "$tmp/want" "$tmp/out" >"$tmp/diff"; then
		echo "FAIL $name: the tool's run differs (exit $rc):"
		head -n 20 "$tmp/diff" | sed 's/^/    /'
		fail=$((fail + 1))
		return
	fi
	echo "PASS decode $name"
	pass=$((pass + 1))
}

for arg in "$@"; do
	if [ -d "$arg" ]; then
		for f in "$arg"/*; do
			case "$f" in *.md) continue ;; esac
			[ -f "$f" ] && check "$f"
		done
	elif [ -f "$arg" ]; then
		check "$arg"
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
