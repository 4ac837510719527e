"""Parse a rule file's YAML with bounded time and memory, whoever wrote it.

A safe loader still expands aliases: nine lines of `&a [*b, *b, ...]` (a "billion laughs")
describe 10^9 strings, and validating or walking them took over 11 GB. Rule files never
need anchors, aliases or deep nesting, so one pass over the parser's events (streamed,
flat memory) refuses them, and files over MAX_BYTES, before anything is built.
"""
from __future__ import annotations

from typing import Any

import yaml

MAX_BYTES = 1_000_000  # the largest built-in rule file is about 15 KB
MAX_DEPTH = 50  # nested mappings and lists; the rule format uses about 6

# libyaml's safe loader when PyYAML has it (about 15x faster), else the pure-Python one.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class UnsafeYaml(yaml.YAMLError):
    """YAML this loader refuses; `problem_mark` gives the line, as PyYAML's own errors do."""

    def __init__(self, problem: str, mark: Any):
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = mark


def parse_rule_yaml(text: str) -> tuple[yaml.Node | None, Any]:
    """The YAML node tree (for line numbers) and the data, from one safe parse; raises a
    yaml.YAMLError (UnsafeYaml for what is refused here) with the line in `problem_mark`."""
    if len(text) > MAX_BYTES:
        raise UnsafeYaml(f"rule file is {len(text):,} characters; the limit is {MAX_BYTES:,}", _Mark(0))
    _check_events(text)
    loader = _SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        return node, (loader.construct_document(node) if node is not None else None)
    finally:
        loader.dispose()


def _check_events(text: str) -> None:
    depth = 0
    for event in yaml.parse(text, Loader=_SAFE_LOADER):
        if isinstance(event, yaml.AliasEvent):
            raise UnsafeYaml(f"YAML alias *{event.anchor} is not allowed in rule files (write the value out)",
                             event.start_mark)
        if getattr(event, "anchor", None) is not None:
            raise UnsafeYaml(f"YAML anchor &{event.anchor} is not allowed in rule files (write the value out)",
                             event.start_mark)
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise UnsafeYaml(f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


class _Mark:
    """A stand-in for a YAML mark where there is none (0-based line)."""

    def __init__(self, line: int):
        self.line = line
