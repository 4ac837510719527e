"""What a rule finds: a `Hit` in character offsets of the text, with the id of its rule, and
the ways a field picks among overlapping ones."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Hit:
    """One rule match on a doc, in character offsets of `doc.text`."""

    rule: str
    start: int
    end: int
    text: str
    priority: int = 0
    label: str | None = None
    name: str | None = None  # canonical name from a word list
    attrs: dict = field(default_factory=dict)  # word-list columns, `set:` values
    groups: dict = field(default_factory=dict)  # named regex groups: name -> (start, end, text)


@dataclass(slots=True)
class RuleTimeout:
    rule: str
    doc_id: str | None

    def __str__(self) -> str:
        return f"rule {self.rule} timed out on document {self.doc_id or '?'}; its matches were skipped"


def groups_of(m, names: tuple[tuple[str, int], ...], text: str) -> dict[str, tuple[int, int, str]]:
    """The named groups that took part in match `m` of `text`, as name -> (start, end, text).
    Read from `m.regs` by index: asking the match for each group by name costs ~0.8 us a
    group, and the number rules have eleven."""
    regs = m.regs
    out = {}
    for name, i in names:
        start, end = regs[i]
        if start >= 0:
            out[name] = (start, end, text[start:end])
    return out


def non_overlapping(items, rank, span=lambda h: (h.start, h.end)) -> list:
    """The best-ranked items (lowest `rank`) whose spans do not overlap, in text order."""
    chosen: list = []
    taken: list[tuple[int, int]] = []
    for item in sorted(items, key=rank):
        s, e = span(item)
        if all(e <= ts or s >= te for ts, te in taken):
            chosen.append(item)
            taken.append((s, e))
    return sorted(chosen, key=lambda item: span(item)[0])


def resolve_overlaps(hits: list[Hit]) -> list[Hit]:
    """Keep the best of overlapping hits: higher priority, then longer, then earlier."""
    return non_overlapping(hits, rank=lambda h: (-h.priority, -(h.end - h.start), h.start))
