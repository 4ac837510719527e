"""Compile a field's rules once and run them on a Doc: regex on the text, phrases and
token patterns through spaCy's matchers. Every hit keeps the id of its rule."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import regex
from spacy.matcher import Matcher
from spacy.tokens import Doc

from extract.text import rx
from extract.engine.phrases import PhraseIndex
from extract.resources import resolve_data_path, rules_dir
from extract.engine.rulefile import LoadedRuleFile, Pattern, RuleFileError
from extract.resources.wordlists import Entry, WordListError, forms_of, load_word_list

REGEX_TIMEOUT_S = 2.0
STARTS_KEY = "extract_starts"  # doc.user_data: where each `at:` regex matched, by its source
TIMEOUT_ENV = "EXTRACT_REGEX_TIMEOUT"  # seconds; overrides REGEX_TIMEOUT_S (tests use a short one)
_FRAGMENT_REF = regex.compile(r"\(\?&(\w+)\)")
_TOKEN_ERROR = regex.compile(r"- \[pattern -> (\d+) -> ([^\]\s]+)(?: -> [^\]]*)?\] (.*)")


def regex_timeout() -> float:
    """Seconds one regex rule may run on one document before it is stopped and reported."""
    value = os.environ.get(TIMEOUT_ENV)
    try:
        return float(value) if value else REGEX_TIMEOUT_S
    except ValueError:
        return REGEX_TIMEOUT_S


def _timeout_for(rule_file: Path) -> float | None:
    """The timeout for the rules of one file. A timeout makes the regex module read the clock
    on every call (~2.5 us; ~100 calls an abstract, 6% of a run), so the built-in rules,
    bounded and run over 20,000 real abstracts in the benchmark, go without one unless
    EXTRACT_REGEX_TIMEOUT is set; rules a user adds always have one. Every call goes through
    extract/rx.py, which passes it where the regex module reads it fastest."""
    if os.environ.get(TIMEOUT_ENV) is None and rule_file.resolve().is_relative_to(rules_dir().resolve()):
        return None
    return regex_timeout()


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


class CompiledRegex:
    """A rule's compiled regex (None for a phrase rule) with its `before:` and `after:` regexes."""

    __slots__ = ("pattern", "compiled", "group_names", "before", "before_groups", "before_needs", "before_stop",
                 "after", "after_groups", "at", "at_near", "at_key", "needs", "timeout")

    def __init__(self, pattern: Pattern, compiled, before=None, before_needs=None, after=None, at=None,
                 timeout: float | None = None, at_near=None, before_stop=None):
        self.pattern = pattern
        self.compiled = compiled
        self.group_names = tuple(compiled.groupindex.items()) if compiled is not None else ()
        self.before = before  # compiled `before:` regex, anchored at its end
        self.before_groups = tuple(before.groupindex.items()) if before is not None else ()
        self.before_needs = before_needs  # a quick test before the costly `before` search
        self.before_stop = before_stop  # what `before` never holds, compiled to search right to left
        self.after = after  # compiled `after:` regex, matched where the hit ends
        self.after_groups = tuple(after.groupindex.items()) if after is not None else ()
        self.at = at  # compiled `at:` regex: the only places a match may start
        self.at_near = at_near  # compiled `at_near:` regex: where the `at` places lie
        # rules with the same `at` (and `at_near`) share the places found in a document, by this key
        self.at_key = "\t".join((at.pattern, at_near.pattern if at_near is not None else "",
                                  str(pattern.at_near_chars))) if at is not None else ""
        # `needs:` strings, lower-cased here once when the rule ignores case
        self.needs = tuple(n.lower() for n in pattern.needs) if pattern.needs and _ignores_case(pattern) \
            else tuple(pattern.needs or ())
        self.timeout = timeout  # seconds per call, None for none


class FieldMatcher:
    """All rules of one field, compiled. Build once per pipeline; call `find` per doc.

    A bad rule raises RuleFileError; with a `problems` list, every bad rule is reported
    there instead and left out (what `extract rules check` uses to list them all).
    """

    def __init__(self, field: str, files: list[LoadedRuleFile], vocab, make_doc,
                 problems: list[RuleFileError] | None = None, phrase_index: PhraseIndex | None = None):
        self.field = field
        self.files = files
        self._problems = problems
        self._rule_files: dict[str, Path] = {}
        self.regexes: list[CompiledRegex] = []
        self.by_id: dict[str, object] = {}  # every compiled regex rule, scanned or not
        self.compiled_rules: dict[str, CompiledRegex] = {}
        self.phrase_rules: dict[str, Pattern] = {}
        self.phrase_context: dict[str, CompiledRegex] = {}  # phrase rules with `before:`/`after:`
        self.phrase_names: dict[tuple[str, str], Entry] = {}
        self.phrases = PhraseIndex(vocab) if phrase_index is None else phrase_index
        self._phrase_ids: dict[int, str] = {}  # match id in the index -> rule id
        self.token_matcher = Matcher(vocab, validate=True)
        self.token_rules: dict[str, Pattern] = {}
        self.fragments: dict[str, str] = {}
        for f in files:
            self._add_file(f, make_doc)
        self._vocab = vocab
        # what a field's post-processor derives from these rules once and keeps for every document
        self.memo: dict[str, object] = {}
        # (match id, rule id) of the phrase rules run over every text, in the order of the rule files
        self._scanned_phrases = [(m, r) for m, r in self._phrase_ids.items() if self.phrase_rules[r].scan]
        self._phrase_match_id = {rule_id: match_id for match_id, rule_id in self._phrase_ids.items()}
        self._has_at = any(cr.at is not None for cr in self.regexes)
        self._has_tokens = len(self.token_matcher) > 0
        # `requires:` of the field's rule files: labels of which a hit must exist
        self.required_labels = frozenset(label for f in files for label in (f.spec.requires or ()))
        scanned_labels = {p.label for f in files for p in f.spec.patterns if p.scan}
        for f in files:
            for label in f.spec.requires or ():
                if label not in scanned_labels:  # the field could never find anything
                    self._report(RuleFileError(f.path, f.line_of("requires"),
                                               f"requires: no rule of field {field} that scans the text has "
                                               f"label {label!r}"))

    # -- compile ---------------------------------------------------------------
    def _add_file(self, f: LoadedRuleFile, make_doc) -> None:
        local = dict(self.fragments)
        for name, frag in f.spec.fragments.items():
            try:
                local[name] = self._fragment_source(f, name, frag)
            except RuleFileError as exc:
                self._report(exc)
                local[name] = "(?!)"
        for name in f.spec.fragments:
            try:
                regex.compile(expand_fragments(local[name], local))
            except (regex.error, ValueError) as exc:
                self._report(RuleFileError(f.path, f.line_of("fragments", name),
                                           f"fragments.{name}: {_first_line(exc)}"), exc)
                local[name] = "(?!)"
        self.fragments.update(local)
        for i, p in enumerate(f.spec.patterns):
            if p.id in self._rule_files:
                self._report(RuleFileError(f.path, f.line_of("patterns", i, "id"),
                                           f"rule id {p.id} is already used in {self._rule_files[p.id]}", p.id))
                continue
            self._rule_files[p.id] = f.path
            try:
                if p.regex is not None:
                    compiled = self._compile_regex(p, local, _timeout_for(f.path))
                    self.by_id[p.id] = compiled.compiled
                    self.compiled_rules[p.id] = compiled
                    if p.scan:
                        self.regexes.append(compiled)
                elif p.tokens is not None:
                    self.token_matcher.add(p.id, p.tokens)
                    self.token_rules[p.id] = p
                else:
                    self._add_phrases(f, p, make_doc)
                    if p.before is not None or p.after is not None:
                        self.phrase_context[p.id] = self._compile_regex(p, local, _timeout_for(f.path))
            except RuleFileError as exc:
                self._report(RuleFileError(f.path, f.line_of("patterns", i, exc.message), exc.message, p.id), exc)
            except (regex.error, re.error, ValueError, WordListError, OSError) as exc:
                key = "regex" if p.regex is not None else "tokens" if p.tokens is not None else (
                    "phrases_file" if p.phrases_file else "phrases")
                details = _token_errors(exc) if p.tokens is not None else []
                for (n, t, attr), message in details:
                    loc = ("patterns", i, "tokens", n, t, attr)
                    self._report(RuleFileError(f.path, f.line_of(*loc), f"tokens[{n}][{t}].{attr}: {message}", p.id),
                                 exc)
                if not details:
                    self._report(RuleFileError(f.path, f.line_of("patterns", i, key), f"{key}: {_first_line(exc)}",
                                               p.id), exc)

    def _report(self, problem: RuleFileError, cause: Exception | None = None) -> None:
        if self._problems is None:
            raise problem from cause
        self._problems.append(problem)

    def _fragment_source(self, f: LoadedRuleFile, name: str, frag) -> str:
        if isinstance(frag, str):
            return frag
        try:
            entries = load_word_list(data_file(frag.file, f.path))
        except (WordListError, FileNotFoundError) as exc:
            raise RuleFileError(f.path, f.line_of("fragments", name, "file"), f"fragments.{name}: {exc}") from exc
        forms = sorted(set(forms_of(entries, frag.column, frag.aliases)), key=lambda s: (-len(s), s))
        return "|".join(regex.escape(s) for s in forms) or "(?!)"

    def _compile_regex(self, p: Pattern, fragments: dict[str, str], timeout: float | None) -> CompiledRegex:
        flags = regex.VERSION0
        for name in p.flags:
            flags |= getattr(regex, name)
        if p.ignore_case and p.regex is not None:  # for a phrase rule it is about the phrases
            flags |= regex.IGNORECASE

        def compiled(source: str | None, suffix: str = "", more_flags: int = 0):
            if source is None:
                return None
            return regex.compile("(?:" + expand_fragments(source, fragments) + ")" + suffix if suffix
                                 else expand_fragments(source, fragments), flags | more_flags)

        return CompiledRegex(p, compiled(p.regex), compiled(p.before, r"\Z"), compiled(p.before_needs),
                             compiled(p.after), compiled(p.at), timeout, compiled(p.at_near),
                             compiled(p.before_stop, more_flags=regex.REVERSE))

    def _add_phrases(self, f: LoadedRuleFile, p: Pattern, make_doc) -> None:
        if p.phrases_file:
            entries = load_word_list(data_file(p.phrases_file, f.path))
        else:
            entries = tuple(Entry(s, (s,)) for s in p.phrases or ())
        ignore_case = _ignores_case(p)
        docs = []
        for e in entries:
            for form in e.forms:
                key = form.lower() if ignore_case else form
                self.phrase_names.setdefault((p.id, key), e)
                docs.append(make_doc(form))
        self._phrase_ids[self.phrases.add(f"{self.field}\t{p.id}", docs, ignore_case)] = p.id
        self.phrase_rules[p.id] = p

    # -- run -------------------------------------------------------------------
    def run_rule(self, rule_id: str, text: str, pos: int = 0, endpos: int | None = None,
                 problems: list | None = None, doc_id: str | None = None, anchored: bool = False) -> list[Hit]:
        """Hits of one regex rule (a `scan: false` one too) within text[pos:endpos], for a
        post-processor that only needs it where a cue says so; `anchored`: only a match that
        starts at `pos` (one attempt, not a scan)."""
        cr = self.compiled_rules[rule_id]
        return self._regex_hits(cr, text, pos, len(text) if endpos is None else endpos, problems, doc_id, anchored)

    def _regex_hits(self, cr: "CompiledRegex", text: str, pos: int, endpos: int, problems, doc_id,
                    anchored: bool = False, starts: dict | None = None) -> list[Hit]:
        p = cr.pattern
        hits = []
        matches: Iterable[Any]  # a tuple or the regex module's scanner
        try:
            if anchored:
                m = rx.match(cr.compiled, text, pos, endpos, cr.timeout)
                matches = () if m is None else (m,)
            elif cr.at is not None:
                matches = self._at_places(cr, text, pos, endpos, starts)
            else:
                matches = rx.finditer(cr.compiled, text, pos, endpos, cr.timeout)
            for m in matches:
                start, end = m.span()
                if end == start:
                    continue
                groups = _groups(m, cr.group_names, text) if cr.group_names else {}
                if cr.before is not None or cr.after is not None:
                    span = self._extend(cr, text, start, end, groups)
                    if span is None:
                        continue
                    start, end = span
                hits.append(Hit(p.id, start, end, text[start:end], p.priority, p.label,
                                attrs=dict(p.set), groups=groups))
        except TimeoutError:
            if problems is not None:
                problems.append(RuleTimeout(p.id, doc_id))
        return hits

    def phrase_rule_hits(self, doc: Doc, text: str, rule_id: str, pos: int = 0, endpos: int | None = None,
                         problems: list | None = None) -> list[Hit]:
        """Hits of one phrase rule (a `scan: false` one too) whose phrase lies in
        text[pos:endpos], with its `before:`/`after:` applied only to those."""
        endpos = len(text) if endpos is None else endpos
        found = self.phrases.matches(doc).get(self._phrase_match_id[rule_id], ())
        spans = [(s, e) for s, e in found if s >= pos and e <= endpos]
        return self._phrase_hits(doc, text, rule_id, spans, problems, doc.user_data.get("extract_id"))

    def phrase_spans(self, doc: Doc, rule_id: str) -> list[tuple[int, int]]:
        """The (start, end) of every phrase of one phrase rule in `doc`, in text order."""
        return self.phrases.matches(doc).get(self._phrase_match_id[rule_id], [])

    def _phrase_hits(self, doc: Doc, text: str, rule_id: str, spans, problems, doc_id) -> list[Hit]:
        p = self.phrase_rules[rule_id]
        cr = self.phrase_context.get(rule_id)
        lower = _ignores_case(p)
        hits = []
        for start, end in spans:
            phrase = text[start:end]
            groups: dict[str, tuple[int, int, str]] = {}
            if cr is not None:
                try:
                    span = self._extend(cr, text, start, end, groups)
                except TimeoutError:
                    span = None
                    if problems is not None:
                        problems.append(RuleTimeout(rule_id, doc_id))
                if span is None:
                    continue  # most cues: the word list entry is looked up only for a hit
                groups["cue"] = (start, end, phrase)
                start, end = span
            entry = self.phrase_names.get((rule_id, phrase.lower() if lower else phrase))
            hits.append(Hit(rule_id, start, end, phrase if cr is None else text[start:end], p.priority, p.label,
                            name=entry.name if entry and cr is None else None,
                            attrs={**(entry.attrs if entry else {}), **p.set}, groups=groups))
        return hits

    def _at_places(self, cr: "CompiledRegex", text: str, pos: int, endpos: int, starts: dict | None):
        """The matches of a rule with `at:`: one anchored attempt at each place `at` finds,
        skipping places inside the previous match (as finditer would). The places are found
        once per document for every rule with the same `at` (and `at_near`), and kept in `starts`."""
        key = f"{cr.at_key}\t{pos}\t{endpos}"
        places = starts.get(key) if starts is not None else None
        if places is None:
            if cr.at_near is None:
                places = [m.start() for m in rx.finditer(cr.at, text, pos, endpos, cr.timeout)]
            else:
                places = self._near_places(cr, text, pos, endpos)
            if starts is not None:
                starts[key] = places
        last = pos
        for i in places:
            if i >= last:
                m = rx.match(cr.compiled, text, i, endpos, cr.timeout)
                if m is not None and m.end() > i:
                    last = m.end()
                    yield m

    def _near_places(self, cr: "CompiledRegex", text: str, pos: int, endpos: int) -> list[int]:
        """The places of `at` where the rule's `at_near` says they lie: in each match of
        `at_near` and the `at_near_chars` characters before it. A scan led by a lookaround
        (where a number starts: a digit, or a sign or point before one) is tried at every
        character, 30-40 us an abstract; digits are found in a third of that, and `at` then
        searches a few characters around each run of them."""
        reach = cr.pattern.at_near_chars
        places: list[int] = []
        done = pos  # text before this has been searched
        for near in rx.finditer(cr.at_near, text, pos, endpos, cr.timeout):
            start, end = near.span()
            for m in rx.finditer(cr.at, text, max(done, start - reach), end, cr.timeout):
                places.append(m.start())
            done = max(done, end)
        return places

    def _extend(self, cr: "CompiledRegex", text: str, start: int, end: int, groups: dict) -> tuple[int, int] | None:
        """Apply a rule's `before:` and `after:` to a match at [start, end): the widened span,
        with their named groups added to `groups`, or None when either does not match."""
        p = cr.pattern
        if cr.before is not None:
            if cr.before_needs is not None and not rx.search(
                    cr.before_needs, text, max(0, start - p.before_needs_window), start, cr.timeout):
                return None
            lo = max(0, start - p.before_window)
            if cr.before_stop is not None:
                # `before` is tried at each place of its window, ~0.15 us a place even where it
                # fails at once; none left of a character it never holds can match
                stop = rx.search(cr.before_stop, text, lo, start, cr.timeout)
                if stop is not None:
                    lo = stop.end()
            b = rx.search(cr.before, text, lo, start, cr.timeout)
            if b is None:
                return None
            groups.update(_groups(b, cr.before_groups, text))
            start = b.start()
        if cr.after is not None:
            a = rx.match(cr.after, text, end, None, cr.timeout)
            if a is None:
                return None
            groups.update(_groups(a, cr.after_groups, text))
            end = a.end()
        return start, end

    def find(self, doc: Doc, text: str | None = None, problems: list | None = None) -> list[Hit]:
        """Every hit of every rule on `doc` (overlaps kept), ordered by start. With `requires:`
        labels, nothing unless a rule of such a label matched: the rules of those labels run
        first, the others only when one of them did."""
        text = doc.text if text is None else text
        user_data = doc.user_data
        doc_id = user_data.get("extract_id")
        # `at:` places, shared with the other fields' rules of the same `at`
        starts = user_data.setdefault(STARTS_KEY, {}) if self._has_at else None
        lower = [None]  # the lower-cased text, made once if a rule's `needs:` asks for it
        found = self.phrases.matches(doc) if self._scanned_phrases else {}
        first: dict[str, list[Hit]] = {}
        tokens: list[Hit] = []
        if self.required_labels:
            required = self.required_labels
            for cr in self.regexes:
                if cr.pattern.label in required:
                    first[cr.pattern.id] = self._scan_regex(cr, text, problems, doc_id, starts, lower)
            for match_id, rule_id in self._scanned_phrases:
                if self.phrase_rules[rule_id].label in required:
                    first[rule_id] = self._phrase_hits(doc, text, rule_id, found.get(match_id, ()), problems, doc_id)
            tokens = self._token_hits(doc) if self._has_tokens else []
            if not any(first.values()) and not any(h.label in required for h in tokens):
                return []
        elif self._has_tokens:
            tokens = self._token_hits(doc)
        hits: list[Hit] = []
        for cr in self.regexes:
            done = first.get(cr.pattern.id) if first else None
            hits.extend(done if done is not None else self._scan_regex(cr, text, problems, doc_id, starts, lower))
        for match_id, rule_id in self._scanned_phrases:
            spans = found.get(match_id)
            if spans:
                done = first.get(rule_id) if first else None
                hits.extend(done if done is not None else self._phrase_hits(doc, text, rule_id, spans, problems,
                                                                             doc_id))
        hits.extend(tokens)
        hits.sort(key=lambda h: (h.start, -h.end))
        return hits

    def _scan_regex(self, cr: "CompiledRegex", text: str, problems, doc_id, starts, lower: list) -> list[Hit]:
        """A scanned regex rule over the whole text (none where its `needs:` strings are missing)."""
        if cr.needs:
            if _ignores_case(cr.pattern):
                if lower[0] is None:
                    lower[0] = text.lower()
                if not any(n in lower[0] for n in cr.needs):
                    return []
            elif not any(n in text for n in cr.needs):
                return []
        return self._regex_hits(cr, text, 0, len(text), problems, doc_id, starts=starts)

    def _token_hits(self, doc: Doc) -> list[Hit]:
        hits = []
        for match_id, s, e in self.token_matcher(doc):
            rule_id = self._vocab.strings[match_id]
            p = self.token_rules[rule_id]
            span = doc[s:e]
            hits.append(Hit(rule_id, span.start_char, span.end_char, span.text, p.priority, p.label,
                            attrs=dict(p.set)))
        return hits


def _groups(m, names: tuple[tuple[str, int], ...], text: str) -> dict[str, tuple[int, int, str]]:
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


def expand_fragments(source: str, fragments: dict[str, str], _seen: tuple[str, ...] = ()) -> str:
    """Replace each `(?&name)` with `(?:<fragment>)`, recursively; unknown names are errors."""

    def sub(m):
        name = m.group(1)
        if name not in fragments:
            raise ValueError(f"unknown fragment (?&{name}); define it under `fragments:`")
        if name in _seen:
            raise ValueError(f"fragment {name} refers to itself")
        return "(?:" + expand_fragments(fragments[name], fragments, _seen + (name,)) + ")"

    return _FRAGMENT_REF.sub(sub, source)


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


def data_file(name: str, rule_file: Path) -> Path:
    """The word list a rule file names: beside the rule file, else in the `data/` folder beside
    its rules folder (a user's `myrules/` + `data/`), else in the built-in `data/`."""
    base = rule_file.parent
    candidates = [base / name]
    if name.startswith("data/"):
        candidates.append(base.parent / name)
    candidates.append(resolve_data_path(name, base))
    for path in candidates:
        if path.is_file():
            return path.resolve()
    looked = ", ".join(dict.fromkeys(str(c.resolve()) for c in candidates))
    raise FileNotFoundError(f"word list {name} not found (looked in {looked})")


def _ignores_case(p: Pattern) -> bool:
    return p.ignore_case or "IGNORECASE" in p.flags


def _token_errors(exc: Exception) -> list[tuple[tuple[int, int, str], str]]:
    """spaCy's token-pattern validation report as ((pattern, token, attribute), message) items."""
    out: dict[tuple[int, int, str], str] = {}
    pattern = 0
    for line in str(exc).splitlines():
        if line.startswith("Pattern ") and line.rstrip(":").split()[-1].isdigit():
            pattern = int(line.rstrip(":").split()[-1])
        m = _TOKEN_ERROR.match(line.strip())
        if m:
            message = m.group(3).replace("Extra inputs are not permitted", "unknown token attribute")
            out.setdefault((pattern, int(m.group(1)), m.group(2)), message)
    return list(out.items())


def _first_line(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
