"""``envspec build`` and ``envspec base build``: images through the Docker engine."""

from __future__ import annotations

from pathlib import Path

import typer

from envspec import constants
from envspec.cli.render import console, err_console, print_json
from envspec.errors import BadInput

base_app = typer.Typer(help="Shared base images, built offline from Debian packages.")


def build(
    env_dir: Path = typer.Argument(..., help="The environment folder (holds envspec.yaml)."),
    base: str | None = typer.Option(None, help="Base image (the BASE_IMAGE build argument)."),
    variant: str | None = typer.Option(None, help="Use this variant's base image, if it has one."),
    as_json: bool = typer.Option(False, "--json", help="Print the image tags and ids as JSON."),
    log: bool = typer.Option(False, "--log", help="Stream the build output."),
    assets_from: str | None = typer.Option(
        None, help="Where relative assets are fetched from (host[:port] or oci:PATH)."
    ),
) -> None:
    """Build the environment's agent and scorer images (with the manifest's assets)."""
    from envspec.oci.build import build_environment

    with err_console.status(f"building {env_dir}") as status:

        def on_line(line: str) -> None:
            if log:
                err_console.print(line, highlight=False, markup=False)
            elif line.startswith("Step "):
                status.update(line[:100])

        built = build_environment(
            env_dir, base=base, variant=variant, on_line=on_line, assets_from=assets_from
        )
    if as_json:
        print_json(
            {
                "agent": {"tag": built.agent_tag, "id": built.agent_id},
                "scorer": {"tag": built.scorer_tag, "id": built.scorer_id},
            }
        )
    else:
        console.print(f"agent  {built.agent_tag}  {built.agent_id}", highlight=False)
        console.print(f"scorer {built.scorer_tag}  {built.scorer_id}", highlight=False)


@base_app.command("build")
def base_build(
    kind: str = typer.Argument(..., help=f"One of: {', '.join(constants.BASE_IMAGES)}."),
    mirror: str | None = typer.Option(None, help="Debian mirror (default: the host's apt)."),
    ca_bundle: Path | None = typer.Option(
        None, help="CA bundle to trust inside the image (for TLS-intercepting networks)."
    ),
    wheelhouse: Path | None = typer.Option(
        None, help="Folder of wheels for offline pip installs (torch-cpu needs torch there)."
    ),
    tag: str | None = typer.Option(None, help="Tag for the image (default: the standard one)."),
    if_missing: bool = typer.Option(
        False, "--if-missing", help="Do nothing when the engine already has the tag."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Build a shared base image offline (debootstrap + import, then pip from a wheelhouse)."""
    from envspec.oci import base as base_images
    from envspec.oci import engine

    if kind not in constants.BASE_IMAGES:
        raise BadInput(
            f"unknown base {kind!r}", hint=f"choose one of {', '.join(constants.BASE_IMAGES)}"
        )
    opts = base_images.BaseOptions(mirror=mirror, ca_bundle=ca_bundle, wheelhouse=wheelhouse)
    tag = tag or constants.BASE_IMAGES[kind]
    if if_missing and (existing := engine.image_id(tag)) is not None:
        if as_json:
            print_json({"tag": tag, "image": existing, "built": False})
        else:
            console.print(f"{tag}  {existing} (present)", highlight=False)
        return
    with err_console.status(f"building base image {tag}"):
        if kind == "python":
            image = base_images.build_python_base(opts, tag=tag)
        elif kind == "services":
            image = base_images.build_services_base(opts, tag=tag)
        else:
            image = base_images.build_torch_cpu_base(opts, tag=tag)
    if as_json:
        print_json({"tag": tag, "image": image, "built": True})
        return
    console.print(f"{tag}  {image}", highlight=False)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the CLI."""
    app.command()(build)
    app.add_typer(base_app, name="base")
