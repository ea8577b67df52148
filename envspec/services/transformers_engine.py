"""An OpenAI-compatible model endpoint on a GPU (or the CPU): transformers' own server
(``transformers serve``) on a GGUF, whose weights transformers dequantises on load.

    python transformers_engine.py MODEL.gguf --host 127.0.0.1|/path/engine.sock --port 8000
        [--device cuda|cpu|auto] [--dtype bfloat16|auto]

For GPU hosts with torch and transformers but no vLLM (the lent H200): the same model assets as
llama.cpp's, served on the run's GPUs. Self-contained (standard library and transformers with
its ``serving`` extra), as the other service programs are.

Two facts of ``transformers serve`` that the metering proxy must know (runtime/services.py
says so in the proxy's configuration): it pins the model it preloads, refusing requests that
name another (:func:`served_name` is the name it answers to), and it refuses
``stream_options`` while sending ``usage`` in a stream's last chunk anyway.
"""

from __future__ import annotations

import argparse
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


def main(argv: list[str]) -> int:
    """Serve ``MODEL`` until SIGTERM (uvicorn's own handling)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("model")
    parser.add_argument("--host", default="127.0.0.1", help="an address, or a unix socket's path")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--device", default="auto")
    parser.add_argument("--dtype", default="auto")
    parser.add_argument("--threads", type=int, default=0, help="CPU threads (0: torch's choice)")
    parser.add_argument("--ctx", type=int, default=4096, help="accepted for llama.cpp's argv")
    parser.add_argument("--alias", default=None, help="accepted for llama.cpp's argv")
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
    print(f"transformers serving {args.model} on {args.host}:{args.port}", flush=True)
    Serve(
        force_model=served_name(args.model),
        host=args.host,
        port=args.port,
        device=args.device,
        dtype=args.dtype,
        log_level="warning",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
