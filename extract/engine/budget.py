"""The time budget of one abstract: one deadline shared by every rule and field that works on
it, so that no input, however hostile, holds a run up for longer than the budget.

Why a deadline and not a timeout per regex call: a rule whose `after:` regex backtracks used
to cost one full timeout per cue it was tried at (ten cues, twenty seconds). Now every call
of a user's regex gets what is left of the abstract's budget as its timeout, and the engine
checks the deadline before each rule and at each match it extends, so the whole abstract
stops within the budget (plus the one step under way). The built-in regexes run without a
regex timeout: they are linear by construction (tests/test_hostile_text.py, bench/fuzz.py)
and the regex module reads the clock on every call of a pattern that has one.

When the deadline passes, the field at work stops (`BudgetSpent`), finds nothing, and the
record names it in `stopped`; the fields after it do not run; what the fields before it found
is kept. Set the budget with `EXTRACT_TIME_BUDGET` (seconds, or `off`) or `extract run
--time-budget`.
"""
from __future__ import annotations

import math
import os
import time

BUDGET_ENV = "EXTRACT_TIME_BUDGET"
DEFAULT_BUDGET_S = 0.5  # ~250x what a real abstract costs (bench/benchmark.py), 10x its slowest


class BudgetSpent(Exception):
    """The abstract's deadline passed while a field was at work."""


def parse_budget(value: str | float | None, where: str = BUDGET_ENV) -> float | None:
    """Seconds from a setting: a number above 0, `off` for no budget (None), unset for the
    default. Anything else is a ValueError of one line, raised before any work starts."""
    if value is None or value == "":
        return DEFAULT_BUDGET_S
    if isinstance(value, str) and value.strip().lower() == "off":
        return None
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise ValueError(f"{where}={value}: expected a number of seconds above 0, e.g. 0.5, or off "
                         f"(the default is {DEFAULT_BUDGET_S:g} s)")
    return seconds


def budget_from_env() -> float | None:
    return parse_budget(os.environ.get(BUDGET_ENV))


class Deadline:
    """When the abstract's time is up (`time.monotonic()` seconds; infinity for no budget)."""

    __slots__ = ("seconds", "at")

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.at = math.inf if seconds is None else time.monotonic() + seconds

    def check(self) -> None:
        """Raise BudgetSpent if the deadline has passed."""
        if time.monotonic() > self.at:
            raise BudgetSpent()

    def timeout(self, cap: float) -> float:
        """The timeout for one regex call: what is left of the budget, at most `cap` (the
        rule's own timeout). Raises BudgetSpent when nothing is left."""
        left = self.at - time.monotonic()
        if left <= 0:
            raise BudgetSpent()
        return min(cap, left)

    def spent(self) -> bool:
        return time.monotonic() > self.at
