"""A run's services on the Docker engine.

Two internal networks per run (no route out of either): the agent's, where the agent finds only
the proxies, each under its service's name (and not this host, which has no address there); and
the services', where each proxy reaches its
engine (the scorer, with no network, uses a proxy's unix socket). So the agent has no route to
an engine but through its proxy. Engine and proxy containers run under ``timeout`` until the
run's deadline, labelled with the run, so that they stop at the deadline with no envspec process
alive, and ``gc`` reaps them after a crash like every other container of the run.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import docker.errors
import docker.types

from envspec import constants
from envspec.errors import EngineError
from envspec.models.manifest import Asset, Manifest, Service
from envspec.models.reference import Reference
from envspec.models.run import RunRecord
from envspec.oci import engine
from envspec.oci.env_assets import asset_cache, asset_reference, fetch_asset, link_or_copy
from envspec.runtime import services
from envspec.runtime.host import HostCannotRun

log = logging.getLogger(__name__)

PYTHON = f"{constants.SERVICES_DIR}/venv/bin/python"
#: the label of a service image: a hash of what it was built from (base, model, programs)
CONTENT_LABEL = "dev.envspec.service-content"


def networks(run_id: str) -> tuple[str, str]:
    """The names of the run's agent network and services network."""
    return f"envspec-{run_id}-agentnet", f"envspec-{run_id}-svcnet"


def service_images(ref: Reference, manifest: Manifest) -> dict[str, str]:
    """For each service, the image of its proxy (and of a model's engine): the services base
    with the programs of this envspec and, for a model endpoint, its model asset (fetched by
    digest from ``ref``'s store). Docker's build cache makes this a no-op after the first run.
    A custom service's own program runs from the scorer image.

    Raises:
        EngineError: the services base image is missing.
    """
    if not manifest.services:
        return {}
    base = constants.BASE_IMAGES["services"]
    if engine.image_id(base) is None:
        raise EngineError(
            f"this environment has services and the engine lacks {base}",
            hint="build it: envspec base build services",
        )
    assets = {a.name: a for a in manifest.assets}
    out = {}
    for s in manifest.services:
        if not s.custom and s.engine != "llamacpp":
            raise HostCannotRun(
                f"service {s.name!r}: the {s.engine} engine runs on the local backend only "
                "(the services image has no torch)",
                hint="use --backend local on a host with torch and transformers[serving]",
            )
        tag = f"envspec-service/{manifest.name}:{manifest.version}-{s.name}"
        if s.custom or s.model is None:
            out[s.name] = _service_image(base, tag, None, None)
            continue
        model = assets[s.model]
        files = fetch_asset(
            asset_reference(model, registry=ref.registry, store=ref.store), asset_cache()
        )
        out[s.name] = _service_image(base, tag, model, files)
    return out


def _service_image(base: str, tag: str, model: Asset | None, files: Path | None) -> str:
    """``base`` plus the programs of this envspec (the proxy and the engine's launcher: they
    come with the runtime that starts them, not with the base) and the model at its mount."""
    programs = ("proxy.py", "llamacpp.py")
    content = hashlib.sha256(f"{engine.image_id(base)} {model.digest if model else ''}".encode())
    for program in programs:
        content.update((services.PROGRAMS / program).read_bytes())
    try:  # built already for this content: no need to send the weights to the engine again
        existing = engine.client().images.get(tag)
        if existing.labels.get(CONTENT_LABEL) == content.hexdigest():
            return str(existing.id)
    except docker.errors.ImageNotFound:
        pass
    with tempfile.TemporaryDirectory(prefix="envspec-service-") as tmp:
        ctx = Path(tmp)
        for program in programs:
            shutil.copyfile(services.PROGRAMS / program, ctx / program)
        copy_model = ""
        if model is not None and files is not None:
            shutil.copytree(files, ctx / "model", copy_function=link_or_copy)
            copy_model = f"COPY model/ {model.mount.rstrip('/')}/\n"
        (ctx / "Dockerfile").write_text(
            f"FROM {base}\n"
            f"COPY {' '.join(programs)} {constants.SERVICES_DIR}/\n"
            f"{copy_model}"
            f"LABEL {CONTENT_LABEL}={content.hexdigest()}\n"
        )
        return engine.build_dockerfile(ctx, tag=tag)


def gpu_request(device_ids: tuple[str, ...] | list[str]) -> list[Any]:
    """The engine's request for the host GPUs ``device_ids`` (none: no request)."""
    if not device_ids:
        return []
    return [docker.types.DeviceRequest(device_ids=list(device_ids), capabilities=[["gpu"]])]


def start(
    run: RunRecord,
    manifest: Manifest,
    images: dict[str, str],
    labels: Any,
    *,
    scorer_image: str,
    env: dict[str, str],
    gpus: dict[str, tuple[str, ...]],
) -> dict[str, Any]:
    """Create the networks, the engines (a custom service's program: from ``scorer_image``
    with ``env`` and its share ``gpus`` of the lease) and the proxies; wait until every
    service answers. Returns the backend state to keep (keys, the agent network, what the
    agent is told)."""
    client = engine.client()
    agent_net, svc_net = networks(run.id)
    # the host keeps an address on an internal bridge (its gateway) where the containers reach
    # whatever it serves on all addresses (an attacker's review, 2026-12-06: slurmctld, say);
    # on the agent's it has none. The services' keeps it: this host asks the proxies whether
    # their engines are ready through it, and only the environment's own programs are there.
    host_address = {agent_net: {"com.docker.network.bridge.inhibit_ipv4": "true"}, svc_net: {}}
    for name, role in ((agent_net, "agentnet"), (svc_net, "svcnet")):
        client.networks.create(
            name,
            driver="bridge",
            internal=True,
            labels=labels(run.id, role),
            options=host_address[name],
        )
    keys = services.draw_keys(manifest)
    remaining = max(1, int((run.deadline or time.time()) - time.time()))
    assets = {a.name: a for a in manifest.assets}
    for s in manifest.services:
        box = f"envspec-{run.id}-engine-{s.name}"
        if s.custom:
            _container(
                client,
                scorer_image,
                name=box,
                command=services.until(remaining, list(s.command)),
                network=svc_net,
                aliases=[f"engine-{s.name}"],
                labels=labels(run.id, "engine"),
                cpus=s.threads,
                environment=services.custom_env(env, f"0.0.0.0:{services.PORT}"),
                device_ids=gpus.get(s.name, ()),
            )
        else:
            assert s.model is not None  # the schema requires it of a model endpoint
            model = assets[s.model].mount.rstrip("/") + "/" + s.file
            _container(
                client,
                images[s.name],
                name=box,
                command=_until(
                    remaining,
                    services.ENGINES[s.engine].program,
                    *services.engine_args(s, model, "0.0.0.0", services.PORT),
                ),
                network=svc_net,
                aliases=[f"engine-{s.name}"],
                labels=labels(run.id, "engine"),
                cpus=s.threads,
            )
        services.write_proxy_config(
            services.service_dir(run.id, s.name),
            s,
            keys[s.name],
            upstream=f"http://engine-{s.name}:{services.PORT}",
            listen_host="0.0.0.0",
            folder=services.PROXY_DIR,
            budget=run.limits.service_budget(s.unit, custom=s.custom),
            requests=run.limits.requests.get(s.name),
        )
        proxy = _container(
            client,
            images[s.name],
            name=f"envspec-{run.id}-proxy-{s.name}",
            command=_until(remaining, "proxy.py", f"{services.PROXY_DIR}/proxy.json"),
            network=svc_net,
            aliases=[],
            labels=labels(run.id, "proxy"),
            cpus=1,
            volumes={
                str(services.service_dir(run.id, s.name)): {
                    "bind": services.PROXY_DIR,
                    "mode": "rw",
                }
            },
        )
        client.networks.get(agent_net).connect(proxy, aliases=[s.name])
        _wait_ready(run, s, proxy, keys[s.name]["scorer"])
    urls = {s.name: f"http://{s.name}:{services.PORT}" for s in manifest.services}
    return {"service_keys": keys, "service_urls": urls, "agent_network": agent_net}


def _until(seconds: int, program: str, *args: str) -> list[str]:
    """A service program of the image, ended by the run's deadline."""
    return services.until(seconds, [PYTHON, f"{constants.SERVICES_DIR}/{program}", *args])


def _container(
    client: Any,
    image: str,
    *,
    name: str,
    command: list[str],
    network: str,
    aliases: list[str],
    labels: dict[str, str],
    cpus: int,
    volumes: dict[str, dict[str, str]] | None = None,
    environment: dict[str, str] | None = None,
    device_ids: tuple[str, ...] = (),
) -> Any:
    """A service container: no capabilities, read-only, on ``network`` only."""
    config = client.api.create_networking_config(
        {network: client.api.create_endpoint_config(aliases=aliases or None)}
    )
    made = client.api.create_container(
        image,
        command=command,
        name=name,
        labels=labels,
        environment=environment,
        networking_config=config,
        host_config=client.api.create_host_config(
            auto_remove=True,
            init=True,
            network_mode=network,
            read_only=True,
            tmpfs={"/tmp": "size=256m"},
            cap_drop=["ALL"],
            security_opt=["no-new-privileges"],
            nano_cpus=int(cpus * 1e9),
            pids_limit=512,
            binds=volumes or {},
            device_requests=gpu_request(device_ids),
        ),
    )
    client.api.start(made["Id"])
    return client.containers.get(made["Id"])


def _wait_ready(run: RunRecord, service: Service, proxy: Any, key: str) -> None:
    """Until the proxy answers ``/v1/models`` with 200 (its engine has loaded the model; a
    custom service: its ``ready`` route), asked from this host with the scorer's key (not
    metered against the agent).

    Raises:
        EngineError: it did not within READY_TIMEOUT_S, or a container exited.
    """
    deadline = time.monotonic() + services.READY_TIMEOUT_S
    _, svc_net = networks(run.id)
    custom = service.custom
    route = service.ready if custom else "/v1/models"
    engine_box = f"envspec-{run.id}-engine-{service.name}"
    exited = ""
    while time.monotonic() < deadline:
        proxy.reload()
        if proxy.status not in ("created", "running"):
            exited = "its proxy exited"
            break
        try:
            running = engine.client().containers.get(engine_box).status in ("created", "running")
        except docker.errors.NotFound:  # removed as it exited (auto-remove)
            running = False
        if not running:
            exited = "its engine exited" + (" (run it in the scorer image to see why)" * custom)
            break
        address = proxy.attrs["NetworkSettings"]["Networks"][svc_net]["IPAddress"]
        # imported here: httpx costs every docker command about 40 ms, and only services use it
        import httpx

        try:
            answer = httpx.get(
                f"http://{address}:{services.PORT}{route}",
                headers={"Authorization": f"Bearer {key}"},
                timeout=2.0,
            )
            if answer.status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    logs = ""
    with contextlib.suppress(docker.errors.APIError):
        logs = engine.client().containers.get(engine_box).logs(tail=20).decode(errors="replace")
    why = exited or f"it did not become ready in {services.READY_TIMEOUT_S:.0f} s"
    raise EngineError(
        f"service {service.name!r}: {why}\n{logs}",
        hint="check the service's program and its scorer image"
        if custom
        else "check the model asset and the services image (envspec base build services)",
    )


def remove_networks(run_id: str) -> None:
    """Remove the networks of ``run_id``, once its containers are gone."""
    client = engine.client()
    mine = [f"{constants.LABEL_HOME}={constants.home_label()}", f"{constants.LABEL_RUN}={run_id}"]
    for net in client.networks.list(filters={"label": mine}):
        with contextlib.suppress(docker.errors.NotFound):
            net.remove()
