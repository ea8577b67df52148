"""The pure manifest model: defaults, durations, normalisation, lookups, summaries."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from envspec.constants import DEFAULT_BASE_IMAGE
from envspec.errors import EnvspecError
from envspec.models.manifest import (
    Gpu,
    Hardware,
    Manifest,
    Normalisation,
    Provenance,
    parse_duration,
)
from envspec.runtime.services import split_gpus

DIGEST = "sha256:" + "ab" * 32


def minimal() -> dict[str, Any]:
    return {
        "envspec": 1,
        "name": "tiny",
        "version": "0.1.0",
        "title": "Tiny",
        "summary": "A tiny environment.",
        "authors": ["A. Author"],
        "license": "MIT",
        "canary": "CANARY-0123456789abcdef",
        "images": {},
        "task": {"instructions": "task/instructions.md", "workdir": "/home/agent/solution"},
        "variants": {
            "lite": {
                "hardware": {"cpus": 2, "memory_gb": 4},
                "budgets": {"wall_time": "1h"},
            },
            "standard": {
                "base": "envspec/base-torch-cpu:bookworm",
                "hardware": {
                    "cpus": 16,
                    "memory_gb": 64,
                    "gpu": {"count": 2, "models": ["h100", "h200"], "memory_gb": 80},
                },
                "budgets": {"wall_time": "8h", "gpu_hours": 16, "scorer_calls": 10},
                "normalisation": {
                    "starting": 2.0,
                    "reference": 1.0,
                    "provenance": {
                        "hardware": "1x H200",
                        "date": "2026-11-29",
                        "envspec_version": "0.1.0",
                        "repeats": 3,
                        "spread": {"starting": 0.1, "reference": 0.05},
                    },
                },
            },
        },
        "scoring": {
            "entrypoint": ["python", "/scoring/score.py"],
            "metric": "seconds",
            "direction": "minimise",
            "aggregation": "best",
            "visibility": "hidden",
            "timeout": "10m",
        },
        "assets": [
            {"name": "data", "ref": f"r/ns/data@{DIGEST}", "mount": "/d", "visibility": "scorer"}
        ],
    }


def test_from_dict_applies_defaults() -> None:
    data = minimal()
    before = copy.deepcopy(data)
    m = Manifest.from_dict(data)
    assert data == before, "from_dict must not modify its input"
    assert m.images.context == "."
    assert m.images.dockerfile == "Dockerfile"
    assert m.images.dockerfile_relpath == "Dockerfile"
    assert (m.images.agent_target, m.images.scorer_target) == ("agent", "scorer")
    assert m.images.base == DEFAULT_BASE_IMAGE
    assert m.images.build_args == {}
    assert m.task.user == "agent"
    assert m.task.solution is None
    assert m.task.solution_path == "/home/agent/solution"
    assert m.scoring.intermediate is True
    assert m.scoring.hidden
    assert m.variants["lite"].network == "none"
    assert m.variants["lite"].normalisation is None
    assert not m.variants["lite"].calibrated
    assert m.services == ()
    assert m.assets[0].digest == DIGEST
    assert m.assets[0].hidden
    assert m.id == "tiny:0.1.0"
    # raw and to_dict carry the defaults and are JSON-serialisable
    out = m.to_dict()
    assert out["images"]["base"] == DEFAULT_BASE_IMAGE
    assert out["scoring"]["intermediate"] is True
    assert out["variants"]["lite"]["network"] == "none"
    assert json.loads(json.dumps(out)) == out
    out["name"] = "changed"
    assert m.to_dict()["name"] == "tiny", "to_dict returns a fresh copy"


def test_from_dict_keeps_given_values() -> None:
    data = minimal()
    data["images"] = {"context": "build", "dockerfile": "docker/Dockerfile", "base": "x/y:z"}
    data["task"]["solution"] = "solution.py"
    data["scoring"]["intermediate"] = False
    m = Manifest.from_dict(data)
    assert m.images.dockerfile_relpath == "build/docker/Dockerfile"
    assert m.task.solution_path == "/home/agent/solution/solution.py"
    assert m.scoring.intermediate is False
    std = m.variant("standard")
    assert std.hardware.gpu == Gpu(2, ("h100", "h200"), 80)
    assert std.budgets.gpu_hours == 16
    assert std.budgets.llm_tokens is None
    assert std.normalisation is not None
    assert std.normalisation.provenance.spread_reference == 0.05


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("8h", 28800.0), ("10m", 600.0), ("90s", 90.0), ("1.5h", 5400.0), ("0s", 0.0)],
)
def test_parse_duration(text: str, seconds: float) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "8", "h", "8 h", "8d", "-1h", "8h\n", "1e3s", "٣h"])
def test_parse_duration_rejects(text: str) -> None:
    with pytest.raises(EnvspecError) as info:
        parse_duration(text)
    assert info.value.hint


def test_budget_and_timeout_seconds() -> None:
    m = Manifest.from_dict(minimal())
    assert m.variant("standard").budgets.wall_time_seconds == 8 * 3600
    assert m.scoring.timeout_seconds == 600


def _norm(starting: float, reference: float) -> Normalisation:
    prov = Provenance("h", "2026-11-29", "0.1.0", 1, 0.0, 0.0)
    return Normalisation(starting, reference, prov)


def test_normalise_minimise() -> None:
    n = _norm(2.0, 1.0)
    assert n.normalise(2.0) == 0.0
    assert n.normalise(1.0) == 1.0
    assert n.normalise(1.5) == 0.5
    assert n.normalise(0.5) == 1.5  # better than the reference goes above 1
    assert n.normalise(3.0) == 0.0  # floored
    assert n.normalise(3.0, floor=False) == -1.0


def test_normalise_maximise() -> None:
    n = _norm(0.2, 0.8)
    assert n.normalise(0.2) == 0.0
    assert n.normalise(0.8) == pytest.approx(1.0)
    assert n.normalise(0.5) == pytest.approx(0.5)
    assert n.normalise(0.0) == 0.0


def test_normalise_refuses_degenerate_input() -> None:
    with pytest.raises(EnvspecError):
        _norm(1.0, 1.0).normalise(1.0)
    with pytest.raises(EnvspecError):
        _norm(2.0, 1.0).normalise(float("nan"))


def test_variant_did_you_mean() -> None:
    m = Manifest.from_dict(minimal())
    assert m.variant("lite").name == "lite"
    with pytest.raises(EnvspecError) as info:
        m.variant("standrad")
    assert "standrad" in info.value.message
    assert info.value.hint == "did you mean 'standard'?"
    with pytest.raises(EnvspecError) as info:
        m.variant("zzz")
    assert info.value.hint == "choose one of: lite, standard"


def test_asset_lookup() -> None:
    m = Manifest.from_dict(minimal())
    assert m.asset("data").mount == "/d"
    with pytest.raises(EnvspecError) as info:
        m.asset("dat")
    assert info.value.hint == "did you mean 'data'?"


def test_hardware_summary() -> None:
    assert Hardware(2, 4).summary() == "2 cpu, 4 GB, no GPU"
    assert Hardware(0.5, 64.5).summary() == "0.5 cpu, 64.5 GB, no GPU"
    gpu = Gpu(1, ("h100", "h200"))
    assert Hardware(2.0, 4.0, gpu=gpu).summary() == "2 cpu, 4 GB, 1x h100|h200"
    m = Manifest.from_dict(minimal())
    assert m.variant("standard").hardware.summary() == "16 cpu, 64 GB, 2x h100|h200"


def test_a_variant_serves_its_services_its_own_way() -> None:
    data = minimal()
    data["assets"].append(
        {"name": "m", "ref": f"r/m@{DIGEST}", "mount": "/m", "visibility": "service"}
    )
    data["services"] = [{"name": "coder", "kind": "openai-compatible", "model": "m", "threads": 2}]
    data["variants"]["standard"]["services"] = {"coder": {"engine": "transformers", "gpus": 1}}
    m = Manifest.from_dict(data)
    lite, standard = m.as_run_of("lite"), m.as_run_of("standard")
    assert lite is m  # nothing of its own
    (served,) = standard.services
    assert (served.engine, served.gpus, served.threads) == ("transformers", 1, 2)
    assert standard.to_dict()["services"][0]["engine"] == "transformers"  # a run's record
    assert standard.as_run_of("standard") == standard
    assert m.services[0].engine == "llamacpp"  # the manifest itself is unchanged


def test_a_service_that_shares_its_gpus_leaves_them_to_the_agent_too() -> None:
    data = minimal()
    judge = {"kind": "custom", "command": ["python", "j.py"], "routes": ["/v1/x"], "unit": "t"}
    data["services"] = [
        {"name": "judge", **judge, "gpus": 1},
        {"name": "trainer", **judge, "gpus": 1},
    ]
    m = Manifest.from_dict(data)
    assert split_gpus(m, ("0", "1", "2")) == ({"judge": ("0",), "trainer": ("1",)}, ("2",))
    data["variants"]["standard"]["services"] = {"judge": {"share_gpus": True}}
    shared = Manifest.from_dict(data).as_run_of("standard")
    assert shared.services[0].share_gpus and not shared.services[1].share_gpus
    # the judge's GPU stays the agent's; the trainer's does not
    assert split_gpus(shared, ("0", "1")) == ({"judge": ("0",), "trainer": ("1",)}, ("0",))
    assert split_gpus(shared, ("0",)) == ({"judge": ("0",), "trainer": ()}, ("0",))


def test_base_image_override() -> None:
    m = Manifest.from_dict(minimal())
    assert m.variant("lite").base_image(m) == DEFAULT_BASE_IMAGE
    assert m.variant("standard").base_image(m) == "envspec/base-torch-cpu:bookworm"


def test_scoring_better() -> None:
    m = Manifest.from_dict(minimal())
    assert m.scoring.better(1.0, 2.0)
    assert not m.scoring.better(2.0, 1.0)
