"""The flame graphs section of a report page: a link to each HTML flame graph the report lists under `flamegraphs:`
(async-profiler's own pages, copied next to the report's page), and, for each profile under `profiles:` that has no
HTML flame graph listed beside it (put-cpu.collapsed without put-cpu.html), its flame graph drawn here from the
collapsed stacks, so that a report which keeps only the stacks still shows its profiles."""

import zlib

from ..collapsed import profile_tree
from ..profiles import UNITS
from .flame_graph import flame_figure, pct, weight

SHARE_OF = {"samples": "the samples", "bytes": "the bytes allocated", "ns": "the time waited"}


def flamegraphs_section(report, files_dir: str, attachments: dict) -> list:
    """Markdown lines of the section (none when the report has neither); adds each linked HTML graph to
    `attachments` ({name relative to the page's markdown: file})."""
    listed = {graph.resolve() for graph in report.flamegraphs}
    drawn = [ref for ref in report.profiles if ref.file.with_suffix(".html").resolve() not in listed]
    if not report.flamegraphs and not drawn:
        return []
    out = ["## Flame graphs", ""]
    for graph in report.flamegraphs:
        name = f"{files_dir}/flamegraphs/{graph.name}"
        attachments[name] = graph
        out.append(f"- [{graph.name}]({name})")
    if report.flamegraphs:
        out += ["", "Open one, then read it with the [flame graph guide](../../guides/flame-graphs.md).", ""]
    if drawn:
        out += [
            "Drawn from the collapsed stacks under `profiles:` that have no HTML flame graph listed beside them: a "
            "box's width is its share of the profile, the frames it called stand on it. Hover a box for its "
            "numbers, click it to zoom in, click the bottom box to zoom out; read it with the "
            "[flame graph guide](../../guides/flame-graphs.md).",
            "",
        ]
    for ref in drawn:
        out += [own_flame_graph(ref), ""]
    return out


def own_flame_graph(ref) -> str:
    """One line of HTML: the profile's flame graph, each frame in a warm colour of its own name."""
    share_of = SHARE_OF[UNITS[ref.event]]
    return flame_figure(
        profile_tree(ref.profile),
        "after",
        lambda node: warm_colour(node.name if node.depth else ""),
        lambda node: _tooltip(node, share_of),
        f"{ref.label} ({ref.entry}): {weight(ref.profile.total, ref.event)}",
    )


def warm_colour(name: str) -> tuple:
    """(fill, text colour): a warm colour (red to yellow, as flame graphs are drawn) that depends on the frame's name
    only, so a method has one colour in every graph of the site."""
    if not name:
        return "#e0e0e0", "#111111"
    h = zlib.crc32(name.encode("utf-8"))
    return f"#{205 + h % 50:02x}{(h >> 8) % 230:02x}{(h >> 16) % 55:02x}", "#111111"


def _tooltip(node, share_of: str) -> str:
    if node.depth == 0:
        return "all: every stack of the profile (click to zoom out)"
    return f"{node.name}\nthis box: {pct(node.total_after)} of {share_of}\nself (on top): {pct(node.self_after)}"
