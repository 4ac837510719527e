"""The rule-file format: a closed pydantic schema for YAML files in `rules/`.

A typo in a rule file fails loudly, with the file, the line and the rule id, before any
document is processed. Loaded rule files are frozen.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Optional, Union

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

FLAG_NAMES = ("IGNORECASE", "MULTILINE", "DOTALL", "VERBOSE", "ASCII")


class RuleFileError(Exception):
    """A problem in a rule file, located to a line: `PATH:LINE: message (rule id)`."""

    def __init__(self, path: Path | str, line: int, message: str, rule_id: str | None = None):
        self.path, self.line, self.message, self.rule_id = str(path), line, message, rule_id
        suffix = f" (rule {rule_id})" if rule_id else ""
        super().__init__(f"{self.path}:{line}: {message}{suffix}")


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ListFragment(_Closed):
    """A regex fragment built from a word list: an escaped alternation, longest first."""

    file: str
    column: str = "name"
    aliases: bool = Field(True, description="include the `aliases` column of a TSV list")


class Pattern(_Closed):
    id: str = Field(min_length=1)
    regex: Optional[str] = None
    phrases: Optional[list[str]] = None
    phrases_file: Optional[str] = None
    tokens: Optional[list[list[dict[str, Any]]]] = None
    flags: list[Literal[FLAG_NAMES]] = []  # type: ignore[valid-type]
    ignore_case: bool = False
    priority: int = 0
    label: Optional[str] = None
    set: dict[str, Union[str, int, float, bool, None]] = {}

    @model_validator(mode="after")
    def _one_matcher(self):
        kinds = [k for k in ("regex", "phrases", "phrases_file", "tokens") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(f"a pattern needs exactly one of regex, phrases, phrases_file, tokens (has {kinds or 'none'})")
        return self


class Example(_Closed):
    text: str
    expect: list[Union[str, dict[str, Any]]]


class RuleFile(_Closed):
    field: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    description: str = ""
    postprocess: Optional[str] = None
    fragments: dict[str, Union[str, ListFragment]] = {}
    patterns: list[Pattern] = []
    examples: list[Example] = []

    @field_validator("patterns")
    @classmethod
    def _unique_ids(cls, patterns: list[Pattern]) -> list[Pattern]:
        seen: set[str] = set()
        for p in patterns:
            if p.id in seen:
                raise ValueError(f"duplicate rule id {p.id!r}")
            seen.add(p.id)
        return patterns


class LoadedRuleFile(BaseModel):
    """A validated rule file with where it came from and the line of each key, for errors."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    path: Path
    spec: RuleFile
    lines: dict[tuple, int]

    def line_of(self, *loc) -> int:
        """The line of the deepest key of `loc` that the YAML had (1-based)."""
        loc = tuple(loc)
        while loc and loc not in self.lines:
            loc = loc[:-1]
        return self.lines.get(loc, 1)


def load_rule_file(path: Path) -> LoadedRuleFile:
    """Parse and validate one YAML rule file; raise RuleFileError located to a line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleFileError(path, 0, f"cannot read rule file: {exc}") from exc
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        raise RuleFileError(path, line, f"not valid YAML: {getattr(exc, 'problem', exc)}") from exc
    lines = _line_table(node)
    if not isinstance(data, dict):
        raise RuleFileError(path, 1, "a rule file is a mapping with `field:` and `patterns:`")
    try:
        spec = RuleFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(x for x in err["loc"] if not (isinstance(x, str) and x.startswith("function-after")))
        loc = tuple(x for x in loc if x not in ("str", "ListFragment"))
        rule_id = _rule_id_at(data, loc)
        where = ".".join(str(x) if not isinstance(x, int) else f"[{x}]" for x in loc).replace(".[", "[")
        line = lines.get(loc) or lines.get(loc[:-1]) or lines.get(loc[:2]) or 1
        raise RuleFileError(path, line, f"{where}: {err['msg']}", rule_id) from exc
    return LoadedRuleFile(path=path, spec=spec, lines=lines)


def _rule_id_at(data: dict, loc: tuple) -> str | None:
    if len(loc) >= 2 and loc[0] == "patterns" and isinstance(loc[1], int):
        try:
            return data["patterns"][loc[1]].get("id")
        except (IndexError, AttributeError, KeyError, TypeError):
            return None
    return None


def _line_table(node: yaml.Node | None, prefix: tuple = ()) -> dict[tuple, int]:
    """Map every key path (`("patterns", 0, "regex")`) to the 1-based line of its value."""
    table: dict[tuple, int] = {}
    if node is None:
        return table
    table[prefix] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            path = prefix + (key.value,)
            table.update(_line_table(value, path))
            table[path] = value.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, value in enumerate(node.value):
            table.update(_line_table(value, prefix + (i,)))
    return table
