"""Speedups: a factor or percent next to an aspect word (speedup, latency, memory, FLOPs, ...).

A number becomes a speedup when an aspect is linked to it: right after it ("9.1x FLOPs
reduction", "3x faster inference"), right before it with "by"/"of" ("reducing memory by
10x", "speedups of up to 10x"), by "respectively" ("6x and 4x reduction in memory and
latency, respectively"), or by continuing a list ("12.2x speedup on A and 6.7x on B").
The aspect's kind (speed, cost, efficiency; data/gazetteers/speedup_aspects.tsv) and the
nearest change cue decide whether it is a gain: "4x lower compute" is, "2.8x more memory"
is an overhead and is left out (extract/fields/speedup_gains.py). A percent needs a cue
saying which way it went.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace

import regex

from extract.text import rx
from extract.engine.matching import Hit
from extract.fields.linking import link, respective_names, sentences_of
from extract.fields.numreading import read_numbers
from extract.fields.pairing import paired_lists
from extract.fields.quantities import Num, clear_gap, glued, joined, listed_after, occurrences
from extract.fields.spans import SpanIndex, select_longest
from extract.fields.speedup_lists import OTHER_NUMBER, SPEED_VERB, goes_on, same_verb, verb_goes_on
from extract.fields.speedup_ranges import aspect_before_pair, is_range_conn, merge_ranges
from extract.fields.speedup_gains import is_gain, next_start
from extract.fields.speedup_shares import only_share, share

_CONNECTED = ("by", "of", "=", ":")
PARAMS = ("after_gap", "bare_change", "bare_change_before", "bare_next", "before", "free_word", "comparative", "compound_word",
          "head_modifier", "not_a_cost_modifier", "faster_what", "share_of_other", "share_base", "share_gap", "change_in_gap", "passive_by", "compared_by", "better", "only_share")  # rules/speedups.yaml `params:`
# A count of an aspect, given as a condition ("at 4 NFEs", "with 8 steps"), makes it a
# setting; "Stage 2 training cost by 4x" is no count.
_COUNTED = regex.compile(r"(?i:\b(?:at|with|using|under|in|for|of))\s+\d[\d.,]*\s*\Z")
_SHORT_FORM_AFTER = regex.compile(r"\s?\(\p{L}[^()]{0,19}\)")  # " (TTFT)", " (E2E)"; not " (2.1x)"
# A number right after the aspect a verb governs, without "by": "reducing latency 2.5x",
# "reduces latency (1.7-2.0x) and memory usage (1.9-2.4x)", "reducing cost up to 8x".
_OBJECT_THEN_NUMBER = regex.compile(r"(?<=\p{L})[ ]\(?\Z|(?<=\p{L}[ ])\(\Z")
_VERB_OBJECT_WORDS = 8
# A number after a copula whose subject is the aspect, and a comparative of a cut after it:
# "its energy consumption is at least 3.5x lower than that of its ANN counterpart", "an
# annotation cost that is over an order of magnitude lower" (searched before the number,
# its qualifier included; the subject ends where the match starts).
_COPULA_BEFORE = regex.compile(r"(?<=\p{L})(?:[ ]\([^()]{1,30}\))?[ ](?:(?:that|which)[ ])?(?:is|are|was|were)[ ](?:\p{Ll}+ly[ ])?\Z")
_CUT_AFTER = regex.compile(r"[ ](?:lower|less|fewer|smaller|cheaper)\b")
# Whose cost it is, between a cost and its "by": "reducing memory usage of the 12B FLUX.1-dev
# model by 2.1x", "cuts the latency for long-context LLM serving by 40%"; or the unit it is
# counted in: "reducing cost per output row by 3x".
_OF_WHAT = regex.compile(r"[ ](?:of|for|per)[ ]")
_OF_WHAT_WORDS = 6
# The number in brackets right after its aspect, with its "by": "improves throughput (by 75%)".
_BRACKETED = regex.compile(r"[ ]?\((?:by|of)[ ]")
# A name right after a number it measures ("by 12.64% BD-Rate", "by 3.1 BLEU"): a score, not
# the aspect's gain (an aspect there would have been read as the one after the number).
_MEASURE_AFTER = regex.compile(r"[ ]\p{Lu}[\p{L}\d@-]*(?![\p{L}\d@-])")
_CHANGE_AFTER = regex.compile(r"[ ]+(?:reductions?|decreases?|savings?|cuts?|improvements?|gains?|speed-?ups?|increases?)\b")
_REDUCTION_AFTER = regex.compile(r"[ ]+(?:reductions?|savings?|cuts?|decreases?)\b")
_BOUNDS = ("more than", "less than", "below")  # qualifiers that bound a level (data/gazetteers/qualifiers.tsv)
_WORD_AND = regex.compile(r"[ ](?!(?:and|or|the|a|an|in|on|of|for|to|at|by|with|over|than)\b)[\p{L}\d][\p{L}\d-]*[ ](?:and|or)[ ]")
_CUE_AFTER = 12  # how far after its aspect a cue may say a set-up number is a gain ("token savings")


def postprocess(doc, hits, context) -> list[dict]:
    nums = read_numbers(hits, context, context.params.before)
    if not nums:
        return []
    text = context.text
    names = occurrences(context, ("datasets", "models", "methods"))
    name_index = SpanIndex(names)
    # "reduces latency to 18%" gives the new level, not the gain: percents after "to" are left
    # out, unless a share of where it started ("reduces latency to 74.4% of the original") or a
    # change named right after it ("leading to a 21.4% reduction in MACs")
    nums = [n for n in nums if n.unit in ("x", "%", "pp") and not (n.unit != "x" and n.conn == "to" and not share(text, n)
                                                                  and not rx.match(_CHANGE_AFTER, text, n.end))
            and not name_index.covers(n.vstart, n.vend)]
    nums = merge_ranges(text, nums)  # "from 1.09x to 1.33x", "between 2x and 4x": one claim each
    aspects = [h for h in hits if h.label == "aspect" and not glued(text, h.start, h.end)]
    aspects = [a for a in (_with_modifiers(h, text, context) if h.attrs.get("head") else h for h in aspects) if a]
    aspects = SpanIndex(sorted(_named_by_list(aspects, context.params.comparative),
                               key=lambda h: (h.start, -(h.end - h.start))))
    bare_next = context.params.bare_next
    out, seen = [], set()
    for span, sent in sentences_of(context, nums, hits, names).items():
        s_aspects = select_longest(aspects.between(span[0], span[1]))
        resp_aspects = sent.respective_words(s_aspects, sent.nums)
        # Without "respectively", two lists of one length in order: "cuts memory and runtime by 40% and 30%"
        paired = {} if sent.respectively else paired_lists(text, s_aspects, sent.nums, key=lambda a: (a.name or a.text).lower())
        resp_aspects = paired or resp_aspects
        resp_names = respective_names(sent, sent.nums)
        aspect_index = SpanIndex(s_aspects)
        own = [resp_aspects.get(id(n)) or _aspect_for(text, n, aspect_index, context.params)
               for n in sent.nums]
        shared = [id(n) in resp_aspects for n in sent.nums]
        for i in range(len(own) - 2, -1, -1):  # "4.1x and 6.3x faster": the aspect after a list
            if own[i] is None and own[i + 1] is not None and (joined(text, sent.nums[i], sent.nums[i + 1])
                                                              or _paired_words(text, sent.nums[i], sent.nums[i + 1], own[i + 1], context.params)):
                own[i], shared[i] = own[i + 1], True
                shared[i + 1] = True  # one qualifier over the list: "up to 2x, 3x and 4x speedups"
        kept: list[tuple[Num, Hit]] = []
        for num, aspect, shared_aspect in zip(sent.nums, own, shared):
            context.check_time()
            prev = kept[-1] if kept else None
            listed = prev is not None and listed_after(text, prev[0], num)
            inherited = aspect is None and listed and (rx.match(bare_next, text, num.end, span[1]) or share(text, num)) \
                and not rx.search(OTHER_NUMBER, text, prev[0].end, num.start)  # "4.5% lower latency, 5.5 BLEU, 6.5%"
            inherited = inherited or aspect is None and (goes_on(text, prev, num, context.params)
                                                         or verb_goes_on(text, prev, num, sent))
            # "12.2x speedup on A and 6.7x on B": aspect, and being a gain, go on (inherited implies prev)
            if inherited and prev is not None:
                aspect, shared_aspect = prev[1], True
            # a number listed after a gain, with its own aspect of a paired list, is a gain too:
            # "cuts memory and runtime by 40% and 30%", "reducing X and Y by 77.3% and 89.5%,
            # respectively" (the cue is before the list)
            if aspect is None:
                continue
            gain = inherited or listed and id(num) in resp_aspects or is_gain(num, aspect, sent, context.params)
            one_verb = not gain and listed and same_verb(num, aspect, prev, sent)
            if not (gain or one_verb):
                continue
            cue_end = max(aspect.start, min(aspect.end + _CUE_AFTER, next_start(sent, num, aspect)))
            if num.setting and not (aspect.start >= num.end and (sent.cue_near(num, num.end, cue_end)
                                                                 or aspect.attrs.get("kind") == "speed"
                                                                 or only_share(text, num, aspect, context.params))):
                continue  # "at a 28x compression ratio" is a condition; "with 10x fewer parameters", "with 2x
                #           faster convergence", "at 63% FLOPs reduction", "with 60% token savings" are gains
            if num.qual == "below" and num.conn is None and aspect.start >= num.end \
                    and not only_share(text, num, aspect, context.params):
                continue  # "with a 2% drop under a 30% budget": a bound on a level, a setting;
                #           not "at under 20% of the original cost"
            if aspect.attrs.get("kind") == "generic" and prev is not None:
                aspect = prev[1]  # "21.74% fewer training steps ... and an 11.31 pp larger efficiency gain"
            if num.qual is None and listed and (shared_aspect or one_verb) and prev is not None:
                num.qual = prev[0].qual
            kept.append((num, aspect))
            name = aspect.name or aspect.text
            key = (num.value, num.unit, name.lower())
            if key in seen:
                continue
            seen.add(key)
            entry = {"start": num.start, "end": num.end, "rule": num.rule, "unit": num.unit, "aspect": name,
                     "qualifier": num.qual, **link(num, sent, resp_names)}
            if num.unit == "x":
                entry["factor"] = num.value
            else:
                entry["percent"] = num.value
            entry["value_high"] = num.high
            out.append(entry)
    return out


def _named_by_list(aspects: list[Hit], comparative) -> list[Hit]:
    """An aspect read from its words, not from the list (rules/speedups.yaml speedups.fewer-what:
    "49% fewer natural-text PT tokens"), takes the name and kind of a listed aspect among those
    words ("tokens"), keeping its span, so that the number reaches it; the listed one inside is
    dropped."""
    phrases = [h for h in aspects if h.name is None]
    if not phrases:
        return aspects
    out = [h for h in aspects if h not in phrases]
    for p in phrases:
        inner = [h for h in out if p.start <= h.start and h.end <= p.end and h.name is not None]
        if inner:
            listed = inner[-1]  # the head noun ends the phrase
            out = [h for h in out if h not in inner]
            # an overhead stays a cost known by its head ("6% speed overhead" is no speed gained),
            # unless a comparative says it went down ("30x cheaper overhead")
            head = p.attrs.get("overhead") and not any(rx.fullmatch(comparative, h.text) for h in inner)
            p = replace(p, name=listed.name, attrs={**listed.attrs, **({"head": True} if head else {})})
        out.append(p)
    return out


def _with_modifiers(head: Hit, text: str, context) -> Hit | None:
    """A cost head with the words of its name before it ("sequence length"); name None, so that
    `_named_by_list` gives it a listed aspect inside ("memory footprint" is memory). None when
    the words make it a measured quantity (param not_a_cost_modifier: "power consumption")."""
    floor = max(context.sentence_of(head.start)[0], head.start - 40)
    m = rx.search(context.params.head_modifier, text, floor, head.start)
    start = m.start() if m else head.start
    if rx.search(context.params.not_a_cost_modifier, text, start, head.start):
        return None
    return replace(head, start=start, text=text[start : head.end], name=None)


def _aspect_for(text: str, num: Num, aspects: SpanIndex, params):
    """The aspect after the number (the last of adjacent ones: "faster inference speed"; a
    speed word also after one word of its own: "3.4x kernel speedup"; a comparative only right
    after it: "35 times smaller", not "by 150% for smaller models"), or, when "by"/"of" links
    it backwards, the one right before ("reducing memory by 10x"); with no aspect after it and
    no "by", the one it comes right after ("reducing latency 2.5x").
    Aspects never overlap, so their ends are in order: one binary search each way."""
    items = aspects.items
    after = None
    i = aspects.first_from(num.end)
    if i < len(items) and _reaches(text, num, items[i], params):
        after = items[i]
        named = _speed_of(text, after, params)
        while i + 1 < len(items) and _compound(text, after, items[i + 1], params):
            i += 1
            comparative = after if rx.fullmatch(params.comparative, after.text) else None
            after = items[i]
            if comparative and after.attrs.get("kind") == "cost":  # it went down: "46% faster runtime",
                kind = "speed" if comparative.attrs.get("kind") == "speed" else "cost"  # "30x cheaper overhead"
                after = replace(after, attrs={**after.attrs, "kind": kind, "head": False})
        if named and after.name == "speedup":  # "20x faster decoding", "10x faster sampling speed"
            after = replace(after, name=named)
    connected = num.conn in _CONNECTED or num.conn == "to" and share(text, num) or is_range_conn(num) \
        or bool(num.attrs.get("connected"))  # "reduces latency to 74.4% of ...", "cuts time in half"
    if num.conn is None and not connected and (after is None or rx.fullmatch(params.comparative, after.text)) \
            and rx.match(_CUT_AFTER, text, num.end):
        subject = _copula_subject(text, num, aspects)  # "its energy consumption is 3.5x lower than"
        if subject is not None:
            return subject
    # Without "by", a number right after the aspect a verb governs: "reducing latency 2.5x",
    # "reduces latency (1.7-2.0x)"; not after a comparative ("the reduction is smaller
    # (4-7%)") nor as a bound on a level ("Relative Human Action Efficiency greater than 75%").
    right_after = after is None and not connected and num.conn is None and num.setting is None \
        and num.qual not in _BOUNDS and rx.search(_OBJECT_THEN_NUMBER, text, max(0, num.start - 2), num.start) is not None
    before = _aspect_before(text, num, aspects, 3 if connected else 0, params) if connected or right_after else None
    if right_after and before is not None and rx.fullmatch(params.comparative, before.text):
        before = None
    if connected and after is None and rx.match(_MEASURE_AFTER, text, num.end):
        return None  # "outperforms compression methods by up to 12.64% BD-Rate": the number is BD-Rate's
    if before is None and after is None and num.conn is None:
        return aspect_before_pair(text, num, aspects)  # "runtime from 49.2 s to 10.4 s (4.7x)"
    return (before or after) if connected else (after or before)


def _copula_subject(text: str, num: Num, aspects: SpanIndex):
    """The aspect that is the subject of a copula right before the number: "its energy
    consumption is at least 3.5x lower", "the memory footprint is 4x smaller" (memory, not the
    size that "smaller" would name)."""
    m = rx.search(_COPULA_BEFORE, text, max(num.sentence[0], num.start - 60), num.start)
    if m is None:
        return None
    k = bisect_right(aspects.ends, m.start())
    return aspects.items[k - 1] if k and aspects.items[k - 1].end == m.start() else None


def _paired_words(text: str, num: Num, nxt: Num, aspect, params) -> bool:
    """Two factors, each with a word of its own, before one speed word: "a 1.8x end-to-end and
    2.5x kernel-level speedup" (the first shares the aspect of the second)."""
    return num.unit == nxt.unit == "x" and aspect.attrs.get("kind") == "speed" and aspect.start > nxt.end \
        and rx.fullmatch(_WORD_AND, text, num.end, nxt.start) is not None \
        and rx.fullmatch(params.free_word, text, nxt.end, aspect.start) is not None


def _speed_of(text: str, aspect, params) -> str | None:
    """What got faster, named by the noun right after a comparative of speed: "20x faster
    decoding" is decoding speed, "50% faster optimization" optimization speed (param
    faster_what); a speedup of inference is a plain speedup ("3x faster inference")."""
    if aspect.attrs.get("kind") != "speed" or not rx.fullmatch(params.comparative, aspect.text):
        return None
    m = rx.match(params.faster_what, text, aspect.end)
    return f"{m.group('what').lower()} speed" if m else None


def _compound(text: str, aspect, head, params) -> bool:
    """`head` ends the noun phrase that `aspect` begins, so the number is about `head`: right
    after it ("faster inference speed", "token throughput"), or one word of its own later when
    both are costs or both gains ("a 65% reduction in image token inference FLOPs")."""
    gap = text[aspect.end : head.start]
    if not gap.strip(" -"):
        return True
    same_way = (aspect.attrs.get("kind") == "cost") == (head.attrs.get("kind") == "cost")
    # one word at most, checked before the regex: the gap may run to the end of the text
    return same_way and len(gap) < 40 and len(gap.split()) == 1 and bool(rx.fullmatch(params.compound_word, gap))


def _aspect_before(text: str, num: Num, aspects: SpanIndex, max_words: int, params):
    """The aspect right before the number, at most `max_words` words (and a short form in
    brackets) away, more after a verb of speed; with `max_words` 0, only a space or an opening
    bracket between them. Not one counted as a setting ("reducing Gen.-PPL at 4 NFEs by 89%").
    A passive verb before "by" does not count: the subject is the aspect ("the total number of
    FLOPs can be reduced by up to 27%", "the training time of X was reduced by 17.8%"); nor
    does a comparison ("reducing energy relative to YOLOv12m by 20.6%")."""
    items = aspects.items
    k = bisect_right(aspects.ends, num.start)
    if not k:
        return None
    aspect = items[k - 1]
    whole = text[aspect.start - 1 : aspect.start] == "(" and text[aspect.end : aspect.end + 1] == ")"
    if k > 1 and not whole and _past_short_form(text, items[k - 2]) >= aspect.end:
        # a word inside the brackets of the one before: "decoding latency (ms/token) by 17.75%";
        # not the whole bracket, a short form that names it: "complexity (GFLOPs) by 48%"
        aspect = items[k - 2]
    if max_words and rx.fullmatch(SPEED_VERB, aspect.text):
        max_words = _VERB_OBJECT_WORDS  # "accelerates the training of LLaVA-1.5 by 2.1x"
    elif max_words and num.conn == "by" and rx.match(_OF_WHAT, text, aspect.end):
        max_words = _OF_WHAT_WORDS  # "reducing memory usage of the 12B FLUX.1-dev model by 2.1x"
    gap_end = num.start if max_words else len(text[: num.start].rstrip(" ("))
    # a bracket that holds the number itself is no short form: "throughput (up to 75%)"
    past = _past_short_form(text, aspect)
    past = past if past <= gap_end else aspect.end
    skip = rx.search(params.passive_by, text, past, gap_end) or rx.search(params.compared_by, text, past, gap_end) \
        if max_words and num.conn == "by" else None
    gap_end = skip.start() if skip else gap_end
    if (clear_gap(text, past, gap_end, max_words, comma=True, names=True) or rx.fullmatch(_BRACKETED, text, past, num.start)) \
            and not rx.search(_COUNTED, text, max(0, aspect.start - 24), aspect.start):
        return aspect
    return None


def _past_short_form(text: str, aspect) -> int:
    """Where an aspect ends with its short form in brackets: "reduces end-to-end latency (E2E)
    by 2.1x", and "cut time to first token (TTFT) by 53%" when the short form is the aspect."""
    if text[aspect.start - 1 : aspect.start] == "(" and text[aspect.end : aspect.end + 1] == ")":
        return aspect.end + 1
    m = rx.match(_SHORT_FORM_AFTER, text, aspect.end)
    return m.end() if m else aspect.end


def _reaches(text: str, num: Num, aspect, params) -> bool:
    """The aspect after a number is its own: across the words `after_gap` allows, or one word
    of its own before a speed word (`free_word`), or two after the "of" of a share
    (`share_gap`: "17% of the production cost"; of a cost: "95.9% of unconstrained throughput"
    is a level), or after the "in" that follows a noun of change and its "of" (`change_in_gap`:
    "a reduction of 40% in input tokens"); a comparative right after it or after such a
    word ("4x training faster"), never after a preposition."""
    if rx.fullmatch(params.comparative, aspect.text):
        return not text[num.end : aspect.start].strip(" $") or bool(rx.fullmatch(params.free_word, text, num.end, aspect.start))
    return bool(rx.fullmatch(params.after_gap, text, num.end, aspect.start)
                or (_free_word_ok(num, aspect) or _cut_named_after(text, aspect))
                and rx.fullmatch(params.free_word, text, num.end, aspect.start)
                or aspect.attrs.get("kind") == "cost" and share(text, num)
                and rx.fullmatch(params.share_gap, text, num.end, aspect.start)
                or num.conn == "of" and rx.fullmatch(params.change_in_gap, text, num.end, aspect.start)
                and rx.search(params.bare_change_before, text, max(0, num.start - 30), num.start))


def _cut_named_after(text: str, aspect) -> bool:
    """A cost that a noun of reduction follows may have a word of its own before it, as a speed
    word may: "2.09x theoretical FLOP reduction", "a 3x peak memory saving"."""
    return aspect.attrs.get("kind") == "cost" and rx.match(_REDUCTION_AFTER, text, aspect.end) is not None


def _free_word_ok(num: Num, aspect) -> bool:
    """A word of its own may stand before a speed word after a factor ("3.4x kernel speedup"),
    or before "speedup" itself ("a 30% training speedup"); a percent before other speed words
    is a level ("87.4% validation convergence")."""
    return aspect.attrs.get("kind") == "speed" and (num.unit == "x" or (aspect.name or aspect.text) == "speedup")
