"""The demo's multi-node stages (3-6) run for real, at short durations: real node JVMs through the launcher, the real
load generator, the real site build. Every line the demo prints about a stage is then checked against the runs it
recorded: the rates it claims, the achieved rates and percentiles it shows, its warnings and notes, no non-2xx
answer on a GET, and a site that holds these runs. A couple of minutes of both cores."""

import json
import re

import pytest

from sitegen.paths import REPO_ROOT
from sitegen.stages import registry

from .conftest import run_command

STAGES = (3, 4, 5, 6)
RATE = 800  # the single-node rate; 3-node stages run at a quarter of it
CLUSTER_RATE = (RATE + 3) // 4
SECONDS = 3
ANSI = re.compile(r"\x1b\[[0-9;]*m")
HEADER = re.compile(r"^== 3\.(\d+) Stage \d+ reference under load", re.M)
UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo")
    results, site = out / "results", out / "site"
    run = run_command(
        [
            str(REPO_ROOT / "course"),
            "demo",
            "--no-serve",
            "--stages",
            f"{STAGES[0]}-{STAGES[-1]}",
            "--duration",
            f"{SECONDS}s",
            "--rate",
            str(RATE),
            "--results",
            str(results),
            "--site-out",
            str(site),
        ],
        timeout=1200,
    )
    text = ANSI.sub("", run.stdout)
    assert run.returncode == 0, f"exit {run.returncode}\n{text[-5000:]}\n{run.stderr[-3000:]}"
    return text, results, site


def blocks(text: str) -> dict[int, str]:
    """The demo's output of each stage: from its header to the next header (or the closing text)."""
    starts = [(int(m.group(1)), m.start()) for m in HEADER.finditer(text)]
    ends = [s for _, s in starts[1:]] + [text.index("What to look at on the site")]
    return {stage: text[start:end] for (stage, start), end in zip(starts, ends, strict=True)}


def halves(block: str) -> tuple[str, str]:
    """The PUT run's lines and the GET run's lines of one stage."""
    cut = block.index("  GET at ")
    return block[:cut], block[cut:]


def to_ms(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value).groups()
    return float(number) * UNITS_MS[unit]


def percentile(doc: dict, p: float) -> float:
    return next(x["ms"] for x in doc["latency"]["percentiles"] if abs(x["p"] - p) < 1e-9)


def check_run_lines(lines: str, doc: dict, what: str) -> None:
    """The wrk2-style lines the demo shows for one run say what the run's JSON holds."""
    achieved = re.findall(r"Requests/sec:\s+([\d.]+)", lines)
    assert len(achieved) == 1, f"{what}: one Requests/sec line expected:\n{lines}"
    assert float(achieved[0]) == pytest.approx(doc["achievedRate"], abs=0.01), what
    for shown, value in re.findall(r"^\s+(50\.000|99\.000|99\.900)%\s+(\S+)$", lines, re.M):
        assert to_ms(value) == pytest.approx(percentile(doc, float(shown)), rel=0.01, abs=0.002), f"{what} p{shown}"
    warnings = re.findall(r"WARNING \(([\w-]+)\): (.*)$", lines, re.M)
    assert sorted(warnings) == sorted((f["kind"], f["message"]) for f in doc.get("flags") or []), what
    non2xx = re.findall(r"Non-2xx or 3xx responses: (\d+)", lines)
    assert [int(n) for n in non2xx] == ([doc["errors"]["non2xx"]] if doc["errors"].get("non2xx") else []), what


def test_every_multi_node_stage_ran_and_its_lines_are_its_runs(demo):
    text, results, _site = demo
    found = blocks(text)
    assert sorted(found) == list(STAGES), text[-3000:]
    references = {s.number: s.reference for s in registry(REPO_ROOT / "stages")}
    for stage, block in found.items():
        put = json.loads((results / f"reference-stage-{stage}-put.json").read_text(encoding="utf-8"))
        get = json.loads((results / f"reference-stage-{stage}-get.json").read_text(encoding="utf-8"))
        assert f"stage {stage} reference: 3 node(s) at http://" in block, block
        # The runs are the reference's because they record the factory of the node they measured, not a name.
        for doc in (put, get):
            assert (doc.get("student"), doc.get("factory"), doc.get("factorySource")) == (
                None,
                references[stage],
                "node",
            ), doc.get("factory")

        kept = re.search(r"warm-up: this machine keeps up with (\d+) PUTs/s; the runs below use that rate", block)
        fitted = re.search(
            r"warm-up: this machine took \d+ of the (\d+) PUTs/s asked \(\d+ errors\); the runs below "
            r"use (\d+)/s, below that limit",
            block,
        )
        assert bool(kept) != bool(fitted), block
        rate = int(kept.group(1)) if kept else int(fitted.group(2))
        assert (int(kept.group(1)) if kept else int(fitted.group(1))) == CLUSTER_RATE
        assert put["rate"] == rate and get["rate"] == rate, f"stage {stage}: the runs are not at the rate it said"
        keys = rate * SECONDS
        assert f"  PUT at {rate}/s, {keys} keys in order:" in block

        put_lines, get_lines = halves(block)
        check_run_lines(put_lines, put, f"stage {stage} PUT")
        check_run_lines(get_lines, get, f"stage {stage} GET")
        sent_note = f"note: the PUT run sent {put['requests']} of its {keys} requests"
        assert (sent_note in block) == (put["requests"] < keys), block
        put_errors = sum(int(put["errors"].get(k) or 0) for k in ("connect", "read", "write", "timeout", "non2xx"))
        assert (f"note: {put_errors} PUT request(s) failed" in block) == (put_errors > 0), block
        # The GET run asks only for keys its PUT run wrote: not one of them may be missing. A replica that did not
        # answer in time (504) on a machine the run itself reports as contended is the machine's, not a lost key.
        by_status = {k: v for k, v in (get["errors"].get("byStatus") or {}).items() if not k.startswith("2")}
        assert "404" not in by_status, f"stage {stage}: GETs of written keys answered 404: {get['errors']}\n{block}"
        if by_status:
            assert all(k.startswith("5") for k in by_status) and "WARNING (contention)" in block, (
                f"stage {stage}: GETs answered non-2xx on a machine the run did not report as contended: "
                f"{get['errors']}\n{block}"
            )
        assert "What it shows:" in block
        assert (f"(this stage ran at {rate}/s instead of {CLUSTER_RATE}/s" in block) == (rate != CLUSTER_RATE)


def test_the_site_holds_the_demo_runs(demo):
    text, results, site = demo
    assert (site / "index.html").is_file()
    pages = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in site.rglob("*.html"))
    for stage in STAGES:
        for workload in ("put", "get"):
            assert f"reference stage {stage} {workload}" in pages, f"the site lacks the run of stage {stage} {workload}"
    assert f"serve it with: ./course site --no-build --serve --out {site}" in text
    assert f"  - {results}/*.json (the results format), *.txt (wrk2-style output)\n" in text  # no stage-1 profile
