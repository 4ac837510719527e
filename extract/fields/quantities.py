"""What the metrics and speedups post-processors share: numbers (read from value hits in
`extract/fields/numreading.py`), the names of the name fields at every place they occur, and
small tests on the text between two of them. Linking a number to its sentence's names is in
`extract/fields/linking.py`.

Hits arrive by label (`value`, `cue`, `baseline`, `respectively`, ...); names come from the
earlier components through `context.mentions(field)` (dicts with name/start/end). Those lists
hold each name once, at its first mention, so every later occurrence of the same surface form
is found again here: "results on A and B, respectively" must see A and B even when the
abstract named them before.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import regex

from extract.text import rx

# What may not lie between a number and a word it is linked to: another number, or a break
# in the clause. A digit inside a word ("top-1", "F1", "Llama-2", "mAP@50", "mAP50:95") is no number.
_BLOCK = regex.compile(r"(?<![\p{L}\d.@:-])\d|[;()\[\]]")
_BLOCK_COMMA = regex.compile(r"(?<![\p{L}\d.@:-])\d|[,;()\[\]]")
# A number glued to letters is part of a name ("the 12B FLUX.1-dev model", "native 2K/4K
# videos"), no quantity of its own: it does not break a gap that allows names. A factor
# ("2.1x") is a quantity.
_BLOCK_NOT_NAMES = regex.compile(r"(?<![\p{L}\d.@:/-])\d(?![\d.,]*(?![xX×](?![\p{L}\d]))\p{L})|[,;()\[\]]")
# Only a conjunction between two numbers or names: "4.1x and 6.3x", "A, B, and C".
JOINS = (",", "and", ", and", "or", ", or", "/", "&")
_NUMBER_ONLY = regex.compile(r"[+\-]?[\d.,]+\s?[x×%]?")
# A list goes on: the words before the next number end with "and", ",", "vs.", "to", "->".
# ... or the list repeats "by", alone or after a name of its own (a word with a capital or a
# digit, not a phrase with a verb): "accelerating Qwen2.5-VL-32B by 2.70x and
# LLaVA-OneVision-72B by 2.94x", "by 53% on InternVL3-2B and by 93% on SmolVLM-256M".
_PARALLEL_BY = regex.compile(r"(?:^|\s)(?:and|or)\s+(?:(?:on|for)\s+)?(?:[\w.-]*[\p{Lu}\d][\w.-]*\s+)?by\s*$")
_LIST_GAP = regex.compile(r"(?:(?:^|\s)(?:and|or|vs\.?|versus|to|while)|[,/→]|->)\s*$")
# ... or a parallel "from" after a before-and-after pair: "from 0.601 to 0.8496 for survival,
# from 0.672 to 0.8102 for recurrence" (not "by 45% relative over X, from 44.0% to 64.0%").
_PARALLEL_FROM = regex.compile(r",\s*(?:and\s+)?from\s*$")


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
    setting: str | None = None  # "at", "with", "under" or "using" before it: a condition, not a result


def words(text: str, start: int, end: int) -> int:
    """How many words lie between two offsets."""
    return len(text[start:end].split()) if end > start else 0


def clear_gap(text: str, start: int, end: int, max_words: int, comma: bool = False, names: bool = False) -> bool:
    """True when at most `max_words` words, and no number or clause break, lie in between
    (`names`: a number glued to letters, part of a name, may; then so may no comma)."""
    if end < start:
        return False
    gap = text[start:end]
    blocked = _BLOCK_NOT_NAMES if names else _BLOCK_COMMA if comma else _BLOCK
    return len(gap.split()) <= max_words and not rx.search(blocked, gap)


def joined(text: str, prev: Num, num: Num) -> bool:
    """True when only "and", "or" or a comma lies between two numbers ("4.1x and 6.3x")."""
    return prev.end <= num.start and text[prev.end : num.start].strip() in JOINS


def listed_after(text: str, prev: Num, num: Num, max_words: int = 6) -> bool:
    """True when `num` continues a list that `prev` started ("6x and 4x", "3.2% over X and 8.0%")."""
    if prev.sentence != num.sentence or prev.end > num.start:
        return False
    gap = text[prev.end : num.start]
    parallel = prev.conn == "by" and num.conn == "by" and rx.search(_PARALLEL_BY, gap) is not None \
        or prev.conn == "to" and num.conn == "from" and rx.search(_PARALLEL_FROM, gap) is not None
    return len(gap.split()) <= max_words and ";" not in gap and (parallel or bool(rx.search(_LIST_GAP, gap)))


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
    starts: set[tuple[str, int]] = set()  # (field, start) of every name in `out`
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
                    starts.add((f, i))
                pos = i + 1
            if (f, m["start"]) not in starts:
                out.setdefault(Name(m["start"], m["end"], m["name"], f, m.get("role")))
                starts.add((f, m["start"]))
    found = sorted(out, key=lambda n: (n.start, -(n.end - n.start)))
    # A name inside a longer one of its field ("Llama" in "Llama-3.1-8B") is not a mention of its own.
    kept: list[Name] = []
    reach: dict[str, int] = {}
    for n in found:
        if reach.get(n.field, -1) >= n.end and kept and any(k.field == n.field and k.start <= n.start and n.end <= k.end
                                                            and (k.start, k.end) != (n.start, n.end) for k in kept[-8:]):
            continue
        kept.append(n)
        reach[n.field] = max(reach.get(n.field, -1), n.end)
    return kept


def glued(text: str, start: int, end: int) -> bool:
    """A word inside a hyphenated word ("sensitivity-identified", "AR-VIM", "successive-compression")
    is not that word."""
    return (end + 1 < len(text) and text[end] == "-" and text[end + 1].isalnum()) \
        or (start >= 2 and text[start - 1] == "-" and text[start - 2].isalpha())
