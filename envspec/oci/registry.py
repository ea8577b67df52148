"""A small client for the OCI distribution API (blobs, manifests, tags, catalog) on ``requests``.

Scheme: https, except plain http for loopback hosts (as docker does) or when asked. Credentials
come from the arguments, else ``ENVSPEC_REGISTRY_USERNAME``/``ENVSPEC_REGISTRY_PASSWORD``, else
docker's ``config.json``. Basic and bearer-token auth are answered once per request; tokens are
cached per scope. Every failure is an :mod:`envspec.errors` exception with a hint.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import ipaddress
import json
import logging
import os
import re
from collections.abc import Callable, Iterable, Iterator
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

__all__ = ["BlobSource", "RegistryClient", "docker_config_credentials", "sha256_digest"]

log = logging.getLogger(__name__)

ENV_USERNAME = "ENVSPEC_REGISTRY_USERNAME"
ENV_PASSWORD = "ENVSPEC_REGISTRY_PASSWORD"
ENV_CA = "ENVSPEC_REGISTRY_CA"
CHUNK_SIZE = 1024 * 1024
PAGE_SIZE = 1000

#: what put_blob accepts: the bytes, a file path, or an iterator of chunks
BlobSource = bytes | str | os.PathLike[str] | Iterable[bytes]
Progress = Callable[[int], None]

_CHALLENGE_RE = re.compile(r'(\w+)\s*=\s*(?:"([^"]*)"|([^\s,]*))')
_AUTH_HINT = (
    f"set {ENV_USERNAME} and {ENV_PASSWORD}, or run `docker login HOST` "
    "(credentials in $DOCKER_CONFIG/config.json)"
)
_CA_HINT = f"pass the registry's CA certificate with --ca-cert or {ENV_CA}=PATH"


def sha256_digest(data: bytes) -> str:
    """``sha256:<hex>`` of ``data``."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _is_loopback(host: str) -> bool:
    hostname = host
    if hostname.startswith("["):
        hostname = hostname[1:].split("]", 1)[0]
    elif hostname.count(":") == 1:
        hostname = hostname.split(":", 1)[0]
    if hostname == "localhost":
        return True
    try:
        return ipaddress.ip_address(hostname).is_loopback
    except ValueError:
        return False


def docker_config_credentials(host: str) -> tuple[str, str] | None:
    """Username and password for ``host`` from ``$DOCKER_CONFIG/config.json`` ``auths``, if any.

    Credential helpers (``credsStore``) are not consulted.
    """
    path = Path(os.environ.get("DOCKER_CONFIG") or Path.home() / ".docker") / "config.json"
    try:
        config = json.loads(path.read_text())
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        log.warning("ignoring unreadable docker config %s: %s", path, e)
        return None
    auths = config.get("auths") if isinstance(config, dict) else None
    if not isinstance(auths, dict):
        return None
    for key in (host, f"https://{host}", f"http://{host}", f"https://{host}/v1/"):
        entry = auths.get(key)
        if isinstance(entry, dict) and entry.get("auth"):
            try:
                user, sep, password = base64.b64decode(entry["auth"]).decode().partition(":")
            except (ValueError, UnicodeDecodeError):
                log.warning("ignoring malformed auth for %s in %s", key, path)
                continue
            if sep:
                return user, password
    return None


def _error_detail(resp: requests.Response) -> tuple[str, list[str]]:
    """The registry's error JSON as one message, and the error codes."""
    try:
        body = resp.json()
        errors = body.get("errors") or []
        codes = [str(e.get("code", "")) for e in errors]
        text = "; ".join(
            f"{e.get('code', '')}: {e.get('message', '')}".strip(": ")
            + (f" ({e['detail']})" if e.get("detail") else "")
            for e in errors
        )
        if text:
            return text, codes
    except (ValueError, AttributeError, TypeError):
        pass
    return (resp.text.strip()[:300] or resp.reason or "no detail"), []


class _HashingReader:
    """Yields chunks of a blob source, hashing them and reporting progress as they are sent."""

    def __init__(self, chunks: Iterator[bytes], progress: Progress | None) -> None:
        self._chunks = chunks
        self._progress = progress
        self.hasher = hashlib.sha256()
        self.sent = 0

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self._chunks:
            if not chunk:
                continue
            self.hasher.update(chunk)
            yield chunk
            self.sent += len(chunk)
            if self._progress is not None:
                self._progress(len(chunk))

    @property
    def digest(self) -> str:
        return "sha256:" + self.hasher.hexdigest()


class _SizedHashingReader(_HashingReader):
    """A reader of known size: requests sends it with Content-Length, not chunked."""

    def __init__(self, chunks: Iterator[bytes], progress: Progress | None, size: int) -> None:
        super().__init__(chunks, progress)
        self._size = size

    def __len__(self) -> int:
        return self._size


def _file_chunks(fh: IO[bytes]) -> Iterator[bytes]:
    while chunk := fh.read(CHUNK_SIZE):
        yield chunk


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
        if ca_cert is None and os.environ.get(ENV_CA):
            ca_cert = Path(os.environ[ENV_CA])
        if ca_cert is not None and not Path(ca_cert).is_file():
            raise RegistryError(
                f"CA certificate {ca_cert} does not exist",
                registry=self.host,
                hint=f"check --ca-cert / {ENV_CA}",
            )
        self.ca_cert = Path(ca_cert) if ca_cert is not None else None
        if self.ca_cert is not None:
            secure = True
        elif insecure is None:
            secure = not _is_loopback(self.host)
        else:
            secure = not insecure
        self.scheme = "https" if secure else "http"
        self.base_url = f"{self.scheme}://{self.host}"
        self.timeout = timeout
        if username is None and password is None:
            username, password = os.environ.get(ENV_USERNAME), os.environ.get(ENV_PASSWORD)
            if username is None and password is None:
                found = docker_config_credentials(self.host)
                if found:
                    username, password = found
        self._credentials = (username or "", password or "") if username or password else None
        self._session = requests.Session()
        # passed on every request: a session-level verify loses to $REQUESTS_CA_BUNDLE
        self._verify: str | bool = str(self.ca_cert) if self.ca_cert is not None else True
        # a loopback registry is never reached through a proxy
        self._session.trust_env = not _is_loopback(self.host)
        self._session.headers["User-Agent"] = "envspec"
        self._basic = False  # the registry asked for basic auth: send it up front from now on
        self._tokens: dict[str, str] = {}  # bearer token per scope

    def __repr__(self) -> str:
        return f"RegistryClient({self.base_url!r})"

    def __enter__(self) -> RegistryClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the HTTP session."""
        self._session.close()

    # --- transport and auth -------------------------------------------------------------------
    def _url(self, path: str) -> str:
        return urljoin(self.base_url, path)

    def _auth_header(self, scope: str) -> dict[str, str]:
        token = self._tokens.get(scope)
        if token is None and scope.endswith(":pull"):
            token = self._tokens.get(scope + ",push")
        if token is not None:
            return {"Authorization": f"Bearer {token}"}
        if self._basic and self._credentials:
            raw = ":".join(self._credentials).encode()
            return {"Authorization": "Basic " + base64.b64encode(raw).decode()}
        return {}

    def _send(self, method: str, url: str, **kwargs: Any) -> requests.Response:
        kwargs.setdefault("timeout", self.timeout)
        kwargs.setdefault("verify", self._verify)
        log.debug("%s %s", method, url)
        try:
            return self._session.request(method, url, **kwargs)
        except requests.exceptions.SSLError as e:
            text = str(e)
            if "WRONG_VERSION_NUMBER" in text or "wrong version number" in text:
                hint = "the registry seems to speak plain http; pass --insecure"
            else:
                hint = _CA_HINT
            raise RegistryError(
                f"TLS to {self.host} failed: {_short(e)}", registry=self.host, hint=hint
            ) from None
        except (requests.exceptions.ConnectionError, requests.exceptions.Timeout) as e:
            raise RegistryUnreachable(
                f"registry {self.base_url} did not answer: {_short(e)}",
                registry=self.host,
                hint="is it running? start one with `envspec registry serve` "
                "(or registry/serve.sh), and check host:port",
            ) from None
        except requests.exceptions.RequestException as e:
            raise RegistryError(
                f"request to {self.host} failed: {_short(e)}", registry=self.host
            ) from None

    def _request(
        self,
        method: str,
        path: str,
        *,
        scope: str = "",
        body: Callable[[], Any] | None = None,
        headers: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> requests.Response:
        """Send a request, answering one auth challenge. ``body`` makes the body afresh per try."""
        url = path if "://" in path else self._url(path)
        for attempt in (1, 2):
            all_headers = {**(headers or {}), **self._auth_header(scope)}
            data = body() if body is not None else None
            resp = self._send(method, url, headers=all_headers, data=data, **kwargs)
            if resp.status_code != 401 or attempt == 2:
                break
            challenge = resp.headers.get("WWW-Authenticate", "")
            resp.close()
            self._answer_challenge(challenge, scope)
        if resp.status_code in (401, 403):
            _, codes = _error_detail(resp)
            who = "our credentials" if self._credentials else "anonymous access"
            raise AuthenticationError(
                f"{self.host} refused {who} ({resp.status_code} "
                f"{', '.join(codes) or resp.reason}) for {method} {path}",
                registry=self.host,
                hint=_AUTH_HINT,
            )
        return resp

    def _answer_challenge(self, challenge: str, scope: str) -> None:
        kind, _, params_text = challenge.partition(" ")
        kind = kind.lower()
        if kind == "basic":
            if not self._credentials:
                raise AuthenticationError(
                    f"{self.host} requires credentials", registry=self.host, hint=_AUTH_HINT
                )
            self._basic = True
            return
        if kind == "bearer":
            params = {m[0].lower(): m[1] or m[2] for m in _CHALLENGE_RE.findall(params_text)}
            self._tokens[scope] = self._fetch_token(params, scope)
            return
        raise AuthenticationError(
            f"{self.host} asks for unsupported authentication {challenge!r}",
            registry=self.host,
            hint=_AUTH_HINT,
        )

    def _fetch_token(self, params: dict[str, str], scope: str) -> str:
        realm = params.get("realm")
        if not realm:
            raise RegistryError(
                f"{self.host} sent a bearer challenge without a realm", registry=self.host
            )
        query: list[tuple[str, str]] = []
        if params.get("service"):
            query.append(("service", params["service"]))
        for s in (params.get("scope") or scope).split(" "):
            if s:
                query.append(("scope", s))
        auth = self._credentials
        log.debug("fetching token from %s for %s", realm, scope or "<no scope>")
        resp = self._send("GET", realm, params=query, auth=auth)
        if resp.status_code in (401, 403):
            raise AuthenticationError(
                f"token server {realm} refused {'our credentials' if auth else 'anonymous'} "
                f"access for {scope or self.host}",
                registry=self.host,
                hint=_AUTH_HINT,
            )
        if not resp.ok:
            detail, _ = _error_detail(resp)
            raise RegistryError(
                f"token server {realm} answered {resp.status_code}: {detail}", registry=self.host
            )
        try:
            body = resp.json()
            token = body.get("token") or body.get("access_token")
        except (ValueError, AttributeError):
            token = None
        if not isinstance(token, str) or not token:
            raise RegistryError(f"token server {realm} sent no token", registry=self.host)
        return token

    def _fail(self, resp: requests.Response, what: str) -> RegistryError:
        """The exception for an unexpected response about ``what``."""
        detail, codes = _error_detail(resp)
        resp.close()
        if resp.status_code == 404:
            return NotFound(
                f"{what} not found on {self.host}: {detail}",
                registry=self.host,
                hint="check the name and version (list them with `envspec search` / tags)",
            )
        if "DIGEST_INVALID" in codes:
            return DigestMismatch(
                f"{self.host} rejected {what}: {detail}",
                registry=self.host,
                hint="the content does not hash to its digest; rebuild or re-pull it",
            )
        hint = None
        if resp.status_code == 400 and "HTTPS server" in resp.text:
            hint = f"the registry speaks TLS; {_CA_HINT}"
        return RegistryError(
            f"{self.host} answered {resp.status_code} {resp.reason} for {what}: {detail}",
            registry=self.host,
            hint=hint,
        )

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
            raise self._fail(resp, "the /v2/ API")
        resp.close()

    def has_blob(self, repo: str, digest: str) -> bool:
        """Whether ``repo`` holds blob ``digest``."""
        resp = self._request("HEAD", f"/v2/{repo}/blobs/{digest}", scope=self._scope(repo))
        resp.close()
        if resp.status_code == 404:
            return False
        if not resp.ok:
            raise self._fail(resp, f"blob {repo}@{digest}")
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
            raise self._fail(resp, f"blob {repo}@{digest}")
        hasher = hashlib.sha256()
        try:
            for chunk in resp.iter_content(CHUNK_SIZE):
                hasher.update(chunk)
                yield chunk
        except requests.exceptions.RequestException as e:
            raise RegistryUnreachable(
                f"download of {repo}@{digest} from {self.host} broke off: {_short(e)}",
                registry=self.host,
                hint="retry; check the network and the registry's logs",
            ) from None
        finally:
            resp.close()
        actual = "sha256:" + hasher.hexdigest()
        if actual != digest:
            raise DigestMismatch(
                f"blob {repo}@{digest} from {self.host} hashes to {actual}",
                registry=self.host,
                hint="the registry's storage may be corrupt; re-push the blob",
            )

    def get_blob(self, repo: str, digest: str) -> bytes:
        """Blob ``digest`` of ``repo`` in memory (for small blobs; see :meth:`iter_blob`)."""
        return b"".join(self.iter_blob(repo, digest))

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
            raise self._fail(resp, f"upload to {repo}")
        location = urljoin(resp.url, resp.headers["Location"])
        resp.close()
        location += ("&" if "?" in location else "?") + urlencode({"digest": digest})
        headers = {"Content-Type": "application/octet-stream"}

        reader: _HashingReader | None = None
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
                chunks = _file_chunks(fh)
            else:
                if reader is not None:
                    raise AuthenticationError(
                        f"{self.host} asked for credentials in the middle of an upload",
                        registry=self.host,
                        hint=_AUTH_HINT,
                    )
                chunks = iter(data)
            if size is None:
                reader = _HashingReader(chunks, progress)  # sent chunked
            else:
                reader = _SizedHashingReader(chunks, progress, size)
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
            raise self._fail(resp, f"blob {repo}@{digest}")
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
        )
        if not resp.ok:
            raise self._fail(resp, f"manifest {what}")
        data = resp.content
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
            raise self._fail(resp, f"manifest {_manifest_name(repo, reference)}")
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
            raise self._fail(resp, f"manifest {_manifest_name(repo, reference)}")
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
        url: str | None = self._url(path) + "?" + urlencode({"n": PAGE_SIZE})
        seen: set[str] = set()
        while url and url not in seen:
            seen.add(url)
            resp = self._request("GET", url, scope=scope)
            if not resp.ok:
                raise self._fail(resp, what)
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


def _short(error: Exception) -> str:
    """The innermost reason of a requests/urllib3 error, without the pool's boilerplate."""
    text = str(error)
    for marker in ("Caused by ", "Failed to establish a new connection: ", "[SSL: "):
        if marker in text:
            text = text.split(marker, 1)[1]
    return text.strip("()'\" ")[:200]
