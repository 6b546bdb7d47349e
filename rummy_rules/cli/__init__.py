"""The command-line interface: ``rummy-rules`` (also ``python -m rummy_rules``)."""

from __future__ import annotations

from .app import app, main

__all__ = ["app", "main"]
