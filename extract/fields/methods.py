"""Methods: the paper's own (cue phrases, coined names, acronym definitions in sentences that
introduce the work, named components, the name before the title's colon) and specific existing
ones it mentions (gazetteer; acronyms whose expansion is headed by a method noun). An acronym
and its expansion are one item. The cue patterns are the `params:` of rules/methods.yaml
(`PARAMS` below); the word lists are in data/gazetteers/.
"""
from __future__ import annotations

from bisect import bisect_left

import regex

from extract.fields import lexicon, method_shapes as shapes
from extract.fields.methods_compared import RULES as COMPARED_RULES, add_compared
from extract.fields.methods_known import add_known
from extract.fields.methods_lists import listed_names
from extract.fields.urls import Urls

from extract.text import rx
from extract.text.names import clean_name, name_key

METHODS = "methods.tsv"
PROPOSING = ("methods.cue", "methods.named", "methods.ours", "methods.passive")
COMPONENTS = ("methods.component", "methods.component_paren", "methods.component_article")
# Components that name a part in a sentence naming the paper's method, without a proposal cue
NAMED_PARTS = ("methods.component", "methods.component_article")
# rules/methods.yaml `params:`: the cue patterns (`cues.proposal`) and the helper rules
PARAMS = ("component", "component_paren", "component_article", "subject", "title", "first_person", "proposal", "proposal_words",
          "proposal_verb", "existing", "uses", "used_before", "clause_break", "modifier_after", "modifier_suffix",
          "leading_words", "intro", "too_short", "coined", "methodish", "capitalised_before", "compared_next",
          "listed_intro", "listed_parts", "listed_item", "listed_comma", "kind_listed", "not_a_method_named", "kind_noun_name", "title_words",
          "title_words_not_method")


def postprocess(doc, hits, context) -> list[dict]:
    text = context.text
    cues = context.params
    # Names already taken as models or datasets are not methods, unless the method list knows
    # them too (architectures such as Mamba-2 are both).
    taken = [(f, m) for f in ("models", "datasets") for m in context.mentions(f) if lexicon.lookup(METHODS, m["name"]) is None]
    title_key = shapes.title_model_key(context, taken)
    # A model mention of a family the list does not know (WebSight-7B), a coined derivative of
    # one (Qwen-BIM) or the title's name may be the paper's own model; a listed family's
    # checkpoint is not.
    blocked = [(m["start"], m["end"], f == "models" and (shapes.maybe_new_model(m) or name_key(m["name"]) == title_key),
                f == "models") for f, m in taken]
    blocked_keys = {name_key(m["name"]) for _, m in taken}
    # A name known only because a sentence calls it "the X model" may still be the paper's own
    # ("we train DriveRX, a ... model"; "we release the DriveRX model").
    called_keys = {name_key(m["name"]) for f, m in taken if m.get("rule") == "models.called"}
    hard_keys = {name_key(m["name"]) for (_, m), (_, _, new, _) in zip(taken, blocked) if not new} | shapes.title_data_keys(context.title)
    non_method_heads = lexicon.word_set("non_method_heads.txt")
    urls = Urls(text)
    items: list[dict] = []
    tailed: list[tuple[int, int]] = []  # names that took in the capitalised word after them

    def add(start, end, name, role, rule, priority, long_form=None):
        if urls.holds(start):
            return  # "github.com/a/DACESR": a name seen in a URL is not mentioned
        name = rx.sub(cues.leading_words, "", clean_name(name))
        version = rx.match(shapes.VERSION_AFTER, text, end)
        if version and text[start:end].endswith(name):  # "TinySAM 2", "InfLLM v2"
            end, name = version.end(), name + version.group()
        plus = rx.match(shapes.PLUS_AFTER, text, end) if text[end : end + 1] == "+" else None
        if plus and text[start:end].endswith(name):  # "Gaussian Shading++"
            end, name = plus.end(), name + plus.group()
        tail = rx.match(shapes.NAME_TAIL, text, end) if " " not in name and text[start:end].endswith(name) else None
        if tail:  # "We present FM Agent, a ...": one name, not "FM" and "Agent"
            end, name = tail.end(), name + tail.group()
            tailed.append((start, end))
            items[:] = [i for i in items if not (start <= i["start"] and i["end"] <= end)]
        elif any(s <= start and end <= e for s, e in tailed):
            return
        key = name_key(name)
        # A "+" after a known name marks the paper's new variant of it ("we propose SAM2++").
        if not name or (key in hard_keys and not (role == "proposed" and name.endswith("+"))) or rx.match(cues.too_short, name) or lexicon.is_generic(name) \
                or (rx.fullmatch(cues.kind_noun_name, name) and not name.isupper()):  # RECIPE is a name
            return
        # A model the paper itself introduces ("our new model, WebSight-7B") is a proposed method
        # too, unless the model list knows it: then the cue is about using it.
        new_model = rule in PROPOSING and (lexicon.lookup(shapes.MODELS, name) is None or key == title_key)
        if key in blocked_keys and not new_model and not (role == "proposed" and key in called_keys):
            return
        if rx.search(shapes.NOT_A_NAME, name) or (role == "proposed" and (rx.match(shapes.DATA_APPOSITIVE, text, end) or rx.match(shapes.PROBLEM_NEXT, text, end))):
            return  # "we introduce Nemotron-Math, a large-scale ... dataset" proposes data
        styled = rule == "methods.style"  # "CoT-style reasoning": the name before "-style" is the method
        if (not styled and rx.match(cues.modifier_after, text[end : end + 12])) or rx.search(cues.modifier_suffix, name) or _head(name) in non_method_heads:
            return
        items.append({"name": name, "long_form": long_form, "role": role, "start": start, "end": end,
                      "rule": rule, "priority": priority, "new_model": new_model})

    definitions = context.mentions("acronyms")
    opening = []  # names after a sentence-opening "A/An ... noun," (kept once the abstract proposes)
    for h in hits:
        s, e, name = h.groups.get("name", (h.start, h.end, h.text))
        sentence = context.sentence_of(s)
        before = text[sentence[0] : s]
        if h.rule == "methods.passive" and not shapes.passive_subject(text, sentence[0], s, e, name):
            continue
        if h.rule == "methods.named" and rx.search(cues.not_a_method_named, text, max(sentence[0], h.start - 40), h.start):
            continue  # "a failure mode termed Optimization Collapse" names a phenomenon
        if h.rule == "methods.ours" and (rx.match(shapes.NOT_OURS_AFTER, text, e) or rx.fullmatch(shapes.SHORT_CAPS, name)
                                         or rx.search(shapes.OURS_NOT_NEW, text, h.start, s)
                                         or (text[s - 1 : s] in "\"“" and not rx.search(shapes.CAPITAL_OR_DIGIT, name))):
            continue  # "our UAV dataset", "our previous MiniMax-Text-01 model", "our dataset TASERTab", our "coarse-to-fine"
        if h.rule == "methods.cue" and rx.search(shapes.ARTICLE_BEFORE, text, h.start, s) and lexicon.lookup(METHODS, name):
            continue  # "we propose a lightweight U-Net", "we developed a U-Net": one of a known kind
        if h.rule in PROPOSING:
            add(s, e, name, "proposed", h.rule, h.priority)
        elif h.rule == "methods.noun_appositive":
            lead = text[max(sentence[0], h.start - 60) : h.start]
            if rx.search(shapes.EARLIER, before):
                continue  # "A recent approach, FOVER, trains ..."
            # "we propose a compress-then-interact tracking framework, ETCTrack, that ..."
            if (rx.search(shapes.NEW_BEFORE, lead) and not rx.search(cues.existing, before)) or _proposed_here(before, cues):
                add(s, e, name, "proposed", h.rule, h.priority)
            elif rx.match(shapes.INDEFINITE_OPENING, text, sentence[0], h.start):
                opening.append((s, e, name, h))
        elif h.rule == "methods.appositive":
            if rx.search(cues.first_person, text, *sentence) and not rx.search(cues.existing, before):
                add(s, e, name, "proposed", h.rule, h.priority)
        elif h.rule in COMPARED_RULES:
            add_compared(h, text, cues, add, blocked_keys, context.title)
        elif h.name is not None:  # gazetteer
            add_known(h, hits, text, sentence, definitions, cues, add)

    _add_title_name(context, add)
    proposes = any(i["role"] == "proposed" for i in items)
    for s, e, name, h in opening:
        if proposes:
            add(s, e, name, "proposed", h.rule, h.priority)
    own = _own_name_sentences(context, items)
    for s, e, name, h, before in _component_hits(context, cues, proposes, own):
        if h.rule in NAMED_PARTS and shapes.describes_name(before) or h.rule == "methods.component_article" and rx.search(shapes.MEASURE_HEAD, name):
            continue  # "an Absolute Error", "we propose Aeon, a Neuro-Symbolic Cognitive Operating System"
        subject = h.rule == "methods.subject" and rx.match(cues.intro, before) and shapes.subject_is_new(text, h)
        if h.rule == "methods.component" and rx.fullmatch(shapes.SHORT_CAPS4, name) and rx.search(shapes.CLASS_IN_APPOSITIVE, before):
            continue
        ours = h.rule in COMPONENTS and not rx.search(shapes.BASE_BEFORE, before) and (
            _proposed_here(before, cues) or (h.rule in NAMED_PARTS and context.sentence_of(s) in own
                                             and rx.fullmatch(shapes.TITLE_NAME_RX, name) is not None
                                             and not rx.search(shapes.COMPARED, before + name) and not rx.search(cues.existing, before)))
        if proposes and (subject or ours) and lexicon.lookup(METHODS, name) is None:
            add(s, e, name, "proposed", h.rule, h.priority)
        elif h.rule in COMPONENTS and rx.search(cues.used_before, before[-40:]) and rx.match(cues.coined, name):
            add(s, e, name, "other", h.rule, 0)  # "under the FSDP2 framework"

    for s, e, name in listed_names(context, cues, proposes):
        if lexicon.lookup(METHODS, name) is None:
            add(s, e, name, "proposed", "methods.listed", 1)
    for d in definitions:
        _add_definition(d, items, context, cues, add)
    for i in [i for i in items if i["role"] == "proposed"]:
        m = rx.match(shapes.AND_NEXT, text, i["end"])
        if m and lexicon.lookup(METHODS, m.group("name")) is None and not rx.search(shapes.MEASURE_HEAD, m.group("name")):
            add(m.start("name"), m.end("name"), m.group("name"), "proposed", "methods.coordinated", 1)
        elif i["rule"] in PROPOSING and text[i["end"] : i["end"] + 1] != "/":  # "we propose FlowGuard and SafeRoute":
            m = rx.match(cues.compared_next, text, i["end"])  # coined names after the cue's (not "pAI/MSc": one name)
            while m and lexicon.lookup(METHODS, m.group("name")) is None:
                add(m.start("name"), m.end("name"), m.group("name"), "proposed", "methods.coordinated", 1)
                m = rx.match(cues.compared_next, text, m.end("name"))

    items = _merge(items, definitions)
    items = [i for i in items if not any(shapes.blocks_item(i, *b) for b in blocked)]
    for i in items:
        i.pop("new_model")
    return _one_per_name(items)


def _component_hits(context, cues, proposes: bool, own: set):
    """Named parts of the method, looked for only where they can count: in sentences with a
    proposal cue or the paper's own method's name, and as sentence subjects once the abstract
    proposes something."""
    text = context.text
    found = []
    words = [start for start, _ in context.phrase_spans(cues.proposal_words)]  # in text order
    for start, end in context.sentences:
        i = bisect_left(words, start)
        # Every proposal cue starts at one of its first words: try it there, not everywhere.
        while i < len(words) and words[i] < end and not rx.match(cues.proposal, text, words[i], end):
            i += 1
        if (i < len(words) and words[i] < end) or (start, end) in own:
            for helper in (cues.component, cues.component_paren, cues.component_article):
                found.extend(context.hits(helper, start, end))
    if proposes:
        for start, end in context.sentences:
            found.extend(context.hits(cues.subject, start, end, anchored=True))
    for h in sorted(found, key=lambda h: h.start):
        s, e, name = h.groups.get("name", (h.start, h.end, h.text))
        yield s, e, name, h, text[context.sentence_of(s)[0] : s]


def _own_name_sentences(context, items: list[dict]) -> set:
    """Sentences that name a method the paper proposes: "By coupling an Identity Anchoring
    strategy with a ... architecture, SynergyKGC reconciles ..." describes its parts."""
    text = context.text
    names = {i["name"] for i in items if i["role"] == "proposed" and len(i["name"]) > 2}
    found = set()
    for name in names:
        at = shapes.find_word(text, name)
        while at:
            found.add(context.sentence_of(at[0]))
            nxt = shapes.find_word(text[at[1]:], name)
            at = (at[1] + nxt[0], at[1] + nxt[1]) if nxt else None
    return found


def _add_title_name(context, add) -> None:
    """A name the title puts before its colon, where the abstract uses it too; a name of
    several words ("Gaze on the Prize") or one plain word ("Agyn") only where the abstract
    introduces it: after a proposal cue ("we introduce Gaze on the Prize.", "which we call
    Memento") or, for several words, as the subject of its first sentence; and not as data or
    a problem ("Places in the Wild is a dataset of ...")."""
    if not context.title:
        return
    params, text = context.params, context.text
    m = rx.match(params.title, context.title)
    several = m is None  # words with "of", "the", "'s" ... between them
    m = m or rx.match(params.title_words, context.title)
    if not m:
        return
    name = m.group("name")
    found = shapes.find_word(text, name)
    if not found or lexicon.lookup(METHODS, name) is not None or lexicon.is_generic(name):
        return
    if several:
        sentence = context.sentence_of(found[0])
        before = text[sentence[0] : found[0]]
        # One plain word ("Agyn: ...") needs the cue: as a first sentence's subject it is as
        # often a field or a topic ("Introduction: ...", "Forecasting: ...").
        opens = not before.strip() and sentence[0] == 0 and " " in name
        if not (opens or _proposed_here(before, params)) or rx.match(params.title_words_not_method, text[found[1] :]):
            return
    if not rx.match(shapes.DATA_APPOSITIVE, text, found[1]):  # "CC-OCR V2, a ... OCR benchmark"
        add(found[0], found[1], name, "proposed", "methods.title", 3)


# Right before an expansion: a preposition makes it the object of a phrase about something
# else, not the name of what the sentence proposes.
_PREPOSITION_BEFORE = regex.compile(rf"\b{shapes.PREPOSITION}\s+(?:the\s+)?\Z")


def _add_definition(d: dict, items: list[dict], context, cues, add) -> None:
    """An acronym definition: the paper's own, an existing method, or not a method at all."""
    short, long = d["name"], d["long_form"]
    if lexicon.is_generic(short) or lexicon.is_generic(long) or shapes.adjective_expansion(context.text, d):
        return
    if lexicon.lookup("metrics.tsv", long) or lexicon.lookup("metrics.tsv", short):
        return  # "Attack Success Rate (ASR)" is a measure, not a method
    text = context.text
    first = min(d["start"], d["long_start"])
    before = text[context.sentence_of(first)[0] : first]
    # _proposed_here is asked at most once: here, after a proposal verb, or below for a Title Case name
    here = _proposed_here(before, cues) if rx.search(cues.proposal_verb, before) else None
    introduced = bool(here)
    head = _head(long)
    if head in lexicon.word_set("non_method_heads.txt") and not introduced:
        return  # "Unmanned Aerial Vehicles (UAVs)", but "we introduce ... Equilibrium (ROSE)"
    span = (first, max(d["end"], d["long_end"]))
    linked = any(i["role"] == "proposed" and i["start"] < span[1] and span[0] < i["end"] for i in items)
    same_name = any(i["role"] == "proposed" and name_key(i["name"]) == name_key(short) for i in items)
    known = lexicon.lookup(METHODS, long) or _same_meaning(lexicon.lookup(METHODS, short), long)
    method_head = head in lexicon.word_set("method_heads.txt")
    if known and not (linked or same_name):
        if known.attrs.get("flags") != "optional":
            add(d["start"], d["end"], short, "other", "methods.acronym", 1, long)
        return
    title = _title_case(long)
    if rx.match(shapes.DATA_NOUN_NEXT, text, span[1]) or rx.match(shapes.PROBLEM_NEXT, text, span[1]) or rx.search(shapes.DATA_NOUN_END, long):
        return  # "a Driver Simulated Gesture (DSG-18) dataset", "the Garbage Dataset (GD)" are data
    # "A progressively refined registration and segmentation (ProRSeg) method was trained": an
    # indefinite article before the expansion and a method noun after the acronym introduce it.
    coined = (rx.search(shapes.INDEFINITE_BEFORE, text, max(0, first - 12), first) and rx.match(shapes.KIND_NOUN_NEXT, text, max(d["end"], d["long_end"]))
              and not rx.search(cues.existing, before) and not rx.search(cues.uses, before))
    # The object of a phrase about something else is not what the sentence proposes: "the
    # capabilities of Answer Set Programming (ASP)", "inspired by signed distance fields (SDF)".
    in_phrase = bool(rx.search(_PREPOSITION_BEFORE, text, max(0, first - 16), first))
    if linked or same_name or (not in_phrase and (introduced or coined or (title and (_proposed_here(before, cues) if here is None else here)))):
        add(d["start"], d["end"], short, "proposed", "methods.acronym", 4, long)
    elif rx.match(shapes.ALGORITHM_NEXT, text, span[1]) and not shapes.speaks_of_own(text, context.sentence_of(first), first, cues.first_person):
        add(d["start"], d["end"], short, "other", "methods.acronym", 1, long)  # "the Top Trading Cycles (TTC) algorithm"
    elif title and not in_phrase and _after_first_proposal(items, first) and not rx.search(cues.existing, before) and not method_head:
        # A new Title Case name defined once the paper has started describing its own method.
        add(d["start"], d["end"], short, "proposed", "methods.acronym", 4, long)
    elif method_head or rx.search(cues.kind_listed, before):  # "saliency methods such as Vanilla Gradient (VG)"
        add(d["start"], d["end"], short, "other", "methods.acronym", 1, long)


def _one_per_name(items: list[dict]) -> list[dict]:
    """The strongest reading of each name; a long form found anywhere is kept."""
    out: list[dict] = []
    seen: dict[str, dict] = {}
    for i in sorted(items, key=lambda i: (-i["priority"], i["start"])):
        key = name_key(i["name"])
        if key in seen:
            if i["long_form"] and not seen[key]["long_form"]:
                seen[key]["long_form"] = i["long_form"]
            continue
        seen[key] = i
        out.append(i)
    for i in out:
        i.pop("priority")
    return out


_WORD_BREAK = regex.compile(r"[\s-]+")


def _head(phrase: str) -> str:
    word = rx.split(_WORD_BREAK, phrase.strip())[-1].lower()
    return word[:-1] if word.endswith("s") and word[:-1] in lexicon.word_set("method_heads.txt") else word


def _merge(items: list[dict], definitions: list[dict]) -> list[dict]:
    """A name found inside a defined acronym's expansion is that acronym's item."""
    out = []
    for i in items:
        for d in definitions:
            overlaps = i["start"] < d["long_end"] and d["long_start"] < i["end"]
            if overlaps or name_key(i["name"]) == name_key(d["long_form"]):
                i = {**i, "name": d["name"], "long_form": d["long_form"], "start": d["start"], "end": d["end"]}
                break
            if name_key(i["name"]) == name_key(d["name"]) and not i["long_form"]:
                i = {**i, "long_form": d["long_form"]}
        out.append(i)
    return out


def _same_meaning(entry, long: str):
    """The listed entry, if the text's expansion is one of its forms (P2P is not always Prompt-to-Prompt)."""
    if entry is None:
        return None
    forms = {name_key(f) for f in (*entry.forms, entry.attrs.get("long_form", "")) if f}
    return entry if name_key(long) in forms else None


def _proposed_here(before: str, cues) -> bool:
    """The sentence so far introduces the paper's own work, and nothing in the clause since
    the last cue says the name is something that work merely uses."""
    cue = None
    for cue in rx.finditer(cues.proposal, before):
        pass
    if cue is None or rx.search(cues.existing, before):
        return False
    verb = None
    for verb in rx.finditer(cues.proposal_verb, before, cue.start()):
        pass
    breaks = [m.end() for m in rx.finditer(cues.clause_break, before)]
    since = max(verb.end() if verb else cue.end(), max(breaks, default=0))
    # A colon starts a new clause only after the paper's own set of parts: "for two prompt
    # tuners: Hard Prompts Made Easy (PEZ)" lists what the work is for.
    said = verb.end() if verb else cue.end()
    if since > said and before[since - 1] == ":" and rx.search(shapes.COUNTED_OBJECT, before[said:since]) \
            and not rx.search(cues.listed_intro, before, 0, since - 1):
        return False
    return not rx.search(cues.uses, before[since:])


def _title_case(phrase: str) -> bool:
    words = [w for w in phrase.split() if w.lower() not in ("of", "for", "and", "with", "in", "on", "via", "to", "the", "a")]
    return len(words) >= 2 and all(w[:1].isupper() for w in words)


def _after_first_proposal(items: list[dict], offset: int) -> bool:
    starts = [i["start"] for i in items if i["role"] == "proposed"]
    return bool(starts) and min(starts) <= offset
