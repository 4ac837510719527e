"""Extraction on a Dask cluster (an optional extra: `pip install ".[dask]"`); public as `extract.dask`.

    >>> import dask.bag as db
    >>> from extract.dask import extract_bag
    >>> records = extract_bag(db.from_sequence(abstracts, npartitions=64)).compute()

Each worker process builds one `Extractor` the first time it is asked to extract, and
keeps it for every later partition (building one takes seconds; an abstract takes
milliseconds). A worker with several threads runs them one at a time through its
extractor, so give workers one thread each and start as many worker processes as cores
(`dask worker ADDRESS --nworkers 8 --nthreads 1`).

`extract run INPUT... --scheduler ADDRESS` uses the same workers through
`ClusterChunkExtractor`: reading and writing stay on this machine, chunks of abstracts go
to the cluster, and records come back in input order, the same bytes as a local run
(`process_chunk` is the one code path of both). The cluster itself is Dask's: this
module starts none.
"""
from __future__ import annotations

import json
import os
import threading
from collections import deque
from typing import Iterable, Iterator

from extract.extras import need
from extract.inputs.base import Abstract, id_or_none, text_or_none
from extract.run import ClosedOnExit
from extract.run.parallel import IN_FLIGHT_PER_JOB, WARM_UP, ChunkResult, WorkerError, _as_row, process_chunk

__all__ = ["extract_bag", "extract_partitions", "ClusterChunkExtractor", "ClusterError"]

# Seconds to reach the scheduler, and then to see a first worker.
CONNECT_TIMEOUT = float(os.environ.get("EXTRACT_SCHEDULER_TIMEOUT", "30"))

# -- worker side: one extractor per process ------------------------------------------------
_extractors: dict[tuple[str, ...], object] = {}
_seen: dict[tuple[str, ...], int] = {}
_lock = threading.Lock()
_built = 0


def built_extractors() -> int:
    """How many extractors this process has built (one per rule set, however many partitions)."""
    return _built


def worker_extractor(rules_dirs: tuple[str, ...] = ()):
    """This process's `Extractor` for `rules_dirs`, built on first use."""
    global _built
    rules_dirs = tuple(rules_dirs)
    if rules_dirs not in _extractors:
        from extract.pipeline.extractor import Extractor

        _extractors[rules_dirs] = Extractor(rules_dirs)
        _built += 1
    return _extractors[rules_dirs]


def extract_rows(rows: list[tuple], rules_dirs: tuple[str, ...] = ()) -> ChunkResult:
    """A chunk of abstracts (as `_as_row` tuples) into records, on a worker."""
    with _lock:  # one extractor, one thread at a time (spaCy's vocabulary is not thread-safe)
        extractor = worker_extractor(rules_dirs)
        _seen[rules_dirs] = _seen.get(rules_dirs, 0) + len(rows)
        return process_chunk(extractor, [Abstract(*row) for row in rows], forget=_seen[rules_dirs] > WARM_UP)


# -- collections ---------------------------------------------------------------------------
def extract_bag(bag, rules_dirs: Iterable[str] = (), source: str = "<bag>"):
    """A Dask bag of abstracts (strings, or dicts with `abstract`/`text` and optional `id`
    and `title`, or `Abstract`s) as a bag of records (dicts, as `extract run` writes them).
    Items without an id get `bag#PARTITION.INDEX`."""
    need("dask.bag", "dask", "extract_bag")
    import dask
    import dask.bag as db

    rules = tuple(rules_dirs)
    parts = [dask.delayed(_bag_partition)(part, number, rules, source)
             for number, part in enumerate(bag.to_delayed())]
    return db.from_delayed(parts)


def _bag_partition(items, number: int, rules_dirs: tuple[str, ...], source: str) -> list[dict]:
    rows = []
    for index, item in enumerate(items):
        default = f"bag#{number}.{index}"
        if isinstance(item, Abstract):
            rows.append(_as_row(item))
        elif isinstance(item, dict):
            text = next((item[k] for k in ("abstract", "text") if isinstance(item.get(k), str)), "")
            rows.append((id_or_none(item.get("id")) or default, source, text, text_or_none(item.get("collection")),
                         text_or_none(item.get("title")), 0))
        else:
            rows.append((default, source, str(item), None, None, 0))
    return [json.loads(line) for line in extract_rows(rows, rules_dirs).lines]


def extract_partitions(frame, text_column: str | None = None, id_column: str | None = None,
                       title_column: str | None = None, rules_dirs: Iterable[str] = ()):
    """A Dask DataFrame of abstracts, partition by partition, as a Dask DataFrame with the
    same index and two columns: `id` and `record` (the record as one JSON line, as `extract
    run` writes it). Columns are found by name as for CSV inputs, or given. Ids are the id
    column's, else the index's."""
    need("dask.dataframe", "dask", "extract_partitions")
    import pandas as pd

    from extract.inputs.options import ID_NAMES, TEXT_NAMES, TITLE_NAMES, pick

    names = list(frame.columns)
    text = pick(names, text_column, TEXT_NAMES)
    if text is None:
        raise ValueError(f"no abstract column among {names}; name it with text_column=")
    ident = pick(names, id_column, ID_NAMES)
    title = pick(names, title_column, TITLE_NAMES)
    meta = pd.DataFrame({"id": pd.Series(dtype=object), "record": pd.Series(dtype=object)})
    return frame.map_partitions(_frame_partition, text, ident, title, tuple(rules_dirs), meta=meta)


def _frame_partition(part, text: str, ident: str | None, title: str | None, rules_dirs: tuple[str, ...]):
    import pandas as pd

    rows = []
    for i, (label, row) in enumerate(part.iterrows()):
        body = row[text] if isinstance(row[text], str) else ""
        rid = (id_or_none(row[ident]) if ident else None) or str(label)
        rows.append((rid, "<dataframe>", body, None, text_or_none(row[title]) if title else None, i))
    lines = extract_rows(rows, rules_dirs).lines if rows else []
    return pd.DataFrame({"id": pd.Series([r[0] for r in rows], dtype=object, index=part.index),
                         "record": pd.Series(lines, dtype=object, index=part.index)})


# -- `extract run --scheduler` -------------------------------------------------------------
class ClusterError(WorkerError):
    """The cluster cannot be reached, has no workers, or lost a task."""


class ClusterChunkExtractor(ClosedOnExit):
    """`ChunkExtractor`'s interface over a running `distributed` scheduler: chunks in,
    results out in order, a few chunks per worker thread in flight."""

    def __init__(self, address: str, rules_dirs: Iterable[str] = ()):
        distributed = need("distributed", "dask", "--scheduler")
        self.rules_dirs = tuple(rules_dirs)
        self.address = address
        try:
            self._client = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ClusterError(f"cannot reach the Dask scheduler at {address} ({_short(exc)})") from None
        try:
            self._client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise ClusterError(f"the Dask scheduler at {address} has no workers "
                               f"(waited {CONNECT_TIMEOUT}s)") from exc
        threads = sum(self._client.nthreads().values()) or 1
        self._limit = max(2, threads * IN_FLIGHT_PER_JOB)

    def map(self, chunks: Iterable[list[Abstract]]) -> Iterator[ChunkResult]:
        pending: deque = deque()
        try:
            for chunk in chunks:
                pending.append(self._client.submit(extract_rows, [_as_row(a) for a in chunk], self.rules_dirs,
                                                   pure=False))
                if len(pending) >= self._limit:
                    yield self._result(pending.popleft())
            while pending:
                yield self._result(pending.popleft())
        finally:
            for future in pending:
                future.cancel()

    def _result(self, future) -> ChunkResult:
        try:
            return future.result()
        except (KeyboardInterrupt, GeneratorExit):
            raise
        except Exception as exc:
            raise ClusterError(f"the Dask cluster at {self.address} lost a task ({_short(exc)}); the records "
                               "written so far are complete: finish with --resume") from exc

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None


def _short(exc: Exception) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__
