"""The site's pages for students name only commands the student repository's ./course has."""
import re

from sitegen.paths import REPO_ROOT

STUDENT_PAGES = ["index.md", "start.md", "guides/load-testing.md", "guides/profiling.md", "guides/flame-graphs.md",
                 "guides/writing-the-report.md"]


def student_commands() -> set:
    usage = (REPO_ROOT / "publish/student/course").read_text(encoding="utf-8").split("TXT")[1]
    return {m.group(1) for m in re.finditer(r"^  ([a-z-]+)\s", usage, re.MULTILINE)}


def test_student_pages_name_only_commands_students_have():
    have = student_commands()
    assert {"test", "run", "load", "report"} <= have and "site" not in have
    wrong = []
    for page in STUDENT_PAGES:
        text = (REPO_ROOT / "docs" / page).read_text(encoding="utf-8")
        for m in re.finditer(r"\./course ([a-z-]+)((?: --?[a-z-]+)*)", text):
            if m.group(1) not in have or (m.group(1) == "run" and "--stage" in m.group(2)):
                wrong.append(f"{page}: {m.group(0)}")
    assert wrong == []
