"""A dataset named by a phrase of its own clause, for a number it is not next to.

Two shapes of sentence the "right after / right before / only one" reading of
`extract/fields/linking.py` gets wrong:

- A framing phrase "On X," ("Evaluated on X,") at the head of a clause names what the clause's numbers are on,
  however far the number is: "On the PTB, our model achieves a test perplexity of 55.7, and on
  WikiText-2 a perplexity of 62.1"; and so does "on X, with N" ("results on SQuAD, with 91.3
  F1, and on CoQA, with 85.0 F1"). With two datasets in the sentence, the "only one" reading
  gives nothing.
- A name in a later clause that has its own number is that number's, not an earlier one's:
  "97.2% accuracy, while on MNIST it reaches 99.6%"; "90% item reduction ...: on HellaSwag,
  we ... with 0.154 MAE".
- The only known name of a sentence, joined with another name nobody knew ("from EPIC-Kitchens
  and HD-EPIC"), is not the only name the sentence gives.
- "respectively" pairs only the joined list right before it ("55%, 45% and 55% respectively"),
  not a number before that list; and a list it pairs with metric names ("by 2.4% and 11% in
  Dice and HD95, respectively") leaves the dataset to the other readings (`metric_paired`).
"""
from __future__ import annotations

import regex

from extract.text import rx
from extract.fields.quantities import JOINS, joined

# Right before the name: the preposition of a framing phrase ("On the PTB", "for WMT14").
_PREP = regex.compile(r"(?i)(?<![\w-])(?:on|for|across)\s+(?:the\s+)?\Z")
# Before the preposition: the head of a clause (sentence start, a comma, a conjunction).
_CLAUSE_HEAD = regex.compile(r"(?i)(?:^|[,;]|\b(?:and|while|whereas|but|then))\s*"
                          r"(?:(?:when|once|if)\s+)?(?:(?:evaluated|tested|benchmarked|validated|assessed)\s+)?\Z")
# Right after the name: the phrase closes with a comma ("On the REDS4 dataset, ...").
# A tag in brackets may stand before the comma ("On FaceForensics++ (c23), ...").
_CLOSED = regex.compile(r"(?:\s+(?:benchmark|dataset|corpus|suite|(?:test|validation|val|dev)\s+(?:set|split)|split)s?)?"
                        r"(?:\s?\([^()\d]{1,12}\d{0,3}\))?\s*,\s*")
# After "on X," a phrase of result: "on SQuAD, with 91.3 F1", "on COCO, achieving 45.2 AP".
_RESULT_AFTER = regex.compile(r"(?i)(?:with|achiev\w*|reach\w*|obtain\w*|yield\w*|scor\w*|attain\w*)\b")
# A turn in the sentence: what lies beyond it is another clause's. Not a colon inside a
# name ("mAP50:95 on X").
_BREAK = regex.compile(r";|:(?!\d)|\b(?:while|whereas|but|yet|although|though|however)\b")
# A name joined to the one known: a capitalised or numbered word across "and"/"or"/"&"/"/".
# Not a number alone ("AIME 2025 and 2026"), nor across a bare comma ("On MathVista, X achieves").
# Nor a word that heads a number of its own: "on MIMIC-CXR and FID 24.19", "and 28pp on X".
_JOINED_AFTER = regex.compile(r"(?:,?\s+(?:and|or)\s+|\s?[&/]\s?)(?:the\s+)?(?:\p{Lu}|\d[\w.+-]*\p{Lu})[\w.+-]*+"
                              r"(?!\s*(?:[-–:=(]\s*)?\d)")
_JOINED_BEFORE = regex.compile(r"(?<![\w-])(?=[\w.+-]*\p{L})[\p{Lu}\d][\w.+-]*(?:,?\s+(?:and|or)\s+|\s?[&/]\s?)(?:the\s+)?\Z")
_NUMBER_BEFORE = regex.compile(r"(?<![\w.])\d[\d.,]*\s?(?:%|[\p{L}@-]+)?\s*\Z")
_FRAME_WORDS = 15  # how far a framing phrase reaches into its clause


def framing_name(text: str, sent_start: int, names: list, k: int, num_start: int):
    """names[k], the nearest name before the number (no number in between), when it is the
    object of a framing phrase: clause-initial "On X," or "on X, with ..."; else None."""
    n = names[k]
    lo = max(sent_start, n.start - 12)
    prep = rx.search(_PREP, text, lo, n.start)
    closed = rx.match(_CLOSED, text, n.end, num_start)
    if prep is None or closed is None:
        return None
    gap = text[closed.end() : num_start]
    if len(gap.split()) > _FRAME_WORDS or rx.search(_BREAK, gap):
        return None
    if rx.search(_NUMBER_BEFORE, text, max(sent_start, prep.start() - 30), prep.start()):
        return None  # "63.48 on LBW dataset, achieving a 23.5% reduction": LBW is 63.48's
    head = rx.search(_CLAUSE_HEAD, text, max(sent_start, prep.start() - 30), prep.start())
    if head is None and not (prep.start() == sent_start or rx.match(_RESULT_AFTER, text, closed.end())):
        return None
    return n


def in_later_clause(text: str, num_end: int, name_start: int, numbers_after: bool) -> bool:
    """True when a name after a number lies beyond a turn of the sentence and a number follows
    it there: that clause's number is what the name is on. So does the end of a bracketed
    aside that holds the number, where a coordinated phrase begins: "on our UAV dataset (+6.61%
    in mAP50:95) and the public B benchmark (+1.4%)" (not "(F1 0.93) on the B dataset")."""
    if not numbers_after:
        return False
    if rx.search(_BREAK, text, num_end, name_start) is not None:
        return True
    close = text.find(")", num_end, name_start)
    return close >= 0 and text.find("(", num_end, close) < 0 and text.rfind("(", 0, num_end) > text.rfind(")", 0, num_end) \
        and rx.match(_ASIDE_THEN_AND, text, close) is not None


_ASIDE_THEN_AND = regex.compile(r"\)\s*,?\s*(?:and|but|while|whereas)\b")


def turns(text: str, start: int, end: int) -> bool:
    """True when the sentence turns between two offsets: a name beyond "while", "but", ";"
    ("scores 71.3% while GPT-4 scores 86.4%") is the subject of another clause, not what the
    number before the turn is for."""
    return rx.search(_BREAK, text, start, end) is not None


def respective_run(text: str, nums: list, cut: int) -> set[int]:
    """ids of the numbers of the joined list that ends right before "respectively" at `cut`."""
    before = [n for n in nums if n.end <= cut]
    run = before[-1:]
    for a in reversed(before[:-1]):
        if not joined(text, a, run[0]):
            break
        run.insert(0, a)
    return {id(n) for n in run}


# The words of a list item no name field knew, between two known names or after the last one
# and before "respectively": "on CIFAR-10, CIFAR-100 and our new medical set, respectively".
# A few words, none a number ("TJ4DRadSet" is a word), no bracket, no clause word.
_ITEM = r"(?:the\s+)?(?!(?:which|that|while|whereas|but|where|when|with|we|it|they)\b)(?!\d)[^\s,;:()\[\]]+(?:\s(?!\d)[^\s,;:()\[\]]+){0,7}"
# ... a head noun and a short form in brackets may follow a name: "on View-of-Delft (VoD) and X".
_HEAD = r"(?:\s+(?:benchmark|dataset|set|split|corpus|task)s?)?(?:\s?\([^()\d]{1,12}\))?"
_LAST_ITEM = regex.compile(rf"{_HEAD}(?:\s*,\s*(?:and|or)\s+|\s+(?:and|or)\s+){_ITEM}{_HEAD}\s*,?\s*")
_MIDDLE_ITEM = regex.compile(rf"{_HEAD}\s*,\s*{_ITEM}{_HEAD}\s*,\s*(?:(?:and|or)\s+)?")


def respective_items(text: str, names: list, cut: int) -> list:
    """The items of the list of names that ends right before "respectively" at `cut`, with None
    for each item no name field knew ("A, B and our new set, respectively" gives [A, B, None]),
    so that the numbers pair with the right items and an unknown one gets no name; [] when the
    text before `cut` is not such a list ending in an unknown item or holding one."""
    known = [n for n in names if n.end <= cut]
    if not known:
        return []
    last = known[-1]
    tail = rx.fullmatch(_LAST_ITEM, text, last.end, cut)
    if tail is None and text[last.end : cut].strip(" ,") not in ("", *_HEADS):
        return []
    items: list = [last, None] if tail is not None else [last]
    for prev in reversed(known[:-1]):
        gap = text[prev.end : items[0].start]
        if gap.strip() in JOINS:
            items.insert(0, prev)
        elif rx.fullmatch(_MIDDLE_ITEM, gap):
            items[0:0] = [prev, None]
        else:
            break
    return items if None in items else []


_HEADS = ("benchmark", "benchmarks", "dataset", "datasets", "set", "sets", "split", "splits", "tasks")


# The last item of a list under a plural head: "on commonsense reasoning and MMLU benchmarks".
_LAST_OF_PLURAL = regex.compile(r"(?:,|\band|\bor)\s+\Z")
_PLURAL_HEAD = regex.compile(r"\s+(?:benchmarks|datasets|tasks|suites|corpora)\b")


def coordinated_with_other(text: str, start: int, end: int) -> bool:
    """True when the name at [start, end) is joined with another capitalised or numbered word
    ("EPIC-Kitchens and HD-EPIC", "Aptos and IDRiD"), or ends a list under a plural head
    ("commonsense reasoning and MMLU benchmarks"): one of several names."""
    lo = max(0, start - 40)
    return rx.match(_JOINED_AFTER, text, end) is not None or rx.search(_JOINED_BEFORE, text, lo, start) is not None \
        or rx.match(_PLURAL_HEAD, text, end) is not None and rx.search(_LAST_OF_PLURAL, text, lo, start) is not None


# The one place a "respectively" run is on, when the run pairs with something else (models,
# baselines, settings): "On Seal-0, o3 and o4-mini achieve 17.1% and 6.3% accuracy,
# respectively", "36.3 and 38.1 AP on the LVIS benchmark, respectively". The place is the object
# of "on"/"for"/"across"/"in" and no item of a list ("on A and our new set, respectively").
_PLACE_PREP = regex.compile(r"(?i)(?<![\w-])(?:on|for|across|in)\s+(?:the\s+)?\Z")
_PLACE_END = regex.compile(r"(?:\s+(?:benchmark|dataset|corpus|suite|(?:test|validation|val|dev)\s+(?:set|split)|split|subset)s?)?"
                           r"(?:\s?\([^()]{1,20}\))?")
_PLACE_LISTED = regex.compile(r"\s*(?:,\s*)?(?:and|or|&|/|vs\.?|versus)(?!\w)")


def run_place(text: str, sent_start: int, datasets: list, first, last, cut: int):
    """The only dataset named before "respectively" at `cut`, when the run of numbers
    [first .. last] that "respectively" pairs is all on it: the dataset stands alone after "on"
    (no list), either before the run (no turn of the sentence in between) or right after its
    last number, closing the list ("... on the LVIS benchmark, respectively"); else None."""
    before = [d for d in datasets if d.end <= cut]
    if not before or len({d.name.lower() for d in before}) != 1:
        return None
    d = before[0]
    end = rx.match(_PLACE_END, text, d.end).end()
    if rx.search(_PLACE_PREP, text, max(sent_start, d.start - 12), d.start) is None \
            or rx.match(_PLACE_LISTED, text, end) or coordinated_with_other(text, d.start, d.end):
        return None
    if d.end <= first.start:
        return None if rx.search(_BREAK, text, d.end, first.start) else d
    if d.start >= last.end and len(text[last.end : d.start].split()) <= 5 and not rx.search(_BREAK, text, last.end, d.start) \
            and "," not in text[last.end : d.start] and not text[end:cut].strip(" ,"):
        return d
    return None


# After a name, an opening bracket and the name of what its number measures: "on OB-GYN (F1 =
# 0.71)", "on ImageNet (top-1 acc: 81.2%)"; not a condition ("(with 8 GPUs", "(at 30% FPR").
_NAMED_PAREN = regex.compile(r"\s*[(\[]\s*(?!(?:with|at|using|under|over|than|vs|versus|from|by|of|to|for|on|in|e\.g|i\.e)\b)"
                             r"\p{L}[\p{L}\d@.&-]*(?:\s\p{L}[\p{L}\d@.&-]*){0,2}\s?[=:]?\s*")


# Right before a number in brackets, after the name of its measure and "=" or ":", the place it
# is on, named by a word no name field knew: "testing on OB-GYN (F1 = 0.71)" is on that place,
# not on the sentence's only known dataset.
_OWN_PLACE = regex.compile(r"(?i)\b(?:on|for|across|in)\s+(?:the\s+)?[\w.+-]+\s*"
                           r"[(\[](?:[^()\[\]\d=:]|(?<=\p{L})\d){1,20}[=:]\s*\Z")


# Right after a number (a tag in brackets and up to three words of its own allowed), "on" a
# place whose name has a shape of a name (two capitals or a digit): "98.86% (100-way 3-shot) on
# BraTS- 2021", "0.99 bpc on HutterPrize-8". Group `at`: where that name starts.
# Not after a verb ("when fine-tuned on SOTA data"), nor on hardware ("by 20.6% on GPU").
_OWN_ON = regex.compile(r"(?:\s?\([^()]{0,30}\))?(?:\s+(?!(?:and|or|but|while|whereas|when|if|after|using)\b)"
                        r"[\p{L}@-][\p{L}\d@-]*(?<!ed)){0,3}?\s+(?:on|across)\s+(?:the\s+)?"
                        r"(?!(?:[GCTN]PUs?|[AHV]\d{2,3}|A800|RTX|GTX|Jetson|SOTA|LLMs?|VLMs?|MLLMs?|OOD|IID)\b)"
                        r"(?P<at>(?=[\w-]*(?:\p{Lu}[\w-]*\p{Lu}|\d))\p{Lu})"
                        # not a part of a dataset: "on ProGAN (GenImage)", "on the PushCube task"
                        r"(?![\w.+-]*\s*(?:\(\p{Lu}|(?:task|subset|split|setting|scene|environment|track)s?\b))")


def own_on(text: str, num_end: int, limit: int) -> int | None:
    """Where the name of the place a number is on starts, when its own phrase says it (`_OWN_ON`)."""
    m = rx.match(_OWN_ON, text, num_end, limit)
    return m.start("at") if m else None


def own_place(text: str, lo: int, num_start: int) -> bool:
    """True when the number stands in brackets right after "on WORD" (`_OWN_PLACE`)."""
    return rx.search(_OWN_PLACE, text, max(lo, num_start - 60), num_start) is not None


_RESTATED = regex.compile(r"\s*i\.\s?e\.")


def aside_apart(text: str, lo: int, hi: int, name, num) -> bool:
    """True when the name lies in a bracketed aside of the sentence [lo, hi) that does not hold
    the number: "generates specifications for 98.8% of problems (with 81.3% also accepted by
    CLEVER's scoring), certifies 87.5% of problems": CLEVER is the aside's, not the 87.5%'s.
    Not a bracket that only repeats the name ("the Long Range Arena (LRA) benchmark"); the
    caller asks about every mention of the name ("(... the LOCOMO implementation ...), and our
    LOCOMO score (8.8%)")."""
    opening = text.rfind("(", lo, name.start)
    if opening < 0 or text.find(")", opening, name.start) >= 0:
        return False
    closing = text.find(")", name.end, hi)
    if closing < 0 or not text[opening + 1 : closing].strip(" ,;").split(None, 1)[1:]:
        return False  # an acronym or an alias in brackets
    if num.end <= opening and not text[num.end : opening].strip() or rx.match(_RESTATED, text, opening + 1):
        return False  # the number's own tag ("31.10% (Raw Whisper)"), or the subject restated ("(i.e., OpenAI o1)")
    return not (opening < num.start and num.end <= closing)


def paren(text: str, start: int, end: int, named: bool = False) -> bool:
    """Only an opening bracket between a name and its number: "ARC-AGI (32.8%)", "46.6% (GPT-5.2 Pro)";
    with `named`, also the name of the measure after the bracket ("OB-GYN (F1 = 0.71)")."""
    if text[start:end].strip() in ("(", "["):
        return True
    return named and end - start <= 40 and rx.fullmatch(_NAMED_PAREN, text, start, end) is not None


def in_list(text: str, names: list, i: int) -> bool:
    """True when names[i] is one item of a list of names ("MATH-500, AIME24, and BeyondAIME")."""
    if i > 0 and names[i - 1].end <= names[i].start and text[names[i - 1].end : names[i].start].strip() in JOINS:
        return True
    return i + 1 < len(names) and names[i].end <= names[i + 1].start \
        and text[names[i].end : names[i + 1].start].strip() in JOINS


def paired_in_order(text: str, items: list, before: list) -> dict[int, object]:
    """id(num) -> item for the numbers before "respectively", in order; cyclically when there
    are twice as many numbers ("A of 1 and 2, B of 3 and 4, on X and Y"); nothing when the counts
    do not pair up. A signed number in brackets after another ("77.8% mAP (+9.4%), 86.1% mAP
    (+2.9%) ... on X and Y") is that number's gain: it takes its item, and is not counted."""
    if not before:
        return {}
    tags = {id(n) for a, n in zip(before, before[1:])
            if n.sign and len(text[a.end : n.start].split()) <= 3 and text[a.end : n.start].rstrip().endswith("(")}
    main = [n for n in before if id(n) not in tags]
    if tags and len(main) == len(items):
        out, k = {}, -1
        for n in before:
            k += id(n) not in tags
            out[id(n)] = items[max(k, 0)]
        return out
    if len(before) % len(items):
        return {}  # counts that do not pair up: better no name than a wrong one
    return {id(n): items[i % len(items)] for i, n in enumerate(before)}
