"""Datasets by company: a coined name coordinated with datasets the text already names is a
dataset too ("including WebShop and VisualSokoban", "scenes from PROX and Replica datasets",
"on SQuAD, TriviaQA and NQ-Open"). A list is read only where something says it lists data: two
or more known members, a cue before it ("on", "across", "including", "such as", a bracket) or
a plural data noun after it (a colon is no cue: "three components: A, B and C" lists parts).
Members must be written like names (a capital and an inner capital or a digit, not a value)
and no list may know them as a model, a method or a measure."""
from __future__ import annotations

import regex

from extract.fields import lexicon
from extract.text import rx

# One member: a coined token, and a number written apart ("SQuAD 2.0"); a superscript written
# in LaTeX ends a part ("COCO-20^i", the clean view of "COCO-20$^i$").
_ITEM = r"[\p{L}\d][\p{L}\d+]*+(?:[.^-][\p{L}\d+]+)*+(?:[ ]\d+(?:\.\d+)?(?![\w.]))?"
_SEP = r"(?:,[ ](?:and[ ]|or[ ])?|,?[ ](?:and|or)[ ])"
# Between two names a list already knows, a slash joins too ("on GSM8K/MATH/AIME"): results
# written "x/y/z on A/B/C" pair with them in order. Not at a list's ends, where one name may be
# written with a slash ("the IFN/ENIT dataset") or a measure stands beside data ("SH/TEWL data").
_SEP_IN = r"(?:,[ ](?:and[ ]|or[ ])?|,?[ ](?:and|or)[ ]|/)"
# What lies between two known members of one list: separators and other members.
# A language's name may stand before a member: "the English BLiMP, Chinese SLING, and Russian
# RuBLiMP benchmarks".
_LANGUAGE = r"(?:\p{Lu}\p{Ll}+(?:ish|ese|an)[ ])?"
_BETWEEN = regex.compile(rf"{_SEP_IN}(?:{_LANGUAGE}(?P<item>{_ITEM}){_SEP_IN})*{_LANGUAGE}")
_BETWEEN_THE = regex.compile(rf"{_SEP_IN}(?:the[ ])?(?:{_LANGUAGE}{_ITEM}{_SEP_IN}(?:the[ ])?)*{_LANGUAGE}")
# A comma alone joins two names of a list only where the list goes on ("NCI1, PROTEINS, and
# AIDS"), not after a phrase ("On Bench2Drive, VECTOR-DRIVE achieves").
_LIST_GOES_ON = regex.compile(r",|[ ](?:and|or)[ ]")
# Members after the last known one; the last ends the phrase (a stop or a lower-case word).
_AFTER_LAST = regex.compile(rf"(?:,[ ](?P<item>{_ITEM}))*,?[ ](?:and|or)[ ](?P<item>{_ITEM})(?=[,.;:)]|[ ]\p{{Ll}})")
# Members before the first known one, back to the cue that opens the list.
# A bracket opens a list with no space after it: "three visual worlds (CLEVRTex, Super-CLEVR, and MOVi-C)".
_CUE = r"(?:\b(?:on|across|over|including|such[ ]as|e\.g\.,?|like|from|using)[ ]|\()"
_BEFORE_FIRST = regex.compile(rf"{_CUE}(?:the[ ])?(?P<item>{_ITEM})(?:,[ ](?P<item>{_ITEM}))*{_SEP}$")
# Before a plural data noun no cue is needed: "the PROX and Replica datasets".
_BEFORE_NOUN = regex.compile(rf"(?<![\w-])(?P<item>{_ITEM})(?:,[ ](?P<item>{_ITEM}))*{_SEP}$")
_CUE_BEFORE = regex.compile(rf"{_CUE}(?:the[ ])?$")
_DATA_NOUNS_AFTER = regex.compile(r"[ ](?:data ?sets|benchmarks|corpora|suites|environments)\b", regex.I)
# Coined: the first word has an inner capital or a digit ("from 0.728" is no name).
_COINED = regex.compile(r"(?=[\p{Lu}\d])\S*?(?:\p{Lu}\S*\p{Lu}|\p{Ll}\p{Lu}|\p{L}\S*\d|\d\S*\p{L})")
# A value in a parallel clause ("20pp on A and 28pp on B", "FID 16.60 on A and FID 24.19 on B"),
# or a size in a bracket of settings ("(224x224, ImageNet normalization)").
_VALUE = regex.compile(r"^\d+(?:\.\d+)?(?:pp|x|%|[KMBkmb]|[x×]\d+)?$")
_OTHER_LISTS = ("models.tsv", "methods.tsv", "metrics.tsv")


def list_members(text: str, known: list[tuple[int, int]], sentence_of) -> list[tuple[int, int]]:
    """Spans of the name-shaped members of data lists that hold the `known` dataset spans,
    other than those spans."""
    found: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    for span in sorted(set(known)) + [None]:
        if span is not None and run and sentence_of(run[-1][0]) == sentence_of(span[0]):
            m = rx.fullmatch(_BETWEEN, text, run[-1][1], span[0])
            if m:
                found += list(zip(m.starts("item"), m.ends("item")))
                run.append(span)
                continue
        if run:
            found += _ends(text, run)
        run = [span] if span is not None else []
    return [s for s in found if _name_shaped(text[s[0] : s[1]])]


def _ends(text: str, run: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The members before the first and after the last known one, when the list is a data list."""
    window = max(0, run[0][0] - 80)
    before = rx.search(_BEFORE_FIRST, text, window, run[0][0])
    after = rx.match(_AFTER_LAST, text, run[-1][1])
    noun_after = rx.match(_DATA_NOUNS_AFTER, text, after.end() if after else run[-1][1])
    if before is None and noun_after:
        before = rx.search(_BEFORE_NOUN, text, window, run[0][0])
    cued = len(run) >= 2 or before is not None or noun_after is not None \
        or rx.search(_CUE_BEFORE, text, max(0, run[0][0] - 24), run[0][0]) is not None
    out = []
    for m in (before, after):
        if m is not None and cued:
            out += list(zip(m.starts("item"), m.ends("item")))
    return out


def _name_shaped(item: str) -> bool:
    return bool(rx.match(_COINED, item)) and not rx.match(_VALUE, item) and not lexicon.is_generic(item) \
        and not any(lexicon.lookup(f, item) for f in _OTHER_LISTS) and not lexicon.lookup("metrics.tsv", item.split(" ")[0])


def coordinated(text: str, span: tuple[int, int], known: list[tuple[int, int]], sentence_of) -> bool:
    """`span` stands in one list with a `known` dataset span of its sentence: only separators and
    other members between them ("SICK and STS-B", "the Brown Corpus and the Penn Treebank")."""
    s, e = span
    for ks, ke in known:
        if sentence_of(ks) != sentence_of(s) or ks < e and s < ke:
            continue
        lo, hi = (ke, s) if ke <= s else (e, ks)
        if hi - lo <= 120 and rx.fullmatch(_BETWEEN_THE, text, lo, hi) \
                and (text[lo:hi] != ", " or rx.match(_LIST_GOES_ON, text, max(e, ke))):
            return True
    return False
