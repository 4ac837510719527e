"""Parquet (an optional extra: pyarrow): the abstract, id and title columns found by name
as for CSV (or given), read a batch at a time so memory stays flat; a bad row is reported
as `FILE:ROW` (rows counted from 1)."""
from __future__ import annotations

from typing import Iterator

from extract.extras import need
from extract.inputs.base import Abstract, InputProblem, Item, id_or_none, text_or_none
from extract.inputs.options import ID_NAMES, TEXT_NAMES, TITLE_NAMES, InputOptions, pick

BATCH_ROWS = 4096


def read_parquet(path: str, source: str, stem: str, options: InputOptions = InputOptions()) -> Iterator[Item]:
    need("pyarrow", "parquet", "reading Parquet")
    import pyarrow
    import pyarrow.parquet as pq

    try:
        file = pq.ParquetFile(path)
    except (pyarrow.ArrowException, OSError) as exc:
        yield InputProblem(source, 0, f"not a readable Parquet file ({_first_line(exc)})")
        return
    names = file.schema_arrow.names
    chosen = {}
    for key, given, candidates in (("text", options.text_column, TEXT_NAMES), ("id", options.id_column, ID_NAMES),
                                   ("title", options.title_column, TITLE_NAMES)):
        chosen[key] = pick(names, given, candidates)
        if chosen[key] is None and given is not None:
            yield InputProblem(source, 0, f"no column {given!r} (the file has: {', '.join(map(repr, names[:8]))})")
            return
    if chosen["text"] is None:
        yield InputProblem(source, 0, f"no abstract column (the file has: {', '.join(map(repr, names[:8]))}); "
                                      "name it with --text-column")
        return
    columns = list(dict.fromkeys(c for c in chosen.values() if c is not None))
    row = 0
    try:
        for batch in file.iter_batches(batch_size=BATCH_ROWS, columns=columns):
            data = batch.to_pydict()
            for i in range(batch.num_rows):
                row += 1
                text = data[chosen["text"]][i]
                if not isinstance(text, str) or not text.strip():
                    yield InputProblem(source, row, f"{chosen['text']!r} is empty or not text; row skipped")
                    continue
                rid = id_or_none(data[chosen["id"]][i]) if chosen["id"] else None
                title = text_or_none(data[chosen["title"]][i]) if chosen["title"] else None
                yield Abstract(id=rid or f"{stem}#{row - 1}", source=source, text=text, title=title, line=row)
    except (pyarrow.ArrowException, OSError) as exc:
        yield InputProblem(source, row + 1, f"cannot read the rows from here on ({_first_line(exc)})")


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
