"""Student reports: folders reports/<student>/stage-<N>/ with report.md (YAML front matter + analysis) and files."""

import re
from dataclasses import dataclass, field
from pathlib import Path

from . import frontmatter
from .problems import Problem, Problems
from .profiles import load_profiles
from .results import read_result
from .runs import Run, run_from_doc

STAGE_DIR = re.compile(r"^stage-(\d+)$")


@dataclass
class Report:
    folder: Path
    student_key: str  # the folder name: who the student is (never shown when there is a pseudonym)
    display: str  # the name the site shows: pseudonym, else student, else the folder name
    stage: int
    title: str
    kind: str = "report"  # "report" (templated) or "free-form"
    hardware: object = None
    commands: list = field(default_factory=list)
    runs: list = field(default_factory=list)  # [Run]
    flamegraphs: list = field(default_factory=list)  # [Path]
    profiles: list = field(default_factory=list)  # [ProfileRef]: collapsed stacks, compared with the previous stage's
    saturations: list = field(default_factory=list)  # [(Path, saturation doc)]
    previous: int | None = None
    pseudonym: str | None = None
    aliases: set = field(default_factory=set)  # names results JSON may use for this student
    body: str = ""
    problems: list = field(default_factory=list)  # [Problem] about this report and its files
    notes: list = field(default_factory=list)  # what a reader should know about this report's inputs (not problems)
    source_file: Path | None = None  # the markdown the analysis comes from
    slug: str = ""  # set once all reports are known (unique per student)
    sample: bool = False  # shipped under samples/: the site labels it as a sample, not a student


def _local(problems: Problems, mine: list, file, message: str):
    mine.append(problems.add(file, message))


def load_reports(root: Path, problems: Problems) -> list:
    """Every report under `root`; a student folder without a readable report still gives a Report with problems."""
    reports = []
    if not root or not root.is_dir():
        return reports
    for student_dir in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        stage_dirs = [p for p in sorted(student_dir.iterdir()) if p.is_dir() and STAGE_DIR.match(p.name)]
        if not stage_dirs:
            mine = []
            _local(problems, mine, student_dir, "no stage-<N>/report.md folder inside; run './course report --stage N'")
            reports.append(Report(student_dir, student_dir.name, student_dir.name, 0, "(no report)", problems=mine))
            continue
        for stage_dir in stage_dirs:
            reports.append(
                load_report(stage_dir, student_dir.name, int(STAGE_DIR.match(stage_dir.name).group(1)), problems)
            )
    return reports


def load_report(folder: Path, student_key: str, stage: int, problems: Problems) -> Report:
    mine = []
    path = folder / "report.md"
    report = Report(folder, student_key, student_key, stage, f"Stage {stage} report", problems=mine, source_file=path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        _local(problems, mine, path, f"missing; run './course report --stage {stage}' to create it")
        return report
    except UnicodeDecodeError:
        _local(problems, mine, path, "is not UTF-8 text; save it as UTF-8")
        return report
    try:
        meta, report.body = frontmatter.split(text)
    except frontmatter.FrontMatterError as e:
        _local(problems, mine, path, f"{e}; the page shows the report without its runs")
        report.body = e.body
        return report
    _apply_front_matter(report, meta, path, problems, mine)
    return report


def _apply_front_matter(report: Report, meta: dict, path: Path, problems: Problems, mine: list):
    student = meta.get("student")
    pseudonym = meta.get("pseudonym")
    report.display = str(pseudonym or student or report.student_key)
    report.pseudonym = str(pseudonym) if pseudonym else None
    report.aliases = {str(x) for x in (student, pseudonym) if x}
    if meta.get("stage") is not None and meta.get("stage") != report.stage:
        _local(
            problems,
            mine,
            path,
            f"front matter says stage {meta.get('stage')!r} but the folder is stage-{report.stage}; the folder wins",
        )
    report.title = str(meta.get("title") or report.title)
    report.hardware = meta.get("hardware")
    commands = meta.get("commands") or []
    report.commands = [str(c) for c in commands] if isinstance(commands, list) else [str(commands)]
    report.previous = _stage_number(meta.get("previous"))
    if meta.get("previous") is not None and report.previous is None:
        _local(
            problems,
            mine,
            path,
            f"'previous: {meta.get('previous')}' names no stage; write a stage number, e.g. previous: 1",
        )
    for entry in _path_list(meta, "runs", path, problems, mine):
        run_path = report.folder / entry
        doc = read_result(run_path, problems, expect_kind="load-run")
        if doc is None:
            mine.append(problems.items[-1])
        else:
            report.runs.append(run_from_doc(run_path, doc))
    for entry in _path_list(meta, "saturation", path, problems, mine):
        doc = read_result(report.folder / entry, problems, expect_kind="saturation")
        if doc is None:
            mine.append(problems.items[-1])
        else:
            report.saturations.append((report.folder / entry, doc))
    for entry in _path_list(meta, "flamegraphs", path, problems, mine):
        graph = report.folder / entry
        if graph.is_file():
            report.flamegraphs.append(graph)
        else:
            _local(problems, mine, graph, "flame graph listed in report.md but not found")
    report.profiles = load_profiles(
        meta.get("profiles"), report.folder, path, lambda file, message: _local(problems, mine, file, message)
    )


def _path_list(meta: dict, key: str, path: Path, problems: Problems, mine: list) -> list:
    value = meta.get(key) or []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        _local(problems, mine, path, f"'{key}:' must be a list of relative paths")
        return []
    return value


def _stage_number(value):
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    m = re.search(r"(\d+)\s*/?\s*$", str(value))
    return int(m.group(1)) if m else None


def assign_slugs(reports: list):
    """One URL name per student, from the shown name; two students whose names slug alike get -2, -3 ..."""
    from .fmt import slug

    by_student = {}
    for report in reports:
        by_student.setdefault(report.student_key, []).append(report)
    for group in by_student.values():
        # A pseudonym given in any of the student's reports hides the name on all of them.
        pseudonyms = [r.pseudonym for r in group if r.pseudonym]
        display = pseudonyms[0] if pseudonyms else group[0].display
        for r in group:
            r.display = display
    taken = {}
    for report in sorted(reports, key=lambda r: r.student_key):
        if report.student_key in taken:
            report.slug = taken[report.student_key]
            continue
        base = slug(report.display)
        name, n = base, 2
        while name in taken.values():
            name, n = f"{base}-{n}", n + 1
        taken[report.student_key] = name
        report.slug = name


__all__ = ["Report", "Problem", "load_reports", "load_report", "assign_slugs", "Run"]
