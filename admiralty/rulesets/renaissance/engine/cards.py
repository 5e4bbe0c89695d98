"""Combat cards (RN-3-4) and the Galleasses reaction (RN-6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .model import ZoneKind
from .tables import Reaction, Tables


def combat_cards_in_hand(hand: Sequence[str], tables: Tables) -> list[str]:
    """RN-3-4: the distinct combat cards a hand may declare, in hand order (reactions left out)."""
    seen: list[str] = []
    for card in hand:
        if card in tables.combat_cards and card not in seen:
            seen.append(card)
    return seen


def dice_after_cards(
    attacker_dice: int,
    defender_dice: int,
    attacker_cards: Iterable[str],
    defender_cards: Iterable[str],
    tables: Tables,
) -> tuple[int, int]:
    """RN-3-4: each side's dice once both sides' declared cards apply (never below zero).

    >>> from admiralty.rulesets.renaissance.engine.tables import load_tables
    >>> dice_after_cards(4, 5, ["professional-rowers"], ["fireships"], load_tables())
    (4, 5)
    """
    attacker, defender = attacker_dice, defender_dice
    for card_id in attacker_cards:
        card = tables.combat_cards[card_id]
        attacker, defender = attacker + card.own_dice, defender + card.enemy_dice
    for card_id in defender_cards:
        card = tables.combat_cards[card_id]
        defender, attacker = defender + card.own_dice, attacker + card.enemy_dice
    return max(attacker, 0), max(defender, 0)


def reactions_allowed(zone: ZoneKind, tables: Tables) -> list[Reaction]:
    """RN-6: the reactions playable after a battle's roll in ``zone`` (Galleasses: Mediterranean only)."""
    return [reaction for reaction in tables.reactions.values() if reaction.zone == zone]


def reaction_holders(
    powers: Sequence[str], hands: Mapping[str, Sequence[str]], reaction: Reaction
) -> list[str]:
    """RN-6: the powers, in scenario order, holding ``reaction`` (any power may play it, not only the two)."""
    return [power for power in powers if reaction.id in hands.get(power, ())]
