"""rules/README.md is run, not just read: its four steps give what it shows, and its
reference names every key of the rule-file schema and every `rules` command."""
import json
from pathlib import Path

import pytest
import regex

from extract.cli.main import main
from extract.engine.budget import BUDGET_ENV, DEFAULT_BUDGET_S
from extract.engine.matching import REGEX_TIMEOUT_S, TIMEOUT_ENV
from extract.engine.rulefile import Example, ListFragment, Pattern, RuleFile

README = (Path(__file__).resolve().parent.parent / "rules" / "README.md").read_text(encoding="utf-8")
SENTENCE = "Training takes 3 days on 8 H100 GPUs, versus 2 days on a TPU v5e pod."


def blocks(lang: str) -> list[str]:
    return regex.findall(rf"```{lang}\n(.*?)```", README, flags=regex.S)


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A folder with `my_rules/hardware.yaml` written from the README's YAML block."""
    (tmp_path / "my_rules").mkdir()
    (tmp_path / "my_rules" / "hardware.yaml").write_text(blocks("yaml")[0], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_step_2_check_passes(project, capsys):
    assert main(["rules", "check", "--rules", "my_rules/"]) == 0
    assert capsys.readouterr().err.strip().endswith("rules: OK")


def test_step_2_a_broken_regex_is_reported_as_shown(project, capsys):
    path = project / "my_rules" / "hardware.yaml"
    path.write_text(path.read_text().replace("V100)", "V100", 1))
    shown = [b for b in blocks("console") if "$ extract rules check" in b][1].strip().splitlines()[-1]
    assert main(["rules", "check", "--rules", "my_rules/"]) == 1
    assert capsys.readouterr().out.strip() == shown


def test_step_3_examples_pass_and_a_wrong_expect_fails_as_shown(project, capsys):
    assert main(["rules", "test", "--rules", "my_rules/", "--field", "hardware"]) == 0
    path = project / "my_rules" / "hardware.yaml"
    path.write_text(path.read_text().replace('["A100", "TPU v4"]', '["A100", "TPU v5e"]'))
    capsys.readouterr()
    shown = next(b for b in blocks("console") if "example failed" in b).strip()
    assert main(["rules", "test", "--rules", "my_rules/", "--field", "hardware"]) == 1
    assert capsys.readouterr().out.strip() == shown


def test_step_4_run_gives_the_column_shown(project, capsys):
    (project / "abstracts.jsonl").write_text(json.dumps({"id": "p1", "text": SENTENCE}) + "\n")
    assert main(["run", "abstracts.jsonl", "--rules", "my_rules/", "-o", "out.jsonl"]) == 0
    record = json.loads((project / "out.jsonl").read_text())
    shown = json.loads("{" + blocks("json")[0] + "}")
    assert record["hardware"] == shown["hardware"]


@pytest.mark.parametrize("model", [RuleFile, Pattern, ListFragment, Example], ids=lambda m: m.__name__)
def test_reference_documents_every_key(model):
    reference = README[README.index("## Reference"):]
    missing = [k for k in model.model_fields if f"| `{k}` |" not in reference]
    assert not missing, f"rules/README.md does not document {model.__name__} keys {missing}"


def test_readme_names_every_rules_command_and_the_timeout():
    for command in ("check", "test", "list"):
        assert f"extract rules {command}" in README
    assert TIMEOUT_ENV in README and f"longer than {REGEX_TIMEOUT_S:g} seconds" in README
    assert BUDGET_ENV in README and f"{DEFAULT_BUDGET_S:g} s by default" in README
