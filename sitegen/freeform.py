"""Free-form reports: markdown text files with pasted wrk2 output, shown as report pages.

A folder of such files has a reports.yml naming the student (or pseudonym), stage and title of each file. Their runs
come from the wrk2 importer, run once for all of them (`./course import-wrk --listing - --out DIR`, fed by `list`),
which writes DIR/<file stem>-<block>.json, or DIR/<file stem>.import-error.txt saying why a file gave no run.

    python -m sitegen.freeform list DIR                 prints {"file", "student", "stage"} (JSON) a line for every
                                                         file to import: the importer's --listing
    python -m sitegen.freeform unimported DIR OUT WHY   when the importer could not run at all: OUT/<file
                                                         stem>.import-error.txt for every listed file, holding WHY

An entry with `no_runs: <why>` is a report kept on purpose although it holds no wrk2 output (it links its outputs
instead of pasting them, say): it is not given to the importer, and its page says why it has no runs, as a note
rather than as a problem.
"""

import json
import re
import sys
from pathlib import Path

import yaml

from .problems import Problems
from .reports import Report
from .results import read_result
from .runs import run_from_doc

MANIFEST = "reports.yml"
SUFFIXES = (".txt", ".md")
IMPORT_ERROR_SUFFIX = ".import-error.txt"


def read_manifest(folder: Path, problems: Problems | None) -> dict:
    """{file name: {"student", "stage", "title"}} from reports.yml; problems go to `problems` when given."""
    path = folder / MANIFEST
    if not path.is_file():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        entries = data.get("reports", []) if isinstance(data, dict) else None
        if not isinstance(entries, list):
            raise ValueError("expected 'reports:' with a list of {file, student, stage, title}")
    except (yaml.YAMLError, ValueError) as e:
        if problems:
            problems.add(path, f"cannot be read: {' '.join(str(e).split())}")
        return {}
    manifest = {}
    for entry in entries:
        ok = (
            isinstance(entry, dict)
            and entry.get("file")
            and entry.get("student")
            and isinstance(entry.get("stage"), int)
        )
        if not ok:
            if problems:
                problems.add(path, f"entry {entry!r} needs file, student and an integer stage")
            continue
        manifest[str(entry["file"])] = entry
    return manifest


def report_files(folder: Path) -> list:
    if not folder or not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in SUFFIXES and p.name != MANIFEST)


def load_free_form(folder: Path, imported: Path | None, problems: Problems) -> list:
    manifest = read_manifest(folder, problems) if folder else {}
    reports = []
    for path in report_files(folder):
        mine = []
        entry = manifest.get(path.name)
        if entry is None:
            mine.append(
                problems.add(path, f"not listed in {MANIFEST} (file, student, stage, title); shown under stage 0")
            )
            entry = {"student": path.stem, "stage": 0}
        try:
            body = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            mine.append(problems.add(path, "is not UTF-8 text"))
            body = ""
        title = entry.get("title") or _first_heading(body) or path.stem
        report = Report(
            folder=folder,
            student_key=f"free-form:{entry['student']}",
            display=str(entry["student"]),
            stage=int(entry["stage"]),
            title=str(title),
            kind="free-form",
            body=body,
            problems=mine,
            aliases={str(entry["student"])},
            source_file=path,
        )
        if entry.get("no_runs"):
            report.notes.append(str(entry["no_runs"]))
        else:
            _attach_imported_runs(report, path, imported, problems)
        reports.append(report)
    return reports


def _attach_imported_runs(report: Report, path: Path, imported: Path | None, problems: Problems):
    if imported is None or not imported.is_dir():
        report.problems.append(
            problems.add(
                path,
                "its runs were not imported (no importer output folder given); build with ./course site to import them",
            )
        )
        return
    error = imported / (path.stem + IMPORT_ERROR_SUFFIX)
    if error.is_file():
        lines = [
            line.strip() for line in error.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()
        ]
        # The importer's first line says what was wrong; the file it names is already in our message.
        reason = (lines[0] if lines else "").replace(f"{path}: ", "").replace(str(path), path.name)[:300]
        report.problems.append(problems.add(path, f"the wrk2 importer failed: {reason or 'no message'}"))
    pattern = re.compile(re.escape(path.stem) + r"-(\d+)\.json$")
    found = sorted((int(m.group(1)), p) for p in imported.iterdir() if (m := pattern.match(p.name)))
    for _, run_path in found:
        doc = read_result(run_path, problems, expect_kind="load-run")
        if doc is None:
            report.problems.append(problems.items[-1])
        else:
            report.runs.append(run_from_doc(run_path, doc))


def _first_heading(body: str):
    for line in body.splitlines():
        m = re.match(r"^#{1,3}\s+(.+?)\s*#*\s*$", line)
        if m:
            return m.group(1).strip("*_ ")
    return None


def to_import(folder: Path) -> list:
    """[(file, student, stage)] of every listed file that is not marked no_runs: what the importer is given."""
    manifest = read_manifest(folder, None)
    listed = []
    for path in report_files(folder):
        entry = manifest.get(path.name)
        if entry and not entry.get("no_runs"):
            listed.append((path, str(entry["student"]), int(entry["stage"])))
    return listed


def main(argv) -> int:
    if len(argv) == 2 and argv[0] == "list":
        for path, student, stage in to_import(Path(argv[1])):
            print(json.dumps({"file": str(path), "student": student, "stage": stage}, ensure_ascii=False))
        return 0
    if len(argv) == 4 and argv[0] == "unimported":
        out, why = Path(argv[2]), argv[3]
        out.mkdir(parents=True, exist_ok=True)
        for path, _, _ in to_import(Path(argv[1])):
            (out / (path.stem + IMPORT_ERROR_SUFFIX)).write_text(why + "\n", encoding="utf-8")
        return 0
    print("usage: python -m sitegen.freeform list DIR | unimported DIR OUT WHY", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
