"""The metering proxy in front of a real engine (llama.cpp serving the packaged SmolLM2): usage
counted from the engine's own answers, budgets refused OpenAI-style, keys and routes checked,
totals kept across a restart."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from envspec.assets.models import build_model
from envspec.runtime.services import ENGINES
from tests.support.services import engine, proxy

pytest.importorskip("xllamacpp", reason="XLLAMACPP MISSING: run scripts/bootstrap")

AGENT = {"Authorization": "Bearer agent-key"}
SCORER = {"Authorization": "Bearer scorer-key"}


@pytest.fixture(scope="module")
def upstream(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """llama.cpp on SmolLM2-135M-Instruct, built from its wheel as the asset command does."""
    root = tmp_path_factory.mktemp("engine")
    cache = Path.home() / ".cache" / "envspec-tests" / "wheels"  # 98 MB: downloaded once
    build_model("smollm2-135m-instruct", root / "model", cache=cache)
    with engine(root / "model" / "model.gguf", root / "engine.log") as url:
        yield url


def _chat(url: str, headers: dict[str, str], **body: object) -> httpx.Response:
    messages = [{"role": "user", "content": "Name three colours."}]
    payload = {"messages": messages, "max_tokens": 16, "temperature": 0, **body}
    return httpx.post(f"{url}/v1/chat/completions", json=payload, headers=headers, timeout=120)


def _log(tmp: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (tmp / "usage.jsonl").read_text().splitlines()]


def _stream_usage(response: httpx.Response) -> dict[str, int]:
    chunks = [
        json.loads(line[6:]) for line in response.text.splitlines() if line.startswith("data: {")
    ]
    usage = [c["usage"] for c in chunks if c.get("usage")]
    assert usage, "the engine sent no usage chunk"
    return dict(usage[-1])


def test_usage_is_the_engines_own_summed(upstream: str, tmp_path: Path) -> None:
    with proxy(tmp_path, upstream, budget=100_000) as url:
        plain = _chat(url, AGENT)
        streamed = _chat(url, AGENT, stream=True)  # without asking for usage: the proxy asks
        scorer = _chat(url, SCORER)
    assert plain.status_code == streamed.status_code == scorer.status_code == 200
    engine_said = [plain.json()["usage"], _stream_usage(streamed), scorer.json()["usage"]]
    log = _log(tmp_path)
    assert [e["usage"] for e in log] == [u["total_tokens"] for u in engine_said]
    assert [e["prompt_tokens"] for e in log] == [u["prompt_tokens"] for u in engine_said]
    assert [e["principal"] for e in log] == ["agent", "agent", "scorer"]


def test_a_request_past_the_budget_is_refused_and_logged(upstream: str, tmp_path: Path) -> None:
    with proxy(tmp_path, upstream, budget=60) as url:
        first = _chat(url, AGENT)
        assert first.status_code == 200
        used = first.json()["usage"]["total_tokens"]
        # what is left caps the completion: asking for 500 gets at most the remainder
        second = _chat(url, AGENT, max_tokens=500)
        assert second.status_code == 200
        assert second.json()["usage"]["completion_tokens"] <= 60 - used
        refused = _chat(url, AGENT)
        # the scorer's key is counted, never refused for the agent's budget
        scorer = _chat(url, SCORER)
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert error["type"] == "insufficient_quota" and error["code"] == "budget_exhausted"
    assert "budget is spent" in error["message"] and "of 60 tokens" in error["message"]
    assert scorer.status_code == 200
    log = _log(tmp_path)
    assert [e["status"] for e in log] == [200, 200, 429, 200]
    assert [e["seq"] for e in log] == [1, 2, 3, 4]


def test_the_engines_own_length_field_does_not_lift_the_cap(upstream: str, tmp_path: Path) -> None:
    """llama.cpp reads ``n_predict`` before ``max_tokens``: asked for 400 tokens past the end of
    the answer, it still gives no more than the budget left (an attacker's review, 2026-12-06)."""
    (tmp_path / "long").mkdir()
    (tmp_path / "short").mkdir()
    with proxy(tmp_path / "long", upstream, budget=60) as url:
        asked = _chat(url, AGENT, max_tokens=400, n_predict=400, ignore_eos=True)
    # and a shorter length asked by that name is still the cap
    with proxy(tmp_path / "short", upstream, budget=1000) as url:
        short = _chat(url, AGENT, n_predict=3, ignore_eos=True)
    assert asked.status_code == 200, asked.text
    assert asked.json()["usage"]["completion_tokens"] <= 60
    assert short.status_code == 200, short.text
    assert short.json()["usage"]["completion_tokens"] <= 3


def test_keys_and_routes_are_checked(upstream: str, tmp_path: Path) -> None:
    with proxy(tmp_path, upstream, budget=1000) as url:
        wrong = _chat(url, {"Authorization": "Bearer guess"})
        none = _chat(url, {})
        health = httpx.get(f"{url}/health", headers=AGENT)
        slots = httpx.get(f"{url}/slots", headers=AGENT)  # the engine's own admin routes
        models = httpx.get(f"{url}/v1/models", headers=AGENT)
        junk = httpx.post(f"{url}/v1/chat/completions", content=b"{nope", headers=AGENT)
    assert wrong.status_code == none.status_code == 401
    assert health.status_code == slots.status_code == 404
    assert models.status_code == 200
    assert junk.status_code == 400 and junk.json()["error"]["code"] == "invalid_json"
    assert [e["path"] for e in _log(tmp_path)] == ["/v1/models"]


def test_one_completion_a_request(upstream: str, tmp_path: Path) -> None:
    """llama.cpp generates every completion of ``n`` or of a list of prompts but reports the
    usage of one: such requests are refused for every key, before they reach the engine."""
    prompts = {"prompt": ["Red,", "Blue,", "Green,"], "max_tokens": 8}
    with proxy(tmp_path, upstream, budget=60) as url:
        several = _chat(url, AGENT, n=3)
        best = _chat(url, SCORER, best_of=2)
        listed = httpx.post(f"{url}/v1/completions", json=prompts, headers=AGENT, timeout=120)
        one = _chat(url, AGENT, n=1)
    for refused in (several, best, listed):
        assert refused.status_code == 400, refused.text
        assert refused.json()["error"]["code"] == "one_completion_a_request"
    assert one.status_code == 200
    assert [e["path"] for e in _log(tmp_path)] == ["/v1/chat/completions"]


def test_a_restarted_proxy_remembers_what_was_spent(upstream: str, tmp_path: Path) -> None:
    with proxy(tmp_path, upstream, budget=30) as url:
        assert _chat(url, AGENT, max_tokens=40).status_code == 200
    with proxy(tmp_path, upstream, budget=30) as url:
        again = _chat(url, AGENT)
    assert again.status_code == 429, again.text


def test_routes_match_exactly_or_by_prefix_and_never_through_dot_segments(
    tmp_path: Path,
) -> None:
    from envspec.services.proxy import Config

    config = Config(
        upstream="http://127.0.0.1:1",
        listen_host="127.0.0.1",
        listen_port=1,
        usage_log=tmp_path / "usage.jsonl",
        keys={},
        api="custom",
        routes=("/v1/runs", "/v1/jobs/*"),
    )
    assert config.serves("/v1/runs") and config.serves("/v1/jobs/7")
    assert not config.serves("/v1/runs/x") and not config.serves("/v1/quote")
    for sneaky in ("/v1/jobs/../quote", "/v1/jobs/./7", "/v1/jobs//7", "/v1/jobs/.."):
        assert not config.serves(sneaky), sneaky


def test_a_request_budget_caps_the_agents_requests_and_survives_a_restart(
    upstream: str, tmp_path: Path
) -> None:
    """``request_budget``: the agent's requests that reach the engine are counted (refused ones
    are not), the next one past it is refused OpenAI-style whatever tokens are left, the
    scorer's are never refused, and a restarted proxy still counts the earlier ones."""
    with proxy(tmp_path, upstream, budget=100_000, request_budget=2) as url:
        first = _chat(url, AGENT, max_tokens=4)
        unknown = httpx.get(f"{url}/slots", headers=AGENT)  # not a route: never counted
        second = _chat(url, AGENT, max_tokens=4)
        third = _chat(url, AGENT, max_tokens=4)
        scorer = _chat(url, SCORER, max_tokens=4)
    assert [r.status_code for r in (first, unknown, second, third, scorer)] == [
        200, 404, 200, 429, 200,
    ]  # fmt: skip
    error = third.json()["error"]
    assert error["type"] == "insufficient_quota" and error["code"] == "request_budget_exhausted"
    assert "budget of 2 requests is spent" in error["message"]
    assert [e.get("counted", False) for e in _log(tmp_path)] == [True, True, False, False]
    with proxy(tmp_path, upstream, budget=100_000, request_budget=3) as url:
        fourth = _chat(url, AGENT, max_tokens=4)
        fifth = _chat(url, AGENT, max_tokens=4)
    assert (fourth.status_code, fifth.status_code) == (200, 429)


def test_the_agent_reads_nothing_from_prompts_the_engine_cached(
    upstream: str, tmp_path: Path
) -> None:
    """llama.cpp keeps prompts in its slots and says in ``timings`` how much of a prompt came
    from them (and a cached prefix answers sooner): the scorer's hidden prompt, asked again
    by the agent, is read afresh (an attacker's review, 2026-12-06)."""
    hidden = [{"role": "user", "content": "Problem 17: " + "the hidden statement " * 40}]
    config = {"prompt_cache": ENGINES["llamacpp"].prompt_cache, "budget": 100_000}
    with proxy(tmp_path, upstream, **config) as url:
        first = _chat(url, SCORER, messages=hidden, max_tokens=1)
        again = _chat(url, SCORER, messages=hidden, max_tokens=1)
        agent = _chat(url, AGENT, messages=hidden, max_tokens=1)
    for answer in (first, again, agent):
        assert answer.status_code == 200, answer.text
    # the engine caches (the scorer's second asking reuses the first), so the check can fail
    assert again.json()["timings"]["cache_n"] > 100
    timings = agent.json()["timings"]
    assert timings["cache_n"] == 0
    assert timings["prompt_n"] == agent.json()["usage"]["prompt_tokens"]
