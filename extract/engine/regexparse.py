"""A small parser for the common syntax of the regex module (literals, escapes, classes,
groups, look-arounds, alternation, quantifiers) into a tree that extract/engine/regexfacts.py
reads facts from. Anything else (back references, conditionals, global inline flags, nested
sets) gives None: no tree, no facts."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

_CLASS_ESCAPES = "dwsDWS"
NEGATED = ("\\D", "\\W", "\\S", ".")
_ZERO_WIDTH_ESCAPES = "bBAZGm"
_PLAIN_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v"}


class _GiveUp(Exception):
    pass


@dataclass(frozen=True)
class Node:
    kind: str  # lit, cls, zw, seq, alt, rep, grp
    src: str = ""  # the regex text of an atom, class or zero-width item
    items: tuple = ()  # children of seq / alt / rep / grp
    lo: int = 1  # rep: fewest repeats
    hi: int | None = 1  # rep: most repeats (None: no limit)
    captures: bool = False  # a capture group somewhere inside (zw items)
    nullable_lookaround: bool = False  # a positive look-around whose body can match nothing
    ahead: "Node | None" = None  # the body of a positive look-ahead `(?=...)`
    context: "Node | None" = None  # the body of a positive look-ahead or look-behind


@lru_cache(maxsize=1024)
def parse(source: str, verbose: bool = False) -> Node | None:
    """The tree of `source` (None: syntax the parser does not know). Remembered: the compiler
    asks several questions of each rule's regex (extract/engine/regexfacts.py), and the
    trees are frozen."""
    try:
        if verbose:
            source = _unverbose(source)
        node, i = _alt(source, 0)
        if i != len(source):
            raise _GiveUp
        return node
    except (_GiveUp, IndexError):
        return None


def _unverbose(s: str) -> str:
    """A VERBOSE regex without its layout: unescaped whitespace and `#` comments outside
    character classes removed."""
    out, i, in_class = [], 0, False
    while i < len(s):
        c = s[i]
        if c == "\\":
            out.append(s[i : i + 2])
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if s[i + 1 : i + 2] == "]" or s[i + 1 : i + 3] == "^]":
                raise _GiveUp
        elif c.isspace():
            i += 1
            continue
        elif c == "#":
            end = s.find("\n", i)
            i = len(s) if end < 0 else end + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _alt(s: str, i: int) -> tuple[Node, int]:
    branches = []
    seq, i = _seq(s, i)
    branches.append(seq)
    while i < len(s) and s[i] == "|":
        seq, i = _seq(s, i + 1)
        branches.append(seq)
    return (branches[0] if len(branches) == 1 else Node("alt", items=tuple(branches))), i


def _seq(s: str, i: int) -> tuple[Node, int]:
    items: list[Node] = []
    while i < len(s) and s[i] not in "|)":
        atom, i = _atom(s, i)
        if atom is None:
            continue
        atom, i = _quantified(s, i, atom)
        items.append(atom)
    return Node("seq", items=tuple(items)), i


def _atom(s: str, i: int) -> tuple[Node | None, int]:
    c = s[i]
    if c == "\\":
        return _escape(s, i)
    if c == "[":
        return _class(s, i)
    if c == "(":
        return _group(s, i)
    if c in "^$":
        return Node("zw", src=c), i + 1
    if c == ".":
        return Node("cls", src="."), i + 1
    if c in "*+?{":
        if c == "{" and not _is_quantifier(s, i):
            return Node("lit", src=c), i + 1
        raise _GiveUp
    return Node("lit", src=c), i + 1


def _escape(s: str, i: int) -> tuple[Node, int]:
    c = s[i + 1]
    if c in _CLASS_ESCAPES:
        return Node("cls", src="\\" + c), i + 2
    if c in "pP":
        if s[i + 2] != "{":
            raise _GiveUp
        end = s.index("}", i)
        return Node("cls", src=s[i : end + 1]), end + 1
    if c in _ZERO_WIDTH_ESCAPES:
        return Node("zw", src="\\" + c), i + 2
    if c in _PLAIN_ESCAPES:
        return Node("lit", src=_PLAIN_ESCAPES[c]), i + 2
    if c.isalnum():  # back references, \x, \u, \N{...}: not worth knowing
        raise _GiveUp
    return Node("lit", src=c), i + 2


def _class(s: str, i: int) -> tuple[Node, int]:
    j = i + 1
    if j < len(s) and s[j] == "^":
        j += 1
    if s[j] == "]":
        raise _GiveUp
    while s[j] != "]":
        if s[j] == "\\":
            j += 1
        elif s[j] == "[":
            raise _GiveUp  # nested sets, POSIX classes
        j += 1
    src = s[i : j + 1]
    inner = src[1:-1]
    if len(inner) == 1 and inner not in "^\\":
        return Node("lit", src=inner), j + 1  # `[ ]`: one character
    return Node("cls", src=src), j + 1


def _group(s: str, i: int) -> tuple[Node, int]:
    rest = s[i + 1 :]
    if not rest.startswith("?"):
        body, j = _alt(s, i + 1)
        j = _close(s, j)
        return _group_node(s[i:j], body, captures=True), j
    for opener, zero_width in (("?:", False), ("?>", False), ("?=", True), ("?!", True), ("?<=", True),
                               ("?<!", True)):
        if rest.startswith(opener):
            body, j = _alt(s, i + 1 + len(opener))
            j = _close(s, j)
            if not zero_width:
                return _group_node(s[i:j], body), j
            positive = opener in ("?=", "?<=")
            return Node("zw", src=s[i:j], captures=_captures(body),
                        nullable_lookaround=positive and nullable(body), ahead=body if opener == "?=" else None,
                        context=body if positive else None), j
    if rest.startswith(("?P<", "?<")):
        start = i + 1 + (3 if rest.startswith("?P<") else 2)
        body, j = _alt(s, s.index(">", start) + 1)
        j = _close(s, j)
        return _group_node(s[i:j], body, captures=True), j
    flags, colon, _ = rest[1:].partition(":")
    if colon and flags and all(ch in "imsxauL-" for ch in flags) and "x" not in flags:
        body, j = _alt(s, i + 2 + len(flags) + 1)
        # `(?i:...)` in a rule that minds case: its literals are not literals of the text
        return Node("grp", items=(body,), src="(?i:" if "i" in flags.partition("-")[0] else ""), _close(s, j)
    raise _GiveUp  # global inline flags, conditionals, branch reset, comments


def _group_node(src: str, body: Node, captures: bool = False) -> Node:
    """A group; one that consumes nothing (an alternation of look-arounds) is zero-width."""
    if _consumes_nothing(body):
        return Node("zw", src=src, captures=captures or _captures(body),
                    nullable_lookaround=nullable(body) and "(?!" not in src and "(?<!" not in src)
    return Node("grp", items=(body,), captures=captures, src="(?>" if src.startswith("(?>") else "")


def _consumes_nothing(node: Node) -> bool:
    """`width(node) == 0`, stopping at the first item that consumes text: asked of every group
    as it is parsed, `width` walked each group's whole subtree again (most of the parse's
    time on the built-in rules' nested groups)."""
    if node.kind == "zw":
        return True
    if node.kind in ("lit", "cls"):
        return False
    if node.kind == "rep":
        return node.hi is not None and (_consumes_nothing(node.items[0])
                                        or (node.hi == 0 and width(node.items[0]) is not None))
    return all(_consumes_nothing(c) for c in node.items)


def _close(s: str, j: int) -> int:
    if s[j] != ")":
        raise _GiveUp
    return j + 1


def _is_quantifier(s: str, i: int) -> bool:
    end = s.find("}", i)
    body = s[i + 1 : end] if end > i else ""
    return bool(body) and all(ch.isdigit() or ch == "," for ch in body) and body.count(",") <= 1


def _quantified(s: str, i: int, atom: Node) -> tuple[Node, int]:
    if i >= len(s) or s[i] not in "*+?{" or (s[i] == "{" and not _is_quantifier(s, i)):
        return atom, i
    c = s[i]
    if c == "{":
        end = s.index("}", i)
        lo_text, _, hi_text = s[i + 1 : end].partition(",")
        lo = int(lo_text or 0)
        hi = int(hi_text) if "," in s[i + 1 : end] and hi_text else (None if "," in s[i + 1 : end] else lo)
        i = end + 1
    else:
        lo, hi = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
        i += 1
    possessive = i < len(s) and s[i] == "+"
    if i < len(s) and s[i] in "?+":
        i += 1  # lazy or possessive: the same characters
    if atom.kind == "zw":
        return (atom if lo > 0 else None), i  # type: ignore[return-value]
    return Node("rep", src="possessive" if possessive else "", items=(atom,), lo=lo, hi=hi), i


def _captures(node: Node) -> bool:
    return node.captures or any(_captures(c) for c in node.items)


def nullable(node: Node) -> bool:
    if node.kind in ("lit", "cls"):
        return False
    if node.kind == "zw":
        return True
    if node.kind == "alt":
        return any(nullable(c) for c in node.items)
    if node.kind == "rep" and node.lo == 0:
        return True
    return all(nullable(c) for c in node.items)


def width(node: Node) -> int | None:
    """The most characters a match of `node` can consume (None: no limit)."""
    if node.kind in ("lit", "cls"):
        return 1
    if node.kind == "zw":
        return 0
    widths = [width(c) for c in node.items]
    if any(w is None for w in widths):
        return None
    if node.kind == "alt":
        return max(widths)  # type: ignore[type-var]
    if node.kind == "rep":
        return None if node.hi is None else widths[0] * node.hi  # type: ignore[operator]
    return sum(widths)  # type: ignore[arg-type]
