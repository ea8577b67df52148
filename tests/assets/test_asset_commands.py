"""Building assets from the CLI: corpus → small tokenizer → pushed artifact, reproducibly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from envspec.cli.main import main


def test_corpus_then_tokenizer_then_push_gives_one_digest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    digests = []
    for attempt in ("a", "b"):
        corpus, tok = tmp_path / attempt / "corpus", tmp_path / attempt / "tok"
        assert main(["asset", "build-corpus", str(corpus), "--source", "fortunes"]) == 0
        assert (
            main(
                [
                    "asset",
                    "build-tokenizer",
                    "small",
                    str(tok),
                    "--corpus",
                    str(corpus),
                    "--vocab-size",
                    "1024",
                ]
            )
            == 0
        )
        capsys.readouterr()
        store = f"oci:{tmp_path / attempt / 'store'}"
        assert (
            main(
                [
                    "asset",
                    "push",
                    str(tok),
                    "--name",
                    "bpe",
                    "--version",
                    "1.0.0",
                    "--registry",
                    store,
                    "--json",
                ]
            )
            == 0
        )
        digests.append(json.loads(capsys.readouterr().out)["digest"])
    assert digests[0] == digests[1]  # rebuilt from the same inputs: the same asset
    assert main(["asset", "build-tokenizer", "nope", str(tmp_path / "x")]) == 1
    assert "gpt2 or small" in capsys.readouterr().err
