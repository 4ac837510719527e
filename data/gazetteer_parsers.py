"""Readers for the public registries that data/build_gazetteers.py draws names from.

Each parser reads files of one repository snapshot (a bare git directory, read with
`git show`; nothing here reaches the network) and yields `Candidate`s: a name as the
registry writes it, other forms it gives, the extra columns it implies and the file it came
from. Cleaning to the forms papers write, and filtering, happen in gazetteer_filters.py.
"""
from __future__ import annotations

import fnmatch
import os
import re
import subprocess
from dataclasses import dataclass, field

import yaml


@dataclass
class Candidate:
    name: str
    path: str
    aliases: list[str] = field(default_factory=list)
    long_form: str = ""  # an expansion the registry gives ("Weight-Decomposed Low-Rank Adaptation")


class Snapshot:
    """Read-only view of one commit of a bare git directory."""

    def __init__(self, git_dir: str, commit: str):
        self.git_dir, self.commit = git_dir, commit
        self._files: list[str] | None = None

    def _git(self, *args: str) -> str:
        out = subprocess.run(["git", f"--git-dir={self.git_dir}", *args], capture_output=True, check=True)
        return out.stdout.decode("utf-8", errors="replace")

    def files(self, globs: list[str]) -> list[str]:
        if self._files is None:
            self._files = self._git("ls-tree", "-r", "--name-only", self.commit).splitlines()
        return [f for f in self._files if any(fnmatch.fnmatchcase(f, g) for g in globs)]

    def read(self, path: str) -> str:
        return self._git("show", f"{self.commit}:{path}")



class PinnedFiles:
    """Single files of one commit of a repository too large to snapshot whole (pytorch/vision,
    vLLM), kept in a folder outside the project as DIR/owner+name/commit/path. The manifest
    names each file with its length in characters (`pinned: {path: chars}`), so a copy that
    is cut short or of another version stops the build instead of giving another list."""

    def __init__(self, root: str, repo: str, commit: str, pinned: dict[str, int]):
        self.commit, self.pinned = commit, pinned
        self.base = os.path.join(root, repo.replace("/", "+"), commit)
        for path, chars in pinned.items():
            text = self.read(path)
            if len(text) != int(chars):
                raise ValueError(f"{repo}@{commit}:{path} has {len(text)} characters, the manifest says {chars}")

    def files(self, globs: list[str]) -> list[str]:
        return [f for f in self.pinned if any(fnmatch.fnmatchcase(f, g) for g in globs)]

    def read(self, path: str) -> str:
        full = os.path.join(self.base, path)
        if not os.path.isfile(full):
            raise FileNotFoundError(f"no copy of {path} under {self.base}")
        with open(full, encoding="utf-8", newline="") as f:
            return f.read()

# A parenthetical that qualifies a heading rather than naming it: `Ontonotes v5 (English)`.
_QUALIFIER = re.compile(r"\s*\((?:english|validation|ensemble|sup|free|[^()]*\d{4}[^()]*)\)\s*$", re.I)


def _paren_pair(title: str) -> tuple[str, str]:
    """`Weight-Decomposed Low-Rank Adaptation (DoRA)` -> (DoRA, its long form); `OSF
    (Orthogonal Subspace Fine-tuning)` the same; a colon ends a name (`VeRA: Vector-based
    Random Matrix Adaptation`). A long form is kept only when it spells the short name's
    capitals, and only the words that do (a paper title before them is not the name)."""
    title = _QUALIFIER.sub("", title.strip().strip("*").strip())
    title = re.sub(r"\s+Metric$", "", title)  # evaluate's `Spearman Correlation Coefficient Metric`
    m = (re.match(r"^(?P<short>[^:]{1,40}?)\s*:\s+(?P<long>.+)$", title)
         or re.match(r"^(?P<long>.+?)\s*\((?P<short>[^()]{1,60})\)\s*$", title))
    if not m:
        return title, ""
    short, long = m.group("short").strip(), m.group("long").strip()
    if len(short) > len(long):
        short, long = long, short
    return short, expansion(short, long)


def expansion(short: str, long: str) -> str:
    """The shortest tail of `long` whose word initials (hyphen parts too) hold the capitals
    of `short` in order, or "" (`VB-LoRA` is not `Extreme Parameter Efficient Fine-Tuning`)."""
    caps = [c for c in short if c.isupper()]
    words = long.split()
    for start in range(len(words) - 1, -1, -1):
        initials = [p[0].upper() for w in words[start:] for p in re.split(r"-", w) if p]
        it = iter(initials)
        if caps and all(c in it for c in caps):
            return " ".join(words[start:])
    return ""


def _titles(snap: Snapshot, globs: list[str], first_heading: str):
    """The first heading line (matching `first_heading`) of each file."""
    rx = re.compile(first_heading, re.M)
    for path in snap.files(globs):
        m = rx.search(snap.read(path))
        if m:
            yield path, m.group("title").strip()


def doc_titles(snap: Snapshot, globs: list[str], heading: str = r"^#\s+(?P<title>.+)$"):
    """One name per documentation page: its title (`# LoRA`, `title: BLEU`, `:header: PSNR`)."""
    for path, title in _titles(snap, globs, heading):
        short, long = _paren_pair(title)
        yield Candidate(short, path, [long] if long else [], long)


def section_headings(snap: Snapshot, globs: list[str], heading: str = r"^#{3,4}\s+(?P<title>.+?)\s*$"):
    """Every section heading (NLP-progress: one `### Dataset` section per dataset of a task)."""
    rx = re.compile(heading, re.M)
    for path in snap.files(globs):
        for m in rx.finditer(snap.read(path)):
            title = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", m.group("title"))  # [text](link) -> text
            short, long = _paren_pair(re.sub(r" (?:corpus|dataset)$", "", title))  # `Switchboard corpus`
            names = [n.strip() for n in short.split(" / ")]  # `PWKP / WikiSmall`: one set, two names
            yield Candidate(names[0], path, [*names[1:], long] if long else names[1:], long)


def bold_links(snap: Snapshot, globs: list[str]):
    """`1. **[ALBERT](https://...)** (from ...)`: the model list of transformers(.js)."""
    rx = re.compile(r"^\d+\.\s+\*\*\[(?P<name>[^\]]+)\]", re.M)
    for path in snap.files(globs):
        for m in rx.finditer(snap.read(path)):
            short, long = _paren_pair(m.group("name"))  # `Vision Transformer (ViT)` is ViT
            yield Candidate(short, path, [long] if long else [], long)


def first_table_column(snap: Snapshot, globs: list[str], header: str, column: int = 0):
    """Names in one column (the first unless `column` says) of the markdown tables whose first
    header cell is `header` (RecSysDatasets numbers its rows: `| SN | Dataset | ...`)."""
    for path in snap.files(globs):
        inside = False
        for line in snap.read(path).splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not line.lstrip().startswith("|"):
                inside = False
            elif cells[0] == header:
                inside = True
            elif inside and len(cells) > column and cells[column] and not set(cells[column]) <= set("-: "):
                cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cells[column])  # a link: its text
                cell = re.sub(r"<br\s*/?>.*$|\\", "", cell)  # `Yelp<br>(5 versions)`, escaped `Book\-Crossing`
                yield Candidate(re.sub(r"[*`\[\]]", "", cell).strip(), path)


def quoted_values(snap: Snapshot, globs: list[str], pattern: str):
    """Every string a regex finds (`name="ArguAna"` in MTEB, `id="HalfCheetah-v4"` in Gymnasium,
    `'ogbn-arxiv'` in OGB); group `name` is the name."""
    rx = re.compile(pattern)
    for path in snap.files(globs):
        for m in rx.finditer(snap.read(path)):
            yield Candidate(m.group("name"), path)


def api_models(snap: Snapshot, globs: list[str]):
    """genai-prices provider files: each model's display `name` and its API `id`."""
    for path in snap.files(globs):
        data = yaml.safe_load(snap.read(path)) or {}
        for model in data.get("models", []) or []:
            name, ident = model.get("name"), model.get("id")
            if name:
                yield Candidate(str(name), path, [str(ident)] if ident else [])


def path_names(snap: Snapshot, globs: list[str], pattern: str):
    """Names a repository gives as folder names (Time-Series-Library keeps one script folder per
    dataset: `scripts/long_term_forecast/Traffic_script/`): group `name` of `pattern` in each
    file's path, once per name."""
    rx, seen = re.compile(pattern), set()
    for path in snap.files(globs):
        m = rx.search(path)
        if m and m.group("name") not in seen:
            seen.add(m.group("name"))
            yield Candidate(m.group("name"), path)


def file_stems(snap: Snapshot, globs: list[str]):
    """File names without folder and extension (CleanRL: one file per algorithm variant)."""
    for path in snap.files(globs):
        yield Candidate(path.rsplit("/", 1)[-1].rsplit(".", 1)[0], path)


def list_links(snap: Snapshot, globs: list[str], item: str = r"^[-*]\s+\[(?P<name>[^\]]+)\]\("):
    """Top-level markdown list items that link their name: `- [Conservative Q-Learning (CQL)](url)`
    (Tianshou's algorithm list), `- [ChartQA](url) (chartqa)` (lmms-eval's task list). Nested
    items (splits, versions of a set) are indented and not read."""
    rx = re.compile(item, re.M)
    for path in snap.files(globs):
        for m in rx.finditer(snap.read(path)):
            short, long = _paren_pair(m.group("name"))
            yield Candidate(short, path, [long] if long else [], long)


def yaml_items(snap: Snapshot, globs: list[str], field: str, section: str | None = None,
               skip_with: tuple[str, ...] = ()):
    """The `field` of each item of a YAML list (under key `section`, or the document itself):
    HELM's `run_groups` and `models` (`display_name`), OpenCompass's dataset index (`- ifeval:
    {name: IFEval}`: a one-key item is opened). Items holding a key of `skip_with` are groups
    of other items (HELM's `subgroups`: "Core scenarios"), not entries."""
    for path in snap.files(globs):
        data = yaml.safe_load(snap.read(path)) or {}
        items = data.get(section) if section else data
        for it in items or []:
            if isinstance(it, dict) and len(it) == 1 and isinstance(next(iter(it.values())), dict):
                it = next(iter(it.values()))
            if isinstance(it, dict) and it.get(field) and not any(k in it for k in skip_with):
                yield Candidate(str(it[field]).strip(), path)


PARSERS = {
    "list_links": list_links,
    "yaml_items": yaml_items,
    "doc_titles": doc_titles,
    "section_headings": section_headings,
    "bold_links": bold_links,
    "first_table_column": first_table_column,
    "quoted_values": quoted_values,
    "api_models": api_models,
    "file_stems": file_stems,
    "path_names": path_names,
}
