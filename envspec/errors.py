"""The one exception tree. Every message says what to do next."""

from __future__ import annotations

from dataclasses import dataclass

# --- exit codes: one per kind of error, the same on every command (docs/cli.md) --------------
EXIT_ERROR = 1  # an envspec error of no kind below (a failed build, a disk that cannot be made)
EXIT_BAD_INPUT = 2  # usage, a manifest, a reference, an unknown run, a bad setting
EXIT_NOT_NOW = 3  # not allowed in the run's state: not active, a budget spent
EXIT_HOST_CANNOT = 4  # this host can never run it: hardware, GPUs
EXIT_BUSY = 5  # try again later: GPUs held by other runs, a lock held too long
EXIT_REGISTRY = 6  # a registry or store: unreachable, credentials, not found, digests
EXIT_ENGINE = 7  # the container engine: missing, unreachable, failed
EXIT_VERIFY_FAILED = 8  # a check found the thing checked broken (`verify`: the score log)
EXIT_INTERNAL = 70  # a bug in envspec
EXIT_INTERRUPTED = 130  # Ctrl-C
#: the kind named in JSON errors, by exit code
EXIT_KINDS = {
    EXIT_ERROR: "error",
    EXIT_BAD_INPUT: "bad_input",
    EXIT_NOT_NOW: "not_now",
    EXIT_HOST_CANNOT: "host_cannot",
    EXIT_BUSY: "busy",
    EXIT_REGISTRY: "registry",
    EXIT_ENGINE: "engine",
    EXIT_VERIFY_FAILED: "verify_failed",
    EXIT_INTERNAL: "internal",
    EXIT_INTERRUPTED: "interrupted",
}


class EnvspecError(Exception):
    """Base of every error envspec raises on purpose.

    ``hint`` says what the user should do next; the CLI prints it under the message.
    """

    exit_code = EXIT_ERROR

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return self.message if not self.hint else f"{self.message}\n  hint: {self.hint}"


class BadInput(EnvspecError):
    """An argument, option, file or setting given to envspec is wrong (exit code 2)."""

    exit_code = EXIT_BAD_INPUT


@dataclass(frozen=True)
class Problem:
    """One problem found while loading a manifest: where, what, and what to do."""

    path: str  # JSON-pointer-like field path, e.g. "variants.lite.hardware.gpu.count"
    message: str
    hint: str | None = None
    stage: str = "schema"  # parse | schema | semantic | resolve

    def __str__(self) -> str:
        text = f"{self.path or '<root>'}: {self.message}"
        return f"{text} ({self.hint})" if self.hint else text


class ManifestError(EnvspecError):
    """A manifest failed to load; ``problems`` holds every problem found."""

    exit_code = EXIT_BAD_INPUT

    def __init__(self, source: str, problems: list[Problem]) -> None:
        lines = "\n".join(f"  {p}" for p in problems)
        super().__init__(
            f"{source}: {len(problems)} problem(s)\n{lines}",
            hint="fix the fields named above; `envspec validate` re-checks",
        )
        self.source = source
        self.problems = problems


class InvalidReference(EnvspecError):
    """A string is not a valid environment reference."""

    exit_code = EXIT_BAD_INPUT

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(
            f"invalid reference {text!r}: {reason}",
            hint="use [registry/]namespace/name[:version][@sha256:digest]"
            " or oci:PATH:namespace/name[:version]",
        )
        self.text = text


class EngineError(EnvspecError):
    """The container engine is missing, unreachable or failed."""

    exit_code = EXIT_ENGINE


class SlurmError(EngineError):
    """A Slurm command failed or its controller did not answer; ``stderr`` is what it said."""

    def __init__(self, message: str, *, hint: str | None = None, stderr: str = "") -> None:
        super().__init__(message, hint=hint)
        self.stderr = stderr


class BuildError(EngineError):
    """An image build failed; ``step`` names the Dockerfile step that failed."""

    def __init__(self, message: str, *, step: str | None = None, hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.step = step


class RegistryError(EnvspecError):
    """A registry or store operation failed."""

    exit_code = EXIT_REGISTRY

    def __init__(self, message: str, *, registry: str = "", hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.registry = registry


class RegistryUnreachable(RegistryError):
    """The registry did not answer."""


class AuthenticationError(RegistryError):
    """The registry refused our credentials."""


class NotFound(RegistryError):
    """A repository, tag, manifest or blob does not exist."""


class DigestMismatch(RegistryError):
    """Content did not hash to the digest it was named by."""


class ImmutableVersion(RegistryError):
    """A version already exists with different content."""


class InvalidScoreRecord(EnvspecError):
    """Data is not a score record (format ``score-record-v1``); ``field`` names the bad field."""

    def __init__(self, message: str, *, field: str = "", hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.field = field


class ScoreLogError(EnvspecError):
    """A score log cannot be read or appended to; ``line`` is the 1-based line at fault."""

    def __init__(
        self, message: str, *, path: str = "", line: int | None = None, hint: str | None = None
    ) -> None:
        super().__init__(message, hint=hint)
        self.path = path
        self.line = line


class ScoreLogLocked(ScoreLogError):
    """Another process held the score log's lock for too long."""

    exit_code = EXIT_BUSY


class GpuError(EnvspecError):
    """GPU inventory or allocation failed."""


class GpuInventoryError(GpuError):
    """The GPU inventory could not be read: a bad ``ENVSPEC_GPUS`` or unexpected tool output."""

    exit_code = EXIT_BAD_INPUT


class GpuRequestImpossible(GpuError):
    """This host's GPUs can never satisfy a request, however long one waits.

    ``needed`` describes the request (``"2x h100 with ≥80 GB"``), ``available`` the host's GPUs
    (``"1x h200 (141 GB)"``), ``substitutes`` the models that would serve if policy allowed them.
    """

    exit_code = EXIT_HOST_CANNOT

    def __init__(
        self,
        message: str,
        *,
        hint: str | None = None,
        needed: str = "",
        available: str = "",
        substitutes: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message, hint=hint)
        self.needed = needed
        self.available = available
        self.substitutes = substitutes


class GpuBusy(GpuError):
    """Enough GPUs exist but other runs hold them; ``holders`` maps GPU index → holding run."""

    exit_code = EXIT_BUSY

    def __init__(
        self,
        message: str,
        *,
        hint: str | None = None,
        holders: dict[int, str] | None = None,
        waited_s: float = 0.0,
    ) -> None:
        super().__init__(message, hint=hint)
        self.holders = dict(holders or {})
        self.waited_s = waited_s
