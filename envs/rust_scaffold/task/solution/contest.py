"""The scaffold's world: the model client it is given, the problems, and a local evaluation.

``generate_solution(client, semaphore, problem)`` (in ``scaffold.py``) gets:

- ``client``: a small OpenAI-style client; ``await client.chat.completions.create(messages=[...],
  max_tokens=..., temperature=..., top_p=..., n=..., stop=...)`` returns an object with
  ``.choices[i].message.content`` and ``.usage.total_tokens`` (the model is fixed: ``model`` is
  ignored). When scoring, every call goes through the scorer, which counts the tokens against
  the scoring's cap and answers with an error once it is spent.
- ``semaphore``: an ``asyncio.Semaphore`` bounding how many problems call the model at once.
- ``problem``: a dict with ``name``, ``title``, ``description`` (the statement with its
  examples) and ``public_tests`` (``{"input": [...], "output": [...]}``).

It returns the Rust program's source, compiled as is (``rust_tools.RUSTC_FLAGS``).

    python contest.py [--problems DIR] [--limit N] [--concurrency K]

runs ``scaffold.py`` on the visible problems through the run's model endpoint
(``OPENAI_BASE_URL``, metered against your token budget) and judges the programs on their tests
as the scorer does, printing the fraction solved and its standard error.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import math
import os
import sys
import tempfile
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rust_tools

Transport = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]


class ModelError(Exception):
    """The model could not answer (the token cap spent, a bad request, the engine down)."""


@dataclass(frozen=True)
class Message:
    content: str
    role: str = "assistant"


@dataclass(frozen=True)
class Choice:
    message: Message
    finish_reason: str | None = None
    index: int = 0


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0


@dataclass(frozen=True)
class Completion:
    choices: list[Choice]
    usage: Usage = field(default_factory=Usage)


class _Completions:
    def __init__(self, transport: Transport) -> None:
        self._transport = transport

    async def create(
        self,
        *,
        messages: list[dict[str, str]],
        max_tokens: int = 512,
        temperature: float = 1.0,
        top_p: float = 1.0,
        n: int = 1,
        stop: list[str] | str | None = None,
        model: str | None = None,
        **_: Any,
    ) -> Completion:
        """One chat completion (``n`` answers: ``n`` requests to the engine)."""
        body: dict[str, Any] = {
            "messages": messages,
            "max_tokens": int(max_tokens),
            "temperature": float(temperature),
            "top_p": float(top_p),
        }
        if stop:
            body["stop"] = [stop] if isinstance(stop, str) else list(stop)
        answers = await asyncio.gather(*(self._transport(dict(body)) for _ in range(max(1, n))))
        choices, used = [], [0, 0, 0]
        for i, answer in enumerate(answers):
            first = answer["choices"][0]
            message = Message(str(first.get("message", {}).get("content") or ""))
            choices.append(Choice(message, first.get("finish_reason"), i))
            usage = answer.get("usage") or {}
            for j, key in enumerate(("prompt_tokens", "completion_tokens", "total_tokens")):
                used[j] += int(usage.get(key) or 0)
        return Completion(choices, Usage(*used))


class _Chat:
    def __init__(self, transport: Transport) -> None:
        self.completions = _Completions(transport)


class Client:
    """``client.chat.completions.create(...)`` over a transport (HTTP here, the scorer's pipe
    when scoring)."""

    def __init__(self, transport: Transport) -> None:
        self.chat = _Chat(transport)


def http_transport(base_url: str, key: str, *, timeout: float = 600.0) -> Transport:
    """Requests to an OpenAI-compatible endpoint (``base_url`` ends in ``/v1``)."""

    def post(body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(
            base_url.rstrip("/") + "/chat/completions",
            data=json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(req, timeout=timeout) as answer:
                return dict(json.loads(answer.read()))
        except urllib.error.HTTPError as e:
            raise ModelError(f"the model endpoint said {e.code}: {e.read()[:500]!r}") from e
        except OSError as e:
            raise ModelError(f"the model endpoint did not answer: {e}") from e

    async def send(body: dict[str, Any]) -> dict[str, Any]:
        return await asyncio.to_thread(post, body)

    return send


def load_problems(folder: Path) -> list[dict[str, Any]]:
    """The problems of a set (one JSON file each), by name."""
    return [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]


def for_scaffold(problem: dict[str, Any]) -> dict[str, Any]:
    """What ``generate_solution`` gets of a problem (never its tests)."""
    keys = ("name", "title", "description", "public_tests")
    return {k: problem[k] for k in keys}


def judge(source: str, problem: dict[str, Any]) -> bool:
    """Whether ``source`` solves the problem: it compiles and answers every example and test."""
    with tempfile.TemporaryDirectory(prefix="judge-") as tmp:
        compiled = rust_tools.compile_rust(source, Path(tmp))
        if compiled.binary is None:
            return False
        tests = problem.get("tests", [])
        inputs = problem["public_tests"]["input"] + [t["input"] for t in tests]
        outputs = problem["public_tests"]["output"] + [t["output"] for t in tests]
        return rust_tools.passes(compiled.binary, inputs, outputs)


async def _evaluate(problems: list[dict[str, Any]], concurrency: int) -> list[bool]:
    sys.path.insert(0, os.getcwd())
    scaffold = importlib.import_module("scaffold")
    client = Client(http_transport(os.environ["OPENAI_BASE_URL"], os.environ["OPENAI_API_KEY"]))
    semaphore = asyncio.Semaphore(concurrency)

    async def one(problem: dict[str, Any]) -> bool:
        try:
            source = await scaffold.generate_solution(client, semaphore, for_scaffold(problem))
        except Exception as e:
            print(f"{problem['name']}: the scaffold raised {e!r}", file=sys.stderr)
            return False
        solved = await asyncio.to_thread(judge, str(source), problem)
        print(f"{problem['name']}: {'solved' if solved else 'not solved'}", file=sys.stderr)
        return solved

    return list(await asyncio.gather(*(one(p) for p in problems)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    default = Path(os.environ.get("ENVSPEC_ASSET_VISIBLE", "/assets/visible"))
    parser.add_argument("--problems", type=Path, default=default)
    parser.add_argument("--limit", type=int, default=20)
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()
    problems = load_problems(args.problems)[: args.limit]
    solved = asyncio.run(_evaluate(problems, args.concurrency))
    n, k = len(solved), sum(solved)
    p = k / n if n else 0.0
    stderr = math.sqrt(p * (1 - p) / n) if n else 0.0
    print(json.dumps({"n_successes": k, "n_problems": n, "score": p, "standard_error": stderr}))


if __name__ == "__main__":
    main()
