"""`extract rules check|test|list`: the rule writer's loop, as thin commands over
`ruleset.check_ruleset` and `ruletests.run_examples`."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

EPILOG_CHECK = "example: extract rules check --rules my_rules/"
EPILOG_TEST = "example: extract rules test --rules my_rules/ --field hardware"
EPILOG_LIST = "example: extract rules list --rules my_rules/"


def add_rules_commands(sub, add_rules_arg) -> None:
    """Register the `rules` command group on the main parser's subcommands."""
    rules = sub.add_parser("rules", help="check, test and list rule files",
                           description="Work on rule files: the built-in rules/ plus every --rules DIR.")
    rsub = rules.add_subparsers(dest="rules_command", metavar="SUBCOMMAND")
    rules.set_defaults(handler=lambda args: _usage(rules))

    check = rsub.add_parser("check", help="validate every rule file; list all problems", epilog=EPILOG_CHECK,
                            description="Schema, regexes, fragments, token patterns, word lists and post-processors "
                                        "of every loaded rule file. Prints each problem as "
                                        "`PATH:LINE: what is wrong (rule id)`; exit 1 if any.")
    add_rules_arg(check)
    check.set_defaults(handler=cmd_check)

    test = rsub.add_parser("test", help="run every `examples:` entry; show failures", epilog=EPILOG_TEST,
                           description="Run each example text through the full pipeline and compare the field's "
                                       "mentions with `expect`. Exit 1 on any failure.")
    add_rules_arg(test)
    test.add_argument("--field", action="append", default=[], metavar="FIELD",
                      help="only the examples of FIELD (repeatable)")
    test.set_defaults(handler=cmd_test)

    lst = rsub.add_parser("list", help="show fields, rule ids and their files", epilog=EPILOG_LIST,
                          description="Every field with its rules: id, kind (regex, phrases, tokens) and PATH:LINE.")
    add_rules_arg(lst)
    lst.add_argument("--field", action="append", default=[], metavar="FIELD",
                     help="only FIELD (repeatable)")
    lst.set_defaults(handler=cmd_list)

    from extract.cli.review import add_hits_command

    add_hits_command(rsub, add_rules_arg)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _show(problems, out) -> None:
    base = Path.cwd()
    for p in problems:
        print(p.display(base), file=out)


def cmd_check(args) -> int:
    from extract.engine.ruleset import check_ruleset
    from extract.fields import postprocessor

    report = check_ruleset(args.rules, postprocessor)
    _show(report.problems, sys.stdout)
    _show(report.warnings, sys.stdout)
    files = len(report.ruleset.files)
    rules = sum(len(f.spec.patterns) for f in report.ruleset.files)
    n = len(report.problems)
    status = f"{n} problem{'s' if n != 1 else ''}" if n else "OK"
    print(f"extract: {files} rule files, {len(report.ruleset.fields())} fields, {rules} rules: {status}",
          file=sys.stderr)
    return 1 if n else 0


def cmd_test(args) -> int:
    from extract.engine.ruleset import check_ruleset
    from extract.fields import postprocessor
    from extract.engine.ruletests import run_examples

    report = check_ruleset(args.rules, postprocessor)
    if report.problems:
        _show(report.problems, sys.stdout)
        print("extract: rule files have problems; fix them first (extract rules check)", file=sys.stderr)
        return 1
    from extract.pipeline.extractor import Extractor

    if _unknown_fields(args.field, report.ruleset):
        return 2
    extractor = Extractor(args.rules)
    files = [f for f in report.ruleset.files if not args.field or f.spec.field in args.field]
    results = run_examples(extractor, files)
    failed = [r for r in results if not r.ok]
    for r in failed:
        print(r.report(Path.cwd()))
    for problem in extractor.problems:
        print(f"extract: {problem}", file=sys.stderr)
    print(f"extract: {len(results)} examples, {len(failed)} failed", file=sys.stderr)
    return 1 if failed or extractor.problems else 0


def cmd_list(args) -> int:
    from extract.engine.rulefile import INVALID_PREFIX
    from extract.engine.ruleset import check_ruleset
    from extract.fields import postprocessor
    from extract.pipeline.registry import run_order

    report = check_ruleset(args.rules, postprocessor)
    base = Path.cwd()
    ruleset = report.ruleset
    if _unknown_fields(args.field, ruleset):
        return 2
    fields = [f for f in run_order(ruleset.fields()) if not args.field or f in args.field]
    for field in fields:
        files = ruleset.files_for(field)
        described = next((f.spec.description for f in files if f.spec.description), "")
        print(f"{field}: {' '.join(described.split())}" if described else f"{field}:")
        for f in files:
            for i, p in enumerate(f.spec.patterns):
                if p.id.startswith(INVALID_PREFIX):
                    continue
                where = _display_path(f.path, base)
                print(f"  {p.id:<32} {_kind(p):<12} {where}:{f.line_of('patterns', i)}")
    _show(report.problems, sys.stderr)
    return 1 if report.problems else 0


def _unknown_fields(wanted: list[str], ruleset) -> bool:
    from extract.pipeline.registry import run_order

    unknown = [f for f in wanted if f not in ruleset.fields()]
    if unknown:
        print(f"extract: no rule file defines field {unknown[0]}; known fields: {', '.join(run_order(ruleset.fields()))}",
              file=sys.stderr)
    return bool(unknown)


def _kind(p) -> str:
    if p.regex is not None:
        return "regex"
    if p.tokens is not None:
        return "tokens"
    return "phrases_file" if p.phrases_file else "phrases"


def _display_path(path: Path, base: Path) -> str:
    try:
        return str(Path(path).relative_to(base))
    except ValueError:
        return str(path)
