"""Ranges of speedups: two numbers that are one claim's low and high end; and the factor
that sums up a before-and-after pair ("from 49.2 s to 10.4 s (4.7x)").

The shared number reader (extract/fields/numreading.py) splits "from A to B" into a before
and an after value, which is right for levels ("reduces WER from 15.4% to 13.0%"). A factor
has no before and after: "accelerates inference from 1.09x to 1.33x" is one gain that varies,
as "speedups between 2x and 4x" is. Each such pair becomes one number with `high`, so that it
gives one entry (FIELDS.md: one number, one entry), linked back to the aspect before it as
"by" would be ("speedups ranging from 1.1x to 1.3x", "accelerations between 25% and 50%").
"""
from __future__ import annotations

from dataclasses import replace

import regex

from bisect import bisect_right

from extract.fields.quantities import Num, clear_gap
from extract.text import rx

# Connectors that open a range: the number reader's "from" and "ranging from" ("ranges from",
# "varying from"), and "between" (read here). A range after one of them belongs to the word
# before it, as a number after "by" does.
RANGE_CONN = ("from", "between")
_RANGE_FROM = regex.compile(r"(?:rang\w*|var\w*)\s+from")
# "between" right before the low end ("speedups of between 2x and 4x", "between 25% and 50%").
_BETWEEN = regex.compile(r"(?<![\w-])between\s+\Z", regex.IGNORECASE)
_AND = regex.compile(r"\s+and\s+")
# A before-and-after pair right before the number, which sums it up in brackets or in an
# appositive: "from 49.20s/image to 10.39s/image (4.7x)", "from 201 to 107 tokens, a 46.8%
# reduction". Short ends with no clause break; searched in the 100 characters before it.
_FROM_TO_THEN = regex.compile(r"(?<![\w-])from\s+[^\s,;()]+(?:\s[^\s,;()]+)?\s+to\s+[^\s,;()]+(?:\s[^\s,;()]+)?(?:\s*\(|,\s+an?\s+)\Z")
_TO = regex.compile(r"\s+to\s+")


def is_range_conn(num: Num) -> bool:
    """A range whose connector links it to the word before it."""
    return num.high is not None and (num.conn in RANGE_CONN or bool(num.conn and rx.fullmatch(_RANGE_FROM, num.conn)))


def merge_ranges(text: str, nums: list[Num]) -> list[Num]:
    """`nums` with each "from Ax to Bx" (factors only: percents from A to B are two levels;
    low to high: "reduces the latency gap from 90x to approximately 10x" gives two levels too)
    and "between A and B" (same unit) pair made one number spanning both ends."""
    out: list[Num] = []
    for num in nums:
        prev = out[-1] if out else None
        if prev is not None and prev.high is None and prev.unit == num.unit and num.high is None \
                and prev.sentence == num.sentence and prev.end <= num.start:
            if prev.conn == "from" and num.conn == "to" and num.unit == "x" and num.value > prev.value \
                    and num.qual is None and rx.fullmatch(_TO, text, prev.end, num.start):
                out[-1] = _joined(prev, num, "from")
                continue
            if rx.fullmatch(_AND, text, prev.end, num.start) and num.qual is None \
                    and rx.search(_BETWEEN, text, max(0, prev.start - 12), prev.start):
                out[-1] = _joined(prev, num, "between")
                continue
        out.append(num)
    return out


def _joined(low: Num, high: Num, conn: str) -> Num:
    return replace(low, end=high.end, vend=high.vend, high=high.value, conn=conn, attrs=dict(low.attrs))


def aspect_before_pair(text: str, num: Num, aspects) -> object | None:
    """The aspect before the "from" of a before-and-after pair that the number sums up: in
    "reducing end-to-end runtime from 49.20s/image to 10.39s/image (4.7x)" the 4.7x is the
    runtime's; at most two words between the aspect and "from" ("reduces the model size from
    180 MB to 0.32 MB (562x)"). `aspects`: a SpanIndex of the sentence's aspects."""
    m = rx.search(_FROM_TO_THEN, text, max(num.sentence[0], num.start - 100), num.start)
    if m is None:
        return None
    k = bisect_right(aspects.ends, m.start())
    if not k:
        return None
    aspect = aspects.items[k - 1]
    return aspect if clear_gap(text, aspect.end, m.start(), 2) else None
