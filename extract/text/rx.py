"""Calls into compiled `regex` patterns that keep the GIL, with an optional timeout:
`rx.search(pattern, text, pos, end, timeout)` for `pattern.search(text, pos, end)`, and so on.

On a str the regex module releases the GIL around every match, so that other threads may
run meanwhile, and takes it back after, under a lock: callgrind put 5% of a run's
instructions there (300 corpus abstracts; PyEval_SaveThread/RestoreThread and the lock), and
a short failing `match` costs 0.7 us that way, 0.45 us without. The pipeline runs one thread
per process (`--jobs` starts processes), so nothing waits for the GIL, and these calls pass
`concurrent=False`. They pass it by position, where the method's docstring puts it
(`match(string, pos=None, endpos=None, concurrent=None, timeout=None)`): passed by keyword,
it costs the regex module more to parse (about 0.7 us a call) than it saves.

The timeout is passed by keyword, and only when there is one: the regex module reads the
clock on every call that has one (~2 us), and the built-in rules run without it (see
extract/engine/compiler.py).
"""
from __future__ import annotations

from typing import Any, Iterator

import regex


def match(pattern: Any, text: str, pos: int = 0, endpos: int | None = None, timeout: float | None = None) -> Any:
    if timeout is None:
        return pattern.match(text, pos, endpos, False)
    return pattern.match(text, pos, endpos, False, timeout=timeout)


def fullmatch(pattern: Any, text: str, pos: int = 0, endpos: int | None = None) -> Any:
    return pattern.fullmatch(text, pos, endpos, False)


def search(pattern: Any, text: str, pos: int = 0, endpos: int | None = None, timeout: float | None = None) -> Any:
    if timeout is None:
        return pattern.search(text, pos, endpos, False)
    return pattern.search(text, pos, endpos, False, timeout=timeout)


def finditer(pattern: Any, text: str, pos: int = 0, endpos: int | None = None,
             timeout: float | None = None) -> Iterator[Any]:
    if timeout is None:
        return pattern.finditer(text, pos, endpos, False, False)  # not overlapped; concurrent=False
    return pattern.finditer(text, pos, endpos, False, False, timeout=timeout)


def finditer_at(pattern: Any, text: str, starts: tuple[str, ...]) -> list[Any]:
    """The non-empty matches of `pattern` in `text`, as `finditer` finds them, for a pattern
    whose every match begins with one of the strings `starts` ("models", "backbones", ...).

    Why: the regex module tries each branch of an alternation of words at every character
    of the text; `str.find` skips to each place where one of the words occurs, and the
    pattern is tried only there (anchored, seeing the whole text as a search does, with
    places inside a match skipped as a search skips them). For one such pattern on an
    abstract, 20 us became 7 (bench corpus)."""
    places = sorted(i for word in starts for i in _occurrences(word, text))
    found, done = [], 0
    for i in places:
        if i >= done:
            m = pattern.match(text, i, None, False)
            if m is not None and m.end() > i:
                found.append(m)
                done = m.end()
    return found


def _occurrences(word: str, text: str) -> Iterator[int]:
    i = text.find(word)
    while i >= 0:
        yield i
        i = text.find(word, i + 1)


def sub(pattern: Any, replacement: Any, text: str) -> str:
    return pattern.sub(replacement, text, concurrent=False)  # `sub` takes it by keyword only


def split(pattern: Any, text: str, maxsplit: int = 0) -> list[str]:
    return pattern.split(text, maxsplit, False)


class EndAnchored:
    """A compiled regex that ends at the end of the range it is searched in (`...\\Z`, as a
    rule's `before:` does), whose `search` first asks the same regex compiled REVERSE
    whether it matches there at all.

    Why: searched forwards, such a regex is tried at every place of its range and does most
    of its work at each word (the words before a metric's name, before a cue); searched from
    the end, where any match must end, it gives up at every other place at once: about ten
    times cheaper where nothing matches (the modifiers before a metric's name, bench corpus),
    which is most places. Where something matches, the forward search makes the match, so
    the result is the forward search's own. Both searches find a match when there is one,
    whatever the direction, unless the regex holds a possessive repeat or an atomic group:
    the compiler wraps only regexes that `regexfacts.reverse_safe` clears. Anything else is
    the forward regex's own (`pattern`, `groupindex`, `match` ...).

    The reverse regex is compiled at the first search: of the 20 params so wrapped, one
    abstract searches two or three, and compiling all of them was 0.15 s of every run's
    start-up (the forward regex, compiled when the rule file loads, has checked the pattern)."""

    __slots__ = ("forward", "_reverse")

    def __init__(self, forward: Any):
        self.forward = forward
        self._reverse = None

    @property
    def reverse(self) -> Any:
        if self._reverse is None:
            self._reverse = regex.compile(self.forward.pattern, self.forward.flags | regex.REVERSE)
        return self._reverse

    def search(self, text: str, pos: int = 0, endpos: int | None = None, concurrent: bool | None = None,
               timeout: float | None = None) -> Any:
        """The regex module's `search`, with its arguments in its order."""
        reverse = self._reverse or self.reverse  # compiled at the first search
        if timeout is None:
            if reverse.search(text, pos, endpos, concurrent) is None:
                return None
            return self.forward.search(text, pos, endpos, concurrent)
        if reverse.search(text, pos, endpos, concurrent, timeout=timeout) is None:
            return None
        return self.forward.search(text, pos, endpos, concurrent, timeout=timeout)

    def __getattr__(self, name: str) -> Any:
        if name in EndAnchored.__slots__ or name.startswith("__"):
            raise AttributeError(name)  # not set yet (a copy being unpickled)
        return getattr(self.forward, name)

    def __getstate__(self):
        return self.forward

    def __setstate__(self, forward) -> None:
        self.__init__(forward)
