#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# proofs/prove.sh - `make prove`: Frama-C/WP over all of core/ and the
# proven part of platform/.
#
# Two units, each its own frama-c run with its own output directory, so
# that adding a file to one does not change the goals (and the cached
# answers) of the other:
#   core   core/*.c and platform/reg_poll.c         -> proofs/out/<md>/
#   types  platform/clk_basic.c, the six basic clock -> proofs/out/<md>-types/
#          types (platform/clk_basic_ops.c, their
#          void *priv wrappers and ops tables, is the
#          assumed boundary, as dispatch.c is the core's)
#   omap4  platform/omap4/*.c but its *_ops.c      -> proofs/out/<md>-omap4/
#          wrappers: the OMAP4 DPLL rounding and
#          clock types (skipped while there is none)
#
# Runs WP with -wp-rte (run-time errors), -warn-unsigned-overflow and
# -wp-smoke-tests (no vacuous contract) under each machdep the product
# ships for (x86_64 host, x86_32 = the ILP32 ABI of Cortex-M), with Z3
# and CVC4 through Why3.  Frama-C exits 0 even with unproved goals, so the
# verdict comes from its report: every property must be Valid, except the
# contracts of functions without a body (the provider dispatch interface,
# core/vclk_ops.h, and the register access layer, platform/vclk_reg.h),
# which are the assumed interfaces.
#
# Environment:
#   VCLK_MACHDEPS  machdeps to prove under (default "x86_64 x86_32": the
#                  LP64 host, and the ILP32 ABI of the Cortex-M firmware,
#                  where unsigned long, the type of every rate, has 32
#                  bits; the committed WP cache holds both)
#   WP_TIMEOUT     seconds per goal and prover (default 30)
#   WP_CACHE       WP cache mode: update (default, replays the committed
#                  cache in proofs/wp-cache), none (a cold run)
#   WP_JOBS        cores to use (default: all): that many unit/machdep
#                  runs side by side with one prover job each, or, for a
#                  single run, that many prover jobs
#   VCLK_DEFS      -D overrides of core/vclk_config.h (as for the builds)
#   VCLK_UNITS     units to prove (default "core types omap4")
set -euo pipefail

cd "$(dirname "$0")/.."
bash ci/ensure-tools.sh prove

machdeps=${VCLK_MACHDEPS:-x86_64 x86_32}
timeout=${WP_TIMEOUT:-30}
cache=${WP_CACHE:-update}
jobs=${WP_JOBS:-$(nproc)}
units=${VCLK_UNITS:-core types omap4}
# the core, and the platform code that is proven rather than assumed:
# the register poll loop and the basic clock types (dispatch.c,
# clk_basic_ops.c and reg_mmio.c are the assumed boundary: calls through
# function pointers, void *priv casts, volatile MMIO)
unit_sources() {
	case $1 in
	core) echo core/*.c platform/reg_poll.c ;;
	types) echo platform/clk_basic.c ;;
	omap4) ls platform/omap4/*.c 2>/dev/null | grep -v '_ops\.c$' | tr '\n' ' ' ;;
	*) echo "prove: unknown unit $1" >&2; return 1 ;;
	esac
}
unit_out() {
	case $1 in
	core) echo "proofs/out/$2" ;;
	*) echo "proofs/out/$2-$1" ;;
	esac
}
status=0

# Honesty gate: no admitted goal, axiom or assumption may enter the proof.
# -r: platform/ has subdirectories (platform/cortex-m/), and grep exits 2,
# not 0, when it matches a file but also meets a directory it cannot read.
if grep -rnE '\badmit\b|\baxiom\b|(requires|assumes)[[:space:]]+\\false|@[[:space:]]*assume[[:space:]]' \
	core/* spec/* platform/* >&2; then
	echo "prove: the lines above admit or assume instead of proving" >&2
	exit 1
fi

# What a proof run's verdict depends on: the unit's sources, every header
# and spec they can include, this script, the tools' versions and the
# settings.  Equal fingerprints: the same goals, the same provers.
fingerprint() {
	local md=$1 unit=$2
	shift 2
	{
		echo "$md $unit $timeout $cache ${VCLK_DEFS:-}"
		frama-c -version
		why3 --version
		z3 --version
		cvc4 --version | head -n 1
		cat proofs/prove.sh "$@"
		find core spec platform -name '*.h' | LC_ALL=C sort | xargs cat
	} 2>&1 | sha256sum | cut -c1-16
}

# One unit under one machdep: frama-c, then the verdict from its report.
# Prints to stdout/stderr; the caller sends both to $out/prove.txt.
prove_one() {
	local md=$1 unit=$2 out=$3 srcs sources incs tag start cmd secs goals
	local proved total smoke_failed unproved fp
	srcs=$(unit_sources "$unit") || return 1
	[ -n "${srcs// /}" ] || { echo "prove[$md/$unit]: no sources yet, skipped"; return 0; }
	read -r -a sources <<<"$srcs"
	incs=""
	[ "$unit" = omap4 ] && incs=" -Iplatform/omap4"
	tag="$md/$unit"
	mkdir -p "$out" proofs/wp-cache
	start=$(date +%s)
	fp=$(fingerprint "$md" "$unit" "${sources[@]}")
	if [ "${VCLK_PROVE_FORCE:-0}" != 1 ] && [ -f "$out/fingerprint" ] &&
		[ "$(cat "$out/fingerprint")" = "$fp" ] && [ -f "$out/verdict.txt" ]; then
		cat "$out/verdict.txt"
		echo "prove[$tag]: inputs unchanged since that proof run in this checkout (fingerprint $fp): its verdict stands; VCLK_PROVE_FORCE=1 replays"
		return 0
	fi
	rm -f "$out/fingerprint" "$out/verdict.txt"
	cmd=(frama-c -machdep "$md"
		-cpp-extra-args="-Icore -Ispec -Iplatform${incs} ${VCLK_DEFS:-}"
		-wp -wp-rte -warn-unsigned-overflow
		-wp-prover z3,cvc4 -wp-timeout "$timeout" -wp-par "$run_jobs"
		-wp-smoke-tests
		-wp-cache "$cache" -wp-cache-dir proofs/wp-cache
		"${sources[@]}"
		-then -report-csv "$out/properties.csv")
	# the exact command, for the report (reproducibility)
	printf '%q ' "${cmd[@]}" >"$out/command.txt"
	echo >>"$out/command.txt"
	"${cmd[@]}" >"$out/wp.log" 2>&1 || {
		echo "prove[$tag]: frama-c failed, see $out/wp.log" >&2
		tail -n 20 "$out/wp.log" >&2
		return 1
	}
	secs=$(($(date +%s) - start))

	goals=$(grep -E '^\[wp\] Proved goals:' "$out/wp.log" | tail -n 1 |
		sed -E 's/.*: *([0-9]+) *\/ *([0-9]+).*/\1 \2/')
	proved=${goals% *}
	total=${goals#* }
	smoke_failed=$(grep -c '^\[wp\] \[Failed\] Smoke-test' "$out/wp.log" || true)

	echo "prove[$tag]: goals proved / total per file (properties in brackets)"
	awk -F'\t' '
		FNR == NR {			# properties.csv: where each function lives
			if (FNR > 1) {
				f = $1 "/" $2
				if (!($4 in file) || $2 ~ /\.c$/) file[$4] = f
				ptotal[f]++
				if ($6 == "Valid") pok[f]++
				else if ($6 == "Considered valid" && ($2 == "vclk_ops.h" || $2 == "vclk_reg.h" || $2 == "vclk_lock.h")) passumed[f]++
			}
			next
		}
		/^\[wp\] \[[^]]+\] Goal typed_/ {	# wp.log: one line per goal
			g = $0
			sub(/.*Goal typed_/, "", g)
			best = ""
			for (fn in file)
				if (index(g, fn "_") == 1 && length(fn) > length(best)) best = fn
			f = best == "" ? "(unknown)" : file[best]
			gtotal[f]++
			if ($0 ~ /: Valid/) gok[f]++
		}
		END {
			for (f in ptotal) seen[f] = 1
			for (f in gtotal) seen[f] = 1
			for (f in seen)
				printf "  %-22s %5d / %-5d  [%d / %d%s]\n", f, gok[f] + 0, gtotal[f] + 0,
					pok[f] + 0, ptotal[f] + 0,
					passumed[f] ? sprintf(", %d assumed: %s", passumed[f], f ~ /vclk_reg/ ? "register layer" : f ~ /vclk_lock/ ? "lock hooks" : "provider interface") : ""
		}' "$out/properties.csv" "$out/wp.log" | sort
	unproved=$(awk -F'\t' 'NR > 1 && $6 != "Valid" &&
		!($6 == "Considered valid" && ($2 == "vclk_ops.h" || $2 == "vclk_reg.h" || $2 == "vclk_lock.h"))' "$out/properties.csv")
	echo "prove[$tag]: $proved / $total goals proved, $smoke_failed smoke tests failed, ${secs}s"

	if [ -z "$goals" ] || [ "$proved" != "$total" ] || [ "$smoke_failed" -ne 0 ] ||
		[ -n "$unproved" ]; then
		echo "prove[$tag]: NOT PROVED:" >&2
		grep -E '^\[wp\] \[(Failed|Unknown|Timeout|Stepout)\]' "$out/wp.log" | sort -u >&2 || true
		[ -z "$unproved" ] || printf '%s\n' "$unproved" | cut -f2-7 >&2
		return 1
	fi
	# only a complete proof is remembered
	cp "$out/prove.txt" "$out/verdict.txt"
	echo "$fp" >"$out/fingerprint"
	return 0
}

# The runs are independent (own output directory, content-addressed
# cache), and Frama-C generates goals on one core whatever -wp-par says,
# which is most of a replay's time: so up to $jobs runs go side by side,
# each with one prover job, longest (the core) first.  Each run's output
# is printed whole, in order, once all have finished.
runs=()
for unit in $units; do
	for md in $machdeps; do
		runs+=("$md $unit")
	done
done
if [ "${#runs[@]}" -gt 1 ] && [ "$jobs" -gt 1 ]; then
	parallel=$jobs
	run_jobs=1
else
	parallel=1
	run_jobs=$jobs
fi
declare -A pid_of=()
running=0
for run in "${runs[@]}"; do
	read -r md unit <<<"$run"
	out=$(unit_out "$unit" "$md")
	mkdir -p "$out"
	if [ "$running" -ge "$parallel" ]; then
		wait -n || true
		running=$((running - 1))
	fi
	echo "prove[$md/$unit]: started ($run_jobs prover job(s), $parallel run(s) side by side)"
	prove_one "$md" "$unit" "$out" >"$out/prove.txt" 2>&1 &
	pid_of[$run]=$!
	running=$((running + 1))
done
for run in "${runs[@]}"; do
	read -r md unit <<<"$run"
	out=$(unit_out "$unit" "$md")
	if wait "${pid_of[$run]}"; then
		cat "$out/prove.txt"
	else
		cat "$out/prove.txt" >&2
		status=1
	fi
done

[ "$status" -eq 0 ] && echo "prove: all goals of units $units proved under: $machdeps"
exit "$status"
