"""``envspec calibrate``: normalisation figures from real runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from envspec.cli.render import console, err_console, print_json


def calibrate(
    env_dir: Path = typer.Argument(..., help="The environment folder."),
    variant: str = typer.Option(..., help="The variant to calibrate."),
    repeats: int = typer.Option(
        3, help="Scorings of each solution (in each training); the last is the run's final one."
    ),
    trainings: int = typer.Option(
        1,
        help="Fresh runs of each solution calibration.prepare trains (each scored REPEATS times).",
    ),
    backend: str | None = typer.Option(
        None, help="docker, local or slurm (default: docker if any)."
    ),
    ref: str | None = typer.Option(
        None, "--ref", help="Use this published version instead of building ENV_DIR."
    ),
    allow_substitute: list[str] = typer.Option([], help="REQUESTED=MODEL GPU substitution."),
    out: Path | None = typer.Option(
        None, help="Also write the figures here (default: ENV_DIR/calibration/VARIANT.json)."
    ),
    update: bool = typer.Option(
        False, "--update", help="Write the normalisation into the manifest."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
    assets_from: str | None = typer.Option(
        None, help="Where relative assets are fetched from (host[:port] or oci:PATH)."
    ),
    only: list[str] = typer.Option(
        [],
        help="Score only this solution (starting, reference or an extra's name; repeatable); "
        "without both starting and reference the figures give no normalisation.",
    ),
    figures_from: list[Path] = typer.Option(
        [],
        help="The figures of an earlier --only calibration of the same build and variant "
        "(repeatable): its solutions are not scored again and count towards the "
        "normalisation; where they hold every solution, they are only combined.",
    ),
) -> None:
    """Score the starting and reference solutions (and calibration.extra's) through the
    runtime; report raw scores, spreads and provenance (and, with --update, write them into
    envspec.yaml)."""
    from envspec.errors import BadInput
    from envspec.runtime.budget import parse_overrides
    from envspec.runtime.calibrate import calibrate as run_calibration
    from envspec.runtime.calibrate import (
        merge_earlier,
        restate_normalised,
        solutions_in,
        update_manifest,
        update_refusal,
    )
    from envspec.schema import load_manifest

    earlier = merge_earlier([_earlier(p) for p in figures_from]) if figures_from else None
    given = set(solutions_in(earlier or {}))
    if update and only and not {"starting", "reference"} <= set(only) | given:
        raise BadInput(
            "--update needs figures of both the starting solution and the reference",
            hint="drop --only, add the other's figures (--figures-from), or leave out --update",
        )
    subs: dict[str, tuple[str, ...]] = {}
    for k, v in parse_overrides(allow_substitute).items():
        subs[k] = (*subs.get(k, ()), v)

    def show(role: str, i: int, record: dict[str, Any]) -> None:
        state = f"{record['score']:.4f}" if record["valid"] else f"invalid: {record['reason']}"
        err_console.print(f"{role} #{i + 1}: {state}", highlight=False, markup=False)

    figures = run_calibration(
        env_dir,
        variant,
        repeats=repeats,
        trainings=trainings,
        backend=backend,
        reference=ref,
        substitute=subs,
        on_score=show,
        assets_from=assets_from,
        only=only,
        earlier=earlier,
    )
    refusal = None
    if update:
        refusal = update_refusal(figures, load_manifest(env_dir).scoring.direction)
    if update and refusal is None:  # the file then records how the updated manifest scores
        restate_normalised(figures)
    path = out or env_dir / "calibration" / f"{variant}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(figures, indent=2) + "\n")
    if refusal is not None:
        raise BadInput(
            f"{refusal} (the figures are in {path})",
            hint="improve the reference solution (or the scorer), then calibrate again",
        )
    if update:
        update_manifest(env_dir, variant, figures["normalisation"])
    if as_json:
        print_json(figures)
        return
    n = figures.get("normalisation")
    extra = n["provenance"].get("extra", {}) if n else {}
    for role in ("starting", "reference", *extra):
        if role not in figures:
            continue
        f = figures[role]
        normalised = "" if f["normalised"] is None else f"  normalised {f['normalised']:.3f}"
        between = (
            f"  between trainings {f['spread_between_trainings']:.4f}" if "trainings" in f else ""
        )
        console.print(
            f"{role:9} median {f['median']:.4f}  spread {f['spread']:.4f}{between}{normalised}",
            highlight=False,
        )
    for name, e in extra.items():
        console.print(
            f"{name}: normalises to {e['normalised']:.3f} on the new scale", highlight=False
        )
    if n is None:
        console.print("normalisation: none (not every solution was scored)", highlight=False)
    else:
        console.print(
            f"normalisation: starting {n['starting']}, reference {n['reference']}",
            highlight=False,
        )
    console.print(f"figures: {path}" + (" (manifest updated)" if update else ""), highlight=False)


def _earlier(path: Path) -> dict[str, Any]:
    from envspec.errors import BadInput

    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise BadInput(
            f"cannot read the earlier figures {path}: {e}",
            hint="name the JSON file an earlier `envspec calibrate --only ... --out` wrote",
        ) from e
    if not isinstance(data, dict):
        raise BadInput(f"{path} holds no calibration figures", hint="name calibrate's JSON file")
    return data


def register(app: typer.Typer) -> None:
    """Add this module's commands to the CLI."""
    app.command()(calibrate)
