"""Assets as OCI artifacts: deterministic digests, immutable versions, verified pulls."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from envspec import constants
from envspec.cli.main import main
from envspec.errors import DigestMismatch, EnvspecError, ImmutableVersion, RegistryError
from envspec.models.reference import Reference, RegistryTarget
from envspec.oci.artifact import canonical_json
from envspec.oci.assets import inspect_asset, pull_asset, push_asset
from envspec.oci.layout import LayoutStore, sha256_digest
from tests.support.registry import RegistryInfo


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def _files(root: Path) -> dict[str, int]:
    return {str(p.relative_to(root)): p.stat().st_size for p in root.rglob("*") if p.is_file()}


@pytest.fixture()
def asset_dir(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    (src / "shards").mkdir(parents=True)
    (src / "tokenizer.json").write_text('{"vocab": ["a", "b"]}')
    (src / "shards" / "train-000.bin").write_bytes(os.urandom(3 * 1024 * 1024 + 7))
    (src / "shards" / "b.bin").write_bytes(b"\x00\x01binary")
    (src / "empty.txt").write_bytes(b"")
    return src


def test_same_files_same_digest_and_repush_is_a_no_op(asset_dir: Path, tmp_path: Path) -> None:
    target = RegistryTarget(store=str(tmp_path / "store"))
    first = push_asset(asset_dir, target, "data", "1.0.0")
    assert not first.unchanged and first.files == 4
    assert str(first.reference).endswith(f"envspec/data:1.0.0@{first.digest}")
    before = _files(tmp_path / "store")
    second = push_asset(asset_dir, target, "data", "1.0.0")
    assert second.unchanged and second.digest == first.digest
    assert _files(tmp_path / "store") == before

    copy = tmp_path / "copy"
    shutil.copytree(asset_dir, copy)
    for p in copy.rglob("*"):
        os.utime(p, (1_000_000, 1_000_000))
    other = push_asset(copy, RegistryTarget(store=str(tmp_path / "other")), "data", "1.0.0")
    assert other.digest == first.digest


def test_manifest_layout_one_layer_per_file_sorted(asset_dir: Path, tmp_path: Path) -> None:
    target = RegistryTarget(store=str(tmp_path / "store"))
    pushed = push_asset(asset_dir, target, "data", "1.0.0", annotations={"license": "MIT"})
    store = LayoutStore(tmp_path / "store")
    raw, _, digest = store.get_manifest("envspec/data", "1.0.0")
    assert digest == pushed.digest
    m = json.loads(raw)
    assert m["artifactType"] == constants.ASSET_ARTIFACT_TYPE
    assert m["config"]["mediaType"] == constants.ASSET_CONFIG_MEDIA_TYPE
    assert m["annotations"] == {"license": "MIT"}
    titles = [layer["annotations"][constants.ANNOTATION_TITLE] for layer in m["layers"]]
    assert titles == ["empty.txt", "shards/b.bin", "shards/train-000.bin", "tokenizer.json"]
    assert {layer["mediaType"] for layer in m["layers"]} == {constants.ASSET_FILE_MEDIA_TYPE}
    info = inspect_asset(pushed.reference)
    assert info["digest"] == pushed.digest
    assert info["config"]["name"] == "data" and info["config"]["version"] == "1.0.0"
    assert [f["path"] for f in info["config"]["files"]] == titles


def test_changed_content_same_version_is_refused(asset_dir: Path, tmp_path: Path) -> None:
    target = RegistryTarget(store=str(tmp_path / "store"))
    first = push_asset(asset_dir, target, "data", "1.0.0")
    before = _files(tmp_path / "store")
    (asset_dir / "tokenizer.json").write_text('{"vocab": ["a", "c"]}')
    with pytest.raises(ImmutableVersion) as e:
        push_asset(asset_dir, target, "data", "1.0.0")
    assert "--version" in (e.value.hint or "")
    assert _files(tmp_path / "store") == before
    assert inspect_asset(Reference.parse(f"oci:{tmp_path}/store:envspec/data:1.0.0"))["digest"] == (
        first.digest
    )
    forced = push_asset(asset_dir, target, "data", "1.0.0", force=True)
    assert forced.overwritten == first.digest and forced.digest != first.digest


def test_pull_round_trip_through_oci_layout(asset_dir: Path, tmp_path: Path) -> None:
    pushed = push_asset(asset_dir, RegistryTarget(store=str(tmp_path / "store")), "data", "1.0.0")
    by_tag = Reference.parse(f"oci:{tmp_path}/store:envspec/data:1.0.0")
    assert pull_asset(by_tag, tmp_path / "out") == tmp_path / "out"
    assert _tree(tmp_path / "out") == _tree(asset_dir)
    by_digest = Reference.parse(f"oci:{tmp_path}/store:envspec/data@{pushed.digest}")
    pull_asset(by_digest, tmp_path / "out2")
    assert _tree(tmp_path / "out2") == _tree(asset_dir)
    # into an existing folder: the asset's files are written, others are left alone
    (tmp_path / "out3").mkdir()
    (tmp_path / "out3" / "mine.txt").write_text("keep")
    pull_asset(pushed.reference, tmp_path / "out3")
    assert _tree(tmp_path / "out3") == {**_tree(asset_dir), "mine.txt": b"keep"}
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_tag_and_digest_must_agree(asset_dir: Path, tmp_path: Path) -> None:
    target = RegistryTarget(store=str(tmp_path / "store"))
    push_asset(asset_dir, target, "data", "1.0.0")
    (asset_dir / "empty.txt").write_text("now full")
    other = push_asset(asset_dir, target, "data", "2.0.0")
    wrong = Reference.parse(f"oci:{tmp_path}/store:envspec/data:1.0.0@{other.digest}")
    with pytest.raises(DigestMismatch):
        pull_asset(wrong, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_corrupt_blob_is_refused_and_nothing_is_half_written(
    asset_dir: Path, tmp_path: Path
) -> None:
    pushed = push_asset(asset_dir, RegistryTarget(store=str(tmp_path / "store")), "data", "1.0.0")
    store = LayoutStore(tmp_path / "store")
    raw, _, _ = store.get_manifest("envspec/data", "1.0.0")
    big = next(
        layer for layer in json.loads(raw)["layers"] if layer["size"] > 1024 * 1024
    )  # streamed in several chunks: the mismatch shows only at the end
    blob = store.blob_path(big["digest"])
    data = bytearray(blob.read_bytes())
    data[-1] ^= 0xFF
    blob.write_bytes(bytes(data))
    with pytest.raises(DigestMismatch):
        pull_asset(pushed.reference, tmp_path / "out")
    assert not (tmp_path / "out").exists()
    (tmp_path / "existing").mkdir()
    with pytest.raises(DigestMismatch):
        pull_asset(pushed.reference, tmp_path / "existing")
    assert list((tmp_path / "existing").iterdir()) == []
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("title", ["../escaped.txt", "/tmp/absolute.txt", "a/../../x", ""])
def test_path_escaping_file_name_is_refused(tmp_path: Path, title: str) -> None:
    store = LayoutStore(tmp_path / "store")
    body = b"evil"
    config = canonical_json({"name": "evil", "version": "1.0.0", "files": []})
    store.put_blob("ns/evil", sha256_digest(body), body)
    store.put_blob("ns/evil", sha256_digest(config), config)
    manifest = canonical_json(
        {
            "schemaVersion": 2,
            "mediaType": constants.OCI_MANIFEST,
            "artifactType": constants.ASSET_ARTIFACT_TYPE,
            "config": {
                "mediaType": constants.ASSET_CONFIG_MEDIA_TYPE,
                "digest": sha256_digest(config),
                "size": len(config),
            },
            "layers": [
                {
                    "mediaType": constants.ASSET_FILE_MEDIA_TYPE,
                    "digest": sha256_digest(body),
                    "size": len(body),
                    "annotations": {constants.ANNOTATION_TITLE: title},
                }
            ],
        }
    )
    store.put_manifest("ns/evil", "1.0.0", manifest, constants.OCI_MANIFEST)
    dest = tmp_path / "deep" / "out"
    with pytest.raises(RegistryError, match="outside"):
        pull_asset(Reference.parse(f"oci:{tmp_path}/store:ns/evil:1.0.0"), dest)
    assert not (tmp_path / "deep").exists()  # refused before anything is created


def test_symlinks_in_the_source_are_refused(asset_dir: Path, tmp_path: Path) -> None:
    (asset_dir / "link").symlink_to(asset_dir / "tokenizer.json")
    with pytest.raises(EnvspecError, match="symbolic link"):
        push_asset(asset_dir, RegistryTarget(store=str(tmp_path / "store")), "data", "1.0.0")


@pytest.mark.integration
def test_round_trip_through_a_registry(
    asset_dir: Path, registry: RegistryInfo, tmp_path: Path
) -> None:
    original = _tree(asset_dir)
    target = RegistryTarget.parse(f"{registry.host}/team")
    pushed = push_asset(asset_dir, target, "data", "1.0.0")
    assert str(pushed.reference) == f"{registry.host}/team/data:1.0.0@{pushed.digest}"
    layout = push_asset(asset_dir, RegistryTarget(store=str(tmp_path / "store")), "data", "1.0.0")
    assert layout.digest == pushed.digest  # the same digest wherever it is stored
    before = _files(registry.storage)
    assert push_asset(asset_dir, target, "data", "1.0.0").unchanged
    (asset_dir / "tokenizer.json").write_text("changed")
    with pytest.raises(ImmutableVersion):
        push_asset(asset_dir, target, "data", "1.0.0")
    assert _files(registry.storage) == before
    out = pull_asset(Reference.parse(f"{registry.host}/team/data:1.0.0"), tmp_path / "out")
    assert _tree(out) == original
    pinned = pull_asset(pushed.reference, tmp_path / "pinned")
    assert _tree(pinned) == original
    assert inspect_asset(pushed.reference)["digest"] == pushed.digest


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_push_inspect_pull(
    asset_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = f"oci:{tmp_path}/store"
    code, out, err = _run(
        capsys, "asset", "push", str(asset_dir), "--name", "data", "--version", "1.0.0",
        "--registry", store, "--json",
    )  # fmt: skip
    assert code == 0, err
    pushed = json.loads(out)
    assert pushed["files"] == 4 and not pushed["unchanged"]
    code, out, _ = _run(
        capsys, "asset", "push", str(asset_dir), "--name", "data", "--version", "1.0.0",
        "--registry", store, "--json",
    )  # fmt: skip
    assert code == 0 and json.loads(out)["unchanged"]
    code, out, _ = _run(capsys, "asset", "inspect", pushed["reference"], "--json")
    assert code == 0 and json.loads(out)["digest"] == pushed["digest"]
    code, out, _ = _run(
        capsys, "asset", "pull", f"{store}:envspec/data:1.0.0", str(tmp_path / "out"), "--json"
    )
    assert code == 0 and json.loads(out)["dest"] == str(tmp_path / "out")
    assert _tree(tmp_path / "out") == _tree(asset_dir)

    (asset_dir / "empty.txt").write_text("changed")
    code, out, err = _run(
        capsys, "asset", "push", str(asset_dir), "--name", "data", "--version", "1.0.0",
        "--registry", store,
    )  # fmt: skip
    assert code == 6 and "immutable" in err and "Traceback" not in out + err


def test_cli_embedded_store_by_default(
    asset_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(
        capsys, "asset", "push", str(asset_dir), "--name", "emb", "--version", "0.1.0", "--json"
    )
    assert code == 0, err
    ref = json.loads(out)["reference"]
    assert ref.startswith(f"oci:{constants.default_store_path()}:envspec/emb:0.1.0@sha256:")
    code, out, err = _run(capsys, "asset", "pull", ref, str(tmp_path / "out"))
    assert code == 0, err
    assert _tree(tmp_path / "out") == _tree(asset_dir)
