"""Backends: where a run's agent and scorer execute. Built-ins are imported lazily by name."""

from __future__ import annotations

import importlib
import shutil

from envspec.errors import BadInput, EnvspecError
from envspec.models.manifest import did_you_mean
from envspec.runtime.backends.base import Backend

#: name -> "module:Class", imported only when used (docker's SDK is not needed by local runs)
BUILTIN = {
    "docker": "envspec.runtime.backends.docker:DockerBackend",
    "local": "envspec.runtime.backends.local:LocalBackend",
    "slurm": "envspec.runtime.backends.slurm:SlurmBackend",
}


def get_backend(name: str | None) -> Backend:
    """The backend called ``name``; None picks docker when an engine answers, else local.

    Raises:
        EnvspecError: unknown name.
    """
    if name is None:
        name = "docker" if _engine_answers() else "local"
    if name not in BUILTIN:
        near = did_you_mean(name, list(BUILTIN))
        raise BadInput(
            f"unknown backend {name!r}",
            hint=near or f"choose one of {', '.join(BUILTIN)}",
        )
    module, _, cls = BUILTIN[name].partition(":")
    backend: Backend = getattr(importlib.import_module(module), cls)()
    return backend


def _engine_answers() -> bool:
    if shutil.which("docker") is None and shutil.which("dockerd") is None:
        return False
    try:
        from envspec.oci import engine

        engine.client()
        return True
    except EnvspecError:
        return False
