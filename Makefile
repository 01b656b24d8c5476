# SPDX-License-Identifier: MIT
#
# vclk - top-level Makefile
#
#   make / make all   build/libvclk.a, the host library: core/*.c, the
#                     clock types of platform/*.c, the register model
#                     (harness/regmodel/, the host's register back-end) and
#                     pthread locks, exporting only the public API
#                     (include/vclk/, harness/pubhdr/public-symbols.txt);
#                     and build/vclk, the command-line tool (harness/tool/)
#   make install      the headers under $(PREFIX)/include/vclk/, libvclk.a,
#                     the tool, its man page and vclk.pc (pkg-config), into
#                     $(DESTDIR)$(PREFIX) (PREFIX default /usr/local)
#   make lib-cortex-m build/cortex-m/: libvclk.a (core and clock types) and
#                     the firmware back-ends as archives of their own,
#                     libvclk-mmio.a, libvclk-lock-irq.a, libvclk-lock-none.a,
#                     with the firmware's flags (arm-none-eabi-gcc)
#   make examples     build and run examples/ against a staged install
#                     (make check runs it)
#   make public-headers  regenerate include/vclk/{clk,clk-provider,regmodel}.h
#                     and the export list from the proof headers
#                     (harness/pubhdr/gen-public.py)
#   make check        unit tests, three times: plain, under ASan+UBSan, and
#                     against the E-ACSL build (make eacsl-check); the
#                     scenarios of corpus/scenarios/ through build/vclk and
#                     its ASan+UBSan twin; `vclk gen` output compiled and
#                     compared; the firmware self-test under qemu and its
#                     config check (harness/firmware/fw-tests.sh); the last
#                     line of output is "N passed, M failed"
#   make prove        bash proofs/prove.sh (Frama-C/WP)
#   make prove FUNCS="f g" [FUNCS_CALLERS=1]  only those functions (and
#                     their callers), replaying the WP cache: how to prove
#                     what you changed (proofs/prove.sh's header)
#   make prove-cold [FUNCS="f g"]  the proof without the WP cache, every goal
#                     to the provers, timed; a whole run is recorded in
#                     proofs/cold-run.json (committed; the report shows it),
#                     a FUNCS run apart, as partial (proofs/prove.sh --cold)
#   make prove-sample  after make prove: re-proves without the cache a random
#                     sample of the goals it answered, PROVE_SAMPLE_SECONDS
#                     (default 240) worth, seed PROVE_SAMPLE_SEED (default
#                     random, printed); fails on an answer that does not
#                     hold (proofs/sample.sh; CI runs it)
#   make report       make prove, then proofs/report.py: the auditors' report
#                     in proofs/report/ (index.html, report.md, report.json);
#                     fails when anything is unproved or untraced
#   make fuzz         libFuzzer on harness/fuzz/ (FUZZ_SECONDS, default 600;
#                     FUZZ_JOBS processes, default every core); fails on a crash
#   make fuzz-afl     the same target under AFL++ (afl-fuzz, persistent mode)
#   make fuzz-omap4   libFuzzer on the second target, the built-in OMAP4430
#                     tree (harness/fuzz/omap4_target.c; FUZZ_SECONDS, FUZZ_JOBS)
#   make fuzz-afl-omap4  the same target under AFL++
#   make coverage     gcov/lcov line and branch coverage of core/ and
#                     platform/ by the fuzz corpus replay: build/coverage/
#   make bench        harness/bench/bench.sh: what the calls cost (ns and
#                     callgrind instructions per call: OP-TEE's workloads
#                     over MMIO on a static array with each host lock,
#                     beside their targets; over the register model,
#                     set_rate by chain depth, clk_get with 64 and 1024
#                     clocks; fuzz executions per second, and the
#                     Cortex-M rows of make bench-firmware); a Markdown table
#                     on stdout and in build/bench/results.md.  Reports,
#                     never fails on a figure (make check runs --quick)
#   make mutants      ci/mutants.sh: plants bugs in a scratch copy of core/ and
#                     platform/ one at a time; who catches each
#   make proof-mutants  ci/proof-mutants.sh: plants the bugs of the table
#                     ci/proof-mutants.py (core/*.c and the proven platform
#                     files) one at a time in a scratch copy and re-proves
#                     only the functions each touches (WP, x86_64, a copy of
#                     the WP cache): which the proofs alone kill; the score in
#                     proofs/out/proof-mutants.{txt,md}.  PM_IDS="id ..." for
#                     some, PM_JOBS side by side (default 1).  Hours; not in CI
#   make eacsl-check  harness/eacsl/eacsl-check.sh: the unit tests against
#                     the core with its ACSL contracts turned into run-time
#                     checks by E-ACSL (Frama-C), plus two calls that break
#                     a precondition and must be stopped; build/eacsl/
#                     annotations.txt counts what E-ACSL checks and what
#                     it leaves out (skipped.tsv: each one, and why).  Also
#                     part of make check
#   make firmware     build/fw/selftest.elf: the core, platform/ (MMIO
#                     back-end, platform/cortex-m/ startup), the clock types
#                     and `vclk gen corpus/trees/fw-demo.clk`, freestanding
#                     for Cortex-M3 (arm-none-eabi-gcc -Os), with the
#                     self-test harness/firmware/selftest.c; checks that its
#                     VCLK_* values are the proof's, prints the size table
#                     and fails when the core's text exceeds
#                     FW_CORE_TEXT_BUDGET (6144 bytes) or that of the core
#                     API extensions (issue 10) FW_EXT_TEXT_BUDGET (2048)
#                     or that of the locking layer (core/locked.c)
#                     FW_LOCK_TEXT_BUDGET (2560)
#   make firmware-test  runs build/fw/selftest.elf under qemu-system-arm
#                     (lm3s6965evb, semihosting, under timeout); its exit
#                     status is the self-test's
#   make bench-firmware  what clk_enable + clk_disable of the leaf of a
#                     chain of 1 and 8 gates cost on Cortex-M3: build/fw/
#                     bench.elf (harness/firmware/bench.c) under qemu with
#                     -icount shift=0, instructions per call (make bench
#                     puts them in its table; docs/benchmarks.md)
#   make stress       harness/stress/: THREADS threads (default 8) hammering
#                     the API on one tree for OPS calls each (default
#                     500000), under ThreadSanitizer; fails on a race, a
#                     lost reference or a stale rate (make check runs a
#                     short one, and shows it fails without the locks)
#   make locked       regenerate core/vclk.h and core/locked.c (the locked
#                     API) from core/vclk_nolock.h (harness/lock/gen-locked.py)
#   make clean        remove build/
#
# Every target first runs ci/ensure-tools.sh for its tool group, which
# installs missing tools on a fresh Debian 12 machine (as root).
#
# Variables: CC, SAN_CC (compiler of the sanitizer build, default $(CC)),
# VCLK_DEFS (-D overrides of core/vclk_config.h, passed to every build),
# V=1 (show full compiler command lines).

CC        ?= cc
SAN_CC    ?= $(CC)
AR        ?= ar
VCLK_DEFS ?=

BUILD     := build
LIB       := $(BUILD)/libvclk.a
TOOL      := $(BUILD)/vclk

# -Wno-unused-label: the core's C labels (Bump:, Drop:, Before:, ...) are
# program points that only its ACSL annotations (\at(e, Label)) refer to.
STD_WARN  := -std=c11 -Wall -Wextra -Werror -Wno-unused-label
CFLAGS_LIB  := $(STD_WARN) -O2 -Icore -Iplatform -Iplatform/omap4 $(VCLK_DEFS)
HOST_INC    := -Icore -Iplatform -Iplatform/omap4 -Iharness/tests -Iharness/regmodel -Iharness/tool
# host builds check at run time that every provider op runs under the
# locks core/vclk.h promises (platform/dispatch.c)
LOCK_CHECK  := -DVCLK_LOCK_CHECK
CFLAGS_TEST := $(STD_WARN) -O2 -g $(HOST_INC) $(VCLK_DEFS) $(LOCK_CHECK)
SANFLAGS    := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
               -fno-omit-frame-pointer
CFLAGS_ASAN := $(STD_WARN) -O1 -g $(HOST_INC) $(VCLK_DEFS) $(LOCK_CHECK) $(SANFLAGS)

# the host's lock back-end (core/vclk_lock.h): recursive pthread mutexes;
# platform/lock/none.c serves single-threaded builds, the firmware has
# platform/cortex-m/lock_irq.c
HOST_LOCK := platform/lock/pthread.c
LIB_SRCS  := $(sort $(wildcard core/*.c) $(wildcard platform/*.c) \
                    $(wildcard platform/omap4/*.c)) $(HOST_LOCK)
# The host test binary gets the register model (harness/regmodel/) as its
# back-end of platform/vclk_reg.h instead of platform/reg_mmio.c: both
# define vclk_readl()/vclk_writel(), and reg_mmio.c would dereference bus
# addresses as host pointers.  Every other platform file is shared,
# among them the six basic clock types (platform/clk_basic*.c).
HOST_LIB_SRCS := $(filter-out platform/reg_mmio.c,$(LIB_SRCS))
# harness/tool/: only the parser for now; the tool's main() stays out of
# the test binary, which has its own
TEST_SRCS := $(sort $(wildcard harness/tests/*.c) \
                    $(wildcard harness/regmodel/*.c) \
                    $(wildcard harness/tool/clkparse.c))

# the tool: every harness/tool/ file (its own main()) over the register model,
# and the SoC trees of platform/*/ built in (vclk --platform NAME)
PLATFORM_TREES := $(sort $(wildcard platform/*/*.clk))
PLATFORM_EMBED := $(BUILD)/embed/platform_trees.c
TOOL_SRCS := $(sort $(wildcard harness/tool/*.c) $(wildcard harness/regmodel/*.c)) \
             $(PLATFORM_EMBED)

# the fuzz harness (harness/fuzz/): the target over the library, the
# register model and the tool's tree loader; the decoder is the model alone
FUZZ_CORE_SRCS := $(HOST_LIB_SRCS) harness/regmodel/regmodel.c \
                  harness/tool/tree.c harness/tool/clkparse.c \
                  harness/fuzz/model.c harness/fuzz/decode.c \
                  harness/fuzz/snapshot.c harness/fuzz/driver.c \
                  harness/fuzz/fuzz_target.c
FUZZ_REPLAY_SRCS := $(FUZZ_CORE_SRCS) harness/fuzz/replay_main.c
FUZZ_DECODE_SRCS := harness/fuzz/model.c harness/fuzz/decode.c \
                    harness/fuzz/decode_main.c
# the OMAP4 target (harness/fuzz/omap4_target.c): the library, the register
# model, the tool's tree loader and its built-in platform trees
OMAP4_FUZZ_SRCS := $(HOST_LIB_SRCS) harness/regmodel/regmodel.c \
                   harness/tool/tree.c harness/tool/clkparse.c \
                   $(PLATFORM_EMBED) harness/fuzz/snapshot.c \
                   harness/fuzz/omap4_target.c
OMAP4_REPLAY_SRCS := $(OMAP4_FUZZ_SRCS) harness/fuzz/replay_main.c

# the installed host library: the core, the basic clock types, the
# register model as its register back-end (a host program has no bus:
# MMIO would dereference 32-bit bus addresses as host pointers) and the
# pthread locks.  The OMAP4 types stay out until they have a public
# header; the tool and the tests link them from their objects.
LIBVCLK_SRCS    := $(filter-out platform/omap4/%,$(HOST_LIB_SRCS)) \
                   harness/regmodel/regmodel.c
LIB_OBJS        := $(LIBVCLK_SRCS:%.c=$(BUILD)/obj/%.o)
TEST_PLAIN_OBJS := $(HOST_LIB_SRCS:%.c=$(BUILD)/test-plain/%.o) \
                   $(TEST_SRCS:%.c=$(BUILD)/test-plain/%.o)
TEST_ASAN_OBJS  := $(HOST_LIB_SRCS:%.c=$(BUILD)/test-asan/%.o) \
                   $(TEST_SRCS:%.c=$(BUILD)/test-asan/%.o)
TOOL_PLAIN_OBJS := $(HOST_LIB_SRCS:%.c=$(BUILD)/test-plain/%.o) \
                   $(TOOL_SRCS:%.c=$(BUILD)/test-plain/%.o)
TOOL_ASAN_OBJS  := $(HOST_LIB_SRCS:%.c=$(BUILD)/test-asan/%.o) \
                   $(TOOL_SRCS:%.c=$(BUILD)/test-asan/%.o)
# `vclk gen` checks: a generated tree, the driver harness/gencheck/gen_main.c,
# the core and the register model, without the tool
GENCHECK_OBJS   := $(patsubst %.c,$(BUILD)/test-plain/%.o,\
                     $(filter-out $(HOST_LOCK),$(HOST_LIB_SRCS)) platform/lock/none.c) \
                   $(BUILD)/test-plain/harness/regmodel/regmodel.o

ifeq ($(V),1)
Q :=
say = @true
else
Q := @
say = @printf '  %-6s %s\n' $(1) $(2)
endif

.PHONY: all check prove prove-cold prove-sample report clean fuzz fuzz-afl coverage mutants proof-mutants bench \
        firmware firmware-test bench-firmware fw-config-check eacsl-check fuzz-omap4 fuzz-afl-omap4 \
        stress locked install lib-cortex-m examples public-headers FORCE
.DEFAULT_GOAL := all

all:
	@bash ci/ensure-tools.sh build
	$(Q)$(MAKE) --no-print-directory $(LIB) $(TOOL)

check:
	@bash ci/ensure-tools.sh check firmware eacsl
	@MAKE="$(MAKE)" VCLK_DEFS="$(VCLK_DEFS)" bash harness/run-tests.sh

# FUNCS="f g": prove only those functions, FUNCS_CALLERS=1 their callers
# too (proofs/prove.sh); unset, every function of every unit
prove:
	@bash ci/ensure-tools.sh prove
	FUNCS="$(FUNCS)" FUNCS_CALLERS="$(FUNCS_CALLERS)" bash proofs/prove.sh

# the same without the WP cache (hours for the whole proof; FUNCS to try it)
prove-cold:
	@bash ci/ensure-tools.sh prove
	FUNCS="$(FUNCS)" FUNCS_CALLERS="$(FUNCS_CALLERS)" bash proofs/prove.sh --cold

# reads the last make prove's output (PROVE_SAMPLE_FROM=proofs/out/funcs:
# a FUNCS run's)
prove-sample:
	@bash ci/ensure-tools.sh prove
	PROVE_SAMPLE_SEED="$(PROVE_SAMPLE_SEED)" PROVE_SAMPLE_SECONDS="$(PROVE_SAMPLE_SECONDS)" \
		PROVE_SAMPLE_FROM="$(PROVE_SAMPLE_FROM)" bash proofs/sample.sh

# the report is written whether or not everything is proved: it says what
# is not, and its exit status fails the target
report:
	@bash ci/ensure-tools.sh prove report
	@FUNCS= FUNCS_CALLERS= bash proofs/prove.sh || echo "make report: prove.sh failed; reporting what it left" >&2
	python3 proofs/report.py

bench:
	@bash ci/ensure-tools.sh bench
	@CC="$(CC)" VCLK_DEFS="$(VCLK_DEFS)" bash harness/bench/bench.sh

# the locked API is generated from the lock-free one (both committed)
locked:
	python3 harness/lock/gen-locked.py

# ---- the lock stress test (harness/stress/) ----

STRESS := $(BUILD)/stress
STRESS_SRCS := $(filter-out $(HOST_LOCK),$(HOST_LIB_SRCS)) harness/regmodel/regmodel.c \
               harness/tool/tree.c harness/tool/clkparse.c harness/stress/stress.c
STRESS_DEPS := $(STRESS_SRCS) $(wildcard core/*.h spec/*.h platform/*.h platform/omap4/*.h \
               harness/tool/*.h harness/regmodel/*.h)
CFLAGS_TSAN := $(STD_WARN) -O1 -g $(HOST_INC) $(VCLK_DEFS) $(LOCK_CHECK) -fsanitize=thread
STRESS_THREADS ?= 8
STRESS_OPS ?= 500000

# with the host's lock back-end, and (to show the test can fail) without
$(STRESS)/vclk-stress: $(STRESS_DEPS) $(HOST_LOCK)
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_TSAN) $(STRESS_SRCS) $(HOST_LOCK) -o $@

$(STRESS)/vclk-stress-nolock: $(STRESS_DEPS) platform/lock/none.c
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_TSAN) $(STRESS_SRCS) platform/lock/none.c -o $@

stress:
	@bash ci/ensure-tools.sh check
	$(Q)$(MAKE) --no-print-directory $(STRESS)/vclk-stress
	$(STRESS)/vclk-stress -t $(STRESS_THREADS) -n $(STRESS_OPS)

# E-ACSL: harness/eacsl/ (VCLK_DEFS and CC as for the other builds)
eacsl-check:
	@bash ci/ensure-tools.sh build eacsl
	@CC="$(CC)" VCLK_DEFS="$(VCLK_DEFS)" bash harness/eacsl/eacsl-check.sh

clean:
	@bash ci/ensure-tools.sh clean
	rm -rf $(BUILD)

# ---- the library ----
#
# One relocatable object of every library object (ld -r), with every
# global symbol but the public API's made local (objcopy): a program
# linking libvclk.a sees the calls of include/vclk/ and nothing else, so
# the core's internal names (clk_core_*, the *_nolock bodies, the pools)
# cannot clash with its own.  The same recipe makes the Cortex-M archive.

PUBLIC_SYMS := harness/pubhdr/public-symbols.txt
LD      ?= ld
OBJCOPY ?= objcopy

$(LIB): $(BUILD)/libvclk.o
	$(call say,AR,$@)
	$(Q)rm -f $@
	$(Q)$(AR) rcs $@ $^

$(BUILD)/libvclk.o: $(LIB_OBJS) $(PUBLIC_SYMS)
	$(call say,LD,$@)
	$(Q)$(LD) -r -o $@.all $(LIB_OBJS)
	$(Q)$(OBJCOPY) --keep-global-symbols=$(PUBLIC_SYMS) $@.all $@
	@rm -f $@.all

$(BUILD)/obj/%.o: %.c
	$(call say,CC,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_LIB) -MMD -MP -c $< -o $@

# ---- public headers, install, pkg-config ----

PREFIX  ?= /usr/local
DESTDIR ?=
PUBLIC_HDRS := include/vclk/clk.h include/vclk/clk-provider.h \
               include/vclk/regmodel.h include/vclk/version.h
# the pool sizes the library was built with, as its users must see them
PUBLIC_CONFIG := $(BUILD)/include/vclk/config.h
VCLK_VERSION := $(shell sed -n 's/^\#define VCLK_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$$/\2/p' include/vclk/version.h | paste -sd. -)

public-headers:
	python3 harness/pubhdr/gen-public.py

# make -s print-VAR: a variable's value, for the test scripts that need a
# build's file list or flags (GENCHECK_OBJS, FW_CFLAGS) as make has them
print-%:
	@echo $($*)

$(PUBLIC_CONFIG): core/vclk_config.h harness/pubhdr/gen-config.sh FORCE
	@mkdir -p $(@D)
	$(Q)bash harness/pubhdr/gen-config.sh $(CC) $(VCLK_DEFS) >$@.tmp
	@cmp -s $@.tmp $@ 2>/dev/null && rm -f $@.tmp || mv $@.tmp $@

$(BUILD)/vclk.pc: harness/pubhdr/vclk.pc.in include/vclk/version.h FORCE
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VCLK_VERSION)|' $< >$@.tmp
	@cmp -s $@.tmp $@ 2>/dev/null && rm -f $@.tmp || mv $@.tmp $@

install:
	@bash ci/ensure-tools.sh build
	$(Q)$(MAKE) --no-print-directory $(LIB) $(TOOL) $(PUBLIC_CONFIG) $(BUILD)/vclk.pc
	install -d $(DESTDIR)$(PREFIX)/include/vclk $(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(PUBLIC_HDRS) $(PUBLIC_CONFIG) $(DESTDIR)$(PREFIX)/include/vclk/
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(TOOL) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 docs/vclk.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 $(BUILD)/vclk.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/

# the examples, each built against a staged install through pkg-config
# and run (harness/pubhdr/examples.sh; make check runs it); pkg-config
# comes with the check tools
examples:
	@bash ci/ensure-tools.sh check firmware
	@MAKE="$(MAKE)" bash harness/pubhdr/examples.sh

# ---- the vclk tool ----

$(PLATFORM_EMBED): $(PLATFORM_TREES) harness/tool/embed-trees.sh
	$(call say,EMBED,$@)
	@mkdir -p $(@D)
	$(Q)bash harness/tool/embed-trees.sh $(PLATFORM_TREES) >$@.tmp && mv $@.tmp $@

$(TOOL): $(TOOL_PLAIN_OBJS)
	$(call say,LD,$@)
	$(Q)$(CC) $(CFLAGS_TEST) $^ -o $@

$(BUILD)/test-asan/vclk: $(TOOL_ASAN_OBJS)
	$(call say,LD,$@)
	$(Q)$(SAN_CC) $(CFLAGS_ASAN) $^ -o $@

# a tree of corpus/trees/ through `vclk gen`, linked with the driver that
# prints its clocks as a script for `vclk run` (harness/scenarios.sh); the
# generated functions are named after the file: seed-abc -> seed_abc_*
$(BUILD)/gen/%.c: corpus/trees/%.clk $(TOOL)
	$(call say,GEN,$@)
	@mkdir -p $(@D)
	$(Q)$(TOOL) gen --internal $< >$@.tmp && mv $@.tmp $@

$(BUILD)/gen/%.c: platform/omap4/%.clk $(TOOL)
	$(call say,GEN,$@)
	@mkdir -p $(@D)
	$(Q)$(TOOL) gen --internal $< >$@.tmp && mv $@.tmp $@

.PRECIOUS: $(BUILD)/gen/%.c
# platform/lock/none.o is built only for these links, as an intermediate
# of the pattern rule below, which make would delete after the run: the
# scenarios' gen-header checks link GENCHECK_OBJS again afterwards
.SECONDARY: $(GENCHECK_OBJS)
$(BUILD)/gen/%: $(BUILD)/gen/%.c harness/gencheck/gen_main.c $(GENCHECK_OBJS)
	$(call say,LD,$@)
	$(Q)$(CC) $(CFLAGS_TEST) -DGEN_PREFIX=$(subst -,_,$*) $^ -o $@

# ---- unit tests (built by harness/run-tests.sh) ----

$(BUILD)/test-plain/vclk_tests: $(TEST_PLAIN_OBJS)
	$(call say,LD,$@)
	$(Q)$(CC) $(CFLAGS_TEST) $^ -o $@

$(BUILD)/test-plain/%.o: %.c
	$(call say,CC,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_TEST) -MMD -MP -c $< -o $@

$(BUILD)/test-asan/vclk_tests: $(TEST_ASAN_OBJS)
	$(call say,LD,$@)
	$(Q)$(SAN_CC) $(CFLAGS_ASAN) $^ -o $@

$(BUILD)/test-asan/%.o: %.c
	$(call say,CC,$@)
	@mkdir -p $(@D)
	$(Q)$(SAN_CC) $(CFLAGS_ASAN) -MMD -MP -c $< -o $@

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- the fuzz harness (built by harness/run-tests.sh and the fuzz targets) ----

FUZZ := $(BUILD)/fuzz

# replays inputs under ASan+UBSan without a fuzzer (make check)
$(FUZZ)/vclk-fuzz-replay: $(FUZZ_REPLAY_SRCS:%.c=$(BUILD)/test-asan/%.o)
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(SAN_CC) $(CFLAGS_ASAN) $^ -o $@

# prints an input as a .clk tree and a vclk run script (model only)
$(FUZZ)/vclk-fuzz-decode: $(FUZZ_DECODE_SRCS:%.c=$(BUILD)/test-plain/%.o)
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_TEST) $^ -o $@

# libFuzzer (clang), sanitizers on: the library with coverage feedback, the
# harness (register model, tree loader, decoder, model, driver) without:
# its loops over every clock, handle and register cost most of the time
# when instrumented, and its branches are no coverage of the library
FUZZ_CLANG  ?= clang-14
FUZZ_CFLAGS := $(STD_WARN) -g -O1 $(HOST_INC) $(VCLK_DEFS) $(LOCK_CHECK) \
               -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_NOINST := $(filter-out $(HOST_LIB_SRCS),$(FUZZ_CORE_SRCS))
$(FUZZ)/vclk_fuzz: $(HOST_LIB_SRCS) $(FUZZ_NOINST:%.c=$(FUZZ)/noinst/%.o) $(wildcard core/*.h platform/*.h)
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(FUZZ_CLANG) $(FUZZ_CFLAGS) $(HOST_LIB_SRCS) \
		$(FUZZ_NOINST:%.c=$(FUZZ)/noinst/%.o) -o $@

# the replayer with the reference model's put switch flipped to the old
# defect (clk_put of a notified handle succeeded): make check expects it to
# fail corpus/fuzz/abc-put-notified (the checker catches a library that
# leaves the model); only model.o differs
$(FUZZ)/vclk-fuzz-replay-flipped: $(filter-out $(BUILD)/test-asan/harness/fuzz/model.o,$(FUZZ_REPLAY_SRCS:%.c=$(BUILD)/test-asan/%.o)) harness/fuzz/model.c harness/fuzz/fz.h
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(SAN_CC) $(CFLAGS_ASAN) -DMODEL_PUT_BUSY_WHILE_NOTIFIED=0 \
		$(filter %.o,$^) harness/fuzz/model.c -o $@

# ---- the OMAP4 target (harness/fuzz/omap4_target.c) ----

# its replayer under ASan+UBSan (make check, harness/fuzz/omap4-check.sh)
$(FUZZ)/vclk-fuzz-omap4-replay: $(OMAP4_REPLAY_SRCS:%.c=$(BUILD)/test-asan/%.o)
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(SAN_CC) $(CFLAGS_ASAN) $^ -o $@

# the replayer with a planted defect N (OMAP4_FUZZ_MUTANT, see the target's
# header): make check expects each to fail a seed (the oracles can fail)
OMAP4_MUTANT_OBJS := $(filter-out $(BUILD)/test-asan/harness/fuzz/omap4_target.o,$(OMAP4_REPLAY_SRCS:%.c=$(BUILD)/test-asan/%.o))
$(FUZZ)/vclk-fuzz-omap4-replay-m%: $(OMAP4_MUTANT_OBJS) harness/fuzz/omap4_target.c
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(SAN_CC) $(CFLAGS_ASAN) -DOMAP4_FUZZ_MUTANT=$* \
		$(filter %.o,$^) harness/fuzz/omap4_target.c -o $@

# a genuine library defect, planted in a scratch copy of
# platform/omap4/dpll.c: a failed DPLL set_rate does not put the CLKSEL and
# CLKMODE it read back (its rollback call is gone); the rollback oracle must
# catch it.  Fails to build if the line to remove is no longer there.
$(FUZZ)/mutant-dpll/dpll.c: platform/omap4/dpll.c
	@mkdir -p $(@D)
	$(Q)grep -q '^	put_setting(cfg, old_sel, old_mode);$$' $< || \
		{ echo "$<: the rollback line to plant the defect in is gone" >&2; exit 1; }
	$(Q)sed 's/^	put_setting(cfg, old_sel, old_mode);$$/	(void)old_sel; (void)old_mode;/' $< >$@
$(FUZZ)/vclk-fuzz-omap4-replay-dpll-norollback: $(filter-out $(BUILD)/test-asan/platform/omap4/dpll.o,$(OMAP4_REPLAY_SRCS:%.c=$(BUILD)/test-asan/%.o)) $(FUZZ)/mutant-dpll/dpll.c
	$(call say,LD,$@)
	$(Q)$(SAN_CC) $(CFLAGS_ASAN) -Wno-unused-function -Iplatform/omap4 $(filter %.o,$^) \
		$(FUZZ)/mutant-dpll/dpll.c -o $@

# libFuzzer build: the library with coverage feedback, the harness (register
# model, tree loader, the target and its oracles) without, as vclk_fuzz
OMAP4_FUZZ_NOINST := $(filter-out $(HOST_LIB_SRCS),$(OMAP4_FUZZ_SRCS))
FUZZ_NOINST_CFLAGS := $(STD_WARN) -g -O1 $(HOST_INC) -Ibuild/embed $(VCLK_DEFS) \
               -fsanitize=address,undefined -fno-sanitize-recover=undefined
$(FUZZ)/noinst/%.o: %.c
	$(call say,CC,$@)
	@mkdir -p $(@D)
	$(Q)$(FUZZ_CLANG) $(FUZZ_NOINST_CFLAGS) -MMD -MP -c $< -o $@
$(FUZZ)/vclk_fuzz_omap4: $(HOST_LIB_SRCS) $(OMAP4_FUZZ_NOINST:%.c=$(FUZZ)/noinst/%.o) $(wildcard core/*.h platform/*.h platform/omap4/*.h)
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(FUZZ_CLANG) $(FUZZ_CFLAGS) $(HOST_LIB_SRCS) \
		$(OMAP4_FUZZ_NOINST:%.c=$(FUZZ)/noinst/%.o) -o $@

# AFL++ build of the same target (persistent mode through libAFLDriver.a)
$(FUZZ)/vclk_fuzz_omap4_afl: $(OMAP4_FUZZ_SRCS) $(wildcard harness/fuzz/*.h core/*.h platform/*.h platform/omap4/*.h harness/tool/*.h harness/regmodel/*.h)
	$(call say,AFL,$@)
	@mkdir -p $(@D)
	$(Q)AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1 $(AFL_CC) $(STD_WARN) -g -O1 \
		$(HOST_INC) $(VCLK_DEFS) $(OMAP4_FUZZ_SRCS) /usr/lib/afl/libAFLDriver.a -o $@

# ---- fuzzing runs ----

FUZZ_SECONDS ?= 600
FUZZ_JOBS    ?= $(shell nproc 2>/dev/null || echo 1)
FUZZ_MAX_LEN ?= 2048
FUZZ_DICT    := harness/fuzz/vclk_fuzz.dict

# the working corpus grows in build/fuzz/corpus from the seeds and the
# regressions; crashes land in build/fuzz/artifacts/
fuzz:
	@bash ci/ensure-tools.sh fuzz
	$(Q)$(MAKE) --no-print-directory $(FUZZ)/vclk_fuzz
	@mkdir -p $(FUZZ)/corpus $(FUZZ)/artifacts
	@cp -n corpus/fuzz/* $(FUZZ)/corpus/ 2>/dev/null || true
	@find corpus/regressions -type f ! -name '*.md' -exec cp -n {} $(FUZZ)/corpus/ \;
	$(FUZZ)/vclk_fuzz -fork=$(FUZZ_JOBS) -ignore_crashes=0 \
		-max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) \
		-dict=$(FUZZ_DICT) -print_final_stats=1 \
		-artifact_prefix=$(FUZZ)/artifacts/ $(FUZZ)/corpus
	@bash harness/fuzz/crashes.sh $(FUZZ)/artifacts

# the OMAP4 target: its own working corpus (build/fuzz/omap4-corpus, from
# corpus/fuzz-omap4/) and artifacts (build/fuzz/omap4-artifacts/)
fuzz-omap4:
	@bash ci/ensure-tools.sh fuzz
	$(Q)$(MAKE) --no-print-directory $(FUZZ)/vclk_fuzz_omap4
	@mkdir -p $(FUZZ)/omap4-corpus $(FUZZ)/omap4-artifacts
	@cp -n corpus/fuzz-omap4/* $(FUZZ)/omap4-corpus/ 2>/dev/null || true
	@rm -f $(FUZZ)/omap4-corpus/README.md
	$(FUZZ)/vclk_fuzz_omap4 -fork=$(FUZZ_JOBS) -ignore_crashes=0 \
		-max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) \
		-dict=harness/fuzz/vclk_fuzz_omap4.dict -print_final_stats=1 \
		-artifact_prefix=$(FUZZ)/omap4-artifacts/ $(FUZZ)/omap4-corpus

AFL_CC ?= afl-clang-fast
$(FUZZ)/vclk_fuzz_afl: $(FUZZ_CORE_SRCS) $(wildcard harness/fuzz/*.h core/*.h platform/*.h harness/tool/*.h harness/regmodel/*.h)
	$(call say,AFL,$@)
	@mkdir -p $(@D)
	$(Q)AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1 $(AFL_CC) $(STD_WARN) -g -O1 \
		$(HOST_INC) $(VCLK_DEFS) $(FUZZ_CORE_SRCS) /usr/lib/afl/libAFLDriver.a -o $@

# FUZZ_JOBS instances: one main (-M), the others secondaries (-S)
fuzz-afl:
	@bash ci/ensure-tools.sh afl
	$(Q)$(MAKE) --no-print-directory $(FUZZ)/vclk_fuzz_afl
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_DICT=$(FUZZ_DICT) \
		bash harness/fuzz/afl.sh $(FUZZ)/vclk_fuzz_afl $(FUZZ)/afl

# the OMAP4 target under AFL++ (its seeds and dictionary)
fuzz-afl-omap4:
	@bash ci/ensure-tools.sh afl
	$(Q)$(MAKE) --no-print-directory $(FUZZ)/vclk_fuzz_omap4_afl
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) \
		FUZZ_DICT=harness/fuzz/vclk_fuzz_omap4.dict FUZZ_SEEDS=corpus/fuzz-omap4 \
		bash harness/fuzz/afl.sh $(FUZZ)/vclk_fuzz_omap4_afl $(FUZZ)/afl-omap4

# ---- coverage of the corpus replay ----

COV := $(BUILD)/cov
COV_CORPUS ?= corpus/fuzz corpus/regressions
CFLAGS_COV := $(STD_WARN) -O0 -g --coverage $(HOST_INC) $(VCLK_DEFS)
$(COV)/vclk-fuzz-replay: $(FUZZ_REPLAY_SRCS:%.c=$(COV)/%.o)
	$(call say,LD,$@)
	$(Q)$(CC) $(CFLAGS_COV) $^ -o $@

$(COV)/%.o: %.c
	$(call say,CC,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_COV) -MMD -MP -c $< -o $@

coverage:
	@bash ci/ensure-tools.sh coverage
	$(Q)$(MAKE) --no-print-directory $(COV)/vclk-fuzz-replay
	@find $(COV) -name '*.gcda' -delete
	@$(COV)/vclk-fuzz-replay $(COV_CORPUS) | tail -n 1
	$(Q)lcov -q --rc lcov_branch_coverage=1 --capture --directory $(COV) \
		--output-file $(COV)/all.info 2>&1 | { grep -v "^Subroutine .* redefined" || true; }
	$(Q)lcov -q --rc lcov_branch_coverage=1 --extract $(COV)/all.info \
		'*/core/*' '*/platform/*' --output-file $(COV)/lib.info
	$(Q)genhtml -q --branch-coverage --rc lcov_branch_coverage=1 \
		--output-directory $(BUILD)/coverage $(COV)/lib.info
	@lcov --rc lcov_branch_coverage=1 --summary $(COV)/lib.info 2>&1 | grep -E 'lines|branches'
	@echo "HTML report: $(BUILD)/coverage/index.html"

mutants:
	@bash ci/ensure-tools.sh check fuzz
	bash ci/mutants.sh

# the proofs alone against the mutants of ci/proof-mutants.py (hours)
proof-mutants:
	@bash ci/ensure-tools.sh build prove
	PM_JOBS="$(PM_JOBS)" bash ci/proof-mutants.sh $(PM_IDS)

# ---- the firmware (make firmware, make firmware-test) ----
#
# The same sources as libvclk.a (core/*.c, platform/*.c with the MMIO
# back-end), the clock types (platform/clk_basic*.c), the Cortex-M startup
# (platform/cortex-m/) and the generated tree of corpus/trees/fw-demo.clk,
# cross-compiled freestanding, linked -nostdlib with libgcc alone (the
# clock types' 64-bit divisions call __aeabi_uldivmod; the core needs
# nothing).  The flags, VCLK_DEFS included, are recorded in
# build/fw/flags: a change rebuilds every object.

FW       := $(BUILD)/fw
FW_CC    ?= arm-none-eabi-gcc
FW_QEMU  ?= qemu-system-arm
# seconds qemu may run the self-test (it takes about one)
FW_TIMEOUT ?= 60
# the core's text (code and constants), summed over core/*.o
FW_CORE_TEXT_BUDGET ?= 6144
FW_EXT_TEXT_BUDGET ?= 2048
FW_LOCK_TEXT_BUDGET ?= 2560
FW_TREE  := fw-demo
FW_LD    := platform/cortex-m/lm3s6965.ld
FW_ARCH  := -mcpu=cortex-m3 -mthumb
FW_CPPFLAGS := -Icore -Iplatform -Iplatform/omap4 -Iplatform/cortex-m $(VCLK_DEFS)
# -Os, and the loop optimisations that trade size for speed off (the
# core walks small static arrays; hoisting each array's address out of
# every loop, in RTL or in GIMPLE, costs more literal-pool loads than it
# saves); no -fdata-sections, so the section anchors of one file's pools
# share a base address (6258 -> 6046 bytes of core .text, measured).
# If-conversion, PHI-to-conditional and tail merging off as well: on the
# core's short guarded returns they add IT blocks and register copies
# (core 6142 -> 6082, extensions 1974 -> 1960, clock types 2928 -> 2878
# bytes, measured one flag at a time and together, same sources).  The
# second scheduling pass and the pure/const discovery off too: an in-order
# Cortex-M3 gains little from the reordering, and both cost bytes
# (core 6156 -> 6140, clock types 3376 -> 3352 bytes with the loops over
# live clocks only in core/rate.c; extensions and locking layer unchanged)
FW_CFLAGS   := $(STD_WARN) $(FW_ARCH) -Os -fno-tree-loop-optimize \
               -fno-move-loop-invariants -fno-tree-loop-im \
               -fno-if-conversion -fno-ssa-phiopt -fno-tree-tail-merge \
               -fno-schedule-insns2 -fno-ipa-pure-const \
               -ffreestanding -ffunction-sections $(FW_CPPFLAGS)
FW_LDFLAGS  := $(FW_ARCH) -nostdlib -T $(FW_LD) -Wl,--gc-sections

FW_TYPES_SRCS := $(sort $(wildcard platform/clk_basic*.c))
FW_SRCS := $(sort $(wildcard core/*.c)) \
           $(filter-out $(FW_TYPES_SRCS),$(sort $(wildcard platform/*.c))) \
           $(sort $(wildcard platform/cortex-m/*.c)) \
           $(FW_TYPES_SRCS)
FW_OBJS := $(FW_SRCS:%.c=$(FW)/obj/%.o) $(FW)/obj/gen/$(FW_TREE).o
# the OMAP4 platform, compiled for the size table only: the self-test's
# tree does not use it
FW_OMAP4_OBJS := $(patsubst %.c,$(FW)/obj/%.o,$(sort $(wildcard platform/omap4/*.c)))
FW_SELFTEST_OBJ := $(FW)/obj/harness/firmware/selftest.o
# the ELF make firmware-test runs (make check also runs the broken one)
FW_TEST_ELF ?= $(FW)/selftest.elf
FW_PROOF_CMD := proofs/out/x86_32/command.txt

firmware:
	@bash ci/ensure-tools.sh build firmware
	$(Q)$(MAKE) --no-print-directory $(FW)/selftest.elf $(FW_OMAP4_OBJS)
	@FW_EXT_TEXT_BUDGET=$(FW_EXT_TEXT_BUDGET) FW_LOCK_TEXT_BUDGET=$(FW_LOCK_TEXT_BUDGET) bash harness/firmware/sizes.sh \
		$(FW_CORE_TEXT_BUDGET) $(FW)/selftest.elf \
		$(FW_OBJS) $(FW_OMAP4_OBJS) $(FW_SELFTEST_OBJ)

# ---- the Cortex-M library (make lib-cortex-m) ----
#
# The firmware's objects, with its flags, as archives: libvclk.a (the core,
# the dispatcher and the basic clock types, exporting the public API only)
# and each back-end apart, so that a firmware names its register access
# and its locks on the link line (-lvclk -lvclk-mmio -lvclk-lock-irq).

CM := $(BUILD)/cortex-m
FW_LD_R   ?= arm-none-eabi-ld
FW_OBJCOPY ?= arm-none-eabi-objcopy
FW_AR     ?= arm-none-eabi-ar
CM_LIB_SRCS := $(sort $(wildcard core/*.c)) \
               $(filter-out platform/reg_mmio.c,$(sort $(wildcard platform/*.c)))
CM_LIB_OBJS := $(CM_LIB_SRCS:%.c=$(FW)/obj/%.o)
CM_LIBS := $(CM)/libvclk.a $(CM)/libvclk-mmio.a $(CM)/libvclk-lock-irq.a \
           $(CM)/libvclk-lock-none.a

lib-cortex-m:
	@bash ci/ensure-tools.sh build firmware
	$(Q)$(MAKE) --no-print-directory $(CM_LIBS)

$(CM)/libvclk.o: $(CM_LIB_OBJS) $(PUBLIC_SYMS)
	$(call say,FW-LD,$@)
	@mkdir -p $(@D)
	$(Q)$(FW_LD_R) -r -o $@.all $(CM_LIB_OBJS)
	$(Q)$(FW_OBJCOPY) --keep-global-symbols=$(PUBLIC_SYMS) $@.all $@
	@rm -f $@.all

$(CM)/libvclk.a: $(CM)/libvclk.o
$(CM)/libvclk-mmio.a: $(FW)/obj/platform/reg_mmio.o
$(CM)/libvclk-lock-irq.a: $(FW)/obj/platform/cortex-m/lock_irq.o
$(CM)/libvclk-lock-none.a: $(FW)/obj/platform/lock/none.o
$(CM_LIBS):
	$(call say,FW-AR,$@)
	@mkdir -p $(@D)
	$(Q)rm -f $@
	$(Q)$(FW_AR) rcs $@ $^

firmware-test:
	@bash ci/ensure-tools.sh build firmware
	$(Q)$(MAKE) --no-print-directory $(FW_TEST_ELF)
	timeout $(FW_TIMEOUT) $(FW_QEMU) -M lm3s6965evb -nographic -semihosting \
		-kernel $(FW_TEST_ELF)

# ---- the Cortex-M benchmark (make bench-firmware) ----
#
# harness/firmware/bench.c linked like the self-test (the same objects and
# flags) and run under qemu with -icount shift=0: every guest instruction
# is then 1 ns of virtual time, which SysTick counts, so the program can
# print instructions per call (its header says how, and how it checks the
# conversion).  harness/bench/bench.sh puts its lines in make bench's table.
FW_BENCH_OBJ := $(FW)/obj/harness/firmware/bench.o

bench-firmware:
	@bash ci/ensure-tools.sh build firmware
	$(Q)$(MAKE) --no-print-directory $(FW)/bench.elf
	timeout $(FW_TIMEOUT) $(FW_QEMU) -M lm3s6965evb -nographic -semihosting \
		-icount shift=0 -kernel $(FW)/bench.elf

$(FW)/bench.elf: $(FW_OBJS) $(FW_BENCH_OBJ) $(FW_LD) | fw-config-check
	$(call say,FW-LD,$@)
	$(Q)$(FW_CC) $(FW_LDFLAGS) -Wl,-Map=$(@:.elf=.map) $(filter %.o,$^) -lgcc -o $@

$(FW)/flags: FORCE
	@mkdir -p $(@D)
	@echo '$(FW_CC) $(FW_CFLAGS)' | cmp -s - $@ 2>/dev/null || \
		echo '$(FW_CC) $(FW_CFLAGS)' >$@

# the VCLK_* values the firmware is compiled with: vclk_config.h through
# the cross compiler's preprocessor with the firmware's own flags
$(FW)/vclk-config.txt: core/vclk_config.h harness/firmware/vclk-config.sh $(FW)/flags
	$(call say,CONFIG,$@)
	$(Q)bash harness/firmware/vclk-config.sh values \
		"firmware: $(FW_CC), VCLK_DEFS: $(VCLK_DEFS)" $(FW_CC) $(FW_CPPFLAGS) >$@.tmp
	@mv $@.tmp $@

# the proof's: the flags of the x86_32 proof run's command, or VCLK_DEFS
# when there was none here; recomputed every time (a proof run may have
# happened since)
$(FW)/proof-config.txt: FORCE
	@mkdir -p $(@D)
	$(Q)bash harness/firmware/vclk-config.sh proof-values $(FW_PROOF_CMD) \
		$(VCLK_DEFS) >$@.tmp
	@mv $@.tmp $@

fw-config-check: $(FW)/vclk-config.txt $(FW)/proof-config.txt
	$(Q)bash harness/firmware/vclk-config.sh check $^

$(FW)/obj/%.o: %.c $(FW)/flags
	$(call say,FW-CC,$@)
	@mkdir -p $(@D)
	$(Q)$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@

$(FW)/obj/gen/%.o: $(BUILD)/gen/%.c $(FW)/flags
	$(call say,FW-CC,$@)
	@mkdir -p $(@D)
	$(Q)$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@

# compiled, not linked: every type, key and flag of the .clk language
# (corpus/trees/all-types.clk: table muxes and dividers, hiword gates)
# through `vclk gen` must compile freestanding too
FW_GEN_COMPILE_ONLY := $(FW)/obj/gen/all-types.o

# the config check runs before every link, without forcing one
$(FW)/selftest.elf: $(FW_OBJS) $(FW_SELFTEST_OBJ) $(FW_LD) $(FW_GEN_COMPILE_ONLY) | fw-config-check
	$(call say,FW-LD,$@)
	$(Q)$(FW_CC) $(FW_LDFLAGS) -Wl,-Map=$(@:.elf=.map) \
		$(filter-out $(FW_GEN_COMPILE_ONLY),$(filter %.o,$^)) -lgcc -o $@

# the self-test with a wrong expectation (A at 105 MHz after C's 26 MHz):
# make check requires it to fail
$(FW)/obj/selftest-wrong.o: harness/firmware/selftest.c $(FW)/flags
	$(call say,FW-CC,$@)
	@mkdir -p $(@D)
	$(Q)$(FW_CC) $(FW_CFLAGS) -DFW_EXPECT_A=105000000UL -MMD -MP -c $< -o $@

$(FW)/selftest-wrong.elf: $(FW_OBJS) $(FW)/obj/selftest-wrong.o $(FW_LD) | fw-config-check
	$(call say,FW-LD,$@)
	$(Q)$(FW_CC) $(FW_LDFLAGS) $(filter %.o,$^) -lgcc -o $@
