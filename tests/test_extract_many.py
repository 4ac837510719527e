"""`Extractor.extract_many` runs batches of abstracts through each component in turn; what it
gives must be what `extract` gives one abstract at a time, batch boundaries and failures
included."""
import json
from pathlib import Path

import pytest

from extract.inputs.readers import Abstract, read_inputs
from extract.pipeline import extractor as pipeline
from extract.pipeline.extractor import Extractor

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


def _abstracts() -> list[Abstract]:
    seeds = [a for a in read_inputs([str(REPO / "seeds")]) if isinstance(a, Abstract)]
    gold = REPO / "data" / "gold" / "dev3.jsonl"
    rows = [json.loads(line) for line in gold.read_text(encoding="utf-8").splitlines() if line.strip()]
    return seeds + [Abstract(id=r["id"], source=str(gold), text=r["text"], title=r.get("title")) for r in rows]


@pytest.mark.parametrize("batch", [1, 3, 16, 64])
def test_batches_give_the_records_of_one_at_a_time(extractor, monkeypatch, batch):
    abstracts = _abstracts()
    assert len(abstracts) > 2 * 16  # several batches, and a last one cut short
    one_by_one = []
    for a in abstracts:
        one_by_one.append(extractor.extract(a).model_dump_json())
    monkeypatch.setattr(pipeline, "BATCH", batch)
    many = [(a.id, r.model_dump_json(), problems) for a, r, problems in extractor.extract_many(abstracts)]
    assert [a.id for a in abstracts] == [i for i, _, _ in many]
    assert one_by_one == [r for _, r, _ in many]


def test_a_failure_costs_only_its_own_abstract(extractor, monkeypatch):
    abstracts = [Abstract(id=str(i), source="t", text=t) for i, t in
                 enumerate(["We propose FooNet, a new model.", "BOOM", "Code: https://github.com/a/b"])]
    name, real = extractor.components[2]

    def flaky(doc):
        if doc.text == "BOOM":
            raise RuntimeError("bug")
        return real(doc)

    monkeypatch.setattr(extractor, "components", extractor.components[:2] + [(name, flaky)] + extractor.components[3:])
    out = list(extractor.extract_many(abstracts))
    assert [a.id for a, _, _ in out] == ["0", "1", "2"]
    assert isinstance(out[1][1], RuntimeError) and out[1][2] == []
    assert out[0][1].methods and out[2][1].github  # the others of the batch went on to the end
    assert extractor.problems == []


def test_problems_stay_with_their_abstract(extractor, monkeypatch):
    abstracts = [Abstract(id=str(i), source="t", text=f"We propose Net{i}, a new model.") for i in range(3)]
    name, real = extractor.components[0]

    def noisy(doc):
        state = extractor.states.of(doc)
        state.problems.append(f"seen {state.id}")
        return real(doc)

    monkeypatch.setattr(extractor, "components", [(name, noisy)] + extractor.components[1:])
    assert [problems for _, _, problems in extractor.extract_many(abstracts)] == [["seen 0"], ["seen 1"], ["seen 2"]]
