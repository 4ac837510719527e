"""Numbers as abstracts write them, read into floats: `76.0`, `1,234.5`, `+14.1`, `-0.20`,
`.5`, ranges (`4.45-5.64`, `14.95 to 50.82`, `2--4`, `+0.20 to +0.23`) and number words
that carry a claim ("twice", "two-fold", "an order of magnitude" = 10).

The metrics and speedups fields share it, so that a number means the same in both. Word
lists (number words, qualifiers, unit names) are data in `data/gazetteers/`, read once.
"""
from __future__ import annotations

from functools import cache

import regex

from extract.text import rx

from extract.resources import data_dir
from extract.resources.wordlists import load_word_list

# One number: thousands separators only in groups of three ("1,234"), else a plain decimal.
_NUMBER = regex.compile(r"[+\-±]?\s?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)")
_LATEX_COMMA = regex.compile(r"\{,\}")
# What may separate the two ends of a range: "-", "--", en/em dash, "~", "to".
_RANGE = regex.compile(
    r"^\s*(?P<low>[+\-±]?\s?[\d.,]+)\s*%?\s*(?:--|[-–—~]|\bto\b)\s*(?P<high>[+\-±]?\s?[\d.,]+)\s*%?\s*$")
_SPACES = regex.compile(r"\s+")


def parse_number(text: str) -> float | None:
    """The value of one written number (signs kept), or None if `text` is not one.

    >>> parse_number("1,234.5"), parse_number("+14.1"), parse_number("two-fold")
    (1234.5, 14.1, 2.0)
    """
    s = text.strip()
    if s.replace(".", "", 1).isdecimal() and s[-1] != ".":  # "76.0", ".5", "2024": no clean-up needed
        return float(s)
    s = rx.sub(_LATEX_COMMA, ",", rx.sub(_SPACES, " ", s)).replace("\u2212", "-")
    m = rx.fullmatch(_NUMBER, s)
    if m:
        s = s.replace(",", "").replace(" ", "").replace("±", "")
        try:
            return float(s)
        except ValueError:  # a digit `\d` knows and float() does not (U+116D6): not a number here
            return None
    return word_value(s)


def parse_range(text: str) -> tuple[float, float | None] | None:
    """(low, high) of a range ("4.45-5.64", "14.95% to 50.82%"), or (value, None) for one
    number; None if `text` is neither. Ends are returned as written, not sorted."""
    single = parse_number(text)
    if single is not None:
        return single, None
    m = rx.match(_RANGE, text.replace("\u2212", "-"))
    if not m:
        return None
    low, high = parse_number(m["low"]), parse_number(m["high"])
    if low is None or high is None:
        return None
    return low, high


@cache
def _number_words() -> dict[str, float]:
    table = {}
    for entry in load_word_list(data_dir() / "gazetteers" / "number_words.tsv"):
        for form in entry.forms:
            table[_fold(form)] = float(entry.attrs["value"])
    return table


def word_value(text: str) -> float | None:
    """The factor a number word stands for ("twice" -> 2, "two orders of magnitude" -> 100)."""
    return _number_words().get(_fold(text))


@cache
def _qualifiers() -> dict[str, str]:
    table: dict[str, str] = {}
    for list_name in ("qualifiers.tsv", "qualifiers_after.tsv"):
        for entry in load_word_list(data_dir() / "gazetteers" / list_name):
            for form in entry.forms:
                table.setdefault(_fold(form), entry.name)
    return table


def qualifier_name(surface: str | None) -> str | None:
    """The canonical qualifier ("up to", "at least", ...) for a surface form ("as much as", ">=")."""
    if not surface:
        return None
    return _qualifiers().get(_fold(surface))


@cache
def _units() -> dict[str, str]:
    table = {}
    for entry in load_word_list(data_dir() / "gazetteers" / "units.tsv"):
        for form in entry.forms:
            table[form.lower()] = entry.name
            table[form] = entry.name
    return table


def unit_name(surface: str | None) -> str | None:
    """The canonical unit: `%`, `pp`, `x`, `points`, ..., else the unit as written."""
    if not surface:
        return None
    s = rx.sub(_SPACES, " ", surface.strip())
    units = _units()
    return units.get(s) or units.get(s.lower()) or s


def _fold(text: str) -> str:
    return rx.sub(_SPACES, " ", text.strip().lower()).replace("\u2011", "-")
