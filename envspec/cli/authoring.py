"""``envspec new`` and ``envspec check``: start an environment, then find what it forgets."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape

from envspec.authoring.findings import ERROR, INFO, WARNING
from envspec.cli.render import console, err_console, print_json

_STYLE = {ERROR: "bold red", WARNING: "yellow", INFO: "cyan"}


def new(
    name: str = typer.Argument(..., help="The environment's name (also its folder's)."),
    output_dir: Path = typer.Option(Path("."), "--output-dir", "-o", help="Where to create it."),
    no_input: bool = typer.Option(
        False, "--no-input", help="Take the template's defaults instead of prompting."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Create an environment folder from envspec's template: manifest, Dockerfile, task,
    scorer, reference, an exploit and tests; unchanged, it builds, runs and scores."""
    from envspec.authoring.template import new_environment

    path = new_environment(name, output_dir=output_dir, no_input=no_input)
    if as_json:
        print_json({"name": name, "path": str(path)})
        return
    console.print(f"created {path}", highlight=False)
    console.print(f"next: edit it, then `envspec check {path}`", highlight=False)


def check(
    env_dir: Path = typer.Argument(..., help="The environment folder."),
    variant: list[str] = typer.Option([], help="Check only this variant (repeatable)."),
    no_build: bool = typer.Option(
        False, "--no-build", help="Skip what needs the engine: images, runs, exploits."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Check an environment for what authors forget: manifest errors, the canary, hidden files
    in the agent image, normalisation and calibration, reference against starting, exploits
    that score, budgets. Exits 8 when any finding is an error."""
    from envspec.authoring.check import check_environment

    report = check_environment(
        env_dir,
        variants=variant or None,
        build=not no_build,
        on_step=None if as_json else lambda text: err_console.print(f"… {text}", style="dim"),
    )
    if as_json:
        print_json(report.to_dict())
    else:
        for f in report.findings:
            where = f" \\[{escape(f.where)}]" if f.where else ""
            head = f"[{_STYLE[f.severity]}]{f.severity}[/] [bold]{f.code}[/]{where}"
            console.print(f"{head}: {escape(f.message)}", highlight=False)
            if f.hint:
                console.print(
                    f"    what to do: {f.hint}", style="dim", highlight=False, markup=False
                )
        for v, results in report.trials.items():
            for label, t in results.items():
                state = f"{t['score']}" if t["valid"] else f"invalid: {t['reason'] or t['error']}"
                console.print(f"  {v} {label}: {state}", highlight=False, markup=False)
        counts = {s: sum(f.severity == s for f in report.findings) for s in (ERROR, WARNING)}
        verdict = "[green]ok[/]" if report.ok else "[bold red]failed[/]"
        scope = "" if report.built or no_build else " (nothing was built)"
        console.print(
            f"{verdict}: {counts[ERROR]} error(s), {counts[WARNING]} warning(s){scope}",
            highlight=False,
        )
    if not report.ok:
        from envspec.errors import EXIT_VERIFY_FAILED

        raise typer.Exit(EXIT_VERIFY_FAILED)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the CLI."""
    app.command()(new)
    app.command()(check)
