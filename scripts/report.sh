#!/usr/bin/env bash
# ./course report --stage N [--student NAME] [--force]: scaffolds your report with your runs and flame graphs attached.
set -euo pipefail
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh" # sets and exports COURSE_ROOT
course_venv
cd "$COURSE_ROOT"
exec "$VIRTUAL_ENV/bin/python" -m sitegen.scaffold "$@"
