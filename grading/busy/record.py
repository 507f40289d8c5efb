#!/usr/bin/env python3
"""The kept record of busy-machine grades (grading/busy/runs.tsv): every reference grade that busy-grades.sh finishes
adds one row, so runs of several sessions and machines add up to the 20 per stage the grading policy asks for.

    record.py add GRADE.json BUSY [--steal PCT] [--sessions N] [--file F]   adds the grade's row (BUSY: busy
                                                         processes beside it, in N sessions of their own)
    record.py unfinished STAGE BUSY WHY [--sessions N] [--performance] [--file F]   a row for a grade that wrote no
                                                         grade document (--performance: its performance part was asked)
    record.py tally [--want N] [--file F] [STAGE ...]   per stage: kept runs, full marks, flaky runs (default: the
                                                         stages the record holds; busy-grades.sh names the registry's)

A row names the commit the grade measured and what became of its performance part (off with --no-perf, the ratio,
or why it was not measured), so a count can be read against the code it holds for, and whether the grade
ran in the grader's sandbox as a student's does (sandboxed: yes or no; empty in rows kept before that was recorded).
busy_sessions says how many sessions the busy processes ran in: the kernel's autogroup scheduling shares the CPUs
between sessions first, so busy processes in one session of their own took half the CPUs from a sandboxed grade
(bwrap starts a new session) however many they were; each in a session of its own, they compete as separate jobs."""

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNS = Path(__file__).resolve().parent / "runs.tsv"
FIELDS = [
    "started_utc",
    "commit",
    "stage",
    "earned",
    "max",
    "seconds",
    "seed",
    "busy_processes",
    "cores",
    "cpu",
    "steal_pct",
    "flaky",
    "not_passed",
    "sandboxed",
    "busy_sessions",
    "performance",
]
# The grader's note for a grade without bwrap (grading.Sandbox: --no-sandbox now; before, a missing bwrap): such a
# grade ran unlike a student's, and its row says so.
# Grades written since the grade document's "sandboxed" field exists say it there; the note serves older ones.
UNSANDBOXED_NOTE = "ran WITHOUT a sandbox"


class RecordError(Exception):
    pass


def read_rows(path: Path) -> list:
    if not path.exists():
        return []
    with path.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f, delimiter="\t")
        if reader.fieldnames != FIELDS:
            raise RecordError(f"{path}: the header is {reader.fieldnames}, expected {FIELDS}; fix the file by hand")
        rows = list(reader)
    for n, row in enumerate(rows, start=2):
        if any(row.get(field) is None for field in FIELDS) or None in row:
            raise RecordError(f"{path} line {n}: expected {len(FIELDS)} tab-separated fields")
        try:
            int(row["stage"])
            if not unfinished(row):
                float(row["earned"])
                float(row["max"])
        except ValueError:
            raise RecordError(
                f"{path} line {n}: stage, earned and max must be numbers (or '-' for a grade that "
                f"did not finish), got {row['stage']!r}, {row['earned']!r}, {row['max']!r}"
            ) from None
    return rows


def unfinished(row: dict) -> bool:
    return row["earned"] == "-"


def full_marks(row: dict) -> bool:
    return not unfinished(row) and float(row["earned"]) == float(row["max"])


def write_rows(path: Path, rows: list) -> None:
    """Whole file to a temporary one, then renamed: an interrupted run leaves the old record, never half a row."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".runs-", suffix=".tsv", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            writer = csv.DictWriter(f, FIELDS, delimiter="\t", lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def commit_of_tree() -> str:
    """The commit checked out, marked +changes when the tree differs from it (then the row measured unsaved code)."""
    head = (
        subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short=10", "HEAD"], capture_output=True, text=True
        ).stdout.strip()
        or "unknown"
    )
    # the record itself changes with every run: it is not a change to the code measured
    changed = subprocess.run(
        [
            "git",
            "-C",
            str(ROOT),
            "status",
            "--porcelain",
            "--untracked-files=no",
            "--",
            ".",
            ":(exclude)grading/busy/runs.tsv",
        ],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return head + ("+changes" if changed else "")


def one_line(names: list) -> str:
    return ", ".join(names).replace("\t", " ").replace("\n", " ")


def row_of(grade_file: Path, busy: str, commit: str, steal: str, sessions: str) -> dict:
    try:
        grade = json.loads(grade_file.read_text(encoding="utf-8"))
        score, tests, env = grade["score"], grade["tests"], grade.get("environment", {})
        return {
            "started_utc": grade["createdAt"][:19] + "Z",
            "commit": commit,
            "stage": str(grade["stage"]),
            "earned": f"{score['earned']:g}",
            "max": f"{score['max']:g}",
            "seconds": f"{float(grade['durationSeconds']):.0f}",
            "seed": str(grade.get("seed", "")),
            "busy_processes": busy,
            "cores": str(env.get("cores", "")),
            "cpu": str(env.get("cpuModel", "")).replace("\t", " "),
            "steal_pct": steal,
            "flaky": one_line([t["name"] for t in tests if t.get("firstRun") and t["outcome"] == "passed"]),
            "not_passed": one_line([t["name"] for t in tests if t["outcome"] not in ("passed", "skipped")]),
            "sandboxed": "yes" if ran_sandboxed(grade) else "no",
            "busy_sessions": sessions,
            "performance": performance_of(grade),
        }
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise RecordError(f"{grade_file}: not a grade document this record can read ({e})") from None


def performance_of(grade: dict) -> str:
    """What became of the grade's performance part: "off" (--no-perf), "ratio R", or "not measured: REASON" ("asked"
    in the row of a grade that did not finish). A busy machine's grade with the part in it takes that much longer."""
    perf = grade.get("performance")
    if perf is None:
        return "off"
    if perf.get("notMeasured"):
        return "not measured: " + perf["notMeasured"]["reason"]
    ratio = perf.get("ratio")
    return "ratio " + (f"{ratio:.2f}" if isinstance(ratio, (int, float)) else "none")


def ran_sandboxed(grade: dict) -> bool:
    said = grade.get("sandboxed")
    if isinstance(said, bool):
        return said
    return not any(UNSANDBOXED_NOTE in note for note in grade.get("notes", []))


def unfinished_row(stage: str, busy: str, why: str, commit: str, steal: str, sessions: str, perf: bool) -> dict:
    row = dict.fromkeys(FIELDS, "")
    row.update(
        started_utc=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        commit=commit,
        stage=stage,
        earned="-",
        max="-",
        busy_processes=busy,
        steal_pct=steal,
        not_passed=one_line([why]),
        busy_sessions=sessions,
        performance="asked" if perf else "off",
    )
    return row


def full_load(row: dict) -> bool:
    """Whether the busy processes competed with the grade as the policy means: each in a session of its own, or in the
    grade's own session (no sandbox, which would have started a new one). A sandboxed grade beside busy processes
    that shared one session had half the CPUs to itself, and its row says less."""
    return row["sandboxed"] == "no" or (row["busy_sessions"] != "" and row["busy_sessions"] == row["busy_processes"])


def tally(rows: list, stages: list, want: int) -> list:
    """One line per stage. "enough" only when `want` runs under the full load got full marks and no kept run of the
    stage lost a point: a failure is not outvoted by later passes."""
    lines = []
    for stage in stages:
        mine = [r for r in rows if int(r["stage"]) == stage]
        full = sum(1 for r in mine if full_marks(r))
        flaky = sum(1 for r in mine if r["flaky"])
        lost = sum(1 for r in mine if not unfinished(r) and not full_marks(r))
        cut = sum(1 for r in mine if unfinished(r))
        bare = sum(1 for r in mine if r["sandboxed"] == "no")
        commits = sorted({r["commit"] for r in mine})
        loaded = sum(1 for r in mine if full_marks(r) and full_load(r))
        verdict = "enough" if loaded >= want and full == len(mine) else f"{want} wanted"
        lines.append(
            f"stage {stage}: {full} of {len(mine)} kept runs with full marks"
            + (f", {lost} lost points" if lost else "")
            + (f", {cut} did not finish" if cut else "")
            + f", {flaky} with a flaky test"
            + (f", {bare} without the sandbox" if bare else "")
            + f"; {loaded} with full marks under the full load"
            + f" ({verdict}; commits {', '.join(commits) or 'none'})"
        )
    return lines


def main(argv: list) -> int:
    parser = argparse.ArgumentParser(prog="record.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="verb", required=True)
    add = sub.add_parser("add", help="add one grade's row")
    add.add_argument("grade", type=Path)
    add.add_argument("busy")
    add.add_argument("--file", type=Path, default=RUNS)
    add.add_argument("--steal", default="", help="CPU steal over the grade, percent of all CPU time (/proc/stat)")
    add.add_argument("--commit", help="the commit the grade measured (default: the tree's, +changes if edited)")
    add.add_argument("--sessions", default="", help="how many sessions the busy processes ran in")
    cut = sub.add_parser("unfinished", help="add a row for a grade that wrote no grade document")
    cut.add_argument("stage", type=int)
    cut.add_argument("busy")
    cut.add_argument("why")
    cut.add_argument("--file", type=Path, default=RUNS)
    cut.add_argument("--commit")
    cut.add_argument("--steal", default="")
    cut.add_argument("--sessions", default="")
    cut.add_argument("--performance", action="store_true", help="the grade was asked for its performance part too")
    count = sub.add_parser("tally", help="count the kept runs of every stage")
    count.add_argument("--want", type=int, default=20)
    count.add_argument("--file", type=Path, default=RUNS)
    count.add_argument("stages", nargs="*", type=int)
    args = parser.parse_args(argv)
    try:
        rows = read_rows(args.file)
        if args.verb == "add":
            rows.append(row_of(args.grade, args.busy, args.commit or commit_of_tree(), args.steal, args.sessions))
            write_rows(args.file, rows)
        elif args.verb == "unfinished":
            rows.append(
                unfinished_row(
                    str(args.stage),
                    args.busy,
                    args.why,
                    args.commit or commit_of_tree(),
                    args.steal,
                    args.sessions,
                    args.performance,
                )
            )
            write_rows(args.file, rows)
        else:
            stages = args.stages or sorted({int(r["stage"]) for r in rows})
            print("\n".join(tally(rows, stages, args.want)))
    except RecordError as e:
        print(f"busy record: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
