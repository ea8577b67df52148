"""``envspec new``: an environment folder rendered from the cookiecutter template in the package."""

from __future__ import annotations

import re
import shutil
from collections.abc import Mapping
from pathlib import Path

from envspec.errors import BadInput, EnvspecError, ManifestError
from envspec.schema import MANIFEST_SCHEMA, check_manifest, load_schema

#: the template: cookiecutter.json and the folder {{cookiecutter.name}}/
TEMPLATE_DIR = Path(__file__).resolve().parents[1] / "templates" / "environment"


def _name_pattern() -> re.Pattern[str]:
    return re.compile(load_schema(MANIFEST_SCHEMA)["$defs"]["name"]["pattern"])


def new_environment(
    name: str,
    *,
    output_dir: Path = Path("."),
    no_input: bool = True,
    context: Mapping[str, str] | None = None,
) -> Path:
    """Render the template as ``output_dir/NAME``; returns that folder.

    ``context`` overrides the template's other defaults (title, author, license). Without
    ``no_input`` cookiecutter prompts for each, NAME being the default name. The result is
    validated like any manifest.

    Raises:
        EnvspecError: NAME is not a valid environment name, the folder exists, or rendering
            failed.
        ManifestError: the rendered manifest does not validate (a value typed at a prompt).
    """
    from cookiecutter.exceptions import CookiecutterException  # type: ignore[import-untyped]
    from cookiecutter.main import cookiecutter  # type: ignore[import-untyped]

    if not _name_pattern().fullmatch(name) or len(name) > 64:
        raise BadInput(
            f"{name!r} is not a valid environment name",
            hint="use lowercase letters and digits, separated by single '.', '_' or '-'"
            " (at most 64 characters), e.g. my_env",
        )
    output_dir = Path(output_dir)
    if (output_dir / name).exists():
        raise BadInput(
            f"{output_dir / name} already exists",
            hint="choose another name or --output-dir, or remove that folder",
        )
    try:
        rendered = Path(
            cookiecutter(
                str(TEMPLATE_DIR),
                no_input=no_input,
                extra_context={**dict(context or {}), "name": name},
                output_dir=str(output_dir),
                accept_hooks=False,
            )
        )
    except (CookiecutterException, OSError) as e:
        raise EnvspecError(
            f"rendering the environment template failed: {e}",
            hint="check the values given; the template is in " + str(TEMPLATE_DIR),
        ) from e
    for cache in rendered.rglob("__pycache__"):
        shutil.rmtree(cache, ignore_errors=True)
    problems = check_manifest(rendered)
    if problems:
        raise ManifestError(str(rendered / "envspec.yaml"), problems)
    return rendered
