"""What the metrics and speedups post-processors share: the numbers (read from value hits in
extract/fields/numreading.py), and the context of a number taken from its own sentence (dataset, model, baseline, the change
cue next to it, "respectively" lists).

Hits arrive by label (`value`, `cue`, `baseline`, `respectively`, ...); names come from the
earlier components through `context.mentions(field)` (dicts with name/start/end). Those lists
hold each name once, at its first mention, so every later occurrence of the same surface form
is found again here: "results on A and B, respectively" must see A and B even when the
abstract named them before.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

import regex

from extract.text import rx
from extract.engine.matching import Hit

# What may not lie between a number and a word it is linked to: another number, or a break
# in the clause.
_BLOCK = regex.compile(r"[\d;()\[\]]")
_BLOCK_COMMA = regex.compile(r"[\d,;()\[\]]")
# Only a conjunction between two numbers or names: "4.1x and 6.3x", "A, B, and C".
_JOINS = (",", "and", ", and", "or", ", or", "/", "&")
_NUMBER_ONLY = regex.compile(r"[+\-]?[\d.,]+\s?[x×%]?")
# A list goes on: the words before the next number end with "and", ",", "vs.", "to", "->".
_LIST_GAP = regex.compile(r"(?:(?:^|\s)(?:and|or|vs\.?|versus|to|while)|[,/→]|->)\s*$")


@dataclass
class Num:
    """One number of a sentence: its mention span, the number itself and what surrounds it."""

    start: int  # mention span: qualifier .. unit
    end: int
    vstart: int  # the number: sign .. unit
    vend: int
    value: float
    high: float | None
    unit: str | None
    sign: str | None
    conn: str | None
    qual: str | None
    rule: str
    sentence: tuple[int, int]
    label: str | None = None
    attrs: dict = field(default_factory=dict)
    written: str = ""  # the number as written ("74.0" is not the integer 74)
    setting: bool = False  # written after "at", "with", "under", "using": a condition, not a result


def words(text: str, start: int, end: int) -> int:
    """How many words lie between two offsets."""
    return len(text[start:end].split()) if end > start else 0


def clear_gap(text: str, start: int, end: int, max_words: int, comma: bool = False) -> bool:
    """True when at most `max_words` words, and no number or clause break, lie in between."""
    if end < start:
        return False
    gap = text[start:end]
    blocked = _BLOCK_COMMA if comma else _BLOCK
    return len(gap.split()) <= max_words and not rx.search(blocked, gap)


def joined(text: str, prev: Num, num: Num) -> bool:
    """True when only "and", "or" or a comma lies between two numbers ("4.1x and 6.3x")."""
    return prev.end <= num.start and text[prev.end : num.start].strip() in _JOINS


def listed_after(text: str, prev: Num, num: Num, max_words: int = 6) -> bool:
    """True when `num` continues a list that `prev` started ("6x and 4x", "3.2% over X and 8.0%")."""
    if prev.sentence != num.sentence or prev.end > num.start:
        return False
    gap = text[prev.end : num.start]
    return len(gap.split()) <= max_words and ";" not in gap and bool(rx.search(_LIST_GAP, gap))


# -- names in the sentence ---------------------------------------------------------------
@dataclass(frozen=True)
class Name:
    start: int
    end: int
    name: str
    field: str
    role: str | None = None


def occurrences(context, fields: tuple[str, ...]) -> list[Name]:
    """Every occurrence of every name the given fields found, not only the first mention."""
    text = context.text
    # A dict, not a set: names on the same span keep the order they were found in. A set's
    # order changes from process to process (hash(None) is an address before Python 3.12),
    # which made runs, and --jobs 1 vs 2, disagree on which name a number gets.
    out: dict[Name, None] = {}
    for f in fields:
        for m in context.mentions(f):
            surface = text[m["start"] : m["end"]]
            if not surface.strip() or rx.fullmatch(_NUMBER_ONLY, surface):
                continue  # "5x" is a number, whatever an earlier component thought
            pos = 0
            while True:
                i = text.find(surface, pos)
                if i < 0:
                    break
                j = i + len(surface)
                if (i == 0 or not text[i - 1].isalnum()) and (j == len(text) or not text[j].isalnum()):
                    out.setdefault(Name(i, j, m["name"], f, m.get("role")))
                pos = i + 1
            if not any(n.start == m["start"] for n in out if n.field == f):
                out.setdefault(Name(m["start"], m["end"], m["name"], f, m.get("role")))
    return sorted(out, key=lambda n: (n.start, -(n.end - n.start)))


class Sentence:
    """Names, cues and numbers of one sentence, for linking its numbers to their context."""

    def __init__(self, text: str, span: tuple[int, int], nums: list[Num], names: list[Name],
                 baselines: list[Name], cues: list[Hit], respectively: list[Hit]):
        self.text = text
        self.start, self.end = span
        self.nums = nums
        self.datasets = [n for n in names if n.field == "datasets"]
        self.baselines = baselines
        baseline_spans = {(b.start, b.end) for b in baselines}
        self.models = [n for n in names if n.field == "models" and (n.start, n.end) not in baseline_spans]
        self.cues = cues
        self.respectively = respectively

    # "respectively": values in order, names in order.
    def respective(self, items: list, nums: list[Num]) -> dict[int, object]:
        """Pair the numbers before "respectively" with `items` in order (cyclically when there
        are twice as many numbers, as in "A of 1 and 2, B of 3 and 4, on X and Y, respectively");
        nothing when the counts do not pair up."""
        if not self.respectively or len(items) < 2:
            return {}
        cut = self.respectively[0].start
        before = [n for n in nums if n.start < cut]
        if not before:
            return {}
        if len(before) % len(items):
            return {}  # counts that do not pair up: better no name than a wrong one
        return {id(n): items[i % len(items)] for i, n in enumerate(before)}

    def respective_words(self, items: list, nums: list[Num]) -> dict:
        """Pair numbers with words (metric names, aspects) in order: those between the numbers
        and "respectively" ("4.1x and 6.3x faster in A and B, respectively"), else those
        before the first number ("parameters and latency by 8x and 3x, respectively")."""
        if not self.respectively or not nums:
            return {}
        cut = self.respectively[0].start
        before = [n for n in nums if n.start < cut]
        if not before:
            return {}
        after = [w for w in items if before[-1].end <= w.start < cut]
        if len(after) < 2:
            after = [w for w in items if self.start <= w.start and w.end <= before[0].start]
        return self.respective(after, before) if len(after) >= 2 else {}

    def distinct(self, names: list[Name]) -> list[Name]:
        seen, out = set(), []
        for n in names:
            if n.name.lower() not in seen:
                seen.add(n.name.lower())
                out.append(n)
        return out

    def named(self, names: list[Name], num: Num, after_words: int = 5, before_words: int = 4,
              only_before: bool = False) -> str | None:
        """The name a number is on/for: right after it, else right before it, else the only
        one in the sentence (a number covering several names gets none); with `only_before`,
        the only one before the number (the subject: "GPT-4o achieves 76%", not "... such as GPT-4o")."""
        nxt = self._next_num_start(num)
        for i, n in enumerate(names):
            if n.start >= num.end and n.start < nxt and clear_gap(self.text, num.end, n.start, after_words, True):
                return None if _in_list(self.text, names, i) else n.name
        for i in range(len(names) - 1, -1, -1):
            n = names[i]
            if n.end <= num.start and clear_gap(self.text, n.end, num.start, before_words, True) \
                    and self._prev_num_end(num) <= n.start:
                return None if _in_list(self.text, names, i) else n.name
        distinct = self.distinct([n for n in names if n.end <= num.start] if only_before else names)
        if self.respectively and num.start < self.respectively[0].start:
            return None  # "99.9% and 99.3% on A and B, respectively" with only B known
        if len(distinct) != 1:
            return None
        only = distinct[0]
        if only.start > num.end and any(self._owns(n, only) for n in self.nums if n.start > num.end):
            return None  # "18.01 pp on CIFAR100, and 0.1 mAP on COCO": COCO is the later number's
        return only.name

    def _owns(self, num: Num, name: Name) -> bool:
        return num.end <= name.start < self._next_num_start(num) and clear_gap(self.text, num.end, name.start, 5, True)

    def size_match(self, num: Num) -> str | None:
        """A model picked by a size written right after the number ("+5.8% on the 1.4B scale")."""
        tail = self.text[num.end : min(self.end, num.end + 40)].split()[:4]
        for token in tail:
            token = token.strip(".,;:()")
            if not any(c.isdigit() for c in token):
                continue
            hits = {m.name for m in self.models if token.lower() in m.name.lower()}
            if len(hits) == 1:
                return hits.pop()
        return None

    def baseline(self, num: Num) -> str | None:
        """The named baseline compared with: one right after the number (before the next
        number), else the nearest before it that no other number has right after it."""
        own = self._following_baseline(num)
        if own is not None:
            return own.name
        taken = {id(b) for n in self.nums if n is not num for b in [self._following_baseline(n)] if b is not None}
        before = [b for b in self.baselines if b.end <= num.start and id(b) not in taken]
        return before[-1].name if before else None

    def _following_baseline(self, num: Num) -> Name | None:
        nxt = self._next_num_start(num)
        for b in self.baselines:
            if num.end <= b.start < nxt and words(self.text, num.end, b.start) <= 10:
                return b
        return None

    def cue_near(self, num: Num, lo: int, hi: int) -> str | None:
        """Direction (increase/decrease) of the change cue nearest the number within [lo, hi)."""
        best, dist = None, None
        for c in self.cues:
            if c.start >= lo and c.end <= hi:
                d = num.start - c.end if c.end <= num.start else c.start - num.end
                if dist is None or d < dist:
                    best, dist = c.attrs.get("direction"), d
        return best

    def _next_num_start(self, num: Num) -> int:
        for n in self.nums:
            if n.start > num.start:
                return n.start
        return self.end

    def _prev_num_end(self, num: Num) -> int:
        prev = self.start
        for n in self.nums:
            if n.start < num.start:
                prev = n.end
        return prev


def _in_list(text: str, names: list[Name], i: int) -> bool:
    """True when names[i] is one item of a list of names ("MATH-500, AIME24, and BeyondAIME")."""
    if i > 0 and names[i - 1].end <= names[i].start and text[names[i - 1].end : names[i].start].strip() in _JOINS:
        return True
    return i + 1 < len(names) and names[i].end <= names[i + 1].start \
        and text[names[i].end : names[i + 1].start].strip() in _JOINS


def baseline_names(context, names: list[Name], cue_hits) -> list[Name]:
    """Names right after a comparison cue ("over GRPO", "than Muon", "vs. DeepSeek-Prover")."""
    text = context.text
    starts = [n.start for n in names]
    out = []
    for c in cue_hits:
        i = bisect_left(starts, c.end)
        while i < len(names) and names[i].start - c.end <= 40:
            n = names[i]
            if n.field in ("models", "methods") and n.role != "proposed" \
                    and clear_gap(text, c.end, n.start, 2, comma=True):
                out.append(n)
                break
            i += 1
    return out


def sentences_of(context, nums: list[Num], hits, names: list[Name]) -> dict[tuple[int, int], Sentence]:
    """One `Sentence` per sentence holding a number, with its names and cue hits."""
    text = context.text
    by_label: dict[str, list] = {}
    for h in hits:
        by_label.setdefault(h.label, []).append(h)
    baselines = baseline_names(context, names, by_label.get("baseline", []))
    out: dict[tuple[int, int], Sentence] = {}
    for span in dict.fromkeys(n.sentence for n in nums):
        s, e = span
        inside = lambda xs: [x for x in xs if x.start >= s and x.end <= e]  # noqa: E731
        out[span] = Sentence(text, span, [n for n in nums if n.sentence == span], inside(names), inside(baselines),
                             inside(by_label.get("cue", [])), inside(by_label.get("respectively", [])))
    return out


def link(num: Num, sent: Sentence, resp: dict) -> dict:
    """dataset / model / baseline of one number, from its own sentence."""
    dataset = resp.get(("datasets", id(num)))
    model = resp.get(("models", id(num)))
    return {
        "dataset": dataset.name if dataset else sent.named(sent.datasets, num),
        "model": model.name if model else (sent.size_match(num) or sent.named(sent.models, num, 4, 3, only_before=True)),
        "baseline": sent.baseline(num),
    }


def respective_names(sent: Sentence, nums: list[Num]) -> dict:
    """("datasets"|"models", id(num)) -> Name for numbers paired by "respectively"."""
    out = {}
    datasets = sent.distinct(sent.datasets)
    if len(datasets) >= 2:
        out.update({("datasets", k): v for k, v in sent.respective(datasets, nums).items()})
    models = sent.distinct(sent.models)
    if len(models) >= 2 and len(datasets) < 2:
        out.update({("models", k): v for k, v in sent.respective(models, nums).items()})
    return out


def glued(text: str, start: int, end: int) -> bool:
    """A word inside a hyphenated word ("sensitivity-identified", "AR-VIM", "successive-compression")
    is not that word."""
    return (end + 1 < len(text) and text[end] == "-" and text[end + 1].isalnum()) \
        or (start >= 2 and text[start - 1] == "-" and text[start - 2].isalpha())


def inside_any(start: int, end: int, names: list[Name]) -> bool:
    """True when [start, end) lies inside one of the names (a number that is part of a name)."""
    return any(n.start <= start and end <= n.end for n in names)
