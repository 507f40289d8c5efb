"""A student's report page: analysis, hardware and commands, percentile table and chart, change since the previous
stage, flame graphs."""
from .. import fmt
from ..deltas import stage_deltas
from ..links import attach_links
from .common import WIDE_PAGE, problems_box, table
from .runs_view import run_flags, runs_chart, runs_table


def report_src(report) -> str:
    return f"reports/{report.slug}/stage-{report.stage}.md"


def files_dir(report) -> str:
    """Attachments' folder, relative to the page's markdown file."""
    return f"stage-{report.stage}-files"


def report_page(report, catalog):
    """(markdown, {site path: source file}) of the report's page."""
    src = report_src(report)
    attachments = {}
    out = [WIDE_PAGE + f"# {report.display}: {report.title}", ""]
    out.append(_context_line(report, catalog))
    out.append("")
    problems = problems_box(report.problems, "Problems with this report")
    if problems:
        out += [problems, ""]
    out += _runs_section(report)
    previous = catalog.previous_report(report)
    if previous is not None:
        out += _deltas_section(report, previous)
    out += _flamegraphs_section(report, attachments)
    out += _setup_section(report)
    out += ["## Analysis", ""]
    if report.source_file is not None:
        body, linked = attach_links(report.body, report.source_file.parent, files_dir(report))
        attachments.update(linked)
    else:
        body = report.body
    out.append(body.strip() or "*No analysis written yet.*")
    site_attachments = {f"{src.rsplit('/', 1)[0]}/{name}": path for name, path in attachments.items()}
    return "\n".join(out) + "\n", site_attachments


def _context_line(report, catalog) -> str:
    parts = [f"Stage {report.stage}" if report.stage else "Stage unknown"]
    stage = catalog.stage(report.stage)
    if stage is not None:
        parts.append(f"[statement](../../{stage.page})")
    if report.stage:
        parts.append(f"[all stage {report.stage} results](../../compare/stage-{report.stage}.md)")
    if report.kind == "free-form":
        parts.append("free-form report (runs extracted from its text)")
    return " · ".join(parts)


def _runs_section(report) -> list:
    out = ["## Runs", ""]
    if not report.runs:
        return out + ["*No valid load runs attached.*", ""]
    out += [runs_table(report.runs), ""]
    flags = run_flags(report.runs)
    if flags:
        out += ["Warnings recorded with the runs:", "", flags, ""]
    out += ["## Latency by percentile", "", runs_chart(report.runs, f"{report.display}, stage {report.stage}"), ""]
    return out


def _deltas_section(report, previous) -> list:
    out = [f"## Compared with stage {previous.stage}", ""]
    deltas = stage_deltas(report.runs, previous.runs)
    if not deltas:
        return out + [f"*No workload measured in both stage {previous.stage} and stage {report.stage}.*", ""]
    rows = []
    for d in deltas:
        css = "course-worse" if (d.change_ms or 0) > 0 else "course-better" if (d.change_ms or 0) < 0 else ""
        rows.append([d.workload, d.metric, (fmt.ms(d.before), d.before), (fmt.ms(d.after), d.after),
                     (f'<span class="{css}">{fmt.signed_ms(d.change_ms)}</span>', d.change_ms),
                     (f'<span class="{css}">{fmt.signed_percent(d.change_percent)}</span>', d.change_percent)])
    headers = [("workload", "text"), ("latency", "text"), (f"stage {previous.stage} ms", "number"),
               (f"stage {report.stage} ms", "number"), ("change ms", "number"), ("change %", "number")]
    note = (f"First run of each workload in [stage {previous.stage}](stage-{previous.stage}.md) against the first in "
            f"this stage; negative is faster.")
    return out + [note, "", table(headers, rows), ""]


def _flamegraphs_section(report, attachments: dict) -> list:
    if not report.flamegraphs:
        return []
    out = ["## Flame graphs", ""]
    for graph in report.flamegraphs:
        name = f"{files_dir(report)}/flamegraphs/{graph.name}"
        attachments[name] = graph
        out.append(f"- [{graph.name}]({name})")
    return out + ["", "Open one, then read it with the [flame graph guide](../../guides/flame-graphs.md).", ""]


def _setup_section(report) -> list:
    out = []
    if report.hardware:
        out += ["## Hardware", ""]
        if isinstance(report.hardware, dict):
            out += [f"- **{fmt.esc(k)}**: {fmt.esc(v)}" for k, v in report.hardware.items()]
        else:
            out.append(fmt.esc(report.hardware))
        out.append("")
    if report.commands:
        out += ["## Commands", "", "```sh"] + report.commands + ["```", ""]
    return out
