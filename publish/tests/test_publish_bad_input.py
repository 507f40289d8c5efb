"""Wrong arguments and wrong places get a clear message (exit 2) and leave nothing behind."""

import subprocess

import publish_support as support


def test_missing_out(course):
    result = support.publish(course)
    assert result.returncode == 2
    assert "--out DIR is required" in result.stderr


def test_out_inside_the_course_repository(course):
    result = support.publish(course, "--out", str(course / "student-repo"))
    assert result.returncode == 2
    assert "inside the course repository" in result.stderr
    assert not (course / "student-repo").exists()


def test_out_is_a_git_repository_publish_did_not_create(course, tmp_path):
    other = tmp_path / "someones-repo"
    other.mkdir()
    support.git(other, "init", "-q")
    (other / "notes.txt").write_text("mine\n")
    result = support.publish(course, "--out", str(other))
    assert result.returncode == 2
    assert "not a repository made by ./course publish" in result.stderr
    bare = tmp_path / "bare.git"
    support.git(tmp_path, "init", "-q", "--bare", str(bare))
    result = support.publish(course, "--out", str(bare))
    assert result.returncode == 2
    assert "did not create" in result.stderr
    assert support.branches(bare) == []


def test_out_is_a_folder_with_other_files(course, tmp_path):
    (tmp_path / "stuff.txt").write_text("x")
    result = support.publish(course, "--out", str(tmp_path))
    assert result.returncode == 2
    assert "not empty" in result.stderr


def test_out_below_a_file(course, tmp_path):
    # Once a Python traceback (NotADirectoryError) after the branches were built.
    (tmp_path / "a-file").write_text("x")
    result = support.publish(course, "--out", str(tmp_path / "a-file" / "repo"))
    assert result.returncode == 2
    assert f"{tmp_path / 'a-file'} is a file, not a folder" in result.stderr and "Traceback" not in result.stderr
    assert (tmp_path / "a-file").read_text() == "x"


def test_stages_outside_the_course(course, tmp_path):
    last = support.stage_numbers(course)[-1]
    for spec, message in ((f"1-{last + 5}", "the course has stages"), ("two", "takes a range"), ("3-1", "FROM <= TO")):
        result = support.publish(course, "--out", str(tmp_path / "out"), "--stages", spec)
        assert result.returncode == 2, spec
        assert message in result.stderr, (spec, result.stderr)
    assert not (tmp_path / "out").exists()


def test_unknown_argument_and_help(course, tmp_path):
    result = support.publish(course, "--out", str(tmp_path / "out"), "--force")
    assert result.returncode == 2 and "unknown argument '--force'" in result.stderr
    result = support.publish(course, "--help")
    assert result.returncode == 0 and "usage: ./course publish --out DIR" in result.stdout


def test_stages_option_publishes_only_those_branches(course, tmp_path):
    repo = tmp_path / "student.git"
    result = support.publish(course, "--out", str(repo), "--stages", "1")
    assert result.returncode == 0, result.stderr
    assert support.branches(repo) == ["stage-1"]


def test_a_stage_folder_the_registry_refuses_stops_the_publish(tmp_path):
    """The stages are read from their stage.yml, not from folder names: a stage folder without one, or whose
    stage.yml names another stage, is refused with the file and what to do, before anything is written."""
    course = support.snapshot_course(tmp_path / "course")
    last = support.stage_numbers(course)[-1]
    extra = course / "stages" / f"{last + 1}-extra"
    extra.mkdir()
    (extra / "README.md").write_text(f"# Stage {last + 1}: extra\n", encoding="utf-8")
    result = support.publish(course, "--out", str(tmp_path / "out"))
    assert result.returncode == 2, result.stderr
    assert f"stages/{last + 1}-extra/stage.yml: is missing: every stage folder needs one" in result.stderr
    (extra / "stage.yml").write_text(
        f"stage: {last}\ntitle: Extra\nslug: extra\nnodes: 1\nendpoints: [/v0/entity]\n", encoding="utf-8"
    )
    result = support.publish(course, "--out", str(tmp_path / "out"))
    assert result.returncode == 2, result.stderr
    assert f"field 'stage': says {last} but the folder is stage {last + 1}: make them agree" in result.stderr
    assert not (tmp_path / "out").exists()


def test_student_course_test_refuses_bad_arguments_before_building(published, tmp_path):
    """The student's ./course test once passed every argument to Maven, which printed its whole option list for
    `--stage 9`. Now each is checked (a stage against the repository's own stage folders) before anything builds."""
    _course, repo, _stages = published
    work = support.clone(repo, tmp_path / "student", "stage-1")
    for args, said in (
        (
            ["--stage", "9"],
            "course test: there is no stage '9' in this repository; give one of its "
            "stages: 1 (a later stage comes with its branch)",
        ),
        (["--stage", "2"], "course test: there is no stage '2' in this repository"),
        (["--stage", "x"], "course test: there is no stage 'x' in this repository"),
        (["--stage"], "course test: --stage needs a stage number; usage: ./course test [--stage N]"),
        (
            ["-Dtest=EntityProtocolTest"],
            "course test: unknown argument '-Dtest=EntityProtocolTest'; usage: ./course test [--stage N]",
        ),
        (["--stage", "1", "--fast"], "course test: unknown argument '--fast'"),
    ):
        result = subprocess.run([str(work / "course"), "test", *args], capture_output=True, text=True, timeout=60)
        assert result.returncode == 2, (args, result.stdout[-2000:], result.stderr[-2000:])
        assert result.stderr.startswith(said), (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == "", (args, result.stdout)
    assert not list(work.rglob("target")), "a refused ./course test built something"
    helped = subprocess.run([str(work / "course"), "test", "--help"], capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: ./course test [--stage N]")
