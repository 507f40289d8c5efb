"""A stage's comparison page: every student's runs in one sortable table, their percentile curves overlaid per
workload, the pass/fail matrix of the grades, and the leaderboard of performance against the reference."""
from .. import fmt
from ..charts import Series, color, percentile_chart
from ..runs import COMPARISON_PERCENTILES
from .common import WIDE_PAGE, href, link, problems_box, table
from .report_page import report_src
from .runs_view import run_cells, run_headers

OUTCOME_MARK = {"passed": ("✔", "course-pass"), "failed": ("✘", "course-fail"), "error": ("E", "course-fail"),
                "skipped": ("–", "course-skip")}


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
    problems = [p for r in reports for p in r.problems] + catalog.results_problems
    if problems:
        out += [problems_box(problems, "Problems with inputs of this stage (the page is built without those files)"), ""]
    out += _leaderboard(stage, catalog, src, reports)
    out += _runs_section(entries, reports, catalog, src)
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
        name = catalog.display(run.student)
        entries.append((name, by_name.get(name), run))
    return entries


def _runs_section(entries: list, reports: list, catalog, src: str) -> list:
    out = ["## All runs", "", "Click a column header to sort. Latencies in ms, rates in requests per second.", ""]
    headers = [("student", "text"), ("run", "text"), ("workload", "text")] + run_headers(COMPARISON_PERCENTILES)
    rows = [[_student_cell(name, report, src), run.label, run.workload] + run_cells(run, COMPARISON_PERCENTILES)
            for name, report, run in entries]
    with_runs = {name for name, _, _ in entries}
    # A student whose report has no valid run still gets a row, so nobody silently disappears.
    for report in reports:
        if report.display not in with_runs:
            why = "no valid runs (see the report's problems)" if report.problems else "no runs attached"
            rows.append([_student_cell(report.display, report, src), why, ""] + [("", None)] * (len(headers) - 3))
    if not rows:
        return out[:2] + ["*No runs recorded for this stage yet.*", ""]
    return out + [table(headers, rows, sortable=True), ""]


def _curves(entries: list) -> list:
    if not entries:
        return []
    out = ["## Percentile curves", ""]
    names = sorted({name for name, _, _ in entries}, key=str.lower)
    colors = {name: color(i) for i, name in enumerate(names)}
    workloads = sorted({run.workload for _, _, run in entries})
    for workload in workloads:
        series = [Series(f"{name}: {run.label}", run.curve(), colors[name])
                  for name, _, run in entries if run.workload == workload]
        out += [f"### {fmt.esc(workload)}", "", percentile_chart(series, f"{workload}: every run of the stage"), ""]
    return out


def _grades(stage: int, catalog) -> list:
    return [(path, doc) for path, doc in catalog.grades if doc.get("stage") == stage]


def _leaderboard(stage: int, catalog, src: str, reports: list) -> list:
    grades = _grades(stage, catalog)
    if not grades:
        return []
    by_name = _report_by_name(reports)

    def ratio(doc):
        return (doc.get("performance") or {}).get("ratio")

    ordered = sorted(grades, key=lambda g: (ratio(g[1]) is None, -(ratio(g[1]) or 0)))
    rows = []
    for rank, (_, doc) in enumerate(ordered, 1):
        name = catalog.display(doc.get("student"))
        score = doc["score"]
        r = ratio(doc)
        rows.append([(str(rank), rank), _student_cell(name, by_name.get(name), src),
                     (f"{score['earned']:g} / {score['max']:g}", score["earned"]),
                     (fmt.DASH if r is None else f"{r:.2f}×", r)])
    headers = [("#", "number"), ("student", "text"), ("score", "number"), ("rate vs reference", "number")]
    note = "Sustained rate of the submission divided by the reference's, measured in the same grading run."
    return ["## Leaderboard", "", note, "", table(headers, rows, sortable=True), ""]


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
    for _, doc in sorted(grades, key=lambda g: catalog.display(g[1].get("student")).lower()):
        name = catalog.display(doc.get("student"))
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
    docs = [(p, d) for p, d in catalog.saturations if d.get("stage") == stage]
    if not docs:
        return []
    by_name = _report_by_name(reports)
    rows = []
    for _, doc in docs:
        name = catalog.display(doc.get("student"))
        rate = doc["result"].get("sustainedRate")
        slo = doc["slo"]
        rows.append([_student_cell(name, by_name.get(name), src), doc.get("label") or "",
                     (fmt.rate(rate), rate), f"p99 ≤ {slo['p99Ms']:g} ms, ≥ {slo['minAchievedFraction']:.0%} of target",
                     (str(len(doc["steps"])), len(doc["steps"]))])
    headers = [("student", "text"), ("label", "text"), ("sustained rps", "number"), ("SLO", "text"), ("steps", "number")]
    return ["## Saturation points", "", table(headers, rows, sortable=True), ""]
