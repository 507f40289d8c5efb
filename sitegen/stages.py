"""The stage registry on the Python side: every folder stages/<N>-<slug>/ is a stage, and its stage.yml says what the
stage is (its number and slug, which must be the folder's, its title, nodes and standard runs). It reads the same
files, with the same folder pattern and the same identity rules, as the Java registry (course.command.Stages, printed
by ./course stages), so one place, the stage folder, says what a stage is; and it checks them against the same
schema (kit/command's stage.schema.json) with the same messages, so a mistake reads the same from either side.

Two ways to read it: `registry` for the tools that act on a stage (./course publish, ./course report): a folder the
registry cannot use stops them with a StageFileError naming the file, the field and what to do. `load_stages` for the
site, which builds anyway: every mistake of a stage.yml is a problem shown on the site, and the page is built from
what is left (a wrong title, stage or slug: the title comes from README.md)."""

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import jsonschema
import yaml

from .paths import stage_schema_path
from .problems import Problems

# The folder of a stage, as course.command.Stages matches it: the number, a dash, the slug.
STAGE_DIR = re.compile(r"(\d+)-([\w.-]+)", re.ASCII)
STAGE_FILE = "stage.yml"
SECONDS = {"ms": 0.001, "s": 1, "m": 60}
HOW_TO_FIX = "fix it in that file; every field of stage.yml is described in stages/README.md"
# The fields whose mistake leaves the site no stage.yml to use: then the title comes from README.md.
IDENTITY = ("stage", "slug", "title")


class StageFileError(ValueError):
    """A stage folder the registry cannot use; the message names the file (and field), what is wrong and what to do."""

    def __init__(self, path: Path, field_name, what: str, how: str = HOW_TO_FIX, where: tuple = ()):
        self.path = path
        self.where = where  # the field's path (names and list indexes), () for the whole file
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
        return (
            f"{self.name} at {self.rate} requests/s for {self.seconds:g} s, {self.connections} connections, "
            f"{self.threads} threads, {self.keys} keys of {self.value_size} B"
        )

    def matches(self, run) -> bool:
        """A run of this workload at this rate: the runs a comparison should set side by side."""
        return run.workload == self.name and run.rate is not None and abs(run.rate - self.rate) < 0.5


@dataclass
class RegisteredStage:
    """One stage of the registry as the Python side reads it (course.command.StageFacts on the Java side): its folder,
    statement and stage.yml facts, and the site page it gets."""

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
            raise StageFileError(
                folder,
                None,
                f"a second folder for stage {number}, besides {found[number][2].name}",
                "rename one of them",
            )
        found[number] = (number, m.group(2), folder)
    return [found[n] for n in sorted(found)]


def read_stage_file(folder: Path, number: int, slug: str) -> dict:
    """The fields of folder/stage.yml, checked as the Java registry checks them: the file is there and fits
    stage.schema.json, and its stage and slug are the folder's. The first mistake is a StageFileError."""
    meta, problems = _checked_stage_file(folder, number, slug)
    if problems:
        raise problems[0]
    return meta


def stage_file_problems(path: Path, meta, number: int, slug: str) -> list:
    """Every mistake of a parsed stage.yml, as a StageFileError each, in the order course.command.StageFile sorts
    them (the first is what both registries report): shallow fields first, an unknown field before a missing one
    before a wrong value. What the schema cannot say, that stage and slug are the folder's, is checked here too."""
    found = set()
    for error in _validator().iter_errors(meta):
        found.update(_problems(error))
    if isinstance(meta, dict):
        if isinstance(meta.get("stage"), int) and not isinstance(meta["stage"], bool) and meta["stage"] != number:
            found.add((("stage",), 2, f"says {meta['stage']} but the folder is stage {number}: make them agree"))
        if isinstance(meta.get("slug"), str) and meta["slug"] != slug:
            found.add((("slug",), 2, f"says '{meta['slug']}' but the folder is {number}-{slug}: make them agree"))
    ordered = sorted(found, key=lambda p: (len(p[0]), p[1], _field_name(p[0]), p[2]))
    return [StageFileError(path, _field_name(where) or None, what, where=where) for where, _, what in ordered]


@lru_cache(maxsize=1)
def _validator():
    schema = json.loads(stage_schema_path().read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def _schema_at(where) -> dict:
    """The part of the schema for the value at `where` (field names and list indexes): it has no combinators, so the
    path through properties and items is the whole story."""
    node = _validator().schema
    for step in where:
        node = node.get("items", {}) if isinstance(step, int) else node.get("properties", {}).get(step, {})
    return node


def _problems(error) -> set:
    """(field path, rank, what is wrong) of one validator error, worded as course.command.StageFile words it."""
    where, value = tuple(error.absolute_path), error.instance
    node = _schema_at(where)
    if error.validator == "additionalProperties":
        fields = ", ".join(sorted(node.get("properties", {})))
        return {
            (where + (str(k),), 0, f"is not a field of stage.yml here; the fields are {fields}")
            for k in value
            if str(k) not in node.get("properties", {})
        }
    if error.validator == "required":
        return {
            (where + (k,), 1, "is missing: give " + _schema_at(where + (k,)).get("description", "a value"))
            for k in node.get("required", [])
            if k not in value
        }
    what = node.get("description", "something else")
    if where and value is None:
        return {(where, 2, f"is missing: give {what}")}
    if isinstance(value, str) and not value.strip():
        return {(where, 2, f"is empty: give {what}")}
    if error.validator == "pattern":
        return {(where, 2, f"'{_text(value)}' is not {what}")}
    return {(where, 2, f"must be {what}, got '{_text(value)}'")}


def _text(value) -> str:
    """A value as Jackson's JsonNode says it (asText for a scalar, JSON for a list or mapping), for the same message."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)
    return str(value)


def _field_name(where) -> str:
    """standard-workloads[1].rate: the field path as the messages name it."""
    return "".join(f"[{step}]" if isinstance(step, int) else ("." if i else "") + step for i, step in enumerate(where))


def _checked_stage_file(folder: Path, number: int, slug: str):
    """(fields, every mistake) of folder/stage.yml; a file that is missing or not YAML is a StageFileError."""
    path = folder / STAGE_FILE
    if not path.is_file():
        raise StageFileError(
            path,
            None,
            "is missing: every stage folder needs one",
            "copy the stage.yml of another stage and change its facts; stages/README.md describes every field",
        )
    try:
        meta = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as e:
        raise StageFileError(path, None, f"is not valid YAML ({' '.join(str(e).split())})") from e
    return meta, stage_file_problems(path, meta, number, slug)


def registry(stages_dir: Path) -> list:
    """Every stage under stages_dir, by number, strictly: a folder without a usable stage.yml (missing, not YAML,
    another stage's number or slug, any field the schema refuses) is a StageFileError."""
    stages = []
    for number, slug, folder in stage_folders(stages_dir):
        meta = read_stage_file(folder, number, slug)
        stages.append(_stage(number, folder, meta, meta["title"].strip()))
    return stages


def load_stages(root: Path, problems: Problems) -> list:
    """The stages for the site: every stage folder with a README.md. Each mistake of a stage.yml is a problem, and
    the stage is built from the rest: a wrong field is left out (nodes: 1), a wrong standard run too, and a wrong
    identity (stage, slug, title, or no usable file) leaves nothing, the title then coming from README.md."""
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
            meta, mistakes = _checked_stage_file(folder, number, slug)
        except StageFileError as e:
            meta, mistakes = {}, [e]
        usable = _usable(meta, mistakes)
        for e in mistakes:
            problems.add(
                e.path,
                e.detail
                + (
                    "; the title comes from README.md"
                    if not usable
                    else "; the run is left out"
                    if _is_run(e.where)
                    else "; the site leaves the field out"
                ),
            )
        title = usable["title"].strip() if usable else _first_heading(readme) or f"Stage {number}"
        stages.append(_stage(number, folder, usable, title))
    return stages


def _usable(meta, mistakes) -> dict:
    """What the site can use of a stage.yml with these mistakes: {} when its identity is wrong, else the fields
    and standard runs without one."""
    if any(not e.where or e.where[0] in IDENTITY for e in mistakes):
        return {}
    runs = {e.where[1] for e in mistakes if _is_run(e.where)}
    usable = {k: v for k, v in meta.items() if k not in {e.where[0] for e in mistakes if not _is_run(e.where)}}
    usable["standard-workloads"] = [w for i, w in enumerate(usable.get("standard-workloads") or []) if i not in runs]
    return usable


def _is_run(where) -> bool:
    return len(where) >= 2 and where[0] == "standard-workloads"


def _stage(number: int, folder: Path, meta: dict, title: str) -> RegisteredStage:
    reference = meta.get("reference")
    return RegisteredStage(
        number,
        folder.name,
        title,
        folder,
        folder / "README.md",
        meta.get("nodes", 1),
        [_standard_run(w) for w in meta.get("standard-workloads") or []],
        reference.strip() if isinstance(reference, str) and reference.strip() else None,
    )


def _standard_run(w: dict) -> StandardRun:
    """One entry of standard-workloads, already checked by the schema."""
    unit = "ms" if w["duration"].endswith("ms") else w["duration"][-1]
    seconds = int(w["duration"][: -len(unit)]) * SECONDS[unit]
    return StandardRun(w["name"], w["rate"], w["connections"], w["threads"], seconds, w["keys"], w["value-size"])


def _first_heading(path: Path):
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return None
