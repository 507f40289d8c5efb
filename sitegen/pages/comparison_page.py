"""A stage's comparison page: every student's runs in one sortable table, their percentile curves overlaid per
workload, the pass/fail matrix of the grades, and the leaderboard of performance against the reference."""

from .. import fmt
from ..catalog import saturation_measurement
from ..charts import Series, color, percentile_chart
from ..results import published_ratio, unpublished_reason
from ..runs import COMPARISON_PERCENTILES
from .common import WIDE_PAGE, href, link, problems_box, table
from .report_page import report_src
from .runs_view import FLAG_MARK, run_cells, run_headers, run_name_cell, unique_labels
from .saturation_view import saturation_chart, saturation_table

OUTCOME_MARK = {
    "passed": ("✔", "course-pass"),
    "failed": ("✘", "course-fail"),
    "error": ("E", "course-fail"),
    "skipped": ("–", "course-skip"),
}


def comparison_src(stage: int) -> str:
    return f"compare/stage-{stage}.md"


def comparison_page(stage: int, catalog) -> str:
    src = comparison_src(stage)
    reports = catalog.reports_of(stage)
    entries = _entries(stage, reports, catalog)  # [(student, report or None, run)]
    st = catalog.stage(stage)
    out = [WIDE_PAGE + f"# Stage {stage} results", ""]
    if st:
        out += [f"Statement: [{st.title}](../{st.page}).", ""]
        out += _standard_runs(st)
    problems = [p for r in reports for p in r.problems] + catalog.results_problems
    if problems:
        out += [
            problems_box(problems, "Problems with inputs of this stage (the page is built without those files)"),
            "",
        ]
    out += _leaderboard(stage, catalog, src, reports)
    out += _runs_section(entries, reports, catalog, src, st.standard_runs if st else [])
    out += _curves(entries)
    out += _saturation(stage, catalog, src, reports)
    out += _matrix(stage, catalog, src, reports)
    return "\n".join(out) + "\n"


def _student_cell(name: str, report, src: str):
    if report is None:
        return (fmt.esc(name), None)
    return (link(name, href(src, report_src(report))), None)


def _report_by_name(reports: list) -> dict:
    return {r.display: r for r in reports}


def _entries(stage: int, reports: list, catalog) -> list:
    entries = [(r.display, r, run) for r in reports for run in r.runs]
    by_name = _report_by_name(reports)
    for run in catalog.loose_runs(stage):
        name = catalog.display(run.student, run.path, run.factory, run.stage)
        entries.append((name, by_name.get(name), run))
    return entries


def _standard_runs(stage) -> list:
    """The stage's standard runs (its stage.yml): the workloads and rates whose runs compare with each other."""
    if not stage.standard_runs:
        return []
    return [
        "Standard runs of this stage (its `stage.yml`): "
        + "; ".join(fmt.esc(w.describe()) for w in stage.standard_runs)
        + ". The *standard* column marks runs at a standard workload and rate.",
        "",
    ]


def _standard_cell(run, standard: list):
    return ("standard", "standard") if any(w.matches(run) for w in standard) else ("", "")


def _runs_section(entries: list, reports: list, catalog, src: str, standard: list) -> list:
    out = ["## All runs", "", "Click a column header to sort. Latencies in ms, rates in requests per second.", ""]
    headers = [("student", "text"), ("run", "text"), ("workload", "text")] + run_headers(COMPARISON_PERCENTILES)
    headers.append(("standard", "text"))
    labels = _labels(entries)
    rows = [
        [_student_cell(name, report, src), run_name_cell(run, labels[id(run)]), run.workload]
        + run_cells(run, COMPARISON_PERCENTILES)
        + [_standard_cell(run, standard)]
        for name, report, run in entries
    ]
    with_runs = {name for name, _, _ in entries}
    # A student whose report has no valid run still gets a row, so nobody silently disappears.
    for report in reports:
        if report.display not in with_runs:
            why = (
                "no valid runs (see the report's problems)"
                if report.problems
                else f"no runs: {report.notes[0]}"
                if report.notes
                else "no runs attached"
            )
            rows.append([_student_cell(report.display, report, src), why, ""] + [("", None)] * (len(headers) - 3))
    if not rows:
        return out[:2] + ["*No runs recorded for this stage yet.*", ""]
    out.append(table(headers, rows, sortable=True))
    if any(run.flags for _, _, run in entries):
        out += [
            "",
            f"{FLAG_MARK} marks runs recorded with warnings (hover the mark): their numbers may not show what "
            "they seem to.",
        ]
    return out + [""]


def _labels(entries: list) -> dict:
    """Labels unique per student: two rows of one student never read the same."""
    student_of = {id(run): name for name, _, run in entries}
    return unique_labels([run for _, _, run in entries], prefix=lambda run: student_of[id(run)])


def _curves(entries: list) -> list:
    if not entries:
        return []
    out = ["## Percentile curves", ""]
    labels = _labels(entries)
    workloads = sorted({run.workload for _, _, run in entries})
    for workload in workloads:
        mine = [(name, run) for name, _, run in entries if run.workload == workload]
        # Colours per chart, one per series: with many students a colour per student would repeat.
        series = [
            Series(f"{name}: {labels[id(run)]}" + (f" {FLAG_MARK}" if run.flags else ""), run.curve(), color(i))
            for i, (name, run) in enumerate(mine)
        ]
        out += [f"### {fmt.esc(workload)}", "", percentile_chart(series, f"{workload}: every run of the stage"), ""]
    return out


def _grades(stage: int, catalog) -> list:
    return [(path, doc) for path, doc in catalog.grades if doc.get("stage") == stage]


def _leaderboard(stage: int, catalog, src: str, reports: list) -> list:
    grades = _grades(stage, catalog)
    if not grades:
        return []
    by_name = _report_by_name(reports)

    ordered = sorted(grades, key=lambda g: (published_ratio(g[1]) is None, -(published_ratio(g[1]) or 0)))
    rows = []
    for rank, (path, doc) in enumerate(ordered, 1):
        name = catalog.display_doc(doc, path)
        score = doc["score"]
        rows.append(
            [
                (str(rank), rank),
                _student_cell(name, by_name.get(name), src),
                (f"{score['earned']:g} / {score['max']:g}", score["earned"]),
                _ratio_cell(doc),
            ]
        )
    headers = [("#", "number"), ("student", "text"), ("score", "number"), ("rate vs reference", "number")]
    note = (
        "Sustained rate of the submission divided by the reference's, measured in the same grading run (or the "
        "reference's side of an earlier grade on the same machine within the hour, when nothing it depends on "
        "changed and the measurement before it agreed within 15%); hover a ratio for how sure it is. A ratio "
        "measured while the CPU was contended is not shown: the grader measures a busy side once more, and says "
        '"not measured: the machine was busy" when it is busy again (hover it for what was seen).'
    )
    return ["## Leaderboard", "", note, "", table(headers, rows, sortable=True), ""]


def _ratio_cell(doc: dict):
    """The published ratio; else why there is none, with what was seen on hover; else a dash."""
    ratio = published_ratio(doc)
    if ratio is not None:
        how_sure = _how_sure(doc["performance"])
        text = f"{ratio:.2f}×"
        return (f'<span title="{fmt.esc(how_sure)}">{text}</span>' if how_sure else text, ratio)
    reason = unpublished_reason(doc)
    if reason is None:
        return (fmt.DASH, None)
    seen = ((doc.get("performance") or {}).get("notMeasured") or {}).get("message") or reason
    return (f'<span class="course-flag" title="{fmt.esc(seen)}">{FLAG_MARK} {fmt.esc(reason)}</span>', None)


def _how_sure(performance: dict) -> str:
    """How sure a published ratio is (between which values the searches' steps put it) and where the reference's
    side came from when an earlier grade measured it; empty for grades older than these fields."""
    parts = []
    span = performance.get("ratioRange") or {}
    low, high = span.get("low"), span.get("high")
    if low is not None or high is not None:
        bounds = (
            f"between {low:.2f} and {high:.2f}"
            if low is not None and high is not None
            else f"at least {low:.2f}"
            if low is not None
            else f"at most {high:.2f}"
        )
        parts.append(f"{bounds} by the searches' steps")
    if performance.get("referenceReusedFrom"):
        parts.append(
            f"the reference's side as an earlier grade on the same machine measured it at {performance['referenceReusedFrom']}"
        )
    return "; ".join(parts)


def _matrix(stage: int, catalog, src: str, reports: list) -> list:
    grades = _grades(stage, catalog)
    if not grades:
        return []
    by_name = _report_by_name(reports)
    tests = []
    for _, doc in grades:
        for t in doc["tests"]:
            if t["name"] not in tests:
                tests.append(t["name"])
    headers = [("student", "text"), ("passed", "number")] + [(_short(t), "text") for t in tests]
    rows = []
    for path, doc in sorted(grades, key=lambda g: catalog.display_doc(g[1], g[0]).lower()):
        name = catalog.display_doc(doc, path)
        outcomes = {t["name"]: t for t in doc["tests"]}
        passed = sum(1 for t in doc["tests"] if t["outcome"] == "passed")
        row = [_student_cell(name, by_name.get(name), src), (f"{passed}/{len(doc['tests'])}", passed)]
        for test in tests:
            t = outcomes.get(test)
            if t is None:
                row.append(("", None))
                continue
            mark, css = OUTCOME_MARK[t["outcome"]]
            tip = fmt.esc(f"{test}: {t['outcome']}" + (f" ({t['message']})" if t.get("message") else ""))
            row.append((f'<span class="{css}" title="{tip}">{mark}</span>', t["outcome"]))
        rows.append(row)
    legend = "✔ passed · ✘ failed · E error · – skipped; hover a mark for the test's message."
    return ["## Tests", "", legend, "", table(headers, rows, sortable=True), ""]


def _short(test_name: str) -> str:
    """Test names are often Class.method or Class#method; the method is what fits a column."""
    for sep in ("#", "."):
        if sep in test_name:
            return test_name.rsplit(sep, 1)[1]
    return test_name


def _saturation(stage: int, catalog, src: str, reports: list) -> list:
    # A search a report holds a copy of appears once, with the report (the copy names the student).
    copied = {saturation_measurement(d) for r in reports for _, d in r.saturations}
    docs = [
        (p, d) for p, d in catalog.saturations if d.get("stage") == stage and saturation_measurement(d) not in copied
    ]
    seen = {p.resolve() for p, _ in docs}
    docs += [(p, d) for r in reports for p, d in r.saturations if p.resolve() not in seen]
    if not docs:
        return []
    by_name = _report_by_name(reports)
    rows = [(catalog.display_doc(doc, path), doc) for path, doc in docs]
    names = [f"{name}: {doc.get('label')}" if doc.get("label") else name for name, doc in rows]
    if len(set(names)) < len(names):
        names = [f"{n} ({p.parent.name}/{p.name})" for n, (p, _) in zip(names, docs, strict=True)]
    out = [
        "## Saturation points",
        "",
        "The highest target rate each search sustained within its SLO; the chart shows p99 at every step.",
        "",
        saturation_table(rows, lambda name: _student_cell(name, by_name.get(name), src)),
        "",
        saturation_chart(list(zip(names, (d for _, d in docs), strict=True)), f"stage {stage}: p99 by target rate"),
        "",
    ]
    return out
