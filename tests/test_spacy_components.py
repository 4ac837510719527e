"""The fields as spaCy components: factories and entry points, `doc.spans`, multiprocessing,
serialisation, and `build_pipeline`."""
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from spacy.language import Language
from spacy.tokens import DocBin

from extract import build_pipeline
from extract.inputs.readers import read_inputs
from extract.pipeline.registry import FIELDS

REPO = Path(__file__).resolve().parent.parent
HARDWARE = """\
field: hardware
patterns:
  - id: hardware.nvidia
    regex: '\\b(?:A100|H100|V100)\\b'
  - id: hardware.tpu
    phrases: ["TPU v4", "TPU v5e"]
"""
TEXTS = [
    "Training takes 3 days on 8 H100 GPUs, versus 2 days on a TPU v5e pod.",
    "We propose Deep Forcing, which reaches 76.0% on FormalMath-Lite with LLaDA-8B-Instruct. "
    "Code: https://github.com/acme/deep-forcing.",
    "Nothing to find here.",
]


@pytest.fixture(scope="module")
def hw_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("hw")
    (d / "hardware.yaml").write_text(HARDWARE)
    return d


@pytest.fixture(scope="module")
def nlp(hw_dir):
    return build_pipeline([str(hw_dir)])


def entry_points() -> dict[str, str]:
    data = tomllib.loads((REPO / "pyproject.toml").read_text())
    return data["project"]["entry-points"]["spacy_factories"]


def snapshot(doc) -> dict:
    """Everything a spaCy user reads from a doc: spans (text, label, attributes) and user_data,
    as JSON (msgpack, which DocBin uses, gives back lists as tuples)."""
    data = {"spans": {k: [(s.text, s.label_, s._.extract) for s in doc.spans[k]] for k in doc.spans},
            "store": doc.user_data.get("extract")}
    return json.loads(json.dumps(data))


def test_every_field_has_a_factory_and_an_entry_point():
    """The entry points (spaCy finds the factories through them) name the registry's fields."""
    names = {f.factory for f in FIELDS} | {"extract_field"}
    assert set(entry_points()) == names
    for name, target in entry_points().items():
        module, attr = target.split(":")
        assert Language.has_factory(name)
        assert getattr(__import__(module, fromlist=[attr]), attr) is not None


def test_add_pipe_works_without_importing_the_package_first(tmp_path):
    code = ("import sys, spacy\n"
            "assert 'extract' not in sys.modules\n"
            "nlp = spacy.blank('en')\n"
            "nlp.add_pipe('extract_github')\n"
            "doc = nlp('Code: https://github.com/acme/deep-forcing')\n"
            "print([(s.text, s.label_, s._.extract['url']) for s in doc.spans['github']])\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ("[('https://github.com/acme/deep-forcing', 'github.url', "
                                   "'https://github.com/acme/deep-forcing')]")


def test_build_pipeline_has_a_component_per_field_named_extract_field(nlp):
    assert nlp.pipe_names[-1] == "extract_hardware"
    assert all(name.startswith("extract_") for name in nlp.pipe_names)
    assert {"extract_github", "extract_hardware"} <= set(nlp.pipe_names)


def test_spans_carry_the_rule_as_label_and_json_ready_mentions(nlp):
    doc = nlp(TEXTS[0])
    assert [(s.text, s.label_, s.start_char, s.end_char) for s in doc.spans["hardware"]] == [
        ("H100", "hardware.nvidia", 27, 31), ("TPU v5e", "hardware.tpu", 57, 64)]
    assert [s._.extract for s in doc.spans["hardware"]] == doc.user_data["extract"]["hardware"]


def test_every_field_mention_on_the_seeds_is_json_serialisable(nlp):
    texts = [a.text for a in read_inputs([str(REPO / "seeds")]) if hasattr(a, "text")]
    for doc in nlp.pipe(texts):
        json.dumps(doc.user_data.get("extract"))
        for key in doc.spans:
            json.dumps([s._.extract for s in doc.spans[key]])


def test_nlp_pipe_with_two_processes_gives_the_same_docs(nlp):
    one = [snapshot(d) for d in nlp.pipe(TEXTS * 2)]
    two = [snapshot(d) for d in nlp.pipe(TEXTS * 2, n_process=2, batch_size=1)]
    assert two == one
    assert one[0]["spans"]["hardware"] and one[1]["spans"]["github"]


def test_docbin_round_trip_keeps_spans_and_user_data(nlp):
    docs = list(nlp.pipe(TEXTS))
    data = DocBin(docs=docs, store_user_data=True).to_bytes()
    back = list(DocBin().from_bytes(data).get_docs(nlp.vocab))
    assert [snapshot(d) for d in back] == [snapshot(d) for d in docs]


def test_saved_pipeline_loads_and_runs_in_spawned_processes(nlp, tmp_path):
    """A fresh process loads the saved pipeline (no `import extract`), then pipes with spawned
    workers (the default on macOS and Windows), which start from nothing: the components and
    `Span._.extract` must come back on their own."""
    nlp.to_disk(tmp_path / "pipeline")
    code = ("import json, multiprocessing, spacy\n"
            "if __name__ == '__main__':\n"
            "    multiprocessing.set_start_method('spawn', force=True)\n"
            f"    nlp = spacy.load({str(tmp_path / 'pipeline')!r})\n"
            f"    docs = nlp.pipe({TEXTS!r}, n_process=2, batch_size=1)\n"
            "    print(json.dumps([[s._.extract for s in d.spans['hardware']] for d in docs]))\n")
    script = tmp_path / "spawned.py"
    script.write_text(code)
    proc = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [snapshot(d)["store"]["hardware"] for d in nlp.pipe(TEXTS)]


def test_spans_false_keeps_the_mentions_in_user_data_only(hw_dir, nlp):
    lean = build_pipeline([str(hw_dir)], spans=False)
    full, bare = nlp(TEXTS[1]), lean(TEXTS[1])
    assert not bare.spans and full.spans["methods"]
    assert bare.user_data["extract"] == full.user_data["extract"]
    assert [m["name"] for m in bare.user_data["extract"]["methods"]] == ["Deep Forcing"]
