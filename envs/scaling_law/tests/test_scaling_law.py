"""scaling_law `lite` through the runtime on both backends: the data asset rebuilds to its
pinned digest; the trainer service trains for the agent and meters FLOPs, refusing experiments
above the cap before they cost anything; the data and the ground truth never reach the agent;
answers' scores stay hidden (two answers with different scores read the same but for the FLOP
fraction); an answer outside the FLOP band is invalid.

The published ground truth was swept on the H200 (calibration/lite-truth-figures.json) and
cannot be rebuilt bit for bit on this CPU: these tests sweep a small one of their own with the
same builder and pin it in a copy of the environment."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from envspec.models.reference import RegistryTarget
from envspec.oci.assets import push_asset
from envspec.runtime import runs
from envspec.schema import load_manifest
from tests.support.envs import (
    assert_pinned,
    copy_with_pins,
    load_module,
    publish,
    require_torch,
)
from tests.support.fixtures import module_folder

require_torch()  # the builders train with it

pytestmark = [
    pytest.mark.integration,
    pytest.mark.usefixtures("torch_cpu_base", "services_base", "interpreter_for_run_users"),
    pytest.mark.skipif(os.geteuid() != 0, reason="the local backend's services need root"),
]

ENV = Path(__file__).resolve().parents[1]
TRUTH_REPO = "envspec/scaling_law-test-truth"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The data asset rebuilt from packages and a small ground truth swept here, pushed to a
    store of this module's own."""
    with module_folder(tmp_path_factory, "scaling_law") as root:
        load_module(ENV / "scoring" / "build_data.py", "sl_e2e").main(root / "data")
        truth = load_module(ENV / "scoring" / "build_truth.py", "sl_e2e")
        sweep = ["--seeds", "1", "--jobs", "2", "--threads", "1", "--target", "2e9"]
        widths = ["--widths", "12,20,3"]
        truth.main([str(root / "data"), "lite", str(root / "truth"), *sweep, *widths])
        target = RegistryTarget(store=str(root / "store"))
        push_asset(root / "data", target, "scaling_law-data", "1.0.0")
        pushed = push_asset(root / "truth", target, TRUTH_REPO.split("/")[1], "1.0.0")
        (root / "truth-ref").write_text(f"{TRUTH_REPO}@{pushed.digest}")
        yield root / "store"


@pytest.fixture(scope="module")
def published(store: Path) -> str:
    pins = {"truth": (store.parent / "truth-ref").read_text()}
    env = copy_with_pins(ENV, store.parent / "env" / "scaling_law", "lite", pins)
    return publish(env, store)


def test_the_data_asset_rebuilds_to_its_pinned_digest(store: Path) -> None:
    data = [a for a in load_manifest(ENV).assets_of("lite") if a.name == "data"]
    assert_pinned(store, tuple(data), "1.0.0", "run scoring/build_data.py and push it")


#: asks the trainer for each experiment given as N_EMBD:MAX_ITERS; prints status and body
TRAIN = """
import json, os, sys, urllib.error, urllib.request
url, key = os.environ["ENVSPEC_SERVICE_TRAINER_URL"], os.environ["ENVSPEC_SERVICE_TRAINER_KEY"]
out = []
for spec in sys.argv[1:]:
    n, i = (int(x) for x in spec.split(":"))
    body = json.dumps({"n_embd": n, "max_iters": i}).encode()
    req = urllib.request.Request(url + "/v1/runs", data=body,
        headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=600) as r:
            out.append([r.status, json.loads(r.read())])
    except urllib.error.HTTPError as e:
        out.append([e.code, json.loads(e.read())])
print(json.dumps(out))
"""


def _agent(run_id: str, argv: list[str]) -> str:
    done = runs.exec_in_run(run_id, argv, timeout=600)
    assert done.exit_code == 0, done.stderr.decode()
    return done.stdout.decode()


def _answer(run_id: str, answer: dict[str, Any]) -> dict[str, Any]:
    runs.put_files(run_id, {"answer.json": json.dumps(answer).encode()})
    view = runs.score_run(run_id).agent_view()
    return {k: v for k, v in view.items() if k not in ("seq", "timestamp", "elapsed_s")}


@pytest.mark.parametrize("backend", ["docker", "local"])
def test_trainer_cap_hidden_score_and_band(published: str, backend: str) -> None:
    run = runs.start_run(published, variant="lite", backend=backend)
    family = load_module(ENV / "scoring" / "experiment.py", "sl_e2e").Family.of(
        load_manifest(ENV).variant("lite").parameters
    )
    try:
        seen = json.loads(
            _agent(run.id, ["python3", "-c", "import os,json;print(json.dumps(dict(os.environ)))"])
        )
        assert not any(k.startswith("ENVSPEC_ASSET_") for k in seen), "an asset reached the agent"
        listing = _agent(run.id, ["sh", "-c", "ls /assets 2>&1; ls / "])
        assert "truth" not in listing and "data" not in listing.split()
        (ok, trained), (over, refused) = json.loads(
            _agent(run.id, ["python3", "-c", TRAIN, "16:5", "64:5000"])
        )
        assert ok == 200 and trained["flops"] == family.flops(16, 5) and trained["validation"]
        assert over == 400 and "at most" in refused["error"]["message"]
        starting = _answer(run.id, {"n_embd": 36, "max_iters": 640, "loss_prediction": 5.0})
        other = _answer(run.id, {"n_embd": 20, "max_iters": 2543, "loss_prediction": 9.0})
        assert starting["valid"] and other["valid"] and "score" not in starting
        # what the agent reads differs only in the FLOP fraction, never by the hidden score
        assert re.sub(r"[0-9.]+", "#", starting["message"]) == re.sub(
            r"[0-9.]+", "#", other["message"]
        )
        assert set(starting) == set(other)
        full = runs.read_log(run.id, full=True)
        assert full[-1]["score"] != full[-2]["score"]  # the operator's log has them
        band = _answer(run.id, json.loads((ENV / "exploits" / "out_of_band.json").read_text()))
        assert not band["valid"]
        # a prediction near the largest float overflowed a normalised score for some hidden
        # scales: refused by its range alone, with one message
        probe = json.loads((ENV / "exploits" / "overflow_probe.json").read_text())
        overflow = _answer(run.id, probe)
        assert not overflow["valid"] and "from 0 to 100" in overflow["message"], overflow
    finally:
        result = runs.finish_run(run.id)
    trainer = result["services"]["trainer"]
    assert trainer["unit"] == "flops" and trainer["agent"] == family.flops(16, 5)
