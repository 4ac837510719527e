"""Read abstracts from files, directories and stdin, in any of the input formats, plain or
gzipped, into a stream of `Abstract`s and `InputProblem`s.

The format comes from `--format`, else the suffix (`.txt`, `.jsonl`, `.csv`, `.tsv`,
`.bib`, `.ris`, `.parquet`, each also as `.gz`), else the content: gzip by its magic
bytes, then JSON lines, BibTeX, RIS or seeds-style text by the first lines. Binary content
is refused with one line rather than read as text. A gzip file is checked whole before any
row is read, because deflate can hand out garbled text long before its checksum fails; a
file cut short is read up to the cut, which is reported.
"""
from __future__ import annotations

import io
import shutil
import sys
import tempfile
import zlib
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from extract.extras import MissingExtra
from extract.inputs.base import Abstract, InputProblem, Item, decoded_lines, stem as _stem
from extract.inputs.options import FORMATS, InputOptions

__all__ = ["Abstract", "InputProblem", "Item", "InputOptions", "FORMATS", "read_inputs", "read_file", "format_of"]

SUFFIXES = {".txt": "text", ".jsonl": "jsonl", ".json": "jsonl", ".ndjson": "jsonl", ".csv": "csv",
            ".tsv": "tsv", ".tab": "tsv", ".bib": "bib", ".ris": "ris", ".parquet": "parquet", ".pq": "parquet"}
GZIP_MAGIC = b"\x1f\x8b"
PARQUET_MAGIC = b"PAR1"
SNIFF_BYTES = 8192


def read_inputs(paths: Iterable[str], stdin: BinaryIO | None = None,
                options: InputOptions = InputOptions()) -> Iterator[Item]:
    """Every abstract of every input, in order; a directory gives its files of known
    formats, sorted by name."""
    for given in paths:
        if given == "-":
            yield from _read_stdin(stdin or sys.stdin.buffer, options)
            continue
        path = Path(given)
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.is_file() and format_of(p) is not None)
            if not files:
                yield InputProblem(given, 0, f"directory has no input files ({', '.join(sorted(SUFFIXES))}, "
                                             "or any of them .gz)")
            for file in files:
                yield from read_file(str(file), options)
        else:
            yield from read_file(given, options)


def format_of(path: Path) -> str | None:
    """The format a file's suffix names (`.gz` looked through), or None."""
    name = path.name.lower()
    name = name[:-3] if name.endswith(".gz") else name
    dot = name.rfind(".")
    return SUFFIXES.get(name[dot:]) if dot >= 0 else None


def _format_of(path: Path) -> str | None:
    """How the progress bar counts a file's rows: `jsonl` (a row a line: CSV/TSV too, give or
    take the header), `text` (blank-line separated blocks: BibTeX and RIS too), or None."""
    return {"csv": "jsonl", "tsv": "jsonl", "bib": "text", "ris": "text", "text": "text", "jsonl": "jsonl"}.get(
        format_of(path) or "")


def read_file(given: str, options: InputOptions = InputOptions()) -> Iterator[Item]:
    path = Path(given)
    fmt = options.format or format_of(path)
    try:
        with open(path, "rb") as fh:
            head = fh.read(SNIFF_BYTES)
    except OSError as exc:
        yield InputProblem(given, 0, f"cannot read file: {exc.strerror or exc}")
        return
    try:
        if fmt == "parquet" or (fmt is None and head.startswith(PARQUET_MAGIC)):
            from extract.inputs.parquet import read_parquet

            yield from read_parquet(given, given, _stem(path), options)
            return
        if head.startswith(GZIP_MAGIC):
            yield from _read_gzip(path, given, fmt, options)
            return
        with open(path, "rb") as raw:
            yield from _read_stream(raw, given, _stem(path), fmt, options, head)
    except MissingExtra as exc:
        yield InputProblem(given, 0, str(exc))
    except OSError as exc:
        yield InputProblem(given, 0, f"cannot read file: {exc.strerror or exc}")


def _read_gzip(path: Path, given: str, fmt: str | None, options: InputOptions,
               fileobj: BinaryIO | None = None) -> Iterator[Item]:
    with (open(path, "rb") if fileobj is None else _Unclosed(fileobj)) as compressed:
        compressed.seek(0)
        problem = _check_gzip(given, compressed)
        if problem is not None and not problem.line:
            yield problem  # corrupt: nothing from it can be trusted
            return
        compressed.seek(0)
        raw = io.BufferedReader(_Inflated(compressed), buffer_size=1 << 16)
        head = raw.peek(SNIFF_BYTES)[:SNIFF_BYTES]
        stream = _UpTo(raw, problem.line - 1) if problem is not None else raw
        yield from _read_stream(stream, given, _stem(path), fmt, options, head)
    if problem is not None:
        yield problem


class _Unclosed:
    """A file object lent to a `with` block that must not close it."""

    def __init__(self, fileobj: BinaryIO):
        self._f = fileobj

    def __enter__(self) -> BinaryIO:
        return self._f

    def __exit__(self, *exc) -> None:
        pass


class _Inflated(io.RawIOBase):
    """The text of gzip data (every member), ending quietly where the data is cut short:
    `gzip.GzipFile` raises there, losing the complete lines just before the cut."""

    def __init__(self, compressed: BinaryIO):
        self._in = compressed
        self._inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
        self._out = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        while not self._out:
            if self._inflate.eof:
                rest = self._inflate.unused_data
                self._inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
                chunk = rest or self._in.read(1 << 16)
            else:
                chunk = self._in.read(1 << 16)
            if not chunk:
                return 0
            self._out = self._inflate.decompress(chunk)
        n = min(len(buffer), len(self._out))
        buffer[:n], self._out = self._out[:n], self._out[n:]
        return n


def _check_gzip(source: str, raw: BinaryIO) -> InputProblem | None:
    """Decompress the whole file once (every member, checksums included). Corrupt data is a
    problem for the whole file (line 0); data cut short is a problem from the first line
    not complete, whose number is the problem's line."""
    lines, done = 0, 0
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        while True:
            chunk = raw.read(1 << 16)
            if not chunk:
                break
            while chunk:
                out = inflate.decompress(chunk)
                lines += out.count(b"\n")
                done += len(out)
                if not inflate.eof:
                    break
                chunk = inflate.unused_data  # the next gzip member, if any
                if chunk:
                    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    except zlib.error as exc:
        return InputProblem(source, 0, f"corrupt gzip data ({exc}) at byte {raw.tell():,} of the file; no rows "
                                       "read from this file")
    if not inflate.eof:
        return InputProblem(source, lines + 1, "the gzip data ends early (a cut-off copy?); rows from this line "
                                               "on are missing")
    return None


class _UpTo:
    """The first `n` lines of a stream (the complete lines of a gzip file cut short)."""

    def __init__(self, raw: BinaryIO, n: int):
        self._raw, self._n = raw, n

    def __iter__(self):
        for number, line in enumerate(self._raw, start=1):
            if number > self._n:
                return
            yield line

    def read(self, size: int = -1) -> bytes:
        return b"".join(self)


def _read_stdin(stdin: BinaryIO, options: InputOptions) -> Iterator[Item]:
    head = stdin.read(SNIFF_BYTES)
    if head.startswith(GZIP_MAGIC):
        # Spooled to a temporary file so the gzip data can be checked whole before any row.
        with tempfile.TemporaryFile() as spool:
            spool.write(head)
            shutil.copyfileobj(stdin, spool)
            yield from _read_gzip(Path("stdin"), "-", options.format, options, fileobj=spool)
        return
    stream = io.BufferedReader(_Prefixed(head, stdin))
    try:
        yield from _read_stream(stream, "-", "stdin", options.format, options, head)
    except MissingExtra as exc:
        yield InputProblem("-", 0, str(exc))


class _Prefixed(io.RawIOBase):
    """A stream whose first bytes were already read (to sniff them), put back in front."""

    def __init__(self, head: bytes, rest: BinaryIO):
        self._head, self._rest = head, rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self._head:
            n = min(len(buffer), len(self._head))
            buffer[:n], self._head = self._head[:n], self._head[n:]
            return n
        data = self._rest.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


def _read_stream(stream, source: str, stem: str, fmt: str | None, options: InputOptions,
                 head: bytes) -> Iterator[Item]:
    if fmt is not None and fmt not in FORMATS:
        yield InputProblem(source, 0, f"unknown format {fmt!r}; use one of: {', '.join(FORMATS)}")
        return
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        yield InputProblem(source, 0, "UTF-16 text (as Excel's 'Unicode text' saves it): nothing read; "
                                      "save it as UTF-8")
        return
    if _binary(head):
        yield InputProblem(source, 0, "binary content, not text: nothing read (inputs are text, JSON lines, "
                                      "CSV/TSV, BibTeX, RIS, Parquet, or any of them gzipped)")
        return
    fmt = fmt or sniff(head)
    if fmt == "parquet":
        yield InputProblem(source, 0, "Parquet cannot be read from a stream; give the file's path")
        return
    if fmt in ("csv", "tsv"):
        from extract.inputs.tables import read_table

        yield from read_table(stream, source, stem, "\t" if fmt == "tsv" else ",", options)
    elif fmt == "bib":
        from extract.inputs.bibtex import read_bibtex

        yield from read_bibtex(stream, source, stem)
    elif fmt == "ris":
        from extract.inputs.ris import read_ris

        yield from read_ris(decoded_lines(stream, source), source, stem)
    elif fmt == "jsonl":
        from extract.inputs.jsonl import read_jsonl

        yield from read_jsonl(decoded_lines(stream, source), source, stem, options)
    else:
        from extract.inputs.text import read_text

        yield from read_text(decoded_lines(stream, source), source, stem)


def _binary(head: bytes) -> bool:
    """NUL bytes, or bytes that are not UTF-8 (a multi-byte character cut at the end of the
    sample aside), in the first few KB: an executable, an image, a zip, not text."""
    if b"\x00" in head:
        return True
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start < len(head) - 3 and sum(b < 0x09 or 0x0d < b < 0x20 for b in head) > len(head) // 100
    return False


def sniff(head: bytes) -> str:
    """`jsonl`, `bib`, `ris` or `text`, from the first non-blank line of a sample."""
    text = head.decode("utf-8", "replace").lstrip("\ufeff")
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("%"):
            continue
        if stripped.startswith("{"):
            return "jsonl"
        if stripped.startswith("@") and "{" in stripped:
            return "bib"
        if line.startswith("TY  -"):
            return "ris"
        return "text"
    return "text"
