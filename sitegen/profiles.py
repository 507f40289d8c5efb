"""A report's profiles: the collapsed stacks its front matter lists under `profiles:`, which event and workload each
one is, and which profile of the previous stage it is compared with.

    profiles:
      - flamegraphs/put-cpu.collapsed                                  # event and workload read from the name
      - {file: flamegraphs/20250301-120000-cpu.collapsed, event: cpu, workload: get}

A profile is compared with the previous stage's profile of the same event and workload (cpu of put with cpu of put):
shares of samples are comparable across rates and lengths, a stage's cpu profile and the other's alloc profile are
not. A name says its event and workload when one of its parts (split at -, _ and .) is an event (cpu, alloc, lock,
wall; the last such part) and one is a workload (put, get, mixed, delete; the first such part): put-cpu.collapsed,
20250301-120000-put-4000-cpu.collapsed. A profile without a workload pairs with the other stage's profile of the
same event that names no workload either.
"""

import re
from dataclasses import dataclass
from pathlib import Path

from .collapsed import CollapsedError, Profile, read_collapsed
from .pairs import BeforeAfter

EVENTS = ("cpu", "alloc", "lock", "wall")
WORKLOADS = ("put", "get", "mixed", "delete")
UNITS = {"cpu": "samples", "wall": "samples", "alloc": "bytes", "lock": "ns"}
ENTRY_KEYS = {"file", "event", "workload"}
SUFFIX = ".collapsed"


@dataclass
class ProfileRef:
    entry: str  # the path as the front matter writes it, relative to the report folder
    file: Path
    event: str
    workload: str | None
    profile: Profile | None = None  # None when the file could not be read (a problem of the report says why)

    @property
    def key(self) -> tuple:
        return (self.workload, self.event)

    @property
    def label(self) -> str:
        return describe(self.key)


def describe(key: tuple) -> str:
    workload, event = key
    return f"{event} profile of {workload}" if workload else f"{event} profile (no workload named)"


class ProfilePair(BeforeAfter):
    """A profile of the previous stage and this stage's of the same event and workload."""

    @property
    def key(self) -> tuple:
        return self.after.key


def _name_parts(path: str) -> list:
    stem = Path(path).name
    if stem.endswith(SUFFIX):
        stem = stem[: -len(SUFFIX)]
    return [p for p in re.split(r"[-_.]", stem.lower()) if p]


def event_from_name(path: str):
    return next((p for p in reversed(_name_parts(path)) if p in EVENTS), None)


def workload_from_name(path: str):
    return next((p for p in _name_parts(path) if p in WORKLOADS), None)


HOW_TO_LIST = (
    "list collapsed stacks, e.g. 'flamegraphs/put-cpu.collapsed' (the name says the workload and the "
    "event), or '{file: flamegraphs/x.collapsed, event: cpu, workload: put}'"
)


def load_profiles(value, folder: Path, report_md: Path, add_problem) -> list:
    """[ProfileRef] of a front matter's `profiles:` value; `add_problem(file, message)` records each problem (an entry
    that says too little, a file that is missing or is not collapsed stacks). Entries with problems are left out,
    except readable ones with an unknown key, which still count."""
    if value is None:
        return []
    if isinstance(value, (str, dict)):
        value = [value]
    if not isinstance(value, list):
        add_problem(report_md, f"'profiles:' must be a list; {HOW_TO_LIST}")
        return []
    refs = []
    for number, entry in enumerate(value, start=1):
        ref = _entry(entry, number, folder, report_md, add_problem)
        if ref is None:
            continue
        try:
            ref.profile = read_collapsed(ref.file)
        except CollapsedError as e:
            if str(e) == "not found":
                message = (
                    "listed under 'profiles:' in report.md but not found; copy the collapsed stacks there "
                    "(./course load --profile and ./course profile write cpu.collapsed next to cpu.html; "
                    "./course report attaches them)"
                )
            else:
                message = f"{e}; 'profiles:' takes collapsed stacks, as ./course profile writes into cpu.collapsed"
            add_problem(ref.file, message)
            continue
        refs.append(ref)
    return refs


def _entry(entry, number: int, folder: Path, report_md: Path, add_problem):
    if isinstance(entry, str):
        file, event, workload = entry, None, None
    elif isinstance(entry, dict):
        unknown = sorted(str(k) for k in entry if k not in ENTRY_KEYS)
        if unknown:
            add_problem(
                report_md,
                f"'profiles:' entry {number} has unknown key(s) {', '.join(unknown)}; an entry has "
                "file, event and workload",
            )
        file, event, workload = entry.get("file"), entry.get("event"), entry.get("workload")
        if not isinstance(file, str) or not file.strip():
            add_problem(report_md, f"'profiles:' entry {number} names no file; {HOW_TO_LIST}")
            return None
        if event is not None and str(event).lower() not in EVENTS:
            add_problem(
                report_md, f"'profiles:' entry {number} ({file}): event {event!r} is not one of {', '.join(EVENTS)}"
            )
            return None
        if workload is not None and not isinstance(workload, str):
            add_problem(report_md, f"'profiles:' entry {number} ({file}): workload must be a name such as put")
            return None
    else:
        add_problem(report_md, f"'profiles:' entry {number} is neither a path nor a mapping; {HOW_TO_LIST}")
        return None
    path = folder / file
    if path.suffix.lower() in (".html", ".htm"):
        add_problem(
            path,
            "is an HTML flame graph: list it under 'flamegraphs:'; 'profiles:' takes the collapsed "
            f"stacks recorded with it ({path.with_suffix(SUFFIX).name}, written next to it by "
            "./course profile and ./course load --profile)",
        )
        return None
    event = str(event).lower() if event is not None else event_from_name(file)
    if event is None:
        add_problem(
            path,
            f"cannot tell which event this profile is (its name has none of {', '.join(EVENTS)}): "
            f"name it <workload>-<event>{SUFFIX}, e.g. put-cpu{SUFFIX}, or list it as "
            f"{{file: {file}, event: cpu, workload: put}}",
        )
        return None
    workload = workload.strip().lower() if isinstance(workload, str) and workload.strip() else workload_from_name(file)
    return ProfileRef(file, path, event, workload)


def pair_profiles(current: list, previous: list) -> tuple:
    """(pairs, this stage's profiles without a partner, the previous stage's profiles without one): for each event
    and workload, the first profile each report lists. Later ones of the same event and workload pair with nothing."""
    before = {}
    for ref in previous:
        before.setdefault(ref.key, ref)
    pairs, unpaired, taken = [], [], set()
    for ref in current:
        if ref.key in before and ref.key not in taken:
            taken.add(ref.key)
            pairs.append(ProfilePair(before[ref.key], ref))
        else:
            unpaired.append(ref)
    left = [ref for ref in previous if ref.key not in taken]
    return pairs, unpaired, left
