"""What the compiler works out from a regex's own text, so that a rule file needs no speed hints.

Four facts, each a necessary condition of a match (so using them never changes what is
found, only how much text is tried):

- `required_literals`: strings of which every match holds one ("github." in a URL rule).
  A text holding none of them is not scanned at all.
- `number_start`: for a rule that opens with look-arounds and must reach a digit within a
  few characters (the number rules: sign, space, point, digit), the look-arounds alone (a
  cheap scan for where it may start) and that reach. The scan runs only around runs of
  digits, once per document for every rule with the same start, and the rule is tried only
  there.
- `stop_class`: for a `before:` regex, a class of the characters it can never consume;
  `before` is searched only after the last of them in its window.
- `held_class`: for a `before:` regex, a class of capitals, digits or punctuation of which
  every match holds one ("Graph Matching Adapter" before "framework"). Searched forwards,
  `before` is tried at each word of its window, each attempt running on towards the cue:
  about 18 us a cue. Six in ten windows before "framework" hold no capital or digit; a
  search for the class (~1 us) rules them out.

The parser knows the common syntax (literals, escapes, classes, groups, look-arounds,
alternation, quantifiers) and gives up (None: no fact) on anything else.
"""
from __future__ import annotations

from dataclasses import dataclass

from extract.engine.regexparse import NEGATED, Node, nullable, parse, width

# -- required literals -------------------------------------------------------------------
def required_literals(source: str, ignore_case: bool, verbose: bool = False) -> tuple[str, ...] | None:
    """Strings of which every match of `source`, with the text its positive look-arounds
    read, holds one (lower-cased when the rule ignores case: test them against the
    lower-cased text), or None when no such set is known."""
    node = parse(source, verbose)
    found = _literals(node) if node is not None else None
    if not found:
        return None
    return tuple(sorted({s.lower() for s in found} if ignore_case else found))


def _literals(node: Node) -> frozenset[str] | None:
    if node.kind == "lit":
        return frozenset((node.src,))
    if node.kind == "cls" and node.src.startswith("[") and not node.src.startswith("[^") \
            and all(ch not in "\\-[]^" for ch in node.src[1:-1]):
        return frozenset(node.src[1:-1])  # `[κρτ]`: one of these characters
    if node.kind in ("grp", "rep", "alt"):
        return _through(node, _literals, lambda sets: frozenset().union(*sets))
    if node.kind != "seq":
        return None
    options: list[frozenset[str]] = []
    around: list[frozenset[str]] = []  # what the text beside the match needs
    run = ""
    for item in node.items + (Node("cls"),):
        if item.kind == "lit":
            run += item.src
            continue
        if run:
            options.append(frozenset((run,)))
            run = ""
        if item.kind == "zw":
            # A look-around consumes nothing: the literals on both sides stay apart. What a
            # positive one reads the text needs too ("factor" of `(?<=factor\sof\s)\d`): a
            # candidate beside the match's own.
            found = _literals(item.context) if item.context is not None else None
            if found:
                around.append(found)
            continue
        found = _literals(item)
        if found:
            options.append(found)
    if not options and not around:
        return None
    # The fewest, longest strings, but never one ASCII letter or digit where something else
    # will do: "=" of `r(?=\s?=\s?0?\.\d)` rules out most texts, "r" next to none.
    return max(options + around, key=lambda s: (not _letters_only(s), min(map(len, s)), -len(s), s in options))


def _letters_only(literals: frozenset[str]) -> bool:
    """Single ASCII letters or digits only: nearly every text holds one of them."""
    return all(len(s) == 1 and s.isascii() and s.isalnum() for s in literals)


def _through(node: Node, fact, join):
    """`fact` of what every match of a group, a repeat or an alternation goes through: a
    group's content (not a case-free group's: its literals may be in any case), the item of a
    repeat of at least one, each branch of an alternation (their facts joined by `join`).
    None where a match may go around it, or `fact` knows nothing of a branch. What
    `required_literals` and `held_class` both need."""
    if node.kind == "grp":
        return None if node.src == "(?i:" else fact(node.items[0])
    if node.kind == "rep":
        return fact(node.items[0]) if node.lo >= 1 else None
    branches = [fact(c) for c in node.items]  # an alternation
    return None if any(b is None for b in branches) else join(branches)


def worth_a_precheck(source: str, literals: tuple[str, ...] | None, verbose: bool = False) -> bool:
    """Whether testing the text for `literals` first is cheaper than letting the regex module
    scan: not when the regex starts with a literal character (the module then looks for it
    itself, fast), nor for single ASCII letters or digits (nearly every text holds them), nor for a
    long list (each string is a pass over the text)."""
    if not literals or len(literals) > 8 or _letters_only(frozenset(literals)):
        return False
    node = parse(source, verbose)
    items = _flat(node) if node is not None else ()
    return not (items and items[0].kind == "lit")


# -- where a number rule may start -------------------------------------------------------
@dataclass(frozen=True)
class NumberStart:
    # (what a match can start with, as an alternation such as `[+\-]|\.|\d`; the look-arounds
    # it opens with, those without groups), one for each top-level branch of the regex
    options: tuple[tuple[str, tuple[str, ...]], ...]
    reach: int  # a digit lies at most this many characters after where it starts


def number_start(source: str, verbose: bool = False) -> NumberStart | None:
    """For a regex that opens with look-arounds and reaches a digit within a few characters,
    the cheap scan for where it may start; else None (the regex module scans it itself)."""
    node = parse(source, verbose)
    return _number_start(node) if node is not None else None


def _number_start(node: Node) -> NumberStart | None:
    items = _flat(node)
    if len(items) == 1 and items[0].kind in ("alt", "grp"):  # `(?:A|B)`: each branch, then both
        branches = items[0].items[0].items if items[0].kind == "grp" else items[0].items
        if items[0].kind == "grp" and items[0].items[0].kind != "alt":
            return None
        starts = [_number_start(b) for b in branches]
        if any(st is None for st in starts):
            return None
        return NumberStart(tuple(o for st in starts for o in st.options),  # type: ignore[union-attr]
                           max(st.reach for st in starts))  # type: ignore[union-attr]
    lead = []
    for item in items:
        if item.kind != "zw":
            break
        lead.append(item)
    rest = Node("seq", items=tuple(items[len(lead):]))
    if not lead or not rest.items:
        return None
    reach = _digit_within(rest)
    first = _first(rest)
    if reach is None or reach > 8 or first is None:
        return None
    # `^`, `\A`, `\G` ... depend on where a search starts: left out (fewer guards, more places)
    guards = [z.src for z in lead if not z.captures and not z.nullable_lookaround and z.src.startswith(("(", "\\b"))]
    return NumberStart((("|".join(sorted(set(first))), tuple(guards)),), reach)


def _flat(node: Node) -> tuple[Node, ...]:
    """The items of a top-level sequence, with unquantified groups of one branch opened."""
    if node.kind == "grp" and node.items[0].kind != "alt":
        return _flat(node.items[0])
    if node.kind == "seq":
        return tuple(x for item in node.items for x in _flat(item))
    return (node,)


def _digit_within(node: Node) -> int | None:
    """How many characters a match may consume before one that must be a digit (None: none
    must be)."""
    if node.kind in ("lit", "cls"):
        return 0 if node.src in ("\\d", "[0-9]") or (node.kind == "lit" and node.src.isdigit()) else None
    if node.kind == "zw":
        return None
    if node.kind == "alt":
        reaches = [_digit_within(c) for c in node.items]
        return None if any(r is None for r in reaches) else max(reaches)  # type: ignore[type-var]
    if node.kind == "rep":
        return _digit_within(node.items[0]) if node.lo >= 1 else None
    offset = 0
    for item in node.items:
        within = _digit_within(item)
        if within is not None:
            return offset + within
        most = width(item)
        if most is None:
            return None
        offset += most
    return None


def _first(node: Node) -> list[str] | None:
    """The atoms a match can start with (None: unknown or any character)."""
    if node.kind == "lit":
        return [node.src if node.src.isalnum() else "\\" + node.src]
    if node.kind == "cls":
        return None if node.src in NEGATED or node.src.startswith(("[^", "\\P")) else [node.src]
    if node.kind == "zw":
        return []
    if node.kind == "alt":
        out: list[str] = []
        for c in node.items:
            first = _first(c)
            if first is None:
                return None
            out += first
        return out
    if node.kind in ("rep", "grp"):
        return _first(node.items[0])
    out = []
    for item in node.items:
        first = _first(item)
        if first is None:
            return None
        out += first
        if not nullable(item):
            return out
    return None


# -- what a `before` regex never consumes --------------------------------------------------
def stop_class(source: str, verbose: bool = False) -> str | None:
    """A one-character class of what no match of `source` can consume, or None."""
    node = parse(source, verbose)
    parts: list[str] = []
    if node is None or not _consumed(node, parts) or not parts:
        return None
    return "[^" + "".join(dict.fromkeys(parts)) + "]"


def _consumed(node: Node, parts: list[str]) -> bool:
    if node.kind == "zw":
        return True
    if node.kind in ("lit", "cls"):
        part = _class_part(node)
        if part is None:
            return False  # a negated class consumes nearly anything
        parts.append(part)
        return True
    return all(_consumed(c, parts) for c in node.items)


# -- a rare character every match holds --------------------------------------------------
def held_class(source: str, verbose: bool = False) -> str | None:
    """A one-character class of capitals, digits or punctuation of which every match of
    `source` consumes one, or sees one in a look-ahead (which sees no further than the end of
    the text searched); None when no such class is known. Lower-case letters and spaces are
    left out: nearly every window holds them."""
    node = parse(source, verbose)
    parts = _held(node) if node is not None else None
    return "[" + "".join(dict.fromkeys(parts)) + "]" if parts else None


def _held(node: Node) -> list[str] | None:
    if node.kind in ("lit", "cls"):
        part = _class_part(node)
        return [part] if part is not None and _rare(part) else None
    if node.kind == "zw":
        return _held(node.ahead) if node.ahead is not None else None
    if node.kind in ("grp", "rep", "alt"):
        return _through(node, _held, lambda branches: [p for b in branches for p in b])
    for item in node.items:  # seq: the first item that holds one
        found = _held(item)
        if found is not None:
            return found
    return None


def _class_part(node: Node) -> str | None:
    """What a literal or a (not negated) class puts inside `[...]`."""
    if node.kind == "lit":
        return node.src if node.src.isalnum() else "\\" + node.src
    src = node.src
    if src in NEGATED or src.startswith(("[^", "\\P")):
        return None
    if not src.startswith("["):
        return src  # \d, \p{Lu}
    inner = src[1:-1]
    if inner.startswith("-"):
        inner = "\\" + inner
    if inner.endswith("-") and not inner.endswith("\\-"):
        inner = inner[:-1] + "\\-"
    return inner


_RARE_PROPERTIES = ("\\d", "\\p{Lu}", "\\p{N}", "\\p{Nd}")


def _rare(part: str) -> bool:
    """Capitals, digits and punctuation only: a class part without \\w, \\s, \\p{L}, lower-case
    letters or spaces (ranges only of capitals or digits)."""
    if part in _RARE_PROPERTIES:
        return True
    rest = part
    for prop in _RARE_PROPERTIES:
        rest = rest.replace(prop, "")
    if "\\p" in rest or "\\w" in rest or "\\s" in rest or "\\S" in rest:
        return False
    rest = rest.replace("A-Z", "").replace("0-9", "")
    return all(not (ch.isalpha() and not ch.isupper()) and not ch.isspace() for ch in rest.replace("\\", ""))


# -- searched from its end ----------------------------------------------------------------
def reverse_safe(source: str, verbose: bool = False) -> bool:
    """Whether a search for `source` may start with the same regex searched from the end of
    the range (REVERSE) to learn whether there is any match (extract/text/rx.py
    `EndAnchored`): `source` must end at the end of the range (`\\Z`), or the search from the
    end is no cheaper; and it holds no possessive repeat and no atomic group outside its
    look-arounds, the only syntax that can match in one direction and not in the other. A
    regex the parser does not know (back references, conditionals ...) is not."""
    if "\\Z" not in source:
        return False  # the one way to end at the end; the parse is most of this test's cost
    node = parse(source, verbose)
    return node is not None and _ends_at_end(node) and not _one_way(node)


def _ends_at_end(node: Node) -> bool:
    if node.kind == "zw":
        return node.src == "\\Z"
    if node.kind == "seq":
        return bool(node.items) and _ends_at_end(node.items[-1])
    if node.kind in ("alt", "grp"):
        return bool(node.items) and all(_ends_at_end(c) for c in node.items)
    return False


def _one_way(node: Node) -> bool:
    """A possessive repeat or an atomic group that consumes text (inside a look-around, a
    regex is matched in the look-around's own direction, whichever way it is searched)."""
    if node.kind == "zw":
        return False
    if (node.kind == "rep" and node.src == "possessive") or (node.kind == "grp" and node.src == "(?>"):
        return True
    return any(_one_way(c) for c in node.items)


# -- what can take exponential time -------------------------------------------------------
def nested_quantifier(source: str, verbose: bool = False) -> bool:
    """Whether `source` repeats, without a limit, something that itself repeats without a
    limit (`(a+)+`, `(?:\\w+\\s?)*`): on a text that almost matches, the regex module tries
    every way of splitting it, exponentially many. A possessive repeat (`a++`), an atomic
    group (`(?>...)`) or a string every round must hold (`(?:,\\d+)*`) rules that out."""
    node = parse(source, verbose)
    return node is not None and _nested(node, inside=False)


def _nested(node: Node, inside: bool) -> bool:
    if node.kind == "grp" and node.src == "(?>":
        return False
    if node.kind == "rep" and node.hi is None and node.src != "possessive":
        if inside:
            return True
        # a string every round must hold (`(?:,\\d+)*`) keeps the rounds apart
        inside = not _separated(node.items[0])
    return any(_nested(c, inside) for c in node.items)


def _separated(node: Node) -> bool:
    """Every round holds a literal character outside an unbounded repeat."""
    if node.kind == "lit":
        return True
    if node.kind == "grp":
        return _separated(node.items[0])
    if node.kind == "alt":
        return all(_separated(c) for c in node.items)
    if node.kind == "seq":
        return any(_separated(c) for c in node.items)
    return node.kind == "rep" and node.lo >= 1 and node.hi is not None and _separated(node.items[0])
