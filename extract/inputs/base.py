"""What every reader yields: an `Abstract`, or an `InputProblem` naming the file and the
line (or row) at fault, so one bad row never stops the rows after it.

Readers share the small helpers here: decoding lines one by one (a line that is not UTF-8
is a problem, not an exception), ids for rows that have none, and the optional-library
import that turns a missing extra into one line naming the install to run.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterator, Union


@dataclass(frozen=True, slots=True)
class Abstract:
    id: str
    source: str
    text: str
    collection: str | None = None
    title: str | None = None
    line: int = 0


@dataclass(frozen=True, slots=True)
class InputProblem:
    source: str
    line: int  # 1-based line (or row, for Parquet); 0 when the whole file is at fault
    message: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.message}" if self.line else f"{self.source}: {self.message}"


Item = Union[Abstract, InputProblem]
Lines = Iterator[tuple[int, Union[str, InputProblem]]]


def stem(path: Path) -> str:
    """`papers` for papers.jsonl.gz: the prefix of the ids of rows that have none."""
    name = path.name[:-3] if path.name.endswith(".gz") else path.name
    return name.rsplit(".", 1)[0] if "." in name else name


def decoded_lines(stream: BinaryIO, source: str) -> Lines:
    """(line number, text) pairs; a line that is not UTF-8 becomes a problem, not an exception.
    A UTF-8 BOM (which Excel writes) is dropped from the first line."""
    for number, raw_line in enumerate(stream, start=1):
        if number == 1 and raw_line.startswith(b"\xef\xbb\xbf"):
            raw_line = raw_line[3:]
        try:
            yield number, raw_line.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as exc:
            yield number, InputProblem(source, number, f"invalid UTF-8 at byte {exc.start}; row skipped")


def text_or_none(value) -> str | None:
    """A string field as given, or None for anything else (numbers, lists, empty)."""
    return value if isinstance(value, str) and value.strip() else None


def id_or_none(value) -> str | None:
    """An id as text: strings as given, whole numbers (`corpusid: 123`) as digits."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value.strip() or None if isinstance(value, str) else None
