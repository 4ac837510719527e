"""Sorted spans with binary search, for the number post-processors.

A sentence that lists hundreds of numbers ("1.2%, 3.4%, ...") used to cost a scan of every
number, name and cue for each number, and some of those scans called further scans: about
cubic, 9 s for 6,000 characters of percentages. Every "which span is next / before / around
this offset" question of the metrics and speedups post-processors goes through a `SpanIndex`
instead: O(log n) a question, so a sentence costs about n log n in its numbers.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Generic, Iterable, Sequence, TypeVar

T = TypeVar("T")


class SpanIndex(Generic[T]):
    """Items with `start` and `end`, sorted by start (ties keep their order), with the prefix
    maximum of their ends, so that overlap and cover tests need no scan."""

    def __init__(self, items: Iterable[T] = (), key=None):
        spans = [(key(x) if key else (x.start, x.end), x) for x in items]  # type: ignore[attr-defined]
        spans.sort(key=lambda p: p[0][0])
        self.items: list[T] = [x for _, x in spans]
        self.starts: list[int] = [s for (s, _), _ in spans]
        self.ends: list[int] = [e for (_, e), _ in spans]
        self._max_end: list[int] = []
        best = -1
        for e in self.ends:
            best = max(best, e)
            self._max_end.append(best)

    def __len__(self) -> int:
        return len(self.items)

    def overlaps(self, start: int, end: int) -> bool:
        """True when some span shares a character with [start, end)."""
        i = bisect_left(self.starts, end)  # spans starting before `end`
        return i > 0 and self._max_end[i - 1] > start

    def covers(self, start: int, end: int) -> bool:
        """True when some span holds all of [start, end)."""
        i = bisect_right(self.starts, start)  # spans starting at or before `start`
        return i > 0 and self._max_end[i - 1] >= end

    def first_from(self, pos: int) -> int:
        """Index of the first span starting at or after `pos` (len when none)."""
        return bisect_left(self.starts, pos)

    def first_after(self, pos: int) -> int:
        """Index of the first span starting after `pos` (len when none)."""
        return bisect_right(self.starts, pos)

    def between(self, lo: int, hi: int) -> Sequence[T]:
        """The spans that start at or after `lo` and end by `hi`, in order."""
        i, j = bisect_left(self.starts, lo), bisect_left(self.starts, hi)
        return [x for x, e in zip(self.items[i:j], self.ends[i:j]) if e <= hi]


def select_longest(items: Iterable[T]) -> list[T]:
    """Overlapping spans resolved longest first (then earliest): the kept spans, in order.
    The kept ones never overlap, so one binary search finds the only one that could clash."""
    starts: list[int] = []
    kept: list[T] = []
    for x in sorted(items, key=lambda x: (-(x.end - x.start), x.start)):  # type: ignore[attr-defined]
        i = bisect_left(starts, x.end)  # type: ignore[attr-defined]
        if i > 0 and kept[i - 1].end > x.start:  # type: ignore[attr-defined]
            continue
        starts.insert(i, x.start)  # type: ignore[attr-defined]
        kept.insert(i, x)
    return kept
