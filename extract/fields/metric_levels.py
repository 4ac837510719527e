"""Levels of a change, with a unit: the values before and after a change that the sentence
claims are results, whatever their unit ("reduces per-frame energy by 4x (from 6.9 mJ to 1.6
mJ)", "a PSNR improvement of 110% (from 0.31 dB to 0.65 dB)", "reducing p99 latency from 1,847
ms to 387 ms"; FIELDS.md: before and after, two absolute entries), where a number with a
physical unit otherwise needs a metric name right next to it. Not a span of conditions
("videos ranging from 10 minutes to 35 minutes"). The pattern is rules/metrics.yaml
`params: level_before`.
"""
from __future__ import annotations

from extract.text import rx
from extract.fields.quantities import Num

_REACH = 110  # characters before the number that `level_before` may read: a verb, its object, a pair
PARAMS = ("level_before",)


def changed_level(num: Num, text: str, sentence_start: int, params) -> bool:
    """True for the "from" or the "to" value of a before-and-after pair that a change governs."""
    return num.conn in ("from", "to") and not num.setting and rx.search(
        params.level_before, text, max(sentence_start, num.start - _REACH), num.start) is not None
