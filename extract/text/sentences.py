"""Sentence spans for abstracts, tuned for scientific prose.

Extractors use sentences as context windows (which model does this number
belong to?), so a false split (after ``e.g.``, ``Fig.``, ``et al.``, an
initial) hurts more than a missed one.  One regex finds the boundaries; the
abbreviation and initial checks are lookbehinds, so there is no Python loop
over characters.
"""

from __future__ import annotations

import regex

from extract.text import rx

__all__ = ["split_sentences"]

# Tokens that end in a period but (almost) never end a sentence in abstracts.
# `etc.` is absent on purpose: it splits before a capital, and a lowercase
# continuation never splits anyway.
_ABBREV = (
    r"[Ee]\.g|[Ii]\.e|et\s+al|[Vv]s|[Cc]f|[Ff]igs?|[Ee]qs?|[Ee]qn|Sec|Secs|"
    r"[Tt]abs?|[Rr]efs?|No|Nos|approx|resp|Dr|Mr|Mrs|Ms|Prof|St|Inc|Ltd|Co|Jr|"
    r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec"
)
# A lone capital (not part of a word/identifier such as `Model-A`) is an
# initial (`J. Smith`, `A. B. Jones`) unless a common sentence opener
# follows, as in "of size N. We show ...".
_INITIAL = r"(?<![\w\-])\p{Lu}"
_OPENER = r"(?:" + "|".join((
    "We Our The This These That Those It Its In On For To As At By With From "
    "Using Here There Then Thus Hence Therefore Finally Moreover Furthermore "
    "However Additionally Also Further Notably Importantly Overall Instead "
    "Specifically Empirically Theoretically Experiments Extensive Results "
    "Code Data Under Unlike When While Although Though Since If Given "
    "Despite Building Based Through Across Compared Each Both All Such Most "
    "Many Existing Recent Previous Prior Current Second Third Next Lastly "
    "First An"
).split()) + r")\b"
_NEXT = r"""(?=\s+[\p{Lu}\p{N}"'“‘`(\$\\])"""

# Each branch starts with its literal terminator and checks the context with
# lookbehinds after it, so the engine skips ordinary chars on one compare.
_BOUNDARY = regex.compile("".join((
    r"(?:",
    # ! ? and ellipses end a sentence when a sentence-like start follows.
    r"(?:[!?…]|\.\.\.)[.!?…]*",
    # A single period, unless after an abbreviation or an initial ...
    r"|\.(?<![.!?…]\.)(?<!\b(?:", _ABBREV, r")\.)(?<!", _INITIAL, r"\.)",
    # ... but an initial followed by a common opener does end a sentence.
    r"|\.(?<![.!?…]\.)(?<=", _INITIAL, r"\.)(?=\s+", _OPENER, r")",
    r")[\"'”’)\]]*", _NEXT,
    # A blank line always separates (titles, headers, paragraphs).
    r"|\n(?=[^\S\n]*\n)",
)))


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Half-open (start, end) spans of the sentences of `text`, trimmed of
    surrounding whitespace, ordered, covering every non-space char."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in rx.finditer(_BOUNDARY, text):
        _add(text, start, m.end(), spans)
        start = m.end()
    _add(text, start, len(text), spans)
    return spans


def _add(text: str, start: int, end: int, spans: list) -> None:
    piece = text[start:end]
    stripped = piece.strip()
    if stripped:
        s = start + len(piece) - len(piece.lstrip())
        spans.append((s, s + len(stripped)))
