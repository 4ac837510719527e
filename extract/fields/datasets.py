"""Datasets: gazetteer hits (with versions and hyphenated variants), coined names before a
dataset noun, benchmark-shaped names, lists after evaluation cues; `proposed` for the ones
the paper introduces. Shorthand lists expand."""
from __future__ import annotations

from bisect import bisect_left

import regex

from extract.fields import lexicon
from extract.fields.dataset_checks import (cut_dash_noun, cut_dash_word, data_nouns_capitalised, defined_as_method, defined_here,
                                           initials, kind_before_noun, method_named, method_named_anywhere, tail_of_longer, unmistakable)
from extract.fields.dataset_lists import coordinated, list_members
from extract.fields.method_shapes import DATA_NOUN_END, DATA_NOUN_NEXT, HARDWARE, NAME_TAIL  # dataset nouns in and after names
from extract.fields.urls import Urls

from extract.text import rx
from extract.engine.matching import non_overlapping
from extract.text.names import clean_name, name_key

DATASETS = "datasets.tsv"
METHODS = "methods.tsv"
PARAMS = ("extension", "title", "named", "method_context", "kind_noun")  # rules/datasets.yaml `params:`
_SHORTHAND = regex.compile(r"^(?P<stem>.*?)(?P<first>\d+[Kk]?)(?P<rest>(?:/\d+[Kk]?)+)$")
_DIGIT_OR_HYPHEN = regex.compile(r"[\d-]")  # DIOR-R, DOTA-v1.0: spellings of a name, not the bare word
_LIST_SPLIT = regex.compile(r"\s*\([^()]*\)|,\s*(?:and\s+|or\s+)?(?:the\s+)?|\s+(?:and|or)\s+(?:the\s+)?")
_HYPHEN_LEFT = regex.compile(r"(?<![\w-])(?:\p{Lu}[\p{L}\d]*-)+$")  # a whole word: SurroundOcc-nuScenes, not Occ-nuScenes
# Hyphenated parts that belong to the name: capitalised or versioned (FormalMath-Lite, DOTA-v1.0),
# not descriptive words (ImageNet-pretrained, ActivityNet-Captions-one).
_HYPHEN_RIGHT = regex.compile(r"(?:-(?:\p{Lu}[\p{L}\d]*|[\p{L}]*\d[\p{L}\d]*)(?:\.\d+)*)+(?![\p{L}\d])")
# Counts and multipliers are not names: "219K-example", "a 5x larger dataset", "10K samples".
_COUNT = regex.compile(r"^\d+(?:\.\d+)?(?:[KMBkmbx×]|[KMBkmb]?-\p{Ll}.*)$")
_DIMENSION = regex.compile(r"\d[Dd]")  # "the largest open 3D detection dataset": a kind of data, no name
_SENTENCE_START = regex.compile(r"(?:^|[.!?:]\s+)$")
# Words that, hyphenated to a name, make it a modifier ("ImageNet-based", "CIFAR-style"): at the
# end of a name, or right after one.
_MODIFIER_WORDS = "based|style|like|type|driven|guided|aware|specific|level|wise"
_NAME_MODIFIER = regex.compile(rf"-(?:{_MODIFIER_WORDS})$")
_DATASET_WORDS = regex.compile(r"(?i)bench|data|corpus|suite|QA\b|question|set\b|challenge|arena|collection")
_MODIFIER = regex.compile(rf"^-(?:{_MODIFIER_WORDS})\b")
# Dataset context for an ambiguous name: a dataset noun right after it, or "on" right before.
# A citation or a verb of content after it says so too: "SICK (Marelli et al., 2014)", "SICK contains".
_DATA_AFTER = regex.compile(r"[ ](?:\S+[ ])?(?:data ?set|benchmark|corpus|suite|environment|split|test set|leaderboard)s?\b"
                            r"|[ ]\(\p{Lu}[\p{L}'-]+(?:[ ]et[ ]al\.|[ ](?:and|&)[ ]\p{Lu}[\p{L}'-]+)?,?[ ](?:19|20)\d\d"
                            r"|[ ](?:contains|consists[ ]of|comprises)\b", regex.I)
_DATA_BEFORE = regex.compile(r"\b(?:(?:on|across|over|from|of)[ ](?:the[ ](?:\p{Lu}\p{Ll}+(?:ish|ese|an)[ ])?)?|(?:data ?sets?|benchmarks?)[ ]?\(|(?:data ?sets?|benchmarks?)[:,]?[ ](?:such as[ ]|including[ ]|like[ ])?)$", regex.I)
# The sentence so far introduces the paper's own data ("we introduce two datasets: A, an in-lab
# dataset ..., and B, ..."), and does not call it someone else's.
_INTRODUCING = regex.compile(r"\b(?:[Ww]e|[Tt]his[ ](?:paper|work|study))\b[^.;]*?\b(?:(?:introduc|present|propos|construct|build|built|curat|releas|creat|collect|contribut|develop)\w*|establish(?:es|ing)?\b)")
# Rules that find a coined name by its shape or by the data noun next to it: the paper's own
# when the sentence's proposal verb introduces it directly (`_introduced_directly`).
_NAMED_BY_SHAPE = ("datasets.bench_suffix", "datasets.noun_named", "datasets.before_noun", "datasets.title_named", "datasets.title_before_noun")
_INTRO_WORDS = 12
# A capitalised word right before an appositive's name begins that name, unless it is a
# sentence's function word ("In X, a dataset ...").
_NAME_LEFT = regex.compile(r"(?<![\w-])(?!(?:The|A|An|In|On|For|With|From|Our|This|These|We|And|Or|However|Moreover|Finally|Here|Then)[ ])"
                           r"\p{Lu}[\p{L}\d]*(?:-[\p{L}\d]+)*[ ]\Z")
_NAME_BEFORE = regex.compile(r"(?:\p{Lu}[\p{L}\d]*[ ]|[&\w])\Z")
_NAME_AFTER = regex.compile(r"[ ]?(?:\d|v\d|[&+])|[ ]\p{Lu}[\p{L}\d]*[ ](?:[Bb]enchmark|[Dd]ataset)")
_OWN_CLAIM = regex.compile(r"\b(?:first|new|novel|largest|most)\b", regex.I)  # what a paper says of its own data
_INDEFINITE = regex.compile(r"\b(?:a|an|first|new|novel)\b", regex.I)
_NOT_INTRODUCING = regex.compile(r"\b(?:on|in|into|using|with|across|from|over|against|to|for|of|by|than|and|or|via|through|upon|based|inspired|evaluat\w*|test\w*|experiment\w*|compar\w*|outperform\w*|achiev\w*|which|that)\b|[;:()]")
_SOMEONE_ELSES = regex.compile(r"\b(?:existing|prior|previous|public(?:ly)?|standard|popular|widely[ ]used|such[ ]as|e\.g\.|including|like)\b", regex.I)
# After a list: a plural noun the items modify ("CPU, Nvidia and Apple GPUs"), unless it is a data noun.
_MODIFIED_NOUN_AFTER = regex.compile(r"[ ](?!(?:data ?sets|benchmarks|corpora|suites|environments|tasks|splits)\b)(?:\p{Lu}+s|\p{Ll}{3,}s)\b")
# After a name: a measure, not data ("G-Eval score").
_MEASURE_AFTER = regex.compile(r"[ ]+(?:scores?|metrics?|judges?)\b", regex.I)
# What a result is reported on that is not data: processors and accelerators, imaging
# modalities and shapes of a setting (3D, 2x, 8-bit).
_HARDWARE = regex.compile(r"^(?:" + HARDWARE + r"|M\d(?:\s?\w+)?|ARM\w*|CT|MRI|\d+[DdXx]|\d+-bit)$")
# Rules that read one name after "on": a result's (after a number) or an evaluation's.
_ON_RULES = ("datasets.result_on", "datasets.evaluated_on")
# A number within four words before the "on" of datasets.result_on: "+5.92% on", "0.877 on".
_RESULT_BEFORE = regex.compile(r"\d(?:%|\.\d+|x|×|pp)?\)?[ ](?:[\w-]+[ ]){0,4}?$")
# A listed dataset's yearly edition written with a hyphen (AIME-2024, AMC-2023): one token,
# so the phrase pass never sees the listed stem. Searched only in texts with "-19"/"-20".
_EDITION = regex.compile(r"(?<![\w-])(?P<stem>\p{Lu}[\p{L}\d]*)-(?:19|20)\d\d(?![\w-])")
# Words and factors that claim a speed, one regex each: the regex module finds one word fast,
# but tries every branch of an alternation at every character (four times slower, bench corpus).
_SPEED_CLAIMS = tuple(regex.compile("(?i)" + cue) for cue in (r"speed-?ups?", "faster", "accelerat", "latency", "throughput",
                                                              r"\d(?:\.\d+)?[x×][ ]"))
# A hyphenated word ending in a participle is a modifier: BIM-derived, LLM-generated.
_PARTICIPLE_COMPOUND = regex.compile(r"-\p{Ll}+ed$")
_PLURAL_ACRONYM = regex.compile(r"\p{Lu}[\p{Lu}\d-]*\p{Lu}s")
# A benchmark suffix and the parts after it ("-Bench", "QA-v2"), and what makes the stem before it
# coined in lower case: a digit or a superscript (tau^2), or a prefix of one to three letters (iWorld,
# m-GenEval); not a word glued to a name ("presentPureDoc") nor a plain one ("traffic-V", "non-").
_BENCH_TAIL = regex.compile(r"-?(?:Bench|BENCH|Eval|EVAL|QA|Gym|Arena)(?:-[\p{L}\d.]+)*$")
_CODED = regex.compile(r"^\p{Ll}{1,3}(?:[\p{Lu}\d^]|-)|[\d^]")
# Rules whose own cue says the name is data (an introduction, an appositive): a mention
# elsewhere that calls it a method does not overrule them.
_NAMED_AS_DATA = ("datasets.gazetteer", "datasets.introduced", "datasets.introduced_eval", "datasets.appositive", "datasets.termed", "datasets.acronym",
                  "datasets.copular")
_DATA_NOUN_TAIL = regex.compile(r"[ ](?:data ?set|benchmark|corpus)$")  # lower case: "the BOP benchmark", not "Waymo Open Dataset"
_NAME_AND = regex.compile(r"(?<![\w-])[\p{Lu}\d][\w+.-]*,?[ ](?:and|or)[ ]$")  # "the RACE++ and ARC datasets": two names, one noun
_PLURAL_NOUN = regex.compile(r"[ ](?:data ?sets|benchmarks|corpora|tasks)\b", regex.I)


def postprocess(doc, hits, context) -> list[dict]:
    text = context.text
    # Where a speed is claimed, found once (not per name: a sentence may list 400 results),
    # and only in texts with a result-on-name hit, the one rule that asks
    speed_claims = sorted(m.start() for cue in _SPEED_CLAIMS for m in rx.finditer(cue, text)) \
        if any(h.rule in _ON_RULES for h in hits) else []
    extension = context.params.extension
    introduced_by_cue = context.params.named
    method_context = context.params.method_context
    kind_noun = context.params.kind_noun
    proposed: set[str] = set(_title_names(context))
    definitions = context.mentions("acronyms")
    candidates = []  # (start, end, name or None, rule)
    pending = []  # ambiguous list names without context, kept when coordinated with a dataset
    listed = [h for h in hits if h.name is not None]
    for h in hits:
        if h.rule in ("datasets.introduced", "datasets.introduced_eval", "datasets.noun_bracket"):
            s, e, name = h.groups["name"]
            tail = rx.match(NAME_TAIL, text, e) if " " not in name else None
            if tail:  # "we introduce RFC Bench, a benchmark ..."
                e, name = tail.end(), name + tail.group()
            if _acceptable(name):
                proposed.add(name_key(name))
                candidates.append((s, e, name, h.rule))
        elif h.name is not None:  # gazetteer, matched ignoring case
            if _defined_as_other(h.text, definitions):
                continue  # "crispness-emphasized evaluation (CEval)" is not C-Eval
            span = _gazetteer_span(h, text, extension)
            if span and span[2]:
                candidates.append((span[0], span[1], None, h.rule))
            elif span and not tail_of_longer(text, span[0]):  # an ambiguous name with no data word near it: data only beside data
                pending.append((span[0], span[1], None, h.rule))
        elif h.rule in ("datasets.list", "datasets.list_after_verb"):
            items = _list_items(h, text, bool(listed))
            candidates.extend(items)
            if items and h.rule == "datasets.list" and _introduced_directly(text, context.sentence_of(h.start)[0], h.start, h.rule):
                proposed.update(name_key(text[c[0] : c[1]]) for c in items)  # "we construct two ... datasets, A and B"
        elif h.rule == "datasets.shorthand":
            s, e, name = h.groups["name"]
            if any(lexicon.lookup(DATASETS, n) for n in expand_shorthand(name)):
                candidates.append((s, e, None, h.rule))
        else:
            s, e, name = h.groups.get("name", (h.start, h.end, h.text))
            if h.rule == "datasets.before_noun" and (not _coined_enough(name, h.groups["cue"][2]) or kind_before_noun(text, s, name)
                                                     or h.groups["cue"][2].endswith("s") and _defined_as_other(name, definitions)):
                continue  # "Theory of Mind (ToM) ... existing ToM benchmarks": benchmarks of a field
            if h.rule == "datasets.bench_suffix" and (name.isupper() and len(name) <= 4 or _defined_as_other(name, definitions)):
                continue  # a bare "VQA" is a task; "Blind Image Quality Assessment (BIQA)" too
            if h.rule == "datasets.bench_suffix" and name[:1].islower() and not name.endswith("-bench") \
                    and not rx.search(_CODED, rx.sub(_BENCH_TAIL, "", name)):
                continue  # "-bench" makes a lower-case word a name (tau-bench), so does a coined stem (tau^2-Bench, iWorld-Bench)
            if h.rule in _ON_RULES and (h.rule == "datasets.result_on" and not rx.search(_RESULT_BEFORE, text, max(0, h.start - 48), h.start)
                                                   or rx.match(_HARDWARE, name) or lexicon.lookup("metrics.tsv", name)
                                                   or lexicon.lookup(METHODS, name) or len(name) < 3
                                                   or _defined_as_other(name, definitions)
                                                   or _claimed_before(speed_claims, context.sentence_of(s)[0], s)):
                continue  # a speedup is claimed on a model or a device, not on data
            if h.rule == "datasets.title_before_noun" and (lexicon.lookup(METHODS, name) or lexicon.is_generic(name)) \
                    or h.rule == "datasets.trained_on" and lexicon.lookup("models.tsv", name.rsplit("-", 1)[0]):
                continue  # "adapters tuned on LLaMA-7B" name a checkpoint
            left = rx.search(_NAME_LEFT, text, max(0, s - 40), s) if h.rule == "datasets.appositive" else None
            if left and not rx.fullmatch(kind_noun, name):  # "Contextual Earnings-22, an open dataset": the whole name
                s, name = left.start(), text[left.start() : e]
            if h.rule == "datasets.title_named" and any(s <= g.start and g.end <= e for g in listed):
                continue  # "the KITTI Object Detection Benchmark", "the Natural Questions Dataset": the list names it
            if h.rule == "datasets.copular" and (rx.search(_OWN_CLAIM, h.groups["words"][2])
                                                 or defined_here(text, s, name, h.groups["words"][2], _SOMEONE_ELSES)):
                proposed.add(name_key(name))  # "X is the first benchmark"; "X is a frame-level dataset" opening its mentions
            if _acceptable(name):
                if h.rule == "datasets.appositive" and _introduced_here(text, context.sentence_of(s)[0], s) \
                        or h.rule in _NAMED_BY_SHAPE and not _part_of_longer_name(text, s, e) \
                        and _introduced_directly(text, context.sentence_of(s)[0], s, h.rule):
                    proposed.add(name_key(name))
                candidates.append((s, e, None, h.rule))
    candidates.extend(_editions(text))
    spans = [(c[0], c[1]) for c in candidates]
    candidates += [c for c in pending if coordinated(text, (c[0], c[1]), spans, context.sentence_of)]  # "SICK and STS-B"
    spans = [(c[0], c[1]) for c in candidates]
    candidates += [(s, e, None, "datasets.list_member") for s, e in list_members(text, spans, context.sentence_of)
                   if not any(s < ce and cs < e for cs, ce in spans)]
    defined = _defined_datasets(definitions, text, context, proposed)
    if defined:  # the expansion of a defined dataset is that dataset, named by its acronym
        longs = [(d["long_start"], d["long_end"]) for d in definitions if any(c[2] == d["name"] for c in defined)]
        candidates = [c for c in candidates if not any(c[0] < le and ls < c[1] for ls, le in longs)] + defined
    taken_by_models = [(m["start"], m["end"]) for m in context.mentions("models")]
    model_keys = {name_key(m["name"]) for m in context.mentions("models")}  # a later mention of one
    out, seen = [], set()
    chosen = _longest_first(candidates)
    # A name that any of its mentions shows to be a method is not a dataset anywhere.
    methods = {name_key(c[2] or text[c[0]:c[1]]) for c in chosen if method_named(text, c[0], c[1], method_context)
               or c[3] not in _NAMED_AS_DATA and name_key(text[c[0]:c[1]]) not in proposed  # "we introduce URECA dataset"
               and (defined_as_method(text[c[0]:c[1]], definitions, text)
                                                   or method_named_anywhere(text, text[c[0]:c[1]], method_context))}
    urls = Urls(text)
    for start, end, name, rule in chosen:
        if any(start < me and ms < end for ms, me in taken_by_models) or urls.holds(start) \
                or rule in _ON_RULES and name_key(text[start:end]) in model_keys:
            continue  # a model's name, or one seen in a URL ("github.com/a/MyBench")
        if not name:
            right = rx.match(_HYPHEN_RIGHT, text, end)
            if right and not rx.match(_MODIFIER, text[end : end + 12]):
                end = right.end()
        start, end = cut_dash_noun(text, start, end), cut_dash_word(text, start, end)  # "datasets-AWA2", "X-the largest"
        name = name and name[cut_dash_noun(name, 0, len(name)) : cut_dash_word(name, 0, len(name))]
        surface = name or clean_name(text[start:end])
        if name_key(surface) in methods or rx.match(_MODIFIER, text[end : end + 12]) or rx.search(_NAME_MODIFIER, surface):
            continue
        if rx.search(_PARTICIPLE_COMPOUND, surface) \
                or rx.match(_MEASURE_AFTER, text, end) and rule != "datasets.gazetteer":
            continue  # "G-Eval score" is a measure; "RULER scores", a listed benchmark's, are on it
        if rx.match(_COUNT, surface) or rx.fullmatch(kind_noun, surface) or rx.fullmatch(_DIMENSION, surface):
            continue  # "a 219K-example dataset" counts examples; "Corpus, the first open dataset" names none
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


def _claimed_before(claims: list[int], lo: int, hi: int) -> bool:
    """A speed claim (one of the starts in `claims`, in order) lies in text[lo:hi]."""
    i = bisect_left(claims, lo)
    return i < len(claims) and claims[i] < hi


def expand_shorthand(name: str) -> list[str]:
    """`CIFAR-10/100` -> CIFAR-10, CIFAR-100; `AIME24/26` -> AIME24, AIME26."""
    m = rx.match(_SHORTHAND, name)
    if not m:
        return [name]
    return [m.group("stem") + n for n in [m.group("first"), *m.group("rest").split("/")[1:]]]


def _gazetteer_span(h, text: str, extension) -> tuple[int, int, bool] | None:
    """The whole name around a list hit and whether it is sure (False: an ambiguous name
    without context, a dataset only in a list of datasets), or None when it is no mention."""
    surface = h.text
    # The entry's own forms: a hit's attrs hold the list's extra columns, not its aliases.
    entry = lexicon.lookup(DATASETS, h.name)
    forms = list(entry.forms) if entry is not None else [h.name]
    if surface not in forms and data_nouns_capitalised(surface) not in forms:  # "the Brown corpus"
        if sum(ch.isupper() for ch in surface) < 2 and not any(ch.isdigit() for ch in surface):
            return None  # "Quality" is not QuALITY; "imagenet" in running text is not a name
        if not any(initials(f) == initials(surface) for f in forms if f.lower() == surface.lower()):
            return None  # "3D shapes" is not the 3D Shapes dataset; "the STS benchmark" is STS Benchmark
        if tail_of_longer(text, h.start):
            return None  # "Waymo Open E2E Dataset" is not the E2E dataset
    if rx.match(_MODIFIER, text[h.end : h.end + 12]):
        return None  # "VQA-based"
    if text[h.end : h.end + 1].isalnum():
        return None  # "LRS2M", which spaCy splits after its number as it does "10 M"
    short_caps = surface.isupper() and len(surface) <= 3
    # The flag is about the bare name: DIOR-R and DOTA-v1.0 are unambiguous spellings.
    # So is a form no English word can be: a Title Case name ending in a data noun (Penn Treebank).
    ambiguous = h.attrs.get("flags") == "ambiguous" and not (surface != h.name and rx.search(_DIGIT_OR_HYPHEN, surface)) \
        and not unmistakable(surface, forms, text, h.start, h.end)
    sure = not (ambiguous or short_caps) or _has_context(text, h.start, h.end)
    if short_caps and rx.match(_PLURAL_NOUN, text, h.end) and not rx.search(_NAME_AND, text, max(0, h.start - 30), h.start):
        return None  # "PPI datasets" names a kind of dataset
    start, end = h.start, h.end
    noun = rx.search(_DATA_NOUN_TAIL, surface)
    if noun and lexicon.lookup(DATASETS, surface[: noun.start()]):
        end = start + noun.start()  # "the Switchboard corpus", "BOP Benchmark datasets": the name without its noun
    left = rx.search(_HYPHEN_LEFT, text, max(0, start - 30), start)
    if left:
        start = left.start()  # Stochastic-D4RL
    right = rx.match(_HYPHEN_RIGHT, text, end)
    if right:
        end = right.end()  # FormalMath-Lite, LongBench-HotpotQA
    else:
        m = rx.match(extension, text, end)
        end = m.end() if m else end
    return start, end, sure


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
    # "Performance was assessed using AUROC, AUPRC, and ...": measures are no data, unless the
    # list names a known dataset too ("benchmarks such as POPE, CHAIR, and MME")
    if not any(lexicon.lookup(DATASETS, p[2]) for p in pieces):
        pieces = [p for p in pieces if not lexicon.lookup("metrics.tsv", p[2])]
    coined = [p for p in pieces if _is_coined(p[2]) or lexicon.lookup(DATASETS, p[2])]
    if not coined or rx.match(_MODIFIED_NOUN_AFTER, text, h.groups["list"][1]):
        return []
    out = []
    for s, e, piece in pieces:
        if not piece or not _acceptable(piece):
            continue
        if _is_coined(piece) or lexicon.lookup(DATASETS, piece) or (len(coined) >= 1 and piece[:1].isupper()):
            out.append((s, e, None, h.rule))
    return out


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
    """Not a generic word, a model, or a plural acronym, which names a class ("DLMs", "WSIs")."""
    return len(name) > 1 and not lexicon.is_generic(name) and lexicon.lookup("models.tsv", name) is None \
        and not rx.fullmatch(_PLURAL_ACRONYM, name)


def _has_context(text: str, start: int, end: int) -> bool:
    return bool(rx.match(_DATA_AFTER, text, end) or rx.search(_DATA_BEFORE, text, max(0, start - 24), start))


def _longest_first(candidates):
    # Introduced names first (they carry the role), then longer spans.
    return non_overlapping(candidates, rank=lambda c: (c[3] != "datasets.introduced", -(c[1] - c[0]), c[0]),
                           span=lambda c: (c[0], c[1]))


def _introduced_here(text: str, sentence_start: int, at: int) -> bool:
    before = text[sentence_start:at]
    return bool(rx.search(_INTRODUCING, before)) and not rx.search(_SOMEONE_ELSES, before)


def _part_of_longer_name(text: str, start: int, end: int) -> bool:
    """A shape found inside a longer name: "Inverse IFEval", "GenEval 2", "RC&P-Bench"."""
    return bool(rx.search(_NAME_BEFORE, text, max(0, start - 30), start) or rx.match(_NAME_AFTER, text, end))


def _introduced_directly(text: str, sentence_start: int, at: int, rule: str) -> bool:
    """The name is the object of the sentence's proposal verb, with no word of use or of
    evaluation in between: "we propose a large-scale ... dataset, DHQA-4D", "we establish the
    SpaRED benchmark"; not "we propose X and evaluate it on the SpaRED benchmark". Before a
    data noun, only a definite one: "a 1526-hour AVSR dataset", "the first social media TIMT
    benchmark" name a task or a modality, the dataset's name is elsewhere."""
    verb = None
    for verb in rx.finditer(_INTRODUCING, text, sentence_start, at):
        pass
    if verb is None or rx.search(_SOMEONE_ELSES, text, sentence_start, at):
        return False
    gap = text[verb.end() : at]
    if rule == "datasets.before_noun" and (rx.search(_INDEFINITE, gap) or not gap.split() or gap.split()[-1] != "the"):
        return False
    return len(gap.split()) <= _INTRO_WORDS and not rx.search(_NOT_INTRODUCING, gap)


def _defined_datasets(definitions: list[dict], text: str, context, proposed: set) -> list:
    """Acronyms the text defines as datasets; the paper's own when the sentence introduces them."""
    out = []
    for d in definitions:
        end = max(d["end"], d["long_end"])
        # An acronym defined as a dataset: its expansion ends in a dataset noun, or one follows it
        # ("the ... Evaluation Benchmark (TeleEval-OS)", "a Driver Simulated Gesture (DSG-18) dataset").
        if not (rx.search(DATA_NOUN_END, d["long_form"]) or rx.match(DATA_NOUN_NEXT, text, end)):
            continue
        if not _acceptable(d["name"]) or not _is_coined(d["name"]) or not _names_a_dataset(d):
            continue
        first = min(d["start"], d["long_start"])
        if _introduced_here(text, context.sentence_of(first)[0], first):
            proposed.add(name_key(d["name"]))
        out.append((d["start"], d["end"], d["name"], "datasets.acronym"))
    return out


_SMALL_WORDS = frozenset(("of", "for", "and", "in", "on", "the", "a", "an", "with", "to", "from", "via", "by"))


def _names_a_dataset(d: dict) -> bool:
    """A defined acronym names one dataset when its expansion is a Title Case name; a lower-case
    one names a kind ("out-of-distribution (OOD) benchmark", "question-answer (QA) dataset"),
    and so do short task acronyms (VQA, MCQ) whatever their case."""
    words = [w for w in d["long_form"].split() if w.lower() not in _SMALL_WORDS]
    title = bool(words) and all(w[:1].isupper() or w[:1].isdigit() for w in words)
    return title and (len(d["name"]) >= 4 or any(ch.isdigit() or ch.islower() for ch in d["name"]))


def _editions(text: str) -> list:
    if "-20" not in text and "-19" not in text:
        return []
    return [(m.start(), m.end(), None, "datasets.edition") for m in rx.finditer(_EDITION, text)
            if lexicon.lookup(DATASETS, m.group("stem")) is not None]
