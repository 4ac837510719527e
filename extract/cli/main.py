"""Command line: thin wrappers that parse arguments and call library functions."""
from __future__ import annotations

import argparse
import json
import os
import sys

from extract import __version__


EPILOG_RUN = "example: extract run seeds/ -o out.jsonl"
EPILOG_EVAL = "example: extract eval --gold data/gold/seeds.jsonl --show methods.proposed"


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        _check_environment()
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


def _check_environment() -> None:
    """Settings read from the environment, checked before any work starts."""
    from extract.engine.budget import budget_from_env
    from extract.engine.matching import regex_timeout

    try:
        if os.environ.get("EXTRACT_REGEX_TIMEOUT"):
            regex_timeout()
        budget_from_env()
    except ValueError as exc:
        raise UserError(str(exc)) from exc


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="extract", description="Structured records from ML paper abstracts.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    run = sub.add_parser("run", help="extract records from abstracts", epilog=EPILOG_RUN,
                         description="Read abstracts (seeds-style .txt, JSONL incl. OpenAlex and Semantic Scholar rows, CSV/TSV, "
                                     "BibTeX, RIS, Parquet; directories, -, .gz) and write one JSON record per abstract.")
    run.add_argument("inputs", nargs="+", metavar="INPUT", help="files, directories, or - for stdin")
    run.add_argument("-o", "--output", default="-",
                     help="output file: JSONL, or a table by its suffix (.csv, .tsv, .xlsx, .parquet) (default: JSONL on stdout)")
    run.add_argument("-j", "--jobs", type=_positive_int, default=None, metavar="N",
                     help="worker processes (default: all cores); the output is the same for every N")
    run.add_argument("--resume", action="store_true",
                     help="continue an interrupted run into the same JSONL output: keeps its complete records, "
                          "cuts a torn last line, processes the rest (same inputs and options as the first run)")
    run.add_argument("--layout", choices=("wide", "long"), default="wide",
                     help="table outputs: one row per abstract (wide) or per mention (long)")
    run.add_argument("-q", "--quiet", action="store_true", help="no progress bar and no summary")
    run.add_argument("--review", metavar="HTML", help="also write a review page of the records (needs -o FILE.jsonl)")
    run.add_argument("--time-budget", metavar="SECONDS",
                     help="time one abstract may take, all fields together (default 0.5, or EXTRACT_TIME_BUDGET; "
                          "off for none); a record that ran out names the field in `stopped` and keeps the others")
    _add_input_args(run)
    run.add_argument("--scheduler", metavar="ADDRESS",
                     help="extract on a running Dask cluster (e.g. tcp://10.0.0.5:8786) instead of local worker "
                          "processes; the records and their order are those of a local run (needs the dask extra)")
    _add_rules_arg(run)
    run.set_defaults(handler=cmd_run)

    ex = sub.add_parser("export", help="write records as a table (CSV, TSV, XLSX, Parquet)",
                        epilog="example: extract export out.jsonl -o out.xlsx --layout long",
                        description="Turn records JSONL into a table: one row per abstract (wide) or per mention "
                                    "(long). The format follows the -o suffix; cells that would run as formulas "
                                    "are prefixed with '.")
    ex.add_argument("records", metavar="RECORDS", help="records JSONL written by `extract run` (.gz or - too)")
    ex.add_argument("-o", "--output", required=True,
                    help="table file: .csv, .tsv, .xlsx (needs the xlsx extra) or .parquet (needs the parquet extra)")
    ex.add_argument("--layout", choices=("wide", "long"), default="wide",
                    help="one row per abstract with a column per field (wide), or one row per mention (long)")
    ex.set_defaults(handler=cmd_export)

    ev = sub.add_parser("eval", help="score extraction against gold records", epilog=EPILOG_EVAL,
                        description="Precision, recall and F1 per field by the rules of FIELDS.md.")
    ev.add_argument("--gold", required=True, help="gold JSONL (id, text and the fields)")
    ev.add_argument("--pred", help="predicted records JSONL (default: run the pipeline on the gold texts)")
    ev.add_argument("--json", action="store_true", help="print scores as JSON")
    ev.add_argument("--show", metavar="FIELD", action="append", default=[],
                    help="list misses and false alarms of FIELD (e.g. methods.proposed); repeatable")
    ev.add_argument("--html", metavar="OUT", help="also write a page of the abstracts marked found, missed and "
                                                  "false alarm, with the scores on top")
    _add_rules_arg(ev)
    ev.set_defaults(handler=cmd_eval)

    sc = sub.add_parser("schema", help="print the record JSON Schema", epilog="example: extract schema > record.schema.json")
    sc.set_defaults(handler=cmd_schema)

    from extract.cli.rules import add_rules_commands

    add_rules_commands(sub, _add_rules_arg)
    from extract.cli.review import add_review_command

    add_review_command(sub)
    return p


def _add_input_args(p: argparse.ArgumentParser) -> None:
    from extract.inputs.options import FORMATS

    p.add_argument("--format", choices=FORMATS, default=None,
                   help="read every input as this format (default: by suffix - .txt .jsonl .csv .tsv .bib .ris "
                        ".parquet, each also .gz - else by content)")
    p.add_argument("--text-column", metavar="NAME",
                   help="CSV/TSV/Parquet column (or JSON key) of the abstract (default: the first of abstract, "
                        "Abstract, AB, summary, text, ...)")
    p.add_argument("--id-column", metavar="NAME", help="column or key of the id (default: id, paperId, corpusid, doi, ...)")
    p.add_argument("--title-column", metavar="NAME", help="column or key of the title (default: title, TI, ...)")


def _input_options(args):
    from extract.inputs.options import InputOptions

    return InputOptions(format=args.format, text_column=args.text_column, id_column=args.id_column,
                        title_column=args.title_column)


def _add_rules_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", action="append", default=[], metavar="DIR",
                   help="extra directory of rule files (repeatable); a file for an existing field extends it")


def _extractor(rules_dirs):
    from extract.pipeline.extractor import Extractor
    from extract.engine.rulefile import RuleFileError
    from extract.resources.wordlists import WordListError

    try:
        return Extractor(rules_dirs)
    except (RuleFileError, WordListError) as exc:
        raise UserError(str(exc)) from exc


def _set_time_budget(value: str) -> None:
    """`--time-budget`: checked here, then set as EXTRACT_TIME_BUDGET, where the worker
    processes read it and the resume fingerprint records it (a Dask cluster's workers read
    their own environment)."""
    from extract.engine.budget import BUDGET_ENV, parse_budget

    try:
        parse_budget(value, "--time-budget")
    except ValueError as exc:
        raise UserError(str(exc)) from exc
    os.environ[BUDGET_ENV] = value


def cmd_run(args) -> int:
    from extract.extras import MissingExtra
    from extract.outputs.export import ExportError
    from extract.run.parallel import WorkerError, default_jobs
    from extract.run.progress import format_summary
    from extract.outputs.resume import ResumeError
    from extract.outputs.sinks import output_format
    from extract.run.runner import RunConfig, RunError, run, stop_on_signals

    from extract.cli.review import check_run_review, write_run_review

    check_run_review(args)
    if args.time_budget is not None:
        _set_time_budget(args.time_budget)
    extractor = _extractor(args.rules)  # rule errors show here, before any worker starts
    jobs = args.jobs or default_jobs()
    config = RunConfig(inputs=tuple(args.inputs), output=args.output, rules_dirs=tuple(args.rules), jobs=jobs,
                       resume=args.resume, layout=args.layout, progress=not args.quiet and sys.stderr.isatty(),
                       input_options=_input_options(args), scheduler=args.scheduler)
    resumable = args.output != "-" and output_format(args.output) == "jsonl"
    stop_on_signals(resumable)
    try:
        summary = run(config, extractor=extractor)  # forked workers share it
    except (RunError, ResumeError, WorkerError, ExportError, MissingExtra) as exc:
        raise UserError(str(exc)) from exc
    except OSError as exc:
        raise UserError(f"{exc.filename or args.output}: cannot write: {exc.strerror or exc}") from exc
    if not args.quiet:
        for line in format_summary(summary, summary.elapsed):
            print(line, file=sys.stderr)
    if summary.interrupted:
        if resumable:
            print("extract: interrupted; the same command with --resume finishes the job", file=sys.stderr)
        elif args.output != "-":
            print(f"extract: interrupted; {args.output} holds the records written so far (a table cannot be "
                  "resumed: write JSONL with -o out.jsonl, resume that, then `extract export`)", file=sys.stderr)
        else:
            print("extract: interrupted", file=sys.stderr)
        return 130
    if args.review:
        write_run_review(args)
    return 1 if summary.rejected or summary.failed else 0


def cmd_export(args) -> int:
    from extract.extras import MissingExtra
    from extract.outputs.export import ExportError, export_records
    from extract.run.runner import RunError, check_output_is_not_input

    def report(message: str) -> None:
        print(message, file=sys.stderr)

    try:
        check_output_is_not_input(args.output, [args.records])
        summary = export_records(args.records, args.output, args.layout, report=report)
    except (ExportError, MissingExtra, RunError) as exc:
        raise UserError(str(exc)) from exc
    except OSError as exc:
        raise UserError(f"{exc.filename or args.output}: cannot write: {exc.strerror or exc}") from exc
    print(f"extract: {summary.records} records exported as {summary.rows} rows to {args.output}, "
          f"{summary.rejected} rows rejected", file=sys.stderr)
    if summary.cut_cells:
        print(f"extract: {summary.cut_cells} cells were too long for the format and cut (marked with [cut])",
              file=sys.stderr)
    return 1 if summary.rejected else 0


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value


def cmd_eval(args) -> int:
    from extract.evaluation.scoring import score_pairs
    from extract.inputs.readers import Abstract
    from extract.pipeline.records import BUILTIN_FIELDS
    from extract.evaluation.report import format_scores

    gold = _read_jsonl(args.gold, check=_gold_checker(args.rules))
    if args.pred:
        preds = {r.get("id"): r for r in _read_jsonl(args.pred)}
    else:
        extractor = _extractor(args.rules)
        preds = {}
        for number, g in enumerate(gold, start=1):
            text = g.get("text", g.get("abstract"))
            if not isinstance(text, str):
                raise UserError(f"{args.gold}:{number}: gold row {g['id']} has no 'text' or 'abstract'")
            title = g.get("title") if isinstance(g.get("title"), str) else None
            abstract = Abstract(id=g["id"], source=args.gold, text=text, title=title)
            preds[g["id"]] = extractor.extract(abstract).model_dump()
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
    if args.html:
        from extract.cli.review import write_eval_page

        write_eval_page(args.html, gold, preds, scores, long_forms, args.gold)
    return 0


def cmd_schema(args) -> int:
    from extract.pipeline.records import Record

    print(json.dumps(Record.model_json_schema(), indent=2))
    return 0


def _gold_checker(rules_dirs):
    """Checks a gold row against FIELDS.md and the fields of the rules in use."""
    from extract.engine.rulefile import RuleFileError
    from extract.engine.ruleset import load_ruleset
    from extract.evaluation.goldcheck import check_gold_row
    from extract.pipeline.registry import is_output

    try:
        fields = [f for f in load_ruleset(tuple(rules_dirs)).fields() if is_output(f)]
    except RuleFileError as exc:
        raise UserError(str(exc)) from exc
    return lambda row: check_gold_row(row, fields)


def _read_jsonl(path: str, check=None) -> list[dict]:
    """Gold or prediction rows; the first bad line stops the command with PATH:LINE.
    `check(row)` raises ValueError for a row that is valid JSON but not a valid row."""
    rows = []
    try:
        with open(path, "rb") as fh:
            for number, raw in enumerate(fh, start=1):
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as exc:
                    raise UserError(f"{path}:{number}: invalid UTF-8 ({exc.reason})") from exc
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise UserError(f"{path}:{number}: not valid JSON ({exc.msg})") from exc
                if not isinstance(row, dict) or "id" not in row:
                    raise UserError(f"{path}:{number}: expected a JSON object with an `id`")
                if check is not None:
                    try:
                        check(row)
                    except ValueError as exc:
                        raise UserError(f"{path}:{number}: {exc}") from exc
                rows.append(row)
    except OSError as exc:
        raise UserError(f"{path}: cannot read file: {exc.strerror or exc}") from exc
    return rows


if __name__ == "__main__":
    sys.exit(main())
