"""Command line: thin wrappers that parse arguments and call library functions."""
from __future__ import annotations

import argparse
import json
import sys
import time

from . import __version__

EPILOG_RUN = "example: extract run seeds/ -o out.jsonl"
EPILOG_EVAL = "example: extract eval --gold data/gold/seeds.jsonl --show methods.proposed"


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        return args.handler(args)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("extract: interrupted", file=sys.stderr)
        return 130
    except UserError as exc:
        print(f"extract: {exc}", file=sys.stderr)
        return 2


class UserError(Exception):
    """A mistake in the command's arguments or files: printed as one line, no traceback."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="extract", description="Structured records from ML paper abstracts.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    run = sub.add_parser("run", help="extract records from abstracts", epilog=EPILOG_RUN,
                         description="Read abstracts (seeds-style .txt, .jsonl, directories, -, .gz) and write one JSON record per abstract.")
    run.add_argument("inputs", nargs="+", metavar="INPUT", help="files, directories, or - for stdin")
    run.add_argument("-o", "--output", default="-", help="output JSONL file (default: stdout)")
    _add_rules_arg(run)
    run.set_defaults(handler=cmd_run)

    ev = sub.add_parser("eval", help="score extraction against gold records", epilog=EPILOG_EVAL,
                        description="Precision, recall and F1 per field by the rules of FIELDS.md.")
    ev.add_argument("--gold", required=True, help="gold JSONL (id, text and the fields)")
    ev.add_argument("--pred", help="predicted records JSONL (default: run the pipeline on the gold texts)")
    ev.add_argument("--json", action="store_true", help="print scores as JSON")
    ev.add_argument("--show", metavar="FIELD", action="append", default=[],
                    help="list misses and false alarms of FIELD (e.g. methods.proposed); repeatable")
    _add_rules_arg(ev)
    ev.set_defaults(handler=cmd_eval)

    sc = sub.add_parser("schema", help="print the record JSON Schema", epilog="example: extract schema > record.schema.json")
    sc.set_defaults(handler=cmd_schema)
    return p


def _add_rules_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", action="append", default=[], metavar="DIR",
                   help="extra directory of rule files (repeatable); a file for an existing field extends it")


def _extractor(rules_dirs):
    from .pipeline import Extractor
    from .rulefile import RuleFileError
    from .wordlists import WordListError

    try:
        return Extractor(rules_dirs)
    except (RuleFileError, WordListError) as exc:
        raise UserError(str(exc)) from exc


def cmd_run(args) -> int:
    from .runner import run_to_file

    extractor = _extractor(args.rules)
    started = time.perf_counter()
    summary = run_to_file(extractor, args.inputs, args.output, problems=sys.stderr)
    elapsed = time.perf_counter() - started
    rate = summary.written / elapsed if elapsed else 0.0
    print(f"extract: {summary.written} records written, {summary.rejected} rows rejected, "
          f"{elapsed:.1f}s ({rate:.0f} abstracts/s)", file=sys.stderr)
    return 1 if summary.rejected else 0


def cmd_eval(args) -> int:
    from .evaluate import score_pairs
    from .inputs import Abstract
    from .records import BUILTIN_FIELDS
    from .report import format_scores

    gold = _read_jsonl(args.gold)
    if args.pred:
        preds = {r.get("id"): r for r in _read_jsonl(args.pred)}
    else:
        extractor = _extractor(args.rules)
        preds = {g["id"]: extractor.extract(Abstract(id=g["id"], source=args.gold, text=g["text"])).model_dump()
                 for g in gold}
    missing = [g["id"] for g in gold if g["id"] not in preds]
    if missing:
        raise UserError(f"{args.pred}: no record for {len(missing)} gold ids, e.g. {missing[0]}")
    extra = sorted({k for g in gold for k, v in g.items() if isinstance(v, list)} - set(BUILTIN_FIELDS))
    scores, long_forms = score_pairs(((g, preds[g["id"]]) for g in gold), extra)
    if args.json:
        out = {k: v.as_dict() for k, v in scores.items()}
        out["long_form_accuracy"] = {"accuracy": round(long_forms.value, 4), "n": long_forms.total}
        print(json.dumps(out, indent=2))
    else:
        print(format_scores(scores, long_forms, args.show))
    return 0


def cmd_schema(args) -> int:
    from .records import Record

    print(json.dumps(Record.model_json_schema(), indent=2))
    return 0


def _read_jsonl(path: str) -> list[dict]:
    rows = []
    try:
        with open(path, encoding="utf-8") as fh:
            for number, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise UserError(f"{path}:{number}: not valid JSON ({exc.msg})") from exc
                if not isinstance(row, dict) or "id" not in row:
                    raise UserError(f"{path}:{number}: expected a JSON object with an `id`")
                rows.append(row)
    except OSError as exc:
        raise UserError(f"{path}: cannot read file: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise UserError(f"{path}: invalid UTF-8 ({exc.reason})") from exc
    return rows


if __name__ == "__main__":
    sys.exit(main())
