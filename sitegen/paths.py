"""Where the course's files live, relative to the repository root."""

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]


def results_schema_path() -> Path:
    """The one results format; COURSE_RESULTS_SCHEMA overrides it (tests of a changed schema)."""
    override = os.environ.get("COURSE_RESULTS_SCHEMA")
    if override:
        return Path(override)
    return REPO_ROOT / "kit/results/src/main/resources/course/results/results.schema.json"


def stage_schema_path() -> Path:
    """The one shape of stages/N-slug/stage.yml, a resource of kit/command (the Java registry reads it from its
    classpath); the student repository ships kit/command/src/main and sitegen/ alike, so both find it there too."""
    return REPO_ROOT / "kit/command/src/main/resources/course/command/stage.schema.json"


SAMPLES = REPO_ROOT / "samples"
SAMPLE_MARK = " (sample)"


def is_sample(path) -> bool:
    """Inputs shipped under samples/ are made-up or past data, not a student of this course run: pages say so."""
    try:
        return Path(path).resolve().is_relative_to(SAMPLES.resolve())
    except OSError:
        return False


def nearest_existing(path: Path) -> Path:
    """The path itself when it exists, else its nearest ancestor that does (the root at worst): what a folder to be
    made below it depends on."""
    existing = Path(path).absolute()
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    return existing
