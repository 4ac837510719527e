"""extract/text/rx.py wraps the pattern's own methods, adding a timeout only when there is one.
Each helper must give what the pattern's own method gives, with and without a timeout."""
import pytest
import regex

from extract.text import rx

TEXT = "We propose ABC-Net (ABC), which improves F1 by 3.2 points and 4.5% on  SQuAD, and 2x faster."
PATTERNS = [regex.compile(p) for p in (r"\d+(?:\.\d+)?", r"\s+", r"\p{Lu}{2,}", r"(?<=\()\w+(?=\))", r"aa")]


def spans(matches):
    return [m.span() for m in matches]


def test_each_helper_matches_the_method_it_wraps():
    for p in PATTERNS:
        for pos, end in [(0, None), (11, None), (11, 40), (0, 0)]:
            args = (pos, end)
            assert spans(rx.finditer(p, TEXT, *args)) == spans(p.finditer(TEXT, *args))
            assert spans(rx.finditer(p, TEXT, *args, 5.0)) == spans(p.finditer(TEXT, *args))
            for name in ("match", "search", "fullmatch"):
                got, want = getattr(rx, name)(p, TEXT, *args), getattr(p, name)(TEXT, *args)
                assert (got and got.span()) == (want and want.span()), (p.pattern, name, args)
        assert rx.sub(p, "_", TEXT) == p.sub("_", TEXT)
        assert rx.split(p, TEXT) == p.split(TEXT)
        assert rx.split(p, TEXT, 1) == p.split(TEXT, maxsplit=1)


def test_a_timeout_reaches_the_regex_module():
    slow, text = regex.compile(r"(?:a|aa)+\d"), "a" * 60  # exponential backtracking
    for call in (rx.match, rx.search, lambda p, t, timeout: list(rx.finditer(p, t, 0, None, timeout))):
        with pytest.raises(TimeoutError):
            call(slow, text, timeout=0.01)


def test_finditer_does_not_overlap():
    assert spans(rx.finditer(regex.compile("aa"), "aaaa")) == [(0, 2), (2, 4)]


def test_end_anchored_searches_as_its_forward_regex_and_pickles():
    import pickle

    p = rx.EndAnchored(regex.compile(r"(?<![\w-])(?:(?:[A-Z]\w*|of)\s)+\Z"))
    for end in range(len(TEXT) + 1):
        for lo in (0, max(0, end - 30)):
            want = p.forward.search(TEXT, lo, end)
            for got in (p.search(TEXT, lo, end), rx.search(p, TEXT, lo, end, 5.0)):  # with a timeout too
                assert (got and got.span()) == (want and want.span())
    assert p.search("We propose ABC Net ").span() == (11, 19)
    assert p.groupindex == p.forward.groupindex and p.match("ABC ", 0).span() == (0, 4)
    copy = pickle.loads(pickle.dumps(p))
    assert copy.search("We propose ABC Net ").span() == (11, 19)


def test_finditer_at_finds_what_finditer_finds():
    """A pattern whose matches all begin with one of a few words: tried only where the words
    occur, it must give finditer's matches (overlapping places skipped, look-behinds seeing
    the text before the place, a word inside another word tried and failing)."""
    text = ("Vision-language models such as CLIP, SigLIP and BLIP-2, and MLLMs like LLaVA and "
            "Qwen-VL; LLMs (e.g., GPT-4o, Llama 3) and backbones including ResNet-50. "
            "Our models models like X and Y.")
    pattern = regex.compile(r"\b(?:models|backbones|LLMs|MLLMs)(?:,?[ ](?:such[ ]as|like|including)[ ]|[ ]\((?:e\.g\.,?[ ])?)"
                            r"[\w-]+(?:(?:,[ ]|[ ]and[ ])[\w-]+(?:[ ]\d)?)*")
    starts = ("models", "backbones", "LLMs", "MLLMs")
    want = spans(pattern.finditer(text))
    assert len(want) == 5
    assert spans(rx.finditer_at(pattern, text, starts)) == want
    for p in PATTERNS[:3]:  # the same with the only words they can start with
        words = tuple(sorted({m.group()[:1] for m in p.finditer(TEXT)} | {"x"}))
        assert spans(rx.finditer_at(p, TEXT, words)) == spans(p.finditer(TEXT))
