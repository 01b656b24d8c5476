#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/firmware/fw-tests.sh - the firmware's tests in make check (run by
# harness/run-tests.sh, which passes $MAKE and VCLK_DEFS):
#
#   - make firmware-test: the self-test (selftest.c) under qemu must exit
#     0 and report no failed check;
#   - the same with the self-test built with a wrong expectation
#     (-DFW_EXPECT_A=105000000UL): make firmware-test must fail, on that
#     check;
#   - the firmware's VCLK_* values (build/fw/vclk-config.txt) equal the
#     proof's (build/fw/proof-config.txt: this checkout's x86_32 proof
#     run, or vclk_config.h with VCLK_DEFS when there was none);
#   - the check itself, on a stand-in proof command (the format of
#     proofs/out/x86_32/command.txt): it agrees with one that passes
#     VCLK_DEFS and refuses one with a different VCLK_MAX_CLOCKS.
#
# Prints PASS/FAIL per test and, last, "N passed, M failed".  Run from the
# repository top.
set -u

MAKE=${MAKE:-make}
VCLK_DEFS=${VCLK_DEFS:-}
cfg=harness/firmware/vclk-config.sh
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

passed() {
	echo "PASS $*"
	pass=$((pass + 1))
}

failed() {
	echo "FAIL $*"
	sed 's/^/    | /' "$tmp/out"
	fail=$((fail + 1))
}

summary_re='^vclk firmware self-test: [0-9]+ passed, 0 failed$'

start=$(date +%s)
if $MAKE -s --no-print-directory firmware-test >"$tmp/out" 2>&1 &&
	grep -qE "$summary_re" "$tmp/out"; then
	passed "firmware self-test under qemu: $(grep -E "$summary_re" "$tmp/out" | sed 's/.*: //') ($(($(date +%s) - start)) s, build included)"
else
	failed "firmware self-test under qemu (make firmware-test)"
fi

wrong='FAIL A: got 104000000, want 105000000'
if $MAKE -s --no-print-directory firmware-test \
	FW_TEST_ELF=build/fw/selftest-wrong.elf >"$tmp/out" 2>&1; then
	failed "a self-test with a wrong expectation passed make firmware-test"
elif ! grep -qF "$wrong" "$tmp/out"; then
	failed "a self-test with a wrong expectation failed, but not on it"
else
	passed "a wrong expectation fails make firmware-test ($wrong)"
fi

if bash "$cfg" check build/fw/vclk-config.txt build/fw/proof-config.txt >"$tmp/out" 2>&1; then
	passed "the firmware's VCLK_* values are the proof's [$(head -n 1 build/fw/proof-config.txt | sed 's/^# //')]"
else
	failed "the firmware's VCLK_* values are not the proof's"
fi

# stand-ins for proofs/out/x86_32/command.txt, written as prove.sh does
fake_cmd() {
	printf '%q ' frama-c -machdep x86_32 "-cpp-extra-args=-Icore -Ispec -Iplatform $1" \
		-wp core/pool.c >"$tmp/command.txt"
}
fw_clocks=$(sed -n 's/^VCLK_MAX_CLOCKS=//p' build/fw/vclk-config.txt)
fake_cmd "$VCLK_DEFS"
if bash "$cfg" proof-values "$tmp/command.txt" >"$tmp/proof.txt" 2>"$tmp/out" &&
	bash "$cfg" check build/fw/vclk-config.txt "$tmp/proof.txt" >"$tmp/out" 2>&1; then
	passed "config check: a proof command with VCLK_DEFS ('$VCLK_DEFS') agrees"
else
	failed "config check: a proof command with VCLK_DEFS ('$VCLK_DEFS') does not agree"
fi
fake_cmd "$VCLK_DEFS -DVCLK_MAX_CLOCKS=$((fw_clocks + 1))"
if bash "$cfg" proof-values "$tmp/command.txt" >"$tmp/proof.txt" 2>"$tmp/out" &&
	! bash "$cfg" check build/fw/vclk-config.txt "$tmp/proof.txt" >"$tmp/out" 2>&1 &&
	grep -q "not built with the proof's configuration" "$tmp/out"; then
	passed "config check: a proof with VCLK_MAX_CLOCKS=$((fw_clocks + 1)) is refused"
else
	failed "config check: a proof with VCLK_MAX_CLOCKS=$((fw_clocks + 1)) is not refused"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
