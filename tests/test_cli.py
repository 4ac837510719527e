"""The command line end to end, as a user runs it (a subprocess, from another folder)."""
import json
import subprocess
import sys
from pathlib import Path


from extract.pipeline.records import Record, check_offsets

REPO = Path(__file__).resolve().parent.parent


def run_cli(*args, cwd, stdin=None):
    return subprocess.run([sys.executable, "-m", "extract", *args], cwd=cwd, input=stdin,
                          capture_output=True, text=True, timeout=600)


def test_run_on_seeds_writes_valid_records_with_exact_offsets(tmp_path):
    out = tmp_path / "out.jsonl"
    proc = run_cli("run", str(REPO / "seeds"), "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    records = [Record.model_validate_json(line) for line in out.read_text().splitlines()]
    assert len(records) == 57
    assert all(not check_offsets(r) for r in records)
    assert "57 records written, 0 rows rejected" in proc.stderr


def test_bad_jsonl_line_is_reported_and_other_rows_written(tmp_path):
    rows = tmp_path / "rows.jsonl"
    rows.write_text('{"id": "a", "text": "Code at https://github.com/a/b."}\n{oops\n{"id": "c", "text": "Nothing here."}\n')
    out = tmp_path / "out.jsonl"
    proc = run_cli("run", str(rows), "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 1
    assert f"{rows}:2: not valid JSON" in proc.stderr
    assert "Traceback" not in proc.stderr
    ids = [json.loads(l)["id"] for l in out.read_text().splitlines()]
    assert ids == ["a", "c"]


def test_stdin_to_stdout(tmp_path):
    proc = run_cli("run", "-", cwd=tmp_path, stdin='{"id": "s", "abstract": "See github.com/x/y."}\n')
    record = json.loads(proc.stdout)
    assert record["github"][0]["url"] == "https://github.com/x/y"
    assert record["text"][record["github"][0]["start"]:record["github"][0]["end"]] == "github.com/x/y"


def test_missing_input_file_is_one_line_error(tmp_path):
    proc = run_cli("run", "nope.jsonl", "-o", str(tmp_path / "o.jsonl"), cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.splitlines()[0].startswith("nope.jsonl: cannot read file")
    assert "Traceback" not in proc.stderr


def test_schema_lists_every_field(tmp_path):
    schema = json.loads(run_cli("schema", cwd=tmp_path).stdout)
    for key in ("id", "source", "collection", "title", "text", "methods", "models", "datasets", "metrics",
                "speedups", "github"):
        assert key in schema["properties"]


def test_eval_scores_github_on_seed_gold(tmp_path):
    proc = run_cli("eval", "--gold", str(REPO / "data/gold/seeds.jsonl"), "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    scores = json.loads(proc.stdout)
    assert scores["github"]["f1"] == 1.0
