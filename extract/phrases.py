"""One pair of spaCy PhraseMatchers (exact and lower case) for the phrase rules of every field
of a pipeline, so that a document is matched once, not once per field.

A PhraseMatcher call costs about the same whatever the number of phrases (a hash lookup per
token), and six fields with phrase rules made six to ten calls a document; the shared index
makes two and hands each field its rules' matches.
"""
from __future__ import annotations

import weakref

from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc

_ATTRIBUTE = "_extract_phrase_index"  # where a pipeline keeps its index (see `for_pipeline`)


class PhraseIndex:
    def __init__(self, vocab):
        self.vocab = vocab
        self.exact = PhraseMatcher(vocab, attr="ORTH")
        self.lower = PhraseMatcher(vocab, attr="LOWER")
        self._last: tuple | None = None  # (weak reference to the last doc, its matches)

    @classmethod
    def for_pipeline(cls, nlp) -> "PhraseIndex":
        """The index shared by the extract components of `nlp` (made by the first of them)."""
        index = getattr(nlp, _ATTRIBUTE, None)
        if index is None or index.vocab is not nlp.vocab:
            index = cls(nlp.vocab)
            setattr(nlp, _ATTRIBUTE, index)
        return index

    def add(self, key: str, docs: list[Doc], lower: bool) -> int:
        """Add phrases under `key` (unique per field and rule); returns the match id."""
        (self.lower if lower else self.exact).add(key, docs)
        self._last = None
        return self.vocab.strings[key]

    def matches(self, doc: Doc) -> dict[int, list[tuple[int, int]]]:
        """Character spans of every phrase in `doc`, by match id, in text order; computed once
        per document (token offsets become character offsets here, once, not per field)."""
        last = self._last
        if last is not None and last[0]() is doc:
            return last[1]
        found: dict[int, list[tuple[int, int]]] = {}
        for matcher in (self.exact, self.lower):
            if len(matcher):
                for match_id, start, end in matcher(doc):
                    first = doc[start]
                    final = first if end - start == 1 else doc[end - 1]
                    found.setdefault(match_id, []).append((first.idx, final.idx + len(final)))
        self._last = (weakref.ref(doc), found)
        return found

    def __getstate__(self):
        return {**self.__dict__, "_last": None}  # a weak reference cannot be pickled
