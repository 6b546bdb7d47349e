"""Playing many games: bots, simulation statistics, game records and replay.

``sim`` drives the engine (:mod:`rummy_rules.engine`) with bots and reads its
results; it never changes how the rules are played.
"""
