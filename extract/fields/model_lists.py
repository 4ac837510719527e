"""Models by company: a name in a coordinated list whose other members are models is a model
too ("MASt3R, DUSt3R, Map Anything, and VGGT"; "including BanglaBERT, mBERT, XLM-RoBERTa"),
and so is every member of a list that "models such as" opens ("pre-trained models like PhoBERT
and CafeBERT"), when it is written like a name and no list knows it as something else."""
from __future__ import annotations

import regex

from extract.fields import lexicon
from extract.text import rx

# One list member: a coined token (inner capital, digit) or up to three capitalised words.
# A full stop is a sentence's end unless a letter or digit follows it (Character.AI, Phi3.5V).
_TOKEN = r"[\p{L}\d][\p{L}\d+]*(?:[.-][\p{L}\d+]+)*"
# A version written apart ends a member: "Opus 4.6", "GPT 5.4", "Mythos Preview".
# A preposition opens a phrase, not a member: "MobileNetV3 (1.5M), on TissueNet and BBBC038".
_ITEM = rf"(?!(?:on|in|at|of|for|to|with|by|from|across|over|under|using|via)[ ]){_TOKEN}(?:[ ]\p{{Lu}}[\p{{L}}\d+]*(?:[.-][\p{{L}}\d+]+)*){{0,2}}(?:[ ]v?\d+(?:\.\d+)*(?![\w.-]))?"
_SEP = r"(?:,[ ](?:and[ ]|or[ ])?|[ ](?:and|or)[ ])"
# What lies between two models of one list: separators and other members.
_BETWEEN = regex.compile(rf"{_SEP}(?:(?P<item>{_ITEM}){_SEP})*")
# The member after the last model ("..., and VGGT") and the one before the first
# ("including BanglaBERT, mBERT"). The last member ends at punctuation or at any lower-case
# word ("..., SmartCLIP, and HiMo-CLIP without retraining"), not inside a capitalised phrase.
_AFTER_LAST = regex.compile(rf"(?:,[ ](?P<item>{_ITEM}))*,?[ ](?:and|or)[ ](?P<item>{_ITEM})"
                            r"(?=[,.;:)]|[ ]\p{Ll})")
_BEFORE_FIRST = regex.compile(rf"(?:including|such[ ]as|e\.g\.,?|like|:|\()[ ]?(?P<item>{_ITEM}),[ ]$")
# A list that "such as", "including" or "like" opens holds models when one of its members is a
# sure one ("encoders such as BioLinkBERT and PubMedBERT"): its members before that one.
_CUED_BEFORE = regex.compile(rf"\b(?:including|such[ ]as|e\.g\.,?|like)[ ](?P<item>{_ITEM})(?:,[ ](?!(?:and|or)[ ])(?P<item>{_ITEM}))*{_SEP}$")
_CUE_RIGHT_BEFORE = regex.compile(r"\b(?:including|such[ ]as|e\.g\.,?|like)[ ]$")
_TOOLS_BEFORE = regex.compile(r"\b(?:frameworks?|librar(?:y|ies)|tools?|toolkits?|APIs?|metrics?|platforms?|services?|systems?|software|packages?)"
                              r"\)?,?[ ]\(?(?:such[ ]as|including|like|e\.g\.,?)[ ]")
# "models such as", "models like", "models, including", "models (A, B and C)": the list after
# it names models (a bracket with one member defines an acronym: "language models (DLMs)").
# A list ends at its "and"/"or" member ("such as ChemBERTa, TITAN, and NetTCR, LANTERN shows").
_CLASS_NOUNS = ("models", "backbones", "LLMs", "VLMs", "MLLMs")  # what every such list follows
_MODELS_SUCH_AS = regex.compile(rf"\b(?:{'|'.join(_CLASS_NOUNS)})(?:,?[ ](?:such[ ]as|like|including|e\.g\.,?)[ ]|[ ](?P<paren>\()(?:e\.g\.,?[ ])?)(?:the[ ])?(?P<item>{_ITEM})"
                                rf"(?:,[ ](?!(?:and|or)[ ])(?P<item>{_ITEM}))*(?:,?[ ](?:and|or)[ ](?P<item>{_ITEM}))?")
# A member that is a company's ("OpenAI's GPT"), cut short by the item's three words ("Graph
# Convolutional Neural Network"), a long form whose short form names the model ("Contrastive
# Language-Image Pre-training (CLIP)"), or a class in the plural ("Spiking Neural Networks").
_NOT_CUED = regex.compile(r"'s\b|[ ]\p{Lu}|[ ]?\(\p{Lu}[\p{L}\d-]*\)")
_MODIFIER_END = regex.compile(r"-(?:based|style|like|free|aware|driven|specific|only)$")
_COINED = regex.compile(r"\p{L}.*?(?:\p{Lu}.*\p{Lu}|\p{Ll}\p{Lu}|\d)|^\p{Lu}\p{Ll}+(?:[ ]\p{Lu}[\p{L}\d]*)+$")


def list_members(text: str, sure: list[tuple[int, int]], sentence_of) -> list[tuple[int, int]]:
    """Spans of the name-shaped members of lists that hold two or more of the `sure` model
    spans (in text order), other than those spans."""
    found: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    for span in sorted(sure) + [None]:
        if span is not None and run and sentence_of(run[-1][0]) == sentence_of(span[0]):
            m = rx.fullmatch(_BETWEEN, text, run[-1][1], span[0])
            if m:
                found += [s for s in zip(m.starts("item"), m.ends("item"))]
                run.append(span)
                continue
        if len(run) >= 2:
            found += _ends(text, run)
        elif run:
            found += _cued_list(text, run[0])
        run = [span] if span is not None else []
    return [s for s in found if _name_shaped(text[s[0] : s[1]])]


def _ends(text: str, run: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    m = rx.match(_AFTER_LAST, text, run[-1][1])
    if m:
        out += list(zip(m.starts("item"), m.ends("item")))
    m = rx.search(_BEFORE_FIRST, text, max(0, run[0][0] - 60), run[0][0])
    if m:
        out.append(m.span("item"))
    return out


def _cued_list(text: str, sure: tuple[int, int]) -> list[tuple[int, int]]:
    """The other one-word members of a list that a cue opens and that holds one sure model,
    unless the noun before the cue says the list is of tools ("frameworks such as GPT-NeoX,
    Megatron, and NVIDIA NeMo", "metrics, including Weighted Score, CLIP ...")."""
    m = rx.search(_CUED_BEFORE, text, max(0, sure[0] - 80), sure[0])
    if m is None and rx.search(_CUE_RIGHT_BEFORE, text, max(0, sure[0] - 12), sure[0]):
        m = rx.match(_AFTER_LAST, text, sure[1])
    cue_at = m.start() if m and m.start() < sure[0] else sure[0]
    if m is None or rx.search(_TOOLS_BEFORE, text, max(0, cue_at - 60), cue_at + 20):
        return []
    return [(s, e) for s, e in zip(m.starts("item"), m.ends("item")) if " " not in text[s:e]]


def _name_shaped(item: str) -> bool:
    if " " in item and not item[:1].isupper() and not item[:1].isdigit() or rx.search(_MODIFIER_END, item):
        return False  # "standalone Vision Transformers", "GLU-based and non-GLU-based architectures"
    return bool(rx.search(_COINED, item)) and not lexicon.is_generic(item) and not any(
        lexicon.lookup(f, item) for f in ("datasets.tsv", "methods.tsv", "metrics.tsv"))


def cued_members(text: str) -> list[tuple[int, int]]:
    """Spans of the name-shaped members of every list that "models such as" opens."""
    return [(s, e) for s, e in cued_items(text) if _name_shaped(text[s:e])]


def cued_items(text: str) -> list[tuple[int, int]]:
    """Spans of the members of every list that "models such as" opens, whatever their shape:
    there a listed name that is also a word ("models like Whisper") is the model."""
    found = []
    for m in rx.finditer_at(_MODELS_SUCH_AS, text, _CLASS_NOUNS):
        if m.group("paren") and len(m.starts("item")) < 2:
            continue  # "diffusion language models (DLMs)" defines a class's acronym
        for s, e in zip(m.starts("item"), m.ends("item")):
            item = text[s:e]
            if not rx.match(_NOT_CUED, text, e) and not (" " in item and item.endswith("s")):
                found.append((s, e))
    return found
