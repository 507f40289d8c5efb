"""./course report --stage N: scaffolds reports/<student>/stage-N/report.md with the recorded runs attached.

The student's runs of that stage (results/load/*.json, written by ./course load; a run's stage is in its JSON), the
stage's saturation searches (results/saturate/*/saturation.json) and its flame graphs (those recorded with a run of
the stage, and results/profiles/<time>/ folders that name the stage) with the collapsed stacks written next to each
(cpu.collapsed beside cpu.html: what the site compares with the previous stage's) are copied into the report folder,
and the front matter lists them, so that the site generates the tables and charts and the student writes only the
analysis. Runs
of other stages are left out; runs that do not say their stage are left out and counted, because a report that
mixes stages would compare the wrong numbers.
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
from .paths import nearest_existing
from .problems import Problems
from .profiles import EVENTS, SUFFIX, event_from_name
from .results import read_result, schema_errors
from .stages import RegisteredStage, StageFileError, registry

RESULTS_DEFAULT = "results"
GENERIC_TEMPLATE = Path(__file__).parent / "templates" / "report.md"


class ScaffoldError(Exception):
    pass


class UnknownStage(ScaffoldError):
    """--stage names no stage of this repository: bad input (exit 2), not a failure."""


class BadFolder(ScaffoldError):
    """--results or --reports names a folder that cannot serve: bad input (exit 2), refused before anything is written."""


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="./course report",
        description=(
            "Creates reports/<student>/stage-N/report.md from the stage's report template and attaches the load runs "
            "(results/load/*.json) and flame graphs (results/profiles/*/*.html, with the collapsed stacks beside them "
            "that the site compares with your previous stage's) recorded so far. You then write only the analysis; "
            "./course site shows it with tables and charts."
        ),
    )
    parser.add_argument("--stage", type=int, required=True, help="the stage the report is for, e.g. 1")
    parser.add_argument(
        "--student", help="your name or pseudonym as the site shows it (default: git user.name, else $USER)"
    )
    parser.add_argument(
        "--force", action="store_true", help="replace an existing report.md (the old one is kept as report.md.bak)"
    )
    parser.add_argument("--results", default=RESULTS_DEFAULT, help="where the runs were recorded (default: results)")
    parser.add_argument("--reports", default="reports", help="where reports live (default: reports)")
    return parser.parse_args(argv)


def the_stage(root: Path, stage: int) -> RegisteredStage:
    """Stage `stage` of the registry (stages/<N>-<slug>/stage.yml); a stage folder the registry refuses stops the
    scaffold with the registry's message (exit 1: the repository is wrong), an unknown number with the list of
    stages (exit 2: the argument is)."""
    try:
        stages = registry(root / "stages")
    except StageFileError as e:
        raise ScaffoldError(str(e)) from e
    for known in stages:
        if known.number == stage:
            return known
    listed = ", ".join(str(s.number) for s in stages) if stages else f"none (no stages/<N>-*/ folder in {root})"
    raise UnknownStage(f"--stage {stage}: there is no stage {stage}; the stages are: {listed}")


def default_student() -> str:
    try:
        name = subprocess.run(["git", "config", "user.name"], capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        name = ""
    return name or os.environ.get("USER") or os.environ.get("USERNAME") or ""


def find_template(stage: RegisteredStage) -> Path:
    template = stage.folder / "report-template.md"
    return template if template.is_file() else GENERIC_TEMPLATE


def recorded_runs(results: Path, stage: int, problems: Problems) -> tuple:
    """(runs of this stage as (path, doc) oldest first, paths of runs that do not say their stage)."""
    runs, stageless = [], []
    for path in sorted((results / "load").glob("*.json")):
        doc = read_result(path, problems, expect_kind="load-run")
        if doc is None:
            continue
        if doc.get("stage") is None:
            stageless.append(path)
        elif doc["stage"] == stage:
            runs.append((path, doc))
    return sorted(runs, key=lambda r: (r[1].get("createdAt", ""), r[0].name)), stageless


def recorded_saturations(results: Path, stage: int, problems: Problems) -> list:
    """(path, doc) of the saturation searches of this stage, oldest first."""
    found = []
    for path in sorted((results / "saturate").glob("*/saturation.json")):
        doc = read_result(path, problems, expect_kind="saturation")
        if doc is not None and doc.get("stage") == stage:
            found.append((path, doc))
    return sorted(found, key=lambda r: (r[1].get("createdAt", ""), str(r[0])))


# ./course profile names the stage of its output folder in profile.properties ("stage=N", Java properties), so its
# graphs join that stage; a stage.txt holding one number (written by hand) is read too.
PROFILE_METADATA_FILE = "profile.properties"
PROFILE_STAGE_FILE = "stage.txt"


def profile_folder_stage(folder: Path):
    try:
        for line in (folder / PROFILE_METADATA_FILE).read_text(encoding="utf-8").splitlines():
            key, _, value = line.partition("=")
            if key.strip() == "stage" and value.strip().isdigit():
                return int(value.strip())
    except OSError:
        pass
    try:
        text = (folder / PROFILE_STAGE_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def recorded_flamegraphs(results: Path, stage: int, runs: list) -> tuple:
    """([(name in the report, file, workload or None)] of this stage's flame graphs, profile folders that do not say
    their stage).

    A run's own profiles (./course load --profile) belong to the run's stage and workload; a folder of
    ./course profile output belongs to the stage its profile.properties (or stage.txt) names, and to no workload
    (./course profile does not know which load ran)."""
    graphs, stageless = [], []
    for path, doc in runs:
        workload = (doc.get("workload") or {}).get("name")
        for entry in doc.get("profiles") or []:
            graph = path.parent / entry
            if graph.is_file() and graph.suffix == ".html":
                graphs.append((f"{path.stem}-{graph.name}", graph, workload))
    for folder in sorted(p for p in (results / "profiles").glob("*") if p.is_dir()):
        htmls = sorted(folder.glob("*.html"))
        if not htmls:
            continue
        folder_stage = profile_folder_stage(folder)
        if folder_stage is None:
            stageless.append(folder)
        elif folder_stage == stage:
            graphs += [(f"{folder.name}-{graph.name}", graph, None) for graph in htmls]
    return graphs, stageless


def profile_entry(relative: str, graph: Path, workload) -> dict:
    """The front matter's entry for collapsed stacks copied to `relative`: their event (the graph's name, cpu.html
    -> cpu) and the workload of the run they were recorded with, so the site pairs them with the previous stage's
    profile of the same event and workload."""
    entry = {"file": relative}
    event = graph.stem if graph.stem in EVENTS else event_from_name(relative)
    if event:
        entry["event"] = event
    if workload:
        entry["workload"] = str(workload)
    return entry


def hardware_text(runs: list) -> str:
    env = next((doc.get("environment") for _, doc in runs if doc.get("environment")), None) or {}
    parts = [env.get("cpuModel") or platform.processor() or platform.machine()]
    cores = env.get("cores") or os.cpu_count()
    if cores:
        parts.append(f"{cores} cores")
    if env.get("memoryBytes"):
        parts.append(f"{env['memoryBytes'] / 2**30:.0f} GiB")
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


def attach_saturation(source: Path, doc: dict, folder: Path, student: str) -> str:
    doc = dict(doc)
    doc["student"] = doc.get("student") or student
    relative = f"saturation/{source.parent.name}.json"
    write_atomically(folder / relative, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    return relative


def refuse_unwritable(reports: Path):
    """The report goes under reports: the nearest part of that path that exists must be a folder this user may write."""
    existing = nearest_existing(reports)
    if not existing.is_dir():
        raise BadFolder(f"--reports {reports}: {existing} is a file, not a folder; give the folder reports live in")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise BadFolder(f"--reports {reports}: the folder {existing} is not writable here; give another --reports")


def refuse_missing_results(results: Path, given: bool):
    """A --results given by hand that is no folder is a typo, not a stage without runs."""
    if given and not results.is_dir():
        raise BadFolder(
            f"--results {results}: no such folder; give the folder your runs were recorded in"
            " (./course load writes under results/load)"
        )


def scaffold(
    root: Path, stage: int, student: str, force: bool, results: Path, reports: Path, results_given: bool = False
) -> dict:
    known = the_stage(root, stage)
    if not student.strip():
        raise ScaffoldError("no student name: pass --student NAME (a pseudonym is fine)")
    refuse_missing_results(results, results_given)
    refuse_unwritable(reports)
    folder = reports / slug(student) / f"stage-{stage}"
    target = folder / "report.md"
    if target.exists() and not force:
        raise ScaffoldError(
            f"{target} already exists; edit it, or pass --force to start over (the old one is kept as report.md.bak)"
        )
    problems = Problems(echo=False)
    runs, stageless_runs = recorded_runs(results, stage, problems)
    saturations = recorded_saturations(results, stage, problems)
    graphs, stageless_profiles = recorded_flamegraphs(results, stage, runs)
    template_path = find_template(known)
    if target.exists():
        shutil.copy2(target, target.with_name("report.md.bak"))
    run_paths = [attach_run(path, doc, folder, student, stage) for path, doc in runs]
    saturation_paths = [attach_saturation(path, doc, folder, student) for path, doc in saturations]
    graph_paths, profile_entries, uncollapsed = [], [], []
    for name, graph, workload in graphs:
        relative = f"flamegraphs/{name}"
        (folder / "flamegraphs").mkdir(parents=True, exist_ok=True)
        shutil.copy2(graph, folder / relative)
        graph_paths.append(relative)
        collapsed = graph.with_suffix(SUFFIX)
        if collapsed.is_file():
            stacks = f"flamegraphs/{Path(name).stem}{SUFFIX}"
            shutil.copy2(collapsed, folder / stacks)
            profile_entries.append(profile_entry(stacks, graph, workload))
        else:
            uncollapsed.append(graph)
    commands = list(dict.fromkeys(doc["source"]["command"] for _, doc in runs if doc["source"].get("command")))
    values = {
        "student": student,
        "stage": stage,
        "hardware": hardware_text(runs),
        "commands": commands,
        "runs": run_paths,
        "flamegraphs": graph_paths,
        "profiles": profile_entries,
        "saturation": saturation_paths,
    }
    template = template_path.read_text(encoding="utf-8")
    if "{{saturation}}" not in template and template.startswith("---\n"):
        # Templates written before saturation results were attached: the list goes after the flame graphs.
        template = template.replace(
            "flamegraphs: {{flamegraphs}}\n", "flamegraphs: {{flamegraphs}}\nsaturation: {{saturation}}\n", 1
        )
    if "{{profiles}}" not in template and template.startswith("---\n"):
        # Templates written before collapsed stacks were attached: the list goes after the flame graphs too.
        template = template.replace(
            "flamegraphs: {{flamegraphs}}\n", "flamegraphs: {{flamegraphs}}\nprofiles: {{profiles}}\n", 1
        )
    text = fill(template, values)
    try:
        meta, _ = frontmatter.split(text)
    except frontmatter.FrontMatterError as e:
        raise ScaffoldError(
            f"{template_path}: the filled template has broken front matter ({e}); fix the template"
        ) from e
    if not meta:
        # A template of only prose: the front matter the site needs goes on top of it.
        values["title"] = f"Stage {stage} report"
        text = "---\n" + yaml.safe_dump(values, allow_unicode=True, sort_keys=False) + "---\n\n" + text
    left_out = skipped_lines(
        {
            "skipped": problems.items,
            "stageless_runs": stageless_runs,
            "stageless_profiles": stageless_profiles,
            "uncollapsed": uncollapsed,
        },
        stage,
    )
    if left_out:
        text = _after_front_matter(
            text, "<!-- ./course report left out:\n" + "\n".join("  - " + line for line in left_out) + "\n-->\n"
        )
    write_atomically(target, text)
    return {
        "report": target,
        "template": template_path,
        "runs": run_paths,
        "flamegraphs": graph_paths,
        "profiles": profile_entries,
        "saturation": saturation_paths,
        "skipped": problems.items,
        "stageless_runs": stageless_runs,
        "stageless_profiles": stageless_profiles,
        "uncollapsed": uncollapsed,
    }


def _after_front_matter(text: str, insert: str) -> str:
    """`insert` as the first lines after the front matter, where the student reads it first."""
    lines = text.split("\n")
    end = next(i for i in range(1, len(lines)) if lines[i].strip() in ("---", "..."))
    return "\n".join(lines[: end + 1] + ["", insert.rstrip("\n")] + lines[end + 1 :])


def skipped_lines(done: dict, stage: int) -> list:
    """What was left out of the report and why, one line each."""
    lines = [f"skipped {problem}" for problem in done["skipped"]]
    if done["stageless_runs"]:
        names = ", ".join(p.name for p in done["stageless_runs"][:5]) + (
            ", ..." if len(done["stageless_runs"]) > 5 else ""
        )
        lines.append(
            f"skipped {len(done['stageless_runs'])} run(s) that do not say their stage ({names}): a report "
            f"holds only its stage's runs. Record runs with ./course load --stage {stage} (or the stage "
            'in submission.properties), or add "stage": N to the run\'s JSON if you know it'
        )
    if done["stageless_profiles"]:
        names = ", ".join(p.name for p in done["stageless_profiles"][:5])
        lines.append(
            f"skipped {len(done['stageless_profiles'])} profile folder(s) that do not say their stage "
            f"({names}): put the stage number in <folder>/{PROFILE_STAGE_FILE}, or profile during a load "
            "run with ./course load --profile"
        )
    if done.get("uncollapsed"):
        names = ", ".join(str(p.relative_to(p.parents[1])) for p in done["uncollapsed"][:5])
        lines.append(
            f"{len(done['uncollapsed'])} flame graph(s) have no collapsed stacks beside them ({names}): they "
            "are linked, but the site cannot compare them with another stage's profile. Profiles recorded "
            "by this kit have them (cpu.collapsed next to cpu.html): profile again to compare"
        )
    return lines


def next_step(root: Path, report) -> str:
    # Students' repositories have no ./course site (it needs the course's docs): they hand the report in instead.
    if (root / "scripts/site.sh").is_file():
        return f"write your analysis in {report}, then look at it with ./course site --serve"
    return f"write your analysis in {report}, then commit it with the results it cites and hand it in"


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    root = Path(os.environ.get("COURSE_ROOT") or Path.cwd())
    results = root / args.results if not Path(args.results).is_absolute() else Path(args.results)
    try:
        done = scaffold(
            root,
            args.stage,
            args.student or default_student(),
            args.force,
            results,
            root / args.reports if not Path(args.reports).is_absolute() else Path(args.reports),
            results_given=args.results != RESULTS_DEFAULT,
        )
    except ScaffoldError as e:
        print(f"course report: {e}", file=sys.stderr)
        return 2 if isinstance(e, (UnknownStage, BadFolder)) else 1
    except OSError as e:
        # A folder the checks let through that the system still refuses (a read-only or virtual file system).
        print(f"course report: cannot write {e.filename}: {e.strerror}; give another --reports", file=sys.stderr)
        return 1
    report = done["report"]
    shown = report.relative_to(root) if report.is_relative_to(root) else report
    print(
        f"course report: wrote {shown} from {done['template'].name}: stage {args.stage}: "
        f"{len(done['runs'])} run(s), {len(done['saturation'])} saturation result(s), "
        f"{len(done['flamegraphs'])} flame graph(s) ({len(done['profiles'])} with collapsed stacks) attached"
    )
    for line in skipped_lines(done, args.stage):
        print(f"course report: {line}", file=sys.stderr)
    if not done["runs"]:
        print(
            f"course report: no stage-{args.stage} runs recorded yet; run ./course load ... then "
            "./course report --force, or list run files under 'runs:' yourself",
            file=sys.stderr,
        )
    print(f"next: {next_step(root, shown)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
