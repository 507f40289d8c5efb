"""Students merge stage after stage without conflicts, and re-publishing only ever adds commits on top.
Works on a snapshot with one extra (probe) stage, so there is always a next stage to merge."""

import re

import publish_support as support
import pytest


@pytest.fixture(scope="module")
def extended(tmp_path_factory):
    course = support.snapshot_course(tmp_path_factory.mktemp("extended") / "course")
    last = support.stage_numbers(course)[-1]
    support.add_probe_stage(course, last + 1)
    repo = course.parent / "student.git"
    result = support.publish(course, "--out", str(repo))
    assert result.returncode == 0, result.stderr
    return course, repo, support.stage_numbers(course)


def test_merging_each_next_stage_into_student_work_has_no_conflicts(extended, tmp_path):
    _course, repo, stages = extended
    work = support.clone(repo, tmp_path / "student", "stage-1")
    support.git(work, "config", "user.email", "student@example.org")
    support.git(work, "config", "user.name", "A Student")
    service = work / "starter/student/src/main/java/student/StudentService.java"
    props = work / "starter/student/src/main/resources/submission.properties"
    for n in stages[1:]:
        # The student's own work on the current stage: an edited class, a new class, the declared stage.
        service.write_text(service.read_text() + f"// stage {n - 1} work\n")
        (work / f"starter/student/src/main/java/student/Helper{n - 1}.java").write_text(
            f"package student;\n\nfinal class Helper{n - 1} {{\n}}\n"
        )
        props.write_text(re.sub(r"stage=\d+", f"stage={n - 1}", props.read_text()))
        support.git(work, "add", "-A")
        support.git(work, "commit", "-q", "-m", f"my stage {n - 1}")
        merged = support.git(work, "merge", "--no-edit", f"origin/stage-{n}", check=False)
        status = support.git(work, "status", "--porcelain")
        assert "CONFLICT" not in merged and status == "", f"merging stage-{n}:\n{merged}\n{status}"
        folder = next((work / "stages").glob(f"{n}-*"))
        assert (folder / "README.md").is_file()
        assert f"// stage {n - 1} work" in service.read_text(), "the merge kept the student's code"
        assert f"This README comes with stage {n}," in (work / "README.md").read_text()
    assert (work / f"starter/student/src/test/java/course/tests/stage{stages[-1]}/ProbeTest.java").is_file()


def test_republish_adds_commits_on_top_and_nothing_when_unchanged(extended, tmp_path):
    course, repo, stages = extended
    before = {n: support.head(repo, f"stage-{n}") for n in stages}
    count_before = support.git(repo, "rev-list", "--all", "--count")

    again = support.publish(course, "--out", str(repo))
    assert again.returncode == 0, again.stderr
    assert again.stdout.count("unchanged") == len(stages)
    # Said step by step (stderr), and the engine's classes of the first publish are taken as they are.
    assert "provided storage: reusing" in again.stderr, again.stderr
    for n in stages:
        assert f"course publish: stage-{n}: " in again.stderr, again.stderr
    assert {n: support.head(repo, f"stage-{n}") for n in stages} == before
    assert support.git(repo, "rev-list", "--all", "--count") == count_before

    student = support.clone(repo, tmp_path / "student", "stage-1")
    statement = next((course / "stages").glob("1-*")) / "README.md"
    statement.write_text(statement.read_text() + "\nErratum: the fix published after the first release.\n")
    fixed = support.publish(course, "--out", str(repo))
    assert fixed.returncode == 0, fixed.stderr
    for n in stages:
        new = support.head(repo, f"stage-{n}")
        assert new != before[n], f"stage-{n} should carry the fix"
        assert support.is_ancestor(repo, before[n], new), f"stage-{n} history was rewritten"
        if n > 1:
            assert support.is_ancestor(repo, support.head(repo, f"stage-{n - 1}"), new)
        text = support.branch_files(repo, f"stage-{n}")[statement.relative_to(course).as_posix()]
        assert b"Erratum" in text

    pulled = support.git(student, "pull", "--ff-only", check=False)
    assert "Erratum" in (student / statement.relative_to(course)).read_text(), pulled


def test_a_change_to_the_provided_engine_is_built_and_published(extended):
    # The engine's classes are reused only while what they are made from is unchanged: a change is built again.
    course, repo, stages = extended
    engine = course / "solutions/lsm/src/main/java/solutions/lsm/LsmStorage.java"
    source = engine.read_text(encoding="utf-8")
    marker = "republished-engine-marker"
    cut = source.rindex("}")
    engine.write_text(source[:cut] + f'    static final String MARKER = "{marker}";\n' + source[cut:], encoding="utf-8")
    changed = support.publish(course, "--out", str(repo))
    assert changed.returncode == 0, changed.stderr
    assert "provided storage: building" in changed.stderr, changed.stderr
    for n in stages:
        assert (
            marker.encode()
            in support.branch_files(repo, f"stage-{n}")["provided-storage/classes/course/storage/lsm/LsmStorage.class"]
        ), f"stage-{n} kept the old engine"
