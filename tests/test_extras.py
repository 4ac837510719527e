"""The base install stays small: the optional libraries are extras, and every hint to install
one names the local checkout (`pip install ".[parquet]"`), never a registry name."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OPTIONAL = {"openpyxl", "bibtexparser", "pyarrow", "pandas", "dask", "distributed"}


def _name(requirement: str) -> str:
    return re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0].lower()


def test_base_install_pulls_no_optional_library():
    tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    base = {_name(r) for r in project["dependencies"]}
    assert not base & OPTIONAL
    extras = project["optional-dependencies"]
    assert {"bib", "parquet", "dask", "xlsx", "all"} <= set(extras)
    assert {_name(r) for r in extras["all"]} == OPTIONAL
    assert not [r for e in extras.values() for r in e if _name(r) == project["name"]]  # no self-reference


def test_install_hints_name_the_local_checkout():
    sources = [p for p in (ROOT / "extract").rglob("*.py")] + [ROOT / "README.md"]
    offenders = [str(p.relative_to(ROOT)) for p in sources if re.search(r"abstract-extract\[", p.read_text())]
    assert offenders == []


@pytest.mark.parametrize("module, extra, what", [("pyarrow", "parquet", "writing Parquet"),
                                                 ("bibtexparser", "bib", "reading BibTeX")])
def test_missing_extra_message(monkeypatch, module, extra, what):
    import sys

    from extract.extras import MissingExtra, need

    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(MissingExtra) as caught:
        need(module, extra, what)
    assert str(caught.value) == f'{what} needs {module}: pip install ".[{extra}]"'
