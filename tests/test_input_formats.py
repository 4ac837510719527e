"""Reading the inputs people already have: CSV/TSV, BibTeX, RIS, OpenAlex and Semantic
Scholar JSONL, Parquet; each malformed case gives one `FILE:LINE` problem and keeps the rest."""
import gzip
import io
import json

import pytest

from extract.inputs.readers import Abstract, InputOptions, InputProblem, read_inputs

ZOTERO_BIB = r"""@comment{jabref-meta: databaseType:bibtex;}

@article{mueller_sparse_2024,
	title = {Sparse {Echo} {Routing} for {Caf{\'e}}-scale {LLMs}},
	volume = {12},
	url = {https://arxiv.org/abs/2401.00001},
	abstract = {We propose Sparse Echo Routing ({SER}), a training-free decoding method by M{\"u}ller and Erd{\H o}s. On {GSM8K}, {SER} raises the accuracy of Qwen2.5-7B-Instruct to 81.2{\%} and runs 2.3$\times$ faster than speculative decoding. Code: \url{https://github.com/acme/ser}.},
	journal = {Trans. Mach. Learn. Res.},
	author = {M{\"u}ller, J{\"o}rg and Erd{\H o}s, P{\'a}l},
	year = {2024},
}

@inproceedings{broken_2023,
	title = {An entry whose title brace never closes,
	abstract = {Lost.},

@misc{no_abstract_2022,
	title = {Only a title},
}

@inproceedings{lee_fast_2025,
	title = "Fast {ViT}s",
	abstract = "We fine-tune ViT-B/16 on ImageNet-1K and reach 85.1\% top-1 accuracy.",
}

@misc{lee_fast_2025,
	title = {A repeated key},
	abstract = {Dropped.},
}
"""

RIS_EXPORT = """TY  - JOUR
TI  - Sparse Echo Routing
AU  - Müller, Jörg
AB  - We propose Sparse Echo Routing (SER), a training-free decoding method.
  On GSM8K, SER reaches 81.2% accuracy. Code: https://github.com/acme/ser.
DO  - 10.1234/ser.2024
ER  - 

TY  - CONF
T1  - Fast ViTs
N2  - We fine-tune ViT-B/16 on ImageNet-1K.
ID  - lee2025
ER  - 

this line is outside any record
TY  - JOUR
TI  - No abstract here
ER  - 

TY  - JOUR
TI  - Unterminated
AB  - Its ER is missing.
TY  - JOUR
TI  - After the unterminated one
AB  - Still read.
ER  - 
"""

OPENALEX_WORK = {
    "id": "https://openalex.org/W4391234567",
    "doi": "https://doi.org/10.48550/arxiv.2401.00001",
    "title": "Sparse Echo Routing",
    "display_name": "Sparse Echo Routing",
    "publication_year": 2024,
    # "We propose SER. On GSM8K, SER reaches 81.2% accuracy."
    "abstract_inverted_index": {"We": [0], "propose": [1], "SER.": [2], "On": [3], "GSM8K,": [4], "SER": [5],
                                "reaches": [6], "81.2%": [7], "accuracy.": [8]},
}


def _items(*paths, stdin=None, **options):
    return list(read_inputs([str(p) for p in paths], stdin=stdin, options=InputOptions(**options)))


def _split(items):
    return ([i for i in items if isinstance(i, Abstract)], [i for i in items if isinstance(i, InputProblem)])


def _check_offsets(record):
    for field in ("methods", "models", "datasets", "metrics", "speedups", "github"):
        for m in getattr(record, field):
            assert record.text[m.start:m.end] == m.text


def test_zotero_bibtex(tmp_path, extractor):
    pytest.importorskip("bibtexparser", reason="BibTeX needs the bib extra")
    path = tmp_path / "library.bib"
    path.write_text(ZOTERO_BIB, encoding="utf-8")
    abstracts, problems = _split(_items(path))
    assert [a.id for a in abstracts] == ["mueller_sparse_2024", "lee_fast_2025"]
    first = abstracts[0]
    assert first.title == r"Sparse {Echo} {Routing} for {Caf{\'e}}-scale {LLMs}"
    assert first.text.startswith("We propose Sparse Echo Routing ({SER})") and r"M{\"u}ller" in first.text
    assert first.line == 3 and abstracts[1].text.endswith(r"85.1\% top-1 accuracy.")
    assert [(p.line, p.message.split(" (")[0].split(";")[0]) for p in problems] == [
        (13, "entry does not parse"), (17, "entry 'no_abstract_2022' has no abstract"),
        (26, "entry key 'lee_fast_2025' repeats an earlier key")]
    assert all(str(p).startswith(f"{path}:{p.line}: ") and "\n" not in str(p) for p in problems)
    record = extractor.extract(first)
    assert record.text == first.text  # the field as read; the clean view reads the LaTeX
    _check_offsets(record)
    # `({SER})` reads as `(SER)`: a definition, as in plain text
    assert ("SER", "Sparse Echo Routing") in [(m.name, m.long_form) for m in record.methods]
    assert [m.url for m in record.github] == ["https://github.com/acme/ser"]
    assert [m.name for m in record.datasets] == ["GSM8K"]
    # braces and accents read as BibTeX means them; surfaces keep whole pairs of braces
    assert [(m.value, m.text) for m in record.metrics] == [(81.2, r"81.2{\%}")]
    assert record.text[record.datasets[0].start:record.datasets[0].end] == "GSM8K"  # inside {GSM8K}
    # The LaTeX escape `\%` is read by the clean view; the offsets cover it in the field as read.
    second = extractor.extract(abstracts[1])
    _check_offsets(second)
    assert [(m.value, m.unit, m.dataset, m.text) for m in second.metrics] == [(85.1, "%", "ImageNet-1K", r"85.1\%")]


def test_ris_export(tmp_path, extractor):
    path = tmp_path / "export.ris"
    path.write_text(RIS_EXPORT, encoding="utf-8")
    abstracts, problems = _split(_items(path))
    assert [(a.id, a.title, a.line) for a in abstracts] == [
        ("10.1234/ser.2024", "Sparse Echo Routing", 1), ("lee2025", "Fast ViTs", 9), ("export#4", "After the unterminated one", 23)]
    assert abstracts[0].text == ("We propose Sparse Echo Routing (SER), a training-free decoding method.\n"
                                 "  On GSM8K, SER reaches 81.2% accuracy. Code: https://github.com/acme/ser.")
    assert abstracts[1].text == "We fine-tune ViT-B/16 on ImageNet-1K."
    assert [(p.line, p.message.split(" (")[0].split(";")[0]) for p in problems] == [
        (15, "stray line outside a record"), (16, "record has no abstract"), (20, "record has no `ER  - ` line before the next `TY`")]
    record = extractor.extract(abstracts[0])
    _check_offsets(record)
    assert [m.url for m in record.github] == ["https://github.com/acme/ser"]
    assert any(m.value == 81.2 and m.dataset == "GSM8K" for m in record.metrics)


def test_ris_cut_short_reports_the_open_record(tmp_path):
    path = tmp_path / "cut.ris"
    path.write_text("TY  - JOUR\nAB  - Complete.\nER  - \nTY  - JOUR\nAB  - The file ends insi", encoding="utf-8")
    abstracts, problems = _split(_items(path))
    assert [a.text for a in abstracts] == ["Complete."]
    assert [(p.line, "file ends inside it" in p.message) for p in problems] == [(4, True)]


def test_openalex_work_rebuilds_the_abstract(tmp_path, extractor):
    path = tmp_path / "works.jsonl.gz"
    bad = dict(OPENALEX_WORK, id="https://openalex.org/W2", abstract_inverted_index={"word": ["zero"]})
    empty = dict(OPENALEX_WORK, id="https://openalex.org/W3", abstract_inverted_index=None)
    rows = [OPENALEX_WORK, bad, empty, dict(OPENALEX_WORK, id="https://openalex.org/W4")]
    path.write_bytes(gzip.compress("".join(json.dumps(r) + "\n" for r in rows).encode()))
    abstracts, problems = _split(_items(path))
    assert [a.id for a in abstracts] == ["https://openalex.org/W4391234567", "https://openalex.org/W4"]
    assert abstracts[0].text == "We propose SER. On GSM8K, SER reaches 81.2% accuracy."
    assert abstracts[0].title == "Sparse Echo Routing"
    assert [p.line for p in problems] == [2, 3]
    assert "not a list of positions" in problems[0].message
    record = extractor.extract(abstracts[0])
    _check_offsets(record)
    assert [(m.value, m.dataset) for m in record.metrics] == [(81.2, "GSM8K")]


def test_semantic_scholar_rows(tmp_path):
    path = tmp_path / "s2.jsonl"
    rows = [{"paperId": "649def34f8be52c8b66281af98ae884c09aef38b", "corpusId": 1, "title": "A", "abstract": "Text A."},
            {"corpusid": 215416146, "abstract": "Text B.", "openaccessinfo": {}},
            {"corpusid": 3, "abstract": None}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    abstracts, problems = _split(_items(path))
    assert [(a.id, a.text) for a in abstracts] == [("649def34f8be52c8b66281af98ae884c09aef38b", "Text A."),
                                                   ("215416146", "Text B.")]
    assert [p.line for p in problems] == [3]


CSV_TABLE = ('Key,Item Type,Title,Abstract Note,Extra\n'
             'K1,journalArticle,"Sparse Echo Routing","We propose SER, a method.\nIt is fast.",x\n'
             'K2,journalArticle,No abstract,,y\n'
             'K3,journalArticle,"Unclosed quote,"The rest\n'
             'K4,journalArticle,Fine,"Plain text.",z\n')


@pytest.mark.parametrize("name, delimiter", [("papers.csv", ","), ("papers.tsv", "\t")])
def test_csv_and_tsv_find_the_abstract_column(tmp_path, name, delimiter):
    path = tmp_path / name
    path.write_text("\ufeffid" + delimiter + "Title" + delimiter + "AB\n" + delimiter.join(["p1", "T1", '"Two\nlines."'])
                    + "\n" + delimiter.join(["", "T2", "No id here."]) + "\n" + delimiter.join(["p3", "T3", ""]) + "\n"
                    + delimiter.join(["p4", "T4", "Last.", "extra field"]) + "\n", encoding="utf-8")
    abstracts, problems = _split(_items(path))
    assert [(a.id, a.title, a.text, a.line) for a in abstracts] == [
        ("p1", "T1", "Two\nlines.", 2), ("papers#1", "T2", "No id here.", 4)]
    assert [(p.line, p.message.split(";")[0]) for p in problems] == [
        (5, "empty 'AB' cell"), (6, "4 fields where the header has 3 (an unclosed quote?)")]


def test_csv_columns_given_by_name(tmp_path):
    path = tmp_path / "zotero.csv"
    path.write_text(CSV_TABLE, encoding="utf-8")
    abstracts, problems = _split(_items(path))
    assert len(abstracts) == 0 and "no abstract column" in str(problems[0]) and "--text-column" in str(problems[0])
    abstracts, problems = _split(_items(path, text_column="Abstract Note", id_column="Key"))
    assert [(a.id, a.title, a.line) for a in abstracts] == [("K1", "Sparse Echo Routing", 2), ("K4", "Fine", 6)]
    assert abstracts[0].text == "We propose SER, a method.\nIt is fast."
    assert [(p.line, p.message.split(" (")[0]) for p in problems] == [
        (4, "empty 'Abstract Note' cell; row skipped"), (5, "3 fields where the header has 5")]
    missing = _items(path, text_column="Summary")
    assert len(missing) == 1 and "no column 'Summary'" in str(missing[0])


def test_parquet_input(tmp_path):
    pa = pytest.importorskip("pyarrow", reason="Parquet needs the parquet extra")
    import pyarrow.parquet as pq

    path = tmp_path / "papers.parquet"
    pq.write_table(pa.table({"paper_id": ["a", None, "c"], "title": ["A", "B", None],
                             "abstract": ["First text.", "Second text.", None]}), path)
    abstracts, problems = _split(_items(path))
    assert [(a.id, a.title, a.text, a.line) for a in abstracts] == [("a", "A", "First text.", 1),
                                                                    ("papers#1", "B", "Second text.", 2)]
    assert [(p.line, "empty or not text" in p.message) for p in problems] == [(3, True)]
    assert str(problems[0]).startswith(f"{path}:3: ")


def test_missing_extra_is_one_line_naming_the_local_install(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "bibtexparser", None)
    path = tmp_path / "x.bib"
    path.write_text(ZOTERO_BIB)
    (tmp_path / "y.jsonl").write_text('{"text": "still read"}\n')
    items = _items(path, tmp_path / "y.jsonl")
    assert str(items[0]) == f'{path}: reading BibTeX needs bibtexparser: pip install ".[bib]"'
    assert isinstance(items[1], Abstract) and items[1].text == "still read"


# -- what the input claims to be, and what it is -------------------------------------------
@pytest.mark.parametrize("content, fmt", [
    (b'{"id": "a", "abstract": "JSON lines."}\n', "jsonl"),
    (b"TY  - JOUR\nAB  - An RIS record.\nER  - \n", "ris"),
    (b"NeurIPS 2025\n\nA seeds-style abstract.\n", "text"),
])
def test_unknown_suffix_is_sniffed(tmp_path, content, fmt):
    path = tmp_path / "download.dat"
    path.write_bytes(content)
    abstracts, problems = _split(_items(path))
    assert not problems and len(abstracts) == 1
    assert _split(_items(path, format=fmt))[0] == abstracts


@pytest.mark.parametrize("name", ["program.dat", "program.txt", "program.jsonl"])
def test_binary_content_is_refused_with_one_line(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 8)
    items = _items(path)
    assert len(items) == 1 and isinstance(items[0], InputProblem) and "binary content" in str(items[0])


def test_utf16_is_refused_with_a_hint(tmp_path):
    path = tmp_path / "excel.csv"
    path.write_bytes("abstract\nText.\n".encode("utf-16"))
    items = _items(path)
    assert len(items) == 1 and "UTF-16" in str(items[0]) and "save it as UTF-8" in str(items[0])


def test_header_less_text_keeps_its_first_abstract(tmp_path):
    path = tmp_path / "plain.txt"
    path.write_text("We propose FooNet, a model for long documents. It is fast.\n\n"
                    "A second abstract,\nwrapped over two lines.\n")
    abstracts, problems = _split(_items(path))
    assert not problems
    assert [(a.id, a.collection, a.line) for a in abstracts] == [("plain#0", None, 1), ("plain#1", None, 3)]
    wrapped = tmp_path / "wrapped.txt"
    wrapped.write_text("Short first line\nof a wrapped abstract.\n\nSecond.\n")
    assert [a.text for a in _split(_items(wrapped))[0]] == ["Short first line\nof a wrapped abstract.", "Second."]


def test_corrupt_gzip_writes_no_row(tmp_path):
    data = bytearray(gzip.compress(b"".join(b'{"text": "row %d"}\n' % i for i in range(5000))))
    data[len(data) // 2] ^= 0xFF
    path = tmp_path / "rows.jsonl.gz"
    path.write_bytes(bytes(data))
    items = _items(path)
    assert len(items) == 1 and "corrupt gzip data" in str(items[0]) and str(items[0]).startswith(f"{path}: ")


def test_cut_gzip_keeps_the_complete_lines(tmp_path):
    data = gzip.compress(b"".join(b'{"text": "row %d"}\n' % i for i in range(5000)))
    path = tmp_path / "rows.jsonl.gz"
    path.write_bytes(data[: len(data) // 2])
    abstracts, problems = _split(_items(path))
    assert [a.text for a in abstracts] == [f"row {i}" for i in range(len(abstracts))] and len(abstracts) > 100
    assert len(problems) == 1 and problems[0].line == len(abstracts) + 1 and "ends early" in problems[0].message


def test_gzip_on_stdin(tmp_path):
    data = gzip.compress(b'{"id": "x", "abstract": "zipped"}\n')
    assert [a.text for a in read_inputs(["-"], stdin=io.BytesIO(data))] == ["zipped"]
    items = list(read_inputs(["-"], stdin=io.BytesIO(data[:-6])))
    assert [type(i).__name__ for i in items] == ["Abstract", "InputProblem"]
    bad = bytearray(data)
    bad[-7] ^= 0xFF  # the checksum
    items = list(read_inputs(["-"], stdin=io.BytesIO(bytes(bad))))
    assert len(items) == 1 and "corrupt gzip data" in str(items[0])
