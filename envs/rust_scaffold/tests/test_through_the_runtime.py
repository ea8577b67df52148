"""rust_scaffold through the runtime on both backends, with the real llama.cpp engine serving the
packaged SmolLM2 in place of the coder model (CI's CPUs; the coder's figures are calibrated by
an explicit command): the starting scaffold is scored, its tokens counted under the scoring's
cap, and every exploit solves nothing; no problem or scorer file is in the agent's image."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from envspec.assets.models import build_model
from envspec.assets.secret import AssetSecret
from envspec.authoring.exploits import apply_exploit, find_exploits
from envspec.models.reference import RegistryTarget
from envspec.oci.assets import push_asset
from envspec.runtime import runs
from envspec.schema import load_manifest
from tests.support.envs import agent_image_paths, copy_with_pins, load_module, publish
from tests.support.fixtures import module_folder

pytestmark = [
    pytest.mark.integration,
    pytest.mark.usefixtures("services_base", "interpreter_for_run_users"),
    pytest.mark.timeout(2400),
    pytest.mark.skipif(os.geteuid() != 0, reason="the judge's sandbox needs root"),
    pytest.mark.skipif(
        not Path("/usr/bin/rustc").exists(), reason="Debian's rustc-web (scripts/bootstrap)"
    ),
]

ENV = Path(__file__).resolve().parents[1]
#: lite, small: batches and caps for SmolLM2 on six problems (standard is left out: its
#: hidden set is the operator's)
SMALL = {
    "batch_size": 3,
    "batch_seconds": 90,
    "total_seconds": 200,
    "max_tokens": 48,
    "scoring_tokens": 3000,
}
#: the packaged SmolLM2 as an asset: the same wheel always gives this digest
SMOLLM2 = "sha256:1859f286f4bafcb76da541b1a86b2f570ccda67fb827f1eade61e3f8b116975e"


def _builder():  # type: ignore[no-untyped-def]
    return load_module(ENV / "builder" / "build_assets.py", "rs")


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The environment with a small hidden set from a secret of the test's own, SmolLM2 for
    the coder, and small batches and caps; published to a store of the module's own."""
    with module_folder(tmp_path_factory, "rust_scaffold") as root:
        target = RegistryTarget(store=str(root / "store"))
        _builder().build(
            root / "sets", AssetSecret(os.urandom(32), "fresh"), only=list(_builder().SMALL_BANK)
        )
        pins = {}
        for name, repo in (
            ("visible", "rust_scaffold-visible"),
            ("hidden", "rust_scaffold-lite-hidden"),
        ):
            # the small bank's six hidden problems (lite's selection by rating would keep
            # one to four of them)
            folder = root / "sets" / name
            pushed = push_asset(folder, target, repo, "1.0.0")
            pins[name] = f"envspec/{repo}@{pushed.digest}"
        cache = Path.home() / ".cache" / "envspec-tests" / "wheels"
        build_model("smollm2-135m-instruct", root / "model", cache=cache)
        pushed = push_asset(root / "model", target, "model-smollm2-135m-instruct", "1.0.0")
        assert pushed.digest == SMOLLM2
        pins["coder"] = f"envspec/model-smollm2-135m-instruct@{pushed.digest}"
        env = copy_with_pins(ENV, root / "env" / "rust_scaffold", "lite", pins)
        manifest = env / "envspec.yaml"
        data = yaml.safe_load(manifest.read_text())
        data["version"] += "-ci"
        del data["variants"]["standard"]
        data["variants"]["lite"]["parameters"].update(SMALL)
        # one scoring of the starting scaffold and one of each exploit, in one run
        data["variants"]["lite"]["budgets"]["scorer_calls"] = 1 + len(find_exploits(ENV))
        manifest.write_text(yaml.safe_dump(data, sort_keys=False))
        yield publish(env, root / "store")


@pytest.mark.parametrize("backend", ["docker", "local"])
def test_the_starting_scaffold_and_every_exploit_through_the_runtime(
    published: str, backend: str
) -> None:
    manifest = load_manifest(ENV)
    exploits = find_exploits(ENV)
    assert {e.name for e in exploits} >= {
        "read_hidden",
        "program_reads_tests",
        "linger",
        "hardcode_examples",
        "exceed_limits",
        "break_the_judge",
    }
    starting = (ENV / "task" / "solution" / "scaffold.py").read_bytes()
    run = runs.start_run(published, variant="lite", backend=backend)
    try:
        first = runs.score_run(run.id)
        view = first.agent_view()
        assert view["valid"], view
        message = json.loads(str(view["message"]))
        assert message["n_problems"] == 6 and message["n_successes"] == 0
        outcomes = {}
        for exploit in exploits:
            runs.put_files(run.id, {"scaffold.py": starting})
            note = apply_exploit(run.id, exploit, manifest)
            outcome = runs.score_run(run.id)
            view = outcome.agent_view()
            outcomes[exploit.name] = outcome.record.details
            assert view["valid"], f"{exploit.name} ({note}): {view}"
            assert json.loads(str(view["message"]))["n_successes"] == 0, exploit.name
    finally:
        # no final scoring: it would score the last exploit again, which tells nothing more
        runs.finish_run(run.id, final_score=False)
    tokens = first.record.details["tokens"]
    assert 0 < tokens["used"] <= tokens["cap"] == 3000, tokens
    flood = outcomes["token_flood"]["tokens"]
    assert flood["used"] <= flood["cap"] and flood["refused"] > 0, outcomes["token_flood"]
    # the examples' answers pass the examples and fail the first hidden test
    assert set(outcomes["hardcode_examples"]["verdicts"].values()) == {"wrong answer"}, outcomes
    # each broken limit is caught as its own kind, and the scoring still judged every problem
    # (batches of three: output, memory and sleep in each, after the children, threads and disk)
    verdicts = outcomes["exceed_limits"]["verdicts"]
    assert len(verdicts) == 6, verdicts
    assert set(verdicts.values()) == {"output limit", "runtime error", "time limit"}, verdicts


def test_no_problem_or_scorer_file_is_in_the_agent_image(published: str) -> None:
    paths = agent_image_paths(published)
    assert not any(p.startswith("scoring") or "/bank/" in p or "hidden" in p for p in paths)
    assert any(p.endswith("solution/rust_tools.py") for p in paths)
