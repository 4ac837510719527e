"""A field's rules, compiled once (extract/engine/compiler.py), run on a document by the
runner of each kind: regexes on the text, phrases from the document's one phrase pass, token
patterns through spaCy's Matcher. Every hit keeps the id of its rule."""
from __future__ import annotations

from bisect import bisect_left

from spacy.matcher import Matcher
from spacy.tokens import Doc

from extract.engine import phrase_runner, token_runner
from extract.engine.compiler import (REGEX_TIMEOUT_S, TIMEOUT_ENV, Compiler, PhraseRule, RegexRule,  # noqa: F401
                                     data_file, expand_fragments, regex_timeout)
from extract.engine.docstate import DocState
from extract.engine.hits import Hit, RuleTimeout, non_overlapping, resolve_overlaps  # noqa: F401
from extract.engine.phrases import PhraseIndex
from extract.engine.places import NumberStarts
from extract.engine.regex_runner import RegexRunner
from extract.engine.rulefile import LoadedRuleFile, RuleFileError


class Params:
    """A field's `params:` by name, as its post-processor reads them (`context.params.NAME`): a
    regex param is its compiled regex, a phrase param its PhraseRule (for `context.hits`,
    `context.phrase_spans`)."""

    def __init__(self, field: str, rules: dict[str, RegexRule | PhraseRule]):
        self._field = field
        self._rules = rules
        for name, rule in rules.items():
            setattr(self, name, rule.compiled if isinstance(rule, RegexRule) else rule)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        raise AttributeError(f"field {self._field} has no param {name!r} (`params:` of its rule files)")

    def rule_of(self, helper) -> RegexRule | PhraseRule:
        """The compiled rule of a param given as `context.params.NAME`."""
        if isinstance(helper, PhraseRule):
            return helper
        by_regex = self.__dict__.get("_by_regex")
        if by_regex is None:  # by the identity of the compiled regex, in this process
            by_regex = self._by_regex = {id(r.compiled): r for r in self._rules.values() if isinstance(r, RegexRule)}
        rule = by_regex.get(id(helper))
        if rule is None or rule.compiled is not helper:
            raise ValueError(f"not a param of field {self._field}: {helper!r}")
        return rule

    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items() if k != "_by_regex"}  # ids differ in another process


class FieldMatcher:
    """All rules of one field, compiled. Build once per pipeline; call `find` per doc.

    A bad rule raises RuleFileError; with a `problems` list, every bad rule is reported
    there instead and left out (what `extract rules check` uses to list them all).
    """

    def __init__(self, field: str, files: list[LoadedRuleFile], vocab, make_doc,
                 problems: list[RuleFileError] | None = None, phrase_index: PhraseIndex | None = None,
                 number_starts: NumberStarts | None = None):
        self.field = field
        self.files = files
        self.phrases = PhraseIndex(vocab) if phrase_index is None else phrase_index
        number_starts = NumberStarts() if number_starts is None else number_starts
        self.token_matcher = Matcher(vocab, validate=True)
        self.rules = Compiler(field, vocab, make_doc, self.phrases, number_starts, self.token_matcher,
                              problems).compile(files)
        self.runner = RegexRunner(number_starts)
        self.required_labels = self.rules.required_labels
        self.regexes = list(self.rules.regex.values())  # run over every text
        self._scanned_phrases = list(self.rules.phrases.values())
        self._has_tokens = len(self.token_matcher) > 0
        self._needs_lower = any(r.needs_lower and r.needs for r in self.regexes)  # a precheck on text.lower()
        self.params = Params(field, self.rules.params)

    # -- for post-processors (extract/engine/context.py) ---------------------------------
    def helper_hits(self, helper, state: DocState, pos: int = 0, endpos: int | None = None,
                    anchored: bool = False) -> list[Hit]:
        """Hits of a param (`context.params.NAME`) within text[pos:endpos]: a regex with its
        `before:`/`after:` (`anchored`: only one that starts at `pos`); a phrase list from the
        document's one phrase pass."""
        rule = self.params.rule_of(helper)
        if isinstance(rule, RegexRule):
            return self.runner.hits(rule, state.text, pos, endpos, state, None, anchored)
        endpos = len(state.text) if endpos is None else endpos
        spans = self.phrases.matches(state).get(rule.match_id, ())
        # The spans are in text order (by start): those of the range are one run, found by
        # bisection (post-processors ask sentence by sentence).
        first = bisect_left(spans, (pos,))
        last = bisect_left(spans, (endpos,), first)
        spans = [(s, e) for s, e in spans[first:last] if e <= endpos]
        return phrase_runner.hits(rule, state.text, spans, None, state.id, state.deadline)

    def phrase_spans(self, helper: PhraseRule, state: DocState) -> list[tuple[int, int]]:
        """The (start, end) of every phrase of a phrase param, in text order."""
        return self.phrases.matches(state).get(helper.match_id, [])

    # -- per document --------------------------------------------------------------------
    def find(self, doc: Doc, text: str | None = None, problems: list | None = None,
             state: DocState | None = None) -> list[Hit]:
        """Every hit of every rule on `doc` (overlaps kept), ordered by start. With `requires:`
        labels, nothing unless a rule of such a label matched: the rules of those labels run
        first, the others only when one of them did."""
        state = DocState(doc, text) if state is None else state
        text = state.text
        lower = text.lower() if self._needs_lower else None
        found = self.phrases.matches(state) if self._scanned_phrases else {}
        first: dict[str, list[Hit]] = {}
        tokens: list[Hit] = []
        if self.required_labels:
            required = self.required_labels
            for r in self.regexes:
                if r.pattern.label in required:
                    first[r.id] = self.runner.hits(r, text, 0, None, state, problems, lower=lower)
            for r in self._scanned_phrases:
                if r.pattern.label in required:
                    first[r.pattern.id] = self._phrase_hits(r, state, found.get(r.match_id, ()), problems)
            tokens = self._tokens(doc)
            if not any(first.values()) and not any(h.label in required for h in tokens):
                return []
        else:
            tokens = self._tokens(doc)
        hits: list[Hit] = []
        for r in self.regexes:
            done = first.get(r.id) if first else None
            hits.extend(done if done is not None else self.runner.hits(r, text, 0, None, state, problems, lower=lower))
        for r in self._scanned_phrases:
            spans = found.get(r.match_id)
            if spans:
                done = first.get(r.pattern.id) if first else None
                hits.extend(done if done is not None else self._phrase_hits(r, state, spans, problems))
        hits.extend(tokens)
        hits.sort(key=lambda h: (h.start, -h.end))
        return hits

    def _phrase_hits(self, rule: PhraseRule, state: DocState, spans, problems: list | None) -> list[Hit]:
        return phrase_runner.hits(rule, state.text, spans, problems, state.id, state.deadline)

    def _tokens(self, doc: Doc) -> list[Hit]:
        return token_runner.hits(self.token_matcher, self.rules.tokens, doc) if self._has_tokens else []
