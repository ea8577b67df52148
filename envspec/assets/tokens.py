"""Token-id files: a corpus's splits encoded with a tokenizer, so that environment images need
only torch (or numpy) to read their data, never the tokenizer library.

Layout of ``out_dir``::

    <split>.bin     token ids, little-endian uint16 (vocabularies ≤ 65,536), documents joined by
                    the end-of-text id
    tokens.json     vocabulary size, special ids, dtype, and per split: tokens, bytes, sha256

Encoding the same corpus with the same tokenizer gives byte-identical files.
"""

from __future__ import annotations

import hashlib
import json
import sys
from array import array
from pathlib import Path
from typing import TYPE_CHECKING, Any

from envspec.assets.corpus import SEPARATOR
from envspec.assets.tokenizer import END_OF_TEXT, MASK
from envspec.errors import EnvspecError

if TYPE_CHECKING:
    from tokenizers import Tokenizer

FORMAT = "envspec-tokens-v1"
INFO_NAME = "tokens.json"


def encode_splits(
    corpus_dir: Path,
    tokenizer: Tokenizer,
    out_dir: Path,
    splits: list[str],
    *,
    lite: bool = False,
) -> dict[str, Any]:
    """Encode ``splits`` of ``corpus_dir`` (its ``lite/`` slices if ``lite``) into ``out_dir``;
    returns (and writes) the ``tokens.json`` description.

    Raises:
        EnvspecError: a split file is missing, or the vocabulary does not fit uint16.
    """
    vocab = tokenizer.get_vocab_size()
    if vocab > 1 << 16:
        raise EnvspecError(f"vocabulary of {vocab} ids does not fit uint16", hint="use ≤ 65,536")
    eot, mask = tokenizer.token_to_id(END_OF_TEXT), tokenizer.token_to_id(MASK)
    if eot is None or mask is None:
        raise EnvspecError(
            "the tokenizer lacks the end-of-text or mask token",
            hint="build it with `envspec asset build-tokenizer`",
        )
    root = corpus_dir / "lite" if lite else corpus_dir
    out_dir.mkdir(parents=True, exist_ok=True)
    info: dict[str, Any] = {
        "format": FORMAT,
        "dtype": "uint16",
        "vocab_size": vocab,
        "end_of_text": eot,
        "mask": mask,
        "splits": {},
    }
    for split in splits:
        src = root / f"{split}.txt"
        if not src.is_file():
            raise EnvspecError(
                f"no {src}", hint="build the corpus with `envspec asset build-corpus`"
            )
        docs = src.read_text(encoding="utf-8").rstrip("\n").split(SEPARATOR)
        ids = array("H")
        for enc in tokenizer.encode_batch(docs, add_special_tokens=False):
            ids.extend(enc.ids)
            ids.append(eot)
        if sys.byteorder == "big":  # stored little-endian whatever the host
            ids.byteswap()
        data = ids.tobytes()
        (out_dir / f"{split}.bin").write_bytes(data)
        info["splits"][split] = {
            "tokens": len(ids),
            "bytes": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
            "source_sha256": hashlib.sha256(src.read_bytes()).hexdigest(),
        }
    (out_dir / INFO_NAME).write_text(json.dumps(info, indent=1, sort_keys=True) + "\n")
    return info
