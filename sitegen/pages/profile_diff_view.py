"""The differential view of a report page: what got hotter and what got cooler between the previous stage's profile
and this stage's, as a flame graph coloured by the change and a table of the frames that moved most.

The graph is drawn by flame_graph (static SVG, zoomable by docs/assets/flamediff.js), its boxes coloured here.
"""

import math

from .. import fmt
from ..collapsed import FlameBox, diff_profiles
from ..profiles import UNITS, describe, pair_profiles
from .common import table
from .flame_graph import code, drawn, flame_figure, pct, weight

MIN_SCALE = 0.005  # the colour scale never saturates below half a percentage point: noise stays pale
NEUTRAL = (224, 224, 224)
HOTTER = (214, 39, 40)
COOLER = (31, 100, 200)
TOP_FRAMES = 10
NOISE_SHARE = 0.10  # the share the noise estimate is quoted at
WEIGHED_BY = {"cpu": "samples", "wall": "samples", "alloc": "bytes", "lock": "time waited"}


def profile_diff_section(report, previous) -> list:
    """Markdown lines: one differential view per pair of profiles (same event and workload) of the two stages, or a
    sentence that says which file to add to which report when there is nothing to compare."""
    b, a = previous.stage, report.stage
    out = ["### Profiles: what got hotter, what got cooler", ""]
    pairs, unpaired, left = pair_profiles(report.profiles, previous.profiles)
    if not report.profiles and not previous.profiles:
        return out + [
            f"*No profiles to compare: neither this report nor [stage {b}'s](stage-{b}.md) lists collapsed "
            f"stacks under `profiles:` in its report.md. Record them with `./course load --profile cpu` "
            f"(or `./course profile`), which writes `cpu.collapsed` next to `cpu.html`; `./course report` "
            f"attaches both. See [reading a differential flame graph]"
            f"(../../guides/flame-graphs.md#what-changed-between-two-stages).*",
            "",
        ]
    if not pairs:
        out.append(_nothing_paired(report, previous, unpaired, left))
        return out + [""]
    out += [
        f"Each profile of stage {a} next to stage {b}'s of the same event and workload, both as shares of their "
        f"own samples (so runs of different lengths and rates compare). The graph is stage {a}'s: a box's width is "
        f"its share now, its colour how that share changed since stage {b}: **red grew, blue shrank**, grey "
        f"stayed about the same. Hover a box for its numbers, click it to zoom in, click the bottom box to zoom "
        f"out. [How to read it](../../guides/flame-graphs.md#what-changed-between-two-stages).",
        "",
    ]
    for pair in pairs:
        out += _pair_view(pair, b, a)
    if unpaired or left:
        out += [_nothing_paired(report, previous, unpaired, left, some_paired=True), ""]
    return out


def _nothing_paired(report, previous, unpaired, left, some_paired=False) -> str:
    b, a = previous.stage, report.stage
    lines = []
    for ref in unpaired:
        lines.append(
            f"stage {a}'s {code(ref.entry)} ({fmt.esc(ref.label)}) has no partner: add stage {b}'s "
            f"{fmt.esc(describe(ref.key))} to `profiles:` in [stage {b}'s](stage-{b}.md) report.md"
        )
    for ref in left:
        lines.append(
            f"stage {b}'s {code(ref.entry)} ({fmt.esc(ref.label)}) has no partner: add this stage's "
            f"{fmt.esc(describe(ref.key))} to `profiles:` in this report.md"
        )
    if not report.profiles:
        lines.append("this report lists no collapsed stacks under `profiles:`")
    if not previous.profiles:
        lines.append(f"[stage {b}'s report](stage-{b}.md) lists no collapsed stacks under `profiles:`")
    head = "Not compared" if some_paired else "*No profiles to compare*"
    return (
        f"{head}: " + "; ".join(lines) + ". A profile is compared with the other stage's profile of the same event "
        "and workload (collapsed stacks: `./course load --profile cpu` writes `cpu.collapsed` next to `cpu.html`, "
        "and `./course report` attaches both)."
    )


def _pair_view(pair, b: int, a: int) -> list:
    before, after = pair.before.profile, pair.after.profile
    diff = diff_profiles(before, after)
    event = pair.after.event
    title = describe(pair.key)
    sizes = (
        f"stage {b}: {weight(before.total, event)} ({code(pair.before.entry)}); stage {a}: "
        f"{weight(after.total, event)} ({code(pair.after.entry)})."
    )
    moved = (
        f"{pct(diff.gone)} of stage {b}'s {WEIGHED_BY[event]} are in stacks stage {a} does not have at all "
        f"(they are not in this graph: see stage {b}'s graph below and the table), and {pct(diff.new)} of "
        f"stage {a}'s in stacks that are new."
    )
    out = [f"#### {fmt.esc(title)}", "", sizes + " " + moved, ""]
    noise = _noise_note(before.total, after.total, event)
    if noise:
        out += [noise, ""]
    scale = _scale(diff.root)
    out.append(
        diff_flame_graph(
            diff.root,
            "after",
            scale,
            f"stage {b}",
            f"stage {a}",
            f"{title}: stage {a}'s flame graph, coloured by the change since stage {b}",
        )
    )
    out.append("")
    out.append(moved_frames_table(diff, f"stage {b}", f"stage {a}"))
    out.append("")
    out.append(
        diff_flame_graph(
            diff.root,
            "before",
            scale,
            f"stage {b}",
            f"stage {a}",
            f"{title}: stage {b}'s flame graph, coloured the same way",
            folded=f"Stage {b}'s graph, coloured the same way: what shrank or went away",
        )
    )
    out.append("")
    return out


def _noise_note(before_total: float, after_total: float, event: str):
    """For sample counts (cpu, wall): how far a share moves by chance alone, so small changes are read as noise."""
    if UNITS[event] != "samples":
        return None
    p = NOISE_SHARE
    spread = 2 * math.sqrt(p * (1 - p) / before_total + p * (1 - p) / after_total)
    return (
        f"With {fmt.rate(before_total)} and {fmt.rate(after_total)} samples, a frame's share of about "
        f"{p * 100:.0f}% moves by up to about ±{spread * 100:.1f} percentage points by chance alone (two standard "
        f"errors, counting the samples as independent): read smaller changes as noise, and record longer runs "
        f"to see them."
    )


def _pp(change: float) -> str:
    return f"{change * 100:+.1f} pp"


def _scale(root: FlameBox) -> float:
    """The change that gets the strongest colour: the largest one drawn in either graph, at least MIN_SCALE."""
    largest = max(
        (abs(n.change) for side in ("before", "after") for n, _, _ in drawn(root, side) if n is not root), default=0.0
    )
    return max(largest, MIN_SCALE)


def diff_colour(change: float, scale: float) -> tuple:
    """(fill, text colour): grey for no change, towards red as the share grew, towards blue as it shrank."""
    t = min(1.0, abs(change) / scale) ** 0.5 if scale > 0 else 0.0
    target = HOTTER if change > 0 else COOLER
    rgb = tuple(round(n + (m - n) * t) for n, m in zip(NEUTRAL, target, strict=True))
    return "#{:02x}{:02x}{:02x}".format(*rgb), "#ffffff" if t > 0.6 else "#111111"


def _tooltip(node: FlameBox, before: str, after: str) -> str:
    if node.depth == 0:
        return "all: every stack of the profile (click to zoom out)"
    return (
        f"{node.name}\nthis box: {before} {pct(node.total_before)}, {after} {pct(node.total_after)} "
        f"({_pp(node.change)})\nself (on top): {before} {pct(node.self_before)}, {after} {pct(node.self_after)}"
    )


def diff_flame_graph(
    root: FlameBox, side: str, scale: float, before: str, after: str, caption: str, folded: str | None = None
) -> str:
    """One line of HTML: `side`'s ("after" or "before") flame graph as SVG, every box coloured by its change, with a
    legend of the colour scale; inside a closed <details> titled `folded` when given."""
    return flame_figure(
        root,
        side,
        lambda node: diff_colour(node.change if node.depth else 0.0, scale),
        lambda node: _tooltip(node, before, after),
        caption,
        _legend(scale),
        folded,
    )


def _legend(scale: float) -> str:
    steps = (-1.0, -0.5, -0.1, 0.0, 0.1, 0.5, 1.0)
    items = []
    for step in steps:
        fill, _ = diff_colour(step * scale, scale)
        label = "no change" if step == 0 else _pp(step * scale)
        items.append(f'<span class="course-key"><span class="swatch" style="background:{fill}"></span>{label}</span>')
    return f'<div class="course-legend">{"".join(items)}</div>'


def moved_frames_table(diff, before: str, after: str, count: int = TOP_FRAMES) -> str:
    """The frames whose self share moved most: share before, after and the change, self and total."""
    rows = []
    for f in diff.top_frames(count):
        rows.append(
            [
                (f"<code>{fmt.esc(f.frame)}</code>", f.frame),
                (pct(f.self_before), f.self_before),
                (pct(f.self_after), f.self_after),
                (_change_cell(f.self_change), f.self_change),
                (pct(f.total_before), f.total_before),
                (pct(f.total_after), f.total_after),
                (_change_cell(f.total_change), f.total_change),
            ]
        )
    headers = [
        ("frame", "text"),
        (f"self, {before}", "number"),
        (f"self, {after}", "number"),
        ("self change", "number"),
        (f"total, {before}", "number"),
        (f"total, {after}", "number"),
        ("total change", "number"),
    ]
    caption = (
        f"The {len(rows)} frames whose self share (the frame on top of the stack: its own code) moved most "
        f"from {before} to {after}; total: the frame anywhere on the stack, wherever it was called from. "
        f"Shares of each stage's own samples; pp: percentage points."
    )
    # A data attribute, not a class: Material styles only tables without a class (scrolling, borders).
    return table(headers, rows, sortable=True, caption=caption).replace("<table", "<table data-moved-frames", 1)


def _change_cell(change: float) -> str:
    css = "course-hotter" if change > 0 else "course-cooler" if change < 0 else ""
    return f'<span class="{css}">{_pp(change)}</span>' if css else _pp(change)
