"""The shapes and cues that tell a name the paper introduces from one it mentions, beyond the
`methods.ctx.*` patterns of rules/methods.yaml: what is never a name (plural acronyms, adjective
compounds, dates), what makes "our X" or "X is proposed" something other than a proposal, and
which models may be the paper's own. Named compiled constants, composed from named pieces."""
from __future__ import annotations

import regex

from extract.fields import lexicon
from extract.text import rx
from extract.text.names import name_key

MODELS = "models.tsv"
METRICS = "metrics.tsv"
# Shapes that are never a method's name, whatever cue found them: a plural acronym names a
# class (GPUs, LLMs); a hyphenated word ending in a participle or an adjective is a modifier
# (LLM-augmented, 3D-decoupled, RL-free, RPC-aware); a month and a day is a date (May 19).
PLURAL_ACRONYM = r"^\p{Lu}{2,}s$"
PARTICIPLE_COMPOUND = r"^[\p{L}\d]+(?:-[\p{L}\d]+)*-(?:\p{Ll}+ed|free|friendly|aware|agnostic|specific|centric|native|ready)$"
DATE = r"^(?:January|February|March|April|May|June|July|August|September|October|November|December)[ ]\d{1,2}$"
NEW_BEFORE = regex.compile(r"\b(?:new|novel|proposed|our)\b(?:[ ][\w-]+){0,5}[ ]$")
# A sentence that opens with an indefinite noun phrase, up to the kind noun: "A self-supervised pretraining component".
INDEFINITE_OPENING = regex.compile(r"\s*(?:[A-Z][\w ]{0,20},[ ])?(?:A|An)[ ](?:[\w-]+[ ]){0,5}$")
# "X, a comprehensive evaluation framework for ..." is a benchmark too (FIELDS.md: data); so
# is "... (CapNav), a benchmark designed to ..." and "we introduce X. It is a ... dataset".
DATA_APPOSITIVE = regex.compile(r"[”\"]?\)?(?:,?[ ](?:which[ ]is[ ])?|\.[ ](?:It|This)[ ]is[ ])(?:a|an|the)[ ](?:(?!(?:for|of|to|that|which|able|framework|method|approach|model|system|pipeline|agent)\b)[\w-]+[ ]|\([^()]{1,40}\)[ ]){0,6}?(?:data ?set|benchmark|corpus|corpora|collection|suite|testbed|(?:evaluation|benchmarking)[ ](?:framework|platform|harness|protocol))s?\b(?!-)", regex.I)
# After "our X": nouns that make X a modifier of something that is not a method.
NOT_OURS_AFTER = regex.compile(r"[\"”]?[ ]+(?:data ?sets?|benchmarks?|corpus|corpora|analys[ie]s|performance|principles?|results?|scores?|cache|settings?|experiments?|evaluations?|study|studies|findings|observations?|data)\b")
SHORT_CAPS = regex.compile(r"\p{Lu}{1,3}")
# Between "our" and the name: earlier work of the authors, or a data noun.
OURS_NOT_NEW = regex.compile(r"\b(?:previous|prior|earlier|data ?sets?|benchmarks?|corpus)\b")
CAPITAL_OR_DIGIT = regex.compile(r"[\p{Lu}\d]")
SHORT_CAPS4 = regex.compile(r"\p{Lu}{2,4}")
# A short acronym in the appositive of a proposed name names its class: "SimMIA, a robust MIA framework".
CLASS_IN_APPOSITIVE = regex.compile(r",[ ](?:a|an)[ ](?:[\w-]+[ ]){0,3}$")
ORDINAL = r"^\d+(?:st|nd|rd|th)$"
# A size or a measured quantity: "a 3B-parameter model", "between 117kPa and 299kPa".
QUANTITY = r"^\d+(?:\.\d+)?[KMBT]?-?(?:parameters?|params?|kPa|MPa|GPa|Pa)$"
# Right before a passive's subject: the sentence start, a comma, an article; or the bracket
# of an acronym whose expansion is the subject ("a ... channel model (STCM) was introduced").
SUBJECT_BEFORE = regex.compile(r"(?:(?:^|[,;:][ ]|\b(?:[Aa]n?|[Tt]he|[Oo]ur)[ ](?:new[ ]|novel[ ])?)[\"“]?|[ ]\()$")
EARLIER = regex.compile(r"\b(?:[Pp]reviously|[Oo]riginally|[Rr]ecent(?:ly)?|[Ee]arlier|[Tt]raditionally|[Ee]xisting)\b")
DATA_SHAPED = regex.compile(r"(?:QA|DB|Bench|Set|Data(?:set)?|Corpus|-\d+[KM])$")
# Processors, accelerators and number formats, written like coined names (A100, H100, TPUv4,
# MI300, FP16, INT8): what a result runs on, neither a method nor data. A source to build a
# field's own test from (datasets adds imaging modalities and settings).
# A preposition that opens a phrase: a name right after it is that phrase's object (datasets:
# "On SQuAD 1.1, the model ..."; an acronym's expansion: "inspired by signed distance fields (SDF)").
PREPOSITION = r"(?:on|in|for|across|over|under|with|at|from|of|to|by|using|about)"
HARDWARE = r"(?:[CGTN]PUs?|TPUv?\d*|NVIDIA|Nvidia|RTX\w*|Jetson\w*|[AHVLTB]\d{2,3}\w?|MI\d{3}\w?|FPGAs?|ASICs?|(?:FP|BF|INT)\d+)"
FROM_DATA_AFTER = regex.compile(r"\)?[ ](?:is|was|are|were)[ ](?:\w+ly[ ])?(?:built|constructed|collected|curated|compiled|developed)[ ](?:from|using|by[ ]collecting)\b")
# An expansion that is one lower-case hyphenated word is an adjective, not a name:
# "end-to-end (E2E)", "plug-and-play (PnP)", "out-of-distribution (OOD)", "knowledge-based
# (KBA)"; not a noun written with hyphens ("alternating-optimization (AO)", "branch-and-price
# (B&P)", "grapheme-to-phoneme (G2P)").
ADJECTIVE_EXPANSION = regex.compile(r"end-to-end|plug-and-play|out-of-\p{Ll}+|open-\p{Ll}+|\p{Ll}+-(?:based|free|shot|aware|level|wise|agnostic|specific)")
# Before a colon: a counted object of a preposition; the list after the colon names those
# objects ("... objective functions for two state-of-the-art prompt tuners: ..."). Not "with" or
# "using": "a framework with two key improvements: ..." lists its parts.
COUNTED_OBJECT = regex.compile(r"\b(?:for|on|to|across|between|in|of)[ ]+(?:the[ ]+)?(?:two|three|four|five|six|several|multiple|various)\b")
# Names of measures: a proposed name coordinated with one of these is a metric.
MEASURE_HEAD = regex.compile(r"\b(?:Error|Score|Rate|Accuracy|Completeness|Ratio|Precision|Recall|Distance|Similarity|Correlation|Index|Reasoning|Understanding|Answering)$")
# An indefinite article (and at most two words) right before a name: a known method's name
# there names an instance of it ("we develop a lightweight U-Net"), not a new method.
ARTICLE_BEFORE = regex.compile(r"\b(?:a|an)[ ](?:[\w-]+[ ]){0,2}$")
INDEFINITE_BEFORE = regex.compile(r"(?:^|\b)(?:[Aa]n?|[Oo]ur)[ ]$")
KIND_NOUN_NEXT = regex.compile(r"\)?[ ]+(?:method|framework|approach|algorithm|model|architecture|pipeline|network|module|system|technique|strategy|scheme)\b")
# Right after a defined acronym, a noun that makes it a procedure: "the Natural Policy Gradient
# (NPG) algorithm", "the Affine Invariant Stretch Move (AISM) sampler". Not "method(s)" or
# "framework", which follow tasks too ("video super-resolution (VSR) methods"), nor "loss"
# or "encoder", which follow building blocks (cross-entropy (CE) loss).
ALGORITHM_NEXT = regex.compile(r"\)?[ ]+(?:algorithm|optimizer|solver|sampler|heuristic|procedure|decoder|filter)\b")
# After an acronym: a task, a problem or a setting is no method (FIELDS.md): "the Online
# Shared Supply Allocation (OSSA) problem", "the novel video-to-script (V2S) task".
PROBLEM_NEXT = regex.compile(r"(?:[ ]*\([^()]{1,20}\))?\)?[ ]+(?:problems?|tasks?|settings?|challenges?|games?|scenarios?)\b(?!-)")
DATA_NOUN_NEXT = regex.compile(r"\)?[ ]+(?:data ?set|benchmark|corpus|suite|leaderboard|testbed)\b", regex.I)
# An acronym's expansion that ends in a dataset noun names data: "the Garbage Dataset (GD)",
# "the ... Evaluation Benchmark (TeleEval-OS)".
DATA_NOUN_END = regex.compile(r"\b(?:data ?set|benchmark|corpus|suite|leaderboard|testbed)s?$", regex.I)
# A second name coordinated with a proposed one: "two core innovations: Inter-frame Motion
# Modeling (IMM) and Focus-and-Suppress Attention." Built from the pieces of a Title Case name.
CAP_WORD = r"\p{Lu}[\p{Ll}\d]+(?:-\p{L}[\p{L}\d]*)*"
TITLE_NAME = rf"{CAP_WORD}(?:[ ]{CAP_WORD}){{1,4}}"
TITLE_NAME_RX = regex.compile(TITLE_NAME)  # a part named in a sentence that names the method is Title Case
AND_NEXT = regex.compile(rf"\)?,?[ ]+and[ ]+(?:an?[ ]+|the[ ]+)?(?P<name>{TITLE_NAME})(?=[ ]*[.,;:(])")
# Right before a named component: the method it extends, not a new one ("an enhanced SJD framework").
BASE_BEFORE = regex.compile(r"\b(?:enhanced|improved|extended|modified|augmented|customi[sz]ed|adapted|vanilla|original|standard|pretrained|pre-trained)[ ]+[\"“]?$")
# Before a name in a sentence that names the paper's method: a comparison makes it a baseline.
COMPARED = regex.compile(r"\b(?:outperform\w*|surpass\w*|compar\w*|than|against|versus|vs\.|baselines?|beats?|exceed\w*|unlike|over)\b")
EXISTING_LEAD = regex.compile(r"(?:Existing|Traditional|Conventional|Prior|Previous|Current|Standard|Classical|Popular|Typical|Modern)[ ]")
NOT_A_NAME = regex.compile("|".join((PLURAL_ACRONYM, PARTICIPLE_COMPOUND, DATE, ORDINAL, QUANTITY)))
# A version written after a name is part of it: "TinySAM 2", "HY-World 2.0", "InfLLM v2",
# "Direct3D S2", and the dot-part the name token stops before: "BADAS-2.0" (not a count or an
# amount: "X 2 times", "X 3%").
VERSION_AFTER = regex.compile(r"(?:[ ](?:[vV]\d+(?:\.\d+)*|\d\.\d+|[1-9]|\p{Lu}\d{1,2})|(?<=\d)\.\d+)(?![\w%×-]|\.\d|[ ]?(?:%|x\b|×|times\b|[KMB]\b))")
PLUS_AFTER = regex.compile(r"\+{1,2}(?![\w+])")  # "Dimitra++": a variant's mark, part of its name
# A capitalised word between a coined name and the comma (or bracket) of its appositive is
# part of the name: "We present FM Agent, a ...", "we introduce RFC Bench, a benchmark ...".
# A kind noun there is not ("the VET Framework, a ...", "the ETD Dataset, the first ...").
NAME_TAIL = regex.compile(r"[ ](?!(?:Dataset|Benchmark|Corpus|Suite|Framework|Method|Model|Approach|System|Pipeline|Module|"
                          r"Architecture|Algorithm|Network|Toolkit|Library|Platform|Ontology)s?\b)\p{Lu}\p{Ll}{2,}(?=[ ]?[,(:])")
# A coined part after a listed family that the list does not know with it: Qwen-BIM is a new
# model built on Qwen, DiffuCoder-rl a new recipe for DiffuCoder (a listed checkpoint,
# Phi-3-mini, is found by its full name first).
DERIVED_NAME = regex.compile(r"-(?:\p{Lu}{2,}\d*|\p{Ll}{2,})$")


def speaks_of_own(text: str, sentence: tuple[int, int], at: int, first_person) -> bool:
    """The sentence speaks of the paper's own work where `at` stands: it has a first person, and
    no comparison stands between the sentence's start and `at` ("our algorithms are more
    efficient compared to the truncated Wirtinger Flow (TWF) algorithm" names an existing one)."""
    return bool(rx.search(first_person, text, *sentence)) and not rx.search(COMPARED, text, sentence[0], at)


def passive_subject(text: str, sentence_start: int, s: int, e: int, name: str) -> bool:
    """"X is proposed" proposes X when X is the sentence's subject (after its start, a comma or
    an article: not "a framework inspired by X is proposed"), is not said to be earlier work
    ("Previously, X was proposed"), is not data ("X is built from public ..." / a data-shaped
    name), and is not an object of "for" or "of"."""
    before = text[sentence_start:s]
    return (bool(rx.search(SUBJECT_BEFORE, before)) and not rx.search(EARLIER, before)
            and not rx.search(DATA_SHAPED, name) and not rx.match(FROM_DATA_AFTER, text, e))


def maybe_new_model(m: dict) -> bool:
    """A model mention that may be the paper's own: its family is unknown to the list
    (WebSight-7B) or it is a coined derivative of a listed one (Qwen-BIM)."""
    if lexicon.lookup(MODELS, m["name"]) is not None:
        return False
    return lexicon.lookup(MODELS, m.get("family") or m["name"]) is None or bool(rx.search(DERIVED_NAME, m["name"]))


def subject_is_new(text: str, h) -> bool:
    """A Title Case subject is the paper's own only when it is not said to be existing
    ("Existing EdgeAI deployments ...") and is not headed by a class ("Production LLM deployments ...")."""
    s, e, name = h.groups.get("name", (h.start, h.end, h.text))
    return not rx.match(EXISTING_LEAD, text, s) and not lexicon.is_generic(name.rsplit(" ", 1)[-1])


_SPACING = regex.compile(r"[\s-]+")


def also_a_measure(name: str, long_form: str | None, text: str) -> bool:
    """Whether a listed method's name is one the metric list holds too (MAE: masked
    autoencoder, mean absolute error) and the abstract never spells out the method's long
    form: then "a 0.059 decrease in MAE", "39% lower MAE" are the measure, not the method."""
    if lexicon.lookup(METRICS, name) is None:
        return False
    if not long_form:
        return True
    return rx.sub(_SPACING, "", long_form.lower()) not in rx.sub(_SPACING, "", text.lower())


def title_model_key(context, taken) -> str | None:
    """The key of the name before the title's colon, the paper's subject: a registry may list
    a released model ("MiniMax-M1: Scaling ..."), yet the abstract introduces it. Not a
    dataset the paper introduces ("MarineEval: ...")."""
    m = rx.match(context.params.title, context.title) if context.title else None
    key = name_key(m.group("name")) if m else None
    return None if key in {name_key(t["name"]) for f, t in taken if f == "datasets"} else key


_WORD_BEFORE = regex.compile(r"(?<=[\w-])")
_WORD_AFTER = regex.compile(r"(?=[\w-])")


def find_word(text: str, word: str) -> tuple[int, int] | None:
    """The first `word` in `text` that is not part of a longer word. A literal search: a
    regex built per document was compiled per document (~0.5 ms, a third of tokenizing)."""
    i = text.find(word)
    while i != -1:
        j = i + len(word)
        if not rx.match(_WORD_BEFORE, text, i) and not rx.match(_WORD_AFTER, text, j):
            return i, j
        i = text.find(word, i + 1)
    return None


_APPOSITIVE_ARTICLE = regex.compile(r"(?:^|(?P<prev>\S+)[ ])\p{Lu}[\p{L}\d^+-]*,[ ]+an?[ ]+(?:[\w-]+[ ]+)?[\"“]?\Z")


def describes_name(before: str) -> bool:
    """The Title Case phrase is the appositive of a one-word name, which it describes: "we
    propose SARMAE, a Noise-Aware Masked Autoencoder" names one method, SARMAE. Not the next
    item of a list of Title Case names ("a Retrieval Module, a Prediction Module")."""
    m = rx.search(_APPOSITIVE_ARTICLE, before)
    return bool(m) and not (m.group("prev") or "a")[:1].isupper()


def blocks_item(item: dict, start: int, end: int, new: bool, model: bool) -> bool:
    """A model or dataset mention over the item's span takes it, unless the item is a new
    model the paper introduces: one the model list does not know, or one whose name takes a
    listed model's further ("we introduce LLaVA-Critic+" over the model LLaVA)."""
    if not (item["start"] < end and start < item["end"]) or (new and item["new_model"]):
        return False
    return not (model and item["new_model"] and item["start"] <= start and end <= item["end"]
                and end - start < item["end"] - item["start"])



def adjective_expansion(text: str, d: dict) -> bool:
    """An expansion that is one adjective, right before its parenthesis: "end-to-end (E2E)";
    "a verifier-free method (VeriFree)" names the method."""
    return bool(rx.fullmatch(ADJECTIVE_EXPANSION, d["long_form"])) and text[d["long_end"] : d["start"]].strip() in ("(", "")


# A title that calls its name a dataset or a benchmark: "MagicMirror: A Large-Scale Dataset and
# Benchmark for ...", "FLEX: A Benchmark for ...". Not where the words before the data noun
# hold a kind noun or a preposition ("A Framework for ... Dataset Construction") or open with
# a gerund ("Adapting Text-Only Datasets to ..."), where a noun follows it ("Dataset
# Distillation", "Benchmark Evolution"), nor where it goes on to another kind of thing ("A
# Dataset and Framework", "... and A Novel Method").
_TITLE_DATA = regex.compile(
    r"\s*(?P<name>[^:\s][^:]{0,40}?)\s*:\s*(?!\w+ing\b)(?:(?:A|An|The)\s+)?(?:(?!(?:for|of|to|via|with|from|on|in|and)\b)(?!\w+(?:Net|Former)\b)"
    r"[\w-]+\s+){0,6}?(?:Data ?sets?|Benchmarks?|Corpus|Corpora)\b(?!-)(?:\s+and\s+(?:Benchmark|Evaluation|Dataset)s?\b)?"
    r"(?=\s*(?:$|[,:(]|(?:for|of|on|in|with|to|that|from|across|and)\b))"
    r"(?!\s+and\b)(?!.*\band\s+an?\s+(?:novel|new)\b)", regex.I)


def title_data_keys(title: str) -> set:
    m = rx.match(_TITLE_DATA, title or "")
    return {name_key(m.group("name"))} if m and not rx.search(KIND_IN_TITLE, m.group()) else set()


KIND_IN_TITLE = regex.compile(r"\b(?:framework|method|approach|model|system|pipeline|agent|architecture|algorithm|toolkit|tool)s?\b", regex.I)
