"""Models and datasets on sentences of real arXiv abstracts (the corpus, not the gold sets),
one kind of miss or false alarm a case."""
import pytest


def names(record, field):
    return [m.name for m in getattr(record, field)]


@pytest.mark.parametrize("text, expected", [
    # a coined name whose first mention gives it a method's or a measure's kind noun
    ("Furthermore, we develop TRIGScore, a VLM-as-judge metric that automatically adapts to various "
     "dimensions. Based on TRIG-Bench and TRIGScore, we evaluate 14 models across tasks.", ["TRIG-Bench"]),
    ("This leads to the proposed IH-GRPO algorithm. Extensive experiments on IH-GRPO achieve absolute "
     "improvements of 1.87% on Qwen3-1.7B.", []),
    # an acronym the text defines as a method
    ("In this work, we propose Creative Preference Optimization (CrPO), a novel alignment method. We train "
     "and evaluate creativity-augmented versions of several models using CrPO and MuCE, a new large-scale "
     "human preference dataset.", ["MuCE"]),
    # a preposition before a data noun ends the name's phrase
    ("Experimental results verify the superiority of DynamiCtrl on benchmark datasets.", []),
    # the same kinds do not touch data
    ("Experiments on the LoCoMo benchmark show that SCG-MEM substantially improves performance.", ["LoCoMo"]),
])
def test_names_shown_to_be_methods_are_not_data(extractor, text, expected):
    assert names(extractor.extract_text(text), "datasets") == expected


@pytest.mark.parametrize("text, expected", [
    # another size coordinated after a sized name
    ("Our derived ReasonFlux-Coder-7B and 14B models improve code generation accuracy by 5.3%.",
     ["ReasonFlux-Coder-7B", "ReasonFlux-Coder-14B"]),
    ("We train Qwen3-1.7B, 4B, and 8B models and evaluate them on ten creativity benchmarks.",
     ["Qwen3-1.7B", "Qwen3-4B", "Qwen3-8B"]),
    # a range of sizes names no checkpoint
    ("Experiments on multiple models ranging from 0.5B to 13B parameters demonstrate gains.", []),
    # a tier with its version once the family is named; not the same model again
    ("We observe that Claude Opus 4.5 Preview (a pre-release snapshot of Opus 4.5) and Sonnet 4.5 "
     "frequently refuse to engage. We find that Opus 4.5 Preview shows reduced awareness.",
     ["Claude Opus 4.5 Preview", "Opus 4.5", "Sonnet 4.5"]),
    ("Gemini 3.1 Pro and Claude Opus 4.7 perform best, whereas Opus 4.7 achieved 86% on miniCTX.",
     ["Gemini 3.1 Pro", "Claude Opus 4.7"]),
    # a capitalised word and a number without a named family is no model
    ("As Table 4 and Section 3.2 show, Sonnet 4 scores less.", []),
    # a size word before "language model" is not the name's
    ("GeneGPT combined domain-specific APIs with OpenAI's code-davinci-002 large language model.",
     ["code-davinci-002"]),
])
def test_family_members_written_without_the_family(extractor, text, expected):
    assert names(extractor.extract_text(text), "models") == expected


@pytest.mark.parametrize("text, expected", [
    # a listed dataset's hyphenated prefix is a whole word, not the tail of one
    ("On SurroundOcc-nuScenes, our model achieves 33.00% IoU and 21.08% mIoU.", ["SurroundOcc-nuScenes"]),
    ("It achieves state-of-the-art results: domain expertise (80.95% BIOMED-MMLU, +15.32% over baseline).",
     ["BIOMED-MMLU"]),
])
def test_a_listed_dataset_takes_its_whole_hyphenated_prefix(extractor, text, expected):
    assert names(extractor.extract_text(text), "datasets") == expected


@pytest.mark.parametrize("text, expected", [
    # after an indefinite article the word before a data noun is a kind of data
    ("In this paper, we construct a high-quality CoT dataset covering diverse spatial phenomena.", []),
    ("Experimental evaluations conducted on a simulated industrial IoT testbed indicate gains.", []),
    ("We further contribute AsyncEv-Deblur, a new high-resolution RGB-Event dataset captured with our camera.",
     ["AsyncEv-Deblur"]),
    # a listed dataset, a camel-case name, or a definite article keeps the name
    ("We fine-tune diffusion models for face generation on a small-scale CelebAMask-HQ dataset.", ["CelebAMask-HQ"]),
    ("On high-fidelity simulators and a StarCraft game environment, our methods win.", ["StarCraft"]),
    ("Experiments on the LoCoMo benchmark show gains.", ["LoCoMo"]),
])
def test_a_kind_of_data_after_an_indefinite_article_is_no_name(extractor, text, expected):
    assert names(extractor.extract_text(text), "datasets") == expected


@pytest.mark.parametrize("text, expected", [
    # a coined name a sentence says is data; the paper's own where the words say it is new, or
    # where the sentence first mentions a name no list knows; not one it calls someone else's
    ("OpenLVLM-MIA is a new benchmark that highlights fundamental challenges in evaluating membership "
     "inference attacks.", [("OpenLVLM-MIA", "proposed")]),
    ("CAR-Scenes is a frame-level dataset for autonomous driving that enables training of models.",
     [("CAR-Scenes", "proposed")]),
    ("RVL-CDIP is a popular dataset for benchmarking document classifiers.", [("RVL-CDIP", "used")]),
    # not a method's kind noun on the way, not the tail of a name broken at a hyphen
    ("DistillX is a framework for dataset distillation.", []),
    ("Significantly, Bn- HIB is the first dataset to distinguish inflammatory content.", []),
])
def test_a_name_a_sentence_says_is_data(extractor, text, expected):
    assert [(d.name, d.role) for d in extractor.extract_text(text).datasets] == expected


@pytest.mark.parametrize("text, expected", [
    # a coined name right after a model noun
    ("Notably, the compact distilled model H0-mini slightly outperforms its larger teacher.", ["H0-mini"]),
    ("The open-source remote-sensing VLM EarthDial achieves only 0.07 SPIDEr in captioning.", ["EarthDial"]),
    # not the paper's own, not a plural acronym, not a name that a noun follows
    ("Experiments demonstrate that our model HomeGuard significantly enhances safety.", []),
    ("Prompting commercial LLM APIs incurs substantial token costs.", []),
    ("Scores range on the balanced 16-model Exp3-v2 expansion.", []),
    # a preposition before a size names no family, and sizes of an encoder-decoder pair no sibling
    ("Across 7B, 32B, and 72B models on NYCC, IRS outperforms strong baselines.", []),
    # a tier's release word belongs to it
    ("We apply two evaluations to four Claude models (Opus 4.7 Preview, Opus 4.6, and Sonnet 4.6).",
     ["Claude", "Opus 4.7 Preview", "Opus 4.6", "Sonnet 4.6"]),
])
def test_models_named_by_a_model_noun(extractor, text, expected):
    assert names(extractor.extract_text(text), "models") == expected


def test_a_dataset_the_text_introduces_stays_data_where_a_model_shares_its_name(extractor):
    record = extractor.extract_text("To address the need, we introduce URECA dataset, a large-scale dataset for "
                                    "captioning. We also propose URECA model, a captioning model.")
    assert [(d.name, d.role) for d in record.datasets] == [("URECA", "proposed")]


@pytest.mark.parametrize("text, expected", [
    # a dash written as a hyphen glues the next word to a name
    ("Furthermore, we construct ULTRAEDITBENCH-the largest dataset in the field to date.", ["ULTRAEDITBENCH"]),
    ("We evaluate MapAgent on four geospatial benchmarks, MapEval-API, MapEval-Visual, and MapQA-and "
     "demonstrate substantial gains.", ["MapEval-API", "MapEval-Visual", "MapQA"]),
    # an edition word after the hyphen is the name's
    ("We report results on GPQA-diamond and LongBench-v2.", ["GPQA-diamond", "LongBench-v2"]),
])
def test_a_word_glued_by_a_dash_is_not_the_names(extractor, text, expected):
    assert names(extractor.extract_text(text), "datasets") == expected


def test_a_coordinated_size_keeps_its_own_variant_parts(extractor):
    record = extractor.extract_text("SandMLE yields gains across Qwen3-8B, 14B, and 30B-A3B, and Qwen2.5-7B and "
                                    "14B-Instruct models on NbQA solve 77.82% of tasks.")
    assert names(record, "models") == ["Qwen3-8B", "Qwen3-14B", "Qwen3-30B-A3B", "Qwen2.5-7B", "Qwen2.5-14B-Instruct"]


def test_a_data_noun_next_to_a_name_outweighs_an_expansion_that_reads_as_a_method(extractor):
    record = extractor.extract_text("We propose a novel benchmark, Erase Concept Generator and Visual Filter (ECGVF). "
                                    "Experimental results on the ECGVF benchmark with the AR model Janus-Pro show gains.")
    assert "ECGVF" in names(record, "datasets")


@pytest.mark.parametrize("text, expected", [
    # a backbone named like a model, and what it is based on before it
    ("Notably, MTR reduces FLOPs by approximately 40% on the Vim-B backbone, with only a 1.6% drop.", ["Vim-B"]),
    ("We introduce CrossWKV, a novel cross-attention mechanism for the state-based RWKV-7 model.", ["RWKV-7"]),
    # a building block is no model
    ("We distill teacher feedback from on-policy rollouts back into the MoE backbone.", []),
])
def test_backbones_named_like_models(extractor, text, expected):
    assert names(extractor.extract_text(text), "models") == expected


@pytest.mark.parametrize("text, models, datasets", [
    # what a model is trained on, named with its count of items, is data
    ("We present a vision-language framework pretrained on GlobalGeoTree-6M. Experimental results show gains.",
     [], ["GlobalGeoTree-6M"]),
    ("Second, we develop ViCA-7B, fine-tuned on ViCA-322K, which achieves new state-of-the-art results.",
     ["ViCA-7B"], ["ViCA-322K"]),
    # a listed model's checkpoint after "trained on" stays a model
    ("We evaluate adapters trained on LLaMA-7B for summarization.", ["LLaMA-7B"], []),
])
def test_what_a_model_is_trained_on_is_data(extractor, text, models, datasets):
    record = extractor.extract_text(text)
    assert (names(record, "models"), names(record, "datasets")) == (models, datasets)


def test_a_data_noun_glued_before_a_list_by_a_dash_is_not_the_first_name(extractor):
    record = extractor.extract_text("Experiments were conducted on standard benchmark datasets-AWA2, SUN, and "
                                    "CUB-to verify the effectiveness of our method.")
    assert names(record, "datasets") == ["AWA2", "SUN", "CUB"]
