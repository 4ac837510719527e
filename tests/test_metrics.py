"""Metrics: which numbers are results, and what they are linked to. Real-looking sentences
written for these tests; each row lists the expected entries in order (only the keys given
are checked). An empty list means the sentence reports no result."""

import pytest
from helpers import same

CASES = [
    # levels with the metric after or before them
    ("Our detector reaches 81.4% mAP on the validation split.",
     [{"value": 81.4, "unit": "%", "metric": "mAP", "kind": "absolute"}]),
    ("The tagger obtains an F1 score of 0.912 and an exact match of 78.5.",
     [{"value": 0.912, "metric": "F1 score"}, {"value": 78.5, "metric": "exact match"}]),
    ("The codec attains 31.2 dB PSNR while the baseline stays at 29.8 dB.",
     [{"value": 31.2, "unit": "dB", "metric": "PSNR"}]),
    ("Word error rate drops from 12.4% to 9.1% after adaptation.",
     [{"value": 12.4, "metric": "Word error rate", "kind": "absolute"},
      {"value": 9.1, "metric": "Word error rate", "kind": "absolute"}]),
    ("Macro-F1 improves 64.9 -> 69.0 on the hardest split.",
     [{"value": 64.9, "metric": "Macro-F1"}, {"value": 69.0, "metric": "Macro-F1"}]),
    ("Human raters prefer our summaries (62.5% vs. 37.5%).",
     [{"value": 62.5, "kind": "absolute"}, {"value": 37.5, "kind": "absolute"}]),
    ("Inter-annotator agreement is high (Cohen's κ = 0.81).",
     [{"value": 0.81, "metric": "Cohen's κ"}]),
    ("Mean accuracy ranges from 14.2% to 38.6% across the probes.",
     [{"value": 14.2, "value_high": 38.6, "metric": "Mean accuracy"}]),
    # a range of bare scores after "ranges from" under the name before it; a whole-number range is a setting
    ("The Compositional Calibration Error ranges from 0.500 to 0.943 on the original models.",
     [{"value": 0.5, "value_high": 0.943, "metric": "Compositional Calibration Error"}]),
    ("The detector obtains F1 scores ranging from 0.879 to 0.933 across sites.",
     [{"value": 0.879, "value_high": 0.933, "metric": "F1"}]),
    ("The benchmark increases the sequence length ranging from 40 to 240 tokens.", []),
    # changes: sign, "by", a cue next to the number
    ("Fine-tuning gives +3.4% top-1 accuracy and -0.8 FID.",
     [{"value": 3.4, "kind": "increase", "metric": "top-1 accuracy"},
      {"value": 0.8, "kind": "decrease", "metric": "FID"}]),
    ("Calibration lowers expected calibration error by 41% relative to temperature scaling.",
     [{"value": 41, "kind": "decrease", "metric": "expected calibration error"}]),
    ("The agent yields a 12.5 percentage point gain in success rate.",
     [{"value": 12.5, "unit": "pp", "kind": "increase", "metric": "success rate"}]),
    ("Our retriever achieves an average improvement of 6.1% in Recall@10.",
     [{"value": 6.1, "kind": "increase", "qualifier": "average", "metric": "Recall@10"}]),
    ("Pruning costs less than 1% accuracy loss and about 2.3 points of BLEU.",
     [{"value": 1, "qualifier": "less than", "metric": "accuracy"},
      {"value": 2.3, "unit": "points", "qualifier": "about", "metric": "BLEU"}]),
    ("Under heavy noise the detectors suffer up to 35% and 28% drops in accuracy.",
     [{"value": 35, "kind": "decrease", "qualifier": "up to"}, {"value": 28, "kind": "decrease"}]),
    ("The ensemble reaches an overall accuracy of 98.91 ± 0.13% on the held-out folds.",
     [{"value": 98.91, "metric": "overall accuracy"}]),
    ("Our ranker beats BM25 on nDCG in 61.5% of the test cases.",
     [{"value": 61.5, "metric": None}]),
    # "respectively" pairs numbers with names in order
    ("It scores 88.2% and 79.6% accuracy on CIFAR-100 and Tiny-ImageNet, respectively.",
     [{"value": 88.2, "metric": "accuracy", "dataset": "CIFAR-100"},
      {"value": 79.6, "metric": "accuracy", "dataset": "Tiny-ImageNet"}]),
    ("Qwen2.5-7B and LLaMA-3-8B gain 4.2% and 3.1%, respectively.",
     [{"value": 4.2, "model": "Qwen2.5-7B"}, {"value": 3.1, "model": "LLaMA-3-8B"}]),
    # two lists of one length pair in order without "respectively": metrics too
    ("It reaches precision and recall of 81.2 and 79.4 on SQuAD and NewsQA.",
     [{"value": 81.2, "metric": "precision", "dataset": "SQuAD"},
      {"value": 79.4, "metric": "recall", "dataset": "NewsQA"}]),
    ("The model improves Abs Rel and Sq Rel by 5.6% and 9.8% at low resolution.",
     [{"value": 5.6, "metric": "Abs Rel", "kind": "increase"}, {"value": 9.8, "metric": "Sq Rel"}]),
    ("It scores 81.2 and 79.4 F1 on the two splits, and precision improves.",
     [{"value": 81.2, "metric": "F1"}, {"value": 79.4, "metric": "F1"}]),
    # baseline named after a comparison cue
    ("Our model outperforms GPT-4o by 7.3% in accuracy.",
     [{"value": 7.3, "kind": "increase", "metric": "accuracy", "baseline": "GPT-4o"}]),
    # two values compared with "vs." share the metric named after the pair
    ("The router keeps quality close to the strong model (71.3% vs. 70.8% accuracy).",
     [{"value": 71.3, "metric": "accuracy"}, {"value": 70.8, "metric": "accuracy"}]),
    ("Ours wins 62.5% vs. 37.5% of pairwise comparisons.",
     [{"value": 62.5, "metric": None}, {"value": 37.5, "metric": None}]),
    # a listed lower-case form written with a capital ("Bpp" for bpp); "Map" is not mAP
    ("The codec achieves a Bpp reduction of about 18.2% compared to G-PCC.",
     [{"value": 18.2, "metric": "Bpp", "kind": "decrease", "qualifier": "about"}]),
    ("Map quality improves by 4.1% on the urban scenes.",
     [{"value": 4.1, "metric": "quality", "kind": "increase"}]),
    # "average" before a change in a metric qualifies the change; before a level it is the name
    ("It yields an average accuracy improvement of 3.7% over prior prompts.",
     [{"value": 3.7, "metric": "accuracy", "kind": "increase", "qualifier": "average"}]),
    ("The planner reaches an average accuracy of 64.2% on the hard split.",
     [{"value": 64.2, "metric": "average accuracy", "kind": "absolute"}]),
    # after a verb of state, "at" gives the level reached, not a condition
    ("The deployed predictor runs at 86 ms median CPU inference latency.",
     [{"value": 86, "unit": "ms", "metric": "median CPU inference latency"}]),
    ("Validation accuracy peaks at 91.2% after two epochs.",
     [{"value": 91.2, "metric": "Validation accuracy"}]),
    ("The detector is evaluated at 91.2% recall on the hard split.", []),
    # a name after a coordinated phrase of values is on all of them; one after each value is its own
    ("The detector achieves 0.92 AUROC and 0.88 AUPRC on MIMIC-III.",
     [{"value": 0.92, "metric": "AUROC", "dataset": "MIMIC-III"},
      {"value": 0.88, "metric": "AUPRC", "dataset": "MIMIC-III"}]),
    ("It reaches 89.8% on the first site, 88.9% on the second, and 73.3% on MIMIC-III.",
     [{"value": 89.8, "dataset": None}, {"value": 88.9, "dataset": None},
      {"value": 73.3, "dataset": "MIMIC-III"}]),
    # a parallel claim without a metric of its own takes the one of the claim before it
    ("GPT-4o achieves 76.1% accuracy on MMLU, while Llama-3-8B reaches 62.3%.",
     [{"value": 76.1, "metric": "accuracy", "model": "GPT-4o"},
      {"value": 62.3, "metric": "accuracy", "model": "Llama-3-8B"}]),
    ("It improves accuracy on GSM8K from 71.0% to 78.5%, on MATH from 40.2% to 45.1%, "
     "and on AIME from 10.0% to 16.7%.",
     [{"value": 71.0, "metric": "accuracy", "dataset": "GSM8K"}, {"value": 78.5, "metric": "accuracy"},
      {"value": 40.2, "metric": "accuracy", "dataset": "MATH"}, {"value": 45.1, "metric": "accuracy"},
      {"value": 10.0, "metric": "accuracy", "dataset": "AIME"}, {"value": 16.7, "metric": "accuracy", "dataset": "AIME"}]),
    ("The agent achieves 95.0% accuracy while keeping a tool usage ratio of only 20.1%.",
     [{"value": 95.0, "metric": "accuracy"}, {"value": 20.1, "metric": None}]),
    ("Our retriever improves accuracy by 33.3%, while it achieves 50% fewer failures.",
     [{"value": 33.3, "metric": "accuracy", "kind": "increase"}, {"value": 50, "metric": None}]),
    # words written before a metric that belong to it: a capitalised word, "N-class"
    ("Fine-tuning lifts Basque question-answering accuracy to 61.2%.",
     [{"value": 61.2, "metric": "Basque question-answering accuracy"}]),
    ("In the ablation, Fact Check accuracy drops by 42% on average.",
     [{"value": 42, "metric": "Fact Check accuracy", "kind": "decrease"}]),
    ("On the sentiment task it reaches 48.3% 7-class accuracy with a 6.2-point Hit Rate gain.",
     [{"value": 48.3, "metric": "7-class accuracy"}, {"value": 6.2, "unit": "points", "metric": "Hit Rate"}]),
    ("Our accuracy is 91.0% on the test split.",
     [{"value": 91.0, "metric": "accuracy"}]),
    # "score" names a value only up close, with the words written before it
    ("SCOUT lets the 3B model achieve an average score of 0.86 on the suite.",
     [{"value": 0.86, "metric": "average score"}]),
    ("The score function is trained for 200 epochs on 0.5 of the data.", []),
    # a unit word that opens a metric's name belongs to the name; "%" never does
    ("The char model gets 1.21 bits per character, and the pruned one falls to 0% TRUE recall.",
     [{"value": 1.21, "metric": "bits per character", "unit": None},
      {"value": 0, "unit": "%", "metric": "TRUE recall"}]),
    # a name across the bracket right before or after the number; not one after a comma
    ("On the probe set, CLIP (64.1%) trails ResNet-50 (85.7%) and scores 0.61 (ViT-B/32).",
     [{"value": 64.1, "model": "CLIP"}, {"value": 85.7, "model": "ResNet-50"}]),
    ("Our 7B model scores 64.1% on MMLU, while Llama-2-7B scores 45.3%.",
     [{"value": 64.1, "model": None, "dataset": "MMLU"}, {"value": 45.3, "model": "Llama-2-7B", "dataset": "MMLU"}]),
    # a name before "and" ends the phrase before the number's own
    ("Gains reach 4.8% on MATH500, 42.2% on Countdown and 16.1% on a held-out puzzle set.",
     [{"value": 4.8, "dataset": "MATH500"}, {"value": 42.2, "dataset": "Countdown"}, {"value": 16.1, "dataset": None}]),
    # a plural head after a hyphen, with the modifier before the whole name
    ("The tagger reaches macro F1-scores of 0.772 and 0.741 on the two splits.",
     [{"value": 0.772, "metric": "macro F1-scores"}, {"value": 0.741, "metric": "macro F1-scores"}]),
    # a name after "speedup on" is no dataset of the sentence's other values
    ("Experiments on ImageNet show a 3.7x speedup on MAR-H at comparable quality (FID: 1.59, IS: 304.4).",
     [{"value": 1.59, "metric": "FID", "dataset": "ImageNet"}, {"value": 304.4, "metric": "IS", "dataset": "ImageNet"}]),
    # a bare number after "by" right after a listed name, or governed by a change word, is a change
    ("DeepFlow further reduces FID by 2.6 while halving training time.",
     [{"value": 2.6, "metric": "FID", "kind": "decrease"}]),
    ("It achieves state-of-the-art performance, reducing MPJPE by 10.3 on 3DPW and 8.0 on Human3.6M.",
     [{"value": 10.3, "metric": "MPJPE", "kind": "decrease", "dataset": "3DPW"},
      {"value": 8.0, "metric": "MPJPE", "kind": "decrease", "dataset": "Human3.6M"}]),
    ("The two variants achieve gains of +21.87 and +21.48 on MathQA over the RL baseline.",
     [{"value": 21.87, "kind": "increase", "dataset": "MathQA"}, {"value": 21.48, "kind": "increase"}]),
    ("We observe gains of 3 tasks out of 5, and the error count dropped by 12.", []),
    # a framing phrase "On X," names what its clause's numbers are on; a name in a later clause
    # with a number of its own is that number's
    ("On the GroMo25 benchmark, our approach reduces mean age MAE from 7.74 to 3.91, and on COCO it reaches 45.1 AP.",
     [{"value": 7.74, "dataset": "GroMo25"}, {"value": 3.91, "dataset": "GroMo25"}, {"value": 45.1, "dataset": "COCO"}]),
    ("On FaceForensics++, Aletheia reaches 97.2% accuracy; on Celeb-DF v2, 94.9%; on DFDC, 90.8%.",
     [{"value": 97.2, "dataset": "FaceForensics++"}, {"value": 94.9, "dataset": "Celeb-DF v2"},
      {"value": 90.8, "dataset": "DFDC"}]),
    ("The proposed network achieves 97.2% accuracy, while on MNIST it reaches 99.6%.",
     [{"value": 97.2, "dataset": None}, {"value": 99.6, "dataset": "MNIST"}]),
    ("Trained on ImageNet and CIFAR-10, the model reaches 81.2% accuracy.", [{"value": 81.2, "dataset": None}]),
    # the only known dataset, joined with a name nobody knew, is one of several; "respectively"
    # pairing values with metric names leaves the dataset to the sentence; a framing phrase with
    # a tag in brackets or after "Evaluated"
    ("Experiments on AutoMathText and StackOverflow show that EQUAL improves accuracy by 2.5 percent.",
     [{"value": 2.5, "dataset": None}]),
    ("The results on the TextBraTS dataset show that DGRNet improves accuracy by 2.4% and 11% in Dice and HD95, respectively.",
     [{"value": 2.4, "metric": "Dice", "dataset": "TextBraTS"}, {"value": 11, "metric": "HD95", "dataset": "TextBraTS"}]),
    ("We validate on the Aptos and IDRiD datasets, achieving accuracy rates of 89.65% and 97.40%, respectively.",
     [{"value": 89.65, "dataset": None}, {"value": 97.40, "dataset": None}]),
    ("Evaluated on WebChoreArena, WebDART lifts success rates by up to 13.7 percentage points, while matching them on WebArena.",
     [{"value": 13.7, "dataset": "WebChoreArena"}]),
    # a name after a coordinated phrase of numbers is on all of them, with other datasets about
    ("It reaches 29.71 dB PSNR and 0.89 SSIM on LOLv2-Real, and 25.1 dB PSNR on LSRW.",
     [{"value": 29.71, "dataset": "LOLv2-Real"}, {"value": 0.89, "dataset": "LOLv2-Real"},
      {"value": 25.1, "dataset": "LSRW"}]),
    # a name before a bracket that names the measure of its number; a level joined to a change
    # of another unit stays a level
    ("Results: GPT-4o (κ = 0.853) and Claude (κ: 0.842) agree with experts.",
     [{"value": 0.853, "model": "GPT-4o"}, {"value": 0.842, "model": "Claude"}]),
    ("Training on MIMIC-IV improved generalizability when testing on OB-GYN (F1 = 0.71, 11% drop).",
     [{"value": 0.71, "kind": "absolute", "dataset": None}, {"value": 11, "kind": "decrease"}]),
    # a decimal listed before a number with a unit shares it; "respectively" pairs only the
    # names before it, and a signed gain in brackets goes with its level
    ("It incurs only minor performance drops of 1.6 and 2.5 points, scoring 65.2, 18.5% higher than the next system.",
     [{"value": 1.6, "unit": "points"}, {"value": 2.5, "unit": "points"}, {"value": 18.5, "unit": "%"}]),
    ("GateFusion achieves 77.8% mAP (+9.4%) and 86.1% mAP (+2.9%) on Ego4D-ASD and UniTalk, respectively, and does well on AVA-ActiveSpeaker.",
     [{"value": 77.8, "dataset": "Ego4D-ASD"}, {"value": 9.4, "dataset": "Ego4D-ASD"},
      {"value": 86.1, "dataset": "UniTalk"}, {"value": 2.9, "dataset": "UniTalk"}]),
    # "x/y/z on A/B/C", a whole number with a point inside the list
    ("It reaches 88.2/80.0/91.3 accuracy on MNLI/QNLI/SST-2 and a MOS of 4.3/5.0.",
     [{"value": 88.2, "dataset": "MNLI"}, {"value": 80.0, "dataset": "QNLI"}, {"value": 91.3, "dataset": "SST-2"},
      {"value": 4.3, "metric": "MOS"}]),
    # a plural short name; a parallel "from" continues a list of before-and-after pairs
    ("Integration Flow achieves one-step generation on CIFAR10 with FIDs of 2.86 for the VE model.",
     [{"value": 2.86, "metric": "FIDs", "dataset": "CIFAR10"}]),
    ("It improves AUC from 0.601 to 0.8496 for survival, from 0.672 to 0.8102 for recurrence.",
     [{"value": 0.601}, {"value": 0.8496}, {"value": 0.672, "metric": "AUC"}, {"value": 0.8102, "metric": "AUC"}]),
    # a number's own "on" phrase naming an unknown place keeps the only known dataset off it
    ("The model achieves 99.10% on ChestXray-14; 98.86% (100-way 3-shot) on BraTS- 2021.",
     [{"value": 99.10, "dataset": "ChestXray-14"}, {"value": 98.86, "dataset": None}]),
    # a dataset joined with a name no field knew covers several; not a metric heading a number
    ("DERN improves performance by more than 5% on commonsense reasoning and MMLU benchmarks.",
     [{"value": 5, "dataset": None}]),
    ("It reaches 20pp on BashArena and 28pp on LinuxArena.",
     [{"value": 20, "dataset": "BashArena"}, {"value": 28, "dataset": "LinuxArena"}]),
    # a version is no value; a "from" after a gain opens its own levels; a task of a dataset is
    # on that dataset; a name that a number before it owns frames nothing
    ("It sabotages in 7% of cases (versus 3% for Opus 4.6, 4% for Sonnet 4.6, and 0% for Opus 4.7).",
     [{"value": 7}, {"value": 3}, {"value": 4}, {"value": 0}]),
    ("Brief reasoning improves accuracy by 45% relative over direct answers, from 44.0% to 64.0%.",
     [{"value": 45, "kind": "increase"}, {"value": 44.0, "kind": "absolute"}, {"value": 64.0, "kind": "absolute"}]),
    ("Experiments on the ManiSkill benchmark show that PAR achieves a 100% success rate on the PushCube task.",
     [{"value": 100, "dataset": "ManiSkill"}]),
    ("It reaches a mean pixel error of 104.73 on UD-FSG and 63.48 on LBW dataset, achieving a 23.5% reduction in it.",
     [{"value": 104.73, "dataset": "UD-FSG"}, {"value": 63.48, "dataset": "LBW"}, {"value": 23.5, "dataset": None}]),
    ("It improves the results of task 2 of the FiQA dataset by 16% on MRR and 17% on NDCG.",
     [{"value": 16, "metric": "MRR", "dataset": "FiQA"}, {"value": 17, "metric": "NDCG", "dataset": "FiQA"}]),
    # a bare score that a verb of result gives on a dataset named right after it; a signed one
    # before a change word; times and power in ns and μW
    ("MoonViT further allows it to see high-resolution inputs, achieving 83.2 on InfoVQA and 34.5 on ScreenSpot-Pro.",
     [{"value": 83.2, "dataset": "InfoVQA", "metric": None}, {"value": 34.5, "dataset": "ScreenSpot-Pro"}]),
    ("ReflectRM mitigates positional bias, yielding +10.2 improvement compared with leading GRMs.",
     [{"value": 10.2, "kind": "increase"}]),
    ("The circuit dissipated 34.9 $\\mu$W of power with a latency of 10.4 ns while processing 1000 inputs.",
     [{"value": 34.9, "unit": "μW", "metric": "power"}, {"value": 10.4, "unit": "ns", "metric": "latency"}]),
    ("The model was trained on 8 GPUs and obtains 3 on COCO in 2023.", []),
    # a frame rate given as how fast the work runs is a result, named by its unit unless a name
    # of speed names it; the frame rate of the data is a setting
    ("The tracker keeps real-time inference at 64 fps on a laptop and sustains 31.5 FPS on a phone.",
     [{"value": 64, "unit": "fps", "metric": "fps"}, {"value": 31.5, "unit": "FPS", "metric": "FPS"}]),
    ("The renderer keeps high accuracy with real-time speeds of 212 FPS, and fast decoding (48 FPS).",
     [{"value": 212, "unit": "FPS", "metric": "FPS"}, {"value": 48, "unit": "FPS"}]),
    ("We resample all clips to 30 FPS and store the recordings at 25 fps.", []),
    ("The parser keeps real-time decoding at 56 frames per second on one GPU.",
     [{"value": 56, "unit": "FPS", "metric": "FPS"}]),
    # the levels before and after a change, with a unit, in brackets or after a verb of change; not a span
    ("The scheduler cuts per-step energy by 3x (from 8.4 mJ to 2.8 mJ) on the board.",
     [{"value": 8.4, "unit": "mJ", "kind": "absolute"}, {"value": 2.8, "unit": "mJ", "kind": "absolute"}]),
    ("Caching gives a large cut in lookup delay, from 2,310 ms to 415 ms, for clips ranging from 5 minutes to 40 minutes.",
     [{"value": 2310, "unit": "ms"}, {"value": 415, "unit": "ms"}]),
    # not results: counts, sizes, settings, years, thresholds
    ("We collect 12,480 dialogues from 3 platforms between 2019 and 2023.", []),
    ("All models are evaluated at 5% FPR with 10% of the training data held out.", []),
    ("We report mAP at IoU 0.5 for the 7B and 13B variants trained for 3 epochs.", []),
    ("The labels carry 40% noise and the encoder keeps 25% sparsity.", []),
    ("Each run uses 8 GPUs, a batch size of 256 and a learning rate of 0.001.", []),
    ("Accuracy is reported as mean ± std over 5 seeds with 95% confidence intervals.", []),
    ("Labels are flipped for 20% of the training data and for 15% synthetic unlabeled data.", []),
    ("The bound decays as O(1/T) and holds with probability 0.9.", []),
    # a number the speedups field took is not also a metric
    ("The kernel gives a 3.1x speedup and a 45% reduction in memory footprint.", []),
]


@pytest.mark.parametrize("text, expected", CASES, ids=[c[0][:50] for c in CASES])
def test_metrics(extractor, text, expected):
    record = extractor.extract_text(text)
    found = [m.model_dump() for m in record.metrics]
    shown = [{k: m[k] for k in ("value", "value_high", "unit", "metric", "kind", "qualifier", "dataset", "model")
              if m.get(k) is not None} for m in found]
    assert len(found) == len(expected), shown
    for want, got in zip(expected, found):
        assert all(same(v, got.get(k)) for k, v in want.items()), (want, shown)
        assert record.text[got["start"] : got["end"]] == got["text"]
