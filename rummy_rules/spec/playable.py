"""Which knob values the game engine can play.

A variant file may state rules the engine cannot play yet: ``validate`` warns
about them (``--strict``: errors), and ``simulate``, ``compare`` and ``replay``
refuse such a variant with these messages. This is a fact about values in the
file, so it lives beside the schema and needs nothing from the engine.
"""

from __future__ import annotations

from .schema import VariantSpec

__all__ = ["unsupported_by_engine"]


#: (dotted path, the value the engine plays, what it does instead of the others)
_ENGINE_SUPPORTS: tuple[tuple[str, tuple[object, ...]], ...] = (
    ("partnerships.teams", ("none", "fixed_pairs")),
    ("deck.joker_role", ("wild", "natural")),
    ("draw.discard_condition", ("none", "meld_now", "opening_or_after", "forces_opening")),
    ("opening.requirement", ("contract", "min_points", "none")),
    ("opening.once_per_deal", (True, False)),
    ("melding.new_melds_after_opening", (False, True)),
    ("melding.lay_off.targets", ("any", "own", "own_and_partner", "none")),
    ("melding.lay_off.before_opening", (False, True)),
    (
        "scoring.model",
        (
            "penalty",
            "melded_minus_hand",
            "winner_collects",
            "knock_difference",
            "losers_pay",
            "stakes",
        ),
    ),
    ("game_end.kind", ("fixed_deals", "target_score", "elimination")),
    ("game_end.ties", ("shared", "extra_deal")),
)

_SUPPORTED_STOCK = (
    "reshuffle_keep_top",
    "turn_over",
    "end_deal",
    "meldable_discards_only",
    "void",
    "pass",
)


def _get(spec: VariantSpec, path: str) -> object:
    value: object = spec
    for part in path.split("."):
        value = getattr(value, part)
    return value


def unsupported_by_engine(spec: VariantSpec) -> list[tuple[str, str]]:
    """Knob values the game engine cannot play yet, as (dotted path, message)."""
    out: list[tuple[str, str]] = []
    for path, supported in _ENGINE_SUPPORTS:
        value = _get(spec, path)
        if value not in supported:
            if isinstance(value, list):
                shown = "this"
            elif isinstance(value, bool):
                shown = "true" if value else "false"
            else:
                shown = "null" if value is None else str(value)
            out.append((path, f"{shown} cannot be played by the engine yet"))
    if spec.stock_exhausted is not None and spec.stock_exhausted.action not in _SUPPORTED_STOCK:
        out.append(
            (
                "stock_exhausted.action",
                f"{spec.stock_exhausted.action} cannot be played by the engine yet",
            )
        )
    return out
