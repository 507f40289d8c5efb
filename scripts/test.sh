#!/usr/bin/env bash
# ./course test: every test of the project. Java (Maven, all modules) and Python (site tooling, including the
# real-browser test) side by side, then the name of each failed or flaky test and one closing line that counts both.
set -uo pipefail
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh" # sets and exports COURSE_ROOT

usage_line="usage: ./course test [--java-only | --python-only]"
case "${1:-}" in
  -h|--help)
    cat <<'TXT'
usage: ./course test [--java-only | --python-only]
  Runs every test of the project: the Java modules through ./mvnw verify (public tests against the references and
  against the skeleton, the harness, the measurement kit, the storage engine) and, beside them once the course is
  built, the Python tests of the site (pytest, with a headless-Chromium test; their output follows the Java tests').
  A Java test that fails runs once more; passing then, it counts as passed and is named as flaky. Ends with the name
  of each failed or flaky test and one line: "course: N passed (K of them flaky), N failed, N skipped".
  Style is checked by machines too, and a finding fails the run: the Java format (Spotless with palantir-java-format;
  ./mvnw spotless:apply fixes it) and bug patterns (Error Prone, every module compiled into target/errorprone; its
  warnings fail too), both beside the Java tests, and after the Python tests the Python code (ruff check and ruff
  format --check; ruff check --fix . and ruff format . fix most of it).
  Anything else on the command line is refused before a report is deleted or a build starts. One Java test class:
  ./mvnw -B -ntp -pl <module> -am -Dtest=ClassName -Dsurefire.failIfNoSpecifiedTests=false test
TXT
    exit 0 ;;
esac
# Every argument is checked before the reports are deleted below: a mistyped option once started the whole suite.
for arg in "$@"; do
  case "$arg" in
    --java-only|--python-only) ;;
    *) echo "course test: unknown argument '$arg'; $usage_line (one Java test class: see ./course test --help)" >&2
       exit 2 ;;
  esac
done
if [ $# -gt 1 ]; then
  echo "course test: $* asks for two halves at once; give one of them, or neither for every test" >&2; exit 2
fi
only=${1:-}
start=$(date +%s)
# Every Maven of the run compiles or checks for seconds to a few minutes and exits: the build, ./mvnw verify's own
# JVM, and the builds tests start (the Gradescope zip's course, the student repository's clones, the provided
# engine). With the JIT's first tier only, as the test JVMs already run (jvm-flags.properties), the Error Prone build
# took 89 instead of 126 core-seconds, the format check 10 instead of 19, and a student clone's test-compile 7.4
# instead of 13.5 on this 2-core machine. MAVEN_OPTS reaches only Maven's own JVM: test JVMs and nodes keep theirs.
# The serial collector as well: the Error Prone build then took 100 instead of 113 core-seconds (G1's threads
# compete with javac's for the two cores).
export MAVEN_OPTS="${MAVEN_OPTS:+$MAVEN_OPTS }-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
java_rc=0; py_rc=0; style_rc=0; java_style_rc=0
# The closing line counts the runners' XML reports: reports of an earlier run must not count again.
find "$COURSE_ROOT" -path "$COURSE_ROOT/.git" -prune -o -type d -name surefire-reports -path '*/target/*' -print0 \
  | xargs -0 rm -rf
rm -f "$COURSE_ROOT/build/pytest-results.xml"
mkdir -p "$COURSE_ROOT/build" # both jobs' output files

# The Python tests start ./course (the demo, the publish) on the course's jars; built first, those jars stay as they
# are while Maven tests (an up-to-date jar is not written again), so both runners go side by side: much of either's
# time is nodes starting and clients waiting, and together they keep both cores busy.
py_log="$COURSE_ROOT/build/pytest-output.txt"
# Two pytest workers (pytest-xdist), each taking whole files (--dist loadfile: a file's module fixtures, such as the
# demo run, are made once): alone, pytest is one process waiting on one build or demo at a time while four Maven
# test JVMs share the CPUs, and it ended last, with a core idle; its two longest files (the student repository's
# builds, the demo's stages) now run side by side.
pytest_args=(-q -n 2 --dist loadfile sitegen/tests publish/tests --junitxml="$COURSE_ROOT/build/pytest-results.xml")
# Python style (ruff.toml): ruff prints each finding as path:line:col: CODE message; a finding fails the run.
python_style() {
  echo "== Python style (ruff check, ruff format --check) =="
  local rc=0
  ( cd "$COURSE_ROOT" && ruff check --quiet --output-format concise . ) || rc=1
  ( cd "$COURSE_ROOT" && ruff format --check --quiet . ) || rc=1
  [ $rc -eq 0 ] || echo "course test: Python style findings above; 'ruff check --fix .' and 'ruff format .' fix most of them"
  return $rc
}
# Java style, in a job of its own beside the tests, which run on classes built without Error Prone: the format
# (Spotless with palantir-java-format, over the whole tree) and then Error Prone, compiling every module again into
# target/errorprone (the pom's errorprone-check profile). Run before the tests, the two held every test back by
# about a minute on a fresh clone (the Error Prone build: 73 s and 124 core-s against 13 s and 21 without it).
java_style_log="$COURSE_ROOT/build/java-style-output.txt"
java_style() {
  local rc=0
  course_mvn -q -N spotless:check@java-format || rc=1
  [ $rc -eq 0 ] || echo "course test: Java format findings above; ./mvnw spotless:apply fixes them"
  # Error Prone loaded once for the whole check (scripts/errorprone-once/pom.xml says how): in a class loader of its
  # own per compilation it took 104 core-seconds (67 s alone) where once took 46 (31 s), most of the difference the
  # JVM loading and JIT-compiling Error Prone's classes again for each of the ~35 compilations. The same findings.
  "$COURSE_ROOT/mvnw" -f "$COURSE_ROOT/scripts/errorprone-once/pom.xml" -B -ntp -q -Derrorprone.skip package || {
    echo "course test: the Error Prone check's agent (scripts/errorprone-once) did not build (above)"
    return 1
  }
  # Warnings fail the check too (the profile's javac -Werror), so they are shown: Maven's log at WARN, not -q.
  MAVEN_OPTS="$MAVEN_OPTS -javaagent:$COURSE_ROOT/scripts/errorprone-once/target/errorprone-once.jar" \
    course_mvn -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -T 1C -Dcourse.errorproneCheck test-compile || {
    rc=1
    echo "course test: Error Prone findings above (or a compile error); fix each, or suppress one that is right as" \
      "written with @SuppressWarnings(\"CheckName\") and its reason"
  }
  return $rc
}
py_pid=
java_style_pid=
# Background jobs run in groups of their own (a background job ignores Ctrl-C): the trap stops them, the pytest
# run's demo and nodes too, with us.
stop_jobs() {
  local pid
  # (the Python job is a group of its own only from pytest's start on: before, it is the pip install, a child)
  for pid in $py_pid $java_style_pid; do kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null; done
}
trap stop_jobs EXIT
trap 'exit 130' INT TERM
# The Java tests wait only for the build (javac without Error Prone, ~15 s on a fresh clone); the Python
# environment (~30 s on a fresh clone: pip downloads and installs) is made beside it, and its job starts the Python
# tests as soon as both are there. Python tests first waited for the environment's pip and then for the build, and
# held the Java tests back by the ~15 s the build had finished before them, with a core idle.
built_marker="$COURSE_ROOT/build/.built-for-tests"
rm -f "$built_marker"
venv_then_pytest() {
  course_venv || exit 1 # it said why
  until [ -e "$built_marker" ]; do sleep 0.2; done
  cd "$COURSE_ROOT" && NO_MKDOCS_2_WARNING=1 exec setsid python -m pytest "${pytest_args[@]}"
}
[ "$only" = --python-only ] || course_find_jdk # exported: the Python tests' ./course and nodes use it too
if [ -z "$only" ]; then
  echo "== Python tests (pytest: the site, with a headless-Chromium test; publishing the student repository): starting beside the Java tests once the build and the Python environment are there; their output follows them =="
  ( venv_then_pytest ) >"$py_log" 2>&1 &
  py_pid=$!
fi

if [ "$only" != --python-only ]; then
  course_build || exit 1 # it printed why
  touch "$built_marker"
  echo "== Java style (Spotless, Error Prone): running beside the Java tests; its output follows them =="
  # At a low priority: it takes the CPU the tests leave idle rather than theirs. A session of its own (setsid) is
  # also a scheduling group of its own where the kernel groups by session (autogroup: Debian's default), and each
  # group gets an equal share whatever its processes' nice: at equal weight the check took a third of the CPU beside
  # the Python tests' group and the Maven run's, the Python tests took 711 s instead of 430 and the run 746 s. So the
  # group's own weight goes down too (its /proc autogroup file; absent where the kernel has no such groups): not to
  # the lowest (19), where it had almost no CPU until the tests wound down and then ran on alone, one module after
  # another, for the run's last 15-26 s (615 and 603 s runs); at 10 its group weighs about a tenth of each other's.
  ( exec setsid nice -n 19 bash -c "echo 10 2>/dev/null >/proc/self/autogroup; $(declare -f course_mvn java_style); java_style" \
      >"$java_style_log" 2>&1 ) &
  java_style_pid=$!
  echo "== Java tests (./mvnw verify; JDK $COURSE_JDK_VERSION at $JAVA_HOME) =="
  # A failing test does not stop the reactor: every module's tests run, and the closing line below counts them all.
  # A test that fails runs once more, as a grade's tests do (grading/README.md): passing then, it counts as passed
  # and the closing lines name it as flaky, so a race or a deadline too tight for a busy machine stays visible.
  # -T 1C: modules that do not depend on each other test side by side (the load kit's beside the references').
  # The style checks run in the job above, not here (-Derrorprone.skip -Dspotless.check.skip=true).
  course_mvn -T 1C verify -Derrorprone.skip -Dspotless.check.skip=true -Dmaven.test.failure.ignore=true -Dsurefire.rerunFailingTestsCount=1 -Dstyle.color=never | grep --line-buffered -vE '^\[INFO\] (Download|Copying|Building jar|--- |$)' 
  java_rc=${PIPESTATUS[0]}
fi

if [ -n "$java_style_pid" ]; then
  wait "$java_style_pid"
  java_style_rc=$?
  echo "== Java style (Spotless format check, then Error Prone over every module; ran beside the Java tests) =="
  cat "$java_style_log"
  [ $java_style_rc -eq 0 ] && echo "no findings"
fi

if [ -n "$py_pid" ]; then
  wait "$py_pid"
  py_rc=$?
  echo "== Python tests (ran beside the Java tests) =="
  cat "$py_log"
elif [ "$only" != --java-only ]; then
  course_venv
  echo "== Python tests (pytest: the site, with a headless-Chromium test; publishing the student repository) =="
  ( cd "$COURSE_ROOT" && NO_MKDOCS_2_WARNING=1 python -m pytest "${pytest_args[@]}" )
  py_rc=$?
fi

# ruff takes a second: after the tests, where its findings are read beside the Java style check's.
if [ "$only" != --java-only ]; then
  ( course_venv && python_style ) || style_rc=1
fi

# One closing line over both runners, from their XML reports, after the name of each failed or flaky test.
python3 "$COURSE_ROOT/scripts/test_summary.py" "$COURSE_ROOT"
counted_rc=$?
echo "(./course test took $(( $(date +%s) - start )) s)"
[ $style_rc -eq 0 ] || echo "course test: the Python style check failed (its findings are above, after the Python tests)"
[ $java_style_rc -eq 0 ] || echo "course test: the Java style check failed (its findings are above, after the Java tests)"
[ $java_rc -eq 0 ] && [ $py_rc -eq 0 ] && [ $counted_rc -eq 0 ] && [ $style_rc -eq 0 ] && [ $java_style_rc -eq 0 ]
