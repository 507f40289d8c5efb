"""Collapsed stacks (async-profiler's `collapsed` output, jfr-converter's `--collapsed`, what `./course profile` and
`./course load --profile` write as cpu.collapsed, alloc.collapsed, ...) and the difference between two of them.

A collapsed file has one line per distinct stack: the frames from the thread's first to the sampled one, separated
by `;`, then a space and the stack's weight (samples for cpu and wall, bytes for alloc, nanoseconds for lock):

    java.lang.Thread.run_[j];one.nio.server.SelectorThread.run_[j];one.nio.net.Session.process_[j] 42

Two profiles of different lengths and rates are compared by shares: each stack's weight divided by its profile's
total. For every stack prefix (a frame where it was called from: a box of the flame graph) and for every frame name
(a method wherever it was called from) the share before and after is known, both *total* (the frame was on the
stack) and *self* (it was the sampled frame, on top).
"""

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

# async-profiler marks a frame's kind after its name: _[j] JIT-compiled, _[i] inlined, _[k] kernel, _[0]
# interpreted, _[1] C1-compiled (and, in allocation profiles, _[i]/_[k] for inside/outside a TLAB). The kind of a
# frame changes with the JIT's mood, not with the code: the same method is one frame here.
KIND_SUFFIX = re.compile(r"_\[[a-z0-9]\]$")
WEIGHT = re.compile(r"^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$")
MAX_PROBLEM_LINE = 80


class CollapsedError(ValueError):
    """A collapsed file that cannot be read as one; the message says what is wrong and where."""


@dataclass
class Profile:
    stacks: dict  # (frame, ...) from the thread's first frame -> weight
    total: float
    source: str = ""  # where it was read from, for messages

    def shares(self) -> dict:
        return {stack: weight / self.total for stack, weight in self.stacks.items()}


def frame_name(raw: str) -> str:
    return KIND_SUFFIX.sub("", raw.strip())


def parse_collapsed(text: str, source: str = "") -> Profile:
    """The stacks of a collapsed file's text; identical stacks (after dropping frame kinds) are added together.
    Raises CollapsedError for a line that is not `frame;frame;... WEIGHT`, or for a file without any weight."""
    stacks = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = line.rstrip().rsplit(None, 1)
        if len(parts) != 2 or not WEIGHT.match(parts[1]):
            raise CollapsedError(
                f"line {number} is not 'frame;frame;...;frame WEIGHT' (a collapsed stack and its "
                f"sample count): {_clip(line)!r}"
            )
        frames = tuple(frame_name(f) for f in parts[0].split(";"))
        if any(not f for f in frames):
            raise CollapsedError(
                f"line {number} has an empty frame (two ';' in a row, or one at an end): {_clip(line)!r}"
            )
        weight = float(parts[1])
        if not math.isfinite(weight):
            raise CollapsedError(f"line {number}: the weight {parts[1]!r} is not a finite number")
        stacks[frames] = stacks.get(frames, 0.0) + weight
    total = sum(stacks.values())
    if total <= 0:
        raise CollapsedError(
            "holds no samples (no stack with a weight above 0): the profile recorded nothing; profile while a load runs"
        )
    return Profile({s: w for s, w in stacks.items() if w > 0}, total, source)


def read_collapsed(path: Path) -> Profile:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as e:
        raise CollapsedError("not found") from e
    except UnicodeDecodeError as e:
        raise CollapsedError(
            "is not UTF-8 text; it should be collapsed stacks (one 'frame;frame;... COUNT' line "
            "per stack), as ./course profile writes into cpu.collapsed"
        ) from e
    except OSError as e:
        raise CollapsedError(f"cannot be read: {e.strerror or e}") from e
    return parse_collapsed(text, str(path))


def _clip(line: str) -> str:
    return line if len(line) <= MAX_PROBLEM_LINE else line[: MAX_PROBLEM_LINE - 1] + "…"


@dataclass
class FlameBox:
    """One box of a flame graph: a frame reached by one path from the thread's first frame, with its total and self
    share in each profile (0 where that profile never had the path)."""

    name: str
    depth: int
    total_before: float = 0.0
    total_after: float = 0.0
    self_before: float = 0.0
    self_after: float = 0.0
    children: dict = field(default_factory=dict)  # name -> FlameBox

    @property
    def change(self) -> float:
        """How much wider the box got, as a share of all samples (after minus before)."""
        return self.total_after - self.total_before

    def ordered_children(self) -> list:
        """Children in the order flame graphs draw them: by name (x means nothing but the order)."""
        return [self.children[k] for k in sorted(self.children)]


@dataclass(frozen=True)
class FrameChange:
    """A frame name (a method, wherever it was called from): its share before and after, self and total."""

    frame: str
    self_before: float
    self_after: float
    total_before: float
    total_after: float

    @property
    def self_change(self) -> float:
        return self.self_after - self.self_before

    @property
    def total_change(self) -> float:
        return self.total_after - self.total_before


@dataclass(frozen=True)
class StackChange:
    stack: tuple
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass
class ProfileDiff:
    before: Profile
    after: Profile
    root: FlameBox  # the synthetic "all" frame (depth 0) above every thread's first frame
    frames: list  # [FrameChange] of every frame name in either profile, most moved first
    stacks: list  # [StackChange] of every whole stack in either profile, most moved first
    gone: float  # share of `before` in stacks `after` does not have at all
    new: float  # share of `after` in stacks `before` did not have at all

    def top_frames(self, count: int) -> list:
        """The frames whose self share moved most (ties: total share, then name); frames that did not move at all
        are left out."""
        return [f for f in self.frames if f.self_change or f.total_change][:count]


def frame_shares(profile: Profile) -> dict:
    """frame name -> (self share, total share). A frame on a stack twice (recursion) counts once in its total."""
    out = {}
    for stack, weight in profile.stacks.items():
        share = weight / profile.total
        for frame in set(stack):
            self_share, total_share = out.get(frame, (0.0, 0.0))
            out[frame] = (self_share, total_share + share)
        self_share, total_share = out[stack[-1]]
        out[stack[-1]] = (self_share + share, total_share)
    return out


def _add(root: FlameBox, stack: tuple, share: float, side: str):
    node = root
    setattr(node, f"total_{side}", getattr(node, f"total_{side}") + share)
    for depth, frame in enumerate(stack, start=1):
        child = node.children.get(frame)
        if child is None:
            child = node.children[frame] = FlameBox(frame, depth)
        setattr(child, f"total_{side}", getattr(child, f"total_{side}") + share)
        node = child
    setattr(node, f"self_{side}", getattr(node, f"self_{side}") + share)


def profile_tree(profile: Profile) -> FlameBox:
    """The boxes of one profile's own flame graph, under the synthetic "all" frame: each box's share of the profile is
    its `total_after` (on the stack) and `self_after` (on top); a profile on its own is compared with nothing."""
    root = FlameBox("all", 0)
    for stack, share in profile.shares().items():
        _add(root, stack, share, "after")
    return root


def diff_profiles(before: Profile, after: Profile) -> ProfileDiff:
    """Everything that changed from `before` to `after`, as shares of each profile's own total."""
    root = FlameBox("all", 0)
    before_shares, after_shares = before.shares(), after.shares()
    for stack, share in before_shares.items():
        _add(root, stack, share, "before")
    for stack, share in after_shares.items():
        _add(root, stack, share, "after")
    frames_before, frames_after = frame_shares(before), frame_shares(after)

    def change(name):
        self_before, total_before = frames_before.get(name, (0.0, 0.0))
        self_after, total_after = frames_after.get(name, (0.0, 0.0))
        return FrameChange(name, self_before, self_after, total_before, total_after)

    frames = [change(name) for name in set(frames_before) | set(frames_after)]
    frames.sort(key=lambda f: (-abs(f.self_change), -abs(f.total_change), f.frame))
    stacks = [
        StackChange(s, before_shares.get(s, 0.0), after_shares.get(s, 0.0))
        for s in set(before_shares) | set(after_shares)
    ]
    stacks.sort(key=lambda s: (-abs(s.change), s.stack))
    gone = sum(share for stack, share in before_shares.items() if stack not in after_shares)
    new = sum(share for stack, share in after_shares.items() if stack not in before_shares)
    return ProfileDiff(before, after, root, frames, stacks, gone, new)
