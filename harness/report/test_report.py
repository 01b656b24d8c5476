#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""harness/report/test_report.py - tests of proofs/report.py, of the
honesty gate proofs/gate.py and of proofs/prove.sh's usage (make check).

Each report test builds a small tree (spec/, core/, proofs/out/x86_64/,
and for the types unit platform/clk_basic.c, proofs/out/x86_64-types/) in
a temporary directory, runs the report on it and checks the exit status,
the messages and the JSON.  The gate tests run proofs/gate.py on small
fixture files, one a spelling it must catch or must let through, and on
this checkout's sources.  The last test checks the real report of this
checkout when `make prove` has left its output.  Prints one PASS/FAIL line
a test and "N passed, M failed" last.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
REPORT = os.path.join(ROOT, "proofs", "report.py")
GATE = os.path.join(ROOT, "proofs", "gate.py")
PROVE = os.path.join(ROOT, "proofs", "prove.sh")
sys.path.insert(0, os.path.join(ROOT, "proofs"))
import report  # noqa: E402  (for report.validate)

REQS = """# requirements
| id | requirement | formalised by |
|---|---|---|
| `REQ-A-1` | counts balance | `p_balanced` |
| `REQ-B-1` | no cycle | `p_acyclic` |
"""

SPEC = """/*@
  // REQ-A-1: balance
  predicate p_balanced{L} = \\forall integer c; count[c] >= 0;

  // REQ-B-1
  predicate p_acyclic{L} = depth[0] == 0;

  predicate p_inv{L} = p_balanced && p_acyclic;
*/
"""

CSV_HEAD = "directory\tfile\tline\tfunction\tproperty kind\tstatus\tproperty\n"
CSV_OK = CSV_HEAD + (
    "core\tf.c\t10\tf\tpostcondition\tValid\tinv: p_inv\n"
    "core\tf.c\t11\tf\tprecondition\tValid\tbal: p_balanced\n"
    "core\tvclk_ops.h\t5\tvclk_op\tpostcondition\tConsidered valid\tr: \\result == 0\n")
LOG_OK = """[wp] [Qed] Goal typed_f_ensures_inv : Valid (3ms)
[wp] [Z3 4.8.12] Goal typed_f_assert_rte : Valid (Qed:2ms) (20ms) (100)
[wp] [Passed] Smoke-test typed_f_wp_smoke_default_requires
[wp] Proved goals:    2 / 2
"""

results = []


def make_tree(reqs=REQS, spec=SPEC, csv=CSV_OK, log=LOG_OK, core=""):
    d = tempfile.mkdtemp(prefix="vclk-report-")
    for sub in ("spec", "core", "proofs/out/x86_64"):
        os.makedirs(os.path.join(d, sub))
    files = {"spec/requirements.md": reqs, "spec/topic.h": spec,
             "core/f.c": core, "proofs/out/x86_64/properties.csv": csv,
             "proofs/out/x86_64/wp.log": log}
    for name, text in files.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    return d


def run(root):
    p = subprocess.run([sys.executable, REPORT, "--root", root, "--no-tools"],
                       capture_output=True, text=True, env=dict(os.environ, VCLK_MACHDEPS="x86_64"))
    rep = None
    path = os.path.join(root, "proofs", "report", "report.json")
    if os.path.exists(path):
        with open(path) as f:
            rep = json.load(f)
    return p.returncode, p.stdout + p.stderr, rep


def test(fn):
    results.append(fn)
    return fn


def check(cond, what):
    if not cond:
        raise AssertionError(what)


@test
def all_proved_is_ok_and_traced():
    d = make_tree()
    rc, out, rep = run(d)
    check(rc == 0, f"exit {rc}: {out}")
    report.validate(rep)
    check(rep["summary"] == "2/2 goals proved, 0 assumptions beyond the listed interfaces",
          rep["summary"])
    st = {r["id"]: (r["status"], r["proved_properties"]) for r in rep["requirements"]}
    # p_inv traces to both requirements through its definition
    check(st == {"REQ-A-1": ("proved", 2), "REQ-B-1": ("proved", 1)}, st)
    inv = [p for p in rep["runs"][0]["properties"] if p["property"] == "inv: p_inv"]
    check(len(inv) == 1 and inv[0]["goals"] == 1 and inv[0]["provers"] == ["Qed"],
          f"goal evidence of inv: {inv}")
    assumed = [p["function"] for p in rep["runs"][0]["assumed_contracts"]]
    check(assumed == ["vclk_op"], f"assumed contracts: {assumed}")
    for name in ("index.html", "report.md"):
        check(os.path.exists(os.path.join(d, "proofs", "report", name)), name)
    shutil.rmtree(d)


def expect(status, messages, setup=None, **tree):
    """Run the report on a tree built from @tree; check exit and messages."""
    d = make_tree(**tree)
    try:
        if setup:
            setup(d)
        rc, out, rep = run(d)
        check(rc == status, f"exit {rc}, expected {status}: {out}")
        for m in messages:
            check(m in out, f"{m!r} not in: {out}")
        check((rep is None) == (status == 2), "a report exactly when the input was good")
        return rep
    finally:
        shutil.rmtree(d)


@test
def platform_header_predicates_are_traced():
    """A clock type's logic lives next to its prototypes (platform/*.h) and
    formalises requirements like spec/'s does."""
    def add_header(d):
        os.makedirs(os.path.join(d, "platform"))
        with open(os.path.join(d, "platform", "clk_type.h"), "w") as f:
            f.write("/*@\n  // REQ-C-1: a field fits\n"
                    "  predicate p_fits(integer v) = 0 <= v < 16;\n*/\n")
    rep = expect(0, [], setup=add_header,
                 reqs=REQS + "| `REQ-C-1` | fields fit | `p_fits` |\n",
                 csv=CSV_OK + "core\tf.c\t12\tf\tpostcondition\tValid\tfits: p_fits(x)\n")
    st = {r["id"]: (r["status"], r["proved_properties"]) for r in rep["requirements"]}
    check(st["REQ-C-1"] == ("proved", 1), st)
    # and a tag there must name a listed requirement, like one in spec/
    def bad_tag(d):
        add_header(d)
        path = os.path.join(d, "platform", "clk_type.h")
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace("REQ-C-1", "REQ-Z-9"))
    expect(1, ["platform/clk_type.h:3: p_fits is tagged REQ-Z-9"], setup=bad_tag)


@test
def unproved_property_fails_with_location():
    rep = expect(1, ["f.c:11: f: precondition Unknown"],
                 csv=CSV_OK.replace("11\tf\tprecondition\tValid",
                                    "11\tf\tprecondition\tUnknown"),
                 log=LOG_OK.replace("2 / 2", "1 / 2"))
    check("1/2 goals proved" in rep["summary"], rep["summary"])
    check(not rep["ok"], "ok")


@test
def requirement_without_property_is_a_gap():
    rep = expect(1, ["REQ-C-1 is traced to no proven property",
                     "p_none, which no header of spec/ or the proven platform code defines"],
                 reqs=REQS + "| `REQ-C-1` | unformalised | `p_none` |\n")
    st = {r["id"]: r["status"] for r in rep["requirements"]}
    check(st["REQ-C-1"] == "gap", st)


@test
def assumed_contract_outside_the_interface_fails():
    expect(1, ["core/f.c:20: g: postcondition Considered valid"],
           csv=CSV_OK + "core\tf.c\t20\tg\tpostcondition\tConsidered valid\tx\n")


@test
def unknown_tag_is_an_error():
    expect(1, ["spec/topic.h:6: p_acyclic is tagged REQ-Z-9"],
           spec=SPEC.replace("// REQ-B-1", "// REQ-Z-9"))


@test
def failed_smoke_test_fails():
    rep = expect(1, ["found a vacuous contract"],
                 log=LOG_OK.replace("[Passed] Smoke", "[Failed] Smoke"))
    check(rep["runs"][0]["smoke_tests"]["failed"] == ["f_wp_smoke_default_requires"],
          rep["runs"][0]["smoke_tests"])


@test
def admit_in_sources_fails():
    rep = expect(1, ["core/f.c:2:", "admitted or assumed"],
                 core="/*@ lemma l: \\true; */\n/*@ axiom a: 1 == 1; */\n")
    check("1 assumptions beyond" in rep["summary"], rep["summary"])


@test
def malformed_csv_is_rejected_with_line():
    expect(2, ["proofs/out/x86_64/properties.csv:5: expected 7 tab-separated fields"],
           csv=CSV_OK + "core\tf.c\t12\n")


@test
def missing_proof_output_is_rejected():
    expect(2, ["proofs/out/x86_64/wp.log:0: cannot read"],
           setup=lambda d: os.remove(os.path.join(d, "proofs/out/x86_64/wp.log")))


TYPES_CSV = CSV_HEAD + (
    "platform\tclk_basic.c\t30\tclk_t\tpostcondition\tValid\tfits: p_balanced\n"
    "platform\tvclk_reg.h\t5\tvclk_readl\tpostcondition\tConsidered valid\tr: \\result == 0\n")
TYPES_LOG = """[wp] [Qed] Goal typed_clk_t_ensures_fits : Valid (3ms)
[wp] [Passed] Smoke-test typed_clk_t_wp_smoke_default_requires
[wp] Proved goals:    1 / 1
"""


def add_types_unit(d, log=TYPES_LOG):
    os.makedirs(os.path.join(d, "platform"))
    os.makedirs(os.path.join(d, "proofs/out/x86_64-types"))
    for name, text in (("platform/clk_basic.c", ""),
                       ("proofs/out/x86_64-types/properties.csv", TYPES_CSV),
                       ("proofs/out/x86_64-types/wp.log", log)):
        with open(os.path.join(d, name), "w") as f:
            f.write(text)


@test
def types_unit_is_reported_and_checked():
    d = make_tree()
    add_types_unit(d)
    rc, out, rep = run(d)
    check(rc == 0, f"exit {rc}: {out}")
    report.validate(rep)
    check([(r["machdep"], r["unit"]) for r in rep["runs"]] ==
          [("x86_64", "core"), ("x86_64", "types")], rep["runs"])
    check(rep["summary"].startswith("3/3 goals proved"), rep["summary"])
    shutil.rmtree(d)
    expect(1, ["proofs/out/x86_64-types/wp.log:0: 1 of 1 goals unproved"],
           setup=lambda d: add_types_unit(d, TYPES_LOG.replace("1 / 1", "0 / 1")))
    expect(2, ["proofs/out/x86_64-types/properties.csv:0: cannot read"],
           setup=lambda d: (add_types_unit(d), os.remove(
               os.path.join(d, "proofs/out/x86_64-types/properties.csv"))))


TIMES_CSV = CSV_OK + "core\tf.c\t30\tg\tpostcondition\tValid\tslow: p_inv\n"
TIMES_LOG = """[wp] [Qed] Goal typed_f_ensures_inv : Valid (3ms)
[wp] [Z3 4.8.12] Goal typed_f_assert_rte : Valid (Qed:2ms) (20ms) (100)
[wp] [CVC4 1.8] Goal typed_g_ensures_slow : Valid (Qed:500ms) (2.5s) (9000) (cached)
[wp] [Z3 4.8.12] Goal typed_g_assert_rte : Valid (Qed:10ms) (90ms) (100)
[wp] [Qed] Goal typed_lemma_l : Valid
[wp] [Passed] Smoke-test typed_f_wp_smoke_default_requires
[wp] Proved goals:    5 / 5
"""


@test
def function_times_slowest_first():
    """Per function: goals, proved and Qed plus prover seconds (a cached
    answer's included), slowest first, in the JSON and report.md."""
    d = make_tree(csv=TIMES_CSV, log=TIMES_LOG)
    try:
        rc, out, rep = run(d)
        check(rc == 0, f"exit {rc}: {out}")
        report.validate(rep)
        rows = [(r["function"], r["goals"], r["proved"], r["seconds"])
                for r in rep["function_times"]]
        check(rows == [("g", 2, 2, 3.1), ("f", 2, 2, 0.025), ("(ACSL lemmas)", 1, 1, 0.0)],
              rows)
        g = rep["function_times"][0]
        check(g["machdeps"] == {"x86_64": 3.1} and g["unit"] == "core" and
              g["slowest_goal"] == "g_ensures_slow" and g["slowest_goal_seconds"] == 3.0, g)
        with open(os.path.join(d, "proofs", "report", "report.md")) as f:
            md = f.read()
        check("## Proof time by function" in md, "no time table in report.md")
        check(md.index("| `g` | core | 2 / 2 | 3.1 |") < md.index("| `f` | core | 2 / 2 | 0.0 |"),
              "report.md: g (3.1 s) is not above f")
        with open(os.path.join(d, "proofs", "report", "index.html")) as f:
            check("Proof time by function" in f.read(), "no time table in index.html")
    finally:
        shutil.rmtree(d)


def gate(*paths, cwd=None):
    p = subprocess.run([sys.executable, GATE, *paths], capture_output=True,
                       text=True, cwd=cwd)
    return p.returncode, p.stdout + p.stderr


# (name, C text, the FILE:LINE: reason expected, or None: no finding)
GATE_CASES = [
    ("ensures_false", "/*@ ensures \\false; */\nint f(void);\n", ":1: ensures \\false"),
    ("requires_false_no_space", "/*@ requires\\false;\n */\nint f(void);\n",
     ":1: requires \\false"),
    ("ensures_named_false", "/*@ requires ok: x > 0;\n    ensures named: other: \\false; */\n",
     ":2: ensures \\false"),
    ("assumes_false_split_over_lines",
     "/*@ behavior b:\n  @ assumes  \n  @    (\\false)\n  @ ;\n */\n", ":2: assumes \\false"),
    ("requires_false_no_semicolon", "//@ requires \\false\n", ":1: requires \\false"),
    ("line_annotation_assume", "int x;\n//@ assume x > 0;\n", ":2: assume"),
    ("assume_on_a_continued_line", "/*@ requires a: x > 0;\n  @ requires b: y > 0;\n"
     "    assume x;\n*/\n", ":3: assume"),
    ("assume_after_line_splice", "//@ requires x > 0; \\\n assume y;\n", ":2: assume"),
    ("admit", "void f(void)\n{\n\t/*@ admit x == 1; */\n}\n", ":3: admit"),
    ("axiom", "/*@ axiomatic A {\n    logic integer f(integer x);\n"
     "    axiom f_pos: \\forall integer x; f(x) > 0;\n  }\n*/\n", ":3: axiom"),
    ("false_hidden_in_a_macro", "#define NOTHING \\\n\t\\false\n"
     "/*@ requires NOTHING; */\n", ":2: \\false in a preprocessor directive"),
    ("ghost_loop_annotation_assume", "/*@ ghost\n  /@ loop invariant x;\n     assume y;\n  @/\n"
     "  for (;;) ;\n*/\n", ":3: assume"),
    # and what is not a finding
    ("words_in_c_comments", "/* assume admit axiom; requires \\false; */\n"
     "// ensures \\false;\nint x; /* //@ assume x; */\n", None),
    ("words_in_strings", "const char *s = \"/*@ assume x; */ axiom admit\";\n"
     "char c = '\\'';\n/*@ requires s == \"assume\"; */\n", None),
    ("words_in_identifiers", "int assumed_ok, axioms, admitted;\n"
     "/*@ requires assumed_ok && axioms_hold && not_admitted;\n    assumes_x: \\true; */\n", None),
    ("words_in_acsl_comments", "/*@ requires x > 0; // assume nothing; requires \\false;\n"
     "    ensures y; */\n//@ ensures z; // an admit here is a comment\n", None),
    ("axiomatic_without_axiom", "/*@ axiomatic Rounding {\n    logic integer r(integer x);\n"
     "    predicate p(integer x);\n  }\n*/\n", None),
    ("false_inside_an_expression", "/*@ ensures r: x ? \\result == 1 : \\false;\n"
     "    requires \\false || y;\n    exits \\false;\n    terminates \\false; */\n", None),
]


def gate_case(name, text, expected):
    def fn():
        d = tempfile.mkdtemp(prefix="vclk-gate-")
        try:
            os.makedirs(os.path.join(d, "core"))
            with open(os.path.join(d, "core", "f.c"), "w") as f:
                f.write(text)
            rc, out = gate("core", cwd=d)
            if expected is None:
                check(rc == 0 and not out, f"exit {rc}, expected 0: {out!r}")
            else:
                check(rc == 1, f"exit {rc}, expected 1: {out!r}")
                check(out.startswith("core/f.c" + expected), f"{expected!r} not in: {out!r}")
                check(len(out.splitlines()) == 1, f"one finding expected: {out!r}")
        finally:
            shutil.rmtree(d)
    fn.__name__ = "gate_" + name
    return fn


for _case in GATE_CASES:
    test(gate_case(*_case))


@test
def gate_passes_this_checkout():
    rc, out = gate("core", "spec", "platform", cwd=ROOT)
    check(rc == 0, f"exit {rc}: {out}")
    rc, out = gate("no/such/dir", cwd=ROOT)
    check(rc == 2 and "no/such/dir" in out, f"exit {rc}: {out}")


@test
def prove_usage_errors_exit_2():
    """prove.sh checks its arguments before it needs any tool."""
    for args, env, msg in ((["--bogus"], {}, "prove: unknown argument --bogus"),
                           ([], {"FUNCS": "a-b"}, "prove: not a function name: a-b"),
                           ([], {"FUNCS_CALLERS": "1"}, "prove: FUNCS_CALLERS=1 needs FUNCS"),
                           (["--funcs"], {}, "usage:")):
        # (a timeout: were the checks to come after the tools, this would
        # start a proof)
        p = subprocess.run(["bash", PROVE, *args], capture_output=True, text=True,
                           env={**os.environ, "FUNCS": "", "FUNCS_CALLERS": "", **env},
                           timeout=60)
        check(p.returncode == 2 and msg in p.stderr,
              f"{args} {env}: exit {p.returncode}: {p.stderr}")


@test
def this_checkout_report_when_proved():
    """The real report: schema-valid, every requirement traced to a proven property."""
    if not os.path.exists(os.path.join(ROOT, "proofs/out/x86_64/properties.csv")):
        print("  (no proof output in this checkout: run make prove; checked the requirements only)")
        reqs = report.load_requirements(os.path.join(ROOT, "spec", "requirements.md"))
        defs = report.load_definitions(report.definition_files())
        clo = report.requirement_closure(defs)
        for r in reqs:
            check(any(r["id"] in clo[n] for n in defs), f"{r['id']} tags no predicate")
        return
    out = tempfile.mkdtemp(prefix="vclk-report-out-")
    p = subprocess.run([sys.executable, REPORT, "--out", out, "--no-tools"],
                       capture_output=True, text=True)
    check(p.returncode in (0, 1), f"exit {p.returncode}: {p.stdout + p.stderr}")
    with open(os.path.join(out, "report.json")) as f:
        rep = json.load(f)
    report.validate(rep)
    bad = [r["id"] for r in rep["requirements"] if r["status"] != "proved"]
    check(not bad, f"requirements not proved: {bad}")
    check(p.returncode == 0, p.stdout + p.stderr)
    shutil.rmtree(out)


def main():
    passed = failed = 0
    for fn in results:
        try:
            fn()
            print(f"PASS {fn.__name__}")
            passed += 1
        except Exception as e:  # a test that raises fails, whatever it raised
            print(f"FAIL {fn.__name__}: {type(e).__name__}: {e}")
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
