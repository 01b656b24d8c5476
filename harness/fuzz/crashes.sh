#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/fuzz/crashes.sh DIR... - after a fuzzing run: list the crash
# inputs the fuzzer left in DIR (libFuzzer's crash-*, timeout-*, leak-*,
# oom-*; AFL++'s crashes/id:*) with how to turn each into a regression, and
# exit 1 if there is any.
set -u
n=0
for dir in "$@"; do
	[ -d "$dir" ] || continue
	while IFS= read -r f; do
		[ -n "$f" ] || continue
		n=$((n + 1))
		echo "crash input: $f"
	done < <(find "$dir" -type f \( -name 'crash-*' -o -name 'timeout-*' \
		-o -name 'leak-*' -o -name 'oom-*' -o -path '*/crashes/id:*' \) | sort)
done
if [ "$n" -gt 0 ]; then
	cat <<'HOW'
To keep one: minimize it (build/fuzz/vclk_fuzz -minimize_crash=1
-runs=20000 -exact_artifact_path=corpus/regressions/NAME INPUT), read it
(build/fuzz/vclk-fuzz-decode corpus/regressions/NAME /tmp/r; build/vclk
run /tmp/r.clk /tmp/r.vclk), and fix the library or the model; a library
defect waits in corpus/regressions-pending/ until its fix lands.
HOW
	echo "$n crash input(s)"
	exit 1
fi
echo "no crash inputs"
