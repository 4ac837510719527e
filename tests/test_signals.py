"""Stopping a run with signals, as a user at a terminal or a job scheduler does: a second
Ctrl-C or SIGTERM ends the process at once, and the output is still resumable to exactly
the records of an uninterrupted run."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from extract.run.runner import RunConfig, run

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def many(tmp_path_factory):
    """A few hundred real abstracts: enough that a run is still going when signalled."""
    path = tmp_path_factory.mktemp("in") / "many.jsonl"
    rows = [json.loads(line) for f in sorted((REPO / "data" / "gold").glob("*.jsonl"))
            for line in f.read_text(encoding="utf-8").splitlines()]
    path.write_text("".join(json.dumps({"id": f"{r['id']}@{k}", "text": r["text"]}) + "\n"
                            for k in range(4) for r in rows), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def clean(tmp_path_factory, extractor, many):
    """The output of an uninterrupted run."""
    path = tmp_path_factory.mktemp("clean") / "clean.jsonl"
    run(RunConfig(inputs=(str(many),), output=str(path)), extractor=extractor)
    return path.read_bytes()


def _start(*args, cwd):
    return subprocess.Popen([sys.executable, "-m", "extract", "run", *map(str, args)], cwd=cwd,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONFAULTHANDLER": "1"})


def _wait_for_lines(path: Path, lines: int, proc) -> None:
    deadline = time.monotonic() + 600
    while not (path.exists() and path.read_bytes().count(b"\n") >= lines):
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline, "the run wrote nothing"
        time.sleep(0.05)


@pytest.mark.parametrize("signum, jobs", [(signal.SIGINT, 2), (signal.SIGTERM, 2), (signal.SIGINT, 1)])
def test_a_second_signal_exits_at_once_and_the_output_resumes(tmp_path, many, clean, signum, jobs):
    out = tmp_path / "out.jsonl"
    proc = _start(many, "-o", out, "-j", jobs, cwd=tmp_path)
    _wait_for_lines(out, 1, proc)
    proc.send_signal(signum)
    time.sleep(0.05)
    proc.send_signal(signum)
    try:
        err = proc.communicate(timeout=60)[1]  # a hang guard: it used to wait forever
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("the run did not stop after two signals:\n" + proc.communicate()[1])
    assert proc.returncode in (128 + signum, -signum, 130), err
    assert "Traceback" not in err and "--resume" in err
    done = out.read_bytes().count(b"\n")
    resumed = subprocess.run([sys.executable, "-m", "extract", "run", str(many), "-o", str(out), "--resume", "-q",
                              "-j", "1"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    assert out.read_bytes() == clean and 0 < done < clean.count(b"\n")


def test_interrupting_a_table_output_does_not_advise_resume(tmp_path, many):
    out = tmp_path / "out.csv"
    proc = _start(many, "-o", out, "-j", 1, cwd=tmp_path)
    _wait_for_lines(out, 3, proc)  # the header and a first chunk of rows
    proc.send_signal(signal.SIGINT)
    err = proc.communicate(timeout=60)[1]
    assert proc.returncode == 130, err
    assert "a table cannot be resumed" in err and "--resume finishes" not in err
