"""The package installs as pure Python (no C compiler; .ci/run installs it as a user would):
what is imported is the source, and a pipeline sent to worker processes by pickling finds
what the original finds."""
import pickle
from pathlib import Path

import extract
from extract.engine.phrases import PhraseIndex


def test_the_installed_package_is_pure_python_and_runs():
    from extract.engine import matching

    assert Path(matching.__file__).suffix == ".py"
    record = extract.Extractor().extract_text("Code: https://github.com/acme/deep-forcing")
    assert [g.url for g in record.github] == ["https://github.com/acme/deep-forcing"]


def test_a_pickled_field_matcher_finds_the_same_hits():
    nlp = extract.build_pipeline()
    matcher = dict(nlp.pipeline)["extract_metrics"].matcher
    copy = pickle.loads(pickle.dumps(matcher))
    assert copy is not matcher and isinstance(copy.phrases, PhraseIndex)
    text = "Our model reaches 91.2% top-1 accuracy on ImageNet, 3.4 points above ResNet-50."
    hits = lambda m: [(h.rule, h.start, h.end, h.groups) for h in m.find(nlp.make_doc(text), text)]  # noqa: E731
    assert hits(copy) == hits(matcher) and hits(matcher)
