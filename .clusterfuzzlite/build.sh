#!/bin/bash -eu
# SPDX-License-Identifier: MIT
#
# .clusterfuzzlite/build.sh - build vclk's fuzz target the OSS-Fuzz way:
# compile with $CC $CFLAGS (the engine's sanitizers and coverage flags),
# link with $LIB_FUZZING_ENGINE, and leave in $OUT the target, its seed
# corpus (vclk_fuzz_seed_corpus.zip: corpus/fuzz and corpus/regressions),
# dictionary and options.  Runs from the checkout ($SRC/vclk) or, outside
# the image, from any directory with SRC, OUT and WORK set.
cd "${SRC:-$(dirname "$0")/..}/vclk" 2>/dev/null || cd "$(dirname "$0")/.."
: "${WORK:=$(mktemp -d)}"

inc="-Icore -Iplatform -Iplatform/omap4 -Iharness/tests -Iharness/regmodel -Iharness/tool"
srcs="$(ls core/*.c platform/*.c platform/omap4/*.c platform/lock/pthread.c | grep -v reg_mmio.c)
harness/regmodel/regmodel.c harness/tool/tree.c harness/tool/clkparse.c
harness/fuzz/model.c harness/fuzz/decode.c harness/fuzz/snapshot.c
harness/fuzz/driver.c harness/fuzz/fuzz_target.c"
objs=()
for s in $srcs; do
	o="$WORK/$(echo "$s" | tr / _).o"
	# shellcheck disable=SC2086
	$CC $CFLAGS -std=c11 -Wall -Wextra -Wno-unused-label $inc -c "$s" -o "$o"
	objs+=("$o")
done
# shellcheck disable=SC2086
${CXX:-$CC} ${CXXFLAGS:-$CFLAGS} $LIB_FUZZING_ENGINE "${objs[@]}" -o "$OUT/vclk_fuzz"

rm -f "$OUT/vclk_fuzz_seed_corpus.zip"
find corpus/fuzz corpus/regressions -type f ! -name '*.md' -print |
	zip -q -j -@ "$OUT/vclk_fuzz_seed_corpus.zip"
cp harness/fuzz/vclk_fuzz.dict "$OUT/vclk_fuzz.dict"
cat >"$OUT/vclk_fuzz.options" <<'OPTIONS'
[libfuzzer]
dict = vclk_fuzz.dict
max_len = 2048
OPTIONS
