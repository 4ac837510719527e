"""Whether a number next to an aspect is a gain in it: the aspect's kind (speed, cost,
efficiency) and the nearest change cue decide ("4x lower compute" is a gain, "2.8x more memory"
an overhead), or the number's sign when no cue says ("-47.58% inference time"). A cue belongs
to the conjunct it stands in ("2.5x lower memory and 50% faster optimization")."""
from __future__ import annotations

import regex

from extract.engine.matching import Hit
from extract.fields.linking import Sentence
from extract.fields.quantities import Num
from extract.fields.speedup_shares import only_share
from extract.text import rx

# Where the phrase of the number before ends: a cue before it is that number's.
_JOIN_WORDS = "and|or|while|whereas"
_JOIN = regex.compile(rf"\b(?:{_JOIN_WORDS})\b|[,;]")
# Before a number whose aspect follows it, a closing bracket ends such a phrase too: in "LPIPS
# 0.0178 (a 70% reduction over MeanCache) at 1.37x speedup" the reduction is the 70%'s.
_JOIN_BEFORE = regex.compile(rf"\b(?:{_JOIN_WORDS})\b|[,;)]")
# After it, a "with"/"without" phrase is another item: in "an 8x KV-cache compression with no
# drop in performance" the drop is no cue of the compression's.
_JOIN_AFTER = regex.compile(rf"\b(?:{_JOIN_WORDS}|with|without)\b|[,;]")
# What may lie between a verb of betterment and the cost it governs ("improves the end-to-end
# TTFT"), and between a cost and its noun or passive verb of betterment ("latency is improved").
_GOVERNS = regex.compile(r"(?:[ ](?:in|of))?[ ](?:(?:the|its|their|our)[ ])?"
                         r"(?:(?!(?:and|or|in|of|with|without|for|on|at|to|by|while|than|as|from)\b)[\p{L}\d-]+[ ]){0,2}")
_GOVERNED = regex.compile(r"[ ](?:(?:is|are|was|were|can|could|be|been|further|also|significantly)[ ]){0,3}")
_SIGNS = {"-": "decrease", "+": "increase"}  # a signed number with no cue


def is_gain(num: Num, aspect, sent: Sentence, params) -> bool:
    """Is the number a gain in this aspect? Decided by the aspect's kind and the nearest cue,
    or the number's sign when there is none ("-47.58% inference time")."""
    kind = aspect.attrs.get("kind", "speed")
    if kind == "generic":
        kind = "efficiency"
    lo = max(sent.start, min(aspect.start, num.start) - 30, sent.prev_num_end(num))
    hi = min(max(aspect.end, num.end) + 16, next_start(sent, num, aspect))
    if aspect.start >= num.end:  # "2.5x lower memory and 50% faster optimization": "lower" is the 2.5x's
        joins = list(rx.finditer(_JOIN_BEFORE, sent.text, lo, num.start))
        lo = joins[-1].end() if joins else lo
        join = rx.search(_JOIN_AFTER, sent.text, aspect.end, hi)  # "6x speedup and reduces memory by 30%": "reduces" is the 30%'s
        hi = join.start() if join else hi
    else:  # "improves throughput by 1.8x and reduces memory by 40%": "reduces" is the 40%'s
        join = rx.search(_JOIN, sent.text, num.end, hi)
        hi = join.start() if join else hi
        # "55% FLOPs reduction and inference speedups of 1.33x": a cue that ends the conjunct
        # before is that one's; "reduces peak memory and total latency to 86.7% and 86.4%":
        # a verb before the list governs it all
        joins = list(rx.finditer(_JOIN, sent.text, lo, aspect.start))
        cues = sent.cue_index.between(lo, joins[-1].start()) if joins else []
        if cues and not sent.text[cues[-1].end : joins[-1].start()].strip(" ,"):
            lo = joins[-1].end()
    hit = _cue_outside(num, sent, lo, hi)
    cue = hit.attrs.get("direction") if hit else None
    if kind == "cost" and cue == "increase" and not aspect.attrs.get("head") and _betters(sent.text, hit, num, aspect, params.better):
        cue = "decrease"  # "improves TTFT by 1.71x": a cost made better went down
    if cue is None and kind == "cost" and only_share(sent.text, num, aspect, params):
        cue = "decrease"
    if cue is None and kind == "cost" and num.conn is None and num.sign and aspect.start >= num.end:
        cue = _SIGNS.get(num.sign.strip())  # "-45% latency", "+20% memory"
    if cue is None and num.conn == "by" and kind != "speed":  # "reduces latency by 45% and energy by 46%"
        cue = sent.cue_near(num, sent.start, num.start)
    if aspect.attrs.get("head") and cue != "decrease":
        return False  # a cost known by its head noun is a gain only when a cue says it went down
    if kind == "speed" and cue is None:
        cue = "increase"
    if num.unit == "x" and num.label == "value" and num.written and num.written[0].isdigit():
        return not ((kind == "cost" and cue == "increase") or (kind != "cost" and cue == "decrease"))
    if num.unit == "x":  # a number word ("twice the parameters") claims a cut only with a cue
        return (kind == "cost" and cue == "decrease") or (kind != "cost" and cue != "decrease")
    return (kind == "cost" and cue == "decrease") or (kind != "cost" and cue == "increase")


def _cue_outside(num: Num, sent: Sentence, lo: int, hi: int) -> Hit | None:
    """The cue nearest the number, not one inside its own qualifier: in "reduces memory by
    more than 50%", "more" bounds the number and says nothing of the way memory went."""
    outside = [c for c in sent.cue_index.between(lo, hi) if not (num.start <= c.start and c.end <= num.vstart)]
    if not outside:
        return None
    return min(outside, key=lambda c: num.start - c.end if c.end <= num.start else c.start - num.end)


def _betters(text: str, cue: Hit, num: Num, aspect, better) -> bool:
    """A cue of betterment that governs a cost says it went down ("improves TTFT by 1.71x",
    "end-to-end latency is improved by 23%", "a 53% improvement in latency"): the verb right
    before the cost (with up to two words of its name) or the noun or passive verb right after
    it. Elsewhere "improves" is about something else ("8% improvement with negligible latency
    overhead"), and so is a number word before "the" ("twice the cost improvement of X")."""
    if not rx.fullmatch(better, cue.text) or not (num.conn in ("by", "of") or num.written[:1].isdigit()):
        return False
    if cue.end <= aspect.start:
        return rx.fullmatch(_GOVERNS, text, cue.end, aspect.start) is not None
    return aspect.end <= cue.start and rx.fullmatch(_GOVERNED, text, aspect.end, cue.start) is not None


def next_start(sent: Sentence, num: Num, aspect) -> int:
    """Where the next number starts; past the aspect when a list of numbers shares the aspect
    after it, so that the cue after the aspect is every number's: "30% and 40% latency
    reductions", "39% and 22% reductions in the charging cost"."""
    nxt = sent.next_num_start(num)
    if nxt >= aspect.start or aspect.start < num.end:
        return nxt
    return next((n.start for n in sent.nums if n.start >= aspect.end), sent.end)
