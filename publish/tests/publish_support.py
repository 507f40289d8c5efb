"""Helpers of the publish tests: a snapshot of the course, running the real ./course publish, reading branches
with real git, building clones with the real Maven wrapper."""

import atexit
import functools
import os
import re
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import yaml

COURSE = Path(__file__).resolve().parents[2]
SNAPSHOT_SKIP = {".git", "target", ".venv", "__pycache__", ".pytest_cache", "node_modules"}
SNAPSHOT_SKIP_AT_TOP = {"site", "results", "runs", "build"}  # outputs of ./course at the root (kit/results stays)
STAGE_FOLDER = re.compile(r"^(\d+)-")


# The provided engine's build output (classes and publish's stamp of what they were built from), kept from the
# first snapshot a publish built it in.
ENGINE_BUILD = Path("solutions/provided-storage/target")
ENGINE_STAMP = ENGINE_BUILD / "publish-inputs.json"
_engine_builds: list[Path] = []


def snapshot_course(dest: Path) -> Path:
    """A copy of the course's files (no builds, no .git), so tests can publish and change it freely while other
    people keep working in the real one. Once a publish has built the provided engine in a snapshot, later snapshots
    start with that build: publish reuses it while the engine's sources are those its stamp names and builds afresh
    when a test changed them, as in any checkout (a Maven build of the engine in every snapshot cost ~11 core-s)."""

    def skipped(folder, names):
        top = Path(folder) == COURSE
        return [n for n in names if n in SNAPSHOT_SKIP or (top and n in SNAPSHOT_SKIP_AT_TOP)]

    shutil.copytree(COURSE, dest, symlinks=True, ignore=skipped)
    if _engine_builds:
        shutil.copytree(_engine_builds[0], dest / ENGINE_BUILD, symlinks=True)
    return dest


def _keep_engine_build(course: Path) -> None:
    if not _engine_builds and (course / ENGINE_STAMP).is_file():
        kept = Path(tempfile.mkdtemp(prefix="publish-tests-engine-")) / "target"
        atexit.register(shutil.rmtree, kept.parent, ignore_errors=True)
        shutil.copytree(course / ENGINE_BUILD, kept, symlinks=True)
        _engine_builds.append(kept)


def stage_numbers(course: Path) -> list[int]:
    found = [
        int(m.group(1))
        for e in (course / "stages").iterdir()
        if e.is_dir() and (m := STAGE_FOLDER.match(e.name)) and (e / "README.md").is_file()
    ]
    return sorted(found)


def publish(course: Path, *args: str) -> subprocess.CompletedProcess:
    # The engine's Maven build without Error Prone (a third of its CPU): ./course test compiles the same sources
    # with it, and the classes are the same.
    maven_args = f"{os.environ.get('MAVEN_ARGS', '')} -Derrorprone.skip".strip()
    env = dict(os.environ, COURSE_ROOT=str(course), MAVEN_ARGS=maven_args)
    result = subprocess.run(
        [str(course / "course"), "publish", *args], capture_output=True, text=True, env=env, timeout=120
    )
    if result.returncode == 0:
        _keep_engine_build(course)
    return result


def git(cwd: Path, *args: str, check: bool = True) -> str:
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=60)
    if check and result.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed in {cwd}:\n{result.stdout}{result.stderr}")
    return result.stdout.strip()


def branches(repo: Path) -> list[str]:
    return git(repo, "for-each-ref", "--format=%(refname:short)", "refs/heads/").split()


def head(repo: Path, branch: str) -> str:
    return git(repo, "rev-parse", f"refs/heads/{branch}")


def is_ancestor(repo: Path, ancestor: str, descendant: str) -> bool:
    return subprocess.run(["git", "merge-base", "--is-ancestor", ancestor, descendant], cwd=repo).returncode == 0


def branch_files(repo: Path, branch: str) -> dict[str, bytes]:
    """Every file of a branch as git stores it (git ls-tree -r, then one git cat-file --batch for the blobs)."""
    return dict(_commit_files(repo, git(repo, "rev-parse", f"{branch}^{{commit}}")))


@functools.lru_cache(maxsize=64)
def _commit_files(repo: Path, commit: str) -> tuple[tuple[str, bytes], ...]:
    rows = [row for row in git(repo, "ls-tree", "-r", "-z", commit).split("\0") if row]
    entries = []
    for row in rows:
        meta, path = row.split("\t", 1)
        _mode, kind, sha = meta.split()
        assert kind == "blob", f"{commit}:{path} is a {kind}, not a file"
        entries.append((path, sha))
    batch = subprocess.run(
        ["git", "cat-file", "--batch"],
        cwd=repo,
        capture_output=True,
        check=True,
        timeout=60,
        input="".join(f"{sha}\n" for _, sha in entries).encode(),
    ).stdout
    files, offset = [], 0
    for path, _sha in entries:
        header_end = batch.index(b"\n", offset)
        size = int(batch[offset:header_end].split()[2])
        files.append((path, batch[header_end + 1 : header_end + 1 + size]))
        offset = header_end + 1 + size + 1  # content, then a newline
    return tuple(files)


def clone(repo: Path, dest: Path, branch: str) -> Path:
    subprocess.run(["git", "clone", "-q", str(repo), str(dest)], check=True, timeout=60)
    git(dest, "checkout", "-q", branch)
    return dest


def mvn(clone_dir: Path, *goals: str, timeout: int = 300) -> subprocess.CompletedProcess:
    """The student's own build: ./mvnw of the clone, offline (~/.m2 holds every dependency), quiet."""
    return subprocess.run(
        [str(clone_dir / "mvnw"), "-B", "-q", "-o", *goals],
        cwd=clone_dir,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def surefire_cases(clone_dir: Path) -> list[dict]:
    """Each test case of the public tests' surefire XML reports: class, name, and the failure text if any."""
    cases = []
    for report in sorted((clone_dir / "starter/student/target/surefire-reports").glob("TEST-*.xml")):
        for case in ET.parse(report).getroot().iter("testcase"):
            problem = next((c for c in case if c.tag in ("failure", "error")), None)
            skipped = any(c.tag == "skipped" for c in case)
            text = None if problem is None else (problem.get("message") or "") + "\n" + (problem.text or "")
            cases.append(
                {"class": case.get("classname"), "name": case.get("name"), "failure": text, "skipped": skipped}
            )
    return cases


def failure_report(result: subprocess.CompletedProcess, cases: list[dict]) -> str:
    """A failed build's exit code and output tails, then its first ten failing test cases."""
    failing = [f"{c['class']}.{c['name']}: {(c['failure'] or '')[:300]}" for c in cases if c["failure"]]
    return f"exit {result.returncode}\n{result.stdout[-3000:]}{result.stderr[-3000:]}\n" + "\n".join(failing[:10])


REFERENCE_SOURCES = Path("solutions/server/src/main/java")


def reference_factory(course: Path, stage: int) -> str | None:
    """The reference factory the stage registry names (`reference:` in stages/N-slug/stage.yml), or None."""
    folder = next(
        e for e in (course / "stages").iterdir() if (m := STAGE_FOLDER.match(e.name)) and int(m.group(1)) == stage
    )
    return (yaml.safe_load((folder / "stage.yml").read_text(encoding="utf-8")) or {}).get("reference")


def reference_source(course: Path, stage: int) -> Path | None:
    """The source file of the stage's reference factory in this checkout, or None when there is none."""
    factory = reference_factory(course, stage)
    source = course / REFERENCE_SOURCES / (factory.replace(".", "/") + ".java") if factory else None
    return source if source and source.is_file() else None


def drop_reference_into(course: Path, clone_dir: Path, stage: int) -> None:
    """The reference server of stages 1..stage (the packages of the factories the stage registry names), copied
    into the student's source folder under their own packages as a student's finished work would be, on the storage
    engine the student repository provides (its imports of the course's engine moved to course.storage.lsm, the
    package students get); submission.properties points at it."""
    target = clone_dir / "starter/student/src/main/java"
    for n in range(1, stage + 1):
        source = reference_source(course, n).parent
        package = source.relative_to(source.parents[1])
        for file in source.glob("*.java"):
            copied = target / package / file.name
            copied.parent.mkdir(parents=True, exist_ok=True)
            copied.write_text(
                file.read_text(encoding="utf-8").replace("solutions.lsm.", PROVIDED_STORAGE_PACKAGE), encoding="utf-8"
            )
    (clone_dir / "starter/student/src/main/resources/submission.properties").write_text(
        f"factory={reference_factory(course, stage)}\nstage={stage}\n"
    )


PROVIDED_STORAGE_PACKAGE = "course.storage.lsm."
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def drop_fixture_into(clone_dir: Path, fixture: str) -> None:
    """A fixture's student sources (publish/tests/fixtures/NAME/*.java, package student) over the skeleton's."""
    target = clone_dir / "starter/student/src/main/java/student"
    for file in (FIXTURES / fixture).glob("*.java"):
        shutil.copy(file, target / file.name)


def add_probe_stage(course: Path, number: int) -> None:
    """A small extra stage (statement, report template, one public test) so merges and re-publishes can be
    tested past the last stage with a folder; its test package may already exist (tests written before the
    statement), then the probe test joins it."""
    folder = course / "stages" / f"{number}-merge-probe"
    folder.mkdir()
    (folder / "README.md").write_text(f"# Stage {number}: merge probe\n\nA stage made by the publish tests.\n")
    (folder / "report-template.md").write_text("## Results\n")
    # Every stage folder has its stage.yml: the stage registry (course.command.Stages) refuses one without.
    (folder / "stage.yml").write_text(
        f'stage: {number}\ntitle: "Stage {number}: merge probe"\nslug: merge-probe\nnodes: 1\nendpoints: [/v0/entity]\n'
    )
    tests = course / f"starter/student/src/test/java/course/tests/stage{number}"
    tests.mkdir(parents=True, exist_ok=True)
    (tests / "ProbeTest.java").write_text(f"package course.tests.stage{number};\n\nclass ProbeTest {{\n}}\n")
