#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/fuzz/snapshot-check.sh - the fuzz targets put the core back for
# every input by copying its variables by name (harness/fuzz/snapshot.c,
# CORE_STATE): a variable core/ defines that the list lacks would carry one
# input's state into the next.  Fails when the variables defined at file
# scope in core/'s sources (constants aside) and the list differ.
# Prints one PASS/FAIL line and "N passed, M failed"; run from the
# repository top (make check, harness/run-tests.sh).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# file-scope definitions start in column 0 and end with ";" on that line;
# prototypes have a "(", constants start with "static const" or "const T x ="
grep -h -E '^[a-z][^(]*;[[:space:]]*(/\*.*)?$' core/*.c |
	grep -v -E '^(extern|typedef|return|static const) |^const [^*]*=' |
	sed -E 's/[[:space:]]*(=[^;]*)?;.*$//; s/\[[^]]*\]//g; s/.*[ *]//' |
	sort -u >"$tmp/defined"
grep -o -E 'X\(vclk_[a-z0-9_]+\)' harness/fuzz/snapshot.c |
	sed -E 's/X\((.*)\)/\1/' | sort -u >"$tmp/copied"

if [ ! -s "$tmp/defined" ]; then
	echo "FAIL snapshot-check: found no variable in core/ (has the layout changed?)"
	echo "0 passed, 1 failed"
	exit 1
fi
if diff "$tmp/defined" "$tmp/copied" >"$tmp/diff"; then
	echo "PASS snapshot-check: harness/fuzz/snapshot.c copies the $(wc -l <"$tmp/defined") variables core/ defines"
	echo "1 passed, 0 failed"
	exit 0
fi
sed -n 's/^< /  defined in core\/, not copied: /p; s/^> /  copied, not defined in core\/: /p' "$tmp/diff"
echo "FAIL snapshot-check: harness/fuzz/snapshot.c's CORE_STATE and core/'s variables differ"
echo "0 passed, 1 failed"
exit 1
