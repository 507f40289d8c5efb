"""Saturation searches as the site shows them: the result in a table, and p99 by target rate in a chart beside it."""

from .. import fmt
from ..charts import RatePoint, rate_chart
from ..results import contended_steps
from .common import table
from .runs_view import FLAG_MARK


def slo_text(doc: dict) -> str:
    slo = doc["slo"]
    return f"p99 ≤ {slo['p99Ms']:g} ms, ≥ {slo['minAchievedFraction']:.0%} of target"


def saturation_table(rows: list, name_cell=lambda name: name) -> str:
    """rows: [(student name, saturation doc)]."""
    out = []
    for name, doc in rows:
        rate = doc["result"].get("sustainedRate")
        shown = fmt.rate(rate) if rate is not None else "none met the SLO"
        contended = contended_steps(doc)
        if contended:
            why = (
                f"the CPU was contended during {len(contended)} of {len(doc['steps'])} steps even after a repeat: "
                "the result says as much about the machine as about the server"
            )
            shown += f' <span class="course-flag" title="{fmt.esc(why)}">{FLAG_MARK} contended</span>'

        out.append(
            [
                name_cell(name),
                doc.get("label") or "",
                (shown, rate),
                slo_text(doc),
                (str(len(doc["steps"])), len(doc["steps"])),
                doc["result"].get("note") or "",
            ]
        )
    headers = [
        ("student", "text"),
        ("label", "text"),
        ("sustained rps", "number"),
        ("SLO", "text"),
        ("steps", "number"),
        ("note", "text"),
    ]
    return table(headers, out, sortable=True)


def saturation_chart(series: list, caption: str) -> str:
    """series: [(label, saturation doc)]; the SLO line is drawn when every search used the same p99 limit."""
    limits = {doc["slo"]["p99Ms"] for _, doc in series}
    points = [
        (label, [RatePoint(float(s["rate"]), float(s["p99Ms"]), bool(s["passed"])) for s in doc["steps"]])
        for label, doc in series
    ]
    return rate_chart(points, caption, slo_ms=limits.pop() if len(limits) == 1 else None)
