"""Backends: where a run's agent and scorer execute. Built-ins are imported lazily by name;
other packages add backends through the ``envspec.backends`` entry-point group (name =
``module:Class``), and run the conformance suite (tests/runtime/test_conformance.py) on them."""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
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
#: the entry-point group of backends from other packages
ENTRY_POINT_GROUP = "envspec.backends"


def get_backend(name: str | None) -> Backend:
    """The backend called ``name``; None picks docker when an engine answers, else local.

    Raises:
        EnvspecError: unknown name.
    """
    if name is None:
        name = "docker" if _engine_answers() else "local"
    if name in BUILTIN:
        module, _, cls = BUILTIN[name].partition(":")
        backend: Backend = getattr(importlib.import_module(module), cls)()
        return backend
    plugins = _plugins()
    if name in plugins:
        try:
            loaded = plugins[name].load()()
        except Exception as e:  # a broken package must not break gc for every other run
            raise BadInput(
                f"the {name!r} backend ({plugins[name].value}) cannot be loaded: {e}",
                hint="reinstall the package that provides it",
            ) from e
        if not isinstance(loaded, Backend):
            raise BadInput(
                f"the {name!r} backend ({plugins[name].value}) is not an envspec Backend",
                hint="its package must subclass envspec.runtime.backends.base.Backend",
            )
        return loaded
    known = [*BUILTIN, *plugins]
    raise BadInput(
        f"unknown backend {name!r}",
        hint=did_you_mean(name, known) or f"choose one of {', '.join(known)}",
    )


@functools.cache
def _plugins() -> dict[str, importlib.metadata.EntryPoint]:
    """Backends of installed packages (looked up once a process, and only for a name that is no
    built-in's)."""
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


def _engine_answers() -> bool:
    if shutil.which("docker") is None and shutil.which("dockerd") is None:
        return False
    try:
        from envspec.oci import engine

        engine.client()
        return True
    except EnvspecError:
        return False
