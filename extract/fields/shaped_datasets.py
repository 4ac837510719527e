"""Datasets the name fields did not know, named by the shape of their name after "on" or
"across" (rule metrics.on-name in rules/metrics.yaml: "on CMATH", "on the Showdown Clicks
benchmark", "on SPED, Pitts30k-test, and MSLS-val"), for the metrics post-processor
(extract/fields/metrics.py) to link numbers to. Kept apart from the linking: this only says
which more names a sentence holds.
"""
from __future__ import annotations

from bisect import bisect_right

import regex

from extract.text import rx
from extract.text.names import clean_name
from extract.fields.quantities import Name, words
from extract.fields.spans import SpanIndex

# The items of a list of shaped names (group `more` of metrics.on-name, ", B, and C"): the
# tokens that are not a separator word.
_LIST_ITEM = regex.compile(r"(?<![^\s,])(?!(?:and|or|the)(?:\s|$))[^\s,]+")


def shaped_datasets(hits, names: SpanIndex, metrics: SpanIndex, speedups: SpanIndex, text: str) -> list[Name]:
    """Datasets known by the shape of their name after "on"/"across" (rule metrics.on-name),
    where no name field and no metric name found anything; not after a speedup ("3.72x
    speedup on MAR-H"), which is claimed on a model or a device more often than on data."""
    out = []
    for h in hits:
        if h.label == "dataset" and "name" in h.groups and not _after_speedup(h.start, speedups, text):
            spans = [h.groups["name"][:2]]
            if "more" in h.groups:  # "on SPED, Pitts30k-test, and MSLS-val": each item a name
                start, end, more = h.groups["more"]
                spans += [(start + m.start(), start + m.end()) for m in rx.finditer(_LIST_ITEM, more)]
            for start, end in spans:
                if not names.overlaps(start, end) and not metrics.overlaps(start, end):
                    out.append(Name(start, end, clean_name(h.text[start - h.start : end - h.start]), "datasets", "used"))
    return out


def _after_speedup(pos: int, speedups: SpanIndex, text: str) -> bool:
    """A speedup's number ends at most two words before `pos` ("2.1x speedup on", "4x on").
    Speedup mentions never overlap, so their ends are in order."""
    i = bisect_right(speedups.ends, pos)
    return i > 0 and words(text, speedups.ends[i - 1], pos) <= 2
