# Shared shell functions of ./course and the scripts/ it calls. Sourced, never run.

# The checkout the scripts belong to, for them and the programs they start (./course sets it before sourcing).
COURSE_ROOT=${COURSE_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
export COURSE_ROOT

COURSE_MIN_JDK=21

# Prints the feature version (21, 25, ...) of the java binary $1, or nothing.
course_java_version() {
  local v
  v=$("$1" -version 2>&1 | sed -n 's/.*version "\([0-9][0-9]*\)[."].*/\1/p' | head -1) || true
  # Very old JDKs print "1.8.0_x"; they are too old anyway.
  echo "$v"
}

# Finds a JDK >= 21: JAVA_HOME, then java on PATH, then the usual install folders on Linux and macOS.
# Exports JAVA_HOME and puts its bin first on PATH, or stops with one line that says how to get one.
course_find_jdk() {
  local candidates=() c v
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v java >/dev/null 2>&1; then
    c=$(readlink -f "$(command -v java)" 2>/dev/null || command -v java)
    candidates+=("$(dirname "$(dirname "$c")")")
  fi
  for c in /usr/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/* \
           "$HOME"/.jdks/* /Library/Java/JavaVirtualMachines/*/Contents/Home \
           /opt/homebrew/opt/openjdk*/libexec/openjdk.jdk/Contents/Home /usr/local/opt/openjdk*/libexec/openjdk.jdk/Contents/Home; do
    [ -d "$c" ] && candidates+=("$c")
  done
  local best="" best_v=0
  for c in "${candidates[@]}"; do
    [ -x "$c/bin/java" ] && [ -x "$c/bin/javac" ] || continue
    v=$(course_java_version "$c/bin/java")
    [ -n "$v" ] || continue
    # The first acceptable candidate wins (the user's JAVA_HOME or PATH choice): the rest are not asked, each
    # `java -version` being a JVM start (~0.05 s) that every ./course command would otherwise pay for.
    if [ "$v" -ge "$COURSE_MIN_JDK" ]; then best=$c; best_v=$v; break; fi
  done
  if [ -z "$best" ]; then
    echo "course: no JDK >= $COURSE_MIN_JDK found (looked at JAVA_HOME, java on PATH, /usr/lib/jvm, ~/.sdkman, /Library/Java); install one, e.g. 'sudo apt-get install openjdk-21-jdk' or 'brew install openjdk@21', or set JAVA_HOME to it." >&2
    exit 1
  fi
  export JAVA_HOME="$best"
  export PATH="$JAVA_HOME/bin:$PATH"
  export COURSE_JDK_VERSION=$best_v
}

# The JVM flags of the course from their one source, jvm-flags.properties (which says why each is there): "all"
# for every JVM that runs course code, "jdk" for only those this JDK needs (Maven's own JVM).
course_jvm_flags() {
  local file="$COURSE_ROOT/jvm-flags.properties" flags=""
  [ -f "$file" ] || { echo "course: $file is missing; it holds the JVM flags of the course (restore it from git)" >&2; exit 1; }
  if [ "${1:-all}" = all ]; then flags=$(sed -n 's/^course\.jvm\.all=//p' "$file"); fi
  if [ "${COURSE_JDK_VERSION:-0}" -ge 24 ]; then flags="$flags $(sed -n 's/^course\.jvm\.jdk24=//p' "$file")"; fi
  # shellcheck disable=SC2086  # unquoted on purpose: one space between flags
  echo $flags
}

course_mvn() {
  "$COURSE_ROOT/mvnw" -f "$COURSE_ROOT/pom.xml" -B -ntp "$@"
}

# Builds all modules (no tests) when any source or pom is newer than the last build; "force" always builds.
# "package", not "install": the classpath points at the modules' own jars, and ~/.m2 keeps no copies that a
# student clone and the course repository on one machine would overwrite in each other.
course_build() {
  local stamp="$COURSE_ROOT/cli/target/classpath.txt"
  if [ "${1:-}" != force ] && [ -f "$stamp" ] && \
     [ -z "$(find "$COURSE_ROOT" -path "$COURSE_ROOT/.git" -prune -o -path '*/target' -prune -o \
             \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' \) -newer "$stamp" -print -quit)" ]; then
    return 0
  fi
  echo "course: building (./mvnw package -DskipTests) ..." >&2
  local log
  log=$(mktemp)
  # -T 1C: modules that do not depend on each other compile side by side (a fresh clone's build: 45 s instead of 58
  # on 2 cores, the same CPU). Without Error Prone: it made a fresh clone's build 73 s and 124 core-s instead of 13 s
  # and 21; the course repository's ./course test checks the bug patterns in a build of its own, beside the tests.
  if ! course_mvn -q -T 1C package -DskipTests -Derrorprone.skip >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"
    echo "course: the build failed (output above)." >&2
    exit 1
  fi
  rm -f "$log"
  # The dependency plugin leaves an unchanged classpath.txt untouched; the stamp must still say "built now".
  touch "$stamp"
}

# The one list of subcommands (read by the scripts' usage, by course.cli.Main and by ./course publish).
course_command_list() { echo "$COURSE_ROOT/cli/src/main/resources/course/cli/commands.txt"; }

# Prints the usage of ./course for "course" or "student" from the list of subcommands.
course_usage() {
  echo "usage: ./course <command> [options]       (every command takes --help)"
  echo
  awk -F'|' -v who="$1" '
    /^#/ || NF < 5 { next }
    { n = $1; a = $2; d = $4; e = $5; gsub(/^ +| +$/, "", n); gsub(/^ +| +$/, "", a); gsub(/^ +| +$/, "", d);
      gsub(/^ +| +$/, "", e)
      if (a != who && a != "both") next
      if (e == "") printf "  %-11s %s\n", n, d; else printf "  %-11s %-62s %s\n", n, d, e }' "$(course_command_list)"
}

# True when the list runs NAME in Java (course.cli.Main dispatches it); the shell runs the others itself.
course_is_java_command() {
  awk -F'|' -v name="$1" '
    /^#/ || NF < 5 { next }
    { n = $1; c = $3; gsub(/ /, "", n); gsub(/ /, "", c); if (n == name && c != "-") found = 1 }
    END { exit found ? 0 : 1 }' "$(course_command_list)"
}

# Runs a Java subcommand through course.cli.Main with the CLI module's classpath.
course_java() {
  local cp
  cp="$COURSE_ROOT/cli/target/classes:$(cat "$COURSE_ROOT/cli/target/classpath.txt")"
  # shellcheck disable=SC2046
  exec "$JAVA_HOME/bin/java" $(course_jvm_flags) ${COURSE_JAVA_OPTS:-} -cp "$cp" course.cli.Main "$@"
}

# Creates (once) and activates the Python virtual environment of the course (.venv), installing requirements.txt
# again whenever it changes.
course_venv() {
  local venv="$COURSE_ROOT/.venv" req="$COURSE_ROOT/requirements.txt" py
  py=$(command -v python3 || true)
  [ -n "$py" ] || { echo "course: python3 is needed for the site and its tests; install it (e.g. 'sudo apt-get install python3 python3-venv')." >&2; exit 1; }
  if [ ! -x "$venv/bin/python" ]; then
    echo "course: creating the Python environment in .venv ..." >&2
    "$py" -m venv "$venv" || { echo "course: 'python3 -m venv' failed; install python3-venv." >&2; exit 1; }
  fi
  if [ -f "$req" ] && ! cmp -s "$req" "$venv/.requirements.installed"; then
    echo "course: installing Python packages from requirements.txt ..." >&2
    "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$req" >&2 \
      || { echo "course: pip install -r requirements.txt failed (output above)." >&2; exit 1; }
    cp "$req" "$venv/.requirements.installed"
  fi
  export PATH="$venv/bin:$PATH"
  export VIRTUAL_ENV="$venv"
}
