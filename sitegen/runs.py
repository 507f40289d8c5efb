"""A load run as the site shows it: percentiles, rates, errors, steal, and the points of its percentile curve."""

from dataclasses import dataclass, field
from pathlib import Path

# The percentiles every table shows, in the order shown; None stands for the maximum.
TABLE_PERCENTILES = (50.0, 75.0, 90.0, 99.0, 99.9, 99.99)
COMPARISON_PERCENTILES = (50.0, 90.0, 99.0, 99.9)
# The chart's x axis ends at 99.999% (1/(1-p) = 10^5); the maximum is in the tables.
CURVE_MAX_FRACTION = 0.99999
STEAL_LIMIT_PERCENT = 5.0


@dataclass(frozen=True)
class Flag:
    kind: str  # contention, unexpected-status, generator-behind, ...; "warning" for the older plain-text flags
    message: str

    def __str__(self) -> str:
        return self.message


def flags_from_doc(doc: dict) -> list:
    """The run's flags, in either shape the schema allows: {"kind", "message"} objects or older plain strings."""
    out = []
    for flag in doc.get("flags") or []:
        if isinstance(flag, dict):
            out.append(Flag(str(flag.get("kind") or "warning"), str(flag.get("message") or "")))
        else:
            out.append(Flag("warning", str(flag)))
    return out


@dataclass
class Run:
    path: Path
    label: str
    workload: str
    student: str | None
    factory: str | None  # the ServiceFactory class the run measured, when it says (see catalog.Catalog.author)
    stage: int | None
    rate: float | None
    achieved: float | None
    errors: int
    steal_percent: float | None
    steal_flagged: bool
    max_ms: float | None
    command: str | None
    created: str | None  # createdAt: with the command and the percentiles, what tells a copy of a run from another
    flags: list  # [Flag]: warnings recorded with the run; its numbers are marked wherever they appear
    percentiles: dict = field(default_factory=dict)  # p (0..100) -> ms
    spectrum: list = field(default_factory=list)  # [(fraction 0..1, ms)]

    def at(self, p: float):
        """Latency in ms at percentile p (0..100): the summary value, else read off the spectrum, else None."""
        for q, ms in self.percentiles.items():
            if abs(q - p) < 1e-9:
                return ms
        for fraction, ms in self.spectrum:
            if fraction * 100 >= p - 1e-9:
                return ms
        return None

    def curve(self) -> list:
        """(fraction, ms) points from 50% to 99.999%: the spectrum when there is one, else the summary."""
        points = (
            self.spectrum if len(self.spectrum) >= 2 else sorted((p / 100, ms) for p, ms in self.percentiles.items())
        )
        return [(f, ms) for f, ms in points if 0.5 <= f <= CURVE_MAX_FRACTION + 1e-12]

    def measurement(self) -> tuple:
        """What one measurement is, whichever file holds it: ./course report copies a run into the report folder and
        names the student in the copy, so the copy and the original differ in student but not in this."""
        return (self.created, self.command, self.workload, self.rate, tuple(sorted(self.percentiles.items())))

    def flagged(self, kind: str) -> bool:
        return any(flag.kind == kind for flag in self.flags)

    def steal_text(self) -> str:
        if self.steal_percent is None:
            return "flagged" if self.steal_flagged else "n/a"
        return f"{'flagged' if self.steal_flagged else 'ok'} ({self.steal_percent:.1f}%)"


def run_from_doc(path: Path, doc: dict) -> Run:
    latency = doc.get("latency") or {}
    percentiles = {float(x["p"]): float(x["ms"]) for x in latency.get("percentiles", [])}
    spectrum = sorted((float(x["percentile"]), float(x["ms"])) for x in doc.get("spectrum") or [])
    max_ms = latency.get("max")
    if max_ms is None:
        max_ms = percentiles.get(100.0, spectrum[-1][1] if spectrum else None)
    errors = doc.get("errors") or {}
    steal = doc.get("steal") or {}
    steal_percent = steal.get("percent")
    workload = (doc.get("workload") or {}).get("name") or "?"
    rate = doc.get("rate")
    label = doc.get("label") or (f"{workload} {rate:g} rps" if rate is not None else f"{workload} ({path.stem})")
    return Run(
        path=path,
        label=label,
        workload=workload,
        student=doc.get("student"),
        factory=doc.get("factory"),
        stage=doc.get("stage"),
        rate=rate,
        achieved=doc.get("achievedRate"),
        errors=sum(int(errors.get(k, 0)) for k in ("connect", "read", "write", "timeout", "non2xx")),
        steal_percent=steal_percent,
        steal_flagged=bool(steal.get("flagged")) or (steal_percent is not None and steal_percent > STEAL_LIMIT_PERCENT),
        max_ms=max_ms,
        command=(doc.get("source") or {}).get("command"),
        created=doc.get("createdAt"),
        flags=flags_from_doc(doc),
        percentiles=percentiles,
        spectrum=spectrum,
    )
