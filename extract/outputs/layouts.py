"""The two shapes of a table of records: `wide`, one row per abstract with a cell per field
(its mentions described in a few words) and a count, and `long`, one row per mention with
its attributes in columns. Shared by every table format; the column types (`Layout.types`)
are what Parquet and pandas store."""
from __future__ import annotations

from typing import Iterable

from extract.pipeline.records import BUILTIN_FIELDS

LAYOUTS = ("wide", "long")
RECORD_COLUMNS = ("id", "source", "collection", "title")
LONG_COLUMNS = ("id", "field", "name", "value", "value_high", "unit", "kind", "role", "qualifier", "dataset",
                "model", "baseline", "long_form", "details", "text", "start", "end", "rule")
JOIN = "; "

# Keys a long row shows in its own column, so `details` lists only the rest.
_NAME_KEY = {"metrics": "metric", "speedups": "aspect", "github": "url"}
_SHOWN = frozenset(LONG_COLUMNS) | {"metric", "aspect", "url", "factor", "percent"}


class ExportError(Exception):
    """The table cannot be written (no openpyxl, an unknown suffix, too many rows)."""


def table_fields(extra: Iterable[str] = ()) -> list[str]:
    """The built-in fields, then fields added by rule files."""
    return list(BUILTIN_FIELDS) + [f for f in extra if f not in BUILTIN_FIELDS]


class Layout:
    """Column names and rows for one layout over a fixed list of fields."""

    def __init__(self, layout: str, fields: Iterable[str]):
        if layout not in LAYOUTS:
            raise ExportError(f"unknown layout {layout!r}; use one of: {', '.join(LAYOUTS)}")
        self.layout = layout
        self.fields = tuple(fields)
        if layout == "wide":
            self.columns = RECORD_COLUMNS + tuple(c for f in self.fields for c in (f, f"{f}_count"))
            self.types = {f"{f}_count": "int" for f in self.fields}
        else:
            self.columns = LONG_COLUMNS
            self.types = {"value": "float", "value_high": "float", "start": "int", "end": "int"}

    def rows(self, record: dict) -> list[list]:
        if self.layout == "wide":
            row = [record.get(k) for k in RECORD_COLUMNS]
            for f in self.fields:
                items = record.get(f) or []
                row += [JOIN.join(describe(f, m) for m in items), len(items)]
            return [row]
        return [_long_row(record.get("id"), f, m) for f in self.fields for m in record.get(f) or []]


def describe(field: str, m: dict) -> str:
    """One mention in a few words, for a wide cell: `76.0% pass rate (FormalMath-Lite)`."""
    if field == "github":
        return m.get("url") or m.get("text", "")
    if field == "metrics":
        return _result_text(_amount(m.get("value"), m.get("value_high"), m.get("unit"), m.get("kind")),
                            m.get("metric"), m)
    if field == "speedups":
        if m.get("factor") is not None:
            amount = _amount(m["factor"], m.get("value_high"), "x", None)
        else:
            amount = _amount(m.get("percent"), m.get("value_high"), m.get("unit") or "%", None)
        return _result_text(amount, m.get("aspect"), m)
    name = str(m.get("name") or m.get("text", ""))
    return f"{name} (proposed)" if m.get("role") == "proposed" else name


def _amount(value, high, unit, kind) -> str:
    if value is None:
        return "?"
    text = f"{value}\u2013{high}" if high is not None else str(value)
    if unit in ("%", "x", "×"):
        text += unit
    elif unit:
        text += f" {unit}"
    return {"increase": "+", "decrease": "-"}.get(kind, "") + text


def _result_text(amount: str, what: str | None, m: dict) -> str:
    text = " ".join(p for p in (m.get("qualifier"), amount, what) if p)
    where = [p for p in (m.get("dataset"), m.get("model")) if p]
    if m.get("baseline"):
        where.append(f"vs {m['baseline']}")
    return f"{text} ({', '.join(where)})" if where else text


def _long_row(rid, field: str, m: dict) -> list:
    row = dict.fromkeys(LONG_COLUMNS)
    row.update({k: v for k, v in m.items() if k in row})
    row["id"], row["field"] = rid, field
    row["name"] = m.get(_NAME_KEY.get(field, "name"), m.get("name"))
    if field == "speedups":
        row["value"] = m["factor"] if m.get("factor") is not None else m.get("percent")
        row["unit"] = m.get("unit") or ("x" if m.get("factor") is not None else "%")
    details = [] if field == "github" else [  # a GitHub url says its owner and repo
        f"{k}={v}" for k, v in m.items() if k not in _SHOWN and v not in (None, "", [], {})]
    row["details"] = JOIN.join(details) or None
    return list(row.values())
