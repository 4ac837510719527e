"""The time budget of one abstract: one deadline shared by every rule and field that works on
it, so that no input, however hostile, holds a run up for longer than the budget.

Why a deadline and not a timeout per regex call: a rule whose `after:` regex backtracks used
to cost one full timeout per cue it was tried at (ten cues, twenty seconds). Now every call
of a user's regex gets what is left of the abstract's budget as its timeout, and the engine
checks the deadline before each rule and at each match it extends, so the whole abstract
stops within the budget (plus the one step under way). The built-in regexes run without a
regex timeout: they are linear by construction (tests/test_hostile_text.py, bench/fuzz.py)
and the regex module reads the clock on every call of a pattern that has one.

The budget counts CPU time (see `Deadline`). When it is spent, the field at work stops
(`BudgetSpent`) and finds nothing, the record names it in `stopped`, the fields after it do
not run, and what the fields before it found is kept. Set the budget with `EXTRACT_TIME_BUDGET` (seconds, or `off`) or `extract run
--time-budget`.
"""
from __future__ import annotations

import math
import os
import time

BUDGET_ENV = "EXTRACT_TIME_BUDGET"
DEFAULT_BUDGET_S = 0.5  # CPU seconds: ~200x what a typical abstract costs (bench/benchmark.py)


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
    """What is left of one abstract's budget. The budget is CPU time of the thread doing the
    work, so a busy machine (other jobs, `--jobs` above the cores) does not stop abstracts
    that an idle one would finish: records do not depend on the load. It counts only the
    stretches in which this abstract is worked on (`resume` .. `pause`: the `Extractor` takes
    a batch of abstracts through each component in turn). Reading the CPU clock is a system
    call (~1 us), so the checks read the wall clock (~0.1 us) against a wall-clock deadline
    and only when that has passed ask the CPU clock, moving the deadline on by what is left."""

    __slots__ = ("seconds", "at", "_used", "_mark", "_cut")

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.at = math.inf
        self._used = 0.0  # CPU seconds of the stretches before this one
        self._mark: float | None = None  # CPU clock when the current stretch began
        self._cut = False  # the last timeout handed out was the budget's remainder
        self.resume()

    def resume(self) -> None:
        """Work on this abstract (re)starts."""
        if self.seconds is not None:
            self._mark = time.thread_time()
            self.at = time.monotonic() + self.seconds - self._used

    def pause(self) -> None:
        """Work on this abstract stops for now (other abstracts of its batch go next)."""
        if self._mark is not None:
            self._used += time.thread_time() - self._mark
            self._mark = None
            self.at = math.inf

    def spent(self) -> bool:
        now = time.monotonic()
        if now <= self.at:
            return False
        left = self.seconds - self._used - (time.thread_time() - self._mark)
        if left <= 0:
            return True
        self.at = now + left  # the wall clock ran ahead of this thread's CPU time
        return False

    def check(self) -> None:
        """Raise BudgetSpent if the budget is spent."""
        if time.monotonic() > self.at and self.spent():
            raise BudgetSpent()

    def timeout(self, cap: float) -> float:
        """The timeout for one regex call (which the regex module counts in wall time): what
        is left of the budget, at most `cap` (the rule's own timeout). Raises BudgetSpent
        when nothing is left."""
        self.check()
        left = self.at - time.monotonic()
        self._cut = left < cap
        return min(cap, left)

    def stopped_call(self) -> bool:
        """After a regex call timed out: was it the budget that stopped it (not the rule's own
        timeout)? The regex module counts wall time, so on a busy machine this can be true
        while some CPU time is left; the rule ran for the whole budget either way."""
        return self._cut or self.spent()
