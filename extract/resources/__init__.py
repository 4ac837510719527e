"""Where the built-in rule files and word lists live.

An installed wheel carries them inside the package (`extract/_rules`, `extract/_data`);
an editable checkout reads them from the repository's `rules/` and `data/`.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # the `extract` package folder


@cache
def rules_dir() -> Path:
    return _first_existing(_PACKAGE / "_rules", _PACKAGE.parent / "rules")


@cache
def data_dir() -> Path:
    return _first_existing(_PACKAGE / "_data", _PACKAGE.parent / "data")


def _first_existing(*candidates: Path) -> Path:
    for path in candidates:
        if path.is_dir():
            return path
    raise FileNotFoundError(f"built-in rules/data not found; looked in {', '.join(map(str, candidates))}")


def resolve_data_path(name: str, relative_to: Path | None = None) -> Path:
    """A word-list path from a rule file: `data/...` means the built-in data folder,
    anything else is taken relative to the rule file's own folder."""
    if name.startswith("data/"):
        return data_dir() / name[len("data/") :]
    base = relative_to if relative_to is not None else Path.cwd()
    return (base / name).resolve()
