"""Run the extractor over inputs and write records as they are made: in parallel, in input
order, resumable after a crash, with progress on a terminal.

Reading stays in this process, so bad rows are reported here as `PATH:LINE: message`
whatever `jobs` is; workers only turn abstracts into JSON lines (see `parallel`).
"""
from __future__ import annotations

import os
import signal
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator

from extract.inputs.readers import Abstract, InputOptions, InputProblem, read_inputs
from extract.outputs.sinks import open_sink, output_format
from extract.run.parallel import ChunkExtractor
from extract.run.progress import Progress
from extract.outputs.fingerprint import check_fingerprint, fingerprint, write_fingerprint
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
    input_options: InputOptions = InputOptions()  # --format and the --*-column choices
    scheduler: str | None = None  # a Dask `distributed` scheduler's address: extract there, not in local workers


@dataclass
class Summary:
    written: int = 0  # records written by this run
    rejected: int = 0  # input rows skipped as unreadable
    failed: int = 0  # abstracts whose extraction raised (written with an `error` key)
    resumed: int = 0  # records already in the output when resuming
    mentions: Counter = field(default_factory=Counter)
    interrupted: bool = False
    elapsed: float = 0.0
    cut_cells: int = 0  # table cells cut to the format's limit (XLSX: 32,767 characters)


def run(config: RunConfig, extractor=None, report: Callable[[str], None] | None = None) -> Summary:
    """Extract every abstract of `config.inputs` into `config.output`; report problems to
    `report` (default: stderr, above the progress bar) and keep going. Ctrl-C stops cleanly
    with `summary.interrupted` set; every record written so far is complete."""
    started = time.perf_counter()
    summary = Summary()
    check_output_is_not_input(config.output, config.inputs)
    resumable = config.output != "-" and output_format(config.output) == "jsonl"
    fp = fingerprint(config.inputs, config.rules_dirs, _options(config)) if resumable else None
    point = _resume_point(config, report, fp)
    if fp is not None and not (point is not None and point.fingerprinted):
        write_fingerprint(config.output, fp)  # before the first record, so a crash leaves it
    extra = [f for f in load_ruleset(tuple(config.rules_dirs)).fields() if f not in BY_NAME]  # table columns
    sink = open_sink(config.output, config.layout, extra, append=point is not None)
    try:
        # Workers start before the progress bar: they are forked, and the bar runs threads.
        with _engine(config, extractor) as engine, Progress(config.progress, config.inputs) as progress:
            say = report or progress.write
            items: Iterable = read_inputs(config.inputs, options=config.input_options)
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
        summary.cut_cells = getattr(sink, "cut_cells", 0)
    summary.elapsed = time.perf_counter() - started
    return summary


def _options(config: RunConfig) -> dict:
    """The input options that change records, for the run's fingerprint."""
    return asdict(config.input_options)


def _engine(config: RunConfig, extractor):
    if config.scheduler:
        from extract.run.cluster import ClusterChunkExtractor

        return ClusterChunkExtractor(config.scheduler, config.rules_dirs)
    return ChunkExtractor(config.rules_dirs, config.jobs, extractor)


def stop_on_signals(resumable: bool) -> None:
    """Let `kill` (SIGTERM) stop a run as Ctrl-C does: cleanly, with a summary; and a second
    Ctrl-C or SIGTERM stop it at once, whatever it is doing (records are flushed a line at
    a time, so the output stays resumable). For commands, not libraries: it sets the
    process's signal handlers."""
    def hard_stop(signum, frame):
        hint = " (finish with --resume)" if resumable else ""
        os.write(2, f"extract: stopped at once on a second signal{hint}\n".encode())
        os._exit(128 + signum)

    def interrupt(signum, frame):
        signal.signal(signal.SIGINT, hard_stop)
        signal.signal(signal.SIGTERM, hard_stop)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)


def check_output_is_not_input(output: str, inputs: Iterable[str]) -> None:
    """Refuse an output that is one of the inputs, or inside an input directory: opening it
    for writing would empty the input before it is read (or feed the run its own output)."""
    if output == "-":
        return
    out = Path(output).resolve()
    for given in inputs:
        if given == "-":
            continue
        path = Path(given).resolve()
        same = out == path or (out.exists() and path.exists() and os.path.samefile(out, path))
        if same or (path.is_dir() and path in out.parents):
            where = "is the input" if same else "is inside the input directory"
            raise RunError(f"{output}: the output {where} {given}; choose another -o (nothing was written)")


def _resume_point(config: RunConfig, report, fp: dict | None):
    if not config.resume:
        return None
    if fp is None:
        raise RunError("--resume needs a JSONL output file (-o out.jsonl); make tables from it afterwards "
                       "with `extract export`")
    found = check_fingerprint(config.output, fp)  # before anything in the output is cut
    point = replace(prepare_resume(config.output), fingerprinted=found)
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
