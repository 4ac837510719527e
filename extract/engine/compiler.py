"""Rule files in, typed rules out: every regex compiled with its fragments, every phrase
list added to the pipeline's one phrase index, every token pattern to the field's Matcher.
A problem is a RuleFileError at `PATH:LINE`; with a `problems` list every one is collected
and the bad rule left out (what `extract rules check` lists).

What a rule needs to run fast is worked out here from its regex (extract/engine/regexfacts.py),
not written in the rule file: strings every match holds, a shared number-start scan, and
where a `before:` regex cannot reach.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import regex
from spacy.matcher import Matcher

from extract.engine import regexfacts
from extract.engine.phrases import PhraseIndex
from extract.engine.places import NumberStarts
from extract.engine.rulefile import LoadedRuleFile, Pattern, RuleFileError
from extract.text import rx
from extract.resources import resolve_data_path, rules_dir
from extract.resources.wordlists import Entry, WordListError, forms_of, load_word_list

REGEX_TIMEOUT_S = 2.0
TIMEOUT_ENV = "EXTRACT_REGEX_TIMEOUT"  # seconds; overrides REGEX_TIMEOUT_S (tests use a short one)
_FRAGMENT_REF = regex.compile(r"\(\?&(\w+)\)")
_TOKEN_ERROR = regex.compile(r"- \[pattern -> (\d+) -> ([^\]\s]+)(?: -> [^\]]*)?\] (.*)")


@dataclass(eq=False)
class RegexRule:
    """A regex rule (or the `before:`/`after:` of a phrase rule, `compiled` None), compiled."""

    pattern: Pattern
    compiled: object | None
    before: object | None = None  # anchored at its end (`\Z`), searched in the window before a match
    before_stop: object | None = None  # what `before` never consumes, searched right to left
    before_holds: object | None = None  # a class of which every match of `before` holds one
    after: object | None = None  # matched where the match ends
    timeout: float | None = None  # seconds per call, None for none
    needs: tuple[str, ...] | None = None  # every match holds one of these strings
    needs_lower: bool = False  # ... compared with the lower-cased text
    starts: tuple | None = None  # key of its number-start scan (extract/engine/places.py)
    group_names: tuple = field(init=False)
    before_groups: tuple = field(init=False)
    after_groups: tuple = field(init=False)

    def __post_init__(self):
        self.group_names = tuple(self.compiled.groupindex.items()) if self.compiled is not None else ()
        self.before_groups = tuple(self.before.groupindex.items()) if self.before is not None else ()
        self.after_groups = tuple(self.after.groupindex.items()) if self.after is not None else ()

    @property
    def id(self) -> str:
        return self.pattern.id


@dataclass(eq=False)
class PhraseRule:
    pattern: Pattern
    match_id: int  # in the pipeline's PhraseIndex
    names: dict[str, Entry]  # a phrase as written (lower-cased when the rule ignores case) -> entry
    lower: bool
    context: RegexRule | None  # its `before:`/`after:`


@dataclass
class CompiledField:
    """The rules of one field, by kind, in the order of the rule files."""

    regex: dict[str, RegexRule] = field(default_factory=dict)  # every regex rule, scanned or not
    phrases: dict[str, PhraseRule] = field(default_factory=dict)
    tokens: dict[str, Pattern] = field(default_factory=dict)
    params: dict[str, RegexRule | PhraseRule] = field(default_factory=dict)  # by name (`params:`)
    fragments: dict[str, str] = field(default_factory=dict)
    required_labels: frozenset = frozenset()


def regex_timeout() -> float:
    """Seconds one regex rule may run on one document before it is stopped and reported.
    A setting that is not a number of seconds above 0 is a ValueError (one line): 0 or a
    typo used to leave every rule timing out, or none, without a word."""
    value = os.environ.get(TIMEOUT_ENV)
    if not value:
        return REGEX_TIMEOUT_S
    try:
        seconds = float(value)
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds < float("inf"):
        raise ValueError(f"{TIMEOUT_ENV}={value}: expected a number of seconds above 0, e.g. 0.5 "
                         f"(unset it for the default, {REGEX_TIMEOUT_S:g} s)")
    return seconds


def timeout_for(rule_file: Path) -> float | None:
    """The timeout for the rules of one file. A timeout makes the regex module read the clock
    on every call (~2 us; ~100 calls an abstract, 6% of a run), so the built-in rules,
    bounded and run over 20,000 real abstracts in the benchmark, go without one unless
    EXTRACT_REGEX_TIMEOUT is set; rules a user adds always have one."""
    if os.environ.get(TIMEOUT_ENV) is None and rule_file.resolve().is_relative_to(rules_dir().resolve()):
        return None
    return regex_timeout()


class Compiler:
    """Compiles the files of one field into a CompiledField (`compile`)."""

    def __init__(self, field_name: str, vocab, make_doc, phrase_index: PhraseIndex, number_starts: NumberStarts,
                 token_matcher: Matcher, problems: list[RuleFileError] | None = None):
        self.field = field_name
        self.make_doc = make_doc
        self.phrase_index = phrase_index
        self.number_starts = number_starts
        self.token_matcher = token_matcher
        self.problems = problems
        self.out = CompiledField()
        self._rule_files: dict[str, Path] = {}

    def compile(self, files: list[LoadedRuleFile]) -> CompiledField:
        for f in files:
            self._add_file(f)
        self.out.required_labels = frozenset(label for f in files for label in (f.spec.requires or ()))
        scanned_labels = {p.label for f in files for p in f.spec.patterns}
        for f in files:
            for label in f.spec.requires or ():
                if label not in scanned_labels:  # the field could never find anything
                    self.report(RuleFileError(f.path, f.line_of("requires"),
                                              f"requires: no rule of field {self.field} that scans the text has "
                                              f"label {label!r}"))
        return self.out

    def report(self, problem: RuleFileError, cause: Exception | None = None) -> None:
        if self.problems is None:
            raise problem from cause
        self.problems.append(problem)

    def _add_file(self, f: LoadedRuleFile) -> None:
        local = dict(self.out.fragments)
        for name, frag in f.spec.fragments.items():
            try:
                local[name] = self._fragment_source(f, name, frag)
            except RuleFileError as exc:
                self.report(exc)
                local[name] = "(?!)"
        if self.problems is not None:
            self._check_fragments(f, local)
        self.out.fragments.update(local)
        for i, p in enumerate(f.spec.patterns):
            if p.id in self._rule_files:
                self.report(RuleFileError(f.path, f.line_of("patterns", i, "id"),
                                          f"rule id {p.id} is already used in {self._rule_files[p.id]}", p.id))
                continue
            self._rule_files[p.id] = f.path
            try:
                self._add_rule(f, p, local)
            except RuleFileError as exc:
                self.report(RuleFileError(f.path, f.line_of("patterns", i, exc.message), exc.message, p.id), exc)
            except (regex.error, re.error, ValueError, WordListError, OSError) as exc:
                self._check_fragments(f, local)  # a broken fragment is named as the cause
                self._report_rule(f, i, p, exc)
        for name, param in f.spec.params.items():
            p = param.model_copy(update={"id": f"{self.field}.{name}"})
            if name in self.out.params:
                self.report(RuleFileError(f.path, f.line_of("params", name), f"params.{name}: defined twice"))
                continue
            try:
                self.out.params[name] = self._rule(f, p, local, scanned=False)
            except (regex.error, re.error, ValueError, WordListError, OSError) as exc:
                self._check_fragments(f, local)
                key = next((k for k in ("regex", "phrases", "phrases_file", "before", "after") if getattr(p, k)), "regex")
                self.report(RuleFileError(f.path, f.line_of("params", name, key),
                                          f"params.{name}.{key}: {_first_line(exc)}"), exc)

    def _check_fragments(self, f: LoadedRuleFile, local: dict[str, str]) -> None:
        """Compile each fragment of `f` on its own, so that one that does not compile is reported
        at its own line (`fragments.NAME: ...`) and replaced by one that never matches.

        Done for `extract rules check` (every problem listed), and when a rule or param fails
        to compile; not for every load: the rules that use a fragment compile it anyway, and the
        ~200 compiles of the built-in fragments were 0.1 s of every run's start-up."""
        for name in f.spec.fragments:
            try:
                regex.compile(expand_fragments(local[name], local))
            except (regex.error, ValueError) as exc:
                local[name] = "(?!)"
                self.report(RuleFileError(f.path, f.line_of("fragments", name),
                                          f"fragments.{name}: {_first_line(exc)}"), exc)

    def _add_rule(self, f: LoadedRuleFile, p: Pattern, fragments: dict[str, str]) -> None:
        if p.tokens is not None:
            self.token_matcher.add(p.id, p.tokens)
            self.out.tokens[p.id] = p
            return
        rule = self._rule(f, p, fragments)
        if isinstance(rule, RegexRule):
            self.out.regex[p.id] = rule
        else:
            self.out.phrases[p.id] = rule

    def _rule(self, f: LoadedRuleFile, p: Pattern, fragments: dict[str, str],
              scanned: bool = True) -> RegexRule | PhraseRule:
        if p.regex is not None:
            return self._regex_rule(p, fragments, timeout_for(f.path), scanned)
        if p.tokens is not None:
            raise ValueError("a param is a regex or a phrase list, not token patterns")
        context = None
        if p.before is not None or p.after is not None:
            context = self._regex_rule(p, fragments, timeout_for(f.path))
        return self._phrase_rule(f, p, context)

    def _report_rule(self, f: LoadedRuleFile, i: int, p: Pattern, exc: Exception) -> None:
        key = "regex" if p.regex is not None else "tokens" if p.tokens is not None else (
            "phrases_file" if p.phrases_file else "phrases")
        details = _token_errors(exc) if p.tokens is not None else []
        for (n, t, attr), message in details:
            loc = ("patterns", i, "tokens", n, t, attr)
            self.report(RuleFileError(f.path, f.line_of(*loc), f"tokens[{n}][{t}].{attr}: {message}", p.id), exc)
        if not details:
            self.report(RuleFileError(f.path, f.line_of("patterns", i, key), f"{key}: {_first_line(exc)}", p.id), exc)

    def _fragment_source(self, f: LoadedRuleFile, name: str, frag) -> str:
        if isinstance(frag, str):
            return frag
        try:
            entries = load_word_list(data_file(frag.file, f.path))
        except (WordListError, FileNotFoundError) as exc:
            raise RuleFileError(f.path, f.line_of("fragments", name, "file"), f"fragments.{name}: {exc}") from exc
        forms = sorted(set(forms_of(entries, frag.column, frag.aliases)), key=lambda s: (-len(s), s))
        return "|".join(regex.escape(s) for s in forms) or "(?!)"

    def _regex_rule(self, p: Pattern, fragments: dict[str, str], timeout: float | None,
                    scanned: bool = False) -> RegexRule:
        flags = regex.VERSION0
        for name in p.flags:
            flags |= getattr(regex, name)
        if p.ignore_case and p.regex is not None:  # for a phrase rule it is about the phrases
            flags |= regex.IGNORECASE
        verbose = "VERBOSE" in p.flags  # whitespace and `#` comments are layout, not text
        source = expand_fragments(p.regex, fragments) if p.regex is not None else None
        before = expand_fragments(p.before, fragments) if p.before is not None else None
        after = expand_fragments(p.after, fragments) if p.after is not None else None
        rule = RegexRule(
            p,
            regex.compile(source, flags) if source is not None else None,
            before=regex.compile("(?:" + before + r")\Z", flags) if before is not None else None,
            after=regex.compile(after, flags) if after is not None else None,
            timeout=timeout)
        if source is not None and not scanned and regexfacts.reverse_safe(source, verbose):
            # A param a post-processor searches up to a place ("the words before a metric's
            # name"): searched from its end first. Not a rule's `before:`, whose window the
            # classes below narrow already, and which is mostly Title Case words: searched
            # from their end, they cost two to ten times more (bench corpus).
            rule.compiled = rx.EndAnchored(rule.compiled)
        if source is not None and scanned:  # what spares a scan of the whole text
            start = regexfacts.number_start(source, verbose)
            if start is not None:
                rule.starts = self.number_starts.add(start, flags & ~regex.VERBOSE)  # its text is laid out
            needs = regexfacts.required_literals(source, bool(flags & regex.IGNORECASE), verbose)
            if regexfacts.worth_a_precheck(source, needs, verbose):
                rule.needs, rule.needs_lower = needs, bool(flags & regex.IGNORECASE)
        if before is not None and not flags & regex.IGNORECASE:
            stop = regexfacts.stop_class(before, verbose)
            if stop is not None:
                rule.before_stop = regex.compile(stop, flags | regex.REVERSE)
        held = regexfacts.held_class(before, verbose) if before is not None else None
        if held is not None:
            rule.before_holds = regex.compile(held, flags & ~regex.VERBOSE)  # same case rules
        return rule

    def _phrase_rule(self, f: LoadedRuleFile, p: Pattern, context: RegexRule | None) -> PhraseRule:
        if p.phrases_file:
            entries = load_word_list(data_file(p.phrases_file, f.path))
        else:
            entries = tuple(Entry(s, (s,)) for s in p.phrases or ())
        lower = ignores_case(p)
        names: dict[str, Entry] = {}
        docs = []
        for e in entries:
            for form in e.forms:
                names.setdefault(form.lower() if lower else form, e)
                docs.append(self.make_doc(form))
        match_id = self.phrase_index.add(f"{self.field}\t{p.id}", docs, lower)
        return PhraseRule(p, match_id, names, lower, context)


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


def ignores_case(p: Pattern) -> bool:
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
