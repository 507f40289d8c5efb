"""Who made a run is what the run records: the student it names, else the reference when it measured the stage's
reference factory, else "unknown". A student's own results, recorded without --student, were once shown a second
time as the course's reference (and a reader took the student's 440 ms p99 for the reference's)."""

import shutil

from sitegen.catalog import Sources, load_catalog
from sitegen.pages.comparison_page import comparison_page
from sitegen.paths import REPO_ROOT

from .conftest import Tables, column, load_run, saturation, write_json, write_report

STAGES = REPO_ROOT / "stages"
STUDENT_FACTORY = "student.StudentServiceFactory"
DECLARED = {"factory": STUDENT_FACTORY, "factorySource": "submission"}


def _student_results(tmp_path, student_in_submission):
    """A student's checkout after ./course load, ./course saturate and ./course report, without --student: the runs
    name the student only when submission.properties does (student=), and the report holds copies naming them."""
    named = student_in_submission
    results, reports = tmp_path / "results", tmp_path / "reports"
    slow = load_run(named, 1, "put", 4000, {50: 3.0, 99: 440.0}, createdAt="2025-03-01T12:00:00Z", **DECLARED)
    fast = load_run(named, 1, "get", 4000, {50: 1.0, 99: 9.0}, createdAt="2025-03-01T12:05:00Z", **DECLARED)
    old = load_run(None, 1, "get", 2000, {50: 1.0, 99: 8.0}, createdAt="2025-02-01T12:00:00Z")  # before authors
    search = saturation(named, 1, **DECLARED)
    write_json(results / "load/put.json", slow)
    write_json(results / "load/get.json", fast)
    write_json(results / "load/old.json", old)
    write_json(results / "saturate/20250301/saturation.json", search)
    copies = {"runs/put.json": dict(slow, student="anna"), "runs/get.json": dict(fast, student="anna")}
    folder = write_report(reports, "anna", 1, copies, saturation=["saturation.json"])
    write_json(folder / "saturation.json", dict(search, student="anna"))
    return reports, results


def _rows(html: str):
    tables = Tables(html).tables
    runs = next(t for t in tables if t[0][:3] == ["student", "run", "workload"])
    searches = next(t for t in tables if "sustained rps" in t[0])
    return runs, searches


def test_a_students_own_results_are_never_shown_as_the_reference(tmp_path, site_build):
    for named in (None, "anna"):
        reports, results = _student_results(tmp_path / str(named), named)
        site, _ = site_build(stages=STAGES, reports=reports, results=results)
        html = (site / "compare/stage-1/index.html").read_text(encoding="utf-8")
        runs, searches = _rows(html)
        students = column(runs, "student") + column(searches, "student")
        assert not [s for s in students if "reference" in s], (named, students)
        # Each measurement once: the report's copies stand for the originals they were made from.
        assert sorted(zip(column(runs, "student"), column(runs, "p99"), strict=True)) == [
            ("anna", "440.00"),
            ("anna", "9.000"),
            ("unknown", "8.000"),
        ], named
        assert column(searches, "student") == ["anna"], named
        shutil.rmtree(site)


def test_a_search_and_runs_nobody_claims_are_unknown(tmp_path):
    results = tmp_path / "results"
    write_json(results / "load/declared.json", load_run(None, 1, "put", 4000, {50: 3.0, 99: 440.0}, **DECLARED))
    write_json(results / "load/old.json", load_run(None, 1, "get", 4000, {50: 1.0, 99: 9.0}))
    write_json(results / "saturate/a/saturation.json", saturation(None, 1))
    page = comparison_page(1, load_catalog(Sources(stages=STAGES, results=results)))
    runs, searches = _rows(page)
    assert column(runs, "student") == ["unknown", "unknown"]
    assert column(searches, "student") == ["unknown"]


def test_reference_is_the_stages_reference_factory_and_nothing_else(tmp_path):
    results = tmp_path / "results"
    node = {"factorySource": "node"}
    write_json(
        results / "load/ref.json",
        load_run(None, 1, "put", 4000, {50: 0.5, 99: 2.0}, factory="solutions.stage1.Stage1Factory", **node),
    )
    write_json(
        results / "load/ref2.json",
        load_run(None, 1, "put", 4000, {50: 0.6, 99: 2.5}, factory="solutions.stage2.Stage2Factory", **node),
    )
    write_json(
        results / "load/mine.json",
        load_run("anna", 1, "put", 4000, {50: 3.0, 99: 40.0}, factory=STUDENT_FACTORY, **node),
    )
    write_json(
        results / "saturate/r/saturation.json", saturation(None, 1, factory="solutions.stage1.Stage1Factory", **node)
    )
    page = comparison_page(1, load_catalog(Sources(stages=STAGES, results=results)))
    runs, searches = _rows(page)
    assert sorted(zip(column(runs, "student"), column(runs, "p99"), strict=True)) == [
        ("anna", "40.00"),
        ("reference", "2.000"),
        ("stage 2 reference", "2.500"),
    ]
    assert column(searches, "student") == ["reference"]
