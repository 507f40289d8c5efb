"""Problems with inputs: each one becomes a build warning naming the file, and is shown on the page it concerns."""

import logging
from dataclasses import dataclass, field
from pathlib import Path

# A logger under "mkdocs." so MkDocs counts these as build warnings (and --strict fails on them).
log = logging.getLogger("mkdocs.plugins.sitegen")


@dataclass(frozen=True)
class Problem:
    file: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.message}"


@dataclass
class Problems:
    """Collects every problem of one build; `add` also logs it as a warning right away."""

    items: list = field(default_factory=list)
    echo: bool = True  # log each problem as a warning; off for callers that report problems themselves

    def add(self, file, message: str) -> Problem:
        problem = Problem(display_path(file), message)
        self.items.append(problem)
        if self.echo:
            log.warning("sitegen: %s", problem)
        return problem


def display_path(file) -> str:
    """A path as short as it can be said: relative to the working directory when inside it."""
    path = Path(file)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
