"""The shape of the published repository: one cumulative branch per stage, a student build, the templates."""

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import publish_support as support
import pytest

NS = {"m": "http://maven.apache.org/POM/4.0.0"}


def test_one_branch_per_stage_each_containing_the_previous(published):
    _course, repo, stages = published
    assert stages and stages[0] == 1
    assert support.branches(repo) == sorted(f"stage-{n}" for n in stages)
    assert support.git(repo, "symbolic-ref", "HEAD") == "refs/heads/stage-1"
    for n in stages[1:]:
        assert support.is_ancestor(repo, support.head(repo, f"stage-{n - 1}"), support.head(repo, f"stage-{n}"))


def test_branches_are_cumulative_in_statements_and_public_tests(published):
    course, repo, stages = published
    tested = {int(p.name[5:]) for p in (course / "starter/student/src/test/java/course/tests").glob("stage*")}
    for n in stages:
        paths = set(support.branch_files(repo, f"stage-{n}"))
        for k in stages:
            folder = next((course / "stages").glob(f"{k}-*")).name
            has_statement = f"stages/{folder}/README.md" in paths
            has_tests = any(p.startswith(f"starter/student/src/test/java/course/tests/stage{k}/") for p in paths)
            assert has_statement == (k <= n), f"stage-{n}: statement of stage {k}"
            assert has_tests == (k <= n and k in tested), f"stage-{n}: public tests of stage {k}"
        for required in (
            "mvnw",
            ".mvn/wrapper/maven-wrapper.properties",
            "course",
            "scripts/lib.sh",
            "README.md",
            ".gitignore",
            "pom.xml",
            "cli/pom.xml",
            ".github/workflows/public-tests.yml",
            "starter/student/src/main/resources/submission.properties",
            "starter/student/src/main/java/student/StudentServiceFactory.java",
            "kit/results/src/main/resources/course/results/results.schema.json",
        ):
            assert required in paths, f"stage-{n} lacks {required}"
        assert not any("/src/test/" in p for p in paths if p.startswith("kit/")), "kit tests and fixtures stay home"


def test_scripts_are_executable(published):
    _course, repo, stages = published
    modes = {
        row.split("\t")[1]: row.split()[0]
        for row in support.git(repo, "ls-tree", "-r", f"stage-{stages[-1]}").splitlines()
    }
    for script in ("mvnw", "course"):
        assert modes[script] == "100755", script


def test_student_pom_lists_only_student_modules_and_runs_their_tests(published):
    course, repo, stages = published
    files = support.branch_files(repo, "stage-1")
    pom = ET.fromstring(files["pom.xml"])
    modules = [m.text for m in pom.findall("m:modules/m:module", NS)]
    assert "starter/student" in modules and "cli" in modules
    assert all(m.startswith(("starter/", "kit/")) or m in ("cli", "provided-storage") for m in modules), modules
    assert pom.findtext("m:properties/m:starter.skipOwnTests", namespaces=NS) == "false"
    # Same pinned versions as the course's own build.
    course_pom = ET.parse(course / "pom.xml").getroot()
    for prop in pom.findall("m:properties/*", NS):
        name = prop.tag.split("}")[1]
        if name in ("starter.skipOwnTests", "course.jvmFlags"):
            continue
        assert prop.text == course_pom.findtext(f"m:properties/m:{name}", namespaces=NS), name
    cli = files["cli/pom.xml"].decode()
    assert "solutions" not in cli and "bench" not in cli
    commands = files["cli/src/main/resources/course/cli/commands.txt"].decode()
    rows = [
        [f.strip() for f in line.split("|")]
        for line in commands.splitlines()
        if line.strip() and not line.startswith("#")
    ]
    names = {row[0] for row in rows}
    assert "load" in names and "launch" in names
    assert "grade" not in names and "bench" not in names and "publish" not in names, names
    assert "grading" not in commands and "bench." not in commands
    assert all(row[1] in ("student", "both") for row in rows), rows
    # Every command the student's list runs in Java is a class the student repository has.
    for registered in [row[2] for row in rows if row[2] != "-"]:
        assert any(p.endswith("/src/main/java/" + registered.replace(".", "/") + ".java") for p in files), registered
    # cli's Main is shipped as it is: nothing rewrites Java.
    course_main = (course / "cli/src/main/java/course/cli/Main.java").read_bytes()
    assert files["cli/src/main/java/course/cli/Main.java"] == course_main


def test_the_provided_storage_engine_is_compiled_classes_the_starter_depends_on(published):
    _course, repo, stages = published
    for stage in stages:
        files = support.branch_files(repo, f"stage-{stage}")
        engine = sorted(p for p in files if p.startswith("provided-storage/"))
        classes = [p for p in engine if p.endswith(".class")]
        assert "provided-storage/pom.xml" in engine, engine
        assert "provided-storage/classes/course/storage/lsm/LsmStorage.class" in classes, engine
        # compiled only: the engine's sources stay in the course
        assert set(engine) == {"provided-storage/pom.xml", *classes}, engine
        assert not any(p.endswith(".java") and "/lsm/" in p for p in files)
        starter = ET.fromstring(files["starter/student/pom.xml"])
        deps = [d.findtext("m:artifactId", namespaces=NS) for d in starter.findall("m:dependencies/m:dependency", NS)]
        assert "provided-storage" in deps, deps


def test_student_readme_speaks_of_its_own_stage(published):
    _course, repo, stages = published
    for n in stages:
        readme = support.branch_files(repo, f"stage-{n}")["README.md"].decode()
        assert f"This README comes with stage {n}," in readme and f"(branch `stage-{n}` of the course;" in readme
        # After the merge the student's branch keeps its own name, and the next stage may or may not be out yet:
        # the README claims neither.
        assert "You are on branch" not in readme and "is published" not in readme
        assert f"git merge origin/stage-{n + 1}" in readme
        assert "{{" not in readme
        rows = [line for line in readme.splitlines() if re.match(r"\| \d+ \| \[", line)]
        assert len(rows) == n


def test_submission_properties_is_the_same_on_every_branch(published):
    _course, repo, stages = published
    first = support.branch_files(repo, "stage-1")["starter/student/src/main/resources/submission.properties"]
    assert b"stage=1" in first
    for n in stages:
        assert (
            support.branch_files(repo, f"stage-{n}")["starter/student/src/main/resources/submission.properties"]
            == first
        )


def test_student_course_script_offers_student_commands_only(published, tmp_path):
    _course, repo, _stages = published
    work = support.clone(repo, tmp_path / "student", "stage-1")
    helped = subprocess.run([str(work / "course"), "--help"], capture_output=True, text=True, timeout=30)
    assert helped.returncode == 0
    for command in ("test", "run", "launch", "load", "saturate", "profile", "report"):
        assert f"\n  {command} " in helped.stdout, command
    assert "\n  bench " not in helped.stdout and "\n  demo " not in helped.stdout
    refused = subprocess.run([str(work / "course"), "bench", "storage"], capture_output=True, text=True, timeout=30)
    assert refused.returncode == 2
    assert "students do not get" in refused.stderr and "./course run" in refused.stderr


def test_student_report_command_scaffolds_a_report(published, tmp_path):
    """./course report runs in the student repository with the Python environment of its requirements.txt; the
    one this test runs in is that environment already, so it is linked in instead of installed again."""
    _course, repo, _stages = published
    work = support.clone(repo, tmp_path / "student", "stage-1")
    installed = Path(sys.prefix) / ".requirements.installed"
    if not installed.is_file() or installed.read_bytes() != (work / "requirements.txt").read_bytes():
        pytest.skip("not running inside the course's .venv (./course test provides it)")
    (work / ".venv").symlink_to(sys.prefix)
    result = subprocess.run(
        [str(work / "course"), "report", "--stage", "1", "--student", "alice"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    report = work / "reports/alice/stage-1/report.md"
    assert report.is_file() and 'student: "alice"' in report.read_text()
    assert support.git(work, "status", "--porcelain") == "?? reports/", "only the report is new; .venv is ignored"
    assert "./course site" not in result.stdout and "hand it in" in result.stdout  # students have no ./course site
    refused = subprocess.run(
        [str(work / "course"), "report", "--stage", "2", "--student", "alice"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 2 and "there is no stage 2; the stages are: 1" in refused.stderr


def test_stage_files_keep_their_facts_but_not_the_reference_name(published):
    course, repo, stages = published
    files = support.branch_files(repo, f"stage-{stages[-1]}")
    for n in stages:
        folder = next((course / "stages").glob(f"{n}-*")).name
        shipped = files[f"stages/{folder}/stage.yml"].decode("utf-8")
        home = (course / "stages" / folder / "stage.yml").read_text(encoding="utf-8")
        assert "reference:" in home and "reference:" not in shipped, shipped
        assert "nodes:" in shipped and "standard-workloads:" in shipped, shipped
    # Both registries of the student repository (kit/command's StageFile, sitegen/stages.py) check stage.yml against
    # kit/command's stage.schema.json: it ships where both look for it, as it is here.
    schema = "kit/command/src/main/resources/course/command/stage.schema.json"
    assert files[schema] == (course / schema).read_bytes()
