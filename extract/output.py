"""Record sinks: JSONL to a file or stdout, flushed after every record so nothing
already extracted is lost if the run stops."""
from __future__ import annotations

import contextlib
import sys

import jsonlines


@contextlib.contextmanager
def open_output(path: str):
    if path == "-":
        writer = jsonlines.Writer(sys.stdout, compact=True, flush=True)
        try:
            yield writer
        finally:
            writer.close()
        return
    with open(path, "w", encoding="utf-8") as fh:
        writer = jsonlines.Writer(fh, compact=True, flush=True)
        try:
            yield writer
        finally:
            writer.close()
