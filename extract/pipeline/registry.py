"""The built-in fields, in one place: each one's name, the record type of its mentions, and
the fields whose mentions it reads. Everything else is derived from this list: the spaCy
factories (`extract_<name>`, extract/pipeline/components.py; the `spacy_factories` entry
points in pyproject.toml must name the same, tests/test_spacy_components.py checks), the
record type (extract/pipeline/records.py), the order the components run in, and the keys of
a table export. A field defined only by rule files runs after them all, with the generic
record type.
"""
from __future__ import annotations

from dataclasses import dataclass

from extract.pipeline.mentions import Dataset, GitHub, Mention, Method, Metric, Model, Speedup


@dataclass(frozen=True)
class FieldSpec:
    name: str
    mention: type[Mention] | None  # None: shared context for other fields, not written to records
    reads: tuple[str, ...] = ()  # fields whose mentions its post-processor reads (they run first)

    @property
    def factory(self) -> str:
        return f"extract_{self.name}"


# Record order: the keys of every record, in this order.
FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("acronyms", None),  # acronym definitions, shared by the name fields
    FieldSpec("methods", Method, reads=("models", "datasets", "acronyms")),
    FieldSpec("models", Model),
    FieldSpec("datasets", Dataset, reads=("acronyms", "models")),
    FieldSpec("metrics", Metric, reads=("speedups", "datasets", "models", "methods")),
    FieldSpec("speedups", Speedup, reads=("datasets", "models", "methods")),
    FieldSpec("github", GitHub),
)
BY_NAME = {f.name: f for f in FIELDS}
OUTPUT_FIELDS = tuple(f.name for f in FIELDS if f.mention is not None)


def run_order(names) -> list[str]:
    """`names` (fields with rules) in an order where every field runs after those it reads:
    built-ins first (each as early as its inputs allow, ties in registry order), then the
    others in the order given."""
    names = list(dict.fromkeys(names))
    builtin = [f.name for f in FIELDS if f.name in names]
    order: list[str] = []
    while len(order) < len(builtin):
        ready = [n for n in builtin if n not in order and all(r in order or r not in builtin for r in BY_NAME[n].reads)]
        if not ready:
            raise ValueError(f"the fields' reads form a cycle: {[n for n in builtin if n not in order]}")
        order.append(ready[0])
    return order + [n for n in names if n not in BY_NAME]


def is_output(name: str) -> bool:
    spec = BY_NAME.get(name)
    return spec is None or spec.mention is not None
