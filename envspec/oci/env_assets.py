"""The assets an environment's manifest names: fetched by digest for builds and runs, and
copied along whenever the environment is pushed or pulled.

An asset reference without a registry (``envspec/corpus@sha256:...``) is relative: it means
"next to the environment" — the store the environment is pushed to, pulled from or run from —
and, when building, the store given with ``--assets-from`` (default: the embedded store).
"""

from __future__ import annotations

import dataclasses
import logging
import os
import shutil
import tempfile
from pathlib import Path

from filelock import FileLock

from envspec import constants
from envspec.errors import NotFound
from envspec.models.manifest import Asset, Manifest
from envspec.models.reference import Reference, RegistryTarget
from envspec.oci import engine
from envspec.oci.assets import pull_asset
from envspec.oci.store import Access, Store
from envspec.oci.transfer import TransferStats, copy_manifest

log = logging.getLogger(__name__)


def asset_reference(
    asset: Asset, *, registry: str | None = None, store: str | None = None
) -> Reference:
    """Where ``asset`` is read from: its own registry if its reference names one, else the
    given ``registry`` or ``oci:`` ``store`` (else the embedded default store)."""
    ref = Reference.parse(asset.ref)
    if ref.registry is not None or ref.store is not None:
        return ref
    return dataclasses.replace(ref, registry=registry, store=store)


def source_of(location: str | None) -> dict[str, str | None]:
    """``registry``/``store`` keywords for a ``host[:port]`` or ``oci:PATH`` location.

    Raises:
        InvalidReference: ``location`` is neither.
    """
    if location is None:
        return {"registry": None, "store": None}
    target = RegistryTarget.parse(location)
    return {"registry": target.registry, "store": target.store}


def fetch_asset(ref: Reference, dest_root: Path, *, access: Access | None = None) -> Path:
    """The asset's files in ``dest_root/<digest hex>`` (fetched once, verified, then reused).

    Files are made readable by everyone and writable by no one else: assets are read-only.

    Raises:
        NotFound, DigestMismatch, RegistryError: see ``pull_asset``; the hint says how to
        publish the asset.
    """
    assert ref.digest is not None  # the manifest schema pins every asset by digest
    dest = dest_root / ref.digest.removeprefix("sha256:")
    complete = dest_root / (dest.name + ".complete")
    if complete.exists() and dest.is_dir():
        return dest
    dest_root.mkdir(parents=True, exist_ok=True)
    # one fetch at a time per asset: runs started at once (a batch) share the cache
    with FileLock(str(dest_root / (dest.name + ".lock"))):
        if complete.exists() and dest.is_dir():
            return dest
        shutil.rmtree(dest, ignore_errors=True)
        try:
            pull_asset(ref, dest, access=access)
        except NotFound as e:
            raise NotFound(
                f"asset {ref} is not in {ref.location}",
                hint="publish it there first (`envspec asset push DIR --name NAME --version V "
                "--registry ...`), or point `--assets-from` at the store that holds it",
            ) from e
        for p in (dest, *dest.rglob("*")):
            os.chmod(p, 0o755 if p.is_dir() else 0o644)
            # the date of the fetch would otherwise reach the image layers built from these
            # files: a layer docker's cache kept from an earlier fetch differs from a new one
            os.utime(p, (ASSET_MTIME, ASSET_MTIME))
        complete.write_text(str(ref))
    return dest


def asset_cache() -> Path:
    """The operator's cache of fetched assets (``$ENVSPEC_HOME/cache/assets``)."""
    return constants.cache_dir("assets")


#: the date every file and folder of a fetched asset and of its image layer carries, so that a
#: layer built twice (the public assets in the agent's and the scorer's image, or again after
#: another fetch) is the same layer, whatever the clock
ASSET_MTIME = 946684800  # 2000-01-01


#: history marker of the layer that follows: an asset's, mounted at the label's value
ASSET_LABEL = "dev.envspec.asset"
#: top-level folders a Debian image has already: an asset mounted below one keeps docker's own
#: COPY to its mount (folders above it untouched; their dates are the build's)
_SYSTEM_TOPS = frozenset(
    [
        "bin",
        "boot",
        "dev",
        "etc",
        "home",
        "lib",
        "lib64",
        "media",
        "mnt",
        "opt",
        "proc",
        "root",
        "run",
        "sbin",
        "srv",
        "sys",
        "tmp",
        "usr",
        "var",
    ]
)


def add_asset_layers(image: str, tag: str, assets: list[tuple[Asset, Path]], *, role: str) -> str:
    """Build ``tag`` from ``image`` plus one layer per asset, copied to its ``mount``, owned by
    root. Returns the new image id (``image`` itself when there is nothing to add).

    Every file and folder carries a fixed date (``ASSET_MTIME``), and a mount under a folder
    of its own (``/assets/x``) is copied as a tree from ``/``: docker dates the folders it
    makes by its clock, so the same public asset in the agent's and the scorer's image would
    otherwise be two layers whenever their builds straddle a second.

    Raises:
        BuildError: the engine refused the build.
    """
    if not assets:
        return image
    with tempfile.TemporaryDirectory(prefix="envspec-assets-") as tmp:
        ctx = Path(tmp)
        lines = [f"FROM {image}", "USER root"]
        for asset, files in assets:
            mount = asset.mount.rstrip("/")
            tree = mount.strip("/").split("/")[0] not in _SYSTEM_TOPS
            top = ctx / f"{asset.name}.tree" if tree else ctx / asset.name
            dest = top / mount.lstrip("/") if tree else top
            dest.parent.mkdir(parents=True, exist_ok=True)
            if asset.visibility == "scorer":  # hidden data: root-only, also inside the scorer
                shutil.copytree(files, dest)
                for p in (dest, *dest.rglob("*")):
                    os.chmod(p, 0o700 if p.is_dir() else 0o600)
            else:
                shutil.copytree(files, dest, copy_function=link_or_copy)
            lines.append(f"LABEL {ASSET_LABEL}={mount}")
            for p in (top, *top.rglob("*")):
                if tree and p.is_dir() and not (p == dest or dest in p.parents):
                    os.chmod(p, 0o755)  # the folders above the mount, as docker makes them
                os.utime(p, (ASSET_MTIME, ASSET_MTIME), follow_symlinks=False)
            if tree:
                lines.append(f"COPY {top.name}/ /")
            else:
                lines.append(f"COPY {asset.name}/ {mount}/")
        user = engine.image_user(image)
        if user:
            lines.append(f"USER {user}")
        (ctx / "Dockerfile").write_text("\n".join(lines) + "\n")
        log.info("adding %d asset(s) to the %s image", len(assets), role)
        return engine.build_dockerfile(ctx, tag=tag)


def link_or_copy(src: str, dst: str) -> None:
    """Hard-link ``src`` to ``dst`` (no copy of big weights), or copy across filesystems."""
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


#: the asset visibilities each side sees (a ``service`` asset only its service's container)
SEES = {"agent": ("agent",), "scorer": ("agent", "scorer"), "service": ("service",)}


def assets_for(manifest: Manifest, role: str, variant: str | None = None) -> list[Asset]:
    """The assets the ``agent``, the ``scorer`` or a ``service`` side sees: the top-level
    ones, and ``variant``'s own when given."""
    return [a for a in manifest.assets_of(variant) if a.visibility in SEES[role]]


def variant_images(
    images: dict[str, str], ref: Reference, manifest: Manifest, variant: str
) -> dict[str, str]:
    """``images`` (role → image id) with ``variant``'s own assets added as a last layer:
    fetched by digest from ``ref``'s store, ``agent`` ones into both images, ``scorer`` ones
    into the scorer image only (root-only there). Unchanged when the variant has none.

    Raises:
        NotFound, DigestMismatch, RegistryError: an asset cannot be fetched.
        BuildError: the engine refused the build.
    """
    own = manifest.variant(variant).assets
    if not own:
        return images
    where = {"registry": ref.registry, "store": ref.store}
    files = {a.name: fetch_asset(asset_reference(a, **where), asset_cache()) for a in own}
    out = {}
    for role, image in images.items():
        chosen = [(a, files[a.name]) for a in own if a.visibility in SEES[role]]
        # docker's build cache makes this a no-op after the first run of a variant
        tag = f"envspec-variant/{manifest.name}:{manifest.version}-{variant}-{role}"
        out[role] = add_asset_layers(image, tag, chosen, role=role)
    return out


def copy_assets(
    manifest: Manifest,
    src: Store,
    dst: Store,
    *,
    src_location: str,
    variants: tuple[str, ...] | None = None,
) -> TransferStats:
    """Copy every relative asset of ``manifest`` from ``src`` to ``dst`` (same repository,
    tagged by nothing: digests pin them). Absolute ones stay where they are. With
    ``variants``, only the top-level assets and those variants' own.

    A variant's own asset missing from ``src`` is skipped with a warning (runs of that variant
    from ``dst`` fail, saying so, until it is published there): a variant built elsewhere,
    on a GPU host for example, must not keep the others from being published.

    Raises:
        NotFound: a top-level asset is not in ``src``; RegistryError: either store fails.
        EnvspecError: ``variants`` names a variant the manifest lacks.
    """
    stats = TransferStats()
    shared = set(manifest.assets)
    chosen = (
        manifest.all_assets
        if variants is None
        else (a for v in variants for a in manifest.assets_of(v))
    )
    for asset in dict.fromkeys(chosen):
        ref = Reference.parse(asset.ref)
        if ref.registry is not None or ref.store is not None or ref.digest is None:
            continue
        if dst.head_manifest(ref.repository, ref.digest) == ref.digest:
            continue
        if src.head_manifest(ref.repository, ref.digest) is None:
            if asset not in shared:
                log.warning(
                    "asset %s (%s) is not in %s: runs of the variant(s) that name it will fail "
                    "until it is pushed (`envspec asset push`)",
                    asset.name,
                    asset.ref,
                    src_location,
                )
                continue
            raise NotFound(
                f"asset {asset.name} ({asset.ref}) is not in {src_location}",
                hint="push it there first with `envspec asset push`, or build with "
                "--assets-from the store that holds it",
            )
        _, s = copy_manifest(src, ref.repository, ref.digest, dst, ref.repository, tag=None)
        stats.add(s)
    return stats


def asset_env(assets: list[tuple[Asset, str]]) -> dict[str, str]:
    """``ENVSPEC_ASSET_<NAME>`` → the folder holding each asset, for scorers and agents."""
    return {constants.asset_env_var(a.name): path for a, path in assets}
