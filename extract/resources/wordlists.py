"""Word lists in `data/`: one phrase a line (.txt) or a TSV with a header (.tsv).

A TSV row's `name` is the canonical name; its `aliases` column (`|`-separated) gives other
surface forms of the same entry; every other column travels with the entry as attributes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path


@dataclass(frozen=True)
class Entry:
    name: str
    forms: tuple[str, ...]
    attrs: dict = field(default_factory=dict, hash=False, compare=False)


class WordListError(Exception):
    def __init__(self, path: Path, line: int, message: str):
        self.path, self.line, self.message = path, line, message
        super().__init__(f"{path}:{line}: {message}")


@cache
def load_word_list(path: Path) -> tuple[Entry, ...]:
    """Entries of a list file, in file order. Cached: lists are shared and never mutated."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise WordListError(path, 0, f"cannot read word list: {exc}") from exc
    if path.suffix == ".tsv":
        return tuple(_tsv_entries(path, lines))
    return tuple(Entry(s, (s,)) for s in (l.strip() for l in lines) if s and not s.startswith("#"))


def _tsv_entries(path: Path, lines: list[str]):
    header: list[str] | None = None
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = [c.strip() for c in line.split("\t")]
        if header is None:
            header = cells
            if "name" not in header:
                raise WordListError(path, number, "TSV header needs a `name` column")
            continue
        row = dict(zip(header, cells + [""] * (len(header) - len(cells))))
        name = row.pop("name")
        if not name:
            raise WordListError(path, number, "empty name")
        aliases = tuple(a.strip() for a in row.pop("aliases", "").split("|") if a.strip())
        yield Entry(name, (name, *aliases), {k: v for k, v in row.items() if v})


def forms_of(entries, column: str = "name", aliases: bool = True) -> list[str]:
    """Surface forms of a list's entries (a column's values, or names plus aliases)."""
    if column != "name":
        return sorted({e.attrs.get(column, "") for e in entries} - {""})
    out: list[str] = []
    for e in entries:
        out.extend(e.forms if aliases else (e.name,))
    return out
