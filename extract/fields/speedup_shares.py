"""Shares of a cost: a percent of a reference written after it ("reduces latency to 74.4% of
the original", "while using only 5% of the inference time"), and when such a share is a cut
that the method makes. Used by the post-processor in extract/fields/speedups.py.
"""
from __future__ import annotations

import regex

from extract.fields.quantities import Num
from extract.text import rx

# Right after a percent, or after the list it opens ("to 86.7% and 86.4% of vanilla X").
_SHARE_OF = regex.compile(r"(?:\s?(?:,\s?)?(?:and\s)?\d+(?:\.\d+)?\s?\\?%)*\s?of\s")
_OF_AFTER = regex.compile(r"\s?of\s")  # a share: "only 5% of the inference time"
# Without "of", a share is written right before its cost ("with only 10% FLOPs", "with only
# 2.14% trainable parameters"); not an amount of data, which is a benchmark's split ("with
# only 10% labeled data on LA"), nor an extra ("with merely 1% extra parameters"), nor an
# overhead ("with only 13% computational overhead": FIELDS.md, an overhead is no gain).
_OVERHEAD = regex.compile(r"(?i:overheads?)\Z")
_SPLIT = "sample efficiency"  # the aspect that the data rows of speedup_aspects.tsv name


def share(text: str, num: Num) -> bool:
    """A percent of a reference written after it (or after the list it opens): "to 74.4% of the
    original", "to 1.6% of its baseline"."""
    return num.unit == "%" and rx.match(_SHARE_OF, text, num.end) is not None


def only_share(text: str, num: Num, aspect, params) -> bool:
    """A share of a cost that the method uses, and "only" says is small, is a cut: "while using
    only 5% of the inference time", "at just 17% of the production cost", "with only 11.8% of
    original memory usage" (param only_share). Not a share that is no use of the method's ("only
    5% of the latency budget is spent on"). The percent is the share as written (as "reduces
    latency to 74.4% of the original")."""
    if not (num.unit == "%" and aspect.start >= num.end):
        return False
    of = rx.match(_OF_AFTER, text, num.end) is not None
    if not of and (aspect.name == _SPLIT or text[num.end : aspect.start] not in ("", " ")
                   or rx.search(_OVERHEAD, aspect.text)):
        return False
    m = rx.search(params.only_share, text, max(0, num.start - 30), num.start)
    if not of:
        return m is not None and bool(m.group("only"))
    if m is None or m.group("only"):
        return m is not None
    # without "only", a share of another's cost: "less than 10% of the energy of ANNs"
    return rx.match(params.share_of_other, text, aspect.end) is not None \
        or rx.search(params.share_base, text, num.end, aspect.start) is not None
