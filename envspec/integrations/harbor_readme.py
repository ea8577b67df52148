"""The README of a Harbor export: how to run it, how envspec maps, and what does not map."""

from __future__ import annotations

from envspec.integrations.source import PublishedEnvironment
from envspec.models.manifest import Variant


def readme(env: PublishedEnvironment, v: Variant, needs_pull: bool, has_solution: bool) -> str:
    """The export's README: how to run it, and what does not map from envspec to Harbor."""
    m = env.manifest
    pull = (
        f"The images live in an OCI layout, which Docker cannot pull from: run\n"
        f"`envspec pull {env.reference}` on the Harbor host first (it loads them under the\n"
        f"tags the Dockerfiles name).\n"
        if needs_pull
        else "The Dockerfiles pull both images from their registry by digest.\n"
    )
    reward = (
        f"the normalised score, `(raw - {v.normalisation.starting}) / "
        f"({v.normalisation.reference} - {v.normalisation.starting})` floored at 0"
        if v.normalisation is not None
        else f"the raw score ({m.scoring.direction}d: this variant is uncalibrated)"
    )
    solution = (
        "`solution/solve.sh` writes the environment's reference solution (Harbor's oracle\n"
        "agent should score 1)."
        if has_solution
        else "No `solution/`: exported from a reference, which carries no reference solution\n"
        "(export the environment folder to get one)."
    )
    return README_TEXT.format(
        env=m.id,
        variant=v.name,
        ref=env.reference,
        pull=pull,
        reward=reward,
        solution=solution,
        visibility=m.scoring.visibility,
        calls="unlimited" if v.budgets.scorer_calls is None else v.budgets.scorer_calls,
        wall=v.budgets.wall_time,
    )


README_TEXT = """\
# {env}, variant `{variant}`, as a Harbor task

Exported by `envspec export --format harbor` from `{ref}`.
{pull}
## How it maps

- instructions → `instruction.md`;
- agent image (pinned by digest), variant environment variables → `environment/Dockerfile`;
  agent user and working directory → `[agent] user`, `[environment] workdir`;
- hardware (cpus, memory, storage, GPU count and models) → the resources of `[environment]`
  and `[verifier.environment]`; network `none` → `network_mode = "no-network"`;
- wall-time budget ({wall}) → `[agent] timeout_sec`;
- scorer image, hidden assets, scorer contract → a *separate* verifier container built by
  `tests/Dockerfile` on the scorer image, without network; Harbor copies the agent's working
  directory into it (`artifacts`) and `tests/test.sh` runs the scorer entrypoint on it;
- final score → `/logs/verifier/reward.json`: `reward` = {reward}; `valid` (1 or 0); `raw`;
- reference solution → {solution}

## What does not map

- **Score visibility** (`{visibility}`): Harbor shows the agent nothing of the verifier, so every
  score is hidden from the agent here, whatever the environment allows.
- **Intermediate scoring**: Harbor has no scoring during the agent's turn; the agent cannot ask
  for a score, and the scorer-call budget ({calls}) does not apply. The one final scoring is
  Harbor's verifier run (envspec's `last` and `best` aggregations coincide).
- **No score**: an invalid solution gets `reward = 0` and `valid = 0` (Harbor needs a number);
  envspec would report "no score". Filter on `valid`.
- **Normalisation**: the reward is the normalised score, computed by envspec's own formula
  (`tests/envspec_aggregate.py`); Harbor knows nothing of starting/reference raw scores. The
  raw score is the `raw` reward key; the direction and calibration are in `task.toml`
  `[metadata]`.
- **Budgets other than wall time**: GPU-hours and LLM tokens are not enforced by Harbor
  (recorded in `[metadata]`). GPU memory and GPU model are requests Harbor's docker
  environment cannot enforce.
- **Isolation details**: the solution is copied, not mounted read-only, into the verifier; the
  envspec score log (hash chain), GPU leases and the run result JSON do not exist under Harbor.
- **Clock**: the deadline is Harbor's agent timeout, not a container that ends itself.
"""
