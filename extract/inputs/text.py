"""Seeds-style text: a short header line (the collection, e.g. `ICML 2026 Papers`), then
abstracts separated by blank lines.

A file without the header is read too: when the first line does not look like a header
(it is long, ends like a sentence, or runs on into the next line) it is the first
abstract, not a collection name that would silently swallow it.
"""
from __future__ import annotations

from typing import Iterator

from extract.inputs.base import Abstract, InputProblem, Item, Lines

HEADER_MAX_CHARS = 100
HEADER_MAX_WORDS = 12


def looks_like_header(line: str, next_line: str | None) -> bool:
    """A collection name: short, not a sentence, and on a line of its own."""
    line = line.strip()
    return (len(line) <= HEADER_MAX_CHARS and len(line.split()) <= HEADER_MAX_WORDS
            and not line.endswith((".", "!", "?", ",", ";"))
            and (next_line is None or not next_line.strip()))


def read_text(lines: Lines, source: str, stem: str) -> Iterator[Item]:
    collection: str | None = None
    block: list[str] = []
    block_line = 0
    bad = False
    index = 0
    header: tuple[int, str] | None = None  # the first non-blank line, until the next one says what it is
    started = False

    def flush():
        nonlocal index
        item = Abstract(id=f"{stem}#{index}", source=source, text="\n".join(block), collection=collection,
                        line=block_line)
        index += 1
        return item

    def body(number: int, line: str) -> Iterator[Item]:
        nonlocal block, block_line, bad
        if line.strip():
            if not block and not bad:
                block_line = number
            block.append(line)
        elif block or bad:
            if block and not bad:
                yield flush()
            elif block:
                index_skip()
            block, bad = [], False

    def index_skip():
        nonlocal index
        index += 1  # the abstract keeps its index even though it was skipped

    for number, line in lines:
        if isinstance(line, InputProblem):
            yield line
            if header is not None and not started:  # the header's fate is undecided: take it as one
                collection, header, started = header[1].strip(), None, True
            bad = True
            if not block:
                block_line = number
            started = True
            continue
        if not started:
            if header is None:
                if line.strip():
                    header = (number, line)
                continue
            started = True
            if looks_like_header(header[1], line):
                collection = header[1].strip()
            else:
                yield from body(*header)
            header = None
        yield from body(number, line)
    if header is not None:  # a one-line file: a header and no abstracts, or one abstract
        if looks_like_header(header[1], None):
            return
        yield from body(*header)
    elif not started:
        yield InputProblem(source, 0, "empty file: expected a header line and abstracts")
        return
    if block and not bad:
        yield flush()
