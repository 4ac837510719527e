"""Throughput benchmark: the full pipeline against a bare spaCy tokenization pass.

    python bench/benchmark.py ../shared/corpus/arxiv-ai-20k.jsonl.gz --limit 5000 --jobs 2

Loads the abstracts into memory first (reading is not what is measured), then times in
one process, on the same texts, block by block in turn (so that both see the same load on
a shared machine):
  1. `spacy.blank("en").make_doc(text)` for every text (the yardstick: the budget of the
     whole pipeline is 3.5x this);
  2. the full pipeline as `extract run` takes it, `Extractor.extract_many(block)` (batches of
     abstracts through each component in turn) plus the JSON line the runner writes;
     every 10th block instead runs with each stage timed (clean view, tokenization, each
     field's component, building the record, JSON) for the breakdown, and is left out of
     the ratio, since the timers themselves cost about a tenth of a bare pass;
  3. with `--jobs N` (N > 1), the same work through the worker processes of `extract run`.
Prints abstracts per second, the full/bare ratio, the breakdown and peak memory (maxrss).
`--profile` adds cProfile's top functions for the full pass.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import itertools
import pstats
import resource
import sys
import time
from collections import defaultdict
from pathlib import Path

BLOCK = 100  # abstracts per interleaved block of the bare and the full pass
SAMPLE = 10  # every SAMPLE-th block is timed stage by stage (not counted in the ratio)
DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "arxiv-ai-20k.jsonl.gz"


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    import spacy

    from extract import __version__
    from extract.pipeline import extractor as pipeline
    from extract.inputs.readers import Abstract, read_inputs
    from extract.run.parallel import ChunkExtractor, freeze_long_lived, record_line

    abstracts = [a for a in itertools.islice(read_inputs([str(args.corpus)]), args.limit) if isinstance(a, Abstract)]
    if not abstracts:
        print(f"{args.corpus}: no abstracts", file=sys.stderr)
        return 2
    n = len(abstracts)
    texts = [a.text for a in abstracts]
    print(f"abstracts          {n} ({args.corpus}, {sum(map(len, texts)) / n:.0f} characters on average)")
    print(f"package            extract {__version__} from {Path(pipeline.__file__).parents[1]}")

    nlp = spacy.blank("en")
    extractor = pipeline.Extractor(args.rules)
    freeze_long_lived()  # as `extract run` does once its pipeline is built
    # Interleaved: a block of texts tokenized bare, then the same block through the full
    # pipeline, and so on. Both passes see the same moments of a noisy machine, so their
    # ratio holds still where two long passes one after the other swung by 50%.
    # Every SAMPLE-th block runs with each stage timed, for the breakdown only: the timers
    # cost about a tenth of a bare pass, which the ratio must not count.
    bare = full = bare_cpu = full_cpu = 0.0
    sampled = {"bare": 0.0, "full": 0.0, "n": 0}
    stages = _Stages()
    for b, i in enumerate(range(0, n, BLOCK)):
        block = abstracts[i : i + BLOCK]
        tokenize = _timed(lambda: _each(nlp.make_doc, (a.text for a in block)))
        tokenize_cpu = _cpu[-1]
        if b % SAMPLE == SAMPLE - 1:
            undo = _instrument(extractor, pipeline, stages)
            _timed(lambda: _each(lambda r: stages.serialize(record_line, r[1]), extractor.extract_many(block)))
            undo()
            sampled["bare"] += tokenize_cpu
            sampled["full"] += _cpu[-1]
            sampled["n"] += len(block)
            continue
        bare += tokenize
        bare_cpu += tokenize_cpu
        full += _timed(lambda: _each(lambda r: record_line(r[1]), extractor.extract_many(block)))
        full_cpu += _cpu[-1]
    timed = n - sampled["n"]
    _cpu.append(bare_cpu)
    _rate("bare tokenization", bare, timed)
    _cpu.append(full_cpu)
    _rate("full pipeline", full, timed)
    print(f"ratio full / bare  {full / bare:.2f}  (CPU time: {full_cpu / bare_cpu:.2f}; budget 3.5)")
    if sampled["n"]:
        print(f"breakdown over {sampled['n']} of the abstracts (every {SAMPLE}th block, each stage timed; "
              f"with the timers the ratio is {sampled['full'] / sampled['bare']:.2f}):")
        _breakdown(stages.seconds, sampled["full"], sampled["bare"])

    if args.profile:
        _profile(lambda: _each(lambda r: record_line(r[1]), extractor.extract_many(abstracts)))

    if args.jobs > 1:
        chunks = [abstracts[i : i + 64] for i in range(0, n, 64)]
        # Each from scratch (start-up included): fresh extractors, cold caches, as `extract run`.
        parallel = _timed(lambda: _drain(ChunkExtractor(args.rules, args.jobs), chunks))
        one = _timed(lambda: _drain(ChunkExtractor(args.rules, 1), chunks))
        _rate(f"--jobs {args.jobs}", parallel, n, cpu=False)
        _rate("--jobs 1", one, n, cpu=False)
        print(f"speed-up           {one / parallel:.2f}x with {args.jobs} processes")

    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory        {own:.0f} MB (maxrss of this process, texts held in memory)")
    if args.jobs > 1:
        kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"                   {kids:.0f} MB (largest worker)")
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("corpus", nargs="?", default=DEFAULT_CORPUS, help="abstracts (JSONL, .gz, seeds-style text)")
    p.add_argument("--limit", type=int, default=None, metavar="N", help="first N abstracts only")
    p.add_argument("--jobs", type=int, default=1, metavar="N", help="also time N worker processes")
    p.add_argument("--rules", action="append", default=[], metavar="DIR", help="extra rule directory")
    p.add_argument("--profile", action="store_true", help="print cProfile's top functions of the full pass")
    return p


class _Stages:
    """CPU seconds spent per stage of `Extractor.extract`, collected by wrapping each stage
    (CPU time, not wall-clock: it does not count time lost to other processes)."""

    def __init__(self):
        self.seconds: dict[str, float] = defaultdict(float)

    def wrap(self, name: str, fn):
        seconds = self.seconds

        def timed(*args, **kwargs):
            t = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                seconds[name] += time.process_time() - t

        return timed

    def serialize(self, record_line, record) -> str:
        return self.wrap("JSON line", record_line)(record)


def _instrument(extractor, pipeline_module, stages: "_Stages"):
    """Time every stage in place: the clean view, make_doc, each component. Returns a function that
    puts everything back."""
    nlp = extractor.nlp
    clean, components = pipeline_module.clean, extractor.components
    pipeline_module.clean = stages.wrap("clean view", clean)
    nlp.make_doc = stages.wrap("tokenize (make_doc)", nlp.make_doc)
    extractor.components = [(name, stages.wrap(name, proc)) for name, proc in components]

    def undo():
        pipeline_module.clean = clean
        del nlp.make_doc
        extractor.components = components

    return undo


def _drain(engine, chunks) -> None:
    with engine:
        _each(lambda result: None, engine.map(chunks))


def _each(fn, items) -> None:
    for item in items:  # results are dropped at once: 20,000 Docs held together would be GBs
        fn(item)


def _breakdown(seconds: dict[str, float], full: float, bare: float) -> None:
    """CPU seconds per stage, their share of the full pass, and in units of the bare pass."""
    parts = dict(seconds)
    json_line = parts.pop("JSON line", 0.0)
    parts["record (offsets, validation)"] = full - json_line - sum(parts.values())
    parts["JSON line"] = json_line
    print(f"  {'stage (CPU time)':<30} {'seconds':>9} {'share':>6} {'x bare':>7}")
    for name, s in parts.items():
        print(f"  {name:<30} {s:9.2f} {100 * s / full:5.1f}% {s / bare:7.2f}")


def _timed(fn) -> float:
    """Wall-clock seconds of `fn()`; the CPU seconds of this process go to `_cpu[-1]`."""
    t, c = time.perf_counter(), time.process_time()
    fn()
    _cpu.append(time.process_time() - c)
    return time.perf_counter() - t


_cpu: list[float] = []


def _rate(label: str, seconds: float, n: int, cpu: bool = True) -> None:
    print(f"{label:<18} {seconds:7.2f} s  {1000 * seconds / n:.3f} ms/abstract  {n / seconds:7.0f} abstracts/s"
          + (f"  (CPU {_cpu[-1]:.2f} s)" if cpu else ""))


def _profile(fn, top: int = 25) -> None:
    profile = cProfile.Profile()
    profile.runcall(fn)
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(top)
    print(out.getvalue())


if __name__ == "__main__":
    sys.exit(main())
