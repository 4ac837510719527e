"""Parquet tables (an optional extra: pyarrow), in the wide or long layout with typed
columns. Rows are gathered into row groups of `GROUP_ROWS`, so memory stays flat on any
number of records; the file is complete when closed."""
from __future__ import annotations

from extract.extras import need
from extract.outputs.export import Layout
from extract.outputs.typed import arrow_schema, typed_columns

GROUP_ROWS = 50_000


class ParquetSheet:
    def __init__(self, path: str, layout: Layout):
        need("pyarrow", "parquet", "writing Parquet")
        import pyarrow.parquet as pq

        self._layout = layout
        self._schema = arrow_schema(layout)
        self._writer = pq.ParquetWriter(path, self._schema, compression="zstd")
        self._rows: list[list] = []

    def append(self, row: list) -> None:
        self._rows.append(row)
        if len(self._rows) >= GROUP_ROWS:
            self._write()

    def _write(self) -> None:
        import pyarrow as pa

        if self._rows:
            columns = typed_columns(self._layout, self._rows)
            self._writer.write_table(pa.Table.from_pydict(columns, schema=self._schema))
            self._rows = []

    def flush(self) -> None:
        pass  # row groups are written as they fill; the file is only complete when closed

    def close(self) -> None:
        if self._writer is not None:
            self._write()
            self._writer.close()
            self._writer = None
