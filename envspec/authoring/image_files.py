"""What an image's own layers hold, and which of those files must never reach the agent.

A file is in an image if any layer adds it, even one a later layer deletes: whoever pulls the
image gets every layer. So the agent image is read layer by layer from its OCI export (the
same staging export ``envspec push`` uses), skipping only the base image's layers.
"""

from __future__ import annotations

import hashlib
import json
import tarfile
from dataclasses import dataclass
from pathlib import Path

from envspec.models.manifest import Asset
from envspec.oci import engine
from envspec.oci.push import staged_image

#: whiteouts mark deletions in a layer; they add no content
_WHITEOUT = ".wh."
_CHUNK = 1 << 20


@dataclass(frozen=True)
class Leak:
    """A file of the agent image that holds hidden content, or lies under a hidden path."""

    image_path: str  # absolute, inside the image
    source: str | None = None  # the environment file whose content it holds
    asset: str | None = None  # or the scorer-only asset under whose mount it lies


def base_layers(base: str) -> frozenset[str]:
    """The diff ids (uncompressed layer digests) of a local base image; empty if absent."""
    if engine.image_id(base) is None:
        return frozenset()
    return frozenset(engine.client().images.get(base).attrs["RootFS"]["Layers"])


def image_files(image_id: str, *, skip_layers: frozenset[str] = frozenset()) -> dict[str, str]:
    """Every file the image's layers add, except layers in ``skip_layers`` (diff ids):
    absolute path -> ``sha256:...`` of its content (``""`` for links and special files).

    Raises:
        EngineError: the image cannot be exported from the engine.
    """
    layout, digest = staged_image(image_id)
    manifest = json.loads(layout.get_manifest("", digest)[0])
    config = json.loads(layout.get_blob("", manifest["config"]["digest"]))
    diff_ids = config["rootfs"]["diff_ids"]
    files: dict[str, str] = {}
    for layer, diff_id in zip(manifest["layers"], diff_ids, strict=True):
        if diff_id in skip_layers:
            continue
        with tarfile.open(layout.blob_path(layer["digest"]), mode="r:*") as tar:
            for member in tar:
                name = "/" + member.name.removeprefix("./").lstrip("/")
                if member.isdir() or Path(name).name.startswith(_WHITEOUT):
                    continue
                files[name] = _hash(tar, member) if member.isfile() else ""
    return files


def _hash(tar: tarfile.TarFile, member: tarfile.TarInfo) -> str:
    h = hashlib.sha256()
    f = tar.extractfile(member)
    if f is not None:
        while chunk := f.read(_CHUNK):
            h.update(chunk)
    return "sha256:" + h.hexdigest()


def hidden_contents(
    env_dir: Path, folders: tuple[str, ...] = ("scoring", "reference")
) -> dict[str, str]:
    """``sha256:...`` -> the environment file (relative path) for every non-empty file under
    ``folders``, except content that ``task/`` holds too (it is given to the agent anyway)."""
    visible = {_file_hash(p) for p in _files(env_dir / "task")}
    hidden: dict[str, str] = {}
    for folder in folders:
        for p in _files(env_dir / folder):
            digest = _file_hash(p)
            if p.stat().st_size and digest not in visible:
                hidden.setdefault(digest, str(p.relative_to(env_dir)))
    return hidden


def find_leaks(
    files: dict[str, str], hidden: dict[str, str], assets: tuple[Asset, ...] = ()
) -> list[Leak]:
    """Files of an image (from :func:`image_files`) with hidden content, or under the mount
    path of a scorer-only asset."""
    leaks = [Leak(path, hidden[d]) for path, d in sorted(files.items()) if d in hidden]
    for asset in assets:
        if not asset.hidden:
            continue
        mount = "/" + asset.mount.strip("/")
        leaks += [
            Leak(path, asset=asset.name)
            for path in sorted(files)
            if path == mount or path.startswith(mount + "/")
        ]
    return leaks


def _files(root: Path) -> list[Path]:
    if not root.is_dir():
        return []
    return [p for p in sorted(root.rglob("*")) if p.is_file() and "__pycache__" not in p.parts]


def _file_hash(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(_CHUNK):
            h.update(chunk)
    return "sha256:" + h.hexdigest()
