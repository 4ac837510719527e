"""Models: gazetteer hits extended over versions and sizes, sized names, family-number names.

Ambiguous family names (Dream, Gemini, Phi) count only with a version, a size, or a model
word next to them; classes of models (LLMs, ViTs) never count.
"""
from __future__ import annotations

import regex

from extract.fields import lexicon
from extract.fields.model_lists import cued_items, cued_members, list_members
from extract.fields.model_members import size_siblings, tier_members, tier_siblings

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
# Words that stand before a size without naming a family: "our 32B model", "the 7B one".
_NOT_FAMILY = regex.compile(r"(?i)^(?:our|the|a|an|this|that|these|those|its|their|each|both|all|only|with|and|or|of|for|in|on|to|at|by|from|across|over|under|between|among|using|via|than|versus|vs|we|size|sizes|scale|scales|parameters?|params)$")
# Once a name carries its parameter count, a lower-case word after a space describes the
# checkpoint ("Qwen2.5-Math-7B base model"), it does not name it ("Whisper medium" has no count).
_DESCRIPTOR_AFTER_SIZE = regex.compile(r"(?<=\d(?:\.\d+)?[BMKT][\w.-]*)[ ]\p{Ll}+$")
# The sizes of a bracketed list: "(30B-A3B, 235B-A22B)".
_SIZE_LIST_SPLIT = regex.compile(r",[ ](?:and[ ])?")
# A listed family glued by a hyphen to a coined all-caps part names a model derived from it:
# "Qwen-BIM" (after the family) is that model; "XMB-BERT" (before it) is not BERT.
_DERIVED_SUFFIX = regex.compile(r"-\p{Lu}{2,}\d*(?![\w-])")
_PREFIXED = regex.compile(r"(?<![\w-])(\p{Lu}{2,}\d*|(?=[\p{L}\d]*\p{Lu})\p{L}[\p{L}\d]*\p{Lu}[\p{L}\d]*|\p{Lu}[\p{Ll}]+)-$")
# What makes an ambiguous name (Phi, Gemini, MAE) a model: a model word after it, or a version
# number; a number after a name the metric list holds too is its value ("MAE: 59.78", "15% MAE,
# 13% MAE"), not a version.
_MODEL_WORD_AFTER = regex.compile(r"^\W{0,2}(?:model|models|LLM|LLMs|checkpoint|backbone|family|series)", regex.I)
_VERSION_AFTER = regex.compile(r"^\W{0,2}-?\d")
METRICS = "metrics.tsv"
# What a model is trained on is data: "pretrained on GlobalGeoTree-6M", "fine-tuned on ViCA-322K".
_TRAINED_ON = regex.compile(r"(?:trained|tuned)[ ]on[ ](?:the[ ])?$")
# Words that make the model after them the paper's own: "our model X", "the proposed model X".
_OWN_BEFORE = regex.compile(r"\b(?:[Oo]ur|proposed|new|novel|this|we)[ ](?:[\w-]+[ ]){0,2}$|-(?:trained|tuned)[ ]$|\b(?:[Aa]n?)[ ](?:[\w-]+[ ]){0,4}$")
_WE = regex.compile(r"\b[Ww]e\b")  # a sentence of "we" names the paper's own model
# A count in a dataset's name is its size in items, not parameters: "WildChat-4.8M dataset",
# "Planktonzilla-17M, a unified dataset of ...".
_DATA_NOUN_AFTER = regex.compile(r"(?:,[ ](?:a|an|the)[ ](?:[\w-]+[ ]){0,4}?|[ ])(?:data ?sets?|benchmarks?|corpus|corpora)\b", regex.I)


def postprocess(doc, hits: list[Hit], context) -> list[dict]:
    text = context.text
    extension = context.params.extension
    candidates: list[tuple[int, int, str | None, bool, str]] = []  # start, end, family, ambiguous, rule
    listed: dict[tuple[int, int], list[str]] = {}  # span of a bracketed size list -> its models
    pending: list[tuple[int, int, str | None, bool, str]] = []  # ambiguous names, for a second look
    data_named: set[str] = set()  # sized names the text calls data, wherever they stand
    for h in hits:
        if h.rule == "models.extension":
            continue
        if h.name is not None:  # a gazetteer form, matched ignoring case
            if not _written_as_name(h):
                continue
            prefix = rx.search(_PREFIXED, text, max(0, h.start - 12), h.start)
            if prefix and lexicon.lookup(MODELS, prefix.group(1)) is None:
                continue  # XMB-BERT, DyL-UNet, Chiron-o1: new models built on BERT, UNet, o1 (CLIP-ViT-L/14 is two)
            m = rx.match(extension, text, h.end)
            end = m.end() if m else h.end
            suffix = rx.match(_DERIVED_SUFFIX, text, end)
            end = suffix.end() if suffix else end
            ambiguous = h.attrs.get("flags") == "ambiguous"
            candidate = (h.start, end, h.attrs.get("family") or h.name, False, h.rule)
            if ambiguous and end == h.end and not _model_context(h, text[end : end + 12]):
                pending.append(candidate)
                continue
            candidates.append(candidate)
        elif h.rule == "models.numbered":
            entry = _family(h.groups["family"][2])
            if entry is None:
                continue
            m = rx.match(extension, text, h.end)
            candidates.append((h.start, m.end() if m else h.end, entry.attrs.get("family") or entry.name, False, h.rule))
        elif h.rule in ("models.called", "models.called_provenance", "models.noun_named"):  # "the DistilRoBERTa model": the name only
            s, e, written = h.groups["name"]
            if h.rule == "models.noun_named" and (rx.search(_OWN_BEFORE, text, max(0, h.start - 50), h.start)
                                                 or rx.search(_WE, text, context.sentence_of(h.start)[0], h.start)
                                                 or text[h.start - 1 : h.start] == "-" or written[-1:] == "s" and written[:-1].isupper()):
                continue  # "our model Bolt3D" is a proposed method; "16-model Exp3-v2 expansion", "LLM APIs" no model
            if not lexicon.is_generic(written) and not _is_dataset(written) \
                    and not (h.text.endswith(("backbone", "backbones")) and lexicon.lookup("methods.tsv", written)):  # "the MoE backbone"
                candidates.append((s, e, written, False, h.rule))
        elif h.rule == "models.size_list":
            fam_text = h.groups["family"][2]
            if not _family_shaped(fam_text):
                continue
            listed[(h.start, h.end)] = [f"{fam_text}-{size}" for size in rx.split(_SIZE_LIST_SPLIT, h.groups["sizes"][2])]
            entry = lexicon.lookup(MODELS, fam_text)
            candidates.append((h.start, h.end, (entry.attrs.get("family") or entry.name) if entry else fam_text, False, h.rule))
        else:  # a sized name, family possibly unknown
            fam_text = h.groups["family"][2]
            if _is_dataset(h.text) or rx.match(_NOT_FAMILY, fam_text):
                continue
            entry = lexicon.lookup(MODELS, fam_text)
            if rx.match(_DATA_NOUN_AFTER, text, h.end) or entry is None and rx.search(_TRAINED_ON, text, max(0, h.start - 30), h.start):
                data_named.add(name_key(h.text))  # "Planktonzilla-17M, a unified dataset", "pretrained on Surg-3M": items
                continue
            family = (entry.attrs.get("family") or entry.name) if entry else fam_text
            candidates.append((h.start, h.end, family, False, h.rule))
    # An ambiguous name counts when a sure model shares its sentence ("Mistral and Llama 3 models")
    # or a list of models holds it ("transformer models like Whisper").
    sure_sentences = {context.sentence_of(c[0]) for c in candidates}
    cued = set(cued_items(text)) if pending else set()
    candidates += [c for c in pending if context.sentence_of(c[0]) in sure_sentences or (c[0], c[1]) in cued]
    spans = [(c[0], c[1]) for c in candidates]
    # A list is read over the names as they will stand, not over the shorter hits inside them:
    # "SD3.5, Qwen-Image, AnyText" has no list break at the "Qwen" of "Qwen-Image".
    names = sorted({(c[0], c[1]) for c in _longest_first(candidates)})
    for s, e in list_members(text, names, context.sentence_of) + cued_members(text):
        if not any(s < ce and cs < e for cs, ce in spans):
            spans.append((s, e))
            candidates.append((s, e, text[s:e], False, "models.list"))
    out, seen = [], set()
    for start, end, family, _, rule in _merge_adjacent(_longest_first(candidates), text):
        if rx.match(_BENCH_AFTER, text, end):
            continue
        surface = clean_name(text[start:end])
        if lexicon.is_generic(surface):
            continue
        trimmed = rx.search(_DESCRIPTOR_AFTER_SIZE, surface)
        if trimmed and (start, end) not in listed:
            surface = surface[: trimmed.start()]
            end = start + len(text[start:end].rstrip().rsplit(" ", 1)[0])
        for name in listed.get((start, end)) or expand_shorthand(surface):
            _add(out, seen | data_named, seen, name, family, start, end, rule)
        if (start, end) not in listed:  # "Llama-3-8B and 70B": the family's 70B too
            for s, e, name in size_siblings(text, surface, end) + tier_siblings(text, surface, end):
                _add(out, seen | data_named, seen, name, family, s, e, "models.size_sibling")
    # "Claude Opus 4.5 ... and Sonnet 4.5": a tier of a family the abstract names
    for s, e, name, family in tier_members(text, [(m["name"], m["family"]) for m in out], [(m["start"], m["end"]) for m in out]):
        _add(out, seen | data_named, seen, name, family, s, e, "models.tier")
    siblings = {(m["start"], m["end"]) for m in out if m["rule"] == "models.size_sibling"}  # "14B" a list took alone
    return sorted((m for m in out if m["rule"] == "models.size_sibling" or (m["start"], m["end"]) not in siblings),
                  key=lambda m: m["start"])


def _add(out: list, skip: set, seen: set, name: str, family, start: int, end: int, rule: str) -> None:
    """One mention per name (its first), and none for a name the text calls data."""
    key = name_key(name)
    if key in skip:
        return
    seen.add(key)
    size = rx.search(_SIZE, name)
    out.append({"name": name, "family": family, "size": size.group() if size else None,
                "start": start, "end": end, "rule": rule})


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
        if c[4] == "models.size_list" or (merged and merged[-1][4] == "models.size_list"):
            merged.append(c)  # its names are built from its own family
            continue
        if merged and text[merged[-1][1] : c[0]] == " " and not any(ch.isdigit() for ch in text[merged[-1][0] : merged[-1][1]]) \
                and not lexicon.is_generic(text[c[0] : c[1]]):  # "a CLIP Vision Transformer": CLIP
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


def _family_shaped(written: str) -> bool:
    """A word before a bracketed size list names a family when it is written like a name (a
    capital, a digit or a hyphen: Hermes, Qwen3, gpt-oss), not a common word ("models (7B)")
    or a class (LLMs)."""
    if rx.match(_NOT_FAMILY, written) or lexicon.is_generic(written) or (written.isupper() is False and written[-1:] == "s" and written[:-1].isupper()):
        return False
    return any(ch.isupper() or ch.isdigit() or ch == "-" for ch in written)


def _model_context(h: Hit, after: str) -> bool:
    """Whether the words after an ambiguous name make it a model: a model word, or a version
    number unless the metric list holds the name too (then the number is its value)."""
    if rx.match(_MODEL_WORD_AFTER, after):
        return True
    return rx.match(_VERSION_AFTER, after) is not None and lexicon.lookup(METRICS, h.text) is None


def _written_as_name(h: Hit) -> bool:
    """A list form as the list writes it, or another casing of a one-word form that still
    reads as that name: with a digit ("gpt-4o", "Yolov8") or in mixed case with two capitals
    ("LLaMAGuard" for LlamaGuard). Not in capitals only (MIMO is no MiMo, PALM no PaLM), not
    lower case ("claude"), not a phrase ("Visual Autoregressive")."""
    surface = h.text
    if surface in lexicon.written_forms(MODELS):
        return True
    letters = [ch for ch in surface if ch.isalpha()]
    if " " in surface or not letters or all(ch.isupper() for ch in letters):
        return False
    return any(ch.isdigit() for ch in surface) or sum(ch.isupper() for ch in letters) >= 2
