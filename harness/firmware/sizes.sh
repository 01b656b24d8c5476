#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/firmware/sizes.sh - the firmware's size table and the core's
# code budget (make firmware).
#
#   sizes.sh BUDGET ELF OBJECT...
#
# Prints, as a Markdown table, text/data/bss (arm-none-eabi-size, Berkeley
# format: "text" is the read-only part, code and constants) of each
# firmware object, grouped by path: the core (core/), the platform code
# (platform/: the ops dispatch, the register back-end and poll loop, the
# Cortex-M startup), the clock types (clk_basic*), the generated tree
# (gen/) and the self-test (harness/firmware/); then the clock types per
# type, from their symbols (arm-none-eabi-nm -S, by name prefix: a
# helper the types share is "shared"; padding between functions is
# "unattributed"), and the linked ELF.
#
# Fails (exit 1) when the core's text, summed over its object files,
# exceeds BUDGET bytes, or the text of the core API extensions
# (core/exclusive.c, bulk.c, clkdev.c, signal.c: Linux's consumer calls
# beyond prepare/enable/rate/parent, issue 10) exceeds
# FW_EXT_TEXT_BUDGET (default 2048), or the text of the locking layer
# (core/locked.o: the public calls, each its *_nolock body under the
# lock hooks; issue 9) exceeds FW_LOCK_TEXT_BUDGET (default 2560).  Their
# hooks inside the core's own functions (the exclusivity check in a rate
# change, say) count as core.
# Run from the repository top.
set -euo pipefail

SIZE=${FW_SIZE:-arm-none-eabi-size}
NM=${FW_NM:-arm-none-eabi-nm}

[ $# -ge 3 ] || { echo "usage: $0 BUDGET ELF OBJECT..." >&2; exit 2; }
budget=$1 elf=$2
ext_budget=${FW_EXT_TEXT_BUDGET:-2048}
lock_budget=${FW_LOCK_TEXT_BUDGET:-2560}
shift 2

group_of() {
	case "$1" in
	*/clk_basic*) echo "clock types" ;;
	*/obj/platform/omap4/*) echo "OMAP4 platform" ;;
	*/obj/core/exclusive.o | */obj/core/bulk.o | */obj/core/clkdev.o | \
	*/obj/core/signal.o) echo "core API extensions" ;;
	*/obj/core/locked.o) echo "locking layer" ;;
	*/obj/core/*) echo "core" ;;
	*/obj/platform/*) echo "platform" ;;
	*/gen/*) echo "generated tree" ;;
	*/harness/firmware/*) echo "self-test" ;;
	*) echo "other" ;;
	esac
}

# text data bss of one file
sizes_of() {
	"$SIZE" -B "$1" | awk 'NR == 2 { print $1, $2, $3 }'
}

core_text=0
ext_text=0
lock_text=0
echo "| group | object | text | data | bss |"
echo "|---|---|--:|--:|--:|"
for g in "core" "core API extensions" "locking layer" "platform" "clock types" "OMAP4 platform" "generated tree" "self-test" "other"; do
	gt=0 gd=0 gb=0 n=0
	for o in "$@"; do
		[ "$(group_of "$o")" = "$g" ] || continue
		read -r t d b < <(sizes_of "$o")
		echo "| $g | \`${o#*/obj/}\` | $t | $d | $b |"
		gt=$((gt + t)) gd=$((gd + d)) gb=$((gb + b)) n=$((n + 1))
	done
	[ "$n" -gt 0 ] || continue
	[ "$n" -eq 1 ] || echo "| $g | **total** | **$gt** | **$gd** | **$gb** |"
	[ "$g" != "core" ] || core_text=$gt
	[ "$g" != "core API extensions" ] || ext_text=$gt
	[ "$g" != "locking layer" ] || lock_text=$gt
done

types=()
for o in "$@"; do
	[ "$(group_of "$o")" != "clock types" ] || types+=("$o")
done
if [ ${#types[@]} -gt 0 ]; then
	total=0
	for o in "${types[@]}"; do
		read -r t _ < <(sizes_of "$o")
		total=$((total + t))
	done
	echo
	echo "| clock type | text (symbols) |"
	echo "|---|--:|"
	"$NM" -S -t d "${types[@]}" | awk -v total="$total" '
		NF == 4 && $3 ~ /^[tTrR]$/ {
			n = $4; s = $2 + 0
			if (n ~ /^(fixed_|clk_fixed_ops$)/) t = "fixed"
			else if (n ~ /^(synth_|clk_synth_)/) t = "synth"
			else if (n ~ /^(ff_|clk_ff_|clk_mul_div$|clk_fixed_factor_)/) t = "fixed-factor"
			else if (n ~ /^(gate_|clk_gate_)/) t = "gate"
			else if (n ~ /^(mux_|clk_mux_)/) t = "mux"
			else if (n ~ /^(div_|clk_div|clk_divider_)/) t = "divider"
			else t = "shared (field and register helpers)"
			sz[t] += s; sum += s
		}
		END {
			split("fixed synth fixed-factor gate mux divider", order, " ")
			for (i = 1; i <= 6; i++) printf "| %s | %d |\n", order[i], sz[order[i]]
			t = "shared (field and register helpers)"
			printf "| %s | %d |\n", t, sz[t]
			printf "| unattributed (alignment) | %d |\n", total - sum
		}'
fi

# the core's code and constants the linker kept (from the link map: the
# .text* and .rodata* input sections of core/*.o)
linked_core() {
	local map=${elf%.elf}.map
	[ -f "$map" ] || { echo "?"; return; }
	sed -n '/^Linker script and memory map/,$p' "$map" | awk '
		function hex(s,   i, c, v) {
			v = 0; s = tolower(substr(s, 3))
			for (i = 1; i <= length(s); i++)
				v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return v
		}
		/^ \./ { name = $1 }
		$NF ~ /\/obj\/core\/[^\/]*\.o$/ && $(NF - 1) ~ /^0x/ &&
		name ~ /^\.(text|rodata)/ { sum += hex($(NF - 1)) }
		END { print sum + 0 }'
}

echo
read -r t d b < <(sizes_of "$elf")
echo "linked: \`$elf\` (--gc-sections): text $t, data $d, bss $b; of its text, the core's: $(linked_core)"
echo
over=0
if [ "$core_text" -gt "$budget" ]; then
	echo "core text: $core_text bytes, budget $budget: OVER BUDGET by $((core_text - budget)) bytes" >&2
	over=1
else
	echo "core text: $core_text bytes, budget $budget: ok ($((budget - core_text)) bytes left)"
fi
if [ "$ext_text" -gt "$ext_budget" ]; then
	echo "core API extensions text: $ext_text bytes, budget $ext_budget: OVER BUDGET by $((ext_text - ext_budget)) bytes" >&2
	over=1
else
	echo "core API extensions text: $ext_text bytes, budget $ext_budget: ok ($((ext_budget - ext_text)) bytes left)"
fi
if [ "$lock_text" -gt "$lock_budget" ]; then
	echo "locking layer text: $lock_text bytes, budget $lock_budget: OVER BUDGET by $((lock_text - lock_budget)) bytes" >&2
	over=1
else
	echo "locking layer text: $lock_text bytes, budget $lock_budget: ok ($((lock_budget - lock_text)) bytes left)"
fi
exit "$over"
