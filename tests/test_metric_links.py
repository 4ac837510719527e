"""Metrics linked to what they measure, on sentences from real abstracts (lightly trimmed):
the dataset, model and metric each number is on, for or named by, where the grammar of the
sentence says so. Each row lists the expected entries in order (only the keys given are
checked; a key given as None must be null)."""

import pytest
from helpers import same

CASES = [
    # a name after "and" that opens a before-and-after phrase of its own is that phrase's
    ("POLAR enhances policy performance, improving LLaMa3.1-8B from an average of 47.36% to 56.33% "
     "and Qwen2.5-32B from 64.49% to 70.47% on 20 benchmarks.",
     [{"value": 47.36, "model": "LLaMa3.1-8B"}, {"value": 56.33, "model": "LLaMa3.1-8B"},
      {"value": 64.49, "model": "Qwen2.5-32B"}, {"value": 70.47, "model": "Qwen2.5-32B"}]),
    ("Qwen2.5-7B with SLOT achieves an accuracy gain of 8.6% on GSM8K from 57.54% to 66.19%.",
     [{"value": 8.6, "dataset": "GSM8K", "kind": "increase"}, {"value": 57.54, "dataset": "GSM8K"},
      {"value": 66.19, "dataset": "GSM8K"}]),
    # a name beyond a turn ("while", "whereas") is the next clause's subject
    ("On MMLU, our model scores 71.3% while GPT-4 scores 86.4% on HellaSwag.",
     [{"value": 71.3, "model": None, "dataset": "MMLU"}, {"value": 86.4, "model": "GPT-4", "dataset": "HellaSwag"}]),
    # a dataset's name between a number and its metric: the metric is named after the dataset
    ("We introduce AttNet, a CNN family that can attain \\textbf{84.4\\%} ImageNet-1K Top-1 accuracy with only 27M parameters.",
     [{"value": 84.4, "metric": "Top-1 accuracy", "dataset": "ImageNet-1K"}]),
    ("It obtains 52.1 COCO box AP and 84.4% ImageNet top-1 accuracy.",
     [{"value": 52.1, "metric": "box AP", "dataset": "COCO"}, {"value": 84.4, "metric": "top-1 accuracy", "dataset": "ImageNet"}]),
    # the quantity a change is "in" is no place of its own: a dataset after the pair is on both
    ("SPLAENet demonstrates an average gain of 8.92% in accuracy and 17.36% in F1-score on the RumourEval dataset.",
     [{"value": 8.92, "metric": "accuracy", "dataset": "RumourEval"}, {"value": 17.36, "metric": "F1-score", "dataset": "RumourEval"}]),
    # a name inside a bracketed aside is not the only name of the sentence for numbers outside it
    ("Claude generates valid specifications for 98.8% of problems (with 81.3% also accepted by CLEVER's "
     "isomorphism-based scoring), certifies implementations for 87.5% of problems, and reaches a 98.1% success rate "
     "on the end-to-end pipeline.",
     [{"value": 98.8, "dataset": None}, {"value": 81.3}, {"value": 87.5, "dataset": None},
      {"value": 98.1, "metric": "success rate", "dataset": None}]),
    ("We identify a scoring bug (in the LOCOMO reference implementation that renders 23% of its corpus unscorable), "
     "and publish our LOCOMO score (8.8%).",
     [{"value": 23}, {"value": 8.8, "dataset": "LOCOMO"}]),
    ("The best-performing model (i.e., OpenAI o1 with PoT) achieves 89.1% accuracy on the 238 hard problems.",
     [{"value": 89.1, "model": "OpenAI o1"}]),
    ("For instance, it surpasses the recent MAE by 1.1% in imageNet-1K classification and 1.4% in ADE20K segmentation.",
     [{"value": 1.1, "dataset": None}, {"value": 1.4, "dataset": "ADE20K"}]),
    ("We evaluate on the Long Range Arena (LRA) benchmark, where our model reaches 86.1% average accuracy.",
     [{"value": 86.1, "dataset": "Long Range Arena"}]),
    # a metric name of its own before "to NUMBER" is no list with the number before
    ("On a harder benchmark it reaches block F1 0.846, while source-plus-relation accuracy drops to 0.229.",
     [{"value": 0.846}, {"value": 0.229, "metric": "source-plus-relation accuracy"}]),
    ("On the CIFAR-100 benchmark the average FPR95 decreases from 33.58% to 22.84%, and AUROC improves to 93.97%.",
     [{"value": 33.58, "metric": "average FPR95"}, {"value": 22.84, "metric": "average FPR95"},
      {"value": 93.97, "metric": "AUROC", "dataset": "CIFAR-100"}]),
    ("It outperforms these approaches by approximately 16.3% in FID and 35.2% in PER.",
     [{"value": 16.3, "metric": "FID", "kind": "increase"}, {"value": 35.2, "kind": "increase"}]),
    # "respectively" with an item no name field knew: the known items keep their numbers, the
    # unknown one's number gets no dataset
    ("Our method achieves 91.2%, 88.4% and 79.5% accuracy on CIFAR-10, CIFAR-100 and our new medical set, respectively.",
     [{"value": 91.2, "dataset": "CIFAR-10"}, {"value": 88.4, "dataset": "CIFAR-100"}, {"value": 79.5, "dataset": None}]),
    ("It scores 88.2% and 79.6% accuracy on CIFAR-100 and the private clinical cohort, respectively.",
     [{"value": 88.2, "dataset": "CIFAR-100"}, {"value": 79.6, "dataset": None}]),
    ("Our method achieves 91.2%, 88.4% and 79.5% accuracy on CIFAR-10, our new medical set, and CIFAR-100, respectively.",
     [{"value": 91.2, "dataset": "CIFAR-10"}, {"value": 88.4, "dataset": None}, {"value": 79.5, "dataset": "CIFAR-100"}]),
    # "average" written after the number, before the metric's name, leaves the name to the number
    ("VRPCoder-GRPO reaches 93% average Pass@1 and 71.2% average accuracy on the VRP-Bench suite.",
     [{"value": 93, "metric": "Pass@1", "qualifier": "average"}, {"value": 71.2, "metric": "accuracy", "qualifier": "average"}]),
    ("Experiments show a 38.84% average BD-rate reduction over G-PCC, and a 52.6% average precision (AP) on COCO2017.",
     [{"value": 38.84, "metric": "BD-rate", "kind": "decrease"}, {"value": 52.6, "metric": "average precision"}]),
    # a hyphenated name of capitalised parts that a result is "on" is the dataset it is on
    ("The system improves F1 by +411% on LoCoMo and +214% on Mem-Gallery relative to the initial configuration.",
     [{"value": 411, "dataset": "LoCoMo"}, {"value": 214, "dataset": "Mem-Gallery"}]),
    # a colon inside a metric's name is no turn of the sentence; the end of a bracketed aside
    # holding the number, before "and", is
    ("The detector reaches 60.6% mAP50:95 on HCCB and 57.4% on SCB-D3-S.",
     [{"value": 60.6, "metric": "mAP50:95", "dataset": "HCCB"}, {"value": 57.4, "dataset": "SCB-D3-S"}]),
    ("Routing extends to hash routing (graceful 1.1-2.2 PPL degradation) and replicates on OpenWebText (0.03 PPL gap).",
     [{"value": 1.1, "dataset": None}, {"value": 0.03, "dataset": "OpenWebText"}]),
    # slash-joined values are one phrase: the dataset after it is every member's
    ("The reader reaches 61.2%/80.4% EM/F1 on HotpotQA and 57.3%/74.6% on the MuSiQue dataset.",
     [{"value": 61.2, "dataset": "HotpotQA"}, {"value": 80.4, "dataset": "HotpotQA"},
      {"value": 57.3, "dataset": "MuSiQue"}, {"value": 74.6, "dataset": "MuSiQue"}]),
    # values and datasets written as slash lists pair in order
    ("Fine-tuning Qwen2.5-7B raises pass@1 by 6.1%/4.3%/10.0% on GSM8K/MATH/AIME24 over the base model.",
     [{"value": 6.1, "dataset": "GSM8K"}, {"value": 4.3, "dataset": "MATH"}, {"value": 10.0, "dataset": "AIME24"}]),
    # the subject of a verb of change before "from" names the levels before and after; words
    # right after the number name it first, and a subject shaped like a name is no quantity
    ("Under the shutdown prompt, with refusal dropping from 64.5% to 12.0%, humans decline from 97.1% success at low depth "
     "to 81.3%, and Stack-Cubes improves from 5% to 30%.",
     [{"value": 64.5, "metric": "refusal"}, {"value": 12.0, "metric": "refusal"},
      {"value": 97.1, "metric": "success"}, {"value": 81.3, "metric": "success"},
      {"value": 5, "metric": None}, {"value": 30, "metric": None}]),
    # ... a subject after ", and" may hold a phrase with "of"/"to" and an appositive; the last
    # item of a list before "and" is no subject
    ("Our filter helps, and the share of flagged replies, a proxy for toxicity, falls from 38% to 6%. "
     "Recall for cats, dogs, and birds increases by 3.1%.",
     [{"value": 38, "metric": "share of flagged replies"}, {"value": 6, "metric": "share of flagged replies"},
      {"value": 3.1, "metric": "Recall"}]),
    # ... and before "to NUMBER", the level reached; a change or an adverb is no subject
    ("After fine-tuning, unsupported claims fell to 4.2% for all models. With more data, the gains increase to "
     "3.5%, slowly rising to 6.1% with tools.",
     [{"value": 4.2, "metric": "unsupported claims"}, {"value": 3.5, "metric": None}, {"value": 6.1, "metric": None}]),
    # the object of a verb of change may end in a lower-case phrase with "of"; after a listed
    # name, that name names the number
    ("The verifier lowers the portion of repeated answers by over 40%, and improves F1 scores of rare classes by 3.2%.",
     [{"value": 40, "metric": "portion of repeated answers", "kind": "decrease"}, {"value": 3.2, "metric": "F1"}]),
    # a phrase of place may stand between the changed quantity and "by"; not a capitalised
    # name no field knew, nor across a clause that changes something else
    ("Stepwise feedback improves task success on long-horizon planning tasks by 11 percentage points, and the "
     "adapter reduces the domain gap in unseen outdoor scenes by up to 41.5%.",
     [{"value": 11, "metric": "task success", "kind": "increase"}, {"value": 41.5, "metric": "domain gap", "kind": "decrease"}]),
    ("The recipe improves Falconet on GSM8K by 5.2%, and it lowers errors in long documents and improves coherence "
     "in short stories by 12%.",
     [{"value": 5.2, "metric": None}, {"value": 12, "metric": "coherence"}]),
    ("Our training scheme improves the previous best accuracy on the held-out signer split by 4.1%, and raises "
     "rank correlation with expert scores from 0.52 to 0.67.",
     [{"value": 4.1, "metric": "accuracy"}, {"value": 0.52, "metric": "rank correlation"},
      {"value": 0.67, "metric": "rank correlation"}]),
    # "N% in A and M% in B": the name listed after the first number is that number's; the
    # second is named by its own "in" phrase (not a comparative after it)
    ("The planner brings average gains of 12.4% in success rate and 21.7% in plan stability across all suites.",
     [{"value": 12.4, "metric": "success rate", "kind": "increase"},
      {"value": 21.7, "metric": "plan stability", "kind": "increase"}]),
    ("The renderer gains 2 dB in PSNR and 31% in silhouette sharpness better than the prior art.",
     [{"value": 2, "metric": "PSNR"}, {"value": 31, "metric": "silhouette sharpness"}]),
    # ... and after "a N% improvement in A", "M% in B" is a gain too
    ("It reports an 8.1% improvement in BLEU and 6.3% in lexical diversity on the held-out pairs.",
     [{"value": 8.1, "metric": "BLEU", "kind": "increase"}, {"value": 6.3, "metric": "lexical diversity", "kind": "increase"}]),
]


@pytest.mark.parametrize("text, expected", CASES, ids=[c[0][:50] for c in CASES])
def test_metric_links(extractor, text, expected):
    record = extractor.extract_text(text)
    found = [m.model_dump() for m in record.metrics]
    shown = [{k: m[k] for k in ("value", "metric", "kind", "dataset", "model") if m.get(k) is not None} for m in found]
    assert len(found) == len(expected), shown
    for want, got in zip(expected, found):
        assert all(same(v, got.get(k)) if v is not None else got.get(k) is None for k, v in want.items()), (want, shown)
