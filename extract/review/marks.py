"""Records to the page's data: every mention as a mark `[start, end, field, rule, status, keys]`.

The page is drawn by JavaScript from this data, so the Python side only decides what a mark
says. Against gold, a mark's status comes from `evaluation.scoring.match_mentions` (the same
greedy matching the scores use): `tp` found and right, `fp` false alarm, `opt` matched an
optional gold item, `fn` a gold item nobody found (placed where its `text` first occurs).
"""
from __future__ import annotations

from typing import Iterable

# The normalised keys a tooltip shows, in this order, for any field that has them.
SHOWN_KEYS = ("name", "long_form", "role", "family", "size", "metric", "value", "value_high", "unit", "kind",
              "qualifier", "dataset", "model", "baseline", "factor", "percent", "aspect", "url", "owner", "repo")
_SPAN_KEYS = frozenset({"text", "start", "end", "rule", "optional", "alt", "alt_long_form"})

# Which scoring view decides a field's status on the page (the field's main figure in `eval`).
STATUS_VIEW = {"methods": "methods", "models": "models", "datasets": "datasets", "metrics": "metrics.value",
               "speedups": "speedups", "github": "github"}


def mention_fields(record: dict) -> list[str]:
    """The record's mention lists (built-in and rule-file fields), in record order."""
    return [k for k, v in record.items() if isinstance(v, list) and all(isinstance(m, dict) for m in v)]


def keys_of(mention: dict) -> dict:
    """The keys worth showing on hover: the known ones in order, then any other extra key."""
    shown = {k: mention[k] for k in SHOWN_KEYS if mention.get(k) is not None}
    for k, v in mention.items():
        if k not in shown and k not in _SPAN_KEYS and v is not None and not isinstance(v, (list, dict)):
            shown[k] = v
    return shown


def _mark(m: dict, field: str, status: str | None, text: str) -> list:
    start, end = m.get("start"), m.get("end")
    if not (isinstance(start, int) and isinstance(end, int) and 0 <= start <= end <= len(text)):
        start = end = -1  # no usable offsets: listed in the table, not drawn in the text
    return [start, end, field, m.get("rule") or "", status or "", keys_of(m)]


def review_doc(record: dict) -> dict:
    """One abstract for the review page."""
    text = record.get("text") or ""
    marks = [_mark(m, f, None, text) for f in mention_fields(record) for m in record[f]]
    return {"id": str(record.get("id", "")), "title": record.get("title") or "", "text": text, "marks": marks}


def eval_doc(gold: dict, pred: dict) -> dict:
    """One abstract for the eval page: the predicted marks with their status, plus the misses."""
    from extract.evaluation.scoring import match_mentions

    text = pred.get("text") or gold.get("text") or gold.get("abstract") or ""
    marks = []
    for field in mention_fields(pred) + [f for f in mention_fields(gold) if f not in pred]:
        preds = pred.get(field) or []
        if field not in gold:
            marks.extend(_mark(m, field, None, text) for m in preds)
            continue
        golds = [g for g in gold.get(field) or [] if isinstance(g, dict)]
        matched, false_alarms, misses = match_mentions(golds, preds, STATUS_VIEW.get(field, field))
        right = {id(p) for _, p in matched}
        wrong = {id(p) for p in false_alarms}
        for p in preds:
            status = "tp" if id(p) in right else "fp" if id(p) in wrong else "opt"
            marks.append(_mark(p, field, status, text))
        for g in misses:
            marks.append(_mark({**g, **_place(g, text)}, field, "fn", text))
    return {"id": str(gold.get("id", "")), "title": gold.get("title") or pred.get("title") or "", "text": text,
            "marks": marks}


def _place(gold_item: dict, text: str) -> dict:
    """Offsets for a gold item: its own if it has them, else the first occurrence of its text
    (then of its name), exact case first. Unplaced items keep no offsets."""
    if isinstance(gold_item.get("start"), int) and isinstance(gold_item.get("end"), int):
        return {}
    folded = text.lower()
    for surface in (gold_item.get("text"), gold_item.get("name"), gold_item.get("url")):
        if not isinstance(surface, str) or not surface:
            continue
        at = text.find(surface)
        if at < 0 and len(folded) == len(text):  # lower() may change lengths; then no offsets from it
            at = folded.find(surface.lower())
        if at >= 0 and len(text[at:at + len(surface)]) == len(surface):
            return {"start": at, "end": at + len(surface)}
    return {"start": None, "end": None}


def field_order(docs: Iterable[dict]) -> list[str]:
    """Fields in first-seen order, built-in ones first, so that colours stay put between runs."""
    from extract.pipeline.records import BUILTIN_FIELDS

    seen = list(BUILTIN_FIELDS)
    for d in docs:
        for m in d["marks"]:
            if m[2] not in seen:
                seen.append(m[2])
    return seen
