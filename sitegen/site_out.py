"""Where a site is built. MkDocs empties that folder before it writes the site, so the folder must be new, empty, or
a site the course built there before: anything else is refused before a file of it is touched.

    python -m sitegen.site_out DIR [--said-as 'course site: --out']    exit 2 with one line when DIR is refused
"""

import argparse
import sys
from pathlib import Path

# A hidden file: MkDocs keeps hidden files when it empties the folder, so the mark outlives every build.
MARK = ".course-site"


class SiteOutError(Exception):
    """The folder cannot take a site: the message says why and what to give instead."""


def check(out: Path, said_as: str = "--out") -> None:
    if out.exists() and not out.is_dir():
        raise SiteOutError(f"{said_as} {out} is a file; give a new or empty folder, or one a site was built in")
    if out.is_dir() and any(out.iterdir()) and not built_here(out):
        raise SiteOutError(
            f"{said_as} {out} holds files that are not a site the course built, and a build empties its folder"
            " first; give a new or empty folder (default: build/site)"
        )


def built_here(out: Path) -> bool:
    """A site built before the mark existed still has MkDocs' own index.html and sitemap.xml."""
    return (out / MARK).is_file() or ((out / "index.html").is_file() and (out / "sitemap.xml").is_file())


def mark(out: Path) -> None:
    (out / MARK).write_text("a site built by the course: a build empties this folder first\n", encoding="utf-8")


def main(argv) -> int:
    parser = argparse.ArgumentParser(prog="python -m sitegen.site_out", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--said-as", default="course site: --out", help="the command and option, as the user typed it")
    args = parser.parse_args(argv)
    command, _, option = args.said_as.rpartition(": ")
    try:
        check(args.out, option)
    except SiteOutError as e:
        print(f"{command}: {e}" if command else str(e), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
