"""Reading abstracts: every input form, and bad rows reported by file and line."""
import gzip
import io
import json

import pytest

from extract.inputs.readers import Abstract, InputProblem, read_inputs

SEEDS_STYLE = "ICML 2026 Papers\n\nFirst abstract about Lion.\n\nSecond abstract,\nwrapped over two lines.\n"


def _items(*paths, stdin=None):
    return list(read_inputs([str(p) for p in paths], stdin=stdin))


def test_seeds_style_text(tmp_path):
    path = tmp_path / "papers.txt"
    path.write_text(SEEDS_STYLE)
    items = _items(path)
    assert [a.id for a in items] == ["papers#0", "papers#1"]
    assert items[0].collection == "ICML 2026 Papers"
    assert items[1].text == "Second abstract,\nwrapped over two lines."
    assert items[1].line == 5


def test_jsonl_keeps_ids_and_numbers_rows_without(tmp_path):
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps({"id": "arxiv:1", "title": "T", "abstract": "A"}) + "\n" + json.dumps({"text": "B"}) + "\n")
    items = _items(path)
    assert [(a.id, a.title, a.text) for a in items] == [("arxiv:1", "T", "A"), ("rows#1", None, "B")]


def test_directory_gz_and_stdin(tmp_path):
    (tmp_path / "b.jsonl.gz").write_bytes(gzip.compress(b'{"text": "gz row"}\n'))
    (tmp_path / "a.txt").write_text(SEEDS_STYLE)
    (tmp_path / "notes.md").write_text("ignored")
    items = _items(tmp_path)
    assert [a.id for a in items] == ["a#0", "a#1", "b#0"]
    stdin = io.BytesIO(b'{"id": "x", "abstract": "from stdin"}\n')
    assert [a.text for a in read_inputs(["-"], stdin=stdin)] == ["from stdin"]


@pytest.mark.parametrize("content, line, message", [
    (b'{"text": "ok"}\n{not json\n{"text": "also ok"}\n', 2, "not valid JSON"),
    (b'{"text": "ok"}\n{"title": "no text"}\n{"text": "also ok"}\n', 2, "no 'abstract' or 'text'"),
    (b'{"text": "ok"}\n["a list"]\n{"text": "also ok"}\n', 2, "expected a JSON object"),
    (b'{"text": "ok"}\n{"text": "bad \xff byte"}\n{"text": "also ok"}\n', 2, "invalid UTF-8"),
])
def test_bad_rows_are_reported_and_skipped(tmp_path, content, line, message):
    path = tmp_path / "rows.jsonl"
    path.write_bytes(content)
    items = _items(path)
    problems = [i for i in items if isinstance(i, InputProblem)]
    assert [a.text for a in items if isinstance(a, Abstract)] == ["ok", "also ok"]
    assert len(problems) == 1 and problems[0].line == line
    assert str(problems[0]).startswith(f"{path}:{line}: ") and message in str(problems[0])


def test_unreadable_file_is_one_problem(tmp_path):
    items = _items(tmp_path / "missing.jsonl")
    assert len(items) == 1 and isinstance(items[0], InputProblem)
    assert "cannot read file" in str(items[0])
