"""The stages to publish: the course's stage registry (every folder stages/<N>-<slug>/ with its stage.yml, read by
sitegen.stages, the Python side of course.command.Stages) and the public test packages course.tests.stageN."""

import re
from dataclasses import dataclass
from pathlib import Path

from sitegen.stages import StageFileError, registry
from student_repo.errors import PublishError

PUBLIC_TESTS = Path("starter/student/src/test/java/course/tests")
TEST_PACKAGE = re.compile(r"^stage(\d+)$")


@dataclass(frozen=True)
class StageBranch:
    """A stage as the publisher ships it: the branch stage-N, the folder it copies and whether it has public tests."""

    number: int
    folder: str  # relative to the course root, e.g. "stages/1-sync-server"
    title: str  # stage.yml's title
    has_public_tests: bool

    @property
    def branch(self) -> str:
        return f"stage-{self.number}"


def discover(course_root: Path) -> list[StageBranch]:
    """All stages of the registry, numbered 1..N without gaps, each with a statement (README.md); a stage folder the
    registry refuses (no stage.yml, another stage's number or slug in it, ...) stops the publish with its message."""
    stages_dir = course_root / "stages"
    if not stages_dir.is_dir():
        raise PublishError(f"no stages/ folder in {course_root}: is COURSE_ROOT the course repository?")
    try:
        registered = registry(stages_dir)
    except StageFileError as e:
        raise PublishError(f"{e}; nothing was published") from e
    if not registered:
        raise PublishError("no stage folders (stages/<N>-<slug>/ with a stage.yml) found")
    numbers = [s.number for s in registered]
    missing = [n for n in range(1, max(numbers) + 1) if n not in numbers]
    if missing:
        raise PublishError(f"stages must be numbered 1..N without gaps; found {numbers}, missing {missing}")
    tested = public_test_stages(course_root)
    stages = []
    for stage in registered:
        if not stage.readme.is_file():
            raise PublishError(f"stages/{stage.slug} has no statement (README.md); write it before publishing")
        stages.append(StageBranch(stage.number, f"stages/{stage.slug}", stage.title, stage.number in tested))
    return stages


def public_test_stages(course_root: Path) -> set[int]:
    """Stage numbers that have a public test package under starter/student/src/test/java/course/tests/."""
    root = course_root / PUBLIC_TESTS
    if not root.is_dir():
        return set()
    return {int(m.group(1)) for e in root.iterdir() if e.is_dir() and (m := TEST_PACKAGE.match(e.name))}


def select(stages: list[StageBranch], spec: str | None) -> list[StageBranch]:
    """The stages named by --stages ("1-4", "2-3" or "3"); all of them when spec is None."""
    if spec is None:
        return stages
    match = re.fullmatch(r"(\d+)(?:-(\d+))?", spec.strip())
    if not match:
        raise PublishError(f"--stages takes a range like 1-4 (or one stage number), got '{spec}'")
    low = int(match.group(1))
    high = int(match.group(2) or low)
    known = [s.number for s in stages]
    if low < 1 or low > high:
        raise PublishError(f"--stages {spec}: the range must be 1 <= FROM <= TO")
    if high > max(known):
        raise PublishError(
            f"--stages {spec}: the course has stages 1-{max(known)} only "
            f"(folders stages/<N>-<slug>/ with a stage.yml and a README.md)"
        )
    return [s for s in stages if low <= s.number <= high]
