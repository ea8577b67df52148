"""``envspec push``, ``pull``, ``inspect`` and ``list``: environments in registries and stores."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.table import Table

from envspec import constants
from envspec.cli.render import (
    console,
    err_console,
    print_json,
    step_printer,
    transfer_progress,
)

if TYPE_CHECKING:
    from envspec.models.reference import RegistryTarget
    from envspec.oci.store import Access

REGISTRY_HELP = (
    "host[:port]/namespace or oci:PATH (default: the embedded store under $ENVSPEC_HOME)."
)
CA_HELP = "CA certificate for a registry's TLS (default: $ENVSPEC_REGISTRY_CA)."
INSECURE_HELP = "Use plain HTTP (loopback registries use it by default)."


def _access(ca_cert: Path | None, insecure: bool) -> Access:
    from envspec.oci.store import Access

    return Access(ca_cert=ca_cert, insecure=True if insecure else None)


def _target(registry: str | None) -> RegistryTarget:
    from envspec.models.reference import RegistryTarget

    if registry is None:
        return RegistryTarget(store=str(constants.default_store_path()))
    return RegistryTarget.parse(registry)


def push(
    env_dir: Path = typer.Argument(..., help="The environment folder (holds envspec.yaml)."),
    registry: str | None = typer.Option(None, "--registry", "-r", help=REGISTRY_HELP),
    force: bool = typer.Option(
        False, "--force", help="Overwrite an existing version with different content."
    ),
    ca_cert: Path | None = typer.Option(None, help=CA_HELP),
    insecure: bool = typer.Option(False, "--insecure", help=INSECURE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print pushed references and digests."),
    assets_from: str | None = typer.Option(
        None, help="Where relative assets are fetched from (host[:port] or oci:PATH)."
    ),
) -> None:
    """Build and push an environment: agent image, scorer image, manifest artifact and the
    assets it names."""
    from envspec.oci.push import push_environment

    target = _target(registry)
    with transfer_progress(enabled=not as_json) as progress:
        result = push_environment(
            env_dir,
            target,
            force=force,
            access=_access(ca_cert, insecure),
            progress=progress,
            assets_from=assets_from,
            on_step=step_printer(enabled=not as_json),
        )
    if as_json:
        print_json(result.to_dict())
        return
    if result.unchanged:
        console.print(f"unchanged {result.environment} (already pushed)", highlight=False)
        return
    for what in result.overwritten:
        err_console.print(f"[yellow]overwrote[/] {what}", highlight=False)
    s = result.stats
    console.print(f"pushed {result.environment}", highlight=False)
    console.print(f"  agent  {result.agent}", highlight=False)
    console.print(f"  scorer {result.scorer}", highlight=False)
    console.print(
        f"  sent {s.blobs_sent} blob(s), {s.bytes_sent:,} bytes; "
        f"{s.blobs_skipped} already there ({s.bytes_skipped:,} bytes)",
        highlight=False,
    )


def pull(
    ref: str = typer.Argument(
        ..., help="[registry/]namespace/name:version[@digest] or oci:PATH:..."
    ),
    into: str | None = typer.Option(
        None, help="Copy into an OCI layout (oci:PATH) instead of the Docker engine."
    ),
    lock: Path = typer.Option(
        Path(constants.LOCK_FILE_NAME), help="Lock file to write or update with every digest."
    ),
    slim: bool = typer.Option(
        False,
        "--slim",
        help="With --into: leave out the base layers both images share and those that bake the "
        "top-level assets in (for the local backend, which reads the assets from the layout, on "
        "a host that provides that base).",
    ),
    variant: list[str] = typer.Option(
        [],
        "--variant",
        help="With --into: copy only these variants' own assets (repeatable; default all).",
    ),
    ca_cert: Path | None = typer.Option(None, help=CA_HELP),
    insecure: bool = typer.Option(False, "--insecure", help=INSECURE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print what was pulled as JSON."),
) -> None:
    """Pull an environment's images and record their digests in the lock file."""
    from envspec.models.reference import Reference
    from envspec.oci.pull import pull_environment

    reference = Reference.parse(ref)
    with transfer_progress(enabled=not as_json) as progress:
        result = pull_environment(
            reference,
            access=_access(ca_cert, insecure),
            into=into,
            lock_path=lock,
            progress=progress,
            slim=slim,
            variants=tuple(variant) or None,
            on_step=step_printer(enabled=not as_json),
        )
    if as_json:
        print_json(result.to_dict())
        return
    console.print(f"pulled {result.resolved.reference}", highlight=False)
    for role, where in result.images.items():
        console.print(f"  {role:6} {where}", highlight=False)
    console.print(f"  lock   {result.lock_file}", highlight=False)


def inspect(
    ref: str = typer.Argument(
        ..., help="[registry/]namespace/name:version[@digest] or oci:PATH:..."
    ),
    ca_cert: Path | None = typer.Option(None, help=CA_HELP),
    insecure: bool = typer.Option(False, "--insecure", help=INSECURE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Print an environment's manifest and digests without pulling any image."""
    from envspec.models.reference import Reference
    from envspec.oci.pull import resolve

    _, resolved = resolve(Reference.parse(ref), access=_access(ca_cert, insecure))
    if as_json:
        print_json(resolved.to_dict())
        return
    m = resolved.manifest
    console.print(f"[bold]{m.title}[/]  {resolved.reference}", highlight=False)
    console.print(m.summary, highlight=False)
    for role, digest in resolved.to_dict()["digests"].items():
        console.print(f"  {role:11} {digest}", highlight=False)
    for a in m.assets:
        console.print(f"  asset {a.name} ({a.visibility}) {a.ref}", highlight=False)
    for name, v in m.variants.items():
        console.print(f"  variant {name}: {v.hardware.summary()}", highlight=False)
        for a in v.assets:  # fetched when a run of this variant starts
            console.print(f"    asset {a.name} ({a.visibility}) {a.ref}", highlight=False)
    s = m.scoring
    console.print(
        f"  scoring: {s.metric}, {s.direction}, {s.aggregation}, {s.visibility}", highlight=False
    )


def list_(
    registry: str | None = typer.Option(None, "--registry", "-r", help=REGISTRY_HELP),
    ca_cert: Path | None = typer.Option(None, help=CA_HELP),
    insecure: bool = typer.Option(False, "--insecure", help=INSECURE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """List environments with versions, title and hardware per variant."""
    from envspec.oci.pull import list_environments
    from envspec.oci.store import open_store

    target = _target(registry)
    rows = list_environments(open_store(target.registry, target.store, _access(ca_cert, insecure)))
    if as_json:
        print_json([r.to_dict() for r in rows])
        return
    table = Table("environment", "version", "title", "hardware")
    for r in rows:
        hw = "; ".join(f"{k}: {v}" for k, v in r.hardware.items())
        table.add_row(r.repository, r.version, r.title, hw)
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the CLI."""
    app.command()(push)
    app.command()(pull)
    app.command()(inspect)
    app.command("list")(list_)
