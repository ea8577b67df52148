"""``envspec inspect``, ``envspec pull`` and ``envspec list``: read environments from a store."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from filelock import FileLock

from envspec import constants
from envspec.atomic import write_atomic
from envspec.errors import BadInput, DigestMismatch, EngineError, NotFound
from envspec.models.manifest import Manifest
from envspec.models.reference import Reference
from envspec.oci import engine, env_assets
from envspec.oci.artifact import EnvironmentArtifact, config_digest
from envspec.oci.layout import LayoutStore
from envspec.oci.push import scorer_reference
from envspec.oci.store import Access, Store, open_store
from envspec.oci.transfer import SentBytes, TransferStats, copy_manifest, missing_bytes


@dataclass(frozen=True)
class ResolvedEnvironment:
    """An environment version as a store holds it: its artifact and every digest."""

    reference: Reference  # with the artifact digest
    artifact: EnvironmentArtifact

    @property
    def manifest(self) -> Manifest:
        """The environment manifest."""
        return Manifest.from_dict(self.artifact.manifest)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: references with digests, and the manifest."""
        return {
            "reference": str(self.reference),
            "digests": {
                "environment": self.reference.digest,
                "agent": self.artifact.agent_digest,
                "scorer": self.artifact.scorer_digest,
            },
            "manifest": self.artifact.manifest,
        }


def resolve(ref: Reference, *, access: Access | None = None) -> tuple[Store, ResolvedEnvironment]:
    """Find an environment's artifact (by version tag or digest) without pulling any image.

    Raises:
        InvalidReference: neither version nor digest given.
        NotFound: no such environment or version (the hint lists versions that exist).
        DigestMismatch: the tag points somewhere other than the pinned digest.
        RegistryError: the store is unreachable or refuses us.
    """
    store = open_store(ref.registry, ref.store, access)
    if ref.version is None and ref.digest is None:
        versions = list_versions(store, ref.repository)
        raise NotFound(
            f"{ref} names no version",
            registry=store.name,
            hint=f"add :VERSION; available: {', '.join(versions) or 'none'}",
        )
    lookup = ref.digest or (ref.version or "") + constants.ENV_TAG_SUFFIX
    try:
        data, _, digest = store.get_manifest(ref.repository, lookup)
    except NotFound as e:
        versions = list_versions(store, ref.repository)
        raise NotFound(
            f"{ref} not found in {store.name}",
            registry=store.name,
            hint=f"versions of {ref.repository}: {', '.join(versions)}"
            if versions
            else "push it first (`envspec push ENV_DIR`) or check `envspec list`",
        ) from e
    if ref.digest is not None and ref.version is not None:
        tagged = store.head_manifest(ref.repository, ref.version + constants.ENV_TAG_SUFFIX)
        if tagged != ref.digest:
            raise DigestMismatch(
                f"{ref}: version {ref.version} is {tagged}, not the pinned digest",
                registry=store.name,
                hint="the version was overwritten (--force) or the pin is wrong; check the lock",
            )
    config = store.get_blob(ref.repository, config_digest(data, source=str(ref)))
    artifact = EnvironmentArtifact.from_oci(data, config, source=str(ref))
    version = ref.version or str(artifact.manifest.get("version"))
    return store, ResolvedEnvironment(ref.with_version(version).with_digest(digest), artifact)


def list_versions(store: Store, repo: str) -> list[str]:
    """Versions of an environment repository (tags carrying the environment artifact)."""
    suffix = constants.ENV_TAG_SUFFIX
    return sorted(t[: -len(suffix)] for t in store.list_tags(repo) if t.endswith(suffix))


@dataclass(frozen=True)
class EnvironmentSummary:
    """One row of ``envspec list``."""

    repository: str
    version: str
    title: str
    hardware: dict[str, str]  # variant -> summary

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "repository": self.repository,
            "version": self.version,
            "title": self.title,
            "hardware": self.hardware,
        }


def list_environments(store: Store) -> list[EnvironmentSummary]:
    """Every environment version in a store, with title and per-variant hardware."""
    rows = []
    for repo in store.catalog():
        for version in list_versions(store, repo):
            data, _, _ = store.get_manifest(repo, version + constants.ENV_TAG_SUFFIX)
            config = store.get_blob(repo, config_digest(data, source=f"{repo}:{version}"))
            art = EnvironmentArtifact.from_oci(data, config, source=f"{repo}:{version}")
            m = Manifest.from_dict(art.manifest)
            hw = {name: v.hardware.summary() for name, v in m.variants.items()}
            rows.append(EnvironmentSummary(repo, version, m.title, hw))
    return rows


# --- pull -----------------------------------------------------------------------------------------


@dataclass
class PullResult:
    """What a pull did: the resolved environment, where the images went, and the lock entry."""

    resolved: ResolvedEnvironment
    images: dict[str, str]  # role -> engine tag (or oci ref)
    lock_file: Path | None
    stats: TransferStats

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            **self.resolved.to_dict(),
            "images": self.images,
            "lock_file": str(self.lock_file) if self.lock_file else None,
            "bytes_received": self.stats.bytes_sent,
        }


def engine_tag(ref: Reference, role: str) -> str:
    """The engine tag a pulled image gets: the registry reference, or ``envspec.local/...``."""
    r = scorer_reference(ref) if role == "scorer" else ref
    host = r.registry or "envspec.local"
    return f"{host}/{r.repository}:{r.version}"


def pull_environment(
    ref: Reference,
    *,
    access: Access | None = None,
    into: str | None = None,
    lock_path: Path | None = Path(constants.LOCK_FILE_NAME),
    progress: Callable[[str, int, int], None] | None = None,
    slim: bool = False,
    variants: tuple[str, ...] | None = None,
    on_step: Callable[[str], None] | None = None,
) -> PullResult:
    """Pull an environment's images into the engine (or, with ``into="oci:PATH"``, a layout)
    and record every digest in the lock file.

    ``slim`` (layouts only) leaves out the layers the local backend does not need on a host
    that provides the images' common base itself (a GPU node with its own Python and torch):
    :func:`unneeded_locally`. Manifests and digests are unchanged.
    Into a layout, the top-level assets are copied along, and every variant's own ones, or
    with ``variants`` only those variants' (each must exist). ``on_step`` is told of each
    phase as it begins; ``progress(what, done, total)`` of the bytes downloaded.

    Raises:
        NotFound, DigestMismatch, RegistryError: see ``resolve``.
        EngineError: the engine is unreachable or the loaded image is not the pinned one.
    """
    store, resolved = resolve(ref, access=access)
    art = resolved.artifact
    roles = {
        "agent": (ref.repository, art.agent_digest),
        "scorer": (ref.scorer_repository, art.scorer_digest),
    }
    stats = TransferStats()
    images: dict[str, str] = {}
    step = on_step or (lambda text: None)
    if into is not None:
        if not into.startswith("oci:"):
            raise BadInput(f"--into {into!r} is not an OCI layout", hint="use --into oci:PATH")
        dst = LayoutStore(Path(into[4:]))
        version = resolved.reference.version or ""
        skip = unneeded_locally(store, roles.values(), resolved.manifest) if slim else frozenset()
        total = sum(missing_bytes(store, r, d, dst, r, skip) for r, d in roles.values())
        tick = SentBytes(str(resolved.reference), total, progress)
        step(f"downloading into {into}")
        for role, (repo, digest) in roles.items():
            _, s = copy_manifest(
                store, repo, digest, dst, repo, tag=version, skip_blobs=skip, progress=tick
            )
            stats.add(s)
            images[role] = f"{into}:{repo}:{version}"
        _, s = copy_manifest(
            store,
            ref.repository,
            resolved.reference.digest or "",
            dst,
            ref.repository,
            tag=version + constants.ENV_TAG_SUFFIX,
        )
        stats.add(s)
        # the local backend reads the assets from the layout (slim images may lack them)
        step("copying the assets")
        stats.add(
            env_assets.copy_assets(
                resolved.manifest, store, dst, src_location=store.name, variants=variants
            )
        )
    else:
        if slim:
            raise BadInput("--slim needs --into oci:PATH", hint="the engine needs every layer")
        cache = LayoutStore(constants.cache_dir("pulled"))
        total = sum(missing_bytes(store, repo, d, cache, "img") for repo, d in roles.values())
        tick = SentBytes(str(resolved.reference), total, progress)
        step("downloading")
        for role, (repo, digest) in roles.items():
            tag = engine_tag(resolved.reference, role)
            data, _, _ = store.get_manifest(repo, digest)
            config = config_digest(data, source=f"{repo}@{digest}")
            images[role] = tag
            if engine.image_id(tag) == config:
                continue  # the engine already holds exactly this image: nothing to move
            hexd = digest.removeprefix("sha256:")
            _, s = copy_manifest(store, repo, digest, cache, "img", tag=hexd, progress=tick)
            stats.add(s)
            step(f"loading the {role} image into the engine")
            image_id = engine.load_from_layout(cache.root, f"img:{hexd}", tag)
            # Seen with Docker 20.10: skopeo returns while the tag still names the previous
            # image for a moment (an environment rebuilt under the same version); wait for it.
            deadline = time.monotonic() + 15
            while image_id != config and time.monotonic() < deadline:
                time.sleep(0.2)
                image_id = engine.image_id(tag) or image_id
            if image_id != config:
                raise EngineError(
                    f"engine image {tag} is {image_id}, not the pulled {config}",
                    hint="remove the engine image and pull again",
                )
    lock = update_lock(lock_path, resolved, images) if lock_path is not None else None
    return PullResult(resolved, images, lock, stats)


def image_layers(store: Store, repo: str, digest: str) -> list[dict[str, Any]]:
    """The layer descriptors of an image manifest."""
    data, _, _ = store.get_manifest(repo, digest)
    return list(json.loads(data).get("layers", []))


def shared_layers(store: Store, images: Any) -> frozenset[str]:
    """Digests of the layers every one of ``images`` ((repo, digest) pairs) has: their base."""
    sets = [{layer["digest"] for layer in image_layers(store, r, d)} for r, d in images]
    return frozenset(set.intersection(*sets)) if sets else frozenset()


#: the COPY of a baked asset as an image's history records it (the classic builder's "#(nop)
#: COPY dir:... in /assets/x/", BuildKit's "COPY x/ /assets/x/ # buildkit"): its destination
_COPY_TO = re.compile(r"COPY\b.*\s(/\S*?)/?\s*(?:# buildkit)?\s*$")
#: the marker env_assets.add_asset_layers puts before each asset's COPY: its mount
_ASSET_MARK = re.compile(r"LABEL\s+" + re.escape(env_assets.ASSET_LABEL) + r"=(/\S*)")


def asset_layers(store: Store, images: Any, manifest: Manifest) -> frozenset[str]:
    """Digests of the layers of ``images`` ((repo, digest) pairs) that bake ``manifest``'s
    top-level assets in (the COPY after env_assets.add_asset_layers's marker, or a COPY to an
    asset's mount in images built before the marker, read from the image's history): the
    local backend reads the assets from the store instead, so neither it nor a slim layout
    needs them (a packaged model: a gigabyte)."""
    mounts = {a.mount.rstrip("/") for a in manifest.assets}
    found: set[str] = set()
    for repo, digest in images:
        data, _, _ = store.get_manifest(repo, digest)
        image = json.loads(data)
        config = json.loads(store.get_blob(repo, image["config"]["digest"]))
        history = config.get("history", [])
        layers = iter(image.get("layers", []))
        if sum(1 for h in history if not h.get("empty_layer")) != len(image.get("layers", [])):
            continue  # a history that does not say which layer is which
        marked = None
        for step in history:
            created = step.get("created_by", "")
            if step.get("empty_layer"):
                mark = _ASSET_MARK.search(created)
                marked = mark.group(1).rstrip("/") if mark else marked
                continue
            layer = next(layers)
            copied = _COPY_TO.search(created)
            if copied and (marked or copied.group(1).rstrip("/")) in mounts:
                found.add(layer["digest"])
            marked = None
    return frozenset(found)


def unneeded_locally(store: Store, images: Any, manifest: Manifest) -> frozenset[str]:
    """The layers of ``images`` the local backend neither unpacks nor a slim layout carries:
    their common base (the host provides it) and those baking the top-level assets in (read
    from the store instead)."""
    images = list(images)
    return shared_layers(store, images) | asset_layers(store, images, manifest)


def update_lock(path: Path, resolved: ResolvedEnvironment, images: dict[str, str]) -> Path:
    """Write or update the lock file entry for ``resolved`` (atomic, under a file lock)."""
    path = Path(path)
    key = str(resolved.reference.with_digest(None))
    entry = {
        "reference": str(resolved.reference),
        "environment": resolved.reference.digest,
        "agent": resolved.artifact.agent_digest,
        "scorer": resolved.artifact.scorer_digest,
        "images": images,
        "pulled_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    with FileLock(str(path) + ".lock"):
        data: dict[str, Any] = {"lockVersion": 1, "environments": {}}
        if path.exists():
            try:
                data = json.loads(path.read_text())
            except json.JSONDecodeError as e:
                raise BadInput(
                    f"lock file {path} is not valid JSON ({e})",
                    hint="fix or delete it; `envspec pull` writes a new one",
                ) from e
        data.setdefault("environments", {})[key] = entry
        write_atomic(path, json.dumps(data, indent=2, sort_keys=True) + "\n")
    return path
