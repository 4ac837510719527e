"""Run N generated abstracts (tests/fuzzing.py: real sentences mixed with markup, numbers,
brackets, URLs, odd Unicode; a share of them with one hostile run) through the Python API
and report crashes, offset/order/JSON violations and time per abstract.

    python bench/fuzz.py -n 100000 --seed 0 --hostile 0.05 --worst worst.jsonl

Times are per `Extractor.extract` call, in wall clock (which includes whatever else the
machine is doing) and in CPU time of the thread; the 99.9th percentile and the slowest abstract are what the budget
speaks of (<= 50 ms and <= 1 s).
"""
from __future__ import annotations

import argparse
import heapq
import json
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzzing import abstract, problems  # noqa: E402

from extract import Extractor  # noqa: E402
from extract.inputs.readers import Abstract  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-n", type=int, default=100_000, help="abstracts to generate (default 100,000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--hostile", type=float, default=0.05, help="share of abstracts with a hostile run")
    p.add_argument("--worst", help="write the 20 slowest abstracts (and any failures) to this JSONL file")
    args = p.parse_args(argv)

    rng = random.Random(args.seed)
    extractor = Extractor()
    times: list[float] = []
    cpu: list[float] = []  # CPU time of this thread: what the abstract costs on a busy machine
    slowest: list[tuple[float, int, str]] = []  # a heap of the 20 slowest
    crashes, violations = [], []
    chars = 0
    started = time.perf_counter()
    for i in range(args.n):
        text = abstract(rng, hostile=rng.random() < args.hostile)
        chars += len(text)
        t0, c0 = time.perf_counter(), time.thread_time()
        try:
            record = extractor.extract(Abstract(id=f"fuzz#{i}", source="<fuzz>", text=text))
        except Exception as exc:  # noqa: BLE001 - counting them is the point
            crashes.append({"i": i, "text": text, "error": f"{type(exc).__name__}: {exc}",
                            "where": traceback.format_exc(limit=-3)})
            continue
        elapsed = time.perf_counter() - t0
        cpu.append(time.thread_time() - c0)
        extractor.problems.clear()
        times.append(elapsed)
        heapq.heappush(slowest, (elapsed, i, text))
        if len(slowest) > 20:
            heapq.heappop(slowest)
        found = problems(record)
        if found:
            violations.append({"i": i, "text": text, "problems": found})
        if (i + 1) % 10_000 == 0:
            print(f"  {i + 1:,} done, {time.perf_counter() - started:.0f}s", file=sys.stderr, flush=True)
    total = time.perf_counter() - started

    times.sort()
    cpu.sort()
    n = len(times)

    def pct(q: float, values: list[float] = times) -> float:
        return values[min(n - 1, int(q * n))] * 1000 if n else 0.0

    print(f"abstracts: {args.n:,} (seed {args.seed}, hostile share {args.hostile}), "
          f"{chars / max(1, args.n):,.0f} chars on average, {total:.0f}s in all")
    print(f"crashes: {len(crashes)}; records with offset/order/JSON violations: {len(violations)}")
    print(f"ms per abstract: median {pct(0.5):.2f}, p99 {pct(0.99):.2f}, p99.9 {pct(0.999):.2f}, "
          f"slowest {times[-1] * 1000 if n else 0:.1f} (wall clock)")
    print(f"CPU ms per abstract: median {pct(0.5, cpu):.2f}, p99 {pct(0.99, cpu):.2f}, "
          f"p99.9 {pct(0.999, cpu):.2f}, slowest {pct(1.0, cpu):.1f}")
    for elapsed, i, text in sorted(slowest, reverse=True)[:5]:
        print(f"  slow: #{i} {elapsed * 1000:.1f} ms, {len(text)} chars: {text[:80]!r}")
    for c in crashes[:5]:
        print(f"  crash: #{c['i']} {c['error']}")
    for v in violations[:5]:
        print(f"  violation: #{v['i']} {v['problems'][:2]}")
    if args.worst:
        with open(args.worst, "w", encoding="utf-8") as fh:
            for elapsed, i, text in sorted(slowest, reverse=True):
                fh.write(json.dumps({"i": i, "ms": round(elapsed * 1000, 1), "text": text}) + "\n")
            for row in crashes + violations:
                fh.write(json.dumps(row) + "\n")
    return 1 if crashes or violations else 0


if __name__ == "__main__":
    sys.exit(main())
