"""The tokenizer of every pipeline the project builds: spaCy's English one with one more
suffix rule, a sentence's final period after a capital that follows a lower-case letter, a
digit or a hyphen.

spaCy splits the period off "MMLU." and "CIFAR-10." but leaves "GSM8K.", "CoT.", "mIoU.",
"ADE20K." and "IJB-C." one token each, so the one phrase pass over the tokens never saw those
names at the end of a sentence: 102 times in the 20,000 corpus abstracts (bench corpus,
counted with the word lists). With the rule their tokens are the tokens of the listed name
("GSM8", "K") and a ".". Abbreviations keep their periods: "e.g.", "U.S.", "Ph.D." are
spaCy's exceptions, and "Fig." ends in a lower-case letter.

And one more infix rule: a comparison sign between a name and a number ("F1=0.657",
"p<0.05", "AUC>=0.9") splits off, as spaCy already splits it before a letter ("k=n"), so the
listed name before it is a token of its own ("AUC=0.751", "R^2=0.95", "Pearson r=0.98"): 64
metric values of the corpus abstracts gained their name or a fuller one with it.

The suffix and infix searches are remembered by string (`AffixMemo`): the tokenizer is the
largest stage of the pipeline, and these two searches are most of its own cost.
"""
from __future__ import annotations

import re

import spacy
from spacy.lang.char_classes import ALPHA_LOWER, ALPHA_UPPER
from spacy.language import Language
from spacy.tokenizer import Tokenizer
from spacy.util import compile_infix_regex, compile_suffix_regex

from extract.engine import affixfacts

# Each rule tests its one literal character before its look-behind: spaCy searches these
# regexes at every place of every token, and a look-behind over the Unicode letter classes
# tried first cost every token ~0.6 us (bench/benchmark.py: 1.17x the bare pass, 1.05-1.08x now).
FINAL_PERIOD = rf"\.(?<=[{ALPHA_LOWER}0-9-][{ALPHA_UPPER}]\.)"
SIGN_BEFORE_NUMBER = rf"(?=[=<>≤≥])(?<=[{ALPHA_LOWER}{ALPHA_UPPER}0-9])(?:[=<>≤≥]|<=|>=)(?=[+\-−]?\.?[0-9])"


# Strings an AffixMemo keeps before it starts afresh. Over the 20,000 corpus abstracts,
# 2**16 left 501,000 of the searches to do (2**17: 380,000; 2**18: 335,000) and cost ~15 MB
# of peak memory in one process running them all. Since the searches a string cannot
# satisfy are skipped (TailSearch, the letters test), a miss costs less: 2**15 keeps
# bench/benchmark.py's peak with --jobs 2 (two pipelines in one process) at 386 MB, under
# its 400 MB budget (411 MB with 2**16), for the same ratio (4.12 against 4.14).
MEMO_SIZE = 1 << 15


def blank_english() -> Language:
    """`spacy.blank("en")` with the final-period and sign rules, its suffix and infix
    searches remembered (`AffixMemo`), and its prefix and URL searches tried only where a
    match can be (`Prechecked`).

    The tokenizer is made anew with every search in place: each search set on an existing
    tokenizer reloads its 9,400 special cases (about 0.1 s each; six of them were 0.6 s of
    the start-up of every run)."""
    nlp = spacy.blank("en")
    old = nlp.tokenizer
    prefix = old.prefix_search.__self__
    first = affixfacts.start_chars(prefix.pattern)
    suffixes = compile_suffix_regex([*(nlp.Defaults.suffixes or ()), FINAL_PERIOD])
    infixes = compile_infix_regex([*(nlp.Defaults.infixes or ()), SIGN_BEFORE_NUMBER])
    url_match = old.url_match
    url = url_match.__self__ if url_match is not None else None
    if url is not None and affixfacts.needs(url.pattern, _is_period):
        url_match = Prechecked(url, held=".").match
    nlp.tokenizer = Tokenizer(
        nlp.vocab, rules=old.rules,
        prefix_search=Prechecked(prefix, first=first).search if first is not None else old.prefix_search,
        suffix_search=AffixMemo(suffixes, shortcuts=True).search,
        infix_finditer=AffixMemo(infixes, shortcuts=True).finditer,
        token_match=old.token_match, url_match=url_match, faster_heuristics=old.faster_heuristics)
    return nlp


def _is_period(ch: str) -> bool:
    return ch == "."


class Prechecked:
    """A regex of the tokenizer tried only on the strings a quick test lets through, the test
    a necessary condition of a match read off the regex (extract/engine/affixfacts.py): a
    prefix starts with one of the characters prefixes start with (`first`), every URL holds
    a period (`held`). Of the ~35 strings an abstract has that the tokenizer has not seen
    before, most pass neither test."""

    def __init__(self, compiled: re.Pattern, first: frozenset[str] | None = None, held: str | None = None):
        self.compiled = compiled
        self.pattern = compiled.pattern  # what spaCy saves with a pipeline (`prefix_search.__self__.pattern`)
        self.first = first
        self.held = held

    def search(self, string: str) -> re.Match | None:
        return self.compiled.search(string) if self._may_match(string) else None

    def match(self, string: str) -> re.Match | None:
        return self.compiled.match(string) if self._may_match(string) else None

    def _may_match(self, string: str) -> bool:
        if self.first is not None and string and string[0] not in self.first:
            return False
        return self.held is None or self.held in string


class AffixMemo:
    """A compiled affix regex of the tokenizer whose `search` and `finditer` remember their
    result for each string.

    Why: spaCy keeps the tokens of every whitespace-separated chunk it has seen, but splits a
    new chunk from scratch, searching its suffixes and infixes again, and most new chunks
    hold a word already searched ("model" of "model," and "(model)"). Over the corpus
    abstracts about half the suffix and infix searches repeat an earlier one (bench corpus,
    first 3,000 abstracts: 55% and 53%); each is a try of ~85 alternatives at every character
    of the string (~2.5 us), a look-up is a tenth of that. The results are the regex's own
    match objects, so the tokens do not change. At most MEMO_SIZE strings are kept (then it
    starts afresh): memory stays bounded on any input.

    With `shortcuts`, a string not seen before costs less where the regex's shape allows: a
    suffix is searched for near the end of the string only (`TailSearch`), and a word of
    letters and digits holds no infix when every infix is punctuation or a symbol."""

    def __init__(self, compiled: re.Pattern, shortcuts: bool = False):
        self.compiled = compiled
        self.pattern = compiled.pattern  # what spaCy saves with a pipeline (`search.__self__.pattern`)
        self.shortcuts = shortcuts  # what the regex's shape spares (TailSearch, a word of letters)
        self._search = TailSearch.of(compiled) if shortcuts else compiled.search
        # The characters a suffix can end with (None: any)
        self._last = affixfacts.end_chars(compiled.pattern) if shortcuts else None
        # An infix is punctuation or a symbol: a word of letters and digits has none to find
        self._letters_have_none = shortcuts and affixfacts.needs(compiled.pattern, _not_alphanumeric)
        self._searched: dict[str, re.Match | None] = {}
        self._split: dict[str, tuple[re.Match, ...]] = {}

    def search(self, string: str) -> re.Match | None:
        """`compiled.search(string)`, remembered."""
        if string not in self._searched:
            if string and self._last is not None and string[-1] not in self._last and "\n" not in string:
                return None  # `$` may match before a final newline: no shortcut then
            _remember(self._searched, string, self._search(string))
        return self._searched[string]

    def finditer(self, string: str) -> tuple[re.Match, ...]:
        """The matches of `compiled.finditer(string)`, as a tuple (spaCy makes a list of them),
        remembered."""
        if string not in self._split:
            if self._letters_have_none and string.isalnum():
                return ()  # six in ten of the strings not seen before (corpus abstracts)
            _remember(self._split, string, tuple(self.compiled.finditer(string)))
        return self._split[string]

    def __getstate__(self):
        # a copy starts with an empty memo: match objects do not pickle
        return {"compiled": self.compiled, "shortcuts": self.shortcuts}

    def __setstate__(self, state):
        self.__init__(state["compiled"], state.get("shortcuts", False))


class TailSearch:
    """`compiled.search(string)` for a regex each of whose branches ends the string (`...$`:
    the tokenizer's suffixes), started where a match can start: at most `width` characters
    before the end, the most a branch of bounded length consumes, unless the string ends in
    a longer run of the one character a branch repeats without bound (`\\.\\.+$`).

    Why: a search tries all ~85 suffixes at every character of the string, and the
    strings the memo has not seen cost a twentieth of the whole pipeline this way (callgrind,
    corpus abstracts). A look-behind still sees the whole string (`search(string, pos)` is
    not `search(string[pos:])`), so the match is the one the whole search finds."""

    def __init__(self, compiled: re.Pattern, width: int, run: str | None):
        self.compiled = compiled
        self.width = width
        self.too_long = run * (width + 1) if run else None  # a repeated branch can start earlier

    @classmethod
    def of(cls, compiled: re.Pattern):
        """A TailSearch's `search`, or `compiled.search` itself where the regex is not made
        of such branches (a user's own suffixes may not be)."""
        reach = affixfacts.suffix_reach(compiled.pattern)
        if reach is None:
            return compiled.search
        return cls(compiled, *reach).search

    def search(self, string: str) -> re.Match | None:
        start = len(string) - self.width
        if start <= 0 or "\n" in string or (self.too_long and string.endswith(self.too_long)):
            return self.compiled.search(string)  # `$` also matches before a final newline
        return self.compiled.search(string, start)


def _not_alphanumeric(ch: str) -> bool:
    return not ch.isalnum()


def _remember(found: dict, string: str, result) -> None:
    if len(found) >= MEMO_SIZE:
        found.clear()  # afresh: memory stays bounded on any input
    found[string] = result


def split_final_period(nlp: Language) -> None:
    """Add the final-period rule to the suffixes of `nlp`'s tokenizer (once): for a pipeline
    not made by `blank_english`, e.g. `spacy.blank("en")` with one of the components."""
    suffixes = list(nlp.Defaults.suffixes or ())
    if FINAL_PERIOD not in suffixes:
        nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes + [FINAL_PERIOD]).search


def split_sign_before_number(nlp: Language) -> None:
    """Add the sign rule to the infixes of `nlp`'s tokenizer (once), as `split_final_period`."""
    infixes = list(nlp.Defaults.infixes or ())
    if SIGN_BEFORE_NUMBER not in infixes:
        nlp.tokenizer.infix_finditer = compile_infix_regex(infixes + [SIGN_BEFORE_NUMBER]).finditer
