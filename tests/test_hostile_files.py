"""User mistakes and hostile files around a run: an output that is an input, a resume on
another run's output, YAML bombs in rule files, a bad regex timeout, malformed gold.
Each is one line naming the file (and line), exit 2, and nothing overwritten."""
import json
import shutil
from pathlib import Path

import pytest

from extract.cli.main import main
from extract.engine.matching import regex_timeout
from extract.engine.rulefile import check_rule_file
from extract.evaluation.goldcheck import check_gold_row
from extract.outputs.fingerprint import sidecar
from extract.outputs.resume import ResumeError
from extract.run.runner import RunConfig, RunError, run

REPO = Path(__file__).resolve().parent.parent


def _run(extractor, inputs, output, **options):
    return run(RunConfig(inputs=tuple(map(str, inputs)), output=str(output), **options), extractor=extractor,
               report=lambda message: None)


def _one_line_error(capsys) -> str:
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err.strip()


@pytest.fixture
def abstracts(tmp_path):
    src = tmp_path / "in" / "x.jsonl"
    src.parent.mkdir()
    src.write_text("".join(json.dumps({"text": f"Abstract {i}: https://github.com/o/r{i}"}) + "\n" for i in range(5)))
    return src


# -- never overwrite an input ----------------------------------------------------------------
@pytest.mark.parametrize("where", ["same", "relative", "symlink", "in the directory", "deeper in the directory"])
def test_an_output_that_is_an_input_is_refused_and_the_input_kept(extractor, tmp_path, abstracts, monkeypatch,
                                                                  where):
    monkeypatch.chdir(tmp_path)
    before = abstracts.read_bytes()
    given = str(abstracts.parent) if "directory" in where else str(abstracts)
    if where == "symlink":
        (tmp_path / "link.jsonl").symlink_to(abstracts)
    output = {"same": str(abstracts), "relative": "in/../in/x.jsonl", "symlink": "link.jsonl",
              "in the directory": str(abstracts.parent / "out.jsonl"),
              "deeper in the directory": str(abstracts.parent / "sub" / "out.jsonl")}[where]
    with pytest.raises(RunError, match="the output is (the input|inside the input directory)"):
        _run(extractor, [given], output)
    assert abstracts.read_bytes() == before and not Path(output + ".fingerprint").exists()


def test_cli_refuses_an_output_that_is_an_input_with_one_line(tmp_path, abstracts, capsys):
    assert main(["run", str(abstracts), "-o", str(abstracts), "-q", "-j", "1"]) == 2
    assert _one_line_error(capsys) == (f"extract: {abstracts}: the output is the input {abstracts}; "
                                       "choose another -o (nothing was written)")
    assert abstracts.read_text().count("\n") == 5


def test_export_refuses_to_write_over_its_records(tmp_path, capsys):
    records = tmp_path / "records.csv"  # records JSONL under a table's name
    records.write_text('{"id": "a", "source": "s", "text": "x"}\n')
    assert main(["export", str(records), "-o", str(records)]) == 2
    assert "the output is the input" in _one_line_error(capsys)
    assert records.read_text() == '{"id": "a", "source": "s", "text": "x"}\n'


# -- resume checks the run it continues --------------------------------------------------------
def _interrupted(extractor, inputs, out, keep, **options):
    """A finished run into `out`, cut back to its first `keep` records and half a line."""
    _run(extractor, inputs, out, **options)
    lines = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:keep]) + lines[keep][:10])
    return out.read_bytes()


@pytest.mark.parametrize("how, message", [
    ("another file, same stem", r"\(inputs .*in/x.jsonl then, .*other/x.jsonl now\)"),
    ("same file, rewritten", r"\(input .*in/x.jsonl has changed\)"),
    ("same file, same size", r"\(input .*in/x.jsonl has changed\)"),
])
def test_resume_on_other_abstracts_with_the_same_ids_is_refused(extractor, tmp_path, abstracts, how, message):
    out = tmp_path / "out.jsonl"
    original = abstracts.read_text()
    before = _interrupted(extractor, [abstracts], out, 2)
    again = abstracts
    if how.startswith("another"):
        again = tmp_path / "other" / "x.jsonl"  # same stem, so the same ids x#0, x#1, ...
        again.parent.mkdir()
    again.write_text(original.replace("Abstract", "Paper" if how.endswith("rewritten") else "Abstracx"))
    with pytest.raises(ResumeError, match="out.jsonl: made by another run " + message):
        _run(extractor, [again], out, resume=True)
    assert out.read_bytes() == before  # not even the torn line was cut
    abstracts.write_text(original)
    summary = _run(extractor, [abstracts], out, resume=True)
    assert (summary.resumed, summary.written) == (2, 3)


@pytest.mark.parametrize("change", ["other dir", "edited file", "none at resume"])
def test_resume_with_other_rules_is_refused(extractor, tmp_path, abstracts, change):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "repo.yaml").write_text("field: repo\npatterns:\n  - id: repo.r\n    regex: 'r\\d'\n")
    out = tmp_path / "out.jsonl"
    before = _interrupted(None, [abstracts], out, 2, rules_dirs=(str(rules),))
    again = (str(rules),)
    if change == "other dir":
        shutil.copytree(rules, tmp_path / "rules2")
        again = (str(tmp_path / "rules2"),)
    elif change == "edited file":
        (rules / "repo.yaml").write_text("field: repo\npatterns:\n  - id: repo.r\n    regex: 'o\\d'\n")
    else:
        again = ()
    with pytest.raises(ResumeError, match=r"made by another run \((other --rules|a --rules directory has changed)\)"):
        _run(None if again else extractor, [abstracts], out, resume=True, rules_dirs=again)
    assert out.read_bytes() == before


def test_resume_with_another_regex_timeout_is_refused(extractor, tmp_path, abstracts, monkeypatch):
    out = tmp_path / "out.jsonl"
    _interrupted(extractor, [abstracts], out, 2)
    monkeypatch.setenv("EXTRACT_REGEX_TIMEOUT", "0.5")
    with pytest.raises(ResumeError, match=r"settings .* then, .*'0.5'.* now"):
        _run(extractor, [abstracts], out, resume=True)


@pytest.mark.parametrize("foreign", [b'{"id": "mine", "note": "kept"}', b"hello world", b'{"id": "a"}\n{"id": "b"'])
def test_resume_on_a_file_extract_did_not_write_changes_nothing(extractor, tmp_path, abstracts, foreign):
    out = tmp_path / "notes.jsonl"
    out.write_bytes(foreign)
    with pytest.raises(ResumeError, match=r"notes.jsonl: no notes.jsonl.fingerprint beside it"):
        _run(extractor, [abstracts], out, resume=True)
    assert out.read_bytes() == foreign


def test_a_fresh_run_writes_the_fingerprint_before_records(extractor, tmp_path, abstracts):
    out = tmp_path / "out.jsonl"
    _run(extractor, [abstracts], out)
    fp = json.loads(sidecar(str(out)).read_text())
    assert [i["given"] for i in fp["inputs"]] == [str(abstracts)] and fp["inputs"][0]["size"] == abstracts.stat().st_size
    assert not list(tmp_path.glob("*.tmp"))
    _run(extractor, [abstracts], tmp_path / "out.csv")
    assert not (tmp_path / "out.csv.fingerprint").exists()  # tables cannot be resumed


# -- rule files ------------------------------------------------------------------------------
BOMB = "field: bomb\na: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi")) + "patterns: *i\n"


@pytest.mark.parametrize("text, line, message", [
    (BOMB, 2, "YAML anchor &a is not allowed in rule files"),
    ("field: f\npatterns:\n  - &p {id: f.a, regex: a}\n  - *p\n", 3, "YAML anchor &p is not allowed"),
    ("field: f\nx: " + "[" * 200 + "]" * 200 + "\npatterns: []\n", 2, "nested more than 50 levels deep"),
    ("field: f\npatterns:\n" + "  - {id: f.x, regex: x}\n" * 50000, 1, "the limit is 1,000,000"),
])
def test_hostile_yaml_is_refused_before_it_is_built(tmp_path, text, line, message):
    path = tmp_path / "f.yaml"
    path.write_text(text)
    loaded, problems = check_rule_file(path)
    assert loaded is None and len(problems) == 1
    assert problems[0].line == line and message in problems[0].message
    assert str(problems[0]).startswith(f"{path}:{line}: ")


def test_rules_check_on_a_billion_laughs_is_one_line(tmp_path, capsys):
    (tmp_path / "bomb.yaml").write_text(BOMB)
    assert main(["rules", "check", "--rules", str(tmp_path)]) == 1
    out = capsys.readouterr()
    report = [line for line in (out.out + out.err).splitlines() if "bomb.yaml" in line]
    assert report == [f"{tmp_path / 'bomb.yaml'}:2: not valid YAML: YAML anchor &a is not allowed in rule files "
                      "(write the value out)"]


# -- EXTRACT_REGEX_TIMEOUT -------------------------------------------------------------------
@pytest.mark.parametrize("value", ["0", "-1", "0.0", "abc", "nan", "inf", "1s"])
def test_a_timeout_that_is_not_seconds_above_zero_is_one_line(tmp_path, abstracts, monkeypatch, capsys, value):
    monkeypatch.setenv("EXTRACT_REGEX_TIMEOUT", value)
    with pytest.raises(ValueError, match="expected a number of seconds above 0"):
        regex_timeout()
    assert main(["run", str(abstracts), "-o", str(tmp_path / "out.jsonl"), "-q"]) == 2
    assert _one_line_error(capsys).startswith(f"extract: EXTRACT_REGEX_TIMEOUT={value}: expected a number")
    assert not (tmp_path / "out.jsonl").exists()


@pytest.mark.parametrize("value, seconds", [("0.5", 0.5), ("3", 3.0), ("", 2.0)])
def test_a_timeout_in_seconds_is_used(monkeypatch, value, seconds):
    monkeypatch.setenv("EXTRACT_REGEX_TIMEOUT", value)
    assert regex_timeout() == seconds


# -- malformed gold --------------------------------------------------------------------------
@pytest.mark.parametrize("row, message", [
    ({"methods": "FooNet"}, "methods: expected a list of mentions, got a string 'FooNet'"),
    ({"methods": ["FooNet", "BarNet"]}, "methods[0]: expected an object with a name, got a string 'FooNet'"),
    ({"methods": [{"nmae": "FooNet", "role": "proposed"}]}, "methods[0]: unknown key 'nmae'"),
    ({"methds": [{"name": "FooNet", "role": "proposed"}]}, "unknown key 'methds'"),
    ({"methods": [{"name": "FooNet"}]}, "methods[0]: missing 'role'"),
    ({"methods": [{"name": "FooNet", "role": "main"}]}, "methods[0].role: 'main' is not one of proposed, other"),
    ({"metrics": [{"value": "95.1"}]}, "metrics[0].value: expected a number, got a string '95.1'"),
    ({"speedups": [{"aspect": "speed"}]}, "speedups[0]: needs a `factor` or a `percent`"),
    ({"models": [{"name": "FooNet", "alt": "Foo"}]}, "models[0].alt: expected list"),
    ({"github": [{"url": 5}]}, "github[0].url: expected a string, got int"),
])
def test_malformed_gold_is_one_line_naming_file_line_and_key(tmp_path, capsys, row, message):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "ok", "text": "Fine."}) + "\n"
                    + json.dumps({"id": "bad", "text": "We propose FooNet.", **row}) + "\n")
    assert main(["eval", "--gold", str(gold), "--pred", str(gold)]) == 2
    assert _one_line_error(capsys).startswith(f"extract: {gold}:2: {message}")


def test_a_gold_line_that_is_not_json_is_one_line(tmp_path, capsys):
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "ok", "text": "Fine."}\n{"id": "bad", "text": \n')
    assert main(["eval", "--gold", str(gold), "--pred", str(gold)]) == 2
    assert _one_line_error(capsys).startswith(f"extract: {gold}:2: not valid JSON")


@pytest.mark.parametrize("name", ["seeds", "arxiv-dev", "dev3"])
def test_the_gold_files_pass_the_gold_check(name):
    for line in (REPO / "data" / "gold" / f"{name}.jsonl").read_text(encoding="utf-8").splitlines():
        check_gold_row(json.loads(line))


def test_a_rule_file_field_in_gold_needs_its_rules():
    row = {"id": "a", "text": "x", "repo": [{"name": "r1"}]}
    with pytest.raises(ValueError, match="unknown key 'repo'"):
        check_gold_row(row)
    check_gold_row(row, ["repo"])
    with pytest.raises(ValueError, match=r"repo\[0\]: `name` must be a string"):
        check_gold_row({**row, "repo": [{"nom": "r1"}]}, ["repo"])

