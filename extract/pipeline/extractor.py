"""The full pipeline: a blank English spaCy pipeline plus one component per field, and an
`Extractor` that turns raw abstracts into validated records with offsets into the raw text."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

import regex
from spacy.language import Language
from spacy.tokens import Doc

from extract.pipeline import components  # noqa: F401  (registers the factories)
from extract.text import rx
from extract.text.cleantext import CleanText, clean
from extract.engine.budget import Deadline, budget_from_env, parse_budget
from extract.engine.docstate import DocState, DocStates
from extract.inputs.readers import Abstract
from extract.pipeline.records import Record, mention_type
from extract.engine.ruleset import load_ruleset
from extract.engine.tokenizer import blank_english
from extract.pipeline.registry import BY_NAME, is_output, run_order


# Abstracts taken through each component in turn by `Extractor.extract_many`: as many as a
# worker's chunk (extract/run/runner.py CHUNK_SIZE), so that a chunk is one batch. 64 took
# 6% less time than 16 (the corpus abstracts, 8 blocks of 256 each, CPU time): each
# component's code and data stay in the caches over more abstracts; 128 won no more.
BATCH = 64
_RECORD_KEYS = frozenset(Record.model_fields)  # pydantic builds `model_fields` anew on each access
_SURROGATE = regex.compile(r"[\ud800-\udfff]")


def _valid_unicode(text: str) -> str:
    """`text` with every lone surrogate (a `\\ud800` escape in JSON input: half of a UTF-16
    pair, not a character) replaced by U+FFFD, one char for one so offsets hold. spaCy and
    UTF-8 cannot take them, and one used to empty the whole record; the record's `text` is
    this text, so `text[start:end] == mention.text` still holds."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return rx.sub(_SURROGATE, "\ufffd", text)


def build_pipeline(rules_dirs: tuple[str, ...] | list[str] = (), spans: bool = True) -> Language:
    """`spacy.blank("en")` (with one more tokenizer rule, extract/engine/tokenizer.py) and a
    component for every field that has rules; `spans=False` leaves `doc.spans` empty (the
    mentions are in `doc.user_data["extract"]` either way)."""
    rules_dirs = list(rules_dirs)
    nlp = blank_english()
    for field in run_order(load_ruleset(tuple(rules_dirs)).fields()):
        config = {"rules_dirs": rules_dirs, "spans": spans}
        if field in BY_NAME:
            nlp.add_pipe(f"extract_{field}", config=config)
        else:
            nlp.add_pipe("extract_field", name=f"extract_{field}", config={"field": field, **config})
    # The components tokenized ~10,000 word-list phrases with this tokenizer, and its cache
    # of them made every later text ~1.6x slower to tokenize (measured; bench/benchmark.py).
    # Setting the rules (to the same rules) empties the cache; tokens do not change.
    nlp.tokenizer.rules = nlp.tokenizer.rules
    return nlp


@dataclass(slots=True)
class _Run:
    """One abstract of a batch on its way through the components."""

    abstract: Abstract
    view: CleanText | None = None
    state: DocState | None = None
    title: str | None = None
    doc: Doc | None = None
    error: Exception | None = None  # what stopped it


class Extractor:
    """Raw abstract in, `Record` out. Build once; reuse for every abstract.

    `time_budget`: seconds one abstract may take, all fields together (a number, or "off");
    None reads EXTRACT_TIME_BUDGET (default 0.5 s). A record whose budget ran out says in
    which field (`stopped`) and keeps what the fields before it found."""

    def __init__(self, rules_dirs: tuple[str, ...] | list[str] = (), time_budget: float | str | None = None):
        self.rules_dirs = tuple(rules_dirs)
        self.nlp = build_pipeline(self.rules_dirs, spans=False)
        # The components in order, read once: `nlp.pipeline` builds a new frozen list on every
        # access (~5 us an abstract)
        self.components: list[tuple[str, object]] = list(self.nlp.pipeline)
        self.fields = [f for f in run_order(load_ruleset(self.rules_dirs).fields()) if is_output(f)]
        self.problems: list[str] = []
        self.states = DocStates.for_pipeline(self.nlp)
        self.states.budget = budget_from_env() if time_budget is None else parse_budget(time_budget, "time_budget")

    def extract(self, abstract: Abstract) -> Record:
        view, state, title = self._start(abstract)
        doc = state.doc
        for _, component in self.components:
            doc = component(doc)
        self.problems.extend(state.problems)
        return self._record(abstract, view, state, title)

    def extract_many(self, abstracts: Iterable[Abstract]) -> Iterator[tuple[Abstract, Record | Exception, list[str]]]:
        """(abstract, its record or the exception its extraction raised, the problems met) for
        each abstract, in order: what `extract` gives one at a time, without raising. A batch
        of BATCH abstracts goes through each component in turn, so that one component's code
        and data stay in the processor's caches (measured: a quarter less time than taking
        each abstract through every component, for batches of 16). `self.problems` is left alone."""
        batch: list[Abstract] = []
        for abstract in abstracts:
            batch.append(abstract)
            if len(batch) == BATCH:
                yield from self._batch(batch)
                batch = []
        if batch:
            yield from self._batch(batch)

    def _batch(self, abstracts: list[Abstract]) -> list[tuple[Abstract, Record | Exception, list[str]]]:
        runs = [_Run(abstract) for abstract in abstracts]
        self.states.clear()
        for run in runs:
            try:
                run.view, run.state, run.title = self._start(run.abstract, batch=True)
                run.doc = run.state.doc
            except Exception as exc:  # one odd abstract must not cost the others their records
                run.error = exc
        for _, component in self.components:
            for run in runs:
                if run.error is None:
                    try:
                        run.doc = component(run.doc)
                    except Exception as exc:
                        run.error = exc
        out: list[tuple[Abstract, Record | Exception, list[str]]] = []
        for run in runs:
            if run.error is not None:
                out.append((run.abstract, run.error, []))  # as `extract`: its problems are not kept
                continue
            try:
                out.append((run.abstract, self._record(run.abstract, run.view, run.state, run.title), run.state.problems))
            except Exception as exc:
                out.append((run.abstract, exc, run.state.problems))
        self.states.clear()
        return out

    def _start(self, abstract: Abstract, batch: bool = False):
        """The clean view of an abstract, the state of its doc (before the components run) and
        its title. The abstract's time budget starts here: clean-up and tokenization count
        too; it is paused while other abstracts of a batch are worked on."""
        deadline = Deadline(self.states.budget)
        raw, title = _valid_unicode(abstract.text), abstract.title and _valid_unicode(abstract.title)
        view = clean(raw)
        doc = self.nlp.make_doc(view.text)
        # view.text == doc.text, which spaCy rebuilds on every access; names in the title's
        # "NAME: subtitle" are the paper's own
        state = self.states.start(doc, view.text, abstract.id, title or None, deadline, batch=batch)
        deadline.pause()
        return view, state, title

    def _record(self, abstract: Abstract, view, state, title: str | None) -> Record:
        raw = view.raw
        store = state.mentions
        data = {
            "id": abstract.id,
            "source": abstract.source,
            "collection": abstract.collection,
            "title": title,
            "text": raw,
        }
        for field in self.fields:
            items = []
            for m in store.get(field, []):
                start, end = view.balanced_span(m["start"], m["end"])
                items.append({**m, "text": raw[start:end], "start": start, "end": end})
            # Built-in fields are validated with the record, in one call; a rule-file field is
            # an extra key of the record, so its mentions are validated here.
            data[field] = items if field in _RECORD_KEYS else [mention_type(field)(**i) for i in items]
        if state.stopped is not None:
            data["stopped"] = state.stopped
        return Record.model_validate(data)

    def extract_text(self, text: str, id: str = "text#0", title: str | None = None) -> Record:
        return self.extract(Abstract(id=id, source="<text>", text=text, title=title))
