"""A flame graph as one line of static SVG (no library, works offline), drawn from a tree of boxes
(collapsed.FlameBox): the differential view colours each box by its change, a profile's own graph by its frame.
Hovering a box shows its numbers; docs/assets/flamediff.js adds click-to-zoom to every svg.course-flame, reading
the data-* attributes written here. Without JavaScript the graph is the same, unzoomable.
"""

from .. import fmt
from ..collapsed import FlameBox
from ..profiles import UNITS

WIDTH = 1000
ROW = 17
FONT = 11
CHAR = 6.4  # px per character at FONT, a little more than a sans-serif average: labels must not overflow
PAD = 3
MIN_SHARE = 0.003  # boxes narrower than 0.3% of the graph (3 px at WIDTH) are not drawn: unreadable, and mostly noise


def drawn(node: FlameBox, side: str):
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
        placed = []
        for child in current.ordered_children():
            placed.append((child, child_x))
            child_x += getattr(child, f"total_{side}")
        stack.extend(reversed(placed))


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


def flame_figure(root: FlameBox, side: str, colour, tooltip, caption: str, legend: str = "", folded: str | None = None):
    """One line of HTML: `side`'s graph of the tree under `root`, each box filled with `colour(node)` ((fill, text
    colour)) and titled `tooltip(node)` (its first line is the frame's name: the zoom script reads it), captioned;
    inside a closed <details> titled `folded` when given."""
    boxes = list(drawn(root, side))
    height = (max(node.depth for node, _, _ in boxes) + 1) * ROW
    parts = [
        f'<svg class="course-flame" viewBox="0 0 {WIDTH} {height}" data-width="{WIDTH}" data-char="{CHAR}" '
        f'data-pad="{PAD}" role="img" aria-label="{fmt.esc(caption)}" xmlns="http://www.w3.org/2000/svg" '
        f'font-size="{FONT}" font-family="sans-serif">'
    ]
    for node, x, width in boxes:
        fill, ink = colour(node)
        px, pw = x * WIDTH, width * WIDTH
        y = height - (node.depth + 1) * ROW
        name = node.name if node.depth else "all"
        parts.append(
            f'<g class="fd-f" data-x="{x:.6f}" data-w="{width:.6f}" data-d="{node.depth}">'
            f"<title>{fmt.esc(tooltip(node)).replace(chr(10), '&#10;')}</title>"
            f'<rect x="{px:.2f}" y="{y}" width="{max(pw - 0.4, 0.1):.2f}" height="{ROW - 1}" rx="1.5" fill="{fill}"/>'
            f'<text x="{px + PAD:.2f}" y="{y + ROW - 5}" fill="{ink}">{fmt.esc(fit_label(name, pw))}</text></g>'
        )
    parts.append("</svg>")
    hidden = _count_hidden(root, side)
    note = f"; {hidden} box(es) narrower than {MIN_SHARE * 100:.1f}% not drawn" if hidden else ""
    svg = "".join(parts)
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


def pct(share: float) -> str:
    if share == 0:
        return "0%"
    if share < 0.001:
        return "<0.1%"
    return f"{share * 100:.1f}%"


def code(text: str) -> str:
    """A path as Markdown code (which escapes it itself); a backquote in it would end the code early."""
    return "`" + str(text).replace("`", "'") + "`"


def weight(total: float, event: str) -> str:
    """A profile's size in its event's unit: samples, bytes allocated, time waited."""
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
