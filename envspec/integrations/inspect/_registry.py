"""What Inspect's ``inspect_ai`` entry point imports: registers the sandbox, task, tool, scorer."""

from envspec.integrations.inspect import (  # noqa: F401  (imported to register them)
    EnvspecSandboxEnvironment,
    envspec_scorer,
    envspec_task,
    score_tool,
    submit_as_is,
)
