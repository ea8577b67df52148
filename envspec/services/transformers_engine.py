"""An OpenAI-compatible model endpoint on a GPU (or the CPU): transformers' own server
(``transformers serve``) on a GGUF, whose weights transformers dequantises on load.

    python transformers_engine.py MODEL.gguf --host 127.0.0.1|/path/engine.sock --port 8000
        [--device cuda|cpu|auto] [--dtype bfloat16|float32|auto]
        [--cuda-graphs auto|on|off] [--async-batching auto|on|off] [--compile-level 0-3]

For GPU hosts with torch and transformers but no vLLM (the lent H200): the same model assets as
llama.cpp's, served on the run's GPUs. Self-contained (standard library and transformers with
its ``serving`` extra), as the other service programs are.

On a GPU it batches continuously (paged attention: many requests share each step), with each
request's own sampling (:func:`_sample_each_request`), with CUDA graphs (:func:`step_tuning`),
in float32: transformers computes a GGUF's packed weights in float32 and casts every matmul's
input and output to any other dtype (its own warning says so); served in bfloat16, rust_scaffold's
starting run read 185 completion tokens a second on the H200 (2026-12-06), in float32 about 300
on the H100 (2026-12-05). How the batching runs its steps (CUDA graphs, overlapping the next
step's preparation, torch.compile) can be set by flags:
``benchmarks/rust_scaffold_engine_batches.py --engine-args`` compares them.

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
DEFAULT_TEMPERATURE = 0.8
DEFAULT_TOP_K = 40
DEFAULT_TOP_P = 0.95
#: below it, greedy; above it, bounded (see request_sampling)
MIN_TEMPERATURE = 1e-3
MAX_TEMPERATURE = 100.0
MAX_TOP_K = 1000
#: what a request may set: OpenAI's chat and completions fields (one answer) and llama.cpp's
#: top_k. transformers serve also reads generation_config, chat_template_kwargs, logit_bias,
#: seed, ...: settings of the batch or the process (with batching, the first request's
#: became every request's, the scorer's too), a template of the asker's, a worker's end
CHAT_FIELDS = frozenset(
    {"messages", "model", "max_tokens", "max_completion_tokens", "temperature", "top_p"}
    | {"top_k", "stream", "stream_options", "n", "stop", "user"}
)
COMPLETION_FIELDS = (CHAT_FIELDS - {"messages"}) | {"prompt"}
#: the sampling of the request being served (set by its handler, read where it joins the batch)
_REQUEST_SAMPLING: contextvars.ContextVar[dict[str, Any]] = contextvars.ContextVar("sampling")


def checked_request(body: Any, fields: frozenset[str], batching: bool) -> str | None:
    """Why the engine refuses a request (None: it serves it)."""
    if not isinstance(body, dict):
        return "a request is a JSON object"
    unknown = sorted(set(body) - fields)
    if unknown:
        return f"this engine serves no {', '.join(unknown)} (it serves {', '.join(sorted(fields))})"
    if body.get("n", 1) != 1:
        return "n must be 1: one answer a request"
    if batching and body.get("stop"):
        return "stop is not served with batching: cut the answer where you want it"
    for name in ("temperature", "top_p", "top_k"):
        value = body.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)):
            return f"{name} must be a number"
    return None


def request_sampling(body: dict[str, Any]) -> dict[str, Any]:
    """The per-request arguments of continuous batching's processors for a (checked) request:
    llama.cpp's defaults where it sets none; temperature 0 is greedy (top-k 1).

    A temperature near 0 (or not a number) is greedy too and every value is bounded: logits
    divided by 1e-40 overflow, and a probability that is not a number ends the batch's worker,
    every request's, not the asker's alone."""

    def given(name: str, default: float) -> float:  # JSON's null: not set
        value = body.get(name)
        return float(default if value is None else value)

    temperature = given("temperature", DEFAULT_TEMPERATURE)
    if not temperature >= MIN_TEMPERATURE:  # NaN included
        return {"temperature": 1.0, "top_k": 1, "top_p": 1.0}
    top_p = given("top_p", DEFAULT_TOP_P)
    top_k = given("top_k", DEFAULT_TOP_K)
    return {
        "temperature": min(temperature, MAX_TEMPERATURE),
        "top_k": int(min(max(top_k, 1), MAX_TOP_K)) if top_k == top_k else DEFAULT_TOP_K,
        "top_p": min(max(top_p, 0.0), 1.0) if top_p == top_p else 1.0,
    }


def new_tokens_within(context: int, prompt: int, asked: int | None) -> int:
    """What a request may generate within the served context: what it asked (all the room
    left where it asked nothing), at most the room its prompt leaves."""
    room = context - prompt
    return room if asked is None else max(1, min(int(asked), room))


def _check_requests(batching: bool) -> None:
    """Serve only what a request may set (:data:`CHAT_FIELDS`): anything else is refused
    with 400 before it reaches transformers serve; the request's sampling is kept for the
    batch (:func:`_sample_each_request`)."""
    from fastapi import HTTPException
    from transformers.cli.serving.chat_completion import ChatCompletionHandler
    from transformers.cli.serving.completion import CompletionHandler

    for handler, fields in (
        (ChatCompletionHandler, CHAT_FIELDS),
        (CompletionHandler, COMPLETION_FIELDS),
    ):
        handle = handler.handle_request

        async def checked(
            self: Any,
            body: Any,
            *args: Any,
            _handle: Any = handle,
            _fields: frozenset[str] = fields,
            **kwargs: Any,
        ) -> Any:
            refusal = checked_request(body, _fields, batching)
            if refusal is not None:
                raise HTTPException(status_code=400, detail=refusal)
            _REQUEST_SAMPLING.set(request_sampling(body))  # this request's task alone
            return await _handle(self, body, *args, **kwargs)

        handler.handle_request = checked  # type: ignore[method-assign]


@dataclasses.dataclass(frozen=True)
class StepTuning:
    """How continuous batching runs its steps: None leaves a choice to transformers (5.24
    turns CUDA graphs and asynchronous batching off where attention needs a mask, as paged
    SDPA does without flash attention, and compiles nothing)."""

    cuda_graphs: bool | None = None
    async_batching: bool | None = None
    compile_level: int = 0

    def fields(self) -> dict[str, Any]:
        """The ContinuousBatchingConfig fields these set."""
        return {
            "use_cuda_graph": self.cuda_graphs,
            "use_async_batching": self.async_batching,
            "default_compile_level": self.compile_level,
        }


CHOICE = {"auto": None, "on": True, "off": False}


def step_tuning(
    cuda_graphs: str, async_batching: str, compile_level: int, *, on_gpu: bool
) -> StepTuning:
    """The steps' tuning from the command line's auto|on|off. CUDA graphs' auto is on where
    the batching runs on a GPU: transformers' own choice (off with paged SDPA) read a batch of
    rust_scaffold's 20 requests in about 38 s, graphs in 12.8 s (H100, 2026-12-05), and graphs'
    greedy answers compiled as often as llama.cpp's (48 of 100 against 54 %; H200, 2026-12-06,
    envs/rust_scaffold/calibration/standard-engine-2026-12-06.json)."""
    graphs = CHOICE[cuda_graphs]
    if graphs is None and on_gpu:
        graphs = True
    return StepTuning(graphs, CHOICE[async_batching], compile_level)


def _sample_each_request(context: int, tuning: StepTuning) -> None:
    """``transformers serve``'s continuous batching (5.24) samples every request as the first
    one it saw asked. Its batching has per-request temperature, top-k and top-p once they are
    switched on; switch them on, from the model's own configuration (never a request's), and
    hand each request its own, within the served ``context`` (which transformers serve itself
    does not bound: a prompt that fills it is refused, as llama.cpp refuses it)."""
    from fastapi import HTTPException
    from transformers import ContinuousBatchingConfig
    from transformers.cli.serving.utils import CBGenerateManager
    from transformers.generation.continuous_batching.continuous_api import (
        ContinuousBatchingManager,
    )

    init_cb = CBGenerateManager.init_cb
    add_request = ContinuousBatchingManager.add_request

    def init_per_request(self: Any, model: Any, gen_config: Any) -> None:
        if self._cb is None:
            # the processors exist only for values the batch's configuration sets (not 1.0);
            # no prefix cache shared between requests: how fast a prompt is read would say
            # what others asked before (a channel from a sandboxed scaffold to the agent)
            self._cb_config = dataclasses.replace(
                self._cb_config or ContinuousBatchingConfig(),
                per_request_processors=True,
                allow_block_sharing=False,
                **tuning.fields(),
            )
            gen_config = copy.deepcopy(model.generation_config)
            gen_config.do_sample = True
            gen_config.num_return_sequences = 1
            gen_config.temperature = DEFAULT_TEMPERATURE
            gen_config.top_k = DEFAULT_TOP_K
            gen_config.top_p = DEFAULT_TOP_P
        init_cb(self, model, gen_config)

    def add_sampled(self: Any, input_ids: list[int], *args: Any, **kwargs: Any) -> Any:
        if len(input_ids) >= context:
            raise HTTPException(
                status_code=400,
                detail=f"a prompt of {len(input_ids)} tokens fills the context ({context})",
            )
        asked = kwargs.get("max_new_tokens")
        kwargs["max_new_tokens"] = new_tokens_within(context, len(input_ids), asked)
        return add_request(self, input_ids, *args, **{**_REQUEST_SAMPLING.get({}), **kwargs})

    CBGenerateManager.init_cb = init_per_request  # type: ignore[method-assign]
    ContinuousBatchingManager.add_request = add_sampled  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    """Serve ``MODEL`` until SIGTERM (uvicorn's own handling)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("model")
    parser.add_argument("--host", default="127.0.0.1", help="an address, or a unix socket's path")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--device", default="auto")
    parser.add_argument(
        "--dtype", default="auto", help="auto: float32 (a GGUF's packed weights compute in it)"
    )
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
    parser.add_argument(
        "--cuda-graphs",
        choices=tuple(CHOICE),
        default="auto",
        help="auto: on when batching on a GPU",
    )
    parser.add_argument("--async-batching", choices=tuple(CHOICE), default="auto")
    parser.add_argument("--compile-level", type=int, choices=range(4), default=0)
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
    on_gpu = args.device != "cpu" and torch.cuda.is_available()
    batching = args.batching == "on" or (args.batching == "auto" and on_gpu)
    _check_requests(batching)
    tuning = step_tuning(
        args.cuda_graphs, args.async_batching, args.compile_level, on_gpu=batching and on_gpu
    )
    dtype = "float32" if args.dtype == "auto" else args.dtype
    if batching:
        _sample_each_request(args.ctx, tuning)
    print(
        f"transformers serving {args.model} on {args.host}:{args.port}"
        f"{f' (continuous batching) {tuning}' if batching else ''}, dtype {dtype}",
        flush=True,
    )
    Serve(
        force_model=served_name(args.model),
        host=args.host,
        port=args.port,
        device=args.device,
        dtype=dtype,
        log_level="warning",
        continuous_batching=batching,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
