"""The storage engine students may start stage 1 with: the reference LSM, shipped as compiled classes.

Its sources stay in the course (solutions/lsm); the course module solutions/provided-storage compiles them under
the package course.storage.lsm. Publish builds that module with the course's own Maven wrapper and ships its
classes as the module provided-storage/ of the student repository, so students build and run on it without
getting the reference's source (writing one's own engine is what the storage points reward)."""
import subprocess
from pathlib import Path

from student_repo.errors import PublishError

COURSE_MODULE = "solutions/provided-storage"
STUDENT_MODULE = "provided-storage"
PACKAGE_FOLDER = "course/storage/lsm"
BUILD_SECONDS = 600


def build_classes(course_root: Path) -> dict[str, bytes]:
    """Compiles the provided engine in the course and returns its class files by path under classes/."""
    command = [str(course_root / "mvnw"), "-B", "-q", "-ntp", "-pl", COURSE_MODULE, "-am", "package",
               "-DskipTests"]
    try:
        result = subprocess.run(command, cwd=course_root, capture_output=True, text=True, timeout=BUILD_SECONDS)
    except subprocess.TimeoutExpired as e:
        raise PublishError(f"building the provided storage engine ({COURSE_MODULE}) took over {BUILD_SECONDS} s; "
                           f"run '{' '.join(command[1:])}' by hand to see why") from e
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-20:])
        raise PublishError(f"building the provided storage engine ({COURSE_MODULE}) failed; nothing was "
                           f"published. The build said:\n{tail}")
    classes = course_root / COURSE_MODULE / "target" / "classes"
    found = sorted(p for p in (classes / PACKAGE_FOLDER).glob("*.class"))
    if not found:
        raise PublishError(f"{COURSE_MODULE} built, but {classes / PACKAGE_FOLDER} holds no classes")
    return {f"{STUDENT_MODULE}/classes/{p.relative_to(classes).as_posix()}": p.read_bytes() for p in found}
