"""One spaCy PhraseMatcher for the phrase rules of every field of a pipeline, so that a
document is matched once, not once per field and case.

A PhraseMatcher call costs about the same whatever the number of phrases (a hash lookup per
token), and six fields with phrase rules made six to ten calls a document. The shared index
matches lower-case forms in one call; a case-sensitive rule keeps a match only where the
text is one of its forms exactly.

Its keys are phrases, not rules: a phrase that several rules list ("we", "method", the cue
words that metrics and speedups share) is one match, handed to each of its rules, where a key
per rule made one match (a tuple, a key decoded, a span built) per rule.
"""
from __future__ import annotations

from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc

from extract.engine.shared import per_pipeline

_ATTRIBUTE = "_extract_phrase_index"  # where a pipeline keeps its index (see `for_pipeline`)


class PhraseIndex:
    def __init__(self, vocab) -> None:
        self.vocab = vocab
        self.matcher = PhraseMatcher(vocab, attr="LOWER")
        self.exact_forms: dict[int, frozenset[str]] = {}  # case-sensitive rules: their forms
        self.rules_of: dict[int, list[int]] = {}  # phrase key -> the match ids of the rules listing it

    @classmethod
    def for_pipeline(cls, nlp) -> "PhraseIndex":
        """The index shared by the extract components of `nlp` (made by the first of them)."""
        return per_pipeline(nlp, _ATTRIBUTE, lambda: cls(nlp.vocab), lambda index: index.vocab is nlp.vocab)

    def add(self, key: str, docs: list[Doc], lower: bool) -> int:
        """Add phrases under `key` (unique per field and rule); returns the match id."""
        match_id = self.vocab.strings.add(key)
        for doc in docs:
            # The matcher compares lower-case tokens: phrases with the same ones are one key.
            phrase = self.vocab.strings.add("phrase\t" + "\t".join(t.lower_ for t in doc))
            rules = self.rules_of.get(phrase)
            if rules is None:
                rules = self.rules_of[phrase] = []
                self.matcher.add(self.vocab.strings[phrase], [doc])
            if match_id not in rules:
                rules.append(match_id)
        if not lower:
            self.exact_forms[match_id] = self.exact_forms.get(match_id, frozenset()) | {d.text for d in docs}
        return match_id

    def matches(self, state) -> dict[int, list[tuple[int, int]]]:
        """Character spans of every phrase in the document of `state` (a DocState), by match
        id, in text order; computed once per document and kept in its state (token offsets
        become character offsets here, once, not per field)."""
        found = state.phrases.get(self) if state.phrases is not None else None
        if found is not None:
            return found
        found = {}
        doc, text = state.doc, state.text
        exact, rules_of = self.exact_forms, self.rules_of
        for phrase, start, end in self.matcher(doc) if len(self.matcher) else ():
            first = doc[start]
            final = first if end - start == 1 else doc[end - 1]
            span = (first.idx, final.idx + len(final))
            for match_id in rules_of[phrase]:
                if match_id not in exact or text[span[0] : span[1]] in exact[match_id]:
                    found.setdefault(match_id, []).append(span)
        if state.phrases is None:
            state.phrases = {}
        state.phrases[self] = found
        return found
