"""Metrics: reported numbers, each with the quantity it measures and the context of its sentence.

Which numbers are results: percentages and percentage points, unless a setting pattern
claims them ("at 30% FPR", "40% compression") or the speedups field took them; other numbers
(bare scores, dB, points, seconds) only when a metric name is linked to them ("AUPRO scores
of 92.3", "+3.9 mIoU", "29.86 dB PSNR"), a change cue makes them a change ("surpassing X by
0.2 dB"), or they continue such a list ("92.3 and 82.7", "64.9 -> 69.0").

The metric is the name right after the number ("76.0% pass rate", "50% improvement in
detection AUROC"), else the nearest one before it in the sentence ("perplexity is reduced
by 70%"), with the modifiers written before it ("overall VQA accuracy"); when no list names
it, the words around the number may (extract/fields/metric_link.py). The kind comes from
a sign, "by", or the change cue next to the number. Besides the datasets the name fields
found, a dataset may be known by the shape of its name after "on"/"across" (rule
metrics.on-name: "on CMATH", "on the Showdown Clicks benchmark"; extract/fields/shaped_datasets.py).
"""
from __future__ import annotations

from dataclasses import replace

import regex

from extract.text import rx
from extract.text.names import clean_name, name_key
from extract.fields.linking import Sentence, link, respective_names, sentences_of
from extract.fields.metric_link import TAG_AFTER, metric_for, paren_score
from extract.fields.metric_levels import PARAMS as LEVEL_PARAMS, changed_level
from extract.fields.metric_names import metric_names
from extract.fields.metric_rates import PARAMS as RATE_PARAMS, frame_rate, rate_metric, rate_name
from extract.fields.numreading import read_numbers
from extract.fields.pairing import paired_lists
from extract.fields.quantities import JOINS, Num, joined, listed_after, occurrences
from extract.fields.shaped_datasets import shaped_datasets
from extract.fields.spans import SpanIndex

_CHANGE_UNITS = ("%", "pp")
_TIME_OR_RATE = frozenset(("ms", "μs", "s", "seconds", "minutes", "hours", "FPS", "fps"))  # canonical (units.tsv)
_LEVEL_CONN = ("to", "->", "→")
_CARRY_WORDS = 12  # how far a value may lie from the one whose metric it takes
# What a parallel claim says right before its value: a verb of achievement ("while the 7B model
# achieves 69.19%", "MLLMs remain below 50%"), or "on DATASET from" ("and on AMC-2023 from 77.0%").
_CARRY_VERB = regex.compile(r"(?i)\b(?:achiev(?:es|ed|ing)|reach(?:es|ed|ing)?|attain(?:s|ed|ing)?|scor(?:es|ed|ing)|"
                            r"obtain(?:s|ed|ing)?|yield(?:s|ed|ing)?|remain(?:s|ed|ing)?|averag(?:es|ed|ing)|gets?|got|"
                            r"hit(?:s|ting)?|records?|recorded|stays?|stayed)\s+(?:only\s+|just\s+)?\Z")
_CARRY_ON = regex.compile(r"(?i)\b(?:on|for|across)\s+\S+(?:\s+\S+){0,3}\s+from\s*\Z")
_CARRY_BREAK = regex.compile(r"(?i)\b(?:but|yet|although|though|however|except|whereby|which|that)\b|[()\[\]:]")
# A verb of result right before a bare score, and "on" (the) right after it (`_scored_on`).
_SCORED = regex.compile(r"(?i)\b(?:achiev(?:es|ed|ing)|reach(?:es|ed|ing)?|attain(?:s|ed|ing)?|scor(?:es|ed|ing)|"
                        r"obtain(?:s|ed|ing)?|yield(?:s|ed|ing)?|records?|recorded|recording|gets?|got)\s+"
                        r"(?:(?:an?\s+)?(?:average\s+)?(?:scores?\s+)?of\s+)?(?:only\s+|just\s+)?\Z")
_ON = regex.compile(r"\s+(?:on|across)\s+(?:the\s+)?")
_UNIT_LIST_END = ("and", ", and", "or", ", or")  # `_shared_units`
_NAME_BEFORE = regex.compile(r"\p{Lu}[\w-]*\s\Z")  # "Sonnet 4.6": a version, no value
# "Accuracy ranges from 0.71 to 0.89" (or "between 0.71 and 0.89"): a range of scores the name before it measures.
_BARE_CONN = (None, "of", "=", ":", "from", "to", "between", "vs", "vs.", "versus", "->", "→",
              "range from", "ranges from", "ranged from", "ranging from")
# rules/metrics.yaml `params:`
PARAMS = ("average", "after_gap", "bare_next", "cue_gap", "free_word", "far_break", "share_of", "unnamed_after",
          "measured", "named_after", "modifiers", "head_modifiers", "symbol_owner", "object_before", "subject_before",
          "glued_name", "free_name", "name_of", "free_name_before", "cost_head", "bounded_name",
          "relative_of", "reference_word", "not_relative", "not_relative_before",
          "share_of_cases", "share_of_change") + RATE_PARAMS + LEVEL_PARAMS


def postprocess(doc, hits, context) -> list[dict]:
    nums = read_numbers(hits, context)
    if not nums:
        return []
    text = context.text
    names = occurrences(context, ("datasets", "models", "methods"))
    name_index = SpanIndex(names)
    taken = SpanIndex(((m["start"], m["end"]) for m in context.mentions("speedups")), key=lambda p: p)
    settings = SpanIndex(((h.groups["named"][0] if "named" in h.groups else h.start, h.end)
                          for h in hits if h.label == "setting"), key=lambda p: p)
    nums = [n for n in nums if not taken.overlaps(n.vstart, n.vend)
            and not settings.overlaps(n.vstart, n.vend) and not name_index.covers(n.vstart, n.vend)]
    if not nums:
        return []
    in_sentence = {n.sentence for n in nums}
    metrics = metric_names([h for h in hits if h.label == "metric" and context.sentence_of(h.start) in in_sentence],
                            context, name_index, settings)
    metric_index = SpanIndex(metrics)
    names = [n for n in names if not metric_index.covers(n.start, n.end)]
    nums = [_unit_of_name(n, metric_index, text) for n in nums if not metric_index.covers(n.vstart, n.vend)]  # the 50 of "mAP@50"
    nums = _shared_units(nums, text)
    names = sorted(names + shaped_datasets(hits, name_index, metric_index, taken, text), key=lambda n: (n.start, -(n.end - n.start)))
    params = context.params
    out, seen = [], set()
    for span, sent in sentences_of(context, nums, hits, names).items():
        s_metrics = list(metric_index.between(span[0], span[1]))
        s_quality = [m for m in s_metrics if not m.speed]
        all_index, quality_index = SpanIndex(s_metrics), SpanIndex(s_quality)
        links = [metric_for(n, all_index if _physical(n) else quality_index, text, params, name_index) for n in sent.nums]
        for i in range(len(links) - 2, -1, -1):
            # "+1.11/+1.22 Top-1", "88.04% and 88.65% accuracy": the name after a list names every item
            # "from 42.1% to 45.3% accuracy": the name after a before-and-after pair names both,
            # even where the object of a verb named the first ("improves the X from 83.43% to 84.62% accuracy")
            a, b = sent.nums[i], sent.nums[i + 1]
            if links[i + 1][1] == "after" and ((links[i][0] is None or links[i][1] == "far")
                                               and (joined(text, a, b) or _versus(text, a, b) or _tagged_join(text, a, b))
                                               or _after_value(text, a, b)):
                links[i] = links[i + 1]
        accepted: list[tuple[Num, dict]] = []
        for num, link_ in zip(sent.nums, links):
            context.check_time()
            prev = accepted[-1] if accepted else None
            found = _read(num, sent, link_, all_index, params, name_index)
            listed = prev is not None and listed_after(text, prev[0], num) and not _named_between(num, found, prev)
            if found is None and not (listed and prev is not None and _continues(num, prev[0])):
                continue
            if found is None or (listed and not found["own"]):
                assert prev is not None  # a number without its own reading is listed after prev
                found = dict(prev[1], own=False, qualifier=num.qual or prev[1]["qualifier"], where="listed")
                if num.conn in _LEVEL_CONN or prev[0].sign and not num.sign:
                    # "by 64.7 points to 99.5%", "96.8% (+14.43%), 78.0% (+0.2%)": levels
                    found.update(kind="absolute", qualifier=num.qual)
            elif listed and prev is not None and found["kind"] == "absolute" and prev[1]["kind"] != "absolute" \
                    and (prev[0].conn in ("by", "of") or prev[1].get("by_run")
                         or prev[1].get("cue_after") and text.startswith(" in ", num.end)) \
                    and num.conn is None and num.sign is None:
                # "by 9.6% on RRA@5 and 18.1% on RTA@5", "by 21% (FID), 58% (IS), 41% (KID)",
                # "improvements of 2.3% (Acc.) and 3.4% (F1)", "a 30.0% improvement in MAUVE
                # and 10.5% in perplexity": all gains
                found = dict(found, kind=prev[1]["kind"], by_run=True)
            accepted.append((num, found))
        if not accepted:
            continue
        for (num, found), (nxt, nxt_found) in zip(accepted, accepted[1:]):
            if found["kind"] == "absolute" and nxt_found.get("cue_after") and joined(text, num, nxt) and num.unit == nxt.unit:
                found["kind"] = nxt_found["kind"]  # "up to 35% and 28% drops": both are changes
        _carry_metric(text, accepted, sent, metric_index, params)
        resp_metrics = sent.respective_words(s_quality, [n for n, _ in accepted])
        if not sent.respectively:  # "precision and recall of 81.2 and 79.4": two lists in order
            resp_metrics = paired_lists(text, s_quality, [n for n, _ in accepted], key=lambda m: m.text.lower())
        resp_names = respective_names(sent, [n for n, _ in accepted])
        before: tuple[Num, dict] | None = None
        run: list[dict] = []  # the entries of the slash-joined numbers up to this one ("76.8%/86.9%")
        for num, found in accepted:
            metric = rate_metric(num, resp_metrics.get(id(num)) or found["metric"])
            metric_text = clean_name(metric.text) if metric else rate_name(num)
            qualifier = found["qualifier"]
            if metric_text and found["kind"] != "absolute" and _averaged_change(text, metric, sent):
                # "an average accuracy improvement of 4%": an average of gains in accuracy
                metric_text, qualifier = metric_text.split(None, 1)[1], qualifier or "average"
            entry = {"start": num.start, "end": num.end, "rule": num.rule, "metric": metric_text,
                     "value": num.value, "value_high": num.high, "unit": num.unit, "kind": found["kind"],
                     "qualifier": qualifier, **link(num, sent, resp_names, bool(sent.respectively) and id(num) in resp_metrics,
                                                    # "17% on NDCG": a metric, no place
                                                    own_phrase=metric is None or metric.start < num.end)}
            if before is not None and (_after_value(text, before[0], num) or _versus(text, before[0], num)):
                # "on AIME-2024 from 38.2% to 39.9%": both on AIME-2024, and "from 0.394 to 0.601 on
                # PrivacyQA" too; "81.2% versus 77.0% F1 on SQuAD" compares two models on one dataset
                for k in ("dataset", "model") if _after_value(text, before[0], num) else ("dataset",):
                    entry[k] = entry[k] or before[1][k]
                    before[1][k] = before[1][k] or entry[k]
            run = run + [entry] if before is not None and _slashed(text, before[0], num) else [entry]
            for k in ("dataset", "model"):  # "76.79%/86.87% on the GCPS dataset": the place the
                got = {e[k] for e in run if e[k]}  # slash-joined phrase names is every member's,
                for e in run if len(got) == 1 else ():  # unless they pair with places of their own
                    e[k] = e[k] or next(iter(got))
            before = (num, entry)
            key = (num.value, num.high, num.unit, name_key(metric_text or ""), entry["dataset"], entry["kind"])
            if key in seen:
                continue  # a restated value is one entry, at its first mention
            seen.add(key)
            out.append(entry)
    return out


def _carry_metric(text: str, accepted: list, sent: Sentence, metrics: SpanIndex, params) -> None:
    """A value with no metric of its own, in a phrase parallel to the value before it, is in
    that value's metric: "improving accuracy on AIME-2024 from 38.2% to 39.9%, ..., and on
    AMC-2023 from 77.0% to 82.2%", "GPT-4o scores 76.1% accuracy, while Llama-3 reaches 62.3%".
    Not across a change word or another name of a quantity ("... and cuts hallucination by 30%"
    has "cuts"), a turn ("but", "yet"), a ";", nor onto a share ("in 12% of the cases")."""
    share_of, unnamed_after = params.share_of, params.unnamed_after
    for (prev, p_found), (num, found) in zip(accepted, accepted[1:]):
        if found["metric"] is not None or p_found["metric"] is None or num.unit != prev.unit:
            continue
        gap = text[prev.end : num.start]
        if not (rx.search(_CARRY_VERB, gap) or num.conn == "from" and rx.search(_CARRY_ON, gap)
                or _after_value(text, prev, num)):
            continue  # the grammar of a parallel claim: "while X reaches N", "and on Y from N"
        after = sent.first_cue_from(num.end)
        if after is not None and not text[num.end : after.start].strip():
            continue  # "50% fewer chunks": a change in something else
        if len(gap.split()) > _CARRY_WORDS or ";" in gap or rx.search(_CARRY_BREAK, gap) \
                or sent.first_cue_from(prev.end) is not None and sent.first_cue_from(prev.end).start < num.start \
                or metrics.overlaps(max(prev.end, p_found["metric"].end), num.start) \
                or rx.match(unnamed_after, text, num.end) \
                or num.unit == "%" and rx.match(share_of, text, num.end):
            continue
        found["metric"] = p_found["metric"]


def _named_between(num: Num, found: dict | None, prev: tuple[Num, dict]) -> bool:
    """True when a metric name of its own, not the one before's, stands between a number and
    the number before, and a verb brings it "to" the number: "reaches 83.76%, and its accuracy
    drops to 41.2%" names the 41.2% (no list "83.76% ... to 41.2%"); but "by 16.3% in FID and
    35.2% in PER" lists the 35.2% after the 16.3%."""
    if found is None or num.conn != "to" or found["where"] != "before" or found["metric"] is None:
        return False
    own, before = found["metric"], prev[1]["metric"]
    return own.start >= prev[0].end and (before is None or before.start != own.start)


def _averaged_change(text: str, metric, sent: Sentence) -> bool:
    """True for "average <metric> <change word>" ("average Bpp reduction", "average zero-shot
    accuracy improvements"): "average" qualifies the change, it is not part of the metric's
    name (unlike "an average score of 0.86", a level)."""
    if not metric.text.lower().startswith("average ") or " " not in metric.text.strip():
        return False
    cue = sent.first_cue_from(metric.end)
    return cue is not None and not text[metric.end : cue.start].strip()


def _versus(text: str, prev: Num, num: Num) -> bool:
    """True when only "vs." / "versus" lies between two numbers: "75.4% vs. 74.2% resolution"
    compares two values of the one metric named after the pair."""
    return prev.end <= num.start and text[prev.end : num.start].strip().lower() in ("vs.", "vs", "versus")


def _slashed(text: str, prev: Num, num: Num) -> bool:
    """True when only a slash lies between two numbers: "76.79%/86.87% on X", one phrase."""
    return prev.end <= num.start and text[prev.end : num.start].strip() == "/"


def _tagged_join(text: str, prev: Num, num: Num) -> bool:
    """True when the numbers are joined after a tag in brackets: "96.5% (dev) and 97.6%
    (test) execution accuracy"."""
    tag = rx.match(TAG_AFTER, text, prev.end)
    return tag is not None and tag.end() <= num.start and text[tag.end() : num.start].strip() in JOINS


def _after_value(text: str, prev: Num, num: Num) -> bool:
    """True when `num` is the "after" of a before-and-after pair ("from 38.2% to 39.9%",
    "64.9 -> 69.0"): it shares what the "before" value is on."""
    return num.conn in _LEVEL_CONN and prev.end <= num.start and text[prev.end : num.start].strip() in _LEVEL_CONN


def _unit_of_name(num: Num, metrics: SpanIndex, text: str) -> Num:
    """A unit that starts a metric's name belongs to the name: "1.10 bits per character" is a
    value of BPC, not 1.10 bits."""
    i = metrics.first_after(num.vstart)
    if not _physical(num) or i == len(metrics) or not (metrics.starts[i] < num.end < metrics.ends[i]):
        return num  # "%", "pp", "x" and points are units of their own ("0% TRUE recall")
    before = text[num.vstart : metrics.starts[i]].rstrip()
    if not before or not before.endswith(num.written):
        return num  # the name starts after the unit ("62.95% average accuracy"), not in it
    end = num.vstart + len(before)
    return replace(num, unit=None, end=end, vend=end)


def _shared_units(nums: list[Num], text: str) -> list[Num]:
    """A decimal listed right before a decimal with a unit shares it ("theoretical latencies of
    2.2 and 1.7 seconds", "85.1, 88.2 and 90.3%"); not a factor, a whole number ("in 3 and 5% of
    cases", "SSIM and PSNR of about 0.98 and 43 dB") or a version ("Sonnet 4.6, and 0%")."""
    out = list(nums)
    for i in range(len(out) - 2, -1, -1):
        a, b = out[i], out[i + 1]
        gap = text[a.end : b.start].strip() if a.end <= b.start else ";"
        # the last two joined by "and"/"or" ("scoring 65.2, 18.5% higher" is no list), the ones
        # before by commas
        listed = gap in _UNIT_LIST_END if b.unit == nums[i + 1].unit else gap == ","
        if a.unit is None and b.unit not in (None, "x") and "." in a.written and "." in b.written and a.high is None \
                and not a.setting and listed and not rx.search(_NAME_BEFORE, text, max(0, a.start - 30), a.start):
            out[i] = replace(a, unit=b.unit)
    return out


def _physical(num: Num) -> bool:
    return num.unit is not None and num.unit not in _CHANGE_UNITS and num.unit not in ("points", "Likert points")


def _continues(num: Num, prev: Num) -> bool:
    """A listed number shares the unit of the one it continues ("92.3 and 82.7")."""
    return num.unit == prev.unit and not num.setting


# -- one number --------------------------------------------------------------------------
def _read(num: Num, sent: Sentence, link_: tuple, metrics: SpanIndex, params, names: SpanIndex) -> dict | None:
    """Metric, kind and qualifier of a number, or None when it is not a result."""
    text = sent.text
    average, bare_next, cue_gap = params.average, params.bare_next, params.cue_gap
    metric, where, gap = link_
    if where == "far" and metric is not None and (metric.generic or metric.ambiguous and metric.text.islower()):
        metric, where = None, None  # a broad word ("performance") or common word ("return") only up close
    kind, own_cue = _kind(num, sent, metrics, cue_gap, metric if where == "after" else None)
    tight = where == "after" and gap <= 1 or where == "before"
    if num.unit == "x" and (metric is None or metric.generic or metric.speed or not tight or kind == "absolute"
                            or rx.search(params.cost_head, metric.text)):
        return None  # a factor is a result only as a change in a named quality ("2x higher DSC"), not a cost
    if num.unit in _CHANGE_UNITS:
        pass
    elif num.unit is not None:  # dB, points, seconds: a score or change only with a name or a cue,
        if not (tight or kind != "absolute" or _measured(num, sent, params)):  # or a time said as one
            return None
    elif not (_bare_ok(_with_result(num, where, gap), where, gap) or _bare_change(num, sent, params)
              or _scored_on(num, sent) or paren_score(num, text, names, metric)) \
            or not (where == "after" or rx.match(bare_next, text, num.end, sent.end)):
        return None
    qualifier = num.qual
    if qualifier is None:
        lo = max(sent.start, num.start - 40)
        if rx.search(average, text, lo, num.start):
            qualifier = "average"
    own = bool(own_cue) or where == "after" or num.sign is not None
    return {"metric": metric, "kind": kind, "qualifier": qualifier, "own": own, "where": where,
            "cue_after": own_cue == "after"}


def _measured(num: Num, sent: Sentence, params) -> bool:
    """A time or a frame rate that the clause before it gives as how fast the work is done
    ("completes in under 30 minutes", "operates at 112.48 FPS"), or a level before or after a
    change ("(from 6.9 mJ to 1.6 mJ)"): a result, with its unit (FIELDS.md: absolute times are metrics)."""
    share_of, measured = params.share_of, params.measured
    return num.unit in _TIME_OR_RATE and not rx.match(share_of, sent.text, num.end) \
        and rx.search(measured, sent.text, max(sent.start, num.start - 40), num.start) is not None \
        or frame_rate(num, sent.text, sent.start, params) or changed_level(num, sent.text, sent.start, params)


def _with_result(num: Num, where, gap: int) -> Num:
    """"with" before a number makes it a condition ("with 8 GPUs") unless a metric name follows
    it at once: "with 28.4 BLEU on WMT'14" gives a result. Not "at"/"under"/"using" ("at 0.1
    FPR" is a threshold)."""
    if num.setting == "with" and where == "after" and gap == 0:
        return replace(num, setting=None)
    return num


def _bare_ok(num: Num, where, gap: int) -> bool:
    """A bare number is a result only tightly next to a metric name, or as a signed change."""
    if num.setting or (1900 <= num.value <= 2100 and num.high is None and num.value.is_integer()):
        return False
    is_int = num.high is None and "." not in num.written
    if where == "after" and gap <= 1:
        return not is_int or num.sign is not None or gap == 0
    if where == "before" and num.conn == "by":  # "reduces FID by 2.6", "improves BLEU by 1.8"
        return gap <= 1 and (not is_int or num.sign is not None)
    if where == "before" and num.conn in _BARE_CONN:
        if num.conn and num.conn.startswith("rang"):  # "sequence length ranging from 40 to 240": a setting
            return "." in num.written
        return not is_int or gap <= 2 and num.conn in ("of", "=", ":")
    return False


def _bare_change(num: Num, sent: Sentence, params) -> bool:
    """A bare number that a change word governs right before it is a change, named or not:
    "achieve gains of +21.87 and +21.48 on MathQA", "an improvement of 1.8 over X", "improves
    by 0.6 on average"; and a signed one right before a change word ("yielding +10.2
    improvement over GRMs"). A whole number without a sign is left out ("gains of 3 tasks")."""
    if num.setting or num.sign is None and "." not in num.written:
        return False
    if num.sign is not None:
        after = sent.first_cue_from(num.end)
        if after is not None and rx.fullmatch(params.cue_gap, sent.text, num.end, after.start):
            return True
    if num.conn not in ("of", "by"):
        return False
    cue = sent.last_cue_by(num.start)
    return cue is not None and not sent.text[cue.end : num.start].strip().lower().removesuffix(num.conn).strip()


def _scored_on(num: Num, sent: Sentence) -> bool:
    """A bare number that a verb of result gives, on a dataset named right after it, is a
    score without a name: "achieving 83.2 on InfoVQA and 34.5 on ScreenSpot-Pro", "achieves
    scores of 46.17 on GSM8K". Not a year, nor a number that is a setting."""
    whole = "." not in num.written
    if num.setting or num.sign is not None or whole and (num.value < 10 or 1900 <= num.value <= 2100):
        return False  # "obtain 3 on COCO", "in 2023 on X"
    on = rx.match(_ON, sent.text, num.end, sent.end)
    if on is None or not rx.search(_SCORED, sent.text, max(sent.start, num.start - 60), num.start):
        return False
    return any(d.start == on.end() for d in sent.datasets)


def _kind(num: Num, sent: Sentence, metrics: SpanIndex, cue_gap, named=None) -> tuple[str, bool | str]:
    """(kind, whether the number itself says so, "after" when a cue after it does): a sign,
    "by", or a change cue next to it, or next to the name right after it (`named`: "38.84%
    average BD-rate reduction", where the name starts in the number's "average")."""
    if num.sign == "+":
        return "increase", True
    if num.sign == "-":
        return "decrease", True
    text = sent.text
    c = sent.first_cue_from(num.end)  # "a 50% improvement", "11% mAP gain", "1.3 points higher"
    if c is not None:
        if rx.fullmatch(cue_gap, text, num.end, c.start) or any(
                not text[num.end : m.start].strip() and not text[m.end : c.start].strip()
                for m in metrics.between(num.end, c.start)) \
                or named is not None and num.end < named.end <= c.start \
                and not text[num.end : named.start].strip() and not text[named.end : c.start].strip():
            return c.attrs.get("direction", "increase"), "after"
    before = sent.last_cue_by(num.start)
    if num.conn == "by":
        return (before.attrs.get("direction", "increase") if before else "increase"), True
    if num.conn in ("of", "between") or num.conn is None and num.qual is not None:
        # "a gain of 13.51%", "gains up to 18.6 points", "improvements between 15.5% and 22.3%"; not "exceeds 50%"
        if before is not None and text[before.end : num.start].strip() in ("", "of", "between", "of between"):
            return before.attrs.get("direction", "increase"), True
    return "absolute", False
