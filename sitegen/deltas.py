"""Stage-over-stage changes: a student's runs against the same workload in their previous stage."""
from dataclasses import dataclass

from .runs import TABLE_PERCENTILES


@dataclass(frozen=True)
class Delta:
    workload: str
    metric: str  # "p50" ... "p99.99", "max"
    before: float | None
    after: float | None

    @property
    def change_ms(self):
        if self.before is None or self.after is None:
            return None
        return self.after - self.before

    @property
    def change_percent(self):
        if self.change_ms is None or self.before == 0:
            return None
        return self.change_ms / self.before * 100


def first_by_workload(runs: list) -> dict:
    """The first run of each workload, in the order the report lists them: the one the student leads with."""
    chosen = {}
    for run in runs:
        chosen.setdefault(run.workload, run)
    return chosen


def stage_deltas(current_runs: list, previous_runs: list) -> list:
    """Deltas for every workload both stages measured; empty when they share none."""
    now, before = first_by_workload(current_runs), first_by_workload(previous_runs)
    out = []
    for workload, run in now.items():
        old = before.get(workload)
        if old is None:
            continue
        for p in TABLE_PERCENTILES:
            out.append(Delta(workload, f"p{p:g}", old.at(p), run.at(p)))
        out.append(Delta(workload, "max", old.max_ms, run.max_ms))
    return out
