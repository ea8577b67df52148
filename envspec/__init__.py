"""envspec: packaging format, registry and runtime for research-engineering environments."""

__version__ = "0.1.0"
