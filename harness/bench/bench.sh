#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/bench/bench.sh - `make bench`: the figures of harness/bench/
# bench.c in one run, as one Markdown table on stdout and in
# build/bench/results.md, with the machine they ran on.
#
#   harness/bench/bench.sh [--quick]
#
# Builds the benchmark twice (the pool at its proven size, 64 clocks, and
# at 1024 for the lookup row), runs it, counts instructions per call with
# valgrind's callgrind (the difference between N calls and 0 calls, so the
# setup cancels out), and measures the fuzz target's executions per second
# (libFuzzer, FUZZ_BENCH_SECONDS, default 10).  --quick: every loop a few
# times, no callgrind, no fuzzer: what `make check` runs to see that it
# works.  Figures are reported, never judged: the exit status only says
# whether the runs worked.
set -euo pipefail

cd "$(dirname "$0")/../.."
quick=0
[ "${1-}" = --quick ] && quick=1
out=build/bench
mkdir -p "$out"
cc=${CC:-cc}
shopt -s nullglob
# the MMIO back-end dereferences bus addresses: the host uses the model
srcs=()
for f in core/*.c platform/*.c platform/omap4/*.c platform/lock/pthread.c harness/regmodel/regmodel.c \
	 harness/bench/bench.c; do
	[ "$f" = platform/reg_mmio.c ] || srcs+=("$f")
done
# shellcheck disable=SC2206
flags=(-std=c11 -Wall -Wextra -Werror -Wno-unused-label -O2 -g
       -Icore -Iplatform -Iplatform/omap4 -Iharness/regmodel ${VCLK_DEFS:-})
build() {
	local bin=$1
	shift
	"$cc" "${flags[@]}" "$@" "${srcs[@]}" -o "$bin"
}
build "$out/bench64"
build "$out/bench1024" -DVCLK_MAX_CLOCKS=1024

if [ "$quick" = 1 ]; then
	"$out/bench64" --quick
	"$out/bench1024" --quick --only get
	exit 0
fi
bash ci/ensure-tools.sh bench

# instructions per call: callgrind's total for N calls minus for 0 calls
instr() {
	local bin=$1 what=$2 depth=$3 n=$4 a b
	count() {
		valgrind --tool=callgrind --callgrind-out-file=/dev/null \
			"$bin" --one "$what" "$depth" "$1" 2>&1 |
			sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
	}
	a=$(count "$n")
	b=$(count 0)
	[ -n "$a" ] && [ -n "$b" ] || { echo "n/a"; return; }
	echo $(((a - b) / n))
}

res="$out/results.md"
{
	echo "Machine: $(uname -m), $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1); $("$cc" --version | head -n 1), -O2; $(date -u +%Y-%m-%d)"
	echo
	echo "| measurement | depth / size | ns per call | instructions per call | calls timed |"
	echo "|---|---:|---:|---:|---:|"
	{ "$out/bench64"; "$out/bench1024" --only get; } | grep -v '^#' | grep -v '^what' |
	while read -r what depth ns n; do
		case $what in
		enable) label="clk_enable + clk_disable of a leaf (chain of gates)"; ins=$(instr "$out/bench64" enable "$depth" 1000) ;;
		set-rate-ff) label="clk_set_rate through a chain of fixed-factor 1/1 with CLK_SET_RATE_PARENT"; ins=$(instr "$out/bench64" set-rate-ff "$depth" 20) ;;
		set-rate-div) label="clk_set_rate through a chain of dividers by 1 or 2 with CLK_SET_RATE_PARENT"; ins=$(instr "$out/bench64" set-rate-div "$depth" 20) ;;
		set-rate-optee) label="OP-TEE's workload: clk_set_rate of the leaf, dividers 1..1024 under 1.2 GHz, CLK_SET_RATE_PARENT on all but the first"; ins=$(instr "$out/bench64" set-rate-optee "$depth" 20) ;;
		set-rate-optee-noflags) label="the same without CLK_SET_RATE_PARENT"; ins=$(instr "$out/bench64" set-rate-optee-noflags "$depth" 20) ;;
		get) label="clk_get + clk_put by name, the pool full (the last name)"; ins=$(instr "$out/bench$depth" get "$((depth - 1))" 1000) ;;
		dpll-round) label="omap4_dpll_round from 38.4 MHz, targets across 20 MHz..2 GHz (proven exact search)"; ins=$(instr "$out/bench64" dpll-round 1 200) ;;
		dpll-exhaustive) label="the same targets by trying every legal M and N (checked equal)"; ins=$(instr "$out/bench64" dpll-exhaustive 1 2) ;;
		*) label=$what; ins="-" ;;
		esac
		echo "| $label | $depth | $ns | $ins | $n |"
	done
	if bash ci/ensure-tools.sh fuzz >/dev/null 2>&1 && make -s build/fuzz/vclk_fuzz >/dev/null 2>&1; then
		secs=${FUZZ_BENCH_SECONDS:-10}
		work=$(mktemp -d)
		cp corpus/fuzz/* "$work"/
		runs=$(build/fuzz/vclk_fuzz -max_total_time="$secs" -print_final_stats=1 "$work" 2>&1 |
			sed -n 's/^stat::number_of_executed_units: *//p')
		rm -rf "$work"
		echo "| fuzz executions (libFuzzer, ASan+UBSan, one process) | - | - | - | ${runs:-n/a} in ${secs} s = $(( ${runs:-0} / secs ))/s |"
	else
		echo "| fuzz executions | - | - | - | n/a (no libFuzzer toolchain) |"
	fi

	# ---- Cortex-M rows: make bench-firmware (harness/firmware/bench.c) ----
	# The enable rows again on the firmware build (Cortex-M3, -Os) under
	# qemu -icount shift=0: instructions per call, no ns (qemu's time is
	# not a board's).  docs/benchmarks.md, "Cortex-M (QEMU)".
	fw_label="clk_enable + clk_disable of a leaf (chain of gates), Cortex-M3 firmware (-Os) in qemu"
	if fw_out=$(make --no-print-directory -s bench-firmware 2>&1); then
		sed -n "s/^fw-enable depth \([0-9]*\): \([0-9]*\) instructions per call (\([0-9]*\) calls)\$/| $fw_label | \1 | - | \2 | \3 |/p" <<<"$fw_out"
	else
		echo "| $fw_label | 1, 8 | - | n/a (make bench-firmware failed) | - |"
	fi
	# ---- end of the Cortex-M rows ----
} | tee "$res"
