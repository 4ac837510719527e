"""Existing methods named as what a result is compared with, as examples of a kind of method,
or as a defined acronym of a procedure; and what those cues must NOT read as a method.
Sentences written like real abstracts (not taken from the gold sets)."""
import pytest


def others(extractor, text):
    return [m.name for m in extractor.extract_text(text).methods if m.role == "other"]


@pytest.mark.parametrize("text, expected", [
    # After a comparison cue: a coined name, and the names coordinated after it.
    ("Our detector outperforms RT-DETRv3 by 2.1 AP on the test split.", ["RT-DETRv3"]),
    ("Compared with ScaleVLN and NavHint, our agent halves the path length.", ["ScaleVLN", "NavHint"]),
    ("It achieves a 20.4% bitrate reduction relative to the LINR-PCGC on the test set.", ["LINR-PCGC"]),
    ("It beats the strongest prior baseline, ReNeLLM, by 30 points.", ["ReNeLLM"]),
    ("Compared to other weakly supervised methods such as WDNet and WSFNet, F1 rises by 7.8%.", ["WDNet", "WSFNet"]),
    ("Rate savings of 12% over VTM-21.0 are reported.", ["VTM-21.0"]),
    # One name in mixed case right after the words that say it exists.
    ("It surpasses the previous state-of-the-art VidCutX by 4.4% on the val set.", ["VidCutX"]),
    ("Compared with previous SOTA SmartEditX, we achieve a 9.2% gain with 30x less data.", ["SmartEditX"]),
    # Words that say it exists, then a singular kind noun right before the name.
    ("Unlike the previous SOTA method InkSigX, which classifies isolated pairs, ours ranks them.", ["InkSigX"]),
    ("We re-implement a classic registration approach and the state-of-the-art deep learning method MammoFlowX.", ["MammoFlowX"]),
    # A singular kind noun right before the name, a short acronym too.
    ("On the test set, our model outperforms the state-of-the-art method SafeFTx, reducing the harmful score.", ["SafeFTx"]),
    ("It is two orders of magnitude faster than the state-of-the-art SDP solver STRIDEX on rotation-only problems.", ["STRIDEX"]),
    ("It surpasses the leading super-resolution method TMPX, with a PSNR gain of 0.13 dB.", ["TMPX"]),
    # Examples of a kind of method.
    ("Prompt learning techniques, such as CoOpX and CoCoOpX, overfit to base classes.", ["CoOpX", "CoCoOpX"]),
    ("We compare against strong neural baselines (VANet, DANet, DANIELNet) on all pages.", ["VANet", "DANet", "DANIELNet"]),
    ("Autoregressive frameworks, e.g., FIFO-diffusion, generate long videos.", ["FIFO-diffusion"]),
    ("KompeteAI outperforms leading methods (e.g., RD-agent, AIDE, and ML-Master) by 3% on average.", ["RD-agent", "AIDE", "ML-Master"]),
    # ... of a kind of procedure that is not a baseline noun.
    ("It was compared against classical dispatching heuristics, including SPT, LPT, MWKR, and EST.", ["SPT", "LPT", "MWKR", "EST"]),
    ("Recent Transformer-based planners, such as PlanGPT, cast planning as sequence prediction.", ["PlanGPT"]),
    # ... written as capitalised words joined by hyphens.
    ("Test-time scaling techniques such as Self-Verification and Self-Refine raise accuracy at a cost.", ["Self-Verification", "Self-Refine"]),
    ("Existing memory methods (e.g., B-Mem, MemZero) rewrite interactions too often.", ["B-Mem", "MemZero"]),
    # ... of earlier work, or named as what exemplifies a kind.
    ("Recent works like MergeLLM and FusePlan have shown the promise of model fusion.", ["MergeLLM", "FusePlan"]),
    ("Prior efforts, such as NormFlowX, have shown that flows scale.", ["NormFlowX"]),
    ("Current grounding approaches, exemplified by SegVA2, fuse features in the decoder.", ["SegVA2"]),
    # A list of examples goes on past a name the other fields took as a model or data.
    ("Two datasets, SkyCD and GF2-WHU, were used. Compared to other weakly supervised detection methods such as SkyCD and CloudSegNet, F1 improves by 7.8%.",
     ["CloudSegNet"]),
    ("Compared with top-down pose estimation methods (HRNet, PoseTRX, and SwinPoseX), it is more robust.", ["PoseTRX", "SwinPoseX"]),
    # A counted set of methods listed after a comma or a colon.
    ("The study utilizes two deep learning architectures, FFA-Net and AECR-Net, to dehaze gauge images.", ["FFA-Net", "AECR-Net"]),
    ("We study two prominent personalization techniques: DreamBooth and InstantID.", ["DreamBooth", "InstantID"]),
    # Names joined by slashes; an example of a kind as the subject of the verb after it.
    ("It holds for existing factorization architectures (e.g., VDN/QMIX/QTRAN) as well.", ["VDN", "QMIX", "QTRAN"]),
    ("Orchestration frameworks such as LangGraph and CrewAI impose more structure on workflows.", ["LangGraph", "CrewAI"]),
    # A defined acronym right before a procedure noun.
    ("Such markets are governed by the Top Trading Cycles (TTC) algorithm.", ["TTC"]),
    ("Samples are drawn with the Affine Invariant Stretch Move (AISM) sampler.", ["AISM"]),
    # ... also where the sentence speaks of the paper's own work before the comparison.
    ("Experiments validate the efficiency of our algorithms compared to the truncated Wirtinger Flow (TWF) algorithm.", ["TWF"]),
    # The word "baseline" right before the name.
    ("Our model consistently improves segmentation, while baseline SplitFed fails to converge.", ["SplitFed"]),
    ("It exceeds the baseline FedISCA by an average of 21.75%.", ["FedISCA"]),
    # A name with its kind of procedure after it.
    ("We compare our implementation with existing ones, specifically the InfOCF solver.", ["InfOCF"]),
    ("Built upon a MMDiT architecture, the model streams video in real time.", ["MMDiT"]),
    # A bare acronym before "algorithm" or "optimizer".
    ("We adapt the classical ARAP algorithm to solve for per-vertex rotations.", ["ARAP"]),
    # ... after a verb of use.
    ("It reaches the best accuracy in a single sampling step using the Euler method.", ["Euler"]),
    ("Layouts are parsed by models integrated into the Docling document-conversion pipeline.", ["Docling"]),
])
def test_named_baselines(extractor, text, expected):
    assert others(extractor, text) == expected


@pytest.mark.parametrize("text", [
    # Numbers, hardware, math and ordinals after "over"/"than".
    "It is 12-16x faster than the dense kernel and runs over 3x faster.",
    "Training is 2.1x faster on H100 than on A100 GPUs.",
    "FID drops 53% at 20 steps vs. 2nd-order baselines.",
    # A lone short acronym after "than"/"over"/"vs." is a task, a class or a condition.
    "Patients with PSP vs. MSA were compared; refusal tracks legality over CBRN hazard.",
    # A name used as a modifier of the noun after it, or of a capitalised name after it.
    "This gives an advantage over RGB-D perception systems.",
    "Matching is more accurate than OpenCV ORB-X on HPatches.",
    # An owner, not a method; models and data are the other fields' business.
    "ReTool-32B attains 72.5% accuracy, surpassing OpenAI's o1-preview by 27.9%.",
    "The gain over BlendedMVS and DTU64 holds across scenes.",
    "Pretrained models like PhoBERTx and CafeBERTx perform well.",
    "Inspired by earlier works such as COCO and ImageNet, we build a corpus.",
    "We examine prompting techniques, including Zero-Shot and Few-Shot prompting.",
    # ... but not past a class, nor in examples of earlier work (as often data).
    "Evaluating knowledge systems (LLMs, RAG, knowledge graphs, etc) remains hard.",
    "Inspired by works such as COCO and BEDLAMX, we construct the dataset.",
    # An acronym definition in a parenthesis after a kind noun is no list of examples.
    "Large Language Model based multi-agent systems (MAS) excel at collaboration.",
    # ... not names listed before a plural kind noun (kinds of methods), nor a bare acronym.
    "It outperforms state-of-the-art FedLx, DGx, and FedDGx baselines by up to 3.9%.",
    "It improves over prior SOTA on all tasks and over existing RAG by 5%.",
    # ... not one that names a class or data after it.
    "The previous state-of-the-art method RGB-D fusion runs offline.",
    # A procedure the paper itself introduces is not an existing one.
    "We derive a Spectral-Evolution-Aware (SEA) filter that preserves content.",
    "In each chain we run our Gradient Residual Stretch (GRS) sampler.",
    # A file name is no name: "SKILL.md" ends with its extension, not at the dot.
    "The proof-carrying artifact extends the SKILL.md convention.",
    # A listed method's name before a data noun names the data.
    "It achieves state-of-the-art performance on the CART dataset and on the challenging SGD benchmark.",
    # Classes of methods, paradigms and tasks written with "baseline(s)".
    "GOSU outperforms the baseline RAG methods in generation quality.",
    "It improves over strong ZSSD baselines and the task accuracy of 3DVG baseline methods.",
    "The gain shrinks as the LLM-alone baseline rises.",
    "SLIM reduces the error of the MoGe-2 baseline; we propose a baseline ReLA for the new task.",
    "None of them intervene where the corruption originates: inside the ODE sampler.",
    "These methods are cheaper compared to LLM-intensive techniques such as contextual chunking.",
    # ... not one the sentence proposes, nor a class with a broader noun after it.
    "Finally, the FARI algorithm is proposed to induce first-order rules.",
    # A counted set the paper introduces is its own.
    "Insight-V++ introduces two novel algorithms, ST-GRPO and J-GRPO, which enhance spatial reasoning.",
    # After a comparison cue's comma, a name before a verb is the main clause's subject.
    "Compared to the best open-source embedding-based baseline, A2X improves Hit Rate by 20 points.",
])
def test_not_read_as_baselines(extractor, text):
    assert others(extractor, text) == []


@pytest.mark.parametrize("title, text", [
    ("A Probabilistic Digital Twin of UK En Route Airspace",
     "We also outline further applications and future extensions of the Digital Twin architecture."),
    ("Wireless Communication with Cross-Linked Rotatable Antenna Array",
     "By designing the partition scheme, the performance of the CL-RA architecture is close to the ideal."),
])
def test_title_subject_is_not_a_used_method(extractor, title, text):
    """A name the title spells is the paper's own subject, not a method it uses."""
    record = extractor.extract_text(text, title=title)
    assert [m.name for m in record.methods if m.role == "other"] == []


@pytest.mark.parametrize("text, proposed", [
    ("We propose two training-free unlearning methods: Neuron Adjust and Key Space Detection. They work.",
     ["Neuron Adjust", "Key Space Detection"]),
    ("We propose SDBN, which comprises three modules: PreWeightNet for global assessment, ThresholdNet "
     "for adaptive filtering, and EffiWeightNet for weight computation.",
     ["SDBN", "PreWeightNet", "ThresholdNet", "EffiWeightNet"]),
    ("We propose two variants: (i) Voronoi-iForest, the most general one, and (ii) RuzHash-iForest, that avoids distances.",
     ["Voronoi-iForest", "RuzHash-iForest"]),
    # The parts of a proposed method, in a sentence of their own whose subject is the method
    ("We propose GridMatch for retrieval. Specifically, GridMatch consists of two key components: Query "
     "Grid Encoder, which tiles the query, and the Cell Voting Head, which scores cells.",
     ["GridMatch", "Query Grid Encoder", "Cell Voting Head"]),
    # ... not another work's parts, nor parts of an abstract that proposes nothing
    ("We propose GridMatch. Prior methods include two strategies: Token Shuffling and Token Folding.", ["GridMatch"]),
    ("The Atlas system comprises three modules: Query Grid Encoder, Cell Voting Head, and Map Builder.", []),
    # a counted set of the paper's models or architectures is its own; not a set it reports on
    ("We propose two lightweight detection models: TinyDet-mono and TinyDet-stereo.", ["TinyDet-mono", "TinyDet-stereo"]),
    ("We present results for two models: GPT-4o and Llama-3-8B.", []),
    # Not a counted set of the paper's parts: no names.
    ("Reports have five sections: Introduction, Key Factors, and Resolution.", []),
    ("We propose a method with two stages: coarse retrieval and fine reranking.", []),
])
def test_parts_listed_after_a_colon(extractor, text, proposed):
    assert [m.name for m in extractor.extract_text(text).methods if m.role == "proposed"] == proposed


@pytest.mark.parametrize("text, expected", [
    # A coined name before "-style" is the existing method the new one is modelled on.
    ("The Searcher collects evidence traces for each sub-query through ReAct-style interaction.", ["ReAct"]),
    ("The backbone is trained via a MoCo-style objective with hard negative mining.", ["MoCo"]),
    ("We integrate a ColBERT-style late interaction mechanism for fine-grained retrieval.", ["ColBERT"]),
    # ... but not a model, data, a format or a short acronym of a field.
    ("We compare CLIP-style dual encoders on 1,302 MMLU-style multiple-choice questions.", []),
    ("We evaluate it on shifted BBOB-style black-box optimization tasks and an OSCE-style study.", []),
    ("It handles QA-style prompts and PAC-style guarantees.", []),
])
def test_name_before_style(extractor, text, expected):
    """"X-style": X is a method the work follows, unless X is a model, data or a short acronym."""
    assert others(extractor, text) == expected
