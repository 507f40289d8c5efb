"""The student repository on disk: a bare git repository that only ./course publish writes to.

Branches only ever move forward: each publish adds a commit on top of the branch's previous head (and merges the
previous stage's new head into the next stage), so students can always pull. Nothing is committed when a branch's
files did not change.
"""

import os
import subprocess
import tempfile
from pathlib import Path

from sitegen.paths import nearest_existing
from student_repo.errors import PublishError
from student_repo.tree import FileEntry

MARKER = "course.publish"  # a key in the repository's git config: "this repository belongs to ./course publish"
ZERO = "0" * 40
DEFAULT_IDENTITY = {"GIT_AUTHOR_NAME": "course publish", "GIT_AUTHOR_EMAIL": "course-publish@localhost"}


def git(git_dir: Path, *args: str, env: dict | None = None, check: bool = True, cwd: Path | None = None) -> str:
    command = ["git", f"--git-dir={git_dir}", *args]
    result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd)
    if check and result.returncode != 0:
        raise PublishError(f"git {' '.join(args)} failed in {git_dir}: {result.stderr.strip()}")
    return result.stdout.strip()


class StudentRepo:
    def __init__(self, git_dir: Path):
        self.git_dir = git_dir

    @classmethod
    def check_out_dir(cls, out: Path, course_root: Path) -> Path:
        """Refuses a place publish must not write to; returns the resolved folder. Changes nothing."""
        out = out.expanduser().resolve()
        course_root = course_root.resolve()
        if out == course_root or course_root in out.parents:
            raise PublishError(
                f"--out {out} is inside the course repository {course_root}; the student "
                f"repository must live outside it (e.g. --out ../student-repo)"
            )
        if out.exists() and not out.is_dir():
            raise PublishError(f"--out {out} is a file; give a new or empty folder, or one made by ./course publish")
        above = nearest_existing(out.parent)
        if not above.is_dir():
            raise PublishError(f"--out {out}: {above} is a file, not a folder; give a new or empty folder")
        if not out.exists() or not any(out.iterdir()):
            return out
        if not (out / "HEAD").is_file() or not (out / "objects").is_dir():
            kind = "a git working tree" if (out / ".git").exists() else "a folder that is not empty"
            raise PublishError(
                f"--out {out} is {kind}, not a repository made by ./course publish; give a new or "
                f"empty folder (./course publish creates a bare repository there)"
            )
        if git(out, "config", "--get", MARKER, check=False) != "true":
            raise PublishError(
                f"--out {out} is a git repository that ./course publish did not create (its config "
                f"has no '{MARKER} = true'); give a new or empty folder instead"
            )
        return out

    @classmethod
    def open_or_create(cls, out: Path, course_root: Path) -> "StudentRepo":
        out = cls.check_out_dir(out, course_root)
        if not out.exists() or not any(out.iterdir()):
            out.mkdir(parents=True, exist_ok=True)
            subprocess.run(["git", "init", "-q", "--bare", str(out)], check=True, capture_output=True)
            git(out, "config", MARKER, "true")
        return cls(out)

    def head_of(self, branch: str) -> str | None:
        return git(self.git_dir, "rev-parse", "--verify", "-q", f"refs/heads/{branch}", check=False) or None

    def is_ancestor(self, ancestor: str, descendant: str) -> bool:
        command = ["git", f"--git-dir={self.git_dir}", "merge-base", "--is-ancestor", ancestor, descendant]
        return subprocess.run(command, capture_output=True).returncode == 0

    def commit(self, branch: str, files: dict[str, FileEntry], also_from: str | None, message: str) -> str | None:
        """Commits files as the new state of branch on top of its head, merging also_from (the previous stage's
        head) in when the branch does not contain it yet. Returns the new head, or None when nothing changed."""
        old = self.head_of(branch)
        tree = self._write_tree(files)
        parents = [old] if old else []
        if also_from and (old is None or not self.is_ancestor(also_from, old)):
            parents.append(also_from)
        if old and parents == [old] and git(self.git_dir, "rev-parse", f"{old}^{{tree}}") == tree:
            return None
        parent_args = [arg for p in parents for arg in ("-p", p)]
        new = git(self.git_dir, "commit-tree", "--no-gpg-sign", tree, *parent_args, "-m", message, env=_identity_env())
        git(self.git_dir, "update-ref", "-m", "course publish", f"refs/heads/{branch}", new, old or ZERO)
        return new

    def point_head_at(self, branch: str) -> None:
        """What a plain 'git clone' checks out."""
        git(self.git_dir, "symbolic-ref", "HEAD", f"refs/heads/{branch}")

    def _write_tree(self, files: dict[str, FileEntry]) -> str:
        with tempfile.TemporaryDirectory(prefix="course-publish-") as tmp:
            work = Path(tmp) / "tree"
            for rel, entry in files.items():
                target = work / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(entry.content)
                target.chmod(0o755 if entry.executable else 0o644)
            env = dict(os.environ, GIT_INDEX_FILE=str(Path(tmp) / "index"))
            # -f: the published .gitignore (and the user's global excludes) must not drop any file we chose.
            git(
                self.git_dir,
                f"--work-tree={work}",
                "-c",
                "core.autocrlf=false",
                "-c",
                "core.fileMode=true",
                "add",
                "-A",
                "-f",
                ".",
                env=env,
                cwd=work,
            )
            return git(self.git_dir, "write-tree", env=env)


def _identity_env() -> dict:
    env = dict(os.environ)
    for key, value in DEFAULT_IDENTITY.items():
        env.setdefault(key, value)
    env.setdefault("GIT_COMMITTER_NAME", env["GIT_AUTHOR_NAME"])
    env.setdefault("GIT_COMMITTER_EMAIL", env["GIT_AUTHOR_EMAIL"])
    return env


def course_version(course_root: Path) -> str:
    """The course commit being published, for the commit message ('working tree' when not a git checkout)."""
    probe = subprocess.run(
        ["git", "-C", str(course_root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    )
    if probe.returncode != 0:
        return "a working tree outside git"
    dirty = subprocess.run(
        ["git", "-C", str(course_root), "--no-optional-locks", "status", "--porcelain"], capture_output=True, text=True
    ).stdout.strip()
    return f"course commit {probe.stdout.strip()}" + (" with uncommitted changes" if dirty else "")
