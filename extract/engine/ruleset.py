"""Find and load every rule file: the built-in `rules/` plus any `--rules DIR`.

A file for a field that already exists extends it; a file for a new field adds one.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from extract.resources import rules_dir
from extract.engine.rulefile import LoadedRuleFile, RuleFileError, check_rule_file, load_rule_file

# `acronyms` is not an output field: it finds definitions that the name fields share.
# Files with `field: common` hold only named fragments that every field may use.
COMMON = "common"
PIPELINE_ORDER = ("acronyms", "github", "models", "datasets", "methods", "speedups", "metrics")


@dataclass(frozen=True)
class RuleSet:
    files: tuple[LoadedRuleFile, ...]

    def fields(self) -> list[str]:
        """Every field with rules, built-ins in pipeline order, then rule-file fields."""
        names = [n for n in dict.fromkeys(f.spec.field for f in self.files) if n != COMMON]
        builtin = [f for f in PIPELINE_ORDER if f in names]
        return builtin + [f for f in names if f not in PIPELINE_ORDER]

    def output_fields(self) -> list[str]:
        return [f for f in self.fields() if f != "acronyms"]

    def custom_fields(self) -> list[str]:
        return [f for f in self.fields() if f not in PIPELINE_ORDER]

    def files_for(self, field: str) -> list[LoadedRuleFile]:
        return [f for f in self.files if f.spec.field == field]

    def matcher_files(self, field: str) -> list[LoadedRuleFile]:
        """The files a field's matcher compiles: shared fragments first, then the field's own."""
        return self.files_for(COMMON) + self.files_for(field) if field != COMMON else []

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


@dataclass(frozen=True)
class CheckReport:
    """What `extract rules check` found: the files that parsed, and every problem."""

    ruleset: RuleSet
    problems: tuple[RuleFileError, ...]


def check_ruleset(extra_dirs: tuple[str, ...] | list[str] = ()) -> CheckReport:
    """Load and compile every rule file as a run would (schema, regexes, fragments, token
    patterns, word lists, post-processors), collecting every problem instead of the first."""
    import spacy

    from extract.engine.matching import FieldMatcher

    problems: list[RuleFileError] = []
    files: list[LoadedRuleFile] = []
    builtin = rules_dir()
    for directory in (builtin, *(Path(d).resolve() for d in extra_dirs)):
        if not directory.is_dir():
            problems.append(RuleFileError(directory, 0, "rules directory not found"))
            continue
        paths = rule_files_in(directory)
        if not paths and directory != builtin:
            problems.append(RuleFileError(directory, 0, "no rule files (*.yaml, *.yml) in this folder"))
        for path in paths:
            loaded, found = check_rule_file(path)
            problems.extend(found)
            if loaded is not None:
                files.append(loaded)
    ruleset = RuleSet(tuple(files))
    nlp = spacy.blank("en")
    for field in ruleset.fields() or [COMMON]:
        matcher_files = ruleset.matcher_files(field) if field != COMMON else ruleset.files_for(COMMON)
        FieldMatcher(field, matcher_files, nlp.vocab, nlp.make_doc, problems=problems)
        problems.extend(_postprocess_problems(ruleset.files_for(field)))
    unique = {p.display(): p for p in problems}
    ordered = sorted(unique.values(), key=lambda p: (p.path, p.line))
    return CheckReport(ruleset, tuple(ordered))


def _postprocess_problems(files: list[LoadedRuleFile]) -> list[RuleFileError]:
    from extract.fields import postprocessor

    out, first = [], None
    for f in files:
        name = f.spec.postprocess
        if not name:
            continue
        line = f.line_of("postprocess")
        if first is not None and name != first[0]:
            out.append(RuleFileError(f.path, line, f"postprocess: {name} conflicts with {first[0]} in {first[1]}"))
            continue
        first = first or (name, f.path)
        try:
            postprocessor(name)
        except (ImportError, AttributeError) as exc:
            out.append(RuleFileError(f.path, line, f"postprocess: no post-processor extract.fields.{name} "
                                                   f"with a `postprocess` function ({exc})"))
    return out


def all_rule_paths(extra_dirs: tuple[str, ...] = ()) -> list[Path]:
    paths = []
    for directory in (rules_dir(), *map(Path, extra_dirs)):
        if directory.is_dir():
            paths.extend(rule_files_in(Path(directory)))
    return paths
