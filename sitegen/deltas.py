"""Stage-over-stage changes: a student's runs against the run of the same workload and the same target rate in their
previous stage. Runs at different rates are not compared: at another rate the server is in another regime, and the
difference would say nothing about the stage's change."""

from dataclasses import dataclass

from .pairs import BeforeAfter
from .runs import TABLE_PERCENTILES, Run


@dataclass(frozen=True)
class Delta:
    workload: str
    metric: str  # "p50" ... "p99.99", "max"
    before: float | None
    after: float | None
    rate: float | None = None

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


class Pair(BeforeAfter):
    """A run of the previous stage and one of this stage with the same workload and target rate."""

    @property
    def workload(self) -> str:
        return self.after.workload

    @property
    def rate(self):
        return self.after.rate


def _key(run: Run):
    return (run.workload, None if run.rate is None else round(float(run.rate), 3))


def pair_runs(current_runs: list, previous_runs: list) -> tuple:
    """(pairs, unpaired runs of this stage): for each workload and rate, the first run of each stage in the order the
    reports list them (the one the student leads with). A run without a known rate pairs with nothing."""
    before = {}
    for run in previous_runs:
        if run.rate is not None:
            before.setdefault(_key(run), run)
    pairs, unpaired, taken = [], [], set()
    for run in current_runs:
        key = _key(run)
        if run.rate is None or key not in before or key in taken:
            if key not in taken:
                unpaired.append(run)
            continue
        taken.add(key)
        pairs.append(Pair(before[key], run))
    return pairs, unpaired


def pair_deltas(pair: Pair) -> list:
    out = [Delta(pair.workload, f"p{p:g}", pair.before.at(p), pair.after.at(p), pair.rate) for p in TABLE_PERCENTILES]
    out.append(Delta(pair.workload, "max", pair.before.max_ms, pair.after.max_ms, pair.rate))
    return out


def stage_deltas(current_runs: list, previous_runs: list) -> list:
    """Deltas of every pair of runs with the same workload and rate; empty when the stages share none."""
    pairs, _ = pair_runs(current_runs, previous_runs)
    return [d for pair in pairs for d in pair_deltas(pair)]
