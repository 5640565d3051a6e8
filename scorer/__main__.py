"""``scorer score FILE``: score a list file on the command line; ``scorer serve``: run the app."""

from __future__ import annotations

import argparse
import json
import sys

from scorer.engine import ScoringError, parse_document, score_document
from scorer.engine.breakdown_examples import breakdown_examples
from scorer.engine.rules_table import into, rules_table

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # One line, like every other refusal of this command.
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message}\n")


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as file:
        return file.read()


def _rules_table(lang: str, path: str | None) -> int:
    """Print the house-rules table, or write it into a doc between its marks."""
    table = rules_table(lang=lang)
    if path is None:
        sys.stdout.write(table)
        return 0
    try:
        with open(path, encoding="utf-8") as file:
            text = into(file.read(), table)
    except (OSError, ValueError) as error:
        print(f"{path}: {getattr(error, 'strerror', None) or error}", file=sys.stderr)
        return 1
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _Parser(prog="python -m scorer", description="Score a Schafkopf list file.")
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="print each deal's payouts, the totals and the settlement")
    score.add_argument("file", help="the list file (schafkopf-list/1), or - for standard input")
    table = commands.add_parser("rules-table", help="print the house-rules table of docs/rules.md")
    table.add_argument("--lang", choices=("en", "de"), default="en",
                       help="de: the German table of docs/rules.de.md")
    table.add_argument("--into", metavar="FILE",
                       help="write the table into FILE, between its rules-table marks, instead of printing it")
    commands.add_parser("breakdown-examples", help="print docs/breakdown-examples.md")
    serve = commands.add_parser(
        "serve", help="run the app in production: migrate, then gunicorn (docs/deploying.md)",
        description="Refuse without a good SECRET_KEY, bring the database up to date, then serve "
                    "with gunicorn and the project's settings. Arguments after -- go to gunicorn.",
    )
    serve.add_argument("--no-migrate", action="store_true",
                       help="leave the schema alone (another server of the same database migrates)")
    serve.add_argument("gunicorn_args", nargs="*", metavar="GUNICORN_ARG",
                       help="passed on to gunicorn, e.g. -- --workers 4")
    args = parser.parse_args(argv)
    if args.command == "serve":
        from scorer.web.serve import serve as run_server

        return run_server(args.gunicorn_args, migrate=not args.no_migrate)
    if args.command == "rules-table":
        return _rules_table(args.lang, args.into)
    if args.command == "breakdown-examples":
        sys.stdout.write(breakdown_examples())
        return 0
    try:
        text = _read(args.file)
    except OSError as error:
        print(f"{args.file}: cannot read it: {error.strerror or error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        result = score_document(parse_document(text))
    except ScoringError as error:
        print(error.message, file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.buffer.write(json.dumps(result, ensure_ascii=False).encode("utf-8") + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
