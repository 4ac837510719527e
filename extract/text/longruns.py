"""Where the clean view reads a character as a space so that the tokenizer never gets a long
run of punctuation or a long chunk without whitespace.

In a run of more than ``MAX_PUNCT_RUN`` punctuation chars (``"=" * 10000``,
100,000 ``(``, the closing braces of deeply nested markup) every
``MAX_PUNCT_RUN + 1``-th char reads as a space, and so does one char in
every ``MAX_CHUNK + 1`` of a chunk without whitespace that is still longer.
spaCy's tokenizer splits affixes one at a time and each split searches the
rest of the chunk again, so one such run costs time quadratic in its length
(10,000 ``=``: about 25 s); cut into short chunks it is linear.  The
replacement is one char for one, so offsets are unchanged.  In the clean
views of the 20,000 corpus abstracts the longest punctuation run is 7 chars
and the longest chunk 134: real text is untouched.
"""
from __future__ import annotations

from bisect import bisect_left

import regex

from extract.text import rx

# Longest run of punctuation chars handed to the tokenizer in one piece.
MAX_PUNCT_RUN = 8
MAX_CHUNK = 256  # and longest chunk without whitespace
HALF_CHUNK = (MAX_CHUNK + 1) // 2  # a chunk longer than MAX_CHUNK covers an aligned window of this length
_PUNCT = r"[^\w\s]"
_PUNCT_RUN = regex.compile(_PUNCT + "{%d,}" % (MAX_PUNCT_RUN + 1))
_LONG_CHUNK = regex.compile(r"\S{%d,}" % (MAX_CHUNK + 1))


def punctuation_breaks(text: str) -> list[int]:
    """Positions (sorted) of the chars that read as spaces to cut long punctuation runs,
    then chunks still longer than MAX_CHUNK; linear in the length of `text`."""
    breaks: list[int] = []
    for m in rx.finditer(_PUNCT_RUN, text) if _may_hold_punct_run(text) else ():
        breaks.extend(range(m.start() + MAX_PUNCT_RUN, m.end(), MAX_PUNCT_RUN + 1))
    extra: list[int] = []
    if not _may_hold_long_chunk(text):
        return breaks  # real text stops here
    for m in rx.finditer(_LONG_CHUNK, text):
        pos, end = m.span()
        for q in breaks[bisect_left(breaks, pos):bisect_left(breaks, end)] + [end]:
            while q - pos > MAX_CHUNK:
                pos += MAX_CHUNK
                extra.append(pos)
                pos += 1
            pos = q + 1
    return sorted(breaks + extra) if extra else breaks


# ASCII bytes of punctuation (what `_PUNCT` matches) to 1, all others to 0, for the check below
_PUNCT_BYTES = bytes(1 if regex.match(_PUNCT, chr(c)) else 0 for c in range(128)) + bytes(128)


def _may_hold_punct_run(text: str) -> bool:
    """False when an ASCII `text` holds no run of more than MAX_PUNCT_RUN punctuation chars:
    its bytes mapped to 0/1 by `_PUNCT_BYTES` hold no such run of 1s. Two passes in C over
    the bytes cost about a tenth of the regex module's scan of the text (which steps
    through it a character at a time, 18 us an abstract, bench corpus)."""
    if not text.isascii():
        return True
    return b"\x01" * (MAX_PUNCT_RUN + 1) in text.encode("ascii").translate(_PUNCT_BYTES)


def _may_hold_long_chunk(text: str) -> bool:
    """False when no chunk of `text` can be longer than MAX_CHUNK. Such a chunk covers one
    of the aligned windows of HALF_CHUNK characters whole, so every window holding a space
    rules it out: a dozen `in` tests an abstract, where splitting it into words cost a
    third of the clean view (bench/benchmark.py)."""
    if len(text) <= MAX_CHUNK:
        return False
    return not all(" " in text[i : i + HALF_CHUNK] for i in range(0, len(text) - HALF_CHUNK + 1, HALF_CHUNK)) \
        and max(map(len, text.split()), default=0) > MAX_CHUNK
