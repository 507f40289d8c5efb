"""The stage registry on the Python side: every folder stages/<N>-<slug>/ is a stage, and its stage.yml says what the
stage is (its number and slug, which must be the folder's, its title, nodes and standard runs). It reads the same
files, with the same folder pattern and the same identity rules, as the Java registry (course.command.Stages, printed
by ./course stages), so one place, the stage folder, says what a stage is.

Two ways to read it: `registry` for the tools that act on a stage (./course publish, ./course report): a folder the
registry cannot use stops them with a StageFileError naming the file, the field and what to do. `load_stages` for the
site, which builds anyway: a wrong stage.yml is a problem shown on the site, and the page is built from README.md."""
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .problems import Problems

# The folder of a stage, as course.command.Stages matches it: the number, a dash, the slug.
STAGE_DIR = re.compile(r"(\d+)-([\w.-]+)", re.ASCII)
STAGE_FILE = "stage.yml"
# Every field of stage.yml (stages/README.md describes each; course.command.StageFile refuses any other).
FIELDS = ("stage", "title", "slug", "nodes", "replication", "reference", "endpoints", "standard-workloads",
          "demo-note")
DURATION = re.compile(r"^([1-9][0-9]{0,5})(ms|s|m)$")
WORKLOAD_FIELDS = ("name", "rate", "connections", "threads", "duration", "keys", "value-size")
SECONDS = {"ms": 0.001, "s": 1, "m": 60}
HOW_TO_FIX = "fix it in that file; every field of stage.yml is described in stages/README.md"


class StageFileError(ValueError):
    """A stage folder the registry cannot use; the message names the file (and field), what is wrong and what to do."""

    def __init__(self, path: Path, field_name, what: str, how: str = HOW_TO_FIX):
        self.path = path
        self.detail = f"field '{field_name}': {what}" if field_name else what  # what the site shows next to the file
        super().__init__(f"{path}: {self.detail} ({how})")


@dataclass(frozen=True)
class StandardRun:
    """One entry of stage.yml's standard-workloads."""
    name: str
    rate: int
    connections: int
    threads: int
    seconds: float
    keys: int
    value_size: int

    def describe(self) -> str:
        return (f"{self.name} at {self.rate} requests/s for {self.seconds:g} s, {self.connections} connections, "
                f"{self.threads} threads, {self.keys} keys of {self.value_size} B")

    def matches(self, run) -> bool:
        """A run of this workload at this rate: the runs a comparison should set side by side."""
        return run.workload == self.name and run.rate is not None and abs(run.rate - self.rate) < 0.5


@dataclass
class Stage:
    number: int
    slug: str  # the folder name, e.g. 1-sync-server
    title: str
    folder: Path
    readme: Path
    nodes: int = 1
    standard_runs: list = field(default_factory=list)
    reference: str | None = None  # the reference solution's factory class: the only runs the site calls "reference"

    @property
    def page(self) -> str:
        return f"stages/{self.slug}.md"


def stage_folders(stages_dir: Path) -> list:
    """(number, slug, folder) of every stage folder under stages_dir, by number; two folders of one number are a
    StageFileError (which one would be the stage?)."""
    found = {}
    if not stages_dir or not stages_dir.is_dir():
        return []
    for folder in sorted(stages_dir.iterdir(), key=lambda p: p.name):
        m = STAGE_DIR.fullmatch(folder.name)
        if not folder.is_dir() or not m:
            continue
        number = int(m.group(1))
        if number in found:
            raise StageFileError(folder, None, f"a second folder for stage {number}, besides "
                                               f"{found[number][2].name}", "rename one of them")
        found[number] = (number, m.group(2), folder)
    return [found[n] for n in sorted(found)]


def read_stage_file(folder: Path, number: int, slug: str) -> dict:
    """The fields of folder/stage.yml, checked as the Java registry checks a stage's identity: the file is there and
    is a YAML mapping of known fields, its stage and slug are the folder's, and it has a title."""
    path = folder / STAGE_FILE
    if not path.is_file():
        raise StageFileError(path, None, "is missing: every stage folder needs one",
                             "copy the stage.yml of another stage and change its facts; stages/README.md describes "
                             "every field")
    try:
        meta = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as e:
        raise StageFileError(path, None, f"is not valid YAML ({' '.join(str(e).split())})") from e
    if not isinstance(meta, dict):
        raise StageFileError(path, None, "must be a mapping of fields (stage: 1, title: ..., ...)")
    unknown = sorted(str(k) for k in meta if k not in FIELDS)
    if unknown:
        raise StageFileError(path, unknown[0],
                             f"is not a field of stage.yml; the fields are {', '.join(sorted(FIELDS))}")
    if meta.get("stage") != number:
        raise StageFileError(path, "stage", f"says {meta.get('stage')!r} but the folder is stage {number}: "
                                            "make them agree")
    if meta.get("slug") != slug:
        raise StageFileError(path, "slug", f"says {meta.get('slug')!r} but the folder is {number}-{slug}: "
                                           "make them agree")
    if not isinstance(meta.get("title"), str) or not meta["title"].strip():
        raise StageFileError(path, "title", "is missing or empty: give the stage's title")
    return meta


def registry(stages_dir: Path) -> list:
    """Every stage under stages_dir, by number, strictly: a folder without a usable stage.yml (missing, not YAML,
    another stage's number or slug, no title, a wrong nodes or standard run) is a StageFileError."""
    stages = []
    for number, slug, folder in stage_folders(stages_dir):
        meta = read_stage_file(folder, number, slug)
        problems = Problems(echo=False)
        stage = _stage(number, folder, meta, meta["title"].strip(), problems)
        if problems.items:
            raise StageFileError(folder / STAGE_FILE, None, problems.items[0].message)
        stages.append(stage)
    return stages


def load_stages(root: Path, problems: Problems) -> list:
    """The stages for the site: every stage folder with a README.md; what the registry refuses is a problem, and
    then the title comes from README.md."""
    stages = []
    try:
        folders = stage_folders(root)
    except StageFileError as e:
        problems.add(e.path, e.detail)
        return stages
    for number, slug, folder in folders:
        readme = folder / "README.md"
        if not readme.is_file():
            problems.add(folder, "stage folder without README.md; the stage has no page")
            continue
        try:
            meta = read_stage_file(folder, number, slug)
            title = meta["title"].strip()
        except StageFileError as e:
            problems.add(e.path, f"{e.detail}; the title comes from README.md")
            meta, title = {}, _first_heading(readme) or f"Stage {number}"
        stages.append(_stage(number, folder, meta, title, problems))
    return stages


def _stage(number: int, folder: Path, meta: dict, title: str, problems: Problems) -> Stage:
    reference = meta.get("reference") if meta else None
    return Stage(number, folder.name, title, folder, folder / "README.md", _nodes(meta, folder, problems),
                 _standard_runs(meta, folder / STAGE_FILE, problems),
                 reference.strip() if isinstance(reference, str) and reference.strip() else None)


def _nodes(meta: dict, folder: Path, problems: Problems) -> int:
    nodes = meta.get("nodes", 1) if meta else 1
    if not isinstance(nodes, int) or not 1 <= nodes <= 16:
        problems.add(folder / "stage.yml", f"field 'nodes': must be a whole number from 1 to 16, got {nodes!r}")
        return 1
    return nodes


def _standard_runs(meta: dict, path: Path, problems: Problems) -> list:
    entries = meta.get("standard-workloads") or []
    if not isinstance(entries, list):
        problems.add(path, "field 'standard-workloads': must be a list of {name: ..., rate: ..., ...}")
        return []
    runs = []
    for i, entry in enumerate(entries):
        where = f"field 'standard-workloads[{i}]'"
        if not isinstance(entry, dict) or set(entry) != set(WORKLOAD_FIELDS):
            problems.add(path, f"{where}: must have exactly the fields {', '.join(WORKLOAD_FIELDS)}; the run is left out")
            continue
        duration = DURATION.match(str(entry["duration"]))
        numbers = [entry[k] for k in ("rate", "connections", "threads", "keys", "value-size")]
        if entry["name"] not in ("get", "put") or not duration or not all(isinstance(n, int) and n >= 0 for n in numbers):
            problems.add(path, f"{where}: name must be get or put, duration like 30s, the others whole numbers; "
                               "the run is left out")
            continue
        runs.append(StandardRun(entry["name"], entry["rate"], entry["connections"], entry["threads"],
                                int(duration.group(1)) * SECONDS[duration.group(2)], entry["keys"],
                                entry["value-size"]))
    return runs


def _first_heading(path: Path):
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return None
