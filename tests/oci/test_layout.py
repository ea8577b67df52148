"""The OCI layout store on its own: blobs, tags, integrity, concurrent writers."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from envspec import constants
from envspec.errors import DigestMismatch, NotFound
from envspec.oci.layout import LayoutStore, sha256_digest


def _manifest(config: bytes) -> bytes:
    return json.dumps(
        {
            "schemaVersion": 2,
            "mediaType": constants.OCI_MANIFEST,
            "config": {"mediaType": "x", "digest": sha256_digest(config), "size": len(config)},
            "layers": [],
        }
    ).encode()


def test_blobs_round_trip_and_are_verified(tmp_path: Path) -> None:
    store = LayoutStore(tmp_path / "s")
    data = b"hello" * 1000
    digest = sha256_digest(data)
    assert not store.has_blob("any", digest)
    store.put_blob("any", digest, [data[:10], data[10:]])
    assert store.get_blob("other", digest) == data
    with pytest.raises(DigestMismatch):
        store.put_blob("any", sha256_digest(b"other"), data)
    store.blob_path(digest).write_bytes(b"tampered")
    with pytest.raises(DigestMismatch):
        store.get_blob("any", digest)
    with pytest.raises(NotFound):
        store.get_blob("any", sha256_digest(b"missing"))


def test_tags_catalog_and_layout_files(tmp_path: Path) -> None:
    store = LayoutStore(tmp_path / "s")
    config = b"{}"
    store.put_blob("ns/a", sha256_digest(config), config)
    d1 = store.put_manifest("ns/a", "1.0.0", _manifest(config), constants.OCI_MANIFEST)
    store.put_manifest("ns/b", "2.0.0", _manifest(config), constants.OCI_MANIFEST)
    assert store.catalog() == ["ns/a", "ns/b"]
    assert store.list_tags("ns/a") == ["1.0.0"]
    assert store.head_manifest("ns/a", "1.0.0") == d1
    assert store.head_manifest("ns/a", "9.9.9") is None
    assert json.loads((tmp_path / "s" / "oci-layout").read_text())["imageLayoutVersion"] == "1.0.0"
    names = [
        m["annotations"][constants.ANNOTATION_REF_NAME]
        for m in json.loads((tmp_path / "s" / "index.json").read_text())["manifests"]
    ]
    assert sorted(names) == ["ns/a:1.0.0", "ns/b:2.0.0"]
    with pytest.raises(NotFound) as err:
        store.get_manifest("ns/a", "3.0.0")
    assert err.value.hint


def _tag_many(root: str, worker: int) -> None:
    store = LayoutStore(Path(root))
    for i in range(20):
        config = f"{worker}-{i}".encode()
        store.put_blob("r", sha256_digest(config), config)
        store.put_manifest(f"ns/w{worker}", str(i), _manifest(config), constants.OCI_MANIFEST)


def test_concurrent_writers_lose_no_tag(tmp_path: Path) -> None:
    root = tmp_path / "s"
    LayoutStore(root)
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_tag_many, args=(str(root), w)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    store = LayoutStore(root)
    for w in range(4):
        assert len(store.list_tags(f"ns/w{w}")) == 20
