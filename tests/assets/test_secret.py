"""The asset secret: where it comes from, what it derives, and that it never shows."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from envspec.assets.secret import (
    ENV_VAR,
    MIN_BYTES,
    AssetSecret,
    keyed_permutation,
    load_secret,
    write_secret_file,
)
from envspec.errors import EnvspecError


def test_a_file_comes_first_then_the_environment_then_a_fresh_one(tmp_path: Path) -> None:
    path = tmp_path / "secret"
    path.write_bytes(b"  from the file, long enough  \n")
    path.chmod(0o600)
    env = {ENV_VAR: "from the environment, long enough"}
    got = load_secret(path, environ=env)
    assert got == AssetSecret(b"from the file, long enough", "file")
    assert load_secret(None, environ=env) == AssetSecret(
        b"from the environment, long enough", "environment"
    )
    a, b = load_secret(None, environ={}), load_secret(None, environ={ENV_VAR: ""})
    assert a.source == b.source == "fresh" and a.value != b.value
    assert len(a.value) >= MIN_BYTES and a.describe()["repeatable"] is False


def test_bad_secrets_are_refused(tmp_path: Path) -> None:
    with pytest.raises(EnvspecError, match="cannot read") as info:
        load_secret(tmp_path / "missing", environ={})
    assert "new-secret" in (info.value.hint or "")
    (tmp_path / "short").write_text("short\n")
    with pytest.raises(EnvspecError, match="at least 16"):
        load_secret(tmp_path / "short", environ={})
    with pytest.raises(EnvspecError, match=ENV_VAR):
        load_secret(None, environ={ENV_VAR: "short"})


def test_write_secret_file(tmp_path: Path) -> None:
    path = tmp_path / "config" / "fe-secret"
    written = write_secret_file(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_secret(path, environ={}) == written and len(written.value) == 64
    with pytest.raises(EnvspecError, match="exists"):
        write_secret_file(path)
    assert load_secret(path, environ={}) == written  # never overwritten


def test_derivations_and_fingerprints() -> None:
    s = AssetSecret(b"0123456789abcdef0123456789abcdef", "file")
    t = AssetSecret(b"0123456789abcdef0123456789abcdeF", "file")
    assert s.derive("a") != s.derive("b") and s.derive("a") != t.derive("a")
    assert len(s.derive("a")) == 32 and s.derive("a") == s.derive("a")
    assert s.fingerprint != t.fingerprint and len(s.fingerprint) == 16
    assert s.value.decode() not in repr(s) and s.value.decode() not in str(s.describe())
    # pinned, so that a change of the derivation (which would change every corrupted
    # model's digest) cannot pass unnoticed
    assert s.fingerprint == FINGERPRINT


def test_keyed_permutation() -> None:
    s = AssetSecret(b"0123456789abcdef0123456789abcdef", "file")
    perm = keyed_permutation(s, "x/permutation", 1000)
    assert sorted(perm) == list(range(1000)) and perm != list(range(1000))
    assert perm == keyed_permutation(s, "x/permutation", 1000)
    assert perm != keyed_permutation(s, "y/permutation", 1000)
    assert perm != keyed_permutation(AssetSecret(b"1" * 32, "file"), "x/permutation", 1000)
    assert sum(i == p for i, p in enumerate(perm)) < 10  # about one fixed point expected
    assert keyed_permutation(s, "x/permutation", 8) == FIRST_EIGHT


FINGERPRINT = "896398d6fddcdc8c"
FIRST_EIGHT = [7, 3, 2, 4, 6, 5, 1, 0]
