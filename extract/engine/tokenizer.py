"""The tokenizer of every pipeline the project builds: spaCy's English one with one more
suffix rule, a sentence's final period after a capital that follows a lower-case letter or a
digit.

spaCy splits the period off "MMLU." and "CIFAR-10." but leaves "GSM8K.", "CoT.", "mIoU."
and "ADE20K." one token each, so the one phrase pass over the tokens never saw those names at
the end of a sentence: 102 times in the 20,000 corpus abstracts (bench corpus, counted with
the word lists). With the rule their tokens are the tokens of the listed name ("GSM8", "K")
and a ".". Abbreviations keep their periods: "e.g.", "U.S.", "Ph.D." are spaCy's exceptions,
and "Fig." ends in a lower-case letter.

And one more infix rule: a comparison sign between a name and a number ("F1=0.657",
"p<0.05", "AUC>=0.9") splits off, as spaCy already splits it before a letter ("k=n"), so the
listed name before it is a token of its own ("AUC=0.751", "R^2=0.95", "Pearson r=0.98"): 64
metric values of the corpus abstracts gained their name or a fuller one with it.

The suffix and infix searches are remembered by string (`AffixMemo`): the tokenizer is the
largest stage of the pipeline, and these two searches are most of its own cost.
"""
from __future__ import annotations

import re

try:  # the parser and constants of the `re` module (Python 3.11+; before, sre_parse)
    from re import _constants as _re_constants, _parser as _re_parser
except ImportError:  # pragma: no cover
    import sre_constants as _re_constants
    import sre_parse as _re_parser

import spacy
from spacy.lang.char_classes import ALPHA_LOWER, ALPHA_UPPER
from spacy.language import Language
from spacy.util import compile_infix_regex, compile_suffix_regex

# Each rule tests its one literal character before its look-behind: spaCy searches these
# regexes at every place of every token, and a look-behind over the Unicode letter classes
# tried first cost every token ~0.6 us (bench/benchmark.py: 1.17x the bare pass, 1.05-1.08x now).
FINAL_PERIOD = rf"\.(?<=[{ALPHA_LOWER}0-9][{ALPHA_UPPER}]\.)"
SIGN_BEFORE_NUMBER = rf"(?=[=<>≤≥])(?<=[{ALPHA_LOWER}{ALPHA_UPPER}0-9])(?:[=<>≤≥]|<=|>=)(?=[+\-−]?\.?[0-9])"


# Strings an AffixMemo keeps before it starts afresh. Over the 20,000 corpus abstracts,
# 2**16 leaves 501,000 of the searches to do (2**17: 380,000; 2**18: 335,000) and costs
# ~15 MB of peak memory in one process running them all (2**17: ~40 MB, which takes
# bench/benchmark.py over its 400 MB budget).
MEMO_SIZE = 1 << 16


def blank_english() -> Language:
    """`spacy.blank("en")` with the final-period and sign rules, and its suffix and infix
    searches remembered (`AffixMemo`)."""
    nlp = spacy.blank("en")
    split_final_period(nlp)
    split_sign_before_number(nlp)
    tokenizer = nlp.tokenizer
    tokenizer.suffix_search = AffixMemo(tokenizer.suffix_search.__self__, shortcuts=True).search
    tokenizer.infix_finditer = AffixMemo(tokenizer.infix_finditer.__self__, shortcuts=True).finditer
    return nlp


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
        # An infix is punctuation or a symbol: a word of letters and digits has none to find
        self._letters_have_none = shortcuts and _needs_a_symbol(compiled.pattern)
        self._searched: dict[str, re.Match | None] = {}
        self._split: dict[str, tuple[re.Match, ...]] = {}

    def search(self, string: str) -> re.Match | None:
        """`compiled.search(string)`, remembered."""
        if string not in self._searched:
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
        return {"compiled": self.compiled, "shortcuts": self.shortcuts}  # a copy starts with an empty memo: match objects do not pickle

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
        reach = _suffix_reach(compiled.pattern)
        if reach is None:
            return compiled.search
        return cls(compiled, *reach).search

    def search(self, string: str) -> re.Match | None:
        start = len(string) - self.width
        if start <= 0 or "\n" in string or (self.too_long and string.endswith(self.too_long)):
            return self.compiled.search(string)  # `$` also matches before a final newline
        return self.compiled.search(string, start)


def _needs_a_symbol(pattern: str) -> bool:
    """Whether every match of `pattern` consumes a character that is neither a letter nor a
    digit (`str.isalnum`), as every infix of the tokenizer does; False when it cannot tell."""
    try:
        return _holds_a_symbol(_re_parser.parse(pattern))
    except Exception:  # a parser of another Python version
        return False


def _holds_a_symbol(items) -> bool:
    """A sequence of parsed items, one of which surely consumes a non-alphanumeric character."""
    c = _re_constants
    for op, av in items:
        if op is c.LITERAL and not chr(av).isalnum():
            return True
        if op is c.IN and _symbols_only(av):
            return True
        if op is c.SUBPATTERN and _holds_a_symbol(av[-1]):
            return True
        if op is c.BRANCH and all(_holds_a_symbol(b) for b in av[1]):
            return True
        if op in (c.MAX_REPEAT, c.MIN_REPEAT) and av[0] >= 1 and _holds_a_symbol(av[2]):
            return True
    return False


def _symbols_only(members) -> bool:
    """A character class of no letter or digit."""
    c = _re_constants
    for op, av in members:
        if op is c.LITERAL:
            chars = (av,)
        elif op is c.RANGE:
            chars = range(av[0], av[1] + 1)
        else:  # a negation or a category (\\d, \\w ...)
            return False
        if any(chr(ch).isalnum() for ch in chars):
            return False
    return True


def _suffix_reach(pattern: str) -> tuple[int, str | None] | None:
    """(the most characters a bounded branch of `pattern` consumes, the character that the
    one unbounded branch repeats) when every branch ends with `$` and the only unbounded
    one is a character repeated (`\\.\\.+$`); None otherwise. Read with the parser of the
    `re` module the tokenizer compiles with."""
    try:
        tree = _re_parser.parse(pattern)
        branches = tree[0][1][1] if len(tree) == 1 and tree[0][0] is _re_constants.BRANCH else [tree]
        width, run = 0, None
        for branch in branches:
            items = list(branch)
            if not items or items[-1] != (_re_constants.AT, _re_constants.AT_END):
                return None
            low, high = branch.getwidth()
            if high < _re_constants.MAXREPEAT:
                width = max(width, high)
                continue
            # the one unbounded shape known: c c+ $
            if run is not None or len(items) != 3 or items[0][0] is not _re_constants.LITERAL:
                return None
            op, (lo, hi, body) = items[1]
            if op is not _re_constants.MAX_REPEAT or list(body) != [items[0]] or hi != _re_constants.MAXREPEAT:
                return None
            run = chr(items[0][1])
        return width, run
    except Exception:  # a parser of another Python version: no shortcut, the plain search
        return None


def _remember(found: dict, string: str, result) -> None:
    if len(found) >= MEMO_SIZE:
        found.clear()  # afresh: memory stays bounded on any input
    found[string] = result


def split_final_period(nlp: Language) -> None:
    """Add the rule to the suffixes of `nlp`'s tokenizer (once)."""
    suffixes = list(nlp.Defaults.suffixes or ())
    if FINAL_PERIOD not in suffixes:
        nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes + [FINAL_PERIOD]).search


def split_sign_before_number(nlp: Language) -> None:
    """Add the sign rule to the infixes of `nlp`'s tokenizer (once)."""
    infixes = list(nlp.Defaults.infixes or ())
    if SIGN_BEFORE_NUMBER not in infixes:
        nlp.tokenizer.infix_finditer = compile_infix_regex(infixes + [SIGN_BEFORE_NUMBER]).finditer
