"""Frame rates as results: a number of frames per second that the words before it give as how
fast the work runs ("real-time inference at 120 fps", "sustains 10.65 FPS", "fast inference
(17 FPS)", "real-time speeds of 1048 FPS") is a result, with its unit (FIELDS.md: absolute
times and rates are metrics); with no metric name of its own, the unit names the quantity
("FPS": frames per second, as the gold reads it). A frame rate of the data ("videos at 25
fps", "standardized to 30 FPS") is a setting. The pattern is rules/metrics.yaml
`params: rate_before`; "at" after a word of work is no setting there (rules/numbers.yaml
`state_verb`).
"""
from __future__ import annotations

from extract.text import rx
from extract.fields.quantities import Num

FRAME_RATES = frozenset(("FPS", "fps"))  # canonical (units.tsv)
_REACH = 60  # characters before the number that `rate_before` may read
PARAMS = ("rate_before",)


def frame_rate(num: Num, text: str, sentence_start: int, params) -> bool:
    """True for a frame rate that the words before it give as how fast the work runs."""
    return num.unit in FRAME_RATES and not num.setting and rx.search(
        params.rate_before, text, max(sentence_start, num.start - _REACH), num.start) is not None


def rate_metric(num: Num, metric):
    """The metric name of a frame rate: a name of speed ("inference speed of 49 FPS"), not a
    score named earlier in its sentence ("competitive accuracy with real-time speeds of 1048 FPS")."""
    return None if num.unit in FRAME_RATES and metric is not None and not metric.speed else metric


def rate_name(num: Num) -> str | None:
    """The name of a frame rate no metric name names: its unit as written ("FPS", "fps")."""
    return num.unit if num.unit in FRAME_RATES else None
