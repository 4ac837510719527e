"""Extraction on a Dask cluster: a `distributed.LocalCluster` with two worker processes
gives the same bytes as `extract run --jobs 1`, and its workers build one extractor each."""
import gzip
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="Dask runs need the dask extra")
pytest.importorskip("dask.bag", reason="Dask runs need the dask extra")

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "arxiv-ai-20k.jsonl.gz"
SLICE = 2000


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  host="127.0.0.1") as local:
        yield local


@pytest.fixture(scope="module")
def client(cluster):
    with distributed.Client(cluster) as c:
        yield c


def _run(*args, env=None):
    return subprocess.run([sys.executable, "-m", "extract", "run", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})})


@pytest.fixture(scope="module")
def corpus_slice(tmp_path_factory):
    if not CORPUS.exists():
        pytest.skip(f"the corpus is not beside the checkout ({CORPUS.parent.parent.name}/corpus)")
    path = tmp_path_factory.mktemp("slice") / "slice.jsonl"
    with gzip.open(CORPUS, "rb") as fh:
        path.write_bytes(b"".join(itertools.islice(fh, SLICE)))
    return path


@pytest.mark.parametrize("which", ["seeds", "corpus"])
def test_scheduler_writes_the_bytes_of_a_local_run(cluster, tmp_path, which, request):
    source = "seeds" if which == "seeds" else str(request.getfixturevalue("corpus_slice"))
    local, remote = tmp_path / "local.jsonl", tmp_path / "cluster.jsonl"
    done = _run(source, "-o", str(local), "--jobs", "1", "-q")
    assert done.returncode == 0, done.stderr
    done = _run(source, "-o", str(remote), "--scheduler", cluster.scheduler_address, "-q")
    assert done.returncode == 0, done.stderr
    assert remote.read_bytes() == local.read_bytes()
    assert len(local.read_bytes().splitlines()) == (57 if which == "seeds" else SLICE)


def test_bag_and_dataframe_give_the_records_of_the_extractor(client, extractor):
    import dask.bag as db
    import dask.dataframe as dd
    import pandas as pd

    import extract.dask as xd

    texts = [json.loads(line)["text"] for line in open("data/gold/seeds.jsonl")][:24]
    want = [json.loads(extractor.extract_text(t, id=f"p{i}").model_dump_json()) for i, t in enumerate(texts)]
    items = [{"id": f"p{i}", "abstract": t} for i, t in enumerate(texts)]
    got = xd.extract_bag(db.from_sequence(items, npartitions=8)).compute(scheduler=client)
    assert [{**r, "source": None} for r in got] == [{**r, "source": None} for r in want]
    frame = dd.from_pandas(pd.DataFrame({"paper": [f"p{i}" for i in range(len(texts))], "Abstract": texts}),
                           npartitions=6)
    out = xd.extract_partitions(frame, id_column="paper").compute(scheduler=client)
    assert list(out.id) == [r["id"] for r in want]
    assert [json.loads(line)["methods"] for line in out.record] == [r["methods"] for r in want]
    # One extractor per worker process, whatever the number of partitions it ran.
    builds = client.run(xd.built_extractors)
    assert len(builds) == 2 and set(builds.values()) <= {0, 1} and sum(builds.values()) >= 1


def test_unreachable_scheduler_is_one_line():
    done = _run("seeds", "-o", "-", "--scheduler", "tcp://127.0.0.1:9", "-q", env={"EXTRACT_SCHEDULER_TIMEOUT": "2"})
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("extract: cannot reach the Dask scheduler at tcp://127.0.0.1:9")


def test_missing_dask_is_one_line_naming_the_local_install(monkeypatch):
    from extract.extras import MissingExtra

    import extract.dask as xd

    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(MissingExtra, match=r'^--scheduler needs distributed: pip install "\.\[dask\]"$'):
        xd.ClusterChunkExtractor("tcp://127.0.0.1:9")
