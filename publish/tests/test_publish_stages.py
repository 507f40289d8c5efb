"""Which stages publish sees: the stage registry (stage.yml), in process, without publishing anything."""

import publish_support as support
import pytest


@pytest.fixture
def discovery(monkeypatch):
    monkeypatch.syspath_prepend(str(support.COURSE / "publish"))
    from student_repo import stages
    from student_repo.errors import PublishError

    return stages.discover, PublishError


def stage(course, folder: str, heading: str, stage_yml: str):
    path = course / "stages" / folder
    path.mkdir(parents=True)
    (path / "README.md").write_text(f"# {heading}\n", encoding="utf-8")
    (path / "stage.yml").write_text(stage_yml, encoding="utf-8")


def test_a_stage_is_what_its_stage_yml_says(tmp_path, discovery):
    discover, publish_error = discovery
    stage(
        tmp_path,
        "1-first",
        "The statement's heading",
        "stage: 1\ntitle: Stage 1 as the registry says\nslug: first\nnodes: 1\nendpoints: [/v0/entity]\n",
    )
    (tmp_path / "starter/student/src/test/java/course/tests/stage1").mkdir(parents=True)
    found = discover(tmp_path)
    assert [(s.number, s.folder, s.title, s.has_public_tests) for s in found] == [
        (1, "stages/1-first", "Stage 1 as the registry says", True)
    ]
    stage(tmp_path, "2-second", "Stage 2", "stage: 2\ntitle: Stage 2\nslug: other\nnodes: 1\nendpoints: [/v0/entity]\n")
    with pytest.raises(publish_error, match="field 'slug': says 'other' but the folder is 2-second: make them agree"):
        discover(tmp_path)
