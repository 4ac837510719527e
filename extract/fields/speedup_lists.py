"""Claims that go on from the one before them in a sentence without an aspect of their own:
a second claim named only by a noun of change ("and a 45% reduction on H100"), the second
object of a verb of speed ("speeds up training by 2.1x and inference by 3.4x"), and a list
of claims that one verb governs ("saving up to 97.8% FLOPs, 96.5% GPU memory"). Used by the
post-processor in extract/fields/speedups.py; `prev` is the (number, aspect) kept before.
"""
from __future__ import annotations

import regex

from extract.engine.matching import Hit
from extract.fields.linking import Sentence
from extract.fields.quantities import Num
from extract.text import rx

# A number between two that are not speedups ("5.5 BLEU"): the list of speedups has ended.
# Not a digit inside a word or a size ("8B models"), nor a number of a name ("RTX 4090").
OTHER_NUMBER = regex.compile(r"(?<![\w.-])(?<!\p{Lu}[\w-]*\s)\d[\d.,]*(?![\w.])")
# A verb of speed and its object before "by N": the object may be a longer phrase than a
# noun's modifiers ("speeds up gradient-based NAS strategies by up to 27x").
SPEED_VERB = regex.compile(r"(?i:accelerat(?:e|es|ed|ing)|speed(?:s|ing)?[ ]up|sped[ ]up)")
# The second object of such a verb, with its own "by" ("... by 2.1x and inference by 3.4x").
_SECOND_OBJECT = regex.compile(r"(?:,[ ])?[ ]?(?:and|or)[ ](?:(?:the|its)[ ])?\p{Ll}[\p{L}-]*(?:[ ]\p{Ll}[\p{L}-]*)?[ ]by[ ]")
_NAMED_AFTER = regex.compile(r"[ ]+(?:in|of|on)[ ]")  # "a reduction of 20% in error" names what changed


def goes_on(text: str, prev: tuple[Num, Hit] | None, num: Num, params) -> bool:
    """A second claim of a pair named only by a noun of change goes on with the aspect of the
    claim before it in the sentence: "reduces latency by 30% on A100, and gives a 45% reduction
    on H100", "(with reductions of up to 9% in complex cases)", "a 2.1x speedup on A100 and a
    2.8x improvement on H100". Only in the same unit and the same direction, a rise only as a
    factor ("a 30% speedup and a 5% improvement on MMLU" is a score), with no other number
    between, and not when "in"/"of" names what changed."""
    if prev is None or prev[0].unit != num.unit or rx.search(OTHER_NUMBER, text, prev[0].end, num.start):
        return False
    m = rx.match(params.bare_change, text, num.end)
    if m is None:  # the noun before: "reductions of up to 9%" (and no "in"/"of" after the number)
        m = rx.search(params.bare_change_before, text, max(prev[0].end, num.start - 30), num.start)
        if m is None or rx.match(params.bare_change, text, num.end) is None and rx.match(_NAMED_AFTER, text, num.end):
            return False
    if not m.group("down") and num.unit != "x":
        return False
    return bool(m.group("down")) == (prev[1].attrs.get("kind") == "cost")


def verb_goes_on(text: str, prev: tuple[Num, Hit] | None, num: Num, sent: Sentence) -> bool:
    """A verb of speed with two objects, each with its "by": "speeds up training by 2.1x and
    inference by 3.4x", "accelerates prefilling by 2.1x and decoding by 1.8x". The second
    object is one or two words with no cue ("and improves accuracy by 5%" is another claim)."""
    if prev is None or not (prev[0].conn == "by" == num.conn) or not rx.fullmatch(SPEED_VERB, prev[1].text):
        return False
    return rx.fullmatch(_SECOND_OBJECT, text, prev[0].end, num.start) is not None \
        and not sent.cue_index.between(prev[0].end, num.start)


def same_verb(num: Num, aspect, prev: tuple[Num, Hit] | None, sent: Sentence) -> bool:
    """A list of claims that one verb governs: "saving up to 97.8% FLOPs, 96.5% GPU memory, and
    90.0% execution time". A number listed after a gain, with its own aspect right after it
    in the way of the one before (both costs or both not) and no cue of its own, is a gain too."""
    if prev is None or aspect.start < num.end or prev[1].start < prev[0].end:
        return False
    if (aspect.attrs.get("kind") == "cost") != (prev[1].attrs.get("kind") == "cost"):
        return False
    return sent.cue_near(num, num.end, aspect.end) is None
