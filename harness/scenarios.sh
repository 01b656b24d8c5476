#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/scenarios.sh - run the scenarios of corpus/scenarios/ through a
# build of the vclk tool, then check `vclk gen` outputs against it.
#
#   harness/scenarios.sh VCLK [GEN_BINARY...]
#
# A scenario is a script NAME.vclk; its tree is the .clk file named by the
# part of NAME before the first dot (gates.hiword.vclk runs on gates.clk),
# or the one a "#! tree PATH" line names.  The tool itself checks every
# "== X" of the script; lines starting "#!" and "#>" are comments to the
# tool and directives here:
#   #! exit N        the exit status expected (default 0)
#   #! argv WORDS    the tool's arguments (default: run @TREE@ @SCRIPT@);
#                    @TREE@ and @SCRIPT@ are replaced; the script is
#                    always the tool's stdin, for "run @TREE@ -"
#   #! tree PATH     the tree, instead of the name rule
#   #! exact         the output must be exactly the "#>" lines
#   #! json          the output must be valid JSON (python3)
#   #> TEXT          a line the output (stdout and stderr, merged) must
#                    hold, in the order of the "#>" lines
#
# Each GEN_BINARY (a tree of corpus/trees/ or platform/<soc>/ through
# `vclk gen`, linked with
# harness/gencheck/gen_main.c) prints one "get_rate"/"get_parent" line
# pair per clock it registered, with the values it got; that script must
# run clean on the same .clk through the tool, with one pair per clock of
# the file.
#
# Prints PASS/FAIL per scenario and, last, "N passed, M failed".  Run from
# the repository top.
set -u

vclk=$1
shift
dir=corpus/scenarios
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# directive VALUE of "#! NAME VALUE" in $script (empty if none)
directive() {
	sed -n "s/^#! $1 *//p" "$script" | tail -n 1
}

has_directive() {
	grep -qE "^#! $1\$" "$script"
}

# report NAME REASON...: one failure, with the output for the reader
failed() {
	local name=$1
	shift
	echo "FAIL $name: $*"
	sed 's/^/    | /' "$tmp/out"
	fail=$((fail + 1))
}

run_scenario() {
	local script=$1 name tree want argv rc
	name=$(basename "$script" .vclk)
	tree=$(directive tree)
	[ -n "$tree" ] || tree="$dir/${name%%.*}.clk"
	want=$(directive exit)
	want=${want:-0}
	argv=$(directive argv)
	argv=${argv:-run @TREE@ @SCRIPT@}
	argv=${argv//@TREE@/$tree}
	argv=${argv//@SCRIPT@/$script}
	# word splitting of argv is wanted: paths here have no blanks
	# shellcheck disable=SC2086
	"$vclk" $argv <"$script" >"$tmp/out" 2>&1
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		failed "$name" "exit status $rc, expected $want"
		return
	fi
	sed -n 's/^#> \{0,1\}//p' "$script" >"$tmp/want"
	if has_directive exact; then
		if ! diff -u "$tmp/want" "$tmp/out" >"$tmp/diff"; then
			failed "$name" "output differs from the #> lines:"
			sed 's/^/    /' "$tmp/diff"
			return
		fi
	elif [ -s "$tmp/want" ] && ! awk 'BEGIN { n = 0; i = 0 }
		    NR == FNR { want[n++] = $0; next }
		    i < n && $0 == want[i] { i++ }
		    END { if (i < n) { print "missing: " want[i]; exit 1 } }' \
		    "$tmp/want" "$tmp/out" >"$tmp/diff"; then
		failed "$name" "$(cat "$tmp/diff")"
		return
	fi
	if has_directive json && ! python3 -m json.tool "$tmp/out" >/dev/null 2>"$tmp/diff"; then
		failed "$name" "not JSON: $(cat "$tmp/diff")"
		return
	fi
	echo "PASS $name"
	pass=$((pass + 1))
}

for script in "$dir"/*.vclk; do
	run_scenario "$script"
done

for bin in "$@"; do
	name="gen-$(basename "$bin")"
	tree="corpus/trees/$(basename "$bin").clk"
	[ -e "$tree" ] || tree=$(ls platform/*/"$(basename "$bin").clk" 2>/dev/null | head -n 1)
	if ! "$bin" >"$tmp/gen.vclk" 2>"$tmp/out"; then
		failed "$name" "$bin failed"
		continue
	fi
	clocks=$(grep -cvE '^[[:space:]]*(#|reg[[:space:]]|clkdm[[:space:]]|$)' "$tree")
	rates=$(grep -c '^get_rate ' "$tmp/gen.vclk")
	if [ "$clocks" -ne "$rates" ]; then
		failed "$name" "$rates clocks registered from the generated tables, $clocks in $tree"
		continue
	fi
	if ! "$vclk" run "$tree" - <"$tmp/gen.vclk" >"$tmp/out" 2>&1; then
		failed "$name" "the generated tree differs from the tool's:"
		continue
	fi
	echo "PASS $name"
	pass=$((pass + 1))
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
