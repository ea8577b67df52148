"""A byte-level BPE encoder for ``tokenizer.json`` (the Hugging Face ``tokenizers`` format),
in plain Python: bytes become GPT-2's printable characters, text is split into words, and each
word's adjacent pairs are merged by rank until none is left."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

# GPT-2's split: contractions, letters, digits, other symbols, and white space
WORDS = re.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?[^\W\d_]+| ?\d+| ?(?:[^\s\w]|_)+|\s+(?!\S)|\s+""")


def byte_characters() -> dict[int, str]:
    """GPT-2's map of the 256 byte values onto printable characters."""
    keep = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1)]
    keep += range(ord("®"), ord("ÿ") + 1)
    table, extra = {}, 0
    for b in range(256):
        if b in keep:
            table[b] = chr(b)
        else:
            table[b] = chr(256 + extra)
            extra += 1
    return table


class Tokenizer:
    def __init__(self, path: str | Path) -> None:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        self.vocab: dict[str, int] = data["model"]["vocab"]
        merges = [
            tuple(m.split(" ")) if isinstance(m, str) else tuple(m) for m in data["model"]["merges"]
        ]
        self.ranks = {pair: i for i, pair in enumerate(merges)}
        self.bytes = byte_characters()
        specials = {t["content"]: t["id"] for t in data.get("added_tokens", [])}
        self.end_of_text = specials["<|endoftext|>"]

    def encode_word(self, word: str) -> list[int]:
        parts = [self.bytes[b] for b in word.encode("utf-8")]
        while len(parts) > 1:
            pairs = [
                (self.ranks.get(pair, -1), i) for i, pair in enumerate(itertools.pairwise(parts))
            ]
            ranked = [p for p in pairs if p[0] >= 0]
            if not ranked:
                break
            _, i = min(ranked)
            parts = [*parts[:i], parts[i] + parts[i + 1], *parts[i + 2 :]]
        return [self.vocab[p] for p in parts]

    def encode(self, text: str) -> list[int]:
        ids: list[int] = []
        for word in WORDS.findall(text):
            ids += self.encode_word(word)
        return ids
