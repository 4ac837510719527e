"""Makes the hits of a phrase rule from where the document's one phrase pass found its
phrases: the word list's entry for each, and the rule's `before:`/`after:` applied."""
from __future__ import annotations

from extract.engine.budget import BudgetSpent, Deadline
from extract.engine.compiler import PhraseRule
from extract.engine.hits import Hit, RuleTimeout
from extract.engine.regex_runner import extend


def hits(rule: PhraseRule, text: str, spans, problems: list | None = None, doc_id: str | None = None,
         deadline: Deadline | None = None) -> list[Hit]:
    """Hits of `rule` at the phrase spans [(start, end), ...] given, in their order; each
    `before:`/`after:` tried is a step of the abstract's `deadline`."""
    p = rule.pattern
    context = rule.context
    out = []
    for start, end in spans:
        phrase = text[start:end]
        groups: dict[str, tuple[int, int, str]] = {}
        if context is not None:
            try:
                span = extend(context, text, start, end, groups, deadline)
            except TimeoutError:
                if deadline is not None and deadline.stopped_call():
                    raise BudgetSpent() from None
                span = None
                if problems is not None:
                    problems.append(RuleTimeout(p.id, doc_id))
            if span is None:
                continue  # most cues: the word list entry is looked up only for a hit
            groups["cue"] = (start, end, phrase)
            start, end = span
        entry = rule.names.get(phrase.lower() if rule.lower else phrase)
        out.append(Hit(p.id, start, end, phrase if context is None else text[start:end], p.priority, p.label,
                       name=entry.name if entry and context is None else None,
                       attrs={**(entry.attrs if entry else {}), **p.set}, groups=groups))
    return out
