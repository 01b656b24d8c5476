#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/bench/bench.sh - `make bench`: the figures of harness/bench/
# bench.c in one run, as one Markdown table on stdout and in
# build/bench/results.md, with the machine they ran on.
#
#   harness/bench/bench.sh [--quick]
#
# Builds the benchmark four times: over the register model (harness/
# regmodel/) with the pthread locks, with the pool at its proven size (64
# clocks) and at 1024 for the lookup row; and over the firmware's register
# back-end, platform/reg_mmio.c, on a static array of the benchmark (see
# bench.c), once with each host lock back-end, platform/lock/none.c and
# platform/lock/pthread.c, for OP-TEE's workloads (issues 24 and 25).
# Runs them, counts instructions per call with valgrind's callgrind (the
# difference between N calls and 0 calls, so the setup cancels out), and
# measures the fuzz target's executions per second (libFuzzer,
# FUZZ_BENCH_SECONDS, default 10).  Each OP-TEE row shows its target:
# OP-TEE's figure, with the lock of the same kind, or the multiple of it
# the issues allow.  --quick: every loop a few times, no callgrind, no
# fuzzer: what `make check` runs to see that it works.  Figures are
# reported, never judged: the exit status only says whether the runs
# worked.
set -euo pipefail

cd "$(dirname "$0")/../.."
quick=0
[ "${1-}" = --quick ] && quick=1
out=build/bench
mkdir -p "$out"
cc=${CC:-cc}
shopt -s nullglob
# the sources but the register and lock back-ends, chosen per build
common=()
for f in core/*.c platform/*.c platform/omap4/*.c harness/bench/bench.c; do
	[ "$f" = platform/reg_mmio.c ] || common+=("$f")
done
# shellcheck disable=SC2206
flags=(-std=c11 -Wall -Wextra -Werror -Wno-unused-label -O2 -g
       -Icore -Iplatform -Iplatform/omap4 ${VCLK_DEFS:-})
# build BIN REGS LOCK [flags]: REGS regmodel or mmio, LOCK none or pthread
build() {
	local bin=$1 regs=$2 lock=$3
	shift 3
	local backend=(-Iharness/regmodel harness/regmodel/regmodel.c)
	# MMIO at the array's address: a 32-bit bus address, so no PIE
	[ "$regs" = mmio ] && backend=(-DBENCH_MMIO -fno-pie -no-pie platform/reg_mmio.c)
	"$cc" "${flags[@]}" -DBENCH_LOCK="\"$lock\"" "$@" "${backend[@]}" \
		"${common[@]}" "platform/lock/$lock.c" -o "$bin"
}
build "$out/bench64" regmodel pthread
build "$out/bench1024" regmodel pthread -DVCLK_MAX_CLOCKS=1024
build "$out/bench-mmio-none" mmio none
build "$out/bench-mmio-pthread" mmio pthread
# the same with link-time optimisation: the core, the dispatch layer, the
# clock types and the register back-end are separate translation units,
# and -flto lets the compiler inline across them as OP-TEE's one-file
# framework with its inline io accessors gets without it
build "$out/bench-mmio-none-lto" mmio none -flto
build "$out/bench-mmio-pthread-lto" mmio pthread -flto

# OP-TEE's workloads, over MMIO with each lock; the register model's rows
optee_whats=(enable enable-parent-on get-rate set-rate-optee set-rate-optee-noflags)
# each lock back-end, then the same with link-time optimisation (-lto)
variants=(none pthread none-lto pthread-lto)
model_whats=enable,set-rate-ff,set-rate-div,get,dpll-round,dpll-exhaustive

if [ "$quick" = 1 ]; then
	"$out/bench64" --quick
	"$out/bench1024" --quick --only get
	for variant in "${variants[@]}"; do
		"$out/bench-mmio-$variant" --quick --only "$(IFS=,; echo "${optee_whats[*]}")"
	done
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
	if [ -z "$a" ] || [ -z "$b" ]; then
		echo "n/a"
		return
	fi
	echo $(((a - b) / n))
}

# the target of WHAT at DEPTH with LOCK, in instructions (issues 24 and
# 25): OP-TEE's figure with the lock of the same kind, or the multiple of
# OP-TEE's the issue allows; "-" where none
target() {
	local what=$1 lock=$2 depth=$3
	case $what/$lock/$depth in
	enable/none/1) echo "137 (OP-TEE)" ;;
	enable/none/8) echo "669 (OP-TEE)" ;;
	enable/none/32) echo "2493 (OP-TEE)" ;;
	enable/pthread/1) echo "275 (OP-TEE)" ;;
	enable/pthread/8) echo "807 (OP-TEE)" ;;
	enable/pthread/32) echo "2631 (OP-TEE)" ;;
	enable-parent-on/none/*) echo "124 (OP-TEE)" ;;
	enable-parent-on/pthread/*) echo "262 (OP-TEE)" ;;
	set-rate-optee/*/1) echo "540 (4 x OP-TEE's 135)" ;;
	set-rate-optee/*/8) echo "3348 (OP-TEE)" ;;
	set-rate-optee/*/32) echo "43248 (OP-TEE)" ;;
	set-rate-optee-noflags/*/8) echo "998 (2 x OP-TEE's 499)" ;;
	set-rate-optee-noflags/*/32) echo "3494 (2 x OP-TEE's 1747)" ;;
	*) echo "-" ;;
	esac
}

# measured / target, "-" without a target or a count
ratio() {
	local ins=$1 tgt=${2%% *}
	case $ins$tgt in
	*[!0-9]*|"") echo "-" ;;
	*) awk -v a="$ins" -v b="$tgt" 'BEGIN { printf "%.2f\n", a / b }' ;;
	esac
}

# the rows of "BIN --only WHATS": what depth ns calls
rows() {
	"$@" | grep -v '^#' | grep -v '^what'
}

res="$out/results.md"
{
	echo "Machine: $(uname -m), $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1); $("$cc" --version | head -n 1), -O2; $(date -u +%Y-%m-%d)"
	echo
	echo "| measurement | registers, lock | depth / size | ns per call | instructions per call | target: at most (instructions) | instructions / target | calls timed |"
	echo "|---|---|---:|---:|---:|---:|---:|---:|"
	# ---- OP-TEE's workloads: MMIO on a static array, each lock ----
	for what in "${optee_whats[@]}"; do
		for variant in "${variants[@]}"; do
			bin=$out/bench-mmio-$variant
			lock=${variant%-lto}
			case $lock in none) back="MMIO, no lock" ;; *) back="MMIO, $lock" ;; esac
			[ "$variant" = "$lock" ] || back="$back, -flto"
			rows "$bin" --only "$what" |
			while read -r w depth ns n; do
				case $w in
				enable) label="clk_enable + clk_disable of a leaf (chain of gates, off)"; ins=$(instr "$bin" "$w" "$depth" 1000) ;;
				enable-parent-on) label="clk_enable + clk_disable of a leaf, its parent already on"; ins=$(instr "$bin" "$w" "$depth" 1000) ;;
				get-rate) label="clk_get_rate of the leaf (chain of gates)"; ins=$(instr "$bin" "$w" "$depth" 1000) ;;
				set-rate-optee) label="OP-TEE's workload: clk_set_rate of the leaf, dividers 1..1024 under 1.2 GHz, CLK_SET_RATE_PARENT on all but the first"; ins=$(instr "$bin" "$w" "$depth" 20) ;;
				set-rate-optee-noflags) label="OP-TEE's set_rate workload without CLK_SET_RATE_PARENT"; ins=$(instr "$bin" "$w" "$depth" 20) ;;
				*) label=$w; ins="-" ;;
				esac
				tgt=$(target "$w" "$lock" "$depth")
				echo "| $label | $back | $depth | $ns | $ins | $tgt | $(ratio "$ins" "$tgt") | $n |"
			done
		done
	done
	# ---- the register model's rows (pthread locks) ----
	back="register model, pthread"
	{ rows "$out/bench64" --only "$model_whats"; rows "$out/bench1024" --only get; } |
	while read -r what depth ns n; do
		case $what in
		enable) label="clk_enable + clk_disable of a leaf (chain of gates, off)"; ins=$(instr "$out/bench64" enable "$depth" 1000) ;;
		set-rate-ff) label="clk_set_rate through a chain of fixed-factor 1/1 with CLK_SET_RATE_PARENT"; ins=$(instr "$out/bench64" set-rate-ff "$depth" 20) ;;
		set-rate-div) label="clk_set_rate through a chain of dividers by 1 or 2 with CLK_SET_RATE_PARENT"; ins=$(instr "$out/bench64" set-rate-div "$depth" 20) ;;
		get) label="clk_get + clk_put by name, the pool full (the last name)"; ins=$(instr "$out/bench$depth" get "$((depth - 1))" 1000) ;;
		dpll-round) label="omap4_dpll_round from 38.4 MHz, targets across 20 MHz..2 GHz (proven exact search)"; ins=$(instr "$out/bench64" dpll-round 1 200) ;;
		dpll-exhaustive) label="the same targets by trying every legal M and N (checked equal)"; ins=$(instr "$out/bench64" dpll-exhaustive 1 2) ;;
		*) label=$what; ins="-" ;;
		esac
		echo "| $label | $back | $depth | $ns | $ins | - | - | $n |"
	done
	if bash ci/ensure-tools.sh fuzz >/dev/null 2>&1 && make -s build/fuzz/vclk_fuzz >/dev/null 2>&1; then
		secs=${FUZZ_BENCH_SECONDS:-10}
		work=$(mktemp -d)
		cp corpus/fuzz/* "$work"/
		runs=$(build/fuzz/vclk_fuzz -max_total_time="$secs" -print_final_stats=1 "$work" 2>&1 |
			sed -n 's/^stat::number_of_executed_units: *//p')
		rm -rf "$work"
		echo "| fuzz executions (libFuzzer, ASan+UBSan, one process) | register model | - | - | - | - | - | ${runs:-n/a} in ${secs} s = $(( ${runs:-0} / secs ))/s |"
	else
		echo "| fuzz executions | register model | - | - | - | - | - | n/a (no libFuzzer toolchain) |"
	fi

	# ---- Cortex-M rows: make bench-firmware (harness/firmware/bench.c) ----
	# The enable rows again on the firmware build (Cortex-M3, -Os) under
	# qemu -icount shift=0: instructions per call, no ns (qemu's time is
	# not a board's).  docs/benchmarks.md, "Cortex-M (QEMU)".
	fw_label="clk_enable + clk_disable of a leaf (chain of gates), Cortex-M3 firmware (-Os) in qemu"
	if fw_out=$(make --no-print-directory -s bench-firmware 2>&1); then
		sed -n "s/^fw-enable depth \([0-9]*\): \([0-9]*\) instructions per call (\([0-9]*\) calls)\$/| $fw_label | MMIO, interrupt mask | \1 | - | \2 | - | - | \3 |/p" <<<"$fw_out"
	else
		echo "| $fw_label | MMIO, interrupt mask | 1, 8 | - | n/a (make bench-firmware failed) | - | - | - |"
	fi
	# ---- end of the Cortex-M rows ----
} | tee "$res"
