"""Datasets: gazetteer hits (with versions and hyphenated variants), coined names before a
dataset noun, benchmark-shaped names, lists after evaluation cues; `proposed` for the ones
the paper introduces. Shorthand lists expand."""
from __future__ import annotations

import regex

from extract.fields import lexicon

from extract.text import rx
from extract.engine.matching import non_overlapping
from extract.text.names import clean_name, name_key

DATASETS = "datasets.tsv"
PARAMS = ("extension", "title", "named", "method_context")  # rules/datasets.yaml `params:`
_SHORTHAND = regex.compile(r"^(?P<stem>.*?)(?P<first>\d+[Kk]?)(?P<rest>(?:/\d+[Kk]?)+)$")
_DIGIT_OR_HYPHEN = regex.compile(r"[\d-]")  # DIOR-R, DOTA-v1.0: spellings of a name, not the bare word
_LIST_SPLIT = regex.compile(r"\s*\([^()]*\)|,\s*(?:and\s+|or\s+)?(?:the\s+)?|\s+(?:and|or)\s+(?:the\s+)?")
_HYPHEN_LEFT = regex.compile(r"(?:\p{Lu}\p{Ll}+-)+$")
# Hyphenated parts that belong to the name: capitalised or versioned (FormalMath-Lite, DOTA-v1.0),
# not descriptive words (ImageNet-pretrained, ActivityNet-Captions-one).
_HYPHEN_RIGHT = regex.compile(r"(?:-(?:\p{Lu}[\p{L}\d]*|[\p{L}]*\d[\p{L}\d]*)(?:\.\d+)*)+(?![\p{L}\d])")
# Counts and multipliers are not names: "219K-example", "a 5x larger dataset", "10K samples".
_COUNT = regex.compile(r"^\d+(?:\.\d+)?(?:[KMBkmbx×]|[KMBkmb]?-\p{Ll}.*)$")
_SENTENCE_START = regex.compile(r"(?:^|[.!?:]\s+)$")
_NAME_MODIFIER = regex.compile(r"-(?:based|style|like|type|driven|guided|aware|specific|level|wise)$")
_DATASET_WORDS = regex.compile(r"(?i)bench|data|corpus|suite|QA\b|question|set\b|challenge|arena|collection")
_MODIFIER = regex.compile(r"^-(?:based|style|like|type|driven|guided|aware|specific|level|wise)\b")
# Dataset context for an ambiguous name: a dataset noun right after it, or "on" right before.
_DATA_AFTER = regex.compile(r"[ ](?:\S+[ ])?(?:data ?set|benchmark|corpus|suite|environment|split|test set|leaderboard)s?\b", regex.I)
_DATA_BEFORE = regex.compile(r"\b(?:(?:on|across|over|from|of)[ ](?:the[ ])?|(?:data ?sets?|benchmarks?)[ ]?\(|(?:data ?sets?|benchmarks?)[:,]?[ ](?:such as[ ]|including[ ]|like[ ])?)$", regex.I)
_PLURAL_NOUN = regex.compile(r"[ ](?:data ?sets|benchmarks|corpora|tasks)\b", regex.I)


def postprocess(doc, hits, context) -> list[dict]:
    text = context.text
    extension = context.params.extension
    introduced_by_cue = context.params.named
    method_context = context.params.method_context
    proposed: set[str] = set(_title_names(context))
    known_in_lists = any(h.name is not None for h in hits)
    definitions = context.mentions("acronyms")
    candidates = []  # (start, end, name or None, rule)
    for h in hits:
        if h.rule == "datasets.introduced":
            s, e, name = h.groups["name"]
            if _acceptable(name):
                proposed.add(name_key(name))
                candidates.append((s, e, name, h.rule))
        elif h.name is not None:  # gazetteer, matched ignoring case
            if _defined_as_other(h.text, definitions):
                continue  # "crispness-emphasized evaluation (CEval)" is not C-Eval
            span = _gazetteer_span(h, text, extension)
            if span:
                candidates.append((*span, None, h.rule))
        elif h.rule in ("datasets.list", "datasets.list_after_verb"):
            candidates.extend(_list_items(h, text, known_in_lists))
        elif h.rule == "datasets.shorthand":
            s, e, name = h.groups["name"]
            if any(lexicon.lookup(DATASETS, n) for n in expand_shorthand(name)):
                candidates.append((s, e, None, h.rule))
        else:
            s, e, name = h.groups.get("name", (h.start, h.end, h.text))
            if h.rule == "datasets.before_noun" and not _coined_enough(name, h.groups["cue"][2]):
                continue
            if h.rule == "datasets.bench_suffix" and (name.isupper() and len(name) <= 4 or _defined_as_other(name, definitions)):
                continue  # a bare "VQA" is a task; "Blind Image Quality Assessment (BIQA)" too
            if _acceptable(name):
                candidates.append((s, e, None, h.rule))
    taken_by_models = [(m["start"], m["end"]) for m in context.mentions("models")]
    out, seen = [], set()
    chosen = _longest_first(candidates)
    # A name that any of its mentions shows to be a method is not a dataset anywhere.
    methods = {name_key(c[2] or text[c[0]:c[1]]) for c in chosen
               if rx.search(method_context, text, max(0, c[0] - 30), c[0]) or rx.match(method_context, text[c[1] : c[1] + 50])}
    for start, end, name, rule in chosen:
        if any(start < me and ms < end for ms, me in taken_by_models):
            continue
        if not name:
            right = rx.match(_HYPHEN_RIGHT, text, end)
            if right and not rx.match(_MODIFIER, text[end : end + 12]):
                end = right.end()
        surface = name or clean_name(text[start:end])
        if name_key(surface) in methods or rx.match(_MODIFIER, text[end : end + 12]) or rx.search(_NAME_MODIFIER, surface):
            continue
        if rx.match(_COUNT, surface):
            continue  # "a 219K-example dataset" counts examples
        if surface.istitle() and " " not in surface and rx.search(_SENTENCE_START, text, max(0, start - 3), start):
            continue  # "However, the ..." is not a dataset name
        if rx.search(introduced_by_cue, text, max(0, start - 40), start):
            proposed.add(name_key(surface))
        for item in expand_shorthand(surface):
            key = name_key(item)
            if not key or key in seen:
                continue
            seen.add(key)
            role = "proposed" if name_key(surface) in proposed or key in proposed else "used"
            out.append({"name": item, "role": role, "start": start, "end": end, "rule": rule})
    return out


def expand_shorthand(name: str) -> list[str]:
    """`CIFAR-10/100` -> CIFAR-10, CIFAR-100; `AIME24/26` -> AIME24, AIME26."""
    m = rx.match(_SHORTHAND, name)
    if not m:
        return [name]
    return [m.group("stem") + n for n in [m.group("first"), *m.group("rest").split("/")[1:]]]


def _gazetteer_span(h, text: str, extension) -> tuple[int, int] | None:
    """The whole name around a list hit, or None when the hit is not a dataset mention."""
    surface = h.text
    forms = h.attrs.get("aliases", "").split("|") + [h.name]
    if surface not in forms:
        if sum(ch.isupper() for ch in surface) < 2 and not any(ch.isdigit() for ch in surface):
            return None  # "Quality" is not QuALITY; "imagenet" in running text is not a name
        if not any(_initials(f) == _initials(surface) for f in forms if f.lower() == surface.lower()):
            return None  # "3D shapes" is not the 3D Shapes dataset
    if rx.match(_MODIFIER, text[h.end : h.end + 12]):
        return None  # "VQA-based"
    short_caps = surface.isupper() and len(surface) <= 3
    # The flag is about the bare name: DIOR-R and DOTA-v1.0 are unambiguous spellings.
    ambiguous = h.attrs.get("flags") == "ambiguous" and not (surface != h.name and rx.search(_DIGIT_OR_HYPHEN, surface))
    if (ambiguous or short_caps) and not _has_context(text, h.start, h.end):
        return None
    if short_caps and rx.match(_PLURAL_NOUN, text, h.end):
        return None  # "PPI datasets" names a kind of dataset
    start, end = h.start, h.end
    left = rx.search(_HYPHEN_LEFT, text, max(0, start - 30), start)
    if left:
        start = left.start()  # Stochastic-D4RL
    right = rx.match(_HYPHEN_RIGHT, text, end)
    if right:
        end = right.end()  # FormalMath-Lite, LongBench-HotpotQA
    else:
        m = rx.match(extension, text, end)
        end = m.end() if m else end
    return start, end


def _list_items(h, text: str, known_in_lists: bool):
    """Names in a list after a dataset cue; plain capitalised words only beside known names."""
    s0 = h.groups["list"][0]
    pieces = []
    pos = s0
    for piece in rx.split(_LIST_SPLIT, h.groups["list"][2]):
        idx = text.find(piece, pos) if piece else -1
        if idx >= 0:
            pieces.append((idx, idx + len(piece), piece))
            pos = idx + len(piece)
    coined = [p for p in pieces if _is_coined(p[2]) or lexicon.lookup(DATASETS, p[2])]
    if not coined:
        return []
    out = []
    for s, e, piece in pieces:
        if not piece or not _acceptable(piece):
            continue
        if _is_coined(piece) or lexicon.lookup(DATASETS, piece) or (len(coined) >= 1 and piece[:1].isupper()):
            out.append((s, e, None, h.rule))
    return out


def _initials(phrase: str) -> str:
    return "".join(w[:1] for w in phrase.split())


def _defined_as_other(name: str, definitions: list[dict]) -> bool:
    """The text defines `name` as an acronym of something that is not a dataset."""
    return any(d["name"] == name and not rx.search(_DATASET_WORDS, d["long_form"]) for d in definitions)


def _title_names(context) -> list[str]:
    if not context.title:
        return []
    m = rx.match(context.params.title, context.title)
    return [name_key(m.group("name"))] if m else []


def _is_coined(name: str) -> bool:
    return any(ch.isdigit() for ch in name) or sum(ch.isupper() for ch in name) >= 2


def _coined_enough(name: str, noun: str) -> bool:
    """Before a plural noun a short acronym names a kind ("PPI datasets"), not a dataset."""
    if noun.lower().endswith(("s", "corpora")) and name.isupper() and len(name) <= 5:
        return False
    return not (name.isupper() and len(name) <= 3 and not any(ch.isdigit() for ch in name))


def _acceptable(name: str) -> bool:
    return len(name) > 1 and not lexicon.is_generic(name) and lexicon.lookup("models.tsv", name) is None


def _has_context(text: str, start: int, end: int) -> bool:
    return bool(rx.match(_DATA_AFTER, text, end) or rx.search(_DATA_BEFORE, text, max(0, start - 24), start))


def _longest_first(candidates):
    # Introduced names first (they carry the role), then longer spans.
    return non_overlapping(candidates, rank=lambda c: (c[3] != "datasets.introduced", -(c[1] - c[0]), c[0]),
                           span=lambda c: (c[0], c[1]))
