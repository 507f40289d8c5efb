"""A student's report page: analysis, hardware and commands, percentile table and chart, change since the previous
stage (percentiles, and the profiles' differential flame graph), flame graphs (linked, or drawn from collapsed
stacks)."""

from .. import fmt
from ..charts import Series, percentile_chart
from ..deltas import pair_deltas, pair_runs
from ..links import attach_links
from .common import WIDE_PAGE, problems_box, table
from .flame_graphs_view import flamegraphs_section
from .profile_diff_view import profile_diff_section
from .runs_view import FLAG_MARK, run_flags, runs_chart, runs_table
from .saturation_view import saturation_chart, saturation_table


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
    for note in report.notes:
        out += ['!!! note "About this report"', "", f"    {fmt.esc(note)}", ""]
    out += _runs_section(report)
    out += _saturation_section(report)
    previous = catalog.previous_report(report)
    if previous is not None:
        out += _deltas_section(report, previous)
    out += flamegraphs_section(report, files_dir(report), attachments)
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
        out += [
            f"{FLAG_MARK} Warnings recorded with these runs: their numbers may not show what they seem to.",
            "",
            flags,
            "",
        ]
    out += ["## Latency by percentile", "", runs_chart(report.runs, f"{report.display}, stage {report.stage}"), ""]
    return out


def _deltas_section(report, previous) -> list:
    """The change since the previous stage: latency by percentile, then the profiles' differential view."""
    out = [f"## Compared with stage {previous.stage}", ""]
    out += _percentile_comparison(report, previous)
    out += profile_diff_section(report, previous)
    return out


def _percentile_comparison(report, previous) -> list:
    pairs, unpaired = pair_runs(report.runs, previous.runs)
    if not pairs:
        return [
            f"*No pair to compare: no run of stage {report.stage} has the same workload and target rate as a "
            f"run of [stage {previous.stage}](stage-{previous.stage}.md). Runs at different rates measure "
            f"different regimes; record both stages at one rate to compare them.*",
            "",
        ]
    out = []
    for pair in pairs:
        title = f"{pair.workload} at {fmt.rate(pair.rate)} requests/s"
        series = [
            Series(f"stage {previous.stage}: {_marked(pair.before)}", pair.before.curve()),
            Series(f"stage {report.stage}: {_marked(pair.after)}", pair.after.curve()),
        ]
        out += [
            f"### {fmt.esc(title)}",
            "",
            percentile_chart(series, f"{title}: stage {previous.stage} against stage {report.stage}"),
            "",
        ]
    rows = []
    for d in (d for pair in pairs for d in pair_deltas(pair)):
        css = "course-worse" if (d.change_ms or 0) > 0 else "course-better" if (d.change_ms or 0) < 0 else ""
        rows.append(
            [
                d.workload,
                (fmt.rate(d.rate), d.rate),
                d.metric,
                (fmt.ms(d.before), d.before),
                (fmt.ms(d.after), d.after),
                (f'<span class="{css}">{fmt.signed_ms(d.change_ms)}</span>', d.change_ms),
                (f'<span class="{css}">{fmt.signed_percent(d.change_percent)}</span>', d.change_percent),
            ]
        )
    headers = [
        ("workload", "text"),
        ("target rps", "number"),
        ("latency", "text"),
        (f"stage {previous.stage} ms", "number"),
        (f"stage {report.stage} ms", "number"),
        ("change ms", "number"),
        ("change %", "number"),
    ]
    note = (
        f"Runs of the same workload at the same target rate: the first such run in [stage {previous.stage}]"
        f"(stage-{previous.stage}.md) against the first in this stage; negative is faster."
    )
    flagged = [p for p in pairs if p.before.flags or p.after.flags]
    if flagged:
        note += f" {FLAG_MARK} A run of a pair has warnings (see its report): read that pair with care."
    out += [note, "", table(headers, rows), ""]
    if unpaired:
        names = ", ".join(f"{r.label}" for r in unpaired)
        out += [
            f"Not compared, because stage {previous.stage} has no run of the same workload and rate: {fmt.esc(names)}.",
            "",
        ]
    return out


def _marked(run) -> str:
    return f"{run.label} {FLAG_MARK}" if run.flags else run.label


def _saturation_section(report) -> list:
    if not report.saturations:
        return []
    out = ["## Saturation", "", saturation_table([(report.display, doc) for _, doc in report.saturations]), ""]
    chart = saturation_chart(
        [(doc.get("label") or f"search {i + 1}", doc) for i, (_, doc) in enumerate(report.saturations)],
        f"{report.display}, stage {report.stage}: p99 by target rate",
    )
    return out + [chart, ""]


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
