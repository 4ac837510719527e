"""Table rows with typed columns, for Parquet and pandas: text columns hold strings (or
null), counts and offsets whole numbers, values floats, so `df.value.mean()` works on
the long layout without parsing."""
from __future__ import annotations

from typing import Iterable

import regex

from extract.outputs.export import JOIN, Layout

# A lone surrogate (from a `\ud800` escape in an input) cannot be stored as UTF-8.
_SURROGATE = regex.compile(r"[\ud800-\udfff]")


def typed_columns(layout: Layout, rows: Iterable[list]) -> dict[str, list]:
    """Column name -> values, each cast to the layout's type for it. A value a float column
    cannot hold (a rule-file field's `value` group that is text) moves to `details`, so
    nothing is lost."""
    names = layout.columns
    columns: dict[str, list] = {name: [] for name in names}
    floats = [i for i, n in enumerate(names) if layout.types.get(n) == "float"]
    ints = [i for i, n in enumerate(names) if layout.types.get(n) == "int"]
    details = names.index("details") if "details" in names else None
    for row in rows:
        row = list(row)
        for i in floats:
            value = row[i]
            if value is None or isinstance(value, float):
                continue
            try:
                row[i] = float(value)
                if isinstance(value, bool):
                    raise ValueError
            except (TypeError, ValueError):
                row[i] = None
                if details is not None:
                    moved = f"{names[i]}={value}"
                    row[details] = f"{row[details]}{JOIN}{moved}" if row[details] else moved
        for i in ints:
            if row[i] is not None:
                row[i] = int(row[i])
        for i, name in enumerate(names):
            value = row[i]
            if i not in floats and i not in ints and value is not None:
                if not isinstance(value, str):
                    value = row[i] = str(value)
                if not value.isascii():
                    row[i] = _SURROGATE.sub("\ufffd", value)
            columns[name].append(row[i])
    return columns


def arrow_schema(layout: Layout):
    import pyarrow as pa

    kinds = {"float": pa.float64(), "int": pa.int64()}
    return pa.schema([(name, kinds.get(layout.types.get(name), pa.string())) for name in layout.columns])
