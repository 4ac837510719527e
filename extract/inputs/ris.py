"""RIS (`.ris`, as Zotero, EndNote, Scopus and Web of Science export it).

RIS is a line format (`TY  - JOUR` ... `ER  - `), read here line by line rather than with
a library, so that every problem can name its line: rispy, for one, drops stray lines and
unterminated records without a word. The abstract is `AB` (or `N2`), the title `TI` (or
`T1`), the id `ID` (or the DOI, `DO`); a field continued over several lines keeps its line
breaks, so the text is the field as read.
"""
from __future__ import annotations

import re
from typing import Iterator

from extract.inputs.base import Abstract, InputProblem, Item, Lines

_TAG = re.compile(r"^([A-Z][A-Z0-9])  ?- ?(.*)$")
TEXT_TAGS = ("AB", "N2")
TITLE_TAGS = ("TI", "T1", "CT", "BT")
ID_TAGS = ("ID", "DO")


def read_ris(lines: Lines, source: str, stem: str) -> Iterator[Item]:
    record: dict[str, list[str]] | None = None
    start = 0
    last = None
    bad = False
    index = 0
    for number, line in lines:
        if isinstance(line, InputProblem):
            yield line
            bad = record is not None  # the record holding it is skipped
            continue
        line = line.lstrip("\ufeff")
        match = _TAG.match(line)
        tag, value = (match.group(1), match.group(2).rstrip()) if match else (None, line)
        if record is None:
            if tag == "TY":
                record, start, last, bad = {"TY": [value]}, number, "TY", False
            elif line.strip():
                yield InputProblem(source, number, "stray line outside a record (records start with `TY  - `); "
                                                   "line skipped")
            continue
        if tag == "TY":
            yield InputProblem(source, start, "record has no `ER  - ` line before the next `TY`; record skipped")
            index += 1
            record, start, last, bad = {"TY": [value]}, number, "TY", False
        elif tag == "ER":
            if not bad:
                yield _abstract(record, source, start, f"{stem}#{index}")
            index += 1
            record = None
        elif tag is not None:
            record.setdefault(tag, []).append(value)
            last = tag
        elif line.strip():
            record[last][-1] += "\n" + line  # a field continued on the next line
    if record is not None:
        yield InputProblem(source, start, "record has no `ER  - ` line (the file ends inside it); record skipped")


def _abstract(record: dict[str, list[str]], source: str, line: int, default_id: str) -> Item:
    text = _first(record, TEXT_TAGS)
    if text is None:
        return InputProblem(source, line, "record has no abstract (`AB` or `N2`); record skipped")
    return Abstract(id=_first(record, ID_TAGS) or default_id, source=source, text=text,
                    title=_first(record, TITLE_TAGS), line=line)


def _first(record: dict[str, list[str]], tags: tuple[str, ...]) -> str | None:
    for tag in tags:
        for value in record.get(tag, ()):
            if value.strip():
                return value
    return None
