"""The ``envspec`` command: assembles the command groups and maps errors to exit codes.

The command modules import what their commands need (registries, engines, the runtime) inside
the commands, so that starting the CLI costs only typer and the manifest models."""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading

import typer
from rich.markup import escape

from envspec import __version__
from envspec.cli import (
    assets,
    authoring,
    batch,
    calibrate,
    daemon,
    export,
    images,
    manifest,
    registry,
    runs,
    serve,
)
from envspec.cli.render import err_console, last_step, print_json, safe_text
from envspec.errors import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_KINDS,
    EnvspecError,
)

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
serve.register(app)
batch.register(app)
daemon.register(app)


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


def interrupt_on_sigterm() -> None:
    """Make SIGTERM (``timeout``, ``kill``, a scheduler ending a job) interrupt like Ctrl-C, so
    that a command unwinds: the runs it started for itself (check, calibrate, batch) are
    finished and their GPUs released, instead of being left holding them."""

    def _interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _interrupt)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; every envspec error becomes a message and an exit code, never a traceback.
    Under ``--json`` the error is also a JSON object on stdout (docs/cli.md)."""
    if argv is None and threading.current_thread() is threading.main_thread():
        interrupt_on_sigterm()  # as the program only: a caller's process keeps its handlers
    args = sys.argv[1:] if argv is None else argv
    as_json = _wants_json(args)
    try:
        # standalone mode: typer itself reports usage errors and raises SystemExit
        app(args=args, prog_name="envspec")
    except SystemExit as e:
        if _caused_by_interrupt(e):
            return _interrupted(as_json)
        usage = _usage_error(e)
        if as_json and usage is not None:  # typer said it on stderr; the object on stdout
            hint = "see `envspec --help`, or `envspec COMMAND --help`"
            kind = EXIT_KINDS.get(EXIT_BAD_INPUT, "error")
            error = {"kind": kind, "message": usage, "hint": hint, "exit_code": EXIT_BAD_INPUT}
            print_json({"error": error})
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except EnvspecError as e:
        # a command that printed its JSON already (validate's problems) adds no second object
        as_json = as_json and not getattr(e, "printed_as_json", False)
        _report(e.exit_code, e.message, e.hint, as_json=as_json)
        return e.exit_code
    except KeyboardInterrupt:
        return _interrupted(as_json)
    except Exception as e:  # a bug: say so briefly, full traceback only on request
        if os.environ.get("ENVSPEC_DEBUG"):
            raise
        hint = "rerun with ENVSPEC_DEBUG=1 for a traceback and report it"
        _report(EXIT_INTERNAL, f"{type(e).__name__}: {e}", hint, as_json=as_json, internal=True)
        return EXIT_INTERNAL
    return 0


def _wants_json(args: list[str]) -> bool:
    return "--json" in (args[: args.index("--")] if "--" in args else args)


def _caused_by_interrupt(exit: SystemExit) -> bool:
    """Whether typer turned a Ctrl-C into this exit: it raises its Exit(130) from the
    KeyboardInterrupt, and click exits with that code, saying nothing."""
    if exit.code != EXIT_INTERRUPTED:
        return False
    raised = exit.__context__
    return raised is not None and isinstance(raised.__cause__, KeyboardInterrupt)


def _usage_error(exit: SystemExit) -> str | None:
    """The message of the usage error (an unknown command or option, a missing argument) that
    typer reported before this exit, if that is what ended the command."""
    raised = exit.__context__
    format_message = getattr(raised, "format_message", None)
    if exit.code != EXIT_BAD_INPUT or not callable(format_message):
        return None
    return str(format_message())


def report_interrupted(args: list[str]) -> int:
    """Say that the command ``args`` was interrupted (before its own handling could: a
    daemon's child, envspec.cli.daemon); its exit code."""
    return _interrupted(_wants_json(args))


def _interrupted(as_json: bool) -> int:
    step = last_step()
    _report(
        EXIT_INTERRUPTED,
        f"interrupted while {step}" if step else "interrupted",
        "nothing is left half-written (a transfer checks each blob before it appears and "
        "writes manifests and tags last; an interrupted exec's command is stopped): run the "
        "command again to go on; `envspec gc` reclaims what an interrupted run start or "
        "scoring left",
        as_json=as_json,
    )
    return EXIT_INTERRUPTED


def _report(
    code: int, message: str, hint: str | None, *, as_json: bool, internal: bool = False
) -> None:
    """An error as text on stderr and, under ``--json``, as a JSON object on stdout."""
    label = "internal error" if internal else "error"
    err_console.print(f"[bold red]{label}:[/] {escape(safe_text(message))}", highlight=False)
    if hint:
        err_console.print(f"[yellow]hint:[/] {escape(safe_text(hint))}", highlight=False)
    if as_json:
        kind = EXIT_KINDS.get(code, "error")
        print_json({"error": {"kind": kind, "message": message, "hint": hint, "exit_code": code}})


if __name__ == "__main__":
    sys.exit(main())
