"""The one run-flag mechanism of the results schema: flags carry a kind and a sentence; contention is an object."""

from pathlib import Path

from sitegen.results import schema_errors
from sitegen.runs import run_from_doc

from .conftest import load_run

CONTENTION = {
    "psiCpuSomePercent": 41.5,
    "stealPercent": 0.1,
    "otherProcessesCpuSeconds": 5.2,
    "otherProcessesCpuPercent": 87.0,
    "thresholds": {"psiCpuSomePercent": 20, "stealPercent": 5, "otherProcessesCpuPercent": 25},
    "stabilize": {"mode": "auto", "decision": "plain", "evidence": "CPU steal 0.10% over a 1.0 s probe before the run"},
    "notes": [],
    "targetPids": [4242],
}


def test_a_flagged_run_follows_the_schema_and_the_site_reads_its_kinds():
    doc = load_run(
        "alice",
        1,
        "get",
        1000,
        {50: 0.2, 99: 3.0},
        contention=CONTENTION,
        flags=[
            {"kind": "contention", "message": "CPU contention during the run: other processes took 5.2 CPU-seconds"},
            {"kind": "unexpected-status", "message": "99% of the answers are not what a get run expects"},
        ],
    )
    run = run_from_doc(Path("run.json"), doc)
    assert run.flagged("contention") and run.flagged("unexpected-status") and not run.flagged("generator-behind")


def test_the_schema_refuses_a_bare_string_flag_and_a_flag_without_a_kind():
    doc = load_run("alice", 1, "get", 1000, {50: 0.2, 99: 3.0})
    assert schema_errors({**doc, "flags": ["target rate not met"]})
    assert schema_errors({**doc, "flags": [{"message": "no kind"}]})


def test_unmeasurable_contention_is_null_and_the_stabilize_decision_is_an_enum():
    doc = load_run("alice", 1, "get", 1000, {50: 0.2, 99: 3.0})
    unmeasured = {**CONTENTION, "psiCpuSomePercent": None, "notes": ["no CPU pressure: this kernel has no PSI"]}
    assert schema_errors({**doc, "contention": unmeasured}) == []
    wrong = {**CONTENTION, "stabilize": {"mode": "sometimes", "decision": "plain", "evidence": "?"}}
    assert schema_errors({**doc, "contention": wrong})
