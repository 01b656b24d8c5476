#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""proofs/report.py - the auditors' proof report (`make report`).

Reads what `make prove` left in proofs/out/<machdep>/ (the core unit) and,
when the tree has platform/clk_basic.c, proofs/out/<machdep>-types/ (the
basic clock types unit): Frama-C's property report properties.csv, the WP
log wp.log, the command line command.txt;
the requirements table spec/requirements.md and the ACSL definitions in
spec/*.h and the proven platform headers, and writes proofs/report/report.json, report.md and index.html:

  - per function and property: status, the prover that proved it, time;
  - the functions sorted by proof time (Qed and provers, over every
    machdep; goals answered from the WP cache count the time of the run
    that made the entry), so that the next slow function shows;
  - per requirement: the properties that formalise it (traced through the
    predicates' definitions, never typed by hand) and whether all are
    proved; a requirement without a property is a gap;
  - the assumptions: contracts assumed rather than proven, lemma
    functions and how they are proven, admits, axioms, assumes and \\false
    clauses (none: proofs/gate.py, make prove's gate, finds them), WP's
    memory-model hypotheses, machdeps;
  - smoke tests, tool versions and the command line;
  - the last cold run, when the proof was re-proved without the WP cache
    (`make prove-cold`'s record proofs/cold-run.json, proofs/cold.py): its
    date, goals and wall time, and whether the proof's sources are still
    the ones it proved.  A complete cold run of the current sources that
    left a goal unproved is an error: the cache answers what the provers
    no longer prove.

Exit status: 0 when everything is proved and traced, 1 otherwise, 2 on
missing or malformed input (with a `file:line: reason` message).
"""

import csv
import datetime
import html
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gate  # noqa: E402  (proofs/gate.py: the honesty gate of make prove)
import cold  # noqa: E402  (proofs/cold.py: the cold run's record)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = os.path.join(ROOT, "proofs", "report.schema.json")
SCHEMA_VERSION = 1
# contracts of functions without a body that the core is proven against:
# the provider dispatch interface (README, ASSUME-OPS)
ASSUMED_INTERFACES = {
    "core/vclk_ops.h": "ASSUME-OPS: provider ops reached through "
                       "function pointers in platform/dispatch.c (the basic "
                       "clock types' ops: void *priv wrappers in "
                       "platform/clk_basic_ops.c over the proven typed ops "
                       "of platform/clk_basic.h)",
    "platform/vclk_reg.h": "ASSUME-REG: register accesses, implemented by "
                           "volatile MMIO (platform/reg_mmio.c) or the host "
                           "register model",
    "core/vclk_lock.h": "ASSUME-LOCK: the lock hooks, implemented by "
                        "platform/lock/pthread.c (host), platform/lock/none.c "
                        "(single-threaded) or platform/cortex-m/lock_irq.c "
                        "(firmware); each moves its ghost lock depth "
                        "(spec/lock.h) by one",
}
# where each unit's sources live (a lemma declared there is that unit's)
UNIT_PREFIXES = {
    "core": ("core/", "spec/", "platform/reg_poll"),
    "types": ("platform/clk_basic",),
    "omap4": ("platform/omap4/",),
}
REQ_RE = re.compile(r"REQ-[A-Z]+-[0-9]+")
IDENT_RE = re.compile(r"\\?[A-Za-z_][A-Za-z0-9_]*")


class InputError(Exception):
    pass


def units():
    """The proof units of this tree: (name, output directory suffix)."""
    out = [("core", "")]
    if os.path.exists(os.path.join(ROOT, "platform", "clk_basic.c")):
        out.append(("types", "-types"))
    omap4 = os.path.join(ROOT, "platform", "omap4")
    if os.path.isdir(omap4) and any(f.endswith(".c") and not f.endswith("_ops.c")
                                    for f in os.listdir(omap4)):
        out.append(("omap4", "-omap4"))
    return out


def source_dirs():
    """The directories whose C sources are proof inputs (not recursive)."""
    return ["core", "spec"] + [d for d in ("platform", "platform/omap4")
                               if os.path.isdir(os.path.join(ROOT, d))]


def run_label(run):
    return run["machdep"] if run.get("unit", "core") == "core" else f"{run['machdep']}, {run['unit']}"


def rel(path):
    return os.path.relpath(path, ROOT)


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise InputError(f"{rel(path)}:0: cannot read: {e.strerror}")


# ---------------------------------------------------------------- inputs

def load_requirements(path):
    """The table rows of spec/requirements.md: id, statement, predicates."""
    reqs = []
    for n, line in enumerate(read(path).splitlines(), 1):
        m = re.match(r"\|\s*`(REQ-[A-Z]+-[0-9]+)`\s*\|(.*)\|(.*)\|\s*$", line)
        if not m:
            if line.startswith("| `"):
                raise InputError(f"{rel(path)}:{n}: malformed requirement row")
            continue
        preds = re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", m.group(3))
        if any(r["id"] == m.group(1) for r in reqs):
            raise InputError(f"{rel(path)}:{n}: duplicate id {m.group(1)}")
        reqs.append({"id": m.group(1), "statement": m.group(2).strip(),
                     "listed_predicates": preds, "line": n})
    if not reqs:
        raise InputError(f"{rel(path)}:1: no requirement rows")
    return reqs


def definition_files():
    """The headers whose ACSL definitions can formalise a requirement:
    spec/*.h, and the headers of the proven platform code (the clock types'
    and OMAP4's logic lives next to their prototypes)."""
    out = []
    for d in ["spec"] + [d for d in source_dirs() if d.startswith("platform")]:
        full = os.path.join(ROOT, d)
        if os.path.isdir(full):
            out += [f"{d}/{fn}" for fn in sorted(os.listdir(full)) if fn.endswith(".h")]
    return out


def load_definitions(files):
    """ACSL predicate/logic definitions: name -> (requirement tags, names used).

    A definition is tagged with the REQ ids of the comment lines right
    above it.  Its body runs to the next definition or the end of the
    annotation.
    """
    defs = {}
    for fn in files:
        path = os.path.join(ROOT, fn)
        lines = read(path).splitlines()
        current = None
        tags = set()
        for n, line in enumerate(lines, 1):
            s = line.strip()
            if s.startswith("/*@"):
                s = s[3:].strip()
            m = re.match(r"(predicate|logic\s+[A-Za-z_ ]+?)\s+([A-Za-z_][A-Za-z0-9_]*)\s*[{(=]", s)
            if m:
                current = m.group(2)
                body, _, trailing = s[m.end():].partition("//")
                defs[current] = {"file": fn, "line": n,
                                 "tags": tags | set(REQ_RE.findall(trailing)),
                                 "uses": set()}
                tags = set()
            elif s.startswith("//"):
                tags |= set(REQ_RE.findall(s))
                continue
            elif s.startswith("*/"):
                current = None
                tags = set()
                continue
            else:
                body = s.partition("//")[0]
                if not s:
                    tags = set()
            if current:
                defs[current]["uses"] |= set(IDENT_RE.findall(body))
    return defs


def requirement_closure(defs):
    """name -> every REQ id reached through the definitions it uses."""
    memo = {}

    def reach(name, stack):
        if name in memo:
            return memo[name]
        if name in stack or name not in defs:
            return set()
        stack.add(name)
        out = set(defs[name]["tags"])
        for u in defs[name]["uses"]:
            if u != name:
                out |= reach(u, stack)
        stack.discard(name)
        memo[name] = out
        return out

    return {name: reach(name, set()) for name in defs}


def load_properties(path):
    rows = []
    text = read(path)
    reader = csv.reader(text.splitlines(), delimiter="\t")
    header = next(reader, None)
    if not header or len(header) < 7:
        raise InputError(f"{rel(path)}:1: not a Frama-C -report-csv file")
    for n, r in enumerate(reader, 2):
        if len(r) < 7:
            raise InputError(f"{rel(path)}:{n}: expected 7 tab-separated fields")
        directory, file, line, function, kind, status, prop = r[:7]
        rows.append({"file": os.path.join(os.path.basename(directory), file)
                     if directory and directory != "." else file,
                     "line": int(line) if line.isdigit() else 0,
                     "function": function, "kind": kind,
                     "status": status, "property": prop})
    return rows


GOAL_RE = re.compile(r"^\[wp\] \[([^\]]+)\] Goal typed_(\S+) : (\w+)(.*)$")
SMOKE_RE = re.compile(r"^\[wp\] \[(Passed|Failed|Unknown|Timeout)\] Smoke-test typed_(\S+)")
TIME_RE = re.compile(r"\((\d+(?:\.\d+)?)(ms|s)\)")
QED_TIME_RE = re.compile(r"\(Qed:(\d+(?:\.\d+)?)(ms|s)\)")


def seconds(matches):
    return [float(t) / (1000 if u == "ms" else 1) for t, u in matches]


def load_goals(path):
    goals, smoke, hyps = [], [], []
    lines = read(path).splitlines()
    for i, line in enumerate(lines):
        m = GOAL_RE.match(line)
        if m:
            who, name, verdict, rest = m.groups()
            # a goal's time: Qed's simplification (Qed:...) and then the
            # prover's; of a cached answer, the run's that made the entry,
            # so that the times say what a cold run costs
            times = seconds(TIME_RE.findall(rest))
            qed = seconds(QED_TIME_RE.findall(rest))
            goals.append({"goal": name, "status": verdict,
                          "prover": "Qed" if who == "Qed" else who,
                          "seconds": round((max(times) if times else 0.0) + sum(qed), 3),
                          "cached": "(cached)" in rest})
            continue
        m = SMOKE_RE.match(line)
        if m:
            smoke.append({"goal": m.group(2), "status": m.group(1)})
            continue
        m = re.search(r"Memory model hypotheses for function '([^']+)'", line)
        if m:
            hyps.append(m.group(1))
        m = re.match(r"^\[wp\] \[Failed\] Goal typed_(\S+)", line)
        if m:
            goals.append({"goal": m.group(1), "status": "Failed",
                          "prover": "-", "seconds": 0.0, "cached": False})
    proved = re.findall(r"^\[wp\] Proved goals:\s*(\d+)\s*/\s*(\d+)", "\n".join(lines), re.M)
    if not proved:
        raise InputError(f"{rel(path)}:0: no 'Proved goals' line: did WP finish?")
    return goals, smoke, sorted(set(hyps)), tuple(int(x) for x in proved[-1])


GOAL_KIND = {"postcondition": "{f}_ensures_{n}", "assertion": "{f}_assert_{n}",
             "loop invariant": "{f}_loop_invariant_{n}",
             "precondition": "_call_{f}_requires_{n}"}
GOAL_SUFFIX = re.compile(r"(_preserved|_established)?(_\d+)?")


def goal_evidence(prop, goals):
    """The WP goals of a named property: their provers and time.

    WP names a goal after its function, kind and label (f_ensures_inv;
    g_call_f_requires_inv at each call site of f; _2 ... for repeats);
    properties without a label (run-time checks, assigns) are counted per
    function only.
    """
    m = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*:", prop["property"])
    pattern = GOAL_KIND.get(prop["kind"])
    if not m or not pattern:
        return {"goals": 0, "provers": [], "seconds": 0.0}
    key = pattern.format(f=prop["function"], n=m.group(1))
    hits = []
    for g in goals:
        if key.startswith("_"):
            at = g["goal"].find(key)
            rest = g["goal"][at + len(key):] if at > 0 else None
        else:
            rest = g["goal"][len(key):] if g["goal"].startswith(key) else None
        if rest is not None and GOAL_SUFFIX.fullmatch(rest):
            hits.append(g)
    return {"goals": len(hits),
            "provers": sorted({g["prover"] for g in hits if g["status"] == "Valid"}),
            "seconds": round(sum(g["seconds"] for g in hits), 3)}


def owner(goal, functions):
    best = ""
    for f in functions:
        if goal.startswith(f + "_") and len(f) > len(best):
            best = f
    if not best and goal.startswith("lemma_"):
        return "(ACSL lemmas)"
    return best or "(unknown)"


def function_times(runs):
    """Per function (and unit), its goals and proof time over every
    machdep, slowest first: where the time of `make prove` goes."""
    rows = {}
    for run in runs:
        for f, e in run["functions"].items():
            r = rows.setdefault((run["unit"], f), {
                "function": f, "unit": run["unit"], "goals": 0, "proved": 0,
                "seconds": 0.0, "machdeps": {}, "slowest_goal": "",
                "slowest_goal_seconds": 0.0})
            r["goals"] += e["goals"]
            r["proved"] += e["proved"]
            r["seconds"] = round(r["seconds"] + e["seconds"], 3)
            r["machdeps"][run["machdep"]] = e["seconds"]
            if e["slowest_goal_seconds"] > r["slowest_goal_seconds"] or not r["slowest_goal"]:
                r["slowest_goal"] = e["slowest_goal"]
                r["slowest_goal_seconds"] = e["slowest_goal_seconds"]
    return sorted(rows.values(), key=lambda r: (-r["seconds"], r["unit"], r["function"]))


# the tools' versions, as the cold run's record takes them
tool_versions = cold.tool_versions


def scan_honesty():
    """Every admit, axiom, assume and \\false clause in the proof sources
    (there should be none): proofs/gate.py's findings, as make prove's gate
    sees them, 'FILE:LINE: reason'."""
    paths = [os.path.join(ROOT, d) for d in gate.DEFAULT_PATHS]
    return [f"{rel(path)}:{line}: {reason}"
            for path, line, reason in gate.scan([p for p in paths if os.path.exists(p)])]


def lemma_declarations(dirs):
    """ACSL `lemma` declarations (proven by WP like goals) in the sources."""
    out = []
    for d in dirs:
        for fn in sorted(os.listdir(os.path.join(ROOT, d))):
            if not fn.endswith((".c", ".h")):
                continue
            for n, line in enumerate(read(os.path.join(ROOT, d, fn)).splitlines(), 1):
                m = re.search(r"\blemma\s+([A-Za-z_][A-Za-z0-9_]*)\s*[{:]", line)
                if m:
                    out.append({"name": m.group(1), "where": f"{d}/{fn}:{n}"})
    return out


# ---------------------------------------------------------------- build

def build(machdeps):
    reqs = load_requirements(os.path.join(ROOT, "spec", "requirements.md"))
    defs = load_definitions(definition_files())
    closure = requirement_closure(defs)
    req_ids = {r["id"] for r in reqs}
    errors = []

    for r in reqs:
        for p in r["listed_predicates"]:
            if p not in defs:
                errors.append(f"spec/requirements.md:{r['line']}: {r['id']} lists "
                              f"{p}, which no header of spec/ or the proven "
                              "platform code defines")
            elif r["id"] not in closure[p]:
                errors.append(f"spec/requirements.md:{r['line']}: {r['id']} lists {p}, "
                              f"but no comment in {defs[p]['file']} tags it")
    for name, d in defs.items():
        for t in d["tags"]:
            if t not in req_ids:
                errors.append(f"{d['file']}:{d['line']}: {name} is tagged {t}, "
                              "which spec/requirements.md does not list")

    runs = []
    for md, (unit, suffix) in [(m, u) for m in machdeps for u in units()]:
        out = os.path.join(ROOT, "proofs", "out", md + suffix)
        where = f"proofs/out/{md}{suffix}"
        props = load_properties(os.path.join(out, "properties.csv"))
        goals, smoke, hyps, (proved, total) = load_goals(os.path.join(out, "wp.log"))
        cmd_path = os.path.join(out, "command.txt")
        command = read(cmd_path).strip() if os.path.exists(cmd_path) else ""

        functions = sorted({p["function"] for p in props if p["function"]})
        per_fn = {}
        for g in goals:
            f = owner(g["goal"], functions)
            e = per_fn.setdefault(f, {"goals": 0, "proved": 0, "seconds": 0.0,
                                      "provers": {}, "smoke_passed": 0,
                                      "smoke_failed": 0, "slowest_goal": "",
                                      "slowest_goal_seconds": 0.0})
            e["goals"] += 1
            if g["status"] == "Valid":
                e["proved"] += 1
                e["provers"][g["prover"]] = e["provers"].get(g["prover"], 0) + 1
            e["seconds"] = round(e["seconds"] + g["seconds"], 3)
            if g["seconds"] > e["slowest_goal_seconds"] or not e["slowest_goal"]:
                e["slowest_goal"] = g["goal"]
                e["slowest_goal_seconds"] = g["seconds"]
        for s in smoke:
            f = owner(s["goal"], functions)
            e = per_fn.setdefault(f, {"goals": 0, "proved": 0, "seconds": 0.0,
                                      "provers": {}, "smoke_passed": 0,
                                      "smoke_failed": 0, "slowest_goal": "",
                                      "slowest_goal_seconds": 0.0})
            e["smoke_passed" if s["status"] == "Passed" else "smoke_failed"] += 1

        properties, assumed = [], []
        for p in props:
            used = set(IDENT_RE.findall(p["property"]))
            traced = set()
            for u in used:
                traced |= closure.get(u, set())
            traced |= set(REQ_RE.findall(p["property"]))
            entry = dict(p, requirements=sorted(traced))
            entry.update(goal_evidence(p, goals))
            if p["status"] == "Considered valid" and p["file"] in ASSUMED_INTERFACES:
                entry["assumed_by"] = ASSUMED_INTERFACES[p["file"]]
                assumed.append(entry)
            properties.append(entry)

        unproved = [p for p in properties
                    if p["status"] != "Valid" and "assumed_by" not in p]
        smoke_failed = [s["goal"] for s in smoke if s["status"] != "Passed"]
        if proved != total:
            errors.append(f"{where}/wp.log:0: {total - proved} of {total} goals unproved")
        for p in unproved:
            errors.append(f"{p['file']}:{p['line']}: {p['function']}: {p['kind']} "
                          f"{p['status']}: {p['property'][:80]}")
        for s in smoke_failed:
            errors.append(f"{where}/wp.log:0: smoke test {s} found a vacuous contract")

        lemma_fns = sorted({p["function"] for p in properties
                            if p["function"].startswith("vclk_lemma_")})
        lemmas = []
        for f in lemma_fns:
            ps = [p for p in properties if p["function"] == f]
            lemmas.append({"name": f, "kind": "ghost lemma function",
                           "proved": all(p["status"] == "Valid" for p in ps),
                           "how": "automatic (WP with "
                                  + ", ".join(sorted(per_fn.get(f, {}).get("provers", {}) or {"Qed": 0}))
                                  + "); the induction is the function's recursion or ghost loop"})
        for l in lemma_declarations(source_dirs()):
            # Frama-C's property report leaves lemmas out: WP's goal
            # "lemma_<name>" in wp.log is the evidence
            gs = [g for g in goals if g["goal"] == "lemma_" + l["name"]]
            # a lemma belongs to the run of the unit whose sources declare it
            if not gs and not l["where"].startswith(UNIT_PREFIXES.get(unit, ())):
                continue
            lemmas.append({"name": l["name"], "kind": "ACSL lemma",
                           "proved": bool(gs) and all(g["status"] == "Valid" for g in gs),
                           "how": "automatic (WP)", "where": l["where"]})

        runs.append({
            "machdep": md,
            "unit": unit,
            "command": command,
            "goals": {"proved": proved, "total": total},
            "smoke_tests": {"passed": len(smoke) - len(smoke_failed),
                            "failed": smoke_failed},
            "functions": {f: per_fn[f] for f in sorted(per_fn)},
            "properties": properties,
            "assumed_contracts": assumed,
            "memory_model_hypotheses": hyps,
            "lemmas": lemmas,
            "proved": proved == total and not unproved and not smoke_failed,
        })

    requirements = []
    for r in reqs:
        ps = [(run["machdep"], p) for run in runs for p in run["properties"]
              if r["id"] in p["requirements"] and p["kind"] != "assigns"]
        proven = [x for x in ps if x[1]["status"] == "Valid"]
        entry = {"id": r["id"], "statement": r["statement"],
                 "predicates": sorted(n for n in defs if r["id"] in closure[n]
                                      and r["id"] in defs[n]["tags"]),
                 "properties": len(ps), "proved_properties": len(proven),
                 "sample": [f"{p['file']}:{p['line']} {p['function']}: {p['kind']}"
                            for _, p in proven[:5]],
                 "status": "gap" if not proven else
                           ("proved" if len(proven) == len(
                               [x for x in ps if "assumed_by" not in x[1]]) else "unproved")}
        if entry["status"] == "gap":
            errors.append(f"spec/requirements.md:{r['line']}: {r['id']} is traced "
                          "to no proven property")
        elif entry["status"] == "unproved":
            errors.append(f"spec/requirements.md:{r['line']}: {r['id']} has unproved properties")
        requirements.append(entry)

    cold_run = load_cold_run()
    if cold_run and cold_run["complete"] and cold_run["current"] and not cold_run["proved"]:
        errors.append(f"{cold.RECORD}:0: the last cold run ({cold_run['date']}) proved "
                      f"{cold_run['goals']['proved']} of {cold_run['goals']['total']} goals "
                      "of these sources: the WP cache answers goals the provers do not prove")

    honesty = scan_honesty()
    for h in honesty:
        errors.append(f"{h}: admitted or assumed instead of proven")

    goals_proved = sum(r["goals"]["proved"] for r in runs)
    goals_total = sum(r["goals"]["total"] for r in runs)
    n_assumed = sum(len(r["assumed_contracts"]) for r in runs)
    summary = (f"{goals_proved}/{goals_total} goals proved, "
               f"{0 if not honesty else len(honesty)} assumptions beyond the listed interfaces")
    return {
        "schema_version": SCHEMA_VERSION,
        "summary": summary,
        "ok": not errors,
        "errors": errors,
        "generated": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "tools": tool_versions(),
        "machdeps": [r["machdep"] for r in runs],
        "interfaces": [{"file": f, "why": w, "contracts": n_assumed}
                       for f, w in sorted(ASSUMED_INTERFACES.items())],
        "admits_axioms_assumes": honesty,
        "requirements": requirements,
        "function_times": function_times(runs),
        "cold_run": cold_run,
        "proof_mutants": load_proof_mutants(),
        "runs": runs,
    }


def duration(secs):
    if secs < 60:
        return f"{secs} s"
    h, m = divmod(round(secs / 60), 60)
    return (f"{h} h {m:02d} min" if h else f"{m} min") + f" ({secs} s)"


PROOF_MUTANTS = "docs/proof-mutants.md"


def load_proof_mutants():
    """The score of the last proof-mutant run (make proof-mutants, hours:
    not in CI), from the last line of docs/proof-mutants.md that
    ci/proof-mutants.py's report writes ("killed N of M non-equivalent
    mutants (P%), ..."); None when there is none."""
    path = os.path.join(ROOT, PROOF_MUTANTS)
    if not os.path.exists(path):
        return None
    lines = [l.strip() for l in read(path).splitlines()
             if re.match(r"killed [0-9]+ of [0-9]+ non-equivalent mutants", l.strip())]
    if not lines:
        raise InputError(f"{PROOF_MUTANTS}:0: no score line "
                         "(\"killed N of M non-equivalent mutants ...\")")
    m = re.match(r"killed ([0-9]+) of ([0-9]+) ", lines[-1])
    return {"killed": int(m.group(1)), "non_equivalent": int(m.group(2)),
            "text": lines[-1], "source": PROOF_MUTANTS}


def proof_mutants_text(p):
    """The report's sentence on the proof-mutation score."""
    if p is None:
        return ("Proof-mutation score: none recorded (make proof-mutants writes "
                + PROOF_MUTANTS + ").")
    return (f"Proof-mutation score (the proofs alone, without the tests; "
            f"{p['source']}): {p['text']}")


def load_cold_run():
    """proofs/cold-run.json (make prove-cold), summed up for the report;
    None when there is none.  Only a complete cold run is said to be one."""
    try:
        rec = cold.load_record(ROOT)
    except ValueError as e:
        raise InputError(str(e))
    if rec is None:
        return None
    current = rec["sources_sha256"] == cold.sources_sha256(ROOT)
    out = {"complete": rec["complete"], "partial_because": rec["partial_because"],
           "date": rec["date"], "wall_seconds": rec["wall_seconds"], "proved": rec["proved"],
           "goals": {"proved": rec["goals"].get("proved", 0), "total": rec["goals"].get("total", 0)},
           "runs": [{"unit": r["unit"], "machdep": r["machdep"],
                     "goals": {"proved": r["goals"].get("proved", 0),
                               "total": r["goals"].get("total", 0)},
                     "seconds": r.get("seconds")} for r in rec["runs"]],
           "current": current, "commit": rec.get("commit", "")}
    out["text"] = cold_text(out)
    return out


def cold_class(c):
    """index.html: green for a proved cold run of these sources, red for a
    failed complete one, plain otherwise."""
    if c and c["complete"] and not c["proved"]:
        return " class='bad'"
    if c and c["complete"] and c["current"]:
        return " class='ok'"
    return ""


def cold_text(c):
    """The report's sentence on the last cold run."""
    if c is None:
        return ("Last re-proved cold: never recorded (no proofs/cold-run.json; make prove-cold "
                "re-proves every goal without the WP cache and records it).")
    if not c["complete"]:
        return ("Last re-proved cold: no complete cold run is recorded (proofs/cold-run.json "
                "holds a partial one: " + "; ".join(c["partial_because"]) + ").")
    runs = ", ".join(f"{r['unit']} {r['machdep']} {r['goals']['proved']}/{r['goals']['total']}"
                     for r in c["runs"])
    return (f"Last re-proved cold: {c['date'][:10]} (make prove-cold, without the WP cache): "
            f"{c['goals']['proved']}/{c['goals']['total']} goals proved ({runs}), "
            f"wall time {duration(c['wall_seconds'])}"
            + ("" if c["proved"] else ", NOT ALL PROVED")
            + ("; the proof's sources are the ones it proved." if c["current"] else
               "; on earlier sources: the proof's C and ACSL have changed since, and the "
               "WP cache's answers to the changed goals have not been re-proved cold."))


# ---------------------------------------------------------------- output

def time_summary(rep):
    """One sentence on where the proof time goes."""
    rows = rep["function_times"]
    total = sum(r["seconds"] for r in rows)
    top = sum(r["seconds"] for r in rows[:10])
    return (f"{total:.1f} s of Qed and prover time over {len(rows)} functions and "
            f"{len(rep['machdeps'])} run(s); the 10 slowest take "
            f"{100 * top / total if total else 0:.0f}%.  A goal answered from "
            "the WP cache counts the time of the run that made the entry: this "
            "is what a cold run spends in Qed and the provers (Frama-C's goal "
            "generation, which WP does not time per function, comes on top).")


def markdown(rep):
    o = [f"# vclk proof report", "", f"**{rep['summary']}**", "",
         f"Generated {rep['generated']} by `make report` from `make prove`'s "
         "output; machdeps: " + ", ".join(rep["machdeps"]) + ".", "",
         cold_text(rep["cold_run"]), "", proof_mutants_text(rep["proof_mutants"]), ""]
    if rep["errors"]:
        o += ["## NOT PROVED", ""] + [f"- `{e}`" for e in rep["errors"]] + [""]
    o += ["## Requirements", "", "| id | status | proved properties | requirement |",
          "|---|---|---|---|"]
    for r in rep["requirements"]:
        o.append(f"| {r['id']} | {r['status']} | {r['proved_properties']} / "
                 f"{r['properties']} | {r['statement']} |")
    o += ["", "## Assumptions", "",
          "Contracts assumed rather than proven (functions without a body):", ""]
    for i in rep["interfaces"]:
        o.append(f"- `{i['file']}`: {i['why']}")
    for run in rep["runs"]:
        for p in run["assumed_contracts"]:
            o.append(f"  - [{run_label(run)}] `{p['function']}` {p['kind']}: `{p['property']}`")
    o += ["", "Admits, axioms, assumes and `\\false` clauses in "
          + ", ".join(d + "/" for d in gate.DEFAULT_PATHS) + " (proofs/gate.py): "
          + ("none" if not rep["admits_axioms_assumes"] else
             ", ".join(rep["admits_axioms_assumes"])), ""]
    for run in rep["runs"]:
        o += [f"WP memory-model hypotheses ({run_label(run)}): pointer arguments are "
              "separated from the core's global arrays, for: "
              + ", ".join(f"`{f}`" for f in run["memory_model_hypotheses"]), ""]
        o += [f"Lemmas ({run_label(run)}):", ""]
        for l in run["lemmas"]:
            o.append(f"- `{l['name']}` ({l['kind']}): "
                     f"{'proved' if l['proved'] else 'NOT proved'}, {l['how']}")
        o.append("")
    mds = sorted({md for r in rep["function_times"] for md in r["machdeps"]})
    o += ["## Proof time by function", "", time_summary(rep), "",
          "| function | unit | goals proved | seconds | "
          + " | ".join(mds) + (" | " if mds else "") + "slowest goal (s) |",
          "|---|---|---|---|" + "---|" * len(mds) + "---|"]
    for r in rep["function_times"]:
        o.append(f"| `{r['function']}` | {r['unit']} | {r['proved']} / {r['goals']} | "
                 f"{r['seconds']:.1f} | "
                 + "".join(f"{r['machdeps'][md]:.1f} | " if md in r["machdeps"] else "- | "
                           for md in mds)
                 + f"`{r['slowest_goal']}` ({r['slowest_goal_seconds']:.1f}) |")
    o.append("")
    for run in rep["runs"]:
        o += [f"## Functions ({run_label(run)})", "",
              f"{run['goals']['proved']}/{run['goals']['total']} goals; smoke tests: "
              f"{run['smoke_tests']['passed']} passed, "
              f"{len(run['smoke_tests']['failed'])} failed", "",
              "| function | goals proved | provers | seconds | smoke tests |",
              "|---|---|---|---|---|"]
        for f, e in run["functions"].items():
            provers = ", ".join(f"{k} {v}" for k, v in sorted(e["provers"].items()))
            o.append(f"| `{f}` | {e['proved']} / {e['goals']} | {provers} | "
                     f"{e['seconds']:.1f} | {e['smoke_passed']} passed, "
                     f"{e['smoke_failed']} failed |")
        o += ["", f"Command: `{run['command']}`", ""]
    o += ["## Tools", ""] + [f"- {k}: {v}" for k, v in sorted(rep["tools"].items())]
    return "\n".join(o) + "\n"


def html_page(rep):
    e = html.escape
    rows = lambda cells: "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"
    o = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>vclk proof report</title>",
         "<style>body{font-family:sans-serif;max-width:75em;margin:auto}"
         "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
         ".bad{color:#b00}.ok{color:#070}</style></head><body>",
         "<h1>vclk proof report</h1>",
         f"<p class='{'ok' if rep['ok'] else 'bad'}'><b>{e(rep['summary'])}</b></p>",
         f"<p>Generated {e(rep['generated'])}; machdeps {e(', '.join(rep['machdeps']))}.</p>",
         f"<p{cold_class(rep['cold_run'])}>{e(cold_text(rep['cold_run']))}</p>",
         f"<p>{e(proof_mutants_text(rep['proof_mutants']))}</p>"]
    if rep["errors"]:
        o += ["<h2 class='bad'>Not proved</h2><ul>"] + \
             [f"<li><code>{e(x)}</code></li>" for x in rep["errors"]] + ["</ul>"]
    o += ["<h2>Requirements</h2><table><tr><th>id</th><th>status</th>"
          "<th>proved properties</th><th>requirement</th><th>predicates</th></tr>"]
    for r in rep["requirements"]:
        o.append(rows([e(r["id"]), e(r["status"]),
                       f"{r['proved_properties']} / {r['properties']}",
                       e(r["statement"]), e(", ".join(r["predicates"]))]))
    o.append("</table><h2>Assumptions</h2><ul>")
    for i in rep["interfaces"]:
        o.append(f"<li><code>{e(i['file'])}</code>: {e(i['why'])}</li>")
    o.append("</ul>")
    for run in rep["runs"]:
        o.append(f"<h3>Assumed contracts ({e(run_label(run))})</h3><table>")
        for p in run["assumed_contracts"]:
            o.append(rows([f"<code>{e(p['function'])}</code>", e(p["kind"]),
                           f"<code>{e(p['property'])}</code>"]))
        o.append("</table><h3>Lemmas</h3><table>")
        for l in run["lemmas"]:
            o.append(rows([f"<code>{e(l['name'])}</code>", e(l["kind"]),
                           "proved" if l["proved"] else "<b class='bad'>not proved</b>",
                           e(l["how"])]))
        o.append("</table>")
        o.append(f"<p>Memory-model hypotheses (separation of pointer arguments from "
                 f"the core's arrays) for: {e(', '.join(run['memory_model_hypotheses']))}</p>")
    o.append("<p>Admits, axioms, assumes and \\false clauses (proofs/gate.py): "
             + (e(", ".join(rep["admits_axioms_assumes"])) or "none") + "</p>")
    mds = sorted({md for r in rep["function_times"] for md in r["machdeps"]})
    o.append(f"<h2>Proof time by function</h2><p>{e(time_summary(rep))}</p>"
             "<table><tr><th>function</th><th>unit</th><th>goals proved</th>"
             "<th>seconds</th>" + "".join(f"<th>{e(md)}</th>" for md in mds)
             + "<th>slowest goal (s)</th></tr>")
    for r in rep["function_times"]:
        o.append(rows([f"<code>{e(r['function'])}</code>", e(r["unit"]),
                       f"{r['proved']} / {r['goals']}", f"{r['seconds']:.1f}"]
                      + [f"{r['machdeps'][md]:.1f}" if md in r["machdeps"] else "-"
                         for md in mds]
                      + [f"<code>{e(r['slowest_goal'])}</code> "
                         f"({r['slowest_goal_seconds']:.1f})"]))
    o.append("</table>")
    for run in rep["runs"]:
        o.append(f"<h2>Properties ({e(run_label(run))})</h2><p>"
                 f"{run['goals']['proved']}/{run['goals']['total']} goals; smoke tests "
                 f"{run['smoke_tests']['passed']} passed, "
                 f"{len(run['smoke_tests']['failed'])} failed.</p>")
        o.append("<table><tr><th>function</th><th>goals</th><th>provers</th>"
                 "<th>s</th><th>smoke</th></tr>")
        for f, x in run["functions"].items():
            o.append(rows([f"<code>{e(f)}</code>", f"{x['proved']} / {x['goals']}",
                           e(", ".join(f"{k} {v}" for k, v in sorted(x["provers"].items()))),
                           f"{x['seconds']:.1f}",
                           f"{x['smoke_passed']} / {x['smoke_passed'] + x['smoke_failed']}"]))
        o.append("</table><table><tr><th>where</th><th>function</th><th>kind</th>"
                 "<th>status</th><th>goals, provers, s</th><th>requirements</th>"
                 "<th>property</th></tr>")
        for p in run["properties"]:
            cls = "ok" if p["status"] == "Valid" else "bad"
            o.append(rows([e(f"{p['file']}:{p['line']}"), f"<code>{e(p['function'])}</code>",
                           e(p["kind"]), f"<span class='{cls}'>{e(p['status'])}</span>",
                           (f"{p['goals']}: {e(', '.join(p['provers']))}, {p['seconds']:.2f}"
                            if p["goals"] else "per function"),
                           e(", ".join(p["requirements"])),
                           f"<code>{e(p['property'][:200])}</code>"]))
        o.append(f"</table><p>Command: <code>{e(run['command'])}</code></p>")
    o.append("<h2>Tools</h2><ul>" + "".join(
        f"<li>{e(k)}: {e(v)}</li>" for k, v in sorted(rep["tools"].items())) + "</ul>")
    o.append("</body></html>")
    return "\n".join(o) + "\n"


def validate(rep):
    """Check the report against proofs/report.schema.json (python3-jsonschema)."""
    import jsonschema
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.validate(rep, schema)


def main(argv):
    global ROOT
    import argparse
    ap = argparse.ArgumentParser(description="vclk proof report")
    ap.add_argument("--root", default=ROOT,
                    help="tree with spec/, core/ and proofs/out/ (default: this checkout)")
    ap.add_argument("--out", help="report directory (default: ROOT/proofs/report)")
    ap.add_argument("--no-tools", action="store_true",
                    help="do not run the tools for their versions (tests)")
    args = ap.parse_args(argv)
    ROOT = os.path.abspath(args.root)
    machdeps = (os.environ.get("VCLK_MACHDEPS") or "x86_64 x86_32").split()
    outdir = args.out or os.path.join(ROOT, "proofs", "report")
    if args.no_tools:
        global tool_versions
        tool_versions = lambda: {k: "not run" for k in ("frama-c", "why3", "z3", "cvc4")}
    try:
        rep = build(machdeps)
    except InputError as e:
        print(f"report: {e}", file=sys.stderr)
        return 2
    validate(rep)
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "report.json"), "w", encoding="utf-8") as f:
        json.dump(rep, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(os.path.join(outdir, "report.md"), "w", encoding="utf-8") as f:
        f.write(markdown(rep))
    with open(os.path.join(outdir, "index.html"), "w", encoding="utf-8") as f:
        f.write(html_page(rep))
    print(f"report: {rep['summary']} -> {os.path.relpath(outdir)}/index.html, report.md, report.json")
    for err in rep["errors"]:
        print(err, file=sys.stderr)
    return 0 if rep["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
