"""Calls into compiled `regex` patterns with an optional timeout: `rx.search(pattern, text,
pos, end, timeout)` for `pattern.search(text, pos, end)`, and so on.

The timeout is passed by keyword, and only when there is one: the regex module reads the
clock on every call that has one (~2 us), and the built-in rules run without it (see
extract/engine/compiler.py). Everything else is the documented method call.
"""
from __future__ import annotations

from typing import Any, Iterator


def match(pattern: Any, text: str, pos: int = 0, endpos: int | None = None, timeout: float | None = None) -> Any:
    if timeout is None:
        return pattern.match(text, pos, endpos)
    return pattern.match(text, pos, endpos, timeout=timeout)


def fullmatch(pattern: Any, text: str, pos: int = 0, endpos: int | None = None) -> Any:
    return pattern.fullmatch(text, pos, endpos)


def search(pattern: Any, text: str, pos: int = 0, endpos: int | None = None, timeout: float | None = None) -> Any:
    if timeout is None:
        return pattern.search(text, pos, endpos)
    return pattern.search(text, pos, endpos, timeout=timeout)


def finditer(pattern: Any, text: str, pos: int = 0, endpos: int | None = None,
             timeout: float | None = None) -> Iterator[Any]:
    if timeout is None:
        return pattern.finditer(text, pos, endpos)
    return pattern.finditer(text, pos, endpos, timeout=timeout)


def sub(pattern: Any, replacement: Any, text: str) -> str:
    return pattern.sub(replacement, text)


def split(pattern: Any, text: str, maxsplit: int = 0) -> list[str]:
    return pattern.split(text, maxsplit)
