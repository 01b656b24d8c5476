#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# ci/ensure-tools.sh GROUP... - make sure the tools a make target needs are
# installed; on a fresh Debian 12 machine, as root, install what is missing.
#
# Groups:
#   build  gcc, make, the C library headers (a compile-and-link probe)
#   check  build, plus a working -fsanitize=address,undefined toolchain
#          (libasan8/libubsan1 come with gcc-12 on Debian 12; probed),
#          -fsanitize=thread (libtsan2) for the lock stress test, and g++,
#          pkg-config, python3 and groff (groff-base) for the public
#          headers' and the install's tests
#   prove  frama-c (frama-c-base), why3, z3, cvc4, python3 (the annotation
#          gate, proofs/gate.py); then "why3 config
#          detect" if ~/.why3.conf does not know Z3 and CVC4
#   report python3 with jsonschema (python3-jsonschema), for the proof
#          report and its tests
#   fuzz   clang-14 with libFuzzer and the sanitizer runtimes
#          (clang-14 libfuzzer-14-dev libclang-rt-14-dev llvm-14): a
#          -fsanitize=fuzzer,address,undefined probe
#   afl    AFL++ (afl++): afl-clang-fast, afl-fuzz and
#          /usr/lib/afl/libAFLDriver.a
#   coverage  gcov (gcc) and lcov/genhtml (lcov)
#   bench  build, plus valgrind (instructions per call with callgrind)
#   firmware  the Cortex-M cross toolchain (gcc-arm-none-eabi, which
#          brings binutils-arm-none-eabi: arm-none-eabi-gcc, -size,
#          -objcopy) and QEMU's ARM system emulator (qemu-system-arm), for
#          make firmware / firmware-test; no newlib: the firmware is
#          -ffreestanding -nostdlib.  --no-install-recommends matters here:
#          the recommends are gigabytes
#   eacsl  build, plus Frama-C's E-ACSL (frama-c-base: the plug-in, its
#          runtime's sources and libeacsl-dlmalloc.a), GMP for the runtime
#          (libgmp-dev), the OCaml native compiler of Frama-C's own
#          version (ocaml: Debian's is the one frama-c-base is built
#          with) to compile harness/eacsl/eacsl_filter.ml against
#          Frama-C's .cmi files, and python3; for make eacsl-check
#   clean  nothing
#
# Quiet and idempotent when everything is present.  Missing tools and not
# root: says what to install and exits 1.  Never reads stdin.
set -euo pipefail

apt_updated=0
missing_pkgs=()

die() {
	echo "ensure-tools: $*" >&2
	exit 1
}

have() {
	command -v "$1" >/dev/null 2>&1
}

need_pkg() {
	local p
	for p in "$@"; do
		case " ${missing_pkgs[*]-} " in
		*" $p "*) ;;
		*) missing_pkgs+=("$p") ;;
		esac
	done
}

install_missing() {
	local why=$1

	[ ${#missing_pkgs[@]} -eq 0 ] && return 0
	if [ "$(id -u)" -ne 0 ]; then
		die "missing for '$why': ${missing_pkgs[*]}; install them (as root: apt-get install ${missing_pkgs[*]}) and retry"
	fi
	have apt-get || die "missing for '$why': ${missing_pkgs[*]}, and apt-get is not available"
	echo "ensure-tools: installing ${missing_pkgs[*]}" >&2
	export DEBIAN_FRONTEND=noninteractive
	if [ "$apt_updated" -eq 0 ]; then
		apt-get update -q </dev/null >&2 || die "apt-get update failed"
		apt_updated=1
	fi
	apt-get install -y -q --no-install-recommends "${missing_pkgs[@]}" </dev/null >&2 ||
		die "apt-get install ${missing_pkgs[*]} failed"
	missing_pkgs=()
}

# compile, link and run a tiny program with the given flags
probe_cc() {
	local dir rc=0
	dir=$(mktemp -d)
	cat >"$dir/probe.c" <<'PROBE'
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
	char *p = malloc(4);
	if (!p)
		return 1;
	p[0] = 'o'; p[1] = 'k'; p[2] = '\n'; p[3] = 0;
	fputs(p, stdout);
	free(p);
	return 0;
}
PROBE
	"${CC:-cc}" "$@" "$dir/probe.c" -o "$dir/probe" >"$dir/log" 2>&1 &&
		"$dir/probe" >/dev/null 2>>"$dir/log" </dev/null || rc=1
	if [ $rc -ne 0 ] && [ -n "${ENSURE_TOOLS_VERBOSE:-}" ]; then
		cat "$dir/log" >&2
	fi
	rm -rf "$dir"
	return $rc
}

ensure_build() {
	have make || need_pkg make
	have gcc || need_pkg gcc
	# "cc" is what make uses by default; gcc provides it on Debian
	if ! have cc && [ -z "${CC:-}" ]; then need_pkg gcc; fi
	install_missing build
	# gcc without recommends lacks libc6-dev (headers, crt files)
	if ! probe_cc -std=c11; then
		need_pkg libc6-dev
		install_missing build
		probe_cc -std=c11 || die "the C compiler (${CC:-cc}) cannot build a program"
	fi
}

ensure_report() {
	have python3 || need_pkg python3
	install_missing report
	if ! python3 -c 'import jsonschema' </dev/null >/dev/null 2>&1; then
		need_pkg python3-jsonschema
		install_missing report
		python3 -c 'import jsonschema' </dev/null ||
			die "python3 cannot import jsonschema"
	fi
}

ensure_check() {
	ensure_build
	ensure_report
	if ! probe_cc -fsanitize=address,undefined -fno-sanitize-recover=undefined; then
		need_pkg libasan8 libubsan1
		install_missing check
		ENSURE_TOOLS_VERBOSE=1 probe_cc -fsanitize=address,undefined \
			-fno-sanitize-recover=undefined ||
			die "the C compiler (${CC:-cc}) cannot build and run a sanitized program"
	fi
	# the lock stress test (harness/stress/) runs under ThreadSanitizer
	if ! probe_cc -fsanitize=thread; then
		need_pkg libtsan2
		install_missing check
		ENSURE_TOOLS_VERBOSE=1 probe_cc -fsanitize=thread ||
			die "the C compiler (${CC:-cc}) cannot build and run a ThreadSanitizer program"
	fi
	# the public headers and the install test (harness/pubhdr/): a C++
	# compiler (the headers must be C++-safe), pkg-config (the installed
	# vclk.pc), python3 (the headers' generator) and groff (the man page
	# must render)
	have g++ || need_pkg g++
	have pkg-config || need_pkg pkg-config
	have python3 || need_pkg python3
	have groff || need_pkg groff-base
	install_missing check
}

why3_conf() {
	echo "${WHY3CONFIG:-${HOME:-/root}/.why3.conf}"
}

why3_knows() {
	# a [prover] section with name = "Z3" (or "CVC4")
	local conf
	conf=$(why3_conf)
	[ -f "$conf" ] && grep -q "^name = \"$1\"" "$conf"
}

ensure_prove() {
	have frama-c || need_pkg frama-c-base
	have why3 || need_pkg why3
	have z3 || need_pkg z3
	have cvc4 || need_pkg cvc4
	# the annotation gate (proofs/gate.py) and the call graph reader
	have python3 || need_pkg python3
	install_missing prove
	if ! why3_knows Z3 || ! why3_knows CVC4; then
		echo "ensure-tools: why3 config detect ($(why3_conf) lacks Z3 or CVC4)" >&2
		why3 config detect </dev/null >&2 || die "why3 config detect failed"
		why3_knows Z3 || die "why3 does not detect Z3"
		why3_knows CVC4 || die "why3 does not detect CVC4"
	fi
}

# a libFuzzer target that links and runs one input
probe_fuzzer() {
	local dir rc=0
	dir=$(mktemp -d)
	cat >"$dir/probe.c" <<'PROBE'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return size > 0 && data[0] == 0xff;
}
PROBE
	clang-14 -fsanitize=fuzzer,address,undefined "$dir/probe.c" -o "$dir/probe" \
		>"$dir/log" 2>&1 && "$dir/probe" -runs=1 >>"$dir/log" 2>&1 </dev/null || rc=1
	[ $rc -eq 0 ] || [ -z "${ENSURE_TOOLS_VERBOSE:-}" ] || cat "$dir/log" >&2
	rm -rf "$dir"
	return $rc
}

ensure_fuzz() {
	ensure_build
	have clang-14 || need_pkg clang-14
	have llvm-symbolizer-14 || have llvm-symbolizer || need_pkg llvm-14
	install_missing fuzz
	if ! probe_fuzzer; then
		need_pkg libfuzzer-14-dev libclang-rt-14-dev
		install_missing fuzz
		ENSURE_TOOLS_VERBOSE=1 probe_fuzzer ||
			die "clang-14 cannot build and run a -fsanitize=fuzzer,address,undefined target"
	fi
}

ensure_afl() {
	ensure_fuzz
	if ! have afl-clang-fast || ! have afl-fuzz || [ ! -f /usr/lib/afl/libAFLDriver.a ]; then
		need_pkg afl++
		install_missing afl
		have afl-clang-fast && have afl-fuzz && [ -f /usr/lib/afl/libAFLDriver.a ] ||
			die "afl++ installed, but afl-clang-fast, afl-fuzz or /usr/lib/afl/libAFLDriver.a is missing"
	fi
}

ensure_coverage() {
	ensure_build
	have gcov || need_pkg gcc
	have lcov || need_pkg lcov
	have genhtml || need_pkg lcov
	install_missing coverage
}

ensure_bench() {
	ensure_build
	have valgrind || need_pkg valgrind
	install_missing bench
}

ensure_firmware() {
	ensure_build
	have arm-none-eabi-gcc || need_pkg gcc-arm-none-eabi
	have arm-none-eabi-size || need_pkg binutils-arm-none-eabi
	have qemu-system-arm || need_pkg qemu-system-arm
	have timeout || need_pkg coreutils
	install_missing firmware
	have arm-none-eabi-gcc && have arm-none-eabi-size && have qemu-system-arm ||
		die "gcc-arm-none-eabi and qemu-system-arm installed, but arm-none-eabi-gcc, arm-none-eabi-size or qemu-system-arm is missing"
}

# E-ACSL's runtime links -lgmp: libgmp-dev has libgmp.so (the header is
# not needed, the runtime declares what it uses)
have_libgmp_so() {
	local d
	for d in /usr/lib/x86_64-linux-gnu /usr/lib/aarch64-linux-gnu /usr/lib64 /usr/lib; do
		[ -e "$d/libgmp.so" ] && return 0
	done
	return 1
}

ensure_eacsl() {
	ensure_build
	have frama-c || need_pkg frama-c-base
	have ocamlopt || need_pkg ocaml
	have python3 || need_pkg python3
	have_libgmp_so || need_pkg libgmp-dev
	install_missing eacsl
	local share lib
	share=$(frama-c -print-share-path)/e-acsl
	lib=$(frama-c -print-lib-path)
	[ -f "$share/e_acsl_rtl.c" ] && [ -f "$lib/e-acsl/libeacsl-dlmalloc.a" ] ||
		die "frama-c-base installed, but the E-ACSL runtime ($share/e_acsl_rtl.c, $lib/e-acsl/libeacsl-dlmalloc.a) is missing"
	[ -f "$lib/annotations.cmi" ] ||
		die "Frama-C's OCaml interfaces ($lib/*.cmi) are missing: harness/eacsl/eacsl_filter.ml cannot be compiled"
	have_libgmp_so || die "libgmp-dev installed, but libgmp.so is missing"
}

[ $# -ge 1 ] || die "usage: $0 build|check|prove|report|fuzz|afl|coverage|bench|firmware|eacsl|clean..."
for group in "$@"; do
	case "$group" in
	build) ensure_build ;;
	check) ensure_check ;;
	prove) ensure_prove ;;
	report) ensure_report ;;
	fuzz) ensure_fuzz ;;
	afl) ensure_afl ;;
	coverage) ensure_coverage ;;
	bench) ensure_bench ;;
	firmware) ensure_firmware ;;
	eacsl) ensure_eacsl ;;
	clean) ;;
	*) die "unknown tool group '$group' (build, check, prove, report, fuzz, afl, coverage, bench, firmware, eacsl, clean)" ;;
	esac
done
