"""Synthetic results documents that follow the schema: sample data and the site benchmark.

Latency follows ms(p) = base * (1/(1-p))^tail, a straight line on the percentile chart's log-log axes, which is
roughly what a server below saturation shows.
"""

import random

SPECTRUM_FRACTIONS = [0.5 + 0.5 * (1 - 0.5 ** (k / 4)) for k in range(0, 68)]
SUMMARY = (50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 99.999, 100.0)


def latency_ms(base: float, tail: float, fraction: float) -> float:
    return base * (1 / max(1 - fraction, 1e-6)) ** tail


def load_run(
    *,
    student,
    stage,
    workload,
    rate,
    base,
    tail,
    seed=0,
    steal=0.4,
    created="2025-03-01T12:00:00Z",
    label=None,
    duration=30.0,
    errors=0,
) -> dict:
    rng = random.Random(seed)
    jitter = 1 + rng.uniform(-0.03, 0.03)
    spectrum, count, total = [], 0, int(rate * duration)
    for f in [0.0] + [round(x, 6) for x in SPECTRUM_FRACTIONS]:
        count = int(total * f)
        spectrum.append(
            {"ms": round(latency_ms(base * jitter, tail, f) if f else base * 0.2, 3), "percentile": f, "count": count}
        )
    percentiles = [{"p": p, "ms": round(latency_ms(base * jitter, tail, p / 100), 3)} for p in SUMMARY]
    achieved = round(rate * (0.995 + rng.uniform(0, 0.004)), 1)
    doc = {
        "schema": "course-results/1",
        "kind": "load-run",
        "createdAt": created,
        "student": student,
        "stage": stage,
        "label": label or f"{workload} {rate} rps",
        "source": {
            "tool": "course-load",
            "command": f"./course load --url http://localhost:8080 --workload {workload} -R {rate} -c 64 -t 2 -d {duration:g}s",
        },
        "workload": {"name": workload, "keyOrder": "uniform", "keySpace": 1_000_000, "valueSize": 100},
        "targets": ["http://localhost:8080"],
        "rate": float(rate),
        "connections": 64,
        "threads": 2,
        "durationSeconds": duration,
        "requests": total,
        "achievedRate": achieved,
        "errors": {"connect": 0, "read": 0, "write": 0, "timeout": errors, "non2xx": 0},
        "latency": {
            "mean": round(latency_ms(base, tail, 0.6), 3),
            "stdev": round(base * tail * 2, 3),
            "max": round(latency_ms(base * jitter, tail, 1 - 1e-6), 3),
            "percentiles": percentiles,
        },
        "spectrum": spectrum,
        "environment": {
            "cpuModel": "Intel(R) Xeon(R) CPU @ 2.20GHz",
            "cores": 4,
            "memoryBytes": 8 * 2**30,
            "os": "Linux 6.1",
            "jdk": "21.0.5",
            "heap": "-Xmx128m",
            "stabilized": False,
        },
        "steal": {"percent": steal, "flagged": steal > 5},
        "flags": [{"kind": "steal", "message": "CPU steal above 5%: the numbers are noisy"}] if steal > 5 else [],
    }
    return doc


def grade(*, student, stage, tests, ratio, created="2025-03-02T12:00:00Z") -> dict:
    """`tests` is [(name, outcome)]."""
    passed = sum(1 for _, outcome in tests if outcome == "passed")
    return {
        "schema": "course-results/1",
        "kind": "grade",
        "createdAt": created,
        "student": student,
        "stage": stage,
        "score": {
            "earned": passed * 2 + round(8 * min(ratio or 0, 1), 1),
            "max": len(tests) * 2 + 8,
            "breakdown": [
                {"category": "tests", "earned": passed * 2, "max": len(tests) * 2},
                {"category": "performance", "earned": round(8 * min(ratio or 0, 1), 1), "max": 8},
            ],
        },
        "tests": [
            {
                "name": name,
                "stage": stage,
                "category": "public",
                "outcome": outcome,
                "message": None if outcome == "passed" else "expected 200 but was 500",
                "visibility": "visible",
            }
            for name, outcome in tests
        ],
        "performance": {"ratio": ratio},
    }


def saturation(*, student, stage, sustained, created="2025-03-01T13:00:00Z") -> dict:
    steps = []
    for rate in range(int(sustained * 0.5), int(sustained * 1.4), max(int(sustained * 0.2), 1)):
        ok = rate <= sustained
        steps.append(
            {
                "rate": float(rate),
                "achievedRate": float(rate if ok else sustained * 1.02),
                "p99Ms": 3.0 if ok else 250.0,
                "passed": ok,
            }
        )
    return {
        "schema": "course-results/1",
        "kind": "saturation",
        "createdAt": created,
        "student": student,
        "stage": stage,
        "slo": {"minAchievedFraction": 0.99, "p99Ms": 10.0},
        "steps": steps,
        "result": {"sustainedRate": float(sustained), "note": None},
    }
