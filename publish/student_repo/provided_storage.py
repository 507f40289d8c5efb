"""The storage engine students may start stage 1 with: the reference LSM, shipped as compiled classes.

Its sources stay in the course (solutions/lsm); the course module solutions/provided-storage compiles them under
the package course.storage.lsm. Publish builds that module with the course's own Maven wrapper and ships its
classes as the module provided-storage/ of the student repository, so students build and run on it without
getting the reference's source (writing one's own engine is what the storage points reward)."""

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from student_repo.errors import PublishError

COURSE_MODULE = "solutions/provided-storage"
STUDENT_MODULE = "provided-storage"
PACKAGE_FOLDER = "course/storage/lsm"
BUILD_SECONDS = 600
# Everything the classes are made from: the module, the engine sources it relocates, the contract it compiles
# against (its one course.workbook dependency), the parent pom (compiler release, plugin versions) and Maven's
# own settings. A change in any of them rebuilds; test_publish_merge_and_republish holds that an engine change does.
INPUTS = ["pom.xml", ".mvn", COURSE_MODULE, "solutions/lsm/pom.xml", "solutions/lsm/src/main", "starter/contract"]
# Written next to the classes after a build: the inputs' and the classes' digests. The classes' digest makes a
# later build from other sources (./course build, an IDE) count as a change even if the inputs came back.
STAMP = "target/publish-inputs.json"


def build_classes(course_root: Path, say=lambda line: print(line, file=sys.stderr)) -> dict[str, bytes]:
    """The provided engine's class files by path under classes/: those of the last build when nothing it is made
    from changed since (a Maven build takes most of a publish), else compiled afresh."""
    classes = course_root / COURSE_MODULE / "target" / "classes"
    stamp = course_root / COURSE_MODULE / STAMP
    inputs = _digest(_input_files(course_root), course_root)
    if _stamp(stamp) == {"inputs": inputs, "classes": _digest(_class_files(classes), classes)}:
        say(f"course publish: provided storage: reusing {COURSE_MODULE}/target/classes (built from these sources)")
        return _shipped(classes)
    say(f"course publish: provided storage: building {COURSE_MODULE} (Maven, about 20 s) ...")
    _build(course_root)
    shipped = _shipped(classes)
    stamp.write_text(
        json.dumps({"inputs": inputs, "classes": _digest(_class_files(classes), classes)}) + "\n", encoding="utf-8"
    )
    return shipped


def _input_files(root: Path) -> list[Path]:
    files = []
    for name in INPUTS:
        path = root / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files.extend(p for p in path.rglob("*") if p.is_file() and "target" not in p.relative_to(path).parts)
    return files


def _class_files(classes: Path) -> list[Path]:
    return sorted((classes / PACKAGE_FOLDER).glob("*.class")) if classes.is_dir() else []


def _digest(files: list[Path], base: Path) -> str:
    h = hashlib.sha256()
    for f in sorted(files):
        h.update(f.relative_to(base).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def _stamp(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _build(course_root: Path) -> None:
    command = [str(course_root / "mvnw"), "-B", "-q", "-ntp", "-pl", COURSE_MODULE, "-am", "package", "-DskipTests"]
    try:
        result = subprocess.run(command, cwd=course_root, capture_output=True, text=True, timeout=BUILD_SECONDS)
    except subprocess.TimeoutExpired as e:
        raise PublishError(
            f"building the provided storage engine ({COURSE_MODULE}) took over {BUILD_SECONDS} s; "
            f"run '{' '.join(command[1:])}' by hand to see why"
        ) from e
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-20:])
        raise PublishError(
            f"building the provided storage engine ({COURSE_MODULE}) failed; nothing was "
            f"published. The build said:\n{tail}"
        )


def _shipped(classes: Path) -> dict[str, bytes]:
    found = _class_files(classes)
    if not found:
        raise PublishError(f"{COURSE_MODULE} built, but {classes / PACKAGE_FOLDER} holds no classes")
    return {f"{STUDENT_MODULE}/classes/{p.relative_to(classes).as_posix()}": p.read_bytes() for p in found}
