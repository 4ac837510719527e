"""JSON lines: the project's own rows (`abstract` or `text`, `id`, `title`), OpenAlex works
(the abstract rebuilt from `abstract_inverted_index`) and Semantic Scholar / S2ORC rows
(`paperId` or `corpusid`, `abstract`), told apart row by row by their keys."""
from __future__ import annotations

import json
from typing import Iterator

from extract.inputs.base import Abstract, InputProblem, Item, Lines, id_or_none, text_or_none
from extract.inputs.options import ID_NAMES, TITLE_NAMES, InputOptions

INVERTED_INDEX = "abstract_inverted_index"
_TEXT_KEYS = ("abstract", "text", "paperAbstract", "summary")
# Positions in an inverted index beyond this are not an abstract (and would be a memory bomb).
_MAX_WORDS = 100_000


def read_jsonl(lines: Lines, source: str, stem: str, options: InputOptions = InputOptions()) -> Iterator[Item]:
    for index, (number, line) in enumerate(lines):
        if isinstance(line, InputProblem):
            yield line
            continue
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            yield InputProblem(source, number, f"not valid JSON ({exc.msg} at column {exc.colno}); row skipped")
            continue
        except RecursionError:
            yield InputProblem(source, number, "JSON nested too deeply; row skipped")
            continue
        if not isinstance(row, dict):
            yield InputProblem(source, number, f"expected a JSON object, got {type(row).__name__}; row skipped")
            continue
        text, why = row_text(row, options.text_column)
        if text is None:
            yield InputProblem(source, number, f"{why}; row skipped")
            continue
        rid = _first(row, options.id_column, ID_NAMES, id_or_none)
        yield Abstract(
            id=rid if rid is not None else f"{stem}#{index}",
            source=source,
            text=text,
            collection=text_or_none(row.get("collection")),
            title=_first(row, options.title_column, TITLE_NAMES, text_or_none),
            line=number,
        )


def row_text(row: dict, key: str | None = None) -> tuple[str | None, str]:
    """The abstract of a row and, when there is none, why not."""
    if key is not None:
        value = row.get(key)
        if key == INVERTED_INDEX or (isinstance(value, dict) and key not in _TEXT_KEYS):
            return rebuild_abstract(value)
        return (value, "") if text_or_none(value) else (None, f"no text in key {key!r}")
    for name in _TEXT_KEYS:
        if text_or_none(row.get(name)):
            return row[name], ""
    if row.get(INVERTED_INDEX) is not None:
        return rebuild_abstract(row[INVERTED_INDEX])
    if any(k in row for k in (*_TEXT_KEYS, INVERTED_INDEX)):
        return None, "the abstract is empty or not a string"
    return None, "no 'abstract' or 'text' key (nor an OpenAlex 'abstract_inverted_index')"


def rebuild_abstract(index) -> tuple[str | None, str]:
    """OpenAlex stores an abstract as {word: [positions]}; the words in position order,
    joined by single spaces, are the abstract (OpenAlex keeps punctuation on the words)."""
    if not isinstance(index, dict) or not index:
        return None, f"'{INVERTED_INDEX}' is empty or not an object"
    placed: list[tuple[int, str]] = []
    for word, positions in index.items():
        if not isinstance(positions, list) or not all(type(p) is int and p >= 0 for p in positions):
            return None, f"'{INVERTED_INDEX}' entry {word!r} is not a list of positions"
        placed.extend((p, word) for p in positions)
        if len(placed) > _MAX_WORDS:
            return None, f"'{INVERTED_INDEX}' holds over {_MAX_WORDS:,} words"
    placed.sort()
    if len({p for p, _ in placed}) != len(placed):
        return None, f"'{INVERTED_INDEX}' puts two words at one position"
    text = " ".join(word for _, word in placed)
    return (text, "") if text.strip() else (None, f"'{INVERTED_INDEX}' holds no words")


def _first(row: dict, given: str | None, names: tuple[str, ...], convert):
    for name in (given,) if given is not None else names:
        value = convert(row.get(name))
        if value is not None:
            return value
    return None
