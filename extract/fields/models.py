"""Models: gazetteer hits extended over versions and sizes, sized names, family-number names.

Ambiguous family names (Dream, Gemini, Phi) count only with a version, a size, or a model
word next to them; classes of models (LLMs, ViTs) never count.
"""
from __future__ import annotations

import regex

from extract.fields import lexicon

from extract.text import rx
from extract.text.names import clean_name, name_key
from extract.engine.matching import Hit, non_overlapping

MODELS = "models.tsv"
PARAMS = ("extension",)  # rules/models.yaml `params:`
DATASETS = "datasets.tsv"
_SIZE = regex.compile(r"(?<![\w.])(?:\d+x)?\d+(?:\.\d+)?[BMKT](?![A-Za-z])")
_SHORTHAND = regex.compile(r"(?P<a>(?:\d+x)?\d+(?:\.\d+)?[BMKT]?)(?P<rest>(?:/(?:\d+(?:\.\d+)?[BMKT]?))+)")
# A model name that continues into a benchmark name (LLaVA-Bench, GPT-4V-Eval) is the benchmark's.
_SIZE_UNIT_END = regex.compile(r"[BMKT]$")  # "1.4B": the unit the other sizes of a shorthand share
_BENCH_AFTER = regex.compile(r"-?(?:Bench|BENCH|bench|Eval|EVAL|QA|Arena|Wild)\b")
_MODEL_CONTEXT = regex.compile(r"^\W{0,2}(?:model|models|LLM|LLMs|checkpoint|backbone|family|series|-\d|\d)", regex.I)


def postprocess(doc, hits: list[Hit], context) -> list[dict]:
    text = context.text
    extension = context.params.extension
    candidates: list[tuple[int, int, str | None, bool, str]] = []  # start, end, family, ambiguous, rule
    pending: list[tuple[int, int, str | None, bool, str]] = []  # ambiguous names, for a second look
    for h in hits:
        if h.rule == "models.extension":
            continue
        if h.name is not None:  # a gazetteer form
            m = rx.match(extension, text, h.end)
            end = m.end() if m else h.end
            ambiguous = h.attrs.get("flags") == "ambiguous"
            candidate = (h.start, end, h.attrs.get("family") or h.name, False, h.rule)
            if ambiguous and end == h.end and not rx.match(_MODEL_CONTEXT, text[end : end + 12]):
                pending.append(candidate)
                continue
            candidates.append(candidate)
        elif h.rule == "models.numbered":
            entry = _family(h.groups["family"][2])
            if entry is None:
                continue
            m = rx.match(extension, text, h.end)
            candidates.append((h.start, m.end() if m else h.end, entry.attrs.get("family") or entry.name, False, h.rule))
        else:  # a sized name, family possibly unknown
            fam_text = h.groups["family"][2]
            if _is_dataset(h.text):
                continue
            entry = lexicon.lookup(MODELS, fam_text)
            family = (entry.attrs.get("family") or entry.name) if entry else fam_text
            candidates.append((h.start, h.end, family, False, h.rule))
    # An ambiguous name counts when a sure model shares its sentence ("Mistral and Llama 3 models").
    sure_sentences = {context.sentence_of(c[0]) for c in candidates}
    candidates += [c for c in pending if context.sentence_of(c[0]) in sure_sentences]
    out, seen = [], set()
    for start, end, family, _, rule in _merge_adjacent(_longest_first(candidates), text):
        if rx.match(_BENCH_AFTER, text, end):
            continue
        surface = clean_name(text[start:end])
        if lexicon.is_generic(surface):
            continue
        for name in expand_shorthand(surface):
            key = name_key(name)
            if key in seen:
                continue
            seen.add(key)
            size = rx.search(_SIZE, name)
            out.append({"name": name, "family": family, "size": size.group() if size else None,
                        "start": start, "end": end, "rule": rule})
    return out


def expand_shorthand(name: str) -> list[str]:
    """`Ouro-1.4B/2.6B-Thinking` -> both checkpoints; `LLaMA-2/3` -> LLaMA-2, LLaMA-3."""
    m = rx.search(_SHORTHAND, name)
    if not m:
        return [name]
    options = [m.group("a")] + m.group("rest").split("/")[1:]
    unit = rx.search(_SIZE_UNIT_END, m.group("a"))
    names = []
    for opt in options:
        if unit and not rx.search(_SIZE_UNIT_END, opt):
            opt += unit.group()
        names.append(name[: m.start()] + opt + name[m.end() :])
    return names


def _longest_first(candidates):
    return non_overlapping(candidates, rank=lambda c: (-(c[1] - c[0]), c[0]), span=lambda c: (c[0], c[1]))


def _merge_adjacent(candidates, text: str):
    """A bare brand and the name after it are one name: `Doubao Seedream 4.0`. A versioned
    name stays apart from what follows (`DINOv3 ViT-B/16` is two)."""
    merged: list = []
    for c in candidates:
        if merged and text[merged[-1][1] : c[0]] == " " and not any(ch.isdigit() for ch in text[merged[-1][0] : merged[-1][1]]):
            prev = merged.pop()
            c = (prev[0], c[1], prev[2], False, prev[4])
        merged.append(c)
    return merged


def _is_dataset(text: str) -> bool:
    return lexicon.lookup(DATASETS, text) is not None


def _family(written: str):
    """The listed family a numbered name is written with: ResNet in ResNet50V2, EfficientNet in
    EfficientNetB0. Family names must be written as the list writes them (SiT is not SIT)."""
    trimmed = written[:-1] if written[-1:].isupper() or written[-1:] == "v" else None  # YOLOv8, EfficientNetB0
    for candidate in (written, trimmed):
        if candidate:
            entry = lexicon.lookup(MODELS, candidate)
            if entry is not None and candidate in entry.forms:
                return entry
    return None
