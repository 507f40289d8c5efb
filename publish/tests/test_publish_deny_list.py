"""Nothing of grading/, solutions/ or bench/ reaches any file of any branch, and the check does catch leaks."""

import re

import publish_support as support

WORD = re.compile(r"\w+")


def deny_rules(course):
    """publish/deny-list.txt read here on its own, plus the names of the hidden tests and mutants in grading/: rules
    (kind, pattern, why, word), where word is the name a whole-word rule looks for, else None."""
    rules = []
    for line in (course / "publish/deny-list.txt").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            kind, pattern = line.split(" ", 1)
            rules.append((kind, re.compile(pattern.strip()), line, None))
    hidden = set()
    for source in (course / "grading").rglob("*.java"):
        path = source.as_posix()
        if "/target/" in path:
            continue
        if re.search(r"(Test|Tests|IT)$", source.stem) or re.search(r"/mutants/.*/stage\d+/", path):
            hidden.add(source.stem)
    rules += [
        ("content", re.compile(rf"\b{name}\b"), f"hidden test {name}", name if WORD.fullmatch(name) else None)
        for name in sorted(hidden)
    ]
    return rules, hidden


def leaks(rules, path, content):
    """What each rule finds in one file. A name is found as a whole word exactly when it is one of the text's
    maximal runs of word characters: looked up in their set, not searched for once per name (some 200 names times
    every file of every branch took most of a minute)."""
    text = content.decode("utf-8", errors="replace")
    words = set(WORD.findall(text))
    found = []
    for kind, pattern, why, word in rules:
        if kind == "path":
            hit = pattern.search(path)
        else:
            hit = word in words if word is not None else pattern.search(text)
        if hit:
            found.append(why)
    return found


def test_every_file_of_every_branch_passes_the_deny_list(published):
    course, repo, stages = published
    rules, hidden = deny_rules(course)
    assert any(kind == "content" for kind, *_ in rules) and any(kind == "path" for kind, *_ in rules)
    assert hidden or not (course / "grading").is_dir(), "grading/ holds no hidden test names to look for"
    assert set(support.branches(repo)) == {f"stage-{n}" for n in stages}
    hits = []
    checked = 0
    found = {}  # branches are cumulative: most files recur unchanged in every later branch
    for branch in support.branches(repo):
        for path, content in support.branch_files(repo, branch).items():
            checked += 1
            if (path, content) not in found:
                found[path, content] = leaks(rules, path, content)
            hits += [f"{branch}:{path}: {why}" for why in found[path, content]]
            # Independently of the list: no course-only tree, no course-only package, ever.
            assert not path.startswith(("grading/", "solutions/", "bench/", "sitegen/tests/", "docs/")), (
                f"{branch}:{path}"
            )
            assert b"package solutions" not in content and b"package grading" not in content, f"{branch}:{path}"
    assert checked > 100 * len(stages)
    assert hits == []


def test_commit_messages_leak_nothing(published):
    _course, repo, _stages = published
    log = support.git(repo, "log", "--all", "--format=%B")
    assert "solutions" not in log and "grading" not in log


def test_a_leaked_reference_class_stops_the_publish(tmp_path):
    course = support.snapshot_course(tmp_path / "course")
    leaked = course / "starter/student/src/main/java/student/Leak.java"
    leaked.write_text("package student;\n\nimport solutions.stage1.Stage1Factory;\n\nclass Leak {\n}\n")
    out = tmp_path / "student.git"
    result = support.publish(course, "--out", str(out))
    assert result.returncode == 2
    assert "starter/student/src/main/java/student/Leak.java:3" in result.stderr
    assert "nothing was published" in result.stderr
    assert not out.exists(), "a refused publish must not create the repository"


def test_a_hidden_test_name_stops_the_publish(tmp_path):
    course = support.snapshot_course(tmp_path / "course")
    hidden = course / "grading/src/test/java/grading/hidden/SecretLargeValuesTest.java"
    hidden.parent.mkdir(parents=True, exist_ok=True)
    hidden.write_text("package grading.hidden;\n\nclass SecretLargeValuesTest {\n}\n")
    statement = next((course / "stages").glob("1-*")) / "README.md"
    statement.write_text(statement.read_text() + "\nHint: SecretLargeValuesTest checks 5 MiB values.\n")
    result = support.publish(course, "--out", str(tmp_path / "student.git"))
    assert result.returncode == 2
    assert "name of the hidden test or mutant SecretLargeValuesTest" in result.stderr
