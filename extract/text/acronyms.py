"""Acronym definitions by the Schwartz-Hearst algorithm (PSB 2003), our own implementation.

Finds "Long Form (SF)", "SF (Long Form)" and the appositive "SF, a long form ..." so that an
acronym and its expansion become one item in every field that names things.
"""
from __future__ import annotations

from dataclasses import dataclass

import regex

from extract.text import rx

_PAREN = regex.compile(r"\(([^()]{1,120})\)")
_WORD = regex.compile(r"\S+")
# The appositive "SF, a long form ...": found from its comma, then the short form is read
# backwards from it (scanning for the short form everywhere costs a hundred times more).
_COMMA = regex.compile(r",\s")
_APPOSITIVE_COMMA = regex.compile(r",\s+(?:(?:a|an|the)\s+)?(?P<rest>(?:(?!\b(?:that|which|who|where|whose|to|by|with)\b)[^,.;:()]){3,160})")
_SHORT_BEFORE = regex.compile(r"(?<![\w-])(?P<sf>[A-Za-z][\w^+.-]*[A-Z][\w^+.-]*)\s*\Z")
_CLAUSE_BREAK = regex.compile(r"[;,]\s")  # compiled here: regex's own cache costs ~8 us a call
_LAST_WORD = regex.compile(r"(?<![\w-])([\w^+-]+)$")
_TRAIL_PUNCT = ".,;:"
_KIND_WORDS = frozenset("framework method approach strategy scheme module mechanism architecture paradigm pipeline system".split())
_LOOKBACK = 240  # characters before "(" that can hold a long form of at most 2 x 12 words
_STOPWORDS = frozenset("a an and as at by for from in into of on or the to with".split())


@dataclass(frozen=True, slots=True)
class Definition:
    short: str
    long: str
    short_start: int
    short_end: int
    long_start: int
    long_end: int
    kind: str  # "lf-sf", "sf-lf", "appositive", "capitalised"


def is_short_form(candidate: str) -> bool:
    """Schwartz-Hearst short-form test, tightened for abstracts: 2-12 chars, at most two
    words, starts alphanumeric, has an upper-case letter, not a bare number or year."""
    c = candidate.strip()
    if not (2 <= len(c) <= 12) or len(c.split()) > 2:
        return False
    if not c[0].isalnum() or not any(ch.isupper() for ch in c):
        return False
    letters = sum(ch.isalpha() for ch in c)
    return letters >= 2 and letters >= len(c) / 2


def best_long_form(short: str, long: str) -> str | None:
    """`_spell` as Schwartz and Hearst define it; failing that, with digits of the short form
    read as words ("I2P" for Image-to-Point)."""
    found = _spell(short, long)
    if found is None and any(ch.isdigit() for ch in short):
        found = _spell("".join(ch for ch in short if not ch.isdigit()), long)
    return found


def _spell(short: str, long: str) -> str | None:
    """The shortest suffix of `long` whose characters spell `short`, right to left, with the
    first short-form character at the start of a word (Schwartz & Hearst, Fig. 2)."""
    low: str | list[str] = long.lower()
    by_char = len(low) != len(long)  # a character whose lower case is longer (rare)
    if by_char:
        low = [ch.lower() for ch in long]
    s, l = len(short) - 1, len(long) - 1
    while s >= 0:
        c = short[s].lower()
        if not c.isalnum():
            s -= 1
            continue
        l = _find_left(low, long, c, l, s == 0, by_char)
        if l < 0:
            return None
        l -= 1
        s -= 1
    start = long.rfind(" ", 0, l + 1) + 1
    return long[start:]


def _find_left(low, long: str, c: str, l: int, word_start: bool, by_char: bool) -> int:
    """The last place at or before `l` where the lower-cased text has `c` (at the start of a
    word when `word_start`), or -1. str.rfind jumps there; comparing one character at a time
    is left for texts whose lower case changes length."""
    if by_char or len(c) != 1:
        while l >= 0 and (low[l] != c or (word_start and l > 0 and long[l - 1].isalnum())):
            l -= 1
        return l
    l = low.rfind(c, 0, l + 1)
    while word_start and l > 0 and long[l - 1].isalnum():
        l = low.rfind(c, 0, l)
    return l


def find_definitions(text: str) -> list[Definition]:
    """Every acronym definition in `text`, ordered by the short form's position."""
    found: list[Definition] = []
    for m in rx.finditer(_PAREN, text):
        inner = m.group(1)
        inner_start = m.start(1)
        head = rx.split(_CLAUSE_BREAK, inner, maxsplit=1)[0].strip()
        lead = len(inner) - len(inner.lstrip())
        if is_short_form(head):
            d = _lf_sf(text, m.start(), head, inner_start + lead)
        else:
            d = _sf_lf(text, m.start(), inner, inner_start)
        if d:
            found.append(d)
    taken = {d.short for d in found}
    for comma in rx.finditer(_COMMA, text):
        c = comma.start()
        if not _has_capital(text[max(0, c - 30) : c].rstrip().rpartition(" ")[2]):
            continue  # most commas follow a lower-case word: no short form to read
        sf = rx.search(_SHORT_BEFORE, text, max(0, c - 30), c)
        m = rx.match(_APPOSITIVE_COMMA, text, comma.start()) if sf else None
        d = _appositive(text, sf, m) if m else None
        if d and d.short not in taken:
            found.append(d)
            taken.add(d.short)
    return sorted(found, key=lambda d: d.short_start)


def _has_capital(word: str) -> bool:
    return not word.islower() and any(ch.isupper() for ch in word)


def _lf_sf(text: str, paren: int, short: str, short_start: int) -> Definition | None:
    """`Long Form (SF)`: look back at most min(|SF|+5, 2|SF|) words before the parenthesis."""
    offset = max(0, paren - _LOOKBACK)
    d = _lf_sf_in(text[offset:paren], short, short_start)
    if d is None or not offset:
        return d
    return Definition(d.short, d.long, d.short_start, d.short_end, d.long_start + offset, d.long_end + offset, d.kind)


def _lf_sf_in(before: str, short: str, short_start: int) -> Definition | None:
    before = before.rstrip()
    sentence_cut = max(before.rfind(". "), before.rfind("; "), before.rfind(": "))
    n = min(len(short) + 5, 2 * len(short))
    start = _last_words_start(before, sentence_cut + 1, n)  # the last n words of the sentence
    if start is None:
        return None
    candidate = before[start:]
    long = best_long_form(short, candidate)
    kind = "lf-sf"
    if long is None or len(long) <= len(short):
        long = _capitalised_tail(candidate)
        kind = "capitalised"
        if long is None:
            return None
    long = _without_kind_word(short, long.strip().rstrip(_TRAIL_PUNCT))
    long_start = before.rfind(long, start)
    if long_start < 0 or long.lower() == short.lower():
        return None
    return Definition(short, long, short_start, short_start + len(short), long_start, long_start + len(long), kind)


def _last_words_start(text: str, pos: int, n: int) -> int | None:
    """Where the last `n` words of text[pos:] start (None: no word). `rsplit` instead of a
    list of regex matches, one per word: 0.8 us, not 5."""
    seg = text[pos:]
    parts = seg.rsplit(None, n)
    if not parts:
        return None
    if len(parts) <= n:
        return pos + len(seg) - len(seg.lstrip())
    rest = seg[len(parts[0]):]
    return pos + len(parts[0]) + len(rest) - len(rest.lstrip())


def _without_kind_word(short: str, long: str) -> str:
    """"Robust Duality Learning framework (RoDE)": the name is the part before "framework",
    when that part still spells the acronym."""
    head, _, last = long.rpartition(" ")
    if head and last in _KIND_WORDS and best_long_form(short, head) == head:
        return head
    return long


def _sf_lf(text: str, paren: int, inner: str, inner_start: int) -> Definition | None:
    """`SF (Long Form)`: the word before the parenthesis is the short form."""
    offset = max(0, paren - 40)
    before = text[offset:paren].rstrip()
    m = rx.search(_LAST_WORD, before)
    if not m or not is_short_form(m.group(1)):
        return None
    short = m.group(1)
    long = inner.strip().rstrip(_TRAIL_PUNCT)
    if len(long.split()) < 2 or best_long_form(short, long) is None:
        return None
    lead = len(inner) - len(inner.lstrip())
    return Definition(short, long, offset + m.start(1), offset + m.end(1), inner_start + lead, inner_start + lead + len(long), "sf-lf")


def _appositive(text: str, sf, m) -> Definition | None:
    """`SF, a long form ...`: counts only when the long form's words spell the acronym."""
    short = sf.group("sf").rstrip(".")
    if not is_short_form(short) or sum(ch.isupper() for ch in short) < 2:
        return None
    # The last word starts with the acronym's last capital (LSGQuant: "... quantization").
    last = next((ch for ch in reversed(short) if ch.isupper()), short[-1]).lower()
    rest = m.group("rest")
    words = list(rx.finditer(_WORD, rest))
    # The longest such span: "STAC, a Spatio-Temporally Aware Cache Compression framework".
    for k in range(min(len(words), len(short) + 4), 0, -1):
        candidate = rest[: words[k - 1].end()]
        word = words[k - 1].group().lower()
        if not word.startswith(last) or word in _STOPWORDS:
            continue
        long = best_long_form(short, candidate)
        if long is not None and long == candidate:
            start = m.start("rest")
            return Definition(short, long, sf.start("sf"), sf.start("sf") + len(short), start, start + len(long), "appositive")
    return None


def _capitalised_tail(candidate: str) -> str | None:
    """Where no span spells the acronym: the capitalised phrase right before the parenthesis."""
    words = candidate.split()
    tail: list[str] = []
    for w in reversed(words):
        if w[:1].isupper():
            tail.append(w)
        else:
            break
    if len(tail) < 2:
        return None
    return " ".join(reversed(tail))
