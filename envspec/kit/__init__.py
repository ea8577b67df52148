"""The scorer kit: ``scorer_kit.py`` is copied into every scorer image (see its docstring)."""
