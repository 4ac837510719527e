"""Methods and models on sentences written like real abstracts (not taken from the gold sets)."""
import pytest

from extract.inputs.readers import Abstract


def names(record, field, **where):
    return [m.name for m in getattr(record, field) if all(getattr(m, k) == v for k, v in where.items())]


@pytest.mark.parametrize("text, proposed", [
    ("To this end, we propose GraphMend, a lightweight framework that repairs broken edges.", ["GraphMend"]),
    ("We introduce Adaptive Token Routing (ATR), which sends easy tokens through fewer layers.", ["ATR"]),
    ("In this paper, we present a simple method called SlimKV for cache eviction.", ["SlimKV"]),
    ("In this paper, I introduce SparseHop for routing tokens.", ["SparseHop"]),
    ("We propose **FlowGuard**, a novel defense against jailbreaks.", ["FlowGuard"]),
    ("We propose Latent Echo Sampling, a sampler for masked diffusion models.", ["Latent Echo Sampling"]),
    ("Our framework has two parts. Dual Gate Attention routes tokens, and Memory Replay stores them.", []),
    ("We propose a framework to verify neural certificates for delayed systems.", []),
    ("Large language models (LLMs) are increasingly used for code generation.", []),
    # a capitalised word before the appositive's comma is part of the name; a kind noun alone is none
    ("We present FM Agent, a multi-agent framework. We introduce the REVEAL (Responsible AI) Framework, "
     "a scalable audit.", ["FM Agent", "REVEAL"]),
    # a sentence's first word capitalised is no name, and a plural noun after a name is no verb
    ("We propose RouteNet, a router. While GUI agents rely on screenshots, Building HAR systems "
     "needs labels, and Native 3D methods are slow. Sparse Gate Fusion merges the two views.",
     ["RouteNet", "Sparse Gate Fusion"]),
])
def test_proposed_methods(extractor, text, proposed):
    assert names(extractor.extract_text(text), "methods", role="proposed") == proposed


def test_acronym_and_expansion_are_one_item(extractor):
    record = extractor.extract_text("We propose Sparse Mixture Routing (SMR), a routing scheme. SMR is fast.")
    (m,) = record.methods
    assert (m.name, m.long_form, m.role) == ("SMR", "Sparse Mixture Routing", "proposed")
    assert record.text[m.start:m.end] == "SMR"


@pytest.mark.parametrize("text, other", [
    ("We train with AdamW and compare against the Lion optimizer.", ["AdamW", "Lion"]),
    ("The policy is optimized with Proximal Policy Optimization (PPO).", ["PPO"]),
    ("We plan with Monte Carlo Tree Search (MCTS) at test time.", ["MCTS"]),
    ("A lion and an adam walked in.", []),
])
def test_existing_methods(extractor, text, other):
    assert names(extractor.extract_text(text), "methods", role="other") == other


def test_title_names_the_method(extractor):
    record = extractor.extract_text("We study token pruning. PruneX removes half of the tokens.",
                                    title="PruneX: Fast Token Pruning for Vision Transformers")
    assert names(record, "methods", role="proposed") == ["PruneX"]


@pytest.mark.parametrize("title, text, expected", [
    # a name of several words, where the abstract introduces it (arXiv abstracts of the corpus)
    ("Gaze on the Prize: Shaping Visual Attention with Return-Guided Contrastive Learning",
     "Agents waste exploration. Inspired by human foveation, we introduce Gaze on the Prize. This framework "
     "augments visual RL with a foveal attention mechanism.", ["Gaze on the Prize"]),
    ("TRUST Agents: A Collaborative Multi-Agent Framework for Fact Verification",
     "TRUST Agents is a collaborative multi-agent framework for explainable fact verification.", ["TRUST Agents"]),
    # ... not one the abstract names without introducing it, nor an event or a problem
    ("Safety Paradox: Why Aligned Models Fail", "To explain this, we formalize the Safety Paradox, showing that "
     "monotonic improvements hurt.", []),
    ("Voices of the Past: Overview of the Speech Restoration Challenge",
     "This paper presents an overview of the Voices of the Past challenge on restoring archival speech.", []),
    ("Places in the Wild: Geolocating Photographs", "Places in the Wild is a dataset of 67,574 photographs.", []),
    # the title's name that the abstract calls a benchmark is data
    ("Minerva-Ego: Evaluating Egocentric Reasoning", "We introduce Minerva-Ego, a benchmark for evaluating complex "
     "egocentric visual reasoning.", []),
    # one plain word or one hyphenated word, only after a proposal cue (arXiv abstracts, shortened)
    ("Agyn: An Open-Source Platform for Agent Operations",
     "Operating agents at scale is hard. In this paper we present Agyn, an open-source platform for agents.", ["Agyn"]),
    ("Memento: Note-Taking for Your Future Self",
     "We show how this three-stage strategy, which we call Memento, can boost prompting.", ["Memento"]),
    ("Dehaze-then-Splat: Smoke Removal for Novel Views", "We present Dehaze-then-Splat, a two-stage pipeline.",
     ["Dehaze-then-Splat"]),
    ("Forecasting: A Practitioner's Guide", "Forecasting is central to planning. We review its methods.", []),
])
def test_a_title_name_of_several_words_counts_where_the_abstract_introduces_it(extractor, title, text, expected):
    assert names(extractor.extract_text(text, title=title), "methods", role="proposed") == expected


@pytest.mark.parametrize("title, text, proposed", [
    # the model registries list a released model; the paper that releases it still proposes it
    # (arXiv abstracts of the corpus, shortened)
    ("MiniMax-M1: Scaling Test-Time Compute Efficiently with Lightning Attention",
     "We introduce MiniMax-M1, the world's first open-weight, large-scale hybrid-attention reasoning model.", ["MiniMax-M1"]),
    ("Falcon-H1: A Family of Hybrid-Head Language Models Redefining Efficiency and Performance",
     "In this report, we introduce Falcon-H1, a new series of large language models (LLMs).", ["Falcon-H1"]),
    # a version after a space is part of the title's name
    ("MetaCLIP 2: A Worldwide Scaling Recipe",
     "Here, we present MetaCLIP 2, the first recipe training CLIP from scratch on worldwide web-scale "
     "image-text pairs.", ["MetaCLIP 2"]),
    # a listed model the title does not name stays a model the paper uses
    ("Thinking Fast: Routing for Reasoning", "We introduce Falcon-H1 into a router for reasoning.", []),
])
def test_a_listed_model_the_title_names_is_proposed_where_the_abstract_introduces_it(extractor, title, text, proposed):
    record = extractor.extract_text(text, title=title)
    assert names(record, "methods", role="proposed") == proposed
    assert {"Falcon-H1", "MiniMax-M1", "MetaCLIP 2"} & set(names(record, "models"))


@pytest.mark.parametrize("text, expected", [
    ("We fine-tune Qwen2.5-7B-Instruct and Llama-3.1-8B on the task.", ["Qwen2.5-7B-Instruct", "Llama-3.1-8B"]),
    ("Features come from a ResNet-50 and a ViT-B/16 backbone.", ["ResNet-50", "ViT-B/16"]),
    ("We distill GPT-4o into a 1.3B student, FooNet-1.3B.", ["GPT-4o", "FooNet-1.3B"]),
    ("Results for Pythia-160M/410M are similar.", ["Pythia-160M", "Pythia-410M"]),
    ("Vision-language models (VLMs) and CNNs are widely used.", []),
    # a count in a dataset's name is its size in items, wherever else the name stands
    ("We introduce Planktonzilla-17M, a unified dataset of plankton images. Planktonzilla-17M helps "
     "FooLM-7B, a strong model.", ["FooLM-7B"]),
])
def test_models(extractor, text, expected):
    assert names(extractor.extract_text(text), "models") == expected


def test_model_family_and_size(extractor):
    (m,) = extractor.extract_text("We prune DeepSeek-V3-671B.").models
    assert (m.family, m.size) == ("DeepSeek", "671B")


SNAKE = "Q" + "_x" * 30  # 30 `_x` parts: the old `models.sized` family pattern tried ~2^30 splits


@pytest.mark.parametrize("text, expected", [
    (f"The run {SNAKE}, then FooNet-7B was tuned.", ["FooNet-7B"]),
    (f"We call {SNAKE}-7B on it.", [SNAKE + "-7B"]),
])
def test_sized_names_after_snake_case_tokens_hold_under_a_timeout(monkeypatch, text, expected):
    """With a 1 s regex timeout on the built-in rules, a backtracking `before` would be stopped
    and its match lost; a linear one finds the name."""
    from extract import Extractor

    monkeypatch.setenv("EXTRACT_REGEX_TIMEOUT", "1")
    assert names(Extractor().extract_text(text), "models") == expected


@pytest.mark.parametrize("text, expected", [
    # family + tier + version, and a tier word after a version at the end of a list item
    ("The pool holds Claude Sonnet 4.6, GPT-5.3 Codex, and Grok 4.", ["Claude Sonnet 4.6", "GPT-5.3 Codex", "Grok 4"]),
    ("Experts are Qwen3-235B-A22B and Mixtral-8x7B.", ["Qwen3-235B-A22B", "Mixtral-8x7B"]),
    ("Families: Hermes (70B, 405B) and Qwen3 (30B-A3B, 235B-A22B).",
     ["Hermes-70B", "Hermes-405B", "Qwen3-30B-A3B", "Qwen3-235B-A22B"]),
    ("Our 32B model beats the Qwen2.5-Math-7B base model.", ["Qwen2.5-Math-7B"]),
    ("We compare pose models, including MASt3R, DUSt3R, Map Anything, and VGGT.",
     ["MASt3R", "DUSt3R", "Map Anything", "VGGT"]),
    ("Language models (7B, 13B) and LLMs (70B) are common.", []),
    # a version written apart ends a list member; a bracket of two or more names after "models"
    # lists models, a bracket of one defines a class's acronym
    ("We test GPT-5 mini, Claude Sonnet 4.5, Sonnet 4.6, and Opus 4.6 on five tasks.",
     ["GPT-5 mini", "Claude Sonnet 4.5", "Sonnet 4.6", "Opus 4.6"]),
    ("An ensemble of four transformer models (AraBERTv2, AraELECTRA, MARBERT, and CAMeLBERT) beats "
     "diffusion language models (DLMs).", ["AraBERTv2", "AraELECTRA", "MARBERT", "CAMeLBERT"]),
    # a brand is not merged with a class after it; a hyphenated modifier is no list member
    ("A global pathway based on a CLIP Vision Transformer encodes semantics.", ["CLIP"]),
    ("Activations across LLMs, including both GLU-based and non-GLU-based architectures like LLaMA-2 and "
     "OPT-13B.", ["LLaMA-2", "OPT-13B"]),
    # a listed name that is also a word counts in a list that "models like" opens, not elsewhere
    ("Streaming is hard for transformer models like Whisper. Editing backbones like SANA and FLUX-Kontext "
     "help, but a whisper of doubt stays.", ["Whisper", "SANA", "FLUX-Kontext"]),
    # a list is read over whole names (no break at the "Qwen" of "Qwen-Image"); a preposition
    # after the last member opens a phrase, not a member
    ("Against renderers such as SD3.5, Qwen-Image, GlyphDraw, and TextCrafter, our reward helps.",
     ["SD3.5", "Qwen-Image", "GlyphDraw", "TextCrafter"]),
    # the last member of a list of models ends where any lower-case word follows it
    ("The loss plugs into CLIP, LongCLIP, FineCLIP, and Geo-CLIP without retraining.",
     ["CLIP", "LongCLIP", "FineCLIP", "Geo-CLIP"]),
    ("Teachers are SAM ViT-H and CellSAM; students: Swin-Tiny (27M), ResNet18 (11M), and MobileNetV3 (1.5M), "
     "on TissueNet and BBBC038.", ["SAM ViT-H", "Swin-Tiny-27M", "ResNet18-11M", "MobileNetV3-1.5M"]),
])
def test_model_names_by_shape_and_company(extractor, text, expected):
    assert names(extractor.extract_text(text), "models") == expected


@pytest.mark.parametrize("text, proposed", [
    ("We present Scale-Gest, a novel run-time adaptive gesture detection framework.", ["Scale-Gest"]),
    ("Our best model, \"heron-101\", attains 78% mAP.", ["heron-101"]),
    ("Central to our approach we introduce our new model, WebSight-7B, a fine-tuned VLM.", ["WebSight-7B"]),
    ("We propose SynergyKGC. By coupling a density-dependent Identity Anchoring strategy with a "
     "Double-tower Coherent Consistency architecture, SynergyKGC reconciles both views.",
     ["SynergyKGC", "Identity Anchoring", "Double-tower Coherent Consistency"]),
    ("We propose VidNet with two innovations: Inter-frame Motion Modeling (IMM) and Focus-and-Suppress Attention.",
     ["VidNet", "IMM", "Focus-and-Suppress Attention"]),
    ("To overcome this, we introduce SJD-PAC, an enhanced SJD framework.", ["SJD-PAC"]),
    ("Existing EdgeAI deployments rely on one detector. We present GestNet, a detector.", ["GestNet"]),
    ("We introduce a temporally-annotated Driver Simulated Gesture (DSG-18) dataset.", []),
    ("Our LLM-augmented approach excels on consumer-grade GPUs (RTX3060).", []),
    # a proposed name that takes a listed model's name further is the paper's own
    ("We present DiffuCoder-rl, a reinforcement learning recipe for diffusion coders.", ["DiffuCoder-rl"]),
    ("We propose LLaVA-Critic+, a judge model. We fine-tune LLaVA on it.", ["LLaVA-Critic+"]),
    # named parts in Title Case after an article, in a sentence that names the method; not the
    # appositive describing the method's name, nor a measure
    ("To this end, we propose ProSR, a process-shaping framework. Through a Counterfactual Invariance "
     "Penalty and a Tail Drift Penalty, ProSR extends the objective.",
     ["ProSR", "Counterfactual Invariance Penalty", "Tail Drift Penalty"]),
    ("We propose Aurix, a Neuro-Symbolic Memory Engine for agents. Aurix reaches a Pearson Correlation of 0.91.", ["Aurix"]),
    # a naming word in the parenthesis: the acronym and its expansion are one item
    ("We propose a simple-yet-effective Knowledge-aware Fine-tuning (namely KaFT) approach.", ["KaFT"]),
])
def test_proposed_names_outside_the_usual_mould(extractor, text, proposed):
    assert names(extractor.extract_text(text), "methods", role="proposed") == proposed


@pytest.mark.parametrize("text, expected", [
    ("To support evaluation, we introduce two datasets: TreeSet, an in-lab dataset of images, and "
     "RealDup, a real-world dataset of near-duplicates.", [("TreeSet", "proposed"), ("RealDup", "proposed")]),
    ("We propose the first Telecom Scheduling Evaluation Benchmark (TeleEval-OS).", [("TeleEval-OS", "proposed")]),
    ("Accuracy on AIME-2024 rises from 38.2% to 39.9%, with +5.92% on CMATH.", [("AIME-2024", "used"), ("CMATH", "used")]),
    ("It runs at 1048 FPS on GPU and reaches 9.6% on RRA@5; a 3.72x speedup on MAR-H.", []),
    ("We measure runtime across environments (CPU, Nvidia and Apple GPUs) and the G-Eval score.", []),
    # a method noun a few words on makes a name a method only in an appositive
    ("Experiments on HM3D and MMLU show that our model wins; on WebArena our agent does too.",
     [("HM3D", "used"), ("MMLU", "used"), ("WebArena", "used")]),
    # a list name that ends its sentence, period glued to a final capital (one token to spaCy)
    ("We evaluate on GSM8K. Segmentation is run on ADE20K.", [("GSM8K", "used"), ("ADE20K", "used")]),
    # ... a capital after a hyphen too ("IJB-C.", "STS-B.")
    ("Face verification is scored on IJB-C. Similarity is scored on STS-B.", [("IJB-C", "used"), ("STS-B", "used")]),
    # a cue word capitalised at a sentence start; a list of measures is no list of data
    ("Experiments on LEVIR-CD, WHU-CD, and DSIFN-CD show gains. Performance was assessed using AUROC, AUPRC, "
     "and other metrics.", [("LEVIR-CD", "used"), ("WHU-CD", "used"), ("DSIFN-CD", "used")]),
    ("We introduce RFC Bench, a benchmark for misinformation. We introduce the ETD Dataset, the first public dataset for end-turn detection.",
     [("RFC Bench", "proposed"), ("ETD", "proposed")]),
    # a long appositive of plain words before its data noun still says the introduced name is data
    ("To support this task, we curate VineSeg3K, the largest publicly available multi-view grape cluster "
     "segmentation dataset, collected over two seasons.", [("VineSeg3K", "proposed")]),
    # the name in brackets after the data noun a proposal verb introduces, however the words before it read
    ("To close this gap, we build a multilingual clinical triage benchmark (TriageML) covering seven languages.",
     [("TriageML", "proposed")]),
    # a list after the data noun the proposal verb introduces names the paper's own data
    ("We curate two bilingual speech datasets, EchoTalk-EN and EchoTalk-ZH, recorded in clinics.",
     [("EchoTalk-EN", "proposed"), ("EchoTalk-ZH", "proposed")]),
    # an evaluation framework the paper introduces is its benchmark; not a measure's name, not
    # a framework that also decomposes claims
    ("To close this gap, we introduce Rubric-Arena, a fully automated evaluation framework that stresses "
     "agents. We propose TrialScore, a compositional evaluation framework, and Verity, a claim "
     "decomposition and evaluation framework.", [("Rubric-Arena", "proposed")]),
])
def test_datasets_by_context(extractor, text, expected):
    record = extractor.extract_text(text)
    assert [(d.name, d.role) for d in record.datasets] == expected


@pytest.mark.parametrize("text, expected", [
    # coined names coordinated with a known dataset, after a cue or before a plural data noun
    ("We evaluate OPRL on three distinct agent benmarks, including WebShop and VisualSokoban, as well as "
     "open-ended social interactions.", ["WebShop", "VisualSokoban"]),
    ("Experiments on cluttered scenes using ShapeNet furniture, as well as scanned scenes from PROX and "
     "Replica datasets, demonstrate its performance.", ["ShapeNet", "PROX", "Replica"]),
    # values in a parallel clause and a model after a known dataset are no members
    ("Our stop policy reduces safety by 20pp on BashArena and 28pp on LinuxArena.", ["BashArena", "LinuxArena"]),
    ("SIRI improves GiGPO from 0.908 to 0.930 on ALFWorld and from 0.728 to 0.813 on WebShop.", ["ALFWorld", "WebShop"]),
    ("We train on ImageNet and GPT-4o labels, then compare ImageNet with FooNet2 and BarNet.", ["ImageNet"]),
    # a name given to a data noun after "on"/"for" is data, though the sentence's subject follows its comma
    ("On the challenging benchmark Cat1B, our method achieves the best accuracy. For the simpler "
     "datasets GSM8K and MATH500, our method shortens answers.", ["Cat1B", "GSM8K", "MATH500"]),
    # a slash joins the members of a list: listed names that need company get it from their neighbours
    ("We evaluate on GSM8K/MATH/AIME and report pass@1.", ["GSM8K", "MATH", "AIME"]),
    # a bracket opens a list with no space after it; a size among settings is no member
    ("We probe encoders across three synthetic worlds (ShapeWorld3D, Super-CLEVR, and MOVi-E) and "
     "train with matched preprocessing (256x256, ImageNet normalization).", ["ShapeWorld3D", "Super-CLEVR", "MOVi-E", "ImageNet"]),
    # a member with a LaTeX superscript is read from the clean view, offsets into the raw text
    ("We test our segmenter on the PASCAL-5$^i$, COCO-20$^i$ and FSS-1000 datasets.",
     ["PASCAL-5^i", "COCO-20^i", "FSS-1000"]),
])
def test_datasets_by_company(extractor, text, expected):
    assert names(extractor.extract_text(text), "datasets") == expected


@pytest.mark.parametrize("text, expected", [
    # a capitalised word before an appositive's name begins it; a sentence's function word does not
    ("Players compete for control of a virtual machine in the game of Core War, a Turing-complete "
     "environment studied in artificial life.", ["Core War"]),
    ("However, Stanford-Car, the most widely used fine-grained dataset for car recognition, is old.", ["Stanford-Car"]),
    ("We train and evaluate several models on MuCE, a new large-scale human preference dataset.", ["MuCE"]),
])
def test_datasets_in_appositives(extractor, text, expected):
    assert names(extractor.extract_text(text), "datasets") == expected


def test_the_tokenizer_splits_a_final_period_only_after_a_glued_capital():
    from extract.engine.tokenizer import blank_english
    nlp = blank_english()
    tokens = [t.text for t in nlp.make_doc("Runs use CoT. See Fig. 2, e.g. the U.S. data of Ph.D. students on GSM8K.")]
    assert tokens == ["Runs", "use", "CoT", ".", "See", "Fig", ".", "2", ",", "e.g.", "the", "U.S.", "data", "of",
                      "Ph.D.", "students", "on", "GSM8", "K", "."]


def test_a_name_seen_only_in_a_url_is_no_mention(extractor):
    record = extractor.extract(Abstract(id="t", source="t", title="GlowNet: Light Fields at Scale",
                                        text="We study light fields on two benchmarks. Code: https://github.com/a/GlowNet "
                                             "and https://huggingface.co/datasets/a/GlowBench."))
    assert record.methods == [] and record.datasets == []
    assert [g.repo for g in record.github] == ["GlowNet"]


def test_a_model_written_in_another_case_is_found_only_where_it_reads_as_a_name(extractor):
    record = extractor.extract_text("Guardrails such as LLaMAGuard flag it; we run gpt-4o and Command R+, "
                                    "while MIMO systems and claude are no models here.")
    assert [m.name for m in record.models] == ["LLaMAGuard", "gpt-4o", "Command R+"]
