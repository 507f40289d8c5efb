"""The branches after the first build on a fresh clone with the student's own ./mvnw, offline: stage 2's own public
tests pass once the course's reference server is dropped into the student's sources, later stages compile, and
`./course test --stage 2` runs stage 2's public tests on the skeleton. Apart from test_publish_student_build.py (stage
1) so that ./course test's two pytest workers share the student repository's builds."""

import os
import subprocess

import publish_support as support
import pytest


def reference_stages(course):
    """Stages whose reference factory (the one its stage.yml names) has its source in this checkout."""
    return {n for n in support.stage_numbers(course) if support.reference_source(course, n)}


def later_stages():
    return [n for n in support.stage_numbers(support.COURSE) if n > 1]


@pytest.mark.parametrize("stage", later_stages())
def test_later_stage_builds_and_its_reference_passes_when_there_is_one(published, tmp_path, stage):
    course, repo, stages = published
    if stage not in stages:
        pytest.skip(f"stage {stage} appeared after the snapshot was taken")
    work = support.clone(repo, tmp_path / f"stage-{stage}", f"stage-{stage}")
    if stage not in reference_stages(course) or stage > 2:
        # Stages past 2 (or without a reference yet) only have to compile: keeps the suite within minutes.
        result = support.mvn(work, "test-compile")
        assert result.returncode == 0, f"{result.stdout[-3000:]}{result.stderr[-3000:]}"
        return
    support.drop_reference_into(course, work, stage)
    # The stage's own public tests: the earlier stages' run on their references in the student's build above (stage
    # 1, test_publish_student_build.py) and on every reference in the course's own build (grading/checks), so here
    # they would only run again (about 20 core-seconds of a 2-core suite).
    result = support.mvn(
        work, "test", f"-Dtest=course/tests/stage{stage}/**", "-Dsurefire.failIfNoSpecifiedTests=false"
    )
    cases = support.surefire_cases(work)
    ran = {c["class"].split(".")[2] for c in cases}
    assert result.returncode == 0 and not any(c["failure"] for c in cases), support.failure_report(result, cases)
    assert ran == {f"stage{stage}"}, (
        f"the stage-{stage} public tests should have run, and only they (ran: {sorted(ran)})"
    )


def test_course_test_stage_runs_the_public_tests_up_to_that_stage(published, tmp_path):
    """submission.properties says stage=1 on every branch until the student raises it; `./course test --stage 2`
    runs the stage-2 public tests all the same (they fail on the skeleton, but they run, none skipped)."""
    _course, repo, stages = published
    if 2 not in stages:
        pytest.skip("no stage 2 in this course")
    work = support.clone(repo, tmp_path / "stage-2", "stage-2")
    env = dict(os.environ, MAVEN_ARGS="-o -q")  # the machine has every dependency, as in support.mvn
    result = subprocess.run(
        [str(work / "course"), "test", "--stage", "2"], capture_output=True, text=True, timeout=600, env=env
    )
    cases = support.surefire_cases(work)
    stage2 = [c for c in cases if c["class"].startswith("course.tests.stage2.")]
    assert result.returncode != 0, "the public tests must fail on the untouched skeleton"
    assert stage2 and not any(c["skipped"] for c in stage2), support.failure_report(result, cases)
