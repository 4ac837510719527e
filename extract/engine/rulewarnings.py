"""Warnings of `extract rules check` about a user's regexes that can take exponential time:
a repeat inside a repeat with nothing to keep the rounds apart (`(\\w+\\s?)*`). A run stops
such a regex at its timeout and skips its matches in that abstract; the warning says where to
make the inner repeat possessive (`\\w++`) or the group atomic (`(?>...)`). Built-in rules
are not checked (they are run over the 20,000-abstract benchmark)."""
from __future__ import annotations

from pathlib import Path

from extract.engine.compiler import expand_fragments
from extract.engine.regexfacts import nested_quantifier
from extract.engine.rulefile import LoadedRuleFile, RuleFileError

_KEYS = ("regex", "before", "after")


def slow_regex_warnings(files: list[LoadedRuleFile], fragments: dict[str, str], builtin: Path) -> list[RuleFileError]:
    out = []
    for f in files:
        if f.path.resolve().is_relative_to(builtin.resolve()):
            continue
        entries = [(("patterns", i), p) for i, p in enumerate(f.spec.patterns)]
        entries += [(("params", name), p) for name, p in f.spec.params.items()]
        for loc, p in entries:
            for key in _KEYS:
                source = getattr(p, key)
                if source is None:
                    continue
                try:
                    expanded = expand_fragments(source, fragments)
                except ValueError:
                    continue  # reported as a problem already
                if nested_quantifier(expanded, "VERBOSE" in p.flags):
                    out.append(RuleFileError(
                        f.path, f.line_of(*loc, key),
                        f"warning: {key}: a repeat inside a repeat can take exponential time on a text "
                        f"that almost matches; make the inner one possessive (`+` after it) or the group "
                        f"atomic (`(?>...)`)", p.id or None))
    return out
