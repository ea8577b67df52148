"""``envspec batch`` (many trials, resumable) and ``envspec report`` (their aggregate as a
page)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from envspec.cli.render import console, err_console, print_json, print_json_line


def batch(
    spec_file: Path = typer.Argument(..., help="The batch spec (YAML or JSON; docs/batch.md)."),
    out: Path = typer.Option(..., help="The batch's folder: journal, results, report."),
    concurrency: int | None = typer.Option(None, help="Trials at once (default: the spec's)."),
    backend: str | None = typer.Option(None, help="docker, local or slurm (default: the spec's)."),
    max_k: int | None = typer.Option(None, help="score@k up to this k (default: the spec's)."),
    report: bool = typer.Option(True, help="Write the HTML report when the batch is done."),
    as_json: bool = typer.Option(
        False, "--json", help="Print events as JSON lines, the last one the summary."
    ),
) -> None:
    """Run every trial of SPEC_FILE not yet done in OUT (an interrupted batch resumes: done
    trials never run again), then print the aggregate: per entry the mean normalised score and
    score@k with bootstrap intervals, runs without a valid score counting 0."""
    import dataclasses

    import yaml

    from envspec.errors import BadInput
    from envspec.models.batch import parse_batch
    from envspec.report.summary import summarise
    from envspec.runtime.batch import run_batch

    try:
        data = yaml.safe_load(spec_file.read_text())
    except OSError as e:
        raise BadInput(f"cannot read {spec_file}: {e.strerror}", hint="give a spec file") from e
    except yaml.YAMLError as e:
        raise BadInput(f"{spec_file} is not YAML or JSON: {e}", hint="fix the spec") from e
    spec = parse_batch(data, spec_file.resolve().parent)
    changes: dict[str, Any] = {}
    if concurrency is not None:
        changes["concurrency"] = concurrency
    if backend is not None:
        changes["backend"] = backend
    if max_k is not None:
        changes["max_k"] = max_k
    spec = dataclasses.replace(spec, **changes)
    total = len(spec.trials())
    if as_json:
        run_batch(spec, out, listener=print_json_line)
    else:
        _run_with_progress(spec, out, total)
    summary = summarise(out, max_k=spec.max_k, seed=spec.seed)
    page = None
    if report and summary["runs"]:
        from envspec.report.page import write_report

        page = write_report(out, summary=summary)
    if as_json:  # the last line of the stream
        print_json_line({"event": "summary", **summary, "report": str(page) if page else None})
        return
    _print_summary(summary)
    if page:
        console.print(f"report: {page}", highlight=False)


def _run_with_progress(spec: Any, out: Path, total: int) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from envspec.runtime.batch import run_batch

    columns = (
        TextColumn("trials"),
        BarColumn(bar_width=30),
        MofNCompleteColumn(),
        TextColumn("{task.fields[running]} running"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=err_console, transient=False) as progress:
        task = progress.add_task("trials", total=total, running=0)
        live: set[str] = set()

        def show(event: dict[str, Any]) -> None:
            kind, trial = event["event"], event.get("trial", "")
            if kind == "batch":
                progress.update(task, completed=total - event["pending"])
            elif kind == "started":
                live.add(trial)
            elif kind in ("done", "error", "abandoned"):
                live.discard(trial)
            if kind == "done":
                progress.advance(task)
                score = "no score" if not event["valid"] else f"raw {event['raw']:.4g}"
                if event["normalised"] is not None:
                    score += f", normalised {event['normalised']:.3f}"
                progress.console.print(
                    f"{trial}: {score} ({event['run']})", highlight=False, markup=False
                )
            elif kind == "error":
                progress.console.print(
                    f"{trial}: could not start: {event['error']}", highlight=False, markup=False
                )
            elif kind == "abandoned":
                progress.console.print(
                    f"{trial}: run {event['run']} stopped unfinished ({event['why']}); "
                    "the trial runs again",
                    highlight=False,
                    markup=False,
                )
            progress.update(task, running=len(live))

        run_batch(spec, out, listener=show)


def _print_summary(summary: dict[str, Any]) -> None:
    from rich.table import Table

    table = Table(title=f"{summary['done']} of {summary['trials']} trials done")
    for column in ("entry", "environment", "runs", "no score", "mean", "score@1", "score@K"):
        table.add_column(column)
    for g in summary["groups"]:
        curve = g["score_at_k"]
        first = last = "—"
        if curve:
            p1, pk = curve["points"][0], curve["points"][-1]
            first = f"{p1['score']:.3f}"
            last = f"@{pk['k']} {pk['score']:.3f} [{pk['low']:.3f}, {pk['high']:.3f}]"
            if curve["random_pick"]:
                last += " (random pick)"
        mean = "—" if g["mean"] is None else f"{g['mean']:.3f}"
        table.add_row(
            g["entry"],
            f"{g['environment']} {g['variant']}",
            str(g["runs"]),
            str(g["without_score"]),
            mean,
            first,
            last,
        )
    console.print(table)
    if summary["errors"]:
        err_console.print(
            f"{summary['errors']} trials could not start; run the batch again to retry them",
            highlight=False,
        )


def report(
    out: Path = typer.Argument(..., help="A batch's folder (envspec batch --out)."),
    dest: Path | None = typer.Option(None, help="Where the page goes (default: OUT/report)."),
    max_k: int | None = typer.Option(None, help="score@k up to this k (default: every run)."),
    seed: int = typer.Option(0, help="The bootstrap's seed."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """Write a self-contained HTML page (and PNGs) of a batch: score@k curves with their
    intervals, each run's scores over time, and a table of runs linking to their results."""
    from envspec.errors import BadInput
    from envspec.report.page import write_report
    from envspec.report.summary import summarise

    if not (out / "journal.jsonl").exists():
        raise BadInput(f"{out} is not a batch folder", hint="give the --out of `envspec batch`")
    summary = summarise(out, max_k=max_k, seed=seed)
    page = write_report(out, dest, summary=summary)
    if as_json:
        print_json({**summary, "report": str(page)})
        return
    console.print(f"report: {page}", highlight=False)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the CLI."""
    app.command()(batch)
    app.command()(report)
