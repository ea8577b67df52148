"""What the daemon imports before it serves, and which environment variables that read: a
client whose values of those differ would not get what a fresh process would make of them."""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass

#: imported once by the daemon: the CLI, and what run, exec, score, finish and the reading
#: commands import inside them (the engine's SDK, the puller, the manifest's loader; what
#: requests and the SDK import at their first request)
PRELOAD = (
    "envspec.cli.main",
    "envspec.runtime.runs",
    "envspec.runtime.status",
    "envspec.runtime.backends.docker",
    "envspec.runtime.backends.docker_services",
    "envspec.oci.pull",
    "envspec.schema.load",
    "gzip",
    "netrc",
)


class _Recording(MutableMapping[str, str]):
    """``os.environ`` while modules are imported: notes every variable they read."""

    def __init__(self, real: MutableMapping[str, str]) -> None:
        self.real = real
        self.read: set[str] = set()
        self.listed = False

    def __getitem__(self, name: str) -> str:
        self.read.add(name)
        return self.real[name]

    def __contains__(self, name: object) -> bool:
        if isinstance(name, str):
            self.read.add(name)
        return name in self.real

    def __setitem__(self, name: str, value: str) -> None:
        self.read.add(name)
        self.real[name] = value

    def __delitem__(self, name: str) -> None:
        self.read.add(name)
        del self.real[name]

    def __iter__(self) -> Iterator[str]:
        self.listed = True
        return iter(self.real)

    def __len__(self) -> int:
        return len(self.real)

    def copy(self) -> dict[str, str]:
        self.listed = True
        return dict(self.real)


@dataclass(frozen=True)
class Preloaded:
    """What ``preload`` did: the variables read (None: something read the whole environment,
    so every variable counts) and the modules it could not import (an optional dependency
    missing: their commands import them, and fail, as without a daemon)."""

    read: frozenset[str] | None
    missing: tuple[str, ...]


def preload() -> Preloaded:
    """Import ``PRELOAD`` and build the CLI's command tree, noting the environment variables
    read meanwhile."""
    # rich first, unrecorded: it reads no variable when imported, but its consoles read the
    # environment through the mapping it holds from then on, and the only consoles made at
    # import, the CLI's (envspec.cli.render), are made anew in each child
    importlib.import_module("rich.console")
    real = os.environ
    recording = _Recording(real)
    missing = []
    os.environ = recording  # type: ignore[assignment]  # noqa: B003 (restored below)
    try:
        for module in PRELOAD:
            try:
                importlib.import_module(module)
            except ImportError as e:
                missing.append(f"{module} ({e})")
        from envspec.cli.main import command

        command()
    finally:
        os.environ = real  # noqa: B003
    return Preloaded(None if recording.listed else frozenset(recording.read), tuple(missing))
