#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/scenarios.sh - run the scenarios of corpus/scenarios/ through a
# build of the vclk tool, then check `vclk gen` outputs against it.
#
#   harness/scenarios.sh VCLK [GEN_BINARY...]
#
# A scenario is a script NAME.vclk of corpus/scenarios/ or of
# corpus/scenarios/linux/ (Linux's KUnit clock tests, ported: see its
# README.md; corpus/scenarios/linux-pending/ is not run); its tree is the
# .clk file of the same directory named by the part of NAME before the
# first dot (gates.hiword.vclk runs on gates.clk), or the one a
# "#! tree PATH" line names.  The tool itself checks every
# "== X" of the script; lines starting "#!" and "#>" are comments to the
# tool and directives here:
#   #! exit N        the exit status expected (default 0)
#   #! argv WORDS    the tool's arguments (default: run @TREE@ @SCRIPT@;
#                    a "#! argv" line with no words: no arguments);
#                    @TREE@ and @SCRIPT@ are replaced
#   #! stdin PATH    the tool's stdin (default: the script itself, for
#                    "run @TREE@ -"; a scenario of a tree on stdin names
#                    the .clk file here)
#   #! tree PATH     the tree, instead of the name rule
#   #! stream S      S is stdout or stderr: the "#>" lines (and exact)
#                    are about that stream alone, and the other one must
#                    be empty (default: both, merged)
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
# With GEN_BINARYs (their build made the objects these link with), the
# options of `vclk gen` too: gen-name (--name and -o change only the
# names and where the C goes), gen-header (--header's header compiles
# alone, agrees with the C file, and a program that knows the tree only
# through it registers what the tool registers) and gen-header-c++ (C++
# code links with the C file through it; skipped, not counted, without a
# C++ compiler).  CC, CXX, MAKE and VCLK_DEFS are taken from the
# environment.
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
	local script=$1 name tree want argv rc stdin stream other base
	# linux/NAME for a scenario of linux/
	name=${script#"$dir"/}
	name=${name%.vclk}
	base=${name##*/}
	tree=$(directive tree)
	[ -n "$tree" ] || tree="${script%/*}/${base%%.*}.clk"
	want=$(directive exit)
	want=${want:-0}
	if grep -q '^#! argv' "$script"; then
		argv=$(directive argv)
	else
		argv="run @TREE@ @SCRIPT@"
	fi
	argv=${argv//@TREE@/$tree}
	argv=${argv//@SCRIPT@/$script}
	stdin=$(directive stdin)
	stdin=${stdin:-$script}
	stream=$(directive stream)
	# word splitting of argv is wanted: paths here have no blanks
	# shellcheck disable=SC2086
	case $stream in
	"")
		"$vclk" $argv <"$stdin" >"$tmp/out" 2>&1
		rc=$?
		;;
	stdout | stderr)
		"$vclk" $argv <"$stdin" >"$tmp/stdout" 2>"$tmp/stderr"
		rc=$?
		if [ "$stream" = stdout ]; then other=stderr; else other=stdout; fi
		cp "$tmp/$stream" "$tmp/out"
		if [ -s "$tmp/$other" ]; then
			cp "$tmp/$other" "$tmp/out"
			failed "$name" "$other is not empty:"
			return
		fi
		;;
	*)
		: >"$tmp/out"
		failed "$name" "#! stream $stream: stdout or stderr"
		return
		;;
	esac
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

for script in "$dir"/*.vclk "$dir"/linux/*.vclk; do
	[ -e "$script" ] || continue
	run_scenario "$script"
done

# tree_clocks FILE: the clock lines of a .clk file
tree_clocks() {
	grep -cvE '^[[:space:]]*(#|reg[[:space:]]|clkdm[[:space:]]|$)' "$1"
}

for bin in "$@"; do
	name="gen-$(basename "$bin")"
	tree="corpus/trees/$(basename "$bin").clk"
	[ -e "$tree" ] || tree=$(ls platform/*/"$(basename "$bin").clk" 2>/dev/null | head -n 1)
	if ! "$bin" >"$tmp/gen.vclk" 2>"$tmp/out"; then
		failed "$name" "$bin failed"
		continue
	fi
	clocks=$(tree_clocks "$tree")
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

# passed NAME: one success
passed() {
	echo "PASS $1"
	pass=$((pass + 1))
}

# the `vclk gen` options (see the top); "board" as the example names it
gen_options() {
	local d=$tmp/gen-options tree=corpus/trees/all-types.clk
	local cc=${CC:-cc} cxx=${CXX:-c++} objs cflags
	cflags="-std=c11 -Wall -Wextra -Werror -Icore -Iplatform -Iplatform/omap4 -Iharness/regmodel ${VCLK_DEFS:-}"
	mkdir -p "$d"
	: >"$tmp/out"

	# --name of the default name and -o: the very bytes of the default;
	# another --name: the default with that prefix
	if ! "$vclk" gen --internal "$tree" >"$d/default.c" 2>"$tmp/out" ||
		! "$vclk" gen --internal --name all_types -o "$d/named.c" "$tree" >"$tmp/out" 2>&1 ||
		! "$vclk" gen --internal --name board "$tree" >"$d/board.c" 2>>"$tmp/out"; then
		failed gen-name "vclk gen failed"
	elif [ -s "$tmp/out" ]; then
		failed gen-name "gen -o wrote to stdout or stderr"
	elif ! cmp -s "$d/default.c" "$d/named.c"; then
		diff -u "$d/default.c" "$d/named.c" >"$tmp/out"
		failed gen-name "gen --name all_types -o differs from gen"
	elif ! sed 's/\ball_types_/board_/g' "$d/default.c" | diff -u - "$d/board.c" >"$tmp/out"; then
		failed gen-name "gen --name board is not gen with the prefix board_"
	else
		passed gen-name
	fi

	# the header: alone (it includes what it uses), then before the C
	# file in one unit (a declaration that disagrees is an error), then
	# twice (its guard) in a main that knows the tree only through it
	objs=$(${MAKE:-make} -s --no-print-directory print-GENCHECK_OBJS)
	cat >"$d/main.c" <<-'EOF'
		#include "board_clocks.h"
		#include "board_clocks.h"
		#include <stdio.h>
		#include "vclk.h"
		#include "regmodel.h"

		int main(void)
		{
			vclk_reset();
			regmodel_reset();
			for (int i = 0; i < board_nr_regs; i++)
				if (regmodel_define(board_regs[i][0], board_regs[i][1]))
					return 1;
			if (board_register() < 0 || vclk_clock_count() != board_nr_clocks)
				return 1;
			for (int id = 0; id < vclk_clock_count(); id++)
				printf("get_rate %s == %lu\n", vclk_clock_name(id),
				       vclk_clock_rate(id));
			return 0;
		}
	EOF
	printf '#include "board_clocks.h"\n#include "board_clocks.c"\n' >"$d/both.c"
	# shellcheck disable=SC2086
	if ! "$vclk" gen --internal --name board --header "$d/board_clocks.h" -o "$d/board_clocks.c" \
		"$tree" >"$tmp/out" 2>&1; then
		failed gen-header "vclk gen --header failed"
	elif [ -z "$objs" ]; then
		failed gen-header "make did not name GENCHECK_OBJS"
	elif ! "$cc" $cflags -Wpedantic -fsyntax-only -x c "$d/board_clocks.h" >"$tmp/out" 2>&1; then
		failed gen-header "the header does not compile alone"
	elif ! "$cc" $cflags -I"$d" -c "$d/both.c" -o "$d/both.o" >"$tmp/out" 2>&1; then
		failed gen-header "the header and the C file disagree"
	elif ! "$cc" $cflags -I"$d" "$d/main.c" "$d/board_clocks.c" $objs \
		-o "$d/main" >"$tmp/out" 2>&1; then
		failed gen-header "a main with the header does not build"
	elif ! "$d/main" >"$d/main.vclk" 2>"$tmp/out"; then
		failed gen-header "a main with the header does not register the tree"
	elif [ "$(grep -c '^get_rate ' "$d/main.vclk")" -ne "$(tree_clocks "$tree")" ] ||
		! "$vclk" run "$tree" - <"$d/main.vclk" >"$tmp/out" 2>&1; then
		failed gen-header "the tree registered through the header differs from the tool's"
	else
		passed gen-header
	fi

	# C++: extern "C" or the link fails on mangled names
	if ! command -v "$cxx" >/dev/null; then
		echo "SKIP gen-header-c++: no C++ compiler ($cxx)"
		return
	fi
	cat >"$d/main.cpp" <<-'EOF'
		#include "board_clocks.h"
		#include "board_clocks.h"

		int main()
		{
			int (*volatile reg)(void) = board_register;

			return reg && board_nr_clocks > 0 && board_nr_regs > 0 &&
			       board_regs[0][0] != 0 ? 0 : 1;
		}
	EOF
	# shellcheck disable=SC2086
	if [ ! -s "$d/board_clocks.c" ] || [ -z "$objs" ]; then
		failed gen-header-c++ "no generated C file or objects"
	elif ! "$cc" $cflags -c "$d/board_clocks.c" -o "$d/board_clocks.o" >"$tmp/out" 2>&1 ||
		! "$cxx" -std=c++11 -Wall -Wextra -Werror -Wpedantic -I"$d" -c "$d/main.cpp" \
			-o "$d/main-cpp.o" >"$tmp/out" 2>&1 ||
		! "$cxx" "$d/main-cpp.o" "$d/board_clocks.o" $objs -o "$d/main-cpp" >"$tmp/out" 2>&1; then
		failed gen-header-c++ "C++ with the header does not build"
	elif ! "$d/main-cpp" >"$tmp/out" 2>&1; then
		failed gen-header-c++ "C++ with the header does not see the tables"
	else
		passed gen-header-c++
	fi
}

[ $# -eq 0 ] || gen_options

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
