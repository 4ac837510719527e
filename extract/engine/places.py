"""One scan for where numbers start, shared by every rule that can only start there.

A number rule opens with look-arounds (not inside a word, a version, a ratio ...) that the
regex module would try at every character of the text, 30-40 us an abstract each. The
compiler finds such rules from their regex (extract/engine/regexfacts.py: the look-arounds,
what the rule can start with, and that a digit follows within a few characters). Rules with
the same first characters and reach share one scan: it looks for runs of digits (cheap),
then for the look-arounds all of them have, only a few characters around each run. Every
rule is then tried once at each place found, anchored. The places are a superset of where
the rules can match, so nothing is lost.
"""
from __future__ import annotations

import regex

from extract.engine.regexfacts import NumberStart
from extract.engine.shared import per_pipeline
from extract.text import rx

_DIGITS = regex.compile(r"\d+")
_ATTRIBUTE = "_extract_number_starts"


class NumberStarts:
    def __init__(self) -> None:
        self._options: dict[tuple[int, int], list[tuple[str, tuple[str, ...]]]] = {}  # key -> every option
        self._scans: dict[tuple[int, int], object] = {}  # key -> compiled scan, once asked for

    @classmethod
    def for_pipeline(cls, nlp) -> "NumberStarts":
        return per_pipeline(nlp, _ATTRIBUTE, cls)

    def add(self, start: NumberStart, flags: int) -> tuple[int, int]:
        """Register a rule's start; returns the key its places are kept under (rules with the
        same flags and reach share one scan)."""
        key = (int(flags), start.reach)
        self._options.setdefault(key, []).extend(start.options)
        self._scans.pop(key, None)
        return key

    def _scan(self, key: tuple[int, int]):
        """One regex for every option of the key: where any of them may start. An option whose
        guards include all of another's (same first characters) is covered by it."""
        scan = self._scans.get(key)
        if scan is None:
            options = list(dict.fromkeys(self._options[key]))
            kept = [(first, guards) for first, guards in options
                    if not any(o != (first, guards) and o[0] == first and set(o[1]) <= set(guards) for o in options)]
            source = "|".join("(?=" + first + ")" + "".join(guards) for first, guards in kept)
            scan = self._scans[key] = regex.compile(source if len(kept) == 1 else "(?:" + source + ")", key[0])
        return scan

    def places(self, key: tuple[str, int], text: str, pos: int, endpos: int, timeout: float | None,
               digit_runs: list[tuple[int, int]] | None = None) -> list[int]:
        """Where a rule of `key` may start in text[pos:endpos]: in each run of digits and the
        `reach` characters before it. `digit_runs`: those runs, when the caller has them
        (`digit_runs_of`; every scan of a document reads the same ones)."""
        scan, reach = self._scan(key), key[1]
        places: list[int] = []
        done = pos  # text before this has been tried
        for start, end in digit_runs if digit_runs is not None else digit_runs_of(text, pos, endpos, timeout):
            # One anchored try at each place of the run and the `reach` before it (the scan
            # is look-arounds only: it matches at a place or not, wherever a search starts). A
            # search from the window ran on past the run to the next place it matched, often
            # the next number or the end of the text: half the cost of the scan. Each try
            # sees up to `endpos`, so that a look-ahead of the rule sees past the run
            # ("61.10/55.77": the 55 is a value for what follows it).
            for i in range(max(done, start - reach), end):
                if rx.match(scan, text, i, endpos, timeout) is not None:
                    places.append(i)
            done = end
        return places


def digit_runs_of(text: str, pos: int, endpos: int, timeout: float | None = None) -> list[tuple[int, int]]:
    """The (start, end) of every run of digits in text[pos:endpos]."""
    return [m.span() for m in rx.finditer(_DIGITS, text, pos, endpos, timeout)]
