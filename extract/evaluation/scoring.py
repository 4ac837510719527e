"""Score records against gold by the rules of FIELDS.md ("Gold files").

Names match case-, accent-, markup-, punctuation- and plural-insensitively (`names.name_key`);
`alt` names count; `optional` gold items are neither rewarded nor penalised; metrics match by
value, and the linked score also needs the metric name and dataset. A gold metric or speedup
may list other acceptable readings of its value (`alt_values`: "-0.20 F1" as a decrease of
0.2 or a value of -0.2) and of its metric's name (`alt_metric`); any of them counts.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterable

from extract.text.names import name_key


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    misses: list = field(default_factory=list)  # (abstract id, gold item text)
    false_alarms: list = field(default_factory=list)  # (abstract id, predicted item text)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict:
        return {"precision": round(self.precision, 4), "recall": round(self.recall, 4), "f1": round(self.f1, 4),
                "tp": self.tp, "fp": self.fp, "fn": self.fn}


@dataclass
class Accuracy:
    correct: int = 0
    total: int = 0
    wrong: list = field(default_factory=list)

    @property
    def value(self) -> float:
        return self.correct / self.total if self.total else 1.0


def _names(item: dict, key: str = "name") -> set[str]:
    names = [item.get(key)] + list(item.get("alt") or [])
    return {name_key(n) for n in names if n}


def _same_gold_value(gold: dict, value, primary=None) -> bool:
    """Whether `value` is the gold item's value (`primary`, else its "value") or one of its
    `alt_values`."""
    primary = gold.get("value") if primary is None else primary
    return any(_same_value(v, value) for v in [primary, *(gold.get("alt_values") or [])])


def _same_metric(gold: dict, metric) -> bool:
    """Whether the metric name `metric` is the gold item's or one of its `alt_metric`."""
    wanted = {_opt_key(gold.get("metric"))} | {name_key(m) for m in gold.get("alt_metric") or [] if m}
    return _opt_key(metric) in wanted


def _same_value(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(float(a), float(b), rel_tol=1e-6, abs_tol=1e-9)


def _opt_key(value) -> str | None:
    return name_key(value) if value else None


# A scored view: how a gold item and a predicted item are compared, and how they are shown.
Matcher = Callable[[dict, dict], bool]

VIEWS: dict[str, tuple[str, Matcher, Callable[[dict], str]]] = {
    "github": ("github", lambda g, p: g["url"].lower().rstrip("/") == p["url"].lower().rstrip("/"), lambda m: m["url"]),
    "methods": ("methods", lambda g, p: name_key(p["name"]) in _names(g) and g["role"] == p["role"],
                lambda m: f"{m['name']} [{m['role']}]"),
    "methods.proposed": ("methods", lambda g, p: name_key(p["name"]) in _names(g) and g["role"] == p["role"],
                         lambda m: f"{m['name']} [{m['role']}]"),
    "methods.other": ("methods", lambda g, p: name_key(p["name"]) in _names(g) and g["role"] == p["role"],
                      lambda m: f"{m['name']} [{m['role']}]"),
    "models": ("models", lambda g, p: name_key(p["name"]) in _names(g), lambda m: m["name"]),
    "datasets": ("datasets", lambda g, p: name_key(p["name"]) in _names(g) and g["role"] == p["role"],
                 lambda m: f"{m['name']} [{m['role']}]"),
    "metrics.value": ("metrics", lambda g, p: _same_gold_value(g, p["value"]),
                      lambda m: f"{m['value']:g}{m.get('unit') or ''} ({m.get('metric')})"),
    "metrics.linked": ("metrics", lambda g, p: _same_gold_value(g, p["value"])
                       and _same_metric(g, p.get("metric"))
                       and _opt_key(g.get("dataset")) == _opt_key(p.get("dataset")),
                       lambda m: f"{m['value']:g}{m.get('unit') or ''} metric={m.get('metric')} dataset={m.get('dataset')}"),
    "speedups": ("speedups", lambda g, p: _same_gold_value(g, _speed_value(p), _speed_value(g)),
                 lambda m: f"{_speed_value(m):g}{m.get('unit') or ''} ({m.get('aspect')})"),
    "speedups.aspect": ("speedups", lambda g, p: _same_gold_value(g, _speed_value(p), _speed_value(g))
                        and _opt_key(g.get("aspect")) == _opt_key(p.get("aspect")),
                        lambda m: f"{_speed_value(m):g}{m.get('unit') or ''} aspect={m.get('aspect')}"),
}
_ROLE_FILTER = {"methods.proposed": "proposed", "methods.other": "other"}


def _speed_value(item: dict):
    return item.get("factor") if item.get("factor") is not None else item.get("percent")


def _generic_view(field: str):
    return (field, lambda g, p: name_key(p.get("name") or "") in _names(g), lambda m: m.get("name") or m.get("text"))


def score_pairs(pairs: Iterable[tuple[dict, dict]], extra_fields: Iterable[str] = ()) -> tuple[dict[str, Score], Accuracy]:
    """Score (gold record, predicted record) pairs; also long-form accuracy of matched proposed methods."""
    views = dict(VIEWS)
    for f in extra_fields:
        views.setdefault(f, _generic_view(f))
    scores = {name: Score() for name in views}
    long_forms = Accuracy()
    for gold, pred in pairs:
        rid = gold.get("id")
        for view, (key, same, show) in views.items():
            if key not in gold:
                continue
            role = _ROLE_FILTER.get(view)
            g_items = [g for g in gold.get(key, []) if role is None or g.get("role") == role]
            p_items = [p for p in pred.get(key, []) if role is None or p.get("role") == role]
            pairs_found = _match(rid, g_items, p_items, same, show, scores[view])
            if view == "methods.proposed":
                for g, p in pairs_found:
                    _score_long_form(rid, g, p, long_forms)
    return {k: v for k, v in scores.items() if k in VIEWS or v.tp + v.fp + v.fn}, long_forms


def _match(rid, g_items, p_items, same, show, score: Score) -> list[tuple[dict, dict]]:
    used: set[int] = set()
    matched = []
    for p in p_items:
        hit = next((i for i, g in enumerate(g_items) if i not in used and not g.get("optional") and same(g, p)), None)
        if hit is None:
            hit = next((i for i, g in enumerate(g_items) if i not in used and g.get("optional") and same(g, p)), None)
        if hit is None:
            score.fp += 1
            score.false_alarms.append((rid, show(p)))
            continue
        used.add(hit)
        if not g_items[hit].get("optional"):
            score.tp += 1
            matched.append((g_items[hit], p))
    for i, g in enumerate(g_items):
        if i not in used and not g.get("optional"):
            score.fn += 1
            score.misses.append((rid, show(g)))
    return matched


def _score_long_form(rid, gold: dict, pred: dict, acc: Accuracy) -> None:
    wanted = {name_key(x) for x in [gold.get("long_form"), *(gold.get("alt_long_form") or [])] if x}
    got = pred.get("long_form")
    acc.total += 1
    if (not wanted and not got) or (got and name_key(got) in wanted):
        acc.correct += 1
    else:
        acc.wrong.append((rid, f"{gold['name']}: gold={gold.get('long_form')!r} found={got!r}"))


def match_mentions(g_items: list[dict], p_items: list[dict], view: str) -> tuple[list, list, list]:
    """Per-mention outcome of `view`'s matching for one abstract's field, for pages that mark
    each mention: (matched (gold, pred) pairs, false-alarm preds, missed gold items), by the
    same greedy `_match` the scores come from. A pred matching an optional item is in none."""
    _, same, _ = VIEWS.get(view) or _generic_view(view)
    score = Score()
    matched = _match(None, g_items, p_items, same, lambda m: m, score)
    return matched, [m for _, m in score.false_alarms], [m for _, m in score.misses]
