"""Extraction on a Dask cluster (an optional extra: `pip install ".[dask]"`), under its public
name: `extract.dask.extract_bag(bag)`, `extract.dask.extract_partitions(frame, ...)`.

    >>> import dask.bag as db
    >>> from extract.dask import extract_bag
    >>> records = extract_bag(db.from_sequence(abstracts, npartitions=64)).compute()

The code lives in the run layer (extract/run/cluster.py), beside the local worker processes
whose one code path (`process_chunk`) it shares.
"""
from __future__ import annotations

from extract.run.cluster import (ClusterChunkExtractor, ClusterError, built_extractors, extract_bag,  # noqa: F401
                                 extract_partitions)

__all__ = ["extract_bag", "extract_partitions", "ClusterChunkExtractor", "ClusterError"]
