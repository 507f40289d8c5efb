"""Pieces of scripts/demo.sh that a test can hold without running the whole demo (it takes minutes of both cores)."""

import re
import subprocess

from sitegen.paths import REPO_ROOT

DEMO = (REPO_ROOT / "scripts/demo.sh").read_text(encoding="utf-8")

# The Latency Distribution block as course.load.Wrk2Report prints it ("%7.3f%%" then the value).
WRK2_TEXT = """\
  Latency Distribution (HdrHistogram - Recorded Latency)
 50.000%    1.21ms
 75.000%    1.80ms
 90.000%    2.50ms
 99.000%    4.10ms
 99.900%    8.20ms
 99.990%   12.00ms
 99.999%   13.00ms
100.000%   14.00ms
Requests/sec:   1999.80
"""


def summary_pattern() -> str:
    show_run = DEMO[DEMO.index("show_run() {") :]
    return re.search(r'grep -E "([^"]+)" "\$work/load.txt"', show_run).group(1)


def test_summary_shows_p50_p99_and_p99_9(tmp_path):
    pattern = summary_pattern().replace("\\\\", "\\")
    shown = subprocess.run(["grep", "-E", pattern], input=WRK2_TEXT, capture_output=True, text=True).stdout.splitlines()
    assert [line.split()[0] for line in shown] == ["50.000%", "99.000%", "99.900%", "Requests/sec:"]


def test_nodes_are_awaited_on_the_launcher_ready_line_with_java_ports():
    ready = re.search(r'LAUNCHER_READY="([^"]*)"', DEMO).group(1)
    launcher = (REPO_ROOT / "kit/runtime/src/main/java/course/runtime/Launcher.java").read_text(encoding="utf-8")
    assert f'READY = "{ready}"' in launcher
    assert "course.harness.Ports" in DEMO and "python3 -" not in DEMO and "reference is running" not in DEMO


def test_closing_hint_serves_the_site_the_demo_built():
    # The demo ends here without serving (--no-serve, or not a terminal): nothing was served "again".
    assert "again" not in DEMO[DEMO.index('step "Done"') :]
    hint = re.search(r"serve it with: (\./course site[^\"]*)\"", DEMO).group(1)
    assert hint == "./course site --no-build --serve"
    assert 'site_out="$COURSE_ROOT/build/site"' in DEMO  # where ./course site --no-build serves from by default
    assert 'out="$COURSE_ROOT/build/site"' in (REPO_ROOT / "scripts/site.sh").read_text(encoding="utf-8")


def test_stage_facts_come_from_the_stage_registry_not_from_numbers_in_the_script():
    # Adding a stage is its folder and its packages: the demo must learn it from ./course stages (stage.yml).
    assert not re.search(r'"\$stage" -(ge|gt|le|lt|eq) [0-9]', DEMO)
    assert "references.properties" not in DEMO and "Factory.java" not in DEMO and "--ack 2" not in DEMO
    block = DEMO[DEMO.index("declare -A stage_nodes") : DEMO.index("first_stage=")]
    tsv = (
        "stage\tfolder\tnodes\tack\tfrom\treference\tdemo-note\n"
        "1\t1-sync-server\t1\t-\t-\tsolutions.stage1.Stage1Factory\tthe baseline\n"
        "7\t7-something\t5\t3\t3\t-\twhat stage 7 shows, with spaces\n"
    )
    script = (
        'course() { [ "$*" = "stages --tsv" ] && printf "%s" "$TSV"; }\n'
        + block
        + 'echo "${stage_numbers[*]}|${stage_nodes[7]}|${stage_ack[7]}/${stage_from[7]}|${stage_reference[7]}'
        '|${stage_note[7]}|${stage_reference[1]}"\n'
    )
    out = subprocess.run(
        ["bash", "-c", script], env={"TSV": tsv, "PATH": "/usr/bin:/bin"}, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "1 7|5|3/3|-|what stage 7 shows, with spaces|solutions.stage1.Stage1Factory"


def test_the_demo_says_up_front_how_long_it_takes_and_what_its_heading_times_are():
    # Until the first heading the demo only checked its arguments: the lines from there to step 1, run as they are.
    start = DEMO.index("# Said before anything starts")
    block = DEMO[start : DEMO.index('step "1.')] + 'step "1. Building"\n'
    out = subprocess.run(["bash", "-c", "set -eu; duration=10s\n" + block], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    said, heading = out.stdout.strip().splitlines()[0], out.stdout.strip().splitlines()[-1]
    assert "about 4 minutes" in said and "40s per stage" in said, said
    assert heading.endswith("(0s since the demo started)"), heading
