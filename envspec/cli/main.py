"""The ``envspec`` command: assembles the command groups and maps errors to exit codes.

The command modules import what their commands need (registries, engines, the runtime) inside
the commands, so that starting the CLI costs only typer and the manifest models."""

from __future__ import annotations

import logging
import os
import sys

import typer
from rich.markup import escape

from envspec import __version__
from envspec.cli import assets, authoring, calibrate, export, images, manifest, registry, runs
from envspec.cli.render import err_console, safe_text
from envspec.errors import EnvspecError

app = typer.Typer(
    name="envspec",
    help="Package, publish and run research-engineering environments.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
manifest.register(app)
images.register(app)
registry.register(app)
runs.register(app)
calibrate.register(app)
assets.register(app)
authoring.register(app)
export.register(app)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(__version__)
        raise typer.Exit()


@app.callback()
def _root(
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Log what envspec does."),
    version: bool = typer.Option(
        False,
        "--version",
        help="Print the version and exit.",
        is_eager=True,
        callback=_print_version,
        expose_value=False,
    ),
) -> None:
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; every envspec error becomes a message and an exit code, never a traceback."""
    try:
        # standalone mode: typer itself reports usage errors and raises SystemExit
        app(args=argv, prog_name="envspec")
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except EnvspecError as e:
        err_console.print(f"[bold red]error:[/] {escape(safe_text(e.message))}", highlight=False)
        if e.hint:
            err_console.print(f"[yellow]hint:[/] {escape(safe_text(e.hint))}", highlight=False)
        return e.exit_code
    except KeyboardInterrupt:
        err_console.print("interrupted")
        return 130
    except Exception as e:  # a bug: say so briefly, full traceback only on request
        if os.environ.get("ENVSPEC_DEBUG"):
            raise
        err_console.print(
            f"[bold red]internal error:[/] {type(e).__name__}: {escape(str(e))}", highlight=False
        )
        err_console.print(
            "[yellow]hint:[/] rerun with ENVSPEC_DEBUG=1 for a traceback and report it"
        )
        return 70
    return 0


if __name__ == "__main__":
    sys.exit(main())
