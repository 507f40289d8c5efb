"""The two GitHub workflows: their shape, and the grading workflow's input check run for real."""

import json
import subprocess

import publish_support as support
import yaml

GRADE_WORKFLOW = support.COURSE / ".github/workflows/grade-submissions.yml"


def load(text):
    doc = yaml.safe_load(text)
    doc["on"] = doc.pop(True, doc.get("on"))  # YAML 1.1 reads the key 'on' as true
    return doc


def plan_script():
    steps = load(GRADE_WORKFLOW.read_text())["jobs"]["plan"]["steps"]
    return next(s for s in steps if s.get("id") == "check")["run"]


def run_plan(tmp_path, stage, submissions):
    output = tmp_path / "github_output"
    output.write_text("")
    env = {"PATH": "/usr/bin:/bin", "STAGE": stage, "SUBMISSIONS": submissions, "GITHUB_OUTPUT": str(output)}
    result = subprocess.run(["bash", "-e", "-c", plan_script()], env=env, capture_output=True, text=True, timeout=30)
    return result, output.read_text()


def test_grading_runs_one_job_per_submission_with_the_grader_interface():
    doc = load(GRADE_WORKFLOW.read_text())
    assert set(doc["on"]["workflow_dispatch"]["inputs"]) == {"stage", "submissions"}
    assert doc["permissions"] == {"contents": "read"}
    grade = doc["jobs"]["grade"]
    assert grade["needs"] == "plan"
    assert grade["strategy"]["fail-fast"] is False
    assert grade["strategy"]["matrix"]["submission"] == "${{ fromJSON(needs.plan.outputs.matrix) }}"
    runs = [s["run"] for s in grade["steps"] if "run" in s]
    # The grade goes where the artifact steps look for it (the grader's default is grades/<student>-stage<N>.json).
    assert (
        './course grade --stage "$STAGE" --submission submission --student "$STUDENT"'
        ' --out "results/grades/stage-$STAGE/$STUDENT.json"'
    ) in runs
    assert all(s["with"]["path"] == "results/grades/" for s in grade["steps"] if "upload-artifact" in s.get("uses", ""))
    for step in grade["steps"]:
        if step.get("uses", "").startswith("actions/checkout"):
            assert step["with"]["persist-credentials"] is False


def test_plan_turns_a_valid_list_into_the_matrix(tmp_path):
    subs = [
        {"student": "alice", "repo": "alice/highload-dht", "ref": "main"},
        {"student": "bob.k", "repo": "bob/dht", "ref": "0123abc"},
    ]
    result, output = run_plan(tmp_path, "2", json.dumps(subs))
    assert result.returncode == 0, result.stdout + result.stderr
    assert output.startswith("matrix=")
    assert json.loads(output[len("matrix=") :]) == subs


def test_plan_rejects_bad_inputs_with_a_message(tmp_path):
    good = {"student": "alice", "repo": "alice/dht", "ref": "main"}
    cases = [
        ("x", json.dumps([good]), "stage must be a stage number"),
        ("1", "not json", "submissions is not JSON"),
        ("1", "[]", "non-empty JSON list"),
        ("1", json.dumps([{"student": "alice", "repo": "alice/dht"}]), "exactly student, repo and ref"),
        ("1", json.dumps([dict(good, student="../etc")]), "must be letters, digits"),
        ("1", json.dumps([dict(good, repo="https://evil")]), "must be owner/name"),
        ("1", json.dumps([good, good]), "listed twice"),
    ]
    for stage, subs, message in cases:
        result, output = run_plan(tmp_path, stage, subs)
        assert result.returncode != 0, (stage, subs)
        assert message in result.stdout, (message, result.stdout)
        assert output == ""


def test_student_workflow_runs_the_public_tests(published):
    _course, repo, stages = published
    for n in stages:
        text = support.branch_files(repo, f"stage-{n}")[".github/workflows/public-tests.yml"].decode()
        doc = load(text)
        assert "push" in doc["on"] and "pull_request" in doc["on"]
        steps = doc["jobs"]["public-tests"]["steps"]
        assert any(s.get("run") == "./mvnw -B -ntp test" for s in steps)
        java = next(s for s in steps if s.get("uses", "").startswith("actions/setup-java"))
        assert java["with"]["java-version"] == "21"
