"""`flask --app scorer` commands beyond Flask-Migrate's `db`: backup and restore."""

from __future__ import annotations

import json
from pathlib import Path

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy.exc import SQLAlchemyError

from scorer.engine import ScoringError, one_line, parse_document
from scorer.web import services


def register(app: Flask) -> None:
    """Attach the commands to the app."""
    app.cli.add_command(backup)
    app.cli.add_command(restore)


@click.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@with_appcontext
def backup(directory: Path) -> None:
    """Write every list as a list file into DIRECTORY."""
    directory.mkdir(parents=True, exist_ok=True)
    inside = directory.resolve()
    rows = services.all_lists()
    written = 0
    problems: list[str] = []
    with click.progressbar(rows, label="Writing lists", show_pos=True) as bar:
        for row in bar:
            path = inside / f"{row.id}.json"
            # The id names the file: only an id of the app's own shape, only in DIRECTORY.
            if not services.is_list_id(row.id) or path.parent != inside:
                problems.append(f"{row.id!r}: not written: its id is not one this app makes")
                continue
            document = services.backup_document(row)
            temporary = path.with_suffix(".json.part")
            temporary.write_text(json.dumps(document, ensure_ascii=False, indent=1), "utf-8")
            temporary.replace(path)  # a crash never leaves half a file behind
            written += 1
    click.echo(f"{written} lists written to {directory}")
    for problem in problems:
        click.echo(problem, err=True)
    if problems:
        raise SystemExit(1)


@click.command()
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@with_appcontext
def restore(directory: Path) -> None:
    """Read the list files in DIRECTORY back, file by file; lists already here are kept.

    A file that cannot be taken is named with the reason and the rest are
    still read; the command then exits with status 1.
    """
    files = sorted(directory.glob("*.json"))
    restored = kept = 0
    problems: list[str] = []
    with click.progressbar(files, label="Reading lists", show_pos=True) as bar:
        for path in bar:
            try:
                _row, new = services.restore_document(parse_document(path.read_bytes()))
            except ScoringError as error:
                problems.append(f"{path.name}: {error}")
                continue
            except OSError as error:
                problems.append(f"{path.name}: cannot read it: {error.strerror or error}")
                continue
            except SQLAlchemyError as error:  # the transaction is rolled back already
                problems.append(f"{path.name}: the database refused it: {one_line(str(getattr(error, 'orig', None) or error))}")
                continue
            restored += new
            kept += not new
    click.echo(f"{restored} lists restored, {kept} already here")
    for problem in problems:
        click.echo(problem, err=True)
    if problems:
        click.echo(f"{len(problems)} files refused", err=True)
        raise SystemExit(1)
