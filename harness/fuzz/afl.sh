#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/fuzz/afl.sh BINARY OUTDIR - run AFL++ on the fuzz target for
# FUZZ_SECONDS (default 600) with FUZZ_JOBS instances (default 1: one
# main, the rest secondaries), seeds the files of the directories
# FUZZ_SEEDS (default "corpus/fuzz corpus/regressions"; README.md files
# left out), dictionary FUZZ_DICT.  afl-fuzz -V exits 0 even after crashes, so the
# verdict is read from each instance's fuzzer_stats (saved_crashes): exit 1
# if any instance saved one.
set -u
bin=$1
out=$2
secs=${FUZZ_SECONDS:-600}
jobs=${FUZZ_JOBS:-1}
dict=${FUZZ_DICT:-harness/fuzz/vclk_fuzz.dict}
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
for d in ${FUZZ_SEEDS:-corpus/fuzz corpus/regressions}; do
	find "$d" -type f ! -name '*.md' -exec cp {} "$seeds"/ \;
done

# a machine set up for other work: no core-pattern or governor changes;
# AFL++ only has to be told so.  ASan needs no memory limit.
export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_NO_AFFINITY=1 AFL_SKIP_CRASHES=1
mkdir -p "$out"
pids=()
for i in $(seq 1 "$jobs"); do
	if [ "$i" -eq 1 ]; then role=(-M main); else role=(-S "sec$i"); fi
	afl-fuzz "${role[@]}" -V "$secs" -m none -x "$dict" -i "$seeds" -o "$out" \
		-- "$bin" >"$out/afl-$i.log" 2>&1 &
	pids+=($!)
done
rc=0
for p in "${pids[@]}"; do
	wait "$p" || rc=$?
done
crashes=0
for stats in "$out"/*/fuzzer_stats; do
	[ -f "$stats" ] || continue
	c=$(sed -n 's/^saved_crashes *: *//p' "$stats")
	e=$(sed -n 's/^execs_per_sec *: *//p' "$stats")
	d=$(sed -n 's/^execs_done *: *//p' "$stats")
	echo "$(dirname "$stats"): execs_done $d, execs_per_sec $e, saved_crashes ${c:-?}"
	crashes=$((crashes + ${c:-0}))
done
if [ "$rc" -ne 0 ]; then
	echo "afl-fuzz exited $rc: see $out/afl-*.log"
	tail -n 20 "$out"/afl-1.log
	exit 1
fi
[ "$crashes" -eq 0 ] || { bash harness/fuzz/crashes.sh "$out"; exit 1; }
echo "no crashes"
