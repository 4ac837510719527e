"""A number's context from its own sentence: the dataset, model and baseline it is on, for
or compared with, the change cue nearest it, and "respectively" lists.

Every "what is next to this number" question is a binary search over sorted spans
(`extract/fields/spans.py`), and what depends on all the numbers of a sentence (which
baselines other numbers already own) is worked out once a sentence, so a sentence with n
numbers costs about n log n, however long its lists are.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right

import regex

from extract.engine.matching import Hit
from extract.text import rx
from extract.fields.clause_names import (aside_apart, coordinated_with_other, framing_name, in_later_clause, in_list, own_on,
                                         own_place, paired_in_order, paren, respective_items, respective_run, run_place, turns)
from extract.fields.quantities import Name, Num, clear_gap, words
from extract.fields.name_list import NameList, coordinated_run, distinct_names
from extract.fields.pairing import paired_lists
from extract.fields.spans import SpanIndex


_AND_OR = regex.compile(r"\b(?:and|or)\b")
# Between a name and the next number: the name opens that number's phrase ("improving MedQA
# accuracy by 23.5% and MedXpertQA by 32.0%": MedXpertQA is the 32.0%'s).
_NEXT_NUMBERS = regex.compile(r"\s+(?:by|of)\s+")
# ... and a name after "and" that opens a before-and-after phrase of its own: "improving A
# from 47.4% to 56.3% and B from 64.5% to 70.5%": B is the 64.5%'s, not the 56.3%'s (but "a
# gain of 8.6% on GSM8K from 57.5% to 66.2%" is on GSM8K).
_NEXT_FROM = regex.compile(r"\s+from\s+")
# A model size ("1.4B", "70b", "350M"), and where a number's own phrase ends.
_SIZE = regex.compile(r"\d+(?:\.\d+)?[BbMmKkTt]")
_PHRASE_END = regex.compile(r"[,;]")
# A phrase of a number's own after it: what it is on, for or compared with.
_OWN_PHRASE = regex.compile(r"(?i)\b(?:on|for|in|at|across|over|under|with|within|from|to|vs|versus|than)\b")
# ... but "in" and the quantity a change is in, before "and" and the next number, is no place:
# "a gain of 8.92% in accuracy and 17.36% in F1-score on RumourEval" is on RumourEval twice.
_IN_QUANTITY = regex.compile(r"\s+in\s+\p{Ll}+(?:-\p{Ll}+)*(?:\s\p{Ll}+(?:-\p{Ll}+)*)?,?\s+and\s+")


class Sentence:
    """Names, cues and numbers of one sentence, for linking its numbers to their context."""

    def __init__(self, text: str, span: tuple[int, int], nums: list[Num], names: list[Name],
                 baselines: list[Name], cues: list[Hit], respectively: list[Hit]):
        self.text = text
        self.start, self.end = span
        self.nums = nums  # in order of start, never overlapping
        self._num_starts = [n.start for n in nums]
        self.datasets = [n for n in names if n.field == "datasets"]
        self.baselines = sorted(baselines, key=lambda b: b.start)
        self._baseline_starts = [b.start for b in self.baselines]
        baseline_spans = {(b.start, b.end) for b in baselines}
        self.models = [n for n in names if n.field == "models" and (n.start, n.end) not in baseline_spans]
        self.cues = sorted(cues, key=lambda c: c.start)
        self.cue_index = SpanIndex(self.cues)
        self.respectively = respectively
        self._indexed: dict[int, NameList] = {}
        self._free_baselines: tuple[list[int], list[Name]] | None = None
        self._breaks: list[int] | None = None  # see `_coordinated`
        self._run: set[int] | None = None  # see `_respective_run`
        self._place: tuple | None = None  # see `_run_place`

    # -- the numbers around a number ---------------------------------------------------
    def next_num_start(self, num: Num) -> int:
        """Where the next number of the sentence starts (the sentence end when none)."""
        i = bisect_right(self._num_starts, num.start)
        return self.nums[i].start if i < len(self.nums) else self.end

    def prev_num_end(self, num: Num) -> int:
        """Where the number before this one ends (the sentence start when none)."""
        i = bisect_left(self._num_starts, num.start)
        return self.nums[i - 1].end if i > 0 else self.start

    def _owner(self, pos: int) -> Num | None:
        """The number whose stretch up to the next number holds `pos`."""
        i = bisect_right(self._num_starts, pos) - 1
        if i < 0:
            return None
        num = self.nums[i]
        return num if num.end <= pos < self.next_num_start(num) else None

    # "respectively": values in order, names in order.
    def respective(self, items: list, nums: list[Num]) -> dict[int, object]:
        """Pair the numbers before "respectively" with `items` in order (cyclically when there
        are twice as many numbers, as in "A of 1 and 2, B of 3 and 4, on X and Y, respectively");
        nothing when the counts do not pair up."""
        if not self.respectively or len(items) < 2:
            return {}
        cut = self.respectively[0].start
        return paired_in_order(self.text, items, [n for n in nums if n.start < cut])

    def respective_words(self, items: list, nums: list[Num]) -> dict:
        """Pair numbers with words (metric names, aspects) in order: those between the numbers
        and "respectively" ("4.1x and 6.3x faster in A and B, respectively"), else those
        before the first number ("parameters and latency by 8x and 3x, respectively")."""
        if not self.respectively or not nums:
            return {}
        cut = self.respectively[0].start
        before = [n for n in nums if n.start < cut]
        if not before:
            return {}
        after = [w for w in items if before[-1].end <= w.start < cut]
        if len(after) < 2:
            after = coordinated_run([w for w in items if self.start <= w.start and w.end <= before[0].start], self.text)
            gap = self.text[after[-1].end : before[0].start] if after else ""
            if after and ("," in gap or words(self.text, after[-1].end, before[0].start) > 5):
                return {}  # "using fewer parameters and less memory than X, it achieves 99.5%, ..."
        return self.respective(after, before) if len(after) >= 2 else {}

    def distinct(self, names: list[Name]) -> list[Name]:
        return distinct_names(names)

    def _index(self, names: list[Name]) -> NameList:
        got = self._indexed.get(id(names))
        if got is None or got.names is not names:
            got = self._indexed[id(names)] = NameList(names)
        return got

    def named(self, names: list[Name], num: Num, after_words: int = 5, before_words: int = 4,
              only_before: bool = False, framing: bool = False, metric_paired: bool = False,
              own_phrase: bool = False) -> str | None:
        """The name a number is on/for: right after it, else right before it (either also across
        the bracket of "CLIP (64.1%)" and "64.1% (CLIP, ...)"), else the only one in the
        sentence (a number covering several names gets none); with `only_before`, the only one
        before the number (the subject: "GPT-4o achieves 76%", not "... such as GPT-4o"). With
        `framing`, also the nearest before that a framing phrase names ("On X, ..."); an item of
        a "respectively" list gets no other name, unless `metric_paired` (extract/fields/clause_names.py)."""
        if not names:
            return None
        index = self._index(names)
        text = self.text
        # Right after: the first name from the number on. A later one has a longer gap, which
        # fails wherever this one's fails.
        i = bisect_left(index.starts, num.end)
        if i < len(names) and names[i].start < self.next_num_start(num) \
                and (clear_gap(text, num.end, names[i].start, after_words, True) and not turns(text, num.end, names[i].start)
                     or paren(text, num.end, names[i].start)) \
                and not rx.fullmatch(_NEXT_NUMBERS, text, names[i].end, self.next_num_start(num)) \
                and not (rx.fullmatch(_NEXT_FROM, text, names[i].end, self.next_num_start(num))
                         and rx.search(_AND_OR, text, num.end, names[i].start)):
            several = in_list(text, names, i) or framing and coordinated_with_other(text, names[i].start, names[i].end)
            return None if several else names[i].name
        # Right before: the nearest name after the previous number.
        floor = self.prev_num_end(num)
        nearest = None
        for k in range(bisect_right(index.starts, num.start) - 1, -1, -1):
            n = names[k]
            if n.start < floor:
                break
            if n.end > num.start:
                continue
            nearest = k if nearest is None else nearest
            if paren(text, n.end, num.start, named=True) or (clear_gap(text, n.end, num.start, before_words, True)
                                                  and not rx.search(_AND_OR, text, n.end, num.start)):
                # not across "and": in "on A and from 30.7% to ..." A is the phrase before's
                return None if in_list(text, names, k) else n.name
        if framing and i < len(names) and names[i].start >= self.next_num_start(num) and not in_list(text, names, i) \
                and not (self.respectively and num.start < self.respectively[0].start):
            owner = self._owner(names[i].start)  # "93.44% formal validity and a 78.22% overall score on X"
            if owner is not None and owner is not num and clear_gap(text, owner.end, names[i].start, after_words, True) \
                    and self._coordinated(num, owner):
                return names[i].name
        if framing and nearest is not None and not in_list(text, names, nearest) \
                and framing_name(text, self.start, names, nearest, num.start) is not None:
            return names[nearest].name
        if self.respectively and num.start < self.respectively[0].start and not metric_paired \
                and (not framing or id(num) in self._respective_run()):
            # "99.9% and 99.3% on A and B, respectively" with only B known; but a run paired with
            # something else is on the one place it stands next to (`run_place`)
            return self._run_place() if framing else None
        if only_before:
            count, only = index.distinct_before(num.start)
        else:
            count, only = min(len(index.distinct), 2), (index.distinct[0] if index.distinct else None)
        if count != 1 or only is None or framing and (coordinated_with_other(text, only.start, only.end)
                                                      or own_place(text, self.start, num.start)
                                                      or own_phrase and self._elsewhere(num, only)) \
                or all(aside_apart(text, self.start, self.end, n, num) for n in names if n.name.lower() == only.name.lower()):
            return None  # "from EPIC-Kitchens and HD-EPIC" with only the first known
        if only.start > num.end:
            if in_later_clause(text, num.end, only.start, bisect_left(self._num_starts, only.end) < len(self.nums)):
                return None  # "97.2% accuracy, while on MNIST it reaches 99.6%"
            owner = self._owner(only.start)  # "18.01 pp on CIFAR100, and 0.1 mAP on COCO": COCO is
            if owner is not None and owner.start > num.end \
                    and clear_gap(text, owner.end, only.start, 5, True) \
                    and not self._coordinated(num, owner):  # the later number's, unless the two
                return None  # are one coordinated phrase: "0.92 AUROC and 0.88 AUPRC on X"
        return only.name

    def _elsewhere(self, num: Num, only: Name) -> bool:
        """True when the number's own phrase puts it on a place no name field knew ("on BraTS- 2021")."""
        at = own_on(self.text, num.end, self.end)
        return at is not None and all(n.start != at for n in self.datasets + self.models)

    def _run_place(self) -> str | None:
        if self._place is None:
            run = [n for n in self.nums if id(n) in self._respective_run()]
            found = run_place(self.text, self.start, self.datasets, run[0], run[-1], self.respectively[0].start) if run else None
            self._place = (found.name if found else None,)
        return self._place[0]

    def _respective_run(self) -> set[int]:
        if self._run is None:
            self._run = respective_run(self.text, self.nums, self.respectively[0].start)
        return self._run

    def _coordinated(self, num: Num, last: Num) -> bool:
        """True when the numbers from `num` to `last` form one coordinated phrase: each gap a
        few words with no clause break and no phrase of its own ("on", "for", ...), the last
        joined by "and"/"or" ("an exact match of 45.2 and an F1 of 58.9 on X", "0.92 AUROC and
        0.88 AUPRC on X"): a name after the phrase is on all of them."""
        i = bisect_left(self._num_starts, num.start)
        j = bisect_left(self._num_starts, last.start)
        breaks = self._gap_breaks()
        if breaks[j] != breaks[i]:
            return False  # "89.8% on Milan, 88.9% on Cairo, and 73.3% on Kyoto7": each its own
        gap = self.text[self.nums[j - 1].end : last.start] if j > i else ""
        return bool(rx.search(_AND_OR, gap))

    def _gap_breaks(self) -> list[int]:
        """breaks[k]: how many of the gaps between nums[0..k] break a coordinated phrase (more
        than a few words, a clause break, a "." or a phrase of its own). Made once a sentence,
        so that asking about any run of numbers costs two lookups: a sentence listing
        thousands of numbers used to cost a scan of the run for each number (quadratic)."""
        if self._breaks is None:
            breaks, count = [0], 0
            for a, b in zip(self.nums, self.nums[1:]):
                if not clear_gap(self.text, a.end, b.start, 4) or "." in self.text[a.end : b.start] \
                        or rx.search(_OWN_PHRASE, self.text, a.end, b.start) and not rx.fullmatch(_IN_QUANTITY, self.text, a.end, b.start):
                    count += 1
                breaks.append(count)
            self._breaks = breaks
        return self._breaks

    def size_match(self, num: Num) -> str | None:
        """A model picked by a size written right after the number ("+5.8% on the 1.4B scale"),
        in the number's own phrase: not a model named after a comma ("64.1%, while
        Llama-2-7B scores ...")."""
        tail = self.text[num.end : min(self.end, num.end + 40)]
        tail = rx.split(_PHRASE_END, tail, maxsplit=1)[0]
        for token in tail.split()[:4]:
            token = token.strip(".:()")
            if not rx.fullmatch(_SIZE, token):
                continue
            hits = {m.name for m in self.models if token.lower() in m.name.lower()}
            if len(hits) == 1:
                return hits.pop()
        return None

    # -- baselines -----------------------------------------------------------------------
    def baseline(self, num: Num) -> str | None:
        """The named baseline compared with: one right after the number (before the next
        number), else the nearest before it that no other number has right after it."""
        own = self._following_baseline(num)
        if own is not None:
            return own.name
        if self._free_baselines is None:
            taken = {id(b) for n in self.nums for b in [self._following_baseline(n)] if b is not None}
            free = [b for b in self.baselines if id(b) not in taken]
            # the last (by start) of those ending by an offset: a running maximum over ends
            by_end = sorted(range(len(free)), key=lambda i: free[i].end)
            best: list[Name] = []
            top = -1
            for i in by_end:
                top = max(top, i)
                best.append(free[top])
            self._free_baselines = ([free[i].end for i in by_end], best)
        ends, best = self._free_baselines
        k = bisect_right(ends, num.start)
        return best[k - 1].name if k else None

    def _following_baseline(self, num: Num) -> Name | None:
        i = bisect_left(self._baseline_starts, num.end)
        if i < len(self.baselines) and self.baselines[i].start < self.next_num_start(num) \
                and words(self.text, num.end, self.baselines[i].start) <= 10:
            return self.baselines[i]
        return None

    # -- cues ----------------------------------------------------------------------------
    def cue_near(self, num: Num, lo: int, hi: int) -> str | None:
        """Direction (increase/decrease) of the change cue nearest the number within [lo, hi)."""
        best, dist = None, None
        for c in self.cue_index.between(lo, hi):
            d = num.start - c.end if c.end <= num.start else c.start - num.end
            if dist is None or d < dist:
                best, dist = c.attrs.get("direction"), d
        return best

    def first_cue_from(self, pos: int) -> Hit | None:
        i = self.cue_index.first_from(pos)
        return self.cues[i] if i < len(self.cues) else None

    def last_cue_by(self, pos: int) -> Hit | None:
        """The last cue (by start) that ends by `pos`."""
        for i in range(bisect_left(self.cue_index.starts, pos) - 1, -1, -1):
            if self.cues[i].end <= pos:
                return self.cues[i]
        return None


def baseline_names(context, names: list[Name], cue_hits) -> list[Name]:
    """Names right after a comparison cue ("over GRPO", "than Muon", "vs. DeepSeek-Prover")."""
    text = context.text
    starts = [n.start for n in names]
    out = []
    for c in cue_hits:
        i = bisect_left(starts, c.end)
        while i < len(names) and names[i].start - c.end <= 40:
            n = names[i]
            if n.field in ("models", "methods") and n.role != "proposed" \
                    and clear_gap(text, c.end, n.start, 2, comma=True):
                out.append(n)
                break
            i += 1
    return out


def sentences_of(context, nums: list[Num], hits, names: list[Name]) -> dict[tuple[int, int], Sentence]:
    """One `Sentence` per sentence holding a number, with its names and cue hits."""
    text = context.text
    by_label: dict[str, list] = {}
    for h in hits:
        by_label.setdefault(h.label, []).append(h)
    baselines = baseline_names(context, names, by_label.get("baseline", []))
    indexes = [SpanIndex(xs) for xs in (names, baselines, by_label.get("cue", []), by_label.get("respectively", []))]
    by_span: dict[tuple[int, int], list[Num]] = {}
    for n in nums:
        by_span.setdefault(n.sentence, []).append(n)
    out: dict[tuple[int, int], Sentence] = {}
    for span, s_nums in by_span.items():
        s, e = span
        out[span] = Sentence(text, span, s_nums, *(list(ix.between(s, e)) for ix in indexes))
    return out


def link(num: Num, sent: Sentence, resp: dict, metric_paired: bool = False, own_phrase: bool = False) -> dict:
    """dataset / model / baseline of one number, from its own sentence (`metric_paired`: a
    "respectively" list pairs it with a metric name; `own_phrase`: an "on" phrase of its own
    naming an unknown place keeps the only dataset off it, for scores: a speedup is "on" a device)."""
    dataset, model = resp.get(("datasets", id(num))), resp.get(("models", id(num)))
    unknown = dataset is None and ("datasets", id(num)) in resp  # paired with an item no name field knew
    return {"dataset": dataset.name if dataset else None if unknown else sent.named(
                sent.datasets, num, framing=True, metric_paired=metric_paired, own_phrase=own_phrase),
            "model": model.name if model else (sent.size_match(num) or sent.named(
                sent.models, num, 4, 3, only_before=True, metric_paired=metric_paired)),
            "baseline": sent.baseline(num)}


def respective_names(sent: Sentence, nums: list[Num]) -> dict:
    """("datasets"|"models", id(num)) -> Name for numbers paired by "respectively", or, without
    it, by two lists of the same length in one clause ("14.4%, 15.7%, and 15.1% ... on the
    Kodak, CLIC, and Tecnick datasets", "on R2R and REVERIE with +3.0% and +1.71%")."""
    out = {}
    cut = sent.respectively[0].start if sent.respectively else sent.end  # names after "respectively" are not its items
    datasets = sent.distinct([d for d in sent.datasets if d.start < cut])
    paired = sent.respective(datasets, nums) if len(datasets) >= 2 else {}
    if not paired and sent.respectively:  # "on A, B and our new set, respectively": the third is no A or B
        items = respective_items(sent.text, [d for d in sent.datasets if d.start < cut], cut)
        paired = paired_in_order(sent.text, items, [n for n in nums if n.start < cut]) if items else {}
    out.update({("datasets", k): v for k, v in paired.items()})
    models = sent.distinct([m for m in sent.models if m.start < cut])
    if len(models) >= 2 and len(datasets) < 2:
        out.update({("models", k): v for k, v in sent.respective(models, nums).items()})
    if not sent.respectively:
        for field, names in (("datasets", sent.datasets), ("models", sent.models)):
            for k, v in paired_lists(sent.text, names, nums).items():
                out.setdefault((field, k), v)
    return out
