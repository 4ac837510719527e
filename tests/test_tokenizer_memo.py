"""The tokenizer's remembered affix searches (extract/engine/tokenizer.py, `AffixMemo`) give
the tokens the plain searches give, stay bounded, and save and pickle with a pipeline."""
import pickle

import pytest
import spacy

from extract.engine import affixfacts, tokenizer as tok

# Sentences of corpus abstracts: words that come back glued to other punctuation ("model," /
# "(model)" / "model."), units after numbers, signs before numbers, final periods after capitals.
SENTENCES = [
    "We propose SER, a self-evolving reasoner (SER), and evaluate SER on GSM8K.",
    "On MMLU (5-shot), Qwen2.5-7B-Instruct reaches 81.2%, i.e. +3.4 points over the baseline's 77.8%.",
    "The model (a 7B model) runs at 12.5ms/token on 8xA100 GPUs, 2.3x faster than vLLM.",
    "Results on ImageNet-1k, CIFAR-10/100 and ADE20K. mIoU improves by 1.2 (p<0.05), AUC=0.751.",
    "Latency drops from 120ms to 45ms; memory from 24GB to 9.5GB (-60%), see Fig. 3 and Tab. 2.",
    "Our code: https://github.com/org/repo. Data (CC-BY 4.0) is at huggingface.co/datasets/org/data.",
    "It costs $5, uses 10km of cable at 20°C. e.g. the U.S. data of Ph.D. students on CoT.",
    "\"Quoted\" words, 'single' quotes, [brackets], {braces}... and an ellipsis…",
]


def _plain_english():
    """The same rules with the plain regex searches (what spaCy would run without the memo)."""
    nlp = spacy.blank("en")
    tok.split_final_period(nlp)
    tok.split_sign_before_number(nlp)
    return nlp


def _tokens(nlp, text):
    return [(t.text, t.idx, t.whitespace_) for t in nlp.make_doc(text)]


@pytest.mark.parametrize("text", SENTENCES)
def test_remembered_searches_give_the_plain_tokens(text):
    nlp = tok.blank_english()
    assert isinstance(nlp.tokenizer.suffix_search.__self__, tok.AffixMemo)
    # Other sentences first: the memo then answers for words this one shares with them.
    for other in SENTENCES:
        nlp.make_doc(other.upper())
        nlp.make_doc(other.replace(" ", ", "))
    assert _tokens(nlp, text) == _tokens(_plain_english(), text)


def test_the_memo_is_used_and_starts_afresh_when_full(monkeypatch):
    monkeypatch.setattr(tok, "MEMO_SIZE", 50)
    nlp = tok.blank_english()
    memo = nlp.tokenizer.suffix_search.__self__
    plain = _plain_english()
    for i, text in enumerate(SENTENCES * 3):
        text = f"{text} w{i}x, (w{i}y)."  # new chunks each round
        assert _tokens(nlp, text) == _tokens(plain, text)
        assert 0 < len(memo._searched) <= 50
    assert memo.search("model,") is memo.search("model,")  # remembered, not searched again


def test_a_pipeline_with_the_memo_saves_and_loads(tmp_path):
    nlp = tok.blank_english()
    nlp.tokenizer.to_disk(tmp_path / "tokenizer")
    loaded = spacy.blank("en")
    loaded.tokenizer.from_disk(tmp_path / "tokenizer")
    for text in SENTENCES:
        assert _tokens(loaded, text) == _tokens(nlp, text)


def test_a_pipeline_with_the_memo_pickles_after_use():
    nlp = tok.blank_english()
    for text in SENTENCES:
        nlp.make_doc(text)  # the memo now holds match objects, which do not pickle
    copy = pickle.loads(pickle.dumps(nlp))
    for text in SENTENCES:
        assert _tokens(copy, text) == _tokens(nlp, text)


def test_the_suffix_search_from_the_tail_finds_what_the_whole_search_finds():
    """The suffix search starts near the end of the string (`TailSearch`): the same match
    for every word of the sentences above, every piece left after its suffixes are cut, and
    the strings whose suffix starts further back (a long run of periods, a final newline)."""
    compiled = spacy.blank("en").tokenizer.suffix_search.__self__
    search = tok.TailSearch.of(compiled)
    assert search != compiled.search  # spaCy's suffixes are all of the shape it knows
    strings = ["a.......", "...........", "x\n", "20km\n", "12km", "30°C.", "GSM8K.", "model's", "—", ""]
    for text in SENTENCES:
        for word in text.split():
            while word:
                strings.append(word)
                m = compiled.search(word)
                word = word[: m.start()] if m and m.start() else word[1:]
    for s in strings:
        want, got = compiled.search(s), search(s)
        assert (got and got.span()) == (want and want.span()), s


@pytest.mark.parametrize("pattern", [r"abc", r"a$|b", r"(?:x|y)+$", r"a+$|\.\.+$"])
def test_no_tail_search_for_a_regex_of_another_shape(pattern):
    import re

    compiled = re.compile(pattern)
    assert tok.TailSearch.of(compiled) == compiled.search


@pytest.mark.parametrize("pattern, needs", [
    (r"(?<=[0-9])[+\-\*^](?=[0-9-])", True), (r"(?:-|–|—)", True), (r"\.\.+|…", True),
    (r"[a-z]", False), (r"\w", False), (r"x|-", False), (r"[^a-z]", False), (r"(?:,)?", False),
])
def test_a_word_of_letters_and_digits_is_searched_for_infixes_only_when_one_could_match(pattern, needs):
    assert affixfacts.needs(pattern, lambda ch: not ch.isalnum()) is needs


def test_the_infix_memo_spares_words_of_letters_and_digits():
    nlp = tok.blank_english()
    memo = nlp.tokenizer.infix_finditer.__self__
    assert memo._letters_have_none  # spaCy's infixes are all punctuation or symbols
    assert memo.finditer("Qwen25") == () and "Qwen25" not in memo._split
    assert [m.group() for m in memo.finditer("F1=0.657")] == ["="]


def test_the_affix_facts_of_spacys_english_tokenizer():
    """What extract/engine/affixfacts.py reads from spaCy's regexes, and that each search it
    lets the tokenizer skip would have found nothing."""
    plain = _plain_english().tokenizer
    prefix, suffix = plain.prefix_search.__self__, plain.suffix_search.__self__
    first, last = affixfacts.start_chars(prefix.pattern), affixfacts.end_chars(suffix.pattern)
    assert {"(", "[", "$", '"'} <= first and "a" not in first and "U" in first  # "US$"
    assert {")", ".", ",", "%", "s", "m"} <= last and "e" not in last and "y" not in last  # "'s", "km"
    assert affixfacts.needs(plain.url_match.__self__.pattern, lambda ch: ch == ".")
    assert affixfacts.start_chars(suffix.pattern) is None and affixfacts.end_chars(prefix.pattern) is None
    words = [w for text in SENTENCES for w in text.split()]
    for w in words + ["model", "Energy", "(x", "US$5", "x)", "12km"]:
        if w[0] not in first:
            assert prefix.search(w) is None, w
        if w[-1] not in last:
            assert suffix.search(w) is None, w
        if "." not in w:
            assert plain.url_match(w) is None, w
