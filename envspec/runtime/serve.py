"""``envspec serve``: a packaged model for a harness's own agent, through the same engine and
metering proxy as a run's services (docs/services.md), on this host's ``127.0.0.1``."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from envspec import constants
from envspec.errors import BadInput
from envspec.models.manifest import Service
from envspec.runtime import services
from envspec.runtime.backends import local_services


@dataclass(frozen=True)
class Served:
    """Where a served model answers, with what key, and where its usage goes."""

    base_url: str  # OPENAI_BASE_URL
    key: str  # OPENAI_API_KEY
    usage_log: Path

    def used(self) -> int:
        """Tokens served so far (the engine's own counts)."""
        totals = services.tally(self.usage_log)
        return totals["agent"] + totals["scorer"]


def model_file(model: str) -> Path:
    """The GGUF file of ``model``: a folder from ``envspec asset build-model`` (or holding one
    ``*.gguf``), or an asset reference pinned by digest, fetched into the asset cache.

    Raises:
        BadInput: neither, or a folder without one GGUF file.
        NotFound, DigestMismatch, RegistryError: the asset cannot be fetched.
    """
    folder = Path(model)
    if not folder.is_dir():
        from envspec.models.reference import Reference
        from envspec.oci.env_assets import asset_cache, fetch_asset

        if "@sha256:" not in model:
            raise BadInput(
                f"{model!r} is neither a folder nor an asset reference pinned by digest",
                hint="give the folder of `envspec asset build-model`, or REF@sha256:...",
            )
        folder = fetch_asset(Reference.parse(model), asset_cache())
    found = sorted(folder.glob("*.gguf"))
    if len(found) != 1:
        raise BadInput(
            f"{folder} holds {len(found)} .gguf files, not one",
            hint="build one with `envspec asset build-model NAME DIR`",
        )
    return found[0]


@contextmanager
def serving(
    model: Path,
    *,
    port: int,
    budget: int | None,
    threads: int,
    context: int,
    seconds: int,
    name: str = "model",
    engine: str = "llamacpp",
    gpus: tuple[str, ...] = (),
) -> Iterator[Served]:
    """Serve the GGUF ``model`` until the block ends (at most ``seconds``): the ``engine``
    (on this host's ``gpus`` if it can) on a private unix socket, the metering proxy on
    ``127.0.0.1:port`` with a fresh key.

    Raises:
        EngineError: the engine or the proxy did not start.
    """
    folder = constants.envspec_home() / "serve" / f"{port}-{secrets.token_hex(4)}"
    folder.mkdir(parents=True, mode=0o700)
    os.chmod(folder, 0o700)
    service = Service(
        name, "openai-compatible", "model", engine=engine, threads=threads, context=context
    )
    keys = {"agent": f"envspec-{secrets.token_urlsafe(24)}", "scorer": secrets.token_hex(24)}
    try:
        local_services.launch(
            folder,
            service,
            model,
            gpus=gpus,
            keys=keys,
            seconds=seconds,
            budget=budget,
            port=port,
            namespace=None,
        )
        yield Served(f"http://127.0.0.1:{port}/v1", keys["agent"], folder / "usage.jsonl")
    finally:
        local_services.end(folder)
        for sock in folder.glob("*.sock"):  # the usage log and the logs stay
            sock.unlink()
