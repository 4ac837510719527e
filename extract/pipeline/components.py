"""spaCy components, one per field, registered as factories `extract_<field>`.

Each runs its field's compiled rules on the Doc, post-processes the hits, and stores the
mentions as JSON-ready dicts in `doc.user_data["extract"][field]` (what records are built
from) and, with `spans: true` (the default), as `doc.spans[field]` with `span._.extract`
for spaCy users. The `Extractor` turns spans off: it never reads them, and building them
cost about a tenth of a tokenization pass.
"""
from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc, Span

from extract.engine.budget import BudgetSpent
from extract.engine.context import Context
from extract.engine.docstate import DocStates
from extract.fields import postprocessor
from extract.pipeline.registry import BY_NAME, FIELDS, run_order
from extract.engine.matching import FieldMatcher
from extract.engine.phrases import PhraseIndex
from extract.engine.places import NumberStarts
from extract.engine.ruleset import load_ruleset

if not Span.has_extension("extract"):
    Span.set_extension("extract", default=None)


class FieldComponent:
    """Runs the rules of one field. Rules compile here, once, never per document."""

    def __init__(self, nlp: Language, name: str, field: str, rules_dirs: list[str] = (), spans: bool = True):
        ruleset = load_ruleset(tuple(rules_dirs))
        files = ruleset.files_for(field)
        if not files:
            known = ", ".join(run_order(ruleset.fields()))
            raise ValueError(f"[extract] no rule file defines field {field!r}. Known fields: {known}")
        self.name = name
        self.field = field
        self.matcher = FieldMatcher(field, ruleset.matcher_files(field), nlp.vocab, nlp.make_doc,
                                    phrase_index=PhraseIndex.for_pipeline(nlp),
                                    number_starts=NumberStarts.for_pipeline(nlp))
        self.states = DocStates.for_pipeline(nlp)
        spec = BY_NAME.get(field)
        self.reads = frozenset(spec.reads) if spec is not None else None  # None: a rule-file field reads any
        self.postprocess = postprocessor(ruleset.postprocess_for(field))
        self.spans = spans

    def __call__(self, doc: Doc) -> Doc:
        state = self.states.of(doc)
        mentions = [] if state.stopped is not None else self._mentions(doc, state)
        mentions.sort(key=_start)
        state.mentions[self.field] = mentions
        if not self.spans:
            return doc
        spans = []
        for i, m in enumerate(mentions):
            span = doc.char_span(m["start"], m["end"], label=m["rule"], alignment_mode="expand", span_id=str(i))
            if span is not None:
                span._.extract = m
                spans.append(span)
        doc.spans[self.field] = spans
        return doc

    def _mentions(self, doc: Doc, state) -> list[dict]:
        """The field's mentions on `doc`; none, and the field named in `state.stopped`, when
        the document's time budget runs out meanwhile (extract/engine/budget.py)."""
        found: list = []
        state.deadline.resume()
        try:
            state.deadline.check()
            hits = self.matcher.find(doc, problems=found, state=state)
            if hits or not self.matcher.required_labels:
                mentions = self.postprocess(doc, hits, Context(state, self.matcher, self.reads))
            else:  # `requires:` not met: the field finds nothing here
                mentions = []
        except BudgetSpent:
            state.stopped = self.field
            state.problems.append(f"time budget of {state.deadline.seconds:g} s ran out in field {self.field} "
                                  f"on document {state.id or '?'}; it and the fields after it found nothing")
            mentions = []
        finally:
            state.deadline.pause()
        state.problems.extend(str(p) for p in found)
        return mentions


def _start(mention: dict) -> int:
    return mention["start"]


def _field_factory(field: str):
    def make(nlp: Language, name: str, rules_dirs: list[str], spans: bool):
        return FieldComponent(nlp, name, field, rules_dirs, spans)

    make.__name__ = f"make_{field}"
    make.__doc__ = f"The `{field}` field's component."
    return Language.factory(f"extract_{field}", default_config={"rules_dirs": [], "spans": True})(make)


# One factory per field of the registry: `make_<field>`, registered as `extract_<field>`
# (the `spacy_factories` entry points of pyproject.toml name these).
for _spec in FIELDS:
    globals()[f"make_{_spec.name}"] = _field_factory(_spec.name)


@Language.factory("extract_field", default_config={"field": "", "rules_dirs": [], "spans": True})
def make_field(nlp: Language, name: str, field: str, rules_dirs: list[str], spans: bool):
    """A component for a field defined only by rule files (for example `hardware`)."""
    return FieldComponent(nlp, name, field, rules_dirs, spans)
