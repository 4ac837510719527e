"""From registry strings to the names papers write, and what to keep of them.

Registries write ids for code (`gpt-4o-mini`, `HalfCheetah-v4`, `ArguAna-PL.v2`,
`BanglaSentimentClassification`) and page titles for readers (`Weight-Decomposed Low-Rank
Adaptation (DoRA)`). The normalisers turn one into the forms an abstract uses; the filters
drop or flag what would fire on ordinary prose. Each filter says why it exists.
"""
from __future__ import annotations

import gzip
import json
import re
from collections import Counter

from gazetteer_parsers import Candidate, _paren_pair


def key(form: str) -> str:
    """Compare key (as extract.text.names.name_key, without the plural rule): lower case,
    letters and digits only, so `Gemini-2.5-Pro` and `Gemini 2.5 Pro` are one name."""
    return re.sub(r"[^0-9a-z]+", "", form.lower())


# ---- normalisers: registry string -> surface forms ---------------------------------------

# Words a price list appends to a model's name that papers do not write: snapshot dates
# (`Grok 2 1212`, `Mistral Large 3 2512`, `05-20`), release channels, serving modes.
_API_NOISE = re.compile(
    r"\s*\((?:free|preview|extended|fast|beta|thinking|latest|[^)]*\d{4}[^)]*)\)"
    r"|\s+(?:\d{4}|\d\d-\d\d|\d\d\.\d\d)(?=\s|$)"
    r"|\s+(?:Preview|Latest|Exp|Experimental|Non-Reasoning|Highspeed|Live Preview)(?=\s|$)", re.I)
# A model name written with a lower-case brand (`gpt 4o mini`, `gemini 1.5 flash`) is spelt
# as papers spell the brand; the spelling comes from the hand list's families (build step).
_VARIANT_CASE = {"mini": "mini", "nano": "nano", "pro": "Pro", "flash": "Flash", "lite": "Lite", "turbo": "Turbo",
                 "instruct": "Instruct", "vision": "Vision", "large": "Large", "small": "Small", "medium": "Medium"}
_CLAUDE_TIER = re.compile(r"^Claude (Opus|Sonnet|Haiku) (\d+(?:\.\d+)?)$")


_SIZE = re.compile(r"(?:^|[\s-])(?:\d+x)?\d+(?:\.\d+)?[BMT]\b.*$")


def api_model(c: Candidate, brands: dict[str, str]) -> Candidate | None:
    """`gpt 4.1 mini` -> GPT-4.1 mini (+ GPT-4.1-mini, gpt-4.1-mini); `Claude Opus 4.6` ->
    also Claude 4.6 Opus and Claude-Opus-4.6, the orders and joins papers use. A parameter
    count and what follows it are cut (`Qwen3 30B A3B Thinking` -> Qwen3): sized checkpoints
    are read by the models rules' grammar from the family name, and price lists name many
    quantised or merged serving variants no paper writes."""
    name = _API_NOISE.sub("", c.name).strip()
    name = re.sub(r"^[\w.]+:\s+", "", name)  # OpenRouter's `Vendor: Model`
    name = _SIZE.sub("", name).strip(" -")
    if "/" in name or not re.search(r"\d", name):
        return None  # `Claude 2.0 / 2.1` (two models), `Command` (an ordinary word, no version)
    words = [w for w in re.split(r"[ ]|-(?!oss)", name) if w]  # `GPT-5.3-Codex` -> GPT 5.3 Codex
    words[0] = brands.get(key(words[0]), words[0])
    words = [words[0]] + [_VARIANT_CASE.get(w.lower(), w) for w in words[1:]]
    if words[0] in ("GPT", "o1", "o3", "o4") and len(words) > 1 and re.match(r"\d|o\b|oss", words[1]):
        words[:2] = ["-".join(words[:2])]  # GPT-4o, GPT-5 mini (the hyphen papers write)
    name = " ".join(words)
    forms = [name, "-".join(words), c.name if "(" not in c.name else ""]
    m = _CLAUDE_TIER.match(name)
    if m:
        forms.append(f"Claude {m.group(2)} {m.group(1)}")
    for ident in c.aliases:  # API ids, which papers quote (claude-sonnet-4-5), when they spell the name
        ident = ident.rsplit("/", 1)[-1].split(":")[0]
        if key(ident) == key(name) and ident != name:
            forms.append(ident)
    return Candidate(name, c.path, _unique(forms[1:], name))


def env_id(c: Candidate) -> Candidate | None:
    """`HalfCheetah-v4` -> HalfCheetah (+ the versioned id); registry plumbing dropped."""
    if "/" in c.name or c.name.startswith("Gym"):
        return None
    base = re.sub(r"-v\d+$", "", c.name)
    return Candidate(base, c.path, _unique([c.name], base))


_MTEB_KIND = re.compile(r"(?:BitextMining|Classification|Clustering|PairClassification|Reranking|Retrieval"
                        r"|InstructionRetrieval|InstructionReranking|Summarization|MultilabelClassification"
                        r"|ZeroshotClassification|Zeroshot|STS|VisualSTS|Any2AnyRetrieval)$")


# MTEB's translated copies of a dataset (`ArguAna-PL`, `NFCorpus-Fa`, `NanoMSMARCO-VN`) and its
# task variants (`Kinetics400ZeroShot`, `ClusteringP2P`, `HardNegatives`) are not separate
# datasets papers name.
_MTEB_VARIANT = re.compile(
    r"-(?:[A-Z]{2,3}|[A-Z][a-z])$|^Nano|ZeroShot|Zeroshot|[SP]2[SP]$|HardNegatives|Instruct|-reranking|-retrieval"
    r"|Clustering|Clustring|Classification|Retrieval|Reranking|BitextMining|CentricQA|Sentiment|VisualSTS|MultiChoice"
    r"|Regression|Detection|(?:Gender|Age|AccentID|LanguageID|GenderID|Genre|Emotion|Intent|Stroke|Tonic)$"
    r"|(?<=[a-z\d])(?:PC|RR|V|VA|A2V|AT2V|T2V|T2VA|V2A|V2T|VA2T|VT2A|MT|ST)$"
    r"|^(?:BIRCO|IFIR|VisRAGRet|CodeRAG|HUME|SynPer|LegalBench|CVBench|TempReason|RARb|STARBench)")


def mteb_task(c: Candidate) -> Candidate | None:
    """`SciFact.v2` -> SciFact. A task whose name describes it (`HotelReviewSentiment
    Classification`) or marks a variant is dropped, except the STS sets named by kind."""
    name = re.sub(r"\.[vV]\d+$", "", c.name)
    if _MTEB_VARIANT.search(name) or (_MTEB_KIND.search(name) and not name.startswith(("STS", "SICK"))):
        return None
    return Candidate(name, c.path)


_CORPUS_TAIL = re.compile(r"\s*(?::|\(|--|,).*$")  # a description after the name
_CORPUS_VERSION = re.compile(r"\s+(?:[Vv]ersion\s+|v)?\d+(?:\.\d+)*$")


def corpus_title(c: Candidate) -> Candidate | None:
    """NLTK's display names: `SemCor 3.0` -> SemCor (+ the versioned name), `FrameNet 1.7` ->
    FrameNet, `SENSEVAL 2 Corpus: Sense Tagged Text` -> SENSEVAL 2 Corpus (+ SENSEVAL 2),
    `TIMIT Corpus Sample` -> TIMIT Corpus (+ TIMIT); a sample of a corpus is that corpus."""
    name = _CORPUS_TAIL.sub("", c.name).strip()
    name = re.sub(r"\s+(?i:sample)$", "", re.sub(r"^The\s+", "", name))
    name = re.sub(r"\s+benchmark corpus$", "", name)  # "The Reuters-21578 benchmark corpus" 
    stem = _CORPUS_VERSION.sub("", name).strip()
    if not stem:
        return None
    aliases = [name] if name != stem else []
    # "NomBank Corpus", "SENSEVAL 2 Corpus": papers write the coined stem alone (NomBank,
    # Senseval-2); not "Brown Corpus", whose stem is an ordinary word.
    bare = re.sub(r"\s+(?:Corpus|Dataset)$", "", stem)
    if bare != stem and (re.search(r"\d", bare) or re.search(r"[a-z][A-Z]", bare) or re.fullmatch(r"[A-Z]{3,}", bare)):
        aliases.append(bare)
    return Candidate(stem, c.path, aliases)


def upper_stem(c: Candidate) -> Candidate | None:
    """CleanRL's `ppo_continuous_action.py` -> PPO; `c51_atari` -> C51."""
    stem = c.name.split("_")[0]
    return Candidate(stem.upper(), c.path) if stem and stem.isalnum() else None


_SIZE_TAIL = re.compile(r"(?:\s+|-)(?:\d+x)?\d+(?:\.\d+)?[BMK]$")


def display_name(c: Candidate) -> Candidate | None:
    """Leaderboard display names (HELM): `Llama 3 (70B)` -> Llama 3, `MMLU Virology (Sesotho)`
    -> MMLU Virology, `DecodingTrust - Fairness` -> DecodingTrust. A parenthetical says which
    size, language or subset was run, and a dash tail which part of a suite; papers name the
    model or set."""
    if " + " in c.name:
        return None  # `LLaVA + Vicuna-v1.5`, `Whisper-1 + GPT-4o`: a pipeline of two models
    name = re.sub(r"\s*\([^()]*\)", "", c.name)
    name = name.split(" / ")[-1]  # OpenCompass's `SuperGLUE / BoolQ`: the set is the last part
    name = re.split(r"\s+[-\u2013:]\s+|\s+on\s+", name)[0]  # `Mistral Large on Amazon Bedrock`
    name = _SIZE_TAIL.sub("", name).strip()
    return Candidate(name, c.path) if name else None


def trainer_title(c: Candidate) -> Candidate | None:
    """TRL's trainer pages are titled `DPO Trainer`, `Nash-MD Trainer`: the method is the rest."""
    name, long = _paren_pair(re.sub(r"\s+Trainer$", "", c.name).strip())  # `... Distillation (GOLD) Trainer`
    return Candidate(name, c.path, [long] if long else c.aliases, long or c.long_form) if name else None


# Classes of a dataset library that are plumbing, not a dataset: bases, wrappers, samplers.
_PLUMBING = re.compile(r"^(?:Base|Custom|KFold|MultiLabel|MultiTask|CBGS|Det3D|Seg3D|Flamingo\w*|MiniGPT4)$")


def dataset_class(c: Candidate) -> Candidate | None:
    """A dataset library's class (`NuScenesDataset`, `S3DISSegDataset`, `ImageNet21k`) -> the
    set's name as the class spells it (NuScenes, S3DIS, ImageNet21k); bases and wrappers
    are dropped. Class spellings mostly confirm hand entries (the compare key ignores case
    and hyphens: `SUNRGBD` is SUN RGB-D)."""
    name = re.sub(r"(?:InstanceSeg|Seg)?Dataset$", "", c.name)
    return None if not name or _PLUMBING.match(name) else Candidate(name, c.path)


# mmaction2's data pages are titled by the set and what is read of it: `Preparing MSR-VTT
# Retrieval/ Video Question-Answering Dataset`, `Preparing Video Retrieval Datasets`.
_PAGE_TAIL = re.compile(r"\s+(?:Retrieval|Datasets?)\b.*$")


def versions_title(c: Candidate) -> list[Candidate] | Candidate | None:
    """A data page's title (the parser's heading pattern has cut `Preparing`) -> the set's name:
    `MSR-VTT Retrieval/ Video Question-Answering Dataset` -> MSR-VTT, `THUMOS'14` as written.
    A title that names versions in brackets is one set per version (`Kinetics-\\[400/600/700\\]` ->
    Kinetics-400, Kinetics-600, Kinetics-700): papers name the version they use, and the
    versions are sets of their own size and classes."""
    name = _PAGE_TAIL.sub("", c.name.replace("\\", "")).strip()
    m = re.fullmatch(r"(?P<stem>.+?)-?\[(?P<alts>[\w.]+(?:/[\w.]+)+)\]", name)
    if m:
        return [Candidate(f"{m['stem']}-{alt}", c.path) for alt in m["alts"].split("/")]
    return Candidate(name, c.path) if name else None


def technique_title(c: Candidate) -> Candidate | None:
    """A technique page's title (the Prompt Engineering Guide): `Chain-of-Thought Prompting`,
    `ReAct Prompting`, `Tree of Thoughts (ToT)`. Where a coined or hyphenated name stands before
    `Prompting`, that name is the method papers write (ReAct, Chain-of-Thought, Multimodal CoT;
    the whole title stays a form); a plain one keeps the word ("Directional Stimulus Prompting",
    "Meta Prompting" name the method only with it)."""
    short, long = _paren_pair(c.name)
    bare = re.sub(r"\s+Prompting$", "", short)
    if bare != short and (coined(bare) or "-" in bare):
        return Candidate(bare, c.path, _unique([short, long], bare), long)
    return Candidate(short, c.path, [long] if long else [], long)


def method_title(c: Candidate) -> Candidate | None:
    """An implementation index's entry (labml.ai's annotated implementations): `Rectified Adam
    Optimizer` -> Rectified Adam; a plural title (`Deep Q Networks`, `Rotary Positional
    Embeddings`, `Capsule Networks`) also gives its singular, the form a hand row may write
    (the compare key has no plural rule)."""
    name = re.sub(r"\s+Optimizer$", "", c.name).strip()
    forms = [*c.aliases]
    if " " in name and re.search(r"[a-z]s$", name) and not name.endswith("ss"):
        forms.append(name[:-1])
    return Candidate(name, c.path, _unique(forms, name), c.long_form) if name else None


def saliency_name(c: Candidate) -> Candidate | None:
    """pytorch-grad-cam names its methods as classes (`ScoreCAM`, `XGradCAM`, `EigenCAM`);
    their papers and abstracts mostly hyphenate the CAM (Score-CAM, XGrad-CAM, Eigen-CAM),
    and the methods list is matched as written: the hyphenated form is added."""
    m = re.fullmatch(r"(?P<head>[A-Za-z]+?[a-z])CAM", c.name)
    return Candidate(c.name, c.path, [f"{m['head']}-CAM"] if m else [])


def identity(c: Candidate) -> Candidate | None:
    return c


NORMALISERS = {"api_model": api_model, "env_id": env_id, "mteb_task": mteb_task,
               "upper_stem": upper_stem, "corpus_title": corpus_title, "display_name": display_name,
               "trainer_title": trainer_title, "dataset_class": dataset_class, "versions_title": versions_title,
               "technique_title": technique_title, "method_title": method_title, "saliency_name": saliency_name,
               "identity": identity}


def _unique(forms: list[str], name: str) -> list[str]:
    seen, out = {name}, []
    for f in forms:
        if f and f not in seen:
            seen.add(f)
            out.append(f)
    return out


# ---- filters ------------------------------------------------------------------------------

# Headings and titles that name a page's part, not a dataset or method ("Results on X",
# "Evaluation", "Table of contents", "Task-name" template pages).
_NOT_A_NAME = re.compile(
    r"^(?:results?|models?|datasets?|metrics?|evaluation|table of contents|references?|task-name|tasks?"
    r"|approach|platforms?|supervised|implicit|anonymized|other|smaller|standard|main|experimental"
    r"|warning|comparison|end-to-end|disambiguation|knowledge-based|dependency|constructive|rare"
    r"|social media|fine-grained|lexical sample|policy optimization|configuration|errors?|functions?"
    r"|helper|hotswapping|tuners|model merge|peft types|autopeft|score|concatenation|maximum|minimum"
    r"|mean|sum)\b", re.I)


# Headings of NLP-progress that name a task, a kind of model or a setting, not a dataset
# ("Joint Entity and Relation Extraction", "Extractive Models", "Non-Anonymized").
_TASK_WORDS = re.compile(r"\b(?:Models?|Extraction|Generation|Tracking|Canonicalization|Resolution|Deletion|Annotations"
                         r"|Chit-chat|Anonymized|Prize|Training|Filtered)\b|-to-|,|&| and | with ")


def shape_ok(name: str) -> str | None:
    """Why `name` cannot be an entry, or None. Registry ids with underscores (`mmlu_pro`)
    are code, not prose; names over six words are descriptions; a name needs a letter."""
    if not name or len(name) < 2 or len(name) > 60 or len(name.split()) > 6:
        return "length"
    if not re.search(r"[A-Za-z]", name) or re.search(r"[_{}<>=`]|https?:", name):
        return "not a name"
    if name.endswith((":", ".", "?")) or _NOT_A_NAME.match(name):
        return "section title"
    if _TASK_WORDS.search(name):
        return "a task, setting or list, not one name"
    if not name[0].isalnum():
        return "not a name"  # a flag emoji before a title
    if name == name.lower() and " " not in name and "-" not in name and not re.search(r"\d", name):
        return "lower-case word"  # `arithmetic`, `babilong`: task ids, not how papers write names
    return None


# A coined token: capitals run together (`MMLU`), a capital after a small letter (`TyDiQA`,
# `bAbI`) or letters with digits (`VoxCeleb2`, `Flickr30k`).
_COINED = re.compile(r"[A-Z]{2}|[a-z][A-Z]|[A-Za-z]\d|\d[A-Za-z]")


def coined(name: str) -> bool:
    """A name with a coined token. Registries whose titles mix names with topics (HELM's run
    groups hold `XNLI` and `TyDiQA` but also MMLU's subjects `Virology`, `Business Ethics`,
    and aspects `Robustness`) are read with `coined_only`: a title in plain words is a topic
    there far more often than a name."""
    return any(_COINED.search(w) for w in re.split(r"[\s-]+", name))


# Words a dataset's name may hold in lower case: "Switchboard corpus", "Story Cloze Test".
_NAME_GLUE = {"of", "the", "and", "for", "in", "on", "with", "to", "a", "an", "de", "corpus", "dataset", "data", "set",
              "treebank", "benchmark", "challenge", "task", "shared", "mini", "nano", "audio", "safeguard"}


def described(name: str) -> bool:
    """A multi-word title with a lower-case content word describes, not names:
    "Long-tail emerging entities", "Visual Common Sense reasoning"."""
    words = name.split()
    return len(words) > 1 and any(w[0].islower() and w.lower() not in _NAME_GLUE and not re.search(r"\d", w)
                                  for w in words[1:])


class Corpus:
    """Document frequencies of the words of a corpus of abstracts, as written. A word that
    abstracts often write in lower case is an ordinary word (`sum`, `mean`, `race`,
    `command`, `trinity`); as a listed name it must be flagged `ambiguous` (the post-processors
    then want model/dataset context) or dropped when the list matches case-insensitively."""

    def __init__(self, path: str | None):
        self.lower: Counter[str] = Counter()
        self.written: dict[str, Counter[str]] = {}  # lower-cased word -> its spellings, by abstracts
        self.docs = 0
        self.text = self.lower_text = ""  # all abstracts, for prose_phrase (same offsets when lower-cased)
        texts = []
        if path:
            opener = gzip.open if path.endswith(".gz") else open
            with opener(path, "rt", encoding="utf-8") as f:
                for line in f:
                    text = json.loads(line).get("abstract", "")
                    self.docs += 1
                    if len(text.lower()) == len(text):
                        texts.append(text)
                    self.lower.update({w for w in re.findall(r"[a-z][a-z0-9-]*", text)})
                    for w in set(re.findall(r"[A-Za-z][\w-]*[A-Z][\w-]*|[A-Z]{2,}", text)):
                        self.written.setdefault(w.lower(), Counter())[w] += 1
        self.text = "\n".join(texts)
        self.lower_text = self.text.lower()

    def prose_phrase(self, form: str) -> bool:
        """A name of several words that abstracts mostly write with other capitals is a phrase
        of prose, not the name: HELM's `LLM Compression`, lmms-eval's `Visual Puzzles` are
        "LLM compression", "visual puzzles" in abstracts. The lists matched case-insensitively
        would fire on every one."""
        if not self.text or " " not in form:
            return False
        if self.lower_text.count(form.lower()) < 2:  # cheap test first: most names are rare
            return False
        rx = re.compile(r"(?<![\w-])" + re.escape(form.lower()) + r"(?![\w-])")
        written = [self.text[m.start():m.end()] for m in rx.finditer(self.lower_text)]
        others = sum(w != form for w in written)
        return others >= 2 and others > len(written) - others

    def other_spelling(self, form: str) -> bool:
        """Abstracts write the name mostly with other capitals: MTEB's `TERRa` is mostly
        `TERRA` (another system) in abstracts. Lists matched case-insensitively would take
        those for the name."""
        spellings = self.written.get(form.lower(), Counter())
        others = sum(n for w, n in spellings.items() if w != form)
        return others >= 2 and others > spellings[form]

    def ordinary(self, form: str, least: int) -> bool:
        """The form, lower-cased, is written in lower case in at least `least` abstracts."""
        words = form.lower().split()  # a form with a digit (gpt-oss-120b) is never an ordinary word
        return bool(self.docs) and len(words) == 1 and not re.search(r"\d", form) and self.lower[words[0]] >= least
