"""python -m sitegen.bench: builds the site for a large synthetic course and prints how long that took.

200 students x 4 stages by default: a report per student and stage with three attached runs, a grade per student
and stage. The target is a build under 30 s on a laptop.
"""

import argparse
import json
import logging
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from . import synthetic
from .paths import REPO_ROOT

TESTS = [f"Stage{s}Test.case{i}" for s in range(1, 2) for i in range(1, 9)]


def generate(root: Path, students: int, stages: int) -> dict:
    rng = random.Random(42)
    counts = {"reports": 0, "runs": 0, "grades": 0}
    for s in range(students):
        name = f"student{s:03d}"
        base = rng.uniform(0.5, 3.0)
        for stage in range(1, stages + 1):
            folder = root / "reports" / name / f"stage-{stage}"
            (folder / "runs").mkdir(parents=True)
            runs = []
            for workload, rate in (("put", 4000), ("get", 4000), ("mixed", 3000)):
                doc = synthetic.load_run(
                    student=name,
                    stage=stage,
                    workload=workload,
                    rate=rate * stage,
                    base=base / stage**0.3,
                    tail=rng.uniform(0.3, 0.6),
                    seed=rng.random(),
                    steal=rng.choice((0.2, 0.5, 6.0)),
                )
                (folder / "runs" / f"{workload}.json").write_text(json.dumps(doc), encoding="utf-8")
                runs.append(f"runs/{workload}.json")
            front = {
                "student": name,
                "stage": stage,
                "title": f"Stage {stage}",
                "hardware": "synthetic",
                "commands": ["./course load ..."],
                "runs": runs,
            }
            (folder / "report.md").write_text(
                f"---\n{json.dumps(front)}\n---\n\n## Analysis\n\nSynthetic text.\n", encoding="utf-8"
            )
            outcomes = [(t, "passed" if rng.random() > 0.1 else "failed") for t in TESTS]
            grade = synthetic.grade(student=name, stage=stage, tests=outcomes, ratio=round(rng.uniform(0.3, 1.3), 2))
            grade_path = root / "results" / "grades" / f"{name}-{stage}.json"
            grade_path.parent.mkdir(parents=True, exist_ok=True)
            grade_path.write_text(json.dumps(grade), encoding="utf-8")
            counts["reports"] += 1
            counts["runs"] += len(runs)
            counts["grades"] += 1
    return counts


def build(root: Path) -> int:
    from .build import build_site

    os.environ["NO_MKDOCS_2_WARNING"] = "1"
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    build_site(root / "site", stages=REPO_ROOT / "stages", reports=root / "reports", results=root / "results")
    return sum(1 for _ in (root / "site").rglob("index.html"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="./course bench site", description=__doc__.split("\n\n")[0].removeprefix("python -m sitegen.bench: ")
    )
    parser.add_argument("--students", type=int, default=200, help="synthetic students, 1..5000 (default: 200)")
    parser.add_argument("--stages", type=int, default=4, help="stages each student reported, 1..20 (default: 4)")
    parser.add_argument("--keep", action="store_true", help="keep the generated inputs and site, print where")
    args = parser.parse_args(argv)
    if not (1 <= args.students <= 5000 and 1 <= args.stages <= 20):
        parser.error("--students must be 1..5000 and --stages 1..20")
    root = Path(tempfile.mkdtemp(prefix="course-site-bench-"))
    try:
        t0 = time.perf_counter()
        counts = generate(root, args.students, args.stages)
        t1, cpu1 = time.perf_counter(), time.process_time()
        pages = build(root)
        t2, cpu2 = time.perf_counter(), time.process_time()
        print(
            f"site bench: {args.students} students x {args.stages} stages: {counts['reports']} reports, "
            f"{counts['runs']} runs, {counts['grades']} grades generated in {t1 - t0:.1f} s; "
            f"site built in {t2 - t1:.1f} s ({pages} pages; {cpu2 - cpu1:.1f} s of CPU, the wall time is longer on a busy "
            f"machine)"
        )
        if args.keep:
            print(f"site bench: inputs and site kept in {root}")
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
