"""Run the extractor over inputs and write records as they are made: in parallel, in input
order, resumable after a crash, with progress on a terminal.

Reading stays in this process, so bad rows are reported here as `PATH:LINE: message`
whatever `jobs` is; workers only turn abstracts into JSON lines (see `parallel`).
"""
from __future__ import annotations

import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from extract.inputs.readers import Abstract, InputProblem, read_inputs
from extract.outputs.sinks import open_sink, output_format
from extract.run.parallel import ChunkExtractor
from extract.run.progress import Progress
from extract.outputs.resume import prepare_resume, skip_done
from extract.engine.ruleset import load_ruleset
from extract.pipeline.registry import BY_NAME

CHUNK_SIZE = 64  # abstracts per task sent to a worker: ~0.2 s of work, a few hundred KB


class RunError(Exception):
    """The run cannot start as asked (e.g. --resume with a table output)."""


@dataclass(frozen=True)
class RunConfig:
    inputs: tuple[str, ...]
    output: str = "-"
    rules_dirs: tuple[str, ...] = ()
    jobs: int = 1
    resume: bool = False
    layout: str = "wide"  # for table outputs (.csv, .tsv, .xlsx)
    progress: bool = False  # draw a progress bar on stderr
    chunk_size: int = CHUNK_SIZE


@dataclass
class Summary:
    written: int = 0  # records written by this run
    rejected: int = 0  # input rows skipped as unreadable
    failed: int = 0  # abstracts whose extraction raised (written with an `error` key)
    resumed: int = 0  # records already in the output when resuming
    mentions: Counter = field(default_factory=Counter)
    interrupted: bool = False
    elapsed: float = 0.0


def run(config: RunConfig, extractor=None, report: Callable[[str], None] | None = None) -> Summary:
    """Extract every abstract of `config.inputs` into `config.output`; report problems to
    `report` (default: stderr, above the progress bar) and keep going. Ctrl-C stops cleanly
    with `summary.interrupted` set; every record written so far is complete."""
    started = time.perf_counter()
    summary = Summary()
    point = _resume_point(config, report)
    extra = [f for f in load_ruleset(tuple(config.rules_dirs)).fields() if f not in BY_NAME]  # table columns
    sink = open_sink(config.output, config.layout, extra, append=point is not None)
    try:
        # Workers start before the progress bar: they are forked, and the bar runs threads.
        with ChunkExtractor(config.rules_dirs, config.jobs, extractor) as engine, \
                Progress(config.progress, config.inputs) as progress:
            say = report or progress.write
            items: Iterable = read_inputs(config.inputs)
            if point is not None:
                items = skip_done(items, point, on_skip=lambda: _skipped(summary, progress))
            for result in engine.map(_chunks(items, config.chunk_size, summary, say, progress)):
                for line in result.lines:
                    sink.write(line)
                sink.flush()
                for problem in result.problems:
                    say(problem)
                summary.written += len(result.lines)
                summary.failed += result.failed
                summary.mentions.update(result.mentions)
                progress.update(len(result.lines))
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        sink.close()
    summary.elapsed = time.perf_counter() - started
    return summary


def stop_on_sigterm() -> None:
    """Let `kill` (SIGTERM) stop a run as Ctrl-C does: cleanly, with a summary. For
    commands, not libraries: it sets the process's signal handler."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


def _resume_point(config: RunConfig, report):
    if not config.resume:
        return None
    if config.output == "-" or output_format(config.output) != "jsonl":
        raise RunError("--resume needs a JSONL output file (-o out.jsonl); make tables from it afterwards "
                       "with `extract export`")
    point = prepare_resume(config.output)
    if point.dropped:
        (report or _stderr)(f"{config.output}: cut off a torn last line ({point.dropped} bytes); "
                            f"resuming after {point.done} complete records")
    return point


def _chunks(items: Iterable, size: int, summary: Summary, say, progress) -> Iterator[list[Abstract]]:
    """Abstracts in lists of `size`; bad rows are reported and counted on the way."""
    chunk: list[Abstract] = []
    for item in items:
        if isinstance(item, InputProblem):
            summary.rejected += 1
            say(str(item))
            progress.update(1)
            continue
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _skipped(summary: Summary, progress: Progress) -> None:
    summary.resumed += 1
    progress.update(1)


def _stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
