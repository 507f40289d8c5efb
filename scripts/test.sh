#!/usr/bin/env bash
# ./course test: every test of the project. Java (Maven, all modules) first, then Python (site tooling, including
# the real-browser test), then one closing line that counts both.
set -uo pipefail
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh" # sets and exports COURSE_ROOT

case "${1:-}" in
  -h|--help)
    cat <<'TXT'
usage: ./course test [--java-only | --python-only]
  Runs every test of the project: the Java modules through ./mvnw verify (public tests against the references and
  against the skeleton, the harness, the measurement kit, the storage engine), then the Python tests of the site
  (pytest, with a headless-Chromium test). Ends with one line: "course: N passed, N failed, N skipped".
TXT
    exit 0 ;;
esac
only=${1:-}
start=$(date +%s)
java_rc=0; py_rc=0
# The closing line counts the runners' XML reports: reports of an earlier run must not count again.
find "$COURSE_ROOT" -path "$COURSE_ROOT/.git" -prune -o -type d -name surefire-reports -path '*/target/*' -print0 \
  | xargs -0 rm -rf
rm -f "$COURSE_ROOT/build/pytest-results.xml"

if [ "$only" != --python-only ]; then
  course_find_jdk
  echo "== Java tests (./mvnw verify; JDK $COURSE_JDK_VERSION at $JAVA_HOME) =="
  # A failing test does not stop the reactor: every module's tests run, and the closing line below counts them all.
  course_mvn verify -Dmaven.test.failure.ignore=true -Dstyle.color=never | grep --line-buffered -vE '^\[INFO\] (Download|Copying|Building jar|--- |$)' 
  java_rc=${PIPESTATUS[0]}
fi

if [ "$only" != --java-only ]; then
  echo "== Python tests (pytest: the site, with a headless-Chromium test; publishing the student repository) =="
  course_venv
  ( cd "$COURSE_ROOT" && NO_MKDOCS_2_WARNING=1 python -m pytest -q sitegen/tests publish/tests \
      --junitxml="$COURSE_ROOT/build/pytest-results.xml" )
  py_rc=$?
fi

# One closing line over both runners, from their XML reports.
python3 - "$COURSE_ROOT" <<'PY'
import glob, sys, xml.etree.ElementTree as ET
root = sys.argv[1]
files = glob.glob(f"{root}/**/target/surefire-reports/TEST-*.xml", recursive=True) + glob.glob(f"{root}/build/pytest-results.xml")
tests = failed = skipped = 0
names = []  # the failed tests, so that a log cut to its last lines still says which ones
for f in files:
    try:
        r = ET.parse(f).getroot()
    except ET.ParseError:
        continue
    for s in ([r] if r.tag == "testsuite" else r.iter("testsuite")):
        tests += int(s.get("tests", 0)); skipped += int(s.get("skipped", 0))
        failed += int(s.get("failures", 0)) + int(s.get("errors", 0))
        for case in s.iter("testcase"):
            problem = case.find("failure")
            if problem is None:
                problem = case.find("error")
            if problem is not None:
                first = (problem.get("message") or "").strip().splitlines()[:1]
                names.append(f"{case.get('classname')}#{case.get('name')}" + (f": {first[0][:300]}" if first else ""))
for name in names:
    print(f"course: FAILED {name}")
print(f"course: {tests - failed - skipped} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)
PY
counted_rc=$?
echo "(./course test took $(( $(date +%s) - start )) s)"
[ $java_rc -eq 0 ] && [ $py_rc -eq 0 ] && [ $counted_rc -eq 0 ]
