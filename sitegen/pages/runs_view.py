"""Tables and charts of load runs, shared by report and comparison pages."""

from collections import Counter

from .. import fmt
from ..charts import Series, percentile_chart
from ..runs import TABLE_PERCENTILES, Run
from .common import table

FLAG_MARK = "⚠"


def unique_labels(runs: list, prefix=lambda run: "") -> dict:
    """{id(run): label} where no two runs with the same prefix share a label: a repeated label gets the run's file
    name after it, so two rows "put 15000 rps" become "put 15000 rps (a)" and "put 15000 rps (b)"."""
    counts = Counter((prefix(run), run.label) for run in runs)
    labels, seen = {}, Counter()
    for run in runs:
        key = (prefix(run), run.label)
        if counts[key] == 1:
            labels[id(run)] = run.label
            continue
        seen[key] += 1
        stem = run.path.stem if run.path is not None else ""
        labels[id(run)] = f"{run.label} ({stem})" if stem else f"{run.label} (#{seen[key]})"
    # Two runs from files with the same name (different folders): number what is still repeated.
    repeated = Counter((prefix(run), labels[id(run)]) for run in runs)
    seen.clear()
    for run in runs:
        key = (prefix(run), labels[id(run)])
        if repeated[key] > 1:
            seen[key] += 1
            labels[id(run)] = f"{labels[id(run)]} #{seen[key]}"
    return labels


def flag_text(run: Run) -> str:
    return "; ".join(f"{flag.kind}: {flag.message}" for flag in run.flags)


def run_name_cell(run: Run, label: str):
    """The run's name; a run with flags carries a warning mark whose tooltip lists them."""
    if not run.flags:
        return (fmt.esc(label), label)
    return (
        f'{fmt.esc(label)} <span class="course-flag" title="{fmt.esc(flag_text(run))}">{FLAG_MARK} '
        f"{len(run.flags)} warning{'s' if len(run.flags) != 1 else ''}</span>",
        label,
    )


def run_cells(run: Run, percentiles) -> list:
    cells = [(fmt.ms(run.at(p)), run.at(p)) for p in percentiles]
    cells.append((fmt.ms(run.max_ms), run.max_ms))
    cells.append((fmt.rate(run.rate), run.rate))
    cells.append((fmt.rate(run.achieved), run.achieved))
    cells.append((str(run.errors), run.errors))
    steal_class = ' class="course-flag"' if run.steal_flagged else ""
    cells.append((f"<span{steal_class}>{fmt.esc(run.steal_text())}</span>", run.steal_percent))
    return cells


def run_headers(percentiles) -> list:
    headers = [(fmt.percentile_name(p), "number") for p in percentiles]
    return headers + [
        ("max", "number"),
        ("target rps", "number"),
        ("achieved", "number"),
        ("errors", "number"),
        ("steal", "number"),
    ]


def runs_table(runs: list) -> str:
    """Every run of one report: one row each, latencies in ms."""
    labels = unique_labels(runs)
    headers = [("run", "text"), ("workload", "text")] + run_headers(TABLE_PERCENTILES)
    rows = [[run_name_cell(run, labels[id(run)]), run.workload] + run_cells(run, TABLE_PERCENTILES) for run in runs]
    return table(headers, rows, sortable=True, caption="Latency in ms; rates in requests per second")


def runs_chart(runs: list, caption: str) -> str:
    labels = unique_labels(runs)
    return percentile_chart([Series(_series_label(run, labels[id(run)]), run.curve()) for run in runs], caption)


def _series_label(run: Run, label: str) -> str:
    return f"{label} {FLAG_MARK}" if run.flags else label


def run_flags(runs: list) -> str:
    labels = unique_labels(runs)
    lines = [
        f"- {FLAG_MARK} **{fmt.esc(labels[id(run)])}** ({fmt.esc(flag.kind)}): {fmt.esc(flag.message)}"
        for run in runs
        for flag in run.flags
    ]
    return "\n".join(lines)
