"""Calls into compiled `regex` patterns that keep the GIL: `rx.search(pattern, text, pos, end)`
for `pattern.search(text, pos, end)`, and so on; the one place that knows the positions of the
regex module's arguments.

On a str the regex module releases the GIL around every match so that other threads may run
meanwhile, and takes it back after: about 0.8 us a call (a short `match`: 1.9 us, 1.0 us
with `concurrent=False`), and an abstract makes well over a hundred calls. The pipeline runs
one thread per process (`--jobs` starts processes), so nothing waits for the GIL, and its
calls pass `concurrent=False`. They pass it and `timeout` by position, after `partial`, which
the regex docstrings leave out: a keyword argument, `timeout=None` too, costs the regex module
0.6-2 us a call. `sub` takes `concurrent` only by keyword.
"""
from __future__ import annotations

from typing import Any, Iterator


def match(pattern: Any, text: str, pos: int = 0, endpos: int | None = None, timeout: float | None = None) -> Any:
    return pattern.match(text, pos, endpos, False, False, timeout)


def fullmatch(pattern: Any, text: str, pos: int = 0, endpos: int | None = None) -> Any:
    return pattern.fullmatch(text, pos, endpos, False)


def search(pattern: Any, text: str, pos: int = 0, endpos: int | None = None, timeout: float | None = None) -> Any:
    return pattern.search(text, pos, endpos, False, False, timeout)


def finditer(pattern: Any, text: str, pos: int = 0, endpos: int | None = None,
             timeout: float | None = None) -> Iterator[Any]:
    return pattern.finditer(text, pos, endpos, False, False, False, timeout)


def sub(pattern: Any, replacement: Any, text: str) -> str:
    return pattern.sub(replacement, text, concurrent=False)


def split(pattern: Any, text: str, maxsplit: int = 0) -> list[str]:
    return pattern.split(text, maxsplit, False)
