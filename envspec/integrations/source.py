"""What harness adapters need from a published environment: its pinned reference, manifest,
image digests and the instructions the agent gets."""

from __future__ import annotations

import posixpath
import tarfile
import tempfile
from dataclasses import dataclass

from envspec.errors import EnvspecError
from envspec.models.manifest import Manifest
from envspec.models.reference import Reference
from envspec.oci.pull import ResolvedEnvironment, image_layers, resolve, shared_layers
from envspec.oci.store import Access, Store


@dataclass(frozen=True)
class PublishedEnvironment:
    """An environment version as a store holds it, with its instructions."""

    reference: Reference  # pinned by the artifact's digest
    manifest: Manifest
    agent_digest: str
    scorer_digest: str
    instructions: str


def load_published(reference: str, *, access: Access | None = None) -> PublishedEnvironment:
    """Resolve ``reference`` and read its instructions from its agent image.

    Raises:
        InvalidReference, NotFound, DigestMismatch, RegistryError: see ``oci.pull.resolve``.
        EnvspecError: the agent image holds no instructions file.
    """
    store, resolved = resolve(Reference.parse(reference), access=access)
    art = resolved.artifact
    return PublishedEnvironment(
        reference=resolved.reference,
        manifest=resolved.manifest,
        agent_digest=art.agent_digest,
        scorer_digest=art.scorer_digest,
        instructions=instructions_in_image(store, resolved),
    )


def instructions_in_image(store: Store, resolved: ResolvedEnvironment) -> str:
    """The instructions file as the agent image holds it.

    The manifest names the file relative to the environment folder (``task/instructions.md``)
    and the Dockerfile decides where it lands, so it is looked for in the agent image's own
    layers (those it does not share with the scorer image: the task, not the base) by file
    name, and recognised by the canary string every instructions file must carry. Where
    several files qualify, the one whose path ends with most of the manifest's path wins.

    Raises:
        EnvspecError: no such file, or several equally good ones.
    """
    ref, art, manifest = resolved.reference, resolved.artifact, resolved.manifest
    images = [(ref.repository, art.agent_digest), (ref.scorer_repository, art.scorer_digest)]
    shared = shared_layers(store, images)
    wanted = posixpath.normpath(manifest.task.instructions)
    name = posixpath.basename(wanted)
    found: dict[str, bytes] = {}
    for layer in image_layers(store, ref.repository, art.agent_digest):
        if layer["digest"] in shared:
            continue
        for path, data in _files_named(store, ref.repository, layer["digest"], name).items():
            found[path] = data  # a later layer overrides an earlier one
    marked = {p: d for p, d in found.items() if manifest.canary.encode() in d}
    if not marked:
        raise EnvspecError(
            f"{ref}: the agent image holds no {name} with the environment's canary string",
            hint=f"COPY {wanted} into the agent target of the Dockerfile (the task/ folder)",
        )
    ranked = sorted(marked, key=lambda p: (-_common_suffix(p, wanted), len(p), p))
    if len(ranked) > 1 and _common_suffix(ranked[0], wanted) == _common_suffix(ranked[1], wanted):
        raise EnvspecError(
            f"{ref}: several files could be the instructions: {', '.join(sorted(marked))}",
            hint="keep one instructions file (with the canary) in the agent image",
        )
    return marked[ranked[0]].decode("utf-8", errors="replace")


def _files_named(store: Store, repo: str, digest: str, name: str) -> dict[str, bytes]:
    """Regular files called ``name`` in one layer (any compression), by path."""
    out: dict[str, bytes] = {}
    with tempfile.TemporaryFile() as tmp:
        for chunk in store.iter_blob(repo, digest):
            tmp.write(chunk)
        tmp.seek(0)
        with tarfile.open(fileobj=tmp, mode="r:*") as tar:
            for member in tar:
                if member.isfile() and posixpath.basename(member.name) == name:
                    f = tar.extractfile(member)
                    if f is not None:
                        out["/" + posixpath.normpath(member.name).lstrip("/")] = f.read()
    return out


def _common_suffix(path: str, wanted: str) -> int:
    """How many trailing path components ``path`` shares with ``wanted``."""
    a, b = path.strip("/").split("/"), wanted.strip("/").split("/")
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n
