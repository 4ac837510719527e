"""Clean view of an abstract: LaTeX and Markdown markup removed, offsets kept.

Extractors match against one readable text (`12.2×`, `PULSE`, `A^2RBench`)
but must report spans in the raw abstract, so every clean char remembers the
raw chars it came from.  The view is built by one combined regex scanned with
``finditer``: raw stretches between matches are copied, each match emits a
replacement (recursively cleaned inner text for wrappers such as ``$...$``).

Choices worth knowing:

* ``\\href{URL}{text}`` becomes ``URL text`` (URL first so the URL
  extractors always see it; `` text`` is dropped when it just repeats the URL,
  ignoring scheme, ``www.``, a trailing ``/`` and LaTeX escapes).  The joining
  space maps to the raw ``}{``.
* ``[text](url)`` becomes ``text (url)``, or ``url`` when text repeats it; the
  kept URL is always the link target.
* ``~`` is a LaTeX non-breaking space after a non-space char (``Discriminative~(GAD)``, ``(4,~4)``,
  ``F1~0.298``) but a range between numbers (``31.61%~99.23%``); after a space, ``(`` or at the start
  it is read as "approximately" (``~10%``) and kept. ``\\,`` ``\\;`` ``\\:`` ``\\ `` are spaces; ``\\!`` is dropped.
* Variant Greek forms fold to the common letter (``\\epsilon`` and
  ``\\varepsilon`` -> ``ε``, ``\\phi``/``\\varphi`` -> ``φ``) so names match.
* A wrapper whose clean output is made only of replacements (``$\\times$``)
  maps as a whole: ``×`` -> the 8 raw chars ``$\\times$``.
* Every replacement segment holds exactly one clean char; that is what keeps
  empty spans monotone (a position inside a multi-char replacement could not
  be both after the previous char's source and before the next one's).
* Long runs of punctuation and long chunks without whitespace are cut for the
  tokenizer (extract/text/longruns.py); offsets are unchanged.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import repeat
import unicodedata

import regex

from extract.text import rx
from extract.text.longruns import punctuation_breaks

__all__ = ["CleanText", "clean"]

_SYMBOLS = {
    "times": "×", "cdot": "·", "pm": "±", "approx": "≈", "sim": "~",
    "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠",
    "rightarrow": "→", "to": "→", "uparrow": "↑", "downarrow": "↓",
    "infty": "∞",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε",
    "varepsilon": "ε", "zeta": "ζ", "eta": "η", "theta": "θ",
    "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ",
    "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ",
    "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ",
    "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ",
    "omega": "ω",
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ",
    "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ",
    "Omega": "Ω",
}

# Chars normalised one-for-one so names and numbers match plain ASCII
# patterns; en/em dashes are meaningful ranges/punctuation and stay.  Being
# 1:1 they are applied to the finished view with str.replace (offsets are
# unchanged, so those chars stay "copied"); only the dropped ones need a branch.
_ONE_TO_ONE = {
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2043": "-",
    "\ufe63": "-", "\uff0d": "-", "\u2212": "-",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2007": " ",
    "\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'",
}
_DROPPED = "\u200b\u200c\u200d\ufeff\u00ad"  # zero-width chars, soft hyphen
# Every markup match starts at one of these (URLs start at `://` or `www.`
# but are copied verbatim, so they need no trigger).
_TRIGGERS = "\\{$^_`*[<~" + _DROPPED

_TEXT_CMDS = (
    "textit textbf textrm textsf texttt textsc textup textnormal emph text "
    "mathrm mathbf mathcal mathit mathsf mathtt mathbb boldsymbol bm "
    "operatorname underline"
).split()
_GROUP_CMDS = "bfseries itshape ttfamily bf it em rm tt sc sf".split()

_BRACED = r"(?:[^{}]++|\{[^{}]*+\})*+"  # brace content, one nested level


def _alt(words) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


# Branch order matters only between branches that can start at the same char.
# Lookbehinds come after the first literal char so that the engine rejects
# most positions on one char compare (lookbehind-first is ~2x slower).
_MARKUP = regex.compile("|".join((
    # URLs are copied untouched (`_`, `*`, `~` in paths).  The branch starts
    # at `://` (or the `.` of `www.`) rather than at the scheme: the scheme
    # letters hold no markup and are copied anyway, and anchoring on a rare
    # char instead of `h`/`w` makes the scan much faster.
    r"(?P<url>://(?<=https?://)\S+|\.(?<=(?<![\w.])www\.)\S+)",
    r"(?P<bs2>\\\\)",
    r"\\href\s*\{(?P<href>[^{}\s]*)\}\s*\{(?P<htext>" + _BRACED + r")\}",
    r"\\url\s*\{(?P<urlarg>[^{}\s]*)\}",
    r"\\unicode\s*\{\s*(?P<uni>x[0-9A-Fa-f]{1,6}|[0-9]{1,7})\s*\}",
    r"\\(?:" + _alt(_TEXT_CMDS) + r")\s*\{(?P<cmd>" + _BRACED + r")\}",
    r"\{\\(?:" + _alt(_GROUP_CMDS) + r")(?![A-Za-z])\s*(?P<grp>" + _BRACED + r")\}",
    r"\\(?P<sym>" + _alt(_SYMBOLS) + r")(?![A-Za-z])",
    r"\\(?P<esc>[%&_#${}])",
    r"\$\$(?P<dmath>(?:[^$\\]++|\\.)++)\$\$",
    r"\$(?P<math>(?:[^$\\]++|\\.)++)\$",
    r"(?P<script>[\^_])\{(?P<sarg>" + _BRACED + r")\}",
    r"\\(?P<acc>['\"`^~=.])\s*(?:\{(?P<accb>[A-Za-z])\}|(?P<accl>[A-Za-z]))",
    r"\\(?P<acc2>[cvuHk])(?:\{(?P<accb2>[A-Za-z])\}|\s+(?P<accs>[A-Za-z])(?![A-Za-z]))",
    r"\{(?<![\\}]\{|\\[A-Za-z]+\{)(?P<brace>(?:[^{}$,\\\n]|\\[^{}$,\n])++)\}",
    r"``(?P<dq>[^`]{1,300}?)''",
    r"`(?P<sq>[^`'\n]{1,100})'",
    r"\*\*(?<![\w*]\*\*)(?=[^\s*])(?P<bold>[^*]+?)(?<=[^\s*])\*\*(?![\w*])",
    r"__(?<!\w__)(?=[^\s_])(?P<ubold>[^_]+?)(?<=[^\s_])__(?!\w)",
    r"\*(?<![\w*\\]\*)(?=[^\s*])(?P<em>[^*]+?)(?<=[^\s*])\*(?![\w*])",
    r"\[(?P<ltext>[^\[\]\n]{1,300})\]\((?P<lurl>[^()\s]++(?:\([^()\s]*+\)[^()\s]*+)*+)\)",
    r"<(?P<auto>(?:https?://|www\.)[^\s<>]+)>",
    r"(?P<nbsp>~(?<=[^\s(\[]~)(?!(?<=(?<![\p{L}\d.,_])\d(?:[\d.,]*\d)?%?~)\d)|\\[,;: ])",  # also the thin and medium spaces \, \; \: and "\ "
    r"(?P<drop>[" + _DROPPED + r"]|\\!)",  # \! is a negative thin space
)), regex.DOTALL)

# Groups whose content is cleaned recursively and whose delimiters are dropped.
_WRAPPERS = ("cmd", "grp", "math", "dmath", "bold", "ubold", "em", "brace")
# LaTeX accents (`\'e`, `\"{u}`, `\c{c}`, BibTeX's `{\'e}`) as combining marks, composed
_ACCENTS = {"'": "\u0301", '"': "\u0308", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
            ".": "\u0307", "c": "\u0327", "v": "\u030c", "u": "\u0306", "H": "\u030b", "k": "\u0328"}
_URL_NOISE = regex.compile(r"^(?:https?://)?(?:www\.)?|\\(?=[%&_#$~])|/+$")


def _url_key(s: str) -> str:
    return rx.sub(_URL_NOISE, "", s.strip()).lower()


def _same_url(text: str, url: str) -> bool:
    """True when a link's display text just repeats its target."""
    return _url_key(text) == _url_key(url)


class _Builder:
    """Accumulates clean pieces and the segment table during one scan."""

    __slots__ = ("raw", "parts", "segs", "wraps", "n")

    def __init__(self, raw: str):
        self.raw = raw
        self.parts: list[str] = []
        self.segs: list[tuple[int, int, int, int, bool]] = []
        self.wraps: list[tuple[int, int, int, int]] = []
        self.n = 0

    def copy(self, rs: int, re_: int) -> None:
        """Copy raw[rs:re_]; adjacent copies merge so plain text is one segment."""
        if rs >= re_:
            return
        segs, k = self.segs, re_ - rs
        last = segs[-1] if segs else None
        if last is not None and last[4] and last[3] == rs:  # extend a copy run
            segs[-1] = (last[0], last[1] + k, last[2], re_, True)
        else:
            segs.append((self.n, self.n + k, rs, re_, True))
        self.parts.append(self.raw[rs:re_])
        self.n += k

    def put(self, s: str, rs: int, re_: int) -> None:
        """Emit replacement `s` (one char, or none to drop) for raw[rs:re_]."""
        if s:
            self.segs.append((self.n, self.n + len(s), rs, re_, False))
            self.parts.append(s)
            self.n += len(s)

    def wrap(self, m, group: str, before: str = "", after: str = "",
             skip: int = 0) -> None:
        """Emit `before`, the cleaned inner text of `group`, then `after`;
        `skip` raw chars at the match start were already emitted."""
        ms, me = m.span()
        ms += skip
        gs, ge = m.span(group)
        k = len(self.segs)
        self.put(before, ms, gs)
        inner = self.n
        self.scan(gs, ge)
        inner_end = self.n
        self.put(after, ge, me)
        segs = self.segs
        if len(segs) > k and not any(seg[4] for seg in segs[k:]):
            # Only replacements: they absorb the delimiters (`$\\times$` -> `×`
            # maps to all 8 chars).  Each keeps its own clean char, so empty
            # spans between them still map monotonically.
            c0, c1, _, r1, _ = segs[k]
            segs[k] = (c0, c1, ms, r1, False)
            c0, c1, r0, _, _ = segs[-1]
            segs[-1] = (c0, c1, r0, me, False)
        if inner < inner_end:
            self.wraps.append((inner, inner_end, ms, me))

    def scan(self, pos: int, endpos: int) -> None:
        """Clean raw[pos:endpos]: copy between matches, dispatch on the branch."""
        last = pos
        for m in rx.finditer(_MARKUP, self.raw, pos, endpos):
            ms, me = m.span()
            self.copy(last, ms)
            last = me
            kind = m.lastgroup
            if kind in _WRAPPERS:
                self.wrap(m, kind)
            elif kind in ("url", "bs2"):
                self.copy(ms, me)
            elif kind == "drop":
                pass
            elif kind == "sym":
                self.put(_SYMBOLS[m[kind]], ms, me)
            elif kind == "esc":
                self.put(m[kind], ms, me)
            elif kind == "nbsp":
                self.put(" ", ms, me)
            elif kind == "sarg":  # ^{x} -> ^x: keep the caret/underscore
                self.copy(ms, ms + 1)
                self.wrap(m, kind, skip=1)
            elif kind == "dq":
                self.wrap(m, kind, '"', '"')
            elif kind == "sq":
                self.wrap(m, kind, "'", "'")
            elif kind == "htext":
                self._href(m)
            elif kind in ("urlarg", "auto"):
                self.copy(*m.span(kind))
            elif kind == "lurl":
                self._link(m)
            elif kind == "uni":
                self._unicode(m)
            elif kind in ("accb", "accl", "accb2", "accs"):
                self._accent(m, kind)
        self.copy(last, endpos)

    def _href(self, m) -> None:
        us, ue = m.span("href")
        ts, te = m.span("htext")
        if us == ue:
            self.scan(ts, te)
            return
        self.copy(us, ue)
        if not _same_url(m["htext"], m["href"]) and m["htext"].strip():
            self.put(" ", ue, ts)
            self.scan(ts, te)

    def _link(self, m) -> None:
        ts, te = m.span("ltext")
        us, ue = m.span("lurl")
        if _same_url(m["ltext"], m["lurl"]):
            self.copy(us, ue)
            return
        self.scan(ts, te)
        self.put(" ", te, te + 1)  # `](` -> ` (`
        self.copy(us - 1, ue + 1)

    def _accent(self, m, letter: str) -> None:
        """`\\'e` -> `é`: the letter and the accent composed into one char, or the bare
        letter where Unicode has no such char (every replacement is one char)."""
        accent = _ACCENTS[m["acc"] or m["acc2"]]
        composed = unicodedata.normalize("NFC", m[letter] + accent)
        self.put(composed if len(composed) == 1 else m[letter], *m.span())

    def _unicode(self, m) -> None:
        """MathJax ``\\unicode{x2014}``; unprintable code points stay raw."""
        code = m["uni"]
        cp = int(code[1:], 16) if code[0] == "x" else int(code)
        if 0x20 <= cp <= 0x10FFFF and not 0xD800 <= cp <= 0xDFFF:
            self.put(chr(cp), *m.span())
        else:
            self.copy(*m.span())


@dataclass(frozen=True, slots=True)
class CleanText:
    """Clean view of `raw` plus the segment table mapping it back."""

    raw: str
    text: str
    # (clean_start, clean_end, raw_start, raw_end, copied), ordered on both sides.
    _segs: tuple[tuple[int, int, int, int, bool], ...] = field(repr=False)
    _starts: tuple[int, ...] = field(repr=False, compare=False)
    # (inner_clean_start, inner_clean_end, raw_start, raw_end) of dropped wrappers.
    _wraps: tuple[tuple[int, int, int, int], ...] = field(repr=False, compare=False)

    def _source(self, i: int) -> tuple[int, int]:
        """Raw source of clean char i: exact for copies, whole match otherwise."""
        cs, _, rs, re_, copied = self._segs[bisect_right(self._starts, i) - 1]
        if copied:
            return rs + i - cs, rs + i - cs + 1
        return rs, re_

    def raw_offset(self, i: int) -> int:
        """Raw index where clean index i starts (end of the last source at the end)."""
        if not 0 <= i <= len(self.text):
            raise IndexError(f"clean offset {i} out of range")
        if i < len(self.text):
            return self._source(i)[0]
        return self._segs[-1][3] if self._segs else 0

    def raw_span(self, start: int, end: int) -> tuple[int, int]:
        """Smallest raw span covering the sources of clean chars [start, end).

        An empty span at i is the position where char i's source starts (at
        or after the end of char i-1's source), so starts and ends are both
        monotone."""
        if not 0 <= start <= end <= len(self.text):
            raise IndexError(f"clean span ({start}, {end}) out of range")
        if start == end:
            p = self.raw_offset(start)
            return p, p
        return self._source(start)[0], self._source(end - 1)[1]

    def balanced_span(self, start: int, end: int) -> tuple[int, int]:
        """raw_span, widened on a side where the span leaves a wrapper: a mention that starts
        with a wrapper's text and goes on past it takes in its markup (`{I}mage{N}et`, not
        `I}mage{N}et`; `\\textbf{Foo}Net`); likewise at its end. What records report, so
        that a mention's surface never holds half of a pair of braces."""
        rs, re_ = self.raw_span(start, end)
        if start < end:
            for cs, ce, ws, we in self._wraps:
                if cs == start < ce < end:
                    rs = min(rs, ws)
                elif start < cs < ce == end:
                    re_ = max(re_, we)
        return rs, re_

    def markup_span(self, start: int, end: int) -> tuple[int, int]:
        """raw_span widened over wrappers (``**x**``, ``$x$``, ``\\textbf{x}``)
        whose whole inner text lies in [start, end); gold surfaces often
        include that markup (clean ``PULSE`` -> raw ``${\\bf PULSE}$``)."""
        rs, re_ = self.raw_span(start, end)
        if start < end:
            for cs, ce, ws, we in self._wraps:
                if start <= cs and ce <= end:
                    rs, re_ = min(rs, ws), max(re_, we)
        return rs, re_


def clean(raw: str) -> CleanText:
    """Build the clean view of `raw` (one regex pass, recursive for wrappers)."""
    b = _Builder(raw)
    # Skip straight to the token holding the first markup char: no match can
    # start earlier, and most abstracts have little or no markup.
    first = min((i for i in map(raw.find, _TRIGGERS) if i >= 0), default=-1)
    if first < 0:
        b.copy(0, len(raw))
    else:
        start = max(map(raw.rfind, " \t\n\r", repeat(0), repeat(first))) + 1
        b.copy(0, start)
        b.scan(start, len(raw))
    text = "".join(b.parts)
    if not text.isascii():
        for ch, to in _ONE_TO_ONE.items():
            if ch in text:
                text = text.replace(ch, to)
    breaks = punctuation_breaks(text)
    if breaks:
        chars = list(text)
        for p in breaks:
            chars[p] = " "
        text = "".join(chars)
    segs = tuple(b.segs)
    return CleanText(raw, text, segs, tuple(s[0] for s in segs), tuple(b.wraps))
