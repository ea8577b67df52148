"""Build an environment's agent and scorer images (two targets of its Dockerfile)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from envspec import constants
from envspec.models.manifest import Manifest
from envspec.oci import engine, env_assets
from envspec.oci.store import Access
from envspec.schema import load_manifest


@dataclass(frozen=True)
class BuiltEnvironment:
    """The images a build produced, by local tag and image id."""

    manifest: Manifest
    env_dir: Path
    agent_tag: str
    agent_id: str
    scorer_tag: str
    scorer_id: str


def local_tags(manifest: Manifest) -> tuple[str, str]:
    """The engine tags a build gives the agent and scorer images."""
    agent = f"envspec-build/{manifest.name}:{manifest.version}"
    scorer = f"envspec-build/{manifest.name}{constants.SCORER_REPO_SUFFIX}:{manifest.version}"
    return agent, scorer


def manifest_label(manifest: Manifest) -> str:
    """The manifest as the JSON label both images carry."""
    return json.dumps(manifest.to_dict(), sort_keys=True, separators=(",", ":"))


def build_environment(
    env_dir: Path,
    *,
    base: str | None = None,
    variant: str | None = None,
    on_line: Callable[[str], None] | None = None,
    assets_from: str | None = None,
    access: Access | None = None,
) -> BuiltEnvironment:
    """Validate ``env_dir``'s manifest, then build its agent and scorer targets.

    The base image is the ``BASE_IMAGE`` build argument: ``base`` if given, else the variant's
    own base (when ``variant`` names one that has it), else the manifest's ``images.base``.
    The manifest's assets are fetched by digest (relative ones from ``assets_from``, a
    ``host[:port]`` or ``oci:PATH``; default the embedded store) and added as a last layer:
    ``agent`` assets to both images, ``scorer`` assets to the scorer image only.

    Raises:
        ManifestError: the manifest does not load.
        EngineError: no engine; BuildError: a step failed (named in the error).
        NotFound, DigestMismatch, RegistryError: an asset cannot be fetched.
    """
    env_dir = Path(env_dir)
    manifest = load_manifest(env_dir)
    chosen = base
    if chosen is None and variant is not None:
        chosen = manifest.variant(variant).base
    chosen = chosen or manifest.images.base
    args = {**manifest.images.build_args, constants.BUILD_ARG_BASE: chosen}
    context = (env_dir / manifest.images.context).resolve()
    # as validated (envspec.schema.resolving): the Dockerfile is relative to the context
    dockerfile = str((env_dir / manifest.images.dockerfile_relpath).resolve().relative_to(context))
    env_label = f"{manifest.name}:{manifest.version}"
    agent_tag, scorer_tag = local_tags(manifest)
    ids = {}
    for role, target, tag in (
        ("agent", manifest.images.agent_target, agent_tag),
        ("scorer", manifest.images.scorer_target, scorer_tag),
    ):
        labels = {
            constants.LABEL_MANIFEST: manifest_label(manifest),
            constants.LABEL_ROLE: role,
            constants.LABEL_ENV: env_label,
        }
        ids[role] = engine.build_dockerfile(
            context,
            tag=tag,
            dockerfile=dockerfile,
            target=target,
            buildargs=args,
            labels=labels,
            on_line=on_line,
        )
    ids["scorer"] = add_scorer_kit(ids["scorer"], scorer_tag)
    if manifest.assets:
        where = env_assets.source_of(assets_from)
        files = {
            a.name: env_assets.fetch_asset(
                env_assets.asset_reference(a, **where), env_assets.asset_cache(), access=access
            )
            for a in manifest.assets
        }
        for role, tag in (("agent", agent_tag), ("scorer", scorer_tag)):
            chosen_assets = [(a, files[a.name]) for a in env_assets.assets_for(manifest, role)]
            ids[role] = env_assets.add_asset_layers(ids[role], tag, chosen_assets, role=role)
    return BuiltEnvironment(manifest, env_dir, agent_tag, ids["agent"], scorer_tag, ids["scorer"])


def add_scorer_kit(image: str, tag: str) -> str:
    """Build ``tag`` from ``image`` plus the scorer kit at ``constants.KIT_DIR`` (root-owned,
    readable: sandboxed code may read the kit, which holds nothing secret). Returns its id.

    Raises:
        BuildError: the engine refused the build.
    """
    with tempfile.TemporaryDirectory(prefix="envspec-kit-") as tmp:
        ctx = Path(tmp)
        shutil.copyfile(constants.KIT_SOURCE, ctx / constants.KIT_FILE_NAME)
        os.chmod(ctx / constants.KIT_FILE_NAME, 0o644)
        copy = f"COPY {constants.KIT_FILE_NAME} {constants.KIT_DIR}/"
        lines = [f"FROM {image}", "USER root", copy]
        user = engine.image_user(image)
        if user:
            lines.append(f"USER {user}")
        (ctx / "Dockerfile").write_text("\n".join(lines) + "\n")
        return engine.build_dockerfile(ctx, tag=tag)
