"""`to_dataframe`: records as a pandas DataFrame (an optional extra) in the wide or long
layout of the table exports, with the same typed columns as Parquet."""
from __future__ import annotations

from typing import Iterable

from extract.extras import need
from extract.outputs.export import Layout, table_fields
from extract.outputs.typed import typed_columns


def to_dataframe(records: Iterable, layout: str = "wide", fields: Iterable[str] | None = None):
    """A DataFrame of `records` (`Record`s or their dicts, as read from JSONL): one row per
    abstract (`wide`) or per mention (`long`). Columns for fields added by rule files come
    from the records (or name them in `fields`)."""
    pd = need("pandas", "pandas", "to_dataframe")
    dicts = [r.model_dump() if hasattr(r, "model_dump") else r for r in records]
    if fields is None:
        extra = dict.fromkeys(k for r in dicts for k, v in r.items() if isinstance(v, list))
        fields = table_fields(extra)
    plan = Layout(layout, fields)
    columns = typed_columns(plan, (row for r in dicts for row in plan.rows(r)))
    # Text columns: pandas 3's string type (what it reads Parquet strings as); pandas 2 keeps objects.
    text = "str" if int(pd.__version__.split(".")[0]) >= 3 else None
    dtypes = {"int": "int64", "float": "float64"}
    return pd.DataFrame({name: pd.Series(values, dtype=dtypes.get(plan.types.get(name), text))
                         for name, values in columns.items()})
