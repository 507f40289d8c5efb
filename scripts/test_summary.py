#!/usr/bin/env python3
"""The closing lines of ./course test, from the runners' XML reports (Maven Surefire's TEST-*.xml under each module's
target/surefire-reports, pytest's build/pytest-results.xml): the name and first message line of each failed test
and of each flaky one (failed, then passed when Surefire ran it again), then one count over both runners. The names
come first so that a log cut to its last lines still says what failed. Exit 1 when a test failed."""

import glob
import sys
import xml.etree.ElementTree as ET

FAILED = ("failure", "error")
FLAKY = ("flakyFailure", "flakyError")


def first_line(element) -> str:
    text = (element.get("message") or element.text or "").strip().splitlines()
    return f": {text[0][:300]}" if text else ""


def summary(root: str) -> tuple:
    # in the order they ran: the Java modules, then Python
    files = sorted(glob.glob(f"{root}/**/target/surefire-reports/TEST-*.xml", recursive=True)) + glob.glob(
        f"{root}/build/pytest-results.xml"
    )
    tests = failed = skipped = 0
    lines, flaky = [], 0
    for f in files:
        try:
            report = ET.parse(f).getroot()
        except ET.ParseError as e:
            lines.append(f"course: UNREADABLE test report {f} ({e})")
            failed += 1
            continue
        for suite in [report] if report.tag == "testsuite" else report.iter("testsuite"):
            # Each test case counts, not the suite's own totals: Surefire writes tests="1" for a class of dynamic
            # tests once it ran one of them again (188 passed tests once went uncounted that way).
            for case in suite.iter("testcase"):
                tests += 1
                name = f"{case.get('classname')}#{case.get('name')}"
                problem = next((p for tag in FAILED for p in case.findall(tag)), None)
                if problem is not None:
                    failed += 1
                    lines.append(f"course: FAILED {name}{first_line(problem)}")
                    continue
                if case.find("skipped") is not None:
                    skipped += 1
                    continue
                first = next((p for tag in FLAKY for p in case.findall(tag)), None)
                if first is not None:
                    flaky += 1
                    lines.append(f"course: FLAKY {name} (failed, then passed when run again){first_line(first)}")
    count = f"{tests - failed - skipped} passed" + (f" ({flaky} of them flaky)" if flaky else "")
    lines.append(f"course: {count}, {failed} failed, {skipped} skipped")
    return lines, failed


def main(argv: list) -> int:
    lines, failed = summary(argv[1])
    print("\n".join(lines))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
