"""The package CI tests is the compiled one a user installs (hatch_build.py)."""
import os
import pickle

import pytest

import extract
from extract.engine.phrases import PhraseIndex


@pytest.mark.skipif(not os.environ.get("EXTRACT_EXPECT_COMPILED"),
                    reason="set by .ci/run, which installs the wheel as a user would")
def test_the_installed_wheel_runs_the_compiled_modules():
    assert extract.compiled()


def test_a_pickled_field_matcher_finds_the_same_hits():
    nlp = extract.build_pipeline()
    matcher = dict(nlp.pipeline)["extract_metrics"].matcher
    copy = pickle.loads(pickle.dumps(matcher))
    assert copy is not matcher and isinstance(copy.phrases, PhraseIndex)
    text = "Our model reaches 91.2% top-1 accuracy on ImageNet, 3.4 points above ResNet-50."
    hits = lambda m: [(h.rule, h.start, h.end, h.groups) for h in m.find(nlp.make_doc(text), text)]  # noqa: E731
    assert hits(copy) == hits(matcher) and hits(matcher)
