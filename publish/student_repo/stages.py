"""Finds the stages of the course: folders stages/<N>-<slug>/ and public test packages course.tests.stageN."""
import re
from dataclasses import dataclass
from pathlib import Path

from student_repo.errors import PublishError

STAGE_FOLDER = re.compile(r"^(\d+)-[A-Za-z0-9][A-Za-z0-9_-]*$")
PUBLIC_TESTS = Path("starter/student/src/test/java/course/tests")
TEST_PACKAGE = re.compile(r"^stage(\d+)$")


@dataclass(frozen=True)
class Stage:
    number: int
    folder: str  # relative to the course root, e.g. "stages/1-sync-server"
    title: str
    has_public_tests: bool

    @property
    def branch(self) -> str:
        return f"stage-{self.number}"


def discover(course_root: Path) -> list[Stage]:
    """All stages, numbered 1..N without gaps; a stage is a folder with a statement (README.md)."""
    stages_dir = course_root / "stages"
    if not stages_dir.is_dir():
        raise PublishError(f"no stages/ folder in {course_root}: is COURSE_ROOT the course repository?")
    folders: dict[int, Path] = {}
    for entry in sorted(stages_dir.iterdir()):
        match = STAGE_FOLDER.match(entry.name)
        if not entry.is_dir() or not match:
            continue
        number = int(match.group(1))
        if number in folders:
            raise PublishError(f"two folders for stage {number}: stages/{folders[number].name} and "
                               f"stages/{entry.name}; rename one")
        folders[number] = entry
    if not folders:
        raise PublishError("no stage folders (stages/<N>-<slug>/) found")
    expected = list(range(1, max(folders) + 1))
    missing = [n for n in expected if n not in folders]
    if missing:
        raise PublishError(f"stages must be numbered 1..N without gaps; found {sorted(folders)}, missing {missing}")
    tested = public_test_stages(course_root)
    stages = []
    for number in expected:
        folder = folders[number]
        statement = folder / "README.md"
        if not statement.is_file():
            raise PublishError(f"stages/{folder.name} has no statement (README.md); write it before publishing")
        stages.append(Stage(number, f"stages/{folder.name}", _title(statement, number), number in tested))
    return stages


def public_test_stages(course_root: Path) -> set[int]:
    """Stage numbers that have a public test package under starter/student/src/test/java/course/tests/."""
    root = course_root / PUBLIC_TESTS
    if not root.is_dir():
        return set()
    return {int(m.group(1)) for e in root.iterdir() if e.is_dir() and (m := TEST_PACKAGE.match(e.name))}


def select(stages: list[Stage], spec: str | None) -> list[Stage]:
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
        raise PublishError(f"--stages {spec}: the course has stages 1-{max(known)} only "
                           f"(folders stages/<N>-*/ with a README.md)")
    return [s for s in stages if low <= s.number <= high]


def _title(statement: Path, number: int) -> str:
    for line in statement.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return f"Stage {number}"
