"""Copy a manifest and everything it refers to from one store to another.

Stores are the layout store and the registry client, which share the operations used here.
Blobs the destination already has are skipped (that is how shared base layers cost nothing);
a blob missing from the destination repository is first offered as a cross-repository mount.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from envspec import constants
from envspec.oci.layout import manifest_children
from envspec.oci.store import Store

log = logging.getLogger(__name__)


@dataclass
class TransferStats:
    """What a transfer moved: blobs and bytes sent, and what was already there."""

    blobs_sent: int = 0
    bytes_sent: int = 0
    blobs_skipped: int = 0
    bytes_skipped: int = 0
    mounted: int = 0
    manifests: list[str] = field(default_factory=list)

    def add(self, other: TransferStats) -> None:
        """Accumulate another transfer's figures into this one."""
        self.blobs_sent += other.blobs_sent
        self.bytes_sent += other.bytes_sent
        self.blobs_skipped += other.blobs_skipped
        self.bytes_skipped += other.bytes_skipped
        self.mounted += other.mounted
        self.manifests += other.manifests


class SentBytes:
    """A :func:`copy_manifest` progress callback that reports ``progress(what, done, total)``
    in bytes really sent: ``tick(n)``, n bytes sent; ``tick(-n)``, a blob of n bytes of the
    planned ``total`` that needed no sending (mounted)."""

    def __init__(
        self, what: str, total: int, progress: Callable[[str, int, int], None] | None
    ) -> None:
        self.what, self.total, self.done, self._progress = what, total, 0, progress

    def __call__(self, n: int) -> None:
        if n < 0:
            self.total += n
        else:
            self.done += n
        if self._progress is not None:
            self._progress(self.what, self.done, self.total)


def missing_bytes(
    src: Store,
    src_repo: str,
    digest: str,
    dst: Store,
    dst_repo: str,
    skip_blobs: frozenset[str] = frozenset(),
) -> int:
    """How many blob bytes copying ``digest`` would send (for planning and progress totals)."""
    data, _, _ = src.get_manifest(src_repo, digest)
    total = 0
    for child in manifest_children(data):
        if child.get("mediaType") in constants.MANIFEST_MEDIA_TYPES:
            total += missing_bytes(src, src_repo, child["digest"], dst, dst_repo, skip_blobs)
        elif child["digest"] not in skip_blobs and not dst.has_blob(dst_repo, child["digest"]):
            total += int(child.get("size", 0))
    return total


def copy_manifest(
    src: Store,
    src_repo: str,
    reference: str,
    dst: Store,
    dst_repo: str,
    *,
    tag: str | None,
    progress: Callable[[int], None] | None = None,
    mount_candidates: tuple[str, ...] = (),
    skip_blobs: frozenset[str] = frozenset(),
) -> tuple[str, TransferStats]:
    """Copy the manifest ``src_repo@reference`` with its blobs to ``dst_repo`` (tagged ``tag``).

    The manifest is written last, so a destination never names blobs it lacks, except those in
    ``skip_blobs`` (a deliberately partial copy, see ``pull --slim``).
    Returns the manifest digest and the transfer's figures. ``progress(n)`` is told of ``n``
    bytes sent as they go, and ``progress(-n)`` of a blob of ``n`` bytes planned but not sent
    (mounted from another repository), so a bar counts only bytes really sent.

    Raises:
        RegistryError: (and subclasses) from either store.
    """
    stats = TransferStats()
    data, media_type, digest = src.get_manifest(src_repo, reference)
    for child in manifest_children(data):
        child_digest = child["digest"]
        if child_digest in skip_blobs:
            continue
        if child.get("mediaType") in constants.MANIFEST_MEDIA_TYPES:
            _, sub = copy_manifest(
                src,
                src_repo,
                child_digest,
                dst,
                dst_repo,
                tag=None,
                progress=progress,
                mount_candidates=mount_candidates,
                skip_blobs=skip_blobs,
            )
            stats.add(sub)
            continue
        size = int(child.get("size", 0))
        if dst.has_blob(dst_repo, child_digest):
            stats.blobs_skipped += 1
            stats.bytes_skipped += size
            continue
        mount_from = next(
            (r for r in mount_candidates if r != dst_repo and dst.has_blob(r, child_digest)), None
        )
        sent = _Counter(src.iter_blob(src_repo, child_digest), progress)
        log.debug("copy blob %s (%d bytes) %s -> %s", child_digest, size, src.name, dst.name)
        # The source stream is lazy: a successful mount never reads it.
        dst.put_blob(dst_repo, child_digest, sent, size=size, progress=None, mount_from=mount_from)
        if sent.count == 0 and size > 0:
            stats.mounted += 1
            stats.blobs_skipped += 1
            stats.bytes_skipped += size
            if progress is not None:
                progress(-size)
        else:
            stats.blobs_sent += 1
            stats.bytes_sent += sent.count
    dst.put_manifest(dst_repo, tag or digest, data, media_type)
    stats.manifests.append(digest)
    return digest, stats


class _Counter:
    """Iterate a byte stream, counting what was read and reporting progress."""

    def __init__(self, chunks: Iterator[bytes], progress: Callable[[int], None] | None) -> None:
        self._chunks = chunks
        self._progress = progress
        self.count = 0

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self._chunks:
            self.count += len(chunk)
            if self._progress is not None:
                self._progress(len(chunk))
            yield chunk


def parse_manifest(data: bytes) -> dict[str, Any]:
    """A manifest's JSON as a dict."""
    return dict(json.loads(data))
