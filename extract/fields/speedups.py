"""Speedups: a factor or percent next to an aspect word (speedup, latency, memory, FLOPs, ...).

A number becomes a speedup when an aspect is linked to it: right after it ("9.1x FLOPs
reduction", "3x faster inference"), right before it with "by"/"of" ("reducing memory by
10x", "speedups of up to 10x"), by "respectively" ("6x and 4x reduction in memory and
latency, respectively"), or by continuing a list ("12.2x speedup on A and 6.7x on B").
The aspect's kind (speed, cost, efficiency; data/gazetteers/speedup_aspects.tsv) and the
nearest change cue decide whether it is a gain: "4x lower compute" is, "2.8x more memory"
is an overhead and is left out. A percent needs a cue saying which way it went.
"""
from __future__ import annotations

from extract.text import rx
from extract.engine.matching import Hit
from extract.fields.numreading import read_numbers
from extract.fields.quantities import (Num, Sentence, clear_gap, glued, inside_any, joined, link, listed_after, occurrences,
                         respective_names, sentences_of)

_CONNECTED = ("by", "of", "=", ":")
PARAMS = ("after_gap", "bare_next", "before")  # rules/speedups.yaml `params:`


def postprocess(doc, hits, context) -> list[dict]:
    nums = read_numbers(hits, context, context.params.before)
    if not nums:
        return []
    text = context.text
    names = occurrences(context, ("datasets", "models", "methods"))
    # "reduces latency to 18%" gives the new level, not the gain: percents after "to" are left out
    nums = [n for n in nums if n.unit in ("x", "%", "pp") and not (n.unit != "x" and n.conn == "to")
            and not inside_any(n.vstart, n.vend, names)]
    aspects = sorted((h for h in hits if h.label == "aspect" and not glued(text, h.start, h.end)),
                     key=lambda h: (h.start, -(h.end - h.start)))
    after_gap = context.params.after_gap
    bare_next = context.params.bare_next
    out, seen = [], set()
    for span, sent in sentences_of(context, nums, hits, names).items():
        s_aspects = _longest([a for a in aspects if a.start >= span[0] and a.end <= span[1]])
        resp_aspects = sent.respective_words(s_aspects, sent.nums)
        resp_names = respective_names(sent, sent.nums)
        own = [resp_aspects.get(id(n)) or _aspect_for(text, n, s_aspects, after_gap) for n in sent.nums]
        shared = [id(n) in resp_aspects for n in sent.nums]
        for i in range(len(own) - 2, -1, -1):  # "4.1x and 6.3x faster": the aspect after a list
            if own[i] is None and own[i + 1] is not None and joined(text, sent.nums[i], sent.nums[i + 1]):
                own[i], shared[i] = own[i + 1], True
        kept: list[tuple[Num, Hit]] = []
        for num, aspect, shared_aspect in zip(sent.nums, own, shared):
            prev = kept[-1] if kept else None
            listed = prev is not None and listed_after(text, prev[0], num)
            inherited = aspect is None and listed and rx.match(bare_next, text, num.end, span[1])
            # "12.2x speedup on A and 6.7x on B": aspect, and being a gain, go on (inherited implies prev)
            if inherited and prev is not None:
                aspect, shared_aspect = prev[1], True
            if aspect is None or not (inherited or _is_gain(num, aspect, sent)):
                continue
            if num.setting and not (aspect.start >= num.end and (sent.cue_near(num, num.end, aspect.start)
                                                                 or aspect.attrs.get("kind") == "speed")):
                continue  # "at a 28x compression ratio" is a condition; "with 10x fewer parameters",
                #           "with 2x faster convergence" are gains
            if aspect.attrs.get("kind") == "generic" and prev is not None:
                aspect = prev[1]  # "21.74% fewer training steps ... and an 11.31 pp larger efficiency gain"
            if num.qual is None and listed and shared_aspect and prev is not None:
                num.qual = prev[0].qual
            kept.append((num, aspect))
            name = aspect.name or aspect.text
            key = (num.value, num.unit, name.lower())
            if key in seen:
                continue
            seen.add(key)
            entry = {"start": num.start, "end": num.end, "rule": num.rule, "unit": num.unit, "aspect": name,
                     "qualifier": num.qual, **link(num, sent, resp_names)}
            if num.unit == "x":
                entry["factor"] = num.value
            else:
                entry["percent"] = num.value
            entry["value_high"] = num.high
            out.append(entry)
    return out


def _longest(hits):
    """Overlapping aspect phrases: keep the longest ("inference speedup" over "speedup")."""
    out = []
    for h in sorted(hits, key=lambda h: (-(h.end - h.start), h.start)):
        if all(h.end <= o.start or h.start >= o.end for o in out):
            out.append(h)
    return sorted(out, key=lambda h: h.start)


def _aspect_for(text: str, num: Num, aspects, after_gap):
    """The aspect after the number (the last of adjacent ones: "faster inference speed"), or,
    when "by"/"of" links it backwards, the one right before ("reducing memory by 10x")."""
    after = None
    for a in aspects:
        if a.start >= num.end and rx.fullmatch(after_gap, text, num.end, a.start):
            after = a
            break
        if a.start >= num.end:
            break
    if after is not None:
        for a in aspects:
            if a.start >= after.end and not text[after.end : a.start].strip(" -"):
                after = a
    before = None
    if num.conn in _CONNECTED:
        for a in reversed(aspects):
            if a.end <= num.start and clear_gap(text, a.end, num.start, 3, comma=True):
                before = a
                break
    return (before or after) if num.conn in _CONNECTED else after


def _is_gain(num: Num, aspect, sent: Sentence) -> bool:
    """Is the number a gain in this aspect? Decided by the aspect's kind and the nearest cue."""
    kind = aspect.attrs.get("kind", "speed")
    if kind == "generic":
        kind = "efficiency"
    lo = max(sent.start, min(aspect.start, num.start) - 30, _prev_end(sent, num))
    hi = min(max(aspect.end, num.end) + 16, _next_start(sent, num))
    cue = sent.cue_near(num, lo, hi)
    if cue is None and num.conn == "by" and kind != "speed":  # "reduces latency by 45% and energy by 46%"
        cue = sent.cue_near(num, sent.start, num.start)
    if kind == "speed" and cue is None:
        cue = "increase"
    if num.unit == "x" and num.label == "value" and num.written and num.written[0].isdigit():
        return not ((kind == "cost" and cue == "increase") or (kind != "cost" and cue == "decrease"))
    if num.unit == "x":  # a number word ("twice the parameters") claims a cut only with a cue
        return (kind == "cost" and cue == "decrease") or (kind != "cost" and cue != "decrease")
    return (kind == "cost" and cue == "decrease") or (kind != "cost" and cue == "increase")


def _prev_end(sent: Sentence, num: Num) -> int:
    ends = [n.end for n in sent.nums if n.end <= num.start]
    return max(ends) if ends else sent.start


def _next_start(sent: Sentence, num: Num) -> int:
    starts = [n.start for n in sent.nums if n.start >= num.end]
    return min(starts) if starts else sent.end
