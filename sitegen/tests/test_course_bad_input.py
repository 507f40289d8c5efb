"""Bad input to the course's shell commands is refused (exit 2, one line: what was wrong and what to do) before they
delete, build or start anything. Each runs the real script; none of them may get as far as its real work."""

import os

from sitegen.paths import REPO_ROOT
from sitegen.stages import registry

from .conftest import run_command

TEST_SH = REPO_ROOT / "scripts/test.sh"


def course_root_with_old_reports(tmp_path):
    """A stand-in checkout for scripts/test.sh (COURSE_ROOT) holding the reports a real run deletes first. It has no
    mvnw, so a script that got past its arguments could delete these and fail, but never start the real suite."""
    root = tmp_path / "course"
    reports = root / "kit/results/target/surefire-reports"
    reports.mkdir(parents=True)
    (reports / "TEST-kept.xml").write_text("<testsuite/>", encoding="utf-8")
    (root / "build").mkdir()
    (root / "build/pytest-results.xml").write_text("<testsuite/>", encoding="utf-8")
    return root, [reports / "TEST-kept.xml", root / "build/pytest-results.xml"]


def test_course_test_refuses_an_unknown_argument_before_deleting_reports(tmp_path):
    # `./course test --stage 9` once ignored the flag and started the 18-minute suite.
    root, kept = course_root_with_old_reports(tmp_path)
    env = dict(os.environ, COURSE_ROOT=str(root))
    for args, said in (
        (["--stage", "9"], "course test: unknown argument '--stage'; "),
        (["--java"], "course test: unknown argument '--java'; "),
        (["--java-only", "-Dtest=X"], "course test: unknown argument '-Dtest=X'; "),
        (["--java-only", "--python-only"], "course test: --java-only --python-only asks for two"),
    ):
        result = run_command([str(TEST_SH), *args], env=env, timeout=60)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert result.stderr.startswith(said), (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert result.stdout == "", (args, result.stdout)
        assert all(f.exists() for f in kept), f"{args}: the reports of the last run were deleted"
    result = run_command([str(TEST_SH), "--stage", "9"], env=env, timeout=60)
    assert "usage: ./course test [--java-only | --python-only]" in result.stderr
    helped = run_command([str(TEST_SH), "--help"], env=env, timeout=60)
    assert helped.returncode == 0 and "Anything else on the command line is refused" in helped.stdout


def test_demo_refuses_stages_the_registry_does_not_have_before_starting_or_deleting(tmp_path):
    # `./course demo --stages 9` once emptied the last demo's results and exited 0 having loaded nothing.
    numbers = [s.number for s in registry(REPO_ROOT / "stages")]
    known = ", ".join(str(n) for n in numbers)
    last = numbers[-1]
    for spec, missing in ((str(last + 3), str(last + 3)), (f"{last}-{last + 2}", f"{last + 1}-{last + 2}")):
        results = tmp_path / f"results-{spec}"  # new: a demo that went ahead would create it
        result = run_command(
            [
                str(REPO_ROOT / "course"),
                "demo",
                "--no-serve",
                "--stages",
                spec,
                "--results",
                str(results),
                "--site-out",
                str(tmp_path / "site"),
            ]
        )
        assert result.returncode == 2, (spec, result.stdout[-2000:], result.stderr[-2000:])
        assert result.stderr.strip() == (
            f"demo: --stages '{spec}' asks for stages this course does not have "
            f"({missing}); the stages are {known} (./course stages lists them)"
        ), result.stderr
        assert "Starting the stage" not in result.stdout, result.stdout
        assert not results.exists() and not (tmp_path / "site").exists()


def test_demo_refuses_bad_values_before_building(tmp_path):
    for args, said in (
        (["--stages", "3-1"], "demo: --stages '3-1' runs backwards"),
        (["--port", "99999"], "demo: --port '99999' is not a port; give a number from 1 to 65535"),
        (["--port", "0"], "demo: --port '0' is not a port"),
        (["--frobnicate"], "demo: unknown option '--frobnicate'"),
    ):
        result = run_command(
            [str(REPO_ROOT / "course"), "demo", "--no-serve", *args, "--results", str(tmp_path / "r")], timeout=60
        )
        assert result.returncode == 2, (args, result.stdout[-2000:], result.stderr[-2000:])
        assert result.stderr.startswith(said), (args, result.stderr)
        assert result.stdout == "", "it went on to build: " + result.stdout
        assert not (tmp_path / "r").exists()


def test_site_and_demo_refuse_an_out_holding_other_files_before_building(tmp_path):
    # `./course site --out DIR` once emptied DIR (MkDocs cleans the folder it builds in) whatever it held.
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("precious", encoding="utf-8")
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    reports = str(REPO_ROOT / "samples/reports")
    for out, said in (("mine", "holds files that are not a site the course built"), ("a-file", "is a file")):
        # Typed from another folder than the checkout: the path is the user's, the code the checkout's.
        result = run_command([str(REPO_ROOT / "course"), "site", "--reports", reports, "--out", out], cwd=tmp_path)
        assert result.returncode == 2, (out, result.stdout[-2000:], result.stderr[-2000:])
        assert result.stderr.startswith(f"course site: --out {out} {said}"), result.stderr
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    # Relative, typed from another folder: the folder checked is the one the demo would build in.
    demo = run_command(
        [str(REPO_ROOT / "course"), "demo", "--no-serve", "--site-out", "mine", "--results", str(tmp_path / "r")],
        timeout=60,
        cwd=tmp_path,
    )
    assert demo.returncode == 2, (demo.stdout[-2000:], demo.stderr[-2000:])
    assert "demo: --site-out mine holds files that are not a site the course built" in demo.stderr, demo.stderr
    assert demo.stdout == "" and not (tmp_path / "r").exists(), "it went on: " + demo.stdout
    assert (mine / "notes.txt").read_text(encoding="utf-8") == "precious"
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]

    site = tmp_path / "site"
    for _ in range(2):  # a site the course built is built again in place
        built = run_command([str(REPO_ROOT / "course"), "site", "--reports", reports, "--out", "site"], cwd=tmp_path)
        assert built.returncode == 0, built.stderr[-2000:]
        assert (site / "index.html").is_file() and (site / ".course-site").is_file()
