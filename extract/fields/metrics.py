"""Metrics: reported numbers, each with the quantity it measures and the context of its sentence.

Which numbers are results: percentages and percentage points, unless a setting pattern
claims them ("at 30% FPR", "40% compression") or the speedups field took them; other numbers
(bare scores, dB, points, seconds) only when a metric name is linked to them ("AUPRO scores
of 92.3", "+3.9 mIoU", "29.86 dB PSNR"), a change cue makes them a change ("surpassing X by
0.2 dB"), or they continue such a list ("92.3 and 82.7", "64.9 -> 69.0").

The metric is the name right after the number ("76.0% pass rate", "50% improvement in
detection AUROC"), else the nearest one before it in the sentence ("perplexity is reduced
by 70%"), with the modifiers written before it ("overall VQA accuracy"). The kind comes from
a sign, "by", or the change cue next to the number.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from extract.text import rx
from extract.text.names import clean_name, name_key
from extract.resources import data_dir
from extract.resources.wordlists import load_word_list
from extract.fields.numreading import read_numbers
from extract.fields.quantities import (Num, Sentence, glued, inside_any, joined, link, listed_after, occurrences,
                         respective_names, sentences_of, words)

_CHANGE_UNITS = ("%", "pp")
_LEVEL_CONN = ("to", "->", "→")
_FAR_WORDS = 15  # a name further back than this (or behind a ";") names nothing
_BARE_CONN = (None, "of", "=", ":", "from", "to", "vs", "vs.", "versus", "->", "→")
# rules/metrics.yaml `params:`
PARAMS = ("average", "after_gap", "bare_next", "cue_gap", "free_word", "far_break", "share_of", "unnamed_after",
          "modifiers", "symbol_owner")


@dataclass
class MetricName:
    start: int
    end: int
    text: str
    generic: bool
    ambiguous: bool
    speed: bool = False  # a speed or cost word: names only values with a unit (1.5 ms latency)


def postprocess(doc, hits, context) -> list[dict]:
    nums = read_numbers(hits, context)
    if not nums:
        return []
    text = context.text
    names = occurrences(context, ("datasets", "models", "methods"))
    taken = [(m["start"], m["end"]) for m in context.mentions("speedups")]
    settings = [(h.groups["named"][0] if "named" in h.groups else h.start, h.end) for h in hits if h.label == "setting"]
    nums = [n for n in nums if n.unit != "x" and not _overlaps(n.vstart, n.vend, taken)
            and not _overlaps(n.vstart, n.vend, settings) and not inside_any(n.vstart, n.vend, names)]
    if not nums:
        return []
    spans = sorted({n.sentence for n in nums})
    metrics = _metric_names([h for h in hits if h.label == "metric" and any(s <= h.start < e for s, e in spans)],
                            context, names, settings)
    names = [n for n in names if not any(m.start <= n.start and n.end <= m.end for m in metrics)]
    params = context.params
    rules = (params.average, params.after_gap, params.bare_next, params.cue_gap, params.free_word, params.far_break,
             params.share_of, params.unnamed_after)
    out, seen = [], set()
    for span, sent in sentences_of(context, nums, hits, names).items():
        s_metrics = [m for m in metrics if span[0] <= m.start and m.end <= span[1]]
        s_quality = [m for m in s_metrics if not m.speed]
        links = [_metric_for(n, s_metrics if _physical(n) else s_quality, text, rules) for n in sent.nums]
        for i in range(len(links) - 2, -1, -1):
            # "+1.11/+1.22 Top-1", "88.04% and 88.65% accuracy": the name after a list names every item
            if links[i][0] is None and links[i + 1][1] == "after" and joined(text, sent.nums[i], sent.nums[i + 1]):
                links[i] = links[i + 1]
        accepted: list[tuple[Num, dict]] = []
        for num, link_ in zip(sent.nums, links):
            prev = accepted[-1] if accepted else None
            listed = prev is not None and listed_after(text, prev[0], num)
            found = _read(num, sent, link_, s_metrics, rules)
            if found is None and not (listed and prev is not None and _continues(num, prev[0])):
                continue
            if found is None or (listed and not found["own"]):
                assert prev is not None  # a number without its own reading is listed after prev
                found = dict(prev[1], own=False, qualifier=num.qual or prev[1]["qualifier"], where="listed")
                if num.conn in _LEVEL_CONN or prev[0].sign and not num.sign:
                    # "by 64.7 points to 99.5%", "96.8% (+14.43%), 78.0% (+0.2%)": levels
                    found.update(kind="absolute", qualifier=num.qual)
            accepted.append((num, found))
        if not accepted:
            continue
        for (num, found), (nxt, nxt_found) in zip(accepted, accepted[1:]):
            if found["kind"] == "absolute" and nxt_found.get("cue_after") and joined(text, num, nxt):
                found["kind"] = nxt_found["kind"]  # "up to 35% and 28% drops": both are changes
        resp_metrics = sent.respective_words(s_quality, [n for n, _ in accepted])
        resp_names = respective_names(sent, [n for n, _ in accepted])
        for num, found in accepted:
            metric = resp_metrics.get(id(num)) or found["metric"]
            metric_text = clean_name(metric.text) if metric else None
            entry = {"start": num.start, "end": num.end, "rule": num.rule, "metric": metric_text,
                     "value": num.value, "value_high": num.high, "unit": num.unit, "kind": found["kind"],
                     "qualifier": found["qualifier"], **link(num, sent, resp_names)}
            key = (num.value, num.high, num.unit, name_key(metric_text or ""), entry["dataset"], entry["kind"])
            if key in seen:
                continue  # a restated value is one entry, at its first mention
            seen.add(key)
            out.append(entry)
    return out


def _overlaps(start: int, end: int, spans) -> bool:
    return any(start < e and s < end for s, e in spans)


def _physical(num: Num) -> bool:
    return num.unit is not None and num.unit not in _CHANGE_UNITS and num.unit not in ("points", "Likert points")


def _continues(num: Num, prev: Num) -> bool:
    """A listed number shares the unit of the one it continues ("92.3 and 82.7")."""
    return num.unit == prev.unit and not num.setting


# -- metric names ------------------------------------------------------------------------
def _metric_names(hits, context, names, settings) -> list[MetricName]:
    """Metric-name hits: case-checked, outside names and settings, longest first, with the
    modifiers written before them; a generic word right after a name ("AUPRO scores") is
    part of that name, not a second one."""
    text = context.text
    found = []
    for h in hits:
        if h.label != "metric":
            continue
        if h.rule == "metrics.name" and h.text not in _written_forms() \
                and (h.text.islower() or len(h.text) <= 3 and h.text != h.text.upper()):
            continue
        if inside_any(h.start, h.end, names) or _overlaps(h.start, h.end, settings) or glued(text, h.start, h.end):
            continue
        found.append(h)
    chosen: list = []
    for h in sorted(found, key=lambda h: (-(h.end - h.start), h.start)):
        if all(h.end <= c.start or h.start >= c.end for c in chosen):
            chosen.append(h)
    chosen.sort(key=lambda h: h.start)
    modifiers = context.params.modifiers
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
        lo = max(context.sentence_of(h.start)[0], h.start - 60)
        m = rx.search(owner if h.rule == "metrics.symbol" else modifiers, text, lo, h.start)
        if m:
            start = m.start()
            for n in names:  # a dataset or model name before the metric is not a modifier
                if start < n.end <= h.start:
                    start = n.end
            while start < h.start and text[start] in " -":
                start += 1
        name = text[start : h.end]
        if len(name) == 1:  # a symbol again: "Cohen's κ = 0.75, κ = 0.68" are both Cohen's κ
            name = next((m.text for m in reversed(out) if m.text.endswith(name)), name)
        out.append(MetricName(start, h.end, name, generic and start == h.start,
                              h.attrs.get("flags") == "ambiguous", bool(h.attrs.get("speed"))))
    return out


@cache
def _written_forms() -> frozenset[str]:
    """Every name and alias of metrics.tsv exactly as the list writes it."""
    return frozenset(f for e in load_word_list(data_dir() / "gazetteers" / "metrics.tsv") for f in e.forms)


@cache
def _listed_forms() -> frozenset[str]:
    return frozenset(f.lower() for f in _written_forms())


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
    words_before = text[max(floor, start - 50) : start].split()
    for n in (3, 2, 1):
        if len(words_before) < n:
            continue
        candidate = " ".join(words_before[-n:] + [head]).lower()
        if candidate in _listed_forms():
            return text.rfind(words_before[-n], floor, start)
    return start if head in _listed_forms() else None


def _metric_for(num: Num, metrics: list[MetricName], text: str, rules):
    """(metric, where, gap words): the name right after the number (with one more word of
    its own: "62.67% output accuracy"), else the nearest before. A name followed by a noun
    modifies that noun ("312 real-world AR videos") and names nothing."""
    _, after_gap, bare_next, _, free_word, far_break, share_of, unnamed_after = rules
    for m in metrics:
        if m.start >= num.end:
            if not rx.match(bare_next, text, m.end):
                break
            if rx.fullmatch(after_gap, text, num.end, m.start):
                return m, "after", words(text, num.end, m.start)
            if not m.ambiguous and rx.fullmatch(free_word, text, num.end, m.start):
                start = len(text[: m.start].rstrip()) - len(text[num.end : m.start].split()[0])
                return replace(m, start=start, text=text[start : m.end], generic=False), "after", 0
            break
    if num.unit == "%" and rx.match(share_of, text, num.end) or rx.match(unnamed_after, text, num.end):
        return None, None, 0  # "on AUC-PR in 91.6% of evaluations", "an 11% increase in Total Distance"
    for m in reversed(metrics):
        if m.end <= num.start:
            gap = text[m.end : num.start].rstrip(" (").lstrip(")")  # "Fréchet Inception Distance (FID) of 2.88"
            n = sum(1 for w in gap.split() if any(c.isalnum() for c in w))  # "=", "×" are not words
            if not _blocked(gap) and n <= 3:
                return m, "before", n
            if ";" in gap or n > _FAR_WORDS or rx.search(far_break, gap):
                return None, None, 0
            return m, "far", n
    return None, None, 0


def _blocked(gap: str) -> bool:
    return any(c.isdigit() or c in ",;()[]" for c in gap)


# -- one number --------------------------------------------------------------------------
def _read(num: Num, sent: Sentence, link_: tuple, metrics: list[MetricName], rules) -> dict | None:
    """Metric, kind and qualifier of a number, or None when it is not a result."""
    text = sent.text
    average, after_gap, bare_next, cue_gap = rules[:4]
    metric, where, gap = link_
    if where == "far" and metric is not None and (metric.generic or metric.ambiguous and metric.text.islower()):
        metric, where = None, None  # a broad word ("performance") or common word ("return") only up close
    kind, own_cue = _kind(num, sent, metrics, cue_gap)
    tight = where == "after" and gap <= 1 or where == "before"
    if num.unit in _CHANGE_UNITS:
        pass
    elif num.unit is not None:  # dB, points, seconds: a score or change only with a name or a cue
        if not (tight or kind != "absolute"):
            return None
    elif not _bare_ok(num, where, gap) or not (where == "after" or rx.match(bare_next, text, num.end, sent.end)):
        return None
    qualifier = num.qual
    if qualifier is None:
        lo = max(sent.start, num.start - 40)
        if rx.search(average, text, lo, num.start):
            qualifier = "average"
    own = bool(own_cue) or where == "after" or num.sign is not None
    return {"metric": metric, "kind": kind, "qualifier": qualifier, "own": own, "where": where,
            "cue_after": own_cue == "after"}


def _bare_ok(num: Num, where, gap: int) -> bool:
    """A bare number is a result only tightly next to a metric name, or as a signed change."""
    if num.setting or (1900 <= num.value <= 2100 and num.high is None and num.value.is_integer()):
        return False
    is_int = num.high is None and "." not in num.written
    if where == "after" and gap <= 1:
        return not is_int or num.sign is not None or gap == 0
    if where == "before" and num.conn in _BARE_CONN:
        return not is_int or gap <= 2 and num.conn in ("of", "=", ":")
    return False


def _kind(num: Num, sent: Sentence, metrics: list[MetricName], cue_gap) -> tuple[str, bool | str]:
    """(kind, whether the number itself says so, "after" when a cue after it does): a sign,
    "by", or a change cue next to it."""
    if num.sign == "+":
        return "increase", True
    if num.sign == "-":
        return "decrease", True
    text = sent.text
    for c in sent.cues:  # "a 50% improvement", "11% mAP gain", "1.3 points higher"
        if c.start >= num.end:
            if rx.fullmatch(cue_gap, text, num.end, c.start) or any(
                    not text[num.end : m.start].strip() and not text[m.end : c.start].strip()
                    for m in metrics if num.end <= m.start and m.end <= c.start):
                return c.attrs.get("direction", "increase"), "after"
            break
    if num.conn == "by":
        before = [c for c in sent.cues if c.end <= num.start]
        return (before[-1].attrs.get("direction", "increase") if before else "increase"), True
    if num.conn == "of" or num.conn is None and num.qual is not None:
        for c in reversed(sent.cues):  # "a gain of 13.51%", "gains up to 18.6 points"; not "exceeds 50%"
            if c.end <= num.start:
                if text[c.end : num.start].strip() in ("", "of"):
                    return c.attrs.get("direction", "increase"), True
                break
    return "absolute", False
