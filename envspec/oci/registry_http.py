"""HTTP plumbing of the registry client: session and TLS choice, errors, streamed upload bodies.

Scheme: https, except plain http for loopback hosts (as docker does) or when asked; a CA
certificate comes from the arguments or ``ENVSPEC_REGISTRY_CA``. Every transport failure becomes
an :mod:`envspec.errors` exception with a hint, never a raw ``requests`` exception.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any
from urllib.parse import urljoin

import requests

from envspec.errors import DigestMismatch, NotFound, RegistryError, RegistryUnreachable

__all__ = [
    "CA_HINT",
    "ENV_CA",
    "HashingReader",
    "Progress",
    "SizedHashingReader",
    "Transport",
    "error_detail",
    "file_chunks",
    "is_loopback",
    "short_error",
]

log = logging.getLogger(__name__)

ENV_CA = "ENVSPEC_REGISTRY_CA"
#: hosts that speak plain http, comma-separated (as --insecure does for one command)
ENV_INSECURE = "ENVSPEC_REGISTRY_INSECURE"
CA_HINT = f"pass the registry's CA certificate with --ca-cert or {ENV_CA}=PATH"

#: called with the number of bytes sent after each chunk of an upload
Progress = Callable[[int], None]


def is_loopback(host: str) -> bool:
    """Whether ``host[:port]`` names this machine (``localhost``, ``127.0.0.1``, ``[::1]``)."""
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


def error_detail(resp: requests.Response) -> tuple[str, list[str]]:
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


def short_error(error: Exception) -> str:
    """The innermost reason of a requests/urllib3 error, without the pool's boilerplate."""
    text = str(error)
    for marker in ("Caused by ", "Failed to establish a new connection: ", "[SSL: "):
        if marker in text:
            text = text.split(marker, 1)[1]
    text = text.strip("()'\" ")
    if len(text) > 300:  # cut at a word, and say so
        text = text[:300].rsplit(" ", 1)[0] + " …"
    return text


def ca_for(host: str) -> Path | None:
    """The CA certificate ``$ENVSPEC_REGISTRY_CA`` names for ``host``: a path (every host),
    or ``HOST=PATH`` pairs separated by commas (only those hosts)."""
    value = os.environ.get(ENV_CA, "").strip()
    if not value:
        return None
    if "=" not in value:
        return Path(value)
    for pair in value.split(","):
        name, _, path = pair.strip().partition("=")
        if name.strip() == host and path.strip():
            return Path(path.strip())
    return None


def insecure_by_env(host: str) -> bool:
    """Whether ``$ENVSPEC_REGISTRY_INSECURE`` lists ``host`` (plain http)."""
    listed = os.environ.get(ENV_INSECURE, "")
    return host in {h.strip() for h in listed.split(",") if h.strip()}


class Transport:
    """An HTTP session to one registry ``host[:port]``, with its scheme and CA certificate.

    Raises:
        RegistryError: the CA certificate (argument or ``$ENVSPEC_REGISTRY_CA``) does not exist.
    """

    def __init__(
        self, host: str, *, ca_cert: Path | None, insecure: bool | None, timeout: float
    ) -> None:
        self.host = host
        if insecure is None and insecure_by_env(host):
            insecure = True
        # an explicit choice of plain http wins over a CA certificate set for every host
        if insecure:
            ca_cert = None
        elif ca_cert is None:
            ca_cert = ca_for(host)
        if ca_cert is not None and not Path(ca_cert).is_file():
            raise RegistryError(
                f"CA certificate {ca_cert} does not exist",
                registry=self.host,
                hint=f"check --ca-cert / {ENV_CA}",
            )
        self.ca_cert = Path(ca_cert) if ca_cert is not None else None
        if insecure is not None:
            secure = not insecure
        elif self.ca_cert is not None:
            secure = True
        else:
            secure = not is_loopback(self.host)
        self.scheme = "https" if secure else "http"
        self.base_url = f"{self.scheme}://{self.host}"
        self.timeout = timeout
        self._session = requests.Session()
        # passed on every request: a session-level verify loses to $REQUESTS_CA_BUNDLE
        self._verify: str | bool = str(self.ca_cert) if self.ca_cert is not None else True
        # a loopback registry is never reached through a proxy
        self._session.trust_env = not is_loopback(self.host)
        self._session.headers["User-Agent"] = "envspec"

    def close(self) -> None:
        """Close the HTTP session."""
        self._session.close()

    def url(self, path: str) -> str:
        """The absolute URL of ``path`` on this registry."""
        return urljoin(self.base_url, path)

    def send(self, method: str, url: str, **kwargs: Any) -> requests.Response:
        """One HTTP request, as is (no auth handling).

        Raises:
            RegistryError: TLS failed, or the request failed otherwise.
            RegistryUnreachable: the registry did not answer.
        """
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
                hint = CA_HINT
            raise RegistryError(
                f"TLS to {self.host} failed: {short_error(e)}", registry=self.host, hint=hint
            ) from None
        except (requests.exceptions.ConnectionError, requests.exceptions.Timeout) as e:
            raise RegistryUnreachable(
                f"registry {self.base_url} did not answer: {short_error(e)}",
                registry=self.host,
                hint="is it running? check host:port (for development, registry/serve.sh "
                "starts one)",
            ) from None
        except requests.exceptions.RequestException as e:
            raise RegistryError(
                f"request to {self.host} failed: {short_error(e)}", registry=self.host
            ) from None

    def fail(self, resp: requests.Response, what: str) -> RegistryError:
        """The exception for an unexpected response about ``what``."""
        detail, codes = error_detail(resp)
        resp.close()
        if resp.status_code == 404:
            return NotFound(
                f"{what} not found on {self.host}: {detail}",
                registry=self.host,
                hint=f"check the name and version (`envspec list --registry {self.host}/NAMESPACE` "
                "lists them)",
            )
        if "DIGEST_INVALID" in codes:
            return DigestMismatch(
                f"{self.host} rejected {what}: {detail}",
                registry=self.host,
                hint="the content does not hash to its digest; rebuild or re-pull it",
            )
        hint = None
        if resp.status_code == 400 and "HTTPS server" in resp.text:
            hint = f"the registry speaks TLS; {CA_HINT}"
        return RegistryError(
            f"{self.host} answered {resp.status_code} {resp.reason} for {what}: {detail}",
            registry=self.host,
            hint=hint,
        )


class HashingReader:
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
        """``sha256:<hex>`` of the chunks sent so far."""
        return "sha256:" + self.hasher.hexdigest()


class SizedHashingReader(HashingReader):
    """A reader of known size: requests sends it with Content-Length, not chunked."""

    def __init__(self, chunks: Iterator[bytes], progress: Progress | None, size: int) -> None:
        super().__init__(chunks, progress)
        self._size = size

    def __len__(self) -> int:
        return self._size


def file_chunks(fh: IO[bytes], size: int) -> Iterator[bytes]:
    """The content of ``fh`` in chunks of ``size`` bytes."""
    while chunk := fh.read(size):
        yield chunk
