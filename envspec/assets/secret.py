"""The secret behind assets that hide an answer (fix_embedding's permutation).

Randomness that hides an answer must not come from public code: a seed in the repository lets
an agent rebuild the permutation and undo it. It comes from an operator's secret, which is
neither in the repository nor in any image, through a keyed derivation (HMAC-SHA256 of a label
naming what it is for), so one secret serves several purposes without one revealing another.
Every other asset stays a function of public inputs only.

Where the secret comes from, in order: a file (``--secret-file PATH``; its bytes, surrounding
whitespace stripped), the environment variable :data:`ENV_VAR`, or else a fresh one drawn with
:mod:`secrets` (then the build cannot be repeated, and the builder says so). ``envspec asset
new-secret PATH`` writes a fresh one to a file of mode 0600.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from envspec.errors import BadInput, EnvspecError

__all__ = [
    "ENV_VAR",
    "MIN_BYTES",
    "AssetSecret",
    "keyed_permutation",
    "load_secret",
    "write_secret_file",
]

log = logging.getLogger(__name__)

#: the environment variable a builder reads the secret from when no file is given
ENV_VAR = "ENVSPEC_ASSET_SECRET"
#: the shortest secret accepted (a fresh one is 32 random bytes, written as 64 hex digits)
MIN_BYTES = 16
FILE = "file"
ENVIRONMENT = "environment"
FRESH = "fresh"
_FINGERPRINT_LABEL = b"envspec/asset-secret/fingerprint"


@dataclass(frozen=True)
class AssetSecret:
    """A secret and where it came from (``file``, ``environment`` or ``fresh``); its value
    never appears in a repr, a log or a report."""

    value: bytes = field(repr=False)
    source: str

    def derive(self, label: str) -> bytes:
        """HMAC-SHA256(secret, ``label``): 32 bytes for one purpose."""
        return hmac.new(self.value, label.encode(), hashlib.sha256).digest()

    @property
    def fingerprint(self) -> str:
        """16 hex digits that tell secrets apart and reveal nothing of them (a keyed hash
        under a label of its own), for build reports."""
        return hmac.new(self.value, _FINGERPRINT_LABEL, hashlib.sha256).hexdigest()[:16]

    def describe(self) -> dict[str, Any]:
        """For a report: where it came from, its fingerprint, whether a rebuild can repeat it."""
        return {
            "source": self.source,
            "fingerprint": self.fingerprint,
            "repeatable": self.source != FRESH,
        }


def _checked(value: bytes, where: str, source: str) -> AssetSecret:
    value = value.strip()
    if len(value) < MIN_BYTES:
        raise EnvspecError(
            f"the asset secret in {where} is {len(value)} bytes; at least {MIN_BYTES} are needed",
            hint="write a fresh one with `envspec asset new-secret PATH`",
        )
    return AssetSecret(value, source)


def load_secret(
    secret_file: Path | None = None, *, environ: Mapping[str, str] | None = None
) -> AssetSecret:
    """The secret from ``secret_file``, else from :data:`ENV_VAR`, else a fresh one (logged
    as a warning: a build with it cannot be repeated).

    Raises:
        EnvspecError: the file cannot be read, or the secret is shorter than :data:`MIN_BYTES`.
    """
    env = os.environ if environ is None else environ
    if secret_file is not None:
        try:
            value = Path(secret_file).read_bytes()
            mode = Path(secret_file).stat().st_mode
        except OSError as e:
            raise EnvspecError(
                f"cannot read the asset secret {secret_file}: {e.strerror or e}",
                hint="give a readable file (`envspec asset new-secret PATH` writes one)",
            ) from e
        if mode & 0o077:
            log.warning("the asset secret %s is readable by others (mode %o)", secret_file, mode)
        return _checked(value, str(secret_file), FILE)
    if env.get(ENV_VAR):
        return _checked(env[ENV_VAR].encode(), f"${ENV_VAR}", ENVIRONMENT)
    log.warning(
        "no asset secret given (--secret-file or $%s): drew a fresh one; the assets derived "
        "from it cannot be rebuilt",
        ENV_VAR,
    )
    return AssetSecret(secrets.token_hex(32).encode(), FRESH)


def write_secret_file(path: Path) -> AssetSecret:
    """Write a fresh secret (64 hex digits and a newline) to ``path``, mode 0600, never over an
    existing file; returns it.

    Raises:
        EnvspecError: ``path`` exists or cannot be written.
    """
    path = Path(path)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    value = secrets.token_hex(32).encode()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError as e:
        raise BadInput(
            f"{path} exists", hint="a secret is never overwritten: remove it or pick another path"
        ) from e
    except OSError as e:
        raise EnvspecError(f"cannot write {path}: {e.strerror or e}") from e
    with os.fdopen(fd, "wb") as out:
        out.write(value + b"\n")
    return AssetSecret(value, FILE)


def keyed_permutation(secret: AssetSecret, label: str, n: int) -> list[int]:
    """A permutation of ``range(n)`` that only the secret decides: the indices sorted by
    HMAC-SHA256(secret, ``label/i``) (a pseudo-random function, so every order is equally
    likely without the key). Python's hashlib alone: the same on every platform and version.

    Not torch's generator: its CPU generator keeps only 32 bits of a seed, few enough to try
    them all.
    """
    key = secret.derive(label)
    return sorted(
        range(n), key=lambda i: hmac.new(key, f"{label}/{i}".encode(), hashlib.sha256).digest()
    )
