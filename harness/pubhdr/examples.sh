#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/pubhdr/examples.sh - build and run every example of examples/
# as a user would: `make install` into a scratch prefix, each example
# copied out of the tree and built by its own Makefile against that
# install through pkg-config (the Cortex-M one against make lib-cortex-m's
# archives, run under qemu), its output compared with the example's
# expected-output.txt.  One PASS/FAIL line an example, then "N passed, M
# failed".  Run from the repository top (make examples, make check).
set -u

MAKE=${MAKE:-make}
top=$(pwd)
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. harness/pubhdr/stage.sh

summary() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}

if ! stage_install "$tmp/log" ||
	! $MAKE -s --no-print-directory lib-cortex-m >>"$tmp/log" 2>&1; then
	cat "$tmp/log"
	echo "FAIL make install / make lib-cortex-m"
	fail=1
	summary
	exit
fi

# example NAME MAKE-ARGS...: copy, build and run it; its stdout and
# stderr (qemu's semihosting console) against expected-output.txt
example() {
	local name=$1 dir=$tmp/$1
	shift
	cp -r "examples/$name" "$dir"
	rm -f "$dir/expected-output.txt"
	if $MAKE -s --no-print-directory -C "$dir" "$@" run >"$tmp/out" 2>&1 </dev/null &&
		grep -v '^Timer with period zero' "$tmp/out" |
		diff -u "examples/$name/expected-output.txt" - >"$tmp/diff"; then
		echo "PASS example $name"
		pass=$((pass + 1))
	else
		cat "$tmp/out"
		[ -s "$tmp/diff" ] && cat "$tmp/diff"
		echo "FAIL example $name"
		fail=$((fail + 1))
	fi
}

example host-consumer
example custom-provider
example gen-tree VCLK="$inst/bin/vclk"
example cortex-m VCLK_SRC="$top" VCLK_INC="$inst/include"

summary
