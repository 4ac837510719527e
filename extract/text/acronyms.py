"""Acronym definitions by the Schwartz-Hearst algorithm (PSB 2003), our own implementation.

Finds "Long Form (SF)", "SF (Long Form)" and the appositive "SF, a long form ..." so that an
acronym and its expansion become one item in every field that names things. Square brackets
count as parentheses, a short form may hold one ("Su(fu)"), and lower-case short forms count
where the long form's word initials spell them. Which span spells a short form is
`extract.text.acronym_spelling`'s job. Scored on Medstract by `extract.evaluation.acronym_pairs`.
"""
from __future__ import annotations

from dataclasses import dataclass

import regex

from extract.text import rx
from extract.text.acronym_shapes import (is_lower_short_form, is_short_form, lists_names, lists_short_forms,
                                         names_itself)
from extract.text.acronym_spelling import best_long_form, capitals_long_form, initials_long_form, spell_letters

_PAREN = regex.compile(r"\(([^()]{1,120})\)")
# A parenthesis or bracket between words; one inside a word, "poly(A)-binding", is part of
# the long form.
_ENCLOSURE = regex.compile(r"(?<![\w-])[(\[]|[)\]](?![\w-])")
_BRACKET = regex.compile(r"\[([^\[\]()]{1,120})\]")
_NESTED = regex.compile(r"\(([^()]{0,30}\([^()]{1,30}\)[^()]{0,30})\)")  # "(Su(fu))"
_WORD = regex.compile(r"\S+")
# The appositive "SF, a long form ...": found from its comma, then the short form is read
# backwards from it (scanning for the short form everywhere costs a hundred times more).
_COMMA = regex.compile(r",\s")
_APPOSITIVE_COMMA = regex.compile(r",\s+(?:(?:a|an|the)\s+)?(?P<rest>(?:(?!\b(?:that|which|who|where|whose|to|by|with)\b)[^,.;:()]){3,160})")
# "a method for ...", "a framework of ...": the long form may start after the kind noun.
_KIND_FOR = regex.compile(r"(?:[\w-]+\s+){0,2}?(?:method|framework|approach|model|system|technique|strategy|pipeline|algorithm)\s+(?:for|of)\s+")
_SHORT_BEFORE = regex.compile(r"(?<![\w-])(?P<sf>[A-Za-z][\w^+.-]*[A-Z][\w^+.-]*)\s*\Z")
# Capitalised words right after an appositive's spelled span, up to a kind noun: "ProPhy, a
# Progressive Physical Alignment Framework" spells "Progressive Physical" only.
_CAPITALISED_RUN = regex.compile(r"(?:[ ](?!(?:Framework|Method|Approach|Model|System|Technique|Strategy|Pipeline|Algorithm|Module|"
                                 r"Mechanism|Architecture|Paradigm|Scheme)\b)\p{Lu}[\p{L}\d]*(?:-[\p{L}\d]+)*)+")
_NEW_PHRASE = regex.compile(r",\s+(?!(?:and|or)\s+[A-Z])[a-z]")
_GAP = r"(?:\\[,;]|\s)*"  # spaces, and LaTeX thin spaces
_DASHED = regex.compile(rf"(?<![\w-])(?P<sf>[A-Za-z][\w^+-]*[A-Z][\w^+]*){_GAP}(?:---?|—|–){_GAP}"
                        rf"(?P<lf>\p{{Lu}}(?:(?!--)[^.;:—–\\()]){{3,100}}?(?<=\w)){_GAP}(?:---?|—|–)")
_SPACE_OR_PAREN = regex.compile(r"[\s()]")
_CLAUSE_BREAK = regex.compile(r"[;,]\s")  # compiled here: regex's own cache costs ~8 us a call
_UNSPACED_COMMA = regex.compile(r"(?<=[a-z]),(?=[A-Z])")  # "Its core mechanism,Surface-Anchored ..."
_LAST_WORD = regex.compile(r"(?<![\w/-])([\w^+-]+(?:/[\w^+-]+)*)$")  # "C/EBP" too
_TRAIL_PUNCT = ".,;:"
# What an acronym's first character can stand for besides its letter: X for "ex-", "cross"
# and "trans" (XAI, XNLI), a digit for its number (2RO: Two-Stage Robust Optimization).
_FIRST_LETTER_WORDS = {"x": ("x", "ex", "cross", "trans"), "1": ("one", "single"), "2": ("two", "dual", "bi"),
                       "3": ("three", "tri"), "4": ("four", "quad")}
_KIND_WORDS = frozenset("framework method approach strategy scheme module mechanism architecture paradigm pipeline system".split())
# A word that names what comes before it, opening a parenthesis: "Knowledge-aware Fine-tuning
# (namely KaFT)", "Adaptive Block Caching (termed ABC)". The short form is the rest.
_NAMING_CUE = regex.compile(r"\s*(?:namely|termed|dubbed|called|named|abbreviated(?:[ ]as)?|i\.e\.,?|a\.k\.a\.|aka)[ ]+")
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


def find_definitions(text: str) -> list[Definition]:
    """Every acronym definition in `text`, ordered by the short form's position."""
    found: list[Definition] = []
    for open_at, inner, inner_start, nested in _enclosures(text):
        cue = rx.match(_NAMING_CUE, inner)
        if cue and not nested:
            inner, inner_start = inner[cue.end() :], inner_start + cue.end()
        head = rx.split(_CLAUSE_BREAK, inner, maxsplit=1)[0].strip()
        lead = len(inner) - len(inner.lstrip())
        if nested and head != inner.strip():
            continue  # only a short form holding parentheses, "Su(fu)", needs the nested reading
        d = None
        if is_short_form(head) or is_lower_short_form(head):
            if lists_short_forms(inner):
                continue
            d = _lf_sf(text, open_at, head, inner_start + lead)
        if d is None and not nested:  # "MAM (meprin, A5, mu)": a word can be either
            d = _sf_lf(text, open_at, inner, inner_start)
        if d and not names_itself(d.short, d.long):
            found.append(d)
    taken = {d.short for d in found}
    for comma in rx.finditer(_COMMA, text):
        c = comma.start()
        lo = max(0, c - 30)
        before = text[lo:c].rstrip()
        word = before.rpartition(" ")[2]
        if not _has_capital(word):
            continue  # most commas follow a lower-case word: no short form to read
        # The short form holds no space: it lies in the last word, so the search starts
        # there, not at every place of the window (~4 us a comma that gets here).
        sf = rx.search(_SHORT_BEFORE, text, lo + len(before) - len(word), c)
        d = _appositive(text, sf, c) if sf else None
        if d and d.short not in taken:
            found.append(d)
            taken.add(d.short)
    if "--" in text or "—" in text or "–" in text:
        for d in _dashed(text):
            if d.short not in taken:
                found.append(d)
                taken.add(d.short)
    return sorted(found, key=lambda d: d.short_start)


def _dashed(text: str) -> list[Definition]:
    """`SF -- Long Form --`: a long form set off by dashes counts when it spells the short form
    whole ("RLEP -- Reinforcement Learning with Experience rePlay -- a two-phase framework").
    LaTeX thin spaces (\\,) around the dashes are read as spaces."""
    out = []
    for m in rx.finditer(_DASHED, text):
        short, long = m.group("sf"), m.group("lf")
        if is_short_form(short) and sum(ch.isupper() for ch in short) >= 2 and best_long_form(short, long) == long:
            out.append(Definition(short, long, m.start("sf"), m.end("sf"), m.start("lf"), m.end("lf"), "appositive"))
    return out


def _enclosures(text: str) -> list[tuple[int, str, int, bool]]:
    """(where it opens, inner text, where the inner text starts, nested?) of every
    parenthesis, and of every square bracket inside one: "Neurturin [NTN]" in "(GDNF,
    Neurturin [NTN], ...)" is read as well as its parenthesis, and "Suppressor of Fused (Su(fu))" by its outer one."""
    spans = [(m.start(), m.group(1), m.start(1), False) for m in rx.finditer(_PAREN, text)]
    if "[" in text:  # brackets as parentheses inside parentheses; alone they hold citations or tokens ("[CLS]")
        spans += [(m.start(), m.group(1), m.start(1), False) for m in rx.finditer(_BRACKET, text)
                  if text.rfind("(", 0, m.start()) > text.rfind(")", 0, m.start())]
    if text.count("(") > 1:
        spans += [(m.start(), m.group(1), m.start(1), True) for m in rx.finditer(_NESTED, text)]
    spans.sort()
    return spans


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
    # The long form lies within the sentence and after any earlier parenthesis or bracket:
    # "ligands (GDNF, ...)" after "factor (GDNF)" is no long form of anything in it.
    sentence = max(before.rfind(". "), before.rfind("; "), before.rfind(": "))
    enclosure = _last_enclosure(before)
    d = _lf_sf_after(before, max(sentence, enclosure), short, short_start)
    if d is None and enclosure > sentence and before[enclosure] == ")":
        # ... unless that parenthesis is an acronym the long form holds: "sparsity and total
        # variation (TV) constrained multilayer linear unmixing (STVMLU)".
        opened = before.rfind("(", 0, enclosure)
        inner = before[opened + 1 : enclosure]
        between_words = opened > 0 and before[opened - 1].isspace()
        if opened > sentence and between_words and not rx.search(_SPACE_OR_PAREN, inner) and is_short_form(inner):
            d = _lf_sf_after(before, max(sentence, _last_enclosure(before[:opened])), short, short_start)
            if d and not d.long_start < opened < d.long_end:
                d = None
    return d


def _lf_sf_after(before: str, cut: int, short: str, short_start: int) -> Definition | None:
    n = min(len(short) + 5, 2 * len(short))
    start = _last_words_start(before, cut + 1, n)  # the last n words of the sentence
    if start is None:
        return None
    long, kind = None, "lf-sf"
    if before.find(", ", start) >= 0:
        # Letter by letter, a span ends at a comma before a lower-case word, which starts
        # another phrase ("to reduce load, this study ..."); a capital continues a list
        # ("Transparent, Robust, and ..."). Word initials tell the lists of lower-case words.
        phrase = None
        for phrase in rx.finditer(_NEW_PHRASE, before, start):
            pass
        if phrase is not None:
            long = initials_long_form(short, before[start:])
            start = before.rfind(long, start) if long is not None else phrase.end() - 1
    candidate = before[start:]
    if long is not None:
        pass
    elif short == short.lower():
        long = initials_long_form(short, candidate)
        if long is None:
            return None
    else:
        long = best_long_form(short, candidate)
        if long is not None and long[:1].islower() and short[:1].isupper() and not short.isupper():
            wider = capitals_long_form(short, candidate, long)  # AReS: "Alternative efficient Reprogramming ..."
            long = wider if wider is not None and len(wider) > len(long) else long
    if long is None or len(long) <= len(short):
        long = _capitalised_tail(short, candidate)
        kind = "capitalised"
        if long is None:
            return None
    if "," in long:
        # A comma typed without its space still ends a clause: the word split above saw
        # "mechanism,Surface-Anchored" as one word, so cut after it.
        cut = 0
        for comma in rx.finditer(_UNSPACED_COMMA, long):
            cut = comma.end()
        long = long[cut:]
    long = _without_kind_word(short, long.strip().rstrip(_TRAIL_PUNCT))
    long_start = before.rfind(long, start)
    if long_start < 0 or long.lower() == short.lower() or long[0] in "([" or long.count("(") != long.count(")"):
        return None  # a long form is a phrase: it neither starts nor ends inside a parenthesis
    return Definition(short, long, short_start, short_start + len(short), long_start, long_start + len(long), kind)


def _last_enclosure(before: str) -> int:
    """Where the last parenthesis or bracket between words is (-1: none)."""
    if "(" not in before and ")" not in before and "[" not in before and "]" not in before:
        return -1
    last = -1
    for m in rx.finditer(_ENCLOSURE, before):
        last = m.start()
    return last


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
    """`SF (Long Form)`: the word before the parenthesis is the short form; "(for Long Form)"
    names it too. A long form of one word needs its hyphen parts to spell the short form by
    initials ("NMDA (N-methyl-D-aspartate)"), so that "GPT-4 (OpenAI)" is no definition."""
    offset = max(0, paren - 40)
    before = text[offset:paren].rstrip()
    m = rx.search(_LAST_WORD, before)
    if not m or not is_short_form(m.group(1)):
        return None
    short = m.group(1)
    lead = len(inner) - len(inner.lstrip())
    long = inner.strip().rstrip(_TRAIL_PUNCT)
    if long.startswith("for "):
        rest = long[4:]
        lead += 4 + len(rest) - len(rest.lstrip())
        long = rest.lstrip()
    if lists_names(long):
        return None  # "LLMs (GPT-4o, Llama-4-Scout-17b-16e, ...)" gives examples, not a long form
    if len(long.split()) < 2:
        if initials_long_form(short, long) != long:
            return None
    elif best_long_form(short, long) is None and spell_letters(short, long) is None:
        return None  # the parenthesis bounds the long form: its letters need only spell the short form
    return Definition(short, long, offset + m.start(1), offset + m.end(1), inner_start + lead, inner_start + lead + len(long), "sf-lf")


def _appositive(text: str, sf, comma: int) -> Definition | None:
    """`SF, a long form ...`: counts only when the long form's words spell the acronym. The
    short form is checked first: it rejects most candidates more cheaply than the phrase after
    the comma is read. "FRAME, a method for Forensic Routing and ... Evidence fusion" spells it
    after its kind noun and "for"."""
    short = sf.group("sf").rstrip(".")
    if not is_short_form(short) or sum(ch.isupper() for ch in short) < 2:
        return None
    m = rx.match(_APPOSITIVE_COMMA, text, comma)
    if m is None:
        return None
    rest, start = m.group("rest"), m.start("rest")
    span = _spelled_prefix(short, rest, head_noun=False)
    if span is None:
        kind = rx.match(_KIND_FOR, rest)
        if kind is None:
            return None
        rest, start = rest[kind.end() :], start + kind.end()
        if not rest[:1].isupper():
            return None  # "a method for mitigating hallucinations ..." says what it does, not what it stands for
        span = _spelled_prefix(short, rest, head_noun=True)
        if span is None:
            return None
    tail = rx.match(_CAPITALISED_RUN, rest, span)
    if tail:
        span = tail.end()  # the spelling ends inside a Title Case name: the name is whole
    long = rest[:span]
    return Definition(short, long, sf.start("sf"), sf.start("sf") + len(short), start, start + len(long), "appositive")


def _spelled_prefix(short: str, rest: str, head_noun: bool) -> int | None:
    """Where the longest start of `rest` that spells `short` ends, its last word starting with
    the acronym's last capital (LSGQuant: "... quantization"). With `head_noun` (after "a method
    for"), one lower-case head noun after a capitalised last word is taken in ("Evidence fusion
    for ..."), not a kind noun ("... Compression framework")."""
    last = next((ch for ch in reversed(short) if ch.isupper()), short[-1]).lower()
    words = list(rx.finditer(_WORD, rest))
    # The longest such span: "STAC, a Spatio-Temporally Aware Cache Compression framework".
    for k in range(min(len(words), len(short) + 4), 0, -1):
        candidate = rest[: words[k - 1].end()]
        word = words[k - 1].group().lower()
        if not word.startswith(last) or word in _STOPWORDS:
            continue
        if best_long_form(short, candidate) == candidate:
            if head_noun and k < len(words) and words[k - 1].group()[:1].isupper() and _head_noun_after(words, k):
                return words[k].end()
            return len(candidate)
    return None


def _head_noun_after(words: list, k: int) -> bool:
    """words[k] is a lower-case noun that ends the name: a preposition or nothing follows it."""
    word = words[k].group()
    if word.endswith(("ed", "ing", "ble", "ly")) or word in ("than", "that", "which"):
        return False  # a participle or an adjective starts the rest of the sentence
    return (word.isalpha() and word.islower() and word not in _STOPWORDS and word not in _KIND_WORDS
            and (k + 1 == len(words) or words[k + 1].group() in _STOPWORDS))


def _capitalised_tail(short: str, candidate: str) -> str | None:
    """Where no span spells the acronym: the capitalised phrase right before the parenthesis,
    if one of its words starts with the acronym's first letter, as every abbreviation does
    ("Spherical Optimal Transport Flow Matching (SOT-CFM)", not "Social Science and Ethical
    Reasoning (Domain III)")."""
    words = candidate.split()
    tail: list[str] = []
    for w in reversed(words):
        if w[:1].isupper():
            tail.append(w)
        else:
            break
    if len(tail) < 2:
        return None
    first = next((ch.lower() for ch in short if ch.isalnum()), "")
    parts = (p.lower() for w in tail for p in w.split("-"))
    if not any(p.startswith(_FIRST_LETTER_WORDS.get(first, (first,))) for p in parts):
        return None
    return " ".join(reversed(tail))
