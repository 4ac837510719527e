"""BibTeX (`.bib`, as Zotero, Mendeley and JabRef export it), parsed by bibtexparser 2.

The entry key is the id; `abstract` the text and `title` the title, both as written in
the file (LaTeX and braces included): the extractor's clean view reads the LaTeX and
keeps offsets into the text as read. An entry that does not parse, repeats a key or has
no abstract is reported by the line it starts on; the entries around it are still read.
"""
from __future__ import annotations

import logging
from typing import BinaryIO, Iterator

from extract.extras import need
from extract.inputs.base import Abstract, InputProblem, Item, text_or_none

_SURROGATES = range(0xDC80, 0xDD00)


def read_bibtex(stream: BinaryIO, source: str, stem: str) -> Iterator[Item]:
    bibtexparser = need("bibtexparser", "bib", "reading BibTeX")
    from bibtexparser.model import DuplicateBlockKeyBlock, Entry, ParsingFailedBlock

    raw = stream.read()
    text = raw.decode("utf-8", "surrogateescape")
    logger = logging.getLogger("bibtexparser")
    level = logger.level
    logger.setLevel(logging.CRITICAL)  # failed blocks are reported below, one line each
    try:
        library = bibtexparser.parse_string(text)
    finally:
        logger.setLevel(level)
    index = 0
    for block in library.blocks:
        line = (block.start_line or 0) + 1
        if isinstance(block, DuplicateBlockKeyBlock):
            yield InputProblem(source, line, f"entry key {block.key!r} repeats an earlier key; entry skipped")
        elif isinstance(block, ParsingFailedBlock):
            yield InputProblem(source, line, f"entry does not parse ({_why(block)}); entry skipped")
        elif isinstance(block, Entry):
            fields = {key.lower(): field.value for key, field in block.fields_dict.items()}
            abstract = text_or_none(fields.get("abstract"))
            index += 1
            if abstract is None:
                yield InputProblem(source, line, f"entry {block.key!r} has no abstract; entry skipped")
            elif any(ord(ch) in _SURROGATES for ch in abstract + (fields.get("title") or "")):
                yield InputProblem(source, line, f"entry {block.key!r}: invalid UTF-8; entry skipped")
            else:
                yield Abstract(id=block.key or f"{stem}#{index - 1}", source=source, text=abstract,
                               title=text_or_none(fields.get("title")), line=line)


def _why(block) -> str:
    error = getattr(block, "error", None)
    text = getattr(error, "abort_reason", None) or (str(error) if error is not None else "")
    lines = [line.strip() for line in str(text).splitlines() if line.strip()]
    return lines[-1].rstrip(".") if lines else type(error).__name__ if error is not None else "syntax error"
