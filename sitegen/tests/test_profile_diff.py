"""The differential profile view of report pages: collapsed stacks read, two stages' profiles compared as shares,
drawn as a flame graph coloured by the change with a table of the frames that moved; what a report is told when a
profile is missing, unpaired or not collapsed stacks; and the sample reports showing it."""

import html
import re

import pytest

from sitegen.catalog import Sources, load_catalog
from sitegen.collapsed import CollapsedError, diff_profiles, frame_shares, parse_collapsed, read_collapsed
from sitegen.pages.flame_graph import fit_label
from sitegen.pages.profile_diff_view import (
    COOLER,
    HOTTER,
    NEUTRAL,
    diff_colour,
    diff_flame_graph,
    moved_frames_table,
)
from sitegen.pages.report_page import report_page
from sitegen.paths import REPO_ROOT

from .conftest import Tables, column, load_run, write_report

# Stage 1: 4 samples, 3 in a, 1 in b. Stage 2: 8 samples (twice as many: shares, not counts, are compared), a now
# also called through c. Every share below is a power-of-two fraction, exact in floating point.
BEFORE = "main_[j];a_[j] 3\nmain_[j];b_[i] 1\n"
AFTER = "main_[0];a_[j] 2\n\nmain_[j];b_[j] 4\nmain_[j];c_[j];a_[i] 2\n"


def test_collapsed_lines_are_stacks_with_weights_and_frame_kinds_are_dropped():
    profile = parse_collapsed("t_[j];f_[i] 3\nt_[0];f_[1] 1\nt_[k];g 2.5\n  \n")
    assert profile.stacks == {("t", "f"): 4.0, ("t", "g"): 2.5}
    assert profile.total == 6.5
    assert profile.shares() == {("t", "f"): 4 / 6.5, ("t", "g"): 2.5 / 6.5}
    # Names that merely contain brackets or underscores are kept as written.
    assert parse_collapsed("[unknown_Java];int[]_[k];a_b 1").stacks == {("[unknown_Java]", "int[]", "a_b"): 1.0}


@pytest.mark.parametrize(
    "text, message",
    [
        ("a;b 3\na;b\n", "line 2 is not 'frame;frame;...;frame WEIGHT'"),
        ("a;b three\n", "line 1 is not 'frame;frame;...;frame WEIGHT'"),
        ("a;;b 3\n", "line 1 has an empty frame"),
        ("a;b -3\n", "line 1 is not"),
        ("", "holds no samples"),
        ("a;b 0\n", "holds no samples"),
    ],
)
def test_text_that_is_not_collapsed_stacks_is_refused_with_the_line(text, message):
    with pytest.raises(CollapsedError, match=re.escape(message)):
        parse_collapsed(text)


def test_unreadable_files_say_what_they_are_not(tmp_path):
    with pytest.raises(CollapsedError, match="^not found$"):
        read_collapsed(tmp_path / "none.collapsed")
    (tmp_path / "bin.collapsed").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(CollapsedError, match="is not UTF-8 text"):
        read_collapsed(tmp_path / "bin.collapsed")


def test_frame_shares_are_self_and_total_and_recursion_counts_once():
    shares = frame_shares(parse_collapsed("main;r;r 2\nmain;r;x 1\nmain 1\n"))
    assert shares == {"main": (0.25, 1.0), "r": (0.5, 0.75), "x": (0.25, 0.25)}


def test_diff_compares_shares_of_each_profile_per_frame_per_stack_and_per_box():
    diff = diff_profiles(parse_collapsed(BEFORE), parse_collapsed(AFTER))

    frames = {f.frame: f for f in diff.frames}
    a, b, c, main = frames["a"], frames["b"], frames["c"], frames["main"]
    assert (a.self_before, a.self_after, a.self_change) == (0.75, 0.5, -0.25)
    assert (a.total_before, a.total_after, a.total_change) == (0.75, 0.5, -0.25)
    assert (b.self_before, b.self_after, b.self_change) == (0.25, 0.5, 0.25)
    assert (c.self_before, c.self_after, c.total_before, c.total_after) == (0.0, 0.0, 0.0, 0.25)
    assert (main.self_change, main.total_before, main.total_after) == (0.0, 1.0, 1.0)
    # Most moved first (self, then total, then name); a frame that did not move is not among the top ones.
    assert [f.frame for f in diff.frames] == ["a", "b", "c", "main"]
    assert [f.frame for f in diff.top_frames(10)] == ["a", "b", "c"]
    assert [f.frame for f in diff.top_frames(2)] == ["a", "b"]

    assert [(s.stack, s.before, s.after) for s in diff.stacks] == [
        (("main", "a"), 0.75, 0.25),
        (("main", "b"), 0.25, 0.5),
        (("main", "c", "a"), 0.0, 0.25),
    ]
    assert (diff.gone, diff.new) == (0.0, 0.25)

    # The boxes of the graph: one per path, with its width before and after.
    main_box = diff.root.children["main"]
    assert (diff.root.total_before, diff.root.total_after) == (1.0, 1.0)
    assert [n.name for n in main_box.ordered_children()] == ["a", "b", "c"]
    boxes = {name: (n.total_before, n.total_after, n.change) for name, n in main_box.children.items()}
    assert boxes == {"a": (0.75, 0.25, -0.5), "b": (0.25, 0.5, 0.25), "c": (0.0, 0.25, 0.25)}
    called_by_c = main_box.children["c"].children["a"]
    assert (called_by_c.depth, called_by_c.self_before, called_by_c.self_after) == (3, 0.0, 0.25)


def test_stacks_that_went_away_are_counted_as_gone():
    diff = diff_profiles(parse_collapsed("t;old 1\nt;kept 3\n"), parse_collapsed("t;kept 1\n"))
    assert (diff.gone, diff.new) == (0.25, 0.0)
    assert diff.root.children["t"].children["old"].total_after == 0.0


def test_colour_is_grey_without_change_red_when_hotter_blue_when_cooler():
    assert diff_colour(0.0, 0.5) == ("#{:02x}{:02x}{:02x}".format(*NEUTRAL), "#111111")
    assert diff_colour(0.5, 0.5) == ("#{:02x}{:02x}{:02x}".format(*HOTTER), "#ffffff")
    assert diff_colour(-0.9, 0.5) == ("#{:02x}{:02x}{:02x}".format(*COOLER), "#ffffff")  # beyond the scale: saturated
    half_red, _ = diff_colour(0.125, 0.5)
    red, green, blue = (int(half_red[i : i + 2], 16) for i in (1, 3, 5))
    assert red > green and red > blue and (red, green, blue) != HOTTER


def test_labels_fit_their_box():
    assert fit_label("solutions.stage1.Routes.handle", 400) == "solutions.stage1.Routes.handle"
    assert fit_label("solutions.stage1.Routes.handle", 110) == "Routes.handle"
    assert fit_label("solutions.stage1.Routes.handle", 60) == "Routes.…"
    assert fit_label("solutions.stage1.Routes.handle", 20) == ""


def boxes(svg: str) -> list:
    """(data-x, data-w, depth, tooltip, fill) of every box of a drawn graph."""
    return [
        (float(x), float(w), int(d), html.unescape(t), f)
        for x, w, d, t, f in re.findall(
            r'<g class="fd-f" data-x="([^"]+)" data-w="([^"]+)" data-d="(\d+)"><title>([^<]*)</title><rect [^>]*'
            r'fill="([^"]+)"',
            svg,
        )
    ]


def test_the_graph_is_the_later_stage_s_boxes_coloured_by_their_change():
    diff = diff_profiles(parse_collapsed(BEFORE), parse_collapsed(AFTER))
    after = diff_flame_graph(diff.root, "after", 0.5, "stage 1", "stage 2", "cpu of put")
    drawn = boxes(after)
    # all, main, then main's children by name (a, b, c) and c's a: x and width are stage 2's shares.
    assert [(x, w, d) for x, w, d, _, _ in drawn] == [
        (0.0, 1.0, 0),
        (0.0, 1.0, 1),
        (0.0, 0.25, 2),
        (0.25, 0.5, 2),
        (0.75, 0.25, 2),
        (0.75, 0.25, 3),
    ]
    fills = {t.split("\n")[0]: f for _, _, d, t, f in drawn if d == 2}
    assert fills == {"a": diff_colour(-0.5, 0.5)[0], "b": diff_colour(0.25, 0.5)[0], "c": diff_colour(0.25, 0.5)[0]}
    tip = next(t for _, _, d, t, _ in drawn if d == 2 and t.startswith("a\n"))
    assert tip == "a\nthis box: stage 1 75.0%, stage 2 25.0% (-50.0 pp)\nself (on top): stage 1 75.0%, stage 2 25.0%"
    assert after.startswith('<div class="course-figure course-flame-figure"><svg class="course-flame"')
    assert "\n" not in after  # one line of HTML: set aside before Markdown sees the page (sitegen/site.py)
    assert "http" not in after.replace("http://www.w3.org/2000/svg", "")  # nothing loaded from a network
    # The earlier stage's graph, folded away, has the boxes that went and not those that came.
    before = diff_flame_graph(diff.root, "before", 0.5, "stage 1", "stage 2", "cpu of put", folded="Stage 1")
    assert before.startswith('<div class="course-figure course-flame-figure"><details')
    assert [(x, w, d) for x, w, d, _, _ in boxes(before)] == [
        (0.0, 1.0, 0),
        (0.0, 1.0, 1),
        (0.0, 0.75, 2),
        (0.75, 0.25, 2),
    ]


def test_table_lists_the_frames_that_moved_most():
    diff = diff_profiles(parse_collapsed(BEFORE), parse_collapsed(AFTER))
    rows = Tables(moved_frames_table(diff, "stage 1", "stage 2")).tables[0]
    assert rows[0] == [
        "frame",
        "self, stage 1",
        "self, stage 2",
        "self change",
        "total, stage 1",
        "total, stage 2",
        "total change",
    ]
    assert rows[1:] == [
        ["a", "75.0%", "50.0%", "-25.0 pp", "75.0%", "50.0%", "-25.0 pp"],
        ["b", "25.0%", "50.0%", "+25.0 pp", "25.0%", "50.0%", "+25.0 pp"],
        ["c", "0%", "0%", "+0.0 pp", "0%", "25.0%", "+25.0 pp"],
    ]


# Report pages built from report folders.


def two_stages(root, first: dict, second: dict, files: dict = None):
    """ivanov's stage 1 and 2 reports with the given extra front matter and files ({relative path: text})."""
    run1 = {"runs/put.json": load_run("ivanov", 1, "put", 4000, {50: 1.0, 99: 4.0})}
    run2 = {"runs/put.json": load_run("ivanov", 2, "put", 4000, {50: 0.8, 99: 3.0})}
    f1 = write_report(root, "ivanov", 1, run1, **first)
    f2 = write_report(root, "ivanov", 2, run2, **second)
    for relative, text in (files or {}).items():
        path = root / "ivanov" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text) if isinstance(text, bytes) else path.write_text(text, encoding="utf-8")
    return f1, f2


def stage2_page(root):
    catalog = load_catalog(Sources(reports=root))
    report = next(r for r in catalog.reports if r.stage == 2)
    return report, report_page(report, catalog)[0], catalog


def test_report_page_shows_the_differential_view_beside_the_percentile_comparison(tmp_path):
    two_stages(
        tmp_path,
        {"profiles": ["profiles/put-cpu.collapsed"]},
        {"profiles": [{"file": "p/x.collapsed", "event": "cpu", "workload": "put"}]},
        {"stage-1/profiles/put-cpu.collapsed": BEFORE, "stage-2/p/x.collapsed": AFTER},
    )
    report, page, _ = stage2_page(tmp_path)
    assert report.problems == []
    section = page[page.index("## Compared with stage 1") : page.index("## Flame graphs")]
    # First the percentiles, then the profiles, in the same section.
    assert section.index("### put at 4\u202f000 requests/s") < section.index("### Profiles: what got hotter")
    assert "#### cpu profile of put" in section
    assert "stage 1: 4 samples (`profiles/put-cpu.collapsed`); stage 2: 8 samples (`p/x.collapsed`)." in section
    assert "0% of stage 1's samples are in stacks stage 2 does not have at all" in section
    assert "25.0% of stage 2's in stacks that are new" in section
    assert "±" in section  # sample counts: how far shares move by chance
    assert len(re.findall(r'<svg class="course-flame"', section)) == 2  # stage 2's graph, and stage 1's folded
    moved = next(t for t in Tables(section).tables if t[0][0] == "frame")
    assert column(moved, "frame") == ["a", "b", "c"]
    assert column(moved, "self change") == ["-25.0 pp", "+25.0 pp", "+0.0 pp"]


def test_each_event_and_workload_pairs_with_its_own_and_the_rest_is_named(tmp_path):
    two_stages(
        tmp_path,
        {"profiles": ["f/put-cpu.collapsed", "f/get-alloc.collapsed"]},
        {"profiles": ["f/20250301-120000-put-8000-cpu.collapsed", "f/put-alloc.collapsed"]},
        {
            "stage-1/f/put-cpu.collapsed": BEFORE,
            "stage-1/f/get-alloc.collapsed": BEFORE,
            "stage-2/f/20250301-120000-put-8000-cpu.collapsed": AFTER,
            "stage-2/f/put-alloc.collapsed": AFTER,
        },
    )
    report, page, _ = stage2_page(tmp_path)
    assert [r.key for r in report.profiles] == [("put", "cpu"), ("put", "alloc")]
    assert "#### cpu profile of put" in page and "alloc profile of put" not in page.split("Not compared")[0]
    assert (
        "Not compared: stage 2's `f/put-alloc.collapsed` (alloc profile of put) has no partner: add stage 1's "
        "alloc profile of put to `profiles:` in [stage 1's](stage-1.md) report.md"
    ) in page
    assert (
        "stage 1's `f/get-alloc.collapsed` (alloc profile of get) has no partner: add this stage's alloc profile "
        "of get to `profiles:` in this report.md"
    ) in page


def test_without_profiles_the_page_says_which_file_to_add(tmp_path):
    two_stages(tmp_path, {}, {})
    _, page, _ = stage2_page(tmp_path)
    assert (
        "*No profiles to compare: neither this report nor [stage 1's](stage-1.md) lists collapsed stacks under "
        "`profiles:` in its report.md. Record them with `./course load --profile cpu`" in page
    )
    (tmp_path / "p").mkdir()
    two_stages(tmp_path / "p", {}, {"profiles": ["put-cpu.collapsed"]}, {"stage-2/put-cpu.collapsed": AFTER})
    _, page, _ = stage2_page(tmp_path / "p")
    assert (
        "*No profiles to compare*: stage 2's `put-cpu.collapsed` (cpu profile of put) has no partner: add stage "
        "1's cpu profile of put to `profiles:` in [stage 1's](stage-1.md) report.md; [stage 1's report]"
        "(stage-1.md) lists no collapsed stacks under `profiles:`."
    ) in page
    compared, graphs = page.split("## Flame graphs")
    assert '<svg class="course-flame"' not in compared  # nothing to compare: no differential graph
    assert graphs.count('<svg class="course-flame"') == 1  # the profile's own graph, drawn from its stacks


@pytest.mark.parametrize(
    "entry, files, where, message",
    [
        (
            "f/put-cpu.collapsed",
            {},
            "stage-2/f/put-cpu.collapsed",
            "listed under 'profiles:' in report.md but not found; copy the collapsed stacks there",
        ),
        (
            "f/put-cpu.collapsed",
            {"stage-2/f/put-cpu.collapsed": "<!DOCTYPE html>\n<html>"},
            "stage-2/f/put-cpu.collapsed",
            "line 1 is not 'frame;frame;...;frame WEIGHT'",
        ),
        (
            "f/put-cpu.collapsed",
            {"stage-2/f/put-cpu.collapsed": b"\x89PNG\r\n\x1a\n\xff"},
            "stage-2/f/put-cpu.collapsed",
            "is not UTF-8 text",
        ),
        ("f/put-cpu.collapsed", {"stage-2/f/put-cpu.collapsed": ""}, "stage-2/f/put-cpu.collapsed", "holds no samples"),
        (
            "f/put-cpu.html",
            {"stage-2/f/put-cpu.html": "<html></html>"},
            "stage-2/f/put-cpu.html",
            "is an HTML flame graph: list it under 'flamegraphs:'; 'profiles:' takes the collapsed stacks recorded with it "
            "(put-cpu.collapsed",
        ),
        (
            "f/stacks.collapsed",
            {"stage-2/f/stacks.collapsed": AFTER},
            "stage-2/f/stacks.collapsed",
            "cannot tell which event this profile is",
        ),
        (
            {"file": "f/put.collapsed", "event": "heap"},
            {},
            "stage-2/report.md",
            "event 'heap' is not one of cpu, alloc",
        ),
        ({"event": "cpu"}, {}, "stage-2/report.md", "'profiles:' entry 1 names no file"),
        (7, {}, "stage-2/report.md", "'profiles:' entry 1 is neither a path nor a mapping"),
    ],
)
def test_a_bad_profile_is_a_problem_on_the_page_naming_the_file_never_a_crash(tmp_path, entry, files, where, message):
    two_stages(
        tmp_path,
        {"profiles": ["put-cpu.collapsed"]},
        {"profiles": [entry]},
        {"stage-1/put-cpu.collapsed": BEFORE, **files},
    )
    report, page, catalog = stage2_page(tmp_path)
    assert [p.file.endswith(where) for p in report.problems] == [True], report.problems
    assert message in report.problems[0].message
    assert report.problems[0] in catalog.problems.items  # also a build warning
    assert "Problems with this report" in page and "## Compared with stage 1" in page
    assert "stage 1's `put-cpu.collapsed` (cpu profile of put) has no partner" in page


def test_the_sample_reports_show_the_differential_view(site_build):
    site, warnings = site_build(
        strict=True, reports=REPO_ROOT / "samples/reports", results=REPO_ROOT / "samples/results"
    )
    assert warnings == []
    for page, pairs in (
        ("alice/stage-2", ("cpu profile of put", "alloc profile of put")),
        ("badger/stage-2", ("cpu profile of put",)),
    ):
        html = (site / "reports" / page / "index.html").read_text(encoding="utf-8")
        section = html[html.index('id="compared-with-stage-1"') : html.index('id="flame-graphs"')]
        assert "Profiles: what got hotter, what got cooler" in section, page
        for title in pairs:
            assert f">{title}<" in section, (page, title)
        assert len(re.findall(r'<svg class="course-flame"', section)) == 2 * len(pairs)
        assert len(re.findall(r'<g class="fd-f"', section)) > 100 * len(pairs)  # real profiles: many boxes
        moved = [t for t in Tables(section).tables if t[0][0] == "frame"]
        assert len(moved) == len(pairs) and all(len(t) == 11 for t in moved), page  # header and 10 frames
        assert "flamediff.js" in html
    assert (site / "assets/flamediff.js").is_file()


def test_the_graphs_and_tables_are_set_aside_before_markdown_sees_the_page():
    from sitegen.site import generate

    generated = generate(Sources(reports=REPO_ROOT / "samples/reports"))
    page = next(text for src, text in generated.pages.items() if src.endswith("alice/stage-2.md"))
    assert "#### cpu profile of put" in page
    assert "course-flame" not in page and "data-moved-frames" not in page  # whole lines, each a placeholder
    assert sum('<svg class="course-flame"' in blob for blob in generated.blobs) >= 4
