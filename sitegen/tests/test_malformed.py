"""Broken inputs: each is a build warning naming the file, the build still succeeds, and nobody disappears."""

from .conftest import grade, load_run, write_json, write_report


def test_bad_inputs_warn_by_file_and_the_student_still_appears(tmp_path, site_build):
    reports, results = tmp_path / "reports", tmp_path / "results"
    good = load_run("anna", 1, "put", 5000, {50: 1.0, 99: 5.0})
    off_schema = dict(good, latency={"percentiles": [{"p": 50, "ms": -1}]})
    write_report(
        reports,
        "anna",
        1,
        {
            "runs/good.json": good,
            "runs/broken.json": "{not json",
            "runs/off.json": off_schema,
            "runs/missing.json": None,
        },
        flamegraphs=["flamegraphs/cpu.html"],
    )
    (reports / "anna/stage-1/runs/missing.json").unlink()
    bad_front = reports / "boris/stage-1"
    bad_front.mkdir(parents=True)
    (bad_front / "report.md").write_text("---\ntitle: [unclosed\n---\n\nBoris's analysis.\n", encoding="utf-8")
    (reports / "vera").mkdir()  # a student folder with nothing in it
    write_json(results / "grades/anna.json", grade("anna", 1, {"T.a": "passed"}, 1.0))
    write_json(results / "grades/bad.json", {"schema": "course-results/1", "kind": "grade", "createdAt": "x"})

    site, warnings = site_build(reports=reports, results=results)

    text = "\n".join(warnings)
    for name in (
        "anna/stage-1/runs/broken.json",
        "anna/stage-1/runs/off.json",
        "anna/stage-1/runs/missing.json",
        "anna/stage-1/flamegraphs/cpu.html",
        "boris/stage-1/report.md",
        "reports/vera",
        "grades/bad.json",
    ):
        assert name in text, f"no warning names {name}:\n{text}"
    assert "not valid JSON" in text and "does not follow results.schema.json" in text and "not valid YAML" in text

    anna = (site / "reports/anna/stage-1/index.html").read_text(encoding="utf-8")
    assert "Problems with this report" in anna and "broken.json" in anna
    assert anna.count('<path class="curve"') == 1  # the good run is still drawn
    boris = (site / "reports/boris/stage-1/index.html").read_text(encoding="utf-8")
    assert "Boris" in boris and "not valid YAML" in boris
    index = (site / "reports/index.html").read_text(encoding="utf-8")
    assert all(name in index for name in ("anna", "boris", "vera"))
    compare = (site / "compare/stage-1/index.html").read_text(encoding="utf-8")
    assert "boris" in compare and "no valid runs" in compare and "grades/bad.json" in compare
