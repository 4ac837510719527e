"""Members of a model family written without the family, once the abstract has named it.

- Another tier after a tiered name: "Gemini 2.5 Pro and Flash" (Gemini 2.5 Flash).

- Another size after a sized name: "Llama-3-8B and 70B", "Qwen3-1.7B, 4B, and 8B models",
  "Sunflower 14B and 32B": each size is a checkpoint of the same family, named as the first
  one is with its size swapped ("Llama-3-70B").
- A tier with its version after the family appeared: "Claude Opus 4.5 Preview ... and Sonnet
  4.5", "Gemini 3.1 Pro ... whereas Opus 4.7": the tier is one the abstract writes after the
  family ("Claude Opus 4.5 Preview": Opus), or the list holds the family with that tier and
  version ("Claude Sonnet 4.5"). A capitalised word before a number is otherwise no model
  ("Table 3", "Section 4.2"), so a tier never counts on its own.
"""
from __future__ import annotations

from functools import cache

import regex

from extract.fields import lexicon
from extract.text import rx
from extract.text.names import name_key

MODELS = "models.tsv"
# A size in a coordination right after a sized name, with its own variant parts ("Qwen2.5-7B and
# 14B-Instruct", "Qwen3-8B and 30B-A3B"; the scan stops at the first thing that is not one: a
# range "from 0.5B to 7B" has no "and" before its second size); a tier and its
# version as a text writes it ("Sonnet 4.5", "Opus 4", "Flash-2.0"); the tier words of a name,
# capitalised words after its family ("Claude Opus 4.5 Preview"), and those after a match.
_SIZE = r"(?:\d+x)?\d+(?:\.\d+)?[BM](?![\w]|\.\w)"
_NEXT_SIZE, _SIZE_AT_END, _TIER_VERSION, _WORDS_AFTER, _WORD, _FAMILY_WORD = (regex.compile(p) for p in (
    rf"(?:,[ ](?:and[ ]|or[ ])?|,?[ ](?:and|or)[ ])-?(?P<size>{_SIZE}(?:-(?:A\d+(?:\.\d+)?[BM]|\p{{L}}[\p{{L}}\d]*)(?![\w]|\.\w))*)(?!-\d)",
    rf"{_SIZE}$",
    r"(?<![\w.-])(?P<tier>\p{Lu}\p{Ll}{2,})[ -](?P<version>v?\d+(?:\.\d+)*)(?![\w.]|-\d)(?:[ ](?:Preview|Thinking|Instruct|Lite|Mini|Max|Ultra|Turbo)\b)*",
    r"(?:[ ]\p{Lu}\p{Ll}+){1,2}",
    r"(?<![\w-])\p{Lu}\p{Ll}{2,}(?![\w-])",
    r"\p{L}{2}",
))


def size_siblings(text: str, name: str, end: int) -> list[tuple[int, int, str]]:
    """Sizes coordinated after a name that ends in a size, as (start, end, name) with the
    span of the size as written."""
    last = rx.search(_SIZE_AT_END, name)
    if not last or not rx.search(_FAMILY_WORD, name, 0, last.start()):
        return []  # "(270M-270M, 1B-1B and 4B-4B)": sizes of encoder and decoder, no family
    stem = name[: last.start()]
    out, pos = [], end
    while (m := rx.match(_NEXT_SIZE, text, pos)) is not None:
        out.append((m.start("size") - (text[m.start("size") - 1] == "-"), m.end(), stem + m.group("size")))
        pos = m.end()
    return out


# A tier word coordinated after a name that ends in one: "Gemini 2.5 Pro and Flash", "Claude 3.5
# Sonnet and Haiku": the same release in that tier. Not a word that goes on into a longer name
# ("Pro and Flash Attention") or has its own version ("... Preview and Sonnet 4.5").
_TIERS = r"(?:Pro|Flash|Lite|Mini|Nano|Max|Plus|Turbo|Ultra|Sonnet|Opus|Haiku)"
_TIER_END = regex.compile(rf"(?<=\d(?:[ -]\p{{Lu}}\p{{Ll}}+)*[ -]){_TIERS}$")
_NEXT_TIER = regex.compile(rf"(?:,[ ](?:and[ ]|or[ ])?|,?[ ](?:and|or)[ ])(?P<tier>{_TIERS})(?![\w-]|[ ](?:\p{{Lu}}|v?\d)|\.\w)")


def tier_siblings(text: str, name: str, end: int) -> list[tuple[int, int, str]]:
    """Tiers coordinated after a name that ends in a tier after its version, as (start, end,
    name) with the span of the tier as written."""
    last = rx.search(_TIER_END, name)
    if not last:
        return []
    stem = name[: last.start()]
    out, pos = [], end
    while (m := rx.match(_NEXT_TIER, text, pos)) is not None:
        out.append((m.start("tier"), m.end(), stem + m.group("tier")))
        pos = m.end()
    return out


def tier_members(text: str, found: list[tuple[str, str]], taken: list[tuple[int, int]]) -> list[tuple[int, int, str, str]]:
    """(start, end, name, family) of tiers written with a version and without their family,
    where `found` (name, family) holds a model of that family; not inside a `taken` span, not
    a model `found` already holds."""
    families = {family for _, family in found if family}
    if not families:
        return []
    learned = {word: family for name, family in found if family and name.startswith(family)
               for word in (w.group() for w in rx.finditer(_WORD, name[len(family):]))}
    keys = {name_key(name) for name, _ in found}
    tiers = set(learned).union(*(_listed_tiers(f) for f in families))
    if not any(t in text for t in tiers):
        return []  # most abstracts: no tier word of a family they name, so no scan
    out = []
    for m in rx.finditer(_TIER_VERSION, text):
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        tier, version = m.group("tier"), m.group("version")
        family = learned.get(tier) or next((f for f in sorted(families) if _listed(f, tier, version)), None)
        after = rx.match(_WORDS_AFTER, text, m.end())  # "Opus 4.5 Preview" again, after "Claude Opus 4.5 Preview"
        written = f"{family} {m.group()}"
        if family is None or family == tier or name_key(written) in keys \
                or after and name_key(written + after.group()) in keys:
            continue
        out.append((m.start(), m.end(), m.group(), family))
    return out


def _listed(family: str, tier: str, version: str) -> bool:
    return any(lexicon.lookup(MODELS, form) for form in (f"{family} {tier} {version}", f"{family} {version} {tier}"))


def _listed_tiers(family: str) -> frozenset[str]:
    """Capitalised words the list writes in the names of `family` ("Opus", "Sonnet" for Claude)."""
    return _tiers_by_family().get(family, frozenset())


@cache
def _tiers_by_family() -> dict[str, frozenset[str]]:
    tiers: dict[str, set[str]] = {}
    for e in {id(e): e for e in lexicon.entries(MODELS).values()}.values():
        family = e.attrs.get("family")
        if family and e.name.startswith(family + " "):
            tiers.setdefault(family, set()).update(w.group() for w in rx.finditer(_WORD, e.name[len(family):]))
    return {f: frozenset(words) for f, words in tiers.items()}
