"""Resume an interrupted run: find how many records the output already holds, cut a torn
last line, and check that those records are the first inputs, in order.

Records are written in input order, one complete line at a time, so after a crash the
output is "the first K accepted inputs" plus at most one torn line. Resuming by count
(not by a set of ids) stays exactly-once even when input ids repeat, and needs no memory
per record however long the output is.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from json.decoder import scanstring
from typing import Iterable, Iterator

from extract.inputs.readers import Abstract

_ID_PREFIX = b'{"id":"'


class ResumeError(Exception):
    """The output cannot be continued: it holds something other than this run's records."""


@dataclass(frozen=True)
class ResumePoint:
    path: str
    done: int  # complete records already in the output
    dropped: int  # bytes of a torn last line that were cut off
    fingerprinted: bool = False  # the output's run fingerprint was found and matched (fingerprint.py)


def prepare_resume(path: str) -> ResumePoint:
    """Count the complete records in `path`, truncating a torn or unparseable last line.

    A missing file is an empty one (nothing done yet). A bad line before the last cannot be
    a torn write, so it is an error rather than something to repair silently."""
    if not os.path.exists(path):
        return ResumePoint(path, 0, 0)
    done = 0
    good_end = 0  # byte offset just after the last complete record
    bad: tuple[int, str] | None = None  # (line number, why) of a line that is not a record
    with open(path, "rb") as fh:
        for number, line in enumerate(fh, start=1):
            if bad is not None:
                raise ResumeError(f"{path}:{bad[0]}: {bad[1]}; cannot resume: this is not an output of "
                                  "`extract run`, or it was edited (rerun without --resume)")
            why = _not_a_record(line)
            if why is None:
                done += 1
                good_end += len(line)
            else:
                bad = (number, why)
        size = fh.tell()
    dropped = size - good_end
    if dropped:
        with open(path, "r+b") as fh:
            fh.truncate(good_end)
    return ResumePoint(path, done, dropped)


def _not_a_record(line: bytes) -> str | None:
    """Why `line` is not one complete record (None when it is)."""
    if not line.endswith(b"\n"):
        return "incomplete last line"
    try:
        row = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        return f"not valid JSON ({exc})"
    if not isinstance(row, dict) or not isinstance(row.get("id"), str):
        return "not a record (expected a JSON object with an `id`)"
    return None


def written_ids(path: str, count: int) -> Iterator[str]:
    """The ids of the first `count` records of `path`, read lazily (flat memory)."""
    with open(path, "rb") as fh:
        for _, line in zip(range(count), fh):
            yield _id_of(line)


def _id_of(line: bytes) -> str:
    # Records start with their id, so reading one JSON string beats parsing the whole line.
    if line.startswith(_ID_PREFIX):
        text = line.decode("utf-8")
        return scanstring(text, len(_ID_PREFIX))[0]
    return json.loads(line)["id"]


def skip_done(items: Iterable, point: ResumePoint, on_skip=lambda: None) -> Iterator:
    """`items` without the first `point.done` abstracts, each checked against the id its
    record was written with. Input problems pass through (so they are reported again and
    a resumed run exits as the whole run would)."""
    if not point.done:
        yield from items
        return
    ids = written_ids(point.path, point.done)
    left = point.done
    for item in items:
        if left and isinstance(item, Abstract):
            expected = next(ids)
            if item.id != expected:
                raise ResumeError(
                    f"{point.path}:{point.done - left + 1}: record {expected!r} but input {item.source}:{item.line} "
                    f"is {item.id!r}; cannot resume with other inputs than the first run (rerun without --resume)")
            left -= 1
            if not left:
                ids.close()
            on_skip()
            continue
        yield item
    if left:
        raise ResumeError(f"{point.path}: holds {point.done} records but the inputs give only "
                          f"{point.done - left}; cannot resume with other inputs than the first run")

