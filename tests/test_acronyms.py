"""Schwartz-Hearst acronym definitions on real-looking sentences."""
import pytest

from extract.text.acronyms import best_long_form, find_definitions, is_short_form


@pytest.mark.parametrize("text, short, long", [
    ("We propose off-policy log-dispersion regularization (LDR) for samplers.", "LDR", "log-dispersion regularization"),
    ("our Cross-Step Residual Potential Initialization (CRPI) mechanism", "CRPI", "Cross-Step Residual Potential Initialization"),
    ("We use Group Relative Policy Optimization (GRPO) to train.", "GRPO", "Group Relative Policy Optimization"),
    ("We propose NorMuon (Neuron-wise Normalized Muon), an optimizer.", "NorMuon", "Neuron-wise Normalized Muon"),
    ("We introduce DiNa-LRM, a diffusion-native latent reward model that scores images.", "DiNa-LRM", "diffusion-native latent reward model"),
    # No span spells it: the capitalised phrase before the parenthesis.
    ("we introduce Spherical Optimal Transport Flow Matching (SOT-CFM), which", "SOT-CFM", "Spherical Optimal Transport Flow Matching"),
    # Digits read as words.
    ("we introduce an Image-to-Point (I2P) module", "I2P", "Image-to-Point"),
    # Appositive: the longest span whose words spell the acronym, stopping at a relative clause.
    ("we propose TARC, a Time-Aware Retrieval Cache framework for long videos", "TARC", "Time-Aware Retrieval Cache"),
    ("We evaluate with Monte Carlo Tree Search (MCTS; Coulom 2006).", "MCTS", "Monte Carlo Tree Search"),
])
def test_definitions(text, short, long):
    found = {d.short: d for d in find_definitions(text)}
    assert short in found, find_definitions(text)
    d = found[short]
    assert d.long == long
    assert text[d.long_start:d.long_end] == long and text[d.short_start:d.short_end] == short


@pytest.mark.parametrize("text", [
    "Results improve (e.g., by 3%) on average (see Fig. 2).",
    "This was shown in prior work (Smith et al., 2020).",
    "We report the error (lower is better) for each method (ours).",
])
def test_no_definition(text):
    assert find_definitions(text) == []


@pytest.mark.parametrize("candidate, ok", [("LLM", True), ("SOT-CFM", True), ("2020", False), ("e.g.", False),
                                           ("see Fig. 2", False), ("x", False)])
def test_short_form_test(candidate, ok):
    assert is_short_form(candidate) is ok


def test_first_letter_must_start_a_word():
    assert best_long_form("LDR", "off-policy log-dispersion regularization") == "log-dispersion regularization"
    assert best_long_form("XYZ", "nothing to see here") is None
