"""The student: load it, let it answer, fine-tune it, and ask the judge.

The scorer uses this same file (its own copy, in its image) to load the weights you submit and
to generate the answers it judges, so what you see here is what is scored:

- a prompt is shown to the student as ``TEMPLATE`` ("Question: ...\\nAnswer:");
- the answer is what it samples next, up to ``max_new_tokens`` tokens, cut at the first blank
  line or at a new "Question:";
- sampling: ``temperature`` (0 is greedy) and ``top_k``, within ``BOUNDS``.

Only torch, tokenizers and the standard library.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import sys
import urllib.request
from pathlib import Path
from typing import Any

import torch
import torch.nn.functional as F

TEMPLATE = "Question: {prompt}\nAnswer:"
#: the settings the scorer accepts (inclusive)
BOUNDS = {"temperature": (0.0, 1.5), "top_k": (1, 1_000_000), "max_new_tokens": (1, 60)}
DEFAULTS = {"temperature": 0.7, "top_k": 8, "max_new_tokens": 40}
STOPS = ("\n\n", "\nQuestion:")


@dataclasses.dataclass(frozen=True)
class Settings:
    """How answers are sampled."""

    temperature: float = DEFAULTS["temperature"]
    top_k: int = int(DEFAULTS["top_k"])
    max_new_tokens: int = int(DEFAULTS["max_new_tokens"])

    @classmethod
    def parse(cls, data: Any) -> Settings:
        """Settings from a JSON object (missing keys take DEFAULTS).

        Raises:
            ValueError: an unknown key, a value of the wrong type or out of BOUNDS.
        """
        if not isinstance(data, dict):
            raise ValueError("settings.json must hold a JSON object")
        unknown = set(data) - set(BOUNDS)
        if unknown:
            raise ValueError(f"unknown settings {sorted(unknown)}: use {sorted(BOUNDS)}")
        values = DEFAULTS | data
        for key, (low, high) in BOUNDS.items():
            value = values[key]
            kinds = (int, float) if key == "temperature" else (int,)
            if type(value) not in kinds or not low <= value <= high:
                raise ValueError(f"{key} must be a number in [{low}, {high}], not {value!r}")
        return cls(float(values["temperature"]), values["top_k"], values["max_new_tokens"])


def _shape_of(weights: Path) -> object:
    """The config a model file names (read weights-only, its tensors mapped, not read)."""
    data = torch.load(weights, map_location="cpu", weights_only=True, mmap=True)
    return data.get("config") if isinstance(data, dict) else None


class Student:
    """The student model and its tokenizer, on the CPU or a GPU."""

    def __init__(self, base: Path, weights: Path | None = None, device: str = "cpu") -> None:
        """The base student of ``base`` (its asset folder: model.py, model.pt, tokenizer.json),
        with the weights of ``weights`` (a model.pt of the same shape) when given.

        Raises:
            ValueError: ``weights`` is not a model file of the base student's shape.
        """
        from tokenizers import Tokenizer

        spec = importlib.util.spec_from_file_location("student_gpt", base / "model.py")
        assert spec is not None and spec.loader is not None
        gpt = importlib.util.module_from_spec(spec)
        sys.modules["student_gpt"] = gpt
        spec.loader.exec_module(gpt)
        self.model = gpt.load(base / "model.pt")
        if weights is not None:
            # the file's shape before any model is built of it: 0.10.4 built one of a config of
            # a hundred thousand layers before it compared shapes, where `standard`'s worker has
            # no memory limit (an attacker's review, 2026-12-07)
            shape = _shape_of(weights)
            if shape != self.model.config.to_dict():
                said = str(shape)[:200]
                raise ValueError(f"{weights.name} has the shape {said}, not the base's")
            self.model = gpt.load(weights)  # weights only: no code in the file runs
        self.model.to(device)
        self.device = device
        self.tokenizer = Tokenizer.from_file(str(base / "tokenizer.json"))
        self.gpt = gpt

    def encode(self, text: str) -> list[int]:
        """Token ids of ``text``."""
        return list(self.tokenizer.encode(text).ids)

    @torch.no_grad()
    def answer(
        self, prompts: list[str], settings: Settings, seed: int = 0, prefix: str = ""
    ) -> list[str]:
        """The student's answer to each prompt (sampled with ``settings`` from ``seed``).
        ``prefix``: text the answer is made to start with (part of the answer returned; the
        scorer uses none)."""
        self.model.eval()
        gen = torch.Generator(device=self.device).manual_seed(seed)
        return [self._one(p, settings, gen, prefix) for p in prompts]

    def _one(self, prompt: str, settings: Settings, gen: torch.Generator, prefix: str) -> str:
        block = self.model.config.block_size
        shown = TEMPLATE.format(prompt=prompt) + (" " + prefix.strip() if prefix.strip() else "")
        ids = self.encode(shown)[-(block - settings.max_new_tokens) :]
        context = torch.tensor([ids], device=self.device)
        out: list[int] = []
        for _ in range(settings.max_new_tokens):
            logits = self.model(context[:, -block:])[0, -1].float()
            if settings.temperature == 0:
                token = int(logits.argmax())
            else:
                k = min(settings.top_k, logits.numel())
                top = torch.topk(logits / settings.temperature, k)
                probs = F.softmax(top.values, dim=-1)
                token = int(top.indices[torch.multinomial(probs, 1, generator=gen)])
            out.append(token)
            text = self.tokenizer.decode(out)
            if any(stop in text for stop in STOPS):
                break
            context = torch.cat([context, torch.tensor([[token]], device=self.device)], dim=1)
        if not prefix.strip():
            return cut(self.tokenizer.decode(out))
        return cut(prefix.strip() + " " + self.tokenizer.decode(out).lstrip(" "))

    def finetune(
        self,
        pairs: list[tuple[str, str]],
        *,
        steps: int,
        lr: float,
        batch_size: int = 16,
        seed: int = 0,
    ) -> list[float]:
        """Supervised fine-tuning on (prompt, answer) pairs: the loss on the answer's tokens
        (and the blank line that ends it) only. Returns the losses."""
        torch.manual_seed(seed)
        rows = []
        for prompt, answer in pairs:
            head = self.encode(TEMPLATE.format(prompt=prompt))
            tail = self.encode(" " + answer.strip() + "\n\n")
            ids = (head + tail)[: self.model.config.block_size + 1]
            rows.append((ids, len(head)))
        opt = torch.optim.AdamW(self.model.parameters(), lr=lr, weight_decay=0.0)
        order = torch.Generator().manual_seed(seed)
        losses = []
        self.model.train()
        for _ in range(steps):
            pick = torch.randint(0, len(rows), (batch_size,), generator=order).tolist()
            width = max(len(rows[i][0]) for i in pick) - 1
            x = torch.zeros(batch_size, width, dtype=torch.long)
            y = torch.full((batch_size, width), -100, dtype=torch.long)
            for r, i in enumerate(pick):
                ids, head = rows[i]
                x[r, : len(ids) - 1] = torch.tensor(ids[:-1])
                y[r, head - 1 : len(ids) - 1] = torch.tensor(ids[head:])
            logits = self.model(x.to(self.device))
            loss = F.cross_entropy(logits.flatten(0, 1), y.to(self.device).flatten())
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            opt.step()
            losses.append(float(loss.detach()))
        self.model.eval()
        return losses

    def save(self, path: Path) -> None:
        """Write the weights as the scorer reads them (``model.pt`` in your solution)."""
        self.gpt.save(self.model.cpu(), path)
        self.model.to(self.device)


def cut(text: str) -> str:
    """An answer as the scorer keeps it: up to the first blank line or new question."""
    for stop in STOPS:
        text = text.split(stop, 1)[0]
    return text.strip()


def judge(message: str, answer: str, other: str, timeout: float = 300) -> float:
    """Ask the run's judge how ``answer`` fares against ``other`` as a reply to ``message``:
    1.0 better, 0.0 worse, 0.5 a tie. Each comparison is metered (tokens, against the run's
    budget); once the budget is spent the judge answers HTTP 429."""
    url = os.environ["ENVSPEC_SERVICE_JUDGE_URL"].rstrip("/") + "/v1/compare"
    body = json.dumps({"message": message, "answers": [answer, other]}).encode()
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Bearer {os.environ['ENVSPEC_SERVICE_JUDGE_KEY']}",
    }
    request = urllib.request.Request(url, body, headers)
    with urllib.request.urlopen(request, timeout=timeout) as reply:
        return float(json.load(reply)["preference"])
