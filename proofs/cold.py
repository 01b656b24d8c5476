#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""proofs/cold.py - the proof without the WP cache: its record, and the
random cold sample of CI.

The committed WP cache (proofs/wp-cache/) answers nearly every goal of
`make prove`; a wrong or stale answer in it would be taken on trust.  Two
checks re-prove goals without it:

  record   after `make prove-cold` (proofs/prove.sh --cold): writes the
           run's date, wall time and goals per unit and machdep to
           proofs/cold-run.json, committed, which `make report` shows as
           "last re-proved cold" -- when the run was the whole proof as
           `make prove` runs it; any other cold run (FUNCS, a unit or
           machdep left out, another WP_TIMEOUT, VCLK_DEFS) is partial: it
           goes to proofs/out/cold/cold-run.json, marked so, and the
           committed record stays as it was.
  sample   `make prove-sample` (proofs/sample.sh), step one: from a cached
           run's wp.log files, the functions with goals the cache
           answered; picks some at random (the seed given) within a budget
           of estimated seconds; writes the plan.
  compare  step two, after proofs/prove.sh --cold --funcs (the plan's
           functions): every goal the cache said Valid must be Valid
           again, every smoke test that passed must pass again; anything
           else is a finding (machdep, unit, function, goal, seed).

The estimate of a function's cold cost (deterministic: it reads only what
the cache fixed, never the times Qed took in this run): per goal
GOAL_SECONDS (generation and Qed); per goal the provers answered, the
time its answer took (recorded in the cache), plus a quarter of
WP_TIMEOUT when CVC4 answered (Z3, tried first, failed; in the committed
cache it timed out on about a quarter of those); per smoke test
SMOKE_SECONDS (it passes when both provers fail, at WP's 2 s smoke
timeout); and per unit and machdep run RUN_SECONDS (parsing the unit).
The sum is a serial figure: runs side by side take less wall time.

Exit status: 0 when all is well, 1 on a finding or an unproved run, 2 on
bad usage or missing input (`prove: reason`).
"""

import argparse
import datetime
import glob
import hashlib
import json
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORD = os.path.join("proofs", "cold-run.json")
PARTIAL_RECORD = os.path.join("proofs", "out", "cold", "cold-run.json")
RECORD_VERSION = 1

GOAL_SECONDS = 0.2
SMOKE_SECONDS = 4.0
RUN_SECONDS = 15.0
FIRST_PROVER = "Z3"

GOAL_RE = re.compile(r"^\[wp\] \[([^\]]+)\] Goal typed_(\S+)(?: : ([A-Za-z][A-Za-z .]*?))?((?: +\(.*)?)$")
SMOKE_RE = re.compile(r"^\[wp\] \[(Passed|Failed|Unknown|Timeout)\] Smoke-test typed_(\S+)")
# "(Qed:12ms) (40ms) (156733)": the prover's time is the first bare one
PROVER_TIME_RE = re.compile(r"\((\d+(?:\.\d+)?)(ms|s)\)")
PROVED_RE = re.compile(r"^\[wp\] Proved goals:\s*(\d+)\s*/\s*(\d+)", re.M)
SUMMARY_RE = re.compile(r"^prove\[[^\]]+\]: (\d+) / (\d+) goals proved, (\d+) smoke tests failed, (\d+)s",
                        re.M)


class UsageError(Exception):
    pass


def die(msg, code=2):
    print(f"prove: {msg}", file=sys.stderr)
    sys.exit(code)


def rel(path):
    return os.path.relpath(path, ROOT)


# ---------------------------------------------------------------- inputs

def proof_sources(root):
    """What the goals are made of: every unit's sources and every header
    under core/, spec/ and platform/ (proofs/prove.sh's unit_sources and
    fingerprint), as paths relative to root, sorted."""
    out = set(glob.glob(os.path.join(root, "core", "*.c")))
    for f in ("platform/reg_poll.c", "platform/clk_basic.c"):
        if os.path.exists(os.path.join(root, f)):
            out.add(os.path.join(root, f))
    out |= {f for f in glob.glob(os.path.join(root, "platform", "omap4", "*.c"))
            if not f.endswith("_ops.c")}
    for d in ("core", "spec", "platform"):
        for dirpath, _, files in os.walk(os.path.join(root, d)):
            out |= {os.path.join(dirpath, f) for f in files if f.endswith(".h")}
    return sorted(os.path.relpath(f, root) for f in out)


def sources_sha256(root):
    """One hash of the proof's C and ACSL: equal, the same goals (with the
    same prove.sh options and tools)."""
    h = hashlib.sha256()
    for f in proof_sources(root):
        h.update(f.encode() + b"\0")
        with open(os.path.join(root, f), "rb") as fh:
            h.update(fh.read())
        h.update(b"\0")
    return h.hexdigest()


def tree_units(root):
    """The proof units this tree has sources for (prove.sh's unit_sources)."""
    out = ["core"]
    if os.path.exists(os.path.join(root, "platform", "clk_basic.c")):
        out.append("types")
    if [f for f in glob.glob(os.path.join(root, "platform", "omap4", "*.c"))
            if not f.endswith("_ops.c")]:
        out.append("omap4")
    return out


def run_dir(base, md, unit):
    return os.path.join(base, md if unit == "core" else f"{md}-{unit}")


def seconds_of(value, unit):
    return float(value) / (1000 if unit == "ms" else 1)


def parse_log(path):
    """A WP log: {goal: {status, prover, cached, seconds}}, {smoke test:
    status}, (proved, total) or None."""
    goals, smoke = {}, {}
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    last = None
    for line in text.splitlines():
        # "[wp] [Failed] Goal typed_x" is followed by each prover's answer,
        # indented: "  Z3 4.8.12: Failed Unknown error"
        if last is not None and line.startswith("  ") and ":" in line:
            last["provers"].append(line.strip())
            continue
        last = None
        m = GOAL_RE.match(line)
        if m:
            who, name, status, rest = m.groups()
            # "[wp] [Failed] Goal typed_x": the bracket is the verdict
            times = [seconds_of(v, u) for v, u in PROVER_TIME_RE.findall(rest)]
            goals[name] = {"status": status or who, "prover": who if status else "-",
                           "cached": "(cached)" in rest,
                           "seconds": times[0] if times and who != "Qed" else 0.0,
                           "provers": []}
            if not status:
                last = goals[name]
            continue
        m = SMOKE_RE.match(line)
        if m:
            smoke[m.group(2)] = m.group(1)
    proved = PROVED_RE.findall(text)
    return goals, smoke, tuple(int(x) for x in proved[-1]) if proved else None


ANNOT_RE = re.compile(r"^\[rte:annot\] annotating function (\S+)", re.M)


def functions_of(run):
    """The functions of a run (goals' owners): those WP annotated, as its
    wp.log says, and those its properties.csv names."""
    path = os.path.join(run, "properties.csv")
    with open(os.path.join(run, "wp.log"), encoding="utf-8", errors="replace") as f:
        out = set(ANNOT_RE.findall(f.read()))
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f):
                fields = line.rstrip("\n").split("\t")
                if n and len(fields) >= 4 and fields[3]:
                    out.add(fields[3])
    return out


def owner(goal, functions):
    """WP names a goal after its function: the longest function name it
    starts with, followed by "_" (functions: a set)."""
    best = ""
    for i, ch in enumerate(goal):
        if ch == "_" and goal[:i] in functions:
            best = goal[:i]
    return best


def source_words(root):
    words = set()
    for d in ("core", "spec", "platform"):
        for dirpath, _, files in os.walk(os.path.join(root, d)):
            for fn in files:
                with open(os.path.join(dirpath, fn), encoding="utf-8", errors="replace") as f:
                    words |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", f.read()))
    return words


# ---------------------------------------------------------------- record

def cmd_record(args):
    runs, failed = [], False
    for spec in args.run:
        parts = spec.split()
        if len(parts) != 4:
            raise UsageError(f"--run takes \"machdep unit directory functions\", not {spec!r}")
        md, unit, out, fct = parts
        out_abs = os.path.join(ROOT, out)
        entry = {"machdep": md, "unit": unit, "goals": {"proved": 0, "total": 0},
                 "smoke_failed": 0, "seconds": None, "qed": 0, "provers": 0, "cached": 0,
                 "proved": False}
        if fct != "-":
            entry["functions"] = fct.split(",")
        prove_txt = os.path.join(out_abs, "prove.txt")
        text = open(prove_txt, encoding="utf-8").read() if os.path.exists(prove_txt) else ""
        m = SUMMARY_RE.search(text)
        log = os.path.join(out_abs, "wp.log")
        goals, _, proved = parse_log(log) if os.path.exists(log) else ({}, {}, None)
        if proved:
            entry["goals"] = {"proved": proved[0], "total": proved[1]}
        entry["qed"] = sum(1 for g in goals.values() if g["prover"] == "Qed")
        entry["cached"] = sum(1 for g in goals.values() if g["cached"])
        entry["provers"] = len(goals) - entry["qed"] - entry["cached"]
        if m:
            entry["smoke_failed"] = int(m.group(3))
            entry["seconds"] = int(m.group(4))
            entry["proved"] = (m.group(1) == m.group(2) and m.group(3) == "0"
                               and "NOT PROVED" not in text and entry["cached"] == 0)
        else:
            entry["error"] = f"no verdict in {out}/prove.txt (frama-c failed?)"
        cmd = os.path.join(out_abs, "command.txt")
        if os.path.exists(cmd):
            # (the private cache directory's name is a temporary's)
            entry["command"] = re.sub(r"-wp-cache-dir \S+", "-wp-cache-dir EMPTY-TMPDIR",
                                      open(cmd, encoding="utf-8").read().strip())
        failed |= not entry["proved"]
        runs.append(entry)
    if not runs:
        raise UsageError("record: no --run")
    complete = not args.partial
    rec = {
        "what": "make prove-cold: the proof re-run without the WP cache (proofs/prove.sh --cold)",
        "version": RECORD_VERSION,
        "complete": complete,
        "partial_because": args.partial,
        "date": args.date,
        "wall_seconds": args.wall,
        "proved": args.status == 0 and not failed,
        "goals": {"proved": sum(r["goals"]["proved"] for r in runs),
                  "total": sum(r["goals"]["total"] for r in runs)},
        "runs": runs,
        "settings": {"timeout": args.timeout, "jobs": args.jobs, "cores": os.cpu_count()},
        "tools": tool_versions(),
        "commit": git_head(),
        "sources_sha256": sources_sha256(ROOT),
    }
    path = os.path.join(ROOT, args.out or (RECORD if complete else PARTIAL_RECORD))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(rec, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(path + ".tmp", path)
    figures = (f"{rec['date']}, {rec['goals']['proved']}/{rec['goals']['total']} goals proved, "
               f"wall time {rec['wall_seconds']} s")
    if complete:
        print(f"prove: cold run recorded in {rel(path)}: {figures}")
    else:
        print(f"prove: a partial cold run ({'; '.join(args.partial)}), recorded in {rel(path)}: "
              f"{figures}; {RECORD}, the record of the last complete cold run, is left alone")
    return 0


def tool_versions():
    out = {}
    for name, cmd in (("frama-c", ["frama-c", "-version"]), ("why3", ["why3", "--version"]),
                      ("z3", ["z3", "--version"]), ("cvc4", ["cvc4", "--version"])):
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
            first = (p.stdout or p.stderr).strip().splitlines()
            out[name] = first[0] if first else "unknown"
        except (OSError, subprocess.TimeoutExpired):
            out[name] = "not found"
    return out


def git_head():
    # read-only: which commit the tree was at (the hash of the proof
    # sources, not this, says whether the record is current)
    try:
        p = subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"], capture_output=True,
                           text=True, timeout=30)
        return p.stdout.strip() if p.returncode == 0 else ""
    except (OSError, subprocess.TimeoutExpired):
        return ""


def load_record(root):
    """proofs/cold-run.json of root, checked; None when there is none.
    Raises ValueError('proofs/cold-run.json:LINE: reason')."""
    path = os.path.join(root, RECORD)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{RECORD}:{e.lineno}: not JSON: {e.msg}")
    need = {"version": int, "complete": bool, "partial_because": list, "date": str,
            "wall_seconds": int, "proved": bool, "goals": dict, "runs": list,
            "sources_sha256": str}
    if not isinstance(rec, dict):
        raise ValueError(f"{RECORD}:1: not an object")
    for key, typ in need.items():
        if not isinstance(rec.get(key), typ) or (typ is int and isinstance(rec.get(key), bool)):
            raise ValueError(f"{RECORD}:1: {key} missing or not a {typ.__name__}")
    if rec["version"] != RECORD_VERSION:
        raise ValueError(f"{RECORD}:1: version {rec['version']}, this report reads {RECORD_VERSION}")
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z", rec["date"]):
        raise ValueError(f"{RECORD}:1: date {rec['date']!r} is not YYYY-MM-DDTHH:MM:SSZ")
    for r in rec["runs"]:
        if not (isinstance(r, dict) and isinstance(r.get("machdep"), str)
                and isinstance(r.get("unit"), str) and isinstance(r.get("goals"), dict)):
            raise ValueError(f"{RECORD}:1: a run without machdep, unit or goals")
    return rec


# ---------------------------------------------------------------- sample

def read_runs(base, machdeps, units):
    """The cached run's logs under base: [(md, unit, goals, smoke,
    functions)]; a unit/machdep without a wp.log is left out (said)."""
    runs, missing = [], []
    for md in machdeps:
        for unit in units:
            d = run_dir(base, md, unit)
            log = os.path.join(d, "wp.log")
            if not os.path.exists(log):
                missing.append(f"{rel(log)}: the functions of {md}/{unit} are not sampled")
                continue
            goals, smoke, _ = parse_log(log)
            runs.append((md, unit, goals, smoke, functions_of(d)))
    if runs:
        for m in missing:
            print(f"prove: no {m}")
    else:
        die(f"no wp.log under {rel(base)} for {' '.join(machdeps)} / {' '.join(units)}: "
            "the sample re-proves goals a cached run answered (make prove first, or "
            "PROVE_SAMPLE_FROM=proofs/out/funcs after make prove FUNCS=...)")
    return runs


def goal_cost(g, timeout):
    if g["prover"] == "Qed":
        return GOAL_SECONDS
    extra = timeout / 4 if not g["prover"].startswith(FIRST_PROVER) else 0.0
    return GOAL_SECONDS + round(g["seconds"], 2) + extra


def cmd_sample(args):
    if args.seconds < 0:
        raise UsageError("the budget is a number of seconds >= 0")
    machdeps, units = args.machdeps.split(), args.units.split()
    units = [u for u in units if u in tree_units(ROOT)]
    runs = read_runs(os.path.join(ROOT, args.source), machdeps, units)
    words = source_words(ROOT)
    # per function name: its goals the cache answered, and its cost, over
    # every unit and machdep (prove.sh --funcs proves it in all of them)
    cands = {}
    for md, unit, goals, smoke, functions in runs:
        per = {}
        for name, g in goals.items():
            f = owner(name, functions)
            if f:
                per.setdefault(f, {"cost": 0.0, "cached": []})
                per[f]["cost"] += goal_cost(g, args.timeout)
                if g["cached"] and g["status"] == "Valid":
                    per[f]["cached"].append(name)
        for name in smoke:
            f = owner(name, functions)
            if f:
                per.setdefault(f, {"cost": 0.0, "cached": []})
                per[f]["cost"] += SMOKE_SECONDS
        for f, e in per.items():
            c = cands.setdefault(f, {"cost": 0.0, "cached": 0, "runs": []})
            c["cost"] += e["cost"]
            c["cached"] += len(e["cached"])
            c["runs"].append(f"{md} {unit}")
    # a static function of a header is one copy a file (f, f_0, f_1...),
    # and prove.sh --funcs f proves every copy no source spells: f costs
    # them all
    copies = {}
    for f in cands:
        m = re.fullmatch(r"(.+)_[0-9]+", f)
        if m and m.group(1) in cands and f not in words:
            copies.setdefault(m.group(1), []).append(f)
    names = sorted(f for f in cands if cands[f]["cached"] > 0)
    cost = {f: round(cands[f]["cost"] + sum(cands[c]["cost"] for c in copies.get(f, [])), 2)
            for f in names}
    order = list(names)
    random.Random(args.seed).shuffle(order)
    chosen, covered, total, groups = [], set(), 0.0, set()
    for f in order:
        if f in covered:
            continue
        new_groups = {r for c in [f] + copies.get(f, []) for r in cands[c]["runs"]} - groups
        need = cost[f] + RUN_SECONDS * len(new_groups)
        if total + need > args.seconds:
            continue
        chosen.append(f)
        total += need
        groups |= new_groups
        covered |= {f, *copies.get(f, [])}
    too_large = sorted(f for f in names if cost[f] + RUN_SECONDS * len(
        {r for c in [f] + copies.get(f, []) for r in cands[c]["runs"]}) > args.seconds)
    plan = {"seed": args.seed, "seconds": args.seconds, "source": args.source,
            "machdeps": machdeps, "units": units, "timeout": args.timeout,
            "functions": sorted(chosen),
            "proved_with": {f: sorted([f] + copies.get(f, [])) for f in chosen},
            "estimate_seconds": round(total, 1),
            "candidates": len(names), "too_large": too_large,
            "cached_goals": sum(cands[f]["cached"] for f in names)}
    os.makedirs(os.path.dirname(os.path.join(ROOT, args.plan)), exist_ok=True)
    with open(os.path.join(ROOT, args.plan), "w", encoding="utf-8") as f:
        json.dump(plan, f, indent=1, sort_keys=True)
        f.write("\n")
    sampled = sum(cands[c]["cached"] for f in chosen for c in plan["proved_with"][f])
    print(f"prove: sample (seed {args.seed}, budget {args.seconds} s): {len(chosen)} of the "
          f"{len(names)} functions with goals the cache answers, {sampled} of its "
          f"{plan['cached_goals']} answers, estimated {total:.0f} s (serial)")
    for f in sorted(chosen):
        print(f"  {f:<40} {cost[f]:7.1f} s  {cands[f]['cached']:4d} cached goals  "
              f"[{', '.join(sorted(cands[f]['runs']))}]")
    if too_large:
        print(f"prove: {len(too_large)} functions cost more than the budget alone and are "
              f"re-proved cold only by make prove-cold: {', '.join(too_large[:8])}"
              + (", ..." if len(too_large) > 8 else ""))
    return 0


# ---------------------------------------------------------------- compare

def answer(g):
    """A goal's verdict as the cold run's log gives it."""
    if g["provers"]:
        return f"{g['status']} ({'; '.join(g['provers'])})"
    return f"{g['status']} ({g['prover']}, {g['seconds']:.2f}s)"


def cmd_compare(args):
    with open(os.path.join(ROOT, args.plan), encoding="utf-8") as f:
        plan = json.load(f)
    seed = plan["seed"]
    selected = {c for f in plan["functions"] for c in plan["proved_with"][f]}
    findings, reproved = [], 0
    for md in plan["machdeps"]:
        for unit in plan["units"]:
            warm_dir = run_dir(os.path.join(ROOT, plan["source"]), md, unit)
            if not os.path.exists(os.path.join(warm_dir, "wp.log")):
                continue
            wgoals, wsmoke, _ = parse_log(os.path.join(warm_dir, "wp.log"))
            functions = functions_of(warm_dir)
            mine = {n: g for n, g in wgoals.items()
                    if owner(n, functions) in selected and g["cached"] and g["status"] == "Valid"}
            cold_log = os.path.join(run_dir(os.path.join(ROOT, args.cold), md, unit), "wp.log")
            if not os.path.exists(cold_log):
                for n, g in sorted(mine.items()):
                    findings.append((md, unit, owner(n, functions), n, g, "no cold run"))
                continue
            cgoals, csmoke, _ = parse_log(cold_log)
            for n, g in sorted(mine.items()):
                c = cgoals.get(n)
                if c and c["status"] == "Valid":
                    reproved += 1
                    continue
                findings.append((md, unit, owner(n, functions), n, g,
                                 answer(c) if c else "absent from the cold run"))
            for n, c in sorted(cgoals.items()):
                if n not in mine and c["status"] != "Valid":
                    findings.append((md, unit, owner(n, functions) or "?", n, wgoals.get(n),
                                     answer(c)))
            for n, s in sorted(csmoke.items()):
                if s != "Passed":
                    w = wsmoke.get(n)
                    findings.append((md, unit, owner(n, functions) or "?", n,
                                     {"status": f"smoke test {w}" if w else "smoke test not run",
                                      "prover": "-", "seconds": 0.0},
                                     f"smoke test {s}: a vacuous contract"))
    for md, unit, f, n, g, now in findings:
        was = (f"{g['status']} ({g['prover']}, {g['seconds']:.2f}s{', cached' if g.get('cached') else ''})"
               if g else "not in the cached run")
        print(f"prove: FINDING [{md}/{unit}] {f}: {n}: the cache said {was}; "
              f"without it: {now} (seed {seed})", file=sys.stderr)
    print(f"prove: cold sample (seed {seed}): {reproved} goals the cache answered Valid "
          f"re-proved Valid without it, {len(findings)} finding{'' if len(findings) == 1 else 's'}")
    return 1 if findings else 0


def main(argv):
    global ROOT
    ap = argparse.ArgumentParser(description="the proof without the WP cache: record, sample, compare")
    ap.add_argument("--root", default=ROOT, help="the checkout (default: this one)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record", help="write the record of a cold run (prove.sh --cold)")
    r.add_argument("--date", required=True)
    r.add_argument("--wall", type=int, required=True)
    r.add_argument("--timeout", type=int, required=True)
    r.add_argument("--jobs", type=int, required=True)
    r.add_argument("--status", type=int, required=True)
    r.add_argument("--partial", action="append", default=[],
                   help="why this is not the whole proof (repeatable)")
    r.add_argument("--run", action="append", default=[],
                   help="\"machdep unit directory functions\" (- for all)")
    r.add_argument("--out", help="the record (default: proofs/cold-run.json when complete)")
    s = sub.add_parser("sample", help="pick functions to re-prove cold")
    s.add_argument("--seed", type=int, required=True)
    s.add_argument("--seconds", type=int, required=True)
    s.add_argument("--source", default="proofs/out",
                   help="the cached run's output: <source>/<machdep>[-<unit>]/wp.log")
    s.add_argument("--machdeps", default="x86_64 x86_32")
    s.add_argument("--units", default="core types omap4")
    s.add_argument("--timeout", type=int, default=30)
    s.add_argument("--plan", required=True)
    c = sub.add_parser("compare", help="the cold run's verdicts against the cache's")
    c.add_argument("--plan", required=True)
    c.add_argument("--cold", default="proofs/out/cold/funcs",
                   help="the cold run's output: <cold>/<machdep>[-<unit>]/wp.log")
    args = ap.parse_args(argv)
    ROOT = os.path.abspath(args.root)
    try:
        return {"record": cmd_record, "sample": cmd_sample, "compare": cmd_compare}[args.cmd](args)
    except UsageError as e:
        die(str(e))
    except OSError as e:
        die(f"{e.filename and rel(e.filename)}: {e.strerror}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
