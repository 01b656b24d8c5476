#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ci/proof-mutants.py - the mutant table of `make proof-mutants`
(ci/proof-mutants.sh) and its helpers.

Each entry of TABLE below plants one bug in one proven source file: the
files proofs/prove.sh proves (units core, types and omap4).  Its fields:

  id      a name, [a-z0-9-]+
  where   FILE, or FILE#N for the N-th occurrence of the text (1-based;
          needed when the text occurs more than once)
  text    the exact text replaced: C code only, never inside a comment or
          an ACSL annotation (ghost code is the proof's, not the product's)
  repl    what replaces it; the mutant must still compile
  kind    drop      a dropped statement
          cmp       a flipped or changed comparison
          off1      an off-by-one
          swap      swapped arguments (or swapped statements)
          rollback  a removed rollback step
          index     a wrong index, field or callee
  what    the bug it plants, in words
  fct     (optional) the functions whose goals decide, comma-separated;
          default: the C function whose body holds the text, found in the
          source (a mutant may touch only one body)
  equiv   (optional) EQUIVALENT: why the mutant behaves as the original
          on every input the contracts allow; such mutants are planted and
          compiled, not proved, and not counted in the score
  note    (optional) for a mutant that survives: why (which contract is
          too weak, and the clause that would kill it)

Commands (for ci/proof-mutants.sh):

  check [ID...]          validate the table (and that each ID exists);
                         FILE:LINE: reason for each bad entry, exit 2
  list [ID...]           id<TAB>unit<TAB>file<TAB>functions<TAB>E|-
  apply ID ROOT          plant mutant ID in the checkout at ROOT
  what ID                the bug it plants
  report RESULTS BASE CMD  from RESULTS (id<TAB>status<TAB>goals<TAB>
                         functions lines; several files: A:B, B's lines
                         win), write BASE.txt and BASE.md (CMD: the
                         command line to quote in the score line)
"""

import ast
import datetime
import glob
import os
import re
import sys

HERE = os.path.abspath(__file__)
TOP = os.path.dirname(os.path.dirname(HERE))
KINDS = {
    "drop": "dropped statement",
    "cmp": "flipped comparison",
    "off1": "off-by-one",
    "swap": "swapped arguments",
    "rollback": "removed rollback step",
    "index": "wrong index",
}


class M:
    def __init__(self, id, where, text, repl, kind, what, fct=None, equiv=None, note=None):
        self.id, self.where, self.text, self.repl = id, where, text, repl
        self.kind, self.what, self.fct, self.equiv, self.note = kind, what, fct, equiv, note
        self.line = 0  # of the entry in this file, set below

    @property
    def file(self):
        return self.where.partition("#")[0]

    @property
    def nth(self):
        n = self.where.partition("#")[2]
        return int(n) if n.isdigit() else (1 if n == "" else 0)


TABLE = [
    # ==================== core/walk.c ====================
    M("walk-prepare-skip-parent", "core/walk.c", "ret = clk_core_prepare(parent);", "ret = 0;",
      "drop", "a clock's first prepare does not prepare its parent chain"),
    M("walk-prepare-no-rollback", "core/walk.c", "clk_core_unprepare_undo(parent);", "(void)0;",
      "rollback", "a failed prepare op leaves the parent chain prepared"),
    M("walk-unprepare-off-by-one", "core/walk.c#2", "if (vclk_prepare_count[c] == 0) {",
      "if (vclk_prepare_count[c] <= 1) {",
      "off1", "the last-but-one unprepare already unprepares the clock and its parents"),
    M("walk-unprepare-self", "core/walk.c", "clk_core_unprepare(parent);", "clk_core_unprepare(c);",
      "index", "the last unprepare walks to the clock itself instead of its parent"),
    M("walk-enable-overflow-check", "core/walk.c", "if (vclk_enable_count[c] == UINT32_MAX)",
      "if (vclk_enable_count[c] == UINT32_MAX - 1)",
      "off1", "the enable count's overflow check is one off: the count wraps"),
    M("walk-enable-no-rollback", "core/walk.c", "clk_core_disable_undo(parent);", "(void)0;",
      "rollback", "a failed enable op leaves the parent chain enabled"),
    M("walk-disable-no-op", "core/walk.c", "vclk_op_disable(c);", "(void)0;",
      "drop", "the last disable does not switch the hardware off",
      note="the hardware is opaque to the proof: vclk_op_disable() only assigns vclk_hw_state[id], and no contract says a clock whose enable count reaches 0 is off. Plan: a ghost on/off state the enable and disable ops set (core/vclk_ops.h, assumed), and `ensures off:` on clk_core_disable() (every clock whose count dropped to 0 is off)"),
    M("walk-disable-undo-nothing", "core/walk.c", "\tclk_core_disable(c);\n", "\t;\n",
      "drop", "clk_core_disable_undo() undoes nothing"),

    # ==================== core/refcount.c ====================
    # issue 26: the release path of vclk_unprepare_nolock() drops nothing
    M("rc-unprepare-keeps-reference", "core/refcount.c#1",
      "vclk_handle_drop_prepare(h);\n\tclk_core_unprepare(c);\n", "",
      "drop", "clk_unprepare() succeeds and drops nothing: the handle's prepare count is never decremented",
      note="vclk_unprepare()'s contract says what a failure leaves (rollback) but not what a success takes. Plan: `ensures released: \\result == 0 && clk != \\null ==> \\forall integer h; vclk_handle_at(clk, h) ==> vclk_handle_prepares[h] == \\old(vclk_handle_prepares[h]) - 1`, the twin of clk_prepare()'s `owned`"),
    M("rc-unprepare-keeps-handle-count", "core/refcount.c#1", "vclk_handle_drop_prepare(h);", "(void)0;",
      "drop", "clk_unprepare() drops the clock's count but not the handle's"),
    M("rc-unprepare-busy-off-by-one", "core/refcount.c",
      "if (vclk_handle_prepares[h] == 1 && vclk_handle_enables[h] > 0) {",
      "if (vclk_handle_prepares[h] == 1 && vclk_handle_enables[h] >= 0) {",
      "off1", "clk_unprepare() of a handle's last prepare is always refused (-EBUSY)",
      note="the errno clause allows -EBUSY on any call, so refusing every last unprepare is proved. Plan: `ensures busy:` -EBUSY only when the handle's last prepare would go while it holds enables (and 0 otherwise, for a live handle that holds a prepare)"),
    M("rc-unprepare-no-misuse", "core/refcount.c#1", "vclk_note_misuse(h);\n\t\treturn -VCLK_EINVAL;",
      "return -VCLK_EINVAL;",
      "drop", "an unbalanced clk_unprepare() is not counted as misuse",
      note="the misuse count is only in the assigns clause. Plan: `ensures misuse:` on -EINVAL and -EBUSY the handle's misuse count is one more (saturating at UINT32_MAX), else unchanged"),
    M("rc-enable-unprepared", "core/refcount.c", "return -VCLK_ESHUTDOWN;", "(void)0;",
      "drop", "clk_enable() through a handle that has not prepared"),
    # issue 26: the twin in the disable path
    M("rc-disable-keeps-reference", "core/refcount.c#1",
      "vclk_handle_drop_enable(h);\n\tclk_core_disable(c);\n", "",
      "drop", "clk_disable() succeeds and drops nothing: the handle's enable count is never decremented",
      note="as rc-unprepare-keeps-reference: vclk_disable() has no success clause. Plan: `ensures released:` the handle's enable count one lower on success"),
    M("rc-disable-keeps-clock-count", "core/refcount.c#1", "\tclk_core_disable(c);\n", "\n",
      "drop", "clk_disable() drops the handle's enable but not the clock's"),
    M("rc-prepare-enable-no-rollback", "core/refcount.c#2", "vclk_handle_drop_prepare(h);", "(void)0;",
      "rollback", "clk_prepare_enable() keeps the handle's prepare when the enable fails"),
    M("rc-prepare-enable-no-unprepare", "core/refcount.c", "clk_core_unprepare_undo(c);", "(void)0;",
      "rollback", "clk_prepare_enable() keeps the clock prepared when the enable fails"),
    M("rc-disable-unprepare-busy", "core/refcount.c",
      "if (vclk_handle_prepares[h] == 1 && vclk_handle_enables[h] > 1) {",
      "if (vclk_handle_prepares[h] == 1 && vclk_handle_enables[h] > 2) {",
      "off1", "clk_disable_unprepare()'s misuse check is one off"),
    # issue 26: the twin in disable_unprepare: the prepare half dropped
    M("rc-disable-unprepare-keeps-prepare", "core/refcount.c#2",
      "vclk_handle_drop_prepare(h);\n\tclk_core_unprepare(c);\n", "",
      "drop", "clk_disable_unprepare() disables but never unprepares",
      note="vclk_disable_unprepare() has no success clause. Plan: `ensures released:` both of the handle's counts one lower on success"),
    M("rc-disable-unused-used", "core/refcount.c",
      "if (vclk_enable_count[c] == 0 && vclk_op_is_enabled(c)) {",
      "if (vclk_op_is_enabled(c)) {",
      "drop", "clk_disable_unused() switches off clocks in use"),
    M("rc-misuse-saturation", "core/refcount.c", "if (vclk_handle_misuse[h] < UINT32_MAX)",
      "if (vclk_handle_misuse[h] != UINT32_MAX)",
      "cmp", "the misuse counter's saturation test written as !=",
      equiv="the counter is a uint32_t, so < UINT32_MAX and != UINT32_MAX are the same test"),

    # ==================== core/pool.c ====================
    # issue 26: clk_put() does not free the slot
    M("pool-put-slot-not-freed", "core/pool.c", "vclk_handle_release(h);\n\treturn 0;", "return 0;",
      "drop", "clk_put() returns 0 but the handle's slot is never freed (and its range stays)",
      note="clk_put()'s contract does not say the slot is freed. Branch put-contract (f75fa41) adds it: the slot freed with its range open on success"),
    M("pool-put-busy-handle", "core/pool.c",
      "if (vclk_handle_prepares[h] > 0 || vclk_handle_excl[h] > 0 ||",
      "if (vclk_handle_excl[h] > 0 ||",
      "drop", "clk_put() of a handle that still holds prepare references"),
    M("pool-put-notified-handle", "core/pool.c",
      "vclk_handle_excl[h] > 0 ||\n\t    vclk_handle_notified(clk))", "vclk_handle_excl[h] > 0)",
      "drop", "clk_put() of a handle whose notifier is still registered"),
    M("pool-put-provider-handle", "core/pool.c", "if (h < VCLK_MAX_CLOCKS)\n\t\treturn -VCLK_EINVAL;",
      "if (h < VCLK_MAX_CLOCKS - 1)\n\t\treturn -VCLK_EINVAL;",
      "off1", "clk_put() accepts the last provider handle"),
    M("pool-free-handle-off-by-one", "core/pool.c",
      "for (int h = VCLK_MAX_CLOCKS; h < VCLK_NR_HANDLES; h++) {",
      "for (int h = VCLK_MAX_CLOCKS; h <= VCLK_NR_HANDLES; h++) {",
      "off1", "the free-handle search reads one slot past the pool"),
    M("pool-find-negated", "core/pool.c", "if (vclk_name_equal(vclk_name[c], name))",
      "if (!vclk_name_equal(vclk_name[c], name))",
      "cmp", "the clock lookup returns the first clock whose name differs"),
    M("pool-name-equal-prefix", "core/pool.c", "if (a[k] == '\\0')\n\t\t\treturn 1;",
      "if (a[k] == '\\0' || k == 3)\n\t\t\treturn 1;",
      "cmp", "two names that share their first four bytes compare equal"),
    M("pool-claim-keeps-misuse", "core/pool.c#2", "vclk_handle_misuse[h] = 0;", "(void)0;",
      "drop", "a new handle inherits the misuse count its slot had before"),
    M("pool-check-empty-parent-name", "core/pool.c",
      "if (len == 0)\n\t\t\treturn -VCLK_EINVAL;\n\t}", "}",
      "drop", "registration accepts an empty parent name"),
    M("pool-name-length-off-by-one", "core/pool.c#1", "if (s[k] == '\\0')\n\t\t\treturn k;",
      "if (s[k] == '\\0')\n\t\t\treturn k + 1;",
      "off1", "a name's length counts its terminator"),
    M("pool-link-depth", "core/pool.c",
      "vclk_depth[c] = parent == VCLK_NONE ? 0 : vclk_depth[parent] + 1;",
      "vclk_depth[c] = parent == VCLK_NONE ? 0 : vclk_depth[parent];",
      "off1", "a new clock gets its parent's depth, not one more"),
    M("pool-critical-no-unlink", "core/pool.c", "vclk_unlink(c);\n\treturn ret;", "return ret;",
      "rollback", "a critical clock whose provider refuses to start stays registered"),
    M("pool-critical-no-release", "core/pool.c", "vclk_handle_release(critical);", "(void)0;",
      "rollback", "a critical clock that fails to start keeps its handle"),
    M("pool-register-full", "core/pool.c", "if (vclk_nr_clocks >= VCLK_MAX_CLOCKS)",
      "if (vclk_nr_clocks > VCLK_MAX_CLOCKS)",
      "off1", "registration writes one slot past a full pool"),
    M("pool-reset-keeps-prepares", "core/pool.c", "vclk_handle_prepares[h] = 0;", "(void)0;",
      "drop", "vclk_reset() leaves the handles' prepare counts"),
    M("pool-orphans-wrong-input", "core/pool.c", "p = vclk_parent_ids[VCLK_INPUT(i, index)];",
      "p = vclk_parent_ids[VCLK_INPUT(c, index)];",
      "index", "an orphan is adopted by the new clock's input, not its own"),

    # ==================== core/bulk.c ====================
    # issue 26: the bulk release calls drop nothing
    M("bulk-unprepare-nothing", "core/bulk.c", "clk_unprepare_nolock(clks[j - 1].clk);", "(void)0;",
      "drop", "clk_bulk_unprepare() releases no element's prepare",
      note="clk_bulk_unprepare() promises only the invariant. Plan: `ensures released:` each handle's prepare count lower by its uses in the array (vclk_bulk_uses), when every element holds what it releases"),
    M("bulk-disable-nothing", "core/bulk.c", "clk_disable_nolock(clks[j - 1].clk);", "(void)0;",
      "drop", "clk_bulk_disable() releases no element's enable",
      note="as bulk-unprepare-nothing, for clk_bulk_disable() and the enable counts"),
    M("bulk-disable-unprepare-half", "core/bulk.c",
      "clk_bulk_disable_nolock(num, clks);\n\tclk_bulk_unprepare_nolock(num, clks);",
      "clk_bulk_disable_nolock(num, clks);",
      "drop", "clk_bulk_disable_unprepare() never unprepares",
      note="as bulk-unprepare-nothing: clk_bulk_disable_unprepare() promises only the invariant"),
    M("bulk-put-nothing", "core/bulk.c",
      "if (clk_put_nolock(clks[j - 1].clk) == 0)\n\t\t\tclks[j - 1].clk = NULL;", "(void)0;",
      "drop", "clk_bulk_put() puts no handle",
      note="clk_bulk_put() promises only the invariant and unchanged counts. Plan: `ensures put:` every element is NULL afterwards unless its handle still holds references (-EBUSY), and its slot is free"),
    M("bulk-get-first-id", "core/bulk.c", "ret = vclk_get_nolock(dev_id, clks[i].id, &clks[i].clk);",
      "ret = vclk_get_nolock(dev_id, clks[0].id, &clks[i].clk);",
      "index", "every element gets a handle on the first element's clock"),
    M("bulk-get-no-cleanup", "core/bulk.c", "(void)clk_put_nolock(clks[j - 1].clk);", "(void)0;",
      "rollback", "a failed clk_bulk_get() leaks the handles it took",
      note="clk_bulk_get()'s error contract says every element is NULL, not that the slots taken are free again: the rollback's clk_put() succeeds only if no notifier is registered through a slot just taken, and the invariant does not say that a free slot has none. Plan: the invariant batch (a registered notifier's handle is bound; a free slot holds no exclusivity and asks no range), then `ensures no_leak:` every slot's binding as at entry"),
    M("bulk-prepare-no-rollback", "core/bulk.c", "vclk_bulk_unprepare_upto(i, clks);", "(void)0;",
      "rollback", "a failed clk_bulk_prepare() keeps the elements already prepared"),
    M("bulk-prepare-rollback-one-short", "core/bulk.c", "vclk_bulk_unprepare_upto(i, clks);",
      "vclk_bulk_unprepare_upto(i - 1, clks);",
      "off1", "a failed clk_bulk_prepare() releases all but one of the elements it prepared"),
    M("bulk-unprepare-upto-wrong-element", "core/bulk.c#1",
      "const struct clk *clk = clks[j - 1].clk;", "const struct clk *clk = clks[j].clk;",
      "index", "the bulk rollback releases element j instead of j - 1"),
    M("bulk-enable-unprepared", "core/bulk.c", "if (vclk_handle_prepares[h] == 0) {",
      "if (vclk_handle_prepares[h] == 1) {",
      "off1", "clk_bulk_enable() enables through a handle that has not prepared"),
    M("bulk-prepare-enable-no-rollback", "core/bulk.c", "vclk_bulk_unprepare_upto(num, clks);",
      "(void)0;",
      "rollback", "a failed clk_bulk_prepare_enable() stays prepared"),
    M("bulk-put-clears-refused", "core/bulk.c",
      "if (clk_put_nolock(clks[j - 1].clk) == 0)",
      "if (clk_put_nolock(clks[j - 1].clk) <= 0)",
      "cmp", "an element clk_put() refuses is cleared too: its handle is lost"),
    M("bulk-disable-skip-first", "core/bulk.c",
      "for (int j = num; j > 0; j--)\n\t\tclk_disable_nolock",
      "for (int j = num; j > 1; j--)\n\t\tclk_disable_nolock",
      "off1", "the first element is never disabled"),
    M("bulk-match-wrong-handle", "core/bulk.c",
      "return c != VCLK_NONE && c == vclk_handle_clock[vclk_handle_index(q)];",
      "return c != VCLK_NONE && c == vclk_handle_clock[vclk_handle_index(p)];",
      "index", "clk_is_match() compares p's clock with itself"),

    # ==================== core/clkdev.c ====================
    M("clkdev-drop-keeps-entry", "core/clkdev.c", "vclk_clkdev_clock[i] = NULL;\n\tvclk_clkdev_dev[i]",
      "vclk_clkdev_dev[i]",
      "drop", "vclk_clkdev_drop() clears the keys but keeps the entry live",
      note="vclk_clkdev_drop() promised only a well-formed table. Survived on the contracts of 8b401f7; the current contracts (REQ-CLKDEV-2) add clause `dropped` (the entry of the keys is freed, every other kept), which states exactly what this mutant breaks; its re-run on them is still to be made."),
    M("clkdev-add-overwrites", "core/clkdev.c", "if (!vclk_clkdev_clock[i]) {",
      "if (vclk_clkdev_clock[i]) {",
      "cmp", "vclk_clkdev_add() overwrites a used entry instead of taking a free one",
      note="vclk_clkdev_add() promised only that some entry holds the new mapping. Survived on the contracts of 8b401f7; the current contracts (REQ-CLKDEV-2) add clause `added` (the entry was free, every other kept), which states exactly what this mutant breaks; its re-run on them is still to be made."),
    M("clkdev-empty-name-fits", "core/clkdev.c", "return k > 0 || !nonempty;",
      "return k >= 0 || !nonempty;",
      "off1", "an empty clock name is accepted"),
    M("clkdev-find-swapped-keys", "core/clkdev.c", "i = vclk_clkdev_find(dev_id, con_id);",
      "i = vclk_clkdev_find(con_id, dev_id);",
      "swap", "clk_get_sys() looks the device name up as the connection name and back",
      note="vclk_get_sys() did not say which clock its handle is on. Survived on the contracts of 8b401f7; the current contracts (REQ-CLKDEV-2) add clause `taken` (the handle is on the clock of vclk_clkdev_best(), Linux's clk_find()), which states exactly what this mutant breaks; its re-run on them is still to be made."),
    M("clkdev-get-sys-wrong-name", "core/clkdev.c",
      "return vclk_get_nolock(dev_id, vclk_clkdev_clock[i], clkp);",
      "return vclk_get_nolock(dev_id, con_id, clkp);",
      "index", "clk_get_sys() takes the connection name for the clock's name",
      note="as clkdev-find-swapped-keys. Survived on the contracts of 8b401f7; the current contracts (REQ-CLKDEV-2) add clause `taken`, which states exactly what this mutant breaks; its re-run on them is still to be made."),
    M("clkdev-key-null-equal", "core/clkdev.c", "return !a && !b;", "return !a || !b;",
      "cmp", "a NULL key equals any key"),
    M("clkdev-score-tie", "core/clkdev.c", "if (score > best_score) {", "if (score >= best_score) {",
      "cmp", "the best-match search prefers the later entry on a tie",
      equiv="no tie can occur: two matching entries of equal score have equal keys, which "
            "vclk_clkdev_add() refuses (-EEXIST), and no entry has both keys NULL (score 0)"),

    # ==================== core/exclusive.c ====================
    M("excl-holders-not-counted", "core/exclusive.c", "vclk_excl_holders++;", "(void)0;",
      "drop", "a first exclusivity reference is not counted among the holders"),
    M("excl-get-overflow", "core/exclusive.c#1",
      "if (vclk_handle_excl[h] == UINT32_MAX)\n\t\treturn -VCLK_EOVERFLOW;\n\tvclk_handle_excl_set",
      "vclk_handle_excl_set",
      "drop", "clk_rate_exclusive_get() lets the handle's count wrap"),
    M("excl-put-underflow", "core/exclusive.c", "if (vclk_handle_excl[h] == 0)\n\t\treturn 0;", "",
      "drop", "clk_rate_exclusive_put() of a handle that holds none wraps its count"),
    M("excl-dead-handle", "core/exclusive.c",
      "if (vclk_handle_clock[h] == VCLK_NONE)\n\t\treturn -VCLK_EINVAL;", "",
      "drop", "a put handle can take exclusivity"),
    M("excl-protected-own", "core/exclusive.c", "if (vclk_handle_excl[g] <= own || held == VCLK_NONE)",
      "if (vclk_handle_excl[g] < own || held == VCLK_NONE)",
      "cmp", "a handle with no exclusivity counts as protecting"),
    M("excl-set-rate-not-taken", "core/exclusive.c#2",
      "vclk_handle_excl_set(h, vclk_handle_excl[h] + 1);", "(void)0;",
      "drop", "clk_set_rate_exclusive() sets the rate but takes no exclusivity"),

    # ==================== core/signal.c ====================
    M("signal-phase-not-stored", "core/signal.c", "vclk_phase[c] = degrees;", "(void)0;",
      "drop", "clk_set_phase() does not remember the phase it set"),
    M("signal-phase-normalise", "core/signal.c", "if (degrees < 0)\n\t\tdegrees += 360;",
      "if (degrees <= 0)\n\t\tdegrees += 360;",
      "off1", "a phase of 0 degrees is set as 360"),
    M("signal-duty-full", "core/signal.c", "if (den == 0 || num > den)", "if (den == 0 || num >= den)",
      "off1", "a 100% duty cycle (num == den) is refused"),
    M("signal-duty-default", "core/signal.c", "*num = 1;\n\t*den = 2;", "*num = 2;\n\t*den = 1;",
      "swap", "the default duty cycle is 2/1 instead of 1/2"),
    M("signal-accuracy-clamp", "core/signal.c", "return accuracy > LONG_MAX ? LONG_MAX : (long)accuracy;",
      "return accuracy >= LONG_MAX ? LONG_MAX : (long)accuracy;",
      "cmp", "the accuracy clamp also catches LONG_MAX itself",
      equiv="for accuracy == LONG_MAX both give LONG_MAX"),
    M("signal-get-phase-wrong-clock", "core/signal.c", "return vclk_phase[c];", "return vclk_phase[0];",
      "index", "clk_get_phase() reads clock 0's phase"),

    # ==================== core/parent.c ====================
    M("parent-keeps-old-enable", "core/parent.c",
      "if (enabled && old != VCLK_NONE)\n\t\tclk_core_disable(old);", "",
      "drop", "a reparent does not release the old parent's enable"),
    M("parent-no-rollback", "core/parent.c", "clk_core_disable_undo(np);", "(void)0;",
      "rollback", "a failed set_parent op leaves the new parent enabled"),
    M("parent-no-recalc", "core/parent.c", "clk_core_recalc_subtree(c);", "(void)0;",
      "drop", "rates are not recalculated after a reparent",
      note="clk_set_parent()'s success contract says which input is selected and how the references moved, not what the rates become. Plan: `ensures rates:` after a reparent every clock of the moved subtree runs at the rate its provider's recalc_rate gives from its new parent's (a logic function of the op's arguments, ASSUME-OPS), every other clock's rate unchanged"),
    M("parent-cycle-allowed", "core/parent.c", "if (p == c || clk_core_is_ancestor(c, p))",
      "if (p == c)",
      "drop", "clk_set_parent() to a descendant is not refused"),
    M("parent-gate-off-by-one", "core/parent.c",
      "if ((vclk_flags[c] & CLK_SET_PARENT_GATE) && vclk_prepare_count[c] > 0)",
      "if ((vclk_flags[c] & CLK_SET_PARENT_GATE) && vclk_prepare_count[c] > 1)",
      "off1", "CLK_SET_PARENT_GATE lets a clock with one prepare switch parents"),
    M("parent-ancestor-wrong", "core/parent.c", "if (y == a)\n\t\t\treturn 1;",
      "if (y == x)\n\t\t\treturn 1;",
      "index", "the ancestor test compares with the wrong clock"),
    M("parent-index-off-by-one", "core/parent.c",
      "for (int k = 0; k < vclk_nr_parents[c]; k++) {\n\t\tif (vclk_parent_ids[VCLK_INPUT(c, k)] == p)",
      "for (int k = 0; k <= vclk_nr_parents[c]; k++) {\n\t\tif (vclk_parent_ids[VCLK_INPUT(c, k)] == p)",
      "off1", "the input search looks one input past the clock's parents"),
    M("parent-move-depth", "core/parent.c", "vclk_depth[i] += delta;", "vclk_depth[i] += delta + 1;",
      "off1", "a moved subtree's depths are one too deep"),
    M("parent-rate-swapped", "core/parent.c", "return vclk_op_recalc_rate(c, vclk_rate[parent]);",
      "return vclk_op_recalc_rate(parent, vclk_rate[c]);",
      "swap", "a clock's rate is recalculated from the parent's op with its own rate",
      note="vclk_op_recalc_rate() is assumed to return anything (core/vclk_ops.h), so which arguments it gets is not observable. Plan: a logic function for the provider's recalc_rate (ASSUME-OPS, as vclk_round for round_rate), `ensures model:` on clk_core_rate_from_parent()"),
    M("parent-get-rate-parent", "core/parent.c", "return vclk_rate[c];", "return vclk_rate[vclk_parent[c] < 0 ? c : vclk_parent[c]];",
      "index", "clk_get_rate() answers the parent's rate"),

    # ==================== core/rate.c ====================
    M("rate-better-wrong", "core/rate.c", "return best > req && now < best;",
      "return best > req && now > best;",
      "cmp", "set-rate-parent keeps the worse candidate above the request"),
    M("rate-apply-no-unapply", "core/rate.c", "clk_core_unapply(top, d);", "(void)0;",
      "rollback", "a failed provider set_rate does not restore those already programmed"),
    M("rate-unapply-off-by-one", "core/rate.c", "for (int e = d - 1; e >= first; e--) {",
      "for (int e = d - 1; e > first; e--) {",
      "off1", "the rollback of a failed rate change leaves the top clock as programmed"),
    M("rate-no-abort-on-failure", "core/rate.c#2",
      "clk_core_notify(ABORT_RATE_CHANGE, top, span);", "(void)0;",
      "drop", "no ABORT_RATE_CHANGE after a provider failure",
      note="no contract speaks of the notifications' order or of ABORT_RATE_CHANGE (issue 29: the order properties as contracts, a ghost record of the notifications sent)"),
    M("rate-gate-off-by-one", "core/rate.c",
      "if ((vclk_flags[i] & CLK_SET_RATE_GATE) && vclk_prepare_count[i] > 0)",
      "if ((vclk_flags[i] & CLK_SET_RATE_GATE) && vclk_prepare_count[i] > 1)",
      "off1", "CLK_SET_RATE_GATE lets a clock with one prepare change rate"),
    M("rate-range-not-restored", "core/rate.c", "vclk_handle_range_set(h, old_min, old_max);",
      "vclk_handle_range_set(h, min, old_max);",
      "rollback", "a refused range keeps its new minimum"),
    M("rate-min-drops-max", "core/rate.c",
      "return clk_set_rate_range_nolock(clk, rate,\n\t\t\t\t  vclk_handle_max[vclk_handle_index(clk)]);",
      "return clk_set_rate_range_nolock(clk, rate,\n\t\t\t\t  ULONG_MAX);",
      "index", "clk_set_min_rate() drops the handle's maximum"),
    M("rate-clamp-wrong", "core/rate.c", "if (rate > hi)\n\t\treturn hi;", "if (rate > hi)\n\t\treturn lo;",
      "index", "a request above the range is clamped to its minimum"),
    M("rate-clamp-tie", "core/rate.c", "if (rate < lo)\n\t\treturn lo;", "if (rate <= lo)\n\t\treturn lo;",
      "cmp", "the clamp also catches rate == lo",
      equiv="for rate == lo both return lo"),
    M("rate-req-lost", "core/rate.c", "vclk_req_rate[c] = kept;", "(void)0;",
      "drop", "the requested rate is not remembered for a later range"),
    M("rate-commit-swapped", "core/rate.c",
      "vclk_rate[i] = vclk_in_change[i] ? vclk_new_rate[i] : vclk_old_rate[i];",
      "vclk_rate[i] = vclk_in_change[i] ? vclk_old_rate[i] : vclk_new_rate[i];",
      "swap", "the commit keeps the old rates of the changed clocks"),
    M("rate-range-min-cmp", "core/rate.c", "if (vclk_handle_min[h] > lo)", "if (vclk_handle_min[h] < lo)",
      "cmp", "a clock's minimum is not the largest of its handles' minimums"),
    M("rate-bind-no-update", "core/rate.c",
      "if (!open && old != VCLK_NONE)\n\t\tclk_core_range_update(old);", "",
      "drop", "a handle re-bound with a range does not update its old clock's range"),
    M("rate-notify-stays-busy", "core/rate.c", "vclk_busy = 0;\n\treturn vetoed;", "return vetoed;",
      "drop", "the core stays busy (-EDEADLK) after the notifiers ran"),
    M("rate-allowed-swapped", "core/rate.c",
      "return clk_core_bound(c, 0) <= rate && rate <= clk_core_bound(c, 1);",
      "return clk_core_bound(c, 1) <= rate && rate <= clk_core_bound(c, 0);",
      "swap", "the range test swaps the bounds"),
    M("rate-nb-top-off-by-one", "core/rate.c", "vclk_nb_top = free + 1;", "vclk_nb_top = free;",
      "off1", "the notifier table's top misses the new entry",
      note="vclk_nb_top (the bound the notify loop stops at) is in no invariant, so the notify loop is not proven to reach every registered entry. Plan: the invariant batch adds `every entry at or above vclk_nb_top is free`, and clk_core_notify() `ensures` every registered notifier of a changed clock was called (issue 29's ghost record)"),
    M("rate-apply-prate-index", "core/rate.c", "prate = vclk_new_rate[vclk_path[d - 1]];",
      "prate = vclk_new_rate[vclk_path[d]];",
      "index", "a clock is programmed with its own new rate as its parent's",
      note="vclk_op_set_rate() is assumed (ASSUME-OPS, core/vclk_ops.h) to answer anything whatever parent rate it is given, and the rate recorded after it is the provider's recalc_rate, so which parent rate a provider is asked to work from is observable in no contract. Plan (issue 27): the provider boundary's refinement states set_rate's effect as a function of (configuration, rate, parent rate), and recalc_rate's answer from it"),
    M("rate-live-no-busy-check", "core/rate.c",
      "if (vclk_busy)\n\t\treturn -VCLK_EDEADLK;\n\tc = vclk_handle_clock[vclk_handle_index(clk)];\n\treturn c == VCLK_NONE",
      "c = vclk_handle_clock[vclk_handle_index(clk)];\n\treturn c == VCLK_NONE",
      "drop", "a handle is usable while notifiers run"),
    M("rate-distance-tie", "core/rate.c", "return a > b ? a - b : b - a;", "return a >= b ? a - b : b - a;",
      "cmp", "the distance takes the first branch when a == b",
      equiv="for a == b both branches give 0"),
    M("rate-forget-skip-last", "core/rate.c",
      "for (int i = 0; i < vclk_nr_clocks; i++) {\n\t\tvclk_round_memo[i].req = 0;",
      "for (int i = 0; i + 1 < vclk_nr_clocks; i++) {\n\t\tvclk_round_memo[i].req = 0;",
      "off1", "the last live clock's rounding answer is not forgotten"),
    M("rate-mark-skip-first", "core/rate.c",
      "for (int i = 0; i < vclk_nr_clocks; i++) {\n\t\tint below;",
      "for (int i = 1; i < vclk_nr_clocks; i++) {\n\t\tint below;",
      "off1", "clock 0 is never marked in a change nor its rate kept for the notifiers"),

    # ==================== core/locked.c ====================
    M("lock-put-keeps-enable-lock", "core/locked.c",
      "ret = clk_put_nolock(clk);\n\tvclk_enable_unlock(flags);", "ret = clk_put_nolock(clk);",
      "drop", "clk_put() returns with the enable lock held"),
    M("lock-enable-unlocked", "core/locked.c", "flags = vclk_enable_lock();\n\t//@ assert locks_held: vclk_enable_lock_depth > 0;\n\tret = clk_enable_nolock(clk);",
      "flags = 0;\n\t//@ assert locks_held: vclk_enable_lock_depth > 0;\n\tret = clk_enable_nolock(clk);",
      "drop", "clk_enable() runs without the enable lock"),
    M("lock-unprepare-wrong-body", "core/locked.c", "ret = vclk_unprepare_nolock(clk);",
      "ret = vclk_disable_nolock(clk);",
      "index", "vclk_unprepare() runs the disable body"),
    M("lock-set-parent-order", "core/locked.c",
      "vclk_prepare_lock();\n\tflags = vclk_enable_lock();\n\t//@ assert locks_held: vclk_prepare_lock_depth > 0 && vclk_enable_lock_depth > 0;\n\tret = clk_set_parent_nolock(",
      "flags = vclk_enable_lock();\n\tvclk_prepare_lock();\n\t//@ assert locks_held: vclk_prepare_lock_depth > 0 && vclk_enable_lock_depth > 0;\n\tret = clk_set_parent_nolock(",
      "swap", "clk_set_parent() takes the sleeping prepare lock under the IRQ-off enable lock",
      note="spec/lock.h counts each lock's depth but not the order they are taken in. Plan: vclk_prepare_lock() requires `vclk_enable_lock_depth == 0` (no sleeping lock under the IRQ-off one). That needs a design change first: every state-changing wrapper holds the enable lock across its whole body, notifier calls included, so a notifier's call into the API (answered -EDEADLK, but only after it took the prepare lock) takes the prepare lock under the enable lock; Linux takes the enable lock only around the switch itself (__clk_set_parent_before()/__clk_set_parent_after()) (issue 29)"),

    # ==================== platform/reg_poll.c (unit core) ====================
    M("poll-no-mask", "platform/reg_poll.c", "want &= mask;", "(void)0;",
      "drop", "the poll compares the masked register with an unmasked value",
      note="vclk_reg_poll() promises only an errno, and vclk_readl() gives the proof no value to reason about. Plan: a ghost `vclk_reg_last` that vclk_readl() sets to the value read, and `ensures matched: \\result == 0 ==> (vclk_reg_last & mask) == (want & mask)`"),
    M("poll-off-by-one", "platform/reg_poll.c", "for (int poll = 0; poll < max_polls; poll++) {",
      "for (int poll = 0; poll <= max_polls; poll++) {",
      "off1", "the poll reads the register once more than allowed"),
    M("poll-negated", "platform/reg_poll.c", "if ((val & mask) == want)", "if ((val & mask) != want)",
      "cmp", "the poll stops at the first value that does not match",
      note="as poll-no-mask"),

    # ==================== platform/clk_basic.c (unit types) ====================
    M("div-floor", "platform/clk_basic.c", "return (unsigned long)(whole + carry);",
      "return (unsigned long)whole;",
      "drop", "divider rate rounded down instead of DIV_ROUND_UP"),
    M("div-closest-tie", "platform/clk_basic.c", "if (rate - clk_div_rate(parent_rate, below) <=",
      "if (rate - clk_div_rate(parent_rate, below) <",
      "cmp", "round-closest breaks a tie upwards",
      note="clk_div_best()'s contract states a rounding property without CLK_DIVIDER_ROUND_CLOSEST only (`not_above`). Plan: `ensures closest:` with the flag, no divider the field can encode gives a rate strictly closer to the request, and of two equally close the lower rate is chosen"),
    M("div-candidate-skip", "platform/clk_basic.c", "div = clk_div_nth(cfg, k);",
      "div = clk_div_nth(cfg, k + 1);",
      "off1", "the divider's parent-rate candidates skip the first divider"),
    M("ff-candidate-swap", "platform/clk_basic.c",
      "return clk_mul_div(rate, cfg->div, cfg->mult, &want) ? want : 0;",
      "return clk_mul_div(rate, cfg->mult, cfg->div, &want) ? want : 0;",
      "swap", "a fixed factor asks its parent for rate * mult / div"),
    M("hiword-no-mask", "platform/clk_basic.c",
      "bit = bit * 65536u | (bit_set ? bit : 0);",
      "bit = (bit_set ? bit : 0);",
      "drop", "a hiword gate writes without its write-enable bit",
      note="the register layer (vclk_readl/vclk_writel, platform/vclk_reg.h) is an assumed interface with no register contents, so which value a gate writes is not stated. Plan (issue 27): a ghost record of each register's contents that vclk_writel() updates, and `ensures written:` on gate_set() (the write-enable bit with the value bit for a hiword gate)"),
    M("mux-table-ignored", "platform/clk_basic.c",
      "val = cfg->table ? cfg->table[index] : (uint32_t)index;", "val = (uint32_t)index;",
      "index", "a table mux writes the parent index, not its table value",
      note="the register layer (vclk_readl/vclk_writel, platform/vclk_reg.h) is an assumed interface with no register contents, so the value a mux writes for an input is not stated. Plan (issue 27): `ensures written:` on clk_mux_set_parent(): the field holds the table value of the index (the ghost register record of hiword-no-mask)"),
    M("field-write-swapped", "platform/clk_basic.c",
      "return reg_update(reg, max * unit, val * unit, old);",
      "return reg_update(reg, val * unit, max * unit, old);",
      "swap", "a field write swaps the mask and the value",
      note="the register layer (vclk_readl/vclk_writel, platform/vclk_reg.h) is an assumed interface with no register contents, so field_write()'s effect on the register is not stated. Plan (issue 27): `ensures written:` the field holds @val and every other bit is as it was (the ghost register record)"),
    M("div-value-off-by-one", "platform/clk_basic.c", "*val = (uint32_t)(div - 1);",
      "*val = (uint32_t)div;",
      "off1", "a zero-based divider writes the divider, not divider - 1"),
    M("divider-no-save", "platform/clk_basic.c",
      "cfg->saved_val = field_get(old, cfg->shift, cfg->width);\n\t\tcfg->saved = true;",
      "cfg->saved = true;",
      "rollback", "a divider's set_rate marks a saved value it did not save",
      note="the register layer (vclk_readl/vclk_writel, platform/vclk_reg.h) is an assumed interface with no register contents, so what set_rate saves for a rollback is not stated. Plan (issue 27): `ensures saved:` on success, with nothing saved before, saved_val is the field's value before the write"),
    M("synth-round-tie", "platform/clk_basic.c", "if (rate < cfg->min_rate)\n\t\treturn cfg->min_rate;",
      "if (rate <= cfg->min_rate)\n\t\treturn cfg->min_rate;",
      "cmp", "the synthesiser's round also clamps rate == min_rate",
      equiv="for rate == min_rate both return min_rate"),

    # ==================== platform/omap4/dpll.c (unit omap4) ====================
    M("dpll-set-rate-no-rollback", "platform/omap4/dpll.c", "put_setting(cfg, old_sel, old_mode);\n\treturn ret;",
      "return ret;",
      "rollback", "a DPLL whose relock fails is left in bypass with the new M/N"),
    M("dpll-clksel-mult-shift", "platform/omap4/dpll.c#2", "(m * 256u) | div;", "(m * 128u) | div;",
      "index", "the DPLL multiplier is written one bit too low",
      note="omap4_dpll_set_rate()'s contract states the ghost record of the last CLKSEL write only on failure (REQ-DPLL-2: restored), not what a success programs. Plan: `ensures programmed:` on success the CLKSEL record holds M at its field and N at its own, the setting omap4_dpll_round() chose"),
    M("dpll-set-rate-bypass", "platform/omap4/dpll.c", "if (en_bypass(old_mode % 8u))\n\t\treturn -VCLK_EBUSY;",
      "", "drop", "set_rate relocks a DPLL that is in bypass",
      note="the register layer (vclk_readl/vclk_writel, platform/vclk_reg.h) is an assumed interface with no register contents, so the mode a DPLL is read in is not known to the proof, and no clause refuses a DPLL in bypass. Plan (issue 27): a ghost record of the value each read returned, and `ensures bypass:` a DPLL read in a bypass mode is refused with -EBUSY and nothing written"),
    M("dpll-x2-candidate", "platform/omap4/dpll.c", "return k == 0 ? rate / 2u : 0;",
      "return k == 0 ? rate * 2u : 0;",
      "swap", "the x2 output asks its DPLL for twice its rate, not half"),

    # ==================== platform/omap4/dpll_round.c (unit omap4) ====================
    M("dpll-round-best-m-target", "platform/omap4/dpll_round.c",
      "a = ((unsigned long long)target + 1) * n - 1;", "a = (unsigned long long)target * n - 1;",
      "off1", "the DPLL rounding's largest M misses M*ref/N == target"),
    M("dpll-round-least-m-stuck", "platform/omap4/dpll_round.c", "lo--;", "(void)0;",
      "drop", "the least-M search never moves (never ends)"),
    M("dpll-mul-div-swapped", "platform/omap4/dpll_round.c", "low = rest * km / n;",
      "low = rest * n / km;",
      "swap", "the DPLL rate's remainder term divides by M and multiplies by N"),
    M("dpll-round-keeps-first", "platform/omap4/dpll_round.c", "if (rate > best_rate) {",
      "if (rate < best_rate) {",
      "cmp", "the DPLL rounding keeps the worse candidate"),

    # ==================== platform/omap4/omap4_clk.c (unit omap4) ====================
    M("clkdm-disable-underflow", "platform/omap4/omap4_clk.c",
      "if (clkdm->usecount == 0)\n\t\treturn;", "",
      "drop", "disabling an unused clock domain wraps its use count"),
    M("clkdm-enable-not-counted", "platform/omap4/omap4_clk.c", "clkdm->usecount++;", "(void)0;",
      "drop", "enabling a clock domain does not count the user"),
    M("modgate-no-release", "platform/omap4/omap4_clk.c#1", "omap4_clkdm_disable(cfg->clkdm);\n\treturn ret;",
      "return ret;",
      "rollback", "a module that fails to enable keeps its clock domain awake"),
    M("clksel-wrong-field", "platform/omap4/omap4_clk.c", "val = cfg->rates[i].val;",
      "val = cfg->rates[i].div;",
      "index", "a clksel writes the divider, not its register value"),
    M("hsdiv-round-below", "platform/omap4/omap4_clk.c#2", "if (r <= rate && (!found_below || r > below)) {",
      "if (r < rate && (!found_below || r > below)) {",
      "cmp", "an HSDIVIDER rounds an exact rate down to the next divider"),
]


def entry_lines():
    """The line in this file of each TABLE entry."""
    tree = ast.parse(open(HERE).read(), HERE)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "TABLE" for t in node.targets):
            return [e.lineno for e in node.value.elts]
    return []


for _m, _line in zip(TABLE, entry_lines()):
    _m.line = _line


def unit_of(path):
    """The proof unit of proofs/prove.sh that proves @path, or None."""
    if re.fullmatch(r"core/[^/]+\.c", path) or path == "platform/reg_poll.c":
        return "core"
    if path == "platform/clk_basic.c":
        return "types"
    if re.fullmatch(r"platform/omap4/[^/]+\.c", path) and not path.endswith("_ops.c"):
        return "omap4"
    return None


def blank_comments(text, literals=True):
    """@text with comments (ACSL annotations included) and, with
    @literals, string and character literals replaced by spaces, newlines
    kept: offsets match."""
    out = list(text)
    i, n = 0, len(text)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            blank(i, j)
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text[i] in "\"'":
            q, j = text[i], i + 1
            while j < n and text[j] != q and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            if literals:
                blank(i, j + 1)
            i = j + 1
        else:
            i += 1
    return "".join(out)


def function_spans(text):
    """[(name, body_start, body_end)] of the function definitions of a C
    file: a top-level '{' right after the ')' of a declarator."""
    code = blank_comments(text)
    spans = []
    depth = 0
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if c == "#" and (i == 0 or code[i - 1] == "\n"):
            # a preprocessor line (with its continuations)
            while i < n and code[i] != "\n":
                i += 2 if code[i] == "\\" else 1
            continue
        if c == "{":
            if depth == 0:
                k = i - 1
                while k >= 0 and code[k].isspace():
                    k -= 1
                name = None
                if k >= 0 and code[k] == ")":
                    par = 0
                    while k >= 0:
                        if code[k] == ")":
                            par += 1
                        elif code[k] == "(":
                            par -= 1
                            if par == 0:
                                break
                        k -= 1
                    k -= 1
                    while k >= 0 and code[k].isspace():
                        k -= 1
                    e = k + 1
                    while k >= 0 and (code[k].isalnum() or code[k] == "_"):
                        k -= 1
                    name = code[k + 1:e] or None
                start = i
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0 and name:
                spans.append((name, start, i + 1))
                name = None
        i += 1
    return spans


def locate(m, root=TOP):
    """(offset, error) of mutant @m's text in its file under @root."""
    path = os.path.join(root, m.file)
    if not os.path.isfile(path):
        return None, "%s: no such file" % m.file
    text = open(path).read()
    count = text.count(m.text)
    if count == 0:
        return None, "%r does not occur in %s" % (m.text, m.file)
    if "#" not in m.where and count != 1:
        return None, "%r occurs %d times in %s: say which (FILE#N)" % (m.text, count, m.file)
    if m.nth < 1 or m.nth > count:
        return None, "%s: %r occurs %d times, not %s" % (m.where, m.text, count, m.where.partition("#")[2])
    at = -1
    for _ in range(m.nth):
        at = text.index(m.text, at + 1)
    return at, None


def enclosing(m, root=TOP):
    """(functions, error) for mutant @m: its fct field, or the function
    whose body holds its text."""
    at, err = locate(m, root)
    if err:
        return None, err
    text = open(os.path.join(root, m.file)).read()
    code = blank_comments(text, literals=False)
    span = code[at:at + len(m.text)]
    if span != m.text:
        # the text reaches into a comment or an annotation: allowed only
        # when the annotation is copied unchanged into the replacement
        # (a C statement around a ghost assert)
        annot = [t for t in re.findall(r"//@[^\n]*|/\*@.*?\*/", m.text, re.S)]
        if not annot or any(a not in m.repl for a in annot) or \
                blank_comments(m.text, literals=False) != span:
            return None, "the text is (partly) inside a comment or an annotation: mutate C code only"
    funcs = [f for f, s, e in function_spans(text) if s < at and at + len(m.text) <= e]
    if m.fct:
        return m.fct.replace(" ", "").split(","), None
    if len(funcs) != 1:
        return None, "the text is not inside one function body"
    return funcs, None


def check(ids):
    errs = []
    seen = set()
    table_file = os.path.relpath(HERE, os.getcwd())
    for m in TABLE:
        def bad(reason):
            errs.append("%s:%d: %s: %s" % (table_file, m.line, m.id, reason))
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", m.id):
            bad("bad id (want [a-z0-9-]+)")
        if m.id in seen:
            bad("duplicate id")
        seen.add(m.id)
        if m.kind not in KINDS:
            bad("unknown kind %r (%s)" % (m.kind, ", ".join(KINDS)))
        if not unit_of(m.file):
            bad("%s is not a file proofs/prove.sh proves" % m.file)
        if m.text == m.repl:
            bad("the replacement is the text")
        if m.equiv is not None and not m.equiv.strip():
            bad("equivalent without a reason")
        if not m.what:
            bad("no description")
        funcs, err = enclosing(m)
        if err:
            bad(err)
        elif any(not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", f) for f in funcs):
            bad("bad function name in %r" % (funcs,))
    for i in ids:
        if i not in seen:
            errs.append("%s: unknown mutant %s" % (table_file, i))
    for e in errs:
        print(e, file=sys.stderr)
    return 2 if errs else 0


def find(i):
    for m in TABLE:
        if m.id == i:
            return m
    sys.exit("proof-mutants: unknown mutant %s" % i)


def report(results, base, cmd):
    # RESULTS: one file, or several separated by ':' (a later file's line
    # for a mutant replaces an earlier one's: a mutant re-run on its own)
    res = {}
    for path in results.split(":"):
        for line in open(path):
            f = line.rstrip("\n").split("\t")
            if len(f) >= 2:
                res[f[0]] = (f[1], f[2] if len(f) > 2 and f[2] else "-", f[3] if len(f) > 3 else "")
    # the run's date: when its last result came
    date = datetime.datetime.fromtimestamp(
        max(os.path.getmtime(p) for p in results.split(":")), datetime.timezone.utc) \
        .strftime("%Y-%m-%d %H:%M UTC")
    ran = [m for m in TABLE if m.id in res]
    killed = sum(1 for m in ran if res[m.id][0] == "killed")
    survived = [m for m in ran if res[m.id][0] == "survived"]
    equiv = [m for m in ran if res[m.id][0] == "equivalent"]
    other = [m for m in ran if res[m.id][0] not in ("killed", "survived", "equivalent")]
    n = killed + len(survived)
    pct = (100.0 * killed / n) if n else 0.0
    subset = len(ran) < len(TABLE)
    score = ("killed %d of %d non-equivalent mutants (%.1f%%), %d equivalent%s; "
             "command: %s; %s" % (killed, n, pct, len(equiv),
                                  (", %d not decided (%s)" % (len(other), ", ".join(m.id for m in other)))
                                  if other else "", cmd, date))
    if subset:
        score += " (%d of the table's %d mutants)" % (len(ran), len(TABLE))
    with open(base + ".txt", "w") as f:
        f.write("# ci/proof-mutants.sh: id, result, the goals that failed (status); %s\n" % date)
        for m in ran:
            st, goals, _ = res[m.id]
            f.write("%s %s %s\n" % (m.id, st, goals))
        f.write("# %s\n" % score)
    per_file = {}
    for m in ran:
        per_file.setdefault(m.file, []).append(m)
    with open(base + ".md", "w") as f:
        f.write("| mutant | file | function | kind | what it plants | result | killed by |\n")
        f.write("|---|---|---|---|---|---|---|\n")
        for m in ran:
            st, goals, funcs = res[m.id]
            if st == "equivalent":
                why = "equivalent: " + m.equiv
            elif st == "survived":
                why = m.note or "(contract too weak: see below)"
            else:
                why = ", ".join("`%s`" % g for g in goals.split(",")) if goals != "-" else "-"
            f.write("| `%s` | %s | %s | %s | %s | %s | %s |\n" % (
                m.id, m.file, ", ".join("`%s`" % x for x in funcs.split(",") if x) or "-",
                KINDS[m.kind], m.what, st, why.replace("|", "\\|")))
        f.write("\nPer file: %s.\n" % "; ".join(
            "%s %d (%d killed)" % (p, len(ms), sum(1 for m in ms if res[m.id][0] == "killed"))
            for p, ms in per_file.items()))
        if survived:
            f.write("\nSurvivors:\n\n")
            for m in survived:
                f.write("- `%s` (%s): %s\n" % (m.id, m.what, m.note or "not analysed yet"))
        f.write("\n%s\n" % score)
    print(score)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    cmd, args = argv[1], argv[2:]
    if cmd == "check":
        return check(args)
    if cmd == "list":
        ms = [find(i) for i in args] if args else TABLE
        for m in ms:
            funcs, err = enclosing(m)
            if err:
                sys.exit("%s:%d: %s: %s" % (os.path.relpath(HERE), m.line, m.id, err))
            print("\t".join([m.id, unit_of(m.file), m.file, ",".join(funcs),
                             "E" if m.equiv else "-"]))
        return 0
    if cmd == "apply" and len(args) == 2:
        m = find(args[0])
        at, err = locate(m, args[1])
        if err:
            sys.exit("%s: %s" % (m.id, err))
        path = os.path.join(args[1], m.file)
        text = open(path).read()
        open(path, "w").write(text[:at] + m.repl + text[at + len(m.text):])
        return 0
    if cmd == "what" and len(args) == 1:
        print(find(args[0]).what)
        return 0
    if cmd == "report" and len(args) == 3:
        report(*args)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
