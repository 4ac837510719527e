"""The pipeline's one phrase pass (extract/engine/phrases.py): a phrase several rules list is
matched once and handed to each of them, a case-sensitive rule keeps only its own forms."""
import pytest
import spacy

from extract.engine.docstate import DocState
from extract.engine.phrases import PhraseIndex


@pytest.mark.parametrize("text, cue, exact", [
    ("We propose X. In this paper, we show Y.", [(0, 2), (17, 27), (29, 31)], [(0, 2)]),
    ("Here, we introduce THIS PAPER's method. Our code is out.", [(6, 8), (19, 29)], [(40, 43)]),
    ("No cue words at all.", [], []),
])
def test_a_phrase_that_two_rules_list_is_one_key_and_each_rule_gets_its_spans(text, cue, exact):
    nlp = spacy.blank("en")
    index = PhraseIndex(nlp.vocab)
    cues = index.add("methods\tcue", [nlp.make_doc(s) for s in ("we", "We", "this paper")], lower=True)
    capital = index.add("datasets\tcue", [nlp.make_doc(s) for s in ("We", "Our")], lower=False)
    assert len(index.matcher) == 3  # "we", "this paper", "our": the phrases, not the rules
    found = index.matches(DocState(nlp.make_doc(text), text))
    assert found.get(cues, []) == cue
    assert found.get(capital, []) == exact
