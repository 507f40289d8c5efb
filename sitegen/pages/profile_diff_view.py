"""The differential view of a report page: what got hotter and what got cooler between the previous stage's profile
and this stage's, as a flame graph coloured by the change and a table of the frames that moved most.

The graph is static SVG drawn here (no library, works offline); hovering a box shows its numbers, and
docs/assets/flamediff.js adds click-to-zoom on top. Without JavaScript the graph is the same, unzoomable.
"""

import math

from .. import fmt
from ..collapsed import FlameBox, diff_profiles
from ..profiles import UNITS, describe, pair_profiles
from .common import table

WIDTH = 1000
ROW = 17
FONT = 11
CHAR = 6.4  # px per character at FONT, a little more than a sans-serif average: labels must not overflow
PAD = 3
MIN_SHARE = 0.003  # boxes narrower than 0.3% of the graph (3 px at WIDTH) are not drawn: unreadable, and mostly noise
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
            f"stage {a}'s {_code(ref.entry)} ({fmt.esc(ref.label)}) has no partner: add stage {b}'s "
            f"{fmt.esc(describe(ref.key))} to `profiles:` in [stage {b}'s](stage-{b}.md) report.md"
        )
    for ref in left:
        lines.append(
            f"stage {b}'s {_code(ref.entry)} ({fmt.esc(ref.label)}) has no partner: add this stage's "
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
        f"stage {b}: {_weight(before.total, event)} ({_code(pair.before.entry)}); stage {a}: "
        f"{_weight(after.total, event)} ({_code(pair.after.entry)})."
    )
    moved = (
        f"{_pct(diff.gone)} of stage {b}'s {WEIGHED_BY[event]} are in stacks stage {a} does not have at all "
        f"(they are not in this graph: see stage {b}'s graph below and the table), and {_pct(diff.new)} of "
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


def _weight(total: float, event: str) -> str:
    unit = UNITS[event]
    if unit == "bytes":
        value, names = total, ("bytes", "KiB", "MiB", "GiB", "TiB")
        for name in names:
            if value < 1024 or name == names[-1]:
                return f"{value:.0f} bytes allocated" if name == "bytes" else f"{value:.1f} {name} allocated"
            value /= 1024
    if unit == "ns":
        return f"{total / 1e6:,.1f} ms waited".replace(",", "\u202f")
    return f"{fmt.rate(total)} samples"


def _code(text: str) -> str:
    """A path as Markdown code (which escapes it itself); a backquote in it would end the code early."""
    return "`" + str(text).replace("`", "'") + "`"


def _pct(share: float) -> str:
    if share == 0:
        return "0%"
    if share < 0.001:
        return "<0.1%"
    return f"{share * 100:.1f}%"


def _pp(change: float) -> str:
    return f"{change * 100:+.1f} pp"


def _drawn(node: FlameBox, side: str):
    """(node, x, width) of every box of one side's graph wide enough to draw; x and width are shares of the whole,
    children left to right by name."""
    stack = [(node, 0.0)]
    while stack:
        current, x = stack.pop()
        width = getattr(current, f"total_{side}")
        if width < MIN_SHARE:
            continue
        yield current, x, width
        child_x = x
        children = current.ordered_children()
        placed = []
        for child in children:
            placed.append((child, child_x))
            child_x += getattr(child, f"total_{side}")
        stack.extend(reversed(placed))


def _scale(root: FlameBox) -> float:
    """The change that gets the strongest colour: the largest one drawn in either graph, at least MIN_SCALE."""
    largest = max(
        (abs(n.change) for side in ("before", "after") for n, _, _ in _drawn(root, side) if n is not root), default=0.0
    )
    return max(largest, MIN_SCALE)


def diff_colour(change: float, scale: float) -> tuple:
    """(fill, text colour): grey for no change, towards red as the share grew, towards blue as it shrank."""
    t = min(1.0, abs(change) / scale) ** 0.5 if scale > 0 else 0.0
    target = HOTTER if change > 0 else COOLER
    rgb = tuple(round(n + (m - n) * t) for n, m in zip(NEUTRAL, target, strict=True))
    return "#{:02x}{:02x}{:02x}".format(*rgb), "#ffffff" if t > 0.6 else "#111111"


def fit_label(name: str, width_px: float) -> str:
    """The label a box of this width shows: the whole name, else without the package, else cut with an ellipsis."""
    room = int((width_px - 2 * PAD) // CHAR)
    if room < 3:
        return ""
    if len(name) <= room:
        return name
    short = _short(name)
    if len(short) <= room:
        return short
    return short[: room - 1] + "…"


def _short(name: str) -> str:
    """a.b.Class.method -> Class.method (Java frames as jfr-converter writes them with dots)."""
    head = name.split("(", 1)[0]
    parts = head.split(".")
    if len(parts) > 2 and not name.startswith("["):
        return ".".join(parts[-2:]) + name[len(head) :]
    return name


def _tooltip(node: FlameBox, before: str, after: str) -> str:
    if node.depth == 0:
        return "all: every stack of the profile (click to zoom out)"
    return (
        f"{node.name}\nthis box: {before} {_pct(node.total_before)}, {after} {_pct(node.total_after)} "
        f"({_pp(node.change)})\nself (on top): {before} {_pct(node.self_before)}, {after} {_pct(node.self_after)}"
    )


def diff_flame_graph(
    root: FlameBox, side: str, scale: float, before: str, after: str, caption: str, folded: str | None = None
) -> str:
    """One line of HTML: `side`'s ("after" or "before") flame graph as SVG, every box coloured by its change, with a
    legend of the colour scale; inside a closed <details> titled `folded` when given."""
    drawn = list(_drawn(root, side))
    depth = max(d.depth for d, _, _ in drawn)
    height = (depth + 1) * ROW
    hidden = _count_hidden(root, side)
    parts = [
        f'<svg class="course-flame" viewBox="0 0 {WIDTH} {height}" data-width="{WIDTH}" data-char="{CHAR}" '
        f'data-pad="{PAD}" role="img" aria-label="{fmt.esc(caption)}" xmlns="http://www.w3.org/2000/svg" '
        f'font-size="{FONT}" font-family="sans-serif">'
    ]
    for node, x, width in drawn:
        fill, ink = diff_colour(node.change if node.depth else 0.0, scale)
        px, pw = x * WIDTH, width * WIDTH
        y = height - (node.depth + 1) * ROW
        name = node.name if node.depth else "all"
        parts.append(
            f'<g class="fd-f" data-x="{x:.6f}" data-w="{width:.6f}" data-d="{node.depth}">'
            f"<title>{fmt.esc(_tooltip(node, before, after)).replace(chr(10), '&#10;')}</title>"
            f'<rect x="{px:.2f}" y="{y}" width="{max(pw - 0.4, 0.1):.2f}" height="{ROW - 1}" rx="1.5" fill="{fill}"/>'
            f'<text x="{px + PAD:.2f}" y="{y + ROW - 5}" fill="{ink}">{fmt.esc(fit_label(name, pw))}</text></g>'
        )
    parts.append("</svg>")
    note = f"; {hidden} box(es) narrower than {MIN_SHARE * 100:.1f}% not drawn" if hidden else ""
    svg = "".join(parts)
    legend = _legend(scale)
    cap = f'<div class="course-caption">{fmt.esc(caption + note)}</div>'
    if folded:
        return (
            f'<div class="course-figure course-flame-figure"><details class="course-flame-before"><summary>'
            f"{fmt.esc(folded)}</summary>{svg}{cap}{legend}</details></div>"
        )
    return f'<div class="course-figure course-flame-figure">{svg}{cap}{legend}</div>'


def _count_hidden(root: FlameBox, side: str) -> int:
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        for child in node.children.values():
            width = getattr(child, f"total_{side}")
            if width <= 0:
                continue
            if width < MIN_SHARE:
                count += 1
            else:
                stack.append(child)
    return count


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
                (_pct(f.self_before), f.self_before),
                (_pct(f.self_after), f.self_after),
                (_change_cell(f.self_change), f.self_change),
                (_pct(f.total_before), f.total_before),
                (_pct(f.total_after), f.total_after),
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
