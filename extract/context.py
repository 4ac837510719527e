"""What a field's post-processor may look at besides its own hits: the text, its
sentences, and what earlier components found (kept in `doc.user_data`)."""
from __future__ import annotations

from bisect import bisect_right
from functools import cached_property

from spacy.tokens import Doc

from .sentences import split_sentences

STORE_KEY = "extract"
PROBLEMS_KEY = "extract_problems"
ID_KEY = "extract_id"


class Context:
    def __init__(self, doc: Doc):
        self.doc = doc
        self.text = doc.text

    @cached_property
    def sentences(self) -> list[tuple[int, int]]:
        return split_sentences(self.text)

    @cached_property
    def _sentence_starts(self) -> list[int]:
        return [s for s, _ in self.sentences]

    def sentence_of(self, offset: int) -> tuple[int, int]:
        """The (start, end) of the sentence holding `offset` (the whole text if none)."""
        i = bisect_right(self._sentence_starts, offset) - 1
        if i < 0:
            return (0, len(self.text))
        return self.sentences[i]

    def mentions(self, field: str) -> list[dict]:
        """Mentions an earlier component stored for `field` (empty if it did not run)."""
        return self.doc.user_data.get(STORE_KEY, {}).get(field, [])

    @property
    def doc_id(self) -> str | None:
        return self.doc.user_data.get(ID_KEY)
