"""Every `./course ...` line a student reads (the branch's README, the stage statements) names a command of the
student's own ./course, with options that command's --help lists, as it runs in a clone of the last branch."""

import sys

import publish_support as support
import pytest

sys.path.insert(0, str(support.COURSE))
from sitegen.tests.test_docs_commands import help_of, student_commands, wrong_lines  # noqa: E402


@pytest.fixture(scope="module")
def clone(published, tmp_path_factory):
    _course, repo, stages = published
    return support.clone(repo, tmp_path_factory.mktemp("docs") / "student", f"stage-{stages[-1]}")


def test_student_pages_name_the_students_commands_with_options_their_help_lists(clone):
    have = student_commands()
    # The student's ./course, in the clone: its Java commands build the student reactor once, first.
    helps = {name: help_of(clone, name) for name in sorted(have)}
    pages = {"README.md": (clone / "README.md").read_text(encoding="utf-8")}
    pages |= {
        p.relative_to(clone).as_posix(): p.read_text(encoding="utf-8") for p in sorted(clone.glob("stages/*/README.md"))
    }
    wrong = wrong_lines(pages, have, helps)
    # RunCommand is the course's class, --stage in its help included; the student repository has no reference to
    # run, and refuses it (test_publish_branches).
    wrong += [f"{page}: `./course run --stage`" for page, text in pages.items() if "./course run --stage" in text]
    assert wrong == []
