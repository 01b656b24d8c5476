#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""proofs/gate.py - the honesty gate of `make prove`: nothing in the proof
sources may admit or assume what WP should prove.

    python3 proofs/gate.py [PATH ...]     (default: core spec platform)

Reads every .c and .h file under each PATH (recursively; a file PATH is
read as it is), and looks only at what Frama-C reads as ACSL: the
annotations /*@ ... */ and //@ ... (ghost code and its /@ ... @/ included),
without the ACSL comments inside them (// to the end of the line), and the
preprocessor directives (a macro can put ACSL into an annotation).  C code,
C comments and string literals are skipped, so the words below in a
comment, a string or an identifier such as assumed_ok are no finding.

The annotations are split into tokens, and these are findings:

  - admit (Frama-C's `admit requires/ensures/assert`: a property taken
    as true), axiom (a fact taken as true; an `axiomatic` block that only
    declares logic functions and predicates is fine), assume: anywhere;
  - a requires, ensures or assumes clause that is \\false, after any
    number of `name:` labels and in any parentheses, up to its `;` or the
    end of the annotation, however it is spaced or split over lines: a
    false precondition or behaviour assumption makes every goal under it
    vacuous, a false postcondition hides a missing proof of termination
    of normal returns.  \\false inside a larger expression (c ? x :
    \\false) is not flagged (WP's smoke tests look for vacuous contracts);
    nor are `exits \\false` and `terminates \\false`, which are promises;
  - in a preprocessor directive, any of admit, axiom, assume or \\false
    (a macro would hide them from the rule above).

Prints `FILE:LINE: reason` for each finding; exit status 1 if there is
any, 2 on bad usage (a PATH that does not exist), 0 otherwise.
"""

import os
import re
import sys

DEFAULT_PATHS = ("core", "spec", "platform")
# words no annotation may contain, and why
FORBIDDEN = {
    "admit": "admit: the property is taken as true, not proved",
    "axiom": "axiom: a fact taken as true, not proved",
    "assume": "assume: a hypothesis taken as true, not proved",
}
# clauses whose \false makes goals vacuous, and which
VACUOUS_CLAUSES = {
    "requires": "requires \\false: every goal of the function is vacuous",
    "ensures": "ensures \\false: every goal after a call to the function is vacuous",
    "assumes": "assumes \\false: the behavior never applies, its goals are vacuous",
}
TOKEN_RE = re.compile(r"""
    \\?[A-Za-z_][A-Za-z0-9_]*         # identifiers, keywords, \false
  | [0-9][A-Za-z0-9_.]*                # numbers
  | <==>|==>|::|==|!=|<=|>=|&&|\|\||-> # operators that hold a ':' or '='
  | \S                                 # any other character
""", re.X)


def splice(text):
    """The text with backslash-newlines removed (C translation phase 2),
    and for each character left its line number in the original."""
    chars, lines = [], []
    line, i, n = 1, 0, len(text)
    while i < n:
        c = text[i]
        if c == "\\" and i + 1 < n and text[i + 1] == "\n":
            i += 2
            line += 1
            continue
        if c == "\\" and text.startswith("\r\n", i + 1):
            i += 3
            line += 1
            continue
        chars.append(c)
        lines.append(line)
        if c == "\n":
            line += 1
        i += 1
    return "".join(chars), lines


def skip_quoted(s, i):
    """Index after the string or character literal starting at s[i]."""
    q, i = s[i], i + 1
    while i < len(s) and s[i] != q and s[i] != "\n":
        i += 2 if s[i] == "\\" else 1
    return i + 1


def segments(text):
    """The ACSL a C file holds: (kind, [(text, lines) chunks]) for each
    annotation ("annotation") and preprocessor directive ("directive"),
    comments and literals left out."""
    s, lines = splice(text)
    out = []
    i, n = 0, len(s)
    at_line_start = True
    while i < n:
        c = s[i]
        if c == "\n":
            at_line_start = True
            i += 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if at_line_start and c == "#":
            i = directive(s, lines, i, out)
            continue
        # a C comment is blank: a directive may follow it
        at_line_start = at_line_start and s.startswith(("/*", "//"), i) \
            and not s.startswith("@", i + 2)
        if s.startswith("/*", i):
            end = s.find("*/", i + 2)
            end = n if end < 0 else end
            if s.startswith("@", i + 2):
                out.append(("annotation", acsl(s, lines, i + 3, end)))
            i = end + 2
        elif s.startswith("//", i):
            end = s.find("\n", i)
            end = n if end < 0 else end
            if s.startswith("@", i + 2):
                out.append(("annotation", acsl(s, lines, i + 3, end)))
            i = end
        elif c in "\"'":
            i = skip_quoted(s, i)
        else:
            i += 1
    return out


def directive(s, lines, i, out):
    """Collect the preprocessor directive at s[i] ('#') up to its end of
    line, without its comments and literals; return the index after it."""
    chunks, start, n = [], i, len(s)
    while i < n and s[i] != "\n":
        if s.startswith("/*", i) or s.startswith("//", i):
            chunks.append((s[start:i], lines[start:i]))
            if s[i + 1] == "/":
                i = s.find("\n", i)
                i = n if i < 0 else i
            else:
                end = s.find("*/", i + 2)
                i = n if end < 0 else end + 2
            start = i
        elif s[i] in "\"'":
            chunks.append((s[start:i], lines[start:i]))
            i = skip_quoted(s, i)
            start = i
        else:
            i += 1
    chunks.append((s[start:i], lines[start:i]))
    out.append(("directive", chunks))
    return i


def acsl(s, lines, start, end):
    """The annotation s[start:end] as chunks of (text, line of each
    character), without
    its ACSL comments (// to the end of the line) and string literals."""
    chunks, i = [], start
    seg = start
    while i < end:
        if s.startswith("//", i):
            chunks.append((s[seg:i], lines[seg:i]))
            nl = s.find("\n", i, end)
            i = end if nl < 0 else nl
            seg = i
        elif s[i] in "\"'":
            chunks.append((s[seg:i], lines[seg:i]))
            i = min(skip_quoted(s, i), end)
            seg = i
        else:
            i += 1
    chunks.append((s[seg:end], lines[seg:end]))
    return chunks


def tokens(chunks):
    """(token, line) of annotation chunks; '@' is blank in ACSL."""
    out = []
    for text, lines in chunks:
        for m in TOKEN_RE.finditer(text):
            if m.group() != "@":
                out.append((m.group(), lines[m.start()]))
    return out


def false_clause(toks, k):
    """Whether the clause whose keyword is toks[k] is just \\false."""
    j = k + 1
    # labels: name: name2: ...
    while j + 1 < len(toks) and re.fullmatch(r"[A-Za-z_]\w*", toks[j][0]) \
            and toks[j + 1][0] == ":":
        j += 2
    depth = 0
    while j < len(toks) and toks[j][0] == "(":
        depth += 1
        j += 1
    if j >= len(toks) or toks[j][0] != "\\false":
        return False
    j += 1
    while depth and j < len(toks) and toks[j][0] == ")":
        depth -= 1
        j += 1
    return depth == 0 and (j == len(toks) or toks[j][0] == ";")


def check_segment(kind, chunks):
    """[(line, reason)] of one annotation or directive."""
    found = []
    toks = tokens(chunks)
    for k, (tok, line) in enumerate(toks):
        if tok in FORBIDDEN:
            found.append((line, FORBIDDEN[tok]))
        elif kind == "directive" and tok == "\\false":
            found.append((line, "\\false in a preprocessor directive: a macro "
                                "would hide it from this gate"))
        elif kind == "annotation" and tok in VACUOUS_CLAUSES and false_clause(toks, k):
            found.append((line, VACUOUS_CLAUSES[tok]))
    return found


def check_text(text):
    """[(line, reason)] of a C file's text, in line order."""
    found = []
    for kind, chunks in segments(text):
        found += check_segment(kind, chunks)
    return sorted(found)


def source_files(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for d, subdirs, files in os.walk(p):
            subdirs.sort()
            for fn in sorted(files):
                if fn.endswith((".c", ".h")):
                    yield os.path.join(d, fn)


def scan(paths):
    """Every finding under @paths: (file, line, reason)."""
    out = []
    for path in source_files(paths):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        out += [(path, line, reason) for line, reason in check_text(text)]
    return out


def main(argv):
    paths = argv or list(DEFAULT_PATHS)
    missing = [p for p in paths if not os.path.exists(p)]
    if missing or any(a.startswith("-") for a in argv):
        for p in missing:
            print(f"gate: no such file or directory: {p}", file=sys.stderr)
        print("usage: gate.py [PATH ...]", file=sys.stderr)
        return 2
    found = scan(paths)
    for path, line, reason in found:
        print(f"{path}:{line}: {reason}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
