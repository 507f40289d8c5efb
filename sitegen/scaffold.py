"""./course report --stage N: scaffolds reports/<student>/stage-N/report.md with the recorded runs attached.

The student's runs (results/load/*.json, written by ./course load) and flame graphs (results/profiles/<time>/*.html,
written by ./course profile) are copied into the report folder, and the front matter lists them, so that the site
generates the tables and charts and the student writes only the analysis.
"""
import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

from . import frontmatter
from .fmt import slug
from .problems import Problems
from .results import read_result, schema_errors

GENERIC_TEMPLATE = Path(__file__).parent / "templates" / "report.md"


class ScaffoldError(Exception):
    pass


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="./course report", description=(
        "Creates reports/<student>/stage-N/report.md from the stage's report template and attaches the load runs "
        "(results/load/*.json) and flame graphs (results/profiles/*/*.html) recorded so far. You then write only "
        "the analysis; ./course site shows it with tables and charts."))
    parser.add_argument("--stage", type=int, required=True, help="the stage the report is for, e.g. 1")
    parser.add_argument("--student", help="your name or pseudonym as the site shows it (default: git user.name, else $USER)")
    parser.add_argument("--force", action="store_true", help="replace an existing report.md (the old one is kept as report.md.bak)")
    parser.add_argument("--results", default="results", help="where the runs were recorded (default: results)")
    parser.add_argument("--reports", default="reports", help="where reports live (default: reports)")
    args = parser.parse_args(argv)
    if args.stage < 1:
        parser.error(f"--stage {args.stage}: stages are numbered from 1")
    return args


def default_student() -> str:
    try:
        name = subprocess.run(["git", "config", "user.name"], capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        name = ""
    return name or os.environ.get("USER") or os.environ.get("USERNAME") or ""


def find_template(root: Path, stage: int) -> Path:
    for folder in sorted((root / "stages").glob(f"{stage}-*")):
        if (folder / "report-template.md").is_file():
            return folder / "report-template.md"
    return GENERIC_TEMPLATE


def recorded_runs(results: Path, stage: int, problems: Problems) -> list:
    """(path, doc) of valid load runs for this stage (or without a stage), oldest first."""
    runs = []
    for path in sorted((results / "load").glob("*.json")):
        doc = read_result(path, problems, expect_kind="load-run")
        if doc is not None and doc.get("stage") in (None, stage):
            runs.append((path, doc))
    return sorted(runs, key=lambda r: (r[1].get("createdAt", ""), r[0].name))


def recorded_flamegraphs(results: Path) -> list:
    return sorted((results / "profiles").glob("*/*.html"))


def hardware_text(runs: list) -> str:
    env = next((doc.get("environment") for _, doc in runs if doc.get("environment")), None) or {}
    parts = [env.get("cpuModel") or platform.processor() or platform.machine()]
    cores = env.get("cores") or os.cpu_count()
    if cores:
        parts.append(f"{cores} cores")
    if env.get("memoryBytes"):
        parts.append(f"{env['memoryBytes'] / 2 ** 30:.0f} GiB")
    parts.append(env.get("os") or f"{platform.system()} {platform.release()}")
    if env.get("jdk"):
        parts.append(f"JDK {env['jdk']}")
    if env.get("heap"):
        parts.append(f"heap {env['heap']}")
    return ", ".join(p for p in parts if p)


def fill(template: str, values: dict) -> str:
    """Replaces {{name}}: strings go inside the template's double quotes, lists become YAML flow lists."""
    text = template
    for name, value in values.items():
        if isinstance(value, list):
            shown = json.dumps(value, ensure_ascii=False)
        elif isinstance(value, int):
            shown = str(value)
        else:
            shown = json.dumps(str(value), ensure_ascii=False)[1:-1]
        text = text.replace("{{" + name + "}}", shown)
    return text


def write_atomically(path: Path, text: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def attach_run(source: Path, doc: dict, folder: Path, student: str, stage: int) -> str:
    """Copies a run (and its HdrHistogram log) into the report; fills in student and stage when unset."""
    doc = dict(doc)
    doc["student"] = doc.get("student") or student
    doc["stage"] = doc.get("stage") or stage
    if schema_errors(doc):
        raise ScaffoldError(f"{source}: cannot attach it: {'; '.join(schema_errors(doc))}")
    relative = f"runs/{source.name}"
    if doc.get("histogramLog"):
        log = source.parent / doc["histogramLog"]
        if log.is_file():
            (folder / "runs").mkdir(parents=True, exist_ok=True)
            shutil.copy2(log, folder / "runs" / log.name)
            doc["histogramLog"] = log.name
        else:
            doc["histogramLog"] = None
    write_atomically(folder / relative, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    return relative


def scaffold(root: Path, stage: int, student: str, force: bool, results: Path, reports: Path) -> dict:
    if not student.strip():
        raise ScaffoldError("no student name: pass --student NAME (a pseudonym is fine)")
    folder = reports / slug(student) / f"stage-{stage}"
    target = folder / "report.md"
    if target.exists() and not force:
        raise ScaffoldError(f"{target} already exists; edit it, or pass --force to start over "
                            "(the old one is kept as report.md.bak)")
    problems = Problems(echo=False)
    runs = recorded_runs(results, stage, problems)
    graphs = recorded_flamegraphs(results)
    template_path = find_template(root, stage)
    if target.exists():
        shutil.copy2(target, target.with_name("report.md.bak"))
    run_paths = [attach_run(path, doc, folder, student, stage) for path, doc in runs]
    graph_paths = []
    for graph in graphs:
        relative = f"flamegraphs/{graph.parent.name}-{graph.name}"
        (folder / "flamegraphs").mkdir(parents=True, exist_ok=True)
        shutil.copy2(graph, folder / relative)
        graph_paths.append(relative)
    commands = list(dict.fromkeys(doc["source"]["command"] for _, doc in runs if doc["source"].get("command")))
    values = {"student": student, "stage": stage, "hardware": hardware_text(runs), "commands": commands,
              "runs": run_paths, "flamegraphs": graph_paths}
    text = fill(template_path.read_text(encoding="utf-8"), values)
    try:
        meta, _ = frontmatter.split(text)
    except frontmatter.FrontMatterError as e:
        raise ScaffoldError(f"{template_path}: the filled template has broken front matter ({e}); fix the template") from e
    if not meta:
        # A template of only prose: the front matter the site needs goes on top of it.
        values["title"] = f"Stage {stage} report"
        text = "---\n" + yaml.safe_dump(values, allow_unicode=True, sort_keys=False) + "---\n\n" + text
    write_atomically(target, text)
    return {"report": target, "template": template_path, "runs": run_paths, "flamegraphs": graph_paths,
            "skipped": problems.items}


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    root = Path(os.environ.get("COURSE_ROOT") or Path.cwd())
    try:
        done = scaffold(root, args.stage, args.student or default_student(), args.force,
                        root / args.results if not Path(args.results).is_absolute() else Path(args.results),
                        root / args.reports if not Path(args.reports).is_absolute() else Path(args.reports))
    except ScaffoldError as e:
        print(f"course report: {e}", file=sys.stderr)
        return 1
    report = done["report"]
    shown = report.relative_to(root) if report.is_relative_to(root) else report
    print(f"course report: wrote {shown} from {done['template'].name}: "
          f"{len(done['runs'])} run(s), {len(done['flamegraphs'])} flame graph(s) attached")
    for problem in done["skipped"]:
        print(f"course report: skipped {problem}", file=sys.stderr)
    if not done["runs"]:
        print("course report: no runs recorded yet; run ./course load ... then ./course report --force, or list "
              "run files under 'runs:' yourself", file=sys.stderr)
    print(f"next: write your analysis in {shown}, then look at it with ./course site --serve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
