"""A run's services, whatever the backend: their keys, the metering proxy's configuration, what
the agent and the scorer are told, and the usage the proxies logged.

Each service gets two keys per run, drawn when the run starts: the agent's (metered against the
variant's ``budgets.llm_tokens``) and the scorer's (counted, never refused). They live in the
run's record (the operator's, mode 0700) and reach the agent only as its environment. The
proxies append every request to ``<run dir>/services/<name>/usage.jsonl``; :func:`usage` sums
those logs for the run's result and status.
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
from pathlib import Path
from typing import Any

from envspec.errors import EngineError
from envspec.models.manifest import Manifest, Service
from envspec.models.run import RunRecord
from envspec.runtime import runstore

#: the port every proxy and engine listens on inside its own container or namespace
PORT = 8000
#: the service programs of this envspec (envspec/services), copied into service images
PROGRAMS = Path(__file__).resolve().parents[1] / "services"
#: how long a run's start waits for its engines to load their models
READY_TIMEOUT_S = 180.0
#: where the proxy finds its configuration and writes its usage log (bound from the run dir)
PROXY_DIR = "/var/lib/envspec-proxy"
#: the proxy's unix socket in its service folder: the scorer's route (scorer_kit.call_service)
SOCKET = "proxy.sock"
#: the engine's socket beside it (the local backend's engines listen on one)
ENGINE_SOCKET = "engine.sock"
#: where a scorer container finds the service folders (root-only, as on the host)
SCORER_SERVICES = "/run/envspec-services"


@dataclasses.dataclass(frozen=True)
class Engine:
    """What serves a model endpoint, and what its proxy must know of it."""

    program: str  # in envspec/services, with llama.cpp's argv (MODEL --host --port ...)
    stream_usage: str  # "ask": usage in a stream only when asked; "always": unasked
    pinned_model: bool  # it refuses requests that name another model than its own
    gpu: bool  # whether it can use the service's GPUs
    #: it reuses prompts cached from earlier requests unless a request says `cache_prompt: false`
    prompt_cache: bool = False


ENGINES = {
    "llamacpp": Engine(
        "llamacpp.py", stream_usage="ask", pinned_model=False, gpu=False, prompt_cache=True
    ),
    "transformers": Engine(
        "transformers_engine.py", stream_usage="always", pinned_model=True, gpu=True
    ),
}


def draw_keys(manifest: Manifest) -> dict[str, dict[str, str]]:
    """Fresh keys for each service of ``manifest``: ``{name: {"agent": k, "scorer": k}}``."""
    return {
        s.name: {"agent": f"envspec-{secrets.token_urlsafe(24)}", "scorer": secrets.token_hex(24)}
        for s in manifest.services
    }


#: the longest path a unix socket may have (sun_path holds 108 bytes with its NUL)
SOCKET_PATH_MAX = 107


def service_dir(run_id: str, name: str) -> Path:
    """The folder of one service of a run (configuration and usage log), created private.

    Raises:
        EngineError: the folder is too deep for its engine's and proxy's unix sockets.
    """
    d = runstore.run_dir(run_id) / "services" / name
    longest = max(len(os.fsencode(d / sock)) for sock in (SOCKET, ENGINE_SOCKET))
    if longest > SOCKET_PATH_MAX:
        raise EngineError(
            f"service {name!r}: its sockets would lie {longest} bytes deep in {d.parent}, "
            f"more than the {SOCKET_PATH_MAX} a unix socket's path may have",
            hint="set ENVSPEC_HOME to a shorter folder (e.g. /var/lib/envspec)",
        )
    d.mkdir(parents=True, exist_ok=True)
    os.chmod(d.parent, 0o700)
    os.chmod(d, 0o700)
    return d


def write_proxy_config(
    here: Path,
    service: Service,
    keys: dict[str, str],
    *,
    upstream: str,
    listen_host: str,
    folder: str,
    budget: float | None,
    requests: int | None = None,
    port: int = PORT,
) -> Path:
    """Write the configuration of ``service``'s proxy into its folder ``here``, with paths as
    the proxy sees them (``folder`` is where ``here`` is mounted for it); ``budget`` is the
    agent's allowance in the service's unit, ``requests`` the most requests it may make.
    Returns the file."""
    config: dict[str, Any] = {
        "service": service.name,
        "upstream": upstream,
        "listen_host": listen_host,
        "listen_port": port,
        "usage_log": f"{folder}/usage.jsonl",
        "keys": {keys["agent"]: "agent", keys["scorer"]: "scorer"},
        "budget": budget,
        "request_budget": requests,
        "unit": service.unit,
        "listen_unix": f"{folder}/{SOCKET}",
    }
    if not service.custom:
        engine = ENGINES[service.engine]
        config.update(
            stream_usage=engine.stream_usage,
            pinned_model=engine.pinned_model,
            prompt_cache=engine.prompt_cache,
        )
    if service.custom:
        # a custom service's work (a training run) may take as long as the run has left; its
        # readiness route is answered for any key (the runtime asks it with the scorer's)
        config.update(
            api="custom",
            routes=[*service.routes, service.ready],
            quote=service.quote,
            upstream_timeout_s=None,
        )
    path = here / "proxy.json"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump(config, f)
    return path


def split_gpus(
    manifest: Manifest, device_ids: tuple[str, ...] | list[str]
) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    """Which of the run's leased devices each service takes (its ``gpus``, in manifest order,
    of those no other service took, as far as the lease goes), and the agent's: those no
    service took and those of a service that shares them (``share_gpus``)."""
    left = list(device_ids)
    taken: dict[str, tuple[str, ...]] = {}
    for s in manifest.services:
        n = min(s.gpus, len(left))
        taken[s.name], left = tuple(left[:n]), left[n:]
    shared = {d for s in manifest.services if s.share_gpus for d in taken[s.name]}
    return taken, tuple(d for d in device_ids if d in left or d in shared)


def custom_env(env: dict[str, str], listen: str) -> dict[str, str]:
    """What a custom service's program is told: ``env`` (the variant's, the scorer's assets)
    and where to listen."""
    from envspec.kit.scorer_kit import SERVICE_LISTEN_ENV  # the kit is the programs' side

    return {**env, SERVICE_LISTEN_ENV: listen}


def engine_args(service: Service, model: str, host: str, port: int | None = None) -> list[str]:
    """The arguments of a model engine's launcher (``ENGINES[...].program``) after its path:
    the model file, where to listen (``host`` may be a unix socket's path; then no port), and
    the service's settings."""
    args = [model, "--host", host, *(["--port", str(port)] if port is not None else [])]
    args += ["--threads", str(service.threads), "--ctx", str(service.context)]
    return [*args, "--alias", service.name]


def until(seconds: int, argv: list[str]) -> list[str]:
    """``argv`` ended by the run's deadline, ``seconds`` from now (killed 10 s after TERM), so
    that a service stops with no envspec process alive."""
    return ["timeout", "-k", "10", str(seconds), *argv]


def agent_env(
    manifest: Manifest, urls: dict[str, str], keys: dict[str, dict[str, str]]
) -> dict[str, str]:
    """What tells the agent where its services are: for each, ``ENVSPEC_SERVICE_<NAME>_URL``
    and ``_KEY``; the first model endpoint also as ``OPENAI_BASE_URL``/``OPENAI_API_KEY``,
    which OpenAI clients read."""
    env: dict[str, str] = {}
    for s in manifest.services:
        env[f"ENVSPEC_SERVICE_{s.env_name}_URL"] = urls[s.name]
        env[f"ENVSPEC_SERVICE_{s.env_name}_KEY"] = keys[s.name]["agent"]
        if s.kind == "openai-compatible" and "OPENAI_BASE_URL" not in env:
            env["OPENAI_BASE_URL"] = f"{urls[s.name]}/v1"
            env["OPENAI_API_KEY"] = keys[s.name]["agent"]
    return env


def scorer_env(
    manifest: Manifest, folders: dict[str, str], keys: dict[str, dict[str, str]]
) -> dict[str, str]:
    """What tells the scorer where its services are: for each, the proxy's unix socket in the
    service's (root-only) ``folders`` entry and the scorer's key (scorer_kit.call_service)."""
    env: dict[str, str] = {}
    for s in manifest.services:
        env[f"ENVSPEC_SERVICE_{s.env_name}_SOCKET"] = f"{folders[s.name]}/{SOCKET}"
        env[f"ENVSPEC_SERVICE_{s.env_name}_KEY"] = keys[s.name]["scorer"]
    return env


def usage(run: RunRecord, manifest: Manifest) -> dict[str, dict[str, Any]]:
    """What each service served in the run, from its proxy's log: ``{name: {unit, budget,
    agent, scorer, requests, refused}}`` (amounts in the unit), with ``request_budget`` and
    ``agent_requests`` (those that drew on it) where the variant caps the requests."""
    out: dict[str, dict[str, Any]] = {}
    for s in manifest.services:
        log = runstore.run_dir(run.id) / "services" / s.name / "usage.jsonl"
        budget = run.limits.service_budget(s.unit, custom=s.custom)
        totals = tally(log)
        counted = totals.pop("agent_requests")
        out[s.name] = {"unit": s.unit, "budget": budget, **totals}
        if s.name in run.limits.requests:
            out[s.name].update(request_budget=run.limits.requests[s.name], agent_requests=counted)
    return out


def tally(log: Path) -> dict[str, int]:
    """The totals of one proxy's usage log: ``{agent, scorer, requests, refused,
    agent_requests}`` (the last: the agent's requests that drew on a request budget)."""
    used = {"agent": 0, "scorer": 0}
    requests = refused = counted = 0
    if log.is_file():
        for line in log.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            entry = json.loads(line)
            used[entry["principal"]] = used.get(entry["principal"], 0) + int(entry["usage"])
            requests += 1
            refused += entry.get("status") == 429
            counted += bool(entry.get("counted"))
    return {**used, "requests": requests, "refused": refused, "agent_requests": counted}
