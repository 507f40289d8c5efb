"""YAML front matter of a markdown file: the block between a first line '---' and the next '---'."""

import yaml


class FrontMatterError(ValueError):
    def __init__(self, message: str, body: str = ""):
        super().__init__(message)
        self.body = body  # the text after the front matter, when its end was found


def split(text: str):
    """(metadata dict, body). A file without front matter gives ({}, text); a broken block raises FrontMatterError."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return {}, text
    for i in range(1, len(lines)):
        if lines[i].strip() in ("---", "..."):
            block = "\n".join(lines[1:i])
            body = "\n".join(lines[i + 1 :])
            try:
                meta = yaml.safe_load(block) if block.strip() else {}
            except yaml.YAMLError as e:
                raise FrontMatterError(f"front matter is not valid YAML ({_where(e)})", body) from e
            if not isinstance(meta, dict):
                raise FrontMatterError("front matter must be a YAML mapping (key: value lines)", body)
            return meta, body
    raise FrontMatterError("front matter starts with '---' but has no closing '---' line")


def _where(error) -> str:
    """'line N: what is wrong', counting lines of the whole file (the block starts on line 2)."""
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or " ".join(str(error).split())
    return f"line {mark.line + 2}: {problem}" if mark is not None else problem
