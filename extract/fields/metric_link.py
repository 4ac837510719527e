"""Which metric name names a number: the name right after it (in brackets too), the one the
words after it give ("by 25% in expression quality", "16% full-task success"), the words before
a bounded value ("link validity above 94%"), a reference's own score it is a share of ("98.6% of
the original performance"), what a verb of change changes ("reduces hallucinations by
23.4%", "loss spikes reduced by 98%"), the words before "of NUMBER" after a verb of result
("achieves an FNIR of 0.3%"), else the nearest listed name before it. The patterns are
rules/metrics.yaml `params:`; the metrics post-processor (extract/fields/metrics.py) reads a
number's kind and context once this says what it measures.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace

import regex

from extract.text import rx
from extract.fields.metric_names import MetricName, own_acronym
from extract.fields.quantities import Num, words
from extract.fields.spans import SpanIndex

NAMED_REACH = 200  # characters after a number that `named_after` may read (rules/metrics.yaml)
_OBJECT_REACH = 160  # characters before a number that `object_before` may read: a verb and four words
_FAR_WORDS = 15  # a name further back than this (or behind a ";") names nothing
_FAR_CHARS = 400  # a gap this long holds more than _FAR_WORDS words (words of 25+ characters aside)
# A tag in brackets right after a number, before the name it shares with the numbers of its
# list: "96.5% (dev) and 97.6% (test) execution accuracy", "(absolute)", "(pp)"; lower-case
# words only: "(Acc.)" and "(F1)" are names of their own, "(+2.1)" and "(p<0.05)" are no tags.
TAG_AFTER = regex.compile(r"[ ]?\(\p{Ll}[\p{Ll} -]{0,19}\)")


def metric_for(num: Num, metrics: SpanIndex, text: str, params, names: SpanIndex):
    """(metric, where, gap words): the name right after the number (with one more word of
    its own: "62.67% output accuracy"), else the nearest before, else the quantity named
    after "in" ("by 25% in expression quality"; not a dataset or model: "93.84% in
    BraTS2020"). A name followed by a noun modifies that noun ("312 real-world AR videos")
    and names nothing."""
    after_gap, bare_next, free_word, far_break = params.after_gap, params.bare_next, params.free_word, params.far_break
    share_of, unnamed_after, named_after = params.share_of, params.unnamed_after, params.named_after
    i = metrics.first_from(num.end)
    inside = _name_from_qualifier(num, metrics, i, text)
    if inside is not None:
        return inside, "after", 0
    for m in metrics.items[i : i + 1]:  # only the first name after the number may name it
        if m.start >= num.end:
            tag = rx.match(TAG_AFTER, text, num.end)
            gap = tag.end() if tag and tag.end() <= m.start else num.end  # "97.6% (test) execution accuracy"
            if text[num.end : m.start].strip() == "(" and text[m.end : m.end + 2].strip().startswith(")"):
                # "by 1.3% (Dice) and 1.2% (IoU)"; not "an FID of 95.27 (image quality)" (a name
                # right before, not itself in brackets after another number, names it)
                near, where, _ = _metric_before(num, metrics, text, far_break)
                if where != "before" or text[: near.start].rstrip().endswith("("):
                    return m, "after", 0
            if not rx.match(bare_next, text, m.end):
                break
            relative = _relative(num, metrics, text, params) if num.unit == "%" else None
            if relative is not None:
                return relative, "after", 1
            share = _share_name(m, text, params) if num.unit == "%" else None
            if share is not None and rx.fullmatch(params.relative_of, text, num.end, m.start):
                return share, "after", 1
            if rx.fullmatch(after_gap, text, gap, m.start):
                return m, "after", words(text, gap, m.start)
            if _dataset_between(text, gap, m.start, names):
                return m, "after", 0  # "84.4% ImageNet-1K top-1 accuracy": the dataset modifies the name
            if not m.ambiguous and rx.fullmatch(free_word, text, gap, m.start):
                start = gap + len(text[gap : m.start]) - len(text[gap : m.start].lstrip())
                return replace(m, start=start, text=text[start : m.end], generic=False), "after", 0
            break
    if num.unit == "%" and rx.match(share_of, text, num.end):
        relative = _relative(num, metrics, text, params)
        return (relative, "after", 1) if relative else (None, None, 0)  # "in 91.6% of evaluations"
    # "an 11% increase in Total Distance", "by 25% in expression quality": the quantity named
    # after "in", unless a listed name before names the number ("F1 rises by 3% in ...")
    named = rx.match(named_after, text, num.end, min(len(text), num.end + NAMED_REACH))
    named = _matched_name(named, names)
    if rx.match(unnamed_after, text, num.end):
        return (named, "after", 1) if named else (None, None, 0)
    before = _metric_before(num, metrics, text, far_break)
    bounded = _bounded_name(num, text, params, names, before[0] if before[1] == "before" else None)
    if bounded:
        return bounded, "before", 0
    if named and (before[0] is None or before[1] == "before" and rx.fullmatch(_JOINED, text, before[0].end, num.start)):
        # "18.0% in success rate and 33.9% in execution stability": a listed name that only a
        # join parts from the number is the number before's, in a phrase parallel to this one's
        return named, "after", 1
    if before[0] is None or before[1] == "far":
        if num.conn == "from":  # "humans decline from 98.3% success": the words right after name it
            return _free_name(num, text, params, names) or _changed_quantity(num, text, params, names, before[0]) \
                or _name_of(num, text, params, names) or _share_before(before, text, params)
        return _changed_quantity(num, text, params, names, before[0]) or _free_name(num, text, params, names) \
            or _name_of(num, text, params, names) or _share_before(before, text, params)
    return _share_before(before, text, params)


_JOINED = regex.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)")


_SHARE_OF = regex.compile(r"(?:%|percent)\s?of\s(?:(?:the|its|their|our)\s)?(?:[\w-]+\s)?\Z")  # "of the oracle performance gap"


def _share_name(m: MetricName, text: str, params) -> MetricName | None:
    """The change a share is taken of, named with its quantity: "recovers 68.1% of the accuracy
    loss" is a share of "accuracy loss" (params share_of_change), not of accuracy; else None."""
    change = rx.match(params.share_of_change, text, m.end)
    if change is None or not rx.search(_SHARE_OF, text, max(0, m.start - 16), m.start):
        return None
    return MetricName(m.start, change.end(), text[m.start : change.end()], False, False)


def _share_before(before: tuple, text: str, params) -> tuple:
    """`before` with its name read as `_share_name` reads it ("68.1% of the accuracy loss on A,
    71.9% on B": the 71.9% is a share of that loss too)."""
    share = _share_name(before[0], text, params) if before[0] is not None else None
    return (share, *before[1:]) if share is not None else before


_OPEN_BRACKET = regex.compile(r"[ ]?\(\Z")


def paren_score(num: Num, text: str, names: SpanIndex, metric) -> bool:
    """True for a decimal alone in brackets right after a name: that name's score in a
    comparison ("outperforming zero-shot GPT-4o (44.58)", "top scores on ArguAna (55.24)"); after
    a method's name ("Dropout (0.5)") only where a metric name reaches the number (`metric`)."""
    if num.setting or num.sign or num.high is not None or "." not in num.written \
            or text[num.end : num.end + 1] not in (")", ","):
        return False
    m = rx.search(_OPEN_BRACKET, text, max(0, num.start - 2), num.start)
    return m is not None and any(n.end == m.start() and (metric is not None or n.field != "methods")
                                 for n in names.between(m.start() - 80, m.start()))


def _name_from_qualifier(num: Num, metrics: SpanIndex, i: int, text: str) -> MetricName | None:
    """The name that starts in the qualifier written after the number, which took "average" as
    a modifier: "93% average Pass@1", "91.6% average document-level F1" are values of Pass@1
    and document-level F1 (the qualifier stays "average"); else None."""
    if i == 0:
        return None
    m = metrics.items[i - 1]
    if not (num.vstart < m.start < num.end < m.end and text[m.start : num.end].strip().isalpha()):
        return None
    if own_acronym(m.text):
        return m  # "52.6% average precision (AP)": AP, not "precision"; but "average accuracy" is accuracy
    start = num.end + len(text[num.end : m.end]) - len(text[num.end : m.end].lstrip())
    return replace(m, start=start, text=text[start : m.end])


def _dataset_between(text: str, start: int, end: int, names: SpanIndex) -> bool:
    """True when the words between a number and the metric name after it are exactly one
    dataset's name: "84.4% ImageNet-1K top-1 accuracy", "52.1 COCO box AP" name the metric
    after the dataset they are on (the dataset itself is read by extract/fields/linking.py)."""
    lo = start + len(text[start:end]) - len(text[start:end].lstrip())
    hi = end - len(text[start:end]) + len(text[start:end].rstrip())
    if hi <= lo or hi - lo > 60:
        return False
    return any(n.start == lo and n.end == hi and n.field == "datasets" for n in names.between(lo, hi))


def _relative(num: Num, metrics: SpanIndex, text: str, params) -> MetricName | None:
    """A share of a reference's own score is that score relative to it: "retains 98.6% of the
    original performance" is relative performance, "92.5% of the cloud-only success rate" is
    relative success rate (the words naming the reference dropped). A share of anything else
    ("in 91.6% of evaluations") names nothing: None."""
    i = metrics.first_from(num.end)
    if i >= len(metrics.items):
        return None
    m = metrics.items[i]
    if not rx.fullmatch(params.relative_of, text, num.end, m.start) or rx.match(params.not_relative, text, m.end) \
            or rx.search(params.not_relative_before, text, max(num.sentence[0], num.start - 12), num.start) \
            or rx.search(params.share_of_cases, m.text):
        return None  # "76.7% of errors", "38.7% of performance variance": shares of cases or of a sum
    parts = m.text.split()
    while len(parts) > 1 and ("-" in parts[0] or rx.fullmatch(params.reference_word, parts[0])):
        parts = parts[1:]
    name = " ".join(parts)
    name = name if name.lower().startswith("relative ") else "relative " + name
    return MetricName(m.start, m.end, name, generic=False, ambiguous=False)


_BOUNDS = frozenset(("over", "below", "at least", "at most", "more than", "less than", "nearly", "about"))


def _bounded_name(num: Num, text: str, params, names: SpanIndex, listed) -> MetricName | None:
    """The words right before a bounded percentage ("link validity above 94%", "unsafe rates
    below 7%"), when no connector stands between: they name it, and they are longer than a listed
    name they end in ("link validity" over "validity"); else None. A listed name elsewhere is
    left to `_metric_before`."""
    if num.unit != "%" or num.qual not in _BOUNDS or num.conn is not None:
        return None
    found = _matched_name(rx.search(params.bounded_name, text, max(num.sentence[0], num.start - 60), num.start), names)
    if found is None or listed is not None and not (found.start <= listed.start and listed.end == found.end):
        return None  # a listed name that is not the head of these words names it instead
    return found


def _free_name(num: Num, text: str, params, names: SpanIndex):
    """(metric, "after", 1) for the words right after a percentage that no list names ("16%
    full-task success"), when the number is the object of a verb of result or an item of a
    list (params free_name and free_name_before), else None; not a dataset, model or method
    name."""
    if num.unit != "%" or not rx.search(params.free_name_before, text, max(num.sentence[0], num.start - 40), num.start):
        return None
    found = _matched_name(rx.match(params.free_name, text, num.end, min(num.sentence[1], num.end + NAMED_REACH)), names)
    return (found, "after", 1) if found else None


def _name_of(num: Num, text: str, params, names: SpanIndex):
    """(metric, "before", 1) for the words before "of NUMBER" after a verb of result ("achieves
    an attack-success-rate of about 38%"; params name_of), else None; not a dataset, model or
    method name."""
    found = _matched_name(rx.search(params.name_of, text, max(num.sentence[0], num.start - _OBJECT_REACH), num.start), names)
    return (found, "before", 1) if found else None


def _changed_quantity(num: Num, text: str, params, names: SpanIndex, listed=None):
    """(metric, "before", 1) for what a verb of change right before "by NUMBER" (or "from
    NUMBER") changes: its object ("reduces hallucinations by 23.4%") or the subject of its
    clause ("with loss spikes reduced by 98%", "compliance dropping from 100% to 33%"), else
    None. A dataset, model or method name is no quantity ("improves DeepSeek-R1 by 3.1%", "UNet
    improves by 1.52%"), nor is a subject with the shape of a name no field knew ("Pick-Place
    improves from 0% to 20%": a task the sentence measures in its own metric). An object read
    past a phrase of place that ends in the `listed` name further back is that name's, unless
    the words before the name are the few that say of what (`head_modifiers`: "edit distance
    error in scene description by 0.32"; not "the current state-of-the-art accuracy")."""
    lo = max(num.sentence[0], num.start - _OBJECT_REACH)
    for pattern in (params.object_before, params.subject_before):
        m = rx.search(pattern, text, lo, num.start)
        if m is not None and pattern is params.object_before and m.group("place"):
            if not m.group("name")[0].islower():
                continue  # "improves Qwen2.5 on MATH by 5%": past a phrase of place, only a quantity in lower case
            if listed is not None and m.start("name") < listed.start and listed.end == m.end("name"):
                words_before = rx.search(params.head_modifiers, text, m.start("name"), listed.start)
                if words_before is None or words_before.start() != m.start("name"):
                    return listed, "before", 1  # "the current state-of-the-art accuracy on X by 5%": accuracy
        found = _matched_name(m, names)
        if found and not (pattern is params.subject_before and rx.fullmatch(_NAME_SHAPE, found.text)):
            return found, "before", 1
    return None


# One word with a capital after its first letter, past a hyphen or inside ("Pick-Place",
# "SwingXtimes"): the shape of a name, not of a quantity ("Hindi satisfaction", "mean EI").
_NAME_SHAPE = regex.compile(r"\p{Lu}[\p{L}\d]*(?:-[\p{L}\d]+)*(?:-\p{Lu}|\p{Ll}\p{Lu})[\p{L}\d-]*")


def _matched_name(found, names: SpanIndex) -> MetricName | None:
    """The quantity a pattern's group `name` gives, unless a dataset, model or method name lies
    there (a name is no quantity: "improves DeepSeek-R1 by 3.1%")."""
    if found is None or names.overlaps(*found.span("name")):
        return None
    return MetricName(found.start("name"), found.end("name"), found.group("name"), generic=False, ambiguous=False)


def _metric_before(num: Num, metrics: SpanIndex, text: str, far_break):
    """(metric, where, gap words) for the nearest listed name before the number."""
    k = bisect_right(metrics.ends, num.start)  # names do not overlap: their ends are in order too
    for m in metrics.items[k - 1 : k] if k else ():
        if m.end <= num.start:
            if num.start - m.end > _FAR_CHARS:
                return None, None, 0  # more than _FAR_WORDS words away; not counted, so a list stays linear
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
