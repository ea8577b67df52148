"""``envspec daemon start|stop|status``: the opt-in resident process that serves commands
(envspec/cli/resident)."""

from __future__ import annotations

import time

import typer

from envspec.cli.render import console, print_json

daemon_app = typer.Typer(
    help="A resident process that serves envspec commands without their start-up (opt-in).",
    no_args_is_help=True,
)


@daemon_app.command()
def start(
    idle: str = typer.Option("30m", help="Stop after this long without a command (s, m or h)."),
    as_json: bool = typer.Option(False, "--json", help="Print the daemon's state as JSON."),
) -> None:
    """Start this environment's daemon: later `envspec` commands with the same interpreter,
    user and environment are served by it (ENVSPEC_DAEMON=0 opts a command out)."""
    from envspec.cli.resident import control
    from envspec.models.manifest import parse_duration

    state, started = control.start(idle_s=parse_duration(idle))
    if as_json:
        print_json({**state.to_dict(), "started": started})
        return
    verb = "started" if started else "already running"
    console.print(f"daemon {verb}: pid {state.pid}, socket {state.socket}", highlight=False)


@daemon_app.command()
def stop(
    every: bool = typer.Option(False, "--all", help="Every daemon of this ENVSPEC_HOME."),
    as_json: bool = typer.Option(False, "--json", help="Print what was stopped as JSON."),
) -> None:
    """Stop this environment's daemon and remove its socket (commands it is serving finish)."""
    from envspec.cli.resident import control

    stopped = control.stop(every=every)
    if as_json:
        print_json({"stopped": [s.to_dict() for s in stopped]})
        return
    if not stopped:
        console.print("no daemon was running", highlight=False)
    for state in stopped:
        what = {
            "running": f"pid {state.pid}",
            "unresponsive": f"pid {state.pid}, which did not answer",
        }.get(state.state, "what a killed daemon left removed")
        console.print(f"daemon stopped: {state.key} ({what})", highlight=False)


@daemon_app.command()
def status(
    every: bool = typer.Option(False, "--all", help="Every daemon of this ENVSPEC_HOME."),
    as_json: bool = typer.Option(False, "--json", help="Print the state as JSON."),
) -> None:
    """Whether a daemon serves this environment, and what it served."""
    from envspec.cli.resident import control

    states = control.every_status() if every else [control.status()]
    if as_json:
        print_json([s.to_dict() for s in states] if every else states[0].to_dict())
        return
    for state in states:
        if state.state != "running":
            pid = f" (pid {state.pid})" if state.pid else ""
            console.print(f"{state.key}: {state.state}{pid}", highlight=False)
            continue
        up = time.time() - (state.started_at or time.time())
        console.print(
            f"{state.key}: running, pid {state.pid}, up {up:.0f} s, served {state.served}, "
            f"refused {state.refused}"
            + (f" (last: {state.last_refusal})" if state.last_refusal else "")
            + f", in flight {state.in_flight}, socket {state.socket}",
            highlight=False,
        )


def register(app: typer.Typer) -> None:
    """Add this module's commands to the CLI."""
    app.add_typer(daemon_app, name="daemon")
