"""Extract chunks of abstracts in worker processes and hand the results back in input order.

Each worker builds its own `Extractor` once and returns finished records as JSON lines, so
only short strings cross process boundaries (shipping spaCy Docs back, as
`nlp.pipe(n_process=...)` does, costs more than the extraction). At most a few chunks per
worker are in flight, so memory stays flat however long the input is.
"""
from __future__ import annotations

import gc
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import Counter, deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from extract.inputs.readers import Abstract

IN_FLIGHT_PER_JOB = 4  # chunks queued per worker: enough to keep it busy, few enough to stay small
# spaCy keeps every new word of every text in its vocabulary and tokenizer cache, which
# grows without end over millions of abstracts. The first WARM_UP abstracts fill both with
# the common words for good; after that each chunk runs in a memory zone that frees the
# rare words again. (Zones from the very start keep the cache cold: measured 3.6x slower.)
WARM_UP = 5000


_frozen = False  # `freeze_long_lived` has run in this process


def freeze_long_lived() -> None:
    """Take every object alive now out of the garbage collector's generations, once per
    process: the pipeline just built (compiled rules, word lists, the phrase index; ~150,000
    objects) lives as long as the run, and each full collection walked all of it again
    (bench/benchmark.py on the 20,000 corpus abstracts: collections took 3.7% of the full
    pass, 1.5% after the freeze). Before a fork it also keeps those pages shared with the
    workers. Objects frozen are still freed when nothing refers to them; only a reference
    cycle among them is kept for good, which is why a process that builds pipelines again and
    again (a test session) freezes only at its first call."""
    global _frozen
    if not _frozen:
        gc.collect()
        gc.freeze()
        _frozen = True


class WorkerError(Exception):
    """A worker process died (killed, out of memory): the run cannot go on."""


@dataclass
class ChunkResult:
    """What a chunk of abstracts became: one JSON line per abstract, in order."""

    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # `PATH:LINE: message`
    mentions: Counter = field(default_factory=Counter)  # field -> mentions found
    failed: int = 0  # abstracts whose extraction raised (written with an `error` key)


def process_chunk(extractor, chunk: list[Abstract], forget: bool = False) -> ChunkResult:
    """Extract every abstract of `chunk`. The one code path for `--jobs 1` and for workers,
    which is what makes their outputs identical byte for byte. `forget`: free the words
    this chunk added to spaCy's vocabulary afterwards (the output is the same)."""
    zone = getattr(extractor.nlp, "memory_zone", None)  # spaCy >= 3.8
    if forget and zone is not None:
        with zone():
            return _process(extractor, chunk)
    return _process(extractor, chunk)


def _process(extractor, chunk: list[Abstract]) -> ChunkResult:
    result = ChunkResult()
    for abstract, record, problems in extractor.extract_many(chunk):
        if isinstance(record, Exception):  # a bug on one odd abstract must not end a million-row run
            exc = record
            record = _error_record(extractor, abstract, exc)
            result.failed += 1
            result.problems.append(f"{abstract.source}:{abstract.line}: extraction failed "
                                   f"({type(exc).__name__}: {exc}); record written with empty fields")
        for p in problems:
            result.problems.append(f"{abstract.source}:{abstract.line}: {p}")
        result.lines.append(record_line(record))
        for name, value in record:  # fields, then rule-file fields (extra keys)
            if isinstance(value, list):
                result.mentions[name] += len(value)
    return result


def record_line(record) -> str:
    """The record as one compact JSON line (no newline)."""
    try:
        return record.model_dump_json()
    except ValueError:
        # An unpaired surrogate (from a `\\ud800` escape in the input) cannot be UTF-8:
        # escape it instead, which is still valid JSON and reads back to the same text.
        return json.dumps(record.model_dump(mode="python"), ensure_ascii=True, separators=(",", ":"))


def _error_record(extractor, abstract: Abstract, exc: Exception):
    from extract.pipeline.records import Record

    empty = {name: [] for name in extractor.fields}
    return Record(id=abstract.id, source=abstract.source, collection=abstract.collection, title=abstract.title,
                  text=abstract.text, **empty, error=f"{type(exc).__name__}: {exc}")


# -- worker side ---------------------------------------------------------------------------
_worker_extractor = None
_worker_seen = 0


def _init_worker(rules_dirs: tuple[str, ...], parent: int) -> None:
    global _worker_extractor
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # and a polite stop too
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()
    if _worker_extractor is None:  # a forked worker has the parent's, if it built one
        from extract.pipeline.extractor import Extractor

        _worker_extractor = Extractor(rules_dirs)
    freeze_long_lived()


def _exit_with_parent(parent: int) -> None:
    # A parent killed with SIGKILL never says goodbye, and the task queue does not close
    # (forked workers hold its other end): without this, workers would wait forever.
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def _run_chunk(rows: list[tuple]) -> ChunkResult:
    global _worker_seen
    _worker_seen += len(rows)
    return process_chunk(_worker_extractor, [Abstract(*row) for row in rows], forget=_worker_seen > WARM_UP)


def _as_row(a: Abstract) -> tuple:
    # Plain tuples pickle fast and the same way on every Python version.
    return (a.id, a.source, a.text, a.collection, a.title, a.line)


# -- parent side ---------------------------------------------------------------------------
def default_jobs() -> int:
    """All cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


class ChunkExtractor:
    """Runs chunks in `jobs` processes (or in this one for `jobs == 1`).

    Create it before starting any thread (progress bars): on Linux workers are forked, and
    forking while another thread holds a lock can hang the child."""

    def __init__(self, rules_dirs: Iterable[str] = (), jobs: int = 1, extractor=None):
        self.jobs = max(1, jobs)
        self.rules_dirs = tuple(rules_dirs)
        self._extractor = extractor
        self._pool: ProcessPoolExecutor | None = None
        self._seen = 0
        if self.jobs == 1:
            if self._extractor is None:
                from extract.pipeline.extractor import Extractor

                self._extractor = Extractor(self.rules_dirs)
            freeze_long_lived()
        else:
            global _worker_extractor
            fork = sys.platform == "linux"
            # Forked workers start with a copy of this process: one built here is theirs too,
            # instead of each building its own (~2 s of start-up an `extract run`)
            _worker_extractor = self._extractor if fork else None
            if _worker_extractor is not None:
                freeze_long_lived()  # before the fork
            context = multiprocessing.get_context("fork" if fork else "spawn")
            self._pool = ProcessPoolExecutor(self.jobs, mp_context=context, initializer=_init_worker,
                                             initargs=(self.rules_dirs, os.getpid()))
            self._pool.submit(int)  # starts the workers now, while this process has one thread

    def map(self, chunks: Iterable[list[Abstract]]) -> Iterator[ChunkResult]:
        """Results of `chunks`, in order. Pulls a chunk only when one is free to run."""
        if self._pool is None:
            for chunk in chunks:
                self._seen += len(chunk)
                yield process_chunk(self._extractor, chunk, forget=self._seen > WARM_UP)
            return
        pending: deque = deque()
        limit = self.jobs * IN_FLIGHT_PER_JOB
        try:
            for chunk in chunks:
                pending.append(self._pool.submit(_run_chunk, [_as_row(a) for a in chunk]))
                if len(pending) >= limit:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        except BrokenProcessPool as exc:
            raise WorkerError("a worker process died (killed or out of memory?); "
                              "the records written so far are complete: finish with --resume") from exc
        # Chunks still queued are dropped by close() or terminate() (__exit__); cancelling them
        # here as well made terminate() race the pool's own clean-up (InvalidStateError).

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def terminate(self) -> None:
        """Stop the workers now, dropping the chunks they hold (nothing of them was written).
        Waiting for them instead kept an interrupted run alive for as long as its slowest
        chunk, and a second Ctrl-C during that wait left it hanging at exit."""
        if self._pool is not None:
            for process in list((getattr(self._pool, "_processes", None) or {}).values()):
                if process.is_alive():
                    process.terminate()
            self._pool.shutdown(wait=False)
            self._pool = None

    def __enter__(self) -> "ChunkExtractor":
        return self

    def __exit__(self, exc_type, *exc) -> None:
        if exc_type is None:
            self.close()
        else:
            self.terminate()
