"""Rendering helpers shared by the command modules: consoles, JSON output, progress."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    TextColumn,
    TransferSpeedColumn,
)

console = Console(soft_wrap=True)
err_console = Console(stderr=True, soft_wrap=True)


def reopen_consoles() -> None:
    """Make both consoles anew, in place (the command modules hold them): rich decides colour
    and whether it writes to a terminal when a console is made, and a daemon's child
    (envspec.cli.daemon) has taken another process's streams and environment since."""
    Console.__init__(console, soft_wrap=True)
    Console.__init__(err_console, stderr=True, soft_wrap=True)


#: the phase of the running command last announced (for what Ctrl-C interrupted)
_steps: list[str] = []


def step_printer(*, enabled: bool) -> Callable[[str], None]:
    """A callback announcing each phase of a long command on stderr ("… building images")."""

    def step(text: str) -> None:
        _steps.append(text)
        if enabled:
            err_console.print(f"… {text}", style="dim", highlight=False, markup=False)

    return step


def last_step() -> str | None:
    """The phase last announced by a :func:`step_printer`, if any."""
    return _steps[-1] if _steps else None


def short_label(what: str, width: int = 30) -> str:
    """A progress bar's label that leaves the bar room on an 80-column screen: a reference
    without its digest, cut from the left."""
    label = what.split("@", 1)[0]
    return label if len(label) <= width else "…" + label[-(width - 1) :]


def safe_text(text: object) -> str:
    """Text that came from an agent (a scorer message, an exception of the solution) made safe
    for an operator's terminal: control characters other than newline and tab are shown
    escaped, so no escape sequence can redraw the screen or set the window title."""
    out = []
    for ch in str(text):
        code = ord(ch)
        if ch in "\n\t" or (code >= 0x20 and code != 0x7F and not 0x80 <= code < 0xA0):
            out.append(ch)
        else:
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
    return "".join(out)


def print_json(value: Any) -> None:
    """Machine output for ``--json``: plain JSON on stdout."""
    print(json.dumps(value, indent=2, sort_keys=True))


def print_json_line(value: Any) -> None:
    """One record of a JSON-lines stream on stdout (flushed: a reader sees it at once)."""
    print(json.dumps(value, sort_keys=True, separators=(",", ":")), flush=True)


@contextmanager
def transfer_progress(*, enabled: bool) -> Iterator[Callable[[str, int, int], None]]:
    """A progress callback ``(what, done, total)`` drawing a byte progress bar on stderr."""
    if not enabled:
        yield lambda what, done, total: None
        return
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(bar_width=20),
        DownloadColumn(),
        TransferSpeedColumn(),
        console=err_console,
        transient=True,
    ) as progress:
        tasks: dict[str, Any] = {}

        def update(what: str, done: int, total: int) -> None:
            if what not in tasks:
                tasks[what] = progress.add_task(short_label(what), total=total or None)
            progress.update(tasks[what], completed=done, total=total or None)

        yield update
