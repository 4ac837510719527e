"""How to read the inputs: a format for all of them (else each by its suffix or content)
and which columns (or JSON keys) hold the text, the id and the title."""
from __future__ import annotations

from dataclasses import dataclass

FORMATS = ("text", "jsonl", "csv", "tsv", "bib", "ris", "parquet")

# Column (or key) names tried in order when none is given. Names are compared exactly
# first, then case-insensitively; these are what exports from Zotero, Scopus, Web of
# Science, OpenAlex, Semantic Scholar, Kaggle arXiv dumps and hand-made sheets call them.
TEXT_NAMES = ("abstract", "Abstract", "ABSTRACT", "AB", "abstract_text", "abstractText", "paperAbstract",
              "summary", "Summary", "text", "Text", "content", "body")
ID_NAMES = ("id", "ID", "Id", "paperId", "paper_id", "corpusid", "corpus_id", "corpusId", "arxiv_id", "doi",
            "DOI", "DI", "key", "Key", "UT", "EID", "PMID")
TITLE_NAMES = ("title", "Title", "TITLE", "TI", "display_name", "Article Title", "Document Title")


@dataclass(frozen=True)
class InputOptions:
    format: str | None = None  # one of FORMATS; None: by suffix, else sniffed
    text_column: str | None = None
    id_column: str | None = None
    title_column: str | None = None


def pick(names, given: str | None, candidates: tuple[str, ...]) -> str | None:
    """The column to read: `given` if it is there, else the first candidate present
    (exact spelling first, then ignoring case)."""
    names = list(names)
    if given is not None:
        return given if given in names else None
    for name in candidates:
        if name in names:
            return name
    lowered = {n.lower().strip(): n for n in reversed(names) if isinstance(n, str)}
    for name in candidates:
        if name.lower() in lowered:
            return lowered[name.lower()]
    return None
