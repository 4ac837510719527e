"""The scorer counts the readings a gold item accepts (FIELDS.md, "Gold files"): its value or
name, the `alt` names, and for metrics and speedups `alt_metric` and `alt_values`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from extract.evaluation.scoring import score_pairs

GOLD = Path(__file__).resolve().parents[1] / "data" / "gold"


def _gold(name: str, rid: str | None = None, speedup_alt: float | None = None) -> dict:
    """The gold record `rid` of a file, or its record with a speedup of alt value `speedup_alt`."""
    with open(GOLD / name, encoding="utf-8") as f:
        return next(r for r in map(json.loads, f)
                    if r["id"] == rid or any(s.get("alt_values") == [speedup_alt] for s in r.get("speedups", [])))


def _scores(gold: dict, pred: dict) -> dict:
    return score_pairs([(gold, pred)])[0]


@pytest.fixture
def story_gold():
    # "about -0.20 F1": gold value 0.2 (a decrease), alt value -0.2, alt metric "plot-beat F1"
    gold = _gold("arxiv-dev.jsonl", "arxiv:2606.17391")
    item = next(m for m in gold["metrics"] if m["text"] == "about -0.20 F1")
    assert item["alt_values"] == [-0.2] and "plot-beat F1" in item["alt_metric"]
    return gold, item


def _with_item(gold: dict, item: dict, **changes) -> dict:
    """A prediction holding every gold metric as it is, `item` changed by `changes`."""
    metrics = [dict(m, **changes) if m is item else dict(m) for m in gold["metrics"]]
    return {"id": gold["id"], "metrics": metrics}


@pytest.mark.parametrize("changes", [{}, {"metric": "plot-beat F1"}, {"value": -0.2},
                                     {"value": -0.2, "metric": "plot-beat F1"}])
def test_accepted_readings_of_a_metric_count(story_gold, changes):
    gold, item = story_gold
    linked = _scores(gold, _with_item(gold, item, **changes))["metrics.linked"]
    assert (linked.fp, linked.fn) == (0, 0)


@pytest.mark.parametrize("changes, field", [({"metric": "story F1"}, "metrics.linked"),
                                            ({"value": 0.23}, "metrics.value")])
def test_other_readings_of_a_metric_do_not(story_gold, changes, field):
    gold, item = story_gold
    score = _scores(gold, _with_item(gold, item, **changes))[field]
    assert (score.fp, score.fn) == (1, 1)
    if field == "metrics.linked":
        assert _scores(gold, _with_item(gold, item, **changes))["metrics.value"].fn == 0


def test_a_speedup_may_be_read_as_its_complement():
    # "cloud use in only 46.3% of steps": 46.3% used, or 53.7% saved
    gold = _gold("dev3.jsonl", speedup_alt=53.7)
    item = next(s for s in gold["speedups"] if s.get("alt_values") == [53.7])
    for percent, found in ((53.7, True), (46.3, True), (50.0, False)):
        speedups = [dict(s, percent=percent) if s is item else dict(s) for s in gold["speedups"]]
        score = _scores(gold, {"id": gold["id"], "speedups": speedups})["speedups"]
        assert (score.fn == 0) is found
