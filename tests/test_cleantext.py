"""Clean view of LaTeX/Markdown abstracts and its offsets back to the raw text."""

import pytest
from hypothesis import assume, given, settings, strategies as st

import regex

from extract.text.cleantext import _ONE_TO_ONE, clean
from extract.text.longruns import MAX_CHUNK, MAX_PUNCT_RUN


def surface(view, sub: str, nth: int = 0) -> str:
    """Raw text behind the nth occurrence of `sub` in the clean view."""
    start = -1
    for _ in range(nth + 1):
        start = view.text.index(sub, start + 1)
    rs, re_ = view.raw_span(start, start + len(sub))
    return view.raw[rs:re_]


# (raw, clean text, clean substring, raw surface of that substring)
CASES = [
    # inline math: drop the delimiters, clean the content
    (r"we introduce A$^2$RBench, a benchmark", "we introduce A^2RBench, a benchmark",
     "A^2RBench", r"A$^2$RBench"),
    (r"we propose ${\bf PULSE}$, a novel objective", "we propose PULSE, a novel objective",
     "PULSE", "PULSE"),
    (r"up to 12.2$\times$ speedup on LLaDA-8B", "up to 12.2× speedup on LLaDA-8B",
     "12.2×", r"12.2$\times$"),
    (r"up to 12.2$\times$ speedup", "up to 12.2× speedup", "×", r"$\times$"),
    (r"we propose SCP-$\Delta_r$ for", "we propose SCP-Δ_r for", "Δ", r"\Delta"),
    (r"we propose SCP-$\Delta_r$ for", "we propose SCP-Δ_r for", "SCP-Δ_r", r"SCP-$\Delta_r"),
    (r"independent of $n$. We", "independent of n. We", "n", "n"),
    (r"only $\sim$21K additional parameters", "only ~21K additional parameters",
     "~21K", r"$\sim$21K"),
    (r"we show $$x+y$$ holds", "we show x+y holds", "x+y", "x+y"),
    (r"a $\alpha\beta$ b", "a αβ b", "β", r"\beta$"),
    (r"a $\alpha\beta$ b", "a αβ b", "αβ", r"$\alpha\beta$"),
    (r"$κ_{\text{human} \times \text{gemini}} = 0.75$", "κ_human × gemini = 0.75",
     "human × gemini", r"human} \times \text{gemini"),
    (r"a lone $ sign stays", r"a lone $ sign stays", "$", "$"),
    (r"costs \$5 and $x", "costs $5 and $x", "$5", r"\$5"),
    # escapes and LaTeX non-breaking space
    (r"reaching 76.0\% accuracy", "reaching 76.0% accuracy", "76.0%", r"76.0\%"),
    (r"boosts ODS by 20--35\% in", "boosts ODS by 20--35% in", "35%", r"35\%"),
    (r"R\&D at AT\&T", "R&D at AT&T", "AT&T", r"AT\&T"),
    (r"the snake\_case name", "the snake_case name", "snake_case", r"snake\_case"),
    (r"rank \#1 overall", "rank #1 overall", "#1", r"\#1"),
    (r"Generation-Assisted Discriminative~(GAD) classifier",
     "Generation-Assisted Discriminative (GAD) classifier",
     "Discriminative (GAD)", r"Discriminative~(GAD)"),
    (r"multilinear rank of (4,~4,~4)", "multilinear rank of (4, 4, 4)", "(4, 4, 4)", r"(4,~4,~4)"),
    ("uses ~10% of the data", "uses ~10% of the data", "~10%", "~10%"),
    # between a number and a digit, "~" joins a range; after a name's digit it is a space
    ("gains of 31.61%~99.23% and F1~0.298", "gains of 31.61%~99.23% and F1 0.298", "F1 0.298", "F1~0.298"),
    # LaTeX spacing: thin, medium and control spaces read as a space, a negative one as nothing
    (r"improving accuracy by 1--5\,pp across", "improving accuracy by 1--5 pp across", "5 pp", r"5\,pp"),
    (r"a gain of 5.8\;pp and 3\!\%", "a gain of 5.8 pp and 3%", "3%", r"3\!\%"),
    # text commands and old-style font groups
    (r"we propose \textbf{Immuno-VLM}, a framework", "we propose Immuno-VLM, a framework",
     "Immuno-VLM", "Immuno-VLM"),
    (r"this \textit{Open-World Trustworthiness Paradox}",
     "this Open-World Trustworthiness Paradox", "Paradox", "Paradox"),
    (r"we present \texttt{CUDAnalyst}.", "we present CUDAnalyst.", "CUDAnalyst", "CUDAnalyst"),
    (r"by up to \textbf{15.97\%} in accuracy", "by up to 15.97% in accuracy",
     "15.97%", r"15.97\%"),
    (r"\textbf{Deep {\it Nets}} win", "Deep Nets win", "Deep Nets", r"Deep {\it Nets"),
    (r"$\tilde{\mathcal{O}}(1/n)$ rate", r"\tilde{O}(1/n) rate", "O", "O"),
    (r"\emph{x} \textsc{y} \mathrm{z} \mathbf{w} \text{t} \operatorname{op}",
     "x y z w t op", "y z", r"y} \mathrm{z"),
    (r"{\it a} {\em b} {\rm c} {\tt d}", "a b c d", "c", "c"),
    # super/subscripts keep the caret/underscore
    (r"we propose **Hom-PGD$^{+}$**, a", "we propose Hom-PGD^+, a", "Hom-PGD^+", r"Hom-PGD$^{+"),
    (r"the loss $x_{i}$ is", "the loss x_i is", "x_i", r"x_{i"),
    # quotes
    (r"named ``Decomper'', that", 'named "Decomper", that', '"Decomper"', r"``Decomper''"),
    (r"named ``Decomper'', that", 'named "Decomper", that', "Decomper", "Decomper"),
    (r"the `single' quote", "the 'single' quote", "'single'", r"`single'"),
    ("the “Hubris of Semantics” and Wald’s test", "the \"Hubris of Semantics\" and Wald's test",
     "Wald's", "Wald’s"),
    # links
    (r"at \href{https://github.com/a/b}{https://github.com/a/b}.", "at https://github.com/a/b.",
     "https://github.com/a/b", "https://github.com/a/b"),
    (r"at this \href{https://github.com/someone/cache-kit}{URL}.",
     "at this https://github.com/someone/cache-kit URL.",
     "cache-kit URL", "cache-kit}{URL"),
    (r"see \url{https://x.org/a_b~c}", "see https://x.org/a_b~c", "a_b~c", "a_b~c"),
    ("at [https://github.com/a/b](https://github.com/a/b).", "at https://github.com/a/b.",
     "https://github.com/a/b", "https://github.com/a/b"),
    ("on [Github](https://github.com/W/I).", "on Github (https://github.com/W/I).",
     "Github (https://github.com/W/I)", "Github](https://github.com/W/I)"),
    ("see <https://github.com/a/b>.", "see https://github.com/a/b.", "github", "github"),
    # Markdown emphasis
    (r"we propose **BayesNCL** (Bayesian Gated)", "we propose BayesNCL (Bayesian Gated)",
     "BayesNCL", "BayesNCL"),
    ("we propose *MemPot*, the first", "we propose MemPot, the first", "MemPot", "MemPot"),
    ("this __Bold__ word", "this Bold word", "Bold", "Bold"),
    (r"up to *9.1*$\times$ FLOPs", "up to 9.1× FLOPs", "9.1×", r"9.1*$\times$"),
    ("arm-up data (*e.g.*, 10%)", "arm-up data (e.g., 10%)", "e.g.", "e.g."),
    ("a * b and 5* stars and 2*3*4", "a * b and 5* stars and 2*3*4", "5*", "5*"),
    # Unicode normalisation
    ("Qwen\u20112.5 and long\u2011context", "Qwen-2.5 and long-context", "Qwen-2.5", "Qwen\u20112.5"),
    ("gain of \u22123.2 points", "gain of -3.2 points", "-3.2", "\u22123.2"),
    ("on\u00a0ImageNet with 5\u2009ms and 8\u202fGB", "on ImageNet with 5 ms and 8 GB",
     "5 ms", "5\u2009ms"),
    ("Image\u200bNet and data\u00adset", "ImageNet and dataset", "ImageNet", "Image\u200bNet"),
    ("2–4 times — and 3×", "2–4 times — and 3×", "—", "—"),
    # left alone: unknown commands, URLs, plain text
    (r"we propose \MethodLPP, with \frac{1}{K}", r"we propose \MethodLPP, with \frac{1}{K}",
     r"\MethodLPP", r"\MethodLPP"),
    ("code: https://github.com/a_b/c*d~e_f__g__.", "code: https://github.com/a_b/c*d~e_f__g__.",
     "a_b/c*d~e", "a_b/c*d~e"),
    ("page www.x.org/~u_v", "page www.x.org/~u_v", "~u_v", "~u_v"),
    ("*The code is at https://git\nhub.com/m/dLLM-cache*.",
     "The code is at https://git\nhub.com/m/dLLM-cache.", "dLLM-cache.", "dLLM-cache*."),
    (r"line one \\ line two", r"line one \\ line two", "\\\\", "\\\\"),
    (r"a $\unicode{x2014}$ b", "a — b", "—", r"$\unicode{x2014}$"),
]


@pytest.mark.parametrize(("raw", "text", "sub", "raw_surface"), CASES)
def test_clean_view_and_raw_surface(raw, text, sub, raw_surface):
    view = clean(raw)
    assert view.raw == raw
    assert view.text == text
    assert surface(view, sub) == raw_surface


SYMBOLS = [
    ("times", "×"), ("cdot", "·"), ("pm", "±"), ("approx", "≈"), ("sim", "~"),
    ("leq", "≤"), ("le", "≤"), ("geq", "≥"), ("ge", "≥"), ("rightarrow", "→"),
    ("to", "→"), ("uparrow", "↑"), ("downarrow", "↓"), ("infty", "∞"),
    ("alpha", "α"), ("beta", "β"), ("lambda", "λ"), ("omega", "ω"), ("Delta", "Δ"),
    ("Omega", "Ω"), ("Sigma", "Σ"),
]


@pytest.mark.parametrize(("name", "char"), SYMBOLS)
def test_symbols_inside_and_outside_math(name, char):
    cmd = "\\" + name
    view = clean(f"x ${cmd}$ y")
    assert view.text == f"x {char} y"
    assert surface(view, char) == f"${cmd}$"
    view = clean(f"a {cmd} b")
    assert view.text == f"a {char} b"
    assert surface(view, char) == cmd


@pytest.mark.parametrize(("raw", "text"), [
    (r"reaches 81.2{\%} on {GSM8K} and {I}mage{N}et", "reaches 81.2% on GSM8K and ImageNet"),  # BibTeX braces
    (r"Caf{\'e}, M{\"u}ller, Erd{\H o}s, \c{c}a, \'{e}t\'e, na\"ive", "Café, Müller, Erdős, ça, été, naïve"),
    (r"{\sim}10% and {\bf X}", "~10% and X"),
    # sets, second arguments and command arguments keep their braces
    (r"labels in {0, 1}", "labels in {0, 1}"),
    (r"$\frac{a}{b}$ and \cite{x}", r"\frac{a}{b} and \cite{x}"),
    (r"\v{y} has no precomposed char", "y has no precomposed char"),
])
def test_bibtex_braces_and_accents(raw, text):
    assert clean(raw).text == text


@pytest.mark.parametrize(("raw", "sub", "raw_surface"), [
    (r"on {I}mage{N}et today", "ImageNet", r"{I}mage{N}et"),
    (r"\textbf{Foo}Net wins", "FooNet", r"\textbf{Foo}Net"),
    (r"up to $2.8\times$ faster", "up to 2.8×", r"up to $2.8\times$"),
    (r"we propose SCP-$\Delta_r$ for", "SCP-Δ_r", r"SCP-$\Delta_r$"),
    (r"in $2{\text -}13\times$ less", "13× less", r"13\times$ less"),  # an empty wrapper is not taken in
    (r"**PULSE** wins", "PULSE", "PULSE"),  # a whole wrapper's text: no markup added
    (r"**PULSE** wins", "PUL", "PUL"),
])
def test_balanced_span_takes_in_the_markup_a_mention_leaves(raw, sub, raw_surface):
    view = clean(raw)
    start = view.text.index(sub)
    rs, re_ = view.balanced_span(start, start + len(sub))
    assert view.raw[rs:re_] == raw_surface


@pytest.mark.parametrize("raw", [r"\left( \top \lefta \timesx \alphabet", r"\ldots and \nabla f"])
def test_commands_are_matched_whole(raw):
    assert clean(raw).text == raw


def test_markup_span_includes_wrappers():
    view = clean(r"**Hom-PGD$^{+}$** and SCP-$\Delta_r$ via ${\bf PULSE}$ and ``Decomper''")
    expect = {"Hom-PGD^+": r"**Hom-PGD$^{+}$**", "SCP-Δ_r": r"SCP-$\Delta_r$",
              "PULSE": r"${\bf PULSE}$", "Decomper": r"``Decomper''"}
    for sub, raw in expect.items():
        i = view.text.index(sub)
        rs, re_ = view.markup_span(i, i + len(sub))
        assert view.raw[rs:re_] == raw
    # a span holding only part of a wrapper's text is not widened
    i = view.text.index("PUL")
    rs, re_ = view.markup_span(i, i + 3)
    assert view.raw[rs:re_] == "PUL"


def test_offsets_of_empty_spans_and_ends():
    view = clean(r"**x** $\times$")
    assert view.text == "x ×"
    assert view.raw_offset(0) == 2
    assert view.raw_span(1, 1) == (5, 5)
    assert view.raw_offset(3) == len(view.raw) == view.raw_span(0, 3)[1]
    assert view.raw_span(2, 3) == (6, 14)
    # between two replacement chars: after the first's source, at the second's
    view = clean(r"$\times\times$")
    assert view.text == "××"
    assert view.raw_span(0, 1) == (0, 7) and view.raw_span(1, 2) == (7, 14)
    assert view.raw_span(1, 1) == (7, 7)
    with pytest.raises(IndexError):
        view.raw_span(2, 4)
    with pytest.raises(IndexError):
        view.raw_offset(-1)


def test_empty_and_dropped_only():
    for raw in ("", "\u200b", "\u200b\u00ad"):
        view = clean(raw)
        assert view.text == ""
        assert view.raw_span(0, 0) == (0, 0)


def test_view_is_frozen():
    view = clean("abc")
    with pytest.raises(AttributeError):
        view.text = "x"


# -- properties -------------------------------------------------------------

FRAGMENTS = [
    "$", "$$", "\\", "\\\\", "{", "}", "*", "**", "_", "__", "^", "~", "[", "]", "(", ")",
    "`", "``", "'", "''", '"', "<", ">", "a", "b", "X", "Yz", "1", "2.5", " ", " ", "\n", ".",
    "\\times", "\\%", "\\_", "\\textbf{", "\\text{", "{\\bf ", "\\alpha", "\\le", "\\href{",
    "}{", "](", "\\url{", "\\unicode{x", "2014", "D800", "https://github.com/a_b/", "www.",
    "://", "\u2011", "\u2212", "\u00a0", "\u2009", "\u200b", "\u00ad", "“", "’", "–", "×",
]
markup_text = st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join)
any_text = st.one_of(markup_text, st.text(max_size=60))
PLAIN_CHARS = "abcXYZ019 \n\t.,;:!?()]-'\"/=+%#&@|>"
plain_text = st.lists(
    st.one_of(st.text(alphabet=PLAIN_CHARS, max_size=20), st.just("https://github.com/o/r")),
    max_size=8,
).map("".join)


ONE_CHAR = {"~": " ", "`": "'", "]": " "}  # 1-char replacements: nbsp, quote, link


def _is_cut(text: str, i: int) -> bool:
    """Whether clean char i is a space that cuts a long punctuation run or chunk: the
    MAX_PUNCT_RUN chars before it are all punctuation, or the MAX_CHUNK before it have no
    whitespace."""
    if text[i] != " ":
        return False
    before = text[max(0, i - MAX_PUNCT_RUN):i]
    if len(before) == MAX_PUNCT_RUN and regex.fullmatch(r"[^\w\s]+", before):
        return True
    before = text[max(0, i - MAX_CHUNK):i]
    return len(before) == MAX_CHUNK and not regex.search(r"\s", before)


def _starts_ends(view):
    n = len(view.text)
    starts = [view.raw_span(i, n)[0] for i in range(n + 1)]
    ends = [view.raw_span(0, e)[1] for e in range(n + 1)]
    return starts, ends


@settings(max_examples=400, deadline=None)
@given(any_text)
def test_offsets_in_bounds_and_monotone(raw):
    view = clean(raw)
    n, size = len(view.text), len(raw)
    starts, ends = _starts_ends(view)
    assert all(0 <= p <= size for p in starts + ends)
    assert starts == sorted(starts) and ends == sorted(ends)
    # one clean char per replacement keeps empty spans monotone
    assert all(seg[1] - seg[0] == 1 for seg in view._segs if not seg[4])
    positions = [view.raw_offset(i) for i in range(n + 1)]
    assert positions == sorted(positions) and positions == starts
    for i in range(n):
        rs, re_ = view.raw_span(i, i + 1)
        assert 0 <= rs < re_ <= size
        assert view.raw_span(i, i) == (rs, rs)
        # an empty span sits between the previous char's source and this one's
        assert ends[i] <= rs
        if re_ - rs == 1:  # a 1:1 source is the same char or its normalisation
            assert view.text[i] in (raw[rs], _ONE_TO_ONE.get(raw[rs]), ONE_CHAR.get(raw[rs])) \
                or _is_cut(view.text, i)
    # a span's ends depend only on its own start and end
    for s in range(0, n + 1, 3):
        for e in range(s, n + 1, 2):
            if s < e:
                assert view.raw_span(s, e) == (starts[s], ends[e])


@settings(max_examples=300, deadline=None)
@given(plain_text)
def test_text_without_markup_is_identity(raw):
    view = clean(raw)
    n = len(raw)
    assert len(view.text) == n
    assert all(c == r or _is_cut(view.text, i) for i, (c, r) in enumerate(zip(view.text, raw)))
    assert [view.raw_offset(i) for i in range(n + 1)] == list(range(n + 1))
    for s in range(n + 1):
        for e in range(s, n + 1, 3):
            assert view.raw_span(s, e) == (s, e)


@settings(max_examples=200, deadline=None)
@given(markup_text, plain_text)
def test_plain_prefix_shifts_offsets(raw, prefix):
    """Cleaning is local: a plain prefix (ending in a space) only shifts offsets."""
    prefix = prefix.replace("https://github.com/o/r", "url") + " "
    base, shifted = clean(raw), clean(prefix + raw)
    # where a long run is cut depends on where it starts (tested apart)
    assume(not any(_is_cut(v.text, i) for v in (base, shifted) for i in range(len(v.text))))
    assert shifted.text == prefix + base.text
    k, n = len(prefix), len(base.text)
    for s in range(n + 1):
        rs, re_ = base.raw_span(s, n)
        assert shifted.raw_span(k + s, k + n) == (rs + k, re_ + k)


def test_the_ascii_precheck_of_punctuation_runs_agrees_with_the_regex():
    """longruns._may_hold_punct_run reads ASCII bytes through a table made from the same
    class as the regex: it must say True wherever the regex finds a run (and may only be
    wrong the other way for non-ASCII text, which it always passes on)."""
    from extract.text import longruns
    for i, ch in enumerate(map(chr, range(128))):
        run = "ab " + ch * (MAX_PUNCT_RUN + 1) + " cd"
        assert longruns._may_hold_punct_run(run) == bool(longruns._PUNCT_RUN.search(run)), repr(ch)
    assert not longruns._may_hold_punct_run("a (b) [c], {d}; e: f! g? " * 20)
    assert longruns._may_hold_punct_run("see ((((a)))) and =)(=*&^%$#@! end")
    assert longruns.punctuation_breaks("x " + "=" * 20 + " y") == [2 + MAX_PUNCT_RUN, 2 + 2 * MAX_PUNCT_RUN + 1]
