#!/usr/bin/env bash
# ./course demo: the main job on a fresh machine. Builds everything, runs the reference solution of every stage
# through a standard load, profiles one run, builds the course site with those results and the sample reports,
# and serves it. Says at each step what it is doing.
set -euo pipefail
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh" # sets and exports COURSE_ROOT

usage() {
  cat <<'TXT'
usage: ./course demo [--no-serve] [--port P] [--rate R] [--duration T] [--stages A-B] [--results DIR] [--site-out DIR]
  1. finds a JDK >= 21 and builds every module;
  2. starts the first stage's reference and talks to it with curl (PUT, GET, DELETE, bad requests);
  3. runs the reference of every stage through a constant-rate load, PUT then GET, on the nodes its stage.yml
     names (a cluster at a quarter of the rate), with async-profiler on the first stage's GET run; a short
     unrecorded PUT first warms the nodes up and checks that this machine keeps up with the rate, and lowers
     the rate when it does not;
  4. builds the course site with those results and the sample reports, and serves it on 127.0.0.1.
  --no-serve     build the site but do not serve it (the default when not run from a terminal)
  --port P       port for the site (default 8000)
  --rate R       requests/s of each single-node load run (default 2000; stages of several nodes get R/4)
  --duration Ns  length of each load run in seconds (default 10s)
  --stages A-B   only these stages (default: every stage with a reference); each must be one of ./course stages
  --results DIR  where the runs go (default results/demo; emptied first)
  --site-out DIR where the site goes (default build/site)
Results go to results/demo/, the site to build/site/ (serve it with ./course site --no-build --serve).
Every option is checked (the stages against the stage registry, after the build) before a node starts or a results
folder is emptied; a wrong one stops the demo with exit code 2.
TXT
}

serve=auto site_port=8000 rate=2000 duration=10s stages="" results="$COURSE_ROOT/results/demo" site_out="$COURSE_ROOT/build/site"
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --no-serve) serve=no; shift ;;
    --port) [ $# -ge 2 ] || { echo "demo: --port needs a number" >&2; exit 2; }; site_port=$2; shift 2 ;;
    --rate) [ $# -ge 2 ] || { echo "demo: --rate needs a number" >&2; exit 2; }; rate=$2; shift 2 ;;
    --duration) [ $# -ge 2 ] || { echo "demo: --duration needs a value like 10s" >&2; exit 2; }; duration=$2; shift 2 ;;
    --stages) [ $# -ge 2 ] || { echo "demo: --stages needs a range like 1-3 or 4" >&2; exit 2; }; stages=$2; shift 2 ;;
    --results) [ $# -ge 2 ] || { echo "demo: --results needs a directory" >&2; exit 2; }; results=$2; shift 2 ;;
    --site-out) [ $# -ge 2 ] || { echo "demo: --site-out needs a directory" >&2; exit 2; }; site_out=$2; shift 2 ;;
    *) echo "demo: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
done
{ [[ "$site_port" =~ ^[1-9][0-9]{0,4}$ ]] && [ "$site_port" -le 65535 ]; } || { echo "demo: --port '$site_port' is not a port; give a number from 1 to 65535" >&2; exit 2; }
[[ "$rate" =~ ^[1-9][0-9]*$ ]] || { echo "demo: --rate '$rate' is not a positive whole number" >&2; exit 2; }
[[ "$duration" =~ ^[1-9][0-9]*s$ ]] || { echo "demo: --duration '$duration' must be whole seconds, like 10s" >&2; exit 2; }
[ -z "$stages" ] || [[ "$stages" =~ ^[1-9][0-9]*(-[1-9][0-9]*)?$ ]] || { echo "demo: --stages '$stages' must be a stage or a range, like 4 or 1-3" >&2; exit 2; }
if [ -n "$stages" ] && [ "${stages%-*}" -gt "${stages#*-}" ]; then
  echo "demo: --stages '$stages' runs backwards; give FROM-TO with FROM <= TO, like 1-3" >&2; exit 2
fi
# The demo empties its results folder: a folder of the user's own is taken only when new or empty.
if [ "$results" != "$COURSE_ROOT/results/demo" ] && [ -d "$results" ] && [ -n "$(ls -A "$results")" ]; then
  echo "demo: --results '$results' is not empty; give a new or empty folder (the demo empties it before its runs)" >&2; exit 2
fi
# The site's build empties its folder: checked now, not after the demo's runs.
course_venv
# Not from the checkout's folder: a relative --site-out is the user's, as site.sh builds it.
PYTHONPATH="$COURSE_ROOT${PYTHONPATH:+:$PYTHONPATH}" "$VIRTUAL_ENV/bin/python" -m sitegen.site_out "$site_out" \
  --said-as "demo: --site-out" || exit 2
if [ "$serve" = auto ]; then if [ -t 0 ] && [ -t 1 ]; then serve=yes; else serve=no; fi; fi

# Said before anything starts, as measured on the 2-vCPU course machine (236 s at the defaults, build included):
# each stage is a 5 s warm-up and two runs of --duration, plus ~15 s of starting and stopping its nodes.
echo "course demo: about 4 minutes at the defaults on a 2-core machine ($((20 + 2 * ${duration%s}))s per stage, plus" \
     "the build and the site); each heading shows the seconds since the demo started"
step() { printf '\n\033[1m== %s\033[0m  (%ds since the demo started)\n' "$*" $(( $(date +%s) - started )); }
started=$(date +%s)

step "1. Finding a JDK >= $COURSE_MIN_JDK and building every module"
course_find_jdk
echo "using $JAVA_HOME (JDK $COURSE_JDK_VERSION)"
course_build
cp="$COURSE_ROOT/cli/target/classes:$(cat "$COURSE_ROOT/cli/target/classpath.txt")"
# shellcheck disable=SC2207
java_cmd=("$JAVA_HOME/bin/java" $(course_jvm_flags) -cp "$cp" course.cli.Main)
course() { "${java_cmd[@]}" "$@"; }
# shellcheck disable=SC2207
node_cmd=("$JAVA_HOME/bin/java" $(course_jvm_flags) -Xmx128m -cp "$cp" course.runtime.Launcher)

# Every fact of a stage (its nodes, default ack/from, reference factory, what its runs show) comes from the stage
# registry, stages/N-slug/stage.yml, through ./course stages: this script keeps no stage numbers of its own.
declare -A stage_nodes stage_ack stage_from stage_reference stage_note
stage_numbers=()
registry=$(course stages --tsv) || { echo "demo: ./course stages could not read the stage registry (message above)" >&2; exit 1; }
while IFS=$'\t' read -r number _folder nodes ack from reference note; do
  [ "$number" = stage ] && continue  # the header line
  stage_numbers+=("$number")
  stage_nodes[$number]=$nodes stage_ack[$number]=$ack stage_from[$number]=$from
  stage_reference[$number]=$reference stage_note[$number]=$note
done <<<"$registry"
first_stage=${stage_numbers[0]}
# The stages asked for are checked against the registry before anything is started or deleted: a stage that is
# not there once emptied the previous demo's results and exited 0 having run nothing.
if [ -n "$stages" ]; then
  range_from=${stages%-*} range_to=${stages#*-} last=${stage_numbers[-1]} missing=() chosen=()
  declare -A is_stage=()
  for stage in "${stage_numbers[@]}"; do is_stage[$stage]=1; done
  for ((stage = range_from; stage <= range_to && stage <= last; stage++)); do
    if [ -z "${is_stage[$stage]:-}" ]; then missing+=("$stage")
    elif [ "${stage_reference[$stage]}" != - ]; then chosen+=("$stage"); fi
  done
  if [ "$range_to" -gt "$last" ]; then
    if [ "$range_from" -gt "$last" ]; then missing+=("$stages")
    elif [ "$range_to" -eq $((last + 1)) ]; then missing+=("$range_to")
    else missing+=("$((last + 1))-$range_to"); fi
  fi
  known=$(printf '%s, ' "${stage_numbers[@]}"); known=${known%, }
  if [ ${#missing[@]} -gt 0 ]; then
    echo "demo: --stages '$stages' asks for stages this course does not have (${missing[*]}); the stages are $known (./course stages lists them)" >&2; exit 2
  fi
  if [ ${#chosen[@]} -eq 0 ]; then
    echo "demo: --stages '$stages' has no stage with a reference in this checkout; ./course stages shows which do" >&2; exit 2
  fi
fi
course_venv
command -v curl >/dev/null || { echo "demo: curl is needed to talk to the server; install it (e.g. 'sudo apt-get install curl')." >&2; exit 1; }

# One JVM per node through the Launcher, the same path as ./course run, the tests and the grader: each prints
# "READY <url>" (course.runtime.Launcher.READY) once it accepts requests, and exits with code 3 when its port was
# taken between the moment course.harness.Ports found it free and the moment the node bound it.
LAUNCHER_READY="READY "
LAUNCHER_BIND_FAILED=3
node_pids=()
stop_server() {
  local pid
  for pid in "${node_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${node_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  node_pids=()
}
work=$(mktemp -d "${TMPDIR:-/tmp}/course-demo-XXXXXX")
trap 'stop_server; rm -rf "$work"' EXIT

# Starts the reference of a stage on `nodes` JVMs; sets node_pids and urls. Returns 3 when a port was taken.
launch_nodes() { # stage nodes
  local stage=$1 nodes=$2 factory ports cluster i log code secret
  # The nodes of a cluster share a secret that proves a request came from one of them (see stages/3-sharding).
  secret=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
  factory=${stage_reference[$stage]}
  [ "$factory" != - ] || { echo "demo: stage $stage has no reference in this checkout (see ./course stages)" >&2; exit 1; }
  read -r -a ports <<<"$("$JAVA_HOME/bin/java" -cp "$cp" course.harness.Ports "$nodes")"
  cluster=$(printf 'http://localhost:%s,' "${ports[@]}"); cluster=${cluster%,}
  for i in $(seq 0 $((nodes - 1))); do
    log="$work/stage-$stage-node-$i.log"
    COURSE_CLUSTER_SECRET="$secret" "${node_cmd[@]}" --port "${ports[$i]}" --dir "$work/data-$stage/node-$i" \
      --cluster "$cluster" --factory "$factory" >"$log" 2>&1 &
    node_pids+=($!)
  done
  for i in $(seq 0 $((nodes - 1))); do
    log="$work/stage-$stage-node-$i.log"
    for _ in $(seq 1 240); do
      grep -q "^$LAUNCHER_READY" "$log" 2>/dev/null && break
      if ! kill -0 "${node_pids[$i]}" 2>/dev/null; then
        code=0; wait "${node_pids[$i]}" || code=$?
        stop_server
        [ "$code" = "$LAUNCHER_BIND_FAILED" ] && return 3
        cat "$log"; echo "demo: node $i of the stage-$stage reference exited with code $code before it was ready (log above)" >&2; exit 1
      fi
      sleep 0.5
    done
    grep -q "^$LAUNCHER_READY" "$log" || { cat "$log"; echo "demo: node $i of the stage-$stage reference was not ready within 2 minutes" >&2; exit 1; }
  done
  urls=$cluster
}

start_reference() { # stage nodes
  local attempt
  for attempt in 1 2 3; do
    launch_nodes "$1" "$2" && { echo "stage $1 reference: $2 node(s) at $urls"; return 0; }
    echo "  (a port was taken by someone else meanwhile; trying other ports)"
  done
  echo "demo: the stage-$1 reference could not bind free ports three times in a row" >&2; exit 1
}

step "2. Starting the stage-$first_stage reference and talking to it with curl"
start_reference "$first_stage" "${stage_nodes[$first_stage]}"
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
# Reads numbers out of a run's results JSON: `run_numbers FILE` prints "achieved requests errors non2xx".
run_numbers() {
  "$VIRTUAL_ENV/bin/python" - "$1" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
errors = doc.get("errors") or {}
total = sum(int(errors.get(k) or 0) for k in ("connect", "read", "write", "timeout", "non2xx"))
print(f"{doc.get('achievedRate') or 0:.0f} {doc.get('requests') or 0} {total} {int(errors.get('non2xx') or 0)}")
PY
}
load() { # stage rate workload keys out extra-args...
  local stage=$1 run_rate=$2 workload=$3 keys=$4 out=$5; shift 5
  # --warmup 0: each stage's first (unrecorded) PUT run below is the warm-up, and it also measures the machine.
  # No --student: the run records the factory of the launcher it measured, which is what makes it the reference's.
  course load --url "$urls" --workload "$workload" -R "$run_rate" -d "${load_duration:-$duration}" -c 16 -t 2 --keys "$keys" \
    --warmup 0 --value-size 100 --stage "$stage" --label "reference stage $stage $workload" \
    --no-progress --out "$out" "$@" >"$work/load.txt" 2>"$work/load.err" \
    || { cat "$work/load.txt" "$work/load.err"; echo "demo: the load run failed (output above)" >&2; exit 1; }
}
show_run() { # the wrk2-style summary lines a student reads first
  grep -E "Requests/sec|^ *(50\.000|99\.000|99\.900)%|Socket errors|Non-2xx|WARNING|not met" "$work/load.txt" | sed 's/^/    /'
  grep -E "^Flame graph" "$work/load.txt" | sed 's/^/    /' || true
}

# What each stage's numbers show: its stage.yml's demo-note (the statements in stages/ say why).
explain() {
  [ "${stage_note[$1]}" = - ] || echo "  What it shows: ${stage_note[$1]}"
  if [ "$2" != "$3" ]; then
    echo "  (this stage ran at $2/s instead of $3/s on this machine: compare it only with runs at $2/s)"
  fi
}

range_from=$first_stage range_to=${stage_numbers[-1]}
if [ -n "$stages" ]; then range_from=${stages%-*} range_to=${stages#*-}; fi
seconds=${duration%s}
for stage in "${stage_numbers[@]}"; do
  [ "$stage" -ge "$range_from" ] && [ "$stage" -le "$range_to" ] || continue
  [ "${stage_reference[$stage]}" != - ] || continue
  nodes=${stage_nodes[$stage]}; extra=(); stage_rate=$rate
  # Several node JVMs and the load generator share this machine's cores: a quarter of the rate keeps a cluster
  # below saturation, so its runs show latency rather than a queue (./course saturate finds the real limit).
  if [ "$nodes" -gt 1 ]; then stage_rate=$(( (rate + 3) / 4 )); fi
  nominal_rate=$stage_rate
  # The stage's default ack/from, said on the command line so the results record them.
  [ "${stage_ack[$stage]}" = - ] || extra=(--ack "${stage_ack[$stage]}" --from "${stage_from[$stage]}")
  step "3.$stage Stage $stage reference under load: PUT, then GET, for $duration each"
  start_reference "$stage" "$nodes"
  # An unrecorded PUT first: it warms the JVMs up (the first seconds run interpreted code) and shows whether this
  # machine keeps up with the rate. When it does not, the recorded runs use a rate it keeps up with: a run above
  # the limit measures a queue, and a PUT run that misses requests leaves keys the GET run would not find.
  load_duration=5s load "$stage" "$stage_rate" put "$(( stage_rate * seconds ))" "$work/warmup.json" --key-order sequential "${extra[@]}"
  read -r achieved _ errors _ <<<"$(run_numbers "$work/warmup.json")"
  if [ "$errors" -gt 0 ] || [ $(( achieved * 100 )) -lt $(( stage_rate * 95 )) ]; then
    # A missed first warm-up is often the cold JVMs (compiling while they serve): judge by a second one.
    load_duration=5s load "$stage" "$stage_rate" put "$(( stage_rate * seconds ))" "$work/warmup.json" --key-order sequential "${extra[@]}"
    read -r achieved _ errors _ <<<"$(run_numbers "$work/warmup.json")"
  fi
  if [ "$errors" -gt 0 ] || [ $(( achieved * 100 )) -lt $(( stage_rate * 95 )) ]; then
    fitted=$(( achieved * 6 / 10 / 50 * 50 )); [ "$fitted" -ge 50 ] || fitted=50
    echo "  warm-up: this machine took $achieved of the $stage_rate PUTs/s asked ($errors errors); the runs below use $fitted/s, below that limit"
    stage_rate=$fitted
  else
    echo "  warm-up: this machine keeps up with $stage_rate PUTs/s; the runs below use that rate"
  fi
  keys=$(( stage_rate * seconds ))
  # Sequential keys: a PUT run that sends all of its requests without an error writes keys 0..rate x duration - 1,
  # so the GET run that follows asks only for keys that are there.
  echo "  PUT at $stage_rate/s, $keys keys in order:"
  load "$stage" "$stage_rate" put "$keys" "$results/reference-stage-$stage-put.json" --key-order sequential "${extra[@]}"
  show_run
  read -r achieved requests errors _ <<<"$(run_numbers "$results/reference-stage-$stage-put.json")"
  if [ "$requests" -lt "$keys" ]; then
    echo "  note: the PUT run sent $requests of its $keys requests in $duration, so the GET run asks only for the first $requests keys, the ones it sent"
    keys=$requests
  fi
  if [ "$errors" -gt 0 ]; then
    echo "  note: $errors PUT request(s) failed (timeouts or non-2xx answers above): the GET run answers 404 for a key whose PUT was lost"
  fi
  if [ "$stage" = "$first_stage" ]; then
    echo "  GET at $stage_rate/s of the keys just written (with async-profiler: cpu, alloc, lock):"
    load "$stage" "$stage_rate" get "$keys" "$results/reference-stage-$stage-get.json" --profile cpu,alloc,lock
  else
    echo "  GET at $stage_rate/s of the keys just written:"
    load "$stage" "$stage_rate" get "$keys" "$results/reference-stage-$stage-get.json" "${extra[@]}"
  fi
  show_run
  explain "$stage" "$stage_rate" "$nominal_rate"
  stop_server
done

flames=""  # only stage 1's GET run is profiled
if compgen -G "$results/*-profile" >/dev/null; then flames=", *-profile/*.html (flame graphs)"; fi
cat <<TXT

What to look at on the site:
  - Results -> the stage comparison pages: the reference's runs next to the sample students' (marked "sample"),
    curves overlaid
  - Results -> All reports: the sample reports, and free-form ones whose runs were imported from pasted wrk2 output
    (one of them links its outputs instead of pasting them: its page says so)
  - ${results#"$COURSE_ROOT"/}/*.json (the results format), *.txt (wrk2-style output)$flames
TXT
site_args=(--results "$results" --reports "$COURSE_ROOT/samples/reports"
           --free-form "$COURSE_ROOT/samples/free-form-reports" --out "$site_out")
if [ "$serve" = yes ]; then
  step "4. Building the course site with these results and the sample reports, then serving it (Ctrl-C stops)"
  exec "$COURSE_ROOT/scripts/site.sh" "${site_args[@]}" --serve --port "$site_port"
fi
step "4. Building the course site with these results and the sample reports"
"$COURSE_ROOT/scripts/site.sh" "${site_args[@]}"
step "Done"
if [ "$site_out" = "$COURSE_ROOT/build/site" ]; then
  echo "The site is in build/site/; serve it with: ./course site --no-build --serve"
else
  echo "The site is in $site_out; serve it with: ./course site --no-build --serve --out $site_out"
fi
