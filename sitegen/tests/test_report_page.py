"""A report page generated from a report folder: the percentile table, the chart, the stage-over-stage deltas."""

import re

import pytest

from sitegen.catalog import Sources, load_catalog
from sitegen.deltas import stage_deltas
from sitegen.pages.report_page import report_page

from .conftest import MOSTLY_404, Tables, column, load_run, saturation, write_json, write_report

STAGE1 = {50: 2.0, 75: 3.0, 90: 4.0, 99: 10.0, 99.9: 20.0, 99.99: 40.0, 99.999: 50.0, 100: 60.0}
STAGE2 = {50: 1.5, 75: 2.4, 90: 4.4, 99: 8.0, 99.9: 30.0, 99.99: 40.0, 99.999: 45.0, 100: 48.0}


@pytest.fixture
def catalog(tmp_path):
    reports = tmp_path / "reports"
    write_report(
        reports,
        "ivanov",
        1,
        {
            # Listed first, at another rate than stage 2's: comparing it would mix two regimes.
            "runs/put-4000.json": load_run("ivanov", 1, "put", 4000, {50: 0.1, 99: 0.5}, max_ms=1.0),
            "runs/put.json": load_run("ivanov", 1, "put", 8000, STAGE1, max_ms=60.0),
        },
        pseudonym="fox",
    )
    write_report(
        reports,
        "ivanov",
        2,
        {
            "runs/put.json": load_run("ivanov", 2, "put", 8000, STAGE2, max_ms=48.0, steal=7.5),
            "runs/get.json": load_run("ivanov", 2, "get", 8000, {50: 0.5, 90: 0.9, 99: 3.0}, max_ms=9.0),
        },
        body="## Findings\n\nThe executor helped.",
        hardware={"cpu": "Test CPU"},
        commands=["./course load -R 8000"],
    )
    return load_catalog(Sources(reports=reports))


def page_of(catalog, stage):
    report = next(r for r in catalog.reports if r.stage == stage)
    return report, report_page(report, catalog)[0]


def test_percentile_table_shows_every_run_with_its_values(catalog):
    _, page = page_of(catalog, 2)
    runs = Tables(page).tables[0]
    assert runs[0][:10] == ["run", "workload", "p50", "p75", "p90", "p99", "p99.9", "p99.99", "max", "target rps"]
    assert column(runs, "workload") == ["put", "get"]
    assert column(runs, "p50") == ["1.500", "0.500"]
    assert column(runs, "p99.9") == ["30.00", "—"]  # the get run has no p99.9: shown as missing, not invented
    assert column(runs, "max") == ["48.00", "9.000"]
    assert column(runs, "errors") == ["5", "5"]
    assert column(runs, "steal")[0] == "flagged (7.5%)"
    assert column(runs, "achieved") == ["7\u202f920", "7\u202f920"]


def test_chart_is_inline_svg_with_a_path_per_run(catalog):
    _, page = page_of(catalog, 2)
    svg = re.search(r"<svg class=\"course-chart\".*?</svg>", page).group(0)
    paths = re.findall(r'<path class="curve" d="([^"]+)"', svg)
    assert len(paths) == 2
    # put: 50, 75, 90, 99, 99.9, 99.99, 99.999 (100% is off the 1/(1-p) axis); get: 50, 90, 99
    assert [p.count("L") + 1 for p in paths] == [7, 3]
    assert "http" not in svg.replace("http://www.w3.org/2000/svg", "")  # nothing loaded from a network


def test_stage_over_stage_deltas_are_after_minus_before(catalog):
    report, page = page_of(catalog, 2)
    previous = catalog.previous_report(report)
    assert previous.stage == 1
    deltas = {d.metric: d for d in stage_deltas(report.runs, previous.runs)}
    assert set(deltas) == {"p50", "p75", "p90", "p99", "p99.9", "p99.99", "max"}  # get has no stage-1 run
    assert deltas["p99"].change_ms == pytest.approx(-2.0)
    assert deltas["p99"].change_percent == pytest.approx(-20.0)
    assert deltas["p90"].change_percent == pytest.approx(10.0)
    assert deltas["max"].change_ms == pytest.approx(-12.0)
    table = Tables(page).tables[1]
    row = next(r for r in table if r[2] == "p99.9")
    assert row == ["put", "8\u202f000", "p99.9", "20.00", "30.00", "+10.000", "+50.0%"]
    # Above the table, one chart per pair with both stages' curves.
    section = page[page.index("## Compared with stage 1") :]
    chart = section[: section.index("<table")]
    assert "### put at 8\u202f000 requests/s" in chart and len(re.findall(r'<path class="curve"', chart)) == 2
    assert "stage 1: put 8000 rps" in chart and "stage 2: put 8000 rps" in chart
    assert "Not compared, because stage 1 has no run of the same workload and rate: get 8000 rps" in section


def test_runs_at_different_rates_are_not_compared(tmp_path):
    reports = tmp_path / "reports"
    write_report(reports, "ann", 1, {"runs/put.json": load_run("ann", 1, "put", 4000, STAGE1)})
    write_report(reports, "ann", 2, {"runs/put.json": load_run("ann", 2, "put", 8000, STAGE2)})
    catalog = load_catalog(Sources(reports=reports))
    report, page = page_of(catalog, 2)
    assert stage_deltas(report.runs, catalog.previous_report(report).runs) == []
    section = page[page.index("## Compared with stage 1") :]
    assert "No pair to compare: no run of stage 2 has the same workload and target rate" in section
    assert "<table" not in section.split("## ", 2)[1]


def test_flagged_runs_are_marked_and_repeated_labels_told_apart(tmp_path):
    reports = tmp_path / "reports"
    write_report(
        reports,
        "ann",
        1,
        {
            "runs/a.json": load_run("ann", 1, "put", 15000, STAGE1, label="put 15000 rps"),
            "runs/b.json": load_run("ann", 1, "get", 15000, STAGE1, label="put 15000 rps", flags=[MOSTLY_404]),
            "runs/c.json": load_run(
                "ann", 1, "get", 1000, STAGE1, flags=[{"kind": "rate-not-met", "message": "target rate not met"}]
            ),
        },
    )
    catalog = load_catalog(Sources(reports=reports))
    assert catalog.problems.items == []
    _, page = page_of(catalog, 1)
    names = column(Tables(page).tables[0], "run")
    assert names[0] == "put 15000 rps (a)" and names[1].startswith("put 15000 rps (b) ⚠ 1 warning")
    assert names[2].startswith("get 1000 rps ⚠")
    assert 'title="unexpected-status: 996 of 1000 answers were 404: is the database filled?"' in page
    assert "- ⚠ **put 15000 rps (b)** (unexpected-status): 996 of 1000 answers were 404" in page
    legend = re.findall(r'<span class="course-key">.*?</span>([^<]*)</span>', page)
    assert legend == ["put 15000 rps (a)", "put 15000 rps (b) ⚠", "get 1000 rps ⚠"]


def test_saturation_attached_to_a_report_is_a_table_and_a_rate_chart(tmp_path):
    reports = tmp_path / "reports"
    folder = write_report(
        reports, "ann", 1, {"runs/a.json": load_run("ann", 1, "put", 1000, STAGE1)}, saturation=["saturation/s.json"]
    )
    write_json(folder / "saturation/s.json", saturation("ann", 1))
    catalog = load_catalog(Sources(reports=reports))
    assert catalog.problems.items == []
    _, page = page_of(catalog, 1)
    section = page[page.index("## Saturation") :]
    assert column(Tables(section).tables[0], "sustained rps") == ["2\u202f000"]
    svg = re.search(r"<svg.*?</svg>", section).group(0)
    assert svg.count("<circle") == 3 and svg.count('fill="none" stroke="#1f77b4" stroke-width="1.5"') == 1  # one miss
    assert 'class="slo"' in svg


def test_pseudonym_replaces_the_name_everywhere(catalog):
    report, page = page_of(catalog, 2)
    assert report.display == "fox" and report.slug == "fox"
    assert "ivanov" not in page
    assert "## Findings" in page and "- **cpu**: Test CPU" in page and "./course load -R 8000" in page
