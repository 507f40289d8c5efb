"""No two of the course's types share a simple name: a reader (or a stack trace, a log line, a search) that meets
`Stage` should not have to ask which of four it is. Java types are counted by their files under src/main/java and
src/test/java of every module (a nested type is named through its outer one), Python types by every class statement;
test classes count too. The fix for a finding is a rename that says what each one is."""

import ast
import os
from collections import defaultdict
from pathlib import Path

from sitegen.paths import REPO_ROOT

# Not the course's own types: build output, installed packages, and the single-file submissions and fixtures of
# resources/ (student code the grader is tested on).
SKIPPED_FOLDERS = {".git", "target", ".venv", "node_modules", "__pycache__", "resources", "build", "site"}
JAVA_SOURCE_ROOTS = ("src/main/java/", "src/test/java/")
NOT_TYPES = {"package-info", "module-info"}


def course_types(root: Path) -> dict[str, list[str]]:
    """Simple name -> the files (relative to root) that declare a type of that name."""
    found = defaultdict(list)
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d not in SKIPPED_FOLDERS)
        for name in sorted(files):
            path = Path(folder) / name
            relative = path.relative_to(root).as_posix()
            if name.endswith(".java") and any(r in relative for r in JAVA_SOURCE_ROOTS) and path.stem not in NOT_TYPES:
                found[path.stem].append(relative)
            elif name.endswith(".py"):
                tree = ast.parse(path.read_text(encoding="utf-8"), filename=relative)
                for node in ast.walk(tree):
                    if isinstance(node, ast.ClassDef):
                        found[node.name].append(relative)
    return found


def shared_names(root: Path) -> list[str]:
    """One line per simple name declared more than once: the name and where."""
    return [f"{name}: {', '.join(places)}" for name, places in sorted(course_types(root).items()) if len(places) > 1]


def test_no_two_course_types_share_a_simple_name():
    shared = "\n".join(shared_names(REPO_ROOT))
    assert not shared, f"types that share a simple name (rename one so that each name says what it is):\n{shared}"


def test_a_second_type_of_a_name_is_found_across_modules_and_languages(tmp_path):
    for path, text in {
        "kit/a/src/main/java/course/a/Stage.java": "package course.a;\nrecord Stage() {}\n",
        "kit/b/src/test/java/course/b/Stage.java": "package course.b;\n@interface Stage {}\n",
        "sitegen/stages.py": "class Stage:\n    pass\n\n\nclass Other:\n    pass\n",
        "kit/a/src/main/java/course/a/package-info.java": "package course.a;\n",
        "kit/b/src/main/java/course/b/package-info.java": "package course.b;\n",
        "grading/grader/src/test/resources/hostile/Other.java": "class Other {}\n",
        "kit/a/target/classes/Other.java": "class Other {}\n",
    }.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    assert shared_names(tmp_path) == [
        "Stage: kit/a/src/main/java/course/a/Stage.java, kit/b/src/test/java/course/b/Stage.java, sitegen/stages.py"
    ]
