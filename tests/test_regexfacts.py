"""What the compiler works out from a regex (extract/engine/regexfacts.py) only spares work:
each fact is a necessary condition of a match, so every rule finds with it what it finds
without it, on real abstracts."""
import dataclasses
import json
from pathlib import Path

import pytest
import regex

from extract.engine import regexfacts
from extract.engine.docstate import DocState
from extract.engine.places import NumberStarts
from extract.engine.regex_runner import extend
from extract.pipeline.extractor import build_pipeline

GOLD = Path(__file__).resolve().parents[1] / "data" / "gold"


@pytest.mark.parametrize("source, ignore_case, expected", [
    (r"github\.(?:[ ]?)com/", False, ("github.",)),
    (r"(?:Bench|Eval|QA)(?:-\w+)*", False, ("Bench", "Eval", "QA")),
    (r"\b[AHV]100\b", False, ("100",)),  # the longest sure piece, not one of three letters
    (r"NVIDIA[ ](?P<name>H100)", True, ("nvidia ",)),
    (r"(?:a|b)?c", False, ("c",)),
    (r"x(?i:abc)", False, ("x",)),  # a case-free group is not a literal of a case-minding rule
    (r"[κρτ]\s?=", False, ("=",)),
    (r"[κρτ]", False, ("κ", "ρ", "τ")),
    (r"(?:a|\d)", False, None),  # one branch without a literal: none is required
    (r"\1", False, None),  # back references: not understood, no fact
    # what a positive look-around reads, when the match itself needs nothing; never a negative one
    (r"(?<=\bfactor\sof\s)\d+(?:\.\d+)?", False, ("factor",)),
    (r"(?<!factor\s)\d+", False, None),
    (r"(?=\d+%)\d+", False, ("%",)),
    (r"(?<=at\s)\d+ms", False, ("ms",)),  # the match's own literal first
    # one ASCII letter is in nearly every text: the look-ahead's "=" rules out more
    (r"(?<![\w-])r(?=\s?=\s?0?\.\d)", False, ("=",)),
    (r"[κρτ](?=_\w+=|\s?=)|(?<!\w)r(?=\s?=)", False, ("=", "_")),
])
def test_required_literals(source, ignore_case, expected):
    assert regexfacts.required_literals(source, ignore_case) == expected


@pytest.mark.parametrize("source, reach", [
    (r"(?<![\w.])(?P<n>[-+]?\s?\d+)%", 2),
    (r"(?<![\w.])(?:\d+|\.\d+)x", 1),
    (r"(?:(?<!\w)\d+%|(?<=from\s)0 to 100)", 0),
    (r"\d+%", None),  # no look-around first: the regex module scans it well itself
    (r"(?<!\w)[a-z]+\d", None),  # a digit only after an unbounded run
])
def test_number_start(source, reach):
    found = regexfacts.number_start(source)
    assert (found.reach if found else None) == reach


@pytest.mark.parametrize("source, stop", [
    (r"(?<![\w-])(?P<name>[A-Z]\w*(?:[ ][A-Z]\w*)*)[ ]", r"[^A-Z\w\ ]"),
    (r"(?P<family>[A-Za-z]+)-?", r"[^A-Za-z\-]"),
    (r"(?P<name>\S+)\s", None),  # consumes nearly anything: no stop
])
def test_stop_class(source, stop):
    assert regexfacts.stop_class(source) == stop


@pytest.mark.parametrize("source, held", [
    # a Title Case name or a token with a capital or digit (seen by its look-ahead)
    (r"(?<![\w-])(?P<name>\p{Lu}\w+(?: \p{Lu}\w+)*|(?=[\w-]*[\p{Lu}\d])[\w-]+)[ ]+", r"[\p{Lu}\p{Lu}\d]"),
    (r"\w+\(", r"[\(]"),  # punctuation
    (r"[a-z]+[ ]", None),  # lower-case letters and spaces: in nearly every window
    (r"(?i:[A-Z])x", None),  # a capital of a case-blind group is any letter
    (r"(?:ab|C)", None),  # one branch holds no rare character
    (r"(?<=[A-Z])b", None),  # a look-behind may see before the window
    (r"(?![A-Z])b", None),  # a negative look-ahead holds nothing
])
def test_held_class(source, held):
    assert regexfacts.held_class(source) == held


def _texts() -> list[str]:
    texts = []
    for path in sorted(GOLD.glob("*.jsonl")):
        texts += [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return texts


def test_every_built_in_rule_finds_the_same_with_and_without_its_facts():
    nlp = build_pipeline(spans=False)
    matchers = [c.matcher for _, c in nlp.pipeline]
    plain = {id(r): dataclasses.replace(r, needs=None, starts=None, before_stop=None, before_holds=None)
             for m in matchers for r in m.rules.regex.values()}
    with_facts = sum(1 for m in matchers for r in m.rules.regex.values()
                     if r.needs or r.starts or r.before_stop is not None or r.before_holds is not None)
    assert with_facts >= 8  # the facts are found for the built-in rules
    texts = _texts()
    assert len(texts) > 100
    for text in texts:
        doc = nlp.make_doc(text)
        for m in matchers:
            for r in m.rules.regex.values():
                if r.compiled is None:
                    continue
                state = DocState(doc, text)
                fast = m.runner.hits(r, text, 0, None, state)
                slow = m.runner.hits(plain[id(r)], text, 0, None, DocState(doc, text))
                assert [(h.start, h.end, h.groups) for h in fast] == [(h.start, h.end, h.groups) for h in slow], \
                    (r.id, text[:80])


def test_a_stop_class_compiles_for_every_built_in_before():
    nlp = build_pipeline(spans=False)
    for _, c in nlp.pipeline:
        for r in c.matcher.rules.regex.values():
            if r.before_stop is not None:
                assert isinstance(r.before_stop, regex.Pattern)


@pytest.mark.parametrize("source, slow", [
    (r"(a+)+$", True),
    (r"(?:\w+\s?)*GPUs", True),
    (r"(x|y+)*z", True),
    (r"(?:a++)+", False),  # possessive: gives up nothing it took
    (r"(?>a+)+", False),  # atomic
    (r"\d+(?:,\d+)*", False),  # the comma keeps the rounds apart
    (r"a+b+", False),
])
def test_nested_quantifier(source, slow):
    assert regexfacts.nested_quantifier(source) is slow


def test_rules_check_warns_about_a_nested_repeat_and_still_passes(tmp_path, capsys):
    from extract.cli.main import main

    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "slow.yaml").write_text("field: slow\nfragments:\n  word: '\\w+\\s?'\npatterns:\n"
                                      "  - id: slow.a\n    regex: '(?:(?&word))*GPUs'\n"
                                      "  - id: slow.b\n    regex: '(?:\\w++\\s?)*GPUs'\n")
    assert main(["rules", "check", "--rules", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].endswith("slow.yaml:6: warning: regex: a repeat inside a repeat can take "
                                             "exponential time on a text that almost matches; make the inner "
                                             "one possessive (`+` after it) or the group atomic (`(?>...)`) "
                                             "(rule slow.a)"), out


def test_every_built_in_before_extends_the_same_with_and_without_its_facts():
    """`before:` of phrase rules and params too (methods' component names, the dataset
    nouns): tried at the end of every word of the gold texts."""
    nlp = build_pipeline(spans=False)
    befores = []
    for _, c in nlp.pipeline:
        rules = c.matcher.rules
        for r in [*rules.regex.values(), *rules.phrases.values(), *rules.params.values()]:
            r = getattr(r, "context", r)
            if r is not None and r.before is not None:
                befores.append((r, dataclasses.replace(r, before_stop=None, before_holds=None)))
    assert sum(1 for r, _ in befores if r.before_holds is not None) >= 6
    tried = extended = 0
    for text in _texts():
        for m in regex.finditer(r"\b\w+\b", text):
            for fast, slow in befores:
                got = extend(fast, text, m.start(), m.end(), {})
                assert got == extend(slow, text, m.start(), m.end(), {}), (fast.id, text[max(0, m.start() - 60):m.end()])
                tried += 1
                extended += got is not None
    assert tried > 100_000 and extended > 1000


@pytest.mark.parametrize("text", [
    "accuracy rose from 61.10/55.77 to 63.2/58.0 on the test split",
    "a 2.95x-3.04x speedup and 21.74% less memory (v1.5, -3.2 points)",
    "availability from 0% to 100%, at k=10 and +4.1 over the baseline",
    "no numbers at all here",
    "2023: 7 runs; 12 of 40 tasks (30%)",
])
def test_number_start_places_are_every_place_the_scan_matches_near_a_digit(text):
    # The places of a scan are where its look-arounds hold and a digit follows within its
    # reach, tried at every character: the shared scan must find exactly these.
    starts = NumberStarts()
    key = starts.add(regexfacts.number_start(r"(?<![\w.^-])(?:[+\-]?\d+(?:\.\d+)?|\.\d+)\s?(?:%|x)"), regex.V0)
    scan = starts._scan(key)
    expected = [i for i in range(len(text)) if scan.match(text, i) and regex.search(r"\d", text[i : i + key[1] + 1])]
    assert starts.places(key, text, 0, len(text), None) == expected


@pytest.mark.parametrize("source, safe", [
    (r"(?<![\w/-])(?:(?:mean|top-\d+)\s)+\Z", True),
    (r"\b(?:on|for)\s+\Z", True),
    (r"(?:a|b\Z)", False),  # one branch can end anywhere
    (r"a\Z|b\Z", True),
    (r"\w+\s\d+", False),  # not anchored at the end: no cheaper from there
    (r"[\w.]*+x\Z", False),  # possessive: `abx` matches backwards only
    (r"(?>\w+)x\Z", False),  # atomic
    (r"(?<=(?>ab))c\Z", True),  # inside a look-around it matches its own way either way
    (r"(a)\1\Z", False),  # back references: not understood
])
def test_reverse_safe(source, safe):
    assert regexfacts.reverse_safe(source) is safe


def test_every_end_anchored_param_searches_the_same_from_its_end():
    """A param a post-processor searches up to a place (the modifiers before a metric's
    name, ...) is searched from its end first (rx.EndAnchored): the same match, or none, as
    the forward search, ending at every word of the gold texts and starting 60 characters
    before it."""
    from extract.text import rx

    nlp = build_pipeline(spans=False)
    wrapped = [r.compiled for _, c in nlp.pipeline for r in c.matcher.rules.params.values()
               if isinstance(getattr(r, "compiled", None), rx.EndAnchored)]
    assert len(wrapped) >= 8
    tried = found = 0
    for text in _texts():
        for m in regex.finditer(r"(?<=\w)\s", text):
            for p in wrapped:
                lo, end = max(0, m.end() - 60), m.end()
                got, want = p.search(text, lo, end), p.forward.search(text, lo, end)
                assert (got and got.span()) == (want and want.span()), (p.pattern[:60], text[lo:end])
                tried += 1
                found += want is not None
    assert tried > 100_000 and found > 1000
