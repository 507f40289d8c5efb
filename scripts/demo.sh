#!/usr/bin/env bash
# ./course demo: the main job on a fresh machine. Builds everything, runs the reference solution of every stage
# through a standard load, profiles one run, builds the course site with those results and the sample reports,
# and serves it. Says at each step what it is doing.
set -euo pipefail
COURSE_ROOT=${COURSE_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
. "$COURSE_ROOT/scripts/lib.sh"

usage() {
  cat <<'TXT'
usage: ./course demo [--no-serve] [--port P] [--rate R] [--duration T]
  1. finds a JDK >= 21 and builds every module;
  2. starts the stage-1 reference and talks to it with curl (PUT, GET, DELETE, bad requests);
  3. runs the reference of every stage through a standard constant-rate load, PUT then GET (3 nodes at a
     quarter of the rate from stage 3 on), with async-profiler on the stage-1 GET run;
  4. builds the course site with those results and the sample reports, and serves it on 127.0.0.1.
  --no-serve     build the site but do not serve it (the default when not run from a terminal)
  --port P       port for the site (default 8000)
  --rate R       requests/s of each single-node load run (default 2000; 3-node stages get R/4)
  --duration Ns  length of each load run in seconds (default 10s)
Results go to results/demo/, the site to build/site/.
TXT
}

serve=auto site_port=8000 rate=2000 duration=10s
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --no-serve) serve=no; shift ;;
    --port) [ $# -ge 2 ] || { echo "demo: --port needs a number" >&2; exit 2; }; site_port=$2; shift 2 ;;
    --rate) [ $# -ge 2 ] || { echo "demo: --rate needs a number" >&2; exit 2; }; rate=$2; shift 2 ;;
    --duration) [ $# -ge 2 ] || { echo "demo: --duration needs a value like 10s" >&2; exit 2; }; duration=$2; shift 2 ;;
    *) echo "demo: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[[ "$site_port" =~ ^[0-9]+$ ]] || { echo "demo: --port '$site_port' is not a number" >&2; exit 2; }
[[ "$rate" =~ ^[1-9][0-9]*$ ]] || { echo "demo: --rate '$rate' is not a positive whole number" >&2; exit 2; }
[[ "$duration" =~ ^[1-9][0-9]*s$ ]] || { echo "demo: --duration '$duration' must be whole seconds, like 10s" >&2; exit 2; }
if [ "$serve" = auto ]; then if [ -t 0 ] && [ -t 1 ]; then serve=yes; else serve=no; fi; fi

step() { printf '\n\033[1m== %s\033[0m  (%ds)\n' "$*" $(( $(date +%s) - started )); }
started=$(date +%s)

step "1. Finding a JDK >= $COURSE_MIN_JDK and building every module"
course_find_jdk
echo "using $JAVA_HOME (JDK $COURSE_JDK_VERSION)"
course_build
command -v curl >/dev/null || { echo "demo: curl is needed to talk to the server; install it (e.g. 'sudo apt-get install curl')." >&2; exit 1; }

cp="$COURSE_ROOT/cli/target/classes:$(cat "$COURSE_ROOT/cli/target/classpath.txt")"
# shellcheck disable=SC2207
java_cmd=("$JAVA_HOME/bin/java" $(course_jvm_flags) -cp "$cp" course.cli.Main)
course() { "${java_cmd[@]}" "$@"; }
work=$(mktemp -d "${TMPDIR:-/tmp}/course-demo-XXXXXX")
results="$COURSE_ROOT/results/demo"
server_pid=""
stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}
trap 'stop_server; rm -rf "$work"' EXIT

# Ports base..base+nodes-1 that are all free right now.
free_ports() {
  python3 - "$1" <<'PY'
import random, socket, sys
n = int(sys.argv[1])
for _ in range(200):
    base = random.randint(20000, 60000 - n)
    socks = []
    try:
        for p in range(base, base + n):
            s = socket.socket(); s.bind(("127.0.0.1", p)); socks.append(s)
        print(base); break
    except OSError:
        pass
    finally:
        for s in socks: s.close()
PY
}

# Starts the reference of a stage on nodes; sets server_pid and urls.
start_reference() { # stage nodes
  local stage=$1 nodes=$2 base log
  base=$(free_ports "$nodes")
  log="$work/stage-$stage.log"
  # Started directly (not through a shell function) so that $! is the JVM that stops the nodes on SIGTERM.
  "${java_cmd[@]}" run --stage "$stage" --nodes "$nodes" --port "$base" --dir "$work/data-$stage" >"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 240); do
    grep -q "reference is running" "$log" 2>/dev/null && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$log"; echo "demo: the stage-$stage reference did not start (log above)" >&2; exit 1; }
    sleep 0.5
  done
  grep -q "reference is running" "$log" || { cat "$log"; echo "demo: the stage-$stage reference did not start within 2 minutes" >&2; exit 1; }
  urls=$(for i in $(seq 0 $((nodes - 1))); do printf 'http://localhost:%d,' $((base + i)); done)
  urls=${urls%,}
  echo "stage $stage reference: $nodes node(s) at $urls"
}

step "2. Starting the stage-1 reference and talking to it with curl"
start_reference 1 1
url=${urls%%,*}
show() { # method, path, [body]
  local code body
  if [ $# -ge 3 ]; then code=$(curl -s -o "$work/body" -w '%{http_code}' -X "$1" --data-binary "$3" "$url$2")
  else code=$(curl -s -o "$work/body" -w '%{http_code}' -X "$1" "$url$2"); fi
  body=$(head -c 60 "$work/body" | tr '\n' ' ')
  printf '  %-6s %-32s -> %s%s\n' "$1" "$2" "$code" "${body:+  $body}"
}
show PUT "/v0/entity?id=greeting" "hello, course"
show GET "/v0/entity?id=greeting"
show PUT "/v0/entity?id=greeting" "overwritten"
show GET "/v0/entity?id=greeting"
show DELETE "/v0/entity?id=greeting"
show GET "/v0/entity?id=greeting"
show GET "/v0/entity?id="
show POST "/v0/entity?id=greeting" "x"
stop_server

rm -rf "$results"
mkdir -p "$results"
load() { # stage rate workload extra-args...
  local stage=$1 run_rate=$2 workload=$3 keys; shift 3
  # As many keys as one PUT run writes, so that GET finds every key it asks for.
  keys=$(( run_rate * ${duration%s} ))
  course load --url "$urls" --workload "$workload" -R "$run_rate" -d "$duration" -c 16 -t 2 --keys "$keys" \
    --value-size 100 --student reference --stage "$stage" --label "reference stage $stage $workload" \
    --no-progress --out "$results/reference-stage-$stage-$workload.json" "$@" >"$work/load.txt" 2>"$work/load.err" \
    || { cat "$work/load.txt" "$work/load.err"; echo "demo: the load run failed (output above)" >&2; exit 1; }
  # The wrk2-style summary lines a student reads first.
  grep -E "Requests/sec|^ *(50|99|99\.9)00%|Socket errors|Non-2xx|WARNING|not met" "$work/load.txt" | sed 's/^/    /'
  grep -E "^Flame graph" "$work/load.txt" | sed 's/^/    /' || true
}

max_stage=$(ls -d "$COURSE_ROOT"/stages/[0-9]*-*/ | sed 's#.*/stages/\([0-9]*\)-.*#\1#' | sort -n | tail -1)
for stage in $(seq 1 "$max_stage"); do
  [ -f "$COURSE_ROOT/solutions/server/src/main/java/solutions/stage$stage/Stage${stage}Factory.java" ] || continue
  nodes=1; extra=(); stage_rate=$rate
  # Three node JVMs and the load generator share this machine's cores: a quarter of the rate keeps the cluster
  # below saturation, so its runs show latency rather than a queue (./course saturate finds the real limit).
  if [ "$stage" -ge 3 ]; then nodes=3; stage_rate=$(( (rate + 3) / 4 )); fi
  [ "$stage" -ge 4 ] && extra=(--ack 2 --from 3)
  step "3.$stage Stage $stage reference under load: PUT, then GET, $stage_rate requests/s for $duration each"
  start_reference "$stage" "$nodes"
  # Sequential keys: rate x duration PUTs write every key, so the GET run that follows finds them (no 404s).
  echo "  PUT:"; load "$stage" "$stage_rate" put --key-order sequential "${extra[@]}"
  if [ "$stage" = 1 ]; then
    echo "  GET (with async-profiler: cpu, alloc, lock):"; load "$stage" "$stage_rate" get --profile cpu,alloc,lock
  else
    echo "  GET:"; load "$stage" "$stage_rate" get "${extra[@]}"
  fi
  stop_server
done

cat <<TXT

What to look at on the site:
  - Results -> the stage comparison pages: the reference's runs next to the sample students', curves overlaid
  - Results -> All reports: the sample reports, and the five free-form ones imported from pasted wrk2 output
  - results/demo/*.json (the results format), *.txt (wrk2-style output), *-profile/*.html (flame graphs)
TXT
site_args=(--results "$results" --reports "$COURSE_ROOT/samples/reports"
           --free-form "$COURSE_ROOT/samples/free-form-reports" --out "$COURSE_ROOT/build/site")
if [ "$serve" = yes ]; then
  step "4. Building the course site with these results and the sample reports, then serving it (Ctrl-C stops)"
  exec "$COURSE_ROOT/scripts/site.sh" "${site_args[@]}" --serve --port "$site_port"
fi
step "4. Building the course site with these results and the sample reports"
"$COURSE_ROOT/scripts/site.sh" "${site_args[@]}"
step "Done"
echo "The site is in build/site/; serve it with: ./course site --results results/demo --serve"
