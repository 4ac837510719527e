"""Optional libraries (the extras of pyproject.toml) imported with a one-line hint.

The base install stays small: BibTeX/RIS readers, Parquet, pandas, XLSX and Dask are
extras. A missing one is a user's fixable mistake, so it is reported as one line naming
the install to run from the project's checkout (`pip install ".[parquet]"`): this project
is not published on a registry, so a registry name there could install someone else's code.
"""
from __future__ import annotations

import importlib


class MissingExtra(Exception):
    """An optional library is not installed; the message says which install brings it."""


def install_hint(extra: str) -> str:
    return f'pip install ".[{extra}]"'


def need(module: str, extra: str, what: str):
    """`module` imported, or MissingExtra: "<what> needs <module>: pip install ".[<extra>]""."""
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.split(".")[0]
        raise MissingExtra(f"{what} needs {top}: {install_hint(extra)}") from None
