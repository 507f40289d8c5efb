#!/usr/bin/env bash
# ./course pit: PIT mutation testing of the LSM engine and the stage-1 to 6 references, with the course's own suites
# (the engine's unit tests, the public and the hidden tests), then docs/grading/pit.md from PIT's XML. Slow (about
# an hour on 2 vCPUs), so never part of ./course test; each package is one PIT run under the shared heavy lock.
set -uo pipefail
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh" # sets and exports COURSE_ROOT

usage() {
  cat <<'TXT'
usage: ./course pit [--report-only] [lsm] [stage1] ... [stage6] [CHUNK...]
  Runs PIT (pitest 1.30.0, JUnit 5 plugin 1.2.3) over solutions.lsm and solutions.stage1 to solutions.stage6 (or only
  the packages named), each with its suites, and writes docs/grading/pit.md: killed / survived / no coverage per
  package, the score against the goal of 90%, and every survivor with its review from grading/pit/reviewed.tsv.
  When COURSE_HEAVY_LOCK names a file, each PIT run holds it (flock), so that two heavy jobs never overlap.
  --report-only   write docs/grading/pit.md from the last runs' reports without running PIT
  CHUNK           one chunk of a package alone (lsm-store, lsm-files, stage1-session, stage1-log, stage1-body,
                  stage1-request, stage2-pool, stage2-settings, stage3-peers, stage3-routing,
                  stage4-quorum, stage4-replicas, stage5-async, stage6-ranges): a package is split into
                  chunks of about 10 minutes, each one PIT run and one report
TXT
}

packages=()
named_packages=() # named whole: all their chunks run, whatever chunks are named beside them
only_chunks=()
report_only=no
for a in "$@"; do
  case "$a" in
    -h|--help) usage; exit 0 ;;
    --report-only) report_only=yes ;;
    lsm|stage1|stage2|stage3|stage4|stage5|stage6) packages+=("$a"); named_packages+=("$a") ;;
    lsm-store|lsm-files|stage1-session|stage1-log|stage1-body|stage1-request|stage2-pool|stage2-settings|stage3-peers|stage3-routing|stage4-quorum|stage4-replicas|stage5-async|stage6-ranges) only_chunks+=("$a")
        [[ " ${packages[*]} " == *" ${a%%-*} "* ]] || packages+=("${a%%-*}") ;;
    *) echo "course pit: unknown argument '$a'; packages are lsm, stage1 ... stage6, chunks lsm-store, lsm-files, stage1-session, stage1-log, stage1-body, stage1-request, stage2-pool, stage2-settings, stage3-peers, stage3-routing, stage4-quorum, stage4-replicas, stage5-async, stage6-ranges (see ./course pit --help)" >&2; exit 2 ;;
  esac
done
[ ${#packages[@]} -gt 0 ] || packages=(lsm stage1 stage2 stage3 stage4 stage5 stage6)
reports="$COURSE_ROOT/grading/pit/target/pit-reports"
results="$COURSE_ROOT/grading/pit/results"

# Tests that need a node in a JVM of its own (kill -9, a heap or descriptor limit): in PIT's JVM they cannot run, and a mutant
# exists only there. SlowReadersTest's node has a 128 MiB heap; in PIT's JVM it shares the minion's 512 MiB with the
# test's own 16 MiB values, and a minion died of it every 25 s (MEMORY_ERROR, 2026-11-26), which PIT counts as the
# mutant killed, whatever the mutant was.
stage1_process_tests="course.tests.stage1.KillDuringWritesTest,course.hidden.stage1.CrashRecoveryTest,course.hidden.stage1.LargerThanHeapTest,course.hidden.stage1.LargeValueBurstTest,course.hidden.stage1.OutOfDescriptorsTest,course.hidden.stage1.SlowReadersTest"

# Whether a chunk is to run: every chunk of a package named, and the chunks named. (Once, "stage3 stage1-log" ran
# stage1-log alone: a chunk named made every other chunk unwanted, the named packages' included.)
wanted() {
  [ ${#only_chunks[@]} -eq 0 ] && return 0
  local c
  for c in "${only_chunks[@]}" "${named_packages[@]/%/-*}"; do
    # shellcheck disable=SC2053 # a named package's entry is a pattern (stage3-*)
    [[ "$1" == $c ]] && return 0
  done
  return 1
}

run_pit() {
  local name=$1 factory=$2 stage=$3 classes=$4 tests=$5 excluded=$6 not_mutated=${7:-none.None}
  local lock=() log
  wanted "$name" || return 0
  [ -n "${COURSE_HEAVY_LOCK:-}" ] && lock=(flock "$COURSE_HEAVY_LOCK")
  mkdir -p "$reports/$name"
  log="$reports/$name/pit.log"
  echo "== PIT over $classes (tests: $tests); log: $log"
  # -am builds the modules the PIT module needs; -Dtest=none keeps their own tests from running.
  local mvn=("$COURSE_ROOT/mvnw" -f "$COURSE_ROOT/pom.xml" -B -ntp -Ppit -pl grading/pit -am verify
      -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dpit.package="$name" -Dpit.factory="$factory"
      -Dpit.stage="$stage" -DtargetClasses="$classes" -DtargetTests="$tests" -DexcludedTestClasses="$excluded"
      -DexcludedClasses="$not_mutated")
  # The run's time is measured once the lock is held: waiting for others is not PIT's time.
  "${lock[@]}" bash -c 's=$(date +%s); "${@:2}" >"$1" 2>&1; rc=$?; echo $(( $(date +%s) - s )) > "${1%/*}/seconds.txt"; exit $rc' \
      bash "$log" "${mvn[@]}"
  local rc=$?
  tr '\r' '\n' < "$log" | grep -E '^>> (Generated|Mutations with no)' | tail -2
  [ $rc -eq 0 ] || { echo "course pit: PIT over $classes failed (exit $rc); see $log" >&2; exit 1; }
  keep_run "$name"
}

# The report of a run is kept in the repository (target/ is not), with its time and the commit it measured: the
# page is rebuilt from these, and a chunk run alone replaces only its own.
keep_run() {
  local name=$1 kept="$results/$1" changes=""
  [ -n "$(git -C "$COURSE_ROOT" status --porcelain -- solutions grading/hidden starter 2>/dev/null)" ] \
      && changes=" with uncommitted changes"
  mkdir -p "$kept"
  gzip -9 -c "$reports/$name/mutations.xml" > "$kept/mutations.xml.gz.tmp" && mv "$kept/mutations.xml.gz.tmp" "$kept/mutations.xml.gz"
  cp "$reports/$name/seconds.txt" "$kept/seconds.txt"
  echo "ended $(date -u '+%Y-%m-%d %H:%M') UTC, suites and code at commit $(git -C "$COURSE_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$changes" \
      > "$kept/run.txt"
}

# PIT writes its report only when a run ends, and a run of a whole package takes 15-25 minutes here: each package
# is split into chunks of its classes, one PIT run each (about 10 minutes), with the lock released in between.
s1='solutions.stage1'
# A chunk is name|classes to mutate[|classes not to mutate].
chunks_lsm=("lsm-store|solutions.lsm.LsmStorage*" "lsm-files|solutions.lsm.*|solutions.lsm.LsmStorage*")
chunks_stage1=("stage1-session|$s1.CourseSession*,$s1.Exchange*"
  "stage1-log|$s1.Framing*,$s1.SessionParts*,$s1.Timeouts*,$s1.ConnectionLog*,$s1.Refusal*"
  "stage1-body|$s1.ByteBudget*,$s1.ChunkedBodyDecoder*,$s1.HeldBytes*,$s1.WholeAnswers*"
  "stage1-request|$s1.RequestLine*,$s1.PercentEncoding*,$s1.Query*,$s1.BodyFraming*,$s1.EntityHandler*,$s1.Stage1*,$s1.SyncHttpServer*,$s1.Responses*,$s1.RequestHandler*,$s1.Routes*")
chunks_stage2=("stage2-pool|solutions.stage2.WorkerPool*,solutions.stage2.ExecutorHttpServer*"
  "stage2-settings|solutions.stage2.WorkerSettings*,solutions.stage2.QueueKind*,solutions.stage2.Stage2*")
stage2_tests='solutions.stage2.*Test,course.tests.stage1.*,course.tests.stage2.*,course.hidden.stage1.*,course.hidden.stage2.*'
# From stage 3 on, a stage's code runs under every request of its node, so the earlier stages' suites would cover all
# of it and run for each mutant: each stage's own suites (its unit tests, public and hidden tests) judge it, against
# its own node, without the tests that need a node in a JVM of its own.
s3='solutions.stage3'
chunks_stage3=("stage3-peers|$s3.PeerClient*,$s3.PeerRequestBody*,$s3.PeerAnswerMemory*,$s3.StatusLine*"
  "stage3-routing|$s3.Rendezvous*,$s3.ShardingHandler*,$s3.InternalRequestGuard*,$s3.PeerLaneHttpServer*,$s3.Stage3*")
s4='solutions.stage4'
chunks_stage4=("stage4-quorum|$s4.Quorum*,$s4.Coordinator*,$s4.Record*,$s4.Timestamps*"
  "stage4-replicas|$s4.ClientRequest*,$s4.LocalReplica*,$s4.ReplicaCount*,$s4.ReplicaEndpoint*,$s4.Stage4*")
chunks_stage5=("stage5-async|solutions.stage5.*")
chunks_stage6=("stage6-ranges|solutions.stage6.*")
own_stage_process_tests=(
  [3]="course.hidden.stage3.KilledShardTest,course.hidden.stage3.ForwardedBurstTest,course.hidden.stage3.ForwardedValuesLetGoTest"
  [4]='course.hidden.stage4.ReplicatedSlowReadersTest'
  [5]='none.None'
  [6]='course.hidden.stage6.DroppedStreamsTest,course.hidden.stage6.RangeLargerThanHeapTest')

# The chunks of stage N (3 to 6), each judged by stage N's own suites against stage N's node.
run_own_stage() {
  local n=$1 c
  local -n chunks="chunks_stage$n"
  for c in "${chunks[@]}"; do
    run_pit "${c%%|*}" "solutions.stage$n.Stage${n}Factory" "$n" "${c#*|}" \
        "solutions.stage$n.*Test,course.tests.stage$n.*,course.hidden.stage$n.*" "${own_stage_process_tests[$n]}"
  done
}

if [ $report_only = no ]; then
  course_find_jdk
  for p in "${packages[@]}"; do
    case "$p" in
      lsm) for c in "${chunks_lsm[@]}"; do
             IFS='|' read -r name classes not_mutated <<<"$c"
             run_pit "$name" solutions.stage1.Stage1Factory 1 "$classes" 'solutions.lsm.*Test' 'none.None' "$not_mutated"
           done ;;
      stage1) for c in "${chunks_stage1[@]}"; do
             run_pit "${c%%|*}" solutions.stage1.Stage1Factory 1 "${c#*|}" \
                 'solutions.stage1.*Test,course.tests.stage1.*,course.hidden.stage1.*' "$stage1_process_tests"
           done ;;
      stage2) for c in "${chunks_stage2[@]}"; do
             run_pit "${c%%|*}" solutions.stage2.Stage2Factory 2 "${c#*|}" "$stage2_tests" "$stage1_process_tests"
           done ;;
      stage3|stage4|stage5|stage6) run_own_stage "${p#stage}" ;;
    esac
  done
fi

python3 "$COURSE_ROOT/grading/pit/pit_report.py" "$results" "$COURSE_ROOT/grading/pit/reviewed.tsv" \
    "$COURSE_ROOT/docs/grading/pit.md" && echo "wrote docs/grading/pit.md"
