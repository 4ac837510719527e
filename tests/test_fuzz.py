"""Fuzz the whole pipeline: generated abstracts (real sentences mixed with LaTeX, numbers,
brackets, URLs, odd Unicode and hostile runs) must give a record without an exception,
every mention exactly `text[start:end]`, lists ordered by `start`, and valid JSON.

Seeded (derandomized) so a failure repeats; EXTRACT_FUZZ_EXAMPLES=20000 runs a longer
search. bench/fuzz.py runs 100,000 such abstracts outside the suite and reports times.
"""
import os

from hypothesis import HealthCheck, given, settings, strategies as st

from extract.inputs.readers import Abstract
from fuzzing import abstract, problems

ANY_CHAR = st.characters(exclude_categories=())  # lone surrogates too
EXAMPLES = int(os.environ.get("EXTRACT_FUZZ_EXAMPLES", "300"))
FUZZ = settings(max_examples=EXAMPLES, derandomize=True, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _check(extractor, text: str, title: str | None = None) -> None:
    record = extractor.extract(Abstract(id="fuzz#0", source="<fuzz>", text=text, title=title))
    assert problems(record) == []


@FUZZ
@given(rng=st.randoms(use_true_random=False), hostile=st.booleans())
def test_generated_abstracts_give_exact_records(extractor, rng, hostile):
    _check(extractor, abstract(rng, hostile=hostile and rng.random() < 0.3))


@FUZZ
@given(text=st.text(ANY_CHAR, max_size=300), title=st.one_of(st.none(), st.text(ANY_CHAR, max_size=40)))
def test_any_unicode_text_gives_an_exact_record(extractor, text, title):
    _check(extractor, text, title)
