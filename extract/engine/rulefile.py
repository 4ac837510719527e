"""The rule-file format: a closed pydantic schema for YAML files in `rules/`.

A typo in a rule file fails loudly, with the file, the line and the rule id, before any
document is processed. Loaded rule files are frozen.
"""
from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any, Literal, Optional, Union

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from pydantic_core import PydanticCustomError

from extract.engine.safeyaml import parse_rule_yaml

FLAG_NAMES = ("IGNORECASE", "MULTILINE", "DOTALL", "VERBOSE", "ASCII")
# Id of a stand-in for a pattern that failed validation (kept so that indices map to lines).
INVALID_PREFIX = "<invalid "
# A record's own keys: a rule-file field of that name would overwrite them.
RESERVED_FIELDS = ("id", "source", "collection", "title", "text")


def shown_path(path: Path | str, base: Path | None = None) -> str:
    """`path` relative to `base` when it lies under it, else as given: what reports print."""
    if base is not None:
        try:
            return str(Path(path).relative_to(base))
        except ValueError:
            pass
    return str(path)


class RuleFileError(Exception):
    """A problem in a rule file, located to a line: `PATH:LINE: message (rule id)`."""

    def __init__(self, path: Path | str, line: int, message: str, rule_id: str | None = None):
        self.path, self.line, self.message, self.rule_id = str(path), line, message, rule_id
        super().__init__(self.display())

    def display(self, base: Path | None = None) -> str:
        """The one-line report; the path is shown relative to `base` when it lies under it."""
        path = shown_path(self.path, base)
        suffix = f" (rule {self.rule_id})" if self.rule_id else ""
        return f"{path}:{self.line}: {self.message}{suffix}"


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
    before: Optional[str] = Field(None, description="with `regex`, `phrases` or `phrases_file`: a regex that "
                                  "must match the text right before the match (ending where it starts); its "
                                  "named groups join the hit and the hit starts where it starts. Cheap "
                                  "look-behind with captures: find a selective cue, then read the name before it.")
    before_window: int = Field(80, ge=1, le=1000, description="how many characters before the match `before` may span")
    after: Optional[str] = Field(None, description="with `regex`, `phrases` or `phrases_file`: a regex that must "
                                 "match the text right after the match (starting where it ends); its named "
                                 "groups join the hit and the hit ends where it ends. A phrase list finds the "
                                 "cue words in one pass; `after` then reads on from each of them.")

    @model_validator(mode="after")
    def _one_matcher(self):
        kinds = [k for k in ("regex", "phrases", "phrases_file", "tokens") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(f"a pattern needs exactly one of regex, phrases, phrases_file, tokens (has {kinds or 'none'})")
        if self.tokens is not None and (self.before is not None or self.after is not None):
            raise ValueError("`before` and `after` go with regex or phrase patterns, not token patterns")
        return self


class Param(Pattern):
    """A pattern a field's post-processor uses by name, where it needs it (`params:`): the keys
    of a pattern, without an id of its own (its hits carry `FIELD.NAME`)."""

    id: str = ""


class Example(_Closed):
    text: str
    expect: list[Union[str, dict[str, Any]]]


class RuleFile(_Closed):
    field: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    description: str = ""
    postprocess: Optional[str] = None
    requires: Optional[list[str]] = Field(None, description="labels: in a text where no rule of these labels "
                                          "matches, the field finds nothing; its other rules and its "
                                          "post-processor are not run there")
    fragments: dict[str, Union[str, ListFragment]] = {}
    patterns: list[Pattern] = []
    params: dict[str, Param] = Field({}, description="patterns the post-processor declares (its `PARAMS`) and "
                                     "uses by name; not run over the text on their own")
    examples: list[Example] = []

    @field_validator("field")
    @classmethod
    def _not_a_record_key(cls, field: str) -> str:
        if field in RESERVED_FIELDS:
            raise ValueError(f"`{field}` is a record key, not a field name; choose another name")
        return field

    @field_validator("params")
    @classmethod
    def _param_names(cls, params: dict) -> dict:
        for name in params:
            if not name.isidentifier() or not name.islower():
                raise ValueError(f"param name {name!r}: lower case letters, digits and `_`")
        return params

    @field_validator("patterns")
    @classmethod
    def _unique_ids(cls, patterns: list[Pattern]) -> list[Pattern]:
        seen: set[str] = set()
        for i, p in enumerate(patterns):
            if p.id in seen:
                raise PydanticCustomError("duplicate_id", "duplicate rule id '{id}'", {"id": p.id, "index": i})
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
    """Parse and validate one YAML rule file; raise the first problem as a RuleFileError."""
    loaded, problems = check_rule_file(path)
    if problems:
        raise problems[0]
    return loaded


def check_rule_file(path: Path) -> tuple[LoadedRuleFile | None, list[RuleFileError]]:
    """Parse and validate one rule file, collecting every schema problem (not just the first).

    Returns the problems and, when the file is readable, a LoadedRuleFile of its valid parts
    (bad patterns and examples left out, bad fragments matching nothing) so that the rules
    that are fine can still be compiled and checked.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [RuleFileError(path, 0, f"cannot read rule file: {exc}")]
    try:
        node, data = parse_rule_yaml(text)  # refuses aliases, deep nesting, huge files
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        return None, [RuleFileError(path, line, f"not valid YAML: {getattr(exc, 'problem', exc)}")]
    lines = _line_table(node)
    if not isinstance(data, dict):
        return None, [RuleFileError(path, 1, "a rule file is a mapping with `field:` and `patterns:`")]
    problems = [RuleFileError(path, line, f"{_where(loc)}: duplicate key `{loc[-1]}` (the later value would win)",
                              _rule_id_at(data, loc))
                for loc, line in _duplicate_keys(node)]
    spec, valid = None, data
    for _ in range(4):  # errors inside list items hide list-level ones (duplicate ids) until removed
        try:
            spec = RuleFile.model_validate(valid)
            break
        except ValidationError as exc:
            problems.extend(_schema_problems(path, data, lines, exc))
            valid = _salvage(valid, exc, path)
            if valid is None:
                break
    problems.sort(key=lambda p: p.line)
    loaded = LoadedRuleFile(path=path, spec=spec, lines=lines) if spec is not None else None
    return loaded, problems


_UNION_TAGS = ("str", "ListFragment")


def _clean_loc(loc: tuple) -> tuple:
    return tuple(x for x in loc if not (isinstance(x, str) and (x.startswith("function-") or x in _UNION_TAGS)))


def _schema_problems(path: Path, data: dict, lines: dict, exc: ValidationError) -> list[RuleFileError]:
    """One RuleFileError per pydantic error, with the line, the key path and a plain message."""
    out: list[RuleFileError] = []
    seen: set[tuple] = set()
    for err in exc.errors():
        raw_loc, loc = tuple(err["loc"]), _clean_loc(tuple(err["loc"]))
        if loc[:1] == ("fragments",) and len(loc) >= 2:
            value = data["fragments"][loc[1]]
            if isinstance(value, dict) and "ListFragment" not in raw_loc:
                continue  # a mapping fragment: only its ListFragment errors say what is wrong
            if not isinstance(value, (dict, str)):
                loc, err = loc[:2], {"type": "fragment", "msg": "a fragment is a regex string or a mapping "
                                                                 "{file:, column:, aliases:}"}
        if err["type"] == "duplicate_id":
            loc = ("patterns", err["ctx"]["index"], "id")
        message = _message(err, loc)
        line = lines.get(loc) or lines.get(loc[:-1]) or lines.get(loc[:2]) or 1
        key = (line, message)
        if key in seen:
            continue
        seen.add(key)
        where = _where(loc)
        out.append(RuleFileError(path, line, f"{where}: {message}" if where else message, _rule_id_at(data, loc)))
    return out


def _message(err: dict, loc: tuple) -> str:
    kind, msg = err["type"], err["msg"]
    if kind == "extra_forbidden" and loc:
        allowed = _allowed_keys(loc)
        near = difflib.get_close_matches(str(loc[-1]), allowed, n=1)
        hint = f"; did you mean `{near[0]}`?" if near else ""
        return f"unknown key `{loc[-1]}`{hint} (allowed: {', '.join(allowed)})"
    if kind == "missing" and loc:
        return f"missing required key `{loc[-1]}`"
    if kind == "value_error":
        return msg.removeprefix("Value error, ")
    return msg


def _allowed_keys(loc: tuple) -> list[str]:
    parent = loc[:-1]
    if parent == ():
        model = RuleFile
    elif parent[:1] == ("patterns",):
        model = Pattern
    elif parent[:1] == ("examples",):
        model = Example
    elif parent[:1] == ("params",):
        model = Param
    else:
        model = ListFragment
    return list(model.model_fields)


def _where(loc: tuple) -> str:
    return ".".join(str(x) if not isinstance(x, int) else f"[{x}]" for x in loc).replace(".[", "[")


def _salvage(data: dict, exc: ValidationError, path: Path) -> dict | None:
    """The file's data with the parts that failed validation replaced by stand-ins that match
    nothing (so list indices, and the lines they map to, stay right), or None if none can go."""
    data, before = dict(data), data
    for err in exc.errors():
        loc = _clean_loc(tuple(err["loc"]))
        if err["type"] == "duplicate_id":
            loc = ("patterns", err["ctx"]["index"])
        if loc[:1] in (("patterns",), ("examples",)) and len(loc) >= 2 and isinstance(loc[1], int):
            items = list(data[loc[0]])
            items[loc[1]] = ({"id": f"{INVALID_PREFIX}{path}#{loc[1]}>", "regex": "(?!)"} if loc[0] == "patterns"
                             else {"text": "", "expect": []})
            data[loc[0]] = items
        elif loc[:1] == ("fragments",) and len(loc) >= 2 and isinstance(data.get("fragments"), dict):
            data["fragments"] = {**data["fragments"], loc[1]: "(?!)"}
        elif loc[:1] == ("params",) and len(loc) >= 2 and isinstance(data.get("params"), dict):
            data["params"] = {**data["params"], loc[1]: {"regex": "(?!)"}}
        elif len(loc) == 1 and err["type"] == "extra_forbidden":
            data.pop(loc[0], None)
    return data if data != before else None


def _rule_id_at(data: dict, loc: tuple) -> str | None:
    if len(loc) >= 2 and loc[0] == "patterns" and isinstance(loc[1], int):
        try:
            return data["patterns"][loc[1]].get("id")
        except (IndexError, AttributeError, KeyError, TypeError):
            return None
    return None


def _duplicate_keys(node: yaml.Node | None, prefix: tuple = ()):
    """(key path, line) of every key that repeats in its mapping: YAML keeps only the last."""
    if isinstance(node, yaml.MappingNode):
        seen: set = set()
        for key, value in node.value:
            if key.value in seen:
                yield prefix + (key.value,), key.start_mark.line + 1
            seen.add(key.value)
            yield from _duplicate_keys(value, prefix + (key.value,))
    elif isinstance(node, yaml.SequenceNode):
        for i, value in enumerate(node.value):
            yield from _duplicate_keys(value, prefix + (i,))


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
