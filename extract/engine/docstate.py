"""Everything the engine keeps about the document being processed, in one object: its text
(read once: spaCy rebuilds `doc.text` from the tokens on every access), id and title, the
sentences, the phrase matches of the one phrase pass, the places of the shared number-start
scan, its time budget (extract/engine/budget.py) and the problems met. The public output stays in `doc.user_data["extract"][field]`.

A pipeline keeps one `DocStates`; the state of the doc being processed is made by the first
component that asks (or by the `Extractor`, which knows the id and title) and reused by the
others. The `Extractor` may keep the states of a batch of docs at once, to run each
component over the whole batch in turn. Nothing of it is stored in the doc, so docs pickle
and serialise as spaCy's do.
"""
from __future__ import annotations

from bisect import bisect_right

from spacy.tokens import Doc

from extract.engine.budget import Deadline, budget_from_env
from extract.engine.shared import per_pipeline
from extract.text.sentences import split_sentences

STORE_KEY = "extract"  # doc.user_data[STORE_KEY][field]: the mentions, for spaCy users and records
_ATTRIBUTE = "_extract_doc_states"  # where a pipeline keeps its DocStates


class DocState:
    def __init__(self, doc: Doc, text: str | None = None, doc_id: str | None = None, title: str | None = None,
                 deadline: Deadline | None = None):
        self.doc = doc
        self.text = doc.text if text is None else text
        self.id = doc_id
        self.title = title
        self.problems: list[str] = []
        self.deadline = Deadline(None) if deadline is None else deadline
        self.stopped: str | None = None  # the field at work when the deadline passed
        self.phrases: dict | None = None  # match id -> [(start, end)], made by the PhraseIndex
        self.places: dict[tuple, list[int]] = {}  # number-start places, by scan and range
        self.digit_runs: dict[tuple[int, int], list[tuple[int, int]]] = {}  # runs of digits, by range
        self._sentences: tuple[list[tuple[int, int]], list[int]] | None = None

    @property
    def mentions(self) -> dict[str, list[dict]]:
        """The fields' mentions so far, by field (the doc's public output)."""
        return self.doc.user_data.setdefault(STORE_KEY, {})

    def _split(self) -> tuple[list[tuple[int, int]], list[int]]:
        if self._sentences is None:
            spans = split_sentences(self.text)
            self._sentences = (spans, [s for s, _ in spans])
        return self._sentences

    @property
    def sentences(self) -> list[tuple[int, int]]:
        return self._split()[0]

    def sentence_of(self, offset: int) -> tuple[int, int]:
        """The (start, end) of the sentence holding `offset` (the whole text if none)."""
        spans, starts = self._split()
        i = bisect_right(starts, offset) - 1
        return spans[i] if i >= 0 else (0, len(self.text))


class DocStates:
    """The states of the documents a pipeline is processing: the one doc of a spaCy call, or
    the batch the `Extractor` runs through each component in turn; and the time budget each
    document gets (seconds, None for none; EXTRACT_TIME_BUDGET unless set)."""

    def __init__(self) -> None:
        self._states: dict[int, DocState] = {}  # id(doc) -> its state (which keeps the doc alive)
        self.budget: float | None = budget_from_env()

    @classmethod
    def for_pipeline(cls, nlp) -> "DocStates":
        return per_pipeline(nlp, _ATTRIBUTE, cls)

    def start(self, doc: Doc, text: str | None = None, doc_id: str | None = None,
              title: str | None = None, deadline: Deadline | None = None, batch: bool = False) -> DocState:
        """A fresh state for `doc` (the `Extractor`, before the components run), with the
        `deadline` given or one that starts now; `batch`: kept beside the states already
        started, not instead of them."""
        state = DocState(doc, text, doc_id, title, Deadline(self.budget) if deadline is None else deadline)
        if not batch:
            self._states.clear()
        self._states[id(doc)] = state
        return state

    def of(self, doc: Doc) -> DocState:
        """The state of `doc`: one started, or a fresh one for a new doc."""
        state = self._states.get(id(doc))
        if state is not None and state.doc is doc:
            return state
        return self.start(doc)

    def clear(self) -> None:
        """Forget every state (the end of a batch)."""
        self._states.clear()

    def __getstate__(self):
        # the states of docs under way are no part of a pipeline
        return {"_states": {}, "budget": self.budget}
