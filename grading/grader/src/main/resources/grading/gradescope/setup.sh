#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu; network available).
# It installs what ./course grade needs and builds the course, so that grading a submission is offline and quick.
set -euxo pipefail
ROOT=${AUTOGRADER_ROOT:-/autograder}
export DEBIAN_FRONTEND=noninteractive
apt-get update
# JDK >= 21 (the course's minimum), python3 for ./course's scripts, bubblewrap for the grade's sandbox,
# util-linux for prlimit/setpriv, git for the submission's layout checks.
apt-get install -y --no-install-recommends openjdk-21-jdk-headless python3 python3-venv bubblewrap util-linux \
    ca-certificates git
cd "$ROOT/source/course"
chmod +x course mvnw scripts/*.sh
# Builds every module and fills ~/.m2 with the dependencies, including the ones a submission's build needs.
./course build
