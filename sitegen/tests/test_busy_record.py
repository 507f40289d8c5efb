"""grading/busy/record.py keeps the busy-machine grades of every session in grading/busy/runs.tsv: the grading policy's
"20 full-mark grades per reference stage" is counted from that record, so it must read right and never be lost."""

import json
import re
import subprocess
import sys

from sitegen.paths import REPO_ROOT
from sitegen.stages import registry

BUSY = REPO_ROOT / "grading" / "busy"


def record(*args):
    return subprocess.run([sys.executable, str(BUSY / "record.py"), *map(str, args)], capture_output=True, text=True)


def grade(path, stage, earned, maximum, tests, notes=(), **fields):
    path.write_text(
        json.dumps(
            {
                "createdAt": "2026-11-23T21:06:10.920379687Z",
                "stage": stage,
                "seed": 42,
                "durationSeconds": 238.7,
                "score": {"earned": earned, "max": maximum},
                "environment": {"cores": 2, "cpuModel": "Some\tCPU"},
                "tests": tests,
                "notes": list(notes),
                **fields,
            }
        ),
        encoding="utf-8",
    )
    return path


PASSED = {"name": "A.ok", "outcome": "passed"}
FLAKY = {"name": "B.once", "outcome": "passed", "firstRun": {"outcome": "failed", "message": "504"}}
FAILED = {"name": "C.never", "outcome": "failed", "message": "expected 200"}
# The notes the grader writes (grading.Sandbox, grading.GradeCommand): older grade documents say only these.
SANDBOXED = "graded in a bubblewrap sandbox"
UNSANDBOXED = "bubblewrap (bwrap) was not found: the tests ran WITHOUT a sandbox (network, file system ...)"


def test_the_kept_record_reads_and_every_row_is_a_busy_grade_of_a_known_stage():
    stages = {stage.number for stage in registry(REPO_ROOT / "stages")}
    lines = (BUSY / "runs.tsv").read_text(encoding="utf-8").splitlines()
    header, rows = (
        lines[0].split("\t"),
        [dict(zip(lines[0].split("\t"), line.split("\t"), strict=True)) for line in lines[1:]],
    )
    assert rows, "the record holds the busy grades run so far"
    for row in rows:
        assert int(row["stage"]) in stages, row
        assert int(row["busy_processes"]) >= 2 * int(row["cores"]), f"a run without two busy processes per core: {row}"
        assert len(row["commit"]) >= 7, row
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", row["started_utc"]), (
            f"a start that is not a UTC time: {row}"
        )
    tally = record("tally", *sorted(stages))
    assert tally.returncode == 0, tally.stderr
    assert len(tally.stdout.splitlines()) == len(stages)
    assert len(header) == 16
    assert all(
        row["performance"] in ("off", "asked") or row["performance"].startswith(("ratio ", "not measured: "))
        for row in rows
    ), "every row says what became of its performance part"
    assert {row["sandboxed"] for row in rows} <= {"yes", "no", ""}, "sandboxed is yes, no or (older rows) unknown"
    assert all(row["busy_sessions"].isdigit() for row in rows), "every row says how many sessions the busy loops had"


def test_rows_added_are_counted_per_stage_with_flaky_lost_and_unfinished_grades(tmp_path):
    runs = tmp_path / "runs.tsv"
    for n, (earned, tests) in enumerate([(10, [PASSED]), (10, [PASSED, FLAKY]), (7, [PASSED, FAILED])]):
        added = record(
            "add",
            grade(tmp_path / f"g{n}.json", 3, earned, 10, tests),
            4,
            "--file",
            runs,
            "--commit",
            "abcdef1234",
            "--steal",
            "0.1",
            "--sessions",
            4,
        )
        assert added.returncode == 0, added.stderr
    assert (
        record(
            "unfinished", 3, 4, "the grade did not finish: boom\tand\nmore", "--file", runs, "--commit", "abcdef1234"
        ).returncode
        == 0
    )
    rows = runs.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 5 and all(len(row.split("\t")) == 16 for row in rows), rows
    assert rows[2].split("\t")[11] == "B.once" and rows[3].split("\t")[12] == "C.never"
    assert "Some CPU\t0.1\t" in rows[1], "a tab in a value must not shift the columns"
    tally = record("tally", "--file", runs, "--want", 2, 3, 4)
    assert tally.returncode == 0, tally.stderr
    assert tally.stdout.splitlines() == [
        "stage 3: 2 of 4 kept runs with full marks, 1 lost points, 1 did not finish, 1 with a flaky test; "
        "2 with full marks under the full load (2 wanted; commits abcdef1234)",
        "stage 4: 0 of 0 kept runs with full marks, 0 with a flaky test; 0 with full marks under the full load "
        "(2 wanted; commits none)",
    ]


def test_enough_only_when_every_kept_run_of_the_stage_got_full_marks(tmp_path):
    runs = tmp_path / "runs.tsv"
    for n in range(2):
        record(
            "add",
            grade(tmp_path / f"g{n}.json", 1, 5, 5, [PASSED]),
            4,
            "--file",
            runs,
            "--commit",
            "c0ffee1",
            "--sessions",
            4,
        )
    assert "(enough;" in record("tally", "--file", runs, "--want", 2).stdout
    record("add", grade(tmp_path / "bad.json", 1, 4, 5, [FAILED]), 4, "--file", runs, "--commit", "c0ffee1")
    assert "(2 wanted;" in record("tally", "--file", runs, "--want", 2).stdout


def test_a_record_it_cannot_read_is_refused_and_left_as_it_was(tmp_path):
    runs = tmp_path / "runs.tsv"
    runs.write_text("when\tstage\n2026\t1\n", encoding="utf-8")
    added = record("add", grade(tmp_path / "g.json", 1, 5, 5, [PASSED]), 4, "--file", runs)
    assert added.returncode == 2 and "the header is" in added.stderr, added.stderr
    assert runs.read_text(encoding="utf-8") == "when\tstage\n2026\t1\n"
    assert list(tmp_path.glob(".runs-*")) == []
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    broken = record("add", tmp_path / "broken.json", 4, "--file", tmp_path / "new.tsv")
    assert broken.returncode == 2 and "not a grade document" in broken.stderr, broken.stderr
    assert not (tmp_path / "new.tsv").exists()


def test_a_grade_that_ran_without_the_sandbox_is_recorded_and_counted_as_such(tmp_path):
    runs = tmp_path / "runs.tsv"
    for n, notes in enumerate([[SANDBOXED], [UNSANDBOXED]]):
        added = record(
            "add", grade(tmp_path / f"g{n}.json", 2, 5, 5, [PASSED], notes), 4, "--file", runs, "--commit", "c0ffee1"
        )
        assert added.returncode == 0, added.stderr
    rows = [line.split("\t") for line in runs.read_text(encoding="utf-8").splitlines()]
    assert [row[13] for row in rows] == ["sandboxed", "yes", "no"]
    assert (
        "2 of 2 kept runs with full marks, 0 with a flaky test, 1 without the sandbox"
        in record("tally", "--file", runs, 2).stdout
    )


def test_the_grade_documents_sandboxed_field_decides_over_its_notes(tmp_path):
    """A grade says whether it ran sandboxed in a field of its own; the note is read only for grades without one."""
    runs = tmp_path / "runs.tsv"
    bare = [UNSANDBOXED]
    for n, (notes, fields) in enumerate([((), {"sandboxed": False}), (bare, {"sandboxed": True}), (bare, {})]):
        added = record(
            "add",
            grade(tmp_path / f"g{n}.json", 3, 5, 5, [PASSED], notes, **fields),
            4,
            "--file",
            runs,
            "--commit",
            "c0ffee1",
        )
        assert added.returncode == 0, added.stderr
    assert [line.split("\t")[13] for line in runs.read_text(encoding="utf-8").splitlines()] == [
        "sandboxed",
        "no",
        "yes",
        "no",
    ]


def test_only_grades_that_competed_with_every_busy_process_count_toward_enough(tmp_path):
    """bwrap starts the sandboxed grade in a session of its own, and the kernel shares the CPUs between sessions
    first: busy loops that shared one session took half the CPUs from it, so such a grade does not count."""
    runs = tmp_path / "runs.tsv"
    sandboxed, bare = [SANDBOXED], [UNSANDBOXED]
    for n, (notes, sessions) in enumerate([(sandboxed, 1), (sandboxed, 1), (bare, 1), (sandboxed, 4)]):
        record(
            "add",
            grade(tmp_path / f"g{n}.json", 5, 5, 5, [PASSED], notes),
            4,
            "--file",
            runs,
            "--commit",
            "c0ffee1",
            "--sessions",
            sessions,
        )
    assert [line.split("\t")[14] for line in runs.read_text(encoding="utf-8").splitlines()] == [
        "busy_sessions",
        "1",
        "1",
        "1",
        "4",
    ]
    tally = record("tally", "--file", runs, "--want", 2, 5).stdout
    assert "4 of 4 kept runs with full marks" in tally and "2 with full marks under the full load (enough;" in tally
    assert "(3 wanted;" in record("tally", "--file", runs, "--want", 3, 5).stdout, "two sandboxed runs shared"


def test_each_row_says_what_became_of_the_grades_performance_part(tmp_path):
    runs = tmp_path / "runs.tsv"
    parts = [
        ({}, "off"),
        ({"performance": None}, "off"),
        ({"performance": {"ratio": 0.9649}}, "ratio 0.96"),
        (
            {"performance": {"ratio": None, "notMeasured": {"reason": "busy", "message": "steal 40%"}}},
            "not measured: busy",
        ),
    ]
    for n, (fields, _) in enumerate(parts):
        added = record("add", grade(tmp_path / f"g{n}.json", 1, 10, 10, [PASSED], **fields), 4, "--file", runs)
        assert added.returncode == 0, added.stderr
    lines = runs.read_text(encoding="utf-8").splitlines()
    assert record("unfinished", 1, 4, "the grade did not finish", "--file", runs, "--performance").returncode == 0
    assert record("unfinished", 1, 4, "the grade did not finish", "--file", runs).returncode == 0
    lines = runs.read_text(encoding="utf-8").splitlines()
    column = lines[0].split("\t").index("performance")
    assert [line.split("\t")[column] for line in lines[1:]] == [want for _, want in parts] + ["asked", "off"], (
        "a grade that did not finish says whether its performance part was asked for"
    )
