"""Names that look like data but the abstract shows to be something else: a method, an
algorithm or a measure. A coined name is often first introduced with its kind ("TRIGScore, a
VLM-as-judge metric", "the proposed IH-GRPO algorithm", "Creative Preference Optimization
(CrPO), a novel alignment method") and only later stands where data stands ("Based on
TRIG-Bench and TRIGScore", "experiments on IH-GRPO", "using CrPO and MuCE"); the later mention
alone reads like a dataset, so every mention of the name is asked."""
from __future__ import annotations

import regex

from extract.fields import lexicon
from extract.fields.method_shapes import PREPOSITION
from extract.text import rx

# The preposition (or list cue) that opens the phrase a name ends, across the names listed before
# it ("On SQuAD 1.1, the model ...", "Evaluated on AndroidWorld and OSWorld, the agent ...",
# "for datasets like SQuAD 2.0, our method ..."), also after the data noun the name is given
# ("On the challenging benchmark Cat1B, our method ...").
_PREPOSITION_BEFORE = regex.compile(rf"(?i)(?:\b{PREPOSITION}|\bsuch[ ]as|\blike|\bincluding|\be\.g\.,?)[ ]+(?:the[ ]+)?"
                                    r"(?:(?:[\p{Ll}-]+[ ]+){0,3}?(?:data ?sets?|benchmarks?|corpus|corpora|suites?)[ ]+)?"
                                    r"(?:[\w.+-]+(?:[ ][\w.+-]+)?(?:,[ ]+(?:and[ ]+|or[ ]+)?|,?[ ]+(?:and|or)[ ]+))*$")
_LAST_WORD = regex.compile(r"(\p{L}+)\W*$")
_DATA_NOUN_BEFORE = regex.compile(r"\b(?:data ?sets?|benchmarks?|corpus|corpora|suites?)[,:]?[ ](?:called[ ]|named[ ])?$", regex.I)
# An indefinite article and up to three words (none a preposition or "the") right before a name.
_INDEFINITE_BEFORE = regex.compile(r"\b(?:[Aa]|[Aa]n)[ ](?:(?!(?:the|of|on|in|for|to|from|with|at|by)[ ])[\w-]+[ ]){0,3}$")
# A name in camel case (StarCraft, CampusPose), not an acronym with a small letter (CoT, IaC, μCT).
_CAMEL = regex.compile(r"\p{Lu}\p{Ll}{2,}\p{Lu}")


def method_named(text: str, start: int, end: int, method_context) -> bool:
    """The words around a name make it a method: "framework X", "X framework", "X, our
    framework". Not the comma after a phrase opened by a preposition: in "On SQuAD 1.1, the
    model obtains ..." the model is the sentence's subject, not the name's appositive."""
    if rx.search(method_context, text, max(0, start - 30), start):
        return True
    after = rx.match(method_context, text[end : end + 50])
    return after is not None and not (after.group().startswith(",")
                                      and rx.search(_PREPOSITION_BEFORE, text, max(0, start - 60), start))


def method_named_anywhere(text: str, surface: str, method_context) -> bool:
    """Some mention of `surface` (as written, a whole word) has a method's words around it."""
    if len(surface) < 3:
        return False
    at = text.find(surface)
    while at >= 0:
        end = at + len(surface)
        whole = (at == 0 or not (text[at - 1].isalnum() or text[at - 1] == "-")) \
            and (end == len(text) or not (text[end].isalnum() or text[end] == "-"))
        if whole and method_named(text, at, end, method_context):
            return True
        at = text.find(surface, end)
    return False


def defined_as_method(name: str, definitions: list[dict], text: str) -> bool:
    """The text defines `name` (or its plural) as an acronym whose expansion ends in a
    method's head noun: "Creative Preference Optimization (CrPO)", "Hierarchical Policy
    Gradient (HPG)"; not after a data noun that the definition names ("a novel benchmark,
    Erase Concept Generator and Visual Filter (ECGVF)")."""
    heads = lexicon.word_set("method_heads.txt")
    for d in definitions:
        if d["name"] not in (name, name + "s") or rx.search(_DATA_NOUN_BEFORE, text, max(0, d["long_start"] - 40), d["long_start"]):
            continue
        m = rx.search(_LAST_WORD, d["long_form"])
        head = m.group(1).lower() if m else ""
        if head in heads or head.endswith("s") and head[:-1] in heads:
            return True
    return False


def kind_before_noun(text: str, start: int, name: str) -> bool:
    """A word between an indefinite article and a data noun says what kind of data it is, not
    which: "a high-quality CoT dataset", "a large-scale RLVR dataset", "a simulated industrial
    IoT testbed", "a new high-resolution RGB-Event dataset". A listed dataset there is that
    dataset ("a small-scale CelebAMask-HQ dataset"), a benchmark-shaped or camel-case name a name
    ("a StarCraft game environment", "an in-house collected CampusPose dataset")."""
    if not rx.search(_INDEFINITE_BEFORE, text, max(0, start - 40), start):
        return False
    return not (lexicon.lookup("datasets.tsv", name) or rx.search(_CAMEL, name) or "Bench" in name)


# A dash written as a hyphen glues the next word to a name: "ULTRAEDITBENCH-the largest ...".
_DASH_NOUN = regex.compile(r"(?:data ?sets?|benchmarks?|corpora|tasks)-(?=\p{Lu})")
_DASH_WORD = regex.compile(r"-(?:the|a|an|and|or|which|that|is|are|was|were|with|our|its|for|to|as|in|on|of)$")


def cut_dash_word(text: str, start: int, end: int) -> int:
    """The end of a name without a function word a dash glued to it."""
    m = rx.search(_DASH_WORD, text, start, end)
    return m.start() if m else end


def cut_dash_noun(text: str, start: int, end: int) -> int:
    """The start of a name without a data noun a dash glued before it ("standard benchmark
    datasets-AWA2, SUN, and CUB", "four benchmarks-MapEval-Textual, ...")."""
    m = rx.match(_DASH_NOUN, text, start, end)
    return m.end() if m else start


# A data noun in a listed name, whatever its case: "the STS benchmark", "the Brown corpus".
_DATA_WORD = regex.compile(r"(?i)^(?:data ?sets?|benchmarks?|corpus|corpora|treebanks?)$")
# A listed form no English word can be, written as the list writes it: a Title Case name that
# ends in a data noun (Penn Treebank, Stanford Sentiment Treebank). Not the head or tail of a
# longer name ("Waymo Open E2E Dataset"). (Camel case is no such sign: "PubMed abstracts" and
# "PubMed queries" name the database, not the PubMed graph.)
_UNMISTAKABLE = regex.compile(r"^(?:\p{Lu}[\p{L}\d'-]*[ ])+(?:Treebank|Corpus|Dataset|Benchmark)$")
_LONGER_AFTER = regex.compile(r"[ ]?-\w|[ ]\p{Lu}")
# A capitalised word before a name begins a longer one, unless it opens the sentence or names a
# language ("The Penn Treebank", "the English BLiMP").
_LONGER_BEFORE = regex.compile(r"(?<![\w-])(?!(?:The|A|An|On|In|For|With|From|Of|By|Our|This|These|Its|Their|And|Or|Using)[ ])"
                               r"\p{Lu}[\w-]*(?<!\p{Ll}(?:ish|ese|an))[ ]$")


def initials(phrase: str) -> str:
    """First letters of a name's words, a data noun's in capitals: spellings of a listed name
    differ in a data noun's case at most ("STS benchmark" for STS Benchmark; "3D shapes" is no
    3D Shapes)."""
    return "".join(w[:1].upper() if rx.match(_DATA_WORD, w) else w[:1] for w in phrase.split())


def unmistakable(surface: str, forms, text: str, start: int, end: int) -> bool:
    """A list hit written so that it is no ordinary word (see `_UNMISTAKABLE`)."""
    return surface in forms and rx.search(_UNMISTAKABLE, surface) is not None \
        and not rx.match(_LONGER_AFTER, text, end) and not tail_of_longer(text, start)


def tail_of_longer(text: str, start: int) -> bool:
    """A capitalised word before `start` makes the name the tail of a longer one ("Dynamic Replica")."""
    return rx.search(_LONGER_BEFORE, text, max(0, start - 20), start) is not None


def data_nouns_capitalised(surface: str) -> str:
    """`surface` with its data nouns capitalised: "Brown corpus" -> "Brown Corpus"."""
    return " ".join(w[:1].upper() + w[1:] if rx.match(_DATA_WORD, w) else w for w in surface.split(" "))


_ESTABLISHED = regex.compile(r"\b(?:established|well-known|classic|common(?:ly[ ]used)?|conventional|traditional)\b", regex.I)


def defined_here(text: str, start: int, name: str, words: str, someone_elses) -> bool:
    """A sentence "X is a ... dataset" is where the paper defines its own data: X is coined (no
    list knows it), first mentioned there, and `words` (before the data noun) do not call it
    someone else's ("a popular dataset", "the only established benchmark")."""
    return text.find(name) == start and not lexicon.lookup("datasets.tsv", name) and not rx.search(someone_elses, words) \
        and not rx.search(_ESTABLISHED, words)
