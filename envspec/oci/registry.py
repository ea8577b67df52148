"""A small client for the OCI distribution API (blobs, manifests, tags, catalog) on ``requests``.

Transport (scheme, TLS, errors) is :mod:`envspec.oci.registry_http`; credentials and auth
challenges are :mod:`envspec.oci.auth`. Every failure is an :mod:`envspec.errors` exception with a
hint.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlencode, urljoin

import requests

from envspec.constants import MANIFEST_MEDIA_TYPES
from envspec.errors import (
    AuthenticationError,
    DigestMismatch,
    NotFound,
    RegistryError,
    RegistryUnreachable,
)
from envspec.oci.auth import (
    AUTH_HINT,
    ENV_PASSWORD,
    ENV_USERNAME,
    RegistryAuth,
    docker_config_credentials,
    find_credentials,
)
from envspec.oci.registry_http import (
    ENV_CA,
    HashingReader,
    Progress,
    SizedHashingReader,
    Transport,
    file_chunks,
    short_error,
)

__all__ = [
    "ENV_CA",
    "ENV_PASSWORD",
    "ENV_USERNAME",
    "BlobSource",
    "RegistryClient",
    "docker_config_credentials",
    "sha256_digest",
]

log = logging.getLogger(__name__)

CHUNK_SIZE = 1024 * 1024
PAGE_SIZE = 1000
#: the most of a manifest read (CNCF distribution refuses manifests over 4 MiB)
MAX_MANIFEST_BYTES = 4 << 20
#: the most of a blob read into memory (configs, artifact configs with a manifest)
MAX_SMALL_BLOB_BYTES = 32 << 20

#: what put_blob accepts: the bytes, a file path, or an iterator of chunks
BlobSource = bytes | str | os.PathLike[str] | Iterable[bytes]


def sha256_digest(data: bytes) -> str:
    """``sha256:<hex>`` of ``data``."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


class RegistryClient:
    """A client for one registry ``host[:port]``. Use as a context manager or call :meth:`close`.

    Raises (from every method): RegistryUnreachable, AuthenticationError, NotFound,
    DigestMismatch or RegistryError, each with a hint; never a raw ``requests`` exception.
    """

    def __init__(
        self,
        host: str,
        *,
        username: str | None = None,
        password: str | None = None,
        ca_cert: Path | None = None,
        insecure: bool | None = None,
        timeout: float = 30,
    ) -> None:
        if host.startswith(("http://", "https://")):
            scheme_given, _, host = host.partition("://")
            if insecure is None:
                insecure = scheme_given == "http"
        self.host = host.rstrip("/")
        self.name = self.host  # what messages call this store
        if not self.host or "/" in self.host:
            raise RegistryError(
                f"registry {host!r} is not host[:port]", hint="e.g. 127.0.0.1:5000 or ghcr.io"
            )
        self._transport = Transport(self.host, ca_cert=ca_cert, insecure=insecure, timeout=timeout)
        self.ca_cert = self._transport.ca_cert
        self.scheme = self._transport.scheme
        self.base_url = self._transport.base_url
        self.timeout = timeout
        credentials = find_credentials(self.host, username, password)
        self._auth = RegistryAuth(self.host, credentials, self._transport)

    def __repr__(self) -> str:
        return f"RegistryClient({self.base_url!r})"

    def __enter__(self) -> RegistryClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the HTTP session."""
        self._transport.close()

    # --- requests ---------------------------------------------------------------------------------
    def _request(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        """Send a request, answering one auth challenge (see :meth:`RegistryAuth.request`)."""
        return self._auth.request(method, path, **kwargs)

    @staticmethod
    def _scope(repo: str, *, push: bool = False) -> str:
        return f"repository:{repo}:{'pull,push' if push else 'pull'}"

    # --- API --------------------------------------------------------------------------------------
    def ping(self) -> None:
        """Check that the registry answers the v2 API with our credentials.

        Raises:
            RegistryUnreachable, AuthenticationError, RegistryError.
        """
        resp = self._request("GET", "/v2/")
        if not resp.ok:
            raise self._transport.fail(resp, "the /v2/ API")
        resp.close()

    def has_blob(self, repo: str, digest: str) -> bool:
        """Whether ``repo`` holds blob ``digest``."""
        resp = self._request("HEAD", f"/v2/{repo}/blobs/{digest}", scope=self._scope(repo))
        resp.close()
        if resp.status_code == 404:
            return False
        if not resp.ok:
            raise self._transport.fail(resp, f"blob {repo}@{digest}")
        return True

    def iter_blob(self, repo: str, digest: str) -> Iterator[bytes]:
        """Stream blob ``digest`` of ``repo`` in chunks, verifying its sha256 at the end.

        Raises:
            NotFound: no such blob. DigestMismatch: the bytes do not hash to ``digest``.
        """
        resp = self._request(
            "GET", f"/v2/{repo}/blobs/{digest}", scope=self._scope(repo), stream=True
        )
        if not resp.ok:
            raise self._transport.fail(resp, f"blob {repo}@{digest}")
        hasher = hashlib.sha256()
        for chunk in self._body(resp, f"{repo}@{digest}"):
            hasher.update(chunk)
            yield chunk
        actual = "sha256:" + hasher.hexdigest()
        if actual != digest:
            raise DigestMismatch(
                f"blob {repo}@{digest} from {self.host} hashes to {actual}",
                registry=self.host,
                hint="the registry's storage may be corrupt; re-push the blob",
            )

    def get_blob(self, repo: str, digest: str, *, limit: int = MAX_SMALL_BLOB_BYTES) -> bytes:
        """Blob ``digest`` of ``repo`` in memory, for small blobs (configs, artifacts; see
        :meth:`iter_blob`): at most ``limit`` bytes are read.

        Raises:
            NotFound, DigestMismatch; RegistryError: the blob is larger than ``limit``.
        """
        data = bytearray()
        for chunk in self.iter_blob(repo, digest):
            data += chunk
            if len(data) > limit:
                raise RegistryError(
                    f"blob {repo}@{digest} from {self.host} is larger than {limit:,} bytes, "
                    "which no config or manifest is",
                    registry=self.host,
                    hint="the registry (or a proxy in front of it) sent something else; "
                    "check its address",
                )
        return bytes(data)

    def _read_capped(self, resp: requests.Response, limit: int, what: str) -> bytes:
        """The body of ``resp``, read in chunks, refused past ``limit`` bytes (as registries
        refuse manifests past 4 MiB): a hostile answer cannot take the memory."""
        data = bytearray()
        for chunk in self._body(resp, what):
            data += chunk
            if len(data) > limit:
                raise RegistryError(
                    f"{what} from {self.host} is larger than {limit:,} bytes",
                    registry=self.host,
                    hint="registries refuse manifests that large: the registry (or a "
                    "proxy in front of it) sent something else; check its address",
                )
        return bytes(data)

    def _body(self, resp: requests.Response, what: str) -> Iterator[bytes]:
        """The body of a streamed ``resp`` in chunks; the response is closed when done."""
        try:
            yield from resp.iter_content(CHUNK_SIZE)
        except requests.exceptions.RequestException as e:
            raise RegistryUnreachable(
                f"download of {what} from {self.host} broke off: {short_error(e)}",
                registry=self.host,
                hint="retry; check the network and the registry's logs",
            ) from None
        finally:
            resp.close()

    def put_blob(
        self,
        repo: str,
        digest: str,
        data: BlobSource,
        size: int | None = None,
        progress: Progress | None = None,
        mount_from: str | None = None,
    ) -> None:
        """Upload a blob unless ``repo`` already has it.

        ``data`` is bytes, a file path (streamed, never read whole) or an iterator of chunks.
        ``progress`` is called with the number of bytes sent after each chunk (once with the
        whole size when the blob is already there). With ``mount_from``, first try to mount the
        blob from that repository of the same registry.

        Raises:
            DigestMismatch: the bytes do not hash to ``digest``. RegistryError and subclasses.
        """
        if isinstance(data, bytes):
            size = len(data)
            actual = sha256_digest(data)
            if actual != digest:
                raise DigestMismatch(
                    f"blob for {repo} named {digest} hashes to {actual}",
                    registry=self.host,
                    hint="compute the digest from the bytes you upload",
                )
        elif isinstance(data, str | os.PathLike):
            path = Path(data)
            try:
                size = path.stat().st_size
            except OSError as e:
                raise RegistryError(f"cannot read blob file {path}: {e}") from None
        scope = self._scope(repo, push=True)
        if self.has_blob(repo, digest):
            log.debug("blob %s already in %s", digest, repo)
            if progress is not None and size:
                progress(size)
            return
        query = ""
        if mount_from and mount_from != repo:
            scope = f"{scope} {self._scope(mount_from)}"
            query = "?" + urlencode({"mount": digest, "from": mount_from})
        resp = self._request("POST", f"/v2/{repo}/blobs/uploads/{query}", scope=scope)
        if resp.status_code == 201:
            resp.close()
            log.debug("mounted %s into %s from %s", digest, repo, mount_from)
            if progress is not None and size:
                progress(size)
            return
        if resp.status_code != 202 or "Location" not in resp.headers:
            raise self._transport.fail(resp, f"upload to {repo}")
        location = urljoin(resp.url, resp.headers["Location"])
        resp.close()
        location += ("&" if "?" in location else "?") + urlencode({"digest": digest})
        headers = {"Content-Type": "application/octet-stream"}

        reader: HashingReader | None = None
        handles: list[IO[bytes]] = []

        def body() -> Any:
            nonlocal reader
            if isinstance(data, bytes):
                chunks: Iterator[bytes] = (
                    data[i : i + CHUNK_SIZE] for i in range(0, len(data), CHUNK_SIZE)
                )
            elif isinstance(data, str | os.PathLike):
                fh = open(data, "rb")  # noqa: SIM115 -- closed after the request
                handles.append(fh)
                chunks = file_chunks(fh, CHUNK_SIZE)
            else:
                if reader is not None:
                    raise AuthenticationError(
                        f"{self.host} asked for credentials in the middle of an upload",
                        registry=self.host,
                        hint=AUTH_HINT,
                    )
                chunks = iter(data)
            if size is None:
                reader = HashingReader(chunks, progress)  # sent chunked
            else:
                reader = SizedHashingReader(chunks, progress, size)
            return reader

        try:
            resp = self._request("PUT", location, scope=scope, body=body, headers=headers)
        finally:
            for fh in handles:
                fh.close()
        if resp.status_code != 201:
            if reader is not None and reader.digest != digest:
                resp.close()
                raise DigestMismatch(
                    f"blob for {repo} named {digest} hashes to {reader.digest}",
                    registry=self.host,
                    hint="compute the digest from the bytes you upload",
                )
            raise self._transport.fail(resp, f"blob {repo}@{digest}")
        resp.close()

    def get_manifest(self, repo: str, reference: str) -> tuple[bytes, str, str]:
        """Manifest ``repo:reference`` (tag or digest) as ``(bytes, media type, digest)``.

        Raises:
            NotFound: no such manifest. DigestMismatch: the bytes do not hash to the digest
            asked for, or to the one the registry announced.
        """
        what = _manifest_name(repo, reference)
        resp = self._request(
            "GET",
            f"/v2/{repo}/manifests/{reference}",
            scope=self._scope(repo),
            headers={"Accept": ", ".join(MANIFEST_MEDIA_TYPES)},
            stream=True,
        )
        if not resp.ok:
            raise self._transport.fail(resp, f"manifest {what}")
        data = self._read_capped(resp, MAX_MANIFEST_BYTES, f"manifest {what}")
        digest = sha256_digest(data)
        expected = reference if reference.startswith("sha256:") else None
        announced = resp.headers.get("Docker-Content-Digest")
        for claimed in (expected, announced):
            if claimed and claimed.startswith("sha256:") and claimed != digest:
                raise DigestMismatch(
                    f"manifest {what} from {self.host} hashes to {digest}, not {claimed}",
                    registry=self.host,
                    hint="the registry or a proxy altered the manifest; re-push it",
                )
        media_type = resp.headers.get("Content-Type", "").split(";", 1)[0].strip()
        if media_type not in MANIFEST_MEDIA_TYPES:
            with contextlib.suppress(ValueError, AttributeError):
                media_type = str(json.loads(data).get("mediaType") or media_type)
        return data, media_type, digest

    def head_manifest(self, repo: str, reference: str) -> str | None:
        """The digest of manifest ``repo:reference``, or None if it does not exist."""
        resp = self._request(
            "HEAD",
            f"/v2/{repo}/manifests/{reference}",
            scope=self._scope(repo),
            headers={"Accept": ", ".join(MANIFEST_MEDIA_TYPES)},
        )
        resp.close()
        if resp.status_code == 404:
            return None
        if not resp.ok:
            raise self._transport.fail(resp, f"manifest {_manifest_name(repo, reference)}")
        digest = resp.headers.get("Docker-Content-Digest")
        if digest:
            return digest
        return self.get_manifest(repo, reference)[2]  # the registry did not say: hash it

    def put_manifest(self, repo: str, reference: str, data: bytes, media_type: str) -> str:
        """Store manifest ``data`` as ``repo:reference`` (a tag or its digest); return its digest.

        Raises:
            DigestMismatch: ``reference`` is a digest the bytes do not hash to.
            RegistryError: the registry refused it (e.g. a blob it names is missing).
        """
        digest = sha256_digest(data)
        if reference.startswith("sha256:") and reference != digest:
            raise DigestMismatch(
                f"manifest for {repo} named {reference} hashes to {digest}",
                registry=self.host,
                hint="put it by tag, or name it by the digest of its bytes",
            )
        resp = self._request(
            "PUT",
            f"/v2/{repo}/manifests/{reference}",
            scope=self._scope(repo, push=True),
            body=lambda: data,
            headers={"Content-Type": media_type},
        )
        if resp.status_code not in (200, 201, 202):
            raise self._transport.fail(resp, f"manifest {_manifest_name(repo, reference)}")
        announced = resp.headers.get("Docker-Content-Digest")
        resp.close()
        if announced and announced != digest:
            raise DigestMismatch(
                f"{self.host} stored manifest {repo}:{reference} as {announced}, not {digest}",
                registry=self.host,
                hint="the registry rewrote the manifest; check its media type",
            )
        return digest

    def list_tags(self, repo: str) -> list[str]:
        """Every tag of ``repo`` (following pagination); ``[]`` if the repository is unknown."""
        tags: list[str] = []
        try:
            for page in self._pages(f"/v2/{repo}/tags/list", self._scope(repo), f"tags of {repo}"):
                tags.extend(page.get("tags") or [])
        except NotFound:
            return []
        return tags

    def catalog(self) -> list[str]:
        """Every repository of the registry (following pagination)."""
        repos: list[str] = []
        for page in self._pages("/v2/_catalog", "registry:catalog:*", "the catalog"):
            repos.extend(page.get("repositories") or [])
        return repos

    def _pages(self, path: str, scope: str, what: str) -> Iterator[dict[str, Any]]:
        url: str | None = self._transport.url(path) + "?" + urlencode({"n": PAGE_SIZE})
        seen: set[str] = set()
        while url and url not in seen:
            seen.add(url)
            resp = self._request("GET", url, scope=scope)
            if not resp.ok:
                raise self._transport.fail(resp, what)
            try:
                page = resp.json()
            except ValueError:
                raise RegistryError(
                    f"{self.host} sent invalid JSON for {what}", registry=self.host
                ) from None
            yield page if isinstance(page, dict) else {}
            following = resp.links.get("next", {}).get("url")
            url = urljoin(resp.url, following) if following else None


def _manifest_name(repo: str, reference: str) -> str:
    return f"{repo}@{reference}" if reference.startswith("sha256:") else f"{repo}:{reference}"
