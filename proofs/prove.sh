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
# Runs WP with -wp-rte (run-time errors), -warn-unsigned-overflow,
# -warn-signed-downcast, -warn-unsigned-downcast (no conversion loses a
# value) and -wp-smoke-tests (no vacuous contract) under each machdep the
# product ships for (x86_64 host, x86_32 = the ILP32 ABI of Cortex-M), with
# Z3 and CVC4 through Why3.  Frama-C exits 0 even with unproved goals, so the
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
#                  cache in proofs/wp-cache), none (no cache; --cold is
#                  the cold run to use, below)
#   WP_JOBS        cores to use (default: all): that many unit/machdep
#                  runs side by side with one prover job each, or, for a
#                  single run, that many prover jobs
#   VCLK_DEFS      -D overrides of core/vclk_config.h (as for the builds)
#   VCLK_UNITS     units to prove (default "core types omap4")
#   FUNCS          prove only these functions (see below; --funcs "...")
#   FUNCS_CALLERS  1: and their callers (--callers)
#
# How to prove what you changed.  A full run replays some 20000 goals and
# takes half an hour a machdep; to check a function you are working on:
#
#   make prove FUNCS="clk_prepare_nolock vclk_link"
#   bash proofs/prove.sh --funcs "clk_prepare_nolock vclk_link"
#
# proves just those functions (WP's -wp-fct), in whichever units define
# them, under every machdep of VCLK_MACHDEPS, with the same options and the
# same WP cache as a full run: the goals you did not change answer from
# proofs/wp-cache at once, the changed ones go to the provers (and their
# answers join the cache, to commit with the change).  If you changed a
# contract, add FUNCS_CALLERS=1 (--callers): every function that calls one
# of FUNCS, in any unit, is proved as well, because its goals at the call
# use that contract.  The verdict is a full run's: goals proved / total,
# smoke tests failed, per function how many goals came from Qed, the cache
# and the provers; exit 1 when anything is unproved, 2 on an unknown
# function name.  Names are Frama-C's: a static inline function of a
# header is one copy a file (vclk_handle_index, vclk_handle_index_0, ...),
# and its plain name proves every copy.  The output goes to
# proofs/out/funcs/<md>[-<unit>]/ (the call graphs that find the units
# and the callers, Frama-C's -cg, to proofs/out/funcs/callgraph/), never
# over the full run's proofs/out/<md>*/ that `make report` reads.  A FUNCS
# run does not replace the full one: a changed header, predicate or
# contract can change the goals of functions you did not name, and the
# committed cache must answer every goal of `make prove`.
#
# A cold run, `make prove-cold` (--cold): the same runs, options and
# verdict, without the WP cache, so that every goal goes to the provers
# and nothing the committed cache says is taken on trust.  WP runs with
# -wp-cache none and, so that nothing can be read from or written to
# proofs/wp-cache whatever that mode does, a fresh empty cache directory
# of its own, checked still empty afterwards; a goal the log says came
# "(cached)" fails the run.  The fingerprint shortcut above is off.  The
# output goes to proofs/out/cold/ (FUNCS: proofs/out/cold/funcs/), never
# over a cached run's.  Its date, wall time and goals per unit and machdep
# go to proofs/cold-run.json (proofs/cold.py record), which is committed
# and which the report shows as "last re-proved cold", when the run is the
# whole proof as `make prove` runs it: no FUNCS, every unit of the tree,
# both machdeps, the default WP_TIMEOUT, no VCLK_DEFS; any other cold run
# is partial and goes to proofs/out/cold/cold-run.json, marked so, and
# leaves the committed record alone.  A cold run of the whole proof takes
# hours (docs/proof-figures.md); with FUNCS it is cheap to try:
#
#   make prove-cold FUNCS=clk_prepare_nolock
set -euo pipefail

usage() {
	echo "usage: bash proofs/prove.sh [--cold] [--funcs \"NAME...\"] [--callers]" >&2
	exit 2
}
funcs=${FUNCS:-}
with_callers=${FUNCS_CALLERS:-0}
cold=0
while [ $# -gt 0 ]; do
	case $1 in
	--cold) cold=1; shift ;;
	--funcs) [ $# -ge 2 ] || usage; funcs=$2; shift 2 ;;
	--funcs=*) funcs=${1#--funcs=}; shift ;;
	--callers) with_callers=1; shift ;;
	*) echo "prove: unknown argument $1" >&2; usage ;;
	esac
done
# "f g" or "f,g": -wp-fct takes the latter, the Makefile's FUNCS the former
funcs=${funcs//,/ }
read -r -a func_list <<<"$funcs"
for f in ${func_list[@]+"${func_list[@]}"}; do
	[[ $f =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo "prove: not a function name: $f" >&2; exit 2; }
done
case $with_callers in
0 | "") with_callers=0 ;;
1) [ "${#func_list[@]}" -gt 0 ] || { echo "prove: FUNCS_CALLERS=1 needs FUNCS" >&2; exit 2; } ;;
*) echo "prove: FUNCS_CALLERS is 0 or 1, not $with_callers" >&2; exit 2 ;;
esac
if [ "$cold" = 1 ] && [ -n "${WP_CACHE:-}" ] && [ "$WP_CACHE" != none ]; then
	echo "prove: --cold runs without the WP cache; WP_CACHE=$WP_CACHE contradicts it" >&2
	exit 2
fi

cd "$(dirname "$0")/.."
bash ci/ensure-tools.sh prove
# the honesty gate is python3 (ci/ensure-tools.sh report installs it)
command -v python3 >/dev/null ||
	{ echo "prove: python3 is needed for the honesty gate (proofs/gate.py)" >&2; exit 1; }

machdeps=${VCLK_MACHDEPS:-x86_64 x86_32}
timeout=${WP_TIMEOUT:-30}
cache=${WP_CACHE:-update}
jobs=${WP_JOBS:-$(nproc)}
units=${VCLK_UNITS:-core types omap4}
# where the runs write (a cold run never over a cached run's output, which
# `make report` reads) and the WP cache directory they use
out_root=proofs/out
cache_dir=proofs/wp-cache
if [ "$cold" = 1 ]; then
	cache=none
	out_root=proofs/out/cold
	# empty and private: a cold run reads no answer from the committed
	# cache and adds none to it, whatever WP's "none" mode does
	cache_dir=$(mktemp -d "${TMPDIR:-/tmp}/vclk-cold-cache.XXXXXX")
	trap 'rm -rf "$cache_dir"' EXIT
	cold_start=$(date +%s)
	cold_date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
fi
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
	core) echo "$out_root/$2" ;;
	*) echo "$out_root/$2-$1" ;;
	esac
}
# the preprocessor options of a unit (the command line, to the byte, is in
# command.txt, which the firmware's config check reads)
cpp_args() {
	local incs=""
	[ "$1" = omap4 ] && incs=" -Iplatform/omap4"
	echo "-Icore -Ispec -Iplatform${incs} ${VCLK_DEFS:-}"
}
status=0

# Honesty gate: no admitted goal, axiom or assumption may enter the proof,
# and no requires/ensures/assumes clause may be \false.  A tokenizer, not a
# grep: it reads only what Frama-C reads as ACSL (annotations, without
# their comments; preprocessor directives), whatever the spacing, labels
# or line breaks, and is not fooled by comments, strings or identifiers.
# Findings are printed FILE:LINE: reason.
if ! python3 proofs/gate.py core spec platform >&2; then
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

# The verdict of a FUNCS run of one unit under one machdep ($out holds its
# wp.log and properties.csv; $fct the functions, comma-separated): every
# goal proved, no smoke test failed, and every property of those functions
# proved but their preconditions, which their callers' goals prove.  Per
# function, where each goal's answer came from (Qed, the WP cache, the
# provers in this run) and the seconds Qed and the provers took (a cached
# answer's are those of the run that made it).
funcs_verdict() {
	local tag=$1 out=$2 fct=$3 proved=$4 total=$5 smoke_failed=$6 secs=$7
	local unproved cached sent
	echo "prove[$tag]: goals proved / total per function [answered by Qed, from the cache, sent to the provers; seconds]"
	awk -v fct="$fct" '
		BEGIN { n = split(fct, fs, ",") }
		/^\[wp\] \[[^]]+\] Goal typed_/ {
			g = $0
			sub(/.*Goal typed_/, "", g)
			f = ""
			for (i = 1; i <= n; i++)
				if (index(g, fs[i] "_") == 1 && length(fs[i]) > length(f)) f = fs[i]
			if (f == "") f = "(other)"
			total[f]++
			if ($0 ~ / : Valid/) ok[f]++
			if ($0 ~ /^\[wp\] \[Qed\]/) qed[f]++
			else if ($0 ~ /\(cached\)/) cached[f]++
			else sent[f]++
			rest = $0
			sub(/.* : [A-Za-z]+/, "", rest)
			while (match(rest, /\((Qed:)?[0-9.]+m?s\)/)) {
				v = substr(rest, RSTART + 1, RLENGTH - 2)
				rest = substr(rest, RSTART + RLENGTH)
				sub(/^Qed:/, "", v)
				if (v ~ /ms$/) { sub(/ms$/, "", v); sec[f] += v / 1000 }
				else { sub(/s$/, "", v); sec[f] += v }
			}
		}
		END {
			for (f in total)
				printf "  %-40s %5d / %-5d  [%d Qed, %d cache, %d provers; %.1fs]\n", f,
					ok[f] + 0, total[f], qed[f] + 0, cached[f] + 0, sent[f] + 0, sec[f]
		}' "$out/wp.log" | sort
	cached=$(grep -cE '^\[wp\] \[[^]]+\] Goal typed_.*\(cached\)$' "$out/wp.log" || true)
	sent=$(grep -E '^\[wp\] \[[^]]+\] Goal typed_' "$out/wp.log" | grep -v '^\[wp\] \[Qed\]' |
		grep -cv '(cached)$' || true)
	unproved=$(awk -F'\t' -v fct="$fct" '
		BEGIN { n = split(fct, fs, ","); for (i = 1; i <= n; i++) sel[fs[i]] = 1 }
		NR > 1 && ($4 in sel) && $5 != "precondition" &&
			$6 != "Valid" && $6 != "Valid under hyp."' "$out/properties.csv")
	echo "prove[$tag]: $proved / $total goals proved, $smoke_failed smoke tests failed, ${secs}s ($cached goals from the cache, $sent sent to the provers)"
	if [ -z "$proved" ] || [ "$proved" != "$total" ] || [ "$smoke_failed" -ne 0 ] ||
		[ -n "$unproved" ]; then
		echo "prove[$tag]: NOT PROVED:" >&2
		grep -E '^\[wp\] \[(Failed|Unknown|Timeout|Stepout)\]' "$out/wp.log" | sort -u >&2 || true
		grep -E '^\[wp\] \[[^]]+\] Goal typed_' "$out/wp.log" | grep -v ' : Valid' | sort -u >&2 || true
		[ -z "$unproved" ] || printf '%s\n' "$unproved" | cut -f2-7 >&2
		return 1
	fi
	return 0
}

# One unit under one machdep: frama-c, then the verdict from its report.
# With a 4th argument, a comma-separated list of functions (a FUNCS run),
# WP proves those only (-wp-fct, which selects goals but changes none: the
# cache answers them as in a full run), and the verdict is theirs.
# Prints to stdout/stderr; the caller sends both to $out/prove.txt.
prove_one() {
	local md=$1 unit=$2 out=$3 fct=${4:-} srcs sources tag start cmd secs goals
	local proved total smoke_failed unproved fp fct_opt=()
	srcs=$(unit_sources "$unit") || return 1
	[ -n "${srcs// /}" ] || { echo "prove[$md/$unit]: no sources yet, skipped"; return 0; }
	read -r -a sources <<<"$srcs"
	tag="$md/$unit"
	mkdir -p "$out" "$cache_dir"
	start=$(date +%s)
	if [ -n "$fct" ]; then
		fct_opt=(-wp-fct "$fct")
	elif [ "$cache" != none ]; then
		# (a run without the cache is never skipped: what it is asked
		# for is the provers' answers now, not a stored verdict)
		fp=$(fingerprint "$md" "$unit" "${sources[@]}")
		if [ "${VCLK_PROVE_FORCE:-0}" != 1 ] && [ -f "$out/fingerprint" ] &&
			[ "$(cat "$out/fingerprint")" = "$fp" ] && [ -f "$out/verdict.txt" ]; then
			cat "$out/verdict.txt"
			echo "prove[$tag]: inputs unchanged since that proof run in this checkout (fingerprint $fp): its verdict stands; VCLK_PROVE_FORCE=1 replays"
			return 0
		fi
		rm -f "$out/fingerprint" "$out/verdict.txt"
	fi
	cmd=(frama-c -machdep "$md"
		-cpp-extra-args="$(cpp_args "$unit")"
		-wp -wp-rte -warn-unsigned-overflow
		-warn-signed-downcast -warn-unsigned-downcast
		-wp-prover z3,cvc4 -wp-timeout "$timeout" -wp-par "$run_jobs"
		-wp-smoke-tests
		-wp-cache "$cache" -wp-cache-dir "$cache_dir"
		${fct_opt[@]+"${fct_opt[@]}"}
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
	if [ "$cache" = none ]; then
		local from_cache
		from_cache=$(grep -cE '^\[wp\] \[[^]]+\] Goal typed_.*\(cached\)$' "$out/wp.log" || true)
		if [ "$from_cache" -ne 0 ]; then
			echo "prove[$tag]: $from_cache goals answered from a WP cache in a run without one: not a cold run" >&2
			return 1
		fi
	fi

	goals=$(grep -E '^\[wp\] Proved goals:' "$out/wp.log" | tail -n 1 |
		sed -E 's/.*: *([0-9]+) *\/ *([0-9]+).*/\1 \2/')
	proved=${goals% *}
	total=${goals#* }
	smoke_failed=$(grep -c '^\[wp\] \[Failed\] Smoke-test' "$out/wp.log" || true)

	if [ -n "$fct" ]; then
		funcs_verdict "$tag" "$out" "$fct" "$proved" "$total" "$smoke_failed" "$secs"
		return
	fi
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
	# only a complete proof is remembered (and only a cached run's: a
	# run without the cache is never skipped)
	if [ "$cache" != none ]; then
		cp "$out/prove.txt" "$out/verdict.txt"
		echo "$fp" >"$out/fingerprint"
	fi
	return 0
}

# ---- FUNCS: which functions each unit proves ----

funcs_dir=$out_root/funcs
# the call graphs do not depend on the cache: a cold run shares them
cg_dir=proofs/out/funcs/callgraph
funcs_out() {
	case $1 in
	core) echo "$funcs_dir/$2" ;;
	*) echo "$funcs_dir/$2-$1" ;;
	esac
}

# Frama-C's call graph of one unit under one machdep (-cg, a dot file):
# each function with a body is a bold node (static functions under the
# names Frama-C gives their copies), each call an edge, calls in ghost
# code included, as Frama-C parses the unit for WP, so no grep can miss a
# call through a macro.  Kept until the unit's sources, a header, the
# settings or Frama-C change.
callgraph() {
	local md=$1 unit=$2 base=$cg_dir/$1-$2 sources key
	read -r -a sources <<<"$(unit_sources "$unit")"
	key=$({
		echo "$md $unit ${VCLK_DEFS:-}"
		frama-c -version
		cat "${sources[@]}"
		find core spec platform -name '*.h' | LC_ALL=C sort | xargs cat
	} 2>&1 | sha256sum | cut -c1-16)
	if [ -f "$base.dot" ] && [ "$(cat "$base.key" 2>/dev/null)" = "$key" ]; then
		return 0
	fi
	rm -f "$base.dot" "$base.key"
	if ! frama-c -machdep "$md" -cpp-extra-args="$(cpp_args "$unit")" "${sources[@]}" \
		-cg "$base.dot.tmp" -cg-no-services >"$base.log" 2>&1; then
		echo "prove[$md/$unit]: frama-c -cg failed, see $base.log" >&2
		tail -n 20 "$base.log" >&2
		return 1
	fi
	mv "$base.dot.tmp" "$base.dot"
	echo "$key" >"$base.key"
}

# Adds to runs[] a FUNCS run for each unit and machdep whose call graph
# has one of FUNCS (or, with FUNCS_CALLERS=1, a caller of one); exits 2
# when a name has no body in any of them.
plan_funcs() {
	local cgs=() pids=() running=0 failed=0 run md unit dot kind name copy f bad=0
	local sel targets
	local -A has=() decl=()
	mkdir -p "$cg_dir"
	for unit in $units; do
		[ -n "$(unit_sources "$unit" 2>/dev/null | tr -d ' ')" ] || continue
		for md in $machdeps; do
			cgs+=("$md $unit")
		done
	done
	for run in "${cgs[@]}"; do
		read -r md unit <<<"$run"
		if [ "$running" -ge "$jobs" ]; then
			wait -n || true
			running=$((running - 1))
		fi
		callgraph "$md" "$unit" &
		pids+=($!)
		running=$((running + 1))
	done
	for f in "${pids[@]}"; do
		wait "$f" || failed=1
	done
	[ "$failed" -eq 0 ] || exit 1

	for run in "${cgs[@]}"; do
		read -r md unit <<<"$run"
		dot=$cg_dir/$md-$unit.dot
		sel=()
		targets=()
		# has NAME: one of FUNCS with a body here; decl NAME: without one;
		# copy NAME COPY: a body Frama-C named NAME_<n>, which is a copy of
		# the static function NAME of a header when no source spells it
		while read -r kind name copy; do
			case $kind in
			has) has[$name]=1; sel+=("$name"); targets+=("$name") ;;
			decl) decl[$name]=1; targets+=("$name") ;;
			copy) grep -rqw -- "$copy" core spec platform ||
				{ sel+=("$copy"); targets+=("$copy"); } ;;
			esac
		done < <(awk -v funcs="${func_list[*]}" '
			$2 ~ /^\[style="bold"/ { body[$1] = 1; next }
			$2 ~ /^\[/ { known[$1] = 1 }
			END {
				n = split(funcs, want, " ")
				for (i = 1; i <= n; i++) {
					w = want[i]
					if (w in body) print "has", w
					else if (w in known) print "decl", w
					if (!(w in body)) continue
					for (f in body)
						if (f ~ ("^" w "_[0-9]+$")) print "copy", w, f
				}
			}' "$dot")
		if [ "$with_callers" = 1 ] && [ "${#targets[@]}" -gt 0 ]; then
			# every function with a body here that calls one of them
			while read -r name; do
				sel+=("$name")
			done < <(awk -v targets="${targets[*]}" '
				BEGIN { n = split(targets, t, " "); for (i = 1; i <= n; i++) target[t[i]] = 1 }
				$2 ~ /^\[style="bold"/ { body[$1] = 1; next }
				$2 == "->" { callee = $3; sub(/;$/, "", callee); if (callee in target) caller[$1] = 1 }
				END { for (c in caller) if (c in body) print c }' "$dot")
		fi
		[ "${#sel[@]}" -gt 0 ] || continue
		mapfile -t sel < <(printf '%s\n' "${sel[@]}" | LC_ALL=C sort -u)
		runs+=("$md $unit $(funcs_out "$unit" "$md") $(IFS=,; echo "${sel[*]}")")
	done
	for f in "${func_list[@]}"; do
		[ -z "${has[$f]:-}" ] || continue
		if [ -n "${decl[$f]:-}" ]; then
			[ "$with_callers" = 1 ] && continue
			echo "prove: $f has no body in units $units (an assumed interface): FUNCS_CALLERS=1 proves its callers" >&2
		else
			echo "prove: unknown function $f" >&2
		fi
		bad=1
	done
	[ "$bad" -eq 0 ] || exit 2
	[ "${#runs[@]}" -gt 0 ] || { echo "prove: nothing calls $funcs in units $units" >&2; exit 2; }
}

# The runs are independent (own output directory, content-addressed
# cache), and Frama-C generates goals on one core whatever -wp-par says,
# which is most of a replay's time: so up to $jobs runs go side by side,
# each with one prover job, longest (the core) first.  Each run's output
# is printed whole, in order, once all have finished.
# "machdep unit output-directory functions" (functions: - for all)
runs=()
if [ "${#func_list[@]}" -eq 0 ]; then
	for unit in $units; do
		for md in $machdeps; do
			runs+=("$md $unit $(unit_out "$unit" "$md") -")
		done
	done
else
	plan_funcs
fi
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
	read -r md unit out fct <<<"$run"
	[ "$fct" != - ] || fct=""
	mkdir -p "$out"
	if [ "$running" -ge "$parallel" ]; then
		wait -n || true
		running=$((running - 1))
	fi
	echo "prove[$md/$unit]: started ($run_jobs prover job(s), $parallel run(s) side by side$([ "$cold" = 1 ] && echo ", cold: no WP cache"))${fct:+: ${fct//,/, }}"
	prove_one "$md" "$unit" "$out" "$fct" >"$out/prove.txt" 2>&1 &
	pid_of[$run]=$!
	running=$((running + 1))
done
for run in "${runs[@]}"; do
	read -r md unit out fct <<<"$run"
	if wait "${pid_of[$run]}"; then
		cat "$out/prove.txt"
	else
		cat "$out/prove.txt" >&2
		status=1
	fi
done

if [ "$cold" = 1 ]; then
	# the private cache directory must still be empty: had WP written to
	# it, it could have read from it too
	if [ -n "$(ls -A "$cache_dir")" ]; then
		echo "prove: WP wrote to the cold run's cache directory: not a cold run" >&2
		status=1
	fi
	# the whole proof as make prove runs it, or a partial cold run (why)
	partial=()
	if [ "${#func_list[@]}" -gt 0 ]; then
		[ "$with_callers" = 1 ] && partial+=("FUNCS=$funcs FUNCS_CALLERS=1") ||
			partial+=("FUNCS=$funcs")
	fi
	all_units=() ran_units=()
	for unit in core types omap4; do
		[ -n "$(unit_sources "$unit" 2>/dev/null | tr -d ' ')" ] && all_units+=("$unit")
	done
	for unit in $units; do
		[ -n "$(unit_sources "$unit" 2>/dev/null | tr -d ' ')" ] && ran_units+=("$unit")
	done
	[ "$(printf '%s\n' "${ran_units[@]}" | LC_ALL=C sort -u)" = \
		"$(printf '%s\n' "${all_units[@]}" | LC_ALL=C sort -u)" ] ||
		partial+=("VCLK_UNITS=$units")
	[ "$(printf '%s\n' $machdeps | LC_ALL=C sort -u | tr '\n' ' ')" = "x86_32 x86_64 " ] ||
		partial+=("VCLK_MACHDEPS=$machdeps")
	[ "$timeout" = 30 ] || partial+=("WP_TIMEOUT=$timeout")
	[ -z "${VCLK_DEFS:-}" ] || partial+=("VCLK_DEFS=$VCLK_DEFS")
	record_args=(--date "$cold_date" --wall $(($(date +%s) - cold_start))
		--timeout "$timeout" --jobs "$jobs" --status "$status")
	for reason in ${partial[@]+"${partial[@]}"}; do
		record_args+=(--partial "$reason")
	done
	for run in "${runs[@]}"; do
		read -r md unit out fct <<<"$run"
		[ -n "$(unit_sources "$unit" 2>/dev/null | tr -d ' ')" ] || continue
		record_args+=(--run "$md $unit $out $fct")
	done
	python3 proofs/cold.py record "${record_args[@]}" || status=1
fi

if [ "$status" -eq 0 ]; then
	[ "$cold" = 1 ] && how=" without the WP cache" || how=""
	if [ "${#func_list[@]}" -eq 0 ]; then
		echo "prove: all goals of units $units proved$how under: $machdeps"
	else
		[ "$with_callers" = 1 ] && what="FUNCS=\"$funcs\" and their callers" || what="FUNCS=\"$funcs\""
		echo "prove: all goals of $what proved$how under: $machdeps (not a full run: make prove before merging)"
	fi
fi
exit "$status"
