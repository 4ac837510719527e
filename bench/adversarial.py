"""A clean corpus against the same corpus with 30 hostile abstracts mixed in: both through
`extract run --jobs N`, timed, and the clean abstracts' records compared byte for byte.

    python bench/adversarial.py ../shared/corpus/arxiv-ai-20k.jsonl.gz --jobs 2 --rounds 2

The hostile abstracts are the kinds that once stalled a run or emptied a record (long runs of
one punctuation char, deep nesting of brackets and LaTeX, thousands of numbers in one
sentence, snake-case tokens that made a rule backtrack, digits `float()` cannot read, lone
surrogates, a hundred thousand characters of real text), three sizes of each. The budget the
issue set: the mixed run takes at most 1.2x the clean one, and every clean record is the same.
Rounds alternate clean and mixed runs, so a machine that slows down meanwhile hits both.
"""
from __future__ import annotations

import argparse
import gzip
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REAL = ("We propose FooNet, a sparse mixture of experts that reaches 91.2% top-1 accuracy on ImageNet and "
        "runs 3.1x faster than ResNet-50 (code: https://github.com/owner/foonet). ")


def hostile_texts() -> list[str]:
    """Thirty hostile abstracts: ten kinds, each at three sizes."""
    kinds = [
        lambda n: "=" * n,
        lambda n: "(" * n + " FooNet " + ")" * n,
        lambda n: "\\textbf{" * (n // 8) + "x" + "}" * (n // 8),
        lambda n: "Accuracy: " + ", ".join(f"{i % 100}.{i % 10}%" for i in range(n // 7)) + " on ImageNet.",
        lambda n: "We train " + "_x" * (n // 200) + " models with " + "a_" * (n // 20) + "b.",
        lambda n: " ".join("1" * 40 for _ in range(n // 41)),
        lambda n: "\U000116d6" * (n // 10) + " 9\U000116d6.5% accuracy and 3\ud800x faster " + "\ud800" * (n // 10),
        lambda n: "$" * (n + 1) + REAL,
        lambda n: ("We propose " * (n // 11)) + REAL,
        lambda n: REAL * (n // len(REAL)),
    ]
    return [kind(n) for kind in kinds for n in (1_000, 10_000, 30_000)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("corpus", help="JSONL(.gz) of abstracts with `id` and `abstract`/`text`")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--rounds", type=int, default=1, help="clean+mixed pairs to run (default 1)")
    args = p.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        # Same file name in two folders, run from each: the records' `source` is the same
        clean_in, mixed_in = Path(tmp, "clean", "corpus.jsonl"), Path(tmp, "mixed", "corpus.jsonl")
        clean_in.parent.mkdir(), mixed_in.parent.mkdir()
        rows = _rows(args.corpus)
        clean_in.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        mixed = list(rows)
        hostile = hostile_texts()
        step = len(rows) // (len(hostile) + 1)
        for k, text in reversed(list(enumerate(hostile))):
            mixed.insert((k + 1) * step, {"id": f"hostile#{k}", "text": text})
        # json.dumps escapes a lone surrogate as `\ud800`, the way it reaches a reader in real JSON
        mixed_in.write_text("".join(json.dumps(r) + "\n" for r in mixed), encoding="utf-8")

        times: dict[str, list[tuple[float, float]]] = {"clean": [], "mixed": []}
        outputs = {}
        for _ in range(args.rounds):
            for name, path in (("clean", clean_in), ("mixed", mixed_in)):
                out = path.with_name("records.jsonl")
                times[name].append(_run(path, out, args.jobs))
                outputs[name] = out
        clean_lines = outputs["clean"].read_text(encoding="utf-8").splitlines()
        mixed_lines = outputs["mixed"].read_text(encoding="utf-8").splitlines()
        kept = [line for line in mixed_lines if not line.startswith('{"id":"hostile#')]
        stopped = [json.loads(line)["id"] for line in mixed_lines if '"stopped":' in line]
    clean, mixed_s = min(times["clean"]), min(times["mixed"])
    ratio = mixed_s[0] / clean[0]
    print(f"abstracts          {len(rows)} clean, +{len(hostile)} hostile ({sum(map(len, hostile)):,} chars)")
    print(f"clean run          {_fmt(times['clean'])}")
    print(f"mixed run          {_fmt(times['mixed'])}")
    print(f"ratio mixed/clean  {ratio:.3f} wall, {mixed_s[1] / clean[1]:.3f} CPU  (best of {args.rounds}; budget 1.2)")
    print(f"clean records      {'identical' if kept == clean_lines else 'DIFFERENT'} ({len(kept)} lines)")
    print(f"stopped by budget  {len(stopped)} {stopped[:5]}")
    return 0 if kept == clean_lines and ratio <= 1.2 else 1


def _rows(corpus: str) -> list[dict]:
    opener = gzip.open if corpus.endswith(".gz") else open
    with opener(corpus, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _run(inputs: Path, output: Path, jobs: int) -> tuple[float, float]:
    """Wall and CPU seconds (the run and its workers) of one `extract run`."""
    cpu = _children_cpu()
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "extract", "run", inputs.name, "-o", output.name, "--jobs", str(jobs),
                    "--quiet"], check=True, cwd=inputs.parent, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started, _children_cpu() - cpu


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _fmt(runs: list[tuple[float, float]]) -> str:
    return ", ".join(f"{wall:.1f} s ({cpu:.1f} s CPU)" for wall, cpu in runs)


if __name__ == "__main__":
    sys.exit(main())
