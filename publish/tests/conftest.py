"""Shared fixtures: one snapshot of the course published once, for the tests that only read the result."""

import publish_support as support
import pytest


@pytest.fixture(scope="session")
def course(tmp_path_factory):
    return support.snapshot_course(tmp_path_factory.mktemp("course") / "course")


@pytest.fixture(scope="session")
def published(course, tmp_path_factory):
    """The student repository published from the snapshot: (course, repo path, stage numbers)."""
    repo = tmp_path_factory.mktemp("published") / "student.git"
    result = support.publish(course, "--out", str(repo))
    assert result.returncode == 0, f"publish failed:\n{result.stdout}{result.stderr}"
    return course, repo, support.stage_numbers(course)
