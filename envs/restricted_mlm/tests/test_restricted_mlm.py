"""restricted_mlm `lite` end to end through the docker backend: the data assets rebuild to the
digests the manifest pins; calibration (training both solutions inside their runs) gives
starting ≈ 0 and reference ≈ 1; every exploit is invalid; the test split never reaches the
agent."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from envspec.models.reference import RegistryTarget
from envspec.oci.assets import push_asset
from envspec.runtime import runs
from envspec.runtime.calibrate import calibrate
from envspec.schema import load_manifest
from tests.support.envs import (
    agent_image_paths,
    assert_pinned,
    load_module,
    publish,
    require_torch,
)
from tests.support.fixtures import module_folder

torch = require_torch()

pytestmark = [
    pytest.mark.integration,
    pytest.mark.usefixtures("torch_cpu_base", "interpreter_for_run_users"),
]

ENV = Path(__file__).resolve().parents[1]
VOCAB = 4096


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The data assets rebuilt from packages and restricted_mlm pushed, in a store of this
    module's own."""
    with module_folder(tmp_path_factory, "rmlm") as root:
        builder = load_module(ENV / "scoring" / "build_data.py", "rmlm_e2e")
        builder.main(root / "data")
        target = RegistryTarget(store=str(root / "store"))
        for part, name in (("visible", "restricted_mlm-data"), ("hidden", "restricted_mlm-test")):
            push_asset(root / "data" / part, target, name, "1.0.0")
        yield root / "store"


@pytest.fixture(scope="module")
def published(store: Path) -> str:
    return publish(ENV, store)


def test_assets_rebuild_to_the_pinned_digests(store: Path) -> None:
    rebuild = "run envs/restricted_mlm/build-assets"
    assert_pinned(store, load_manifest(ENV).assets, "1.0.0", rebuild)


def test_starting_scores_zero_and_reference_one(published: str) -> None:
    figures = calibrate(ENV, "lite", repeats=2, reference=published, backend="docker")
    for role, want in (("starting", 0.0), ("reference", 1.0)):
        scores = figures[role]["scores"]
        assert scores[0] == scores[1], "fixed windows and masks: one model, one score"
        assert figures[role]["normalised"] == pytest.approx(want, abs=0.25), figures
    assert figures["reference"]["median"] < figures["starting"]["median"] - 0.1


def _export(model: torch.nn.Module, path: Path) -> None:
    submit = load_module(ENV / "task" / "solution" / "submit.py", "rmlm_e2e")
    cwd = Path.cwd()
    try:
        os.chdir(path.parent)
        submit.save(model, path.name)
    finally:
        os.chdir(cwd)


def _honest(vocab: int) -> torch.nn.Module:
    torch.manual_seed(0)  # the same weights each time
    return load_module(ENV / "task" / "solution" / "model.py").build_model(vocab)


def _exploits(tmp: Path) -> Iterator[tuple[str, Path | None]]:
    """(name, model.mlm or None when the cheat cannot even be exported) for the first route of
    each exploit file, forge's guard_code (its payload must not run), sym_expr and deflated.
    Only these are built: exporting every route takes minutes, and test_restrict.py exports and
    refuses them all."""
    for file, routes in (
        ("forbidden_ops.py", None),
        ("integer_lookup.py", None),
        ("reinterpret_bytes.py", None),
        ("python_round_trip.py", None),
        ("custom_function.py", ("exp",)),
        ("cached_outside.py", ("buffer",)),
        ("hidden_storage.py", None),
    ):
        module = load_module(ENV / "exploits" / file)
        route = next(iter(routes or getattr(module, "VARIANTS", None) or module.ROUTES))
        model = module.build_model(VOCAB, route)
        path = tmp / f"{file}-{route}".replace(" ", "_").replace("/", "_") / "model.mlm"
        path.parent.mkdir(parents=True)
        try:
            _export(model, path)
        except Exception:
            yield f"{file}:{route}", None
            continue
        yield f"{file}:{route}", path
    forge = load_module(ENV / "exploits" / "forge.py", "rmlm_e2e")
    for route in (forge.ROUTES[0], "guard_code", "sym_expr", "deflated"):
        path = tmp / f"forge-{route}" / "model.mlm"
        path.parent.mkdir(parents=True)
        _export(_honest(VOCAB), path)
        forge.forge(path, route)
        yield f"forge.py:{route}", path


#: the exploits the local backend runs too: a payload that must not run, an archive the kit
#: refuses and a forbidden operator (the rest are the same checker's refusals, the same on both
#: backends; docker runs them all)
LOCAL = ("forge.py:guard_code", "forge.py:deflated", "forbidden_ops.py:")


@pytest.mark.parametrize("backend", ["docker", "local"])
def test_every_exploit_is_invalid(published: str, tmp_path: Path, backend: str) -> None:
    """The first route of each exploit file, one of each kind, through docker, and LOCAL's
    through the local backend (as root: the scorer kit's sandbox uids); every route of every
    file is refused by the same checker in-process (test_restrict.py)."""
    # more scorings than a lite run's 20 scorer calls allow: the test raises the budget
    run = runs.start_run(
        published, variant="lite", backend=backend, budgets={"scorer_calls": "100"}
    )
    outcomes: dict[str, object] = {}
    try:
        for name, path in _exploits(tmp_path):
            if backend == "local" and not name.startswith(LOCAL):
                continue
            if path is None:
                outcomes[name] = "not exportable"
                continue
            runs.put_files(run.id, {"model.mlm": path.read_bytes()})
            view = runs.score_run(run.id).agent_view()
            outcomes[name] = view
            if name == "forge.py:guard_code":  # its payload must not run: scored as if absent
                continue
            assert not view["valid"], f"{name} scored valid: {view}"
        # the honest starting model, untrained, is valid: the refusals above are not blanket
        honest = tmp_path / "honest" / "model.mlm"
        honest.parent.mkdir()
        _export(_honest(VOCAB), honest)
        # (the run's final scoring: a scoring before it would evaluate the same model twice)
        runs.put_files(run.id, {"model.mlm": honest.read_bytes()})
        runs.finish_run(run.id)
        view = runs.read_log(run.id)[-1]
        assert view["kind"] == "final", view
        assert view["valid"] and math.isfinite(float(view["score"])), view
        guarded = outcomes["forge.py:guard_code"]
        assert isinstance(guarded, dict) and guarded["valid"], guarded
        assert guarded["score"] == view["score"], "the guard code changed the evaluation"
    finally:
        runs.finish_run(run.id, final_score=False)  # a run the loop left: stopped, not scored
    # the operator and value routes export, so the scorer itself refuses them
    deflated = outcomes["forge.py:deflated"]
    assert isinstance(deflated, dict) and "uncompressed records" in str(deflated["reason"])
    unexported = [k for k, v in outcomes.items() if v == "not exportable"]
    operator_routes = ("forbidden", "integer_lookup", "reinterpret_bytes")
    assert not [k for k in unexported if k.startswith(operator_routes)], unexported


def test_the_test_split_never_reaches_the_agent(published: str) -> None:
    names = agent_image_paths(published)
    assert any("mlm-data" in n for n in names)
    assert not any("mlm-test" in n or n.endswith("test.bin") for n in names)
    assert not any(n.startswith(("scoring", "reference")) for n in names)
    run = runs.start_run(published, variant="lite", backend="docker")
    try:
        probe = runs.exec_in_run(
            run.id,
            ["sh", "-c", 'ls /assets; echo "[$ENVSPEC_ASSET_MLM_TEST]"; find / -name test.bin'],
        )
    finally:
        runs.finish_run(run.id)
    out = probe.stdout.decode()
    assert "mlm-data" in out and "mlm-test" not in out and "[]" in out
    assert "test.bin" not in out, json.dumps(out)
