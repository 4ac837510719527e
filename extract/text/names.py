"""Name normalisation shared by extraction and scoring: FIELDS.md compares names
case-, accent-, markup-, punctuation- and plural-insensitively."""
from __future__ import annotations

import unicodedata
from functools import lru_cache

import regex

from extract.text import rx

_SPACES = regex.compile(r"\s+")
_NOT_ALNUM = regex.compile(r"[^\p{L}\p{N}]+")
_ASCII_NOT_ALNUM = {c: None for c in range(128) if not chr(c).isalnum()}  # str.translate: delete
_STRIP = " \t\n.,;:!?'\"`*()[]{}"


def clean_name(text: str) -> str:
    """The display form of a span of the clean view: whitespace folded, stray punctuation off."""
    return rx.sub(_SPACES, " ", text).strip(_STRIP)


@lru_cache(maxsize=1 << 16)
def name_key(name: str) -> str:
    """Compare key: accents folded, lower case, only letters and digits, plural `s` dropped.
    Cached: the same few thousand names are keyed over and over."""
    if name.isascii():
        # ASCII letters and digits are all the \p{L} and \p{N} it can hold: a str method, not a
        # regex substitution (~12 new names an abstract)
        key = name.lower()
        if not key.isalnum():
            key = key.translate(_ASCII_NOT_ALNUM)
    else:
        folded = unicodedata.normalize("NFKD", name)
        folded = "".join(c for c in folded if not unicodedata.combining(c))
        key = rx.sub(_NOT_ALNUM, "", folded.lower())
    if len(key) > 3 and key.endswith("es") and key[-3] in "sxz":
        return key[:-2]
    if len(key) > 2 and key.endswith("s") and not key.endswith("ss"):
        return key[:-1]
    return key
