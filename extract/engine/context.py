"""What a field's post-processor may look at besides its own hits: the text, its
sentences, and what earlier components found (kept in `doc.user_data`)."""
from __future__ import annotations

from bisect import bisect_right
from functools import cached_property

from spacy.tokens import Doc

from extract.text.sentences import split_sentences

STORE_KEY = "extract"
PROBLEMS_KEY = "extract_problems"
ID_KEY = "extract_id"
TITLE_KEY = "extract_title"
SENTENCES_KEY = "extract_sentences"
TEXT_KEY = "extract_text"


def doc_text(doc: Doc) -> str:
    """`doc.text`, kept in `doc.user_data`: spaCy rebuilds `doc.text` from the tokens on every
    access (about as slow as tokenizing), so each component asking for it doubled the cost."""
    text = doc.user_data.get(TEXT_KEY)
    if text is None:
        text = doc.user_data[TEXT_KEY] = doc.text
    return text


class Context:
    def __init__(self, doc: Doc, matcher=None, text: str | None = None):
        self.doc = doc
        self.text = doc_text(doc) if text is None else text  # `text`: doc_text(doc), when the caller has it
        self.matcher = matcher

    def rule(self, rule_id: str):
        """A compiled regex rule of this field (e.g. a `scan: false` helper pattern)."""
        return self.matcher.by_id[rule_id]

    def hits(self, rule_id: str, start: int = 0, end: int | None = None, anchored: bool = False) -> list:
        """Hits of a `scan: false` rule within [start, end), with its `before:` and `after:`
        applied; `anchored`: only one that starts at `start` (regex rules). For a phrase rule,
        the phrases found in that range by the document's one phrase pass."""
        if rule_id in self.matcher.phrase_rules:
            return self.matcher.phrase_rule_hits(self.doc, self.text, rule_id, start, end)
        return self.matcher.run_rule(rule_id, self.text, start, end, None, self.doc_id, anchored)

    def phrase_spans(self, rule_id: str) -> list[tuple[int, int]]:
        """Where a phrase rule's phrases are, as (start, end) in text order: the document's one
        phrase pass, without making hits (nor applying `before:`/`after:`)."""
        return self.matcher.phrase_spans(self.doc, rule_id)

    @cached_property
    def _split(self) -> tuple[int, list[tuple[int, int]], list[int]]:
        """(text length, sentences, their starts): split once per document and shared by every
        component (kept in user_data)."""
        cached = self.doc.user_data.get(SENTENCES_KEY)
        if cached is None or cached[0] != len(self.text):
            spans = split_sentences(self.text)
            cached = (len(self.text), spans, [s for s, _ in spans])
            self.doc.user_data[SENTENCES_KEY] = cached
        return cached

    @property
    def sentences(self) -> list[tuple[int, int]]:
        """The (start, end) of every sentence, in order."""
        return self._split[1]

    def sentence_of(self, offset: int) -> tuple[int, int]:
        """The (start, end) of the sentence holding `offset` (the whole text if none)."""
        _, spans, starts = self._split
        i = bisect_right(starts, offset) - 1
        if i < 0:
            return (0, len(self.text))
        return spans[i]

    def mentions(self, field: str) -> list[dict]:
        """Mentions an earlier component stored for `field` (empty if it did not run)."""
        return self.doc.user_data.get(STORE_KEY, {}).get(field, [])

    @property
    def title(self) -> str | None:
        """The paper's title, when the input carried one."""
        return self.doc.user_data.get(TITLE_KEY)

    @property
    def doc_id(self) -> str | None:
        return self.doc.user_data.get(ID_KEY)
