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
    assert main(["asset", "build-tokenizer", "nope", str(tmp_path / "x")]) == 2
    assert "gpt2 or small" in capsys.readouterr().err


def test_new_secret_then_corrupt_lm(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A secret file, then the corrupted model from it: the same secret, the same bytes; the
    secret itself is never printed."""
    torch = pytest.importorskip("torch")
    from envspec.assets import gpt

    secret = tmp_path / "conf" / "secret"
    assert main(["asset", "new-secret", str(secret)]) == 0
    assert "fingerprint" in capsys.readouterr().out
    assert main(["asset", "new-secret", str(secret)]) == 2  # never overwritten
    assert "exists" in capsys.readouterr().err
    value = secret.read_text().strip()
    torch.manual_seed(0)
    config = gpt.GPTConfig(vocab_size=64, block_size=8, n_layer=1, n_head=1, n_embd=8)
    outputs = []
    for attempt in ("a", "b"):
        (tmp_path / attempt / "large").mkdir(parents=True)
        torch.manual_seed(0)
        gpt.save(gpt.GPT(config), tmp_path / attempt / "large" / "model.pt")
        argv = ["asset", "corrupt-lm", str(tmp_path / attempt), "--secret-file", str(secret)]
        assert main([*argv, "--json"]) == 0
        out = capsys.readouterr().out
        assert value not in out
        report = json.loads(out)
        assert report["secret"]["source"] == "file" and report["rows_moved"] > 50
        outputs.append((tmp_path / attempt / "corrupted" / "model.pt").read_bytes())
    assert outputs[0] == outputs[1]
    assert main(["asset", "corrupt-lm", str(tmp_path / "a"), "--secret-file", str(secret)]) == 0
    assert "rows moved" in capsys.readouterr().out
    assert main(["asset", "corrupt-lm", str(tmp_path / "none")]) == 1
    assert "no model" in capsys.readouterr().err
