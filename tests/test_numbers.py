"""Reading numbers as abstracts write them (extract/text/numbers.py)."""
import pytest

from extract.text.numbers import parse_number, parse_range, qualifier_name, unit_name, word_value


@pytest.mark.parametrize("text, value", [
    ("76.0", 76.0),
    ("1,234.5", 1234.5),
    ("9,000", 9000.0),
    ("+14.1", 14.1),
    ("-0.20", -0.2),
    ("\u22123.5", -3.5),
    (".5", 0.5),
    ("0.077", 0.077),
    ("twice", 2.0),
    ("two-fold", 2.0),
    ("Two-Fold", 2.0),
    ("an order of magnitude", 10.0),
    ("one order of magnitude", 10.0),
    ("two orders of magnitude", 100.0),
    ("1,2", None),
    ("12a", None),
    ("several", None),
    ("", None),
])
def test_parse_number(text, value):
    assert parse_number(text) == value


@pytest.mark.parametrize("text, expected", [
    ("4.45-5.64", (4.45, 5.64)),
    ("14.95% to 50.82%", (14.95, 50.82)),
    ("2--4", (2.0, 4.0)),
    ("20\u201335", (20.0, 35.0)),
    ("+0.20 to +0.23", (0.2, 0.23)),
    ("12.2", (12.2, None)),
    ("fast", None),
])
def test_parse_range(text, expected):
    assert parse_range(text) == expected


@pytest.mark.parametrize("surface, name", [
    ("up to", "up to"),
    ("as much as", "up to"),
    ("~", "approximately"),
    ("\u2248", "approximately"),
    (">=", "at least"),
    ("\u2265", "at least"),
    ("and above", "at least"),
    ("exceeding", "over"),
    ("Nearly", "nearly"),
    ("on average", "average"),
    ("quickly", None),
    (None, None),
])
def test_qualifier_name(surface, name):
    assert qualifier_name(surface) == name


@pytest.mark.parametrize("surface, name", [
    ("%", "%"),
    ("percent", "%"),
    ("percentage points", "pp"),
    ("percentage-point", "pp"),
    ("pp", "pp"),
    ("\u00d7", "x"),
    ("X", "x"),
    ("-fold", "x"),
    (" times", "x"),
    ("dB", "dB"),
    ("Likert points", "Likert points"),
    ("pts", "points"),
    (None, None),
])
def test_unit_name(surface, name):
    assert unit_name(surface) == name


def test_word_value_is_only_for_claim_words():
    assert word_value("tenfold") == 10.0
    assert word_value("two") is None  # a bare count is not a claimed factor
