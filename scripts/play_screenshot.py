"""Make docs/play.svg: the full-screen game of contract in progress (seed 2),
with one card of the hand picked and the actions with it listed.

python scripts/play_screenshot.py
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from rummy_rules import load_variant
from rummy_rules.cli.play_screen import PlayApp
from rummy_rules.sim.session import PlaySession

ROOT = Path(__file__).resolve().parent.parent


async def main() -> None:
    spec = load_variant("contract")
    session = PlaySession(spec, players=4, seat=0, bots=["greedy"] * 3, seed=2)
    app = PlayApp(session, pace=0)
    async with app.run_test(size=(110, 34)) as pilot:
        # Play the first action at each turn until a few melds are on the table.
        for _ in range(400):
            await pilot.pause()
            legal = session.legal()
            if len(session.state.melds) >= 3 and any(a.startswith("discard") for a in legal):
                break
            if session.my_turn() and app.query_one("#actions").option_count:
                await pilot.press("enter")
        await pilot.pause()
        bar = app.query_one("#hand")
        left = bar.content_region.x - bar.region.x
        await pilot.click("#hand", offset=(left + 1, bar.content_region.y - bar.region.y))
        await pilot.pause()
        app.save_screenshot(filename="play.svg", path=str(ROOT / "docs"))
    print("wrote docs/play.svg")


if __name__ == "__main__":
    asyncio.run(main())
