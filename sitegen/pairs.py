"""What the site compares across stages: one thing of the previous stage and its counterpart in this one."""

from dataclasses import dataclass


@dataclass(frozen=True)
class BeforeAfter:
    before: object  # the previous stage's
    after: object  # this stage's
