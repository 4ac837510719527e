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

from extract.engine.context import PROBLEMS_KEY, STORE_KEY, Context, doc_text
from extract.fields import postprocessor
from extract.engine.matching import FieldMatcher
from extract.engine.phrases import PhraseIndex
from extract.engine.ruleset import load_ruleset

if not Span.has_extension("extract"):
    Span.set_extension("extract", default=None)


class FieldComponent:
    """Runs the rules of one field. Rules compile here, once, never per document."""

    def __init__(self, nlp: Language, name: str, field: str, rules_dirs: list[str] = (), spans: bool = True):
        ruleset = load_ruleset(tuple(rules_dirs))
        files = ruleset.files_for(field)
        if not files:
            known = ", ".join(ruleset.fields())
            raise ValueError(f"[extract] no rule file defines field {field!r}. Known fields: {known}")
        self.name = name
        self.field = field
        self.matcher = FieldMatcher(field, ruleset.matcher_files(field), nlp.vocab, nlp.make_doc,
                                    phrase_index=PhraseIndex.for_pipeline(nlp))
        self.postprocess = postprocessor(ruleset.postprocess_for(field))
        self.spans = spans

    def __call__(self, doc: Doc) -> Doc:
        user_data = doc.user_data
        found: list = []
        text = doc_text(doc)
        hits = self.matcher.find(doc, text=text, problems=found)
        if found:
            user_data.setdefault(PROBLEMS_KEY, []).extend(str(p) for p in found)
        if hits or not self.matcher.required_labels:
            mentions = self.postprocess(doc, hits, Context(doc, self.matcher, text))
        else:  # `requires:` not met: the field finds nothing here
            mentions = []
        mentions.sort(key=_start)
        user_data.setdefault(STORE_KEY, {})[self.field] = mentions
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


def _start(mention: dict) -> int:
    return mention["start"]


def _field_factory(field: str):
    def make(nlp: Language, name: str, rules_dirs: list[str], spans: bool):
        return FieldComponent(nlp, name, field, rules_dirs, spans)

    make.__name__ = f"make_{field}"
    make.__doc__ = f"The `{field}` field's component."
    return Language.factory(f"extract_{field}", default_config={"rules_dirs": [], "spans": True})(make)


make_github = _field_factory("github")
make_models = _field_factory("models")
make_datasets = _field_factory("datasets")
make_methods = _field_factory("methods")
make_speedups = _field_factory("speedups")
make_metrics = _field_factory("metrics")
make_acronyms = _field_factory("acronyms")


@Language.factory("extract_field", default_config={"field": "", "rules_dirs": [], "spans": True})
def make_field(nlp: Language, name: str, field: str, rules_dirs: list[str], spans: bool):
    """A component for a field defined only by rule files (for example `hardware`)."""
    return FieldComponent(nlp, name, field, rules_dirs, spans)
