"""Find and load every rule file: the built-in `rules/` plus any `--rules DIR`.

A file for a field that already exists extends it; a file for a new field adds one.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Callable

from extract.resources import rules_dir
from extract.engine.rulefile import LoadedRuleFile, RuleFileError, check_rule_file, load_rule_file

# Files with `field: common` hold only named fragments that every field may use.
COMMON = "common"


@dataclass(frozen=True)
class RuleSet:
    files: tuple[LoadedRuleFile, ...]

    def fields(self) -> list[str]:
        """Every field with rules, in the order of the rule files (the pipeline orders them:
        extract/pipeline/registry.py)."""
        return [n for n in dict.fromkeys(f.spec.field for f in self.files) if n != COMMON]

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
    warnings: tuple[RuleFileError, ...] = ()  # what may be slow: reported, not a failure


def check_ruleset(extra_dirs: tuple[str, ...] | list[str] = (),
                  postprocessor: Callable[[str], object] | None = None) -> CheckReport:
    """Load and compile every rule file as a run would (schema, regexes, fragments, token
    patterns, word lists and, given `postprocessor` (name -> function, raising ImportError or
    AttributeError for an unknown one), post-processors), collecting every problem instead of
    the first."""
    from extract.engine.tokenizer import blank_english

    from extract.engine.matching import FieldMatcher
    from extract.engine.rulewarnings import slow_regex_warnings

    problems: list[RuleFileError] = []
    warnings: list[RuleFileError] = []
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
    nlp = blank_english()
    for field in ruleset.fields() or [COMMON]:
        matcher_files = ruleset.matcher_files(field) if field != COMMON else ruleset.files_for(COMMON)
        matcher = FieldMatcher(field, matcher_files, nlp.vocab, nlp.make_doc, problems=problems)
        warnings.extend(slow_regex_warnings(matcher_files, matcher.rules.fragments, builtin))
        if postprocessor is not None:
            problems.extend(_postprocess_problems(ruleset.files_for(field), postprocessor))
    unique = {p.display(): p for p in problems}
    ordered = sorted(unique.values(), key=lambda p: (p.path, p.line))
    warned = sorted({w.display(): w for w in warnings}.values(), key=lambda w: (w.path, w.line))
    return CheckReport(ruleset, tuple(ordered), tuple(warned))


def _postprocess_problems(files: list[LoadedRuleFile], postprocessor) -> list[RuleFileError]:
    """The named post-processor exists, one per field, and the field's `params:` are the ones
    its module declares (`PARAMS`)."""
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
            function = postprocessor(name)
        except (ImportError, AttributeError) as exc:
            out.append(RuleFileError(f.path, line, f"postprocess: no post-processor {name} ({exc})"))
            continue
        out.extend(_params_problems(files, f, name, function))
    return out


def _params_problems(files: list[LoadedRuleFile], named_in: LoadedRuleFile, name: str,
                     function) -> list[RuleFileError]:
    declared = getattr(sys.modules.get(getattr(function, "__module__", ""), None), "PARAMS", None)
    given = {p: f for f in files for p in f.spec.params}
    if declared is None:
        declared = ()
    out = [RuleFileError(f.path, f.line_of("params", p), f"params.{p}: post-processor {name} does not use it "
                         f"(it uses: {', '.join(declared) or 'none'})") for p, f in given.items() if p not in declared]
    missing = [p for p in declared if p not in given]
    if missing:
        out.append(RuleFileError(named_in.path, named_in.line_of("postprocess"),
                                 f"postprocess: {name} needs params {', '.join(missing)}; add them under `params:`"))
    return out


def all_rule_paths(extra_dirs: tuple[str, ...] = ()) -> list[Path]:
    paths = []
    for directory in (rules_dir(), *map(Path, extra_dirs)):
        if directory.is_dir():
            paths.extend(rule_files_in(Path(directory)))
    return paths
