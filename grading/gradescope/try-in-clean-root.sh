#!/usr/bin/env bash
# Tries the Gradescope autograder zip as Gradescope uses it, in a clean root file system made here by debootstrap:
# /autograder laid out as Gradescope lays it out (source/ = the unpacked zip, run_autograder beside it, submission/,
# results/), setup.sh run once as root with the network (it installs a JDK and builds the course, Maven fetching from
# Maven Central), then run_autograder on a correct and on a broken stage-1 submission (the stage-1 reference as a
# student uploads it, and the same with PUT answering 200 instead of 201). Prints how long each part took, the
# memory it used at its peak (page cache included, and its processes' own), and each results.json's score, and fails
# (exit 1) when a step fails, a results.json is missing or malformed, the correct submission loses a point or the
# broken one keeps every point.
#
#   grading/gradescope/try-in-clean-root.sh [--zip FILE | --no-perf | --no-sandbox] [--suite trixie]
#        [--mirror URL] [--root DIR] [--enter container|host-proc|chroot] [--cpus N] [--memory MIB] [--keep]
#
#   --zip FILE     a zip made by ./course grade --stage 1 --gradescope-zip FILE (default: one made now, for stage 1,
#                  with the performance part; --no-perf and --no-sandbox go into that zip)
#   --suite NAME   the Debian release debootstrap installs (default trixie: Debian 12 has no JDK >= 21, and
#                  setup.sh says so and stops)
#   --mirror URL   the Debian mirror (default: the first of this machine's apt sources, else deb.debian.org)
#   --root DIR     an empty or missing folder for the root file system (default: a new one under /var/tmp)
#   --enter HOW    how the root is entered, and so whether the grade's own bubblewrap sandbox can work in it:
#                  container (default): bubblewrap with a pid namespace and a /proc of its own, parts of it covered
#                    read-only, as in a Docker container (Gradescope's): a nested sandbox cannot mount its /proc
#                  host-proc: bubblewrap with this machine's /proc and no pid namespace, as in a VM: the sandbox works
#                  chroot: in a chroot the kernel refuses the user namespace the sandbox needs
#                  (where the sandbox does not work, setup.sh of a zip made without --no-sandbox stops at its check)
#   --cpus N       limit setup and grades to N CPUs (a fraction too, e.g. 0.5, as Gradescope's settings offer), with
#                  the cgroup cpu controller
#   --memory MIB   limit each part's memory to MIB MiB (page cache included, as a container's limit counts it), as
#                  Gradescope's memory setting does; the peak printed is measured in the same cgroup
#   --keep         keep the root file system afterwards (else it is deleted)
#
# Needs root, debootstrap and unzip (apt-get install debootstrap unzip), and bwrap but for --enter chroot; about 2 GB of
# disk and 5-10 minutes. Not part of ./course test (it needs root and the network). Record of its runs: grading/README.md.
set -euo pipefail
course_root=$(cd "$(dirname "$0")/../.." && pwd)
suite=trixie
mirror=""
root=""
zip=""
enter=container
cpus=""
memory=""
keep=no
zip_options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --zip) zip=${2:?--zip needs a file}; shift 2 ;;
    --no-perf|--no-sandbox) zip_options+=("$1"); shift ;;
    --suite) suite=${2:?--suite needs a Debian release name}; shift 2 ;;
    --mirror) mirror=${2:?--mirror needs a URL}; shift 2 ;;
    --root) root=${2:?--root needs a folder}; shift 2 ;;
    --enter) enter=${2:?--enter needs container, host-proc or chroot}; shift 2 ;;
    --cpus) cpus=${2:?--cpus needs a number}; shift 2 ;;
    --memory) memory=${2:?--memory needs a number of MiB}; shift 2 ;;
    --keep) keep=yes; shift ;;
    -h|--help) sed -n 2,33p "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "try-in-clean-root: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
say() { echo "try-in-clean-root: $*"; }
die() { echo "try-in-clean-root: $*" >&2; exit 1; }
case "$enter" in container|host-proc|chroot) ;;
  *) echo "try-in-clean-root: --enter takes container, host-proc or chroot, got '$enter'" >&2; exit 2 ;; esac
[[ -z "$cpus" || "$cpus" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "try-in-clean-root: --cpus takes a number, got '$cpus'" >&2; exit 2; }
[[ -z "$memory" || "$memory" =~ ^[1-9][0-9]*$ ]] || { echo "try-in-clean-root: --memory takes MiB, got '$memory'" >&2; exit 2; }
if [ -n "$zip" ] && [ ${#zip_options[@]} -gt 0 ]; then
  echo "try-in-clean-root: ${zip_options[*]} go into the zip this script makes; give them when you make --zip" >&2; exit 2
fi
[ "$(id -u)" = 0 ] || die "needs root (debootstrap, and setup.sh runs as root as on Gradescope)"
for tool in debootstrap unzip; do
  command -v "$tool" >/dev/null || die "needs $tool: apt-get install -y $tool"
done
[ "$enter" = chroot ] || command -v bwrap >/dev/null || die "needs bwrap for --enter $enter: apt-get install -y bubblewrap"
if [ -z "$mirror" ]; then
  mirror=$(grep -hs -e '^URIs:' -e '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null \
             | grep -m1 -o 'https\?://[^ ]*/debian\b' || true)
  mirror=${mirror:-http://deb.debian.org/debian}
fi

work=$(mktemp -d /var/tmp/gradescope-try.XXXXXX)
if [ -z "$root" ]; then
  root=$work/root
fi
mkdir -p "$root"
root=$(cd "$root" && pwd)
[ -z "$(ls -A "$root")" ] || die "$root is not empty: the point is a clean root file system"
out=$work/out
mkdir -p "$out"
cgroups=()
sampler=""

mounted_under_root() { awk -v r="$root" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts; }
cleanup() {
  local rc=$?
  [ -z "$sampler" ] || kill "$sampler" 2>/dev/null || true
  if [ "$enter" = chroot ]; then
    for m in sys proc dev; do
      if mountpoint -q "$root/$m"; then umount -R "$root/$m" || umount -lR "$root/$m" || true; fi
    done
  fi
  local g
  for g in "${cgroups[@]:-}"; do [ -z "$g" ] || rmdir "$g" 2>/dev/null || true; done
  if [ "$keep" = no ] && [ -d "$root" ]; then
    if [ -n "$(mounted_under_root)" ]; then
      echo "try-in-clean-root: still mounted under $root, so it is kept: $(mounted_under_root | tr '\n' ' ')" >&2
    else
      rm -rf "$root"
    fi
  elif [ -d "$root" ]; then
    say "the root file system is kept in $root"
  fi
  say "results.json files and logs are in $out"
  exit "$rc"
}
trap cleanup EXIT

# A cgroup of its own for each timed part: its peak memory (v1: max_usage_in_bytes, page cache included, as a
# container's limit counts it; v2: memory.peak) and, with --cpus, its CPU quota.
new_cgroup() {
  local name="gradescope-try-$$-$1"
  CG_MEM=""; CG_CPU=""
  if [ -d /sys/fs/cgroup/memory ] && mkdir -p "/sys/fs/cgroup/memory/$name" 2>/dev/null; then
    CG_MEM=/sys/fs/cgroup/memory/$name; cgroups+=("$CG_MEM")
    [ -z "$memory" ] || echo $((memory * 1048576)) > "$CG_MEM/memory.limit_in_bytes"
    if [ -n "$cpus" ] && [ -d /sys/fs/cgroup/cpu ] && mkdir -p "/sys/fs/cgroup/cpu/$name" 2>/dev/null; then
      CG_CPU=/sys/fs/cgroup/cpu/$name; cgroups+=("$CG_CPU")
      echo 100000 > "$CG_CPU/cpu.cfs_period_us"
      awk -v c="$cpus" 'BEGIN { printf "%d\n", c * 100000 }' > "$CG_CPU/cpu.cfs_quota_us"
    fi
  elif [ -f /sys/fs/cgroup/cgroup.controllers ] && mkdir -p "/sys/fs/cgroup/$name" 2>/dev/null; then
    CG_MEM=/sys/fs/cgroup/$name; cgroups+=("$CG_MEM")
    [ -z "$memory" ] || echo $((memory * 1048576)) > "$CG_MEM/memory.max"
    if [ -n "$cpus" ]; then
      CG_CPU=$CG_MEM
      awk -v c="$cpus" 'BEGIN { printf "%d 100000\n", c * 100000 }' > "$CG_CPU/cpu.max"
    fi
  fi
  [ -z "$cpus" ] || [ -n "$CG_CPU" ] || die "--cpus: no cgroup cpu controller to limit with"
  [ -z "$memory" ] || [ -n "$CG_MEM" ] || die "--memory: no cgroup memory controller to limit with"
}
# Samples the cgroup's resident memory of processes (page cache left out) twice a second, keeping the highest in $2.
sample_rss() {
  local max=0 r
  echo 0 > "$2"
  while :; do
    r=$(awk '$1 == "total_rss" || $1 == "anon" { print $2; exit }' "$1/memory.stat" 2>/dev/null || true)
    if [ -n "$r" ] && [ "$r" -gt "$max" ]; then max=$r; echo "$max" > "$2"; fi
    sleep 0.5
  done
}
peak_mib() {
  local f
  for f in "$1/memory.max_usage_in_bytes" "$1/memory.peak"; do
    [ -f "$f" ] && { awk '{ printf "%d", $1 / 1048576 }' "$f"; return; }
  done
  echo "?"
}

# Runs a command inside the root as root, with the environment a container starts with; its output goes to $2.
inside() {
  local part=$1 log=$2 cmd=$3 rc
  new_cgroup "$part"
  local mem=$CG_MEM cpu=$CG_CPU
  local env=(HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin)
  local rss_file=$out/rss-$part
  if [ -n "$mem" ]; then sample_rss "$mem" "$rss_file" & sampler=$!; fi
  set +e
  (
    for g in $mem $cpu; do echo "$BASHPID" > "$g/cgroup.procs"; done  # (v2: one folder, written twice)
    if [ "$enter" = chroot ]; then
      exec chroot "$root" /usr/bin/env -i "${env[@]}" bash -c "cd /autograder && $cmd"
    else
      local proc=(--proc /proc --unshare-pid)
      [ "$enter" = container ] || proc=(--bind /proc /proc)
      exec bwrap --bind "$root" / --dev /dev "${proc[@]}" --ro-bind /sys /sys --unshare-ipc --unshare-uts \
        --die-with-parent --clearenv --setenv HOME /root --setenv PATH "${env[1]#PATH=}" \
        --chdir /autograder bash -c "$cmd"
    fi
  ) > "$log" 2>&1
  rc=$?
  set -e
  if [ -n "$sampler" ]; then kill "$sampler" 2>/dev/null || true; wait "$sampler" 2>/dev/null || true; sampler=""; fi
  PEAK=$( [ -n "$mem" ] && peak_mib "$mem" || echo "?")
  PEAK="$PEAK MiB (processes $( [ -s "$rss_file" ] && awk '{ printf "%d", $1 / 1048576 }' "$rss_file" || echo "?") MiB)"
  return $rc
}

if [ -z "$zip" ]; then
  zip=$work/autograder-stage1.zip
  say "making the zip: ./course grade --stage 1 --gradescope-zip $zip ${zip_options[*]:-}"
  "$course_root/course" grade --stage 1 --gradescope-zip "$zip" "${zip_options[@]}" > "$out/zip.log" 2>&1 \
    || { cat "$out/zip.log" >&2; die "making the zip failed"; }
fi
[ -f "$zip" ] || die "no zip at $zip"

# The submissions, as GradescopeAutograderTest makes them: the stage-1 reference and its storage engine as a
# student's src/main/java, with submission.properties; the broken one answers a PUT with 200.
make_submission() {
  local to=$1 broken=$2 pkg
  for pkg in solutions/server/src/main/java/solutions/stage1 solutions/lsm/src/main/java/solutions/lsm; do
    mkdir -p "$to/src/main/java/solutions/$(basename "$pkg")"
    cp "$course_root/$pkg"/*.java "$to/src/main/java/solutions/$(basename "$pkg")/"
  done
  mkdir -p "$to/src/main/resources"
  printf 'factory=solutions.stage1.Stage1Factory\nstage=1\n' > "$to/src/main/resources/submission.properties"
  if [ "$broken" = yes ]; then
    local handler=$to/src/main/java/solutions/stage1/EntityHandler.java
    grep -q 'Response.CREATED)' "$handler" || die "EntityHandler.java no longer has 'Response.CREATED)' to break"
    sed -i 's/Response\.CREATED)/Response.OK)/' "$handler"
  fi
}
make_submission "$work/submissions/correct" no
make_submission "$work/submissions/broken" yes

start=$SECONDS
say "debootstrap --variant=minbase $suite $root $mirror"
debootstrap --variant=minbase "$suite" "$root" "$mirror" > "$out/debootstrap.log" 2>&1 \
  || { tail -20 "$out/debootstrap.log" >&2; die "debootstrap failed (log: $out/debootstrap.log)"; }
debootstrap_s=$((SECONDS - start))
cp /etc/resolv.conf "$root/etc/resolv.conf"
# This machine's own local certificate authorities (a network that inspects TLS needs them, for Maven Central): the
# ca-certificates package that setup.sh installs adds them to the system's and Java's trust stores. Gradescope's
# network needs none.
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  say "copied this machine's local CAs into the root: $(cd /usr/local/share/ca-certificates && echo *.crt)"
fi
if [ "$enter" = chroot ]; then
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev" && mount --make-rslave "$root/dev"
  mount -t sysfs sys "$root/sys"
fi

# Gradescope's layout: the zip unpacked into source/, run_autograder copied beside it.
mkdir -p "$root/autograder/source" "$root/autograder/results"
unzip -q "$zip" -d "$root/autograder/source"
cp "$root/autograder/source/run_autograder" "$root/autograder/run_autograder"

say "setup.sh (log: $out/setup.log; load average before: $(cut -d' ' -f1-3 /proc/loadavg)) ..."
start=$SECONDS
if inside setup "$out/setup.log" "bash /autograder/source/setup.sh"; then setup_rc=0; else setup_rc=$?; fi
setup_s=$((SECONDS - start))
setup_peak=$PEAK
grep '^setup.sh: ' "$out/setup.log" | grep -v -e '^setup.sh: -- ' || true
if [ "$setup_rc" -ne 0 ]; then
  tail -15 "$out/setup.log" >&2
  die "setup.sh failed (exit code $setup_rc) after $setup_s s; log: $out/setup.log"
fi

failures=0
summary=()
for which in correct broken; do
  rm -rf "$root/autograder/submission" "$root/autograder/results"
  mkdir -p "$root/autograder/results"
  cp -r "$work/submissions/$which" "$root/autograder/submission"
  say "run_autograder on the $which submission (log: $out/run-$which.log; load average before:" \
      "$(cut -d' ' -f1-3 /proc/loadavg)) ..."
  start=$SECONDS
  if inside "run-$which" "$out/run-$which.log" "/autograder/run_autograder"; then rc=0; else rc=$?; fi
  secs=$((SECONDS - start))
  cp "$root/autograder/results/results.json" "$out/results-$which.json" 2>/dev/null || true
  cp "$root/autograder/results/grade.json" "$out/grade-$which.json" 2>/dev/null || true
  verdict=$(python3 - "$out/results-$which.json" "$which" <<'PY'
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except Exception as e:
    print("FAIL no valid results.json (%s)" % e); sys.exit()
tests = r.get("tests", [])
score, top = r.get("score", 0), sum(t.get("max_score", 0) for t in tests)
perf = [e for e in r.get("leaderboard", []) if e.get("name") != "points"]
text = "%.2f / %.2f in %d tests%s" % (score, top, len(tests),
        ", performance ratio %s" % perf[0]["value"] if perf else "")
ok = (abs(score - top) <= 0.01 * len(tests) and len(tests) > 0) if sys.argv[2] == "correct" \
     else (len(tests) > 0 and score < top - 1)
print(("ok " if ok else "FAIL ") + text)
PY
)
  say "  $which: exit code $rc, $secs s, peak memory $PEAK, load average after: $(cut -d' ' -f1-3 /proc/loadavg):" \
      "$verdict"
  [ "$rc" -eq 0 ] && [[ "$verdict" == ok* ]] || failures=$((failures + 1))
  summary+=("run_autograder ($which): $secs s, peak $PEAK, exit $rc, $verdict")
done

echo
say "$suite ($enter${cpus:+, $cpus CPUs}${memory:+, $memory MiB}), zip $(basename "$zip") ($(tr '\n' ' ' < "$root/autograder/source/grade.args"); time limit $(cat "$root/autograder/source/time-limit-seconds") s):"
say "  debootstrap: $debootstrap_s s"
say "  setup.sh: $setup_s s, peak $setup_peak"
for line in "${summary[@]}"; do say "  $line"; done
[ "$failures" -eq 0 ] || die "$failures of 2 runs of run_autograder failed (logs in $out)"
say "all good"
