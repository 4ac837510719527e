"""Models and datasets on sentences of real arXiv abstracts (the corpus, not the gold sets),
one kind of miss or false alarm a case."""
import pytest


def names(record, field):
    return [m.name for m in getattr(record, field)]


@pytest.mark.parametrize("text, expected", [
    # a coined name whose first mention gives it a method's or a measure's kind noun
    ("Furthermore, we develop TRIGScore, a VLM-as-judge metric that automatically adapts to various "
     "dimensions. Based on TRIG-Bench and TRIGScore, we evaluate 14 models across tasks.", ["TRIG-Bench"]),
    ("This leads to the proposed IH-GRPO algorithm. Extensive experiments on IH-GRPO achieve absolute "
     "improvements of 1.87% on Qwen3-1.7B.", []),
    # an acronym the text defines as a method
    ("In this work, we propose Creative Preference Optimization (CrPO), a novel alignment method. We train "
     "and evaluate creativity-augmented versions of several models using CrPO and MuCE, a new large-scale "
     "human preference dataset.", ["MuCE"]),
    # a preposition before a data noun ends the name's phrase
    ("Experimental results verify the superiority of DynamiCtrl on benchmark datasets.", []),
    # the same kinds do not touch data
    ("Experiments on the LoCoMo benchmark show that SCG-MEM substantially improves performance.", ["LoCoMo"]),
])
def test_names_shown_to_be_methods_are_not_data(extractor, text, expected):
    assert names(extractor.extract_text(text), "datasets") == expected
