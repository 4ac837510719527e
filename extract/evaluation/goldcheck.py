"""Check one gold row before it is scored, so a mistake in a hand-written gold file is one
line naming the key (`gold.jsonl:3: methods[0]: expected an object ..., got a string`),
not a traceback from deep inside the scorer.

The schema is closed, as rule files are: a misspelt key (`nmae`, `methds`) would otherwise
be scored as nothing at all, which looks like a recall problem rather than a typo.
"""
from __future__ import annotations

from typing import Iterable

from extract.pipeline.records import BUILTIN_FIELDS, Mention
from extract.pipeline.registry import BY_NAME

ROW_KEYS = {"id", "text", "abstract", "title", "source", "collection", "error"}
# Keys only gold items have (FIELDS.md, "Gold files"), besides the record's own.
GOLD_ONLY = {"alt": list, "optional": bool, "alt_long_form": list, "alt_values": list, "alt_metric": list}
_GOLD_ONLY_IN = {"methods": {"alt_long_form"}, "metrics": {"alt_values", "alt_metric"}, "speedups": {"alt_values"}}
REQUIRED = {"github": ("url",), "methods": ("name", "role"), "models": ("name",), "datasets": ("name", "role"),
            "metrics": ("value",), "speedups": ()}
_NUMBER_KEYS = {"value", "value_high", "factor", "percent"}
_SPAN_KEYS = set(Mention.model_fields)  # text, start, end, rule: allowed, not needed


class GoldError(ValueError):
    """A gold row that cannot be scored; the message names the key (prefix it with PATH:LINE)."""


def check_gold_row(row: dict, extra_fields: Iterable[str] = ()) -> None:
    """Raise GoldError for the first thing in `row` the scorer cannot read as FIELDS.md says."""
    if not isinstance(row.get("id"), str):
        raise GoldError("`id` must be a string")
    extra = set(extra_fields)
    for key, value in row.items():
        if key in ROW_KEYS:
            continue
        if key not in BUILTIN_FIELDS and key not in extra:
            known = ", ".join(sorted(set(BUILTIN_FIELDS) | extra))
            raise GoldError(f"unknown key {key!r} (fields: {known}; a rule-file field needs its --rules)")
        if not isinstance(value, list):
            raise GoldError(f"{key}: expected a list of mentions, got {_kind(value)}")
        for i, item in enumerate(value):
            _check_item(key, i, item)


def _check_item(field: str, i: int, item) -> None:
    where = f"{field}[{i}]"
    if not isinstance(item, dict):
        raise GoldError(f"{where}: expected an object with a name, got {_kind(item)}")
    spec = BY_NAME.get(field)
    model = spec.mention if spec is not None else None
    if model is None:  # a rule-file field: a name, any other keys
        if not isinstance(item.get("name"), str):
            raise GoldError(f"{where}: `name` must be a string")
        return
    known = set(model.model_fields) | {"alt", "optional"} | _GOLD_ONLY_IN.get(field, set())
    for key, value in item.items():
        if key not in known:
            raise GoldError(f"{where}: unknown key {key!r} (known: {', '.join(sorted(known - _SPAN_KEYS))})")
        if key in GOLD_ONLY and not isinstance(value, GOLD_ONLY[key]):
            raise GoldError(f"{where}.{key}: expected {GOLD_ONLY[key].__name__}, got {_kind(value)}")
        if key in ("alt", "alt_long_form", "alt_metric") and not all(isinstance(v, str) for v in value):
            raise GoldError(f"{where}.{key}: expected a list of strings")
        if key in _NUMBER_KEYS and value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise GoldError(f"{where}.{key}: expected a number, got {_kind(value)}")
    for key in REQUIRED[field]:
        if key not in item:
            raise GoldError(f"{where}: missing {key!r}")
    for key in ("name", "url", "role", "long_form", "metric", "dataset", "aspect"):
        if item.get(key) is not None and not isinstance(item[key], str):
            raise GoldError(f"{where}.{key}: expected a string, got {_kind(item[key])}")
    role = model.model_fields.get("role")
    if role is not None and item["role"] not in role.annotation.__args__:
        raise GoldError(f"{where}.role: {item['role']!r} is not one of {', '.join(role.annotation.__args__)}")
    if field == "speedups" and item.get("factor") is None and item.get("percent") is None:
        raise GoldError(f"{where}: needs a `factor` or a `percent`")


def _kind(value) -> str:
    if isinstance(value, str):
        return f"a string {value[:40]!r}"
    return {dict: "an object", list: "a list", bool: "true/false", type(None): "null"}.get(type(value), type(value).__name__)
