"""Assembles the files of one stage branch: a map from path in the student repository to content and mode."""

import os
import re
from dataclasses import dataclass
from pathlib import Path

from student_repo import provided_storage
from student_repo.errors import PublishError
from student_repo.pom import RootPom
from student_repo.stages import StageBranch
from student_repo.templates import fill

# Module folders of the course reactor that students get (everything else, solutions/, bench/, grading/, stays).
STUDENT_MODULE_PREFIXES = ("starter/", "kit/")
CLI_MODULE = "cli"
# Of each module only the pom and the main sources: the kit's own tests and fixtures (real outputs of past
# students among them) are the course's business, not the student's.
MODULE_PARTS = ("pom.xml", "src/main")
PUBLIC_TEST_MODULE = "starter/student"
ROOT_FILES = ("mvnw", ".mvn", "scripts/lib.sh", "jvm-flags.properties")
# ./course report (scripts/report.sh) runs sitegen's report scaffold in the Python environment of
# requirements.txt: all three go together, when the course has the script. sitegen's own tests stay here.
REPORT_TOOLING = ("scripts/report.sh", "sitegen", "requirements.txt")
COURSE_ONLY_TESTS = ("sitegen/tests/",)
# The one list of ./course's subcommands (read by the scripts' usage and by cli's Main at run time). Students get
# only the rows for them ("student" or "both"), so no name of a module they do not get (the benchmarks, the grader)
# reaches them; a row whose Java class is not shipped is a course mistake, refused rather than published.
COMMAND_LIST = "cli/src/main/resources/course/cli/commands.txt"
STUDENT_AUDIENCES = ("student", "both")
JUNK_PARTS = {"target", "__pycache__", ".idea", ".venv", "node_modules", ".pytest_cache"}
JUNK_SUFFIXES = (".iml", ".class", ".pyc", ".hlog.tmp")
JUNK_NAMES = {".DS_Store"}
LATER_STAGE_PART = re.compile(r"^stage(\d+)$")


@dataclass(frozen=True)
class FileEntry:
    content: bytes
    executable: bool = False


class BranchBuilder:
    """Knows the course root and the templates; builds the file map of any stage branch."""

    def __init__(self, course_root: Path, templates: Path, all_stages: list[StageBranch]):
        self.root = course_root
        self.templates = templates
        self.all_stages = all_stages
        self.pom = RootPom(course_root / "pom.xml")
        self.modules = self._student_modules()
        # Built once per publish (a Maven build of the course module), the same classes on every branch.
        self.storage_classes = provided_storage.build_classes(course_root)

    def _student_modules(self) -> list[str]:
        modules = [m for m in self.pom.modules() if m.startswith(STUDENT_MODULE_PREFIXES)]
        if PUBLIC_TEST_MODULE not in modules:
            raise PublishError(f"the root pom.xml lists no {PUBLIC_TEST_MODULE} module; nothing to publish")
        if CLI_MODULE in self.pom.modules():
            modules.append(CLI_MODULE)
        if provided_storage.COURSE_MODULE not in self.pom.modules():
            raise PublishError(
                f"the root pom.xml lists no {provided_storage.COURSE_MODULE} module; the student "
                f"starter depends on the storage engine it builds"
            )
        modules.append(provided_storage.STUDENT_MODULE)
        return modules

    def build(self, stage: StageBranch) -> dict[str, FileEntry]:
        files: dict[str, FileEntry] = {}
        for module in self.modules:
            if module == provided_storage.STUDENT_MODULE:
                continue  # generated: classes built by the course, pom from a template
            for part in MODULE_PARTS:
                if module == CLI_MODULE and part == "pom.xml":
                    continue  # generated below, without the course-only dependencies
                self._add(files, f"{module}/{part}", optional=part != "pom.xml")
        self._add(
            files, f"{PUBLIC_TEST_MODULE}/src/test", optional=True, keep=lambda rel: _not_later_stage(rel, stage.number)
        )
        for earlier in self.all_stages[: stage.number]:
            self._add(files, earlier.folder)
            _drop_reference(files, f"{earlier.folder}/stage.yml")
        for path in ROOT_FILES:
            self._add(files, path)
        if (self.root / REPORT_TOOLING[0]).is_file():
            for path in REPORT_TOOLING:
                self._add(files, path, keep=lambda rel: not rel.startswith(COURSE_ONLY_TESTS))
        self._add_templates(files, stage)
        files.update({path: FileEntry(content) for path, content in self.storage_classes.items()})
        self._keep_student_commands(files)
        return files

    def _add(self, files, rel: str, optional: bool = False, keep=lambda rel: True) -> None:
        source = self.root / rel
        if not source.exists():
            if optional:
                return
            raise PublishError(
                f"{rel} is missing in the course repository ({self.root}); the student repository needs it"
            )
        paths = [source] if source.is_file() else sorted(p for p in source.rglob("*") if p.is_file())
        for path in paths:
            relative = path.relative_to(self.root).as_posix()
            if _is_junk(relative) or not keep(relative):
                continue
            files[relative] = FileEntry(path.read_bytes(), os.access(path, os.X_OK))

    def _add_templates(self, files, stage: StageBranch) -> None:
        values = dict(self.pom.placeholders())
        values.update(self._readme_values(stage))
        values["modules"] = "\n".join(f"    <module>{m}</module>" for m in self.modules)
        generated = {
            "README.md": "README.md",
            "pom.xml": "pom.xml",
            "cli-pom.xml": "cli/pom.xml",
            "provided-storage-pom.xml": f"{provided_storage.STUDENT_MODULE}/pom.xml",
            "gitignore": ".gitignore",
            "course": "course",
            ".github/workflows/public-tests.yml": ".github/workflows/public-tests.yml",
        }
        for template, target in generated.items():
            source = self.templates / template
            if not source.is_file():
                raise PublishError(f"template {source} is missing")
            text = fill(source.read_text(encoding="utf-8"), values, template)
            files[target] = FileEntry(text.encode("utf-8"), os.access(source, os.X_OK))

    def _readme_values(self, stage: StageBranch) -> dict[str, str]:
        shown = self.all_stages[: stage.number]
        listing = "\n".join(
            f"| {s.number} | [{s.title}]({s.folder}/README.md) | `{s.folder}/report-template.md` |" for s in shown
        )
        # Whether the next stage is out depends on when the student reads this, not on when it was published: the
        # text says how to find out instead of claiming either.
        next_text = (
            f"The next stage arrives as branch `stage-{stage.number + 1}`: once `git fetch origin` shows "
            f"it, merge it into your work with `git merge origin/stage-{stage.number + 1}` (see below)."
        )
        return {
            "stage": str(stage.number),
            "branch": stage.branch,
            "stage_title": stage.title,
            "stage_folder": stage.folder,
            "stages_table": listing,
            "next_stage": next_text,
            "next_stage_number": str(stage.number + 1),
        }

    def _keep_student_commands(self, files) -> None:
        if COMMAND_LIST not in files:
            raise PublishError(f"{COMMAND_LIST} is missing in the course repository; ./course needs its command list")
        shipped = {
            path.split("/src/main/java/", 1)[1][: -len(".java")].replace("/", ".")
            for path in files
            if "/src/main/java/" in path and path.endswith(".java")
        }
        kept = []
        for line in files[COMMAND_LIST].content.decode("utf-8").splitlines(keepends=True):
            fields = [f.strip() for f in line.split("|")]
            if line.startswith("#") or len(fields) != 5:
                kept.append(line)
                continue
            name, audience, java_class = fields[0], fields[1], fields[2]
            if audience not in STUDENT_AUDIENCES:
                continue
            if java_class != "-" and java_class not in shipped:
                raise PublishError(
                    f"{COMMAND_LIST}: '{name}' is for students but runs {java_class}, which is in "
                    f"no module students get; mark it 'course' or ship its module"
                )
            kept.append(line)
        files[COMMAND_LIST] = FileEntry("".join(kept).encode("utf-8"), files[COMMAND_LIST].executable)


def _drop_reference(files, path: str) -> None:
    """The stage registry's `reference:` line (and the comment above it) names a class of the course's reference
    solutions: students get the stage's other facts, not that name."""
    entry = files.get(path)
    if entry is None:
        return
    kept: list[str] = []
    for line in entry.content.decode("utf-8").splitlines(keepends=True):
        if line.startswith("reference:"):
            if kept and kept[-1].startswith("#") and "reference" in kept[-1]:
                kept.pop()
            continue
        kept.append(line)
    files[path] = FileEntry("".join(kept).encode("utf-8"), entry.executable)


def _is_junk(relative: str) -> bool:
    parts = relative.split("/")
    return any(p in JUNK_PARTS for p in parts) or parts[-1] in JUNK_NAMES or relative.endswith(JUNK_SUFFIXES)


def _not_later_stage(relative: str, stage: int) -> bool:
    """False for anything in a stageK folder (test package or resources) of a stage after this branch's."""
    for part in relative.split("/"):
        match = LATER_STAGE_PART.match(part)
        if match and int(match.group(1)) > stage:
            return False
    return True
