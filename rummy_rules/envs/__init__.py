"""Every variant as an environment for learning agents (the ``rl`` extra).

:mod:`~rummy_rules.envs.encoding` numbers a variant's actions (no extra
needed); :func:`rummy_env` builds a PettingZoo AEC environment of any
shipped variant or variant file (needs ``pip install "rummy-rules[rl]"``).
"""

from __future__ import annotations

from typing import Any

from .encoding import REARRANGE_SLOTS, TABLE_SLOTS, ActionEncoding

__all__ = ["REARRANGE_SLOTS", "TABLE_SLOTS", "ActionEncoding", "rummy_env"]


def rummy_env(variant: str, players: int | None = None, **kwargs: Any) -> Any:
    """The PettingZoo AEC environment of ``variant`` (see
    :mod:`~rummy_rules.envs.pettingzoo_env`)."""
    from .pettingzoo_env import rummy_env as make

    return make(variant, players, **kwargs)
