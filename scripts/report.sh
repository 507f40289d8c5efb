#!/usr/bin/env bash
# ./course report --stage N [--student NAME] [--force]: scaffolds your report with your runs and flame graphs attached.
set -euo pipefail
COURSE_ROOT=${COURSE_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
export COURSE_ROOT
# shellcheck source=lib.sh
. "$COURSE_ROOT/scripts/lib.sh"
course_venv
cd "$COURSE_ROOT"
exec "$VIRTUAL_ENV/bin/python" -m sitegen.scaffold "$@"
