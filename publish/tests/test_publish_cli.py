"""./course publish's command line (argparse), in process: the same options and the same clear errors (exit 2)."""

from pathlib import Path

import publish_support as support
import pytest


@pytest.fixture
def cli(monkeypatch):
    monkeypatch.syspath_prepend(str(support.COURSE / "publish"))
    from student_repo import cli
    from student_repo.errors import PublishError

    return cli, PublishError


@pytest.mark.parametrize(
    "argv, parsed",
    [
        (["--out", "x"], (Path("x"), None)),
        (["--out=x", "--stages=1-2"], (Path("x"), "1-2")),
        (["--stages", "1", "--out", "y", "--out", "z"], (Path("z"), "1")),  # the last --out counts
        (["-h"], (None, None)),
        (["--out", "x", "--help"], (None, None)),
    ],
)
def test_the_options(cli, argv, parsed):
    module, _ = cli
    assert module.parse(argv) == parsed


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            [],
            "--out DIR is required: the folder of the student repository (outside this one), e.g. ./course publish "
            "--out ../student-repo",
        ),
        (["--out"], "--out needs a value; see ./course publish --help"),
        (["--out", "--stages", "1"], "--out needs a value; see ./course publish --help"),
        (["--out", "x", "--stages"], "--stages needs a value; see ./course publish --help"),
        (["--force"], "unknown argument '--force'; see ./course publish --help"),
        (["--out", "x", "--force"], "unknown argument '--force'; see ./course publish --help"),
        (["extra", "--out", "x"], "unknown argument 'extra'; see ./course publish --help"),
        (["--o", "x"], "unknown argument '--o'; see ./course publish --help"),  # no abbreviations
    ],
)
def test_a_wrong_command_line_is_one_clear_line_and_exit_2(cli, capsys, argv, message):
    module, publish_error = cli
    with pytest.raises(publish_error) as refused:
        module.parse(argv)
    assert str(refused.value) == message
    assert module.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err == f"course publish: {message}\n" and captured.out == ""


def test_help_prints_the_usage_and_exits_0(cli, capsys):
    module, _ = cli
    assert module.main(["--help"]) == 0
    captured = capsys.readouterr()
    assert captured.out == module.USAGE + "\n" and captured.err == ""
    assert captured.out.startswith("usage: ./course publish --out DIR [--stages 1-4]")
