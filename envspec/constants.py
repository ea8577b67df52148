"""Constants in one place: media types, annotation and label keys, default paths."""

from __future__ import annotations

import os
from pathlib import Path

# --- media types -------------------------------------------------------------------------------
OCI_INDEX = "application/vnd.oci.image.index.v1+json"
OCI_MANIFEST = "application/vnd.oci.image.manifest.v1+json"
OCI_CONFIG = "application/vnd.oci.image.config.v1+json"
OCI_LAYER_GZIP = "application/vnd.oci.image.layer.v1.tar+gzip"
OCI_EMPTY = "application/vnd.oci.empty.v1+json"
DOCKER_MANIFEST = "application/vnd.docker.distribution.manifest.v2+json"
DOCKER_MANIFEST_LIST = "application/vnd.docker.distribution.manifest.list.v2+json"
MANIFEST_MEDIA_TYPES = (OCI_MANIFEST, DOCKER_MANIFEST, OCI_INDEX, DOCKER_MANIFEST_LIST)

#: artifactType of the environment artifact (the manifest, readable without pulling images)
ENV_ARTIFACT_TYPE = "application/vnd.envspec.environment.v1+json"
#: media type of the blob holding the environment manifest as JSON
ENV_MANIFEST_MEDIA_TYPE = "application/vnd.envspec.manifest.v1+json"

# --- tags and repositories ---------------------------------------------------------------------
#: the environment artifact lives next to the agent image, under tag "<version>.envspec"
ENV_TAG_SUFFIX = ".envspec"
#: the scorer image lives in its own repository so registry ACLs can keep it private
SCORER_REPO_SUFFIX = "-scorer"
DEFAULT_NAMESPACE = "envspec"

# --- annotations (on OCI manifests) and labels (on images and containers) -----------------------
ANNOTATION_REF_NAME = "org.opencontainers.image.ref.name"
ANNOTATION_TITLE = "org.opencontainers.image.title"
ANNOTATION_CREATED = "org.opencontainers.image.created"
ANNOTATION_AGENT_DIGEST = "dev.envspec.agent.digest"
ANNOTATION_SCORER_DIGEST = "dev.envspec.scorer.digest"
LABEL_MANIFEST = "dev.envspec.manifest"  # the manifest as JSON, on both images
LABEL_ROLE = "dev.envspec.role"  # agent | scorer | base
LABEL_ENV = "dev.envspec.environment"  # namespace-free name:version
LABEL_RUN = "dev.envspec.run"  # on every container a run starts

# --- images ------------------------------------------------------------------------------------
BASE_IMAGES = {
    "python": "envspec/base-python:bookworm",
    "torch-cpu": "envspec/base-torch-cpu:bookworm",
}
DEFAULT_BASE_IMAGE = BASE_IMAGES["python"]
BUILD_ARG_BASE = "BASE_IMAGE"


# --- paths -------------------------------------------------------------------------------------
def envspec_home() -> Path:
    """``$ENVSPEC_HOME``, default ``~/.local/share/envspec``."""
    return Path(os.environ.get("ENVSPEC_HOME") or Path.home() / ".local/share/envspec")


def default_store_path() -> Path:
    """The embedded default store: an OCI image layout under ``$ENVSPEC_HOME``."""
    return envspec_home() / "store"


MANIFEST_FILE_NAME = "envspec.yaml"  # the manifest inside an environment folder
LOCK_FILE_NAME = "envspec.lock.json"
