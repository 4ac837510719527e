"""A sentence's names (datasets or models) indexed for the questions linking asks of them
(extract/fields/linking.py): how many distinct names end by an offset, and which one, in
O(log n); the distinct names in order; and the last run of names written as one list.
Kept apart from the linking of numbers, which only asks these questions.
"""
from __future__ import annotations

from bisect import bisect_right

import regex

from extract.text import rx
from extract.fields.quantities import Name


class NameList:
    """One list of names (a sentence's datasets or models), indexed for `Sentence.named`."""

    def __init__(self, names: list[Name]):
        self.names = names
        self.starts = [n.start for n in names]
        self.distinct = distinct_names(names)
        # Names by end: the first k of them are those ending by some offset. For each k, how
        # many distinct names (0, 1 or "2 or more") they hold, and when one, its first mention.
        by_end = sorted(range(len(names)), key=lambda i: names[i].end)
        self.ends = [names[i].end for i in by_end]
        self.prefix: list[tuple[int, Name | None]] = [(0, None)]
        keys: set[str] = set()
        first = None
        for i in by_end:
            keys.add(names[i].name.lower())
            if len(keys) == 1 and (first is None or i < first):
                first = i
            self.prefix.append((min(len(keys), 2), names[first] if len(keys) == 1 and first is not None else None))

    def distinct_before(self, pos: int) -> tuple[int, Name | None]:
        """(how many distinct names end by `pos`, capped at 2; the first of them when one)."""
        return self.prefix[bisect_right(self.ends, pos)]


def distinct_names(names: list[Name]) -> list[Name]:
    seen, out = set(), []
    for n in names:
        if n.name.lower() not in seen:
            seen.add(n.name.lower())
            out.append(n)
    return out


# Between two names of one list: a comma, "and", "or", "&" or "/"; after "and" or "or", up to
# two words of the next name that the name list does not hold ("solving rate and rubric
# accuracy"; not a verb: "performance, achieving IoU scores").
_NAME_WORDS = r"(?:(?!(?:with|in|of|on|for|by|to|at|from|than|over|the|a|an|its|their|our)\b|[\p{L}-]+ing\b)[\p{L}\d-]+\s+){0,2}"
_COORDINATION = regex.compile(rf"\s*(?:,\s*(?:(?:and|or)\s+{_NAME_WORDS})?|(?:and|or|&)\s+{_NAME_WORDS}|/\s*)")


def coordinated_run(items: list, text: str) -> list:
    """The last run of `items` written as one list ("parameters and latency", "A, B, and C"):
    "state-of-the-art performance, yielding the highest improvements in mIoU" holds two names
    but no list of them."""
    run = items[-1:]
    for w in reversed(items[:-1]):
        if not rx.fullmatch(_COORDINATION, text, w.end, run[0].start):
            break
        run.insert(0, w)
    return run
