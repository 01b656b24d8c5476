#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/fuzz/cost.sh [RUNS] - what one execution of each fuzz target
# costs in instructions, counted by callgrind: a figure that a proof run on
# the other core does not move, as it moves executions per second.
#   stored   the stored inputs, each run once in one process (corpus/fuzz
#            and corpus/regressions; corpus/fuzz-omap4): the instructions
#            of LLVMFuzzerTestOneInput() per input
#   session  a libFuzzer session of RUNS executions (default 3000, -seed=1)
#            from those inputs: all the process's instructions per
#            execution, libFuzzer's own included
# The targets are built as make fuzz builds them (the library with
# coverage feedback and trace-cmp, the harness without) but for ASan,
# whose shadow memory valgrind cannot run, and with DWARF 4, which
# valgrind reads: build/fuzz/cost/.  Run from the repository top.
set -euo pipefail
MAKE=${MAKE:-make}
runs=${1:-3000}
out=build/fuzz/cost
bash ci/ensure-tools.sh fuzz bench
$MAKE -s --no-print-directory "$($MAKE -s --no-print-directory print-PLATFORM_EMBED)"

var() { $MAKE -s --no-print-directory "print-$1"; }
without_asan() {
	sed -e 's/-fsanitize=fuzzer,address,undefined/-fsanitize=fuzzer,undefined/' \
	    -e 's/-fsanitize=address,undefined/-fsanitize=undefined/' \
	    -e 's/ -g / -gdwarf-4 /' <<<"$1"
}
cc=$(var FUZZ_CLANG)
lib_srcs=$(var HOST_LIB_SRCS)
lib_flags=$(without_asan "$(var FUZZ_CFLAGS)")
harness_flags=$(without_asan "$(var FUZZ_NOINST_CFLAGS)")

# BIN NOINST_SRCS: the target, its harness compiled without coverage
build() {
	local objs=() o
	for s in $2; do
		o="$out/obj/${s//\//_}.o"
		# shellcheck disable=SC2086
		$cc $harness_flags -c "$s" -o "$o"
		objs+=("$o")
	done
	# shellcheck disable=SC2086
	$cc $lib_flags $lib_srcs "${objs[@]}" -o "$out/$1"
}

# TOTAL-OR-INCLUSIVE CALLGRIND-FILE: the program's instructions, or
# LLVMFuzzerTestOneInput()'s with its callees
instructions() {
	if [ "$1" = total ]; then
		sed -n 's/^summary: //p' "$2"
	else
		callgrind_annotate --inclusive=yes "$2" 2>/dev/null |
			awk '/:LLVMFuzzerTestOneInput / { gsub(",", "", $1); print $1; exit }'
	fi
}

# NAME BIN DICT SEED-DIR...: one line of figures
measure() {
	local name=$1 bin=$2 dict=$3 n
	shift 3
	rm -rf "$out/$name.inputs" "$out/$name.corpus"
	mkdir -p "$out/$name.inputs" "$out/$name.corpus"
	find "$@" -type f ! -name '*.md' -exec cp {} "$out/$name.inputs/" \;
	cp "$out/$name.inputs/"* "$out/$name.corpus/"
	n=$(find "$out/$name.inputs" -type f | wc -l)
	valgrind --tool=callgrind --callgrind-out-file="$out/$name.stored.cg" \
		"$out/$bin" "$out/$name.inputs/"* >"$out/$name.stored.log" 2>&1
	valgrind --tool=callgrind --callgrind-out-file="$out/$name.session.cg" \
		"$out/$bin" -seed=1 -runs="$runs" -max_len=2048 -dict="$dict" \
		"$out/$name.corpus" >"$out/$name.session.log" 2>&1
	printf '%-6s %6d %14d %8d %14d\n' "$name" "$n" \
		$(($(instructions inclusive "$out/$name.stored.cg") / n)) "$runs" \
		$(($(instructions total "$out/$name.session.cg") / runs))
}

mkdir -p "$out/obj"
build vclk_fuzz "$(var FUZZ_NOINST)"
build vclk_fuzz_omap4 "$(var OMAP4_FUZZ_NOINST)"
printf '%-6s %6s %14s %8s %14s\n' target stored "instr/input" session "instr/exec"
measure first vclk_fuzz harness/fuzz/vclk_fuzz.dict corpus/fuzz corpus/regressions
measure omap4 vclk_fuzz_omap4 harness/fuzz/vclk_fuzz_omap4.dict corpus/fuzz-omap4
