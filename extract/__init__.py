"""Structured records from ML paper abstracts: methods, models, datasets, metrics,
speedups and GitHub links, with offsets into the original text.

    >>> from extract import Extractor
    >>> record = Extractor().extract_text("Code: https://github.com/a/b")
"""
from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["Extractor", "build_pipeline", "Record", "clean", "to_dataframe", "__version__"]


def __getattr__(name: str):
    # Imported lazily so that `extract --help` does not pay for loading spaCy.
    if name in ("Extractor", "build_pipeline"):
        from extract.pipeline import extractor

        return getattr(extractor, name)
    if name == "Record":
        from extract.pipeline.records import Record

        return Record
    if name == "to_dataframe":
        from extract.outputs.frames import to_dataframe

        return to_dataframe
    if name == "clean":
        from extract.text.cleantext import clean

        return clean
    raise AttributeError(f"module 'extract' has no attribute {name!r}")
