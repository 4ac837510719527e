"""Cues for the paper's own methods that held-out abstracts write in ways the other cue tests
do not cover, and their look-alikes that must not read as proposed. Sentences from arXiv
abstracts (not from the gold sets)."""
import pytest


def proposed(extractor, text):
    return [(m.name, m.long_form) for m in extractor.extract_text(text).methods if m.role == "proposed"]


@pytest.mark.parametrize("text, expected", [
    # Names listed after a comma that ends a counted set of the paper's parts.
    ("Building upon this insight, we propose two entropy-regularized strategies, Perceptual Entropy Constraint "
     "and Perceptual Constraints on Generation Space, to preserve perceptual diversity and improve the quality.",
     [("Perceptual Entropy Constraint", None), ("Perceptual Constraints on Generation Space", None)]),
    # A list ends at the first item that is no name.
    ("We propose three strategies, which reduce compute by 30%, and evaluate them on GSM8K.", []),
    # A part introduced by "It ..." once the abstract has proposed a method.
    ("We propose DyL-UNet, a temporal segmentation network. It further introduces Cardiac Phase-Dynamics "
     "Attention (CPDA) at the skip connections, which uses EDG-encoded dynamic features.",
     [("DyL-UNet", None), ("CPDA", "Cardiac Phase-Dynamics Attention")]),
    # ... but not where nothing is proposed: "It" may be someone else's method.
    ("Recent detectors are slow. It introduces a Token Routing Gate and a Layer Refinement module.", []),
    # A colon after a counted object of "for" lists those objects, not the paper's own.
    ("To this end, we formulate and test new interpretability-oriented objective functions for two "
     "state-of-the-art prompt tuners: Hard Prompts Made Easy (PEZ) and RLPrompt.", []),
    # An expansion that is one adjective is no name; a kind noun before the parenthesis is.
    ("We propose a plug-and-play (PnP) framework that integrates physics model-based phase retrieval "
     "with text-guided image editing.", []),
    ("We propose a verifier-free method (VeriFree) that bypasses answer verification.", [("VeriFree", "verifier-free")]),
    # An evaluation framework is a benchmark (FIELDS.md: data), not a method.
    ("We propose Pat-DEVAL, the first multi-dimensional evaluation framework dedicated to patent description bodies.", []),
    ("To address these, we introduce DR-Arena, a fully automated evaluation framework that pushes DR agents "
     "to their capability limits.", []),
    ("We introduce Capability-Conditioned Navigation (CapNav), a benchmark designed to evaluate how well VLMs "
     "can navigate complex indoor spaces.", []),
    ("To support method training and data usage, we introduce GSAP-ERE. It is a manually curated fine-grained "
     "dataset with 10 entity types.", []),
    # A framework whose description mentions data or a collection stays a method.
    ("To bridge this gap, we present MobileEgo Anywhere, a framework designed to facilitate the collection of "
     "robust egocentric trajectories.", [("MobileEgo Anywhere", None)]),
    # An acronym that names a problem, a task or a setting is no method.
    ("To study this, we introduce the Online Shared Supply Allocation (OSSA) problem, a stateful online model "
     "in which a central hub allocates supply.", []),
    ("To address this challenge, we introduce the Black-Box Distillation (B2D) setting, which enables local "
     "training.", []),
])
def test_proposed_cues(extractor, text, expected):
    assert proposed(extractor, text) == expected


@pytest.mark.parametrize("title, text, expected", [
    # A name the title calls a dataset or a benchmark is data, whatever the abstract calls it.
    ("MagicMirror: A Large-Scale Dataset and Benchmark for Fine-Grained Artifacts Assessment in Text-to-Image Generation",
     "To fill this gap, we introduce MagicMirror, a comprehensive framework for artifacts assessment.", []),
    ("HeuriGym: An Agentic Benchmark for LLM-Crafted Heuristics in Combinatorial Optimization",
     "In this work, we introduce HeuriGym, an agentic framework designed for evaluating heuristic algorithms.", []),
    # A title where the data noun is the object of the method's work keeps the method.
    ("OD3: Optimization-free Dataset Distillation for Object Detection",
     "In this paper, we introduce OD3, a novel optimization-free data distillation framework.", [("OD3", None)]),
    ("Text2VLM: Adapting Text-Only Datasets to Evaluate Alignment Training in Visual Language Models",
     "To address this gap, we propose Text2VLM, a novel multi-stage pipeline that adapts text-only datasets.",
     [("Text2VLM", None)]),
])
def test_a_name_the_title_calls_data(extractor, title, text, expected):
    methods = extractor.extract_text(text, title=title).methods
    assert [(m.name, m.long_form) for m in methods if m.role == "proposed"] == expected
