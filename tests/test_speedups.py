"""Speedups: a factor or percent counts only with an aspect it is a gain in. Real-looking
sentences written for these tests; each row lists the expected entries in order (only the
keys given are checked). An empty list means the sentence claims no speedup."""

from pathlib import Path

import pytest
import yaml
from helpers import same

CASES = [
    # The cost's owner between it and its "by", with a size or a resolution in its name
    ("We implement a custom kernel, reducing memory usage of the 12B FLUX.1-dev model by 2.1x.",
     [{"factor": 2.1, "aspect": "memory"}]),
    ("It keeps visual quality while accelerating the generative sampling of native 2K/4K videos by over 10x.",
     [{"factor": 10, "aspect": "speedup", "qualifier": "over"}]),
    ("A bucketed strategy accelerates 128K context-length fine-tuning by 2-3x without accuracy loss.",
     [{"factor": 2, "value_high": 3, "aspect": "speedup"}]),
    ("Pruning the cache reduces the memory of the model by 30 GB and latency by 2x.",
     [{"factor": 2, "aspect": "latency"}]),
    ("Our sampler delivers a 7.5x speedup over DDIM sampling.",
     [{"factor": 7.5, "unit": "x", "aspect": "speedup"}]),
    ("The compiler achieves up to 3.2\u00d7 higher throughput on A100 GPUs.",
     [{"factor": 3.2, "aspect": "throughput", "qualifier": "up to"}]),
    ("Quantization cuts GPU memory by 62% with no loss in accuracy.",
     [{"percent": 62, "unit": "%", "aspect": "memory"}]),
    ("Early exiting lowers inference latency by roughly 40 percent.",
     [{"percent": 40, "aspect": "latency", "qualifier": "approximately"}]),
    ("The planner needs 5x fewer environment steps and 30% fewer tokens.",
     [{"factor": 5, "aspect": "training steps"}, {"percent": 30, "aspect": "tokens"}]),
    ("Sparse attention makes decoding two times faster on long inputs.",
     [{"factor": 2, "aspect": "speedup"}]),
    ("We obtain an order of magnitude reduction in FLOPs.",
     [{"factor": 10, "aspect": "FLOPs"}]),
    ("The method trains 2-3x faster than full fine-tuning.",
     [{"factor": 2, "aspect": "speedup"}]),
    ("Our solver runs 4.1x and 6.3x faster on the small and large instances, respectively.",
     [{"factor": 4.1, "aspect": "speedup"}, {"factor": 6.3, "aspect": "speedup"}]),
    ("It reduces parameters and latency by 8x and 3x, respectively.",
     [{"factor": 8, "aspect": "parameters"}, {"factor": 3, "aspect": "latency"}]),
    ("Distillation yields a 2.4x speedup on LLaMA-2-7B and 1.9x on Mistral-7B.",
     [{"factor": 2.4, "model": "LLaMA-2-7B"}, {"factor": 1.9, "model": "Mistral-7B", "aspect": "speedup"}]),
    ("Token pruning reduces the number of visual tokens by 75%.",
     [{"percent": 75, "aspect": "tokens"}]),
    ("The curriculum improves sample efficiency by 35% on Atari.",
     [{"percent": 35, "aspect": "sample efficiency"}]),
    ("Decoding is 3.1x and 4.6x faster on A100 and H100 GPUs, respectively.",
     [{"factor": 3.1, "aspect": "speedup"}, {"factor": 4.6, "aspect": "speedup"}]),
    ("Hashing shrinks the KV cache by 1,200x on long documents.",
     [{"factor": 1200, "aspect": "memory"}]),
    # not speedups
    ("The adapter adds 1.8x more memory and increases latency by 12%.", []),
    ("Accuracy improves by 4.5% and the error rate drops 2x.", []),
    ("We upsample images by 4x to 1024 x 1024 pixels with 3x3 kernels.", []),
    ("The new corpus is 5x larger than prior datasets.", []),
    ("Models see a 2x longer context window during training.", []),
    # a second claim in a coordinated pair, with a word of its own before the speed word
    ("The kernel gives a 2.1x end-to-end speedup and a 3.4x attention speedup on H100 GPUs.",
     [{"factor": 2.1, "aspect": "speedup"}, {"factor": 3.4, "aspect": "speedup"}]),
    ("Fine-tuning yields a 25% training speedup with the same data.",
     [{"percent": 25, "aspect": "speedup"}]),
    # a percent before a speed word that is not "speedup" is a level, not a gain
    ("The agent reaches 87.4% validation convergence within the budget.", []),
    ("The recipe doubles the batch and uses 2x training tokens.", []),
    # the cue of a claim is the one in its own clause
    ("It improves throughput by 1.8x and reduces memory by 40%.",
     [{"factor": 1.8, "aspect": "throughput"}, {"percent": 40, "aspect": "memory"}]),
    ("Naive batching can increase latency by over 20x and reduce accuracy by 3%.", []),
    # halving: a factor of two, a gain only in a cost
    ("The technique halves inference time without hurting accuracy.",
     [{"factor": 2, "aspect": "inference time"}]),
    ("The encoder halves the number of attention heads in every layer.", []),
    ("The data is split into halves for training and testing.", []),
]
# More cases as data, one kind of claim per comment.
CASES += [(c["text"], c["expect"]) for c in
          yaml.safe_load((Path(__file__).parent / "data" / "speedups_cases.yaml").read_text(encoding="utf-8"))]


@pytest.mark.parametrize("text, expected", CASES, ids=[c[0][:50] for c in CASES])
def test_speedups(extractor, text, expected):
    record = extractor.extract_text(text)
    found = [s.model_dump() for s in record.speedups]
    shown = [{k: s[k] for k in ("factor", "percent", "unit", "aspect", "qualifier", "model", "baseline")
              if s.get(k) is not None} for s in found]
    assert len(found) == len(expected), shown
    for want, got in zip(expected, found):
        assert all(same(v, got.get(k)) for k, v in want.items()), (want, shown)
        assert record.text[got["start"] : got["end"]] == got["text"]
    assert not {(m.start, m.end) for m in record.metrics} & {(s["start"], s["end"]) for s in found}
