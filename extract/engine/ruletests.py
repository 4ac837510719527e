"""Run the `examples:` of rule files: each example text goes through the full pipeline and
the field's mentions are compared, in order, with what the example expects.

A string in `expect` is compared with a mention's display key (`name`, else `url`, else
`text`), by the same name key as eval; a mapping is compared key by key.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from extract.text.names import name_key
from extract.engine.rulefile import Example, LoadedRuleFile, shown_path


@dataclass
class ExampleResult:
    path: str
    line: int
    field: str
    text: str
    expected: list
    found: list
    ok: bool
    mentions: list = field(default_factory=list)  # the field's mentions as found, full dicts

    def report(self, base: Path | None = None) -> str:
        """A failure as `PATH:LINE: FIELD example failed` plus text, expected and found."""
        path = shown_path(self.path, base)
        keys = sorted({k for e in self.expected if isinstance(e, dict) for k in e})
        found = [{k: m.get(k) for k in keys} for m in self.mentions] if keys else self.found
        return (f"{path}:{self.line}: {self.field} example failed\n"
                f"  text:     {self.text!r}\n"
                f"  expected: {self.expected}\n"
                f"  found:    {found}")


def display_key(mention: dict) -> str:
    for key in ("name", "url"):
        if mention.get(key):
            return str(mention[key])
    return str(mention.get("text", ""))


def _same(expected, mention: dict) -> bool:
    if isinstance(expected, str):
        return name_key(expected) == name_key(display_key(mention))
    for key, want in expected.items():
        got = mention.get(key)
        if isinstance(want, (int, float)) and isinstance(got, (int, float)) and not isinstance(want, bool):
            if not math.isclose(want, got, rel_tol=1e-6):
                return False
        elif isinstance(want, str) and isinstance(got, str):
            if name_key(want) != name_key(got):
                return False
        elif want != got:
            return False
    return True


def run_examples(extractor, files: list[LoadedRuleFile]) -> list[ExampleResult]:
    results = []
    for f in files:
        for i, ex in enumerate(f.spec.examples):
            results.append(run_example(extractor, f, i, ex))
    return results


def run_example(extractor, f: LoadedRuleFile, index: int, ex: Example) -> ExampleResult:
    record = extractor.extract_text(ex.text, id=f"{f.path.name}#example{index}").model_dump()
    found = record.get(f.spec.field, [])
    ok = len(found) == len(ex.expect) and all(_same(e, m) for e, m in zip(ex.expect, found))
    return ExampleResult(str(f.path), f.line_of("examples", index), f.spec.field, ex.text, list(ex.expect),
                         [display_key(m) for m in found], ok, mentions=found)
