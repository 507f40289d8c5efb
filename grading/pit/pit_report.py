#!/usr/bin/env python3
"""Writes docs/grading/pit.md from PIT's mutations.xml of each package and the reviewed list of survivors.

usage: pit_report.py REPORTS_DIR REVIEWED_TSV OUT_MD

REPORTS_DIR holds one folder per PIT run, named after its package and chunk (lsm-store, stage1-body, ...), each with
PIT's mutations.xml (or mutations.xml.gz, as grading/pit/results keeps them), seconds.txt (the run's wall time) and
run.txt (when, and the commit the run measured), all written by scripts/pit.sh. REVIEWED_TSV is the
hand-kept review: one surviving mutant a line, `class<TAB>method<TAB>line<TAB>mutator description<TAB>verdict<TAB>why`, where
verdict is `equivalent` (no test can tell it from the original: same observable behaviour) or `open` (a real gap, kept
visible). A reviewed line that matches no survivor any more is listed as stale, so the review cannot silently rot.
"""

import gzip
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

PACKAGES = [
    ("lsm", "solutions.lsm", "the LSM engine's own unit tests (solutions/lsm/src/test)"),
    (
        "stage1",
        "solutions.stage1",
        "the reference's own unit tests solutions.stage1.*Test + public course.tests.stage1 + hidden course.hidden.stage1,"
        " against Stage1Factory; the session's pipeline (requests waiting while answers come later, from another"
        " thread) through CourseSessionPipelineTest's HeldAnswersServer",
    ),
    (
        "stage2",
        "solutions.stage2",
        "public course.tests.stage1/stage2 + hidden course.hidden.stage1/stage2, against Stage2Factory",
    ),
    (
        "stage3",
        "solutions.stage3",
        "the reference's own unit tests solutions.stage3.*Test + public course.tests.stage3 + hidden"
        " course.hidden.stage3 (the three that need a node in a JVM of its own left out), against Stage3Factory",
    ),
    (
        "stage4",
        "solutions.stage4",
        "the reference's own unit tests solutions.stage4.*Test + public course.tests.stage4 + hidden"
        " course.hidden.stage4 (ReplicatedSlowReadersTest, which needs JVMs of their own, left out), against"
        " Stage4Factory",
    ),
    (
        "stage5",
        "solutions.stage5",
        "solutions.stage5.*Test + public course.tests.stage5 + hidden course.hidden.stage5, against Stage5Factory",
    ),
    (
        "stage6",
        "solutions.stage6",
        "the reference's own unit tests solutions.stage6.*Test + public course.tests.stage6 + hidden"
        " course.hidden.stage6 (the two that need a JVM of its own left out),"
        " against Stage6Factory",
    ),
]
KILLED = {
    "KILLED",
    "TIMED_OUT",
    "MEMORY_ERROR",
    "RUN_ERROR",
}  # what PIT counts as detected: a hang, a blown heap, a crashed test JVM


def mutants(run):
    packed = run / "mutations.xml.gz"
    with gzip.open(packed) if packed.exists() else open(run / "mutations.xml", "rb") as xml:
        root = ET.parse(xml).getroot()
    for m in root:
        yield {
            "status": m.get("status"),
            "class": m.findtext("mutatedClass").rsplit(".", 1)[-1],
            "method": m.findtext("mutatedMethod"),
            "line": m.findtext("lineNumber"),
            "description": m.findtext("description"),
            # One mutant, whichever run made it: PIT makes the same one again for the same class and code.
            "identity": (
                m.findtext("mutatedClass"),
                m.findtext("mutatedMethod"),
                m.findtext("methodDescription"),
                m.findtext("lineNumber"),
                m.findtext("mutator"),
                ",".join(i.text or "" for i in m.iter("index")),
                m.findtext("description"),
            ),
        }


def judged_once(ms):
    """The package's mutants, each once: a class judged by two suites (stage 1's session code, run with stage 1's and
    with stage 2's tests) is killed when either suite kills it, covered when either covers it."""
    rank = {"NO_COVERAGE": 0, "SURVIVED": 1}
    best = {}
    for m in ms:
        have = best.get(m["identity"])
        if have is None or rank.get(m["status"], 2) > rank.get(have["status"], 2):
            best[m["identity"]] = m
    return list(best.values())


def reviewed(tsv):
    verdicts = {}
    for raw in tsv.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        cls, method, line, description, verdict, why = raw.split("\t")
        verdicts[(cls, method, line, description)] = (verdict, why)
    return verdicts


def notes(path):
    """The hand-kept notes on the last runs (what changed since, what is missing), shown under the table."""
    if not path.exists():
        return []
    return ["## Notes on these runs", "", path.read_text(encoding="utf-8").strip(), ""]


def main(argv):
    reports, tsv, out = Path(argv[1]), Path(argv[2]), Path(argv[3])
    review = reviewed(tsv)
    used = set()
    measured = set()  # classes some report covers: a review of another class is not stale, only not measured now
    summary, details, kept = [], [], []
    for name, package, suite in PACKAGES:
        runs = sorted(d for d in reports.glob(name + "*") if d.is_dir())
        try:
            per_run = {d: list(mutants(d)) for d in runs}
            ms = judged_once(m for d in runs for m in per_run[d])
            seconds = sum(int((d / "seconds.txt").read_text()) for d in runs)
        except (OSError, ET.ParseError, ValueError):
            ms = []
        if not runs or not ms:
            summary.append(f"| `{package}` | no complete PIT report (not run, or still running) | | | | | | |")
            continue
        measured.update(m["class"] for m in ms)
        for d in runs:
            when = (d / "run.txt").read_text().strip() if (d / "run.txt").exists() else "when: not recorded"
            kept.append(f"- `{d.name}`: {len(per_run[d])} mutants, {when}")
        status = Counter(m["status"] for m in ms)
        killed = sum(status[s] for s in KILLED)
        not_killed = [m for m in ms if m["status"] not in KILLED]
        equivalent = []
        open_ = []
        for m in not_killed:
            key = (m["class"], m["method"], m["line"], m["description"])
            verdict = review.get(key)
            if verdict:
                used.add(key)
            (equivalent if verdict and verdict[0] == "equivalent" else open_).append((m, verdict))
        real = len(ms) - len(equivalent)
        score = 100.0 * killed / real if real else 0.0
        took = f"{seconds // 60} min {seconds % 60} s ({', '.join(d.name for d in runs)})"
        summary.append(
            f"| `{package}` | {len(ms)} | {killed} | {status['SURVIVED']} | {status['NO_COVERAGE']}"
            f" | {len(equivalent)} | **{score:.1f}%** | {took} |"
        )
        details.append(
            f"\n### `{package}`\n\nSuite: {suite}. PIT statuses: "
            + ", ".join(f"{k} {v}" for k, v in sorted(status.items()))
            + ".\n"
        )
        details.append("| class | method | line | mutant | status | review |\n| --- | --- | ---: | --- | --- | --- |")
        for m, verdict in sorted(equivalent + open_, key=lambda e: (e[0]["class"], int(e[0]["line"]))):
            note = f"**{verdict[0]}**: {verdict[1]}" if verdict else "not reviewed yet"
            details.append(
                f"| {m['class']} | `{m['method']}` | {m['line']} | {m['description']} | {m['status']} | {note} |"
            )
    stale = [k for k in review if k not in used and k[0] in measured]
    text = [
        "# Mutation testing with PIT: how much of the references the tests pin down",
        "",
        "The mutants in `grading/mutants` are our own list of bugs. PIT (pitest 1.30.0 with pitest-junit5-plugin 1.2.3)",
        "is a measure that is not: it changes the compiled references one operator at a time (a `<` into `<=`, a call",
        "removed, a return value replaced) and runs the suites; a mutant that no test fails on *survived*.",
        "",
        "Reproduce with `./course pit` (each package is split into chunks of about 10 minutes, one PIT run each under",
        "the shared heavy-work lock; `./course pit stage1-body` runs one chunk alone; this page is",
        "generated from PIT's `mutations.xml` by `grading/pit/pit_report.py` with the review in",
        "`grading/pit/reviewed.tsv`). Not part of `./course test`. The nodes run in PIT's JVM (`course.nodeMode=",
        "IN_PROCESS`): a mutant exists only there, so tests that need a node in a JVM of its own (kill -9, a heap",
        "limit) are left out of the suite (listed in `scripts/pit.sh`). Calls into loggers are not mutated.",
        "",
        "Score = killed (as PIT counts it: failed a test, timed out, blew the heap or crashed the test JVM) / (all mutants -",
        "reviewed equivalent ones). Goal: at least 90% per package.",
        "",
        "| package | mutants | killed | survived | no coverage | equivalent | score | PIT run time (runs) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        *summary,
        "",
        "Each run's PIT report (`mutations.xml.gz`), its time and the commit it measured are kept in",
        "`grading/pit/results/<chunk>/`, so this page is rebuilt with `./course pit --report-only`:",
        "",
        *kept,
        "",
        *notes(tsv.parent / "notes.md"),
        "## Survivors and mutants without coverage, reviewed",
        "",
        "`equivalent`: no test can tell the mutant from the original (the same observable behaviour); why is said.",
        "`open`: a real gap in the suites, kept visible. Mutants of durability calls (`force`, directory sync) are open:",
        "only a power cut tells them apart, and no test here cuts the power.",
        *details,
    ]
    if stale:
        text += ["", "## Reviewed lines that match no mutant any more", ""]
        text += [f"- {c}.{m} line {n}: {d}" for c, m, n, d in stale]
    out.write_text("\n".join(text) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv)
