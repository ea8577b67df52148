"""``envspec validate``."""

from __future__ import annotations

from pathlib import Path

import typer

from envspec import errors
from envspec.cli.render import console, print_json
from envspec.errors import EnvspecError


class ValidationFailed(EnvspecError):
    """At least one manifest has problems (already printed, as JSON under ``--json``)."""

    exit_code = errors.EXIT_BAD_INPUT
    printed_as_json = True


def validate(
    paths: list[Path] = typer.Argument(..., help="Environment folders or envspec.yaml files."),
    as_json: bool = typer.Option(False, "--json", help="Print the problems as JSON."),
) -> None:
    """Check manifests (parse, schema, semantics, files) and report every problem."""
    from envspec.schema import check_manifest

    report = {str(p): check_manifest(p) for p in paths}
    if as_json:
        print_json(
            {
                src: [
                    {"path": p.path, "stage": p.stage, "message": p.message, "hint": p.hint}
                    for p in problems
                ]
                for src, problems in report.items()
            }
        )
    else:
        for src, problems in report.items():
            if not problems:
                console.print(f"[green]ok[/] {src}", highlight=False)
                continue
            console.print(f"[red]{len(problems)} problem(s)[/] in {src}", highlight=False)
            for p in problems:
                where = p.path or "<root>"
                console.print(f"  [bold]{where}[/] ({p.stage}): {p.message}", highlight=False)
                if p.hint:
                    console.print(f"    hint: {p.hint}", highlight=False, style="yellow")
    failed = [src for src, problems in report.items() if problems]
    if failed:
        raise ValidationFailed(f"{len(failed)} of {len(report)} manifest(s) have problems")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the CLI."""
    app.command()(validate)
