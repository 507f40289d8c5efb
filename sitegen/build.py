"""./course site's build: one MkDocs build of mkdocs.yml with the course's inputs given as arguments.

    python -m sitegen.build --out DIR [--stages DIR] [--results DIR] [--reports DIR] [--free-form DIR] [--imported DIR]

Every input not given is none (an empty page says so); mkdocs.yml's own `extra.course` (the samples) is only what a
plain `mkdocs build` or `mkdocs serve` shows. Warnings go to stderr as `WARNING - ...` lines, one per problem.
"""

import argparse
import logging
import sys
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from . import site_out
from .paths import REPO_ROOT

INPUTS = ("stages", "reports", "results", "free_form", "imported")


def build_site(out: Path, strict: bool = False, **inputs) -> None:
    """Builds the site into `out` from `inputs` (stages, reports, results, free_form, imported: folders or None)."""
    unknown = set(inputs) - set(INPUTS)
    if unknown:
        raise TypeError(f"unknown site inputs: {sorted(unknown)}; the inputs are {INPUTS}")
    site_out.check(Path(out))
    config = load_config(config_file=str(REPO_ROOT / "mkdocs.yml"), site_dir=str(out), strict=strict)
    # The hooks (sitegen/hooks.py) read extra.course when the build starts: set every input, none left to defaults.
    config["extra"]["course"] = {key: str(Path(inputs[key]).resolve()) if inputs.get(key) else "" for key in INPUTS}
    build(config)
    site_out.mark(Path(out))


def main(argv) -> int:
    parser = argparse.ArgumentParser(prog="python -m sitegen.build", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, type=Path, help="where the site goes")
    parser.add_argument("--stages", type=Path, default=REPO_ROOT / "stages", help="stage folders (default: stages/)")
    for name in ("results", "reports", "free-form", "imported"):
        parser.add_argument(f"--{name}", type=Path, default=None)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s - %(message)s", stream=sys.stderr)
    build_site(
        args.out,
        stages=args.stages,
        reports=args.reports,
        results=args.results,
        free_form=args.free_form,
        imported=args.imported,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
