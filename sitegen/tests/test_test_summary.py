"""./course test ends with scripts/test_summary.py: a log is often read from its last lines only (a CI page keeps the
tail), so those lines must name every failed and every flaky test, and the exit code must say whether one failed."""

import subprocess
import sys

from sitegen.paths import REPO_ROOT

SUREFIRE = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="grading.SomeTest" tests="4" failures="1" errors="0" skipped="1" flakes="1">
  <testcase name="passes" classname="grading.SomeTest"/>
  <testcase name="racy" classname="grading.SomeTest">
    <flakyFailure message="expected: &lt;200&gt; but was: &lt;504&gt;&#10;second line" type="AssertionFailedError"/>
  </testcase>
  <testcase name="broken" classname="grading.SomeTest">
    <failure message="node 1 answered 500" type="AssertionFailedError">stack</failure>
    <rerunFailure message="node 1 answered 500 again" type="AssertionFailedError"/>
  </testcase>
  <testcase name="later" classname="grading.SomeTest"><skipped/></testcase>
</testsuite>
"""
PYTEST = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" tests="2" failures="0" errors="1"
skipped="0"><testcase classname="sitegen.tests.test_x" name="test_ok"/><testcase classname="sitegen.tests.test_x"
name="test_setup"><error message="fixture 'browser' not found">trace</error></testcase></testsuite></testsuites>"""


def summarize(root):
    return subprocess.run(
        [sys.executable, str(REPO_ROOT / "scripts" / "test_summary.py"), str(root)], capture_output=True, text=True
    )


def test_failed_and_flaky_tests_are_named_before_the_count(tmp_path):
    reports = tmp_path / "grading" / "target" / "surefire-reports"
    reports.mkdir(parents=True)
    (reports / "TEST-grading.SomeTest.xml").write_text(SUREFIRE, encoding="utf-8")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "pytest-results.xml").write_text(PYTEST, encoding="utf-8")
    done = summarize(tmp_path)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "course: FLAKY grading.SomeTest#racy (failed, then passed when run again): expected: <200> but was: <504>",
        "course: FAILED grading.SomeTest#broken: node 1 answered 500",
        "course: FAILED sitegen.tests.test_x#test_setup: fixture 'browser' not found",
        "course: 3 passed (1 of them flaky), 2 failed, 1 skipped",
    ]


def test_a_run_with_only_flaky_tests_passes_and_still_names_them(tmp_path):
    reports = tmp_path / "kit" / "load" / "target" / "surefire-reports"
    reports.mkdir(parents=True)
    only_flaky = SUREFIRE.replace('failures="1"', 'failures="0"').replace(
        SUREFIRE[SUREFIRE.index('  <testcase name="broken"') : SUREFIRE.index('  <testcase name="later"')], ""
    )
    (reports / "TEST-grading.SomeTest.xml").write_text(only_flaky.replace('tests="4"', 'tests="3"'), encoding="utf-8")
    done = summarize(tmp_path)
    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines()[0].startswith("course: FLAKY grading.SomeTest#racy")
    assert done.stdout.splitlines()[-1] == "course: 2 passed (1 of them flaky), 0 failed, 1 skipped"


def test_a_report_it_cannot_read_counts_as_a_failure(tmp_path):
    reports = tmp_path / "m" / "target" / "surefire-reports"
    reports.mkdir(parents=True)
    (reports / "TEST-cut.xml").write_text("<testsuite tests='3'><testcase", encoding="utf-8")
    done = summarize(tmp_path)
    assert done.returncode == 1
    assert "UNREADABLE test report" in done.stdout and done.stdout.splitlines()[-1].endswith("1 failed, 0 skipped")


def test_each_test_case_counts_even_where_surefire_wrote_tests_1(tmp_path):
    # A class of dynamic tests, one of which failed and passed when run again: Surefire wrote tests="1" for 189 cases,
    # and the closing line once left 188 passed tests out.
    reports = tmp_path / "grading" / "checks" / "target" / "surefire-reports"
    reports.mkdir(parents=True)
    cases = "".join(f'<testcase name="t{i}" classname="grading.meta.Dynamic"/>' for i in range(188))
    racy = '<testcase name="racy" classname="grading.meta.Dynamic"><flakyFailure message="504"/></testcase>'
    suite = f'<testsuite name="grading.meta.Dynamic" tests="1" failures="0" errors="0" skipped="0">{cases}{racy}</testsuite>'
    (reports / "TEST-grading.meta.Dynamic.xml").write_text(suite, encoding="utf-8")
    done = summarize(tmp_path)
    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines()[-1] == "course: 189 passed (1 of them flaky), 0 failed, 0 skipped"
