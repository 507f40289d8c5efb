"""Helpers of the site tests: hand-made inputs that follow the results schema, and real MkDocs builds."""

import json
import logging
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitegen.build import build_site
from sitegen.paths import REPO_ROOT
from sitegen.results import schema_errors

# The warning of a GET run of an empty database, as a run's JSON records it.
MOSTLY_404 = {"kind": "unexpected-status", "message": "996 of 1000 answers were 404: is the database filled?"}


def run_command(args, env=None, timeout=300, cwd=None) -> subprocess.CompletedProcess:
    """A command run to its end, its output captured as text and its input closed (one that asks for input fails)."""
    return subprocess.run(
        args, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env, stdin=subprocess.DEVNULL
    )


def load_run(student, stage, workload, rate, percentiles: dict, max_ms=None, steal=None, **extra) -> dict:
    """A load run with exactly the given summary percentiles ({50: 1.2, 99: 8.0, ...}) and no spectrum."""
    doc = {
        "schema": "course-results/1",
        "kind": "load-run",
        "createdAt": "2025-03-01T12:00:00Z",
        "student": student,
        "stage": stage,
        "source": {"tool": "course-load", "command": f"./course load --workload {workload} -R {rate}"},
        "workload": {"name": workload},
        "rate": float(rate),
        "achievedRate": float(rate) * 0.99,
        "errors": {"timeout": 3, "non2xx": 2},
        "latency": {"max": max_ms, "percentiles": [{"p": p, "ms": ms} for p, ms in percentiles.items()]},
    }
    if steal is not None:
        doc["steal"] = {"percent": steal, "flagged": steal > 5}
    doc.update(extra)
    assert schema_errors(doc) == [], schema_errors(doc)
    return doc


def saturation(
    student, stage, steps=((1000, 2.0, True), (2000, 4.0, True), (3000, 90.0, False)), p99_ms=10.0, **extra
) -> dict:
    """A saturation search whose steps are (rate, p99 ms, passed); the sustained rate is the last passing one."""
    doc = {
        "schema": "course-results/1",
        "kind": "saturation",
        "createdAt": "2025-03-01T13:00:00Z",
        "student": student,
        "stage": stage,
        "slo": {"minAchievedFraction": 0.99, "p99Ms": p99_ms},
        "steps": [
            {"rate": float(r), "achievedRate": float(r), "p99Ms": float(ms), "passed": ok} for r, ms, ok in steps
        ],
        "result": {"sustainedRate": max((float(r) for r, _, ok in steps if ok), default=None)},
    }
    doc.update(extra)
    assert schema_errors(doc) == [], schema_errors(doc)
    return doc


def grade(student, stage, outcomes: dict, ratio) -> dict:
    doc = {
        "schema": "course-results/1",
        "kind": "grade",
        "createdAt": "2025-03-02T12:00:00Z",
        "student": student,
        "stage": stage,
        "score": {"earned": 10, "max": 20, "breakdown": []},
        "tests": [{"name": n, "stage": stage, "outcome": o} for n, o in outcomes.items()],
        "performance": {"ratio": ratio},
    }
    assert schema_errors(doc) == [], schema_errors(doc)
    return doc


def write_json(path: Path, doc) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def write_report(root: Path, student: str, stage: int, runs: dict, body="Analysis text.", **meta) -> Path:
    """reports/<student>/stage-<N>/ with report.md listing `runs` ({relative path: doc or raw text})."""
    folder = root / student / f"stage-{stage}"
    for relative, doc in runs.items():
        write_json(folder / relative, doc)
    front = {"student": student, "stage": stage, "title": f"Stage {stage}", "runs": list(runs), **meta}
    lines = ["---", json.dumps(front, ensure_ascii=False), "---", "", body, ""]  # JSON is valid YAML
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report.md").write_text("\n".join(lines), encoding="utf-8")
    return folder


class Tables(HTMLParser):
    """Every <table> of a page as a list of rows of cell texts (header row first)."""

    def __init__(self, text: str):
        super().__init__()
        self.tables, self._row, self._cell = [], None, None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[-1].append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def column(table: list, header: str) -> list:
    i = table[0].index(header)
    return [row[i] for row in table[1:]]


@pytest.fixture
def site_build(tmp_path, monkeypatch, caplog):
    """build(reports=..., results=..., ...) runs a real MkDocs build of mkdocs.yml; returns (site dir, warnings)."""

    def run(strict=False, stages=REPO_ROOT / "stages", reports="", results="", free_form="", imported=""):
        monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
        site = tmp_path / "site"
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="mkdocs"):
            build_site(
                site,
                strict=strict,
                stages=stages,
                reports=reports,
                results=results,
                free_form=free_form,
                imported=imported,
            )
        warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
        return site, warnings

    return run
