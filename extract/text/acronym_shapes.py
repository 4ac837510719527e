"""What can be a short form, and which parentheses and spans cannot be a definition.

Shape tests the acronym finder (`extract.text.acronyms`) asks before it spells anything: a
short form's shape (Schwartz and Hearst's, tightened for abstracts, and lower-case ones), a
parenthesis that lists short forms or names instead of expanding one, a long form that holds
its own short form.
"""
from __future__ import annotations

import regex

from extract.text import rx

_CLAUSE_BREAK = regex.compile(r"[;,]\s")
_TOKEN_BREAK = regex.compile(r"[\s/-]+")
_VERSION = regex.compile(r"\d+(?:\.\d+)*")
_WORD_PUNCT = ".,;:()[]\"'"


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


def is_lower_short_form(candidate: str) -> bool:
    """A short form in lower case, as genes and units are named ("Sine oculis (so)", "frames
    per second (fps)"): one token of 2-8 characters, letters mostly, no dot (dotted lower case
    is Latin, "e.g.", "i.e.", "cf."). Accepted only where the long form's initials spell it."""
    c = candidate.strip()
    return (2 <= len(c) <= 8 and c[0].isalpha() and c.islower() and " " not in c and "." not in c
            and sum(ch.isalpha() for ch in c) >= max(2, len(c) - 2))


def lists_short_forms(inner: str) -> bool:
    """"(SAF-1, SAF-5, and SAF-8)" enumerates short forms; it defines none of them."""
    parts = rx.split(_CLAUSE_BREAK, inner)
    if len(parts) < 2:
        return False
    items = [p.strip().removeprefix("and ").removeprefix("or ").strip() for p in parts]
    return all(" " not in item and is_short_form(item) for item in items)


def lists_names(inner: str) -> bool:
    """A parenthesis whose first two comma-separated items are names lists examples: "LLMs
    (GPT-4o, Llama 3.1, ...)". "Dropping Experts, Recombining Neurons" and "4-bit weight,
    6-bit activation" are long forms."""
    items = inner.split(", ")[:2]
    return len(items) == 2 and all(_has_name_shape(item) for item in items)


def _has_name_shape(item: str) -> bool:
    """A word (or hyphen part) of two capitals or a capital and a digit ("GPT", "o4", "V3"),
    or a version number after a capitalised word ("Llama 3.1", "Gemma-2")."""
    tokens = [t for t in rx.split(_TOKEN_BREAK, item) if t]
    for i, token in enumerate(tokens):
        capitals = sum(ch.isupper() for ch in token)
        if capitals >= 2 or (capitals and any(ch.isdigit() for ch in token)):
            return True
        if i and tokens[i - 1][0].isupper() and rx.fullmatch(_VERSION, token):
            return True
    return False


def names_itself(short: str, long: str) -> bool:
    """A long form that has the short form, or its stem before "-1", as one of its words is
    no expansion of it: "Stat1 (via E1A N-terminal and Stat1 C-terminal residues)"."""
    stem = short.rsplit("-", 1)[0] if short.rsplit("-", 1)[-1].isdigit() else short
    words = {w.strip(_WORD_PUNCT).lower() for w in long.split()}
    return short.lower() in words or stem.lower() in words
