#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/pubhdr/check.sh - what a user of the installed library relies
# on, checked as that user would: the public headers (include/vclk/) are
# current with the proof headers, stand alone in C and C++, and carry no
# ACSL and no pool; `make install` into a scratch prefix lays out every
# file; the installed libvclk.a exports exactly the public API
# (public-symbols.txt), so a program may use the core's internal names
# for itself; pkg-config finds it; the README's quick start compiles as
# written and runs; the firmware guide's flag list is the Makefile's.  One PASS/FAIL line a test, then "N passed, M failed".
#
# Run from the repository top (make check, through harness/run-tests.sh);
# MAKE may name the make to use.
set -u

MAKE=${MAKE:-make}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { echo "PASS $1"; pass=$((pass + 1)); }
ko() { echo "FAIL $1"; fail=$((fail + 1)); }
# check NAME CMD...: one test, its output shown when it fails
check() {
	local name=$1
	shift
	if "$@" >"$tmp/out" 2>&1; then
		ok "$name"
	else
		cat "$tmp/out"
		ko "$name"
	fi
}

. harness/pubhdr/stage.sh

check "public headers are current (harness/pubhdr/gen-public.py --check)" \
	python3 harness/pubhdr/gen-public.py --check

if ! stage_install "$tmp/install.log"; then
	cat "$tmp/install.log"
	ko "make install DESTDIR=... PREFIX=$prefix"
	echo "$pass passed, $fail failed"
	exit 1
fi
ok "make install DESTDIR=... PREFIX=$prefix"

installed_files() {
	local f
	for f in include/vclk/clk.h include/vclk/clk-provider.h \
		include/vclk/regmodel.h include/vclk/version.h \
		include/vclk/config.h lib/libvclk.a bin/vclk \
		share/man/man1/vclk.1 lib/pkgconfig/vclk.pc; do
		[ -f "$inst/$f" ] || { echo "missing: $prefix/$f"; return 1; }
	done
	[ -x "$inst/bin/vclk" ] || { echo "not executable: $prefix/bin/vclk"; return 1; }
}
check "install lays out headers, library, tool, man page and vclk.pc" installed_files

# each header alone, first in a translation unit, as C and as C++
header_alone() {
	local lang=$1 h rc=0
	for h in clk.h clk-provider.h regmodel.h version.h config.h; do
		printf '#include <vclk/%s>\nint vclk_check_%s;\n' "$h" "$lang" >"$tmp/one.$lang"
		if [ "$lang" = c ]; then
			cc -std=c11 -pedantic -Wall -Wextra -Werror -I"$inst/include" \
				-fsyntax-only "$tmp/one.c" || { echo "as C: <vclk/$h>"; rc=1; }
		else
			g++ -std=c++11 -pedantic -Wall -Wextra -Werror -I"$inst/include" \
				-fsyntax-only -x c++ "$tmp/one.$lang" || { echo "as C++: <vclk/$h>"; rc=1; }
		fi
	done
	return $rc
}
check "each public header compiles alone as C11 (-pedantic -Werror)" header_alone c
check "each public header compiles alone as C++11 (-pedantic -Werror)" header_alone cpp

# no contract, ghost or pool array reaches a user
no_proof_text() {
	if grep -nE '/\*@|//@|\\(result|old|valid|forall)|\bghost\b' "$inst"/include/vclk/*.h; then
		echo "ACSL in the public headers"
		return 1
	fi
	if grep -nE '^extern [^(]*\[' "$inst"/include/vclk/*.h; then
		echo "a pool array in the public headers"
		return 1
	fi
}
check "public headers carry no ACSL and no pool array" no_proof_text

# exported_extras LIB: the global symbols LIB defines beyond the list
exported_extras() {
	nm -g --defined-only "$1" | awk 'NF == 3 { print $3 }' | sort -u >"$tmp/exported"
	comm -23 "$tmp/exported" harness/pubhdr/public-symbols.txt
}
exports_exactly_api() {
	local extra missing
	extra=$(exported_extras "$inst/lib/libvclk.a")
	missing=$(comm -13 "$tmp/exported" harness/pubhdr/public-symbols.txt)
	[ -z "$extra" ] || { echo "exported beyond the public API:"; echo "$extra"; }
	[ -z "$missing" ] || { echo "public API not exported:"; echo "$missing"; }
	[ -z "$extra" ] && [ -z "$missing" ]
}
check "libvclk.a exports exactly the public API (public-symbols.txt)" exports_exactly_api

# the check above can fail: the library's objects linked without the
# symbol filter export the core's internals
unfiltered_caught() {
	ld -r -o "$tmp/unfiltered.o" build/obj/core/*.o &&
		exported_extras "$tmp/unfiltered.o" | grep -qx 'clk_core_reparent'
}
check "the export check catches an unfiltered library (clk_core_reparent)" unfiltered_caught

# a program may define the core's internal names for itself
own_names() {
	cat >"$tmp/own.c" <<'PROG'
#include <stddef.h>
#include <vclk/clk.h>
int clk_core_reparent = 1;	/* the core's own, made local */
unsigned long vclk_rate[4];		/* a pool's name */
int main(void) { return clk_get(NULL, "none") != NULL || !clk_core_reparent || vclk_rate[0]; }
PROG
	cc -std=c11 -Wall -Werror "$tmp/own.c" $(pkg-config --cflags --libs vclk) -o "$tmp/own" &&
		"$tmp/own"
}
check "a program defining the core's internal names links and runs" own_names

pkgconfig_version() {
	local want got
	want=$(printf '#include <vclk/version.h>\nVCLK_VERSION_STRING\n' |
		cc -E -P -I"$inst/include" - | tr -d '" ' | tail -n 1)
	got=$(pkg-config --modversion vclk) || return 1
	[ "$got" = "$want" ] || { echo "vclk.pc: $got, version.h: $want"; return 1; }
	"$inst/bin/vclk" --version | grep -qx "vclk $want" ||
		{ echo "vclk --version does not say $want"; return 1; }
}
check "pkg-config, version.h and vclk --version agree" pkgconfig_version

man_renders() {
	groff -man -Tutf8 -ww -z "$inst/share/man/man1/vclk.1" 2>&1 | tee "$tmp/groff.log"
	[ ! -s "$tmp/groff.log" ]
}
check "the installed man page renders without warnings" man_renders

# the README's quick start, as written
quick_start() {
	sed -n '/<!-- quickstart:begin -->/,/<!-- quickstart:end -->/p' README.md |
		sed '1,2d;$d' | sed '$d' >"$tmp/quickstart.c"
	[ -s "$tmp/quickstart.c" ] || { echo "README.md: no quick start between the markers"; return 1; }
	cc -std=c11 -Wall -Wextra -Werror "$tmp/quickstart.c" \
		$(pkg-config --cflags --libs vclk) -o "$tmp/quickstart" &&
		"$tmp/quickstart" >"$tmp/qs.out" &&
		grep -qx 'uart runs at 100000000 Hz' "$tmp/qs.out" ||
		{ cat "$tmp/qs.out"; return 1; }
}
check "README quick start compiles with pkg-config and runs" quick_start

# the firmware guide lists the flags the firmware is built with: each
# flag of the Makefile's FW_CFLAGS must be there, or a firmware team
# copying the list builds something else than what is measured and tested
firmware_flags_documented() {
	local flags f rc=0
	flags=$($MAKE -s --no-print-directory print-FW_CFLAGS) || return 1
	[ -n "$flags" ] || { echo "make did not name FW_CFLAGS"; return 1; }
	for f in $flags; do
		case $f in -D*) continue ;; esac
		grep -qwF -- "$f" docs/firmware.md || { echo "docs/firmware.md lacks $f"; rc=1; }
	done
	return $rc
}
check "docs/firmware.md lists every firmware compiler flag" firmware_flags_documented

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
