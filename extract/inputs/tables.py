"""CSV and TSV with a header row: the abstract, id and title columns found by name (or
given), one `Abstract` per row, a bad row reported by the line it starts on."""
from __future__ import annotations

import csv
import sys
from typing import BinaryIO, Iterator

from extract.inputs.base import Abstract, InputProblem, Item, id_or_none, text_or_none
from extract.inputs.options import ID_NAMES, TEXT_NAMES, TITLE_NAMES, InputOptions, pick

# An abstract can be far longer than csv's default 128 KB field limit; 16 MB still
# bounds what an unclosed quote can swallow before it is reported.
_FIELD_LIMIT = 16 * 1024 * 1024


def read_table(stream: BinaryIO, source: str, stem: str, delimiter: str = ",",
               options: InputOptions = InputOptions()) -> Iterator[Item]:
    csv.field_size_limit(max(csv.field_size_limit(), min(_FIELD_LIMIT, sys.maxsize)))
    lines = _lines(stream)
    reader = csv.reader(lines, delimiter=delimiter)
    try:
        header = next(reader, None)
    except csv.Error as exc:
        yield InputProblem(source, 1, f"cannot read the header row ({exc})")
        return
    if not header:
        yield InputProblem(source, 0, "empty file: expected a header row and rows")
        return
    header = [h.strip() for h in header]
    columns = {}
    for key, given, names in (("text", options.text_column, TEXT_NAMES), ("id", options.id_column, ID_NAMES),
                              ("title", options.title_column, TITLE_NAMES)):
        name = pick(header, given, names)
        if name is None and given is not None:
            yield InputProblem(source, 1, f"no column {given!r} (the header has: {_listing(header)})")
            return
        columns[key] = header.index(name) if name is not None else None
    if columns["text"] is None:
        yield InputProblem(source, 1, f"no abstract column (the header has: {_listing(header)}); "
                                      "name it with --text-column")
        return
    index = 0
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            yield InputProblem(source, start, f"not a valid row ({exc}); row skipped")
            index += 1
            continue
        if not any(cell.strip() for cell in row):
            continue
        rid = f"{stem}#{index}"
        index += 1
        if any("\udc80" <= ch <= "\udcff" for cell in row for ch in cell):
            yield InputProblem(source, start, "invalid UTF-8; row skipped")
            continue
        if len(row) < len(header) or any(cell.strip() for cell in row[len(header):]):
            yield InputProblem(source, start, f"{len(row)} fields where the header has {len(header)} "
                                              "(an unclosed quote?); row skipped")
            continue
        text = row[columns["text"]]
        if not text.strip():
            yield InputProblem(source, start, f"empty {header[columns['text']]!r} cell; row skipped")
            continue
        given_id = id_or_none(row[columns["id"]]) if columns["id"] is not None else None
        title = text_or_none(row[columns["title"]]) if columns["title"] is not None else None
        yield Abstract(id=given_id or rid, source=source, text=text, title=title, line=start)


def _lines(stream: BinaryIO) -> Iterator[str]:
    """Lines with their endings (csv needs them to see quoted line breaks); bytes that are
    not UTF-8 become surrogates, so the row holding them is reported, not the file."""
    for number, raw in enumerate(stream):
        if number == 0 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        yield raw.decode("utf-8", "surrogateescape")


def _listing(header: list[str], limit: int = 8) -> str:
    shown = ", ".join(repr(h) for h in header[:limit])
    return shown + (f" and {len(header) - limit} more" if len(header) > limit else "")
