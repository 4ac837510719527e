"""Existing methods named where a result is compared with them or built on them: "compared
with ScaleVLN", "outperforms RT-DETR", "baselines (VAN, DAN, DANIEL)", "methods such as WDCD
and WSFNet". The cue is grammar (rules/methods.yaml `methods.compared`, `methods.example`,
`methods.example_list`, `methods.built_on`, `methods.prior`); the name must
have a coined shape, and the names coordinated after it are taken in. What the other lists
know as a model, a dataset or a measure, and what the shape says is data, hardware or a
quantity, is not a method.
"""
from __future__ import annotations

import regex

from extract.fields import lexicon, method_shapes as shapes
from extract.text import rx
from extract.text.names import name_key

METHODS = "methods.tsv"

# Rules whose hit ends with the kind noun written after the name ("the CKY algorithm"): the name
# needs no end of its own, and the method list may know the name with its noun.
KIND_RULES = ("methods.kind_named", "methods.kind_acronym", "methods.kind_used")
OWN_KIND_RULES = KIND_RULES[:2]  # a name with its kind noun: the paper's own after "our", "novel", "new"
RULES = ("methods.compared", "methods.example", "methods.example_list", "methods.built_on", "methods.prior",
         "methods.baseline", "methods.style", "methods.counted", *KIND_RULES)
# After the name: what makes it something other than a method (data, a measure, hardware,
# a model or a class written with the name as a modifier).
_NOT_METHOD_AFTER = regex.compile(
    r"\)?[ ]+(?:data ?sets?|benchmarks?|corpus|corpora|splits?|tasks?|suites?|scores?|metrics?|GPUs?|TPUs?|"
    r"models?|LLMs?|VLMs?|checkpoints?|family|series|tokens?|parameters?|points?|samples?|images?|hours?)\b", regex.I)
_HARDWARE = regex.compile("^" + shapes.HARDWARE + "$")  # A100, TPUv4, FP16: what a baseline runs on
_DIGITS_ONLY = regex.compile(r"^[\d.,-]+[A-Za-z]{0,2}$")  # 12-16x, 3.5B
_POSSESSIVE = regex.compile(r"['’]s\b")  # "OpenAI's o1-preview": the owner, not the method
# Model shapes the model list need not know: a VLA or VLM (DexVLA, RynnVLA-002), a plural class
# (RS-VLMs, SiTs), a variant of a listed family (Claude-SonnetV2), an ablation ("MedianGS-only").
_MODEL_CLASS = regex.compile(r"VLAs?(?:-|$)|VLMs?(?:-|$)|\p{Lu}s$|-only$|-alone$")
_FAMILY = regex.compile(r"^[\p{L}]+(?=-)")
# A name read as a modifier when a lower-case noun follows ("over CBRN hazard", "than FFT
# performance", "over RGB-D perception systems"); a name is followed by punctuation, a list
# word, a preposition, an adverb or a verb of the result.
_SHORT_CAPS = regex.compile(r"^\p{Lu}{2,4}$")
_KIND_ONE_BEFORE = regex.compile(r"\b(?:method|approach|algorithm|technique|framework|architecture|optimizer|solver|strategy|detector)[ ]+\Z")
# Not a name of its own: a lower-case prefix ("post-ISP", "non-RL"), or a modifier of the
# capitalised name after it ("than OpenCV SIFT").
_VERSION_TAIL = regex.compile(r"(?:\.\d+)+(?![\w-])")
_PREFIXED = regex.compile(r"^(?:\p{Ll}+|\d+(?:st|nd|rd|th))-|[_{}]")  # also "2nd-order", math (r_{LH})
_NAME_AFTER = regex.compile(r"[ ]+\p{Lu}")
# Right before a kind rule's hit: words that make the name the paper's own ("in this new the ...").
_OWN_BEFORE = regex.compile(r"\b(?:[Oo]ur|proposed|novel|new|[Tt]his)[ ](?:[\w-]+[ ]){0,3}\Z")
# After a kind rule's hit: a passive proposal makes it the paper's own ("the FARI algorithm is proposed").
_PROPOSED_AFTER = regex.compile(r"[ ]+(?:is|was|are|were)[ ]+(?:\w+ly[ ]+)?(?:proposed|introduced|developed|designed|presented|devised)\b")
# Before a counted list of methods: words that make them the paper's own.
_OWN_WORDS = regex.compile(r"\b(?:[Oo]ur|proposed|novel|new|introduc(?:e[sd]?|ing)|propos(?:e[sd]?|ing)|present(?:s|ed)?)\b")
_KIND_TAIL = regex.compile(r"[ ]+(?:[\p{Ll}-]+[ ]+)?\p{Ll}+")  # between a kind rule's last name and the hit's end
# A singular kind noun ends a name unless another name follows it ("the POMDP solver SARSOP"); a
# slash before another name ends it too ("e.g., VDN/QMIX/QTRAN").
_NAME_END = regex.compile(r"[ ]+(?:algorithm|optimizer|architecture|mechanism|solver|sampler|framework|technique|procedure|scheme|loss)\b(?![ ]+\p{Lu})|"
    r"[ ]*(?:[,;:)(\[]|\.(?!\w)|$)|/(?=\p{Lu})|[ ]+(?:\p{Ll}+ly|and|or|by|on|in|with|across|at|under|while|for|when|which|that|to|from|of|as|using|without|despite|baselines?|methods?|is|are|was|were|has|have|does|do|can|could|may|might|will|would|should|also|still|"
    r"often|typically|remains?|achieves?|performs?|rel(?:y|ies)|requires?|suffers?|uses?|fails?|struggles?|shows?|offers?|"
    r"provides?|yields?|obtains?|reaches|reach)\b")
# After an example of a kind ("methods such as SHOT deliver the largest gains"), a verb of which
# the name is the subject ends it too. Not after a comparison cue: in "compared to the best
# baseline, A2X improves ...", the name after the comma is the subject of the main clause.
_SUBJECT_VERB = regex.compile(r"[ ]+(?:attempts?|excels?|delivers?|raises?|imposes?|introduces?|reduces?|improves?|"
                              r"matches|match|employs?|adopts?|exhibits?|produces?|generates?|lacks?|assumes?|treats?|"
                              r"focus(?:es)?|tends?|creates?)\b")
EXAMPLE_RULES = ("methods.example", "methods.example_list")
_EXAMPLE_CUE = regex.compile(r"\b(?:such[ ]as|like|including|e\.g\.)")  # inside a comparison's hit: a list of examples
_WORK_BEFORE = regex.compile(r"\b(?:works|studies|efforts)\b")


def add_compared(h, text: str, cues, add, taken: set, title: str | None = None) -> None:
    """The name a comparison cue found, and each name coordinated after it; `taken`: the keys
    of what the models and datasets fields found."""
    s, e, name = h.groups["name"]
    if h.rule == "methods.style":
        return _add_styled(s, e, name, text, add, taken)
    if h.rule in KIND_RULES and title and _names_title(name, title):
        return  # "the Digital Twin architecture" in "A Probabilistic Digital Twin of ...": the paper's subject
    if h.rule == "methods.counted" and rx.search(_OWN_WORDS, text, max(0, h.start - 40), s):
        return  # "Insight-V++ introduces two novel algorithms, ST-GRPO and J-GRPO": its own
    if h.rule in OWN_KIND_RULES and (rx.search(_OWN_BEFORE, text, max(0, h.start - 40), h.start) or rx.match(_PROPOSED_AFTER, text, h.end)):
        return  # "our new DropNet algorithm", "the FARI algorithm is proposed": the paper's own
    # After "than"/"over"/"vs." a bare short acronym is often a task, a class or a condition
    # (PSP vs. MSA, over LC, than RBC): one counts when it stands in a list with a coined name.
    # Not right after a kind noun that names it: "the state-of-the-art method PFT".
    lone = h.rule == "methods.compared" and bool(rx.match(_SHORT_CAPS, name)) and not rx.search(_KIND_ONE_BEFORE, text, max(0, s - 16), s)
    if lone:
        lone = not _list_has_coined(text, e, cues)
    kind = h.rule in KIND_RULES
    if kind and lexicon.lookup(METHODS, text[s : h.end]):
        return  # "the Hungarian algorithm": the method list's item
    # Examples of a kind of method ("methods such as WDCD and WSFNet"): the kind noun says what
    # the list holds, so a name the other fields took is passed over, not the list's end. Not
    # examples of earlier work (as often data: "works such as AGORA and BEDLAM"), and a class
    # ends the list ("systems (LLMs, RAG, knowledge graphs)": kinds, not named methods).
    examples = (h.rule in EXAMPLE_RULES or (h.rule == "methods.compared" and rx.search(_EXAMPLE_CUE, text, h.start, s) is not None)) \
        and not rx.search(_WORK_BEFORE, text, max(0, h.start - 20), s)
    while True:
        if name_key(name) in taken or _is_model_or_data(name):
            if not examples or rx.search(_MODEL_CLASS, name):
                return  # "over BlendedMVS and DTU64": a list of data is no list of methods
        else:
            tail = rx.match(_VERSION_TAIL, text, e)
            if tail:  # "VTM-21.0": the name token stops at the dot
                e, name = tail.end(), name + tail.group()
            kind_after = kind and rx.fullmatch(_KIND_TAIL, text, e, h.end) is not None
            if not (lone and rx.match(_SHORT_CAPS, name)) and _is_method_name(text, s, e, name, kind_after, h.rule in EXAMPLE_RULES):
                add(s, e, name, "other", h.rule, 0)
        m = rx.match(cues.compared_next, text, e)
        if m is None:
            return
        s, e, name = m.start("name"), m.end("name"), m.group("name")


def _list_has_coined(text: str, e: int, cues) -> bool:
    """A name coordinated after the one at `e` that is not a short acronym."""
    m = rx.match(cues.compared_next, text, e)
    while m is not None:
        if not rx.match(_SHORT_CAPS, m.group("name")):
            return True
        m = rx.match(cues.compared_next, text, m.end("name"))
    return False


def _is_model_or_data(name: str) -> bool:
    if rx.search(shapes.DATA_SHAPED, name) or rx.search(_MODEL_CLASS, name):
        return True
    if lexicon.lookup(shapes.MODELS, name) or lexicon.lookup("datasets.tsv", name):
        return True
    family = rx.match(_FAMILY, name)
    return bool(family) and lexicon.lookup(shapes.MODELS, family.group()) is not None


def _is_method_name(text: str, s: int, e: int, name: str, kind_after: bool = False, example: bool = False) -> bool:
    """`kind_after`: the rule read the kind noun after the name, with at most a modifier between
    ("the Docling document-conversion pipeline"), so the name ends there; `example`: the name is
    an example of a kind, and may be the subject of the verb after it."""
    if rx.match(_HARDWARE, name) or rx.match(_DIGITS_ONLY, name) or lexicon.lookup("metrics.tsv", name):
        return False
    if rx.match(_PREFIXED, name) or rx.match(_NAME_AFTER, text, e):
        return False
    if not kind_after and not rx.match(_NAME_END, text, e) and not (example and rx.match(_SUBJECT_VERB, text, e)):
        return False
    return not rx.match(_NOT_METHOD_AFTER, text, e) and not rx.match(_POSSESSIVE, text, e)


# After "X-style": a noun of data, text, a task or a study makes X data or a format ("MMLU-style
# questions", "MI-style counseling conversations", "ACM-ICPC-style arena",
# "BBOB-style black-box optimization tasks", "OSCE-style study", "RadGraph-style entity labeling").
_STYLED_DATA = regex.compile(r"-style[ ]+(?:[\p{Ll}-]+[ ]+){0,3}?(?:benchmarks?|data(?:sets?)?|questions?|text|tasks?|annotations?|"
                             r"labels?|labell?ing|quer(?:y|ies)|prompts?|problems?|conversations?|dialogues?|exams?|items?|"
                             r"arenas?|puzzles?|games?|levels?|images?|videos?|captions?|reports?|claims?|counseling|"
                             r"evaluations?|study|studies|surveys?|corpus|corpora)\b")
_SHORT_ACRONYM = regex.compile(r"^\p{Lu}{2,3}$")


def _add_styled(s: int, e: int, name: str, text: str, add, taken: set) -> None:
    """X in "X-style ...": an existing method, unless X is a model, data or a short acronym."""
    known = lexicon.lookup(METHODS, name)
    if name_key(name) in taken or _is_model_or_data(name) or lexicon.is_generic(name) or rx.match(_STYLED_DATA, text, e):
        return
    if rx.match(_HARDWARE, name) or lexicon.lookup("metrics.tsv", name):
        return
    if rx.match(_SHORT_ACRONYM, name) and (known is None or known.attrs.get("flags")):
        return  # "QA-style", "PAC-style", "RAG-style": a field or a setting as often
    add(s, e, name, "other", "methods.style", 0)


_TITLE_WORD = regex.compile(r"[\p{L}\d]+")


def _names_title(name: str, title: str) -> bool:
    """The title names the paper's own subject: a name whose first two words it holds ("Digital
    Twin"), or an acronym its consecutive words spell ("Cross-Linked Rotatable Antenna" for CL-RA)."""
    words = [m.group().lower() for m in rx.finditer(_TITLE_WORD, title)]
    parts = [m.group().lower() for m in rx.finditer(_TITLE_WORD, name)]
    if len(parts) > 1 and f" {' '.join(parts[:2])} " in f" {' '.join(words)} ":
        return True  # one word may be what the paper's subject is built into ("... for Docling")
    letters = "".join(parts)
    if not name.replace("-", "").isupper() or len(letters) < 2:
        return False
    return letters in "".join(w[0] for w in words)

