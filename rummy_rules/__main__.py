"""``python -m rummy_rules`` runs the command-line interface."""

from __future__ import annotations

from .cli import main

main()
