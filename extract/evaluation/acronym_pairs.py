"""Score the acronym detector on short-form/long-form pairs of a BioC gold file (Medstract).

Medstract (Schwartz and Hearst, PSB 2003) is the public benchmark that every acronym detector
reports on, so scoring ours the same way makes the figures comparable: per abstract, the set of
(short form, long form) pairs, each compared after lower-casing and removing everything but
letters and digits. A pair found twice in one abstract (title and body) counts once.

    python -m extract.evaluation.acronym_pairs tests/data/medstract/medstract_bioc_gold.xml --show
"""
from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Callable, Iterable

from extract.evaluation.scoring import Score
from extract.text.acronyms import Definition, find_definitions


class GoldFileError(ValueError):
    """A gold file that cannot be read; the message names the file and the line."""


@dataclass(frozen=True)
class GoldDocument:
    id: str
    passages: tuple[str, ...]
    pairs: frozenset[tuple[str, str]]  # normalised (short, long)


def pair_key(short: str, long: str) -> tuple[str, str]:
    """The comparison the benchmark's users agree on: lower case, letters and digits only."""
    return "".join(ch for ch in short.lower() if ch.isalnum()), "".join(ch for ch in long.lower() if ch.isalnum())


def load_bioc(path: str) -> list[GoldDocument]:
    """Documents of a BioC collection whose relations join a ShortForm and a LongForm."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        raise GoldFileError(f"{path}:{exc.position[0]}: not BioC XML ({exc})") from exc
    except OSError as exc:
        raise GoldFileError(f"{path}: cannot be read ({exc.strerror})") from exc
    docs = []
    for doc in root.iter("document"):
        passages, pairs = [], set()
        for passage in doc.iter("passage"):
            passages.append(passage.findtext("text") or "")
            texts = {a.get("id"): a.findtext("text") or "" for a in passage.iter("annotation")}
            for relation in passage.iter("relation"):
                role = {n.get("role"): texts.get(n.get("refid"), "") for n in relation.iter("node")}
                if role.get("ShortForm") and role.get("LongForm"):
                    pairs.add(pair_key(role["ShortForm"], role["LongForm"]))
        docs.append(GoldDocument(doc.findtext("id") or "", tuple(passages), frozenset(pairs)))
    return docs


def score_pairs(docs: Iterable[GoldDocument],
                find: Callable[[str], list[Definition]] = find_definitions) -> Score:
    """Pairs found by `find` on each passage against the gold pairs of its document."""
    score = Score()
    for doc in docs:
        found: dict[tuple[str, str], str] = {}
        for text in doc.passages:
            for d in find(text):
                found.setdefault(pair_key(d.short, d.long), f"{d.short} = {d.long}")
        for key, shown in found.items():
            if key in doc.pairs:
                score.tp += 1
            else:
                score.fp += 1
                score.false_alarms.append((doc.id, shown))
        for key in sorted(doc.pairs - found.keys()):
            score.fn += 1
            score.misses.append((doc.id, " = ".join(key)))
    return score


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("gold", help="BioC XML with ShortForm/LongForm relations")
    parser.add_argument("--show", action="store_true", help="list misses and false alarms")
    args = parser.parse_args(argv)
    try:
        score = score_pairs(load_bioc(args.gold))
    except GoldFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.show:
        for doc_id, item in score.misses:
            print(f"miss  {doc_id}  {item}")
        for doc_id, item in score.false_alarms:
            print(f"false {doc_id}  {item}")
    print(f"P {score.precision:.3f}  R {score.recall:.3f}  F1 {score.f1:.3f}  tp {score.tp}  fp {score.fp}  fn {score.fn}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
