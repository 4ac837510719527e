"""Does a long form spell a short form? Word initials first, then Schwartz-Hearst's letters.

Two readings of "spells", tried in this order:
- **Initials**: the short form's letters are the first letters of the long form's words, hyphen
  and slash parts counting as words ("N-methyl-D-aspartate (NMDA)"), function words either
  spelled or skipped ("Tree of Thoughts (ToT)", "lethal of scute (l'sc)"), numbers optional.
  This is how most acronyms are made, and it finds the whole name where the letter-by-letter
  reading stops short ("Thyroid transcription factor 1 (TTF-1)", not "transcription factor 1").
- **Letters** (Schwartz & Hearst, PSB 2003, Fig. 2): the shortest suffix whose characters spell
  the short form right to left, the first letter at the start of a word; failing that, with the
  short form's digits read as words ("I2P" for Image-to-Point), unless the long form writes one
  of those digits (then the digit is that number and must be spelled: "core 2 ... (C2 GlcNAcT)")
  or the short form starts with one (a count or a position, "5-HT", which the long form writes).
"""
from __future__ import annotations

import re

_STOPWORDS = frozenset("a an and as at by for from in into of on or the to with".split())
_PHRASE_STARTERS = frozenset("a an the this that these those which who whose where when while its it our their "
                             "they we one each such both".split())
# A digit in a short form read as a word: its number, or the word it sounds like ("B2B").
_DIGIT_WORDS = {"1": ("one", "single"), "2": ("two", "to", "dual"), "3": ("three",), "4": ("four", "for"),
                "5": ("five",), "6": ("six",), "7": ("seven",), "8": ("eight",), "9": ("nine",)}


def best_long_form(short: str, long: str) -> str | None:
    """The suffix of `long` that the short form abbreviates, or None. The letters' reading
    goes first because it is cheap and, where it succeeds, an initials reading can only start
    at or before it; most of the time its span already reads by initials and is the answer."""
    repeated = _repeated_letters(short)
    if repeated:  # "G3T": Gravity Grounded Geometry Transformer; "A3C": Asynchronous Advantage Actor-Critic
        found = initials_long_form(repeated, long)
        if found is not None and len(found.replace("-", " ").split()) == len(repeated):
            return found  # one word a letter: "introduce an Image-to-Point (I2P)" reads 2 as "to"
    found = _spell(short, long)
    digits = {ch for ch in short if ch.isdigit()}
    if found is None and digits and short[0].isalpha() and not digits & set(long):
        found = _spell("".join(ch for ch in short if not ch.isdigit()), long)
    if found is None:
        # Only the initials read a digit as a word ("6-DoF" six-degree-of-freedom) or a plural
        # "s" as no letter ("chains of thought (CoTs)").
        return initials_long_form(short, long) if digits or short.endswith("s") else None
    if _reads_by_initials(short, found):
        return found
    return initials_long_form(short, long, before_word=len(found.split())) or found


_REPEAT = re.compile(r"([A-Z])([2-4])(?![\d.])")


def _repeated_letters(short: str) -> str | None:
    """The short form with a capital followed by a count written out ("G3T" -> "GGGT"), or
    None when it has no such count. Only a count after a capital that no other digit follows:
    "L2", "W2V2" and "3D" keep their digits."""
    if not any(ch.isdigit() for ch in short) or sum(ch.isalpha() for ch in short) < 2:
        return None
    spelled = _REPEAT.sub(lambda m: m.group(1) * int(m.group(2)), short)
    return spelled if spelled != short and not any(ch.isdigit() for ch in spelled) else None


def _reads_by_initials(short: str, long: str) -> bool:
    """`long`, whole, spells `short` by word initials."""
    marks = [ch.lower() for ch in short if ch.isalnum()]
    parts = long.replace("/", " ").replace("-", " ").split()
    if not parts or not _same_initial(marks[0], parts[0]) or long.split()[0].lower() in _STOPWORDS:
        return False
    plural = short.endswith("s") and sum(ch.isupper() for ch in short) >= 2
    # The usual case, checked without the general reading: one letter per content word.
    initials = [p[0].lower() for k, p in enumerate(parts) if not k or p.lower() not in _STOPWORDS]
    if initials == marks or (plural and initials == marks[:-1]):
        return True
    optional_digits = short != short.lower()
    return _initials_spell(marks, parts, optional_digits) or (plural and _initials_spell(marks[:-1], parts, optional_digits))


def initials_long_form(short: str, long: str, before_word: int | None = None) -> str | None:
    """The shortest suffix of `long`, starting at a whole word, whose word initials are the
    short form's letters (a plural "s" ending a short form of capitals may stand for no word).
    A digit of the short form is a word of its own ("6-DoF" six-degree-of-freedom, "i2i"
    image-to-image), which a short form with capitals may also leave unwritten ("TTF-1").
    The span crosses no comma that starts another phrase ("a fusion module, a multimodal
    representation (MMR)"), and may cross one in a list ("environmental, social, and
    governance (ESG)"). `before_word`: only spans starting before the word-counted-from-the-end
    that a letter-by-letter reading found, which no initials reading can beat on its right."""
    marks = [ch.lower() for ch in short if ch.isalnum()]
    if sum(ch.isalpha() for ch in marks) < 2:
        return None
    words = long.split()
    if marks[0].isalpha() and not any(_initial(w) == marks[0] for w in words):
        return None  # the common case: no word starts like the short form
    optional_digits = short != short.lower()
    plural = short.endswith("s") and sum(ch.isupper() for ch in short) >= 2
    tail: list[str] = []  # the words from the i-th on, hyphenated and slashed ones in parts
    content = 0  # parts of the tail that must each spell one letter
    for i in range(len(words) - 1, -1, -1):
        word = words[i]
        if word.endswith(",") and _starts_phrase(words, i + 1):
            break  # a comma that starts another phrase
        parts = [p for p in word.replace("/", "-").split("-") if p] if "-" in word or "/" in word else [word]
        tail = parts + tail
        content += sum(1 for p in parts if not _skippable(p))
        if content > len(marks) + 1:
            break  # more words than letters: a longer span has more still
        if word[0] in "-/" or (before_word is not None and len(words) - i <= before_word) or not _same_initial(marks[0], tail[0]):
            continue
        if word.lower() in _STOPWORDS:
            continue  # a long form starts with a content word: "Augmentative and Alternative Communication (AAC)"
        if _initials_spell(marks, tail, optional_digits) or (plural and _initials_spell(marks[:-1], tail, optional_digits)):
            return long[_word_start(long, words, i):]
    return None


def _starts_phrase(words: list[str], k: int) -> bool:
    """Words from k on start a new phrase (a determiner, pronoun or relative word, after
    "and"/"or" too), not the next item of a list ("environmental, social, and governance")."""
    if k < len(words) and words[k] in ("and", "or"):
        k += 1
    return k < len(words) and words[k].lower() in _PHRASE_STARTERS


def _word_start(text: str, words: list[str], i: int) -> int:
    """Where the i-th of text.split()'s words starts."""
    pos = 0
    for word in words[: i + 1]:
        pos = text.find(word, pos) + len(word)
    return pos - len(words[i])


def _same_initial(mark: str, part: str) -> bool:
    if mark.isdigit():
        return part == mark or part.lower() in _DIGIT_WORDS.get(mark, ())
    return _initial(part) == mark


def _initial(part: str) -> str:
    """The first letter or digit of a word, inside any markup ("\\emph{Core", "(Promyelocyte")."""
    if part[0].isalnum():
        return part[0].lower()
    if part.startswith("\\") and "{" in part:
        part = part[part.rfind("{") + 1 :]
    return next((ch.lower() for ch in part if ch.isalnum()), "")


def _skippable(part: str) -> bool:
    """A function word or a number, which an acronym may leave out."""
    return part.lower() in _STOPWORDS or not any(ch.isalpha() for ch in part) or part[0].isdigit()


def _initials_spell(marks: list[str], parts: list[str], optional_digits: bool) -> bool:
    """Every word used once from its initial, in order; function words and numbers may be
    skipped, except the first word, which starts the long form."""
    # reach[j]: the first j marks are spelled by the parts read so far
    reach = {0}
    n = len(marks)
    for k, part in enumerate(parts):
        initial = _initial(part)
        step = set()
        for j in reach:
            while j < n and optional_digits and marks[j].isdigit() and not _same_initial(marks[j], part):
                j += 1  # a digit the long form does not write
            if j < n and (marks[j] == initial if not marks[j].isdigit() else _same_initial(marks[j], part)):
                step.add(j + 1)
        reach = step | reach if k and _skippable(part) else step
        if not reach:
            return False
    return any(j == n or (optional_digits and all(m.isdigit() for m in marks[j:])) for j in reach)


def spell_letters(short: str, long: str) -> str | None:
    """`_spell` on the short form's letters alone, for a long form that something else bounds."""
    return _spell("".join(ch for ch in short if ch.isalpha()), long)


def _spell(short: str, long: str) -> str | None:
    """The shortest suffix of `long` whose characters spell `short`, right to left, with the
    short form's first letter or digit at the start of a word (Schwartz & Hearst, Fig. 2)."""
    low: str | list[str] = long.lower()
    by_char = len(low) != len(long)  # a character whose lower case is longer (rare)
    if by_char:
        low = [ch.lower() for ch in long]
    first = next((i for i, ch in enumerate(short) if ch.isalnum()), None)
    if first is None:
        return None
    s, l = len(short) - 1, len(long) - 1
    while s >= first:
        c = short[s].lower()
        if not c.isalnum():
            s -= 1
            continue
        l = _find_left(low, long, c, l, s == first, by_char)
        if l < 0:
            return None
        l -= 1
        s -= 1
    start = max(long.rfind(" ", 0, l + 1), long.rfind("\n", 0, l + 1)) + 1  # the word's start
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


def capitals_long_form(short: str, long: str, letters: str) -> str | None:
    """The shortest suffix of `long`, starting at a capitalised word, in which the short form's
    capitals are word initials in order and its lower-case letters are letters in between:
    "an Alternative efficient Reprogramming approach for Service models (AReS)", which the
    letter-by-letter reading cuts to "approach for Service models". Asked only for a short form
    that mixes cases and starts with a capital, where the letters' reading starts in lower case
    (`letters`) and does not read by initials (then it is right: "large language models (LLMs)")."""
    marks = [ch for ch in short if ch.isalpha()]
    if len(marks) < 3 or not marks[0].isupper() or sum(ch.isupper() for ch in marks) < 2 or _reads_by_initials(short, letters):
        return None
    words = long.split()
    for i in range(len(words) - 1, -1, -1):
        if words[i][:1] == marks[0] and _capitals_spell(marks, words[i:]):
            return long[_word_start(long, words, i):]
    return None


def _capitals_spell(marks: list[str], words: list[str]) -> bool:
    """Capitals at the starts of words (or hyphen parts), lower-case letters anywhere after."""
    parts = [p for w in words for p in w.split("-") if p]
    k, pos = 0, 1  # the part and the character read up to; the first capital is parts[0][0]
    for mark in marks[1:]:
        if mark.isupper():
            k += 1
            while k < len(parts) and parts[k][:1] != mark:  # a capital stands for a capitalised word
                k += 1
            if k >= len(parts):
                return False
            pos = 1
        else:
            while k < len(parts):
                at = parts[k].lower().find(mark, pos)
                if at >= 0:
                    pos = at + 1
                    break
                k, pos = k + 1, 0
            if k >= len(parts):
                return False
    return True
