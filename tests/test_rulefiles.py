"""Rule files end to end: a new field from YAML alone, every rule-file feature, `--rules`
extending fields, `extract rules check|test|list`, eval of a new field, regex timeouts."""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import spacy

from extract import build_pipeline
from extract.cli.main import main
from extract.pipeline.records import check_offsets

HARDWARE = """\
field: hardware
description: Accelerators named in the abstract
patterns:
  - id: hardware.nvidia
    regex: '\\b(?:A100|H100|V100)\\b'
  - id: hardware.tpu
    phrases: ["TPU v4", "TPU v5e"]
examples:
  - text: "We train on 64 A100 GPUs and a TPU v4 pod."
    expect: ["A100", "TPU v4"]
  - text: "We study attention heads."
    expect: []
"""
SENTENCE = "Training takes 3 days on 8 H100 GPUs, versus 2 days on a TPU v5e pod."


def write(root: Path, files: dict[str, str]) -> Path:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(content), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def hw_dir(tmp_path_factory):
    return write(tmp_path_factory.mktemp("hw"), {"hardware.yaml": HARDWARE})


@pytest.fixture(scope="module")
def hw_extractor(hw_dir):
    from extract import Extractor

    return Extractor([str(hw_dir)])


# -- a new field from the file, as a record ------------------------------------------
def test_new_field_gets_a_list_in_the_record_with_exact_offsets_and_rule_ids(hw_extractor):
    record = hw_extractor.extract_text(SENTENCE)
    got = [(m.text, m.start, m.end, m.rule, m.name) for m in record.hardware]
    assert got == [("H100", 27, 31, "hardware.nvidia", "H100"), ("TPU v5e", 57, 64, "hardware.tpu", "TPU v5e")]
    assert not check_offsets(record)


def test_new_field_offsets_point_into_the_raw_text_when_it_has_markup(hw_extractor):
    raw = "We use $8\\times$ **H100** GPUs and a TPU v4 pod."
    record = hw_extractor.extract_text(raw).model_dump()
    assert [(m["text"], raw[m["start"]:m["end"]]) for m in record["hardware"]] == [("H100", "H100"),
                                                                                  ("TPU v4", "TPU v4")]
    assert record["hardware"][0]["start"] == raw.index("H100")


def test_record_has_an_empty_list_when_nothing_matches(hw_extractor):
    assert hw_extractor.extract_text("We study attention heads.").model_dump()["hardware"] == []


# -- every rule-file feature, one small field each ------------------------------------------
CHIPS_TSV = "name\taliases\tvendor\nGaudi 2\tGaudi2|Gaudi-2\tIntel\nMI300X\t\tAMD\n"

REQUIRES_COUNT = """
        requires: [count]
        patterns:
          - id: f.count
            label: count
            regex: '(?P<count>\\d+)\\s+GPUs'
          - id: f.chip
            phrases: [H100]
     """

FEATURES = [
    # (case, rule file body after `field: f`, data files, text, expected mentions as (text, rule, extra keys))
    ("regex", """
        patterns:
          - id: f.nv
            regex: '\\b[AHV]100\\b'
     """, {}, "8 H100 GPUs and a V100.", [("H100", "f.nv", {}), ("V100", "f.nv", {})]),
    ("phrases are case-sensitive by default", """
        patterns:
          - id: f.tpu
            phrases: ["TPU v4"]
     """, {}, "a tpu v4 pod and a TPU v4 pod", [("TPU v4", "f.tpu", {})]),
    ("ignore_case on phrases keeps the listed form as name", """
        patterns:
          - id: f.tpu
            phrases: ["TPU v4"]
            ignore_case: true
     """, {}, "a tpu v4 pod", [("tpu v4", "f.tpu", {"name": "TPU v4"})]),
    ("flags: IGNORECASE on a regex", """
        patterns:
          - id: f.nv
            regex: '\\bh100\\b'
            flags: [IGNORECASE]
     """, {}, "on H100 GPUs", [("H100", "f.nv", {})]),
    ("flags: IGNORECASE on phrases", """
        patterns:
          - id: f.tpu
            phrases: ["TPU v5e"]
            flags: [IGNORECASE]
     """, {}, "a Tpu V5e pod", [("Tpu V5e", "f.tpu", {"name": "TPU v5e"})]),
    ("spaCy token patterns", """
        patterns:
          - id: f.tpu
            tokens:
              - [{LOWER: tpu}, {TEXT: {REGEX: '^v\\d+[a-z]?$'}}]
     """, {}, "a TPU v5e pod and a tpu v4", [("TPU v5e", "f.tpu", {}), ("tpu v4", "f.tpu", {})]),
    ("a named fragment reused by two patterns", """
        fragments:
          nv: '[AHV]100'
        patterns:
          - id: f.sxm
            regex: '\\b(?&nv)-SXM\\b'
          - id: f.plain
            regex: '\\b(?&nv)\\b(?!-)'
     """, {}, "A100-SXM and H100 cards", [("A100-SXM", "f.sxm", {}), ("H100", "f.plain", {})]),
    ("named groups fill record keys; `name` sets the name", """
        patterns:
          - id: f.count
            regex: '(?P<count>\\d+)\\s+(?P<name>[AHV]100)\\s+GPUs'
     """, {}, "on 8 H100 GPUs", [("8 H100 GPUs", "f.count", {"name": "H100", "count": "8"})]),
    ("before: a cue, then what comes before it, with groups", """
        patterns:
          - id: f.cue
            regex: 'GPUs\\b'
            before: '(?P<count>\\d+)\\s+(?P<name>[AHV]100)\\s+'
     """, {}, "on 8 H100 GPUs, many GPUs", [("8 H100 GPUs", "f.cue", {"name": "H100", "count": "8"})]),
    ("after: a regex rule reads on from its match, with groups", """
        patterns:
          - id: f.cue
            regex: '\\bon\\b'
            after: '\\s+(?P<count>\\d+)\\s+(?P<name>[AHV]100)\\b'
     """, {}, "trained on 8 H100 and on time", [("on 8 H100", "f.cue", {"name": "H100", "count": "8"})]),
    ("phrases with after: the phrase is the cue, `after` reads the name", """
        patterns:
          - id: f.named
            phrases: [named, called]
            after: '[ ]+(?P<name>[A-Z]\\w+)'
     """, {}, "a chip named Gaudi, so called because, called TPU", [
        ("named Gaudi", "f.named", {"name": "Gaudi", "cue": "named"}), ("called TPU", "f.named", {"name": "TPU"})]),
    ("phrases with before: the name is read before the cue word", """
        patterns:
          - id: f.gpus
            phrases: [GPUs, gpus]
            before: '(?P<count>\\d+)\\s+(?P<name>[AHV]100)\\s+'
     """, {}, "on 8 H100 GPUs, many gpus", [("8 H100 GPUs", "f.gpus", {"name": "H100", "count": "8"})]),
    ("ignore_case on a phrase rule leaves its after regex case-sensitive", """
        patterns:
          - id: f.named
            phrases: [named]
            ignore_case: true
            after: '[ ]+(?P<name>[A-Z]\\w+)'
     """, {}, "Named Gaudi, named gaudi", [("Named Gaudi", "f.named", {"name": "Gaudi"})]),
    ("a number rule, tried only where a number may start; a range is one match", """
        patterns:
          - id: f.gpus
            regex: '(?<![\\w.])(?P<count>\\d+(?:-\\d+)?)\\s+GPUs'
     """, {}, "on 8 GPUs, 4-16 GPUs and v2 GPUs", [("8 GPUs", "f.gpus", {"count": "8"}),
                                                   ("4-16 GPUs", "f.gpus", {"count": "4-16"})]),
    ("a signed number rule finds the sign before the digits", """
        patterns:
          - id: f.delta
            regex: '(?<![\\w.])(?=[-+]?\\s?\\d)(?P<delta>[-+]?\\s?\\d+(?:\\.\\d+)?)\\s?pp\\b'
     """, {}, "gains of +3 pp and - 1.5 pp, v2 pp", [("+3 pp", "f.delta", {"delta": "+3"}),
                                                      ("- 1.5 pp", "f.delta", {"delta": "- 1.5"})]),
    ("a `before` regex reads the name back over spaces and words", """
        patterns:
          - id: f.gpus
            phrases: [GPUs]
            before: '(?<![\\w-])(?P<name>[A-Z]\\w*(?:[ ][A-Z]\\w*)*)[ ]'
     """, {}, "on two nodes, Nvidia H100 GPUs", [("Nvidia H100 GPUs", "f.gpus", {"name": "Nvidia H100"})]),
    ("a rule whose every match holds a string, on a text with and without it", """
        patterns:
          - id: f.count
            regex: '(?P<count>\\d+)\\s+GPUs'
          - id: f.chip
            regex: 'nvidia[ ](?P<name>[AHV]100)\\b'
            ignore_case: true
     """, {}, "8 GPUs, 2 TPUs; NVIDIA H100", [("8 GPUs", "f.count", {"count": "8"}),
                                             ("NVIDIA H100", "f.chip", {"name": "H100"})]),
    ("requires: a hit of the label lets the field's other rules run", REQUIRES_COUNT, {}, "8 GPUs of type H100",
     [("8 GPUs", "f.count", {"count": "8"}), ("H100", "f.chip", {})]),
    ("requires: no hit of the label, nothing from the field", REQUIRES_COUNT, {}, "eight GPUs of type H100", []),
    ("set: fixed keys on every mention", """
        patterns:
          - id: f.nv
            regex: '\\bH100\\b'
            set: {vendor: NVIDIA, memory_gb: 80}
     """, {}, "on H100s and H100", [("H100", "f.nv", {"vendor": "NVIDIA", "memory_gb": 80})]),
    ("phrases_file: a TSV in data/ beside the rules folder, aliases and columns", """
        patterns:
          - id: f.list
            phrases_file: data/chips.tsv
     """, {"data/chips.tsv": CHIPS_TSV}, "Gaudi2 and MI300X chips",
     [("Gaudi2", "f.list", {"name": "Gaudi 2", "vendor": "Intel"}), ("MI300X", "f.list", {"vendor": "AMD"})]),
    ("phrases_file: a .txt list beside the rule file", """
        patterns:
          - id: f.list
            phrases_file: chips.txt
     """, {"rules/chips.txt": "# accelerators\nTPU v4\n\nGaudi 2\n"}, "a TPU v4 and Gaudi 2",
     [("TPU v4", "f.list", {}), ("Gaudi 2", "f.list", {})]),
    ("a fragment built from a word list", """
        fragments:
          chip: {file: data/chips.tsv}
        patterns:
          - id: f.chip
            regex: '\\b(?&chip)\\b'
     """, {"data/chips.tsv": CHIPS_TSV}, "Gaudi-2 and MI300X", [("Gaudi-2", "f.chip", {}), ("MI300X", "f.chip", {})]),
    ("overlaps: the longer match wins at equal priority", """
        patterns:
          - id: f.any
            regex: '\\b\\w+ GPUs'
          - id: f.nv
            regex: '\\bH100\\b'
     """, {}, "on H100 GPUs", [("H100 GPUs", "f.any", {})]),
    ("overlaps: a higher priority wins over a longer match", """
        patterns:
          - id: f.any
            regex: '\\b\\w+ GPUs'
          - id: f.nv
            regex: '\\bH100\\b'
            priority: 5
     """, {}, "on H100 GPUs", [("H100", "f.nv", {})]),
    ("the same name is listed once, at its first mention", """
        patterns:
          - id: f.nv
            regex: '\\bH100\\b'
     """, {}, "H100 here, H100 there", [("H100", "f.nv", {})]),
]


@pytest.mark.parametrize("case, body, data, text, expected", FEATURES, ids=[c[0] for c in FEATURES])
def test_rule_file_feature(tmp_path, case, body, data, text, expected):
    write(tmp_path, {"rules/f.yaml": "field: f\n" + textwrap.dedent(body).strip() + "\n", **data})
    nlp = spacy.blank("en")
    nlp.add_pipe("extract_field", config={"field": "f", "rules_dirs": [str(tmp_path / "rules")]})
    doc = nlp(text)
    mentions = [span._.extract for span in doc.spans["f"]]
    assert [(text[m["start"]:m["end"]], m["rule"]) for m in mentions] == [(t, r) for t, r, _ in expected]
    for m, (_, _, keys) in zip(mentions, expected):
        assert {k: m.get(k) for k in keys} == keys
    json.dumps(mentions)


# -- --rules DIR: repeatable; a file for an existing field extends it -----------------------------
def test_rules_dirs_are_repeatable_and_extend_new_and_builtin_fields(tmp_path, hw_dir):
    more = write(tmp_path / "more", {
        "hardware_more.yaml": """\
            field: hardware
            patterns:
              - id: hardware.gaudi
                regex: '\\bGaudi[ -]?\\d\\b'
            """,
        "github_short.yaml": """\
            field: github
            patterns:
              - id: github.shorthand
                regex: '\\bgh:(?P<owner>[\\w-]+)/(?P<repo>[\\w.-]+)'
            """,
    })
    from extract import Extractor

    record = Extractor([str(hw_dir), str(more)]).extract_text(
        "We use 8 H100 and Gaudi 2 chips. Code: gh:acme/fast-attn and https://github.com/a/b.")
    assert [(m.name, m.rule) for m in record.hardware] == [("H100", "hardware.nvidia"), ("Gaudi 2", "hardware.gaudi")]
    assert [(m.url, m.rule) for m in record.github] == [("https://github.com/acme/fast-attn", "github.shorthand"),
                                                         ("https://github.com/a/b", "github.url")]


# -- extract rules check: every problem, one line each ---------------------------------------------
CHECKS = [
    # (case, file body, expected line fragments: "LINE: message (rule id)")
    ("a regex that does not compile", HARDWARE.replace("V100)", "V100"),
     ["hardware.yaml:5: regex: missing ) at position 21 (rule hardware.nvidia)"]),
    ("an unknown key, with a suggestion", HARDWARE.replace("    regex:", "    regx:"),
     ["hardware.yaml:5: patterns[0].regx: unknown key `regx`; did you mean `regex`?"]),
    ("an unknown top-level key", "field: f\nbogus: 1\n", ["hw.yaml:2: bogus: unknown key `bogus` (allowed: field,"]),
    ("an example with a misspelt key", "field: f\nexamples:\n  - text: a\n    expected: []\n",
     ["hw.yaml:3: examples[0].expect: missing required key `expect`",
      "hw.yaml:4: examples[0].expected: unknown key `expected`; did you mean `expect`?"]),
    ("a pattern with two kinds", "field: f\npatterns:\n  - id: f.a\n    regex: a\n    phrases: [a]\n",
     ["hw.yaml:3: patterns[0]: a pattern needs exactly one of regex, phrases, phrases_file, tokens "
      "(has ['regex', 'phrases']) (rule f.a)"]),
    ("an unknown flag", "field: f\npatterns:\n  - id: f.a\n    regex: a\n    flags: [IGNORCASE]\n",
     ["hw.yaml:5: patterns[0].flags[0]: Input should be 'IGNORECASE'"]),
    ("an invalid token pattern", "field: f\npatterns:\n  - id: f.t\n    tokens:\n      - [{LOWR: tpu}]\n",
     ["hw.yaml:5: tokens[0][0].LOWR: unknown token attribute (rule f.t)"]),
    ("an unknown fragment", "field: f\npatterns:\n  - id: f.a\n    regex: '(?&nope)x'\n",
     ["hw.yaml:4: regex: unknown fragment (?&nope); define it under `fragments:` (rule f.a)"]),
    ("a fragment that does not compile", "field: f\nfragments:\n  bad: '[a-'\npatterns:\n  - id: f.a\n    regex: x\n",
     ["hw.yaml:3: fragments.bad: unterminated character set"]),
    ("a missing phrase file", "field: f\npatterns:\n  - id: f.a\n    phrases_file: data/nope.txt\n",
     ["hw.yaml:4: phrases_file: word list data/nope.txt not found (looked in"]),
    ("a fragment from a missing word list", "field: f\nfragments:\n  w: {file: nope.tsv}\n",
     ["hw.yaml:3: fragments.w: word list nope.tsv not found"]),
    ("a duplicate rule id", "field: f\npatterns:\n  - id: f.a\n    regex: a\n  - id: f.a\n    regex: b\n",
     ["hw.yaml:5: patterns[1].id: duplicate rule id 'f.a' (rule f.a)"]),
    ("a duplicate YAML key", "field: f\npatterns:\n  - id: f.a\n    regex: a\n    regex: b\n",
     ["hw.yaml:5: patterns[0].regex: duplicate key `regex` (the later value would win) (rule f.a)"]),
    ("a field named like a record key", "field: text\n",
     ["hw.yaml:1: field: `text` is a record key, not a field name"]),
    ("an unknown post-processor", "field: f\npostprocess: nope\n",
     ["hw.yaml:2: postprocess: no post-processor nope"]),
    ("not YAML", "field: f\npatterns: [\n", ["hw.yaml:3: not valid YAML"]),
    ("a speed hint is not a key of the format", "field: f\npatterns:\n  - id: f.a\n    regex: a\n    needs: [a]\n",
     ["hw.yaml:5: patterns[0].needs: unknown key `needs` (allowed: id, regex, phrases, phrases_file, tokens, flags, "
      "ignore_case, priority, label, set, before, before_window, after) (rule f.a)"]),
    ("requires a label no rule has (a param is not run over the text)",
     "field: f\nrequires: [value]\npatterns:\n  - id: f.a\n    regex: a\nparams:\n  v:\n    label: value\n    regex: '\\d'\n",
     ["hw.yaml:2: requires: no rule of field f that scans the text has label 'value'"]),
    ("a param its post-processor does not use, and one it needs",
     "field: models\npostprocess: models\nparams:\n  extention:\n    regex: x\n",
     ["hw.yaml:2: postprocess: models needs params extension", "hw.yaml:5: params.extention: post-processor models "
      "does not use it (it uses: extension)"]),
    ("a param that does not compile", "field: f\nparams:\n  a:\n    regex: '('\n",
     ["hw.yaml:4: params.a.regex: missing )"]),
    ("many problems at once", "field: f\npatterns:\n  - id: f.a\n    regex: '('\n  - id: f.b\n    regx: b\n"
     "  - id: f.c\n    tokens: [[{LOWR: c}]]\n",
     ["hw.yaml:4: regex: missing )", "hw.yaml:6: patterns[1].regx: unknown key", "hw.yaml:8: tokens[0][0].LOWR"]),
]


@pytest.fixture
def only_these_rules(tmp_path, monkeypatch):
    """Check only the test's own files: the built-in rules folder is swapped for an empty one."""
    empty = tmp_path / "builtin"
    empty.mkdir()
    monkeypatch.setattr("extract.engine.ruleset.rules_dir", lambda: empty)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "mine"


@pytest.mark.parametrize("case, body, expected", CHECKS, ids=[c[0] for c in CHECKS])
def test_rules_check_reports_every_problem_as_one_line(only_these_rules, capsys, case, body, expected):
    name = "hardware.yaml" if body.startswith("field: hardware") else "hw.yaml"
    write(only_these_rules, {name: body})
    assert main(["rules", "check", "--rules", str(only_these_rules)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(expected), lines
    for line, want in zip(lines, expected):
        assert line.startswith(f"mine/{want}"), line


def test_rule_ids_must_be_unique_across_files_of_a_field(only_these_rules, capsys):
    write(only_these_rules, {"a.yaml": "field: f\npatterns:\n  - id: f.x\n    regex: a\n",
                             "b.yaml": "field: f\npatterns:\n  - id: f.x\n    regex: b\n"})
    assert main(["rules", "check", "--rules", str(only_these_rules)]) == 1
    assert capsys.readouterr().out.startswith("mine/b.yaml:3: rule id f.x is already used in ")


def test_rules_check_reports_missing_and_empty_folders(only_these_rules, capsys):
    only_these_rules.mkdir()
    assert main(["rules", "check", "--rules", "mine", "--rules", "nope"]) == 1
    assert capsys.readouterr().out.splitlines() == ["mine:0: no rule files (*.yaml, *.yml) in this folder",
                                                    "nope:0: rules directory not found"]


def test_the_loader_refuses_what_check_reports(tmp_path):
    from extract import Extractor
    from extract.engine.rulefile import RuleFileError

    write(tmp_path, {"hardware.yaml": HARDWARE.replace("V100)", "V100")})
    with pytest.raises(RuleFileError, match=r"hardware\.yaml:5: regex: missing \)"):
        Extractor([str(tmp_path)])


def test_the_loader_names_a_broken_fragment_that_a_rule_uses(tmp_path):
    """The loader compiles fragments through the rules that use them; where one breaks a rule,
    the error still points at the fragment's own line, as `extract rules check` does."""
    from extract import Extractor
    from extract.engine.rulefile import RuleFileError

    write(tmp_path, {"hw.yaml": "field: hw\nfragments:\n  ok: 'GPU'\n  bad: '[a-'\npatterns:\n"
                                "  - id: hw.a\n    regex: '(?&ok)s?'\n  - id: hw.b\n    regex: '(?&bad)x'\n"})
    with pytest.raises(RuleFileError, match=r"hw\.yaml:4: fragments\.bad: unterminated character set"):
        Extractor([str(tmp_path)])


# -- the rules commands on the file ------------------------------------------------------
def test_rules_check_and_test_pass_on_a_good_file(hw_dir, capsys):
    assert main(["rules", "check", "--rules", str(hw_dir)]) == 0
    assert capsys.readouterr().err.strip().endswith(": OK")
    assert main(["rules", "test", "--rules", str(hw_dir), "--field", "hardware"]) == 0
    assert "2 examples, 0 failed" in capsys.readouterr().err


def test_rules_test_fails_on_a_wrong_expectation(tmp_path, capsys, monkeypatch):
    write(tmp_path, {"hardware.yaml": HARDWARE.replace('["A100", "TPU v4"]', '["A100", "TPU v5e"]')})
    monkeypatch.chdir(tmp_path)
    assert main(["rules", "test", "--rules", str(tmp_path), "--field", "hardware"]) == 1
    out = capsys.readouterr()
    assert out.out.splitlines() == [
        "hardware.yaml:9: hardware example failed",
        "  text:     'We train on 64 A100 GPUs and a TPU v4 pod.'",
        "  expected: ['A100', 'TPU v5e']",
        "  found:    ['A100', 'TPU v4']",
    ]
    assert "2 examples, 1 failed" in out.err


def test_rules_test_compares_mapping_expectations_key_by_key(tmp_path, capsys):
    write(tmp_path, {"gpus.yaml": """\
        field: gpus
        patterns:
          - id: gpus.count
            regex: '(?P<count>\\d+)\\s+(?P<name>H100)'
        examples:
          - text: "on 8 H100 GPUs"
            expect: [{name: H100, count: "8"}]
          - text: "on 4 H100 GPUs"
            expect: [{name: H100, count: "8"}]
        """})
    assert main(["rules", "test", "--rules", str(tmp_path), "--field", "gpus"]) == 1
    out = capsys.readouterr().out
    assert "gpus.yaml:8: gpus example failed" in out
    assert "found:    [{'count': '4', 'name': 'H100'}]" in out
    assert "gpus.yaml:6:" not in out


def test_rules_list_shows_fields_rule_ids_and_files(hw_dir, capsys, monkeypatch):
    monkeypatch.chdir(hw_dir)
    assert main(["rules", "list", "--rules", "."]) == 0
    out = capsys.readouterr().out.splitlines()
    at = out.index("hardware: Accelerators named in the abstract")
    assert out[at + 1].split() == ["hardware.nvidia", "regex", "hardware.yaml:4"]
    assert out[at + 2].split() == ["hardware.tpu", "phrases", "hardware.yaml:6"]
    assert any(line.split()[:2] == ["github.url", "regex"] for line in out)


# -- eval scores a new field when the gold has it ------------------------------------------------
def test_eval_scores_a_new_field_from_gold(hw_dir, tmp_path, capsys):
    gold = tmp_path / "gold.jsonl"
    rows = [
        {"id": "g1", "text": SENTENCE, "hardware": [{"name": "H100"}, {"name": "TPU v5e"}]},
        {"id": "g2", "text": "Runs on one V100 or a Gaudi 2 card.", "hardware": [{"name": "V100"}, {"name": "Gaudi 2"}]},
        {"id": "g3", "text": "We fine-tune on an A100.", "hardware": [{"name": "A100-80GB", "alt": ["A100"]}]},
    ]
    gold.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert main(["eval", "--gold", str(gold), "--rules", str(hw_dir), "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)
    assert scores["hardware"] == {"precision": 1.0, "recall": 0.8, "f1": 0.8889, "tp": 4, "fp": 0, "fn": 1}


# -- a runaway regex is reported, not a hang -----------------------------------------------------
def test_a_catastrophic_regex_times_out_with_rule_and_document_on_one_stderr_line(tmp_path):
    write(tmp_path / "rules", {"slow.yaml": "field: slow\npatterns:\n  - id: slow.catastrophic\n    regex: '(a+)+$'\n"})
    inputs = tmp_path / "in.jsonl"
    inputs.write_text(json.dumps({"id": "long-doc", "text": "a" * 5000 + "b"}) + "\n"
                      + json.dumps({"id": "ok", "text": "Code: https://github.com/a/b"}) + "\n")
    out = tmp_path / "out.jsonl"
    proc = subprocess.run([sys.executable, "-m", "extract", "run", str(inputs), "-o", str(out),
                           "--rules", str(tmp_path / "rules")], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "EXTRACT_REGEX_TIMEOUT": "0.05"})
    assert proc.returncode == 0, proc.stderr
    timeouts = [l for l in proc.stderr.splitlines() if "timed out" in l]
    assert timeouts == [f"{inputs}:1: rule slow.catastrophic timed out on document long-doc; its matches were skipped"]
    records = [json.loads(l) for l in out.read_text().splitlines()]
    assert [r["id"] for r in records] == ["long-doc", "ok"]
    assert records[0]["slow"] == [] and records[1]["github"][0]["url"] == "https://github.com/a/b"


def test_user_rules_always_have_a_timeout_and_built_in_rules_only_when_asked(tmp_path, monkeypatch):
    write(tmp_path / "rules", {"slow.yaml": "field: slow\npatterns:\n  - id: slow.a\n    regex: '(a+)+$'\n"})
    monkeypatch.delenv("EXTRACT_REGEX_TIMEOUT", raising=False)

    def timeouts():
        nlp = build_pipeline([str(tmp_path / "rules")])
        rules = {rid: cr for _, c in nlp.pipeline for rid, cr in c.matcher.rules.regex.items()}
        return rules["slow.a"].timeout, rules["metrics.number"].timeout

    assert timeouts() == (2.0, None)
    monkeypatch.setenv("EXTRACT_REGEX_TIMEOUT", "0.5")
    assert timeouts() == (0.5, 0.5)
