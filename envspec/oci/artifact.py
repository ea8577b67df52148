"""The environment artifact: an OCI manifest whose config blob is the environment manifest (JSON)
and whose annotations pin the agent and scorer image digests. Readable without pulling images.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from envspec import constants
from envspec.errors import RegistryError
from envspec.oci.layout import sha256_digest


def canonical_json(value: Any) -> bytes:
    """Deterministic JSON bytes (sorted keys, no spaces), so equal content gives equal digests."""
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


@dataclass(frozen=True)
class EnvironmentArtifact:
    """An environment version as stored: its manifest and the digests of its images."""

    manifest: dict[str, Any]
    agent_digest: str
    scorer_digest: str

    def config_blob(self) -> bytes:
        """The manifest as canonical JSON (the artifact's config blob)."""
        return canonical_json(self.manifest)

    def oci_manifest(self) -> bytes:
        """The artifact's OCI manifest bytes (deterministic)."""
        config = self.config_blob()
        return canonical_json(
            {
                "schemaVersion": 2,
                "mediaType": constants.OCI_MANIFEST,
                "artifactType": constants.ENV_ARTIFACT_TYPE,
                "config": {
                    "mediaType": constants.ENV_MANIFEST_MEDIA_TYPE,
                    "digest": sha256_digest(config),
                    "size": len(config),
                },
                "layers": [
                    {
                        "mediaType": constants.ENV_MANIFEST_MEDIA_TYPE,
                        "digest": sha256_digest(config),
                        "size": len(config),
                        "annotations": {constants.ANNOTATION_TITLE: "envspec.json"},
                    }
                ],
                "annotations": {
                    constants.ANNOTATION_AGENT_DIGEST: self.agent_digest,
                    constants.ANNOTATION_SCORER_DIGEST: self.scorer_digest,
                    constants.ANNOTATION_TITLE: str(self.manifest.get("title", "")),
                },
            }
        )

    def digest(self) -> str:
        """The artifact manifest's digest."""
        return sha256_digest(self.oci_manifest())

    @staticmethod
    def from_oci(manifest_bytes: bytes, config_blob: bytes, *, source: str) -> EnvironmentArtifact:
        """Rebuild an artifact from its stored manifest and config blob.

        Raises:
            RegistryError: what is stored is not an envspec environment artifact.
        """
        try:
            m = json.loads(manifest_bytes)
            ann = m.get("annotations", {})
            if m.get("artifactType") != constants.ENV_ARTIFACT_TYPE:
                raise ValueError(f"artifactType is {m.get('artifactType')!r}")
            return EnvironmentArtifact(
                manifest=dict(json.loads(config_blob)),
                agent_digest=str(ann[constants.ANNOTATION_AGENT_DIGEST]),
                scorer_digest=str(ann[constants.ANNOTATION_SCORER_DIGEST]),
            )
        except (ValueError, KeyError, TypeError) as e:
            raise RegistryError(
                f"{source} is not an envspec environment artifact ({e})",
                hint="name an environment pushed with `envspec push`",
            ) from e

    @staticmethod
    def config_digest(manifest_bytes: bytes, *, source: str = "the manifest") -> str:
        """The digest of the config blob a manifest names.

        Raises:
            RegistryError: the manifest is not JSON or names no config digest.
        """
        return config_digest(manifest_bytes, source=source)


def config_digest(manifest_bytes: bytes, *, source: str = "the manifest") -> str:
    """The ``config.digest`` of an OCI or Docker image manifest.

    Raises:
        RegistryError: the manifest is not JSON or names no well-formed config digest.
    """
    try:
        digest = json.loads(manifest_bytes)["config"]["digest"]
    except (ValueError, KeyError, TypeError):
        digest = None
    if not isinstance(digest, str) or not digest.startswith("sha256:") or len(digest) != 71:
        raise RegistryError(
            f"{source} is malformed: it names no config digest",
            hint="the registry (or a proxy in front of it) sent something else than the "
            "manifest pushed; check its address and logs, or re-push",
        )
    return digest
