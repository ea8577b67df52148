"""Build → push → inspect → pull round trips against real registries and OCI layouts."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from envspec import constants
from envspec.errors import (
    AuthenticationError,
    DigestMismatch,
    ImmutableVersion,
    NotFound,
    RegistryUnreachable,
)
from envspec.models.reference import Reference, RegistryTarget
from envspec.oci import engine
from envspec.oci.build import build_environment
from envspec.oci.pull import list_environments, pull_environment, resolve
from envspec.oci.push import push_environment
from envspec.oci.store import open_store
from tests.support.fixtures import TINY, copy_env
from tests.support.registry import RegistryInfo

pytestmark = [pytest.mark.integration, pytest.mark.usefixtures("python_base")]


def _storage_files(root: Path) -> dict[str, int]:
    return {str(p.relative_to(root)): p.stat().st_size for p in root.rglob("*") if p.is_file()}


def _skopeo_raw(image: str, *extra: str) -> bytes:
    return subprocess.run(
        ["skopeo", "inspect", "--raw", *extra, image], check=True, capture_output=True
    ).stdout


def test_round_trip_through_registry_with_auth_and_tls(
    tiny_env: Path, secure_registry: RegistryInfo, tmp_path: Path
) -> None:
    target = RegistryTarget.parse(f"{secure_registry.host}/team")
    pushed = push_environment(tiny_env, target)
    assert pushed.stats.blobs_sent > 0 and not pushed.unchanged
    assert str(pushed.environment).startswith(f"{secure_registry.host}/team/tiny:0.1.0@sha256:")

    ref = Reference.parse(f"{secure_registry.host}/team/tiny:0.1.0")
    _, resolved = resolve(ref)
    assert resolved.reference.digest == pushed.environment.digest
    assert resolved.artifact.agent_digest == pushed.agent.digest
    assert resolved.artifact.scorer_digest == pushed.scorer.digest
    assert resolved.manifest.title == "Guess the hidden number"

    # an independent client (skopeo) reads exactly what was pushed
    certs = tmp_path / "certs"
    certs.mkdir()
    (certs / "ca.crt").write_bytes(Path(str(secure_registry.ca_cert)).read_bytes())
    creds = ["--creds", "alice:s3cret-pw", "--cert-dir", str(certs)]
    raw = _skopeo_raw(f"docker://{secure_registry.host}/team/tiny:0.1.0", *creds)
    assert "sha256:" + hashlib.sha256(raw).hexdigest() == pushed.agent.digest
    raw = _skopeo_raw(f"docker://{secure_registry.host}/team/tiny-scorer:0.1.0", *creds)
    assert "sha256:" + hashlib.sha256(raw).hexdigest() == pushed.scorer.digest
    raw = _skopeo_raw(f"docker://{secure_registry.host}/team/tiny:0.1.0.envspec", *creds)
    assert json.loads(raw)["artifactType"] == constants.ENV_ARTIFACT_TYPE

    # pull into the engine: the loaded images are the pinned ones, and the lock says so
    lock = tmp_path / "envspec.lock.json"
    pulled = pull_environment(ref.with_digest(pushed.environment.digest), lock_path=lock)
    raw_agent, _, _ = open_store(ref.registry, None).get_manifest(
        "team/tiny", pushed.agent.digest or ""
    )
    agent_manifest = json.loads(raw_agent)
    assert engine.image_id(pulled.images["agent"]) == agent_manifest["config"]["digest"]
    entry = json.loads(lock.read_text())["environments"][f"{secure_registry.host}/team/tiny:0.1.0"]
    assert entry["environment"] == pushed.environment.digest
    assert entry["agent"] == pushed.agent.digest
    assert entry["scorer"] == pushed.scorer.digest

    # the hidden target exists only in the scorer image
    assert _run_in(pulled.images["scorer"], "cat /scoring/hidden/target.txt").strip() == "42"
    assert "No such file" in _run_in(
        pulled.images["agent"], "cat /scoring/hidden/target.txt 2>&1; true"
    )


def _run_in(image: str, script: str) -> str:
    out: bytes = engine.client().containers.run(image, ["sh", "-c", script], remove=True, user="0")
    return out.decode()


def test_round_trip_through_oci_layout(tiny_env: Path, tmp_path: Path) -> None:
    store = tmp_path / "layout"
    pushed = push_environment(tiny_env, RegistryTarget.parse(f"oci:{store}"))
    raw = _skopeo_raw(f"oci:{store}:envspec/tiny:0.1.0")
    assert "sha256:" + hashlib.sha256(raw).hexdigest() == pushed.agent.digest

    ref = Reference.parse(f"oci:{store}:envspec/tiny:0.1.0")
    _, resolved = resolve(ref)
    assert resolved.reference.digest == pushed.environment.digest
    copy = tmp_path / "copy"
    pulled = pull_environment(ref, into=f"oci:{copy}", lock_path=tmp_path / "lock.json")
    assert pulled.images["agent"] == f"oci:{copy}:envspec/tiny:0.1.0"
    _, again = resolve(Reference.parse(f"oci:{copy}:envspec/tiny:0.1.0"))
    assert again.reference.digest == pushed.environment.digest
    rows = list_environments(open_store(None, str(store)))
    assert [(r.repository, r.version, r.hardware) for r in rows] == [
        ("envspec/tiny", "0.1.0", {"lite": "1 cpu, 1 GB, no GPU"})
    ]


def test_repush_identical_is_a_no_op(tiny_env: Path, registry: RegistryInfo) -> None:
    target = RegistryTarget.parse(f"{registry.host}/ns")
    first = push_environment(tiny_env, target)
    before = _storage_files(registry.storage)
    second = push_environment(tiny_env, target)
    assert second.unchanged
    assert second.stats.bytes_sent == 0
    assert second.environment == first.environment
    assert _storage_files(registry.storage) == before


def test_repush_changed_content_is_refused_and_changes_nothing(
    tiny_env: Path, registry: RegistryInfo
) -> None:
    target = RegistryTarget.parse(f"{registry.host}/ns")
    first = push_environment(tiny_env, target)
    before = _storage_files(registry.storage)
    instructions = tiny_env / "task" / "instructions.md"
    instructions.write_text(instructions.read_text() + "\nChanged instructions.\n")
    with pytest.raises(ImmutableVersion) as err:
        push_environment(tiny_env, target)
    assert "bump `version`" in (err.value.hint or "")
    assert _storage_files(registry.storage) == before
    _, resolved = resolve(Reference.parse(f"{registry.host}/ns/tiny:0.1.0"))
    assert resolved.reference.digest == first.environment.digest

    forced = push_environment(tiny_env, target, force=True)
    assert forced.overwritten and any("ns/tiny:0.1.0" in o for o in forced.overwritten)
    _, resolved = resolve(Reference.parse(f"{registry.host}/ns/tiny:0.1.0"))
    assert resolved.reference.digest == forced.environment.digest != first.environment.digest


def test_second_environment_sends_only_the_layers_that_differ(
    tiny_env: Path, registry: RegistryInfo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = RegistryTarget.parse(f"{registry.host}/ns")
    other = copy_env(TINY, tmp_path / "other", name="other")
    first = push_environment(tiny_env, target)
    seen: list[tuple[int, int]] = []
    steps: list[str] = []
    second = push_environment(
        other, target, progress=lambda what, done, total: seen.append((done, total)),
        on_step=steps.append,
    )  # fmt: skip
    # the bar counts bytes really sent: mounted blobs leave its total, not fill it
    assert seen and seen[-1] == (second.stats.bytes_sent, second.stats.bytes_sent)
    assert all(done <= total for done, total in seen)
    assert steps[0].startswith("building") and steps[-1].startswith("uploading")
    with capsys.disabled():
        print(
            f"\n[shared base] first push sent {first.stats.bytes_sent:,} bytes "
            f"in {first.stats.blobs_sent} blobs; second sent {second.stats.bytes_sent:,} bytes "
            f"in {second.stats.blobs_sent} blobs ({second.stats.bytes_skipped:,} already there)"
        )
    # the base layer (tens of MB) went once; the second push sends only its small layers
    assert first.stats.bytes_sent > 20_000_000
    assert second.stats.bytes_sent < first.stats.bytes_sent / 20
    assert (
        second.stats.bytes_skipped >= first.stats.bytes_sent - second.stats.bytes_sent - 1_000_000
    )


def test_exports_staged_for_pushes_store_a_shared_base_layer_once(
    tiny_env: Path, tmp_path: Path
) -> None:
    target = RegistryTarget(store=str(tmp_path / "store"))
    push_environment(tiny_env, target)
    push_environment(copy_env(TINY, tmp_path / "other", name="other"), target)
    copies: dict[str, list[Path]] = {}
    for blob in constants.cache_dir("images").glob("*/blobs/sha256/*"):
        if blob.stat().st_size > 10_000_000:
            copies.setdefault(blob.name, []).append(blob)
    # both environments' agent and scorer images: four exports of the python base's layer
    assert copies and max(len(paths) for paths in copies.values()) >= 4
    for paths in copies.values():
        assert len({(p.stat().st_dev, p.stat().st_ino) for p in paths}) == 1, paths


def test_errors_are_clear(tiny_env: Path, registry: RegistryInfo) -> None:
    with pytest.raises(RegistryUnreachable) as unreachable:
        resolve(Reference.parse("127.0.0.1:1/ns/tiny:0.1.0"))
    assert unreachable.value.hint
    with pytest.raises(NotFound) as missing:
        resolve(Reference.parse(f"{registry.host}/ns/nothing:1.0.0"))
    assert "push it first" in (missing.value.hint or "")

    target = RegistryTarget.parse(f"{registry.host}/ns")
    pushed = push_environment(tiny_env, target)
    with pytest.raises(NotFound) as wrong_version:
        resolve(Reference.parse(f"{registry.host}/ns/tiny:9.9.9"))
    assert "0.1.0" in (wrong_version.value.hint or "")
    wrong_pin = "sha256:" + "0" * 64
    with pytest.raises(NotFound):
        resolve(Reference.parse(f"{registry.host}/ns/tiny@{wrong_pin}"))
    other_digest = pushed.agent.digest  # a real manifest, but not this version's artifact
    with pytest.raises(DigestMismatch):
        resolve(Reference.parse(f"{registry.host}/ns/tiny:0.1.0@{other_digest}"))


def test_bad_credentials_are_refused_clearly(
    secure_registry: RegistryInfo, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENVSPEC_REGISTRY_PASSWORD", "wrong")
    with pytest.raises(AuthenticationError) as err:
        resolve(Reference.parse(f"{secure_registry.host}/ns/tiny:0.1.0"))
    assert "ENVSPEC_REGISTRY_PASSWORD" in (err.value.hint or "")


def test_failed_build_names_the_step_and_leaves_no_containers(tiny_env: Path) -> None:
    dockerfile = tiny_env / "Dockerfile"
    dockerfile.write_text(
        dockerfile.read_text().replace(
            "COPY scoring/ /scoring/", "COPY scoring/ /scoring/\nRUN echo broken && exit 3"
        )
    )
    from envspec.errors import BuildError

    with pytest.raises(BuildError) as err:
        build_environment(tiny_env)
    assert "exit 3" in str(err.value.step) and "RUN" in str(err.value.step)
    # the failed step's container, found by its command (other tests may run containers at the
    # same time, so a count of the host's containers proves nothing)
    left = [
        c.id
        for c in engine.client().containers.list(all=True)
        if "echo broken" in " ".join(c.attrs.get("Args") or []) + str(c.attrs.get("Path"))
    ]
    assert left == []


def _manifest_label(image: str) -> dict[str, Any]:
    return dict(json.loads(engine.image_labels(image)[constants.LABEL_MANIFEST]))


def test_build_attaches_the_manifest_and_uses_the_base_argument(tiny_env: Path) -> None:
    built = build_environment(tiny_env)
    assert _manifest_label(built.agent_tag)["name"] == "tiny"
    assert engine.image_labels(built.scorer_tag)[constants.LABEL_ROLE] == "scorer"
    # the scorer's hidden data is not in the agent image
    assert "No such file" in _run_in(built.agent_tag, "ls /scoring 2>&1; true")
