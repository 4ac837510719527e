"""What the tokenizer's affix and URL regexes (spaCy's, in the syntax of the `re` module) can
match, read from their own text with the `re` module's parser: the characters a match can
start or end with, how far from the end a suffix can start, a character every match holds.
extract/engine/tokenizer.py uses them to skip searches that cannot find anything; each fact
is a necessary condition of a match, so the tokens never change. A regex of a shape not
known here (a user's own affixes) gives no fact, and is searched as it is.
"""
from __future__ import annotations

try:  # the parser and constants of the `re` module (Python 3.11+; before, sre_parse)
    from re import _constants as C, _parser as P
except ImportError:  # pragma: no cover
    import sre_constants as C  # type: ignore[no-redef]
    import sre_parse as P  # type: ignore[no-redef]

_ZERO_WIDTH = (C.ASSERT, C.ASSERT_NOT, C.AT)


def _branches(pattern: str) -> list | None:
    """The top-level alternatives of `pattern`, parsed; None where the parser fails."""
    try:
        tree = P.parse(pattern)
    except Exception:  # a parser of another Python version, or syntax it rejects
        return None
    if len(tree) == 1 and tree[0][0] is C.BRANCH:
        return list(tree[0][1][1])
    return [tree]


def suffix_reach(pattern: str) -> tuple[int, str | None] | None:
    """(the most characters a bounded branch consumes, the character that the one unbounded
    branch repeats) when every branch ends the string (`$`) and the only unbounded one is a
    character repeated (`\\.\\.+$`, spaCy's); None otherwise."""
    branches = _branches(pattern)
    if branches is None:
        return None
    width, run = 0, None
    for branch in branches:
        items = list(branch)
        if not items or items[-1] != (C.AT, C.AT_END):
            return None
        high = branch.getwidth()[1]
        if high < C.MAXREPEAT:
            width = max(width, high)
            continue
        if run is not None or len(items) != 3 or items[0][0] is not C.LITERAL:
            return None
        op, (_, hi, body) = items[1]
        if op is not C.MAX_REPEAT or list(body) != [items[0]] or hi != C.MAXREPEAT:
            return None
        run = chr(items[0][1])
    return width, run


def end_chars(pattern: str) -> frozenset[str] | None:
    """The characters a match can end with, when every branch ends the string (`$`)."""
    branches = _branches(pattern)
    if branches is None or not all(list(b) and list(b)[-1] == (C.AT, C.AT_END) for b in branches):
        return None
    return _edge(branches, last=True)


def start_chars(pattern: str) -> frozenset[str] | None:
    """The characters a match can start with, when every branch starts the string (`^`)."""
    branches = _branches(pattern)
    if branches is None or not all(list(b) and list(b)[0] == (C.AT, C.AT_BEGINNING) for b in branches):
        return None
    return _edge(branches, last=False)


def _edge(alternatives, last: bool) -> frozenset[str] | None:
    out: set[str] = set()
    for items in alternatives:
        consumed = [i for i in items if i[0] not in _ZERO_WIDTH]
        if not consumed:
            return None  # a branch that can match nothing
        op, av = consumed[-1] if last else consumed[0]
        if op in (C.MAX_REPEAT, C.MIN_REPEAT):
            if av[0] < 1:
                return None
            chars = _edge([av[2]], last)
        elif op is C.SUBPATTERN:
            chars = _edge([av[-1]], last)
        elif op is C.BRANCH:
            chars = _edge(av[1], last)
        else:
            chars = _chars(op, av)
        if chars is None:
            return None
        out |= chars
    return frozenset(out)


def _chars(op, av) -> frozenset[str] | None:
    """The characters one item consumes: a literal or a class of literals and ranges."""
    if op is C.LITERAL:
        return frozenset(chr(av))
    if op is not C.IN:
        return None
    out: set[str] = set()
    for member, value in av:
        if member is C.LITERAL:
            out.add(chr(value))
        elif member is C.RANGE:
            out.update(chr(c) for c in range(value[0], value[1] + 1))
        else:  # a negation or a category (\d, \w ...)
            return None
    return frozenset(out)


def needs(pattern: str, wanted) -> bool:
    """Whether every match consumes a character for which `wanted(char)` holds (False when it
    cannot tell): every infix is punctuation or a symbol, every URL holds a period."""
    branches = _branches(pattern)
    return branches is not None and all(_holds(b, wanted) for b in branches)


def _holds(items, wanted) -> bool:
    for op, av in items:
        chars = _chars(op, av) if op in (C.LITERAL, C.IN) else None
        if chars is not None and all(wanted(ch) for ch in chars):
            return True
        if op is C.SUBPATTERN and _holds(av[-1], wanted):
            return True
        if op is C.BRANCH and all(_holds(b, wanted) for b in av[1]):
            return True
        if op in (C.MAX_REPEAT, C.MIN_REPEAT) and av[0] >= 1 and _holds(av[2], wanted):
            return True
    return False
