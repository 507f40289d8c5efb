"""Each branch builds on a fresh clone with the student's own ./mvnw, offline; the public tests fail on the
skeleton with "not implemented" and pass once the course's reference is dropped into the student's sources.
The slow part of the suite: one clone per branch, each build reused for both runs of its stage."""
import pytest

import publish_support as support


def reference_stages(course):
    """Stages whose reference factory (the one its stage.yml names) has its source in this checkout."""
    return {n for n in support.stage_numbers(course) if support.reference_source(course, n)}


def failure_report(result, cases):
    failing = [f"{c['class']}.{c['name']}: {(c['failure'] or '')[:300]}" for c in cases if c["failure"]]
    return f"exit {result.returncode}\n{result.stdout[-3000:]}{result.stderr[-3000:]}\n" + "\n".join(failing[:10])


def test_stage_1_fails_on_the_skeleton_and_passes_with_the_reference(published, tmp_path):
    course, repo, _stages = published
    work = support.clone(repo, tmp_path / "stage-1", "stage-1")

    skeleton = support.mvn(work, "test")
    cases = support.surefire_cases(work)
    stage1 = [c for c in cases if c["class"].startswith("course.tests.stage1.")]
    assert skeleton.returncode != 0, "the public tests must fail on the untouched skeleton"
    assert stage1, f"no stage-1 public test ran:\n{skeleton.stdout[-2000:]}{skeleton.stderr[-2000:]}"
    for case in stage1:
        assert case["failure"] and "not implemented" in case["failure"].lower(), \
            f"{case['class']}.{case['name']} should fail with 'not implemented', got: {case['failure']}"

    support.drop_reference_into(course, work, 1)
    reference = support.mvn(work, "test")
    cases = support.surefire_cases(work)
    stage1 = [c for c in cases if c["class"].startswith("course.tests.stage1.")]
    assert reference.returncode == 0 and stage1 and not any(c["failure"] for c in cases), \
        failure_report(reference, cases)
    assert not any(c["skipped"] for c in stage1)


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
    result = support.mvn(work, "test")
    cases = support.surefire_cases(work)
    ran = {c["class"].split(".")[2] for c in cases}
    assert result.returncode == 0 and not any(c["failure"] for c in cases), failure_report(result, cases)
    assert f"stage{stage}" in ran, f"no stage-{stage} public test ran (ran: {sorted(ran)})"
