"""Calls into compiled `regex` patterns that keep the GIL: `rx.search(pattern, text, pos, end)`
for `pattern.search(text, pos, end)`, and so on.

On a str the regex module releases the GIL around every match so that other threads may run
meanwhile, and takes it back after: about 0.8 us a call (a short `match`: 1.9 us, 1.0 us
with `concurrent=False`), and an abstract makes well over a hundred calls. The pipeline runs
one thread per process (`--jobs` starts processes), so nothing waits for the GIL, and its
calls pass `concurrent=False`, by position where the method takes it so (a keyword argument
costs the regex module about as much again); `sub` takes it only by keyword.
"""
from __future__ import annotations

from typing import Any, Iterator


def match(pattern: Any, text: str, pos: int = 0, endpos: int | None = None) -> Any:
    return pattern.match(text, pos, endpos, False)


def fullmatch(pattern: Any, text: str, pos: int = 0, endpos: int | None = None) -> Any:
    return pattern.fullmatch(text, pos, endpos, False)


def search(pattern: Any, text: str, pos: int = 0, endpos: int | None = None) -> Any:
    return pattern.search(text, pos, endpos, False)


def finditer(pattern: Any, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[Any]:
    return pattern.finditer(text, pos, endpos, False, False)


def sub(pattern: Any, replacement: Any, text: str) -> str:
    return pattern.sub(replacement, text, concurrent=False)


def split(pattern: Any, text: str, maxsplit: int = 0) -> list[str]:
    return pattern.split(text, maxsplit, False)
