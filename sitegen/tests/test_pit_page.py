"""docs/grading/pit.md is generated: it must be what grading/pit/pit_report.py makes of the PIT runs kept in
grading/pit/results, so the page can be rebuilt on a fresh clone and cannot drift from the runs it reports."""

import gzip
import shutil
import subprocess
import sys

from sitegen.paths import REPO_ROOT

PIT = REPO_ROOT / "grading" / "pit"


def report(results, out):
    subprocess.run(
        [sys.executable, str(PIT / "pit_report.py"), str(results), str(PIT / "reviewed.tsv"), str(out)], check=True
    )
    return out.read_text(encoding="utf-8")


def test_the_committed_page_is_what_the_kept_runs_make(tmp_path):
    page = report(PIT / "results", tmp_path / "pit.md")
    assert page == (REPO_ROOT / "docs" / "grading" / "pit.md").read_text(encoding="utf-8"), (
        "docs/grading/pit.md differs from the kept runs: run ./course pit --report-only and commit the page"
    )
    for package in ("solutions.lsm", "solutions.stage1", "solutions.stage2"):
        row = next(line for line in page.splitlines() if line.startswith(f"| `{package}` |"))
        assert "no complete PIT report" not in row, row
    assert "| not reviewed yet |" not in page, "every survivor of the kept runs has a review line"


def test_a_plain_mutations_xml_reads_as_the_gzipped_one(tmp_path):
    runs = tmp_path / "runs"
    shutil.copytree(PIT / "results", runs)
    for packed in runs.glob("*/mutations.xml.gz"):
        (packed.parent / "mutations.xml").write_bytes(gzip.decompress(packed.read_bytes()))
        packed.unlink()
    assert report(runs, tmp_path / "plain.md") == report(PIT / "results", tmp_path / "packed.md")


def test_a_chunk_without_its_report_leaves_its_package_unmeasured(tmp_path):
    runs = tmp_path / "runs"
    shutil.copytree(PIT / "results", runs)
    (runs / "stage2-pool" / "mutations.xml.gz").unlink()
    page = report(runs, tmp_path / "pit.md")
    row = next(line for line in page.splitlines() if line.startswith("| `solutions.stage2` |"))
    assert "no complete PIT report" in row, row
