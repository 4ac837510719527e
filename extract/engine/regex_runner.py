"""Runs a compiled regex rule on a text: its hits, with `before:` and `after:` applied."""
from __future__ import annotations

from typing import Any, Iterable

from extract.engine.budget import BudgetSpent, Deadline
from extract.engine.compiler import RegexRule
from extract.engine.hits import Hit, RuleTimeout, groups_of
from extract.engine.places import NumberStarts, digit_runs_of
from extract.text import rx


class RegexRunner:
    def __init__(self, number_starts: NumberStarts):
        self.number_starts = number_starts

    def hits(self, rule: RegexRule, text: str, pos: int = 0, endpos: int | None = None, state=None,
             problems: list | None = None, anchored: bool = False, lower: str | None = None) -> list[Hit]:
        """The hits of `rule` within text[pos:endpos] (`anchored`: only one that starts at
        `pos`). A timeout is reported in `problems` and gives no hits. `state`: the document's
        DocState, where number-start places are kept and whose deadline bounds the rule (a
        BudgetSpent when it has passed); `lower`: the lower-cased text, when the caller has it."""
        endpos = len(text) if endpos is None else endpos
        deadline = state.deadline if state is not None else None
        if deadline is not None:
            deadline.check()
        if rule.needs and not anchored and pos == 0 and endpos == len(text):
            haystack = (text.lower() if lower is None else lower) if rule.needs_lower else text
            for n in rule.needs:
                if n in haystack:
                    break
            else:
                return []
        p = rule.pattern
        hits = []
        matches: Iterable[Any]  # a tuple or the regex module's scanner
        try:
            if anchored:
                m = rx.match(rule.compiled, text, pos, endpos, _timeout(rule, deadline))
                matches = () if m is None else (m,)
            elif rule.starts is not None:
                matches = self._at_places(rule, text, pos, endpos, state)
            else:
                matches = rx.finditer(rule.compiled, text, pos, endpos, _timeout(rule, deadline))
            for m in matches:
                start, end = m.span()
                if end == start:
                    continue
                groups = groups_of(m, rule.group_names, text) if rule.group_names else {}
                if rule.before is not None or rule.after is not None:
                    span = extend(rule, text, start, end, groups, deadline)
                    if span is None:
                        continue
                    start, end = span
                hits.append(Hit(p.id, start, end, text[start:end], p.priority, p.label,
                                attrs=dict(p.set), groups=groups))
        except TimeoutError:
            if deadline is not None and deadline.stopped_call():
                raise BudgetSpent() from None
            if problems is not None:
                problems.append(RuleTimeout(p.id, state.id if state is not None else None))
        return hits

    def _at_places(self, rule: RegexRule, text: str, pos: int, endpos: int, state):
        """One anchored attempt at each place where the rule may start, skipping places inside
        the previous match (as a scan would). The places are found once per document for
        every rule of the same start (kept in the DocState)."""
        deadline = state.deadline if state is not None else None
        key = (rule.starts, pos, endpos)
        places = state.places.get(key) if state is not None else None
        if places is None:
            timeout = _timeout(rule, deadline)
            runs = None
            if state is not None:  # the runs of digits, found once for every scan of the range
                runs = state.digit_runs.get((pos, endpos))
                if runs is None:
                    runs = state.digit_runs[(pos, endpos)] = digit_runs_of(text, pos, endpos, timeout)
            places = self.number_starts.places(rule.starts, text, pos, endpos, timeout, runs)
            if state is not None:
                state.places[key] = places
        last = pos
        for i in places:
            if i >= last:
                m = rx.match(rule.compiled, text, i, endpos, _timeout(rule, deadline))
                if m is not None and m.end() > i:
                    last = m.end()
                    yield m


def _timeout(rule: RegexRule, deadline: Deadline | None) -> float | None:
    """The timeout of one call of a rule's regex: none for a built-in rule (rule.timeout is
    None), else the rule's own, at most what is left of the abstract's budget."""
    if rule.timeout is None or deadline is None:
        return rule.timeout
    return deadline.timeout(rule.timeout)


def extend(rule: RegexRule, text: str, start: int, end: int, groups: dict,
           deadline: Deadline | None = None) -> tuple[int, int] | None:
    """Apply a rule's `before:` and `after:` to a match at [start, end): the widened span,
    with their named groups added to `groups`, or None when either does not match. Each
    match extended is a step of the abstract's `deadline` (BudgetSpent when it has passed)."""
    if deadline is not None:
        deadline.check()
    a = None
    if rule.after is not None:
        # One anchored attempt: tried first, it spares the search of `before:` a window
        # wherever it fails (most places a rule with both is tried).
        a = rx.match(rule.after, text, end, None, _timeout(rule, deadline))
        if a is None:
            return None
    if rule.before is not None:
        lo = max(0, start - rule.pattern.before_window)
        if rule.before_stop is not None:
            # `before` is tried at each place of its window, ~0.15 us a place even where it
            # fails at once; none left of a character it never consumes can match
            stop = rx.search(rule.before_stop, text, lo, start, _timeout(rule, deadline))
            if stop is not None:
                lo = stop.end()
        if rule.before_holds is not None and rx.search(rule.before_holds, text, lo, start) is None:
            return None  # no capital (digit, ...) in the window: `before` cannot match there
        b = rx.search(rule.before, text, lo, start, _timeout(rule, deadline))
        if b is None:
            return None
        groups.update(groups_of(b, rule.before_groups, text))
        start = b.start()
    if a is not None:
        groups.update(groups_of(a, rule.after_groups, text))
        end = a.end()
    return start, end
