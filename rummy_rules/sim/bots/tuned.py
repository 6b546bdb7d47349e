"""The tuned bot: the greedy bot's decisions as weights, tuned by self-play.

The weights live in ``tuned.json`` beside this module, one set per family of
variants (``knock``: deals that end by a knock within a deadwood limit,
Gin Rummy and kin; ``knock_any``: a knock at any deadwood, Knock Rummy;
``contract``: deals with a contract to meet; ``default``: the rest; a family
the file does not list takes ``default``), with
the commands that tuned them, the method, and which families it
has tuned (``tuned_families``; the others keep the greedy bot's values). A spec may override
any weight: ``tuned:buy_threshold=2:all_out_room=2`` (what the tuning
command tries).

The weights (the greedy bot's defaults in brackets):

* ``buy_threshold`` (3): how strongly a discard must join the hand to be
  bought; 2 is the eager personality, 5 the reluctant one;
* ``take_threshold`` (2): the same for taking the discard in turn;
* ``buy_room`` (3): buy only while the hand holds fewer than the deal's
  cards and this many (one penalty card a buy; a dearer buy stops sooner,
  see docs/bots.md);
* ``all_out_room`` (0): in an all-out deal, buy only while the hand holds
  fewer than the contract's cards (at least the deal's) and this many;
* ``late`` (0): 1 to hold back going down (the ``down=late`` personality).

Knock games are played by deadwood (the greedy bot's knock play,
:mod:`.knock_play`), with these weights instead:

* ``knock_at`` (10): the most deadwood it knocks with while the stock lasts;
* ``take_margin`` (1): it takes the upcard when that lowers its deadwood by
  at least this;
* ``partial`` (0): points off the deadwood a discard leaves for each card
  of it that could start a meld with another.

A family's entry in the file may leave weights out: those keep the greedy
bot's values.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...engine.rules import DealRules
from .greedy import GreedyBot
from .knock_play import GREEDY_WEIGHTS, KnockWeights

__all__ = ["GREEDY_VALUES", "TUNED_WEIGHTS", "TunedBot", "tuned_weights"]

#: Each weight and the range it takes.
TUNED_WEIGHTS: dict[str, tuple[int, int]] = {
    "buy_threshold": (1, 8),
    "take_threshold": (1, 8),
    "buy_room": (0, 12),
    "all_out_room": (0, 12),
    "late": (0, 1),
    "knock_at": (0, 100),  # 100: knock whatever the deadwood (ten cards of 10)
    "take_margin": (1, 30),
    "partial": (0, 10),
}


def _greedy_values() -> dict[str, int]:
    """Each weight as a default greedy bot has it."""
    bot = GreedyBot(random.Random(0))
    return {
        "buy_threshold": bot.buy_threshold,
        "take_threshold": bot.take_threshold,
        "buy_room": bot.buy_room,
        "all_out_room": bot.all_out_room,
        "late": int(bot.late),
        "knock_at": GREEDY_WEIGHTS.knock_at,
        "take_margin": GREEDY_WEIGHTS.take_margin,
        "partial": GREEDY_WEIGHTS.partial,
    }


#: The greedy bot's value of each weight (what a family's entry may leave out),
#: read from a default greedy bot rather than written again.
GREEDY_VALUES: dict[str, int] = _greedy_values()

WEIGHTS_FILE = Path(__file__).with_name("tuned.json")


@lru_cache(maxsize=1)
def tuned_weights() -> dict[str, Any]:
    """The shipped weights file: ``families`` (weights by family), ``method``, ``command``."""
    data: dict[str, Any] = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    return data


def family_of(deal: DealRules) -> str:
    """The family whose weights a deal is played with."""
    if deal.knock_melds is not None:
        # A knock at any deadwood (Knock Rummy) is another game to time.
        return "knock_any" if deal.knock_any else "knock"
    return "contract" if deal.parts else "default"


class TunedBot(GreedyBot):
    """The greedy bot with its decisions weighted by ``tuned.json`` (see the module's text)."""

    name = "tuned"

    def __init__(self, rng: random.Random, **overrides: str) -> None:
        super().__init__(rng)
        self.overrides = {key: int(value) for key, value in overrides.items()}

    def new_deal(self, deal: DealRules) -> None:
        """Adapt to the deal, then take the weights of its family."""
        super().new_deal(deal)
        families = tuned_weights()["families"]
        family = families.get(family_of(deal), families["default"])
        weights = {**GREEDY_VALUES, **family, **self.overrides}
        self.buy_threshold = int(weights["buy_threshold"])
        self.take_threshold = int(weights["take_threshold"])
        self.buy_room = int(weights["buy_room"])
        self.all_out_room = int(weights["all_out_room"])
        self.late = bool(weights["late"])
        self.knock_weights = KnockWeights(
            knock_at=int(weights["knock_at"]),
            take_margin=int(weights["take_margin"]),
            partial=int(weights["partial"]),
        )
