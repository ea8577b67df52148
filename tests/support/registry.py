"""A real CNCF distribution registry (``docker-registry serve``) on loopback, for tests."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import requests

REPO_ROOT = Path(__file__).resolve().parents[2]
MAKE_TLS = REPO_ROOT / "registry" / "make-tls.sh"
START_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class RegistryInfo:
    """A running test registry."""

    host: str  # "127.0.0.1:PORT"
    url: str  # "http://127.0.0.1:PORT" or "https://..."
    ca_cert: Path | None  # the CA that signed its certificate, when it speaks TLS
    username: str | None
    password: str | None
    storage: Path  # its filesystem storage root
    log: Path  # its stdout and stderr


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _need(tool: str, package: str) -> str:
    path = shutil.which(tool)
    if path is None:
        raise RuntimeError(f"{tool} not found: apt-get install -y {package} (scripts/bootstrap)")
    return path


def _config(port: int, storage: Path, htpasswd: Path | None, tls: Path | None) -> str:
    lines = [
        "version: 0.1",
        "log:",
        "  level: warn",
        "  accesslog:",
        "    disabled: true",
        "storage:",
        "  filesystem:",
        f"    rootdirectory: {storage}",
        "  delete:",
        "    enabled: true",
        "http:",
        f"  addr: 127.0.0.1:{port}",
    ]
    if tls is not None:
        lines += [
            "  tls:",
            f"    certificate: {tls / 'server.crt'}",
            f"    key: {tls / 'server.key'}",
        ]
    if htpasswd is not None:
        lines += ["auth:", "  htpasswd:", "    realm: envspec-test", f"    path: {htpasswd}"]
    return "\n".join(lines) + "\n"


def _wait_ready(proc: subprocess.Popen[bytes], url: str, ca: Path | None, log: Path) -> bool:
    deadline = time.monotonic() + START_TIMEOUT_S
    verify: str | bool = str(ca) if ca is not None else True
    with requests.Session() as session:
        session.trust_env = False  # loopback: no proxies, no $REQUESTS_CA_BUNDLE
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                return False
            with contextlib.suppress(requests.RequestException):
                resp = session.get(f"{url}/v2/", timeout=1, verify=verify)
                if resp.status_code in (200, 401):
                    return True
            time.sleep(0.05)
    raise RuntimeError(
        f"registry at {url} did not answer /v2/ within {START_TIMEOUT_S} s; "
        f"log:\n{log.read_text()[-2000:]}"
    )


@contextlib.contextmanager
def run_registry(
    tmp_path: Path,
    *,
    htpasswd: tuple[str, str] | None = None,
    tls: bool = False,
) -> Iterator[RegistryInfo]:
    """Start ``docker-registry serve`` on a free 127.0.0.1 port; stop it on exit.

    ``htpasswd=(user, password)`` turns on basic auth (bcrypt, via ``htpasswd -Bbn``);
    ``tls=True`` serves https with a certificate (IP SAN 127.0.0.1) from registry/make-tls.sh,
    whose CA is ``RegistryInfo.ca_cert``.
    """
    binary = _need("docker-registry", "docker-registry")
    root = tmp_path / f"registry-{time.monotonic_ns()}"
    storage = root / "storage"
    storage.mkdir(parents=True)
    htpasswd_file: Path | None = None
    if htpasswd is not None:
        _need("htpasswd", "apache2-utils")
        user, password = htpasswd
        out = subprocess.run(
            ["htpasswd", "-Bbn", user, password], check=True, capture_output=True, text=True
        ).stdout
        htpasswd_file = root / "htpasswd"
        htpasswd_file.write_text(out)
    tls_dir: Path | None = None
    if tls:
        _need("openssl", "openssl")
        tls_dir = root / "tls"
        subprocess.run(["bash", str(MAKE_TLS), str(tls_dir)], check=True, capture_output=True)
    ca = tls_dir / "ca.crt" if tls_dir is not None else None
    scheme = "https" if tls else "http"
    log = root / "registry.log"

    for _attempt in range(3):  # the free port may be taken between probing and binding
        port = free_port()
        config = root / "config.yml"
        config.write_text(_config(port, storage, htpasswd_file, tls_dir))
        url = f"{scheme}://127.0.0.1:{port}"
        with log.open("ab") as log_fh:
            proc = subprocess.Popen(
                [binary, "serve", str(config)],
                stdout=log_fh,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={"PATH": "/usr/bin:/bin"},  # no REGISTRY_* from the caller's environment
            )
        try:
            if _wait_ready(proc, url, ca, log):
                break
        except BaseException:
            stop_process(proc)
            raise
    else:
        raise RuntimeError(f"docker-registry would not start; log:\n{log.read_text()[-2000:]}")

    try:
        yield RegistryInfo(
            host=f"127.0.0.1:{port}",
            url=url,
            ca_cert=ca,
            username=htpasswd[0] if htpasswd else None,
            password=htpasswd[1] if htpasswd else None,
            storage=storage,
            log=log,
        )
    finally:
        stop_process(proc)


def stop_process(proc: subprocess.Popen[bytes]) -> None:
    """Terminate ``proc``, killing it if it does not end within 5 s."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
