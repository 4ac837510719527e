"""Look-ups into the gazetteers in `data/gazetteers/`, for post-processors that must ask
"is this a known model family / dataset / method / generic term?" about a span that a
pattern (not the phrase matcher) found. Loaded once, read-only."""
from __future__ import annotations

from functools import cache

from extract.text.names import name_key
from extract.resources import data_dir
from extract.resources.wordlists import Entry, load_word_list


@cache
def entries(list_name: str) -> dict[str, Entry]:
    """Every surface form of a list (name and aliases), keyed by `name_key`."""
    path = data_dir() / "gazetteers" / list_name
    table: dict[str, Entry] = {}
    for entry in load_word_list(path):
        for form in entry.forms:
            table.setdefault(name_key(form), entry)
    return table


@cache
def written_forms(list_name: str) -> frozenset[str]:
    """Every name and alias of a list exactly as the list writes it."""
    return frozenset(f for e in load_word_list(data_dir() / "gazetteers" / list_name) for f in e.forms)


def lookup(list_name: str, text: str) -> Entry | None:
    """The entry `text` names. Short names must match a listed form exactly: SiMO is not SIM-O,
    SiT is not SIT; longer ones match as eval compares names."""
    entry = entries(list_name).get(name_key(text))
    if entry is not None and len(text) <= 6 and text not in entry.forms:
        return None
    return entry


@cache
def generic_terms() -> frozenset[str]:
    path = data_dir() / "gazetteers" / "generic_terms.txt"
    return frozenset(name_key(e.name) for e in load_word_list(path))


def is_generic(text: str) -> bool:
    return name_key(text) in generic_terms()


@cache
def word_set(list_name: str, lower: bool = True) -> frozenset[str]:
    """A one-word-a-line list in data/gazetteers/ as a set (lower-cased unless asked not to)."""
    names = (e.name for e in load_word_list(data_dir() / "gazetteers" / list_name))
    return frozenset(n.lower() for n in names) if lower else frozenset(names)
