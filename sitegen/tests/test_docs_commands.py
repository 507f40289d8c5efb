"""The site's pages for students name only commands the student repository's ./course has."""
import re

from sitegen.paths import REPO_ROOT

STUDENT_PAGES = ["index.md", "start.md", "guides/load-testing.md", "guides/profiling.md", "guides/flame-graphs.md",
                 "guides/writing-the-report.md"]


def student_commands() -> set:
    """The commands of the student repository's ./course: the student rows of the one command list."""
    rows = (REPO_ROOT / "cli/src/main/resources/course/cli/commands.txt").read_text(encoding="utf-8").splitlines()
    fields = [[f.strip() for f in row.split("|")] for row in rows if row.strip() and not row.startswith("#")]
    return {f[0] for f in fields if f[1] in ("student", "both")}


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
