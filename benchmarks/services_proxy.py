"""The metering proxy's cost: tokens/s and time to first token of streamed completions, through
the proxy against the engine directly (the packaged SmolLM2; llama.cpp on this host's CPU, or
transformers serve on a GPU).

    .venv/bin/python benchmarks/services_proxy.py [--repeats N] [--tokens N]
    python benchmarks/services_proxy.py --engine transformers --device cuda --model DIR

Requests alternate between the two routes, so that both see the same machine; prints medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.support: engine, proxy

from tests.support.services import engine, proxy

PROMPT = [{"role": "user", "content": "Write a short story about a lighthouse keeper."}]


def stream_once(url: str, key: str, tokens: int, *, ask_usage: bool = True) -> tuple[float, float]:
    """(seconds to the first content chunk, completion tokens per second after it)."""
    body: dict[str, object] = {"messages": PROMPT, "max_tokens": tokens, "stream": True}
    body["temperature"] = 0
    if ask_usage:  # transformers serve sends it unasked and refuses the option
        body["stream_options"] = {"include_usage": True}
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    began = time.perf_counter()
    first = None
    completion = 0
    with httpx.stream(
        "POST", f"{url}/v1/chat/completions", json=body, headers=headers, timeout=300
    ) as r:
        for line in r.iter_lines():
            if not line.startswith("data: {"):
                continue
            chunk = json.loads(line[6:])
            if (
                first is None
                and chunk.get("choices")
                and chunk["choices"][0]["delta"].get("content")
            ):
                first = time.perf_counter()
            if chunk.get("usage"):
                completion = int(chunk["usage"]["completion_tokens"])
    end = time.perf_counter()
    assert first is not None, "no content came back"
    return first - began, (completion - 1) / (end - first)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--tokens", type=int, default=128)
    parser.add_argument("--threads", type=int, default=1, help="the engine's CPU threads")
    parser.add_argument("--engine", choices=("llamacpp", "transformers"), default="llamacpp")
    parser.add_argument("--device", default=None, help="transformers: cuda or cpu")
    parser.add_argument("--model", type=Path, default=None, help="a built model folder")
    args = parser.parse_args()
    transformers = args.engine == "transformers"
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        folder = args.model
        if folder is None:
            from envspec.assets.models import build_model

            cache = Path.home() / ".cache" / "envspec-tests" / "wheels"
            folder = root / "model"
            build_model("smollm2-135m-instruct", folder, cache=cache)
        figures: dict[str, list[tuple[float, float]]] = {"direct": [], "proxy": []}
        pinned = {"stream_usage": "always", "pinned_model": True} if transformers else {}
        with (
            engine(
                folder / "model.gguf",
                root / "engine.log",
                threads=args.threads,
                program="transformers_engine.py" if transformers else "llamacpp.py",
                device=args.device,
                timeout=300.0,
            ) as direct,
            proxy(root, direct, budget=None, **pinned) as proxied,
        ):
            stream_once(direct, "", 8, ask_usage=not transformers)  # warm the engine
            for _ in range(args.repeats):
                figures["direct"].append(
                    stream_once(direct, "", args.tokens, ask_usage=not transformers)
                )
                figures["proxy"].append(stream_once(proxied, "agent-key", args.tokens))
    where = f"{args.device or 'cpu'}" if transformers else f"{args.threads} thread(s)"
    print(
        f"medians over {args.repeats} streamed completions of {args.tokens} tokens, "
        f"{args.engine} engine on {where}"
    )
    med = {}
    for route, runs in figures.items():
        ttft = statistics.median(t for t, _ in runs)
        rate = statistics.median(r for _, r in runs)
        med[route] = (ttft, rate)
        print(f"{route:7}: first token {ttft * 1000:7.1f} ms, {rate:6.1f} tokens/s")
    d, p = med["direct"], med["proxy"]
    print(
        f"proxy costs {(p[0] - d[0]) * 1000:+.1f} ms to first token, "
        f"{(1 - p[1] / d[1]) * 100:+.1f} % of throughput"
    )


if __name__ == "__main__":
    main()
