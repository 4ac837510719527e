"""Metric names for the metrics post-processor: the metric-name hits of a sentence, case-
checked (a form metrics.tsv does not write is kept only when it is not all lower case, so
"map" is not mAP), outside names and settings, longest first, with the modifiers written
before them ("overall VQA accuracy", "median CPU inference latency") and plural heads that
end a listed name ("collision rates").
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, replace
from functools import cache

import regex

from extract.text import rx
from extract.fields import lexicon
from extract.fields.quantities import glued
from extract.fields.spans import SpanIndex, select_longest


@dataclass
class MetricName:
    start: int
    end: int
    text: str
    generic: bool
    ambiguous: bool
    speed: bool = False  # a speed or cost word: names only values with a unit (1.5 ms latency)



# Generic heads whose own modifier says what is counted or scored (params head_modifiers).
_COUNTING_HEADS = frozenset(("rate", "score"))
_PLURAL_END = regex.compile(r"[^s]s\s*$")


def metric_names(hits, context, names: SpanIndex, settings: SpanIndex) -> list[MetricName]:
    """Metric-name hits: case-checked, outside names and settings, longest first, with the
    modifiers written before them; a generic word right after a name ("AUPRO scores") is
    part of that name, not a second one."""
    text = context.text
    found = []
    for h in hits:
        if h.label != "metric":
            continue
        if h.rule == "metrics.name" and h.text not in _written_forms() \
                and (h.text.islower() or len(h.text) <= 3 and h.text != h.text.upper()) \
                and not _capitalised_lower_form(h.text):
            continue
        if glued(text, h.start, h.end):
            h = _hyphenated(h, text, context)
            if h is None:
                continue
        if names.covers(h.start, h.end) or settings.overlaps(h.start, h.end):
            continue
        found.append(h)
    chosen = select_longest(found)
    name_ends = sorted(n.end for n in names.items)
    modifiers, head_modifiers = context.params.modifiers, context.params.head_modifiers
    owner = context.params.symbol_owner
    out: list[MetricName] = []
    for h in chosen:
        generic = bool(h.attrs.get("generic"))
        plural = bool(h.attrs.get("plural"))
        if (generic or plural) and out and not text[out[-1].end : h.start].strip():
            continue  # "AUPRO scores": part of the name before it
        start = h.start
        if plural:
            start = _plural_name_start(text, h.start, h.end, context.sentence_of(h.start)[0])
            if start is None:
                continue
        lo = max(context.sentence_of(h.start)[0], start - 60)
        m = rx.search(owner if h.rule == "metrics.symbol" else modifiers, text, lo, start)
        if generic and h.text.lower() in _COUNTING_HEADS:
            counted = rx.search(head_modifiers, text, lo, start)  # "duplicate rate", "composite score"
            if counted and h.text.lower() == "score" and rx.search(_PLURAL_END, counted.group()):
                counted = None  # "reflection-based approaches score lower": the verb
            if counted and (m is None or counted.start() < m.start()):
                m = counted  # "evidence selection rate": more words than the modifiers alone
        if m:
            start = m.start()
            # a dataset or model name before the metric is not a modifier: start after the last one
            k = bisect_right(name_ends, h.start)
            if k and name_ends[k - 1] > start:
                start = name_ends[k - 1]
            while start < h.start and text[start] in " -":
                start += 1
        name = text[start : h.end]
        if len(name) == 1:  # a symbol again: "Cohen's κ = 0.75, κ = 0.68" are both Cohen's κ
            name = next((m.text for m in reversed(out) if m.text.endswith(name)), name)
        out.append(MetricName(start, h.end, name, generic and start == h.start,
                              h.attrs.get("flags") == "ambiguous", bool(h.attrs.get("speed"))))
    return out


def _hyphenated(h, text: str, context):
    """A listed short name inside a hyphenated word names the whole word when the word has the
    shape of a metric's name (`glued_name` in rules/metrics.yaml): "macro-AUC", "SI-FID",
    "AUC-PR", "MAE-angle"; not "AR-VIM" (a name), "FID-based", "F1-optimal". A word that is
    not written in capitals inside ("sensitivity-identified") is no such name: None."""
    if not any(c.isupper() for c in h.text) or len(h.text) < 2:
        return None
    start, end = h.start, h.end
    floor, ceil = context.sentence_of(h.start)
    while start - 2 >= floor and text[start - 1] == "-" and text[start - 2].isalnum():
        start -= 1
        while start > floor and text[start - 1].isalnum():
            start -= 1
    while end + 1 < ceil and text[end] == "-" and text[end + 1].isalnum():
        end += 1
        while end < ceil and text[end].isalnum():
            end += 1
    if not rx.fullmatch(context.params.glued_name, text, start, end):
        return None
    return replace(h, start=start, end=end, text=text[start:end])


def _written_forms() -> frozenset[str]:
    """Every name and alias of metrics.tsv exactly as the list writes it."""
    return lexicon.written_forms("metrics.tsv")


@cache
def _lower_forms() -> frozenset[str]:
    """The forms metrics.tsv writes all in lower case ("bpp", "ppl", "acc")."""
    return frozenset(f for f in _written_forms() if f == f.lower())


def _capitalised_lower_form(word: str) -> bool:
    """"Bpp", "Ppl": a form the list writes in lower case, with only its first letter raised
    (as a sentence or a title writes it). "Map" is no such form: the list writes "mAP"."""
    return len(word) > 1 and word[0].isupper() and word[1:].islower() and word.lower() in _lower_forms()


@cache
def _listed_forms() -> frozenset[str]:
    return frozenset(f.lower() for f in _written_forms())


def own_acronym(name: str) -> bool:
    """Whether metrics.tsv lists this phrase as a long form of a metric with a short name of
    its own ("average precision" is AP, "mean average precision" mAP; "average accuracy" is
    no such name): the whole phrase is one metric's name, no word of it a qualifier."""
    entry = lexicon.lookup("metrics.tsv", name)
    return entry is not None and " " not in entry.name and any(c.isupper() for c in entry.name)


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ses", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


def _plural_name_start(text: str, start: int, end: int, floor: int) -> int | None:
    """Where a listed name ends in this plural head ("collision rates" -> "collision rate"),
    the start of that name; `start` when the head alone is listed ("accuracies"); else None."""
    head = _singular(text[start:end].lower())
    if start > floor and text[start - 1] == "-":  # "F1-scores": the listed "F1-score"
        word = start - 1
        while word > floor and not text[word - 1].isspace():
            word -= 1
        return word if (text[word:start] + head).lower() in _listed_forms() else None
    words_before = text[max(floor, start - 50) : start].split()
    for n in (3, 2, 1):
        if len(words_before) < n:
            continue
        candidate = " ".join(words_before[-n:] + [head]).lower()
        if candidate in _listed_forms():
            return text.rfind(words_before[-n], floor, start)
    return start if head in _listed_forms() else None
