"""Stage statements: stages/<N>-<slug>/README.md, with optional stage.yml metadata (title:)."""
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from .problems import Problems

STAGE_DIR = re.compile(r"^(\d+)-([a-z0-9][a-z0-9-]*)$")


@dataclass
class Stage:
    number: int
    slug: str  # the folder name, e.g. 1-sync-server
    title: str
    folder: Path
    readme: Path

    @property
    def page(self) -> str:
        return f"stages/{self.slug}.md"


def load_stages(root: Path, problems: Problems) -> list:
    stages = []
    if not root or not root.is_dir():
        return stages
    for folder in sorted(root.iterdir(), key=lambda p: p.name):
        m = STAGE_DIR.match(folder.name)
        if not folder.is_dir() or not m:
            continue
        readme = folder / "README.md"
        if not readme.is_file():
            problems.add(folder, "stage folder without README.md; the stage has no page")
            continue
        number = int(m.group(1))
        title = _title_from_meta(folder / "stage.yml", problems) or _first_heading(readme) or f"Stage {number}"
        stages.append(Stage(number, folder.name, title, folder, readme))
    return sorted(stages, key=lambda s: s.number)


def _title_from_meta(path: Path, problems: Problems):
    if not path.is_file():
        return None
    try:
        meta = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as e:
        problems.add(path, f"not valid YAML ({' '.join(str(e).split())}); the title comes from README.md")
        return None
    if isinstance(meta, dict) and meta.get("title"):
        return str(meta["title"])
    return None


def _first_heading(path: Path):
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return None
