"""The reports index (every student, every stage) and the stage statement pages."""

from ..links import attach_links
from .common import href, link, problems_box, table
from .comparison_page import comparison_src
from .report_page import report_src

INDEX_SRC = "reports/index.md"


def reports_index(catalog) -> str:
    stages = catalog.stage_numbers()
    out = ["# Student reports", ""]
    if catalog.results_problems:
        out += [problems_box(catalog.results_problems, "Problems in the results folder (those files are left out)"), ""]
    students = {}
    for report in catalog.reports:
        students.setdefault(report.display, {})[report.stage] = report
    if not students:
        return "\n".join(out + ["*No reports yet. Write yours with `./course report --stage N`.*"]) + "\n"
    out += [
        "One row per student; ⚠ marks a report with problems (see its page)."
        + (
            " Names marked (sample) are the sample data shipped with the course, not students of this course run."
            if any(r.sample for r in catalog.reports)
            else ""
        ),
        "",
    ]
    headers = [("student", "text")] + [(f"stage {n}", "text") for n in stages]
    has_unknown = any(0 in by_stage for by_stage in students.values())
    if has_unknown:
        headers.append(("no stage", "text"))
    rows = []
    for name in sorted(students, key=str.lower):
        row = [name]
        for n in stages + ([0] if has_unknown else []):
            report = students[name].get(n)
            if report is None:
                row.append(("", None))
                continue
            mark = " ⚠" if report.problems else ""
            kind = " (free-form)" if report.kind == "free-form" else ""
            row.append((link(f"{len(report.runs)} runs{kind}", href(INDEX_SRC, report_src(report))) + mark, None))
        rows.append(row)
    out += [table(headers, rows, sortable=True), ""]
    out += ["Per stage: " + " · ".join(f"[stage {n}](../{comparison_src(n)})" for n in stages), ""]
    return "\n".join(out) + "\n"


def stage_page(stage, catalog):
    """(markdown, attachments) of a stage statement, with links to its results at the end."""
    text = stage.readme.read_text(encoding="utf-8")
    files_dir = f"{stage.slug}-files"
    body, attachments = attach_links(text, stage.folder, files_dir)
    count = len(catalog.reports_of(stage.number))
    footer = [
        "",
        "---",
        "",
        f"**Results of this stage:** [comparison of all students](../{comparison_src(stage.number)}) "
        f"({count} report{'s' if count != 1 else ''}). Write yours with `./course report --stage {stage.number}`.",
    ]
    return body.rstrip() + "\n" + "\n".join(footer) + "\n", {f"stages/{k}": v for k, v in attachments.items()}
