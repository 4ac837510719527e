"""What made a JSONL output, kept beside it (`out.jsonl.fingerprint`), so that `--resume` can
tell "the same run, interrupted" from "another run into the same file".

Resuming checks records by count and id, but ids repeat across inputs (`x#0, x#1, ...` from
any file named `x`), and other rules give other records under the same ids. So a run writes
down, before its first record: each input's path, size and a hash of its first 64 KB; a
hash of every `--rules` directory and of the built-in rules and word lists; the package
version; and the settings that change records. `--resume` refuses, with one line naming
what differs, when any of it has changed, and refuses a non-empty output without a
fingerprint (a file `extract run` did not write: nothing in it is cut as a "torn line").
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Iterable

from extract import __version__
from extract.outputs.resume import ResumeError
from extract.resources import data_dir, rules_dir

SUFFIX = ".fingerprint"  # not an input suffix: a directory of outputs can still be read
HEAD_BYTES = 65536
_FORMAT = 1
_SETTINGS = ("EXTRACT_REGEX_TIMEOUT", "EXTRACT_TIME_BUDGET")  # environment settings that change records


class FingerprintError(ResumeError):
    """The output was made by another run (or not by `extract run`): no resume."""


def sidecar(output: str) -> Path:
    return Path(output + SUFFIX)


def fingerprint(inputs: Iterable[str], rules_dirs: Iterable[str], options: dict | None = None) -> dict:
    """What the records of a run depend on, as plain JSON data. `options`: how the inputs are
    read (`--format`, `--text-column`, ...), which changes the records as much as the inputs do."""
    return {
        "format": _FORMAT,
        "version": __version__,
        "inputs": [_input(given) for given in inputs],
        "rules": [{"dir": str(Path(d).resolve()), "hash": _tree_hash(Path(d))} for d in rules_dirs],
        "built_in": _tree_hash(rules_dir()) + ":" + _tree_hash(data_dir(), skip=("gold",)),
        "settings": {name: os.environ.get(name) for name in _SETTINGS},
        "options": {k: v for k, v in (options or {}).items() if v is not None},
    }


def write_fingerprint(output: str, fp: dict) -> None:
    """Store `fp` beside `output` (written whole: a temporary file, then renamed)."""
    path = sidecar(output)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(fp, separators=(",", ":")) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def check_fingerprint(output: str, fp: dict) -> bool:
    """Raise FingerprintError unless `output` may be resumed by the run `fp` describes.
    Returns whether a fingerprint was found (none is fine only for a missing or empty output)."""
    path = sidecar(output)
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        if os.path.exists(output) and os.path.getsize(output) > 0:
            raise FingerprintError(f"{output}: no {path.name} beside it, so it was not written by this version of "
                                   "`extract run`; cannot resume (rerun without --resume)") from None
        return False
    except (OSError, ValueError) as exc:
        raise FingerprintError(f"{path}: unreadable ({exc}); cannot resume (rerun without --resume)") from exc
    why = _difference(stored, fp) if isinstance(stored, dict) else "it is not a fingerprint"
    if why:
        raise FingerprintError(f"{output}: made by another run ({why}); cannot resume "
                               "(same inputs, --rules and settings as the first run, or rerun without --resume)")
    return True


def _difference(old: dict, new: dict) -> str | None:
    """The first difference between two fingerprints, in words (None when the same)."""
    if old.get("format") != new["format"] or old.get("version") != new["version"]:
        return f"extract {old.get('version')} then, {new['version']} now"
    old_in, new_in = old.get("inputs") or [], new["inputs"]
    if [i.get("given") for i in old_in] != [i["given"] for i in new_in]:
        return f"inputs {' '.join(str(i.get('given')) for i in old_in)} then, {' '.join(i['given'] for i in new_in)} now"
    for a, b in zip(old_in, new_in):
        if a != b:
            return f"input {b['given']} has changed"
    if old.get("rules") != new["rules"]:
        dirs = [r["dir"] for r in new["rules"]]
        was = [r.get("dir") for r in old.get("rules") or []]
        return "other --rules" if was != dirs else "a --rules directory has changed"
    if old.get("built_in") != new["built_in"]:
        return "the built-in rules or word lists have changed"
    if (old.get("options") or {}) != new["options"]:
        return f"input options {old.get('options') or {}} then, {new['options']} now"
    if old.get("settings") != new["settings"]:
        return f"settings {old.get('settings')} then, {new['settings']} now"
    return None


def _input(given: str) -> dict:
    if given == "-":
        return {"given": given}  # stdin cannot be checked
    path = Path(given)
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
        return {"given": given, "path": str(path.resolve()), "files": [_file(p, p.name) for p in files]}
    return {"given": given, **_file(path, str(path.resolve()))}


def _file(path: Path, name: str) -> dict:
    try:
        with open(path, "rb") as fh:
            head = fh.read(HEAD_BYTES)
            size = os.fstat(fh.fileno()).st_size
    except OSError:
        return {"path": name, "missing": True}  # the reader reports it
    return {"path": name, "size": size, "head": hashlib.sha256(head).hexdigest()[:32]}


def _tree_hash(root: Path, skip: tuple[str, ...] = ()) -> str:
    """A hash of every file's relative path and bytes under `root` (rule files are small)."""
    digest = hashlib.sha256()
    if root.is_dir():
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root)
            if path.is_file() and rel.parts[0] not in skip and "__pycache__" not in rel.parts:
                digest.update(str(rel.as_posix()).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:32]
