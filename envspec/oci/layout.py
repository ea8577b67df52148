"""An OCI image-layout directory used as a store: the embedded default, and ``oci:PATH`` stores.

One layout holds many repositories: each tagged manifest is an entry of ``index.json`` whose
``org.opencontainers.image.ref.name`` annotation is ``namespace/name:tag``. It offers the same
operations as the registry client, so transfers treat both alike.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from filelock import FileLock

from envspec import constants
from envspec.atomic import write_atomic
from envspec.errors import DigestMismatch, NotFound, RegistryError

CHUNK = 1 << 20


def sha256_digest(data: bytes) -> str:
    """``sha256:<hex>`` of ``data``."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


class LayoutStore:
    """An OCI image layout on disk, safe for concurrent envspec processes (a file lock)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.name = f"oci:{self.root}"
        try:
            (self.root / "blobs" / "sha256").mkdir(parents=True, exist_ok=True)
            layout = self.root / "oci-layout"
            if not layout.exists():
                layout.write_text(json.dumps({"imageLayoutVersion": "1.0.0"}))
            if not (self.root / "index.json").exists():
                self._write_index({"schemaVersion": 2, "manifests": []})
        except OSError as e:
            raise RegistryError(
                f"cannot use {self.root} as a store: {e}",
                registry=self.name,
                hint="choose a writable directory (oci:PATH) or set ENVSPEC_HOME",
            ) from e
        self._lock = FileLock(str(self.root / ".envspec.lock"))

    def __repr__(self) -> str:
        return f"LayoutStore({str(self.root)!r})"

    # --- blobs ---------------------------------------------------------------------------------
    def blob_path(self, digest: str) -> Path:
        """Where the blob named ``digest`` lives (whether or not it exists)."""
        algo, _, hexd = digest.partition(":")
        return self.root / "blobs" / algo / hexd

    def has_blob(self, repo: str, digest: str) -> bool:
        """Whether the blob is present (``repo`` is ignored: one layout shares its blobs)."""
        return self.blob_path(digest).is_file()

    def get_blob(self, repo: str, digest: str) -> bytes:
        """The blob's bytes, verified against its digest.

        Raises:
            NotFound: no such blob.
            DigestMismatch: the file on disk does not hash to its name.
        """
        return b"".join(self.iter_blob(repo, digest))

    def iter_blob(self, repo: str, digest: str) -> Iterator[bytes]:
        """Stream the blob in chunks; the digest is checked when the stream ends.

        Raises:
            NotFound: no such blob.
            DigestMismatch: the file on disk does not hash to its name.
        """
        path = self.blob_path(digest)
        if not path.is_file():
            raise NotFound(f"blob {digest} not in {self.name}", registry=self.name)
        h = hashlib.sha256()
        with path.open("rb") as f:
            while chunk := f.read(CHUNK):
                h.update(chunk)
                yield chunk
        if "sha256:" + h.hexdigest() != digest:
            raise DigestMismatch(
                f"blob {digest} in {self.name} is corrupt (hashes to sha256:{h.hexdigest()})",
                registry=self.name,
                hint=f"delete {path} and push or pull again",
            )

    def put_blob(
        self,
        repo: str,
        digest: str,
        data: bytes | Path | Iterable[bytes],
        size: int | None = None,
        progress: Callable[[int], None] | None = None,
        mount_from: str | None = None,
    ) -> None:
        """Store a blob, verifying its digest before it becomes visible.

        Raises:
            DigestMismatch: the data does not hash to ``digest``.
        """
        dest = self.blob_path(digest)
        if dest.is_file():
            return
        chunks: Iterable[bytes]
        if isinstance(data, bytes):
            chunks = [data]
        elif isinstance(data, Path):
            chunks = _read_chunks(data)
        else:
            chunks = data
        h = hashlib.sha256()
        fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=".upload-")
        try:
            with os.fdopen(fd, "wb") as f:
                for chunk in chunks:
                    h.update(chunk)
                    f.write(chunk)
                    if progress is not None:
                        progress(len(chunk))
            got = "sha256:" + h.hexdigest()
            if got != digest:
                raise DigestMismatch(
                    f"content for {digest} hashes to {got}",
                    registry=self.name,
                    hint="the source is corrupt or changed during the copy; try again",
                )
            os.replace(tmp, dest)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

    # --- manifests and tags ----------------------------------------------------------------------
    def _read_index(self) -> dict[str, Any]:
        return dict(json.loads((self.root / "index.json").read_text()))

    def _write_index(self, index: dict[str, Any]) -> None:
        write_atomic(self.root / "index.json", json.dumps(index, indent=2, sort_keys=True))

    def _entries(self) -> list[dict[str, Any]]:
        return list(self._read_index().get("manifests", []))

    def resolve(self, repo: str, reference: str) -> str | None:
        """The digest a tag (or digest) names in ``repo``, or None."""
        if reference.startswith("sha256:"):
            return reference if self.blob_path(reference).is_file() else None
        want = f"{repo}:{reference}"
        for e in self._entries():
            if e.get("annotations", {}).get(constants.ANNOTATION_REF_NAME) == want:
                return str(e["digest"])
        return None

    def head_manifest(self, repo: str, reference: str) -> str | None:
        """The manifest digest for a tag or digest, or None when absent."""
        return self.resolve(repo, reference)

    def get_manifest(self, repo: str, reference: str) -> tuple[bytes, str, str]:
        """``(bytes, media type, digest)`` of the manifest a tag or digest names.

        Raises:
            NotFound: no such tag or manifest.
        """
        digest = self.resolve(repo, reference)
        if digest is None:
            raise NotFound(
                f"{repo}:{reference} not found in {self.name}",
                registry=self.name,
                hint="check the name and version with `envspec list`",
            )
        data = self.get_blob(repo, digest)
        media_type = str(json.loads(data).get("mediaType") or constants.OCI_MANIFEST)
        return data, media_type, digest

    def put_manifest(self, repo: str, reference: str, data: bytes, media_type: str) -> str:
        """Store a manifest and, when ``reference`` is a tag, point ``repo:reference`` at it."""
        digest = sha256_digest(data)
        self.put_blob(repo, digest, data)
        if reference.startswith("sha256:"):
            if reference != digest:
                raise DigestMismatch(
                    f"manifest hashes to {digest}, not {reference}", registry=self.name
                )
            return digest
        ref_name = f"{repo}:{reference}"
        parsed = json.loads(data)
        entry: dict[str, Any] = {
            "mediaType": media_type,
            "digest": digest,
            "size": len(data),
            "annotations": {constants.ANNOTATION_REF_NAME: ref_name},
        }
        if parsed.get("artifactType"):
            entry["artifactType"] = parsed["artifactType"]
        with self._lock:
            index = self._read_index()
            others = [
                e
                for e in index.get("manifests", [])
                if e.get("annotations", {}).get(constants.ANNOTATION_REF_NAME) != ref_name
            ]
            index["manifests"] = [*others, entry]
            self._write_index(index)
        return digest

    def delete_tag(self, repo: str, tag: str) -> None:
        """Remove a tag (blobs stay until garbage collection)."""
        ref_name = f"{repo}:{tag}"
        with self._lock:
            index = self._read_index()
            index["manifests"] = [
                e
                for e in index.get("manifests", [])
                if e.get("annotations", {}).get(constants.ANNOTATION_REF_NAME) != ref_name
            ]
            self._write_index(index)

    def list_tags(self, repo: str) -> list[str]:
        """Tags of ``repo``, sorted."""
        tags = []
        for e in self._entries():
            ref = e.get("annotations", {}).get(constants.ANNOTATION_REF_NAME, "")
            r, _, t = ref.rpartition(":")
            if r == repo:
                tags.append(t)
        return sorted(tags)

    def catalog(self) -> list[str]:
        """Repositories that have at least one tag, sorted."""
        repos = set()
        for e in self._entries():
            ref = e.get("annotations", {}).get(constants.ANNOTATION_REF_NAME, "")
            if ":" in ref:
                repos.add(ref.rpartition(":")[0])
        return sorted(repos)

    def import_layout(self, other: Path, ref_name: str, repo: str, tag: str | None) -> str:
        """Bring the manifest named ``ref_name`` in another layout (and its blobs) into this one.

        Blobs are hard-linked where possible. Returns the manifest digest; tags it when ``tag``.
        """
        src = LayoutStore(other)
        digest = src.resolve("", ref_name) if ref_name.startswith("sha256:") else None
        if digest is None:
            for e in src._entries():
                if e.get("annotations", {}).get(constants.ANNOTATION_REF_NAME) == ref_name:
                    digest = str(e["digest"])
        if digest is None:
            raise NotFound(f"{ref_name} not in layout {other}")
        for d in _walk_digests(src, digest):
            dest = self.blob_path(d)
            if dest.is_file():
                continue
            tmp = dest.with_name(".link-" + dest.name)
            try:
                os.link(src.blob_path(d), tmp)
            except OSError:
                shutil.copyfile(src.blob_path(d), tmp)
            os.replace(tmp, dest)
        if tag is not None:
            data, media_type, _ = src.get_manifest("", digest)
            self.put_manifest(repo, tag, data, media_type)
        return digest


def manifest_children(data: bytes) -> list[dict[str, Any]]:
    """Descriptors a manifest or index refers to: config, layers, sub-manifests."""
    m = json.loads(data)
    out: list[dict[str, Any]] = []
    if "config" in m:
        out.append(m["config"])
    out.extend(m.get("layers", []))
    out.extend(m.get("manifests", []))
    return out


def _walk_digests(store: LayoutStore, digest: str) -> Iterator[str]:
    data = store.get_blob("", digest)
    for child in manifest_children(data):
        if child.get("mediaType") in constants.MANIFEST_MEDIA_TYPES:
            yield from _walk_digests(store, child["digest"])
        else:
            yield child["digest"]
    yield digest


def _read_chunks(path: Path) -> Iterator[bytes]:
    with path.open("rb") as f:
        while chunk := f.read(CHUNK):
            yield chunk
