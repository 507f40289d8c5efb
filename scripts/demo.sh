#!/usr/bin/env bash
# ./course demo: the main job on a fresh machine. Builds everything, starts the stage-1 reference, talks to it,
# load-tests and profiles it, and says at each step what it does.
set -euo pipefail
COURSE_ROOT=${COURSE_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
. "$COURSE_ROOT/scripts/lib.sh"

case "${1:-}" in
  -h|--help)
    cat <<'TXT'
usage: ./course demo [--keep]
  Builds the course, starts the stage-1 reference solution on a free port, stores, reads and deletes values
  through it with curl, runs a short constant-rate load test, and prints what it did and where the results are.
  --keep   leave the demo's data directory in place (it is printed)
TXT
    exit 0 ;;
  --keep|"") ;;
  *) echo "demo: unknown option '$1' (try --help)" >&2; exit 2 ;;
esac
keep=${1:-}

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
started=$(date +%s)

step "1. Finding a JDK >= $COURSE_MIN_JDK"
course_find_jdk
echo "using $JAVA_HOME (JDK $COURSE_JDK_VERSION)"

step "2. Building all modules (Maven wrapper; the first build downloads dependencies)"
course_build
echo "built."

command -v curl >/dev/null || { echo "demo: curl is needed to talk to the server; install it (e.g. 'sudo apt-get install curl')." >&2; exit 1; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
work=$(mktemp -d "${TMPDIR:-/tmp}/course-demo-XXXXXX")
cp="$COURSE_ROOT/cli/target/classes:$(cat "$COURSE_ROOT/cli/target/classpath.txt")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "$keep" = --keep ]; then echo "data kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

step "3. Starting the stage-1 reference solution on port $port (one JVM, -Xmx128m)"
# shellcheck disable=SC2046
"$JAVA_HOME/bin/java" $(course_jvm_flags) -cp "$cp" course.cli.Main run --stage 1 --port "$port" --dir "$work/data" \
  >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  grep -q "reference is running" "$work/server.log" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; echo "demo: the server did not start (log above)" >&2; exit 1; }
  sleep 0.5
done
grep -q "reference is running" "$work/server.log" || { cat "$work/server.log"; echo "demo: the server did not start within 60 s" >&2; exit 1; }
sed -n '1,2p' "$work/server.log"
url="http://localhost:$port"

step "4. Talking to it with curl"
show() { # method, path, [body]
  local code body
  if [ $# -ge 3 ]; then
    code=$(curl -s -o "$work/body" -w '%{http_code}' -X "$1" --data-binary "$3" "$url$2")
  else
    code=$(curl -s -o "$work/body" -w '%{http_code}' -X "$1" "$url$2")
  fi
  body=$(head -c 80 "$work/body" | tr '\n' ' ')
  printf '  %-6s %-34s -> %s %s\n' "$1" "$2" "$code" "${body:+ body: $body}"
}
show PUT "/v0/entity?id=greeting" "hello, course"
show GET "/v0/entity?id=greeting"
show PUT "/v0/entity?id=greeting" "overwritten"
show GET "/v0/entity?id=greeting"
show DELETE "/v0/entity?id=greeting"
show GET "/v0/entity?id=greeting"
show GET "/v0/entity?id="
show POST "/v0/entity?id=greeting" "x"

if "$JAVA_HOME/bin/java" -cp "$cp" course.cli.Main load --help >/dev/null 2>&1; then
  step "5. Load test: PUT at a constant 2000 requests/s for 10 s (wrk2 model)"
  # shellcheck disable=SC2046
  "$JAVA_HOME/bin/java" $(course_jvm_flags) -cp "$cp" course.cli.Main load --url "$url" --workload put -R 2000 \
    -c 16 -t 2 -d 10s --keys 100000 --value-size 100 --out "$COURSE_ROOT/results/demo/stage1-put.json" --stage 1 --label "demo put"
  echo "results: $COURSE_ROOT/results/demo/stage1-put.json"
fi

step "Done in $(( $(date +%s) - started )) s"
echo "The stage-1 reference answered every request above. Next: ./course run --stage 1 to keep a server running,"
echo "stages/1-sync-server/README.md for the statement, ./course test for every test."
