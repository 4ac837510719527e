"""Pydantic models for output records: one list per field of the registry (the mention types
are in extract/pipeline/mentions.py), plus the rule id on every mention.

Records allow extra keys because fields added by rule files become extra lists.
"""
from __future__ import annotations

from typing import Optional

from pydantic import BaseModel, ConfigDict, create_model

from extract.pipeline.mentions import (Dataset, FieldMention, GitHub, Mention, Method, Metric, Model,  # noqa: F401
                                       Speedup)
from extract.pipeline.registry import BY_NAME, FIELDS, OUTPUT_FIELDS

BUILTIN_FIELDS = OUTPUT_FIELDS


class _Record(BaseModel):
    """One abstract's extraction result. Extra keys hold rule-file fields."""

    model_config = ConfigDict(extra="allow")

    id: str
    source: str
    collection: Optional[str] = None
    title: Optional[str] = None
    text: str


# A list for every output field of the registry, in its order.
Record = create_model("Record", __base__=_Record, __doc__=_Record.__doc__, __module__=__name__,
                      **{f.name: (list[f.mention], []) for f in FIELDS if f.mention is not None})  # type: ignore


def mention_type(field: str) -> type[Mention]:
    """The mention model for a field; rule-file fields share FieldMention."""
    spec = BY_NAME.get(field)
    return spec.mention if spec is not None and spec.mention is not None else FieldMention


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
