#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# ci/mutants.sh - does the harness find real bugs?  Plants typical bugs in
# core/ and platform/, one at a time, in a scratch copy of the checkout,
# and reports for each whether make check's tests or the fuzzer catch it:
#
#   tests   the unit tests (plain build) and the tool's scenarios
#   replay  the fuzz corpus and regressions replayed (make check does too)
#   fuzzer  libFuzzer from the seed corpus for MUTANT_SECONDS (default 30)
#           on one core
#
#   ci/mutants.sh [ID...]      (default: every mutant)
#
# A mutant is caught when one of them fails.  The unmutated copy is run
# first and must pass all three.  Last line: "caught C of P mutants".
# Environment: MUTANT_SECONDS, KEEP=1 (keep the scratch copy).
set -u
cd "$(dirname "$0")/.."
secs=${MUTANT_SECONDS:-30}
top=$(pwd)
scratch=$(mktemp -d)
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$scratch"' EXIT

# ---- the mutants: id, file, text, replacement (one occurrence; #N picks
# the N-th when the text occurs more than once), what it plants ----
cat >"$scratch/mutants.py" <<'PY'
import sys
M = [
 ("skip-parent-prepare", "core/walk.c", "ret = clk_core_prepare(parent);", "ret = 0;",
  "a clock's first prepare skips its parent chain"),
 ("skip-parent-enable", "core/walk.c", "ret = clk_core_enable(parent);", "ret = 0;",
  "a clock's first enable skips its parent chain"),
 ("prepare-no-rollback", "core/walk.c", "clk_core_unprepare_undo(parent);", "(void)0;",
  "a failed prepare op leaves the parent chain prepared"),
 ("enable-no-rollback", "core/walk.c", "clk_core_disable_undo(parent);", "(void)0;",
  "a failed enable op leaves the parent chain enabled"),
 ("unprepare-off-by-one", "core/walk.c#2", "if (vclk_prepare_count[c] == 0) {",
  "if (vclk_prepare_count[c] <= 1) {", "off-by-one: unprepares at the count's last-but-one drop"),
 ("disable-no-op", "core/walk.c", "vclk_op_disable(c);", "(void)0;",
  "the last disable does not switch the hardware off"),
 ("disable-unprepare-busy", "core/refcount.c",
  "if (vclk_handle_prepares[h] == 1 && vclk_handle_enables[h] > 1) {",
  "if (vclk_handle_prepares[h] == 1 && vclk_handle_enables[h] > 2) {",
  "off-by-one in disable_unprepare's misuse check"),
 ("prepare-enable-no-rollback", "core/refcount.c#2", "vclk_handle_drop_prepare(h);", "(void)0;",
  "clk_prepare_enable keeps the handle's prepare when enable fails"),
 ("enable-unprepared", "core/refcount.c", "return -VCLK_ESHUTDOWN;", "(void)0;",
  "clk_enable through a handle that has not prepared"),
 ("disable-unused-used", "core/refcount.c",
  "if (vclk_enable_count[c] == 0 && vclk_op_is_enabled(c)) {",
  "if (vclk_op_is_enabled(c)) {", "clk_disable_unused switches off clocks in use"),
 ("put-busy-handle", "core/pool.c",
  "if (vclk_handle_prepares[h] > 0 || vclk_handle_excl[h] > 0 ||",
  "if (vclk_handle_excl[h] > 0 ||", "clk_put of a handle that still holds references"),
 ("put-notified-handle", "core/pool.c",
  "vclk_handle_excl[h] > 0 ||\n\t    vclk_handle_notified(clk))",
  "vclk_handle_excl[h] > 0)", "clk_put of a handle whose notifier is still registered"),
 ("no-adoption", "core/pool.c", "(void)clk_core_reparent(i, p, index, 0);", "(void)0;",
  "orphans are never adopted"),
 ("reparent-keeps-old-enable", "core/parent.c",
  "if (enabled && old != VCLK_NONE)\n\t\tclk_core_disable(old);", "",
  "a reparent does not release the old parent's enable"),
 ("reparent-no-rollback", "core/parent.c", "clk_core_disable_undo(np);", "(void)0;",
  "a failed set_parent op leaves the new parent enabled"),
 ("reparent-no-recalc", "core/parent.c", "clk_core_recalc_subtree(c);", "(void)0;",
  "rates are not recalculated after a reparent"),
 ("cycle-allowed", "core/parent.c", "if (p == c || clk_core_is_ancestor(c, p))",
  "if (p == c)", "set_parent to a descendant is not refused"),
 ("parent-gate-ignored", "core/parent.c",
  "if ((vclk_flags[c] & CLK_SET_PARENT_GATE) && vclk_prepare_count[c] > 0)",
  "if (0)", "CLK_SET_PARENT_GATE is ignored"),
 ("rate-better-wrong", "core/rate.c", "return best > req && now < best;",
  "return best > req && now > best;", "set-rate-parent keeps the worse candidate above the request"),
 ("apply-no-unapply", "core/rate.c", "clk_core_unapply(top, d);", "(void)0;",
  "a failed provider set_rate does not restore those already programmed"),
 ("lost-notifier", "core/rate.c",
  "vclk_old_rate[c] == vclk_new_rate[c])\n\t\treturn NOTIFY_DONE;",
  "vclk_old_rate[c] <= vclk_new_rate[c])\n\t\treturn NOTIFY_DONE;",
  "a notifier is not told of a rate increase"),
 ("no-abort-on-failure", "core/rate.c#2",
  "clk_core_notify(ABORT_RATE_CHANGE, top, span);", "(void)0;",
  "no ABORT_RATE_CHANGE after a provider failure"),
 ("rate-gate-ignored", "core/rate.c",
  "if ((vclk_flags[i] & CLK_SET_RATE_GATE) && vclk_prepare_count[i] > 0)",
  "if (0)", "CLK_SET_RATE_GATE is ignored"),
 ("range-not-restored", "core/rate.c", "vclk_handle_range_set(h, old_min, old_max);",
  "vclk_handle_range_set(h, min, old_max);",
  "a refused range keeps its new minimum"),
 ("clamp-wrong", "core/rate.c", "if (rate > hi)\n\t\treturn hi;", "if (rate > hi)\n\t\treturn lo;",
  "a request above the range is clamped to its minimum"),
 ("req-rate-lost", "core/rate.c", "vclk_req_rate[c] = kept;", "(void)0;",
  "the requested rate is not remembered for a later range"),
 ("div-floor", "platform/clk_basic.c",
  "return (unsigned long)(whole + carry);", "return (unsigned long)whole;",
  "divider rate rounded down instead of DIV_ROUND_UP"),
 ("div-closest-tie", "platform/clk_basic.c",
  "if (rate - clk_div_rate(parent_rate, below) <=", "if (rate - clk_div_rate(parent_rate, below) <",
  "round-closest breaks a tie upwards"),
 ("div-candidate-skip", "platform/clk_basic.c", "div = clk_div_nth(cfg, k);",
  "div = clk_div_nth(cfg, k + 1);", "the divider's parent-rate candidates skip the first divider"),
 ("ff-candidate-swap", "platform/clk_basic.c",
  "return clk_mul_div(rate, cfg->div, cfg->mult, &want) ? want : 0;",
  "return clk_mul_div(rate, cfg->mult, cfg->div, &want) ? want : 0;",
  "a fixed factor asks its parent for rate * mult / div"),
 ("hiword-no-mask", "platform/clk_basic.c",
  "return vclk_writel(cfg->reg, bit * 65536u | (bit_set ? bit : 0));",
  "return vclk_writel(cfg->reg, (bit_set ? bit : 0));", "a hiword gate writes without its write-enable bit"),
 ("mux-table-ignored", "platform/clk_basic.c",
  "val = cfg->table ? cfg->table[index] : (uint32_t)index;", "val = (uint32_t)index;",
  "a table mux writes the parent index, not its table value"),
 ("set-rate-unchecked", "platform/dispatch.c",
  "if (vclk_op_recalc_rate(id, parent_rate) != rate) {", "if (0) {",
  "the dispatcher does not check the rate a provider programmed"),
]
cmd = sys.argv[1]
if cmd == "list":
    for m in M:
        print(m[0])
elif cmd == "what":
    print(next(m[4] for m in M if m[0] == sys.argv[2]))
elif cmd == "file":
    print(next(m[1] for m in M if m[0] == sys.argv[2]).partition("#")[0])
elif cmd == "apply":
    m = next(m for m in M if m[0] == sys.argv[2])
    path, _, nth = m[1].partition("#")
    nth = int(nth or 1)
    text = open(path).read()
    count = text.count(m[2])
    if count < nth or (count != 1 and m[1].find("#") < 0):
        sys.exit("%s: %r occurs %d times in %s" % (m[0], m[2], count, path))
    at = -1
    for _ in range(nth):
        at = text.index(m[2], at + 1)
    open(path, "w").write(text[:at] + m[3] + text[at + len(m[2]):])
PY

# ---- a scratch copy: tracked and new files, built once ----
git ls-files --cached --others --exclude-standard -z |
	tar --null -T - -cf - | tar xf - -C "$scratch"
cd "$scratch" || exit 2
fuzz_srcs="$(ls core/*.c platform/*.c platform/omap4/*.c platform/lock/pthread.c | grep -v reg_mmio) harness/regmodel/regmodel.c
harness/tool/tree.c harness/tool/clkparse.c harness/fuzz/model.c harness/fuzz/decode.c
harness/fuzz/snapshot.c harness/fuzz/driver.c harness/fuzz/fuzz_target.c"
inc="-Icore -Iplatform -Iplatform/omap4 -Iharness/tests -Iharness/regmodel -Iharness/tool"

# run the three checks; prints "tests replay fuzzer" as 0 (passed) / 1
run_checks() {
	local t=0 r=0 f=0
	if ! make -s -j1 build/test-plain/vclk_tests build/vclk >build.log 2>&1; then
		# a mutant that does not compile tests nothing: not "caught"
		echo "build failed" >&2; cat build.log >&2
		echo "x x x"
		return
	fi
	timeout 300 build/test-plain/vclk_tests >tests.log 2>&1 || t=1
	timeout 300 bash harness/scenarios.sh build/vclk >>tests.log 2>&1 || t=1
	# shellcheck disable=SC2086
	gcc -std=c11 -O1 -g $inc $fuzz_srcs harness/fuzz/replay_main.c -o replay 2>>build.log &&
		timeout 300 ./replay corpus/fuzz corpus/regressions >replay.log 2>&1 || r=1
	rm -rf fz-corpus fz-art && mkdir -p fz-corpus fz-art && cp corpus/fuzz/* fz-corpus/
	# shellcheck disable=SC2086
	if clang-14 -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined $inc $fuzz_srcs -o fuzz 2>>build.log; then
		timeout $((secs + 120)) ./fuzz -max_total_time="$secs" -max_len=2048 \
			-dict=harness/fuzz/vclk_fuzz.dict -artifact_prefix=fz-art/ \
			fz-corpus >fuzz.log 2>&1 || f=1
	else
		f=1
	fi
	echo "$t $r $f"
}

ids=("$@")
[ ${#ids[@]} -gt 0 ] || mapfile -t ids < <(python3 mutants.py list)

read -r t r f < <(run_checks)
if [ "$t$r$f" != 000 ]; then
	echo "mutants: the unmutated copy fails (tests $t, replay $r, fuzzer $f): fix that first"
	exit 2
fi

mark() { [ "$1" = 1 ] && echo CAUGHT || echo -; }
printf '%-28s %-7s %-7s %-7s %s\n' mutant tests replay fuzzer "what it plants"
caught=0
planted=0
by_tests=0
by_fuzz=0
for id in "${ids[@]}"; do
	if ! python3 mutants.py apply "$id"; then
		echo "mutants: cannot plant $id"
		exit 2
	fi
	read -r t r f < <(run_checks)
	if [ "$t" = x ]; then
		echo "mutants: $id does not compile; fix the mutant"
		exit 2
	fi
	planted=$((planted + 1))
	[ "$t$r$f" = 000 ] || caught=$((caught + 1))
	[ "$t" = 0 ] || by_tests=$((by_tests + 1))
	[ "$r$f" = 00 ] || by_fuzz=$((by_fuzz + 1))
	printf '%-28s %-7s %-7s %-7s %s\n' "$id" "$(mark "$t")" "$(mark "$r")" "$(mark "$f")" \
		"$(python3 mutants.py what "$id")"
	# back to the unmutated file, newer than its object: make rebuilds it
	file=$(python3 mutants.py file "$id")
	cp "$top/$file" "$file"
	touch "$file"
done
echo "tests caught $by_tests, the fuzz harness (replay or fuzzer) $by_fuzz"
echo "caught $caught of $planted mutants"
