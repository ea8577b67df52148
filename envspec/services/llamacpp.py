"""An OpenAI-compatible model endpoint: llama.cpp's server (the ``xllamacpp`` wheel) on a GGUF.

    python llamacpp.py MODEL.gguf --host 127.0.0.1 --port 8000 [--threads N] [--ctx N]

Self-contained (standard library and xllamacpp), so that engine images copy it as they are.
llama.cpp reports ``usage`` in every answer, also in a stream's last chunk, which is what the
metering proxy counts.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading


def main(argv: list[str]) -> int:
    """Serve ``MODEL`` until SIGTERM."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("model")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--ctx", type=int, default=4096, help="context tokens, over all slots")
    parser.add_argument("--parallel", type=int, default=1, help="requests served at once")
    parser.add_argument("--alias", default=None, help="the model name answers carry")
    args = parser.parse_args(argv)

    import xllamacpp  # type: ignore[import-untyped]

    params = xllamacpp.CommonParams()
    params.model.path = args.model
    params.n_ctx = args.ctx
    params.n_parallel = args.parallel
    params.cpuparams.n_threads = args.threads
    params.cpuparams_batch.n_threads = args.threads
    params.hostnames = [args.host]
    # the model's own chat template (from the GGUF), which is what parses tool calls
    params.use_jinja = True
    params.port = args.port
    if args.alias:
        params.model_alias = {args.alias}
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    server = xllamacpp.Server(params)
    print(f"llama.cpp serving {args.model} on {server.listening_address}", flush=True)
    stop.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
