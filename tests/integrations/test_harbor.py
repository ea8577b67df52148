"""`envspec export --format harbor`: loaded by Harbor's own task model, and its scripts run
the way a Harbor trial runs them (agent container, oracle, separate verifier) on real Docker.

Harbor itself needs Python 3.12 to run trials; this machine has 3.11, so the trial is replayed
with the Docker SDK step by step as Harbor's docker environment does it (see harbor.trial).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from envspec.cli.main import main
from envspec.errors import EnvspecError
from envspec.integrations.harbor import export_harbor
from envspec.models.reference import Reference, RegistryTarget
from envspec.oci import engine
from envspec.oci.pull import pull_environment
from tests.support.fixtures import TINY, copy_env, edit_env

LOADER = Path(__file__).with_name("harbor_load.py")


def harbor_view(task_dir: Path) -> dict[str, Any]:
    """Harbor's parse of a task directory (Harbor's Task, TaskConfig, verifier resolution)."""
    done = subprocess.run(
        [sys.executable, str(LOADER), str(task_dir)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-3000:]
    view: dict[str, Any] = json.loads(done.stdout)
    return view


@pytest.fixture()
def exported(tmp_path: Path, python_base: str, capsys: pytest.CaptureFixture[str]) -> Path:
    """The tiny folder exported through the CLI (pushed to an OCI layout in a temp dir)."""
    out = tmp_path / "harbor-task"
    store = f"oci:{tmp_path / 'store'}"
    code = main(["export", "--format", "harbor", str(TINY), "-o", str(out), "--registry", store])
    assert code == 0, capsys.readouterr().err
    assert f"envspec pull {store}:envspec/tiny:0.1.0@sha256:" in capsys.readouterr().out
    return out


@pytest.mark.integration
def test_harbor_loads_the_export(exported: Path) -> None:
    view = harbor_view(exported)
    assert view["valid_dir"] and view["round_trips"]
    assert view["name"] == "envspec/tiny-lite"
    assert view["instruction"] == (TINY / "task" / "instructions.md").read_text()
    cfg = view["config"]
    assert cfg["agent"] == {**cfg["agent"], "timeout_sec": 600.0, "user": "agent"}
    env = cfg["environment"]
    assert (env["cpus"], env["memory_mb"], env["gpus"]) == (1, 1024, None)
    assert env["network_mode"] == "no-network" and env["workdir"] == "/home/agent/solution"
    # the scorer runs in its own container, from tests/ (its Dockerfile bakes the tests in)
    assert view["verifier_mode"] == "separate" and view["bundled_tests"]
    assert view["verifier_dir"] == str(exported / "tests")
    assert cfg["verifier"]["environment"]["network_mode"] == "no-network"
    assert cfg["verifier"]["timeout_sec"] == 60.0 + 60.0
    assert [a if isinstance(a, str) else a["source"] for a in cfg["artifacts"]] == [
        "/home/agent/solution"
    ]
    meta = cfg["metadata"]
    assert meta["envspec_visibility"] == "visible" and meta["envspec_budget_scorer_calls"] == 20
    assert (meta["envspec_normalisation_starting"], meta["envspec_normalisation_reference"]) == (
        42.0,
        0.0,
    )
    assert view["solve"].endswith("solution/solve.sh") and view["test"].endswith("tests/test.sh")
    assert (exported / "solution" / "files" / "answer.txt").read_text() == "42\n"
    readme = (exported / "README.md").read_text()
    for gap in ("Score visibility", "Intermediate scoring", "Normalisation", "No score"):
        assert f"**{gap}**" in readme
    # nothing of the scorer's hidden files is in what the agent's side is built from
    assert "target" not in (exported / "environment" / "Dockerfile").read_text()


@pytest.mark.integration
def test_harbor_trial_replayed_oracle_one_nop_zero(exported: Path) -> None:
    spec = json.loads((exported / "tests" / "envspec.json").read_text())
    pull_environment(Reference.parse(spec["reference"]), lock_path=None)
    client = engine.client()
    agent_img = engine.build_dockerfile(exported / "environment", tag="envspec-test/harbor-agent")
    tests_img = engine.build_dockerfile(exported / "tests", tag="envspec-test/harbor-verifier")
    assert _reward(client, agent_img, tests_img, exported, oracle=True) == {
        "reward": 1.0,
        "valid": 1.0,
        "raw": 0.0,
    }
    assert _reward(client, agent_img, tests_img, exported, oracle=False) == {
        "reward": 0.0,
        "valid": 1.0,
        "raw": 42.0,
    }


def _reward(client: Any, agent_img: str, tests_img: str, task: Path, *, oracle: bool) -> Any:
    """One trial as Harbor runs it: the agent's container (the oracle runs solve.sh as the
    agent user), the workdir collected as an artifact, a fresh verifier container without
    network with the artifact at the same path, test.sh, then the reward file."""
    with _container(client, agent_img, user="agent", network_mode="none") as agent:
        if oracle:
            agent.put_archive("/", _tar(task / "solution", "solution"))
            code, out = agent.exec_run(["sh", "/solution/solve.sh"], user="agent")
            assert code == 0, out
        stream, _ = agent.get_archive("/home/agent/solution")
        workdir = b"".join(stream)
    with _container(client, tests_img, network_mode="none") as verifier:
        verifier.exec_run(["mkdir", "-p", "/logs/verifier", "/home/agent"])
        verifier.put_archive("/home/agent", workdir)
        code, out = verifier.exec_run(["sh", "/tests/test.sh"])
        assert code == 0, out
        stream, _ = verifier.get_archive("/logs/verifier/reward.json")
        with tarfile.open(fileobj=io.BytesIO(b"".join(stream))) as tar:
            member = tar.extractfile("reward.json")
            assert member is not None
            return json.loads(member.read())


@contextmanager
def _container(client: Any, image: str, **kwargs: Any) -> Iterator[Any]:
    c = client.containers.run(image, ["sleep", "300"], detach=True, init=True, **kwargs)
    try:
        yield c
    finally:
        c.remove(force=True)


def _tar(src: Path, arcname: str) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        tar.add(src, arcname=arcname)
    return buf.getvalue()


@pytest.mark.integration
def test_export_from_a_reference_has_no_solution(tmp_path: Path, python_base: str) -> None:
    from envspec.oci.push import push_environment

    store = tmp_path / "store"
    ref = str(push_environment(TINY, RegistryTarget(store=str(store))).environment)
    done = export_harbor(ref, tmp_path / "task")
    assert not done.has_solution and not (tmp_path / "task" / "solution").exists()
    view = harbor_view(tmp_path / "task")
    assert view["valid_dir"]
    # read from the agent image: the same text the folder has
    assert view["instruction"] == (TINY / "task" / "instructions.md").read_text()
    assert "No `solution/`" in (tmp_path / "task" / "README.md").read_text()
    with pytest.raises(EnvspecError, match="not empty"):
        export_harbor(ref, tmp_path / "task")
    again = export_harbor(ref, tmp_path / "task", force=True)
    assert again.reference == done.reference


def test_export_refuses_a_variant_with_its_own_assets(tmp_path: Path, python_base: str) -> None:
    from envspec.oci.assets import push_asset
    from envspec.oci.push import push_environment

    store = RegistryTarget(store=str(tmp_path / "store"))
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "hint.txt").write_text("hint\n")
    asset = push_asset(tmp_path / "a", store, "hint", "1.0.0")
    env = copy_env(TINY, tmp_path / "env", name="ownassets")

    def edit(data: dict[str, Any]) -> None:
        ref = f"envspec/hint@{asset.digest}"
        entry = {"name": "hint", "ref": ref, "mount": "/assets/hint", "visibility": "agent"}
        data["variants"]["lite"]["assets"] = [entry]

    edit_env(env, edit)
    ref = str(push_environment(env, store, assets_from=f"oci:{tmp_path / 'store'}").environment)
    with pytest.raises(EnvspecError, match="has its own assets") as e:
        export_harbor(ref, tmp_path / "task")
    assert "top-level" in (e.value.hint or "")
    assert not (tmp_path / "task").exists()


def test_export_refuses_unknown_formats(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["export", "--format", "swebench", str(TINY), "-o", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert code == 2 and "unknown export format 'swebench'" in err and "harbor" in err


@pytest.mark.integration
def test_export_from_a_registry_pins_images_by_digest(
    tmp_path: Path, python_base: str, registry: Any
) -> None:
    """From a registry, the Dockerfiles pull both images by digest (Docker builds it)."""
    from envspec.oci.push import push_environment

    pushed = push_environment(TINY, RegistryTarget.parse(f"{registry.host}/team"))
    done = export_harbor(str(pushed.environment), tmp_path / "task")
    agent = f"{registry.host}/team/tiny@{pushed.agent.digest}"
    scorer = f"{registry.host}/team/tiny-scorer@{pushed.scorer.digest}"
    assert (done.agent_image, done.scorer_image, done.needs_pull) == (agent, scorer, False)
    assert f"FROM {agent}\n" in (tmp_path / "task" / "environment" / "Dockerfile").read_text()
    assert f"FROM {scorer}\n" in (tmp_path / "task" / "tests" / "Dockerfile").read_text()
    built = engine.build_dockerfile(
        tmp_path / "task" / "environment", tag="envspec-test/harbor-pin"
    )
    user = engine.client().images.get(built).attrs["Config"]["User"]
    assert user == "agent"


def test_export_help_renders(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "--help"]) == 0
    assert "host[:port]/namespace or oci:PATH" in capsys.readouterr().out
