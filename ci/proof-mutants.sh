#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# ci/proof-mutants.sh - `make proof-mutants`: do the proofs alone find real
# bugs?  Plants one bug at a time (the table: ci/proof-mutants.py) in a
# scratch copy of the checkout, in core/*.c or a proven platform file, and
# re-runs WP on the function(s) it touches only, exactly as
# `make prove FUNCS=...` would: proofs/prove.sh --funcs, so the same
# options (-wp-rte, the -warn-* flags, Z3 and CVC4, -wp-timeout, smoke
# tests) and the same verdict (every goal of those functions proved, no
# smoke test failed), under one machdep (x86_64), with a copy of the
# committed WP cache (proofs/wp-cache, never written to) so that the goals
# the mutant does not change answer from the cache.  The tests are not
# run: a mutant is killed when the proof of its functions fails, and the
# goals that failed (the clause names) are recorded.
#
#   ci/proof-mutants.sh [ID...]     (default: every mutant of the table)
#
# First the table is checked (FILE:LINE: reason for a bad entry), every
# mutant is planted and compiled (gcc -fsyntax-only: a mutant that does
# not compile is an error of the table, not a kill), then the unmutated
# copy is proved the same way for every function the selected mutants
# touch, and must be all proved, else the results would mean nothing.
# Mutants marked equivalent in the table are planted and compiled but not
# proved, and are not counted.
#
# Output: proofs/out/proof-mutants.txt (one line per mutant: id,
# killed/survived/equivalent, the failing goals with their status, or -;
# rewritten after each mutant, so a long run shows its progress), the
# Markdown table and score line proofs/out/proof-mutants.md, their source
# proofs/out/proof-mutants/results.tsv, and each
# mutant's proof output in proofs/out/proof-mutants/ID.log.
#
# Environment:
#   PM_JOBS   mutants proved side by side (default 1), each in its own
#             scratch copy, one prover job each
#   PM_OUT    where the results go (default proofs/out/proof-mutants:
#             .txt, .md and the directory of logs)
#   KEEP=1    keep the scratch directory (printed)
#
# Exit status: 0 when it ran (whatever the score), 1 when the unmutated
# copy is not proved (or a proof run failed to run), 2 on a usage or table
# error.  Every frama-c and prover process runs under nice -n 19.  Slow:
# minutes a mutant, hours for the table; not part of CI.
set -uo pipefail

# all in one function, read whole before it runs: editing this file during
# a run (hours) does not change the run
main() {
	cd "$(dirname "$0")/.."
	top=$(pwd)
	table=ci/proof-mutants.py
	jobs=${PM_JOBS:-1}
	out=${PM_OUT:-proofs/out/proof-mutants}
	machdep=x86_64
	case $out in /*) ;; *) out=$top/$out ;; esac
	[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "proof-mutants: PM_JOBS is a positive number, not $jobs" >&2; exit 2; }
	for id in "$@"; do
		[[ $id =~ ^[a-z0-9][a-z0-9-]*$ ]] || { echo "usage: ci/proof-mutants.sh [ID...]" >&2; exit 2; }
	done
	command -v python3 >/dev/null || { echo "proof-mutants: python3 is needed" >&2; exit 2; }
	command -v gcc >/dev/null || { echo "proof-mutants: gcc is needed (the compile check)" >&2; exit 2; }

	# ---- the table ----
	python3 "$table" check "$@" || exit 2
	mapfile -t rows < <(python3 "$table" list "$@") || exit 2
	[ "${#rows[@]}" -gt 0 ] || { echo "proof-mutants: no mutant" >&2; exit 2; }

	# ---- scratch copies: tracked and new files, the WP cache apart ----
	scratch=$(mktemp -d "${TMPDIR:-/tmp}/vclk-pm.XXXXXX")
	if [ "${KEEP:-}" = 1 ]; then
		echo "proof-mutants: scratch directory $scratch (kept)"
	else
		trap 'rm -rf "$scratch"' EXIT
	fi
	mkdir -p "$scratch/w0" "$scratch/pristine"
	git ls-files --cached --others --exclude-standard -z |
		tar --null -T - -cf - | tar xf - -C "$scratch/w0"
	# the cache: one copy for every scratch copy (content-addressed: a goal a
	# mutant sends to the provers can only be answered for that same goal)
	mv "$scratch/w0/proofs/wp-cache" "$scratch/cache"
	ln -s "$scratch/cache" "$scratch/w0/proofs/wp-cache"
	rm -rf "$scratch/w0/proofs/out"
	# from here on, the table as it was at the start (the checkout's may
	# change during the run; mutants only touch core/ and platform/)
	table=$scratch/w0/ci/proof-mutants.py
	# the unmutated sources, to restore from (the checkout may change meanwhile)
	(cd "$scratch/w0" && tar cf - core spec platform) | tar xf - -C "$scratch/pristine"
	for ((k = 1; k < jobs; k++)); do
		cp -a "$scratch/w0" "$scratch/w$k"
	done

	# ---- every mutant plants and compiles ----
	# (-pedantic-errors: Frama-C refuses what gcc only warns about, such as
	# a label left without its statement)
	cpp_of() {
		case $1 in
		omap4) echo "-Icore -Ispec -Iplatform -Iplatform/omap4" ;;
		*) echo "-Icore -Ispec -Iplatform" ;;
		esac
	}
	restore() { # scratch-dir file
		cp "$scratch/pristine/$2" "$1/$2"
	}
	bad=0
	for row in "${rows[@]}"; do
		IFS=$'\t' read -r id unit file funcs equiv <<<"$row"
		w=$scratch/w0
		# shellcheck disable=SC2046
		if ! (cd "$w" && gcc -std=c11 -pedantic-errors -fsyntax-only $(cpp_of "$unit") "$file" 2>/dev/null); then
			echo "proof-mutants: $file does not compile unmutated" >&2
			exit 1
		fi
		python3 "$table" apply "$id" "$w" || { bad=1; continue; }
		# shellcheck disable=SC2046
		if ! (cd "$w" && gcc -std=c11 -pedantic-errors -fsyntax-only $(cpp_of "$unit") "$file" >"$scratch/cc.log" 2>&1); then
			line=$(grep -n "M(\"$id\"" "$table" | cut -d: -f1)
			echo "ci/proof-mutants.py:${line:-?}: $id: the mutant does not compile:" >&2
			grep -E 'error' "$scratch/cc.log" | head -n 3 >&2
			bad=1
		fi
		restore "$w" "$file"
	done
	[ "$bad" -eq 0 ] || exit 2

	# ---- proving: prove.sh --funcs in a scratch copy ----
	# prove UNIT FUNCS DIR LOG: the verdict of proofs/prove.sh for FUNCS
	# (comma-separated) in the scratch copy DIR; prints prove.sh's exit status
	prove() {
		local unit=$1 funcs=$2 dir=$3 log=$4
		(cd "$dir" && rm -rf proofs/out/funcs/"$machdep"* &&
			env -u WP_TIMEOUT -u WP_CACHE -u VCLK_DEFS -u FUNCS -u FUNCS_CALLERS \
				-u VCLK_PROVE_FORCE VCLK_MACHDEPS=$machdep VCLK_UNITS="$unit" WP_JOBS=1 \
				nice -n 19 bash proofs/prove.sh --funcs "${funcs//,/ }") >"$log" 2>&1
		echo $?
	}
	# the failing goals of the last prove run in DIR for UNIT: name(status),
	# comma-separated, or -
	failing_goals() {
		local dir=$1 unit=$2 od
		od=$dir/proofs/out/funcs/$machdep
		[ "$unit" = core ] || od=$od-$unit
		{
			# "[wp] [Prover] Goal typed_NAME : Status (...)" for a goal proved
		# (or not) at once; "[wp] [Failed] Goal typed_NAME" followed by
		# "  Prover: Status (...)" lines for one no prover proved: NAME(the
		# provers' answers, e.g. Timeout/Unknown)
		awk '
			function flush() { if (g != "") print g "(" (st == "" ? sum : st) ")"; g = ""; st = "" }
			/^\[wp\] \[[^]]+\] Goal typed_/ {
				flush()
				name = $0; sub(/.*Goal typed_/, "typed_", name); sub(/[ :].*/, "", name)
				if ($0 ~ / : /) {
					v = $0; sub(/.* : /, "", v); sub(/ .*/, "", v)
					if (v != "Valid") print name "(" v ")"
					next
				}
				sum = $2; gsub(/[][]/, "", sum); g = name
				next
			}
			g != "" && /^  [^ ].*: [A-Za-z]+/ {
				v = $0; sub(/^[^:]*: /, "", v); sub(/ .*/, "", v)
				st = st (st == "" ? "" : "/") v
				next
			}
			{ flush() }
			END { flush() }' "$od/wp.log" 2>/dev/null
			sed -nE 's/^\[wp\] \[Failed\] Smoke-test (typed_[A-Za-z0-9_]+).*/\1(smoke test failed)/p' \
				"$od/wp.log" 2>/dev/null
		} | sed 's/^typed_//' | LC_ALL=C sort -u | paste -sd, - | sed 's/^$/-/'
	}

	mkdir -p "$out"
	# id, status, goals, functions: what the report is made from (python3
	# ci/proof-mutants.py report $out/results.tsv $out CMD re-makes it)
	results=$out/results.tsv
	: >"$results"
	cmdline="make proof-mutants${*:+ PM_IDS=\"$*\"} (ci/proof-mutants.sh${*:+ $*})"
	write_report() {
		python3 "$table" report "$results" "$out" "$cmdline" >/dev/null
	}

	# the unmutated copy, once per unit for every function the mutants touch
	declare -A unit_funcs=()
	for row in "${rows[@]}"; do
		IFS=$'\t' read -r id unit file funcs equiv <<<"$row"
		[ "$equiv" = E ] && continue
		unit_funcs[$unit]+="${unit_funcs[$unit]:+,}$funcs"
	done
	for unit in "${!unit_funcs[@]}"; do
		funcs=$(tr , '\n' <<<"${unit_funcs[$unit]}" | LC_ALL=C sort -u | paste -sd, -)
		echo "proof-mutants: the unmutated copy, unit $unit ($machdep): $(tr , ' ' <<<"$funcs")"
		start=$(date +%s)
		rc=$(prove "$unit" "$funcs" "$scratch/w0" "$out/baseline-$unit.log")
		if [ "$rc" != 0 ]; then
			echo "proof-mutants: the unmutated copy is not proved (unit $unit, prove.sh exit $rc): fix that first" >&2
			grep -E 'NOT PROVED|^\[wp\] \[(Failed|Unknown|Timeout)|unknown function|frama-c failed' \
				"$out/baseline-$unit.log" | head -n 20 >&2
			[ "$rc" = 2 ] && exit 2
			exit 1
		fi
		echo "proof-mutants: unmutated, unit $unit: $(grep -E '^prove\[' "$out/baseline-$unit.log" | grep 'goals proved,' | sed 's/^prove\[[^]]*\]: //') ($(($(date +%s) - start))s)"
	done

	# one mutant in scratch copy DIR: plant, prove, restore; appends its line
	# to $results (through a file of its own, merged by the caller)
	run_one() {
		local row=$1 dir=$2 id unit file funcs equiv rc goals start status
		IFS=$'\t' read -r id unit file funcs equiv <<<"$row"
		start=$(date +%s)
		if ! python3 "$table" apply "$id" "$dir"; then
			printf '%s\terror\t-\t%s\n' "$id" "$funcs" >"$dir.result"
			return 2
		fi
		rc=$(prove "$unit" "$funcs" "$dir" "$out/$id.log")
		goals=$(failing_goals "$dir" "$unit")
		local od=$dir/proofs/out/funcs/$machdep
		[ "$unit" = core ] || od=$od-$unit
		cp "$od/wp.log" "$out/$id.wp.log" 2>/dev/null || true
		restore "$dir" "$file"
		case $rc in
		0) status=survived; goals=- ;;
		# killed: the proof ran and did not prove everything (prove.sh
		# exits 1 too when frama-c cannot parse or run: an error)
		1) if grep -q 'NOT PROVED' "$out/$id.log"; then status=killed; else status=error; fi ;;
		*) status=error ;;
		esac
		[ "$status" = killed ] && [ "$goals" = - ] && goals="(see $out/$id.log)"
		echo "$(date -u +%H:%M:%S) $id: $status in $(($(date +%s) - start))s${goals:+ [$goals]}" >>"$out/$id.log"
		printf '%s\t%s\t%s\t%s\n' "$id" "$status" "$goals" "$funcs" >"$dir.result"
	}

	declare -A slot_of=()
	free_slots=()
	for ((k = 0; k < jobs; k++)); do free_slots+=("$k"); done
	collect() { # wait for one job to finish: its result joins the table
		local pid k id status goals funcs
		wait -n -p pid || true
		[ -n "${pid:-}" ] || return 0
		k=${slot_of[$pid]}
		if [ -s "$scratch/w$k.result" ]; then
			cat "$scratch/w$k.result" >>"$results"
			IFS=$'\t' read -r id status goals funcs <"$scratch/w$k.result"
			printf 'proof-mutants: %-38s %-9s %s\n' "$id" "$status" "$goals"
			rm -f "$scratch/w$k.result"
		fi
		unset "slot_of[$pid]"
		free_slots+=("$k")
		write_report
	}
	n=0
	for row in "${rows[@]}"; do
		IFS=$'\t' read -r id unit file funcs equiv <<<"$row"
		n=$((n + 1))
		if [ "$equiv" = E ]; then
			printf '%s\tequivalent\t-\t%s\n' "$id" "$funcs" >>"$results"
			printf 'proof-mutants: %-38s %s\n' "$id" "equivalent (not proved)"
			write_report
			continue
		fi
		[ "${#free_slots[@]}" -gt 0 ] || collect
		k=${free_slots[0]}
		free_slots=("${free_slots[@]:1}")
		echo "proof-mutants: [$n/${#rows[@]}] $id ($file: $(tr , ' ' <<<"$funcs"))"
		run_one "$row" "$scratch/w$k" &
		slot_of[$!]=$k
	done
	while [ "${#slot_of[@]}" -gt 0 ]; do collect; done

	python3 "$table" report "$results" "$out" "$cmdline"
	if grep -q $'\terror\t' "$results"; then
		echo "proof-mutants: some mutants could not be proved at all (error): see their logs in $out/" >&2
		exit 1
	fi
	exit 0
}

main "$@"
