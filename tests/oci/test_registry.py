"""RegistryClient against a real CNCF distribution registry (plain, and htpasswd + TLS)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from envspec import constants
from envspec.errors import (
    AuthenticationError,
    DigestMismatch,
    NotFound,
    RegistryError,
    RegistryUnreachable,
)
from envspec.oci import registry as registry_module
from envspec.oci.registry import RegistryClient, sha256_digest
from tests.support.registry import RegistryInfo, run_registry

pytestmark = pytest.mark.integration

USER, PASSWORD = "alice", "correct horse"


@pytest.fixture(autouse=True)
def _clean_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No credentials or CA from the developer's environment or ~/.docker."""
    docker_config = tmp_path / "docker-config"
    docker_config.mkdir()
    monkeypatch.setenv("DOCKER_CONFIG", str(docker_config))
    for var in ("ENVSPEC_REGISTRY_USERNAME", "ENVSPEC_REGISTRY_PASSWORD", "ENVSPEC_REGISTRY_CA"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RegistryInfo]:
    with run_registry(tmp_path_factory.mktemp("plain")) as info:
        yield info


@pytest.fixture(scope="module")
def secure(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RegistryInfo]:
    with run_registry(tmp_path_factory.mktemp("secure"), htpasswd=(USER, PASSWORD), tls=True) as i:
        yield i


def connect(info: RegistryInfo) -> RegistryClient:
    return RegistryClient(
        info.host, username=info.username, password=info.password, ca_cert=info.ca_cert
    )


@pytest.fixture(params=["plain", "secure"])
def reg(request: pytest.FixtureRequest) -> Iterator[tuple[RegistryInfo, RegistryClient]]:
    info: RegistryInfo = request.getfixturevalue(request.param)
    with connect(info) as client:
        yield info, client


def image_manifest(client: RegistryClient, repo: str, payload: bytes) -> bytes:
    """Upload a config and one layer; return an OCI image manifest naming them."""
    config = b"{}"
    client.put_blob(repo, sha256_digest(config), config)
    client.put_blob(repo, sha256_digest(payload), payload)
    return json.dumps(
        {
            "schemaVersion": 2,
            "mediaType": constants.OCI_MANIFEST,
            "config": {
                "mediaType": constants.OCI_EMPTY,
                "digest": sha256_digest(config),
                "size": len(config),
            },
            "layers": [
                {
                    "mediaType": constants.OCI_LAYER_GZIP,
                    "digest": sha256_digest(payload),
                    "size": len(payload),
                }
            ],
        },
        sort_keys=True,
    ).encode()


# --- the happy paths, on both registries ----------------------------------------------------------
def test_ping(reg: tuple[RegistryInfo, RegistryClient]) -> None:
    info, client = reg
    client.ping()
    assert client.base_url == info.url


def test_blob_round_trip(reg: tuple[RegistryInfo, RegistryClient]) -> None:
    _, client = reg
    data = b"hello blob " * 1000
    digest = sha256_digest(data)
    assert not client.has_blob("t/blobs", digest)
    sent: list[int] = []
    client.put_blob("t/blobs", digest, data, progress=sent.append)
    assert sum(sent) == len(data)
    assert client.has_blob("t/blobs", digest)
    assert client.get_blob("t/blobs", digest) == data
    assert b"".join(client.iter_blob("t/blobs", digest)) == data
    again: list[int] = []  # already there: nothing is sent, progress still completes
    client.put_blob("t/blobs", digest, iter(()), len(data), again.append)
    assert again == [len(data)]


def test_manifest_by_tag_and_digest(reg: tuple[RegistryInfo, RegistryClient]) -> None:
    _, client = reg
    manifest = image_manifest(client, "t/manifests", b"layer bytes")
    digest = client.put_manifest("t/manifests", "1.0.0", manifest, constants.OCI_MANIFEST)
    assert digest == sha256_digest(manifest)
    assert client.get_manifest("t/manifests", "1.0.0") == (
        manifest,
        constants.OCI_MANIFEST,
        digest,
    )
    assert client.get_manifest("t/manifests", digest) == (manifest, constants.OCI_MANIFEST, digest)
    assert client.head_manifest("t/manifests", "1.0.0") == digest
    assert client.head_manifest("t/manifests", digest) == digest
    assert client.head_manifest("t/manifests", "9.9.9") is None
    assert client.put_manifest("t/manifests", digest, manifest, constants.OCI_MANIFEST) == digest


def test_list_tags_and_catalog_paginate(
    reg: tuple[RegistryInfo, RegistryClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, client = reg
    manifest = image_manifest(client, "t/tags", b"tagged")
    tags = [f"1.0.{i}" for i in range(5)]
    for tag in tags:
        client.put_manifest("t/tags", tag, manifest, constants.OCI_MANIFEST)
    image_manifest(client, "t/other", b"x")
    client.put_manifest(
        "t/other", "1.0.0", image_manifest(client, "t/other", b"x"), constants.OCI_MANIFEST
    )
    monkeypatch.setattr(registry_module, "PAGE_SIZE", 2)  # force Link pagination
    assert sorted(client.list_tags("t/tags")) == tags
    assert {"t/tags", "t/other"} <= set(client.catalog())
    assert client.list_tags("t/never-pushed") == []


def test_stream_large_file(reg: tuple[RegistryInfo, RegistryClient], tmp_path: Path) -> None:
    _, client = reg
    path = tmp_path / "layer.bin"
    size = 20 * 1024 * 1024
    hasher = hashlib.sha256()
    with path.open("wb") as fh:
        for _ in range(size // (1024 * 1024)):
            chunk = os.urandom(1024 * 1024)
            hasher.update(chunk)
            fh.write(chunk)
    digest = "sha256:" + hasher.hexdigest()
    sent: list[int] = []
    client.put_blob("t/large", digest, path, progress=sent.append)
    assert sum(sent) == size and len(sent) > 1
    received = hashlib.sha256()
    total = 0
    for chunk in client.iter_blob("t/large", digest):
        received.update(chunk)
        total += len(chunk)
    assert total == size and "sha256:" + received.hexdigest() == digest


def test_stream_iterator_and_mount(reg: tuple[RegistryInfo, RegistryClient]) -> None:
    _, client = reg
    chunks = [os.urandom(300_000) for _ in range(4)]
    digest = sha256_digest(b"".join(chunks))
    sent: list[int] = []
    client.put_blob("t/iter", digest, iter(chunks), sum(map(len, chunks)), sent.append)
    assert sent == [len(c) for c in chunks]
    unsized = [os.urandom(100_000) for _ in range(3)]  # no size: sent chunked
    client.put_blob("t/iter", sha256_digest(b"".join(unsized)), iter(unsized))
    assert client.get_blob("t/iter", sha256_digest(b"".join(unsized))) == b"".join(unsized)

    def must_not_upload() -> Iterator[bytes]:
        raise AssertionError("the blob should have been mounted, not uploaded")
        yield b""

    client.put_blob("t/mounted", digest, must_not_upload(), mount_from="t/iter")
    assert client.has_blob("t/mounted", digest)


# --- errors ---------------------------------------------------------------------------------------
def test_unreachable() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound but not listening: connection refused
        client = RegistryClient(f"127.0.0.1:{port}", timeout=2)
        with pytest.raises(RegistryUnreachable) as info:
            client.ping()
    assert "running" in (info.value.hint or "")
    assert f"127.0.0.1:{port}" in info.value.message


def test_wrong_password(secure: RegistryInfo) -> None:
    client = RegistryClient(secure.host, username=USER, password="wrong", ca_cert=secure.ca_cert)
    with pytest.raises(AuthenticationError) as info:
        client.list_tags("t/tags")
    assert "ENVSPEC_REGISTRY_USERNAME" in (info.value.hint or "")


def test_no_credentials(secure: RegistryInfo) -> None:
    with pytest.raises(AuthenticationError, match="requires credentials"):
        RegistryClient(secure.host, ca_cert=secure.ca_cert).ping()


def test_tls_without_ca(secure: RegistryInfo) -> None:
    client = RegistryClient(secure.host, username=USER, password=PASSWORD, insecure=False)
    with pytest.raises(RegistryError) as info:
        client.ping()
    assert "ca" in (info.value.hint or "").lower()
    assert "ENVSPEC_REGISTRY_CA" in (info.value.hint or "")


def test_plain_http_to_tls_registry(secure: RegistryInfo) -> None:
    client = RegistryClient(secure.host, username=USER, password=PASSWORD)  # loopback → http
    with pytest.raises(RegistryError) as info:
        client.ping()
    assert "TLS" in (info.value.hint or "")


def test_unknown_tag(reg: tuple[RegistryInfo, RegistryClient]) -> None:
    _, client = reg
    image_manifest(client, "t/known", b"k")
    with pytest.raises(NotFound, match=r"t/known:4\.5\.6"):
        client.get_manifest("t/known", "4.5.6")
    with pytest.raises(NotFound, match=r"t/nothing-here:1\.0\.0"):
        client.get_manifest("t/nothing-here", "1.0.0")


def test_blob_digest_mismatch(reg: tuple[RegistryInfo, RegistryClient], tmp_path: Path) -> None:
    _, client = reg
    wrong = sha256_digest(b"something else")
    with pytest.raises(DigestMismatch):
        client.put_blob("t/bad", wrong, b"these bytes")  # caught before sending
    path = tmp_path / "blob"
    path.write_bytes(b"file bytes")
    with pytest.raises(DigestMismatch):  # streamed: the registry refuses (DIGEST_INVALID)
        client.put_blob("t/bad", wrong, path)
    with pytest.raises(DigestMismatch):
        client.put_blob("t/bad", wrong, iter([b"chunk 1", b"chunk 2"]))
    assert not client.has_blob("t/bad", wrong)


def test_manifest_errors(reg: tuple[RegistryInfo, RegistryClient]) -> None:
    _, client = reg
    manifest = image_manifest(client, "t/merr", b"m")
    with pytest.raises(DigestMismatch):
        client.put_manifest("t/merr", sha256_digest(b"other"), manifest, constants.OCI_MANIFEST)
    dangling = manifest.replace(sha256_digest(b"m").encode(), sha256_digest(b"absent").encode())
    with pytest.raises(RegistryError, match="MANIFEST_BLOB_UNKNOWN"):
        client.put_manifest("t/merr", "1.0.0", dangling, constants.OCI_MANIFEST)


def test_corrupt_blob_in_storage(reg: tuple[RegistryInfo, RegistryClient]) -> None:
    info, client = reg
    data = b"pristine " + os.urandom(64)
    digest = sha256_digest(data)
    client.put_blob("t/corrupt", digest, data)
    hex_ = digest.split(":", 1)[1]
    blob = info.storage / "docker/registry/v2/blobs/sha256" / hex_[:2] / hex_ / "data"
    blob.write_bytes(b"tampered" + data[8:])
    with pytest.raises(DigestMismatch):
        client.get_blob("t/corrupt", digest)


# --- where credentials, CA and scheme come from --------------------------------------------------
def test_credentials_and_ca_from_env(secure: RegistryInfo, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENVSPEC_REGISTRY_USERNAME", USER)
    monkeypatch.setenv("ENVSPEC_REGISTRY_PASSWORD", PASSWORD)
    monkeypatch.setenv("ENVSPEC_REGISTRY_CA", str(secure.ca_cert))
    client = RegistryClient(secure.host)
    assert client.base_url.startswith("https://")
    client.ping()
    client.catalog()


def test_credentials_from_docker_config(secure: RegistryInfo) -> None:
    auth = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    config = Path(os.environ["DOCKER_CONFIG"]) / "config.json"
    config.write_text(json.dumps({"auths": {secure.host: {"auth": auth}}}))
    RegistryClient(secure.host, ca_cert=secure.ca_cert).list_tags("t/tags")


@pytest.mark.parametrize(
    ("host", "kwargs", "url"),
    [
        ("ghcr.io", {}, "https://ghcr.io"),
        ("registry.example:5000", {}, "https://registry.example:5000"),
        ("127.0.0.1:5000", {}, "http://127.0.0.1:5000"),
        ("127.9.9.9", {}, "http://127.9.9.9"),
        ("localhost:5000", {}, "http://localhost:5000"),
        ("[::1]:5000", {}, "http://[::1]:5000"),
        ("registry.example", {"insecure": True}, "http://registry.example"),
        ("127.0.0.1:5000", {"insecure": False}, "https://127.0.0.1:5000"),
        ("http://ghcr.io", {}, "http://ghcr.io"),
    ],
)
def test_scheme(host: str, kwargs: dict[str, bool], url: str) -> None:
    assert RegistryClient(host, **kwargs).base_url == url  # type: ignore[arg-type]


def test_ca_cert_means_https(tmp_path: Path) -> None:
    ca = tmp_path / "ca.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\n")
    assert RegistryClient("127.0.0.1:5000", ca_cert=ca).base_url == "https://127.0.0.1:5000"
    with pytest.raises(RegistryError, match="does not exist"):
        RegistryClient("127.0.0.1:5000", ca_cert=tmp_path / "missing.crt")


def test_tls_settings_per_registry_host(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A CA certificate for every host does not turn --insecure (or a host listed as plain
    http) into https; per-host CA pairs apply to their host only."""
    ca = tmp_path / "ca.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\n")
    monkeypatch.setenv("ENVSPEC_REGISTRY_CA", str(ca))
    assert RegistryClient("registry.example", insecure=True).base_url == "http://registry.example"
    assert RegistryClient("127.0.0.1:5000").base_url == "https://127.0.0.1:5000"
    monkeypatch.setenv("ENVSPEC_REGISTRY_INSECURE", "plain.example:5000, other.example")
    assert RegistryClient("plain.example:5000").base_url == "http://plain.example:5000"
    assert RegistryClient("tls.example").base_url == "https://tls.example"
    monkeypatch.setenv("ENVSPEC_REGISTRY_CA", f"tls.example={ca},x.example=/nope")
    assert RegistryClient("tls.example")._transport.ca_cert == ca
    assert RegistryClient("127.0.0.1:5000").base_url == "http://127.0.0.1:5000"  # no CA for it
    with pytest.raises(RegistryError, match="does not exist"):
        RegistryClient("x.example")


# --- bearer tokens, against a small fake registry (distribution has no token server) -------------
@dataclass
class FakeTokenRegistry:
    host: str
    token_requests: list[str]
    grant: bool = True  # False: hand out tokens the registry then refuses


@pytest.fixture
def token_registry() -> Iterator[FakeTokenRegistry]:
    state = FakeTokenRegistry(host="", token_requests=[])

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def _json(self, code: int, body: object, headers: dict[str, str] | None = None) -> None:
            data = json.dumps(body).encode()
            self.send_response(code)
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            path, _, query = self.path.partition("?")
            if path == "/token":
                expected = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
                if self.headers.get("Authorization") != f"Basic {expected}":
                    self._json(401, {"details": "bad credentials"})
                    return
                state.token_requests.append(query)
                self._json(200, {"token": "good" if state.grant else "bad"})
                return
            scope = "registry:catalog:*" if path == "/v2/_catalog" else ""
            if path.endswith("/tags/list"):
                scope = f"repository:{path[4 : -len('/tags/list')]}:pull"
            if self.headers.get("Authorization") != "Bearer good":
                challenge = f'Bearer realm="http://{state.host}/token",service="fake"'
                if scope:
                    challenge += f',scope="{scope}"'
                self._json(
                    401, {"errors": [{"code": "UNAUTHORIZED"}]}, {"WWW-Authenticate": challenge}
                )
                return
            if path == "/v2/_catalog":
                self._json(200, {"repositories": ["a/b"]})
            elif path.endswith("/tags/list"):
                self._json(200, {"name": "a/b", "tags": ["1.0.0"]})
            else:
                self._json(200, {})

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.host = f"127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


def test_bearer_token_cached_per_scope(token_registry: FakeTokenRegistry) -> None:
    client = RegistryClient(token_registry.host, username=USER, password=PASSWORD)
    assert client.catalog() == ["a/b"]
    assert client.catalog() == ["a/b"]
    assert client.list_tags("a/b") == ["1.0.0"]
    assert client.list_tags("a/b") == ["1.0.0"]
    assert len(token_registry.token_requests) == 2  # one per scope
    assert "scope=registry%3Acatalog%3A%2A" in token_registry.token_requests[0]
    assert "service=fake" in token_registry.token_requests[0]


def test_bearer_refused_token_does_not_loop(token_registry: FakeTokenRegistry) -> None:
    token_registry.grant = False
    client = RegistryClient(token_registry.host, username=USER, password=PASSWORD)
    with pytest.raises(AuthenticationError):
        client.catalog()
    assert len(token_registry.token_requests) == 1
    with pytest.raises(AuthenticationError, match="token server"):
        RegistryClient(token_registry.host, username=USER, password="wrong").catalog()


class _Hostile:
    """A loopback HTTP server that answers like a registry, but badly."""

    def __init__(self, manifest_body: bytes) -> None:
        body = manifest_body

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if self.path == "/v2/":
                    self.send_response(200)
                    self.send_header("Content-Length", "2")
                    self.end_headers()
                    self.wfile.write(b"{}")
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/vnd.oci.image.manifest.v1+json")
                self.end_headers()
                try:
                    for i in range(0, len(body), 1 << 20):
                        self.wfile.write(body[i : i + (1 << 20)])
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"{" + b" " * (64 << 20) + b"}", "larger than"),
        (
            b'{"schemaVersion": 2, "mediaType": "application/vnd.oci.image.manifest.v1+json"}',
            "names no config digest",
        ),
        (b"not json at all", "names no config digest"),
    ],
    ids=["huge", "no-config", "not-json"],
)
def test_a_hostile_registry_gets_a_registry_error(body: bytes, says: str) -> None:
    """A huge manifest is not read whole; a malformed one is a registry error with a hint,
    never an internal error."""
    from envspec.errors import RegistryError
    from envspec.models.reference import Reference
    from envspec.oci.pull import resolve

    hostile = _Hostile(body)
    try:
        with pytest.raises(RegistryError) as e:
            resolve(Reference.parse(f"127.0.0.1:{hostile.port}/ns/env:1.0.0"))
    finally:
        hostile.close()
    assert says in e.value.message and e.value.hint
