"""Records as tables: CSV, TSV, XLSX or Parquet (by the output's suffix), one row per
abstract (`wide`) or one row per mention (`long`).

Spreadsheet cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or CR
first, also behind leading spaces, NBSP, zero-width characters or a BOM, which
spreadsheets skip) get a `'` in front: abstracts are text from the internet, and
`=HYPERLINK(...)` in a title must stay text. Numbers stay numbers. An XLSX cell holds at
most 32,767 characters: a longer one is cut with a visible marker and counted. Parquet is
for programs, not spreadsheets: its cells are the values as they are, typed.
"""
from __future__ import annotations

import csv
import gzip
import itertools
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import regex

from extract.extras import install_hint
from extract.outputs.layouts import (  # noqa: F401  (the table API, re-exported)
    JOIN, LAYOUTS, LONG_COLUMNS, RECORD_COLUMNS, ExportError, Layout, describe, table_fields)

FORMATS = {".csv": "csv", ".tsv": "tsv", ".xlsx": "xlsx", ".parquet": "parquet"}

# Full-width forms too: some spreadsheets read them as their ASCII twins. Spaces (NBSP and
# the other Unicode spaces) and format characters (zero-width space, word joiner, BOM) in
# front are skipped by spreadsheets, so they do not hide a formula.
_FORMULA = regex.compile(r"[\t\r]|[\s\p{Z}\p{Cf}]*[=+\-@\uff1d\uff0b\uff0d\uff20]")
_XLSX_MAX_ROWS = 1_048_576
_XLSX_MAX_CELL = 32_767
CUT_MARKER = " [cut: {:,} more characters]"
_XLSX_BAD_CHARS = regex.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")


def table_format(path: str) -> str | None:
    """`csv`, `tsv`, `xlsx` or `parquet` from the path's suffix; None for anything else (JSONL)."""
    return FORMATS.get(Path(path).suffix.lower())


def safe_cell(value):
    """`value`, with a `'` in front when a spreadsheet would run it as a formula."""
    if isinstance(value, str) and _FORMULA.match(value):
        return "'" + value
    return value


def cut_cell(value: str, limit: int) -> str:
    """`value` cut to `limit` characters, the end replaced by a marker saying how much is gone."""
    if len(value) <= limit:
        return value
    keep = limit - len(CUT_MARKER.format(len(value)))  # the marker's count has at most this many digits
    while len(CUT_MARKER.format(len(value) - keep)) + keep < limit:
        keep += 1
    return value[:keep] + CUT_MARKER.format(len(value) - keep)


# -- writers -------------------------------------------------------------------------------
class TableWriter:
    """Writes records to a CSV, TSV, XLSX or Parquet file in one layout."""

    def __init__(self, path: str, layout: Layout, fmt: str | None = None):
        self.path = path
        self.layout = layout
        self.fmt = fmt or table_format(path)
        self.rows = 0
        if self.fmt == "xlsx":
            self._sheet = _XlsxSheet(path, layout)
        elif self.fmt in ("csv", "tsv"):
            self._sheet = _CsvSheet(path, "\t" if self.fmt == "tsv" else ",")
        elif self.fmt == "parquet":
            from extract.outputs.parquet import ParquetSheet

            self._sheet = ParquetSheet(path, layout)
        else:
            raise ExportError(f"{path}: unknown table format; name the file .csv, .tsv, .xlsx or .parquet")
        self._spreadsheet = self.fmt != "parquet"
        if self._spreadsheet:
            self._sheet.append(list(layout.columns))

    @property
    def cut_cells(self) -> int:
        """Cells cut to the format's limit (XLSX only)."""
        return getattr(self._sheet, "cut_cells", 0)

    def write(self, record: dict) -> None:
        for row in self.layout.rows(record):
            self._sheet.append([safe_cell(v) for v in row] if self._spreadsheet else row)
            self.rows += 1

    def flush(self) -> None:
        self._sheet.flush()

    def close(self) -> None:
        self._sheet.close()

    def __enter__(self) -> "TableWriter":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _CsvSheet:
    def __init__(self, path: str, delimiter: str):
        # The BOM lets Excel see UTF-8; Python reads it back with encoding="utf-8-sig".
        self._fh = open(path, "w", newline="", encoding="utf-8-sig", errors="replace")
        self._writer = csv.writer(self._fh, delimiter=delimiter)

    def append(self, row: list) -> None:
        self._writer.writerow(row)

    def flush(self) -> None:
        self._fh.flush()

    def close(self) -> None:
        self._fh.close()


class _XlsxSheet:
    """openpyxl in write-only mode: rows stream to a temporary file, the workbook is written on close."""

    def __init__(self, path: str, layout: Layout):
        try:
            from openpyxl import Workbook
        except ImportError:
            raise ExportError(f'XLSX needs openpyxl: {install_hint("xlsx")} (or write .csv)') from None
        self._path = path
        self._book = Workbook(write_only=True)
        self._sheet = self._book.create_sheet("records" if layout.layout == "wide" else "mentions")
        self._rows = 0
        self.cut_cells = 0

    def append(self, row: list) -> None:
        self._rows += 1
        if self._rows > _XLSX_MAX_ROWS:
            raise ExportError(f"{self._path}: XLSX holds at most {_XLSX_MAX_ROWS:,} rows; write .csv instead")
        self._sheet.append([self._text(v) if isinstance(v, str) else v for v in row])

    def _text(self, value: str) -> str:
        # XML cannot hold control characters or lone surrogates; a cell holds 32,767 characters.
        value = _XLSX_BAD_CHARS.sub("\ufffd", value)
        if len(value) > _XLSX_MAX_CELL:
            self.cut_cells += 1
            return cut_cell(value, _XLSX_MAX_CELL)
        return value

    def flush(self) -> None:
        pass  # an XLSX file is only complete when closed

    def close(self) -> None:
        if self._book is not None:
            self._book.save(self._path)
            self._book = None


# -- export command ------------------------------------------------------------------------
@dataclass
class ExportSummary:
    records: int = 0
    rows: int = 0
    rejected: int = 0
    cut_cells: int = 0  # cells cut to the format's limit, marked (XLSX: 32,767 characters)


def export_records(source: str, output: str, layout: str = "wide",
                   report: Callable[[str], None] = print) -> ExportSummary:
    """Write the records of the JSONL file `source` (or `-`, or .gz) as a table to `output`.
    Lines that are not records are reported as `PATH:LINE: message` and skipped. Columns
    come from the first record, so rule-file fields (any extra list key) get columns too."""
    if table_format(output) is None:
        raise ExportError(f"{output}: unknown table format; name the file .csv, .tsv, .xlsx or .parquet")
    summary = ExportSummary()
    records = _read_records(source, summary, report)
    first = next(records, None)
    extra = [k for k, v in first[1].items() if isinstance(v, list)] if first else []
    plan = Layout(layout, table_fields(extra))
    known = set(plan.fields)
    with TableWriter(output, plan) as table:
        for number, record in itertools.chain([first] if first else [], records):
            new = [k for k, v in record.items() if isinstance(v, list) and k not in known]
            if new:
                raise ExportError(f"{source}:{number}: field {new[0]!r} is not in the first record, so it has no "
                                  "column; export the records of one run at a time")
            table.write(record)
            summary.records += 1
        summary.rows = table.rows
    summary.cut_cells = table.cut_cells
    return summary


def _read_records(source: str, summary: ExportSummary, report) -> Iterator[tuple[int, dict]]:
    try:
        if source == "-":
            fh = sys.stdin.buffer
        else:
            fh = gzip.open(source, "rb") if source.endswith(".gz") else open(source, "rb")
    except OSError as exc:
        raise ExportError(f"{source}: cannot read file: {exc.strerror or exc}") from exc
    with fh:
        try:
            for number, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                why = None
                try:
                    record = json.loads(line)
                except ValueError as exc:
                    why = f"not valid JSON ({getattr(exc, 'msg', exc)})"
                else:
                    why = _not_a_record(record)
                if why:
                    summary.rejected += 1
                    report(f"{source}:{number}: {why}; row skipped")
                    continue
                yield number, record
        except (OSError, EOFError) as exc:
            raise ExportError(f"{source}: cannot read file: {exc}") from exc


def _not_a_record(record) -> str | None:
    if not isinstance(record, dict) or not isinstance(record.get("id"), str):
        return "expected a record (a JSON object with an `id`)"
    for key, value in record.items():
        if isinstance(value, list) and not all(isinstance(m, dict) for m in value):
            return f"`{key}` should be a list of mentions (JSON objects)"
    return None
