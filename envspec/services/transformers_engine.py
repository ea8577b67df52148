"""An OpenAI-compatible model endpoint on a GPU (or the CPU): transformers' own server
(``transformers serve``) on a GGUF, whose weights transformers dequantises on load.

    python transformers_engine.py MODEL.gguf --host 127.0.0.1|/path/engine.sock --port 8000
        [--device cuda|cpu|auto] [--dtype bfloat16|auto]

For GPU hosts with torch and transformers but no vLLM (the lent H200): the same model assets as
llama.cpp's, served on the run's GPUs. Self-contained (standard library and transformers with
its ``serving`` extra), as the other service programs are.

On a GPU it batches continuously (paged attention: many requests share each step), with each
request's own sampling (:func:`_sample_each_request`).

Two facts of ``transformers serve`` that the metering proxy must know (runtime/services.py
says so in the proxy's configuration): it pins the model it preloads, refusing requests that
name another (:func:`served_name` is the name it answers to), and it refuses
``stream_options`` while sending ``usage`` in a stream's last chunk anyway.
"""

from __future__ import annotations

import argparse
import contextvars
import copy
import dataclasses
import sys
from pathlib import Path
from typing import Any


def served_name(model: str) -> str:
    """The model name the server pins for the GGUF file ``model``: ``<folder>:<file>``."""
    path = Path(model)
    return f"{path.parent}:{path.name}"


def _name_the_architecture() -> None:
    """A configuration read from a GGUF names no architecture, which ``transformers serve``
    (5.24) needs to pick the model class: name the causal-LM class of its model type where
    the GGUF's configuration is read."""
    from transformers import modeling_gguf_pytorch_utils as gguf
    from transformers.models.auto.modeling_auto import MODEL_FOR_CAUSAL_LM_MAPPING_NAMES

    load = gguf.load_gguf_checkpoint

    def load_named(*args: Any, **kwargs: Any) -> Any:
        loaded = load(*args, **kwargs)  # type: ignore[no-untyped-call]
        config = loaded.get("config")
        if isinstance(config, dict) and not config.get("architectures"):
            config["architectures"] = [MODEL_FOR_CAUSAL_LM_MAPPING_NAMES[config["model_type"]]]
        return loaded

    gguf.load_gguf_checkpoint = load_named


#: llama.cpp server's defaults, so that a model samples alike on either engine
DEFAULT_TOP_K = 40
DEFAULT_TOP_P = 0.95
#: below it, greedy; above it, bounded (see request_sampling)
MIN_TEMPERATURE = 1e-3
MAX_TEMPERATURE = 100.0
#: the sampling of the request being added to the batch (set around the serving code's call)
_REQUEST_SAMPLING: contextvars.ContextVar[dict[str, Any]] = contextvars.ContextVar("sampling")


def request_sampling(gen_config: Any) -> dict[str, Any]:
    """The per-request arguments of continuous batching's processors for a request's
    generation configuration: temperature 0 is greedy (top-k 1), as OpenAI's API means it.

    A temperature near 0 (or not a number) is greedy too and a huge one is bounded: logits
    divided by 1e-40 overflow, and a probability that is not a number ends the batch's worker,
    every request's, not the asker's alone."""
    temperature = float(gen_config.temperature or 0.0)
    if not temperature >= MIN_TEMPERATURE:  # NaN included
        return {"temperature": 1.0, "top_k": 1, "top_p": 1.0}
    return {
        "temperature": min(temperature, MAX_TEMPERATURE),
        "top_k": int(gen_config.top_k or DEFAULT_TOP_K),
        "top_p": float(gen_config.top_p if gen_config.top_p is not None else DEFAULT_TOP_P),
    }


def new_tokens_within(context: int, prompt: int, asked: int | None) -> int:
    """What a request may generate within the served context: what it asked (all the room
    left where it asked nothing), at most the room its prompt leaves, at least one token."""
    room = max(1, context - prompt)
    return room if asked is None else max(1, min(int(asked), room))


def _sample_each_request(context: int) -> None:
    """``transformers serve``'s continuous batching (5.24) samples every request as the first
    one it saw asked. Its batching has per-request temperature, top-k and top-p once they are
    switched on; switch them on and hand each request its own, its new tokens kept within the
    served ``context`` (which transformers serve itself does not bound)."""
    from transformers import ContinuousBatchingConfig
    from transformers.cli.serving.utils import CBGenerateManager
    from transformers.generation.continuous_batching.continuous_api import (
        ContinuousBatchingManager,
    )

    init_cb = CBGenerateManager.init_cb
    streaming = CBGenerateManager.generate_streaming
    non_streaming = CBGenerateManager.generate_non_streaming
    add_request = ContinuousBatchingManager.add_request

    def init_per_request(self: Any, model: Any, gen_config: Any) -> None:
        if self._cb is None:
            # the processors exist only for values the batch's configuration sets (not 1.0)
            self._cb_config = dataclasses.replace(
                self._cb_config or ContinuousBatchingConfig(), per_request_processors=True
            )
            gen_config = copy.deepcopy(gen_config)
            gen_config.do_sample = True
            gen_config.temperature = 0.8
            gen_config.top_k = DEFAULT_TOP_K
            gen_config.top_p = DEFAULT_TOP_P
        init_cb(self, model, gen_config)

    def sampling_of(args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        # (model, processor, inputs, gen_config, ...): the serving code's order, 5.24; with
        # batching, inputs["input_ids"] is a list and gen_config the request's own copy
        inputs = kwargs["inputs"] if "inputs" in kwargs else args[2]
        gen_config = kwargs["gen_config"] if "gen_config" in kwargs else args[3]
        prompt = len(inputs["input_ids"])
        gen_config.max_new_tokens = new_tokens_within(context, prompt, gen_config.max_new_tokens)
        return request_sampling(gen_config)

    def streaming_sampled(self: Any, *args: Any, **kwargs: Any) -> Any:
        token = _REQUEST_SAMPLING.set(sampling_of(args, kwargs))
        try:
            return streaming(self, *args, **kwargs)
        finally:
            _REQUEST_SAMPLING.reset(token)

    async def non_streaming_sampled(self: Any, *args: Any, **kwargs: Any) -> Any:
        _REQUEST_SAMPLING.set(sampling_of(args, kwargs))  # this request's task alone
        return await non_streaming(self, *args, **kwargs)

    def add_sampled(self: Any, *args: Any, **kwargs: Any) -> Any:
        return add_request(self, *args, **{**_REQUEST_SAMPLING.get({}), **kwargs})

    CBGenerateManager.init_cb = init_per_request  # type: ignore[method-assign]
    CBGenerateManager.generate_streaming = streaming_sampled  # type: ignore[method-assign]
    CBGenerateManager.generate_non_streaming = non_streaming_sampled  # type: ignore[method-assign]
    ContinuousBatchingManager.add_request = add_sampled  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    """Serve ``MODEL`` until SIGTERM (uvicorn's own handling)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("model")
    parser.add_argument("--host", default="127.0.0.1", help="an address, or a unix socket's path")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--device", default="auto")
    parser.add_argument("--dtype", default="auto")
    parser.add_argument("--threads", type=int, default=0, help="CPU threads (0: torch's choice)")
    parser.add_argument(
        "--ctx", type=int, default=4096, help="context: prompt and new tokens (batching)"
    )
    parser.add_argument("--alias", default=None, help="accepted for llama.cpp's argv")
    parser.add_argument(
        "--batching",
        choices=("auto", "on", "off"),
        default="auto",
        help="continuous batching (auto: on a GPU)",
    )
    args = parser.parse_args(argv)

    import torch
    import uvicorn
    from transformers.cli.serve import Serve

    if args.threads:
        torch.set_num_threads(args.threads)
    if args.host.startswith("/"):
        # transformers serve has no unix-socket option; uvicorn has (``uds``): the engine then
        # has no port for anyone to reach (the local backend's engines)
        tcp_config = uvicorn.Config

        def unix_config(app: Any, **kwargs: Any) -> Any:
            kwargs.pop("host", None)
            kwargs.pop("port", None)
            return tcp_config(app, uds=args.host, **kwargs)

        uvicorn.Config = unix_config  # type: ignore[misc,assignment]
    _name_the_architecture()
    batching = args.batching == "on" or (
        args.batching == "auto" and args.device != "cpu" and torch.cuda.is_available()
    )
    if batching:
        _sample_each_request(args.ctx)
    print(
        f"transformers serving {args.model} on {args.host}:{args.port}"
        f"{' (continuous batching)' if batching else ''}",
        flush=True,
    )
    Serve(
        force_model=served_name(args.model),
        host=args.host,
        port=args.port,
        device=args.device,
        dtype=args.dtype,
        log_level="warning",
        continuous_batching=batching,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
