"""Authoring environments: the template behind ``envspec new`` and the checks behind
``envspec check`` (findings, the agent image's files, exploits, trial runs)."""
