"""``envspec serve``: a packaged model behind the metering proxy, for a harness's agent."""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from types import FrameType

import typer

from envspec.cli.render import console, err_console, print_json_line


def serve(
    model: str = typer.Argument(
        ..., help="A folder from `envspec asset build-model`, or an asset REF@sha256:..."
    ),
    port: int = typer.Option(8000, help="The port on 127.0.0.1."),
    budget: int | None = typer.Option(None, help="Tokens to serve in all (default: no limit)."),
    threads: int = typer.Option(2, help="The engine's CPU threads."),
    context: int = typer.Option(4096, help="Context length in tokens."),
    engine: str = typer.Option(
        "llamacpp", help="llamacpp (CPU) or transformers (transformers serve: GPUs or CPU)."
    ),
    gpus: str = typer.Option(
        "", help="GPUs of this host for the transformers engine, e.g. 0 or 0,1 (none: the CPU)."
    ),
    hours: float = typer.Option(8.0, help="Stop after this long."),
    as_json: bool = typer.Option(False, "--json", help="Print the address as a JSON line."),
) -> None:
    """Serve a packaged model through the metering proxy until Ctrl-C: prints
    OPENAI_BASE_URL and OPENAI_API_KEY for a harness (Inspect's openai-api provider, ...)."""
    from envspec.errors import BadInput
    from envspec.runtime.serve import model_file, serving
    from envspec.runtime.services import ENGINES

    if engine not in ENGINES:
        raise BadInput(f"no engine {engine!r}", hint=f"engines: {', '.join(ENGINES)}")
    devices = tuple(g.strip() for g in gpus.split(",") if g.strip())
    if devices and not ENGINES[engine].gpu:
        raise BadInput(f"the {engine} engine runs on the CPU", hint="use --engine transformers")

    gguf = model_file(model)
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    stack = contextlib.ExitStack()
    with err_console.status(f"loading {gguf}"):
        served = stack.enter_context(
            serving(
                gguf,
                port=port,
                budget=budget,
                threads=threads,
                context=context,
                seconds=max(1, int(hours * 3600)),
                engine=engine,
                gpus=devices,
            )
        )
    with stack:  # stops the engine and the proxy, whatever ends the wait
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, on_signal)
        if as_json:
            print_json_line(
                {
                    "base_url": served.base_url,
                    "api_key": served.key,
                    "usage_log": str(served.usage_log),
                }
            )
        else:
            console.print(f"OPENAI_BASE_URL={served.base_url}", highlight=False)
            console.print(f"OPENAI_API_KEY={served.key}", highlight=False)
            err_console.print(f"usage log: {served.usage_log}; Ctrl-C stops", highlight=False)
        ends = time.monotonic() + hours * 3600
        while not stop.is_set() and time.monotonic() < ends:
            time.sleep(0.2)  # a plain sleep: the signal handler runs between two
    if as_json:
        print_json_line({"tokens": served.used()})
    else:
        err_console.print(f"served {served.used():,} tokens", highlight=False)


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the CLI."""
    app.command()(serve)
