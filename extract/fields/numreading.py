"""Numbers read from the `value` hits of the metrics and speedups rules: overlaps resolved,
"from A to B" split in two, number words ("twice", "an order of magnitude") valued, each
number with its sentence. Shared by both post-processors through extract/fields/quantities.py."""
from __future__ import annotations

from dataclasses import replace

from extract.fields.quantities import Num
from extract.text import rx
from extract.text.numbers import parse_number, qualifier_name, unit_name, word_value


def read_numbers(hits, context, before=None) -> list[Num]:
    """Every number found by a `value` rule, overlaps resolved (longest wins), "from A to B"
    split into two numbers, each with the sentence it sits in. `before`: a compiled regex for
    the words before a number word (a param of the field)."""
    nums: list[Num] = []
    for h in sorted((h for h in hits if h.label == "value"), key=lambda h: (h.start, -(h.end - h.start))):
        if nums and h.start < nums[-1].vend:
            continue
        made = _from_regex(h, context) if h.groups.get("value") else _from_words(h, context, before)
        nums.extend(made)
    return nums


def _from_regex(h, context) -> list[Num]:
    g = h.groups
    value = parse_number(g["value"][2])
    if value is None:
        return []
    sign = g["sign"][2].strip() if "sign" in g else None
    unit_raw = g["unit"][2] if "unit" in g else (g["unit_low"][2] if "unit_low" in g else None)
    unit = unit_name(unit_raw)
    conn = _fold(g["conn"][2]) if "conn" in g else None
    qual = qualifier_name(g["qual"][2]) if "qual" in g else None
    if "qual_after" in g:
        qual = qual or qualifier_name(g["qual_after"][2])
    # the mention starts at a qualifier or a unit written before the value ("up to 5%",
    # "a factor of 2.5")
    start = min([h.start] + [g[k][0] for k in ("qual", "unit") if k in g and g[k][0] < h.start])
    sentence = context.sentence_of(h.start)
    base = Num(start, h.end, h.start, h.end, value, None, unit, sign, conn, qual, h.rule, sentence,
               h.label, dict(h.attrs), g["value"][2], _fold(g["setting_conn"][2]) if "setting_conn" in g else None)
    if "high" not in g:
        return [_signed(base)]
    high = parse_number(g["high"][2])
    if high is None:
        return [_signed(base)]
    sign2 = g["sign2"][2] if "sign2" in g else None
    sep = g["sep"][2].strip() if "sep" in g else ""
    if conn in ("from", "to") and sep == "to" or sep == "to" and high < value:
        # "from 42% to 85%", "WER 16.57% to 3.15%": a before and an after value, each its
        # own entry (a range is written low to high).
        low_end = g["unit_low"][1] if "unit_low" in g else g["value"][1]
        first = replace(base, end=low_end, vend=low_end, attrs=dict(base.attrs))
        second_start = g["sign2"][0] if sign2 else g["high"][0]
        second = replace(base, start=second_start, vstart=second_start, value=high, sign=sign2, conn="to",
                         qual=None, attrs=dict(base.attrs), written=g["high"][2])
        return [_signed(first), _signed(second)]
    base.high = high
    if sep == "and":  # "between 0.71 and 0.89": the range's connector, as "from" is
        base.conn = "between"
    if sign == "-" and sign2 == "+":  # "-8 to +13 points": a signed span, not a decrease
        base.value, base.sign = -value, None
    elif sign2 == "-" and sign != "-":
        base.high = -high
    return [_signed(base)]


def _signed(num: Num) -> Num:
    """A written sign says increase or decrease; `=`/`:` before it make it a signed level."""
    if num.sign in ("-",) and num.conn in ("=", ":"):
        num.value = -num.value
        num.sign = None
    return num


def _from_words(h, context, before) -> list[Num]:
    value = word_value(h.text)
    if value is None:
        value = float(h.attrs["value"]) if "value" in h.attrs else None
    if value is None:
        return []
    conn = qual = None
    start = h.start
    if before is not None:
        lo = max(context.sentence_of(h.start)[0], h.start - 40)
        m = rx.search(before, context.text, lo, h.start)
        if m:
            if m.group("qual"):
                qual = qualifier_name(m.group("qual"))
                start = m.start("qual")
            if m.group("conn"):
                conn = _fold(m.group("conn"))
            low = m.groupdict().get("low")
            if low and "magnitude" in h.text and 10 ** int(low) < value:
                # "by 2-3 orders of magnitude": a range, low end first (FIELDS.md: ranges)
                return [Num(m.start("low") if start == h.start else start, h.end, m.start("low"), h.end,
                            float(10 ** int(low)), value, "x", None, conn, qual, h.rule, context.sentence_of(h.start),
                            h.label, dict(h.attrs), context.text[m.start("low") : h.end])]
    return [Num(start, h.end, h.start, h.end, value, None, "x", None, conn, qual, h.rule,
                context.sentence_of(h.start), h.label, dict(h.attrs), h.text)]


def _fold(s: str) -> str:
    return " ".join(s.lower().split())


