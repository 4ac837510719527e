"""Several named parts of the paper's method introduced in one sentence, as a list after a colon:
"we propose two lightweight skill unlearning methods: Neuron Adjust and Key Space Detection",
"SDBN comprises three modules: PreWeightNet for ..., ThresholdNet for ... and EffiWeightNet
for ...". The sentence up to the colon must introduce a counted or key set of parts
(rules/methods.yaml `listed_intro`); each item of the list is read at its start only
(`listed_item`): the item's name is its first word or Title Case phrase, never a word inside
its description.
"""
from __future__ import annotations

import regex

from extract.text import rx

# Where an item of the list can start: after the colon, a comma, "and", a semicolon or an
# enumeration mark ("(ii)", "2)").
_ITEM_START = regex.compile(r",[ ]+(?:and[ ]+)?|[ ]+and[ ]+|;[ ]*|[ ](?=\(?(?:[ivx]{1,4}|\d)\)[ ])")


def listed_names(context, cues, proposes: bool = False):
    """(start, end, name) of each name that starts an item of such a list; where the abstract
    `proposes` something, also of a list of parts its sentence names without "we"
    (`listed_parts`: "SEF-DETR consists of three components: ...")."""
    text = context.text
    colon = text.find(":")
    while colon != -1:
        start, end = context.sentence_of(colon)
        if rx.search(cues.listed_intro, text, start, colon) or proposes and rx.search(cues.listed_parts, text, start, colon):
            yield from _items(text, cues, colon + 1, end, stop=False)
        colon = text.find(":", end)
    # After a comma the list is read while its items are names: what follows the last one
    # ("..., which reduce compute") ends it.
    for m in rx.finditer(cues.listed_comma, text):
        start, end = context.sentence_of(m.start())
        if rx.search(cues.listed_intro, text, start, m.start()):
            yield from _items(text, cues, m.end(), end, stop=True)


def _items(text, cues, after, end, stop):
    positions = [after] + [m.end() for m in rx.finditer(_ITEM_START, text, after, end)]
    for p in positions:
        m = rx.match(cues.listed_item, text, p, end)
        if m:
            # A Title Case phrase may take in "and" and the next item: "Neuron Adjust and
            # Key Space Detection" is two names, the second read at its own start.
            name = m.group("name").split(" and ", 1)[0]
            yield m.start("name"), m.start("name") + len(name), name
        elif stop:
            return
