"""Stage statements: stages/<N>-<slug>/README.md, with the stage's facts from its stage.yml (the stage registry that
the Java tools read too: course.command.Stages). The site uses the title and the standard runs; a stage.yml it cannot
use is a problem shown on the site, and the page is still built from README.md."""
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .problems import Problems

STAGE_DIR = re.compile(r"^(\d+)-([a-z0-9][a-z0-9-]*)$")
DURATION = re.compile(r"^([1-9][0-9]{0,5})(ms|s|m)$")
WORKLOAD_FIELDS = ("name", "rate", "connections", "threads", "duration", "keys", "value-size")
SECONDS = {"ms": 0.001, "s": 1, "m": 60}


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

    @property
    def page(self) -> str:
        return f"stages/{self.slug}.md"


def load_stages(root: Path, problems: Problems) -> list:
    stages = []
    if not root or not root.is_dir():
        return stages
    for folder in sorted(root.iterdir(), key=lambda p: p.name):
        m = STAGE_DIR.match(folder.name)
        if not folder.is_dir() or not m:
            continue
        readme = folder / "README.md"
        if not readme.is_file():
            problems.add(folder, "stage folder without README.md; the stage has no page")
            continue
        number = int(m.group(1))
        meta = _meta(folder / "stage.yml", number, problems)
        title = str(meta.get("title") or "") or _first_heading(readme) or f"Stage {number}"
        stages.append(Stage(number, folder.name, title, folder, readme, _nodes(meta, folder, problems),
                            _standard_runs(meta, folder / "stage.yml", problems)))
    return sorted(stages, key=lambda s: s.number)


def _meta(path: Path, number: int, problems: Problems) -> dict:
    if not path.is_file():
        problems.add(path, "missing: every stage folder needs a stage.yml (see stages/README.md); the title comes "
                           "from README.md")
        return {}
    try:
        meta = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as e:
        problems.add(path, f"not valid YAML ({' '.join(str(e).split())}); the title comes from README.md")
        return {}
    if not isinstance(meta, dict):
        problems.add(path, "must be a mapping of fields (stage: 1, title: ...); the title comes from README.md")
        return {}
    if meta.get("stage") != number:
        problems.add(path, f"field 'stage': says {meta.get('stage')!r} but the folder is stage {number}")
    return meta


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
