"""Fixtures shared by tests/ and envs/*/tests: the real Docker engine, base images, environments."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

from envspec import constants
from envspec.errors import EngineError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TINY = FIXTURES / "envs" / "tiny"


def _unavailable(reason: str) -> None:
    # In CI the test command starts everything; an integration test that cannot run is a failure.
    if os.environ.get("CI"):
        pytest.fail(f"integration prerequisite missing in CI: {reason}")
    pytest.skip(f"INTEGRATION TEST SKIPPED: {reason} (run scripts/test to set it up)")


@pytest.fixture(scope="session")
def docker_engine() -> object:
    """The real Docker engine (scripts/bootstrap starts dockerd)."""
    from envspec.oci import engine

    try:
        return engine.client()
    except EngineError as e:
        _unavailable(str(e))
        raise


@pytest.fixture(scope="session")
def python_base(docker_engine: object) -> str:
    """The python base image, built offline when missing."""
    from envspec.oci import base, engine

    tag = constants.BASE_IMAGES["python"]
    if engine.image_id(tag) is None:
        base.build_python_base(base.BaseOptions(), tag=tag)
    return tag


@pytest.fixture(scope="session")
def services_base(python_base: str) -> str:
    """The services base image (the metering proxy and llama.cpp), built when missing."""
    from envspec.oci import base, engine

    tag = constants.BASE_IMAGES["services"]
    if engine.image_id(tag) is None:
        base.build_services_base(base.BaseOptions(), tag=tag)
    return tag


@pytest.fixture(scope="session")
def torch_cpu_base(python_base: str) -> str:
    """The torch-cpu base image, built from the local wheelhouse when missing."""
    from envspec.oci import base, engine

    tag = constants.BASE_IMAGES["torch-cpu"]
    if engine.image_id(tag) is None:
        wheelhouse = Path(os.environ.get("ENVSPEC_WHEELHOUSE", "/opt/wheels"))
        if not wheelhouse.is_dir():
            _unavailable(f"no wheelhouse with a CPU torch wheel at {wheelhouse}")
        base.build_torch_cpu_base(base.BaseOptions(wheelhouse=wheelhouse), tag=tag)
    return tag


#: who holds the interpreter's folders open: every test process of the machine (xdist's workers,
#: a second suite) shares it, so the last one out closes them, never one still in use
OPEN_FOLDERS = Path(tempfile.gettempdir()) / "envspec-tests-open-folders.json"


@contextmanager
def _open_folders_state() -> Iterator[dict[str, Any]]:
    """The shared state (holders, the modes to restore), read and written under a lock."""
    with open(OPEN_FOLDERS.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            state = json.loads(OPEN_FOLDERS.read_text())
        except (OSError, ValueError):
            state = {"holders": [], "modes": {}}
        # a holder killed before its teardown holds nothing
        state["holders"] = [pid for pid in state["holders"] if Path(f"/proc/{pid}").exists()]
        yield state
        OPEN_FOLDERS.write_text(json.dumps(state))


@pytest.fixture(scope="session")
def interpreter_for_run_users() -> Iterator[None]:
    """The local backend runs the agent's ``python`` and the scorer kit's sandboxed workers
    with this interpreter, as other users: as root, open every folder above it for them to pass
    through (a Python under a 0700 /root, as on CI machines), as an operator would, and close
    them again when the last test process that needs them ends (xdist's workers each hold
    them: one closing them under another's running test broke it)."""
    if os.geteuid() != 0:
        yield
        return
    with _open_folders_state() as state:
        state["holders"].append(os.getpid())
        for folder in Path(sys.executable).resolve().parents:
            mode = folder.stat().st_mode
            if not mode & 0o001:
                state["modes"][str(folder)] = mode
                folder.chmod(mode | 0o001)
    try:
        yield
    finally:
        with _open_folders_state() as state:
            state["holders"] = [pid for pid in state["holders"] if pid != os.getpid()]
            if not state["holders"]:
                for folder, mode in state["modes"].items():
                    Path(folder).chmod(mode)
                state["modes"] = {}


@pytest.fixture(autouse=True, scope="session")
def _interrupts_reach_commands() -> None:
    """Ctrl-C reaches the commands the tests start: a suite started in the background
    (pytest-xdist's workers under ``nohup ... &``) has SIGINT ignored, which every process it
    starts inherits, so `envspec exec` could not be interrupted as the tests interrupt it.
    A handler of this process's own is reset to the default in each child."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True, scope="session")
def _isolated_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The whole session, module fixtures included, has an ENVSPEC_HOME of its own (its
    image cache saves exports; nothing lands in the developer's home) and a private
    DOCKER_CONFIG, so no developer credentials leak in."""
    # a short folder of its own, not under pytest's basetemp: a run's service sockets must lie
    # within 107 bytes, and under pytest-xdist basetemp is a level deeper
    home = Path(tempfile.mkdtemp(prefix="envspec-home-"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ENVSPEC_HOME", str(home))
        docker_config = tmp_path_factory.getbasetemp() / "docker-config"
        docker_config.mkdir(exist_ok=True)
        mp.setenv("DOCKER_CONFIG", str(docker_config))
        for var in ("USERNAME", "PASSWORD", "CA"):
            mp.delenv(f"ENVSPEC_REGISTRY_{var}", raising=False)
        mp.delenv("ENVSPEC_WORK", raising=False)  # runs' folders: the home's own, below
        try:
            yield
        finally:
            from envspec.runtime.backends.local import work_root

            # as root the home's runs' folders lie outside it (/var/lib/envspec-work/<home>)
            shutil.rmtree(work_root(), ignore_errors=True)
            shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(autouse=True, scope="module")
def _caches_outlive_no_module(_isolated_home: None) -> Iterator[None]:
    """An environment's test file (envs/*/tests) leaves no exports, unpacked images or fetched
    assets behind: another file's environment shares none of them, and kept for the whole
    session they were gigabytes of CI's disk (a run ran out of it)."""
    yield
    shutil.rmtree(constants.envspec_home() / "cache", ignore_errors=True)


@pytest.fixture(autouse=True)
def _no_run_outlives_its_test() -> Iterator[None]:
    """A test that fails half-way must not leave containers, volumes or leases behind."""
    yield
    from envspec.runtime import runs, runstore

    for run in runstore.all_runs():
        if run.status in ("starting", "running", "expired"):
            try:
                runs.finish_run(run.id)
            except Exception as e:  # report, but let the other runs be cleaned too
                print(f"cleanup of run {run.id} failed: {e}")


@contextmanager
def module_folder(factory: pytest.TempPathFactory, name: str) -> Iterator[Path]:
    """A folder for a module-scoped fixture, removed when the module is done with it: the suite
    writes gigabytes of stores, models and images, and CI's disk is finite."""
    path = factory.mktemp(name)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def copy_env(src: Path, dest: Path, *, name: str | None = None, version: str | None = None) -> Path:
    """Copy a fixture environment, optionally renaming it or changing its version."""
    shutil.copytree(src, dest)
    manifest = dest / "envspec.yaml"
    text = manifest.read_text()
    if name is not None:
        text = text.replace("\nname: tiny\n", f"\nname: {name}\n")
    if version is not None:
        text = text.replace("\nversion: 0.1.0\n", f"\nversion: {version}\n")
    manifest.write_text(text)
    return dest


@pytest.fixture()
def tiny_env(tmp_path: Path) -> Path:
    """A private copy of the tiny fixture environment."""
    return copy_env(TINY, tmp_path / "tiny")


@pytest.fixture()
def registry(tmp_path: Path) -> Iterator[object]:
    """A plain loopback registry."""
    from tests.support.registry import run_registry

    with run_registry(tmp_path / "registry") as info:
        yield info


@pytest.fixture()
def secure_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """A loopback registry with htpasswd auth and TLS; envspec's env vars point at it."""
    from tests.support.registry import run_registry

    with run_registry(tmp_path / "registry", htpasswd=("alice", "s3cret-pw"), tls=True) as info:
        monkeypatch.setenv("ENVSPEC_REGISTRY_USERNAME", "alice")
        monkeypatch.setenv("ENVSPEC_REGISTRY_PASSWORD", "s3cret-pw")
        monkeypatch.setenv("ENVSPEC_REGISTRY_CA", str(info.ca_cert))
        yield info


def edit_env(env_dir: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    """Change a copied environment's manifest in place (load, edit, dump)."""
    path = env_dir / "envspec.yaml"
    data = yaml.safe_load(path.read_text())
    edit(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return env_dir


@pytest.fixture()
def publish(tmp_path: Path, python_base: str) -> Callable[..., str]:
    """Publish a variant of the tiny environment to the embedded store; returns its reference.

    ``publish(name, edit=None)`` copies the fixture under a new name, applies ``edit`` to its
    manifest, builds and pushes it (identical content re-pushes as a no-op).
    """
    from envspec.models.reference import RegistryTarget
    from envspec.oci.push import push_environment

    def _publish(name: str = "tiny", edit: Callable[[dict[str, Any]], None] | None = None) -> str:
        env = copy_env(TINY, tmp_path / f"env-{name}", name=name)
        if edit is not None:
            edit_env(env, edit)
        target = RegistryTarget(store=str(constants.default_store_path()))
        pushed = push_environment(env, target)
        return str(pushed.environment)

    return _publish


@dataclass
class LeasedUids:
    """The sandbox uid blocks this test process's scorings leased, and the processes found alive
    in each when its scoring had returned, looked at while the block was still theirs (once
    released, a concurrent test on another pytest-xdist worker may lease the same block, and its
    live sandboxes are not ours). None may be left."""

    blocks: list[tuple[int, int]] = field(default_factory=list)
    left: list[int] = field(default_factory=list)


@pytest.fixture
def leased_uids(monkeypatch: pytest.MonkeyPatch) -> LeasedUids:
    """Records the blocks that ``sandbox_uids.lease`` hands out during the test, and what is
    alive in each when the scoring that held it has returned."""
    from envspec.kit import scorer_kit
    from envspec.runtime import sandbox_uids

    seen = LeasedUids()
    real = sandbox_uids.lease

    @contextmanager
    def recording() -> Iterator[tuple[int, int]]:
        with real() as block:
            seen.blocks.append(block)
            yield block
            for uid in scorer_kit.uids_with_processes(*block):
                seen.left.extend(scorer_kit.processes_of(uid))

    monkeypatch.setattr(sandbox_uids, "lease", recording)
    return seen
