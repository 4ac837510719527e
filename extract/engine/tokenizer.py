"""The tokenizer of every pipeline the project builds: spaCy's English one with one more
suffix rule, a sentence's final period after a capital that follows a lower-case letter or a
digit.

spaCy splits the period off "MMLU." and "CIFAR-10." but leaves "GSM8K.", "CoT.", "mIoU."
and "ADE20K." one token each, so the one phrase pass over the tokens never saw those names at
the end of a sentence: 102 times in the 20,000 corpus abstracts (bench corpus, counted with
the word lists). With the rule their tokens are the tokens of the listed name ("GSM8", "K")
and a ".". Abbreviations keep their periods: "e.g.", "U.S.", "Ph.D." are spaCy's exceptions,
and "Fig." ends in a lower-case letter.

And one more infix rule: a comparison sign between a name and a number ("F1=0.657",
"p<0.05", "AUC>=0.9") splits off, as spaCy already splits it before a letter ("k=n"), so the
listed name before it is a token of its own ("AUC=0.751", "R^2=0.95", "Pearson r=0.98"): 64
metric values of the corpus abstracts gained their name or a fuller one with it.
"""
from __future__ import annotations

import spacy
from spacy.lang.char_classes import ALPHA_LOWER, ALPHA_UPPER
from spacy.language import Language
from spacy.util import compile_infix_regex, compile_suffix_regex

# Each rule tests its one literal character before its look-behind: spaCy searches these
# regexes at every place of every token, and a look-behind over the Unicode letter classes
# tried first cost every token ~0.6 us (bench/benchmark.py: 1.17x the bare pass, 1.05-1.08x now).
FINAL_PERIOD = rf"\.(?<=[{ALPHA_LOWER}0-9][{ALPHA_UPPER}]\.)"
SIGN_BEFORE_NUMBER = rf"(?=[=<>≤≥])(?<=[{ALPHA_LOWER}{ALPHA_UPPER}0-9])(?:[=<>≤≥]|<=|>=)(?=[+\-−]?\.?[0-9])"


def blank_english() -> Language:
    """`spacy.blank("en")` with the final-period and sign rules."""
    nlp = spacy.blank("en")
    split_final_period(nlp)
    split_sign_before_number(nlp)
    return nlp


def split_final_period(nlp: Language) -> None:
    """Add the rule to the suffixes of `nlp`'s tokenizer (once)."""
    suffixes = list(nlp.Defaults.suffixes or ())
    if FINAL_PERIOD not in suffixes:
        nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes + [FINAL_PERIOD]).search


def split_sign_before_number(nlp: Language) -> None:
    """Add the sign rule to the infixes of `nlp`'s tokenizer (once)."""
    infixes = list(nlp.Defaults.infixes or ())
    if SIGN_BEFORE_NUMBER not in infixes:
        nlp.tokenizer.infix_finditer = compile_infix_regex(infixes + [SIGN_BEFORE_NUMBER]).finditer
