"""Relative links in student-written markdown: attach the files they point to, or say the file is not there.

A report or stage statement links to files beside it (screenshots, wrk2 outputs). Files inside its folder are
copied into the site next to the page; links to anything else would be broken on the site, so they become text.
"""

import re
from pathlib import Path
from urllib.parse import quote, unquote

LINK = re.compile(r'(!?)\[([^\]\n]*)\]\(<?([^)\s>]+)>?(\s+"[^"\n]*")?\)')
FENCE = re.compile(r"^\s*(```|~~~)")
EXTERNAL = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*:|#|/)")


def attach_links(body: str, base_dir: Path, files_dir: str):
    """(body with rewritten links, {site path under files_dir: absolute source path}).

    `files_dir` is the folder, relative to the page's own markdown file, where attached files go.
    """
    attachments = {}
    base = base_dir.resolve()

    def replace(match):
        bang, text, target, title = match.group(1), match.group(2), match.group(3), match.group(4) or ""
        if EXTERNAL.match(target):
            return match.group(0)
        path_part, _, anchor = unquote(target).partition("#")
        source = (base / path_part).resolve()
        if source.is_file() and source.is_relative_to(base):
            relative = source.relative_to(base).as_posix()
            if relative.endswith(".md"):
                relative += ".txt"  # shown as text: a markdown file here would become a page of its own
            attachments[f"{files_dir}/{relative}"] = source
            new_target = quote(f"{files_dir}/{relative}") + (f"#{anchor}" if anchor else "")
            return f"{bang}[{text}]({new_target}{title})"
        shown = text or path_part
        return f"*{shown}* (`{path_part}` is not on the site)"

    out, in_fence = [], False
    for line in body.split("\n"):
        if FENCE.match(line):
            in_fence = not in_fence
            out.append(line)
        elif in_fence:
            out.append(line)
        else:
            out.append(LINK.sub(replace, line))
    return "\n".join(out), attachments
