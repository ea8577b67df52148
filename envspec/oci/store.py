"""Where environments are stored: the embedded layout, an ``oci:PATH`` layout, or a registry."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from envspec import constants
from envspec.oci.layout import LayoutStore
from envspec.oci.registry import RegistryClient


class Store(Protocol):
    """What transfers need of a store (``LayoutStore`` and ``RegistryClient`` both fit)."""

    name: str

    def has_blob(self, repo: str, digest: str) -> bool: ...
    def get_blob(self, repo: str, digest: str) -> bytes: ...
    def iter_blob(self, repo: str, digest: str) -> Iterator[bytes]: ...
    def put_blob(
        self,
        repo: str,
        digest: str,
        data: bytes | Path | Iterable[bytes],
        size: int | None = None,
        progress: Callable[[int], None] | None = None,
        mount_from: str | None = None,
    ) -> None: ...
    def get_manifest(self, repo: str, reference: str) -> tuple[bytes, str, str]: ...
    def head_manifest(self, repo: str, reference: str) -> str | None: ...
    def put_manifest(self, repo: str, reference: str, data: bytes, media_type: str) -> str: ...
    def list_tags(self, repo: str) -> list[str]: ...
    def catalog(self) -> list[str]: ...


@dataclass(frozen=True)
class Access:
    """How to reach a registry: credentials and TLS (defaults come from the environment)."""

    username: str | None = None
    password: str | None = None
    ca_cert: Path | None = None
    insecure: bool | None = None


def open_store(registry: str | None, store: str | None, access: Access | None = None) -> Store:
    """The store a reference or target names: ``store`` (an ``oci:`` path), ``registry`` (a
    host[:port]), or neither (the embedded default layout under ``$ENVSPEC_HOME``).
    """
    if store is not None:
        return LayoutStore(Path(store))
    if registry is None:
        return LayoutStore(constants.default_store_path())
    a = access or Access()
    return RegistryClient(
        registry, username=a.username, password=a.password, ca_cert=a.ca_cert, insecure=a.insecure
    )
