"""Whole-site builds: the shipped sample data builds with --strict, and free-form reports show imported runs."""

import json
import shutil

import pytest
from mkdocs.exceptions import Abort

from sitegen.paths import REPO_ROOT

from .conftest import load_run, write_json

SAMPLES = REPO_ROOT / "samples"


def test_samples_build_strict_with_every_page(site_build):
    site, warnings = site_build(strict=True, reports=SAMPLES / "reports", results=SAMPLES / "results")
    assert warnings == []
    for page in (
        "index.html",
        "start/index.html",
        "guides/load-testing/index.html",
        "guides/profiling/index.html",
        "guides/flame-graphs/index.html",
        "guides/writing-the-report/index.html",
        "reports/index.html",
        "stages/1-sync-server/index.html",
        "compare/stage-1/index.html",
        "compare/stage-2/index.html",
        "reports/alice/stage-2/index.html",
        "reports/badger/stage-1/index.html",
    ):
        assert (site / page).is_file(), page
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis" not in home and "course:stages" not in home
    assert "Compared with stage 1" in (site / "reports/alice/stage-2/index.html").read_text(encoding="utf-8")


def test_the_site_never_names_a_hidden_test_or_a_mutant(site_build):
    secret = {p.stem for p in (REPO_ROOT / "grading/hidden/src/test/java").rglob("*Test.java")}
    secret |= {p.stem for p in (REPO_ROOT / "grading/mutants/src/main/java").rglob("stage*/*.java")}
    assert len(secret) > 40, "the hidden tests and mutants were not found: " + str(sorted(secret))
    site, _ = site_build(reports=SAMPLES / "reports", results=SAMPLES / "results")
    leaks = []
    for page in site.rglob("*"):
        if page.is_file() and page.suffix in (".html", ".json", ".xml", ".md", ".txt"):
            text = page.read_text(encoding="utf-8", errors="replace")
            leaks += [f"{page.relative_to(site)}: {name}" for name in secret if name in text]
    assert leaks == []


def test_strict_build_fails_on_a_problem(tmp_path, site_build):
    reports = tmp_path / "reports"
    shutil.copytree(SAMPLES / "reports", reports)
    (reports / "carol/stage-1/runs/get-5000.json").write_text("{", encoding="utf-8")
    with pytest.raises(Abort):
        site_build(strict=True, reports=reports)


def test_free_form_report_shows_imported_runs_and_importer_failures(tmp_path, site_build):
    free_form, imported = tmp_path / "free", tmp_path / "imported"
    free_form.mkdir()
    for name in ("004_a0506f5c759e91a3.txt", "002_2b000bd71cbc8657.txt"):
        shutil.copy(SAMPLES / "free-form-reports" / name, free_form / name)
    (free_form / "reports.yml").write_text(
        (SAMPLES / "free-form-reports/reports.yml").read_text(encoding="utf-8")
        + "  - {file: 009_broken.txt, student: jay, stage: 1}\n",
        encoding="utf-8",
    )
    (free_form / "009_broken.txt").write_text("# Stage 1\n\nLatency 4ms, trust me.\n", encoding="utf-8")
    # As the importer writes them: <stem>-<block>.json, or <stem>.import-error.txt when it failed.
    write_json(
        imported / "002_2b000bd71cbc8657-1.json",
        load_run("otter", 2, "get", 40000, {50: 1.77, 90: 105.41, 99: 173.57}, max_ms=207.49),
    )
    write_json(
        imported / "002_2b000bd71cbc8657-2.json",
        load_run("otter", 2, "get", 60000, {50: 313.86, 90: 1160.0, 99: 1900.0}),
    )
    (imported / "009_broken.import-error.txt").write_text("no wrk2 output found\n", encoding="utf-8")

    site, warnings = site_build(free_form=free_form, imported=imported)

    assert len(warnings) == 1 and "009_broken.txt" in warnings[0] and "no wrk2 output found" in warnings[0]
    otter = (site / "reports/otter/stage-2/index.html").read_text(encoding="utf-8")
    assert otter.count('<path class="curve"') == 2 and "173.57" in otter and "RocksDb" in otter
    jay = (site / "reports/jay/stage-1/index.html").read_text(encoding="utf-8")
    assert "no wrk2 output found" in jay
    # The shipped sample without pasted output is labelled as such: a note, not a problem of the build.
    wren = (site / "reports/wren/stage-1/index.html").read_text(encoding="utf-8")
    assert "About this report" in wren and "links its wrk2 outputs" in wren and "flushThresholdBytes" in wren
    assert "Problems with" not in wren
    stage1 = (site / "compare/stage-1/index.html").read_text(encoding="utf-8")
    assert "004_a0506f5c759e91a3" not in stage1.split("All runs")[0]


def test_a_sample_labelled_no_runs_is_not_given_to_the_importer(capsys):
    from sitegen.freeform import main as freeform_main

    assert freeform_main(["list", str(SAMPLES / "free-form-reports")]) == 0
    listed = [json.loads(line)["file"].rsplit("/", 1)[1] for line in capsys.readouterr().out.splitlines()]
    assert listed == [
        "000_d326882c7d3efcb6.txt",
        "001_3328bb6003d609c4.txt",
        "002_2b000bd71cbc8657.txt",
        "003_05d68f3f43ac6490.txt",
    ]


def test_sample_students_are_labelled_as_samples(site_build):
    site, warnings = site_build(reports=SAMPLES / "reports", results=SAMPLES / "results")
    index = (site / "reports/index.html").read_text(encoding="utf-8")
    assert "alice (sample)" in index and "not students of this course run" in index
    stage1 = (site / "compare/stage-1/index.html").read_text(encoding="utf-8")
    assert "alice (sample)" in stage1 and "reference (sample)" in stage1
    assert "alice (sample)" in (site / "reports/alice/stage-1/index.html").read_text(encoding="utf-8")
