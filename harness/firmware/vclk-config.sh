#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/firmware/vclk-config.sh - the effective VCLK_* configuration of
# a build, computed (not assumed), and the check that the firmware was
# compiled with the configuration the proof was run with.
#
#   vclk-config.sh values LABEL CC [FLAG...]
#       core/vclk_config.h run through CC's preprocessor (CC -E) with the
#       FLAGs (the build's -D/-U overrides, VCLK_DEFS), each VCLK_* macro
#       it defines expanded and evaluated: a "# LABEL" line, then one
#       NAME=VALUE line per macro, sorted.  The macros are those the header
#       defines plus any VCLK_* a -D flag names.
#   vclk-config.sh proof-flags COMMAND.TXT
#       the -D/-U flags of the preprocessor in a proof run's exact command
#       (proofs/out/<machdep>/command.txt, written by proofs/prove.sh: the
#       -cpp-extra-args of frama-c), one a line; and checks that the
#       command's -machdep is x86_32, the ILP32 ABI of the firmware
#   vclk-config.sh proof-values COMMAND.TXT [FLAG...]
#       "values" of the proof run: the flags of COMMAND.TXT when it exists,
#       else the FLAGs (make passes VCLK_DEFS, which make prove would pass),
#       through gcc (Frama-C's default preprocessor); the label says which
#   vclk-config.sh check FIRMWARE PROOF
#       two "values" outputs: exit 0 when every NAME=VALUE line is the
#       same, else print both and exit 1
#
# Run from the repository top.
set -euo pipefail

die() {
	echo "vclk-config: $*" >&2
	exit 1
}

header=core/vclk_config.h
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# the VCLK_* macros: defined by the header (not its include guard), or
# named by a -D flag
macro_names() {
	local f
	{
		sed -n 's/^#[[:space:]]*define[[:space:]]\{1,\}\(VCLK_[A-Z0-9_]*\).*/\1/p' "$header" |
			grep -v '^VCLK_CONFIG_H$'
		for f in "$@"; do
			case "$f" in
			-DVCLK_*) f=${f#-D}; echo "${f%%=*}" ;;
			esac
		done
	} | sort -u
}

# an integer constant expression of the preprocessor's output evaluated by
# the shell (integer suffixes dropped); anything else stays as text
evaluate() {
	local e
	e=$(printf '%s' "$1" | tr -d ' \t' | sed -E 's/([0-9a-fA-FxX])[uUlL]+/\1/g')
	if [[ "$e" =~ ^[0-9a-fA-FxX()+*/%\<\>\&\|^~-]+$ ]] && (: $((e))) 2>/dev/null; then
		echo $((e))
	else
		printf '%s\n' "$1"
	fi
}

values() {
	local label=$1 cc=$2 name line
	shift 2
	{
		echo '#include "vclk_config.h"'
		for name in $(macro_names "$@"); do
			# the name with a prefix, so that it is not expanded
			echo "vclk_config_value name_$name = $name"
		done
	} >"$dir/probe.c"
	"$cc" -E -P -x c -Icore "$@" "$dir/probe.c" -o "$dir/out" ||
		die "$cc -E failed on $header"
	echo "# $label"
	grep '^vclk_config_value ' "$dir/out" | while read -r _ name _ line; do
		echo "${name#name_}=$(evaluate "$line")"
	done | sort
}

proof_flags() {
	local cmd=$1
	[ -f "$cmd" ] || die "$cmd: no such file"
	python3 - "$cmd" <<'PY'
import shlex, sys
words = shlex.split(open(sys.argv[1]).read())
if "-machdep" not in words or words[words.index("-machdep") + 1] != "x86_32":
    sys.exit("vclk-config: %s is not an x86_32 proof run (the firmware's ABI)"
             % sys.argv[1])
extra = [w[len("-cpp-extra-args="):] for w in words
         if w.startswith("-cpp-extra-args=")]
flags = shlex.split(" ".join(extra))
i = 0
while i < len(flags):
    f = flags[i]
    if f in ("-D", "-U") and i + 1 < len(flags):
        print(f + flags[i + 1])
        i += 1
    elif f.startswith("-D") or f.startswith("-U"):
        print(f)
    i += 1
PY
}

proof_values() {
	local cmd=$1 flags
	shift
	if [ -f "$cmd" ]; then
		flags=$(proof_flags "$cmd") || exit 1
		# shellcheck disable=SC2086
		values "proof: $cmd (-machdep x86_32), flags: ${flags//$'\n'/ }" \
			"${PROOF_CPP:-gcc}" $flags
	else
		values "proof: no $cmd here (make prove with VCLK_MACHDEPS=x86_32 writes it): vclk_config.h with VCLK_DEFS: $*" \
			"${PROOF_CPP:-gcc}" "$@"
	fi
}

check() {
	local fw=$1 proof=$2
	[ -f "$fw" ] || die "$fw: no such file"
	[ -f "$proof" ] || die "$proof: no such file"
	if diff <(grep -v '^#' "$fw") <(grep -v '^#' "$proof") >/dev/null; then
		echo "vclk-config: the firmware's VCLK_* values are the proof's ($(grep -vc '^#' "$fw") macros)"
		return 0
	fi
	echo "vclk-config: the firmware was not built with the proof's configuration" >&2
	echo "--- firmware ($fw)" >&2
	cat "$fw" >&2
	echo "--- proof ($proof)" >&2
	cat "$proof" >&2
	return 1
}

[ $# -ge 1 ] || die "usage: $0 values LABEL CC [FLAG...] | proof-flags COMMAND.TXT | proof-values COMMAND.TXT [FLAG...] | check FIRMWARE PROOF"
cmd=$1
shift
case "$cmd" in
values) [ $# -ge 2 ] || die "usage: $0 values LABEL CC [FLAG...]"; values "$@" ;;
proof-values) [ $# -ge 1 ] || die "usage: $0 proof-values COMMAND.TXT [FLAG...]"; proof_values "$@" ;;
proof-flags) [ $# -eq 1 ] || die "usage: $0 proof-flags COMMAND.TXT"; proof_flags "$1" ;;
check) [ $# -eq 2 ] || die "usage: $0 check FIRMWARE PROOF"; check "$1" "$2" ;;
*) die "unknown command '$cmd'" ;;
esac
