"""./course report scaffolding: the stage template filled in, recorded runs and flame graphs attached, no overwrite."""
import pytest

from sitegen import frontmatter
from sitegen.catalog import Sources, load_catalog
from sitegen.paths import REPO_ROOT
from sitegen.scaffold import ScaffoldError, scaffold

from .conftest import load_run, write_json


def test_scaffold_attaches_runs_and_refuses_to_overwrite(tmp_path):
    results, reports = tmp_path / "results", tmp_path / "reports"
    write_json(results / "load/a.json", load_run(None, None, "put", 4000, {50: 1.0, 99: 4.0}))
    write_json(results / "load/b.json", load_run(None, 2, "get", 4000, {50: 1.0}))  # another stage: left out
    write_json(results / "load/c.json", "{broken")
    (results / "profiles/20250301-120000").mkdir(parents=True)
    (results / "profiles/20250301-120000/cpu.html").write_text("<html></html>", encoding="utf-8")

    done = scaffold(REPO_ROOT, 1, 'Anna "A" K', False, results, reports)

    report = reports / "anna-a-k/stage-1/report.md"
    meta, body = frontmatter.split(report.read_text(encoding="utf-8"))
    assert meta["student"] == 'Anna "A" K' and meta["stage"] == 1
    assert meta["runs"] == ["runs/a.json"] and meta["flamegraphs"] == ["flamegraphs/20250301-120000-cpu.html"]
    assert meta["commands"] == ["./course load --workload put -R 4000"]
    assert "## Conclusions" in body
    assert [p.file.endswith("c.json") for p in done["skipped"]] == [True]
    catalog = load_catalog(Sources(reports=reports))
    assert catalog.problems.items == [] and catalog.reports[0].runs[0].stage == 1  # stage filled in on the copy

    with pytest.raises(ScaffoldError, match="already exists"):
        scaffold(REPO_ROOT, 1, 'Anna "A" K', False, results, reports)
    scaffold(REPO_ROOT, 1, 'Anna "A" K', True, results, reports)
    assert (report.parent / "report.md.bak").is_file()
