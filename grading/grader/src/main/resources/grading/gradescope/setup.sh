#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu; network available). It installs
# what ./course grade needs and builds the course, so that grading a submission needs nothing from the network.
# Every step is named; the first that fails stops the script (non-zero exit, so the image is not built) with a line
# that says which step failed and why. Tried in clean root file systems by grading/gradescope/try-in-clean-root.sh.
set -euo pipefail
ROOT=${AUTOGRADER_ROOT:-/autograder}
COURSE=$ROOT/source/course
export DEBIAN_FRONTEND=noninteractive
# The JDK packages tried, in this order: the course's minimum first (Ubuntu 22.04 and later, Debian 13 and later).
JDK_PACKAGES=${COURSE_JDK_PACKAGES:-"openjdk-21-jdk-headless openjdk-25-jdk-headless openjdk-24-jdk-headless openjdk-23-jdk-headless openjdk-22-jdk-headless"}

STEP="start"
STARTED=$SECONDS
STEP_STARTED=$SECONDS
TIMES=()
step() {
  [ "$STEP" = start ] || TIMES+=("$STEP: $((SECONDS - STEP_STARTED)) s")
  STEP=$1
  STEP_STARTED=$SECONDS
  echo "setup.sh: -- $STEP"
}
fail() {
  echo "setup.sh: $*" >&2
  exit 1
}
on_exit() {
  local rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "setup.sh: FAILED in step '$STEP' (exit code $rc, after $((SECONDS - STARTED)) s): the output above says" \
         "why; a grade cannot run on this image." >&2
  fi
}
trap on_exit EXIT

step "check the layout"
[ -f "$COURSE/course" ] || fail "$COURSE/course is missing: the zip's content must be unpacked into $ROOT/source"
[ -s "$ROOT/source/grade.args" ] || fail "$ROOT/source/grade.args is missing: rebuild the zip with ./course grade --gradescope-zip"
command -v apt-get >/dev/null || fail "apt-get is missing: this script is for Gradescope's Ubuntu images (Debian works too)"
cd "$COURSE"
chmod +x course mvnw scripts/*.sh

step "apt-get update"
apt-get update

step "choose a JDK >= 21"
jdk=""
if found=$( (. scripts/lib.sh && course_find_jdk && echo "$JAVA_HOME") 2>/dev/null); then
  echo "setup.sh: a JDK >= 21 is already installed ($found); installing none"
else
  for p in $JDK_PACKAGES; do
    candidate=$(apt-cache policy "$p" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | head -1)
    if [ -n "$candidate" ] && [ "$candidate" != "(none)" ]; then jdk=$p; break; fi
  done
  [ -n "$jdk" ] || fail "none of these packages can be installed here: $JDK_PACKAGES. The course needs a JDK >= 21:" \
    "Ubuntu 22.04 and later and Debian 13 and later have openjdk-21-jdk-headless (Debian 12 has only 17); choose" \
    "such a base image, or install a JDK >= 21 before this script runs (it then uses that one)"
  echo "setup.sh: installing $jdk ($candidate)"
fi

step "apt-get install"
# python3 for run_autograder's fallback results.json, bubblewrap for the grade's sandbox, util-linux for
# prlimit/setpriv/taskset/chrt, curl for ./mvnw's one download of Maven, git for a submission that is a repository.
# shellcheck disable=SC2086 # $jdk is one word or none
apt-get install -y --no-install-recommends $jdk python3 bubblewrap util-linux ca-certificates curl git

step "check the JDK"
(. scripts/lib.sh && course_find_jdk && echo "setup.sh: JDK $COURSE_JDK_VERSION at $JAVA_HOME") \
  || fail "no JDK >= 21 after the install"

step "build the course"
# Builds every module; Maven fetches the dependencies from Maven Central into ~/.m2 once, including the ones a
# submission is compiled and tested against, so grades run offline.
./course build
./course grade --help >/dev/null || fail "the built grader does not start (./course grade --help failed)"

step "check the sandbox"
if grep -qx -- --no-sandbox "$ROOT/source/grade.args"; then
  echo "setup.sh: the zip grades WITHOUT the sandbox (built with --no-sandbox): not checked"
else
  ./course grade --check-sandbox || fail "this zip grades in the bubblewrap sandbox, and it does not work in this" \
    "image (above: why). Make bwrap work here, or build the zip with --no-sandbox (see grading/README.md: the" \
    "submission then runs as root in Gradescope's container, where it can read the hidden tests and the references)"
fi

step "done"
for t in "${TIMES[@]}"; do echo "setup.sh:   $t"; done
echo "setup.sh: ready in $((SECONDS - STARTED)) s"
