"""``envspec push``: the agent image, the scorer image and the environment artifact, immutably."""

from __future__ import annotations

import dataclasses
import logging
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from envspec import constants
from envspec.errors import EnvspecError, ImmutableVersion, RegistryError
from envspec.models.reference import Reference, RegistryTarget
from envspec.oci import engine, env_assets
from envspec.oci.artifact import EnvironmentArtifact
from envspec.oci.layout import LayoutStore
from envspec.oci.store import Access, Store, open_store
from envspec.oci.transfer import SentBytes, TransferStats, copy_manifest, missing_bytes

if TYPE_CHECKING:
    from envspec.oci.build import BuiltEnvironment

log = logging.getLogger(__name__)

#: progress(what, bytes done so far, total bytes)
Progress = Callable[[str, int, int], None]


@dataclass
class PushResult:
    """What a push did: the references with digests, and the bytes it moved."""

    environment: Reference  # ns/name:version@<artifact digest>
    agent: Reference
    scorer: Reference
    unchanged: bool = False
    overwritten: list[str] = field(default_factory=list)
    stats: TransferStats = field(default_factory=TransferStats)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready summary (``--json``)."""
        return {
            "environment": str(self.environment),
            "agent": str(self.agent),
            "scorer": str(self.scorer),
            "unchanged": self.unchanged,
            "overwritten": self.overwritten,
            "bytes_sent": self.stats.bytes_sent,
            "bytes_skipped": self.stats.bytes_skipped,
            "blobs_sent": self.stats.blobs_sent,
            "blobs_skipped": self.stats.blobs_skipped,
        }


def scorer_reference(ref: Reference) -> Reference:
    """The scorer image's reference: same place and version, repository ``<name>-scorer``."""
    return dataclasses.replace(ref, name=ref.name + constants.SCORER_REPO_SUFFIX, digest=None)


def staged_image(image_id: str) -> tuple[LayoutStore, str]:
    """An engine image as an OCI layout in the local cache (exported once per image id).

    Returns the staging layout and the image's manifest digest there.
    """
    cache = constants.cache_dir("images")
    cache.mkdir(parents=True, exist_ok=True)
    final = cache / image_id.replace("sha256:", "")
    if not (final / "index.json").exists():
        tmp = Path(tempfile.mkdtemp(prefix=".export-", dir=cache))
        try:
            engine.save_to_layout(image_id, tmp / "layout")
            try:
                (tmp / "layout").rename(final)
            except OSError:
                # another process staged the same image meanwhile: theirs is as good as ours
                if not (final / "index.json").exists():
                    raise
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        share_blobs(final, cache / "blobs")
    layout = LayoutStore(final)
    digest = layout.resolve("", "image") or _only_digest(layout)
    return layout, digest


def share_blobs(layout: Path, pool: Path) -> None:
    """Hard-link ``layout``'s blobs with the same blobs of earlier exports (``pool``, by
    digest), so that a layer many staged images share, their base image's, is stored once:
    every export writes the whole image, and a base's layers are most of it."""
    pool.mkdir(parents=True, exist_ok=True)
    for blob in (layout / "blobs" / "sha256").iterdir():
        shared = pool / blob.name
        try:
            if not shared.exists():
                os.link(blob, shared)
            elif not os.path.samefile(blob, shared):
                # blobs are named by their content: the pool's is the same bytes
                tmp = blob.with_name(f".{blob.name}.shared")
                os.link(shared, tmp)
                os.replace(tmp, blob)
        except FileExistsError:
            pass  # another process shared it meanwhile; this copy stays as it is
        except OSError as e:  # a file system without hard links: each export keeps its own
            log.debug("cannot share %s: %s", blob, e)
            return


def _only_digest(layout: LayoutStore) -> str:
    entries = layout._entries()
    if len(entries) != 1:
        raise EnvspecError(f"staging layout {layout.root} is damaged", hint=f"rm -r {layout.root}")
    return str(entries[0]["digest"])


def push_environment(
    env_dir: Path,
    target: RegistryTarget,
    *,
    force: bool = False,
    access: Access | None = None,
    progress: Progress | None = None,
    built: BuiltEnvironment | None = None,
    assets_from: str | None = None,
    on_step: Callable[[str], None] | None = None,
) -> PushResult:
    """Build (unless ``built`` is given) and push an environment version to ``target``.

    Nothing is written when the version exists with other content and ``force`` is false.
    The manifest's relative assets are copied from ``assets_from`` (``host[:port]`` or
    ``oci:PATH``; default the embedded store) to ``target`` first, so a pushed environment
    never names an asset its registry lacks. ``on_step`` is told of each phase as it begins.

    Raises:
        ManifestError, BuildError: the environment does not build.
        ImmutableVersion: the version exists with different content.
        RegistryError: the target is unreachable, refuses credentials, ...
    """
    step = on_step or (lambda text: None)
    if built is None:
        step("building the agent and scorer images")
        # imported here: building needs the manifest schema (jsonschema, yaml), which a
        # pull (it reads scorer_reference from this module) and a run start never load
        from envspec.oci.build import build_environment

        built = build_environment(env_dir, assets_from=assets_from, access=access)
    manifest = built.manifest
    ref = target.reference(manifest.name, manifest.version)
    step("exporting the images as OCI layouts")
    agent_layout, agent_digest = staged_image(built.agent_id)
    scorer_layout, scorer_digest = staged_image(built.scorer_id)
    artifact = EnvironmentArtifact(manifest.to_dict(), agent_digest, scorer_digest)
    dst = open_store(target.registry, target.store, access)

    version = manifest.version
    plan = [
        (ref.repository, version, agent_digest),
        (ref.scorer_repository, version, scorer_digest),
        (ref.repository, version + constants.ENV_TAG_SUFFIX, artifact.digest()),
    ]
    present = {(repo, tag): dst.head_manifest(repo, tag) for repo, tag, _ in plan}
    differing = [
        f"{repo}:{tag} (has {present[repo, tag]}, would be {want})"
        for repo, tag, want in plan
        if present[repo, tag] not in (None, want)
    ]
    result = PushResult(
        environment=ref.with_digest(artifact.digest()),
        agent=ref.with_digest(agent_digest),
        scorer=scorer_reference(ref).with_digest(scorer_digest),
    )
    if differing and not force:
        raise ImmutableVersion(
            f"{ref} already exists in {dst.name} with different content: " + "; ".join(differing),
            registry=dst.name,
            hint="versions are immutable: bump `version` in envspec.yaml "
            "(or pass --force to overwrite the tags listed)",
        )
    if manifest.all_assets:
        step("copying the assets")
        where = env_assets.source_of(assets_from)
        src = open_store(where["registry"], where["store"], access)
        result.stats.add(
            env_assets.copy_assets(manifest, src, dst, src_location=assets_from or src.name)
        )
    if all(present[repo, tag] == want for repo, tag, want in plan):
        result.unchanged = True
        return result
    result.overwritten = differing

    total = sum(
        missing_bytes(src, "", digest, dst, repo)
        for src, repo, digest in (
            (scorer_layout, ref.scorer_repository, scorer_digest),
            (agent_layout, ref.repository, agent_digest),
        )
    )
    tick = SentBytes(str(ref), total, progress)
    step(f"uploading to {dst.name}")

    candidates = (ref.repository, ref.scorer_repository, *_neighbours(dst, ref))
    for src, repo, digest in (
        (scorer_layout, ref.scorer_repository, scorer_digest),
        (agent_layout, ref.repository, agent_digest),
    ):
        _, stats = copy_manifest(
            src, "", digest, dst, repo, tag=version, progress=tick, mount_candidates=candidates
        )
        result.stats.add(stats)
    _put_artifact(dst, ref.repository, version + constants.ENV_TAG_SUFFIX, artifact)
    return result


def _neighbours(dst: Store, ref: Reference, limit: int = 50) -> list[str]:
    """Other repositories of the namespace: where shared base layers may already be, so they
    can be mounted instead of sent (registries link blobs per repository)."""
    try:
        repos = dst.catalog()
    except RegistryError:  # some registries refuse the catalog; then there is just no mount
        return []
    prefix = ref.namespace + "/"
    return [r for r in repos if r.startswith(prefix)][:limit]


def _put_artifact(dst: Store, repo: str, tag: str, artifact: EnvironmentArtifact) -> None:
    config = artifact.config_blob()
    digest = EnvironmentArtifact.config_digest(artifact.oci_manifest())
    if not dst.has_blob(repo, digest):
        dst.put_blob(repo, digest, config, size=len(config))
    dst.put_manifest(repo, tag, artifact.oci_manifest(), constants.OCI_MANIFEST)
