"""Pieces every generated page uses: links between generated pages, HTML tables, problem boxes."""

import posixpath

from ..fmt import esc


def page_url(src_uri: str) -> str:
    """The URL path MkDocs gives a page (use_directory_urls: true): a/b.md -> a/b/, a/index.md -> a/."""
    stem = src_uri[:-3]
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def href(from_src: str, to_src: str) -> str:
    """A relative link from one page to another, for raw HTML that MkDocs does not rewrite."""
    here = page_url(from_src)
    there = page_url(to_src) if to_src.endswith(".md") else to_src
    rel = posixpath.relpath(there or ".", here or ".")
    if to_src.endswith(".md"):
        rel = rel.rstrip("/") + "/" if rel != "." else "./"
    return rel


def table(headers: list, rows: list, sortable: bool = False, caption: str = "") -> str:
    """An HTML table on one line. `headers` are (text, kind) with kind "text" or "number"; a cell is either text
    (escaped) or a (shown html, sort value) pair."""
    head = "".join(f'<th data-type="{kind}">{esc(text)}</th>' for text, kind in headers)
    body = []
    for row in rows:
        cells = []
        for (_, kind), cell in zip(headers, row, strict=True):
            num = ' class="num"' if kind == "number" else ""
            if isinstance(cell, tuple):
                shown, value = cell
                data = "" if value is None else f' data-value="{esc(value)}"'
                cells.append(f"<td{num}{data}>{shown}</td>")
            else:
                cells.append(f"<td{num}>{esc(cell)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    attr = " data-sortable" if sortable else ""
    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    return f"<table{attr}>{cap}<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def problems_box(problems: list, title: str = "Problems with the inputs of this page") -> str:
    if not problems:
        return ""
    lines = [f'!!! warning "{title}"', ""]
    lines += [f"    - `{p.file}`: {esc(p.message)}" for p in problems]
    return "\n".join(lines) + "\n"


def link(text: str, url: str) -> str:
    return f'<a href="{esc(url)}">{esc(text)}</a>'


# Wide tables need the room of the table of contents on generated pages.
WIDE_PAGE = "---\nhide:\n  - toc\n---\n\n"
