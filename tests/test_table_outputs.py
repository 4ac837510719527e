"""Tables for programs and spreadsheets: Parquet and `to_dataframe` with typed columns and the
same rows as the CSV export; formulas neutralised behind invisible characters; XLSX cells
over 32,767 characters cut visibly and counted."""
import csv
import json
import re
import subprocess
import sys

import pytest

from extract.outputs.export import export_records, safe_cell
from extract.run.runner import RunConfig, run

SEEDS = "seeds"


@pytest.mark.parametrize("value, neutralised", [
    ("=1+1", True), (" =1+1", True), ("\u00a0=HYPERLINK(\"x\")", True), ("\u200b=1+1", True),
    ("\ufeff@SUM(A1)", True), ("\u2060+1", True), ("\u3000-1", True), ("\t=1", True), ("\r\n=1", True),
    ("\uff1d1+1", True), (" \u200b\u00a0 -2", True),
    ("Plain text", False), ("  leading spaces, then words", False), ("a=b", False), ("\u200bword", False),
])
def test_formulas_behind_invisible_characters_are_neutralised(value, neutralised):
    assert safe_cell(value) == ("'" + value if neutralised else value)


@pytest.fixture(scope="module")
def seed_records(tmp_path_factory, extractor):
    out = tmp_path_factory.mktemp("seeds") / "records.jsonl"
    run(RunConfig(inputs=(SEEDS,), output=str(out)), extractor=extractor, report=print)
    return out


def compare_parquet_with_csv(records, tmp_path):
    """Export `records` (JSONL) to CSV and Parquet in both layouts; the Parquet rows, read
    with pandas, written as the CSV writer writes cells, must be the CSV rows. Returns the
    row counts. Also used by hand on the 20,000-abstract corpus."""
    import pandas as pd

    counts = {}
    for layout in ("wide", "long"):
        export_records(str(records), str(tmp_path / f"{layout}.csv"), layout, report=print)
        export_records(str(records), str(tmp_path / f"{layout}.parquet"), layout, report=print)
        with open(tmp_path / f"{layout}.csv", newline="", encoding="utf-8-sig") as fh:
            header, *rows = list(csv.reader(fh))
        frame = pd.read_parquet(tmp_path / f"{layout}.parquet")
        assert list(frame.columns) == header
        as_csv = [[_csv_cell(v) for v in row] for row in frame.itertuples(index=False, name=None)]
        assert as_csv == rows
        counts[layout] = len(rows)
    return counts


def _csv_cell(value) -> str:
    import pandas as pd

    if value is None or (isinstance(value, float) and pd.isna(value)):
        return ""
    if isinstance(value, float):
        return repr(value)
    return str(safe_cell(value)) if isinstance(value, str) else str(value)


def test_parquet_reads_back_to_the_csv_rows(seed_records, tmp_path):
    pytest.importorskip("pyarrow", reason="Parquet needs the parquet extra")
    pytest.importorskip("pandas", reason="reading Parquet back needs pandas")
    counts = compare_parquet_with_csv(seed_records, tmp_path)
    assert counts["wide"] == 57 and counts["long"] > 57


def test_long_layout_is_typed_and_to_dataframe_matches(seed_records, tmp_path):
    pytest.importorskip("pyarrow", reason="Parquet needs the parquet extra")
    pd = pytest.importorskip("pandas", reason="to_dataframe needs pandas")
    import extract

    records = [json.loads(line) for line in open(seed_records)]
    for layout in ("wide", "long"):
        export_records(str(seed_records), str(tmp_path / f"{layout}.parquet"), layout, report=print)
        from_file = pd.read_parquet(tmp_path / f"{layout}.parquet")
        frame = extract.to_dataframe(records, layout=layout)
        pd.testing.assert_frame_equal(frame, from_file, check_dtype=False)
    metrics = frame[frame.field == "metrics"]
    assert str(frame.value.dtype) == "float64" and str(frame.start.dtype) == "int64"
    assert len(metrics) and metrics.value.notna().all()
    one = records[0]
    mentions = [m for f in ("methods", "models", "datasets", "metrics", "speedups", "github") for m in one[f]]
    assert len(frame[frame.id == one["id"]]) == len(mentions)
    wide = extract.to_dataframe(records)
    assert list(wide.id) == [r["id"] for r in records]
    assert list(wide.metrics_count) == [len(r["metrics"]) for r in records]


def test_a_text_value_of_a_rule_file_field_moves_to_details(tmp_path):
    pd = pytest.importorskip("pandas", reason="to_dataframe needs pandas")
    import extract

    record = {"id": "a", "source": "s", "collection": None, "title": None, "text": "t", "hardware": [
        {"rule": "hardware.gpu", "name": "H100", "value": "eight", "text": "eight H100", "start": 0, "end": 10}]}
    frame = extract.to_dataframe([record], layout="long")
    assert pd.isna(frame.value[0]) and frame.details[0] == "value=eight"


def test_xlsx_cell_over_the_limit_is_cut_with_a_marker_and_counted(tmp_path):
    openpyxl = pytest.importorskip("openpyxl", reason="XLSX needs the xlsx extra")
    long_title = "A title that goes on " + "and on " * 6000
    src = tmp_path / "records.jsonl"
    src.write_text(json.dumps({"id": "long", "source": "s", "title": long_title, "text": "t", "methods": []}) + "\n"
                   + json.dumps({"id": "short", "source": "s", "title": "Short", "text": "t", "methods": []}) + "\n")
    out = tmp_path / "out.xlsx"
    summary = export_records(str(src), str(out), report=print)
    assert summary.cut_cells == 1
    cells = {c.value for row in openpyxl.load_workbook(out).active.iter_rows() for c in row if c.value}
    cut = [v for v in cells if isinstance(v, str) and v.startswith("A title")]
    assert len(cut) == 1 and len(cut[0]) == 32_767
    marker = re.search(r" \[cut: ([\d,]+) more characters\]$", cut[0])
    kept = cut[0][: marker.start()]
    assert long_title.startswith(kept) and len(kept) + int(marker.group(1).replace(",", "")) == len(long_title)
    proc = subprocess.run([sys.executable, "-m", "extract", "export", str(src), "-o", str(tmp_path / "cli.xlsx")],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "1 cells were too long for the format and cut" in proc.stderr


def test_missing_pyarrow_is_one_line_naming_the_local_install(tmp_path, monkeypatch, seed_records):
    from extract.extras import MissingExtra

    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(MissingExtra, match=r'^writing Parquet needs pyarrow: pip install "\.\[parquet\]"$'):
        export_records(str(seed_records), str(tmp_path / "o.parquet"))


def test_run_reads_a_csv_and_writes_parquet(tmp_path):
    pd = pytest.importorskip("pandas", reason="reading Parquet back needs pandas")
    pytest.importorskip("pyarrow", reason="Parquet needs the parquet extra")
    src = tmp_path / "papers.csv"
    src.write_text("Key,Summary\nk1,\"We fine-tune ViT-B/16 on ImageNet-1K and reach 85.1% top-1 accuracy.\"\n"
                   "k2,\n", encoding="utf-8")
    out = tmp_path / "out.parquet"
    proc = subprocess.run([sys.executable, "-m", "extract", "run", str(src), "-o", str(out), "-j1", "--layout", "long",
                           "--id-column", "Key"], capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr  # one row rejected
    assert f"{src}:3: empty 'Summary' cell; row skipped" in proc.stderr and "Traceback" not in proc.stderr
    frame = pd.read_parquet(out)
    assert set(frame.id) == {"k1"} and 85.1 in list(frame.value)


def test_run_summary_counts_cut_xlsx_cells(tmp_path):
    pytest.importorskip("openpyxl", reason="XLSX needs the xlsx extra")
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"id": "a", "title": "T" * 40_000, "abstract": "Code: https://github.com/a/b."}) + "\n")
    proc = subprocess.run([sys.executable, "-m", "extract", "run", str(src), "-o", str(tmp_path / "o.xlsx"), "-j1"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "extract: 1 table cells were too long for the format and cut" in proc.stderr


def test_format_overrides_the_suffix(tmp_path):
    src = tmp_path / "export.txt"  # RIS saved with the wrong suffix
    src.write_text("TY  - JOUR\nID  - r1\nAB  - Code at https://github.com/a/b.\nER  - \n")
    proc = subprocess.run([sys.executable, "-m", "extract", "run", str(src), "--format", "ris", "-j1", "-q"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(line)["id"] for line in proc.stdout.splitlines()] == ["r1"]
