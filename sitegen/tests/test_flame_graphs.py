"""The flame graphs section of a report page: HTML flame graphs are linked and copied next to the page; a profile
listed without its HTML graph is drawn from its collapsed stacks; the sample reports, which keep only the stacks,
show every profile's graph."""

import re

from sitegen.catalog import Sources, load_catalog
from sitegen.pages.flame_graphs_view import warm_colour
from sitegen.pages.report_page import report_page
from sitegen.paths import REPO_ROOT

from .conftest import load_run, write_report
from .test_profile_diff import AFTER, boxes

SAMPLES = REPO_ROOT / "samples"


def one_report(root, meta: dict, files: dict):
    run = {"runs/put.json": load_run("ivanov", 1, "put", 1000, {50: 1.0, 99: 5.0})}
    folder = write_report(root, "ivanov", 1, run, **meta)
    for relative, text in files.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    catalog = load_catalog(Sources(reports=root))
    (report,) = catalog.reports
    page, attachments = report_page(report, catalog)
    return report, page, attachments


def section(page: str) -> str:
    return page[page.index("## Flame graphs") :]


def test_a_profile_without_its_html_graph_is_drawn_from_its_collapsed_stacks(tmp_path):
    report, page, attachments = one_report(
        tmp_path, {"profiles": ["f/put-cpu.collapsed"]}, {"f/put-cpu.collapsed": AFTER}
    )
    assert report.problems == []
    graphs = section(page)
    assert len(re.findall(r'<svg class="course-flame"', graphs)) == 1
    assert "cpu profile of put (f/put-cpu.collapsed): 8 samples" in graphs
    # all, main, main's children by name (a, b, c), and a called from c: x and width are shares of the profile.
    drawn = boxes(graphs)
    assert [(x, w, d, t.split("\n")[0]) for x, w, d, t, _ in drawn] == [
        (0.0, 1.0, 0, "all: every stack of the profile (click to zoom out)"),
        (0.0, 1.0, 1, "main"),
        (0.0, 0.25, 2, "a"),
        (0.25, 0.5, 2, "b"),
        (0.75, 0.25, 2, "c"),
        (0.75, 0.25, 3, "a"),
    ]
    b = next(t for _, _, d, t, _ in drawn if t.startswith("b\n"))
    assert b == "b\nthis box: 50.0% of the samples\nself (on top): 50.0%"
    fills = {t.split("\n")[0]: f for _, _, d, t, f in drawn if d >= 2}
    assert fills == {"a": warm_colour("a")[0], "b": warm_colour("b")[0], "c": warm_colour("c")[0]}
    assert attachments == {} and "](stage-1-files/" not in graphs  # nothing to link: the stacks are drawn


def test_an_html_flame_graph_is_linked_and_copied_and_its_stacks_not_drawn_again(tmp_path):
    report, page, attachments = one_report(
        tmp_path,
        {
            "flamegraphs": ["f/put-cpu.html", "f/get-cpu.html"],
            "profiles": ["f/put-cpu.collapsed", "f/put-alloc.collapsed"],
        },
        {
            "f/put-cpu.html": "<html>cpu</html>",
            "f/get-cpu.html": "<html>get</html>",
            "f/put-cpu.collapsed": AFTER,
            "f/put-alloc.collapsed": AFTER,
        },
    )
    assert report.problems == []
    graphs = section(page)
    assert "- [put-cpu.html](stage-1-files/flamegraphs/put-cpu.html)" in graphs
    assert "- [get-cpu.html](stage-1-files/flamegraphs/get-cpu.html)" in graphs
    assert attachments == {
        "reports/ivanov/stage-1-files/flamegraphs/put-cpu.html": report.folder / "f/put-cpu.html",
        "reports/ivanov/stage-1-files/flamegraphs/get-cpu.html": report.folder / "f/get-cpu.html",
    }
    # put-cpu has its HTML graph; put-alloc has none, so it alone is drawn.
    assert len(re.findall(r'<svg class="course-flame"', graphs)) == 1
    assert "alloc profile of put (f/put-alloc.collapsed): 8 bytes allocated" in graphs


def test_a_report_without_flame_graphs_or_profiles_has_no_such_section(tmp_path):
    _, page, _ = one_report(tmp_path, {}, {})
    assert "## Flame graphs" not in page


def test_colours_are_warm_and_the_same_for_the_same_frame():
    fill, ink = warm_colour("one.nio.http.HttpSession.processRead")
    red, green, blue = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    assert red >= 205 and green < 230 and blue < 55 and ink == "#111111"
    assert warm_colour("one.nio.http.HttpSession.processRead") == (fill, ink)
    assert warm_colour("java.lang.Thread.run") != (fill, ink)


def test_the_sample_reports_keep_only_collapsed_stacks_and_every_page_draws_them(site_build):
    assert list((SAMPLES / "reports").rglob("*.html")) == []
    site, warnings = site_build(strict=True, reports=SAMPLES / "reports", results=SAMPLES / "results")
    assert warnings == []
    for page, titles in (
        ("alice/stage-1", ("cpu profile of put", "alloc profile of put")),
        ("alice/stage-2", ("cpu profile of put", "alloc profile of put")),
        ("badger/stage-1", ("cpu profile of put",)),
        ("badger/stage-2", ("cpu profile of put",)),
    ):
        html = (site / "reports" / page / "index.html").read_text(encoding="utf-8")
        graphs = html[html.index('id="flame-graphs"') :]
        assert len(re.findall(r'<svg class="course-flame"', graphs)) == len(titles), page
        assert len(re.findall(r'<g class="fd-f"', graphs)) > 100 * len(titles), page  # real profiles: many boxes
        for title in titles:
            assert f"{title} (flamegraphs/put-" in graphs, (page, title)
