"""Where a rule or a draft pattern fires on a corpus: every hit with its abstract, counts of
abstracts and hits, a seeded sample, and key-word-in-context lines — how a rule is sized
before it goes into a rule file.

Three finders, one `Hit` type: a built-in or user rule (the full pipeline runs, and its
mentions are selected by their `rule` id), a draft regex (matched on the clean view of each
abstract, as rule regexes are, with offsets mapped back to the raw text) and a draft word
list (matched as spaCy token phrases on the clean view, as `phrases_file` rules are).
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from extract.inputs.readers import Abstract, InputProblem

Finder = Callable[[Abstract], list["Hit"]]
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Hit:
    start: int  # offsets into the raw abstract text
    end: int
    field: str
    rule: str
    keys: dict = field(default_factory=dict, hash=False, compare=False)


@dataclass
class Concordance:
    query: str
    read: int = 0  # abstracts read
    found: list[tuple[Abstract, list[Hit]]] = field(default_factory=list)  # abstracts with hits
    problems: list[str] = field(default_factory=list)  # bad input rows, as PATH:LINE: message

    @property
    def hits(self) -> int:
        return sum(len(h) for _, h in self.found)

    def all_hits(self) -> Iterator[tuple[Abstract, Hit]]:
        for abstract, hits in self.found:
            for h in hits:
                yield abstract, h

    def sample(self, n: int, seed: int = 0) -> list[tuple[int, int]]:
        """(abstract index, hit index) of `n` hits drawn with `seed`, in corpus order."""
        every = [(a, h) for a, (_, hits) in enumerate(self.found) for h in range(len(hits))]
        if n >= len(every):
            return every
        return sorted(random.Random(seed).sample(every, n))


def concordance(items: Iterable, finder: Finder, query: str, limit: int | None = None) -> Concordance:
    """Run `finder` over the abstracts of `items` (as `read_inputs` yields them)."""
    out = Concordance(query)
    for item in items:
        if isinstance(item, InputProblem):
            out.problems.append(str(item))
            continue
        if limit is not None and out.read >= limit:
            break
        out.read += 1
        try:
            hits = finder(item)
        except TimeoutError:
            out.problems.append(f"{_where(item)}: the pattern ran out of time on abstract {item.id}; skipped")
            continue
        except Exception as exc:  # one abstract's failure must not lose the counts of the others
            out.problems.append(f"{_where(item)}: abstract {item.id} failed ({type(exc).__name__}: {exc}); skipped")
            continue
        if hits:
            out.found.append((item, sorted(hits, key=lambda h: (h.start, h.end))))
    return out


def _where(item: Abstract) -> str:
    return f"{item.source}:{item.line}" if item.line else item.source


def _selects(rule_id: str) -> Callable[[str], bool]:
    if rule_id.endswith("."):
        return lambda rule: rule.startswith(rule_id)
    return lambda rule: rule == rule_id


def record_hits(record: dict, rule_id: str) -> list[Hit]:
    """The mentions of a record (as `extract run` writes it) that `rule_id` selects."""
    from extract.review.marks import keys_of, mention_fields

    wanted = _selects(rule_id)
    return [Hit(m["start"], m["end"], f, m["rule"], keys_of(m)) for f in mention_fields(record)
            for m in record[f] if isinstance(m.get("rule"), str) and wanted(m["rule"])
            and isinstance(m.get("start"), int) and isinstance(m.get("end"), int)]


def records_concordance(records: Iterable[dict], rule_id: str, limit: int | None = None) -> Concordance:
    """The same concordance from records already written by `extract run`: no pipeline run."""
    out = Concordance(f"rule {rule_id}")
    for record in records:
        if limit is not None and out.read >= limit:
            break
        out.read += 1
        hits = record_hits(record, rule_id)
        if hits:
            abstract = Abstract(id=str(record["id"]), source=str(record.get("source") or ""),
                                text=record.get("text") or "", title=record.get("title"))
            out.found.append((abstract, sorted(hits, key=lambda h: (h.start, h.end))))
    return out


def rule_finder(extractor, rule_id: str) -> Finder:
    """Mentions of every field whose `rule` is `rule_id` (or, given `field.`, any rule of it)."""

    def find(abstract: Abstract) -> list[Hit]:
        return record_hits(extractor.extract(abstract).model_dump(), rule_id)

    return find


def regex_finder(pattern: str, ignore_case: bool = False) -> Finder:
    """A draft regex on the clean view (the text rules see); named groups become keys.
    Raises ValueError with the regex module's message when the pattern does not compile."""
    import regex

    from extract.engine.matching import regex_timeout
    from extract.text.cleantext import clean

    try:
        rx = regex.compile(pattern, regex.IGNORECASE if ignore_case else 0)
    except regex.error as exc:
        raise ValueError(f"--regex does not compile: {exc}") from exc
    timeout = regex_timeout()  # a draft is user input: a runaway pattern is stopped per abstract

    def find(abstract: Abstract) -> list[Hit]:
        view = clean(abstract.text)
        hits = []
        for m in rx.finditer(view.text, timeout=timeout):
            if m.end() == m.start():
                continue
            start, end = view.raw_span(m.start(), m.end())
            keys = {k: v for k, v in m.groupdict().items() if v is not None}
            hits.append(Hit(start, end, "regex", "regex", keys))
        return hits

    return find


def phrase_finder(path: str, ignore_case: bool = False) -> Finder:
    """A draft word list (.txt, one phrase a line, or a .tsv with `name` and `aliases`, as
    `phrases_file` takes) matched on spaCy tokens of the clean view; `name` is the entry's."""
    from extract.engine.tokenizer import blank_english
    from spacy.matcher import PhraseMatcher

    from extract.resources.wordlists import load_word_list
    from extract.text.cleantext import clean

    entries = load_word_list(Path(path).resolve())
    nlp = blank_english()
    matcher = PhraseMatcher(nlp.vocab, attr="LOWER" if ignore_case else "ORTH")
    names: dict[int, str] = {}
    for i, entry in enumerate(entries):
        key = f"phrase{i}"
        matcher.add(key, [nlp.make_doc(form) for form in entry.forms])
        names[nlp.vocab.strings[key]] = entry.name

    def find(abstract: Abstract) -> list[Hit]:
        view = clean(abstract.text)
        doc = nlp.make_doc(view.text)
        hits = []
        for match_id, s, e in matcher(doc):
            span = doc[s:e]
            start, end = view.raw_span(span.start_char, span.end_char)
            hits.append(Hit(start, end, "phrases", "phrases", {"name": names[match_id]}))
        return hits

    return find


def kwic(text: str, start: int, end: int, width: int = 45) -> tuple[str, str, str]:
    """Left context (right-aligned to `width`), the hit, right context; whitespace runs become
    one space so that every hit sits on one line."""
    def flat(s: str) -> str:
        return _SPACES.sub(" ", s)

    left = flat(text[max(0, start - 3 * width):start])[-width:]
    right = flat(text[end:end + 3 * width])[:width]
    return left.rjust(width), flat(text[start:end]), right


def report_lines(c: Concordance, sample: list[tuple[int, int]], width: int = 45) -> list[str]:
    """The text report: counts, then one KWIC line per sampled hit."""
    lines = [f"{c.query}: {c.hits} hits in {len(c.found)} of {c.read} abstracts"
             + (f"; {len(sample)} shown" if sample else "")]
    rules = {}
    for _, h in c.all_hits():
        rules[(h.field, h.rule)] = rules.get((h.field, h.rule), 0) + 1
    if len(rules) > 1:
        lines.extend(f"  {field} {rule}: {n}" for (field, rule), n in sorted(rules.items()))
    idw = max((len(c.found[a][0].id) for a, _ in sample), default=0)
    for a, i in sample:
        abstract, hit = c.found[a][0], c.found[a][1][i]
        left, middle, right = kwic(abstract.text, hit.start, hit.end, width)
        lines.append(f"{abstract.id:<{idw}}  {left}[{middle}]{right}")
    return lines


def page_docs(c: Concordance, sample: list[tuple[int, int]]) -> tuple[list[dict], list[tuple[int, int]]]:
    """The abstracts with hits as review-page docs, and the sample as (doc, mark) indices."""
    docs = [{"id": a.id, "title": a.title or "", "text": a.text,
             "marks": [[h.start, h.end, h.field, h.rule, "", h.keys] for h in hits]} for a, hits in c.found]
    return docs, [list(x) for x in sample]
