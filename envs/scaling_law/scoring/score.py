"""The scaling_law scorer: how close the agent's answer is to the compute-optimal model.

The answer is ``answer.json`` = {"n_embd": int, "max_iters": int, "loss_prediction": float}.
It is valid when it is a model of the family whose FLOPs lie within the band around the target
(``target_flops`` divided or multiplied by ``flops_band``). Its loss L(answer) is read off the
ground truth (the scorer-only asset from build_truth.py: the median validation loss of several
seeds at widths along the target's iso-FLOP line), piecewise-linear in log(n_embd) and clamped
at the grid's ends; so both the width and, through the band, the step count matter. Then

    score = 1 - [(L(answer) - L(optimum)) + |loss_prediction - L(answer)|]

as in the original. The score is hidden: the agent is told only whether the answer is valid and
what fraction of the target's FLOPs it uses, in a message whose every other byte is the same
for every valid answer; the work done does not depend on the answer (no timing channel).

Scorer contract: $ENVSPEC_SOLUTION, $ENVSPEC_PARAMETERS, $ENVSPEC_RESULT, and the ground truth in
$ENVSPEC_ASSET_TRUTH (root-only).
"""

from __future__ import annotations

import bisect
import json
import math
import os
from pathlib import Path
from typing import Any

import scorer_kit as kit
from experiment import Family  # beside this script, which Python puts first on its path

ANSWER = "answer.json"
MAX_BYTES = 4096
#: the largest loss_prediction read (nats: a loss over any vocabulary used here is far below)
MAX_PREDICTION = 100.0


def read_answer(solution: Path) -> dict[str, Any]:
    """The agent's answer, copied without following links and checked for shape.

    Raises:
        kit.Invalid: missing, a link, too large, not JSON, or fields of the wrong type.
    """
    # the scorer's own root-only home (never a shared /tmp)
    copied = Path(os.environ.get("HOME", "/root")) / "answer.json"
    copied.unlink(missing_ok=True)
    kit.copy_file(solution, ANSWER, copied, max_bytes=MAX_BYTES)
    try:
        answer = json.loads(copied.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError) as e:  # Recursion: nested deeply
        raise kit.Invalid(f"{ANSWER} is not JSON ({type(e).__name__})") from None
    finally:
        copied.unlink(missing_ok=True)
    if not isinstance(answer, dict) or set(answer) != {"n_embd", "max_iters", "loss_prediction"}:
        raise kit.Invalid(f"{ANSWER} must hold exactly n_embd, max_iters and loss_prediction")
    prediction = answer["loss_prediction"]
    try:  # an integer of hundreds of digits overflows a float
        finite = type(prediction) in (int, float) and math.isfinite(float(prediction))
    except OverflowError:
        finite = False
    # a loss in nats, bounded: a prediction near the largest float overflowed the normalised
    # score for some hidden scales and not others, and the invalid result that followed told
    # the scale by bisection (an attacker's review, 2026-12-06); one message for every answer
    # outside the range, whatever the truth
    if not finite or not 0 <= float(prediction) <= MAX_PREDICTION:
        raise kit.Invalid(f"loss_prediction must be a number from 0 to {MAX_PREDICTION:g}")
    return answer


def interpolate(truth: dict[str, Any], n_embd: int) -> float:
    """The ground truth's loss at ``n_embd``: piecewise-linear in log(width); beyond the grid,
    the end's value plus the end segment's steepness times the distance, so that a width
    outside the measured range never scores better than the range's end (and the range itself
    is told by no message)."""
    xs = [math.log(w) for w in truth["widths"]]
    ys = truth["median"]
    x = math.log(n_embd)
    if x <= xs[0] or x >= xs[-1]:
        end, other = (0, 1) if x <= xs[0] else (-1, -2)
        steep = abs((ys[other] - ys[end]) / (xs[other] - xs[end]))
        return float(ys[end] + steep * abs(x - xs[end]))
    i = bisect.bisect_right(xs, x) - 1
    t = (x - xs[i]) / (xs[i + 1] - xs[i])
    return float(ys[i] + t * (ys[i + 1] - ys[i]))


def score(params: dict[str, Any], solution: Path) -> dict[str, Any]:
    """The scorer's result for the answer in ``solution``."""
    family = Family.of(params)
    target = float(params["target_flops"])
    band = float(params["flops_band"])
    truth = json.loads((Path(os.environ["ENVSPEC_ASSET_TRUTH"]) / "truth.json").read_text())
    answer = read_answer(solution)
    why = family.check(answer["n_embd"], answer["max_iters"])
    if why is not None:
        raise kit.Invalid(why)
    fraction = family.flops(answer["n_embd"], answer["max_iters"]) / target
    if not 1 / band <= fraction <= band:
        raise kit.Invalid(
            f"the answer uses {fraction:.3f} of the target's FLOPs; a valid answer uses "
            f"between {1 / band:.3f} and {band:.3f} of them"
        )
    loss = interpolate(truth, answer["n_embd"])
    optimum = float(min(truth["median"]))
    raw = 1.0 - ((loss - optimum) + abs(float(answer["loss_prediction"]) - loss))
    return {
        "valid": True,
        "score": normalised(truth, raw),
        # the same words for every valid answer: only the fraction differs
        "message": f"valid answer; it uses {fraction:.3f} of the target's FLOPs",
        "details": {
            "loss_of_answer": loss,
            "optimum": optimum,
            "raw": raw,
            "flops_fraction": fraction,
        },
    }


def normalised(truth: dict[str, Any], raw: float) -> float:
    """``raw`` on the scale of the truth's own ``normalisation`` (starting 0, reference 1),
    when it has one. A raw score in the repository would give the secret away: the starting
    answer is public, and its score is 1 - prediction + L(optimum) when its prediction lies
    above its loss; so a variant's raw figures stay in its scorer-only truth, and its manifest
    says starting 0, reference 1."""
    norm = truth.get("normalisation")
    if norm is None:
        return raw
    return (raw - float(norm["starting"])) / (float(norm["reference"]) - float(norm["starting"]))


if __name__ == "__main__":
    kit.run_scorer(score)
