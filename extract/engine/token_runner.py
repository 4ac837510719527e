"""Runs a field's spaCy token patterns (one Matcher for all of them) on a doc."""
from __future__ import annotations

from spacy.matcher import Matcher
from spacy.tokens import Doc

from extract.engine.hits import Hit
from extract.engine.rulefile import Pattern


def hits(matcher: Matcher, rules: dict[str, Pattern], doc: Doc) -> list[Hit]:
    """Every hit of every token rule in `doc`, as the Matcher gives them."""
    out = []
    strings = doc.vocab.strings
    for match_id, s, e in matcher(doc):
        rule_id = strings[match_id]
        p = rules[rule_id]
        span = doc[s:e]
        out.append(Hit(rule_id, span.start_char, span.end_char, span.text, p.priority, p.label, attrs=dict(p.set)))
    return out
