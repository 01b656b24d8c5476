#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""harness/eacsl/summary.py - what E-ACSL checks of the core, and what not.

usage: summary.py FILTER_TSV FRAMA_C_LOG INSTRUMENTED_C SKIPPED_TSV

FILTER_TSV (and FILTER_TSV.all) come from harness/eacsl/eacsl_filter.ml:
the annotations it left out, and every annotation it saw.  FRAMA_C_LOG
holds E-ACSL's own "not yet supported" warnings.  INSTRUMENTED_C is
E-ACSL's output: each translated annotation is a check there, with its
kind, function, file, line and name.  Writes every annotation left out to
SKIPPED_TSV (function, kind, name, file:line, by, reason) and the summary,
then a per-function table, to stdout.
"""
import collections
import re
import sys


def read_tsv(path):
    with open(path) as f:
        return [l.rstrip("\n").split("\t") for l in f if l.strip()]


def eacsl_warnings(log):
    """(file:line, reason) of each annotation E-ACSL itself ignored"""
    out = []
    text = open(log).read()
    for m in re.finditer(r"^\[e-acsl\] (\S+):(\d+): Warning: *\n(.*?)Ignoring annotation\.",
                         text, re.S | re.M):
        path, line, msg = m.groups()
        msg = " ".join(msg.split())
        ny = re.search(r"E-ACSL construct `(.*?)' is not yet supported", msg)
        if ny:
            reason = "E-ACSL: not yet supported: " + ny.group(1)
        elif msg.startswith("invalid E-ACSL construct"):
            inner = re.sub(r"^invalid E-ACSL construct `", "", msg)
            reason = "E-ACSL: invalid construct: " + re.split(r"[:.]", inner)[0].strip()
        else:
            reason = "E-ACSL: " + msg[:80]
        out.append((path.split("/")[-1] + ":" + line, reason))
    return out


def translated(csrc):
    """distinct (function, kind, name, file:line) checks in the output"""
    src = open(csrc).read()
    seen = set()
    for m in re.finditer(r'\.kind = "([^"]+)";(.*?)__e_acsl_assert\(', src, re.S):
        kind, body = m.groups()

        def g(field):
            f = re.search(r"\." + field + r' = ("(?:[^"\\]|\\.)*"|\d+);', body)
            return f.group(1).strip('"') if f else "-"
        seen.add((g("fct"), kind, g("name") or "-",
                  g("file").split("/")[-1] + ":" + g("line")))
    return seen


def main():
    filt_path, log, csrc, skipped_path = sys.argv[1:5]
    allann = read_tsv(filt_path + ".all")
    filt = read_tsv(filt_path)
    fn_of_loc = {}
    kind_of_loc = {}
    for fn, kind, name, loc, _ in allann:
        fn_of_loc.setdefault(loc, fn)
        kind_of_loc.setdefault(loc, kind)
    warns = eacsl_warnings(log)
    checks = translated(csrc)
    rte = {c for c in checks if c[1] == "RTE"}
    checks -= rte

    with open(skipped_path, "w") as f:
        f.write("function\tkind\tname\tlocation\tleft_out_by\treason\n")
        for fn, kind, name, loc, reason in filt:
            f.write("\t".join([fn, kind, name, loc, "filter", reason]) + "\n")
        for loc, reason in warns:
            f.write("\t".join([fn_of_loc.get(loc, "?"), kind_of_loc.get(loc, "?")
                               if "assigns" not in reason else "assigns",
                               "-", loc, "e-acsl", reason]) + "\n")

    def bucket(reason):
        r = re.sub(r"reaches (recursive|undefined) \S+", r"reaches \1 logic", reason)
        r = re.sub(r"^\S+ reaches", "reaches", r)
        r = re.sub(r"memory predicate .*", "memory predicate or dereference "
                   "(the tests are not memory-tracked)", r)
        return r

    assigns_warns = [w for w in warns if "assigns" in w[1]]
    other_warns = [w for w in warns if "assigns" not in w[1]]
    total = len(allann)
    print("E-ACSL over the core: annotations (requires, ensures, assumes, "
          "assert, loop invariant, loop variant)")
    print("  seen:                 %4d" % total)
    # each E-ACSL warning ends in "Ignoring annotation.": one annotation
    print("  translated (checked): %4d  (seen, less both kinds of left out; "
          "%d distinct checks in the instrumented code)"
          % (total - len(filt) - len(other_warns), len(checks)))
    print("  left out, filter:     %4d" % len(filt))
    for r, n in collections.Counter(bucket(x[4]) for x in filt).most_common():
        print("      %4d  %s" % (n, r))
    print("  left out, E-ACSL:     %4d" % len(other_warns))
    for r, n in collections.Counter(w[1] for w in other_warns).most_common():
        print("      %4d  %s" % (n, r))
    print("  (and %d assigns clauses: E-ACSL 25 does not check assigns)"
          % len(assigns_warns))
    print("  E-ACSL's own checks (RTE) inside annotations: %d" % len(rte))
    by_kind = collections.Counter(c[1] for c in checks)
    print("  translated by kind: " + ", ".join("%s %d" % kv for kv in sorted(by_kind.items())))

    print()
    print("== per function: seen, translated, left out (filter), left out (E-ACSL) ==")
    seen_fn = collections.Counter(a[0] for a in allann)
    tr_fn = collections.Counter(c[0] for c in checks)
    fl_fn = collections.Counter(x[0] for x in filt)
    ea_fn = collections.Counter(fn_of_loc.get(w[0], "?") for w in other_warns)
    for fn in sorted(set(seen_fn) | set(tr_fn)):
        print("%-36s %4d %4d %4d %4d" % (fn, seen_fn[fn], tr_fn[fn], fl_fn[fn], ea_fn[fn]))


if __name__ == "__main__":
    main()
