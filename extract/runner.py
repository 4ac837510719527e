"""Run the extractor over inputs and write records as they are made."""
from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Iterable

import jsonlines

from .inputs import Abstract, InputProblem, read_inputs
from .output import open_output


@dataclass
class Summary:
    written: int = 0
    rejected: int = 0


def run_to_file(extractor, inputs: Iterable[str], output: str, problems: IO[str]) -> Summary:
    """Extract every abstract of `inputs` into `output` ("-" for stdout); report bad rows
    to `problems` as `PATH:LINE: what is wrong` and keep going."""
    summary = Summary()
    with open_output(output) as sink:
        for item in read_inputs(inputs):
            if isinstance(item, InputProblem):
                summary.rejected += 1
                print(item, file=problems, flush=True)
                continue
            record = extractor.extract(item)
            sink.write(record.model_dump(mode="json"))
            summary.written += 1
            for p in extractor.problems:
                print(f"{item.source}:{item.line}: {p}", file=problems)
            extractor.problems.clear()
    return summary
