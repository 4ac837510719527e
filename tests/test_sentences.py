"""Sentence spans of abstract text: no false splits after abbreviations,
initials, decimals, versions and URLs; spans always partition the text."""

import pytest
from hypothesis import given, settings, strategies as st

from extract.text.sentences import split_sentences


def sentences(text: str) -> list[str]:
    return [text[s:e] for s, e in split_sentences(text)]


# Each case: the expected sentences; the text is them joined by one space.
ONE_SENTENCE = [
    "Strong baselines (e.g. BERT and RoBERTa) are compared.",
    "We use a teacher model, i.e. GPT-4, to label data.",
    "As shown by Smith et al. (2021), the bound is tight.",
    "The Adam optimizer of Kingma et al. 2014 is used.",
    "Ours outperforms LoRA vs. DoRA on all tasks.",
    "This matches prior work (cf. Table 3) on ImageNet.",
    "Results are shown in Fig. 3 and Figs. 4-5.",
    "The loss is defined in Eq. 2 and Eqs. 3-4.",
    "Details are in Sec. 4 and Tab. 2 of the appendix.",
    "See Ref. 12 for the proof.",
    "It ranks No. 1 on the leaderboard.",
    "It takes approx. 3 hours on one GPU.",
    "Gains are 2 and 3 points resp. (see Table 2) on the two tasks.",
    "The method was proposed by Dr. Lee and Prof. Chen at St. Mary's.",
    "Data from Acme Inc. (USA), Foo Ltd. (UK) and Bar Co. Jr. were used.",
    "The dataset was released on Jan. 5, 2024 and updated in Sept. 2024.",
    "We thank J. Smith and A. B. Jones for comments.",
    "The U.S. Army funded this work.",
    "Accuracy improves from 3.5 to 4.25 points.",
    "We release v1.2 and v2.0.1 of the toolkit.",
    "Code is at github.com/owner/repo.name and www.example.org/a.b today.",
    "Performance degrades... but only slightly.",
    "We evaluate text, images, audio, etc. in one model.",
    "Is it robust? not always, as we show.",
]

SPLITS = [
    ["Large models are costly.", "We propose a cheaper variant."],
    ["Does scale help?", "We find that it does!", "Code is released."],
    ["We evaluate on ImageNet.", "2,000 images are held out."],
    ['The model is called "Fast."', "It is fast."],
    ["We follow prior work (see Fig. 2).", "Results improve."],
    ["Code: https://github.com/a/b.", "Data are public."],
    ["We study images, text, etc.", "The results are strong."],
    ["The rank is bounded by N.", "We show this is tight."],
    ["We observe either X or Y.", "Under mild conditions, both are identifiable."],
    ["Wait...", "There is more."],
    ["We define $f$.", "$f$ is convex."],
    ["We define the loss.", "\\textbf{Ours} wins."],
    ["Accuracy is 91.2%.", "(Table 1) summarises it."],
    ["It improves by 3.5.", "3 seeds are used."],
    ["We use Model-A.", "Then we fine-tune it."],
]


@pytest.mark.parametrize("sentence", ONE_SENTENCE)
def test_no_false_split(sentence):
    assert sentences(sentence) == [sentence]
    assert sentences(f"This is the first one. {sentence} This is the last one.") == [
        "This is the first one.", sentence, "This is the last one."]


@pytest.mark.parametrize("parts", SPLITS)
def test_splits(parts):
    assert sentences(" ".join(parts)) == parts
    assert sentences("  \n" + "\n".join(parts) + "\n ") == parts


@pytest.mark.parametrize(("text", "expected"), [
    ("", []),
    (" \n\t ", []),
    ("no final period", ["no final period"]),
    ("ICML 2026 Papers\n\nStochastic Frank-Wolfe is classical.", [
        "ICML 2026 Papers", "Stochastic Frank-Wolfe is classical."]),
    ("First paragraph without stop\n \nsecond one", ["First paragraph without stop", "second one"]),
    ("no space after period.Next word", ["no space after period.Next word"]),
    ("lower case follows. and continues", ["lower case follows. and continues"]),
])
def test_edges(text, expected):
    assert sentences(text) == expected


def test_offsets_point_into_text():
    text = "  Alpha beta.  Gamma delta!\nEpsilon.  "
    assert split_sentences(text) == [(2, 13), (15, 27), (28, 36)]


# -- properties -------------------------------------------------------------

PIECES = [
    "We", "the", "model", "N", "J", "A", "e.g.", "i.e.", "et al.", "Fig.", "etc.", "vs.",
    "3.5", "v1.2", "github.com/a.b", "(", ")", '"', "'", "$x$", "\\", ".", "..", "...", "!",
    "?", "…", ". ", "! ", "? ", " ", "  ", "\n", "\n\n", "\t", "\u00a0", "\u2003", "\x1c",
]
abstract_like = st.lists(st.sampled_from(PIECES), max_size=60).map("".join)


@settings(max_examples=500, deadline=None)
@given(st.one_of(abstract_like, st.text(max_size=80)))
def test_spans_partition_the_text(text):
    spans = split_sentences(text)
    last = 0
    for s, e in spans:
        assert last <= s < e <= len(text)
        assert not text[s].isspace() and not text[e - 1].isspace()
        assert text[last:s].strip() == ""  # only whitespace between sentences
        last = e
    assert text[last:].strip() == ""
