"""Reading results JSON documents: every document is validated against the course's results schema."""

import json
import os
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path

import jsonschema

from .paths import results_schema_path
from .problems import Problems


@lru_cache(maxsize=4)
def _validator(schema_path: str):
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def validator():
    return _validator(str(results_schema_path()))


def schema_errors(doc) -> list:
    """Human-readable schema violations of `doc`, most useful first (empty when valid)."""
    if validator().is_valid(doc):
        return []
    errors = sorted(validator().iter_errors(doc), key=lambda e: (len(list(e.absolute_path)), e.message))
    out = []
    for error in errors[:3]:
        where = "/".join(str(x) for x in error.absolute_path) or "(top level)"
        out.append(f"{where}: {error.message}")
    return out


# Schema verdicts of files checked ahead, in parallel, keyed by (path, mtime, size) so an edited file is checked again.
_checked = {}
PARALLEL_FROM = 200  # below this many files, starting worker processes costs more than it saves


def _key(path: Path):
    st = path.stat()
    return (str(path.resolve()), st.st_mtime_ns, st.st_size)


def _verdict(path_text: str):
    """(key, schema errors) of one file; None for files that are not JSON (read_result says why)."""
    path = Path(path_text)
    try:
        key = _key(path)
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return None
    return key, schema_errors(doc)


def check_ahead(paths: list):
    """Validates many files on all cores; later read_result calls for them only parse the JSON."""
    todo = [str(p) for p in paths]
    if len(todo) < PARALLEL_FROM or (os.cpu_count() or 1) < 2:
        return
    with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        for verdict in pool.map(_verdict, todo, chunksize=32):
            if verdict is not None:
                _checked[verdict[0]] = verdict[1]


def read_result(path: Path, problems: Problems, expect_kind: str | None = None):
    """The document in `path`, or None after recording a problem that says what is wrong with it."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except FileNotFoundError:
        problems.add(path, "file not found")
        return None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        problems.add(path, f"not valid JSON ({e}); regenerate it with the course tools")
        return None
    try:
        errors = _checked.get(_key(path))
    except OSError:
        errors = None
    if errors is None:
        errors = schema_errors(doc)
    if errors:
        problems.add(path, "does not follow results.schema.json: " + "; ".join(errors))
        return None
    if expect_kind and doc.get("kind") != expect_kind:
        problems.add(path, f"is a '{doc.get('kind')}' document where a '{expect_kind}' was expected")
        return None
    return doc


def scan_results(root: Path, problems: Problems) -> dict:
    """Every valid document under `root`, grouped by kind: {"load-run": [(path, doc)], ...}."""
    found = {"load-run": [], "saturation": [], "test-run": [], "grade": []}
    if not root or not root.is_dir():
        return found
    for path in sorted(root.rglob("*.json")):
        doc = read_result(path, problems)
        if doc is not None:
            found[doc["kind"]].append((path, doc))
    return found


# What a leaderboard may publish: the same rules as the Java readers (course.results.Grade.Performance.publishedRatio,
# course.results.Saturation.contendedSteps), so the site and Gradescope show the same numbers.
CONTENTION = "contention"  # the flag kind of a run on a contended CPU (course.results.LoadRun.Flag.CONTENTION)


def _contended(flags) -> bool:
    return any(f.get("kind") == CONTENTION for f in flags or [])


def contended_steps(saturation: dict) -> list:
    """The steps of a search whose kept run was still flagged for CPU contention after the search ran them again."""
    return [step for step in saturation["steps"] if _contended(step.get("flags"))]


def published_ratio(grade: dict):
    """A grade's performance ratio, or None when there is none to publish: not measured (notMeasured says why, e.g.
    the machine was busy) or measured over a run flagged for contention (grades written before the rerun rule)."""
    p = grade.get("performance") or {}
    ratio = p.get("ratio")
    if (
        ratio is None
        or p.get("notMeasured")
        or any(_contended((p.get(side) or {}).get("flags")) for side in ("submission", "reference"))
    ):
        return None
    return ratio


def unpublished_reason(grade: dict):
    """Why a grade has no published ratio, in a few words (None when it has one or was never measured)."""
    p = grade.get("performance") or {}
    not_measured = p.get("notMeasured")
    if not_measured:
        return "not measured: the machine was busy" if not_measured["reason"] == "busy" else "not measured"
    if p.get("ratio") is not None and published_ratio(grade) is None:
        return "not published: measured on a contended CPU"
    return None
