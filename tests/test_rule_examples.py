"""Every `examples:` entry of every built-in rule file, as a test case."""
import pytest

from extract.engine.ruleset import load_ruleset
from extract.engine.ruletests import run_example

CASES = [(f, i, ex) for f in load_ruleset().files for i, ex in enumerate(f.spec.examples)]


@pytest.mark.parametrize("f, index, example", CASES,
                         ids=[f"{f.path.name}:{f.line_of('examples', i)}" for f, i, _ in CASES])
def test_rule_example(extractor, f, index, example):
    result = run_example(extractor, f, index, example)
    assert result.ok, f"{example.text!r}\n expected {result.expected}\n found    {result.found}"
