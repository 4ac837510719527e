"""Read abstracts from seeds-style text files, JSONL, directories, stdin and .gz.

Readers stream: they yield one `Abstract` or one `InputProblem` at a time, so a bad row
is reported with its file and line and never stops the rows after it.
"""
from __future__ import annotations

import gzip
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator, Union

TEXT_SUFFIXES = (".txt",)
JSONL_SUFFIXES = (".jsonl", ".json", ".ndjson")


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
    line: int  # 1-based; 0 when the whole file is at fault
    message: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.message}" if self.line else f"{self.source}: {self.message}"


Item = Union[Abstract, InputProblem]


def read_inputs(paths: Iterable[str], stdin: BinaryIO | None = None) -> Iterator[Item]:
    """Every abstract of every input, in order; directories give their .txt/.jsonl files sorted."""
    for given in paths:
        if given == "-":
            yield from _read_stream(stdin or sys.stdin.buffer, "-", "stdin", fmt=None)
            continue
        path = Path(given)
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.is_file() and _format_of(p) is not None)
            if not files:
                yield InputProblem(given, 0, "directory has no .txt or .jsonl files")
            for file in files:
                yield from read_file(str(file))
        else:
            yield from read_file(given)


def read_file(given: str) -> Iterator[Item]:
    path = Path(given)
    fmt = _format_of(path)
    try:
        raw = gzip.open(path, "rb") if path.suffix == ".gz" else open(path, "rb")
    except OSError as exc:
        yield InputProblem(given, 0, f"cannot read file: {exc.strerror or exc}")
        return
    with raw:
        try:
            yield from _read_stream(raw, given, _stem(path), fmt)
        except (OSError, EOFError, gzip.BadGzipFile) as exc:
            yield InputProblem(given, 0, f"cannot read file: {exc}")


def _format_of(path: Path) -> str | None:
    name = path.name[:-3] if path.name.endswith(".gz") else path.name
    if name.endswith(TEXT_SUFFIXES):
        return "text"
    if name.endswith(JSONL_SUFFIXES):
        return "jsonl"
    return None


def _stem(path: Path) -> str:
    name = path.name[:-3] if path.name.endswith(".gz") else path.name
    return name.rsplit(".", 1)[0] if "." in name else name


def _read_stream(stream: BinaryIO, source: str, stem: str, fmt: str | None) -> Iterator[Item]:
    lines = _decoded_lines(stream, source)
    if fmt is None:  # stdin: sniff the first non-blank line
        lines = _Peekable(lines)
        first = lines.peek_text()
        fmt = "jsonl" if first is not None and first.lstrip().startswith("{") else "text"
    reader = _read_jsonl if fmt == "jsonl" else _read_text
    yield from reader(lines, source, stem)


def _decoded_lines(stream: BinaryIO, source: str) -> Iterator[tuple[int, str | InputProblem]]:
    """(line number, text) pairs; a line that is not UTF-8 becomes a problem, not an exception."""
    for number, raw_line in enumerate(stream, start=1):
        try:
            yield number, raw_line.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as exc:
            yield number, InputProblem(source, number, f"invalid UTF-8 at byte {exc.start}; row skipped")


class _Peekable:
    def __init__(self, it: Iterator[tuple[int, str | InputProblem]]):
        self._it = it
        self._buffer: list[tuple[int, str | InputProblem]] = []

    def peek_text(self) -> str | None:
        for item in self._it:
            self._buffer.append(item)
            if isinstance(item[1], str) and item[1].strip():
                return item[1]
        return None

    def __iter__(self):
        yield from self._buffer
        self._buffer = []
        yield from self._it


def _read_jsonl(lines, source: str, stem: str) -> Iterator[Item]:
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
        if not isinstance(row, dict):
            yield InputProblem(source, number, f"expected a JSON object, got {type(row).__name__}; row skipped")
            continue
        text = row.get("abstract", row.get("text"))
        if not isinstance(text, str) or not text.strip():
            what = "no 'abstract' or 'text' key" if text is None else "'abstract'/'text' is empty or not a string"
            yield InputProblem(source, number, f"{what}; row skipped")
            continue
        rid = row.get("id")
        title = row.get("title")
        yield Abstract(
            id=str(rid) if rid not in (None, "") else f"{stem}#{index}",
            source=source,
            text=text,
            collection=row.get("collection") if isinstance(row.get("collection"), str) else None,
            title=title if isinstance(title, str) else None,
            line=number,
        )


def _read_text(lines, source: str, stem: str) -> Iterator[Item]:
    """Seeds style: a short header line, then abstracts separated by blank lines."""
    collection: str | None = None
    block: list[str] = []
    block_line = 0
    bad = False
    index = 0
    seen_header = False

    def flush():
        nonlocal index
        text = "\n".join(block)
        item = Abstract(id=f"{stem}#{index}", source=source, text=text, collection=collection, line=block_line)
        index += 1
        return item

    for number, line in lines:
        if isinstance(line, InputProblem):
            yield line
            bad = True
            if not block:
                block_line = number
            continue
        if not seen_header:
            if line.strip():
                collection = line.strip()
                seen_header = True
            continue
        if line.strip():
            if not block and not bad:
                block_line = number
            block.append(line)
        elif block or bad:
            if block and not bad:
                yield flush()
            elif block:
                index += 1  # the abstract keeps its index even though it was skipped
            block, bad = [], False
    if block and not bad:
        yield flush()
    if not seen_header:
        yield InputProblem(source, 0, "empty file: expected a header line and abstracts")
