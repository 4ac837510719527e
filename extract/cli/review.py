"""`extract review`, `extract rules hits`, and the `--html` / `--review` pages of `eval` and
`run`: thin commands over `extract.review`."""
from __future__ import annotations

import sys
import time
from pathlib import Path

EPILOG_REVIEW = "example: extract review out.jsonl -o review.html"
EPILOG_HITS = ("examples: extract rules hits corpus.jsonl.gz --rule datasets.bench_suffix --sample 30\n"
               "          extract rules hits corpus.jsonl.gz --regex '\\b[A-Z]{2,}-\\d+k\\b' --html hits.html")


def _say(message: str) -> None:
    print(message, file=sys.stderr)


def _user_error(exc: Exception):
    from extract.cli.main import UserError

    return UserError(str(exc))


def add_review_command(sub) -> None:
    rv = sub.add_parser("review", help="write a review page (HTML) of records", epilog=EPILOG_REVIEW,
                        description="One self-contained HTML file (no network) showing every abstract with its "
                                    "mentions highlighted per field, keys and rule id on hover, filters by field and "
                                    "rule, search, and a table of each abstract's records. `--format displacy` "
                                    "writes spaCy displaCy span-style JSON instead.")
    rv.add_argument("records", metavar="RECORDS", help="records JSONL written by `extract run` (.gz or - too)")
    rv.add_argument("-o", "--output", required=True, help="the page to write (.html), or the JSON for displacy")
    rv.add_argument("--format", choices=("html", "displacy"), default="html",
                    help="html (default), or displacy: a JSON list for displacy.render(..., style='span', manual=True)")
    rv.add_argument("--title", default=None, help="page title (default: the records file name)")
    rv.set_defaults(handler=cmd_review)


def cmd_review(args) -> int:
    from extract.review.build import ReviewError, read_records, review_html, write_page

    bad: list[str] = []

    def report(message: str) -> None:
        bad.append(message)
        _say(message)

    try:
        records = list(read_records(args.records, report))
        if args.format == "displacy":
            import json

            from extract.review.displacy import displacy_docs

            write_page(args.output, json.dumps(list(displacy_docs(records)), ensure_ascii=False) + "\n")
            _say(f"extract: {len(records)} records as displaCy spans in {args.output}")
        else:
            page, n = review_html(records, title=args.title or f"extract review: {Path(args.records).name}")
            write_page(args.output, page)
            _say(f"extract: review page of {n} abstracts written to {args.output} ({len(page) / 1e6:.1f} MB)")
    except ReviewError as exc:
        raise _user_error(exc) from exc
    return 1 if bad else 0


def check_run_review(args) -> None:
    """`run --review PAGE` reads the records back from `-o`: it needs a JSONL file there."""
    from extract.outputs.export import table_format

    if getattr(args, "review", None) and (args.output == "-" or table_format(args.output) is not None):
        raise _user_error(ValueError("--review needs the records in a JSONL file: give -o FILE.jsonl"))


def write_run_review(args) -> None:
    from extract.review.build import ReviewError, read_records, review_html, write_page

    try:
        page, n = review_html(read_records(args.output, _say), title=f"extract review: {Path(args.output).name}")
        write_page(args.review, page)
    except ReviewError as exc:
        raise _user_error(exc) from exc
    if not args.quiet:
        _say(f"extract: review page of {n} abstracts written to {args.review}")


def write_eval_page(path: str, gold: list[dict], preds: dict, scores, long_forms, gold_path: str) -> None:
    from extract.review.build import ReviewError, eval_html, write_page

    try:
        write_page(path, eval_html(((g, preds[g["id"]]) for g in gold), scores, long_forms,
                                   title=f"extract eval: {Path(gold_path).name}"))
    except ReviewError as exc:
        raise _user_error(exc) from exc
    _say(f"extract: eval page written to {path}")


def add_hits_command(rsub, add_rules_arg) -> None:
    import argparse

    hits = rsub.add_parser("hits", help="concordance: where a rule or a draft pattern fires on a corpus",
                           epilog=EPILOG_HITS, formatter_class=argparse.RawDescriptionHelpFormatter,
                           description="Count the abstracts and hits of a rule (run through the pipeline and "
                                       "selected by the mentions' rule id), a draft --regex (matched on the clean "
                                       "text, as rule regexes are) or a draft --phrases word list, and show a seeded "
                                       "sample of hits in context. Size a new rule with it before adding it.")
    hits.add_argument("inputs", nargs="+", metavar="CORPUS", help="abstracts, as `extract run` reads them")
    what = hits.add_mutually_exclusive_group(required=True)
    what.add_argument("--rule", metavar="ID", help="a rule id (e.g. datasets.bench_suffix); `FIELD.` for every rule of FIELD")
    what.add_argument("--regex", metavar="R", help="a draft regex (Python `regex` syntax)")
    what.add_argument("--phrases", metavar="FILE", help="a draft word list (.txt one phrase a line, or .tsv)")
    hits.add_argument("--records", action="store_true",
                      help="--rule: CORPUS is records JSONL written by `extract run`; select their mentions "
                           "instead of running the pipeline again (seconds instead of minutes)")
    hits.add_argument("-i", "--ignore-case", action="store_true", help="--regex/--phrases: match any case")
    hits.add_argument("--sample", type=int, default=30, metavar="N", help="hits to show (default 30; 0: counts only)")
    hits.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the sample (default 0)")
    hits.add_argument("--limit", type=int, default=None, metavar="N", help="read only the first N abstracts")
    hits.add_argument("--width", type=int, default=45, metavar="W", help="context characters each side (default 45)")
    hits.add_argument("--html", metavar="OUT", help="also write the hits as a page (sample on top, abstracts below)")
    add_rules_arg(hits)
    hits.set_defaults(handler=cmd_hits)


def cmd_hits(args) -> int:
    from extract.inputs.readers import read_inputs
    from extract.review import concordance as cc

    if args.sample < 0 or (args.limit is not None and args.limit < 1):
        raise _user_error(ValueError("--sample must be 0 or more and --limit 1 or more"))
    if args.records and not args.rule:
        raise _user_error(ValueError("--records goes with --rule (records hold rule ids, not patterns)"))
    if args.records:
        finder = query = None
    elif args.rule:
        from extract.cli.main import _extractor

        finder, query = cc.rule_finder(_extractor(args.rules), args.rule), f"rule {args.rule}"
    elif args.regex is not None:
        try:
            finder, query = cc.regex_finder(args.regex, args.ignore_case), f"regex {args.regex}"
        except ValueError as exc:
            raise _user_error(exc) from exc
    else:
        from extract.resources.wordlists import WordListError

        try:
            finder, query = cc.phrase_finder(args.phrases, args.ignore_case), f"phrases {args.phrases}"
        except WordListError as exc:
            raise _user_error(exc) from exc
    started = time.perf_counter()
    if args.records:
        from extract.review.build import ReviewError, read_records

        try:
            result = cc.records_concordance((r for path in args.inputs for r in read_records(path, _say)),
                                            args.rule, args.limit)
        except ReviewError as exc:
            raise _user_error(exc) from exc
    else:
        result = cc.concordance(read_inputs(args.inputs), finder, query, args.limit)
    for problem in result.problems:
        _say(problem)
    sample = result.sample(args.sample, args.seed)
    for line in cc.report_lines(result, sample, args.width):
        print(line)
    if args.rule and not result.found:
        _say(_unknown_rule_hint(args.rule, args.rules))
    if args.html:
        from extract.review.build import ReviewError, write_page
        from extract.review.page import render_page

        docs, kwic = cc.page_docs(result, sample)
        summary = [f"{result.hits} hits in {len(result.found)} of {result.read} abstracts; "
                   f"sample of {len(sample)} (seed {args.seed})"]
        try:
            write_page(args.html, render_page(docs, mode="hits", title=f"extract rules hits: {result.query}",
                                              summary=summary, kwic=kwic))
        except ReviewError as exc:
            raise _user_error(exc) from exc
        _say(f"extract: hits page written to {args.html}")
    _say(f"extract: {result.read} abstracts read in {time.perf_counter() - started:.1f}s")
    return 1 if result.problems else 0


def _unknown_rule_hint(rule: str, rules_dirs) -> str:
    """No hit: say whether the id is one a rule file defines (some ids come from code)."""
    import difflib

    from extract.engine.ruleset import load_ruleset

    ids = [p.id for f in load_ruleset(tuple(rules_dirs)).files for p in f.spec.patterns]
    if rule in ids or rule.endswith("."):
        return f"extract: rule {rule} found nothing in these abstracts"
    close = difflib.get_close_matches(rule, ids, n=3)
    return (f"extract: no mention has rule {rule}; it is not a rule file id either"
            + (f" (did you mean {', '.join(close)}?)" if close else "")
            + "; `extract rules list` shows the ids")
