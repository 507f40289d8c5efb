"""Tables and charts of load runs, shared by report and comparison pages."""
from .. import fmt
from ..charts import Series, percentile_chart
from ..runs import TABLE_PERCENTILES, Run
from .common import table


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
    return headers + [("max", "number"), ("target rps", "number"), ("achieved", "number"), ("errors", "number"),
                      ("steal", "number")]


def runs_table(runs: list) -> str:
    """Every run of one report: one row each, latencies in ms."""
    headers = [("run", "text"), ("workload", "text")] + run_headers(TABLE_PERCENTILES)
    rows = [[run.label, run.workload] + run_cells(run, TABLE_PERCENTILES) for run in runs]
    return table(headers, rows, sortable=True, caption="Latency in ms; rates in requests per second")


def runs_chart(runs: list, caption: str) -> str:
    return percentile_chart([Series(run.label, run.curve()) for run in runs], caption)


def run_flags(runs: list) -> str:
    lines = [f"- **{fmt.esc(run.label)}** ({fmt.esc(flag['kind'])}): {fmt.esc(flag['message'])}"
             for run in runs for flag in run.flags]
    return "\n".join(lines)
