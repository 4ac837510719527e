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
    # Word initials win over the shortest letter-by-letter span.
    ("a study of Coronary artery calcification (CAC) scoring", "CAC", "Coronary artery calcification"),
    ("We revisit Learning from Label Proportions (LLP) with noisy bags.", "LLP", "Learning from Label Proportions"),
    ("search with Tree of Thought (ToT) prompting", "ToT", "Tree of Thought"),
    # ... starting with a content word, not "and Alternative Communication".
    ("for Augmentative and Alternative Communication (AAC) users", "AAC", "Augmentative and Alternative Communication"),
    # A digit is a word of its own: its number, or the word it sounds like.
    ("each object has six-degree-of-freedom (6-DoF) poses", "6-DoF", "six-degree-of-freedom"),
    ("a two-agent system (2AS) negotiates", "2AS", "two-agent system"),
    ("for image-to-image (i2i) translation", "i2i", "image-to-image"),
    # Lower-case short forms whose initials are spelled.
    ("running at 30 frames per second (fps) on a phone", "fps", "frames per second"),
    ("samples are independent and identically distributed (iid) draws", "iid", "independent and identically distributed"),
    # SF (LF): one hyphenated word spelled by its parts, "(for ...)", a slash in the short form.
    ("outperforming SOTA (state-of-the-art) baselines", "SOTA", "state-of-the-art"),
    ("a module called PBR (for patch-based refinement) that", "PBR", "patch-based refinement"),
    ("the A/B (alternating bandit) protocol", "A/B", "alternating bandit"),
    ("quantized to W4A6 (4-bit weight, 6-bit activation) precision", "W4A6", "4-bit weight, 6-bit activation"),
    # A word can be the short form of a long form in parentheses after it, in lower case too.
    ("the neuropilin MAM (meprin, A5, mu) domain binds", "MAM", "meprin, A5, mu"),
    # A parenthesis inside a word is part of the long form; an acronym in parentheses can be too.
    ("the poly(A)-binding protein (PABP) binds", "PABP", "poly(A)-binding protein"),
    ("sparsity and total variation (TV) constrained linear unmixing (STVLU) of spectra", "STVLU",
     "sparsity and total variation (TV) constrained linear unmixing"),
    # Initials do not cross a comma that starts another phrase (not "module, a multimodal ...").
    ("a fusion module, a multimodal representation (MMR) module", "MMR", "multimodal representation"),
    # ... and may cross one in a list of lower-case words.
    ("its environmental, social, and governance (ESG) score", "ESG", "environmental, social, and governance"),
    # A long form in parentheses whose items are words, not names.
    ("We propose DERN (Dropping Experts, Recombining Neurons), a pruning recipe.", "DERN", "Dropping Experts, Recombining Neurons"),
    # No span spells it, but the capitalised phrase has a word with its first letter (X: ex-, cross).
    ("an Explainable AI (XAI) toolkit", "XAI", "Explainable AI"),
    # Square brackets inside parentheses, and a short form holding parentheses.
    ("GDNF ligands (GDNF, Neurturin [NTN], and Persephin [PSP]) signal", "NTN", "Neurturin"),
    ("with Suppressor of Fused (Su(fu)) and", "Su(fu)", "Suppressor of Fused"),
    # A count after a capital repeats its letter.
    ("we introduce the Gravity Grounded Geometry Transformer (G3T), fine-tuned from existing models", "G3T",
     "Gravity Grounded Geometry Transformer"),
    ("baselines include Asynchronous Advantage Actor-Critic (A3C) agents", "A3C", "Asynchronous Advantage Actor-Critic"),
    # A naming word opening the parenthesis is no part of the short form or the long form.
    ("we propose a simple-yet-effective Knowledge-aware Fine-tuning (namely KaFT) approach", "KaFT",
     "Knowledge-aware Fine-tuning"),
    ("we propose MedCoRAG (i.e., Medical Collaborative RAG), an end-to-end framework", "MedCoRAG",
     "Medical Collaborative RAG"),
    # An appositive spelled inside a Title Case name takes the whole name, up to its kind noun.
    ("we propose ProPhy, a Progressive Physical Alignment Framework that enables conditioning", "ProPhy",
     "Progressive Physical Alignment"),
    # A comma typed without its space ends the clause before the long form.
    ("Its core mechanism,Surface-Anchored Position Embedding (SAPE), equips the model with 3D cues.", "SAPE",
     "Surface-Anchored Position Embedding"),
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
    # A list of short forms in parentheses defines none of them.
    "Of the three cloned SAF cDNAs (SAF-1, SAF-5, and SAF-8), one binds.",
    # The long form lies after an earlier parenthesis: "(GDNF) ligands" is no expansion.
    "neurotrophic factor (GDNF) ligands (GDNF, NTN, and PSP) signal",
    # A long form that holds its own short form does not define it.
    "Stat1 (via E1A N-terminal and Stat1 C-terminal residues) binds.",
    # Brackets outside parentheses hold tokens and citations.
    "aligning global features such as CLIP's [CLS] token",
    # A leading number the long form does not write; a Latin abbreviation in lower case.
    "activation of this cascade by serotonin (5-HT) in neurons",
    "with evolving generators (e.g., GANs) only",
    # Examples in parentheses, not a long form.
    "We test LLMs (GPT-4o, Llama 3.1, and Qwen2.5) on the task.",
    # A capitalised phrase with no word of the acronym's first letter.
    "in Social Science and Ethical Reasoning (Domain III) tasks",
    # Letter by letter, a long form does not cross a comma that starts another phrase.
    "To reduce cognitive load, this study investigates whether frequency framed prompting (REFER) helps.",
    # A lower-case word in parentheses that the initials do not spell.
    "our approach to the task (ours) is fast",
    # A name after a naming word that nothing before it spells.
    "we integrate a noisy teacher into the co-distillation framework (termed DAGMaN) that masks",
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
    # The first letter after a leading digit or hyphen must start a word too.
    assert best_long_form("-HT", "this cascade") is None


def test_a_written_digit_must_be_spelled():
    # "core 2" writes the 2, so the 2 cannot be read as a word and skipped.
    assert best_long_form("C2 GlcNAcT", "with the Golgi enzyme core 2 beta-1,6-N-acetylglucosaminyltransferase") is None
    assert best_long_form("I2P", "an Image-to-Point") == "Image-to-Point"


@pytest.mark.parametrize("text, short, long", [
    # A mixed-case short form's capitals stand for capitalised words: not "approach for Service models".
    ("we propose an Alternative efficient Reprogramming approach for Service models (AReS). Instead",
     "AReS", "Alternative efficient Reprogramming approach for Service models"),
    # A long form set off by dashes, LaTeX thin spaces around them.
    (r"We present RLEP\, -- \,Reinforcement Learning with Experience rePlay\, -- \,a two-phase framework",
     "RLEP", "Reinforcement Learning with Experience rePlay"),
    ("we build SALAD — Sample-efficient Alignment with Learning through Active selection and cross-modal Distillation — which",
     "SALAD", "Sample-efficient Alignment with Learning through Active selection and cross-modal Distillation"),
    # An appositive that spells the short form after "a method for", with its head noun.
    ("we present FRAME, a method for Forensic Routing and Adaptive Multi-path Evidence fusion for image manipulation detection.",
     "FRAME", "Forensic Routing and Adaptive Multi-path Evidence fusion"),
])
def test_wider_long_forms(text, short, long):
    assert [(d.short, d.long) for d in find_definitions(text)] == [(short, long)]


@pytest.mark.parametrize("text", [
    # The letters' reading is right when it spells by initials: no capitalised sentence start.
    "Leveraging the power of multimodal large language models (LLMs), we",
    # What a method does is not what its name stands for.
    "we propose MPD, a method for mitigating hallucinations without performance degradation.",
    # Dashes around a phrase that does not spell the word before them.
    "the SRGAN -- CKAN, a hybrid framework -- is compared",
])
def test_no_wider_long_form(text):
    assert all(d.long in ("large language models",) for d in find_definitions(text))
