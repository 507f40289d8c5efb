"""Everything the site shows, read once per build: stages, reports, results, and the problems found on the way."""

from dataclasses import dataclass, field
from pathlib import Path

from .freeform import load_free_form
from .paths import SAMPLE_MARK, is_sample
from .problems import Problems
from .reports import assign_slugs, load_reports
from .results import check_ahead, scan_results
from .runs import run_from_doc
from .stages import load_stages

REFERENCE = "reference"
UNKNOWN = "unknown"


@dataclass
class Sources:
    """Where the inputs are; any of them may be missing."""

    stages: Path | None = None
    reports: Path | None = None
    results: Path | None = None
    free_form: Path | None = None
    imported: Path | None = None  # the wrk2 importer's output for the free-form reports


@dataclass
class Catalog:
    stages: list
    reports: list
    load_runs: list  # [Run] from the results folder
    saturations: list  # [(path, doc)]
    grades: list  # [(path, doc)]
    problems: Problems
    results_problems: list = field(default_factory=list)  # problems with files in the results folder
    names: dict = field(default_factory=dict)  # any name a student is known by -> the name the site shows

    def display(self, student, path=None, factory=None, stage=None) -> str:
        """Who made a result, as the site shows it, from what the document records and nothing else: the student it
        names (by the name their report uses); else "reference" when the factory it measured is the stage's reference
        factory (stages/N-*/stage.yml), or "stage K reference" for another stage's; else "unknown". A run without a
        student used to be taken for the reference, so a student's own runs were shown again as the reference's.
        A document shipped under samples/ is marked as a sample."""
        if student is not None:
            shown = self.names.get(str(student), str(student))
        else:
            shown = self._reference_label(factory, stage) or UNKNOWN
        if path is not None and is_sample(path) and not shown.endswith(SAMPLE_MARK):
            shown += SAMPLE_MARK
        return shown

    def display_doc(self, doc: dict, path=None) -> str:
        """display() of a results document: its student, factory and stage."""
        return self.display(doc.get("student"), path, doc.get("factory"), doc.get("stage"))

    def _reference_label(self, factory, stage):
        if not factory:
            return None
        for s in self.stages:
            if s.reference == factory:
                return REFERENCE if s.number == stage else f"stage {s.number} {REFERENCE}"
        return None

    def stage(self, number: int):
        return next((s for s in self.stages if s.number == number), None)

    def stage_numbers(self) -> list:
        numbers = {s.number for s in self.stages} | {r.stage for r in self.reports if r.stage > 0}
        numbers |= {r.stage for r in self.load_runs if r.stage} | {d.get("stage") for _, d in self.grades}
        numbers |= {d.get("stage") for _, d in self.saturations if d.get("stage")}
        return sorted(n for n in numbers if n)

    def reports_of(self, stage: int) -> list:
        return sorted((r for r in self.reports if r.stage == stage), key=lambda r: r.display.lower())

    def previous_report(self, report):
        """The report of the same student the given one compares against: 'previous:' or the latest earlier stage."""
        mine = [r for r in self.reports if r.student_key == report.student_key and r is not report]
        if report.previous is not None:
            return next((r for r in mine if r.stage == report.previous), None)
        earlier = [r for r in mine if 0 < r.stage < report.stage]
        return max(earlier, key=lambda r: r.stage) if earlier else None

    def loose_runs(self, stage: int) -> list:
        """Runs in the results folder for this stage that no report attaches (those appear with their report, also
        when the report holds a copy), and that are not steps of a saturation search (those are points of its chart,
        at rates chosen to fail)."""
        attached = {run.path.resolve() for r in self.reports for run in r.runs} | self.saturation_steps()
        copied = {run.measurement() for r in self.reports for run in r.runs}
        return [
            run
            for run in self.load_runs
            if run.stage == stage and run.path.resolve() not in attached and run.measurement() not in copied
        ]

    def saturation_steps(self) -> set:
        return {
            (path.parent / step["file"]).resolve()
            for path, doc in self.saturations
            for step in doc["steps"]
            if step.get("file")
        }


def saturation_measurement(doc: dict) -> tuple:
    """What one saturation search is, whichever file holds it (./course report copies it with the student named)."""
    return (doc.get("createdAt"), tuple((s.get("rate"), s.get("p99Ms"), s.get("passed")) for s in doc.get("steps", [])))


def load_catalog(sources: Sources) -> Catalog:
    problems = Problems()
    check_ahead(
        [
            p
            for root in (sources.reports, sources.results, sources.imported)
            if root and root.is_dir()
            for p in root.rglob("*.json")
        ]
    )
    stages = load_stages(sources.stages, problems)
    reports = load_reports(sources.reports, problems)
    if sources.free_form:
        reports += load_free_form(sources.free_form, sources.imported, problems)
    assign_slugs(reports)
    for report in reports:
        if is_sample(report.folder):
            report.sample = True
            report.display += SAMPLE_MARK
    before = len(problems.items)
    found = scan_results(sources.results, problems)
    load_runs = [run_from_doc(path, doc) for path, doc in found["load-run"]]
    catalog = Catalog(
        stages,
        reports,
        load_runs,
        found["saturation"],
        found["grade"],
        problems,
        results_problems=problems.items[before:],
    )
    for report in reports:
        for alias in report.aliases | {report.student_key}:
            catalog.names[alias] = report.display
    return catalog
