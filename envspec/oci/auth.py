"""Registry authentication: credential lookup, basic and bearer challenges, a token cache.

Credentials come from the arguments, else ``ENVSPEC_REGISTRY_USERNAME``/
``ENVSPEC_REGISTRY_PASSWORD``, else docker's ``config.json``. Basic and bearer-token auth are
answered once per request; tokens are cached per scope.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests

from envspec.errors import AuthenticationError, RegistryError
from envspec.oci.registry_http import Transport, error_detail

__all__ = [
    "AUTH_HINT",
    "ENV_PASSWORD",
    "ENV_USERNAME",
    "RegistryAuth",
    "docker_config_credentials",
    "find_credentials",
]

log = logging.getLogger(__name__)

ENV_USERNAME = "ENVSPEC_REGISTRY_USERNAME"
ENV_PASSWORD = "ENVSPEC_REGISTRY_PASSWORD"
AUTH_HINT = (
    f"set {ENV_USERNAME} and {ENV_PASSWORD}, or run `docker login HOST` "
    "(credentials in $DOCKER_CONFIG/config.json)"
)

_CHALLENGE_RE = re.compile(r'(\w+)\s*=\s*(?:"([^"]*)"|([^\s,]*))')


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


def find_credentials(
    host: str, username: str | None, password: str | None
) -> tuple[str, str] | None:
    """The arguments, else the ``ENVSPEC_REGISTRY_*`` variables, else docker's config; or None."""
    if username is None and password is None:
        username, password = os.environ.get(ENV_USERNAME), os.environ.get(ENV_PASSWORD)
        if username is None and password is None:
            found = docker_config_credentials(host)
            if found:
                username, password = found
    return (username or "", password or "") if username or password else None


class RegistryAuth:
    """Authenticated requests to one registry: answers its challenges, caches its tokens."""

    def __init__(
        self, host: str, credentials: tuple[str, str] | None, transport: Transport
    ) -> None:
        self.host = host
        self.credentials = credentials
        self._transport = transport
        self._basic = False  # the registry asked for basic auth: send it up front from now on
        self._tokens: dict[str, str] = {}  # bearer token per scope

    def header(self, scope: str) -> dict[str, str]:
        """The ``Authorization`` header for ``scope`` from what earlier challenges taught."""
        token = self._tokens.get(scope)
        if token is None and scope.endswith(":pull"):
            token = self._tokens.get(scope + ",push")
        if token is not None:
            return {"Authorization": f"Bearer {token}"}
        if self._basic and self.credentials:
            raw = ":".join(self.credentials).encode()
            return {"Authorization": "Basic " + base64.b64encode(raw).decode()}
        return {}

    def request(
        self,
        method: str,
        path: str,
        *,
        scope: str = "",
        body: Callable[[], Any] | None = None,
        headers: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> requests.Response:
        """Send a request, answering one auth challenge. ``body`` makes the body afresh per try.

        Raises:
            AuthenticationError: the registry refused our credentials (or anonymous access).
            RegistryError, RegistryUnreachable: from the transport or the token server.
        """
        url = path if "://" in path else self._transport.url(path)
        for attempt in (1, 2):
            all_headers = {**(headers or {}), **self.header(scope)}
            data = body() if body is not None else None
            resp = self._transport.send(method, url, headers=all_headers, data=data, **kwargs)
            if resp.status_code != 401 or attempt == 2:
                break
            challenge = resp.headers.get("WWW-Authenticate", "")
            resp.close()
            self.answer_challenge(challenge, scope)
        if resp.status_code in (401, 403):
            _, codes = error_detail(resp)
            who = "our credentials" if self.credentials else "anonymous access"
            raise AuthenticationError(
                f"{self.host} refused {who} ({resp.status_code} "
                f"{', '.join(codes) or resp.reason}) for {method} {path}",
                registry=self.host,
                hint=AUTH_HINT,
            )
        return resp

    def answer_challenge(self, challenge: str, scope: str) -> None:
        """Learn from a ``WWW-Authenticate`` challenge: use basic auth, or fetch a bearer token.

        Raises:
            AuthenticationError: no credentials for basic auth, an unsupported scheme, or the
                token server refused us.
            RegistryError: the token server failed or sent no token.
        """
        kind, _, params_text = challenge.partition(" ")
        kind = kind.lower()
        if kind == "basic":
            if not self.credentials:
                raise AuthenticationError(
                    f"{self.host} requires credentials", registry=self.host, hint=AUTH_HINT
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
            hint=AUTH_HINT,
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
        auth = self.credentials
        log.debug("fetching token from %s for %s", realm, scope or "<no scope>")
        resp = self._transport.send("GET", realm, params=query, auth=auth)
        if resp.status_code in (401, 403):
            raise AuthenticationError(
                f"token server {realm} refused {'our credentials' if auth else 'anonymous'} "
                f"access for {scope or self.host}",
                registry=self.host,
                hint=AUTH_HINT,
            )
        if not resp.ok:
            detail, _ = error_detail(resp)
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
