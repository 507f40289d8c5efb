"""What must never reach the student repository: paths and content patterns from publish/deny-list.txt, plus
the class names of the hidden tests and mutants found under grading/, read afresh at every run."""

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from student_repo.errors import PublishError

HIDDEN_TEST_NAME = re.compile(r"^[A-Z]\w*(Test|Tests|IT)$")
WORD = re.compile(r"\w+")  # the maximal runs of word characters: a name's \bNAME\b matches exactly these
STAGE_FOLDER = re.compile(r"^stage\d+$")


@dataclass(frozen=True)
class Rule:
    kind: str  # "path" or "content"
    pattern: re.Pattern
    why: str
    # The whole word the pattern is \bWORD\b of (a hidden test's or mutant's name), else None: such a rule
    # matches a line exactly when WORD is one of the line's words, which a set finds at once.
    word: str | None = None


@dataclass(frozen=True)
class Hit:
    path: str
    rule: Rule
    line: int  # 0 for a path rule

    def __str__(self) -> str:
        where = self.path if self.line == 0 else f"{self.path}:{self.line}"
        return f"{where}: {self.rule.why} (/{self.rule.pattern.pattern}/)"


class DenyList:
    def __init__(self, rules: list[Rule]):
        self.rules = rules
        # Branches are cumulative, so most files recur in every branch: each distinct content is read once.
        self._content_hits: dict[bytes, list[tuple[Rule, int]]] = {}
        # Each line against every rule was most of a publish's time (some 300 rules are names): a name rule is
        # looked up among the line's words instead, and the hits keep the rules' order.
        self._content = [r for r in rules if r.kind == "content"]
        self._by_regex = [(i, r.pattern) for i, r in enumerate(self._content) if r.word is None]
        self._by_word = {r.word: i for i, r in enumerate(self._content) if r.word is not None}

    @classmethod
    def load(cls, deny_file: Path, course_root: Path) -> "DenyList":
        return cls(read_rules(deny_file) + hidden_test_rules(course_root))

    def check(self, path: str, content: bytes) -> list[Hit]:
        hits = [Hit(path, r, 0) for r in self.rules if r.kind == "path" and r.pattern.search(path)]
        key = hashlib.sha256(content).digest()
        if key not in self._content_hits:
            found = []
            if self._content:
                text = content.decode("utf-8", errors="replace")
                for number, line in enumerate(text.splitlines(), start=1):
                    matched = {i for i, pattern in self._by_regex if pattern.search(line)}
                    matched.update(self._by_word[w] for w in WORD.findall(line) if w in self._by_word)
                    found.extend((self._content[i], number) for i in sorted(matched))
            self._content_hits[key] = found
        return hits + [Hit(path, r, number) for r, number in self._content_hits[key]]

    def check_all(self, files: dict[str, bytes]) -> list[Hit]:
        return [hit for path in sorted(files) for hit in self.check(path, files[path])]


def read_rules(deny_file: Path) -> list[Rule]:
    """Lines 'path REGEX' or 'content REGEX'; '#' starts a comment line."""
    try:
        lines = deny_file.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise PublishError(f"cannot read the deny list {deny_file}: {e}") from e
    rules = []
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        kind, _, pattern = line.partition(" ")
        if kind not in ("path", "content") or not pattern.strip():
            raise PublishError(f"{deny_file}:{number}: expected 'path REGEX' or 'content REGEX', got '{raw}'")
        try:
            compiled = re.compile(pattern.strip())
        except re.error as e:
            raise PublishError(f"{deny_file}:{number}: bad regular expression '{pattern.strip()}': {e}") from e
        rules.append(Rule(kind, compiled, f"deny-list line {number}"))
    return rules


def hidden_test_rules(course_root: Path) -> list[Rule]:
    """The names of the hidden tests and of the mutants (deliberately broken solutions, one class per stage folder
    under a mutants/ tree): each says what the grader checks."""
    grading = course_root / "grading"
    if not grading.is_dir():
        return []
    names = set()
    for source in grading.rglob("*.java"):
        parts = source.relative_to(grading).parts
        if "target" in parts:
            continue
        is_mutant = "mutants" in parts and any(STAGE_FOLDER.match(p) for p in parts)
        if HIDDEN_TEST_NAME.match(source.stem) or is_mutant:
            names.add(source.stem)
    return [
        Rule(
            "content",
            re.compile(rf"\b{re.escape(n)}\b"),
            f"name of the hidden test or mutant {n}",
            n if WORD.fullmatch(n) else None,
        )
        for n in sorted(names)
    ]
