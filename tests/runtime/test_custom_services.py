"""A custom service (the environment's own program, from its scorer image) on both backends:
the agent reaches it only through the metering proxy and only on its declared routes; each
request is priced before it runs, so that concurrent requests never overshoot the budget in
the service's own unit; what is free stays free once the budget is spent; the scorer has its
own key; the result counts the unit; nothing outlives finish."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from envspec.authoring.manifest_checks import manifest_findings, static_findings
from envspec.models.reference import RegistryTarget
from envspec.oci.push import push_environment
from envspec.runtime import runs, runstore
from envspec.schema import schema_path
from tests.runtime.test_services import CONNECT, CONNECT_UNIX, NOTHING, _left, _py
from tests.support.fixtures import TINY, copy_env, edit_env, module_folder

pytestmark = [
    pytest.mark.integration,
    pytest.mark.usefixtures("services_base", "interpreter_for_run_users"),
    pytest.mark.skipif(os.geteuid() != 0, reason="the local backend's services need root"),
]


def _with_work(manifest: dict[str, Any]) -> None:
    """tiny with the custom service ``work`` (scoring/work_service.py), 10 steps and 3 requests
    for the agent."""
    manifest["variants"]["lite"]["budgets"]["units"] = {"steps": 10}
    manifest["variants"]["lite"]["budgets"]["requests"] = {"work": 3}
    manifest["services"] = [
        {
            "name": "work",
            "kind": "custom",
            "command": ["python", "/scoring/work_service.py"],
            "routes": ["/v1/work", "/v1/results/*"],
            "unit": "steps",
            "quote": "/v1/quote",
            "threads": 1,
        }
    ]


#: the agent's requests: METHOD PATH [N] ... each as one argument; all at once, in threads
ASK = """
import json, os, sys, threading, urllib.error, urllib.request
url, key = os.environ["ENVSPEC_SERVICE_WORK_URL"], os.environ["ENVSPEC_SERVICE_WORK_KEY"]
out = [None] * (len(sys.argv) - 1)
def ask(i, spec):
    method, path, *n = spec.split()
    data = json.dumps({"n": int(n[0])}).encode() if n else None
    req = urllib.request.Request(url + path, data=data, method=method,
        headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            out[i] = [r.status, json.loads(r.read())]
    except urllib.error.HTTPError as e:
        out[i] = [e.code, json.loads(e.read())]
threads = [threading.Thread(target=ask, args=(i, s)) for i, s in enumerate(sys.argv[1:])]
[t.start() for t in threads]
[t.join() for t in threads]
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def work_ref(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """tiny with the custom service, published to a store of the module's own."""
    with module_folder(tmp_path_factory, "work") as root:
        env = edit_env(copy_env(TINY, root / "env", name="tiny-work"), _with_work)
        target = RegistryTarget(store=str(root / "store"))
        yield str(push_environment(env, target).environment)


def _ask(run_id: str, *specs: str) -> list[list[Any]]:
    return list(json.loads(_py(run_id, ASK, *specs)))


@pytest.mark.parametrize("backend", ["docker", "local"])
def test_a_custom_service_is_priced_before_it_runs_and_metered_in_its_unit(
    work_ref: str, backend: str
) -> None:
    run = runs.start_run(work_ref, backend=backend)
    try:
        seen = json.loads(_py(run.id, "import os, json; print(json.dumps(dict(os.environ)))"))
        assert "OPENAI_BASE_URL" not in seen  # not a model endpoint
        # only the declared routes: the pricing route and the rest are the proxy's to refuse
        assert [s for s, _ in _ask(run.id, "POST /v1/quote 1", "GET /health2")] == [404, 404]
        # the service's own refusal (over its cap) reaches the agent as it is, and costs nothing
        over = _ask(run.id, "POST /v1/work 60")[0]
        assert over[0] == 400 and "1..50" in over[1]["error"]["message"]
        # three at once, 4 steps each, 10 in the budget: two run, the third is refused while
        # the others hold their price
        three = _ask(run.id, "POST /v1/work 4", "POST /v1/work 4", "POST /v1/work 4")
        assert sorted(s for s, _ in three) == [200, 200, 429], three
        refused = next(body for s, body in three if s == 429)["error"]
        assert refused["type"] == "insufficient_quota" and "costs 4 steps" in refused["message"]
        assert _ask(run.id, "POST /v1/work 2")[0] == [200, {"done": 2}]  # exactly what is left
        # three requests reached the service, the variant's three (neither the service's price
        # refusal nor the proxy's counted); the steps are spent too, the request cap said first
        spent, free = _ask(run.id, "POST /v1/work 1", "GET /v1/results/abc")
        assert spent[0] == 429 and "budget of 3 requests is spent" in spent[1]["error"]["message"]
        assert free == [200, {"result": "abc"}]  # reading results needs no budget
        if backend == "docker":  # the service itself answers no one but its proxy
            assert _py(run.id, CONNECT, "engine-work", "8000").startswith("unreachable")
        else:
            sock = runstore.run_dir(run.id) / "services" / "work" / "engine.sock"
            assert sock.exists()
            assert _py(run.id, CONNECT_UNIX, str(sock)).startswith("unreachable")
        # the scorer uses the service with its own key, outside the agent's budget
        runs.exec_in_run(run.id, ["sh", "-c", "echo 42 > answer.txt"])
        assert runs.score_run(run.id).agent_view()["valid"]
        assert runs.read_log(run.id, full=True)[-1]["details"]["service_status"] == 200
    finally:
        result = runs.finish_run(run.id)
    work = result["services"]["work"]
    assert work["unit"] == "steps" and work["budget"] == 10
    assert work["request_budget"] == 3 and work["agent_requests"] == 3
    jsonschema.validate(result, json.loads(schema_path("run-result-v1").read_text()))
    # the scorer's 3 steps at the score and again at finish, which scores the final solution
    assert work["agent"] == 10 and work["scorer"] == 6 and work["refused"] == 2
    assert _left(run.id) == NOTHING


def test_check_warns_of_a_custom_service_with_no_budget_in_its_unit(tmp_path: Path) -> None:
    def no_units(m: dict[str, Any]) -> None:
        _with_work(m)
        del m["variants"]["lite"]["budgets"]["units"]

    for edit, warned in ((_with_work, False), (no_units, True)):
        env = edit_env(copy_env(TINY, tmp_path / edit.__name__), edit)
        found, manifest = manifest_findings(env)
        assert manifest is not None and found == []
        codes = [f.code for f in static_findings(env, manifest, manifest.variants)]
        assert ("budget-unit-missing" in codes) is warned, codes
