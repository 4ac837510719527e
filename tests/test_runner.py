"""Batch runs: the same bytes for any --jobs, exactly-once resume after a crash, progress counts."""
import gzip
import json
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from extract.run.progress import count_items, format_summary
from extract.outputs.fingerprint import sidecar
from extract.outputs.resume import ResumeError, prepare_resume
from extract.run.runner import RunConfig, RunError, Summary, run

REPO = Path(__file__).resolve().parent.parent
SEEDS = str(REPO / "seeds")


def _run(extractor, inputs, output, **options):
    problems = []
    summary = run(RunConfig(inputs=tuple(map(str, inputs)), output=str(output), **options), extractor=extractor,
                  report=problems.append)
    return summary, problems


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    """A JSONL input with bad rows between good ones, and ids that repeat."""
    path = tmp_path_factory.mktemp("in") / "rows.jsonl"
    lines = []
    for i in range(40):
        lines.append(json.dumps({"id": "dup" if i % 3 == 0 else f"r{i}",
                                 "abstract": f"Abstract {i}. Code: https://github.com/o{i}/r{i}."}))
        if i in (5, 17):
            lines.append("{not json")
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture(scope="module")
def complete(tmp_path_factory, extractor, rows):
    """The output of an uninterrupted one-process run over seeds and the rows."""
    out = tmp_path_factory.mktemp("out") / "full.jsonl"
    summary, problems = _run(extractor, [SEEDS, rows], out)
    assert summary.written == 57 + 40 and summary.rejected == 2
    return out


@pytest.mark.parametrize("jobs, warm_up", [(2, 0), (1, 0)])
def test_jobs_and_memory_zones_give_the_same_bytes_in_input_order(tmp_path, monkeypatch, extractor, rows, complete,
                                                                   jobs, warm_up):
    monkeypatch.setattr("extract.run.parallel.WARM_UP", warm_up)  # spaCy memory zones from the first chunk on
    out = tmp_path / "two.jsonl"
    summary, problems = _run(extractor if jobs == 1 else None, [SEEDS, rows], out, jobs=jobs, chunk_size=7)
    assert out.read_bytes() == complete.read_bytes()
    assert summary.rejected == 2 and problems == [f"{rows}:7: not valid JSON (Expecting property name enclosed "
                                                  "in double quotes at column 2); row skipped",
                                                  f"{rows}:20: not valid JSON (Expecting property name enclosed "
                                                  "in double quotes at column 2); row skipped"]
    records = [json.loads(line) for line in complete.read_text().splitlines()]
    assert summary.mentions["github"] == sum(len(r["github"]) for r in records) > 40


def _crashed(out: Path, complete: Path, lines: int, torn: str) -> bytes:
    """Leave at `out` what a run that crashed would have: the first `lines` records of
    `complete` with a torn piece of the next one, and the run's fingerprint."""
    shutil.copy(sidecar(str(complete)), sidecar(str(out)))
    data = _cut(complete, lines, torn)
    out.write_bytes(data)
    return data


def _cut(complete: Path, lines: int, torn: str) -> bytes:
    """The first `lines` records of `complete`, plus a torn piece of the next one."""
    kept = complete.read_bytes().splitlines(keepends=True)
    nxt = kept[lines] if lines < len(kept) else b""
    tail = {"none": b"", "half": nxt[: len(nxt) // 2], "no-newline": nxt.rstrip(b"\n"),
            "garbage": b"\x00\x00\x00\n"}[torn]
    return b"".join(kept[:lines]) + tail


@pytest.mark.parametrize("lines, torn", [
    (0, "none"), (0, "half"), (1, "half"), (30, "half"), (60, "no-newline"), (61, "garbage"), (96, "half"),
    (97, "none"),
])
def test_resume_after_a_crash_writes_every_record_exactly_once(tmp_path, extractor, rows, complete, lines, torn):
    out = tmp_path / "out.jsonl"
    _crashed(out, complete, lines, torn)
    summary, problems = _run(extractor, [SEEDS, rows], out, resume=True)
    assert out.read_bytes() == complete.read_bytes()
    assert (summary.resumed, summary.written) == (lines, 97 - lines)
    assert summary.rejected == 2  # bad rows are reported again: the exit status is the whole run's
    assert any("cut off a torn last line" in p for p in problems) == (torn != "none")


def test_resume_in_parallel(tmp_path, rows, complete):
    out = tmp_path / "out.jsonl"
    _crashed(out, complete, 70, "half")
    summary, _ = _run(None, [SEEDS, rows], out, resume=True, jobs=2, chunk_size=5)
    assert out.read_bytes() == complete.read_bytes() and summary.written == 27


def test_resume_without_an_output_starts_it(tmp_path, extractor, rows, complete):
    out = tmp_path / "new.jsonl"
    _run(extractor, [SEEDS, rows], out, resume=True)
    assert out.read_bytes() == complete.read_bytes()


@pytest.mark.parametrize("inputs, done, message", [
    (["rows"], 60, r"out.jsonl: made by another run \(inputs .*seeds .*rows.jsonl then, .*rows.jsonl now\)"),
    (["seeds"], 97, r"out.jsonl: made by another run \(inputs .*seeds .*rows.jsonl then, .*seeds now\)"),
])
def test_resume_with_other_inputs_is_refused_and_changes_nothing(tmp_path, extractor, rows, complete, inputs, done,
                                                                 message):
    out = tmp_path / "out.jsonl"
    before = _crashed(out, complete, done, "none")
    with pytest.raises(ResumeError, match=message):
        _run(extractor, [{"rows": rows, "seeds": SEEDS}[i] for i in inputs], out, resume=True)
    assert out.read_bytes() == before


def test_a_bad_line_before_the_last_is_not_repaired(tmp_path, complete):
    out = tmp_path / "out.jsonl"
    kept = complete.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(kept[:3]) + b"{oops\n" + b"".join(kept[3:5]))
    with pytest.raises(ResumeError, match=r"out.jsonl:4: not valid JSON"):
        prepare_resume(str(out))


def test_resume_needs_a_jsonl_file(tmp_path, extractor):
    with pytest.raises(RunError, match="--resume needs a JSONL output file"):
        _run(extractor, [SEEDS], tmp_path / "out.csv", resume=True)


def test_extraction_errors_are_reported_and_the_records_kept(tmp_path, extractor, monkeypatch):
    src = tmp_path / "in.jsonl"
    src.write_text('{"id": "a", "text": "fine"}\n{"id": "b", "text": "BOOM"}\n{"id": "c", "text": "\\ud800 x"}\n')
    name, real = extractor.components[-1]

    def flaky(doc):  # the last component fails on one abstract of the batch
        if doc.text == "BOOM":
            raise RuntimeError("post-processor bug")
        return real(doc)

    monkeypatch.setattr(extractor, "components", extractor.components[:-1] + [(name, flaky)])
    out = tmp_path / "out.jsonl"
    summary, problems = _run(extractor, [src], out)
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in records] == ["a", "b", "c"]
    assert records[1]["error"] == "RuntimeError: post-processor bug" and records[1]["github"] == []
    # an unpaired surrogate (a `\\ud800` escape in the input) reads as U+FFFD: no failure
    assert records[2]["text"] == "\ufffd x" and "error" not in records[2]
    assert summary.failed == 1 and problems == [f"{src}:2: extraction failed (RuntimeError: post-processor bug); "
                                                "record written with empty fields"]


@pytest.mark.parametrize("files, total", [
    ({"a.jsonl": '{"text": "x"}\n\n{"text": "y"}\n{bad\n'}, 3),
    ({"a.jsonl.gz": '{"text": "x"}\n{"text": "y"}'}, 2),
    ({"s.txt": "ICML 2026 Papers\n\nFirst.\n\nSecond,\nwrapped.\n\n\nThird.\n"}, 3),
    ({"s.txt": "Header\nFirst right after the header.\n\nSecond.\n", "b.jsonl": '{"text": "z"}\n',
      "notes.md": "ignored\n"}, 3),
])
def test_progress_total_counts_rows(tmp_path, files, total):
    for name, content in files.items():
        data = content.encode()
        (tmp_path / name).write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    assert count_items([str(tmp_path)]) == total
    assert count_items(["-"]) is None


def test_summary_lines():
    summary = Summary(written=20000, rejected=3, resumed=500)
    summary.mentions.update({"methods": 12, "github": 4})
    lines = format_summary(summary, 10.0)
    assert lines == ["extract: 20000 records written, 3 rows rejected, 10.0s (2,000 abstracts/s)",
                     "extract: resumed: 500 records were already in the output",
                     "extract: mentions: methods 12, github 4"]


def test_cli_parallel_run_reports_bad_rows_and_exits_1(tmp_path, rows, complete):
    out = tmp_path / "out.jsonl"
    proc = subprocess.run([sys.executable, "-m", "extract", "run", SEEDS, str(rows), "-o", str(out), "--jobs", "2"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 1
    assert f"{rows}:7: not valid JSON" in proc.stderr and "Traceback" not in proc.stderr
    assert "97 records written, 2 rows rejected" in proc.stderr and "mentions: " in proc.stderr
    assert out.read_bytes() == complete.read_bytes()


def test_resume_with_other_input_options_is_refused(tmp_path):
    """`--text-column` picks another column, so the records differ: no resume across it."""
    from extract.inputs.options import InputOptions

    table = tmp_path / "papers.csv"
    table.write_text("id,abstract,summary\n"
                     "a,We propose FooNet for retrieval.,We evaluate on ImageNet.\n"
                     "b,We study BarNet on CIFAR-10.,A short note.\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    first = RunConfig(inputs=(str(table),), output=str(out), jobs=1, progress=False)
    run(first)
    other = replace(first, resume=True, input_options=InputOptions(text_column="summary"))
    with pytest.raises(ResumeError, match="input options"):
        run(other)
    run(replace(first, resume=True))  # the same options resume


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked only on Linux")
def test_forked_workers_use_the_extractor_the_parent_built(tmp_path, monkeypatch, extractor, rows, complete):
    """`extract run` builds the pipeline once, to report rule errors before any work; forked
    workers start from that copy instead of each building its own (about 2 s of start-up).
    Building one more after the parent's fails here, in the workers too (they are forks)."""
    from extract.pipeline.extractor import Extractor

    def no_second_build(self, *args, **kwargs):
        raise AssertionError("a worker built its own pipeline")

    monkeypatch.setattr(Extractor, "__init__", no_second_build)
    out = tmp_path / "two.jsonl"
    summary, problems = _run(extractor, [SEEDS, rows], out, jobs=2, chunk_size=7)
    assert out.read_bytes() == complete.read_bytes()


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_run_freezes_its_pipeline_once(jobs):
    """`extract run`'s pipeline leaves the garbage collector's generations (extract/run/parallel.py,
    `freeze_long_lived`), once per process; a second ChunkExtractor freezes nothing more. In a
    child process, so that this test session is not frozen. Freezes are counted as calls: the
    count of frozen objects may drop when the second pipeline's compiles push the regex
    module's pattern cache out of frozen patterns."""
    code = f"""
import gc
freezes = []
real_freeze = gc.freeze
gc.freeze = lambda: (freezes.append(1), real_freeze())
from extract.pipeline.extractor import Extractor
from extract.run.parallel import ChunkExtractor
# as `extract run` builds it: the parent's pipeline, which forked workers share
with ChunkExtractor((), {jobs}, Extractor()) as engine:
    assert gc.get_freeze_count() > 10000, gc.get_freeze_count()  # the pipeline's objects
    assert len(freezes) == 1
    with ChunkExtractor((), 1):
        assert len(freezes) == 1
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
