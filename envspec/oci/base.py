"""Shared base images built offline: a Debian root filesystem from debootstrap, imported into the
engine (``python``), and images layered on it (``torch-cpu``) from a local wheelhouse.

Docker Hub is unreachable on the machines this project targets, so every environment's
Dockerfile starts ``FROM ${BASE_IMAGE}`` and the bases come from here.
"""

from __future__ import annotations

import logging
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from envspec import constants
from envspec.errors import BuildError, EnvspecError
from envspec.oci import engine

log = logging.getLogger(__name__)

SUITE = "bookworm"
PYTHON_PACKAGES = ["python3", "python3-pip", "python3-venv", "ca-certificates"]
#: where the optional extra CA bundle lands inside base images
IMAGE_CA_BUNDLE = "/etc/ssl/certs/envspec-ca-bundle.crt"
#: what debootstrap leaves that an image does not need (apt lists, caches, docs)
PRUNE = [
    "var/lib/apt/lists",
    "var/cache/apt",
    "var/cache/debconf/templates.dat-old",
    "usr/share/doc",
    "usr/share/man",
    "usr/share/info",
    "usr/share/locale",
]


@dataclass(frozen=True)
class BaseOptions:
    """Options for ``envspec base build``."""

    mirror: str | None = None  # Debian mirror; default: the host's apt sources
    ca_bundle: Path | None = None  # copied into the image; pip and requests use it
    wheelhouse: Path | None = None  # local wheels for air-gapped pip installs (torch-cpu)


def host_debian_mirror(sources: Path = Path("/etc/apt")) -> str:
    """The first Debian mirror named in the host's apt sources (deb822 or one-line style).

    Raises:
        EnvspecError: no mirror could be found; pass ``--mirror``.
    """
    files = [*sorted(sources.glob("sources.list.d/*.sources")), sources / "sources.list"]
    files += sorted(sources.glob("sources.list.d/*.list"))
    for f in files:
        if not f.is_file():
            continue
        text = f.read_text(errors="replace")
        for m in re.finditer(r"^URIs:\s*(\S+)", text, re.M):
            if "security" not in m.group(1):
                return m.group(1)
        for m in re.finditer(r"^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+\S+", text, re.M):
            if "security" not in m.group(1):
                return m.group(1)
    raise EnvspecError(
        "no Debian mirror found in /etc/apt sources", hint="pass --mirror URL of a Debian mirror"
    )


def build_python_base(opts: BaseOptions, *, tag: str = constants.BASE_IMAGES["python"]) -> str:
    """debootstrap a minimal Debian with Python, a venv at /opt/venv, and import it as ``tag``.

    Returns the image id.

    Raises:
        BuildError: debootstrap or the import failed (the message names the step).
    """
    if shutil.which("debootstrap") is None:
        raise BuildError(
            "debootstrap is not installed", step="debootstrap", hint="apt-get install debootstrap"
        )
    mirror = opts.mirror or host_debian_mirror()
    with tempfile.TemporaryDirectory(prefix="envspec-rootfs-") as tmp:
        root = Path(tmp) / "rootfs"
        _run(
            [
                "debootstrap",
                "--variant=minbase",
                f"--include={','.join(PYTHON_PACKAGES)}",
                SUITE,
                str(root),
                mirror,
            ],
            step="debootstrap",
        )
        _run(["chroot", str(root), "python3", "-m", "venv", "/opt/venv"], step="venv")
        env = {
            "PATH": "/opt/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            "LANG": "C.UTF-8",
            "PYTHONUNBUFFERED": "1",
        }
        if opts.ca_bundle is not None:
            shutil.copyfile(opts.ca_bundle, root / IMAGE_CA_BUNDLE.lstrip("/"))
            env |= {k: IMAGE_CA_BUNDLE for k in ("PIP_CERT", "REQUESTS_CA_BUNDLE", "SSL_CERT_FILE")}
        for rel in PRUNE:
            shutil.rmtree(root / rel, ignore_errors=True)
        (root / "var/lib/apt/lists/partial").mkdir(parents=True, exist_ok=True)
        tarball = Path(tmp) / "rootfs.tar"
        # Sorted names and a fixed mtime make the layer reproducible for identical packages.
        _run(
            [
                "tar",
                "--sort=name",
                "--mtime=@0",
                "--numeric-owner",
                "-C",
                str(root),
                "-cf",
                str(tarball),
                ".",
            ],
            step="tar",
        )
        changes = [f"ENV {k}={v}" for k, v in env.items()]
        changes += ['CMD ["/bin/bash"]', f"LABEL {constants.LABEL_ROLE}=base"]
        return engine.import_rootfs(tarball, tag, changes=changes)


def find_torch_wheel(wheelhouse: Path) -> Path:
    """The CPU torch wheel in ``wheelhouse`` (for the image's Python 3.11).

    Raises:
        EnvspecError: none is there.
    """
    wheels = sorted(wheelhouse.glob("torch-*cp311*.whl"))
    if not wheels:
        raise EnvspecError(
            f"no torch wheel for Python 3.11 in {wheelhouse}",
            hint="pass --wheelhouse DIR holding torch-*-cp311-*.whl"
            " (`pip config list` shows a local find-links folder, if any)",
        )
    return wheels[-1]


def build_torch_cpu_base(
    opts: BaseOptions,
    *,
    tag: str = constants.BASE_IMAGES["torch-cpu"],
    base: str = constants.BASE_IMAGES["python"],
    on_line: Callable[[str], None] | None = None,
) -> str:
    """Layer CPU torch from a local wheelhouse onto the python base. Returns the image id.

    Raises:
        EnvspecError: no wheelhouse or torch wheel.
        BuildError: the build failed.
    """
    if opts.wheelhouse is None:
        raise EnvspecError("torch-cpu needs a wheelhouse", hint="pass --wheelhouse DIR")
    wheel = find_torch_wheel(opts.wheelhouse)
    version = wheel.name.split("-")[1]
    with tempfile.TemporaryDirectory(prefix="envspec-torch-") as tmp:
        ctx = Path(tmp)
        (ctx / "wheels").mkdir()
        for w in opts.wheelhouse.glob("*.whl"):
            # hard links keep a 200 MB wheel from being copied when on one filesystem
            try:
                (ctx / "wheels" / w.name).hardlink_to(w)
            except OSError:
                shutil.copyfile(w, ctx / "wheels" / w.name)
        (ctx / "Dockerfile").write_text(
            f"ARG {constants.BUILD_ARG_BASE}\n"
            f"FROM ${{{constants.BUILD_ARG_BASE}}}\n"
            "COPY wheels/ /tmp/wheels/\n"
            f"RUN pip install --no-cache-dir --find-links /tmp/wheels 'torch=={version}' numpy"
            " && rm -rf /tmp/wheels\n"
            f"LABEL {constants.LABEL_ROLE}=base\n"
        )
        return engine.build_dockerfile(
            ctx, tag=tag, buildargs={constants.BUILD_ARG_BASE: base}, on_line=on_line
        )


def build_services_base(
    opts: BaseOptions,
    *,
    tag: str = constants.BASE_IMAGES["services"],
    base: str = constants.BASE_IMAGES["python"],
    on_line: Callable[[str], None] | None = None,
) -> str:
    """Layer what the services need (aiohttp for the metering proxy, llama.cpp's server: pinned
    in ``constants.SERVICES_PACKAGES``) onto the python base; the programs themselves are added
    by each run's service image, from the envspec that starts them. The wheels are downloaded
    here, on the host, so that the build itself needs no network. Returns the image id.

    Raises:
        BuildError: the wheels cannot be downloaded or the build failed.
    """
    import sys

    with tempfile.TemporaryDirectory(prefix="envspec-services-") as tmp:
        ctx = Path(tmp)
        wheels = ctx / "wheels"
        find = ["--find-links", str(opts.wheelhouse)] if opts.wheelhouse else []
        pip = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check"]
        pip += ["--only-binary", ":all:", "-d", str(wheels), *find, *constants.SERVICES_PACKAGES]
        _run(pip, step="download the services' wheels")
        home = constants.SERVICES_DIR
        (ctx / "Dockerfile").write_text(
            f"ARG {constants.BUILD_ARG_BASE}\n"
            f"FROM ${{{constants.BUILD_ARG_BASE}}}\n"
            "COPY wheels/ /tmp/wheels/\n"
            # llama.cpp's CPU build uses OpenMP
            "RUN apt-get update -q && apt-get install -y -q --no-install-recommends libgomp1"
            " && rm -rf /var/lib/apt/lists/*\n"
            f"RUN python3 -m venv {home}/venv && {home}/venv/bin/pip install --no-cache-dir"
            f" --no-index --find-links /tmp/wheels {' '.join(constants.SERVICES_PACKAGES)}"
            " && rm -rf /tmp/wheels\n"
            f"LABEL {constants.LABEL_ROLE}=base\n"
        )
        return engine.build_dockerfile(
            ctx, tag=tag, buildargs={constants.BUILD_ARG_BASE: base}, on_line=on_line
        )


def _run(cmd: list[str], *, step: str) -> None:
    log.info("base: %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-15:])
        raise BuildError(f"base image step {step!r} failed:\n{tail}", step=step)
