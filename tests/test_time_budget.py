"""The time budget of one abstract (extract/engine/budget.py): one deadline shared by every
rule and field, a record that says which field ran out and keeps what the others found, and
settings checked before any work starts."""
import json
import time

import pytest

from extract import Extractor
from extract.cli.main import main
from extract.engine.budget import BUDGET_ENV, DEFAULT_BUDGET_S, BudgetSpent, Deadline, parse_budget
from extract.inputs.readers import Abstract
from extract.pipeline.extractor import BATCH
from extract.pipeline.registry import run_order

TEXT = ("We propose FooNet, which reaches 91.2% accuracy on ImageNet. "
        "Code: https://github.com/owner/foonet")


def _slow_rules(root, cues: int = 10):
    """A user field whose `after:` regex backtracks exponentially at each cue: the case of one
    full regex timeout per cue (ten cues, twenty seconds before the budget)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "slow.yaml").write_text(
        "field: slow\npatterns:\n  - id: slow.cue\n    regex: 'cue'\n    after: '\\s*(?:a|aa)+$'\n")
    return root, " ".join(["cue " + "a" * 40 + "!"] * cues)


def test_a_backtracking_user_rule_stops_at_the_budget_and_keeps_the_other_fields(tmp_path):
    rules, slow_text = _slow_rules(tmp_path / "rules")
    extractor = Extractor([str(rules)], time_budget=0.3)
    started = time.monotonic()
    record = extractor.extract_text(TEXT + " " + slow_text, id="slow#0")
    elapsed = time.monotonic() - started
    # not a speed measurement: without the budget this abstract takes ten regex timeouts (20 s)
    assert elapsed < 5, elapsed
    data = record.model_dump()
    assert data["stopped"] == "slow" and data["slow"] == []
    assert [m["url"] for m in data["github"]] == ["https://github.com/owner/foonet"]
    assert [m["name"] for m in data["methods"]] == ["FooNet"]
    assert [m["value"] for m in data["metrics"]] == [91.2]
    assert extractor.problems == ["time budget of 0.3 s ran out in field slow on document slow#0; "
                                  "it and the fields after it found nothing"]


def test_the_next_abstract_gets_a_fresh_budget(tmp_path):
    rules, slow_text = _slow_rules(tmp_path / "rules", cues=3)
    extractor = Extractor([str(rules)], time_budget=0.2)
    assert extractor.extract_text(slow_text).model_dump()["stopped"] == "slow"
    after = extractor.extract_text(TEXT + " cue aaa").model_dump()
    assert "stopped" not in after and [m["text"] for m in after["slow"]] == ["cue aaa"]


def test_a_spent_budget_stops_the_field_at_work_and_the_fields_after_it():
    extractor = Extractor(time_budget=1e-9)
    data = extractor.extract_text(TEXT).model_dump()
    first = run_order(["methods", "models", "datasets", "metrics", "speedups", "github", "acronyms"])[0]
    assert data["stopped"] == first
    assert all(data[f] == [] for f in ("methods", "models", "datasets", "metrics", "speedups", "github"))
    assert data["text"] == TEXT  # the record itself is whole


def test_no_budget_means_no_stop_and_the_same_record():
    off, default = Extractor(time_budget="off"), Extractor()
    assert off.extract_text(TEXT) == default.extract_text(TEXT)
    assert "stopped" not in default.extract_text(TEXT).model_dump()


@pytest.mark.parametrize("value, seconds", [(None, DEFAULT_BUDGET_S), ("", DEFAULT_BUDGET_S), ("0.25", 0.25),
                                            (2, 2.0), ("off", None), (" OFF ", None)])
def test_budget_settings(value, seconds):
    assert parse_budget(value) == seconds


@pytest.mark.parametrize("value", ["0", "-1", "abc", "nan", "inf", "1e999"])
def test_a_bad_budget_on_the_command_line_is_one_line_before_any_work(value, tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    assert main(["run", str(tmp_path), "-o", str(out), "--time-budget", value]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (f"extract: --time-budget={value}: expected a number of seconds above 0, e.g. 0.5, "
                           f"or off (the default is {DEFAULT_BUDGET_S:g} s)")
    assert not out.exists()


def test_a_bad_budget_in_the_environment_is_one_line_before_any_work(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(BUDGET_ENV, "0")
    assert main(["run", str(tmp_path), "-o", str(tmp_path / "out.jsonl")]) == 2
    assert capsys.readouterr().err.startswith(f"extract: {BUDGET_ENV}=0: expected a number of seconds above 0")


def test_a_run_goes_on_past_an_abstract_that_ran_out(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(BUDGET_ENV, raising=False)
    rules, slow_text = _slow_rules(tmp_path / "rules", cues=4)
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"id": i, "text": t}) + "\n" for i, t in
                           [("a", TEXT), ("b", slow_text), ("c", TEXT)]))
    out = tmp_path / "out.jsonl"
    assert main(["run", str(src), "-o", str(out), "--jobs", "1", "--quiet", "--rules", str(rules),
                 "--time-budget", "0.2"]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["id"], r.get("stopped")) for r in records] == [("a", None), ("b", "slow"), ("c", None)]
    assert records[2]["github"] == records[0]["github"] != []
    assert f"{src}:2: time budget of 0.2 s ran out in field slow on document b" in capsys.readouterr().err


def test_resume_with_another_budget_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(BUDGET_ENV, raising=False)
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"text": TEXT}) + "\n" for _ in range(3)))
    out = tmp_path / "out.jsonl"
    assert main(["run", str(src), "-o", str(out), "--jobs", "1", "--quiet"]) == 0
    before = out.read_bytes()
    monkeypatch.delenv(BUDGET_ENV, raising=False)
    assert main(["run", str(src), "-o", str(out), "--jobs", "1", "--quiet", "--resume", "--time-budget", "2"]) == 2
    assert "EXTRACT_TIME_BUDGET" in capsys.readouterr().err
    assert out.read_bytes() == before


def _burn(seconds: float) -> None:
    """Spend `seconds` of this thread's CPU time."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_a_paused_deadline_does_not_count_the_time_spent_on_other_abstracts():
    deadline = Deadline(0.05)
    deadline.pause()
    _burn(0.1)  # another abstract of the batch
    deadline.resume()
    assert not deadline.spent()
    _burn(0.06)
    assert deadline.spent()
    with pytest.raises(BudgetSpent):
        deadline.check()


def test_in_a_batch_only_the_slow_abstract_stops(tmp_path):
    rules, slow_text = _slow_rules(tmp_path / "rules", cues=3)
    extractor = Extractor([str(rules)], time_budget=0.2)
    abstracts = [Abstract(id=f"a{i}", source="<test>", text=slow_text if i == 3 else TEXT) for i in range(BATCH)]
    results = list(extractor.extract_many(abstracts))
    stopped = [a.id for a, record, _ in results if record.model_dump().get("stopped")]
    assert stopped == ["a3"]
    assert all(record.model_dump()["github"] for a, record, _ in results if a.id != "a3")
    assert [p for _, _, problems in results for p in problems] == [
        "time budget of 0.2 s ran out in field slow on document a3; it and the fields after it found nothing"]
