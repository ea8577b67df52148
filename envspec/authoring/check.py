"""``envspec check``: everything an environment's author tends to forget, as findings.

Without building: the manifest's stages, budgets, normalisation against the last calibration
file, the canary, the reference and exploits (:mod:`~envspec.authoring.manifest_checks`).
With building (the default): both images are built and pushed to a scratch store; the agent
image's layers are searched for hidden files (:mod:`~envspec.authoring.image_files`); then,
for every variant this host can run, the starting solution, the reference and each exploit
are scored in runs of their own (:mod:`~envspec.authoring.trials`).
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from envspec.authoring import image_files, trials
from envspec.authoring.exploits import NO_GAIN, NO_GAIN_SLACK, find_exploits, gains
from envspec.authoring.findings import CheckReport, Finding, finding
from envspec.authoring.manifest_checks import manifest_findings, static_findings
from envspec.errors import BuildError, EngineError, EnvspecError
from envspec.models.manifest import Manifest, Variant
from envspec.models.reference import RegistryTarget
from envspec.oci.build import BuiltEnvironment, build_environment
from envspec.oci.push import push_environment
from envspec.runtime.calibrate import reference_files

log = logging.getLogger(__name__)

#: how far (normalised units) a measured score may sit from the manifest's figure before a
#: warning, at least; four calibrated standard deviations when those are wider
NORMALISATION_SLACK = 0.25


def check_environment(
    env_dir: Path,
    *,
    variants: Sequence[str] | None = None,
    build: bool = True,
    backend: str | None = None,
    on_step: Callable[[str], None] | None = None,
) -> CheckReport:
    """Check the environment folder ``env_dir``; every finding is in the report.

    ``variants`` limits the per-variant checks (default: all). ``build=False`` skips
    everything that needs the container engine.

    Raises:
        EnvspecError: a named variant does not exist.
        EngineError: building was asked for and no engine answers.
        RegistryError: the scratch store failed.
    """
    env_dir = Path(env_dir)
    step = on_step or (lambda text: None)
    report = CheckReport(str(env_dir))
    found, manifest = manifest_findings(env_dir)
    report.findings += found
    if manifest is None:
        return report
    names = list(variants or manifest.variants)
    for name in names:
        manifest.variant(name)  # a clear error for a misspelt variant, before any work
    report.findings += static_findings(env_dir, manifest, names)
    if not build:
        return report
    runnable: dict[str, list[Variant]] = {}  # base image -> variants built on it
    for name in names:
        v = manifest.variant(name)
        why = trials.why_host_cannot_run(v)
        if why is None:
            runnable.setdefault(v.base_image(manifest), []).append(v)
        else:
            report.findings.append(
                finding(
                    "variant-not-run",
                    f"variant {name!r} was not built or scored here: {why}",
                    f"run `envspec check {env_dir} --variant {name}` on a host that can run it",
                    f"variants.{name}",
                )
            )
    with tempfile.TemporaryDirectory(prefix="envspec-check-") as scratch:
        for i, (base, group) in enumerate(runnable.items()):
            step(f"building {manifest.id} on {base}")
            try:
                built = build_environment(env_dir, base=base)
            except BuildError as e:
                report.findings.append(finding("build-failed", e.message, e.hint, "Dockerfile"))
                continue
            except EngineError as e:
                raise EngineError(
                    e.message,
                    hint=f"{e.hint or 'start a Docker engine'}; or check only the files: "
                    f"envspec check {env_dir} --no-build",
                ) from e
            report.built = True
            step("listing the agent image's files")
            report.findings += _leaks(env_dir, manifest, built, base)
            pushed = push_environment(
                env_dir, RegistryTarget(store=str(Path(scratch) / f"store-{i}")), built=built
            )
            for v in group:
                report.findings += _trials(
                    env_dir, manifest, v, str(pushed.environment), report, backend, step
                )
    return report


def _leaks(env_dir: Path, manifest: Manifest, built: BuiltEnvironment, base: str) -> list[Finding]:
    files = image_files.image_files(built.agent_id, skip_layers=image_files.base_layers(base))
    hidden = image_files.hidden_contents(env_dir)
    out = []
    for leak in image_files.find_leaks(files, hidden, manifest.all_assets):
        if leak.asset is not None:
            out.append(
                finding(
                    "hidden-asset-in-agent-image",
                    f"the agent image holds {leak.image_path}, under the mount of the "
                    f"scorer-only asset {leak.asset!r}",
                    "remove it from the agent target; envspec adds scorer assets to the "
                    "scorer image",
                    leak.image_path,
                )
            )
        else:
            out.append(
                finding(
                    "hidden-file-in-agent-image",
                    f"the agent image holds {leak.image_path}, a copy of {leak.source}",
                    "copy only task/ into the Dockerfile's agent target (scorer files belong in "
                    "the scorer target); a file a later step deletes still ships in its layer",
                    leak.image_path,
                )
            )
    return out


def _trials(
    env_dir: Path,
    manifest: Manifest,
    v: Variant,
    ref: str,
    report: CheckReport,
    backend: str | None,
    step: Callable[[str], None],
) -> list[Finding]:
    out: list[Finding] = []
    where = f"variants.{v.name}"
    results = report.trials.setdefault(v.name, {})

    def run(label: str, setup: trials.Setup | None) -> trials.Trial:
        step(f"scoring {label} ({v.name})")
        trial = trials.score_once(ref, v.name, setup=setup, backend=backend)
        results[label] = trial.to_dict()
        if trial.error is not None:
            out.append(
                finding(
                    "run-failed",
                    f"{label} ({v.name}): {trial.error.message}",
                    trial.error.hint,
                    where,
                )
            )
        return trial

    start = run("starting", trials.prepared(manifest, "starting", {}))
    if not start.error and not start.valid:
        out.append(
            finding(
                "starting-invalid",
                f"the starting solution scores invalid in {v.name!r}: {start.reason}",
                "the agent must start from a solution that scores; fix task/ or the scorer",
                where,
            )
        )
    try:
        files = reference_files(env_dir, v.name)
    except EnvspecError:
        files = {}  # reported as reference-missing already
    if files:
        ref_trial = run("reference", trials.prepared(manifest, "reference", files))
        if not ref_trial.error and not ref_trial.valid:
            out.append(
                finding(
                    "reference-invalid",
                    f"the reference scores invalid in {v.name!r}: {ref_trial.reason}",
                    "fix reference/ (or reference/VARIANT/) or the scorer",
                    where,
                )
            )
        out += _compare(manifest, v, start, ref_trial)
    for exploit in find_exploits(env_dir):
        trial = run(f"exploit:{exploit.name}", trials.exploit(exploit, manifest))
        if trial.valid and exploit.expect == NO_GAIN and trial.score is not None:
            starting = start.score if start.valid and not start.error else None
            if gains(trial.score, starting, manifest, v):
                against = (
                    f"the starting solution's {starting}"
                    if starting is not None
                    else "the starting figure of the normalisation"
                )
                out.append(
                    finding(
                        "exploit-gains",
                        f"exploit {exploit.path.name} (no-gain) scores {trial.score} in "
                        f"{v.name!r}, better than {against} by more than {NO_GAIN_SLACK} of "
                        "the starting-to-reference span",
                        "make the cheat pointless (see the exploit's comments), then check again",
                        str(exploit.path.relative_to(env_dir)),
                    )
                )
        elif trial.valid:
            out.append(
                finding(
                    "exploit-scores-valid",
                    f"exploit {exploit.path.name} scores valid in {v.name!r} (raw score "
                    f"{trial.score})",
                    "make the scorer reject it (see the exploit's comments), then check again",
                    str(exploit.path.relative_to(env_dir)),
                )
            )
    return out


def _compare(
    manifest: Manifest, v: Variant, start: trials.Trial, ref: trials.Trial
) -> list[Finding]:
    """The reference must beat the starting solution; both should score near the manifest's
    normalisation figures."""
    if start.score is None or ref.score is None or not (start.valid and ref.valid):
        return []
    where = f"variants.{v.name}"
    if not manifest.scoring.better(ref.score, start.score):
        better = "lower" if manifest.scoring.direction == "minimise" else "higher"
        return [
            finding(
                "reference-not-better",
                f"in {v.name!r} the reference scores {ref.score} and the starting solution "
                f"{start.score}; with direction {manifest.scoring.direction} the reference "
                f"must score {better}",
                "improve the reference, or fix scoring.direction",
                where,
            )
        ]
    norm = v.normalisation
    if norm is None:
        return []
    span = abs(norm.reference - norm.starting)
    out = []
    for role, measured, figure, spread in (
        ("starting", start.score, norm.starting, norm.provenance.spread_starting),
        ("reference", ref.score, norm.reference, norm.provenance.spread_reference),
    ):
        slack = max(NORMALISATION_SLACK * span, 4 * spread)
        if abs(measured - figure) > slack:
            out.append(
                finding(
                    "normalisation-off",
                    f"in {v.name!r} the {role} solution scored {measured}; the manifest's "
                    f"normalisation says {figure} (allowed ±{slack:.4g})",
                    f"recalibrate: envspec calibrate ENV_DIR --variant {v.name} --update",
                    where,
                )
            )
    return out
