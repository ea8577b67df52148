"""scaling_law's training runner: the agent's only way to train the GPT family.

A custom service of the manifest (kind custom, unit flops): the runtime starts it from the scorer
image with the run, behind the metering proxy, which asks ``/v1/quote`` for a request's FLOPs
before it runs and refuses it once the run's FLOP budget could not pay for it.

    POST /v1/quote {"n_embd": N, "max_iters": I, "seed": S}  -> {"usage": FLOPs} or 400
    POST /v1/runs  {"n_embd": N, "max_iters": I, "seed": S}  -> the experiment's curves
    GET  /health

An experiment above the per-experiment cap (``cap_flops``) is refused at the quote, so it
costs nothing. Up to ``jobs`` experiments train at once (more wait their turn); each answers
when it has trained, with its train and validation curves (experiment.py). The training data
and the code are the scorer image's and its assets': the agent never has them.
"""

from __future__ import annotations

import http.server
import json
import os
import threading
from pathlib import Path
from typing import Any

import experiment
import scorer_kit
import torch

PARAMS = json.loads(os.environ.get("ENVSPEC_PARAMETERS", "{}"))
FAMILY = experiment.Family.of(PARAMS)
CAP = float(PARAMS["cap_flops"])
DATA = Path(os.environ["ENVSPEC_ASSET_DATA"]) / PARAMS["data"]
DEVICE = PARAMS.get("device", "cpu")
SLOTS = threading.Semaphore(int(PARAMS.get("jobs", 1)))
torch.set_num_threads(max(1, int(PARAMS.get("threads_per_job", 1))))


def _experiment(body: Any) -> tuple[dict[str, int], str | None]:
    """The experiment a request asks for, or why it is not one."""
    if not isinstance(body, dict) or set(body) - {"n_embd", "max_iters", "seed"}:
        return {}, "send a JSON object with n_embd, max_iters and (optionally) seed"
    n_embd, max_iters, seed = body.get("n_embd"), body.get("max_iters"), body.get("seed", 0)
    why = FAMILY.check(n_embd, max_iters)
    if why is None and (type(seed) is not int or not 0 <= seed < 2**31):
        why = "seed must be an integer in 0..2**31-1"
    if why is None and FAMILY.flops(n_embd, max_iters) > CAP:  # type: ignore[arg-type]
        flops = FAMILY.flops(n_embd, max_iters)  # type: ignore[arg-type]
        why = f"this experiment needs {flops:.4g} FLOPs; one experiment may use at most {CAP:.4g}"
    if why is not None:
        return {}, why
    return {"n_embd": n_embd, "max_iters": max_iters, "seed": seed}, None  # type: ignore[dict-item]


class Trainer(http.server.BaseHTTPRequestHandler):
    """The routes."""

    def _answer(self, status: int, body: object, usage: int = 0) -> None:
        scorer_kit.send_json(self, status, body, usage)

    def _body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        try:
            return json.loads(self.rfile.read(min(length, 1 << 16)) or b"null")
        except ValueError:
            return None

    def do_GET(self) -> None:
        if self.path == "/health":
            self._answer(200, {"ok": (DATA / "train.bin").is_file()})
        else:
            self._answer(404, {"error": {"message": "no such route"}})

    def do_POST(self) -> None:
        spec, why = _experiment(self._body())
        if why is not None:
            self._answer(400, {"error": {"message": why, "type": "invalid_request_error"}})
            return
        flops = FAMILY.flops(spec["n_embd"], spec["max_iters"])
        if self.path == "/v1/quote":
            self._answer(200, {"usage": flops})
        elif self.path == "/v1/runs":
            with SLOTS:
                result = experiment.run(DATA, FAMILY, **spec, device=DEVICE)
            self._answer(200, result, usage=flops)
        else:
            self._answer(404, {"error": {"message": "no such route"}})

    def log_message(self, *args: object) -> None:  # the requests are in the proxy's log
        pass


if __name__ == "__main__":
    scorer_kit.serve_service(Trainer)
