"""``envspec export --format harbor``: an environment variant as a Harbor task directory.

Harbor (harborframework) runs a task from a folder: ``task.toml``, ``instruction.md``,
``environment/`` (the agent's container), ``tests/`` (the verifier, which writes a reward
file) and ``solution/`` (what its oracle agent runs). The export maps envspec onto it:

- the agent's container is the agent image, pinned by digest (or, for an OCI-layout store,
  the tag ``envspec pull`` gives it in the engine);
- the verifier runs in a *separate* container built on the scorer image, so hidden assets
  never reach the agent's container; Harbor copies the agent's working directory into it
  (a task artifact), and ``tests/envspec_verify.py`` runs the scorer entrypoint under the
  scorer contract and writes the normalised score as the reward;
- ``solution/solve.sh`` writes the reference solution (when the environment folder is known).

What does not map is recorded in the export's README (``harbor_readme``).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from envspec import constants
from envspec.errors import BadInput, EnvspecError
from envspec.integrations import harbor_verify
from envspec.integrations.harbor_readme import readme
from envspec.integrations.source import PublishedEnvironment, load_published
from envspec.models import aggregate
from envspec.models.manifest import Variant
from envspec.models.reference import Reference, RegistryTarget
from envspec.oci.env_assets import asset_env, assets_for
from envspec.oci.pull import engine_tag
from envspec.oci.store import Access

#: Harbor's task-config schema version the export writes (harbor 0.26)
HARBOR_SCHEMA_VERSION = "1.4"
#: seconds the verifier may take beyond the scorer's own timeout (container start, copies)
VERIFIER_MARGIN_S = 60.0


@dataclass(frozen=True)
class HarborExport:
    """What an export wrote."""

    path: Path
    reference: Reference  # pinned by digest
    variant: str
    agent_image: str  # the FROM of environment/Dockerfile
    scorer_image: str  # the FROM of tests/Dockerfile
    needs_pull: bool  # images live in an OCI layout: `envspec pull REF` before Harbor runs
    has_solution: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "path": str(self.path),
            "reference": str(self.reference),
            "variant": self.variant,
            "agent_image": self.agent_image,
            "scorer_image": self.scorer_image,
            "needs_pull": self.needs_pull,
            "has_solution": self.has_solution,
        }


def export_harbor(
    source: str | Path,
    output: Path,
    *,
    variant: str | None = None,
    target: RegistryTarget | None = None,
    force: bool = False,
    access: Access | None = None,
) -> HarborExport:
    """Write a Harbor task directory for one variant of an environment.

    ``source`` is an environment folder or a reference. A folder is pushed first (to
    ``target``, default the embedded store; an unchanged version pushes nothing), so the task
    pins published digests; its instructions and reference solution come from the folder.
    From a reference, the instructions come from the agent image and there is no solution/.

    Raises:
        EnvspecError: ``output`` exists and is not empty (without ``force``), unknown variant.
        ManifestError, BuildError, ImmutableVersion, RegistryError: the folder cannot be
            published; InvalidReference, NotFound, RegistryError: the reference cannot be read.
    """
    output = Path(output)
    if output.exists() and any(output.iterdir()) and not force:
        raise BadInput(
            f"{output} exists and is not empty", hint="choose another --output, or pass --force"
        )
    env_dir = Path(source) if Path(source).is_dir() else None
    if env_dir is not None:
        published = _publish(env_dir, target or RegistryTarget(store=_embedded()), access)
    else:
        published = load_published(str(source), access=access)
    manifest = published.manifest
    name = variant or next(iter(manifest.variants))
    v = manifest.variant(name)
    files = _reference_files(env_dir, name) if env_dir is not None else None
    ref = published.reference
    needs_pull = ref.registry is None
    if needs_pull:  # a layout store: Docker cannot pull from it, `envspec pull` loads the tags
        agent_image, scorer_image = engine_tag(ref, "agent"), engine_tag(ref, "scorer")
    else:
        agent_image = f"{ref.registry}/{ref.repository}@{published.agent_digest}"
        scorer_image = f"{ref.registry}/{ref.scorer_repository}@{published.scorer_digest}"
    with tempfile.TemporaryDirectory(prefix=".envspec-export-", dir=_parent(output)) as tmp:
        staging = Path(tmp) / "task"
        _write_task(staging, published, v, agent_image, scorer_image, files, needs_pull)
        if output.exists():
            shutil.rmtree(output)
        staging.rename(output)
    return HarborExport(output, ref, name, agent_image, scorer_image, needs_pull, files is not None)


# --- sources --------------------------------------------------------------------------------------


def _embedded() -> str:
    from envspec import constants

    return str(constants.default_store_path())


def _publish(env_dir: Path, target: RegistryTarget, access: Access | None) -> PublishedEnvironment:
    from envspec.oci.push import push_environment
    from envspec.schema import load_manifest

    manifest = load_manifest(env_dir)
    pushed = push_environment(env_dir, target, access=access)
    published = load_published(str(pushed.environment), access=access)
    # the folder's own instructions: they are what was built into the agent image
    text = (env_dir / manifest.task.instructions).read_text(encoding="utf-8")
    return PublishedEnvironment(
        published.reference,
        published.manifest,
        published.agent_digest,
        published.scorer_digest,
        text,
    )


def _reference_files(env_dir: Path, variant: str) -> dict[str, bytes]:
    from envspec.runtime.calibrate import reference_files

    return reference_files(env_dir, variant)


def _parent(output: Path) -> Path:
    parent = output.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    return parent


# --- the task directory ---------------------------------------------------------------------------


def _write_task(
    root: Path,
    env: PublishedEnvironment,
    v: Variant,
    agent_image: str,
    scorer_image: str,
    files: dict[str, bytes] | None,
    needs_pull: bool,
) -> None:
    m = env.manifest
    if v.assets:
        raise EnvspecError(
            f"variant {v.name} of {m.id} has its own assets, which envspec adds when a run "
            "starts; a Harbor task's image cannot fetch them",
            hint="export another variant, or make the assets top-level (baked into the images)",
        )
    (root / "environment").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "instruction.md").write_text(env.instructions, encoding="utf-8")
    (root / "task.toml").write_text(render_toml(task_config(env, v)), encoding="utf-8")
    (root / "README.md").write_text(readme(env, v, needs_pull, files is not None))
    agent_env = {**_variant_env(v), **asset_env([(a, a.mount) for a in assets_for(m, "agent")])}
    (root / "environment" / "Dockerfile").write_text(
        _dockerfile(
            agent_image,
            env,
            "agent",
            [*_env_lines(agent_env), f"USER {m.task.user}", f"WORKDIR {m.task.workdir}"],
        )
    )
    spec = {
        "entrypoint": list(m.scoring.entrypoint),
        "env": {
            **_variant_env(v),
            "ENVSPEC_RUN": "harbor",
            constants.SCORING_KIND_ENV: "final",  # the verifier's one scoring
            **asset_env([(a, a.mount) for a in assets_for(m, "scorer")]),
        },
        "solution": m.task.workdir,
        "timeout_s": m.scoring.timeout_seconds,
        "normalisation": None
        if v.normalisation is None
        else {"starting": v.normalisation.starting, "reference": v.normalisation.reference},
        "environment": m.id,
        "variant": v.name,
        "reference": str(env.reference),
    }
    tests = root / "tests"
    (tests / "envspec.json").write_text(json.dumps(spec, indent=2, sort_keys=True) + "\n")
    shutil.copyfile(harbor_verify.__file__, tests / "envspec_verify.py")
    shutil.copyfile(aggregate.__file__, tests / "envspec_aggregate.py")
    _script(
        tests / "test.sh",
        "# Harbor's verifier: the envspec scorer on the agent's solution (see ../README.md).\n"
        "exec python3 /tests/envspec_verify.py\n",
    )
    (tests / "Dockerfile").write_text(
        _dockerfile(
            scorer_image,
            env,
            "scorer",
            ["COPY test.sh envspec_verify.py envspec_aggregate.py envspec.json /tests/"],
        )
    )
    if files is not None:
        sol = root / "solution"
        for rel, data in files.items():
            path = sol / "files" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        prepare = m.prepare.get("reference")
        lines = [
            "# Harbor's oracle: write the environment's reference solution into the workdir.",
            "set -eu",
            f"cp -R /solution/files/. {_sh(m.task.workdir)}/",
        ]
        if prepare:  # the manifest's calibration.prepare for the reference
            lines.append(f"cd {_sh(m.task.workdir)} && {' '.join(_sh(a) for a in prepare)}")
        _script(sol / "solve.sh", "\n".join(lines) + "\n")


def task_config(env: PublishedEnvironment, v: Variant) -> dict[str, Any]:
    """``task.toml`` as data (Harbor's ``TaskConfig`` fields)."""
    m, ref = env.manifest, env.reference
    hw = v.hardware
    resources: dict[str, Any] = {
        "cpus": hw.cpus,
        "memory_mb": int(hw.memory_gb * 1024),
        "storage_mb": None if hw.storage_gb is None else int(hw.storage_gb * 1024),
        "gpus": hw.gpu.count if hw.gpu else None,
        "gpu_types": [g.upper() for g in hw.gpu.models] if hw.gpu else None,
    }
    org = ref.repository.rsplit("/", 2)[-2] if "/" in ref.repository else "envspec"
    return {
        "schema_version": HARBOR_SCHEMA_VERSION,
        "source": str(ref),
        # the agent's working directory reaches the separate verifier as an artifact
        "artifacts": [m.task.workdir],
        "task": {
            "name": _harbor_name(org, f"{m.name}-{v.name}"),
            "version": m.version,
            "description": m.summary,
            "authors": [_author(a) for a in m.authors],
            "keywords": ["envspec", v.name],
        },
        "metadata": _metadata(env, v),
        "verifier": {
            "timeout_sec": m.scoring.timeout_seconds + VERIFIER_MARGIN_S,
            "environment_mode": "separate",
            "network_mode": "no-network",
            "environment": {**resources, "network_mode": "no-network"},
        },
        "agent": {"timeout_sec": v.budgets.wall_time_seconds, "user": m.task.user},
        "environment": {
            **resources,
            "network_mode": "no-network" if v.network == "none" else "public",
            "workdir": m.task.workdir,
        },
    }


def _metadata(env: PublishedEnvironment, v: Variant) -> dict[str, Any]:
    m, b = env.manifest, v.budgets
    data: dict[str, Any] = {
        "envspec_environment": m.id,
        "envspec_reference": str(env.reference),
        "envspec_variant": v.name,
        "envspec_agent_digest": env.agent_digest,
        "envspec_scorer_digest": env.scorer_digest,
        "envspec_metric": m.scoring.metric,
        "envspec_direction": m.scoring.direction,
        "envspec_aggregation": m.scoring.aggregation,
        "envspec_visibility": m.scoring.visibility,
        "envspec_intermediate_scoring": m.scoring.intermediate,
        "envspec_reward": "normalised" if v.normalisation is not None else "raw",
        "envspec_canary": m.canary,
        "envspec_budget_wall_time": b.wall_time,
        "envspec_budget_scorer_calls": b.scorer_calls,
        "envspec_budget_gpu_hours": b.gpu_hours,
        "envspec_budget_llm_tokens": b.llm_tokens,
        "envspec_gpu_memory_gb": v.hardware.gpu.memory_gb if v.hardware.gpu else None,
    }
    if v.normalisation is not None:
        data["envspec_normalisation_starting"] = v.normalisation.starting
        data["envspec_normalisation_reference"] = v.normalisation.reference
    return {k: val for k, val in data.items() if val is not None}


def _variant_env(v: Variant) -> dict[str, str]:
    # what the runtime tells both sides about the variant (runs.variant_env)
    return {
        "ENVSPEC_VARIANT": v.name,
        "ENVSPEC_PARAMETERS": json.dumps(dict(v.parameters), sort_keys=True),
    }


def _dockerfile(image: str, env: PublishedEnvironment, role: str, lines: list[str]) -> str:
    digest = env.agent_digest if role == "agent" else env.scorer_digest
    head = [
        f"# The {role} image of {env.manifest.id}, exported by envspec from",
        f"# {env.reference} ({role} image {digest}).",
        f"FROM {image}",
        f"LABEL dev.envspec.exported-from={json.dumps(str(env.reference))}",
    ]
    return "\n".join([*head, *lines]) + "\n"


def _env_lines(env: dict[str, str]) -> list[str]:
    return [f"ENV {k}={json.dumps(val)}" for k, val in sorted(env.items())]


def _script(path: Path, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(0o755)


def _sh(text: str) -> str:
    import shlex

    return shlex.quote(text)


def _author(text: str) -> dict[str, str]:
    match = re.fullmatch(r"\s*(.*?)\s*<([^>]+)>\s*", text)
    if match:
        return {"name": match.group(1) or match.group(2), "email": match.group(2)}
    return {"name": text.strip()}


def _harbor_name(org: str, name: str) -> str:
    # Harbor's package names: org/name of letters, digits, '.', '_' and '-'
    def clean(s: str) -> str:
        return re.sub(r"[^A-Za-z0-9._-]", "-", s).lstrip("._-") or "x"

    return f"{clean(org)}/{clean(name)}"


# --- TOML -----------------------------------------------------------------------------------------


def render_toml(data: dict[str, Any]) -> str:
    """TOML for the plain data ``task_config`` makes: scalars, lists, tables; None left out."""
    lines: list[str] = []
    _table(lines, [], data)
    return "\n".join(lines).strip() + "\n"


def _table(lines: list[str], path: list[str], data: dict[str, Any]) -> None:
    scalars = {k: v for k, v in data.items() if v is not None and not isinstance(v, dict)}
    tables = {k: v for k, v in data.items() if isinstance(v, dict)}
    if path:
        lines += ["", f"[{'.'.join(_key(p) for p in path)}]"]
    lines += [f"{_key(k)} = {_value(v)}" for k, v in scalars.items()]
    for key, sub in tables.items():
        _table(lines, [*path, key], sub)


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(float(value)) if isinstance(value, float) else str(value)
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string: JSON's escapes are TOML's
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")
