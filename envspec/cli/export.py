"""``envspec export``: an environment as another harness's task (Harbor)."""

from __future__ import annotations

from pathlib import Path

import typer

from envspec.cli.render import console, print_json
from envspec.errors import BadInput

FORMATS = ("harbor",)


def export(
    source: str = typer.Argument(..., help="An environment folder or a reference."),
    output: Path = typer.Option(..., "--output", "-o", help="The task directory to write."),
    fmt: str = typer.Option("harbor", "--format", help="The harness: harbor."),
    variant: str | None = typer.Option(None, help="The variant (default: the first)."),
    registry: str | None = typer.Option(
        None,
        help="Where a folder is pushed first: host[:port]/namespace or oci:PATH (default:"
        " the embedded store).",
    ),
    force: bool = typer.Option(False, "--force", help="Replace a non-empty --output."),
    as_json: bool = typer.Option(False, "--json", help="Print what was written as JSON."),
) -> None:
    """Write SOURCE's variant as a task directory another harness runs (Harbor: task.toml,
    instruction.md, environment/, tests/ with a verifier running the envspec scorer, solution/)."""
    from envspec.integrations.harbor import export_harbor
    from envspec.models.reference import RegistryTarget

    if fmt not in FORMATS:
        raise BadInput(f"unknown export format {fmt!r}", hint=f"use one of {', '.join(FORMATS)}")
    target = RegistryTarget.parse(registry) if registry else None
    done = export_harbor(source, output, variant=variant, target=target, force=force)
    if as_json:
        print_json(done.to_dict())
        return
    console.print(f"wrote {done.path} (Harbor task, variant {done.variant})", highlight=False)
    console.print(f"from {done.reference}", highlight=False)
    if done.needs_pull:
        console.print(
            f"before Harbor runs it: envspec pull {done.reference}", highlight=False, markup=False
        )


def register(app: typer.Typer) -> None:
    """Add this module's commands to the CLI."""
    app.command()(export)
