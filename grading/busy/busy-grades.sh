#!/usr/bin/env bash
# Grades each reference stage several times (with --no-perf unless told --perf) while two busy processes per core run
# beside it, and prints the points of every run: a correct node must get full marks on a busy machine too. Each grade is kept in
# grades/busy-<time>/ (its seed replays it; its notes name the tests that were flaky), and each busy run adds a row
# to grading/busy/runs.tsv, the record kept in the repository: runs of several sessions add up to the 20 per stage.
#
#   grading/busy/busy-grades.sh [--runs N] [--stages "1 2"] [--no-busy] [--no-sandbox] [--perf]
#                                              (default: every stage of ./course stages, graded in the sandbox;
#                                               --perf: the whole grade, its performance part too, as students get it:
#                                               both sides measured, never an earlier grade's reference)
#   grading/busy/busy-grades.sh --tally        what the kept record holds per stage, without grading
#
# Not part of ./course test: one stage-1 grade took 298 s beside the busy processes on a shared 2-vCPU VM (27 s
# idle), so 20 runs of all six stages take many hours; start with --runs 1 --stages 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
record="$root/grading/busy/record.py"
runs=20
# the stages of the registry (stages/N-slug/stage.yml), not a list of our own
registry=$("$root/course" stages --tsv)
known=$(printf '%s\n' "$registry" | awk -F'\t' 'NR > 1 { printf "%s ", $1 }')
stages=$known
busy=yes
sandbox_arg=()
perf_arg=(--no-perf)
perf_record=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=${2:?--runs needs a number}; shift 2 ;;
    --stages) stages=${2:?--stages needs a list such as \"1 2\"}; shift 2 ;;
    --no-busy) busy=no; shift ;;
    --no-sandbox) sandbox_arg=(--no-sandbox); shift ;;
    --perf) perf_arg=(--perf-fresh-reference); perf_record=(--performance); shift ;;
    --tally) exec python3 "$record" tally $known ;;
    -h|--help) sed -n 2,14p "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "busy-grades: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$runs" in ''|*[!0-9]*) echo "busy-grades: --runs takes a whole number, got '$runs'" >&2; exit 2 ;; esac
for s in $stages; do
  case " $known" in *" $s "*) ;; *) echo "busy-grades: there is no stage '$s'; the stages are: $known" >&2; exit 2 ;; esac
done

# Students are graded in the bubblewrap sandbox. Where it does not work the grader refuses (exit 2) unless told
# --no-sandbox, and then each row records it (sandboxed = no); a refused grade stops this script (below) rather than
# filling the record with unfinished rows.

out="$root/grades/busy-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out"
spinners=()
stop_spinners() {
  # only the processes this script started, by their ids
  for pid in "${spinners[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
}
trap stop_spinners EXIT
if [ "$busy" = yes ]; then
  cores=$(nproc)
  # Each in a session of its own (setsid), as other people's jobs would be: the kernel's autogroup scheduling shares
  # the CPUs between sessions first, and the sandbox starts the grade in a new session, so busy loops sharing this
  # script's one session took only half the CPUs from a grade, however many they were.
  for _ in $(seq 1 $((2 * cores))); do
    setsid sh -c 'while :; do :; done' &
    spinners+=($!)
  done
  sessions=$(for pid in "${spinners[@]}"; do ps -o sid= -p "$pid"; done | sort -u | grep -c .)
  echo "busy-grades: ${#spinners[@]} busy processes beside the grades ($cores cores), in $sessions sessions of their own"
fi

# the reference factory of a stage, as its stage.yml names it
reference_of() {
  printf '%s\n' "$registry" | awk -F'\t' -v stage="$1" 'NR > 1 && $1 == stage { print $6 }'
}

# CPU steal (time the host gave another guest) over a grade, in percent of all CPU time, from /proc/stat's cpu line:
# the busy processes are ours and wanted, steal is not, and each row records it.
cpu_ticks() { awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i; print $9, t }' /proc/stat 2>/dev/null || echo "0 0"; }
steal_since() {
  read -r steal0 total0 <<<"$1"
  read -r steal1 total1 <<<"$(cpu_ticks)"
  awk -v s="$((steal1 - steal0))" -v t="$((total1 - total0))" 'BEGIN { if (t > 0) printf "%.2f", 100 * s / t }'
}

status=0
# Round by round (run 1 of every stage, then run 2 ...): a matrix this long is often stopped early, and then every
# stage has as many runs as the others.
for r in $(seq 1 "$runs"); do
  for s in $stages; do
    file="$out/stage$s-run$r.json"
    start=$(date +%s)
    ticks=$(cpu_ticks)
    code=0
    "$root/course" grade --stage "$s" --factory "$(reference_of "$s")" "${perf_arg[@]}" "${sandbox_arg[@]}" \
        --student "reference-stage$s-run$r" --out "$file" >"$out/stage$s-run$r.txt" 2>&1 || code=$?
    if [ "$code" = 2 ]; then
      # refused before it started (e.g. a sandbox that does not work): every other grade would be refused too
      tail -n 1 "$out/stage$s-run$r.txt" >&2
      echo "busy-grades: the grade was refused (message above); nothing was recorded" >&2
      exit 2
    fi
    if [ "$code" != 0 ]; then
      echo "stage $s run $r: the grade did not finish (see $out/stage$s-run$r.txt)"
      status=1
      if [ "$busy" = yes ]; then
        python3 "$record" unfinished "$s" "${#spinners[@]}" "the grade did not finish: $(tail -n 1 "$out/stage$s-run$r.txt")" \
          --steal "$(steal_since "$ticks")" --sessions "$sessions" "${perf_record[@]}"
      fi
      continue
    fi
    python3 - "$file" "$(( $(date +%s) - start ))" "$s" "$r" <<'PY' || status=1
import json, sys
g = json.load(open(sys.argv[1]))
flaky = [t["name"] for t in g["tests"] if t.get("firstRun") and t["outcome"] == "passed"]
lost = [t["name"] for t in g["tests"] if t["outcome"] != "passed" and t["outcome"] != "skipped"]
print(f"stage {sys.argv[3]} run {sys.argv[4]}: {g['score']['earned']:g} / {g['score']['max']:g} points, "
      f"{sys.argv[2]} s, seed {g.get('seed')}"
      + (f", performance ratio {g['performance'].get('ratio')}" if g.get("performance") else "")
      + (f"; flaky (failed, then passed): {', '.join(flaky)}" if flaky else "")
      + (f"; NOT PASSED: {', '.join(lost)}" if lost else ""))
sys.exit(0 if g["score"]["earned"] == g["score"]["max"] else 1)
PY
    # only grades beside the busy processes count toward the policy's 20
    if [ "$busy" = yes ]; then python3 "$record" add "$file" "${#spinners[@]}" --steal "$(steal_since "$ticks")" \
      --sessions "$sessions"; fi
  done
done
echo "busy-grades: the kept record (grading/busy/runs.tsv), all sessions:"
python3 "$record" tally $stages
echo "busy-grades: grades in $out"
exit $status
