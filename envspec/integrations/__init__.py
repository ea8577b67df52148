"""Harness adapters: Inspect AI (``integrations.inspect``) and Harbor export (``.harbor``)."""
