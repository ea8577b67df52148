"""``envspec run/exec/score/finish/status/runs/log/verify/gc``: the run lifecycle."""

from __future__ import annotations

import shlex
import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Column, Table

from envspec.cli.render import (
    console,
    err_console,
    print_json,
    print_json_line,
    safe_text,
    step_printer,
)
from envspec.errors import BadInput


def run(
    ref: str = typer.Argument(..., help="The environment: [registry/]ns/name:version[@digest]."),
    variant: str | None = typer.Option(None, help="Variant (default: the first in the manifest)."),
    backend: str | None = typer.Option(
        None, help="docker, local or slurm (default: docker when an engine answers)."
    ),
    budget_: list[str] = typer.Option(
        [],
        "--budget",
        help="Override a budget, NAME=VALUE (wall_time=30m, scorer_calls=5, gpu_hours=2, "
        "llm_tokens=1000, a service's unit flops=1e13, a request cap requests.judge=500); "
        "the result then says the run is not comparable.",
    ),
    allow_substitute: list[str] = typer.Option(
        [], help="Let GPUs of another model serve a request, REQUESTED=MODEL (h100=h200)."
    ),
    ca_cert: Path | None = typer.Option(None, help="CA certificate for a TLS registry."),
    as_json: bool = typer.Option(False, "--json", help="Print the run record as JSON."),
) -> None:
    """Start a run: pull, check the host, allocate GPUs, start the agent's sandbox."""
    from envspec.oci.store import Access
    from envspec.runtime import runs
    from envspec.runtime.budget import parse_overrides

    subs: dict[str, tuple[str, ...]] = {}
    for item in parse_overrides(allow_substitute).items():
        subs[item[0]] = (*subs.get(item[0], ()), item[1])
    with _working("starting the run: pull, host check, GPUs, the agent's sandbox", as_json):
        record = runs.start_run(
            ref,
            variant=variant,
            backend=backend,
            budgets=parse_overrides(budget_),
            substitute=subs,
            access=Access(ca_cert=ca_cert),
        )
    if as_json:
        from envspec.runtime.status import status as run_status

        print_json(run_status(record.id))
    else:
        print(record.id)


def exec_(
    run_id: str = typer.Argument(..., help="The run id."),
    cmd: list[str] = typer.Argument(..., help="The command (after --)."),
    timeout: float | None = typer.Option(None, help="Seconds (default: until the deadline)."),
    as_json: bool = typer.Option(
        False,
        "--json",
        help="Print exit code and output as JSON (dropped_bytes: output past the first 128 MiB "
        "of a stream, counted, not kept).",
    ),
) -> None:
    """Run a command as the agent, in its working directory (its output shown with control
    characters escaped on a terminal, byte for byte into a pipe)."""
    from envspec.runtime import runs
    from envspec.runtime.backends.base import EXEC_OUTPUT_LIMIT

    # what an interruption names (its processes in the run are stopped)
    step_printer(enabled=False)(f"running {shlex.join(cmd)} in run {run_id}")
    result = runs.exec_in_run(run_id, cmd, timeout=timeout)
    if as_json:
        print_json(
            {
                "exit_code": result.exit_code,
                "stdout": result.stdout.decode(errors="replace"),
                "stderr": result.stderr.decode(errors="replace"),
                "timed_out": result.timed_out,
                "dropped_bytes": result.dropped,
            }
        )
        raise typer.Exit(result.exit_code)  # the command's code, as without --json
    # the agent's bytes as they are into a pipe or file; on a terminal with control
    # characters escaped, so that agent output cannot redraw the operator's screen
    for stream, data in ((sys.stdout, result.stdout), (sys.stderr, result.stderr)):
        if stream.isatty():
            stream.write(safe_text(data.decode(errors="replace")))
            stream.flush()
        else:
            stream.buffer.write(data)
    if result.dropped:
        err_console.print(
            f"envspec: output truncated: {result.dropped:,} bytes past the first "
            f"{EXEC_OUTPUT_LIMIT >> 20} MiB of a stream were not kept",
            highlight=False,
        )
    raise typer.Exit(result.exit_code)


def put(
    run_id: str = typer.Argument(..., help="The run id."),
    source: Path = typer.Argument(..., help="A local file."),
    dest: str | None = typer.Argument(
        None, help="Path relative to the agent's working directory (default: the file's name)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Write a local file into the agent's working directory, as the agent."""
    from envspec.runtime import runs

    if not source.is_file():
        raise BadInput(f"{source} is not a file", hint="give a local file to copy")
    data = source.read_bytes()
    runs.put_files(run_id, {dest or source.name: data})
    if as_json:
        print_json({"run": run_id, "path": dest or source.name, "bytes": len(data)})


def score(
    run_id: str = typer.Argument(..., help="The run id."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Score the current solution; shows only what the agent may see."""
    from envspec.runtime import runs

    with _working("scoring", as_json):
        view = runs.score_run(run_id).agent_view()
    if as_json:
        print_json(view)
        return
    state = "valid" if view["valid"] else "invalid"
    line = f"#{view['seq']} {state}"
    if "score" in view and view["score"] is not None:
        line += f"  score {view['score']:g}"
        if view.get("normalised") is not None:
            line += f"  normalised {view['normalised']:.3f}"
    if view.get("reason"):
        line += f"  ({safe_text(view['reason'])})"
    console.print(line, highlight=False, markup=False)
    if view.get("message"):
        console.print(safe_text(view["message"]), highlight=False, markup=False)


def finish(
    run_id: str = typer.Argument(..., help="The run id."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Final scoring, release everything, write the run result."""
    from envspec.runtime import runs

    with _working("the final scoring and clean-up", as_json):
        result = runs.finish_run(run_id)
    if as_json:
        print_json(result)
        return
    s = result["score"]
    if s["valid"]:
        norm = "" if s["normalised"] is None else f", normalised {s['normalised']:.3f}"
        console.print(f"{run_id}: score {s['raw']:g}{norm}", highlight=False)
    else:
        console.print(f"{run_id}: no score (no valid scoring within budget)", highlight=False)


def status(
    run_id: str = typer.Argument(..., help="The run id."),
    as_json: bool = typer.Option(True, "--json/--text", help="JSON (default) or text."),
) -> None:
    """The run's state and budget use."""
    from envspec.runtime.status import status as run_status

    st = run_status(run_id)
    if as_json:
        print_json(st)
    else:
        keys = ("id", "status", "environment", "variant", "backend", "isolation", "elapsed_s")
        for k in (*keys, "remaining_s", "scorer_calls", "raw", "normalised"):
            console.print(f"{k:12} {st[k]}", highlight=False)


def runs_(as_json: bool = typer.Option(False, "--json", help="Print as JSON.")) -> None:
    """List runs on this host."""
    import time

    from envspec.runtime import runstore
    from envspec.runtime.status import summary

    now = time.time()
    rows = [
        {
            "id": r.id,
            "environment": r.environment,
            "variant": r.variant,
            "backend": r.backend,
            **summary(r, now),
        }
        for r in runstore.all_runs()
    ]
    if as_json:
        print_json(rows)
        return
    # a run id is what users copy into the next command: never wrap or cut it
    table = Table(
        Column("run", no_wrap=True),
        "status",
        "environment",
        "variant",
        "backend",
        Column("elapsed", justify="right"),
        Column("scorings", justify="right"),
        Column("score", justify="right"),
    )
    for r in rows:
        score = "" if r["status"] != "finished" else "no score"
        if r["normalised"] is not None:
            score = f"{r['normalised']:.3f} norm."
        elif r["raw"] is not None:
            score = f"{r['raw']:g} raw"
        elapsed = f"{r['elapsed_s'] / 60:.1f} min"
        table.add_row(
            r["id"], r["status"], r["environment"], r["variant"], r["backend"],
            elapsed, str(r["scorer_calls"]), score,
        )  # fmt: skip
    # into a pipe or a file nothing is cut to a terminal's 80 columns: rows are for reading back
    out = console if console.is_terminal else Console(width=1000, soft_wrap=True)
    out.print(table)


def log(
    run_id: str = typer.Argument(..., help="The run id."),
    full: bool = typer.Option(
        False, "--full", help="Everything, for operators (raw scores, scorer output)."
    ),
    as_json: bool = typer.Option(
        True, "--json/--text", help="JSON lines, one record a line (default), or text."
    ),
) -> None:
    """The score log, as the agent may see it."""
    from envspec.runtime import runs

    for entry in runs.read_log(run_id, full=full):
        if as_json:
            print_json_line(entry)
            continue
        state = "valid" if entry.get("valid") else "invalid"
        score = entry.get("score")
        shown = "" if score is None else f"  score {score:g}"
        reason = f"  ({safe_text(entry['reason'])})" if entry.get("reason") else ""
        console.print(
            f"#{entry.get('seq')} {entry.get('kind', '')} {state}{shown}{reason}",
            highlight=False,
            markup=False,
        )


def verify(
    run_id: str = typer.Argument(..., help="The run id."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Check the score log's hash chain (exit code 8 when it is broken)."""
    from envspec.errors import EXIT_VERIFY_FAILED
    from envspec.runtime import runs

    result = runs.verify_run(run_id)
    if as_json:
        print_json(result)
    elif result["ok"]:
        n = result["records"]
        console.print(
            f"{run_id}: score log intact, {n} record{'' if n == 1 else 's'}", highlight=False
        )
    else:
        console.print(f"{run_id}: score log broken:", highlight=False)
        for problem in result["problems"]:
            console.print(f"  {safe_text(problem)}", highlight=False, markup=False)
    if not result["ok"]:
        raise typer.Exit(EXIT_VERIFY_FAILED)


def gc(
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Reclaim containers, volumes, disks and GPU leases of dead or expired runs."""
    from envspec.runtime import runs

    reclaimed = runs.gc()
    if as_json:
        print_json({"reclaimed": reclaimed})
        return
    for rid in reclaimed:
        console.print(f"reclaimed {rid}", highlight=False)
    if not reclaimed:
        console.print("nothing to reclaim", highlight=False)


def _working(what: str, as_json: bool) -> AbstractContextManager[object]:
    """A spinner on a terminal's stderr while ``what`` runs (nothing into a pipe or JSON)."""
    return nullcontext() if as_json else err_console.status(f"{what}…")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the CLI."""
    app.command()(run)
    app.command("exec")(exec_)
    app.command()(put)
    app.command()(score)
    app.command()(finish)
    app.command()(status)
    app.command("runs")(runs_)
    app.command()(log)
    app.command()(verify)
    app.command()(gc)
