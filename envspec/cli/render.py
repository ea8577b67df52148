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


def print_json(value: Any) -> None:
    """Machine output for ``--json``: plain JSON on stdout."""
    print(json.dumps(value, indent=2, sort_keys=True))


@contextmanager
def transfer_progress(*, enabled: bool) -> Iterator[Callable[[str, int, int], None]]:
    """A progress callback ``(what, done, total)`` drawing a byte progress bar on stderr."""
    if not enabled:
        yield lambda what, done, total: None
        return
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        console=err_console,
        transient=True,
    ) as progress:
        tasks: dict[str, Any] = {}

        def update(what: str, done: int, total: int) -> None:
            if what not in tasks:
                tasks[what] = progress.add_task(what, total=total or None)
            progress.update(tasks[what], completed=done, total=total or None)

        yield update
