"""./course publish --out DIR [--stages 1-4]: arguments, then build and check every branch, then commit them."""

import argparse
import os
import sys
from pathlib import Path

from student_repo import stages as stage_discovery
from student_repo.denylist import DenyList
from student_repo.errors import PublishError
from student_repo.gitrepo import StudentRepo, course_version
from student_repo.tree import BranchBuilder

USAGE = """usage: ./course publish --out DIR [--stages 1-4]

Creates (or updates) the student repository at DIR: a bare git repository with one branch per stage
(stage-1 ... stage-N), each holding the starter, the public tests and statements of the stages up to N, the
measurement kit and the build. Nothing of solutions/, grading/ or bench/ goes in: every file of every branch is
checked against publish/deny-list.txt before anything is committed.

  --out DIR      the student repository: a new or empty folder, or one made earlier by ./course publish
                 (then each branch gets a new commit on top, and none when nothing changed)
  --stages A-B   publish only these stage branches (default: every stage folder stages/<N>-*/)

Then push it to where students clone from:
  git -C DIR push <url of the student repository> 'refs/heads/stage-*:refs/heads/stage-*'
See publish/README.md."""


def main(argv: list[str]) -> int:
    try:
        out, spec = parse(argv)
        if out is None:
            print(USAGE)
            return 0
        publish(course_root(), out, spec)
        return 0
    except PublishError as e:
        print(f"course publish: {e}", file=sys.stderr)
        return 2


class _Parser(argparse.ArgumentParser):
    """argparse, with the publisher's own usage text and every mistake a PublishError (exit 2, one clear line)."""

    def error(self, message):
        raise PublishError(f"{message}; see ./course publish --help")


def parse(argv: list[str]) -> tuple[Path | None, str | None]:
    """(--out, --stages) of the command line; (None, None) for -h/--help. A wrong command line is a PublishError."""
    parser = _Parser(prog="./course publish", add_help=False, allow_abbrev=False, exit_on_error=False)
    parser.add_argument("-h", "--help", action="store_true")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--stages")
    try:
        args, unknown = parser.parse_known_args(argv)
    except argparse.ArgumentError as e:
        needs = "needs a value" if "expected one argument" in e.message else e.message
        raise PublishError(f"{e.argument_name} {needs}; see ./course publish --help") from e
    if args.help:
        return None, None
    if unknown:
        raise PublishError(f"unknown argument '{unknown[0]}'; see ./course publish --help")
    if args.out is None:
        raise PublishError(
            "--out DIR is required: the folder of the student repository (outside this one), "
            "e.g. ./course publish --out ../student-repo"
        )
    return args.out, args.stages


def course_root() -> Path:
    root = os.environ.get("COURSE_ROOT")
    return Path(root) if root else Path(__file__).resolve().parents[2]


def progress(line: str) -> None:
    """A step done, on stderr: a publish takes a while, and stdout keeps the result of each branch."""
    print(f"course publish: {line}", file=sys.stderr, flush=True)


def publish(root: Path, out: Path, spec: str | None) -> None:
    StudentRepo.check_out_dir(out, root)  # before the slow part, so a wrong --out is told at once
    all_stages = stage_discovery.discover(root)
    chosen = stage_discovery.select(all_stages, spec)
    builder = BranchBuilder(root, root / "publish" / "student", all_stages)
    deny = DenyList.load(root / "publish" / "deny-list.txt", root)
    # Every branch is built and checked before the repository is touched: a leak stops the whole publish.
    branches = {}
    for stage in chosen:
        files = builder.build(stage)
        hits = deny.check_all({path: entry.content for path, entry in files.items()})
        if hits:
            shown = "\n  ".join(str(h) for h in hits[:30])
            more = f"\n  ... and {len(hits) - 30} more" if len(hits) > 30 else ""
            raise PublishError(
                f"branch {stage.branch} would contain what students must not see; nothing was "
                f"published:\n  {shown}{more}\nFix the course file or publish/deny-list.txt."
            )
        branches[stage] = files
        progress(f"{stage.branch}: {len(files)} files, deny list passed")
    if not stage_discovery.public_test_stages(root) >= {s.number for s in chosen}:
        untested = sorted({s.number for s in chosen} - stage_discovery.public_test_stages(root))
        print(
            f"course publish: note: no public tests (course.tests.stageN) for stage(s) {untested} yet", file=sys.stderr
        )
    progress(f"committing {len(branches)} branch(es) to {out}")
    repo = StudentRepo.open_or_create(out, root)
    source = course_version(root)
    for stage, files in branches.items():
        previous = repo.head_of(f"stage-{stage.number - 1}") if stage.number > 1 else None
        message = f"{stage.title}\n\nPublished by ./course publish from {source}."
        new = repo.commit(stage.branch, files, previous, message)
        head = new or repo.head_of(stage.branch)
        state = "new commit" if new else "unchanged"
        print(f"{stage.branch}: {state} {head[:12]} ({len(files)} files)")
    if repo.head_of("stage-1"):
        repo.point_head_at("stage-1")
    print(
        f"student repository: {repo.git_dir}\n"
        f"  try it:  git clone {repo.git_dir} student && cd student && git checkout stage-1 && ./mvnw test\n"
        f"  publish: git -C {repo.git_dir} push <url of the student repository> "
        f"'refs/heads/stage-*:refs/heads/stage-*'"
    )
