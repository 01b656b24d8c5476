#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""harness/report/test_report.py - tests of proofs/report.py, of the
honesty gate proofs/gate.py and of proofs/prove.sh's usage (make check).

Each report test builds a small tree (spec/, core/, proofs/out/x86_64/,
and for the types unit platform/clk_basic.c, proofs/out/x86_64-types/) in
a temporary directory, runs the report on it and checks the exit status,
the messages and the JSON.  The gate tests run proofs/gate.py on small
fixture files, one a spelling it must catch or must let through, and on
this checkout's sources.  The cold-run tests write proofs/cold-run.json
with proofs/cold.py record from a fake cold run's output and check what
the report says of it; the sample tests check that proofs/cold.py picks
the same functions for the same seed within its budget and that compare
reports each answer of the cache that does not hold without it.  The last
test checks the real report of this checkout when `make prove` has left
its output.  Prints one PASS/FAIL line
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
COLD = os.path.join(ROOT, "proofs", "cold.py")
SAMPLE = os.path.join(ROOT, "proofs", "sample.sh")
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


# ---- the cold run's record (proofs/cold.py record) in the report

COLD_LOG = LOG_OK
COLD_PROVE_TXT = "prove[x86_64/core]: 2 / 2 goals proved, 0 smoke tests failed, 3700s\n"


def cold_record(d, *extra, log=COLD_LOG, prove_txt=COLD_PROVE_TXT, status=0):
    """A cold run's output in tree d, recorded by proofs/cold.py record."""
    out = os.path.join(d, "proofs/out/cold/x86_64")
    os.makedirs(out, exist_ok=True)
    for name, text in (("wp.log", log), ("prove.txt", prove_txt),
                       ("command.txt", "frama-c -wp -wp-cache none -wp-cache-dir /tmp/x\n")):
        with open(os.path.join(out, name), "w") as f:
            f.write(text)
    p = subprocess.run([sys.executable, COLD, "--root", d, "record",
                        "--date", "2020-01-02T10:00:00Z", "--wall", "3725", "--timeout", "30",
                        "--jobs", "2", "--status", str(status),
                        "--run", "x86_64 core proofs/out/cold/x86_64 -", *extra],
                       capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout + p.stderr


def report_texts(d):
    with open(os.path.join(d, "proofs", "report", "report.md")) as f:
        md = f.read()
    with open(os.path.join(d, "proofs", "report", "index.html")) as f:
        page = f.read()
    return md, page


@test
def cold_run_never_recorded_is_said():
    d = make_tree()
    try:
        rc, out, rep = run(d)
        check(rc == 0, f"exit {rc}: {out}")
        check(rep["cold_run"] is None, rep["cold_run"])
        for text in report_texts(d):
            check("Last re-proved cold: never recorded" in text, "no cold-run line")
    finally:
        shutil.rmtree(d)


@test
def cold_run_recorded_and_shown():
    """A complete cold run: proofs/cold-run.json, and the report's line
    with its date, goals per unit and machdep, wall time; once the proof's
    sources change, it says the record is of earlier ones."""
    d = make_tree()
    try:
        rc, out = cold_record(d)
        check(rc == 0 and "cold run recorded in proofs/cold-run.json" in out, f"exit {rc}: {out}")
        with open(os.path.join(d, "proofs", "cold-run.json")) as f:
            rec = json.load(f)
        check(rec["complete"] and rec["proved"] and rec["goals"] == {"proved": 2, "total": 2}
              and rec["wall_seconds"] == 3725 and rec["runs"][0]["seconds"] == 3700
              and rec["runs"][0]["cached"] == 0 and rec["runs"][0]["qed"] == 1
              and rec["runs"][0]["provers"] == 1, rec)
        check("-wp-cache-dir EMPTY-TMPDIR" in rec["runs"][0]["command"], rec["runs"][0]["command"])
        rc, out, rep = run(d)
        check(rc == 0, f"exit {rc}: {out}")
        report.validate(rep)
        c = rep["cold_run"]
        check(c["complete"] and c["current"] and c["proved"] and c["date"] == "2020-01-02T10:00:00Z",
              c)
        want = ("Last re-proved cold: 2020-01-02 (make prove-cold, without the WP cache): "
                "2/2 goals proved (core x86_64 2/2), wall time 1 h 02 min (3725 s); "
                "the proof's sources are the ones it proved.")
        check(c["text"] == want, c["text"])
        md, page = report_texts(d)
        check(want in md, "report.md: no cold-run line")
        check("<p class='ok'>Last re-proved cold: 2020-01-02" in page, "index.html: no cold-run line")
        # a changed header: the record is of earlier sources
        with open(os.path.join(d, "core", "f.h"), "w") as f:
            f.write("/*@ predicate p_new = \\true; */\n")
        rc, out, rep = run(d)
        check(rc == 0 and not rep["cold_run"]["current"], f"exit {rc}: {rep['cold_run']}")
        check("on earlier sources" in rep["cold_run"]["text"], rep["cold_run"]["text"])
    finally:
        shutil.rmtree(d)


@test
def partial_cold_run_is_never_claimed():
    """A FUNCS (or one-machdep...) cold run goes to proofs/out/cold/, and a
    partial record found in proofs/cold-run.json is not called a cold run."""
    d = make_tree()
    try:
        rc, out = cold_record(d, "--partial", "FUNCS=f", "--partial", "VCLK_MACHDEPS=x86_64")
        check(rc == 0 and "partial cold run (FUNCS=f; VCLK_MACHDEPS=x86_64)" in out
              and "is left alone" in out, f"exit {rc}: {out}")
        check(not os.path.exists(os.path.join(d, "proofs", "cold-run.json")),
              "a partial run wrote the committed record")
        partial = os.path.join(d, "proofs", "out", "cold", "cold-run.json")
        with open(partial) as f:
            rec = json.load(f)
        check(not rec["complete"] and rec["partial_because"] == ["FUNCS=f", "VCLK_MACHDEPS=x86_64"],
              rec)
        rc, out, rep = run(d)
        check(rc == 0 and rep["cold_run"] is None, f"exit {rc}: {rep['cold_run']}")
        shutil.copy(partial, os.path.join(d, "proofs", "cold-run.json"))
        rc, out, rep = run(d)
        report.validate(rep)
        check(rc == 0 and not rep["cold_run"]["complete"], f"exit {rc}: {out}")
        check(rep["cold_run"]["text"].startswith(
            "Last re-proved cold: no complete cold run is recorded"), rep["cold_run"]["text"])
        check("2020-01-02" not in report_texts(d)[0], "report.md dates a partial run")
    finally:
        shutil.rmtree(d)


@test
def failed_cold_run_of_these_sources_fails_the_report():
    d = make_tree()
    try:
        rc, out = cold_record(d, log=LOG_OK.replace("2 / 2", "1 / 2"),
                              prove_txt=COLD_PROVE_TXT.replace("2 / 2", "1 / 2") + "NOT PROVED:\n",
                              status=1)
        check(rc == 0, f"exit {rc}: {out}")
        rc, out, rep = run(d)
        check(rc == 1 and "proofs/cold-run.json:0: the last cold run (2020-01-02T10:00:00Z) proved "
              "1 of 2 goals" in out, f"exit {rc}: {out}")
        check("NOT ALL PROVED" in rep["cold_run"]["text"], rep["cold_run"]["text"])
        check("<p class='bad'>Last re-proved cold" in report_texts(d)[1], "index.html not red")
        # of earlier sources, it is no error (the next cold run decides)
        with open(os.path.join(d, "core", "f.c"), "a") as f:
            f.write("int changed;\n")
        rc, out, rep = run(d)
        check(rc == 0 and "on earlier sources" in rep["cold_run"]["text"], f"exit {rc}: {out}")
        # a "cold" run whose log has cached answers is not proved
        rc, out = cold_record(d, log=TIMES_LOG)
        with open(os.path.join(d, "proofs", "cold-run.json")) as f:
            rec = json.load(f)
        check(rec["runs"][0]["cached"] == 1 and not rec["proved"], rec["runs"][0])
    finally:
        shutil.rmtree(d)


@test
def malformed_cold_record_is_rejected():
    for text, msg in (("{\n", "proofs/cold-run.json:2: not JSON"),
                      ('{"version": 1}', "proofs/cold-run.json:1: complete missing"),
                      ('{"version": 1, "complete": true, "partial_because": [], "date": "today", '
                       '"wall_seconds": 1, "proved": true, "goals": {}, "runs": [], '
                       '"sources_sha256": ""}', "date 'today' is not")):
        def put(d, text=text):
            with open(os.path.join(d, "proofs", "cold-run.json"), "w") as f:
                f.write(text)
        expect(2, [msg], setup=put)


# ---- the cold sample (proofs/cold.py sample, compare)

def sample_tree():
    """A cached run of ten functions (f0..f9, of growing cost), one too
    large for any small budget (big), one with no cached goal (q), under
    two machdeps."""
    d = make_tree()
    funcs = [f"f{i}" for i in range(10)] + ["big", "q"]
    csv = CSV_HEAD + "".join(f"core\tf.c\t{i}\t{f}\tassertion\tValid\tx: p_inv\n"
                             for i, f in enumerate(funcs))
    for md in ("x86_64", "x86_32"):
        lines = []
        for i in range(10):
            for k in range(i + 1):
                lines.append(f"[wp] [Z3 4.8.12] Goal typed_f{i}_assert_rte_{k} : Valid "
                             "(Qed:5ms) (1s) (100) (cached)")
            lines.append(f"[wp] [Qed] Goal typed_f{i}_assigns : Valid (3ms)")
            lines.append(f"[wp] [Passed] Smoke-test typed_f{i}_wp_smoke_default_requires")
        lines += [f"[wp] [CVC4 1.8] Goal typed_big_assert_{k} : Valid (Qed:5ms) (2s) (9) (cached)"
                  for k in range(40)]
        lines.append("[wp] [Qed] Goal typed_q_assigns : Valid (3ms)")
        lines.append(f"[wp] Proved goals:   {len(lines)} / {len(lines)}")
        out = os.path.join(d, "proofs", "out", md)
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "wp.log"), "w") as f:
            f.write("\n".join(lines) + "\n")
        with open(os.path.join(out, "properties.csv"), "w") as f:
            f.write(csv)
    return d


def sample(d, seed, seconds, source="proofs/out"):
    p = subprocess.run([sys.executable, COLD, "--root", d, "sample", "--seed", str(seed),
                        "--seconds", str(seconds), "--source", source, "--units", "core",
                        "--plan", "proofs/out/cold/sample/plan.json"],
                       capture_output=True, text=True, timeout=120)
    plan = None
    path = os.path.join(d, "proofs/out/cold/sample/plan.json")
    if p.returncode == 0:
        with open(path) as f:
            plan = json.load(f)
        os.remove(path)
    return p.returncode, p.stdout + p.stderr, plan


@test
def sample_is_deterministic_and_within_budget():
    d = sample_tree()
    try:
        rc, out, plan = sample(d, 7, 150)
        check(rc == 0 and "seed 7, budget 150 s" in out, f"exit {rc}: {out}")
        rc2, out2, plan2 = sample(d, 7, 150)
        check(plan == plan2 and out == out2, f"seed 7 twice: {plan} / {plan2}")
        check(plan["functions"] and plan["estimate_seconds"] <= 150, plan)
        check(plan["candidates"] == 11 and "q" not in plan["functions"], plan)
        check("big" in plan["too_large"] and "big" not in plan["functions"], plan)
        for f in plan["functions"]:
            check(f in out, f"{f} not printed: {out}")
        picks = {tuple(sample(d, seed, 150)[2]["functions"]) for seed in range(8)}
        check(len(picks) > 1, f"8 seeds, one sample: {picks}")
        rc, out, _ = sample(d, 7, 150, source="proofs/out/nothing")
        check(rc == 2 and "prove: no wp.log under proofs/out/nothing" in out, f"exit {rc}: {out}")
    finally:
        shutil.rmtree(d)


def write_cold(d, md, text):
    out = os.path.join(d, "proofs", "out", "cold", "funcs", md)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "wp.log"), "w") as f:
        f.write(text)


def compare(d):
    p = subprocess.run([sys.executable, COLD, "--root", d, "compare",
                        "--plan", "proofs/out/cold/sample/plan.json"],
                       capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout + p.stderr


@test
def compare_finds_cached_answers_that_do_not_hold():
    d = sample_tree()
    try:
        rc, out, plan = sample(d, 3, 80)
        check(rc == 0, f"exit {rc}: {out}")
        with open(os.path.join(d, "proofs/out/cold/sample/plan.json"), "w") as f:
            json.dump(plan, f)
        f = plan["functions"][0]
        n = int(f[1:]) + 1
        good = "".join(f"[wp] [Z3 4.8.12] Goal typed_{g}_assert_rte_{k} : Valid (Qed:5ms) (1s) (100)\n"
                       for g in plan["functions"] for k in range(int(g[1:]) + 1))
        good += "".join(f"[wp] [Passed] Smoke-test typed_{g}_wp_smoke_default_requires\n"
                        for g in plan["functions"])
        for md in ("x86_64", "x86_32"):
            write_cold(d, md, good)
        rc, out = compare(d)
        total = sum(int(g[1:]) + 1 for g in plan["functions"]) * 2
        check(rc == 0 and f"{total} goals the cache answered Valid re-proved Valid without it, "
              "0 findings" in out, f"exit {rc}: {out}")
        # the provers fail where the cache said Valid
        failed = good.replace(f"[wp] [Z3 4.8.12] Goal typed_{f}_assert_rte_0 : Valid (Qed:5ms) (1s) (100)",
                              f"[wp] [Failed] Goal typed_{f}_assert_rte_0\n"
                              "  Z3 4.8.12: Timeout (Qed:5ms) (30s)\n  CVC4 1.8: Unknown")
        write_cold(d, "x86_32", failed)
        rc, out = compare(d)
        check(rc == 1 and f"prove: FINDING [x86_32/core] {f}: {f}_assert_rte_0: the cache said "
              "Valid (Z3 4.8.12, 1.00s, cached); without it: Failed (Z3 4.8.12: Timeout "
              "(Qed:5ms) (30s); CVC4 1.8: Unknown) (seed 3)" in out, f"exit {rc}: {out}")
        # a cached goal the cold run does not have; a smoke test now failing
        write_cold(d, "x86_32", good.replace(f"typed_{f}_assert_rte_{n - 1} ", "typed_other "))
        write_cold(d, "x86_64", good.replace(f"[Passed] Smoke-test typed_{f}_",
                                             f"[Failed] Smoke-test typed_{f}_"))
        rc, out = compare(d)
        check(rc == 1 and f"{f}_assert_rte_{n - 1}: the cache said Valid" in out
              and "absent from the cold run" in out, f"exit {rc}: {out}")
        check("smoke test Failed: a vacuous contract" in out and "[x86_64/core]" in out, out)
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
                           (["--funcs"], {}, "usage:"),
                           (["--cold"], {"WP_CACHE": "update"},
                            "prove: --cold runs without the WP cache; WP_CACHE=update contradicts it")):
        # (a timeout: were the checks to come after the tools, this would
        # start a proof)
        p = subprocess.run(["bash", PROVE, *args], capture_output=True, text=True,
                           env={**os.environ, "FUNCS": "", "FUNCS_CALLERS": "", **env},
                           timeout=60)
        check(p.returncode == 2 and msg in p.stderr,
              f"{args} {env}: exit {p.returncode}: {p.stderr}")


@test
def sample_usage_errors_exit_2():
    """proofs/sample.sh checks its settings before it reads or runs anything."""
    for args, env, rc, msg in (
            (["x"], {}, 2, "usage:"),
            ([], {"PROVE_SAMPLE_SECONDS": "4m"}, 2,
             "prove: PROVE_SAMPLE_SECONDS is a number of seconds, not 4m"),
            ([], {"PROVE_SAMPLE_SEED": "-1"}, 2,
             "prove: PROVE_SAMPLE_SEED is a non-negative integer, not -1"),
            ([], {"WP_CACHE": "update"}, 2, "WP_CACHE=update contradicts it"),
            ([], {"PROVE_SAMPLE_SECONDS": "0"}, 0, "prove: PROVE_SAMPLE_SECONDS=0: no cold sample")):
        p = subprocess.run(["bash", SAMPLE, *args], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "PROVE_SAMPLE_SECONDS": "", "PROVE_SAMPLE_SEED": "",
                                "WP_CACHE": "", **env})
        check(p.returncode == rc and msg in p.stdout + p.stderr,
              f"{args} {env}: exit {p.returncode}: {p.stdout + p.stderr}")


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


@test
def proof_mutant_score_shown_or_said_missing():
    """The proof-mutation score (issue 26: "in the README and in the proof
    report"): the last score line of docs/proof-mutants.md, in the JSON and
    on both pages; without the file the pages say none is recorded; a file
    without a score line is an input error, FILE:LINE and exit 2."""
    d = make_tree()
    try:
        rc, out, rep = run(d)
        check(rc == 0 and rep["proof_mutants"] is None, f"exit {rc}: {rep and rep['proof_mutants']}")
        for text in report_texts(d):
            check("Proof-mutation score: none recorded" in text, "no line for a missing score")
        os.makedirs(os.path.join(d, "docs"))
        line = ("killed 7 of 8 non-equivalent mutants (87.5%), 1 equivalent; "
                "command: make proof-mutants (ci/proof-mutants.sh); 2020-01-02 10:00 UTC")
        with open(os.path.join(d, "docs", "proof-mutants.md"), "w") as f:
            f.write("# figures\n\nkilled 1 of 2 non-equivalent mutants (50.0%), an older line\n\n"
                    + line + "\n")
        rc, out, rep = run(d)
        check(rc == 0, f"exit {rc}: {out}")
        report.validate(rep)
        pm = rep["proof_mutants"]
        check(pm["killed"] == 7 and pm["non_equivalent"] == 8 and pm["text"] == line, pm)
        for text in report_texts(d):
            check(line in text, "the score line is not on the page")
        with open(os.path.join(d, "docs", "proof-mutants.md"), "w") as f:
            f.write("# figures\n\nno score yet\n")
        rc, out, rep = run(d)
        check(rc == 2 and "docs/proof-mutants.md:0: no score line" in out, f"exit {rc}: {out}")
    finally:
        shutil.rmtree(d)


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
