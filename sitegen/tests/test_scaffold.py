"""./course report scaffolding: the stage template filled in, recorded runs and flame graphs attached, no overwrite."""

import pytest

from sitegen import frontmatter
from sitegen.catalog import Sources, load_catalog
from sitegen.paths import REPO_ROOT
from sitegen.scaffold import ScaffoldError, main, next_step, scaffold, skipped_lines

from .conftest import load_run, saturation, write_json


def test_scaffold_attaches_runs_and_refuses_to_overwrite(tmp_path):
    results, reports = tmp_path / "results", tmp_path / "reports"
    write_json(results / "load/a.json", load_run(None, 1, "put", 4000, {50: 1.0, 99: 4.0}))
    write_json(results / "load/b.json", load_run(None, 2, "get", 4000, {50: 1.0}))  # another stage: left out
    write_json(results / "load/c.json", "{broken")
    (results / "profiles/20250301-120000").mkdir(parents=True)
    (results / "profiles/20250301-120000/cpu.html").write_text("<html></html>", encoding="utf-8")
    (results / "profiles/20250301-120000/stage.txt").write_text("1\n", encoding="utf-8")

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


def test_report_holds_only_its_stage_runs_saturation_and_flame_graphs(tmp_path, capsys):
    results, reports = tmp_path / "results", tmp_path / "reports"
    write_json(results / "load/one.json", load_run(None, 1, "put", 4000, {50: 1.0}, profiles=["one-profile/cpu.html"]))
    (results / "load/one-profile").mkdir(parents=True)
    (results / "load/one-profile/cpu.html").write_text("<html>stage 1</html>", encoding="utf-8")
    write_json(results / "load/two.json", load_run(None, 2, "put", 4000, {50: 1.0}, profiles=["two-profile/cpu.html"]))
    (results / "load/two-profile").mkdir(parents=True)
    (results / "load/two-profile/cpu.html").write_text("<html>stage 2</html>", encoding="utf-8")
    write_json(results / "load/old.json", load_run(None, None, "get", 4000, {50: 1.0}))  # no stage: not attached
    write_json(results / "saturate/20250301-130000/saturation.json", saturation(None, 1))
    write_json(results / "saturate/20250302-130000/saturation.json", saturation(None, 2))
    for name, stage in (("p1", "1"), ("p2", "2"), ("p-unknown", None)):
        (results / "profiles" / name).mkdir(parents=True)
        (results / "profiles" / name / "alloc.html").write_text("<html></html>", encoding="utf-8")
        if stage:
            (results / "profiles" / name / "stage.txt").write_text(stage, encoding="utf-8")
    # what ./course profile writes next to its graphs (Java properties, with a comment and a date line)
    (results / "profiles/p3").mkdir(parents=True)
    (results / "profiles/p3/cpu.html").write_text("<html></html>", encoding="utf-8")
    (results / "profiles/p3/profile.properties").write_text(
        "#written by ./course profile\n#Mon Nov 23 10:00:00 UTC 2026\nstage=1\n", encoding="utf-8"
    )

    done = scaffold(REPO_ROOT, 1, "ann", False, results, reports)

    meta, body = frontmatter.split((reports / "ann/stage-1/report.md").read_text(encoding="utf-8"))
    assert body.lstrip().startswith("<!-- ./course report left out:\n  - skipped 1 run(s) that do not say their stage")
    assert meta["runs"] == ["runs/one.json"]
    assert meta["saturation"] == ["saturation/20250301-130000.json"]
    assert meta["flamegraphs"] == ["flamegraphs/one-cpu.html", "flamegraphs/p1-alloc.html", "flamegraphs/p3-cpu.html"]
    assert [p.name for p in done["stageless_runs"]] == ["old.json"]
    assert [p.name for p in done["stageless_profiles"]] == ["p-unknown"]
    lines = skipped_lines(done, 1)
    assert any(line.startswith("skipped 1 run(s) that do not say their stage (old.json)") for line in lines)
    catalog = load_catalog(Sources(reports=reports))
    assert catalog.problems.items == []
    assert [d["stage"] for _, d in catalog.reports[0].saturations] == [1]


def stage_folder(root, folder: str, stage_yml: str | None):
    """stages/<folder>/ with a statement and, unless None, that stage.yml."""
    path = root / "stages" / folder
    path.mkdir(parents=True)
    (path / "README.md").write_text(f"# {folder}\n", encoding="utf-8")
    if stage_yml is not None:
        (path / "stage.yml").write_text(stage_yml, encoding="utf-8")
    return path


def stage_yml(number: int, slug: str, title: str) -> str:
    return f"stage: {number}\ntitle: {title}\nslug: {slug}\nnodes: 1\nendpoints: [/v0/entity]\n"


def report_for(root, stage: int, monkeypatch) -> int:
    monkeypatch.setenv("COURSE_ROOT", str(root))
    (root / "r").mkdir(exist_ok=True)
    return main(
        ["--stage", str(stage), "--student", "ann", "--results", str(root / "r"), "--reports", str(root / "rep")]
    )


def test_unknown_stage_is_refused_with_the_list_of_stages(tmp_path, monkeypatch, capsys):
    stage_folder(tmp_path, "1-sync", stage_yml(1, "sync", "One"))
    stage_folder(tmp_path, "2-executor", stage_yml(2, "executor", "Two"))
    (tmp_path / "stages" / "notes").mkdir()
    code = report_for(tmp_path, 9, monkeypatch)
    err = capsys.readouterr().err
    assert code == 2
    assert "--stage 9: there is no stage 9; the stages are: 1, 2" in err
    assert not (tmp_path / "rep").exists()


def test_folders_that_cannot_serve_are_refused_with_what_to_give(tmp_path, monkeypatch, capsys):
    """Once a --reports under a file or in /proc ended in a Python traceback, and a mistyped --results scaffolded a
    report that said no runs were recorded."""
    monkeypatch.setenv("COURSE_ROOT", str(REPO_ROOT))
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    cases = [
        (["--reports", str(tmp_path / "a-file" / "reports")], {2}, "is a file, not a folder"),
        (["--results", str(tmp_path / "no-such-results")], {2}, "no such folder; give the folder your runs"),
        # Refused by the check (2) where this user may not write /proc, else by the system when written (1).
        (["--reports", "/proc/course-report-test"], {1, 2}, "give another --reports"),
    ]
    for extra, codes, says in cases:
        assert main(["--stage", "1", "--student", "x", *extra]) in codes, extra
        err = capsys.readouterr().err
        assert err.startswith("course report: ") and says in err and "Traceback" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_the_stages_are_those_of_the_registry_not_of_folder_names(tmp_path, monkeypatch, capsys):
    """A stage is its folder's stage.yml: a folder without one, or whose stage.yml names another stage, stops the
    scaffold with the file and what to do; the report template is the registry stage's own."""
    stage_folder(tmp_path, "1-sync", stage_yml(1, "sync", "One"))
    template = (REPO_ROOT / "stages/1-sync-server/report-template.md").read_text(encoding="utf-8")
    (tmp_path / "stages/1-sync/report-template.md").write_text(
        template + "\n## The registry's template\n", encoding="utf-8"
    )
    two = stage_folder(tmp_path, "2-executor", None)
    assert report_for(tmp_path, 1, monkeypatch) == 1
    assert "stages/2-executor/stage.yml: is missing: every stage folder needs one" in capsys.readouterr().err
    (two / "stage.yml").write_text(stage_yml(3, "executor", "Two"), encoding="utf-8")
    assert report_for(tmp_path, 2, monkeypatch) == 1
    assert "field 'stage': says 3 but the folder is stage 2: make them agree" in capsys.readouterr().err
    assert not (tmp_path / "rep").exists()
    (two / "stage.yml").write_text(stage_yml(2, "executor", "Two"), encoding="utf-8")
    assert report_for(tmp_path, 1, monkeypatch) == 0, capsys.readouterr().err
    assert "## The registry's template" in (tmp_path / "rep/ann/stage-1/report.md").read_text(encoding="utf-8")


def test_the_next_step_names_only_commands_the_repository_has(tmp_path):
    assert "./course site --serve" in next_step(REPO_ROOT, "r.md")
    (tmp_path / "scripts").mkdir()  # a student repository: scripts/report.sh but no site.sh
    (tmp_path / "scripts/report.sh").write_text("", encoding="utf-8")
    assert (
        next_step(tmp_path, "r.md")
        == "write your analysis in r.md, then commit it with the results it cites and hand it in"
    )


def test_collapsed_stacks_beside_a_graph_are_attached_as_profiles_with_their_event_and_workload(tmp_path, capsys):
    results, reports = tmp_path / "results", tmp_path / "reports"
    graphs = ["run-profile/cpu.html", "run-profile/alloc.html"]
    write_json(results / "load/run.json", load_run(None, 1, "put", 4000, {50: 1.0}, profiles=graphs))
    (results / "load/run-profile").mkdir(parents=True)
    for name, text in (("cpu.html", "<html/>"), ("cpu.collapsed", "t;put 3\n"), ("alloc.html", "<html/>")):
        (results / "load/run-profile" / name).write_text(text, encoding="utf-8")
    (results / "profiles/p1").mkdir(parents=True)
    for name, text in (("stage.txt", "1"), ("wall.html", "<html></html>"), ("wall.collapsed", "t;wait 5\n")):
        (results / "profiles/p1" / name).write_text(text, encoding="utf-8")

    done = scaffold(REPO_ROOT, 1, "ann", False, results, reports)

    folder = reports / "ann/stage-1"
    meta, body = frontmatter.split((folder / "report.md").read_text(encoding="utf-8"))
    assert meta["flamegraphs"] == ["flamegraphs/run-cpu.html", "flamegraphs/run-alloc.html", "flamegraphs/p1-wall.html"]
    # The run's workload goes with its profiles; ./course profile's folder knows no workload.
    assert meta["profiles"] == [
        {"file": "flamegraphs/run-cpu.collapsed", "event": "cpu", "workload": "put"},
        {"file": "flamegraphs/p1-wall.collapsed", "event": "wall"},
    ]
    assert (folder / "flamegraphs/run-cpu.collapsed").read_text(encoding="utf-8") == "t;put 3\n"
    # A graph without collapsed stacks is still linked, and the student is told it cannot be compared.
    assert [p.name for p in done["uncollapsed"]] == ["alloc.html"]
    assert any(
        "1 flame graph(s) have no collapsed stacks beside them (run-profile/alloc.html)" in line
        for line in skipped_lines(done, 1)
    )
    assert "have no collapsed stacks beside them" in body
    catalog = load_catalog(Sources(reports=reports))
    assert catalog.problems.items == []
    assert [r.key for r in catalog.reports[0].profiles] == [("put", "cpu"), (None, "wall")]


def test_every_report_template_lists_profiles():
    templates = sorted((REPO_ROOT / "stages").glob("*/report-template.md")) + [
        REPO_ROOT / "sitegen/templates/report.md"
    ]
    assert len(templates) >= 7
    for template in templates:
        assert "\nprofiles: {{profiles}}\n" in template.read_text(encoding="utf-8"), template
