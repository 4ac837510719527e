"""Build data/gazetteers/{models,datasets,methods,metrics}.tsv from the hand-made lists in
data/hand/ and the public registries named in data/sources.yaml, with the source of every
entry (repository, path, commit) in data/provenance/<list>.tsv.

    python data/build_gazetteers.py --mirror DIR [--files DIR2] [--corpus ../shared/corpus/arxiv-ai-20k.jsonl.gz]

DIR holds bare git snapshots of the source repositories (`owner+name/repo`, `owner+name`,
`owner/name.git` or `owner/name`); the builder reads them with `git show` at the commit the
manifest names and never reaches the network. `--update` builds from each snapshot's HEAD
instead and writes those commits into the manifest. A source with `pinned: {path: chars}` is
read from single files instead (registries too large to snapshot: pytorch/vision): DIR2 holds
them as `owner+name/commit/path`, copied from the repository at that commit; the build checks
each file's length against the manifest and names repository, path and commit as for a
snapshot (`--update` leaves such sources at their commit). The corpus (abstracts, JSONL) gives the
stop list: registry names that abstracts write in lower case as ordinary words.

Why the output keeps the hand lists' rows: they were written with aliases and flags that the
registries do not give. A registry entry with the same name (or one of its forms) confirms a
hand row: the row stays as written, but its source in data/provenance/ is then the registry
(repository, path, commit), not "hand-made list"; only hand rows no registry holds keep
"hand-made list" as their source (counted per list in the build summary). Names no hand
entry has become new rows. Provenance lives in files of its own so that no column of the
lists travels into the records (every column but name/aliases becomes a key of a mention,
rules/README.md "Word lists").
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gazetteer_filters import NORMALISERS, Corpus, coined, described, key, shape_ok  # noqa: E402
from gazetteer_parsers import PARSERS, PinnedFiles, Snapshot  # noqa: E402

DATA = Path(__file__).resolve().parent
LISTS = ("models", "datasets", "methods", "metrics")  # priority order when two lists claim a name
# A name abstracts also write in lower case (`cautious`, `apollo`, `conda`) in 3 abstracts or
# more is an ordinary word (see Build._collision for what follows from that).
AMBIGUOUS_DOCS = 3


def read_tsv(path: Path) -> tuple[list[str], list[str], list[dict]]:
    """Comment lines, header and rows of a hand list (the format of rules/README.md)."""
    comments, header, rows = [], [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            if not header:
                comments.append(line)
            continue
        if not line.strip():
            continue
        cells = line.split("\t")
        if not header:
            header = [c.strip() for c in cells]
            continue
        rows.append({**dict(zip(header, (c.strip() for c in cells))), "_line": line})
    return comments, header, rows


def forms_of(row: dict) -> list[str]:
    return [row["name"], *(a for a in row.get("aliases", "").split("|") if a)]


def find_git_dir(mirror: Path, repo: str) -> Path:
    owner, name = repo.split("/")
    for cand in (mirror / f"{owner}+{name}" / "repo", mirror / f"{owner}+{name}", mirror / owner / f"{name}.git",
                 mirror / owner / name):
        if (cand / "HEAD").is_file() or (cand / ".git").exists():
            return cand / ".git" if (cand / ".git").is_dir() else cand
    raise SystemExit(f"data/sources.yaml: no snapshot of {repo} under {mirror}")


class Build:
    def __init__(self, corpus: Corpus, data: Path = DATA):
        self.corpus, self.data = corpus, data
        self.hand = {n: read_tsv(data / "hand" / f"{n}.tsv") for n in LISTS}
        self.hand_keys = {n: {key(f): r for r in rows for f in forms_of(r)} for n, (_, _, rows) in self.hand.items()}
        self.hand_rows: dict[str, dict[str, list[dict]]] = {n: defaultdict(list) for n in LISTS}  # all rows of a key
        for n, (_, _, rows) in self.hand.items():
            for r in rows:
                for k in dict.fromkeys(key(f) for f in forms_of(r)):
                    self.hand_rows[n][k].append(r)
        self.generic = {key(l) for l in (data / "gazetteers" / "generic_terms.txt").read_text().splitlines()
                        if l.strip() and not l.startswith("#")}
        self.new: dict[str, dict[str, dict]] = {n: {} for n in LISTS}  # list -> key -> row
        self.prov: dict[str, list[tuple]] = {n: [] for n in LISTS}
        self.confirmed: dict[str, set[str]] = {n: set() for n in LISTS}
        self.stats: dict[str, Counter] = defaultdict(Counter)
        models = self.hand["models"][2]
        # brand spellings for lower-case API names (`gpt 4o` -> GPT): the hand list's families
        self.brands = {key(r["family"]): r["family"] for r in models if r.get("family")}
        self.brands.update({key(r["name"]): r["name"] for r in models if not re.search(r"\d", r["name"])})

    def claimed_elsewhere(self, list_name: str, k: str) -> bool:
        """A name another list holds is that list's: GLUE is a dataset, not a metric; the
        hand lists' decisions and the earlier lists (LISTS order) win."""
        return any(k in self.hand_keys[o] or (k in self.new[o] and LISTS.index(o) < LISTS.index(list_name))
                   for o in LISTS if o != list_name)

    def add_source(self, src: dict, snap: Snapshot) -> None:
        list_name, sid = src["list"], src["repo"]
        stats = self.stats[f"{list_name} <- {sid}"]
        parser = PARSERS[src["parser"]]
        normalise = NORMALISERS[src.get("normalise", "identity")]
        exclude = set(src.get("exclude", []))
        for raw in parser(snap, **src.get("args", {})):
            stats["read"] += 1
            out = normalise(raw, self.brands) if src.get("normalise") == "api_model" else normalise(raw)
            # a normaliser may split one registry string into several names (`Kinetics-[400/600/700]`)
            for c in out if isinstance(out, list) else [out]:
                self._add_candidate(src, snap, stats, exclude, c)

    def _add_candidate(self, src: dict, snap: Snapshot, stats: Counter, exclude: set, c) -> None:
        """File one normalised registry name: it confirms a hand row, becomes a new row, or is
        dropped by a filter (counted in `stats` under the reason)."""
        list_name, sid = src["list"], src["repo"]
        if c is None or c.name in exclude:
            stats["dropped: not a name (normaliser, manifest exclude)"] += 1
            return
        if src.get("confirm_families"):
            self._confirm_families(src, snap, stats, c)
        forms = [c.name, *c.aliases]
        keys = list(dict.fromkeys(key(f) for f in forms))  # in order: the output must not depend on hashing
        # A confirm_only source writes names in code case (torchaudio's LIBRISPEECH, optax's
        # `adabelief`), not as papers do: its names only confirm hand entries, so the shape
        # filters (which drop lower-case words) do not apply to it.
        why = None if src.get("confirm_only") else shape_ok(c.name)
        if why:
            stats[f"dropped: {why}"] += 1
            return
        hand = self._hand_row(list_name, forms, keys)
        if hand is not None:
            self.confirmed[list_name].add(hand["name"])
            self.prov[list_name].append((hand["name"], sid, c.path, snap.commit))
            stats["confirms a hand entry"] += 1
            return
        if src.get("confirm_only"):
            stats["not added: confirm_only"] += 1
            return
        k = key(c.name)
        if any(k2 in self.hand_keys[list_name] for k2 in keys):
            stats["dropped: another hand entry's form (ScanNet++ for ScanNet)"] += 1
            return
        if k in self.generic:
            stats["dropped: generic term (generic_terms.txt)"] += 1
            return
        if self.claimed_elsewhere(list_name, k):
            stats["dropped: another list's name"] += 1
            return
        if k in self.new[list_name]:  # a second source (or file) for a name already added
            self.prov[list_name].append((self.new[list_name][k]["name"], sid, c.path, snap.commit))
            stats["duplicate"] += 1
            return
        if list_name in ("datasets", "models") and described(c.name):
            stats["dropped: a description, not a name"] += 1
            return
        if src.get("coined_only") and not coined(c.name):
            stats["dropped: no coined word (coined_only)"] += 1
            return
        if src.get("known_family_only") and not self._known_family(c.name):
            stats["dropped: family not in the hand list"] += 1
            return
        flag = self._collision(list_name, c.name)
        if flag == "drop":
            stats["dropped: collides with ordinary words or acronyms"] += 1
            return
        row = {"name": c.name, "aliases": "|".join(a for a in c.aliases if self._free_alias(list_name, a)),
               "flags": flag}
        row.update(self._columns(list_name, src, c))
        self.new[list_name][k] = row
        self.prov[list_name].append((c.name, sid, c.path, snap.commit))
        stats["new" + (" (ambiguous)" if row["flags"] else "")] += 1

    def _confirm_families(self, src: dict, snap: Snapshot, stats: Counter, c) -> None:
        """A registry of model versions also holds their families: `Claude Opus 4.6` is a Claude,
        `Gemini 2.5 Flash` a Gemini 2.5. Papers name the family alone ("Claude", "Gemini 2.5",
        "DeepSeek"), and the hand list has rows for those that no registry writes on its own.
        Each leading part of the name (cut at a space or hyphen) confirms the hand row it names;
        it never adds a row."""
        parts = re.split(r"(?<=[\w.+])(?=[ -])", c.name)
        for n in range(1, len(parts)):
            prefix = "".join(parts[:n]).strip(" -")
            if len(prefix) < 3 or not re.search(r"[A-Za-z]", prefix):
                continue
            hand = self._hand_row(src["list"], [prefix], [key(prefix)])
            if hand is not None:
                self.confirmed[src["list"]].add(hand["name"])
                self.prov[src["list"]].append((hand["name"], src["repo"], c.path, snap.commit))
                stats["confirms a hand entry's family"] += 1

    def _hand_row(self, list_name: str, forms: list[str], keys: list[str]) -> dict | None:
        """The hand row a registry name confirms. The compare key drops `+`, so `ScanNet` and
        `ScanNet++`, `RefCOCO` and `RefCOCO+` share one: a row with a `+` in a form is
        confirmed only by a name that writes the `+` (provenance must not give ScanNet++ the
        source of ScanNet)."""
        written = {f.lower() for f in forms}
        for k in keys:
            rows = self.hand_rows[list_name].get(k, [])
            exact = [r for r in rows if written & {g.lower() for g in forms_of(r)}]
            plain = [r for r in rows if not any("+" in g for g in forms_of(r))]
            if exact or plain:
                return (exact or plain)[0]
        return None

    def _collision(self, list_name: str, name: str) -> str:
        """"" for a name that is safe as listed, "ambiguous" for one the post-processor must
        see in context, "drop" for one not worth the false alarms. Sized on the corpus (a
        first build fired `Apollo` and `MARS` as optimizers on the Apollo and MARS datasets,
        `FDA` and `PSC` as datasets, `ROC` inside "AUC ROC", `CharacTER` on "character"):
        - an ordinary word (written lower case in AMBIGUOUS_DOCS abstracts or more) is dropped
          from the lists the post-processors do not hold to context: datasets and metrics are
          matched case-insensitively, and methods' context cues are broad; the models
          post-processor wants a version, a size or a model word, so there it is flagged;
        - a dataset name in capitals (`CHARM`, `CaLM`) that is a word abstracts write in lower
          case even once is dropped: the datasets list is matched case-insensitively;
        - a short acronym (three capitals or fewer; four for methods) names many things and is
          dropped but from models (flagged);
        - a single capitalised word (`Pendulum`, `Kate`) is also a sentence's first word or a
          proper noun of another kind: flagged, and dropped from methods;
        - a name abstracts mostly write with other capitals (`TERRa` / `TERRA`; of several
          words, `Visual Puzzles` / "visual puzzles") is dropped from the case-insensitive
          lists."""
        ordinary = self.corpus.ordinary(name, AMBIGUOUS_DOCS)
        short = bool(re.fullmatch(r"[A-Z]{1,%d}" % (4 if list_name == "methods" else 3), name)) or len(name) <= 2
        word = bool(re.fullmatch(r"[A-Z][a-z]+", name))
        if list_name == "models":
            return "ambiguous" if ordinary or short or word else ""
        if ordinary or short or (word and list_name == "methods"):
            return "drop"
        if list_name == "datasets" and not word and self.corpus.ordinary(name, 1):
            return "drop"  # `CHARM`, `CaLM`, `FLAMES`: matched case-insensitively, one abstract's "charm" is enough
        if list_name in ("datasets", "metrics") and self.corpus.other_spelling(name):
            return "drop"  # matched case-insensitively: `TERRa` would be every `TERRA`
        if list_name == "datasets" and self.corpus.prose_phrase(name):
            return "drop"  # metrics are words of prose ("cosine similarity"); dataset names are not
        return "ambiguous" if word else ""

    def _free_alias(self, list_name: str, alias: str) -> bool:
        """No alias may be another entry's form (rules/README.md: one entry per form)."""
        k = key(alias)
        return bool(k) and not any(k in self.hand_keys[o] for o in LISTS) and not any(
            k in self.new[o] for o in LISTS)

    def _columns(self, list_name: str, src: dict, c) -> dict:
        if list_name == "models":
            return {"family": self._family(c.name)}
        if list_name == "datasets":
            return {"domain": src.get("domain", "other")}
        if list_name == "methods":
            return {"long_form": c.long_form}
        return {}

    def _known_family(self, name: str) -> bool:
        first = re.split(r"[ -]", name)[0]
        return any(k in self.hand_keys["models"] for k in (key(first), key(re.sub(r"[\d.]+$", "", first))))

    def _family(self, name: str) -> str:
        """The family of the longest hand entry the name starts with (`Qwen3 235B A22B` ->
        Qwen), else the name's leading letters (`ViTMAE`), or for an API id written in lower case
        the id without its version (`code-davinci-002` -> code-davinci)."""
        parts = re.split(r"(?<=[\w.+])(?=[ -])", name)
        for n in range(len(parts), 0, -1):
            row = self.hand_keys["models"].get(key("".join(parts[:n])))
            if row is not None:
                return row.get("family") or row["name"]
        if name[0].islower():  # an API id (`code-davinci-002`, `text-ada-001`): the id without its version
            return re.sub(r"-\d[\w.]*$", "", name)
        m = re.match(r"[A-Za-z]+(?:[- ][A-Z][A-Za-z]*)*", name)
        return m.group().rstrip("- ") if m else name

    def write(self, manifest_name: str) -> None:
        for n in LISTS:
            comments, header, rows = self.hand[n]
            lines = [f"# {n}.tsv -- GENERATED by data/build_gazetteers.py: do not edit; edit data/hand/{n}.tsv"
                     f" or {manifest_name} and rebuild.",
                     f"# Rows 1-{len(rows)} are the hand-made list data/hand/{n}.tsv; the rest come from the"
                     " public registries", f"# named in {manifest_name}. Source of each entry (repository, path,"
                     f" commit): data/provenance/{n}.tsv.", "#", *comments, "\t".join(header)]
            lines += [r["_line"] for r in rows]
            for row in sorted(self.new[n].values(), key=lambda r: r["name"].lower()):
                lines.append("\t".join(row.get(col, "") for col in header))
            (self.data / "gazetteers" / f"{n}.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
            prov = [("name", "source", "path", "commit")]
            prov += sorted(set(self.prov[n]) | {(r["name"], "hand-made list", f"data/hand/{n}.tsv", "")
                                                for r in rows if r["name"] not in self.confirmed[n]})
            out = self.data / "provenance" / f"{n}.tsv"
            out.parent.mkdir(exist_ok=True)
            out.write_text("".join("\t".join(p) + "\n" for p in prov), encoding="utf-8")

    def summary(self) -> str:
        out = []
        for label, c in self.stats.items():
            out.append(f"{label}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
        for n in LISTS:
            hand = len(self.hand[n][2])
            out.append(f"{n}: {hand} hand entries, {len(self.confirmed[n])} confirmed by a registry,"
                       f" {hand - len(self.confirmed[n])} only in the hand list, {len(self.new[n])} new")
        return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirror", required=True, type=Path, help="folder of bare git snapshots of the sources")
    ap.add_argument("--files", type=Path, help="folder of single pinned files (owner+name/commit/path)")
    ap.add_argument("--data", type=Path, default=DATA, help="folder with hand/ and gazetteers/ (default: data/)")
    ap.add_argument("--manifest", type=Path, help="default: DATA/sources.yaml")
    ap.add_argument("--corpus", help="abstracts (JSONL, .gz ok) for the ordinary-word stop list")
    ap.add_argument("--update", action="store_true", help="build from each snapshot's HEAD; record it")
    args = ap.parse_args(argv)
    args.manifest = args.manifest or args.data / "sources.yaml"
    manifest = yaml.safe_load(args.manifest.read_text(encoding="utf-8"))
    if not args.corpus:
        print("warning: no --corpus: ordinary words are not flagged", file=sys.stderr)
    build = Build(Corpus(args.corpus), args.data)
    for number, src in enumerate(manifest.get("sources") or [], start=1):
        where = f"{args.manifest}: source {number} ({src.get('repo', '?')})"
        problem = check_source(src)
        if problem:
            raise SystemExit(f"{where}: {problem}")
        if src.get("pinned"):
            if not args.files:
                raise SystemExit(f"{where}: reads pinned files: give --files DIR")
            try:
                build.add_source(src, PinnedFiles(str(args.files), src["repo"], src["commit"], src["pinned"]))
            except (OSError, ValueError, re.error, TypeError) as exc:
                raise SystemExit(f"{where}: {exc}") from None
            continue
        git_dir = find_git_dir(args.mirror, src["repo"])
        try:
            snap = Snapshot(str(git_dir), "HEAD")
            commit = snap._git("rev-parse", "HEAD").strip() if args.update else src["commit"]
            build.add_source(src, Snapshot(str(git_dir), commit))
        except subprocess.CalledProcessError as exc:
            raise SystemExit(f"{where}: git: {exc.stderr.decode(errors='replace').strip()}") from None
        except (yaml.YAMLError, re.error, TypeError) as exc:
            raise SystemExit(f"{where}: {exc}") from None
        src["commit"] = commit
    build.write(f"data/{args.manifest.name}")
    if args.update:
        _write_commits(args.manifest, manifest)
    print(build.summary())
    return 0


def check_source(src: dict) -> str | None:
    """What is wrong with a manifest item, or None."""
    missing = [k for k in ("repo", "commit", "list", "parser") if not src.get(k)]
    if missing:
        return f"missing {', '.join(missing)}"
    if src["list"] not in LISTS:
        return f"list must be one of {', '.join(LISTS)}"
    if src["parser"] not in PARSERS:
        return f"unknown parser {src['parser']!r} (known: {', '.join(PARSERS)})"
    if src.get("normalise", "identity") not in NORMALISERS:
        return f"unknown normaliser {src['normalise']!r}"
    if not re.fullmatch(r"[0-9a-f]{40}", str(src["commit"])):
        return "commit must be 40 hex digits"
    return None


def _write_commits(path: Path, manifest: dict) -> None:
    """Rewrite the `commit:` lines of the manifest in place (keeps its comments)."""
    text = path.read_text(encoding="utf-8")
    for src in manifest["sources"]:
        if src.get("pinned"):  # pinned files stay at their commit (and may pin several commits of a repo)
            continue
        text = re.sub(rf"(repo: {re.escape(src['repo'])}\n(?:\s+[^\n]*\n)*?\s+commit: )\S+", rf"\g<1>{src['commit']}",
                      text)
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
