"""Pydantic models for output records: the keys of FIELDS.md, plus the rule id on every mention.

One type per field, so a record either validates or names the key that is wrong.
Records allow extra keys because fields added by rule files become extra lists.
"""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

BUILTIN_FIELDS = ("methods", "models", "datasets", "metrics", "speedups", "github")


class Mention(BaseModel):
    """A span of the raw abstract: `text == record.text[start:end]`."""

    model_config = ConfigDict(extra="forbid")

    text: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    rule: str = Field(description="id of the rule that produced this mention")


class Method(Mention):
    name: str
    long_form: Optional[str] = None
    role: Literal["proposed", "other"]


class Model(Mention):
    name: str
    family: Optional[str] = None
    size: Optional[str] = None


class Dataset(Mention):
    name: str
    role: Literal["proposed", "used"]


class _Context(Mention):
    qualifier: Optional[str] = None
    dataset: Optional[str] = None
    model: Optional[str] = None
    baseline: Optional[str] = None


class Metric(_Context):
    metric: Optional[str] = None
    value: float
    value_high: Optional[float] = None
    unit: Optional[str] = None
    kind: Literal["absolute", "increase", "decrease"] = "absolute"


class Speedup(_Context):
    factor: Optional[float] = None
    percent: Optional[float] = None
    value_high: Optional[float] = None  # the high end of a range ("4.45-5.64x")
    unit: Optional[str] = None
    aspect: Optional[str] = None


class GitHub(Mention):
    url: str
    owner: str
    repo: str


class FieldMention(Mention):
    """A mention of a field defined by a rule file; named regex groups add keys."""

    model_config = ConfigDict(extra="allow")

    name: str


class Record(BaseModel):
    """One abstract's extraction result. Extra keys hold rule-file fields."""

    model_config = ConfigDict(extra="allow")

    id: str
    source: str
    collection: Optional[str] = None
    title: Optional[str] = None
    text: str
    methods: list[Method] = []
    models: list[Model] = []
    datasets: list[Dataset] = []
    metrics: list[Metric] = []
    speedups: list[Speedup] = []
    github: list[GitHub] = []


MENTION_TYPES: dict[str, type[Mention]] = {
    "methods": Method,
    "models": Model,
    "datasets": Dataset,
    "metrics": Metric,
    "speedups": Speedup,
    "github": GitHub,
}


def mention_type(field: str) -> type[Mention]:
    """The mention model for a field; rule-file fields share FieldMention."""
    return MENTION_TYPES.get(field, FieldMention)


def check_offsets(record: Record) -> list[str]:
    """Problems with a record's spans (empty when every offset is exact)."""
    problems = []
    for field, items in record_fields(record).items():
        for m in items:
            surface = record.text[m["start"] : m["end"]]
            if surface != m["text"]:
                problems.append(f"{record.id}: {field} {m['text']!r} != text[{m['start']}:{m['end']}] {surface!r}")
    return problems


def record_fields(record: Record) -> dict[str, list[dict]]:
    """Every mention list of a record as plain dicts, built-in and rule-file fields alike."""
    data = record.model_dump()
    return {k: v for k, v in data.items() if isinstance(v, list)}
