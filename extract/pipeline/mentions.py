"""Pydantic models for the mentions of each field: the keys of FIELDS.md, plus the rule id on
every mention. One type per field, so a record either validates or names the key that is wrong."""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field


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
