"""Environment references: ``[registry/]namespace/name[:version][@sha256:...]`` and push targets.

One grammar, one frozen value type that parses and formats and round-trips
(``Reference.parse(str(r)) == r``). Pure: no I/O.

- ``registry`` is ``host[:port]``; the first path component is a registry iff it contains
  ``.`` or ``:`` or is ``localhost`` (docker's rule). ``None`` means the embedded default store.
- ``oci:PATH:namespace/name[:version][@digest]`` names an OCI image-layout store on disk
  (``PATH`` holds no colon).
- ``version`` is semver without build metadata, because it doubles as an OCI tag.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from envspec.constants import DEFAULT_NAMESPACE, ENV_TAG_SUFFIX, SCORER_REPO_SUFFIX
from envspec.errors import InvalidReference

__all__ = ["Reference", "RegistryTarget", "is_registry_component"]

OCI_PREFIX = "oci:"
#: one path component of a namespace or name
COMPONENT_RE = re.compile(r"[a-z0-9]+(?:[._-][a-z0-9]+)*")
#: semver 2.0 without build metadata (``+...`` is not allowed in an OCI tag)
SEMVER_RE = re.compile(
    r"(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)"
    r"(?:-(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?"
)
DIGEST_RE = re.compile(r"sha256:[0-9a-f]{64}")
_HOST_RE = re.compile(
    r"(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*"
    r"|\[[0-9a-fA-F:.]+\])"
    r"(?::(?P<port>[0-9]{1,5}))?"
)
#: an OCI tag is at most 128 characters; the environment tag appends ENV_TAG_SUFFIX
MAX_VERSION_LENGTH = 128 - len(ENV_TAG_SUFFIX)
#: docker limits a repository name to 255 characters; the scorer's repository is the longest
MAX_REPOSITORY_LENGTH = 255


def is_registry_component(component: str) -> bool:
    """Whether the first component of a reference names a registry host (docker's rule)."""
    return "." in component or ":" in component or component == "localhost"


def _check_registry(text: str, registry: str) -> None:
    m = _HOST_RE.fullmatch(registry)
    if not m:
        raise InvalidReference(text, f"registry {registry!r} is not a valid host[:port]")
    port = m.group("port")
    if port is not None and not 0 < int(port) < 65536:
        raise InvalidReference(text, f"registry port {port} is out of range 1-65535")


def _check_component(text: str, what: str, value: str) -> None:
    if not value:
        raise InvalidReference(text, f"empty {what}")
    if not COMPONENT_RE.fullmatch(value):
        raise InvalidReference(
            text,
            f"{what} {value!r} must be lowercase letters and digits, optionally separated by "
            "single '.', '_' or '-' (e.g. 'kernel-opt')",
        )


def _check_version(text: str, version: str) -> None:
    if not version:
        raise InvalidReference(text, "empty version after ':'")
    if "+" in version:
        raise InvalidReference(
            text, f"version {version!r} has build metadata ('+...'), which an OCI tag cannot hold"
        )
    if not SEMVER_RE.fullmatch(version):
        raise InvalidReference(
            text, f"version {version!r} is not semver MAJOR.MINOR.PATCH[-PRERELEASE] (e.g. 1.0.0)"
        )
    if len(version) > MAX_VERSION_LENGTH:
        raise InvalidReference(
            text, f"version is {len(version)} characters long; at most {MAX_VERSION_LENGTH}"
        )


def _check_digest(text: str, digest: str) -> None:
    if not digest:
        raise InvalidReference(text, "empty digest after '@'")
    algorithm = digest.partition(":")[0]
    if algorithm != "sha256":
        raise InvalidReference(text, f"digest algorithm {algorithm!r} unsupported; use sha256")
    if not DIGEST_RE.fullmatch(digest):
        raise InvalidReference(
            text, f"digest {digest!r} must be 'sha256:' and 64 lowercase hex characters"
        )


def _check_store(text: str, store: str) -> None:
    if not store:
        raise InvalidReference(text, "empty store path after 'oci:'")
    if ":" in store:
        raise InvalidReference(text, f"store path {store!r} must not contain ':'")
    if any(ord(c) < 32 or c == "\x7f" for c in store):
        raise InvalidReference(text, f"store path {store!r} contains control characters")


@dataclass(frozen=True, kw_only=True)
class Reference:
    """An environment reference. Construct with :meth:`parse` or directly (validated either way).

    Raises:
        InvalidReference: if any field is malformed.
    """

    registry: str | None = None
    namespace: str
    name: str
    version: str | None = None
    digest: str | None = None
    store: str | None = None

    def __post_init__(self) -> None:
        text = self._format()
        if self.registry is not None and self.store is not None:
            raise InvalidReference(text, "a reference names a registry or an oci: store, not both")
        if self.registry is not None:
            _check_registry(text, self.registry)
        if self.store is not None:
            _check_store(text, self.store)
        if not self.namespace:
            raise InvalidReference(text, "missing namespace: use namespace/name (e.g. rebench/x)")
        for component in self.namespace.split("/"):
            _check_component(text, "namespace component", component)
        first = self.namespace.split("/", 1)[0]
        if self.registry is None and self.store is None and is_registry_component(first):
            raise InvalidReference(
                text,
                f"namespace {first!r} would be read as a registry host; "
                "namespaces without a registry must not contain '.' or be 'localhost'",
            )
        _check_component(text, "name", self.name)
        if len(self.scorer_repository) > MAX_REPOSITORY_LENGTH:
            raise InvalidReference(
                text,
                f"namespace/name is {len(self.repository)} characters long; "
                f"at most {MAX_REPOSITORY_LENGTH - len(SCORER_REPO_SUFFIX)}",
            )
        if self.version is not None:
            _check_version(text, self.version)
        if self.digest is not None:
            _check_digest(text, self.digest)

    # --- parse and format ---------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Reference:
        """Parse ``[registry/]namespace/name[:version][@sha256:...]`` or ``oci:PATH:ns/name...``.

        Raises:
            InvalidReference: with the precise reason the text is not a reference.
        """
        if not isinstance(text, str) or not text.strip():
            raise InvalidReference(str(text), "empty reference")
        if text != text.strip():
            raise InvalidReference(text, "leading or trailing whitespace")
        store: str | None = None
        rest = text
        if text.startswith(OCI_PREFIX):
            store, sep, rest = text[len(OCI_PREFIX) :].partition(":")
            if not sep:
                raise InvalidReference(
                    text, "an oci: reference needs oci:PATH:namespace/name (no ':' after PATH)"
                )
            _check_store(text, store)
        digest: str | None = None
        if "@" in rest:
            rest, _, digest = rest.partition("@")
            if "@" in digest:
                raise InvalidReference(text, "more than one '@'")
            _check_digest(text, digest)
        parts = rest.split("/")
        registry: str | None = None
        if store is None and len(parts) > 1 and is_registry_component(parts[0]):
            registry = parts.pop(0)
            _check_registry(text, registry)
        last = parts[-1]
        version: str | None = None
        if ":" in last:
            last, _, version = last.partition(":")
            _check_version(text, version)
        parts[-1] = last
        if any(":" in p for p in parts[:-1]):
            raise InvalidReference(text, "':' may only separate the version from the name")
        if len(parts) < 2:
            where = f" after registry {registry!r}" if registry else ""
            raise InvalidReference(
                text, f"missing namespace{where}: use namespace/name (e.g. rebench/{last or 'x'})"
            )
        return cls(
            namespace="/".join(parts[:-1]),
            name=parts[-1],
            version=version,
            digest=digest,
            registry=registry,
            store=store,
        )

    def _format(self) -> str:
        text = f"{self.namespace}/{self.name}"
        if self.registry is not None:
            text = f"{self.registry}/{text}"
        if self.version is not None:
            text += f":{self.version}"
        if self.digest is not None:
            text += f"@{self.digest}"
        if self.store is not None:
            text = f"{OCI_PREFIX}{self.store}:{text}"
        return text

    def __str__(self) -> str:
        return self._format()

    # --- derived names ------------------------------------------------------------------------
    @property
    def repository(self) -> str:
        """``namespace/name``: the agent image's and environment artifact's repository."""
        return f"{self.namespace}/{self.name}"

    @property
    def scorer_repository(self) -> str:
        """``namespace/name-scorer``: the scorer image's own repository."""
        return f"{self.namespace}/{self.name}{SCORER_REPO_SUFFIX}"

    @property
    def tag(self) -> str | None:
        """The OCI tag of the agent image: the version (``None`` when unversioned)."""
        return self.version

    @property
    def env_tag(self) -> str | None:
        """The OCI tag of the environment artifact: ``<version>.envspec``."""
        return None if self.version is None else self.version + ENV_TAG_SUFFIX

    @property
    def location(self) -> str:
        """``[registry/]namespace/name``: the repository as docker names it, without tag."""
        return self.repository if self.registry is None else f"{self.registry}/{self.repository}"

    def with_version(self, version: str | None) -> Reference:
        """A copy with ``version`` replaced. Raises InvalidReference if it is not semver."""
        return replace(self, version=version)

    def with_digest(self, digest: str | None) -> Reference:
        """A copy with ``digest`` replaced. Raises InvalidReference if it is not sha256."""
        return replace(self, digest=digest)


@dataclass(frozen=True, kw_only=True)
class RegistryTarget:
    """Where ``envspec push`` sends things: ``host[:port][/namespace]`` or ``oci:PATH``.

    Exactly one of ``registry`` and ``store`` is set.
    """

    registry: str | None = None
    namespace: str = DEFAULT_NAMESPACE
    store: str | None = None

    def __post_init__(self) -> None:
        text = str(self)
        if (self.registry is None) == (self.store is None):
            raise InvalidReference(text, "a target is a registry host[:port] or oci:PATH")
        if self.registry is not None:
            _check_registry(text, self.registry)
        if self.store is not None:
            _check_store(text, self.store)
        if not self.namespace:
            raise InvalidReference(text, "empty namespace")
        for component in self.namespace.split("/"):
            _check_component(text, "namespace component", component)

    @classmethod
    def parse(cls, text: str) -> RegistryTarget:
        """Parse ``host[:port][/namespace]`` (namespace default ``envspec``) or ``oci:PATH``.

        Raises:
            InvalidReference: if the text is neither form.
        """
        if not isinstance(text, str) or not text.strip():
            raise InvalidReference(str(text), "empty target")
        if text != text.strip():
            raise InvalidReference(text, "leading or trailing whitespace")
        if text.startswith(OCI_PREFIX):
            store = text[len(OCI_PREFIX) :]
            _check_store(text, store)
            return cls(store=store)
        if "://" in text:
            raise InvalidReference(text, "give host[:port], without a scheme like https://")
        host, _, namespace = text.rstrip("/").partition("/")
        if not is_registry_component(host):
            raise InvalidReference(
                text,
                f"{host!r} is not a registry host: it needs a '.', a ':port' or to be "
                "'localhost' (e.g. localhost:5000/myteam), or use oci:PATH",
            )
        _check_registry(text, host)
        return cls(registry=host, namespace=namespace or DEFAULT_NAMESPACE)

    def __str__(self) -> str:
        if self.store is not None:
            return f"{OCI_PREFIX}{self.store}"
        return f"{self.registry}/{self.namespace}"

    def reference(self, name: str, version: str | None = None) -> Reference:
        """The reference of environment ``name`` at ``version`` in this target.

        Raises:
            InvalidReference: if ``name`` or ``version`` is malformed.
        """
        return Reference(
            namespace=self.namespace,
            name=name,
            version=version,
            registry=self.registry,
            store=self.store,
        )
