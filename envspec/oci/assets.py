"""Assets (datasets, tokenizers, model weights) as OCI artifacts with their own digests.

An asset is a directory packed as one OCI manifest: artifactType ``ASSET_ARTIFACT_TYPE``, a
config blob listing every file (canonical JSON: name, version, path, size, digest) and one layer
per file holding its raw bytes, titled with its relative path. Files go in sorted path order and
nothing records a time, so the same files always give the same manifest digest.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from envspec import constants
from envspec.errors import (
    BadInput,
    DigestMismatch,
    ImmutableVersion,
    InvalidReference,
    RegistryError,
)
from envspec.models.reference import DIGEST_RE, Reference, RegistryTarget
from envspec.oci.artifact import canonical_json
from envspec.oci.layout import CHUNK, sha256_digest
from envspec.oci.store import Access, Store, open_store

__all__ = ["AssetFile", "AssetRef", "inspect_asset", "pack_asset", "pull_asset", "push_asset"]

log = logging.getLogger(__name__)

#: ``(what, bytes done, bytes total)``, as the CLI's transfer progress takes it
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class AssetFile:
    """One file of an asset: its path relative to the asset's root, size and digest."""

    path: str
    size: int
    digest: str


@dataclass(frozen=True)
class AssetRef:
    """What ``push_asset`` did: the reference pinned by digest, and whether anything changed."""

    reference: Reference  # with version and digest
    files: int
    size: int
    unchanged: bool = False
    overwritten: str | None = None  # the digest the tag named before a --force push

    @property
    def digest(self) -> str:
        """The asset manifest's digest."""
        return str(self.reference.digest)

    def __str__(self) -> str:
        return str(self.reference)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (for ``--json``)."""
        return {
            "reference": str(self.reference),
            "digest": self.digest,
            "files": self.files,
            "size": self.size,
            "unchanged": self.unchanged,
            "overwritten": self.overwritten,
        }


# --- packing (pure apart from reading the files) ----------------------------------------------
def _hash_file(path: Path) -> tuple[int, str]:
    h = hashlib.sha256()
    size = 0
    with path.open("rb") as f:
        while chunk := f.read(CHUNK):
            h.update(chunk)
            size += len(chunk)
    return size, "sha256:" + h.hexdigest()


def _scan(src_dir: Path) -> list[tuple[str, Path]]:
    """``(relative posix path, file)`` for every regular file under ``src_dir``, sorted."""
    if not src_dir.is_dir():
        raise BadInput(
            f"{src_dir} is not a directory", hint="give the folder holding the asset's files"
        )
    found: list[tuple[str, Path]] = []
    for root, dirs, files in os.walk(src_dir, followlinks=False):
        for entry in [*dirs, *files]:
            path = Path(root, entry)
            if path.is_symlink():
                raise BadInput(
                    f"{path} is a symbolic link; assets hold regular files only",
                    hint="replace the link with a copy of what it points to",
                )
        for entry in files:
            path = Path(root, entry)
            if not path.is_file():
                raise BadInput(
                    f"{path} is not a regular file", hint="remove it from the asset folder"
                )
            found.append((path.relative_to(src_dir).as_posix(), path))
    if not found:
        raise BadInput(f"{src_dir} holds no files", hint="an asset needs at least one file")
    return sorted(found)


def _config(name: str, version: str, files: list[AssetFile]) -> bytes:
    return canonical_json(
        {
            "name": name,
            "version": version,
            "files": [{"path": f.path, "size": f.size, "digest": f.digest} for f in files],
        }
    )


def _manifest(config: bytes, files: list[AssetFile], annotations: dict[str, str]) -> bytes:
    manifest: dict[str, Any] = {
        "schemaVersion": 2,
        "mediaType": constants.OCI_MANIFEST,
        "artifactType": constants.ASSET_ARTIFACT_TYPE,
        "config": {
            "mediaType": constants.ASSET_CONFIG_MEDIA_TYPE,
            "digest": sha256_digest(config),
            "size": len(config),
        },
        "layers": [
            {
                "mediaType": constants.ASSET_FILE_MEDIA_TYPE,
                "digest": f.digest,
                "size": f.size,
                "annotations": {constants.ANNOTATION_TITLE: f.path},
            }
            for f in files
        ],
    }
    if annotations:
        manifest["annotations"] = dict(annotations)
    return canonical_json(manifest)


def pack_asset(
    src_dir: Path, name: str, version: str, *, annotations: dict[str, str] | None = None
) -> tuple[bytes, bytes, list[tuple[AssetFile, Path]]]:
    """``(manifest bytes, config bytes, files)`` of the asset ``src_dir`` would make.

    Files are hashed in chunks, never read whole.

    Raises:
        EnvspecError: ``src_dir`` is not a folder of regular files.
    """
    files = [(AssetFile(rel, *_hash_file(path)), path) for rel, path in _scan(Path(src_dir))]
    config = _config(name, version, [f for f, _ in files])
    return _manifest(config, [f for f, _ in files], annotations or {}), config, files


# --- push -------------------------------------------------------------------------------------
def push_asset(
    src_dir: Path,
    target: RegistryTarget,
    name: str,
    version: str,
    *,
    annotations: dict[str, str] | None = None,
    access: Access | None = None,
    force: bool = False,
    progress: Progress | None = None,
) -> AssetRef:
    """Pack ``src_dir`` as an asset and push it to ``target`` as ``namespace/name:version``.

    Pushing identical content again is a no-op. Blobs go first, the manifest last, so the store
    never names blobs it lacks.

    Raises:
        InvalidReference: ``name`` or ``version`` is malformed.
        EnvspecError: ``src_dir`` is not a folder of regular files.
        ImmutableVersion: the version exists with different content (and not ``force``).
        RegistryError: the target is unreachable, refuses credentials, ...
    """
    ref = target.reference(name, version)
    manifest, config, files = pack_asset(src_dir, name, version, annotations=annotations)
    digest = sha256_digest(manifest)
    total = sum(f.size for f, _ in files)
    store = open_store(target.registry, target.store, access)
    repo = ref.repository
    present = store.head_manifest(repo, version)
    done = AssetRef(ref.with_digest(digest), files=len(files), size=total)
    if present == digest:
        log.info("asset %s already pushed", done.reference)
        return AssetRef(done.reference, files=len(files), size=total, unchanged=True)
    if present is not None and not force:
        raise ImmutableVersion(
            f"asset {ref} already exists in {store.name} as {present}; "
            f"this content would be {digest}",
            registry=store.name,
            hint="versions are immutable: push under a new --version "
            "(or pass --force to overwrite the tag)",
        )
    sent = 0
    for f, path in files:
        what = f"{name}/{f.path}"

        def report(n: int, what: str = what) -> None:
            nonlocal sent
            sent += n
            if progress is not None:
                progress(what, sent, total)

        if store.has_blob(repo, f.digest):
            report(f.size)
            continue
        # a path streams from disk; the store checks the digest as the bytes go by
        store.put_blob(repo, f.digest, path, size=f.size, progress=report)
    store.put_blob(repo, sha256_digest(config), config, size=len(config))
    store.put_manifest(repo, version, manifest, constants.OCI_MANIFEST)
    log.info("pushed asset %s (%d files, %d bytes)", done.reference, len(files), total)
    return AssetRef(done.reference, files=len(files), size=total, overwritten=present)


# --- pull and inspect -------------------------------------------------------------------------
def _fetch_manifest(store: Store, ref: Reference) -> tuple[dict[str, Any], str]:
    """The asset manifest ``ref`` names, checked: tag and digest agree, the bytes hash right."""
    repo = ref.repository
    if ref.version is None and ref.digest is None:
        raise InvalidReference(str(ref), "an asset reference needs :version or @sha256:digest")
    if ref.version is not None and ref.digest is not None:
        tagged = store.head_manifest(repo, ref.version)
        if tagged is not None and tagged != ref.digest:
            raise DigestMismatch(
                f"{ref.repository}:{ref.version} in {store.name} is {tagged}, not {ref.digest}",
                registry=store.name,
                hint="the tag was overwritten or the digest is wrong; pull by digest alone "
                "to get the pinned content",
            )
    data, _, digest = store.get_manifest(repo, ref.digest or str(ref.version))
    actual = sha256_digest(data)
    if actual != digest or (ref.digest is not None and actual != ref.digest):
        raise DigestMismatch(
            f"manifest of {ref} in {store.name} hashes to {actual}",
            registry=store.name,
            hint="the store is corrupt; push the asset again",
        )
    try:
        manifest = dict(json.loads(data))
        if manifest.get("artifactType") != constants.ASSET_ARTIFACT_TYPE:
            raise ValueError(f"artifactType is {manifest.get('artifactType')!r}")
        if not isinstance(manifest.get("layers"), list) or "config" not in manifest:
            raise ValueError("no config or layers")
        if not DIGEST_RE.fullmatch(str(manifest["config"].get("digest"))):
            raise ValueError("malformed config digest")
    except (ValueError, TypeError, AttributeError) as e:
        raise RegistryError(
            f"{ref} is not an envspec asset ({e})",
            registry=store.name,
            hint="name an asset pushed with `envspec asset push`",
        ) from e
    return manifest, actual


def _safe_path(ref: Reference, title: object) -> str:
    """``title`` as a relative path that stays inside the destination, or refuse."""
    bad = not isinstance(title, str) or not title or "\\" in title or "\0" in title
    parts = PurePosixPath(str(title)).parts
    if bad or not parts or PurePosixPath(str(title)).is_absolute() or ".." in parts:
        raise RegistryError(
            f"asset {ref} names a file {title!r} outside its folder; refusing to write it",
            hint="the asset was not made by `envspec asset push`; ask its publisher",
        )
    return "/".join(parts)


def _layers(ref: Reference, manifest: dict[str, Any]) -> list[tuple[str, str, int]]:
    """``(path, digest, size)`` of every file layer, paths checked before anything is written."""
    out: list[tuple[str, str, int]] = []
    seen: set[str] = set()
    for layer in manifest["layers"]:
        path = _safe_path(ref, layer.get("annotations", {}).get(constants.ANNOTATION_TITLE))
        prefixes = {"/".join(path.split("/")[:i]) for i in range(1, path.count("/") + 1)}
        if path in seen or prefixes & seen or any(s.startswith(path + "/") for s in seen):
            raise RegistryError(
                f"asset {ref} names {path!r} twice or as both a file and a folder",
                hint="the asset was not made by `envspec asset push`; ask its publisher",
            )
        seen.add(path)
        digest = str(layer.get("digest"))
        if not DIGEST_RE.fullmatch(digest):
            raise RegistryError(
                f"asset {ref} names {path!r} by a malformed digest {digest!r}",
                hint="the asset was not made by `envspec asset push`; ask its publisher",
            )
        out.append((path, digest, int(layer.get("size", 0))))
    return out


def inspect_asset(ref: Reference, *, access: Access | None = None) -> dict[str, Any]:
    """An asset's config (name, version, files) and digest, without downloading its files.

    Raises:
        InvalidReference: ``ref`` has neither version nor digest.
        NotFound: no such asset. DigestMismatch: tag and digest disagree, or corrupt content.
        RegistryError: not an asset, or the store fails.
    """
    store = open_store(ref.registry, ref.store, access)
    manifest, digest = _fetch_manifest(store, ref)
    config = json.loads(store.get_blob(ref.repository, str(manifest["config"]["digest"])))
    return {
        "reference": str(ref.with_digest(digest)),
        "digest": digest,
        "config": config,
        "annotations": dict(manifest.get("annotations", {})),
        "size": sum(int(layer.get("size", 0)) for layer in manifest["layers"]),
    }


def pull_asset(
    ref: Reference,
    dest: Path,
    *,
    access: Access | None = None,
    progress: Progress | None = None,
) -> Path:
    """Fetch the asset ``ref`` names into the folder ``dest``; returns ``dest``.

    Every file is downloaded and verified into a staging folder next to ``dest`` first, so a
    failure leaves ``dest`` as it was; then each file is moved into place atomically.

    Raises:
        InvalidReference: ``ref`` has neither version nor digest.
        NotFound: no such asset.
        DigestMismatch: tag and digest disagree, or a blob does not hash to its digest.
        RegistryError: not an asset, a file path escapes ``dest``, or the store fails.
    """
    dest = Path(dest)
    store = open_store(ref.registry, ref.store, access)
    manifest, _ = _fetch_manifest(store, ref)
    layers = _layers(ref, manifest)
    total = sum(size for _, _, size in layers)
    dest.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=dest.parent, prefix=f".{dest.name}.pull-"))
    try:
        done = 0
        for path, digest, size in layers:
            out = staging / path
            out.parent.mkdir(parents=True, exist_ok=True)
            h = hashlib.sha256()
            with out.open("wb") as f:
                for chunk in store.iter_blob(ref.repository, digest):
                    h.update(chunk)
                    f.write(chunk)
                    done += len(chunk)
                    if progress is not None:
                        progress(f"{ref.name}/{path}", done, total)
            got = "sha256:" + h.hexdigest()
            if got != digest or out.stat().st_size != size:
                raise DigestMismatch(
                    f"{path} of {ref} hashes to {got} ({out.stat().st_size} bytes), "
                    f"not {digest} ({size} bytes)",
                    registry=store.name,
                    hint="the store is corrupt; push the asset again",
                )
        _install(staging, dest, [p for p, _, _ in layers])
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return dest


def _install(staging: Path, dest: Path, paths: list[str]) -> None:
    """Move verified files from ``staging`` into ``dest``, refusing links that lead outside."""
    if not dest.exists():
        staging.chmod(0o755)  # mkdtemp made it private
        os.replace(staging, dest)
        return
    root = dest.resolve()
    for path in paths:
        target = dest / path
        if not target.parent.resolve().is_relative_to(root) or target.is_symlink():
            raise RegistryError(
                f"{target} leads outside {dest} through a symbolic link; refusing to write it",
                hint="pull into an empty folder",
            )
    for path in paths:
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staging / path, target)
