"""Methods and models on sentences written like real abstracts (not taken from the gold sets)."""
import pytest


def names(record, field, **where):
    return [m.name for m in getattr(record, field) if all(getattr(m, k) == v for k, v in where.items())]


@pytest.mark.parametrize("text, proposed", [
    ("To this end, we propose GraphMend, a lightweight framework that repairs broken edges.", ["GraphMend"]),
    ("We introduce Adaptive Token Routing (ATR), which sends easy tokens through fewer layers.", ["ATR"]),
    ("In this paper, we present a simple method called SlimKV for cache eviction.", ["SlimKV"]),
    ("We propose **FlowGuard**, a novel defense against jailbreaks.", ["FlowGuard"]),
    ("We propose Latent Echo Sampling, a sampler for masked diffusion models.", ["Latent Echo Sampling"]),
    ("Our framework has two parts. Dual Gate Attention routes tokens, and Memory Replay stores them.", []),
    ("We propose a framework to verify neural certificates for delayed systems.", []),
    ("Large language models (LLMs) are increasingly used for code generation.", []),
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


@pytest.mark.parametrize("text, expected", [
    ("We fine-tune Qwen2.5-7B-Instruct and Llama-3.1-8B on the task.", ["Qwen2.5-7B-Instruct", "Llama-3.1-8B"]),
    ("Features come from a ResNet-50 and a ViT-B/16 backbone.", ["ResNet-50", "ViT-B/16"]),
    ("We distill GPT-4o into a 1.3B student, FooNet-1.3B.", ["GPT-4o", "FooNet-1.3B"]),
    ("Results for Pythia-160M/410M are similar.", ["Pythia-160M", "Pythia-410M"]),
    ("Vision-language models (VLMs) and CNNs are widely used.", []),
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
