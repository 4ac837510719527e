"""Numbers paired with names by two lists of one length in a clause, without "respectively":
"14.4%, 15.7%, and 15.1% ... on the Kodak, CLIC, and Tecnick datasets", "on R2R and REVERIE
benchmarks with +3.0% and +1.71%". A run of joined numbers and a run of joined distinct names
of the same length, close together and with no other number or clause break in between.
"""
from __future__ import annotations

import regex

from extract.text import rx
from extract.fields.quantities import JOINS, Name, Num

# How far a list of names may lie from the list of numbers it pairs with, and what may not lie
# in between: another number (not a digit inside a name: VTM-12.1), or the end of a clause.
_PAIR_WORDS = 8
_PAIR_BLOCK = regex.compile(r"(?<![\w.-])\d|[;:()\[\]]|\.(?:\s|$)|\b(?:respectively|while|whereas|but|which)\b")


def paired_lists(text: str, names: list, nums: list[Num], key=lambda n: n.name.lower()) -> dict[int, object]:
    """id(num) -> Name for each run of two or more joined numbers ("x, y and z") that a run of
    exactly as many joined distinct names follows or precedes in the same clause. `key` says
    when two names are the same (metric names are paired too: "precision and recall of 81.2
    and 79.4")."""
    out: dict[int, object] = {}
    runs, run = [], nums[:1]
    for a, b in zip(nums, nums[1:]):
        if a.end <= b.start and text[a.end : b.start].strip() in JOINS:
            run.append(b)
        else:
            runs.append(run)
            run = [b]
    runs.append(run)
    name_runs = _name_runs(text, names)
    for run in runs:
        if len(run) < 2:
            continue
        for group in name_runs:
            if len(group) != len(run) or len({key(n) for n in group}) != len(group):
                continue
            lo, hi = (run[-1].end, group[0].start) if group[0].start >= run[-1].end else (group[-1].end, run[0].start)
            # names right before a colon head the numbers after it: "(ACC/AUC/F1: 0.939/0.983/0.946)"
            headed = group[-1].end <= run[0].start and text[lo:hi].strip() == ":"
            if lo <= hi and len(text[lo:hi].split()) <= _PAIR_WORDS and (headed or not rx.search(_PAIR_BLOCK, text, lo, hi)):
                out.update({id(num): name for num, name in zip(run, group)})
                break
    return out


_SHORT_FORM = regex.compile(r"\s?\([^()]{1,20}\)")  # a name's short form in brackets: " (EM)"
_SHORT_FORM_AFTER = regex.compile(r"^\s?\([^()]{1,20}\)")


def _name_runs(text: str, names: list) -> list[list]:
    """Names joined by "," / "and" / "or" into lists ("A, B, and C"), overlapping ones skipped,
    and a short form in brackets after a name is part of it ("Exact Match (EM) and F1")."""
    runs: list[list] = []
    for n in names:
        if runs and runs[-1][-1].end > n.start:
            continue
        gap = text[runs[-1][-1].end : n.start] if runs else ""
        if runs and rx.fullmatch(_SHORT_FORM, gap + text[n.start : n.end + 1]):
            continue  # the "EM" of "Exact Match (EM)"
        if runs and rx.sub(_SHORT_FORM_AFTER, "", gap).strip() in JOINS:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs
