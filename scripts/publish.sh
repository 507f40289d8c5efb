#!/usr/bin/env bash
# ./course publish: builds the student repository (one branch per stage) from this course repository.
# The work is done by the Python package publish/student_repo (standard library only); see publish/README.md.
set -euo pipefail
COURSE_ROOT=${COURSE_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
export COURSE_ROOT
if ! command -v git >/dev/null; then
  echo "course publish: git is needed; install it (e.g. 'sudo apt-get install git')." >&2
  exit 1
fi
py=$(command -v python3 || true)
if [ -z "$py" ]; then
  echo "course publish: python3 is needed; install it (e.g. 'sudo apt-get install python3')." >&2
  exit 1
fi
PYTHONPATH="$COURSE_ROOT/publish${PYTHONPATH:+:$PYTHONPATH}" exec "$py" -m student_repo "$@"
