"""A user's own post-processor for a user's own field: `postprocess: package.module:function`
in the rule file, a module outside the package (here in tmp_path, on sys.path), or a function
registered in spaCy's `misc` registry. `rules check` names one that does not exist."""
import sys
import textwrap

import pytest
import spacy

from extract import Extractor
from extract.cli.main import main

MODULE = '''
def gpus(doc, hits, context):
    """Every GPU with the count before it, upper-cased, one per sentence."""
    out, seen = [], set()
    for h in hits:
        sentence = context.sentence_of(h.start)
        if sentence in seen:
            continue
        seen.add(sentence)
        out.append({"name": h.groups["name"][2].upper(), "count": int(h.groups["count"][2]),
                    "start": h.start, "end": h.end, "rule": h.rule})
    return out
'''


def rules(tmp_path, postprocess: str):
    folder = tmp_path / "rules"
    folder.mkdir(exist_ok=True)
    (folder / "hw.yaml").write_text(textwrap.dedent(f"""\
        field: hardware
        postprocess: {postprocess}
        patterns:
          - id: hardware.gpus
            regex: '(?P<count>\\d+)\\s+(?P<name>[ahv]100)\\b'
            ignore_case: true
        """))
    return folder


@pytest.fixture
def user_module(tmp_path, monkeypatch):
    (tmp_path / "my_post.py").write_text(MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "my_post"
    sys.modules.pop("my_post", None)


def test_a_module_function_post_processes_a_user_field(tmp_path, user_module):
    extractor = Extractor([str(rules(tmp_path, f"{user_module}:gpus"))])
    record = extractor.extract_text("We train on 8 h100 GPUs and 4 A100 cards. Later, 2 v100 GPUs.")
    assert [(m["name"], m["count"], m["rule"]) for m in record.model_dump()["hardware"]] == [
        ("H100", 8, "hardware.gpus"), ("V100", 2, "hardware.gpus")]


def test_a_spacy_registry_name_post_processes_a_user_field(tmp_path, user_module):
    import my_post

    spacy.registry.misc.register("test_gpus_registered", func=my_post.gpus)
    extractor = Extractor([str(rules(tmp_path, "test_gpus_registered"))])
    record = extractor.extract_text("On 16 A100 GPUs.")
    assert [(m["name"], m["count"]) for m in record.model_dump()["hardware"]] == [("A100", 16)]


@pytest.mark.parametrize("name", ["my_post:nope", "no_such_module_xyz:f", "no_such_postprocessor"])
def test_rules_check_names_a_missing_post_processor(tmp_path, user_module, capsys, name):
    assert main(["rules", "check", "--rules", str(rules(tmp_path, name))]) == 1
    shown = capsys.readouterr()
    assert f"hw.yaml:2: postprocess: no post-processor {name}" in shown.out + shown.err
