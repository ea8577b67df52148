"""The reference solution: the paper's method, automated.

Small experiments at four compute levels under the cap (the cap, a third, a ninth and a
twenty-seventh of it), five widths each, through the training service; at each level a parabola
of the final validation loss over log(width) gives the best width and loss there; a power law
extrapolates the best width to the target (width* ~ C^a) and Chinchilla's form the best loss
(loss* = E + A C^-b, E the irreducible loss, chosen by least squares); the step count follows
from the FLOP formula. Writes answer.json.
"""

from __future__ import annotations

import concurrent.futures
import json
import math
import os
import urllib.request
from typing import Any

import numpy as np

P = json.loads(os.environ["ENVSPEC_PARAMETERS"])
URL = os.environ["ENVSPEC_SERVICE_TRAINER_URL"]
KEY = os.environ["ENVSPEC_SERVICE_TRAINER_KEY"]
#: the widths tried at each compute level, by variant (around where each one's cap puts the
#: best width; multiples of the variant's head count)
WIDTHS = {"lite": (8, 10, 12, 16, 20), "standard": (8, 12, 16, 20, 24)}[
    os.environ.get("ENVSPEC_VARIANT", "lite")
]


def flops_per_step(n_embd: int) -> float:
    """The FLOP formula for one step of width ``n_embd``."""
    return P["n_layer"] * n_embd**2 * 12 * 6 * P["block_size"] * P["batch_size"]


def train(n_embd: int, max_iters: int) -> dict[str, Any]:
    """One experiment through the service."""
    body = json.dumps({"n_embd": n_embd, "max_iters": max_iters, "seed": 0}).encode()
    request = urllib.request.Request(
        f"{URL}/v1/runs",
        data=body,
        headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=3600) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


def best_at(level: float) -> tuple[float, float]:
    """(best width, best loss) at the compute ``level``, from a parabola over log(width)."""
    jobs = [(w, int(level // flops_per_step(w))) for w in WIDTHS]
    jobs = [(w, i) for w, i in jobs if i >= 10]
    with concurrent.futures.ThreadPoolExecutor(int(P.get("jobs", 1))) as pool:
        results = list(pool.map(lambda job: train(*job), jobs))
    x = np.log([r["n_embd"] for r in results])
    y = np.array([r["final_validation"] for r in results])
    a, b, c = np.polyfit(x, y, 2)
    best = -b / (2 * a) if a > 0 else x[int(np.argmin(y))]
    best = float(np.clip(best, x.min(), x.max()))
    return math.exp(best), float(np.polyval([a, b, c], best))


def extrapolate_loss(logc: np.ndarray, losses: np.ndarray, at: float) -> float:
    """loss = E + A C^-b fitted to (log C, loss): for each irreducible loss E below the
    measured ones, a line through (log C, log(loss - E)); the E with the least squared error
    in the losses themselves wins."""
    best: tuple[float, float] | None = None
    for e in np.linspace(0.0, float(losses.min()) - 1e-3, 400):
        slope, icpt = np.polyfit(logc, np.log(losses - e), 1)
        error = float(np.sum((e + np.exp(icpt + slope * logc) - losses) ** 2))
        if slope < 0 and (best is None or error < best[0]):
            best = (error, float(e + math.exp(icpt + slope * at)))
    if best is None:  # the losses did not fall with compute: the last one is the guess
        return float(losses[-1])
    return best[1]


def main() -> None:
    """Measure, fit, extrapolate, answer."""
    cap, target = float(P["cap_flops"]), float(P["target_flops"])
    levels = [cap / 27, cap / 9, cap / 3, cap]
    points = [best_at(level) for level in levels]
    logc = np.log(levels)
    slope_w, icpt_w = np.polyfit(logc, np.log([w for w, _ in points]), 1)
    width = math.exp(icpt_w + slope_w * math.log(target))
    n_embd = max(8, round(width / P["n_head"]) * P["n_head"])
    max_iters = round(target / flops_per_step(n_embd))
    loss = extrapolate_loss(logc, np.array([loss for _, loss in points]), math.log(target))
    answer = {"n_embd": n_embd, "max_iters": max_iters, "loss_prediction": round(loss, 4)}
    with open("answer.json", "w") as f:
        json.dump(answer, f)
    print(json.dumps({"levels": levels, "best": points, "answer": answer}))


if __name__ == "__main__":
    main()
