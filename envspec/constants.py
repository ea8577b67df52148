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
    "services": "envspec/base-services:bookworm",
}
#: the packages of the services image (the metering proxy and the CPU engine), pinned
SERVICES_PACKAGES = ("aiohttp==3.14.5", "xllamacpp==2026.10.11549")
#: where the services image keeps its programs and its virtual environment
SERVICES_DIR = "/opt/envspec-services"
DEFAULT_BASE_IMAGE = BASE_IMAGES["python"]
BUILD_ARG_BASE = "BASE_IMAGE"


# --- paths -------------------------------------------------------------------------------------
def envspec_home() -> Path:
    """``$ENVSPEC_HOME``, default ``~/.local/share/envspec``; created private (0700) when it
    does not exist yet, whichever part of envspec first needs it (it holds runs' folders,
    score logs and the store, which no run's user may reach)."""
    home = Path(os.environ.get("ENVSPEC_HOME") or Path.home() / ".local/share/envspec")
    if not home.exists():
        home.mkdir(parents=True, exist_ok=True, mode=0o700)
    return home


def cache_dir(name: str) -> Path:
    """``$ENVSPEC_HOME/cache/<name>``, created private (0700, as are ``cache`` and the home
    when envspec makes them): caches hold scorer-side content (image layers, hidden assets)
    that no run's user may read, wherever ``$ENVSPEC_HOME`` is."""
    home = envspec_home()
    path = home / "cache" / name
    for folder in (home / "cache", path):
        if not folder.exists():
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    for folder in (home / "cache", path):
        os.chmod(folder, 0o700)
    return path


def default_store_path() -> Path:
    """The embedded default store: an OCI image layout under ``$ENVSPEC_HOME``."""
    return envspec_home() / "store"


MANIFEST_FILE_NAME = "envspec.yaml"  # the manifest inside an environment folder
LOCK_FILE_NAME = "envspec.lock.json"

# --- the scorer contract (schemas/scorer-output-v1.schema.json) --------------------------------
#: environment variables the scorer container gets
SCORER_ENV_SOLUTION = "ENVSPEC_SOLUTION"  # read-only path of the agent's solution directory
SCORER_ENV_PARAMETERS = "ENVSPEC_PARAMETERS"  # the variant's parameters as a JSON object
SCORER_ENV_VARIANT = "ENVSPEC_VARIANT"  # the variant's name
SCORER_ENV_HIDDEN = "ENVSPEC_HIDDEN"  # path of the hidden assets; unset when there are none
SCORER_ENV_RESULT = "ENVSPEC_RESULT"  # path of the file the scorer writes its JSON object to
#: the most bytes of scorer output read; more makes the output invalid
SCORER_OUTPUT_MAX_BYTES = 1024 * 1024
#: file name of a run's score log, and the prev_hash of its first record when no run id salts it
SCORE_LOG_FILE_NAME = "scores.jsonl"
SCORE_LOG_GENESIS = "sha256:" + "0" * 64

# --- GPUs --------------------------------------------------------------------------------------
#: a configured GPU inventory (hosts without NVML, tests): a JSON file path or inline JSON list
ENV_GPUS = "ENVSPEC_GPUS"
GPU_LEASE_DIR_NAME = "gpu-leases"
#: how long one allocation decision may wait for the lease lock before giving up
GPU_LOCK_TIMEOUT_S = 60.0
#: drivers report less memory than the marketed size (an "80GB" H100 reports 81559 MiB = 79.6 GiB),
#: so a GPU meets a ``memory_gb`` request when it has at least this fraction less
GPU_MEMORY_SLACK = 0.05


def default_gpu_lease_dir() -> Path:
    """Where GPU leases live: ``$ENVSPEC_HOME/gpu-leases``, shared by every envspec process."""
    return envspec_home() / GPU_LEASE_DIR_NAME


LABEL_HOME = "dev.envspec.home"  # which $ENVSPEC_HOME owns a container (gc touches only its own)


def home_label() -> str:
    """A short stable id of ``$ENVSPEC_HOME``, put on containers so each home reaps its own."""
    import hashlib

    return hashlib.sha256(str(envspec_home().resolve()).encode()).hexdigest()[:16]


# --- assets (datasets, tokenizers, weights) as OCI artifacts -----------------------------------
#: artifactType of an asset: one layer per file, config lists the files with sizes and digests
ASSET_ARTIFACT_TYPE = "application/vnd.envspec.asset.v1"
#: media type of an asset's config blob (canonical JSON: name, version, files)
ASSET_CONFIG_MEDIA_TYPE = "application/vnd.envspec.asset.config.v1+json"
#: media type of one file of an asset (its raw bytes); ANNOTATION_TITLE holds its relative path
ASSET_FILE_MEDIA_TYPE = "application/vnd.envspec.asset.file.v1"


def asset_env_var(name: str) -> str:
    """The environment variable that gives scorers and agents an asset's folder:
    ``ENVSPEC_ASSET_<NAME>`` (upper case, ``-`` and ``.`` as ``_``)."""
    return "ENVSPEC_ASSET_" + name.upper().replace("-", "_").replace(".", "_")


# --- the scorer kit (envspec/kit/scorer_kit.py) ------------------------------------------------
#: where `envspec build` puts the kit in every scorer image; scorers get it on PYTHONPATH
KIT_DIR = "/opt/envspec"
KIT_FILE_NAME = "scorer_kit.py"
#: the kit's source in this package
KIT_SOURCE = Path(__file__).resolve().parent / "kit" / KIT_FILE_NAME
#: env var naming the block of uids a scoring's sandboxes may use ("start:count")
SANDBOX_UIDS_ENV = "ENVSPEC_SANDBOX_UIDS"
#: env var telling the scorer which scoring it runs: "intermediate" (the agent asked) or "final"
#: (finish); a scorer may keep its final questions for the final scoring alone
SCORING_KIND_ENV = "ENVSPEC_SCORING"
#: env var naming the scoring's own root-only folder, where the kit makes its sandboxes
SCORING_DIR_ENV = "ENVSPEC_SCORING_DIR"
#: env var naming folders (colon-separated) the kit's sandboxes must not see: the agent's
SANDBOX_HIDE_ENV = "ENVSPEC_SANDBOX_HIDE"
#: uids reserved for scorings' sandboxes: blocks of SANDBOX_UID_BLOCK from SANDBOX_UID_BASE
SANDBOX_UID_BASE = 1_900_000_000
SANDBOX_UID_BLOCK = 256
SANDBOX_UID_BLOCKS = 256
