"""Every `./course ...` a page names is a command its reader has, with options that command's --help lists.

The helpers here read commands out of markdown and options out of a --help text; publish/tests uses them on a
published student repository (test_publish_docs_commands.py), with the student's own ./course."""

import re
import subprocess
from pathlib import Path

import pytest

from sitegen.paths import REPO_ROOT

STUDENT_PAGES = [
    "index.md",
    "start.md",
    "guides/load-testing.md",
    "guides/profiling.md",
    "guides/flame-graphs.md",
    "guides/writing-the-report.md",
]
# Pages for the course's own users: checked against the course's ./course.
COURSE_PAGES = ["README.md", "publish/README.md", "grading/README.md", "stages/README.md"]
COMMANDS = REPO_ROOT / "cli/src/main/resources/course/cli/commands.txt"


def command_rows() -> list[list[str]]:
    """The rows of the one command list: name, for (course, student, both), class, summary, example."""
    rows = COMMANDS.read_text(encoding="utf-8").splitlines()
    return [[f.strip() for f in row.split("|")] for row in rows if row.strip() and not row.startswith("#")]


def student_commands() -> set:
    """The commands of the student repository's ./course: the student rows of the one command list."""
    return {f[0] for f in command_rows() if f[1] in ("student", "both")}


def course_commands() -> set:
    return {f[0] for f in command_rows() if f[1] in ("course", "both")}


def named_commands(markdown: str) -> list[str]:
    """Each `./course ...` of a page's code, as typed: inline code (which may run over a line break) and the lines
    of shell blocks (```bash), without their # comments. Other fenced blocks are text (a tree, a table)."""
    found = []
    fenced = re.findall(r"^```(?:bash|sh|shell|console)\n(.*?)^```", markdown, flags=re.S | re.M)
    for block in fenced:
        for line in block.splitlines():
            line = line.split(" #", 1)[0]
            found += [m.group(0) for m in re.finditer(r"\./course [a-z][^|;&()]*", line)]
    prose = re.sub(r"^```[^\n]*\n.*?^```", "", markdown, flags=re.S | re.M)
    for span in re.findall(r"`([^`]+)`", prose):
        span = " ".join(span.split())
        found += [m.group(0) for m in re.finditer(r"\./course [a-z][^|;&()]*", span)]
    return [" ".join(c.split()) for c in found]


def options_named(command: str) -> list[str]:
    """The options a command line names (--rate=5 -> --rate; [--nodes 3] -> --nodes; -t2 -> -t2 as typed)."""
    words = command.replace("[", " ").replace("]", " ").split()[2:]
    return [w.split("=", 1)[0] for w in words if re.fullmatch(r"--?[A-Za-z][\w-]*(=.*)?", w)]


def options_in_help(text: str) -> set:
    """Every option a --help text names, --[no-]x as both --x and --no-x."""
    found = set()
    for m in re.finditer(r"(?<![\w-])(--?)(\[no-\])?([A-Za-z][\w-]*)", text):
        found.add(m.group(1) + m.group(3))
        if m.group(2):
            found.add(m.group(1) + "no-" + m.group(3))
    return found


def option_is_known(option: str, known: set) -> bool:
    # wrk2's own syntax glues short options to their value (-t2 -c8 -d20s -R1000).
    return option in known or (re.fullmatch(r"-[A-Za-z].+", option) is not None and option[:2] in known)


def wrong_lines(pages: dict[str, str], have: set, helps: dict[str, str]) -> list[str]:
    """Each command line of the pages naming a command not in `have`, or an option its --help does not list."""
    wrong = []
    for page, text in pages.items():
        for line in named_commands(text):
            name = line.split()[1]
            if name not in have:
                wrong.append(f"{page}: `{line}`: no command '{name}' here")
                continue
            known = options_in_help(helps[name])
            wrong += [
                f"{page}: `{line}`: {name} has no option {o}"
                for o in options_named(line)
                if not option_is_known(o, known)
            ]
    return wrong


def help_of(course: Path, name: str) -> str:
    result = subprocess.run(
        [str(course / "course"), name, "--help"], cwd=course, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, f"./course {name} --help: exit {result.returncode}\n{result.stderr[-2000:]}"
    assert "usage" in result.stdout.lower(), f"./course {name} --help prints no usage:\n{result.stdout[:500]}"
    return result.stdout


@pytest.fixture(scope="module")
def course_helps() -> dict[str, str]:
    """The --help of every command of the course's ./course (a build first, when a source changed)."""
    return {name: help_of(REPO_ROOT, name) for name in sorted(course_commands())}


def test_named_commands_and_options_are_read_as_typed():
    page = (
        "Run `./course load --url http://x -R 2000 -c 64\n   -t 2 --key-order sequential` first.\n"
        "```bash\n./course run [--nodes 3]    # a --comment\n./course load -t1 -c8 -d20s -R1000 http://x/\n```\n"
        "```\ncourse/   ./course finds a JDK\n```\n"
    )
    lines = named_commands(page)
    assert lines == [
        "./course run [--nodes 3]",
        "./course load -t1 -c8 -d20s -R1000 http://x/",
        "./course load --url http://x -R 2000 -c 64 -t 2 --key-order sequential",
    ]
    assert options_named(lines[2]) == ["--url", "-R", "-c", "-t", "--key-order"]
    known = options_in_help("  -t, --threads=N\n      --[no-]stabilize  ...\n  -c N -d T -R N")
    assert {"-t", "--threads", "--stabilize", "--no-stabilize"} <= known
    assert option_is_known("-t1", known) and not option_is_known("--key-orders", known)
    assert wrong_lines({"p": "`./course load --frobnicate`"}, {"load"}, {"load": "--url"}) == [
        "p: `./course load --frobnicate`: load has no option --frobnicate"
    ]


def test_every_course_command_has_a_help(course_helps):
    assert set(course_helps) == course_commands()


def test_course_pages_name_commands_and_options_the_course_has(course_helps):
    pages = {page: (REPO_ROOT / page).read_text(encoding="utf-8") for page in COURSE_PAGES}
    assert wrong_lines(pages, course_commands(), course_helps) == []


def test_student_pages_name_only_commands_students_have(course_helps):
    have = student_commands()
    assert {"test", "run", "load", "report"} <= have and "site" not in have
    wrong = []
    for page in STUDENT_PAGES:
        text = (REPO_ROOT / "docs" / page).read_text(encoding="utf-8")
        for m in re.finditer(r"\./course ([a-z-]+)((?: --?[a-z-]+)*)", text):
            if m.group(1) not in have or (m.group(1) == "run" and "--stage" in m.group(2)):
                wrong.append(f"{page}: {m.group(0)}")
    assert wrong == []
    # Their options, by the course's --help of the same command (the student's runs the same class).
    pages = {page: (REPO_ROOT / "docs" / page).read_text(encoding="utf-8") for page in STUDENT_PAGES}
    assert wrong_lines(pages, have, course_helps) == []


def test_stages_runs_as_the_pages_show_it():
    # The one named command cheap enough and without side effects to run for real.
    result = subprocess.run(
        [str(REPO_ROOT / "course"), "stages"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0 and "1-sync-server" in result.stdout, result.stderr


def test_the_student_readme_says_what_the_grader_takes():
    # grading.StudentFiles: .java files under src/main/java and every file under src/main/resources, nothing else.
    code = (REPO_ROOT / "grading/grader/src/main/java/grading/StudentFiles.java").read_text(encoding="utf-8")
    assert 'JAVA = Path.of("src", "main", "java")' in code and 'RESOURCES = Path.of("src", "main", "resources")' in code
    readme = " ".join((REPO_ROOT / "publish/student/README.md").read_text(encoding="utf-8").split())
    submit = readme[readme.index("## Submit") : readme.index("## Move to the next stage")]
    assert "`.java` files under `starter/student/src/main/java/`" in submit
    assert "files under `starter/student/src/main/resources/`" in submit
    assert "and your report into" not in submit and "copies only `starter/student/`" not in submit


FILLING_PAGES = ["docs/start.md", "docs/guides/load-testing.md"]


def value_of(line: str, *names: str) -> str | None:
    words = line.split()
    for i, w in enumerate(words):
        for n in names:
            if w == n and i + 1 < len(words):
                return words[i + 1]
            if w.startswith(n + "="):
                return w.split("=", 1)[1]
    return None


def test_put_runs_the_pages_show_write_the_keys_later_gets_ask_for():
    # A GET of a key no PUT wrote is a 404: a PUT run drawing keys at random writes only part of the key space (as
    # many requests as keys: about 63%), so the PUT runs students are shown write the keys in order, and enough.
    pages = {p: (REPO_ROOT / p).read_text(encoding="utf-8") for p in FILLING_PAGES}
    pages |= {
        str(p.relative_to(REPO_ROOT)): p.read_text(encoding="utf-8")
        for p in sorted(REPO_ROOT.glob("stages/*/README.md"))
    }
    wrong = []
    for page, text in pages.items():
        for line in named_commands(text):
            if not line.startswith("./course load") or value_of(line, "--workload") != "put" or " -R " not in line:
                continue
            if value_of(line, "--key-order") != "sequential":
                wrong.append(f"{page}: `{line}`: keys at random")
                continue
            rate, duration, keys = (
                value_of(line, "-R", "--rate"),
                value_of(line, "-d", "--duration"),
                value_of(line, "--keys") or "100000",
            )
            if rate.isdigit() and duration and duration.endswith("s") and duration[:-1].isdigit() and keys.isdigit():
                if int(rate) * int(duration[:-1]) < int(keys):
                    wrong.append(f"{page}: `{line}`: {rate} x {duration} PUTs do not cover --keys {keys}")
    assert wrong == []
