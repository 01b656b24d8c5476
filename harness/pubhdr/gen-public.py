#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""
harness/pubhdr/gen-public.py - write the public headers include/vclk/clk.h
and include/vclk/clk-provider.h from the proof headers.

The proof headers (core/vclk.h, core/vclk_nolock.h, core/vclk_provider.h,
platform/clk_basic.h, ...) carry the ACSL contracts and the pool arrays the
proofs need; a user needs neither.  This script copies, by name, each
public declaration with its kerneldoc and without its contract, so the
public headers cannot drift from what is proven: one source for every
prototype, type and flag (make check fails when the committed headers are
stale: --check).

Usage: gen-public.py [--check]
"""
import os
import re
import sys

TOP = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))


def read(path):
    with open(os.path.join(TOP, path)) as f:
        return f.read().split("\n")


def fail(path, line, msg):
    sys.stderr.write("%s:%d: %s\n" % (path, line, msg))
    sys.exit(2)


def is_acsl_start(line):
    s = line.strip()
    return s.startswith("/*@") or s.startswith("//@")


def doc_above(lines, i):
    """The kerneldoc (or plain comment) block right above line i, skipping
    blank lines and ACSL annotations; [] when there is none."""
    j = i - 1
    while j >= 0:
        s = lines[j].strip()
        if s == "":
            j -= 1
            continue
        if s.startswith("//@"):
            j -= 1
            continue
        if s.endswith("*/"):
            # find the start of this comment
            k = j
            while k >= 0 and "/*" not in lines[k]:
                k -= 1
            if k < 0:
                return []
            if lines[k].strip().startswith("/*@"):
                j = k - 1
                continue
            if not lines[k].lstrip().startswith("/*"):
                return []
            # a banner or the file's head comment is not a declaration's doc
            block = lines[k:j + 1]
            if "====" in block[0] or "SPDX" in block[0]:
                return []
            return block
        return []
    return []


def find_decl(path, lines, name, kind):
    """Index of the line starting the declaration of name."""
    if kind == "func":
        pat = re.compile(r"^[A-Za-z_][\w \*]*\b%s\(" % re.escape(name))
    elif kind == "struct":
        pat = re.compile(r"^struct %s \{" % re.escape(name))
    elif kind == "extern":
        pat = re.compile(r"^extern [\w \*]*\b%s;" % re.escape(name))
    else:
        pat = re.compile(r"^#define %s\b" % re.escape(name))
    hits = [i for i, l in enumerate(lines) if pat.match(l)]
    if len(hits) != 1:
        fail(path, 1, "%s %s: %d declarations found, want 1" %
             (kind, name, len(hits)))
    return hits[0]


def decl_text(lines, i, kind):
    """The declaration starting at line i: to its ';' (a function or an
    extern), to its '};' (a struct), or the #define line(s)."""
    out = []
    j = i
    while True:
        out.append(lines[j])
        l = re.sub(r"/\*.*?\*/$", "", lines[j].rstrip()).rstrip()
        if kind in ("func", "extern") and l.endswith(";"):
            break
        if kind == "struct" and l.startswith("};"):
            break
        if kind == "define" and not l.endswith("\\"):
            break
        j += 1
    return out


def item(path, name, kind="func", doc=True):
    lines = read(path)
    i = find_decl(path, lines, name, kind)
    text = decl_text(lines, i, kind)
    # ACSL inside a struct or after a member (ghost fields) is not public
    text = [l for l in text if not is_acsl_start(l)]
    head = doc_above(lines, i) if doc else []
    return head + text


def defines(path, names):
    """#define lines, each as written (with its trailing comment), and the
    plain comment line(s) right above the first of a run."""
    lines = read(path)
    out = []
    prev = None
    for n in names:
        i = find_decl(path, lines, n, "define")
        if prev is None or i != prev + 1:
            head = doc_above(lines, i)
            if out:
                out.append("")
            out.extend(head)
        out.extend(decl_text(lines, i, "define"))
        prev = i
    return out


LOCKED = "core/vclk.h"
NOLOCK = "core/vclk_nolock.h"
PROV = "core/vclk_provider.h"
ERRNO = "core/vclk_errno.h"
BASIC = "platform/clk_basic.h"
REG = "platform/vclk_reg.h"
LOCK = "core/vclk_lock.h"


def banner(title):
    return ["", "/* ==================== %s ==================== */" % title, ""]


# the Linux-named void forms: their doc in the proof headers is the
# locking line alone, since they share the int forms' contracts
VOID_FORMS = {
    "clk_unprepare": "vclk_unprepare",
    "clk_disable": "vclk_disable",
    "clk_disable_unprepare": "vclk_disable_unprepare",
    "clk_rate_exclusive_put": "vclk_rate_exclusive_put",
}


def funcs(path, names):
    out = []
    for n in names:
        decl = item(path, n)
        if n in VOID_FORMS and decl[0].startswith("/* Locking:"):
            decl = ["/**",
                    " * %s() - %s() with the error dropped, as Linux's"
                    % (n, VOID_FORMS[n]),
                    " * " + decl[0][3:-3].strip(),
                    " */"] + decl[1:]
        out.extend(decl)
        out.append("")
    return out[:-1]


HEAD = """/* SPDX-License-Identifier: MIT */
/*
 * vclk/%(file)s - %(what)s
 *
 * GENERATED by harness/pubhdr/gen-public.py from the proof headers
 * %(sources)s:
 * each declaration here is the proven one, with its kerneldoc and
 * without its ACSL contract.  Edit the proof headers and
 * run `make public-headers` (make check fails when this file is stale).
 *
%(body)s */
#ifndef %(guard)s
#define %(guard)s
"""

CPP_OPEN = """
#ifdef __cplusplus
extern "C" {
#endif
"""

CPP_CLOSE = """
#ifdef __cplusplus
}
#endif

#endif /* %s */
"""


def wrap_list(names):
    """names, comma-separated, wrapped into comment lines of at most 76
    columns."""
    lines, cur = [], ""
    for i, n in enumerate(names):
        word = n + ("," if i < len(names) - 1 else "")
        if cur and len(" * " + cur + " " + word) > 76:
            lines.append(cur)
            cur = word
        else:
            cur = (cur + " " + word) if cur else word
    lines.append(cur)
    return "\n * ".join(lines)


def header(file, what, sources, body, guard, includes, parts):
    out = (HEAD % dict(file=file, what=what, sources=wrap_list(sources),
                       body=body, guard=guard)).split("\n")
    out.append("")
    out.extend(includes)
    out.extend(CPP_OPEN.split("\n"))
    out.extend(parts)
    out.extend((CPP_CLOSE % guard).split("\n"))
    text = "\n".join(out)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.rstrip("\n") + "\n"


def clk_h():
    body = """ * The consumer API, as Linux's <linux/clk.h>: take a handle with
 * clk_get(), prepare and enable it, read and change rates, give it back
 * with clk_put().  Every call is thread-safe (the core's locks); calls
 * that may sleep say so.  Errors are negative errno values (VCLK_E*,
 * Linux's numbers).  Where vclk differs from Linux, docs/users.md
 * ("Differences from Linux") says how and why.
"""
    parts = []
    parts += banner("error values: Linux's numbers")
    parts += defines(ERRNO, ["VCLK_ENOENT", "VCLK_EIO", "VCLK_ENOMEM",
                             "VCLK_EBUSY", "VCLK_EEXIST", "VCLK_EINVAL",
                             "VCLK_EDEADLK", "VCLK_ENAMETOOLONG",
                             "VCLK_EOVERFLOW", "VCLK_ESHUTDOWN",
                             "VCLK_ETIMEDOUT", "VCLK_MAX_ERRNO"])
    parts += banner("types")
    parts += ["/* a consumer handle: opaque */", "struct clk;", ""]
    parts += defines(PROV, ["PRE_RATE_CHANGE", "POST_RATE_CHANGE",
                            "ABORT_RATE_CHANGE"])
    parts += [""]
    parts += defines(PROV, ["NOTIFY_DONE", "NOTIFY_OK", "NOTIFY_STOP_MASK",
                            "NOTIFY_BAD", "NOTIFY_STOP"])
    parts += [""]
    parts += item(PROV, "clk_notifier_data", "struct") + [""]
    parts += item(PROV, "notifier_block", "struct") + [""]
    parts += item(NOLOCK, "clk_bulk_data", "struct")
    parts += banner("handles")
    parts += funcs(LOCKED, ["vclk_get", "clk_get", "clk_put"])
    parts += banner("prepare and enable")
    parts += funcs(LOCKED, ["clk_prepare", "vclk_unprepare", "clk_enable",
                            "vclk_disable", "clk_prepare_enable",
                            "vclk_disable_unprepare", "clk_unprepare",
                            "clk_disable", "clk_disable_unprepare",
                            "clk_is_enabled"])
    parts += [""] + funcs(NOLOCK, ["vclk_misuse_count"])
    parts += banner("parents and rates")
    parts += funcs(LOCKED, ["clk_get_parent", "clk_has_parent",
                            "clk_get_rate", "clk_set_parent",
                            "vclk_round_rate", "clk_round_rate"])
    parts += banner("rate changes")
    parts += funcs(LOCKED, ["clk_set_rate", "clk_set_rate_range",
                            "clk_set_min_rate", "clk_set_max_rate",
                            "clk_drop_range", "clk_notifier_register",
                            "clk_notifier_unregister"])
    parts += banner("bulk operations and lookups by device")
    parts += funcs(LOCKED, ["clk_bulk_get", "clk_bulk_put",
                            "clk_bulk_prepare", "clk_bulk_enable",
                            "clk_bulk_prepare_enable", "clk_bulk_disable",
                            "clk_bulk_unprepare",
                            "clk_bulk_disable_unprepare", "clk_is_match",
                            "vclk_get_sys", "clk_get_sys"])
    parts += banner("exclusive rates")
    parts += funcs(LOCKED, ["clk_rate_exclusive_get",
                            "vclk_rate_exclusive_put",
                            "clk_rate_exclusive_put",
                            "clk_set_rate_exclusive"])
    parts += banner("signal: accuracy, phase, duty cycle")
    parts += funcs(LOCKED, ["clk_get_accuracy", "clk_set_phase",
                            "clk_get_phase", "clk_set_duty_cycle",
                            "clk_get_scaled_duty_cycle"])
    return header("clk.h", "the vclk consumer API", [LOCKED, NOLOCK, PROV, ERRNO],
                  body, "VCLK_PUBLIC_CLK_H",
                  ["#include <stdbool.h>", "#include <stdint.h>",
                   '#include "config.h"'], parts)


def clk_provider_h():
    body = """ * The provider API, as Linux's <linux/clk-provider.h>: describe a
 * clock (struct vclk_init_data: name, parents, flags, ops) and register
 * it; the basic clock types (fixed rate, fixed factor, gate, mux,
 * divider, and an ideal synthesizer); the introspection calls tools use;
 * and the back-ends a platform provides: register access (vclk_readl,
 * vclk_writel) and the core's two locks.  What a provider's ops must
 * guarantee (the assumptions the core's proof rests on) is in
 * docs/porting.md.
"""
    parts = []
    parts += banner("clock flags: Linux's values")
    parts += defines(PROV, ["CLK_SET_RATE_GATE", "CLK_SET_PARENT_GATE",
                            "CLK_SET_RATE_PARENT", "CLK_IGNORE_UNUSED",
                            "CLK_SET_RATE_NO_REPARENT", "CLK_IS_CRITICAL",
                            "CLK_DUTY_CYCLE_PARENT", "CLK_ROUND_CLOSEST"])
    parts += banner("provider ops and registration")
    parts += item(PROV, "vclk_ops", "struct") + [""]
    parts += item(PROV, "vclk_init_data", "struct") + [""]
    parts += funcs(LOCKED, ["vclk_reset", "vclk_register"])
    parts += [""] + funcs(LOCKED, ["vclk_clkdev_add", "vclk_clkdev_drop"])
    parts += banner("introspection (tools and tests)")
    parts += funcs(LOCKED, ["vclk_clock_count", "vclk_lookup",
                            "vclk_clock_id", "vclk_clock_handle",
                            "vclk_clock_name", "vclk_clock_parent",
                            "vclk_clock_num_parents", "vclk_clock_parent_id",
                            "vclk_clock_rate", "vclk_clock_flags"])
    parts += [""] + funcs(NOLOCK, ["vclk_clock_prepare_count",
                                   "vclk_clock_enable_count"])
    parts += banner("basic clock types: flags (Linux's values)")
    parts += defines(BASIC, ["CLK_GATE_SET_TO_DISABLE",
                             "CLK_GATE_HIWORD_MASK"])
    parts += [""]
    parts += defines(BASIC, ["CLK_MUX_ROUND_CLOSEST"])
    parts += [""]
    parts += defines(BASIC, ["CLK_DIVIDER_ONE_BASED",
                             "CLK_DIVIDER_POWER_OF_TWO",
                             "CLK_DIVIDER_ALLOW_ZERO",
                             "CLK_DIVIDER_ROUND_CLOSEST"])
    parts += [""]
    parts += defines(BASIC, ["CLK_DIV_MAX_TABLE"])
    parts += banner("basic clock types: configuration (the clock's priv)")
    for s in ["clk_fixed_cfg", "clk_synth_cfg", "clk_fixed_factor_cfg",
              "clk_gate_cfg", "clk_mux_cfg", "clk_div_table",
              "clk_divider_cfg"]:
        parts += item(BASIC, s, "struct") + [""]
    parts += banner("basic clock types: their ops")
    parts += ["/* a clock of a basic type: .ops = &clk_X_ops, .priv = a struct",
              " * clk_X_cfg as commented (the config must outlive the clock) */"]
    for o in ["clk_fixed_ops", "clk_synth_ops", "clk_fixed_factor_ops",
              "clk_gate_ops", "clk_mux_ops", "clk_divider_ops"]:
        parts += item(BASIC, o, "extern", doc=False)
    parts += banner("back-end: register access")
    parts += funcs(REG, ["vclk_readl", "vclk_writel", "vclk_reg_poll"])
    parts += banner("back-end: the core's locks")
    parts += ["/*",
              " * The hooks the core calls, as Linux's clk_prepare_lock() and",
              " * clk_enable_lock(); exactly one back-end is linked.  The prepare",
              " * lock serialises the calls that may sleep; the enable lock is",
              " * IRQ-safe and guards the core's pools on every call.  Both are",
              " * recursive for their owner (a rate-change notifier runs with both",
              " * held); order: prepare, then enable.  libvclk.a (host) has",
              " * pthread mutexes; the Cortex-M archives offer libvclk-lock-irq.a",
              " * (PRIMASK) and libvclk-lock-none.a (one thread, nesting counts).",
              " */", ""]
    parts += funcs(LOCK, ["vclk_prepare_lock", "vclk_prepare_unlock",
                          "vclk_enable_lock", "vclk_enable_unlock",
                          "vclk_prepare_lock_held"])
    parts += ["int vclk_enable_lock_held(void);"]
    return header("clk-provider.h", "the vclk provider API",
                  [LOCKED, NOLOCK, PROV, BASIC, REG, LOCK], body,
                  "VCLK_PUBLIC_CLK_PROVIDER_H",
                  ["#include <stdbool.h>", "#include <stdint.h>",
                   '#include "clk.h"'], parts)


REGMODEL = "harness/regmodel/regmodel.h"


def regmodel_h():
    """The host register model's header, whole: it has no contracts; only
    its include of the register layer becomes the public one."""
    lines = read(REGMODEL)
    out = []
    for i, l in enumerate(lines):
        if l.startswith(" * harness/regmodel/regmodel.h - "):
            l = l.replace("harness/regmodel/regmodel.h", "vclk/regmodel.h")
        if l == '#include "vclk_reg.h"':
            out.append('#include "clk-provider.h"')
            out.extend(CPP_OPEN.split("\n"))
            continue
        if l.startswith("#endif") and i == max(
                k for k, x in enumerate(lines) if x.startswith("#endif")):
            out.extend(CPP_CLOSE.split("\n")[:-3])
        out.append(l)
    head = ["/*",
            " * GENERATED by harness/pubhdr/gen-public.py from %s." % REGMODEL,
            " * The host library's register back-end (libvclk.a): registers are",
            " * host memory of the model, not bus addresses, so a host program",
            " * drives the clock types safely and tests can inject faults.",
            " */"]
    text = "\n".join(out[:1] + head + out[1:])
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.rstrip("\n") + "\n"


def public_symbols():
    """Every global the installed library exports: the functions and
    objects the public headers declare.  The library is linked keeping
    these global and every other symbol local (Makefile, libvclk.a)."""
    names = set()
    for make in (clk_h, clk_provider_h, regmodel_h):
        text = re.sub(r"/\*.*?\*/", "", make(), flags=re.S)
        for m in re.finditer(r"^[A-Za-z_][\w \*]*?\b(\w+)\(", text, re.M):
            if not m.group(0).startswith(("#", "typedef")):
                names.add(m.group(1))
        for m in re.finditer(r"^extern [\w \*]*?\b(\w+);", text, re.M):
            names.add(m.group(1))
    return "".join(n + "\n" for n in sorted(names))


OUTPUTS = {
    "include/vclk/clk.h": clk_h,
    "include/vclk/clk-provider.h": clk_provider_h,
    "include/vclk/regmodel.h": regmodel_h,
    "harness/pubhdr/public-symbols.txt": public_symbols,
}


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        sys.stderr.write("usage: gen-public.py [--check]\n")
        return 2
    stale = 0
    for path, make in OUTPUTS.items():
        text = make()
        full = os.path.join(TOP, path)
        old = open(full).read() if os.path.exists(full) else None
        if check:
            if old != text:
                sys.stderr.write("%s:1: stale: run `make public-headers`\n"
                                 % path)
                stale = 1
        elif old != text:
            with open(full, "w") as f:
                f.write(text)
    return stale


if __name__ == "__main__":
    sys.exit(main())
