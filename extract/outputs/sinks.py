"""Record sinks: JSONL to a file or stdout, or a table (CSV, TSV, XLSX, Parquet) chosen
by the output's suffix.

JSONL lines are written whole and flushed one at a time, so a run stopped at any moment
leaves complete records plus at most one torn line, which `--resume` cuts off.
"""
from __future__ import annotations

import json
import sys
from typing import Iterable

from extract.outputs.export import Layout, TableWriter, table_fields, table_format


class JsonlSink:
    def __init__(self, path: str, append: bool = False):
        self.path = path
        self._fh = None if path == "-" else open(path, "ab" if append else "wb")

    def write(self, line: str) -> None:
        if self._fh is None:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
        else:
            self._fh.write(line.encode("utf-8") + b"\n")
            self._fh.flush()

    def flush(self) -> None:
        pass  # every line is flushed as it is written

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


class TableSink:
    """Records (as JSON lines) to rows of a table; flushed after every chunk."""

    def __init__(self, path: str, layout: str, extra_fields: Iterable[str]):
        self.path = path
        self._table = TableWriter(path, Layout(layout, table_fields(extra_fields)))

    @property
    def cut_cells(self) -> int:
        return self._table.cut_cells

    def write(self, line: str) -> None:
        self._table.write(json.loads(line))

    def flush(self) -> None:
        self._table.flush()

    def close(self) -> None:
        self._table.close()


def output_format(path: str) -> str:
    """`jsonl`, `csv`, `tsv`, `xlsx` or `parquet`: a table by its suffix, anything else JSONL."""
    return "jsonl" if path == "-" else table_format(path) or "jsonl"


def open_sink(path: str, layout: str = "wide", extra_fields: Iterable[str] = (), append: bool = False):
    if output_format(path) == "jsonl":
        return JsonlSink(path, append=append)
    return TableSink(path, layout, extra_fields)
