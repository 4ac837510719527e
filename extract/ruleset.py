"""Find and load every rule file: the built-in `rules/` plus any `--rules DIR`.

A file for a field that already exists extends it; a file for a new field adds one.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .records import BUILTIN_FIELDS
from .resources import rules_dir
from .rulefile import LoadedRuleFile, RuleFileError, load_rule_file

# `acronyms` is not an output field: it finds definitions that the name fields share.
PIPELINE_ORDER = ("acronyms", "github", "models", "datasets", "methods", "speedups", "metrics")


@dataclass(frozen=True)
class RuleSet:
    files: tuple[LoadedRuleFile, ...]

    def fields(self) -> list[str]:
        """Every field with rules, built-ins in pipeline order, then rule-file fields."""
        names = list(dict.fromkeys(f.spec.field for f in self.files))
        builtin = [f for f in PIPELINE_ORDER if f in names]
        return builtin + [f for f in names if f not in PIPELINE_ORDER]

    def output_fields(self) -> list[str]:
        return [f for f in self.fields() if f != "acronyms"]

    def custom_fields(self) -> list[str]:
        return [f for f in self.fields() if f not in PIPELINE_ORDER]

    def files_for(self, field: str) -> list[LoadedRuleFile]:
        return [f for f in self.files if f.spec.field == field]

    def postprocess_for(self, field: str) -> str | None:
        named = [f.spec.postprocess for f in self.files_for(field) if f.spec.postprocess]
        return named[0] if named else None


def rule_files_in(directory: Path) -> list[Path]:
    return sorted(p for p in directory.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


def load_ruleset(extra_dirs: tuple[str, ...] = ()) -> RuleSet:
    """Load built-in and extra rule files; raise the first RuleFileError found."""
    return _load(tuple(str(Path(d).resolve()) for d in extra_dirs))


@cache
def _load(extra_dirs: tuple[str, ...]) -> RuleSet:
    files = []
    for directory in (rules_dir(), *map(Path, extra_dirs)):
        if not directory.is_dir():
            raise RuleFileError(directory, 0, "rules directory not found")
        files.extend(load_rule_file(p) for p in rule_files_in(directory))
    return RuleSet(tuple(files))


def all_rule_paths(extra_dirs: tuple[str, ...] = ()) -> list[Path]:
    paths = []
    for directory in (rules_dir(), *map(Path, extra_dirs)):
        if directory.is_dir():
            paths.extend(rule_files_in(Path(directory)))
    return paths


def builtin_field_names() -> tuple[str, ...]:
    return BUILTIN_FIELDS
