"""The dreadnought tactical battle (7.4-7.5 and the house rules around them), fought on the battle zone's
hex map behind the operational game's ``BattleResolver`` interface.

One module per rule topic: ``hexes`` (axial coordinates), ``map`` (the zone's hex map and its land,
DN-7.41a, DN-7.41b), ``grounding`` (DN-7.42, DN-7.44), ``detection`` (what a side sees), ``movement``
(groups and steps, DN-5.11b, towing, leaving the map), ``gunnery`` (DN-7.5a-c, DN-5.2-bombard), ``damage``
(DN-7.5d, DN-12.64), ``torpedoes``, ``players`` (the battle players) and ``resolver`` (the tactical turn,
the end of the battle and the ``BattleOutcome``). Nothing here imports the operational battle module at
import time, so that it can register ``resolver.TacticalBattle`` without an import cycle.
"""
