"""Which build of rummy-rules is running: pure Python, or the compiled build.

The compiled build (``RUMMY_RULES_COMPILE=1 pip install .``, see the README's
"Faster simulations") installs the hot modules as C extensions made by mypyc
beside their Python source; Python then imports the extensions.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util

__all__ = ["HOT_MODULES", "compiled_modules"]

#: The modules the compiled build compiles (``hatch_build.py`` reads this tuple).
#: ``engine.view`` stays Python: its live seat view adds properties to a class
#: at import time, which a compiled (native) class does not allow.
HOT_MODULES = (
    "rummy_rules.cards",
    "rummy_rules.engine.actions",
    "rummy_rules.engine.buying",
    "rummy_rules.engine.candidate",
    "rummy_rules.engine.candidates",
    "rummy_rules.engine.chance",
    "rummy_rules.engine.colour_melds",
    "rummy_rules.engine.dealing",
    "rummy_rules.engine.deadwood",
    "rummy_rules.engine.discarding",
    "rummy_rules.engine.dropping",
    "rummy_rules.engine.drawing",
    "rummy_rules.engine.ending",
    "rummy_rules.engine.exchanging",
    "rummy_rules.engine.game",
    "rummy_rules.engine.knocking",
    "rummy_rules.engine.laying_off",
    "rummy_rules.engine.melding",
    "rummy_rules.engine.melds",
    "rummy_rules.engine.rearranging",
    "rummy_rules.engine.rules",
    "rummy_rules.engine.scoring",
    "rummy_rules.engine.shapes",
    "rummy_rules.engine.side_sets",
    "rummy_rules.engine.solver",
    "rummy_rules.engine.state",
    "rummy_rules.engine.turn",
    "rummy_rules.sim.bots",
    "rummy_rules.sim.bots.digging",
    "rummy_rules.sim.bots.greedy",
    "rummy_rules.sim.bots.knock_play",
    "rummy_rules.sim.bots.slips",
    "rummy_rules.sim.bots.tactics",
)


def compiled_modules() -> list[str]:
    """The hot modules that are imported from compiled extensions (empty for
    the pure-Python build)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    out = []
    for name in HOT_MODULES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None and spec.origin.endswith(suffixes):
            out.append(name)
    return out
