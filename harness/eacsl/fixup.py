#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""harness/eacsl/fixup.py - make E-ACSL's output a library the tests call.

usage: fixup.py RAW.c OUT.c

E-ACSL checks a function's contract in a wrapper, __gen_e_acsl_F, and
renames the calls to F in the code it instruments; a caller it did not
instrument (every unit test) still calls F, the bare body, and no
precondition or postcondition of the API would be checked.  So each F
defined in the file becomes __vclk_eacsl_body_F, and its wrapper becomes
F: every caller, instrumented or not, goes through the checks.  (Wrappers
of functions defined elsewhere, the provider dispatchers of
core/vclk_ops.h, are left alone: the core calls them by their wrapper.)

Also drops the calls in the wrappers of the ghost lemma functions
(core/vclk_lemmas.h): the printer leaves their ghost parameters in
comments, so the calls do not compile, and nothing calls those wrappers
(a call of a lemma is ghost code, a comment).
"""
import re
import sys


def main():
    raw, out = sys.argv[1:3]
    src = open(raw).read()
    src = re.sub(r"^  vclk_lemma_[a-z_]+\([a-z_, ]*\);\n", "", src, flags=re.M)
    # a definition: a line at column 0 naming the function, its parameter
    # list (possibly over several lines), then "{" alone on a line
    defn = r"^[^\s#/].*\b%s\([^;{}]*\)\n\{"
    wrapped = set(re.findall(defn % r"__gen_e_acsl_(\w+)", src, re.M))
    defined = {f for f in wrapped
               if re.search(defn % re.escape(f), src, re.M)}
    for f in sorted(defined):
        body = "__vclk_eacsl_body_" + f
        src = re.sub(r"\b%s\b" % re.escape(f), body, src)
        # (\bF\b does not match inside __gen_e_acsl_F: no word boundary)
        src = re.sub(r"\b__gen_e_acsl_%s\b" % re.escape(f), f, src)
        # the reports name the function as written
        src = src.replace('"%s"' % body, '"%s"' % f)
    open(out, "w").write(src)
    print("fixup: %d wrapped functions exported under their own name, "
          "%d wrappers of external functions kept" %
          (len(defined), len(wrapped - defined)))


if __name__ == "__main__":
    main()
