#!/usr/bin/env bash
# ./course publish: builds the student repository (one branch per stage) from this course repository.
# The work is done by the Python package publish/student_repo, which reads the stages through sitegen.stages (the
# stage registry's Python side: PyYAML and jsonschema); see publish/README.md.
set -euo pipefail
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
if ! command -v git >/dev/null; then
  echo "course publish: git is needed; install it (e.g. 'sudo apt-get install git')." >&2
  exit 1
fi
# The course's own environment (.venv, from requirements.txt) when it has one, else python3 on PATH (./course test
# runs the publish tests with .venv first on PATH); either needs PyYAML and jsonschema: the stages are read from
# their stage.yml and checked against kit/command's stage.schema.json.
py="$COURSE_ROOT/.venv/bin/python"
[ -x "$py" ] || py=$(command -v python3 || true)
if [ -z "$py" ]; then
  echo "course publish: python3 is needed; install it (e.g. 'sudo apt-get install python3')." >&2
  exit 1
fi
if ! "$py" -c 'import yaml, jsonschema' 2>/dev/null; then
  echo "course publish: $py lacks PyYAML or jsonschema, which read and check stages/*/stage.yml; run ./course site" \
       "once (it makes .venv from requirements.txt) or 'pip install -r requirements.txt'." >&2
  exit 1
fi
PYTHONPATH="$COURSE_ROOT/publish:$COURSE_ROOT${PYTHONPATH:+:$PYTHONPATH}" exec "$py" -m student_repo "$@"
