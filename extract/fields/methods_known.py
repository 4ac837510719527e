"""Existing methods the method list (data/gazetteers/methods.tsv) knows, where a phrase hit of it
stands in the text: kept as `other` unless the text says the words mean something else there
(an acronym it defines otherwise, a part of a longer hyphenated word, a building block the
list marks optional, an ambiguous word with nothing of a method around it)."""
from __future__ import annotations

from extract.fields import lexicon, method_shapes as shapes
from extract.text import rx
from extract.text.names import name_key

METHODS = "methods.tsv"


def add_known(h, hits, text, sentence, definitions, cues, add) -> None:
    """A gazetteer hit: an existing method, unless the text says otherwise."""
    if _inside_compound(text, h.start, h.end):
        return  # CFM inside SOT-CFM, AdamW in AdamW-style
    if _redefined(h, definitions):
        return  # the text defines this acronym as something else (P2P = Point-to-Point)
    flags = h.attrs.get("flags")
    if flags == "optional":
        return  # building blocks (LoRA, KV cache, RoPE): gold lists them as optional at most
    if flags == "ambiguous" and not _near_other_method(hits, h, sentence) and (
            not rx.search(cues.methodish, text, *sentence) or shapes.also_a_measure(h.text, h.attrs.get("long_form"), text)):
        return  # "a 0.059 decrease in MAE" is the measure; "baselines (SimCLR, MAE)" lists methods
    if rx.match(shapes.DATA_NOUN_NEXT, text, h.end):
        return  # "the cross-domain MRL dataset", "the challenging SGD benchmark" name data
    start = _modifiers_before(text, h.start, cues)
    written_long = h.text == h.attrs.get("long_form") or h.text.lower() == h.name.lower()
    name = text[start : h.end] if start < h.start or written_long else h.name
    add(start, h.end, name, "other", h.rule, 0)


def _redefined(h, definitions) -> bool:
    forms = {name_key(f) for f in [h.name, h.attrs.get("long_form"), *h.attrs.get("aliases", "").split("|")] if f}
    return any(d["name"] == h.text and name_key(d["long_form"]) not in forms for d in definitions)


def _inside_compound(text: str, start: int, end: int) -> bool:
    """A match that is only part of a hyphenated word (CFM in SOT-CFM, AdamW in AdamW-style)."""
    return (start > 1 and text[start - 1] == "-" and text[start - 2].isalnum()) or (
        end + 1 < len(text) and text[end] == "-" and text[end + 1].isalnum())


def _modifiers_before(text: str, start: int, cues) -> int:
    """Take in capitalised modifiers written before a known method: Stochastic Frank-Wolfe."""
    modifiers = lexicon.word_set("method_modifiers.txt", lower=False)
    while True:
        m = rx.search(cues.capitalised_before, text, max(0, start - 30), start)
        if not m or m.group(1) not in modifiers:
            return start
        start = m.start(1)


def _near_other_method(hits, h, sentence) -> bool:
    return any(o is not h and o.name is not None and sentence[0] <= o.start < sentence[1]
               and o.attrs.get("flags") != "ambiguous" for o in hits)

