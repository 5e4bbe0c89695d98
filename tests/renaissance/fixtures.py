"""Hand-built renaissance scenarios for the tests (no YAML, no validator): a Preveza-1538-like
Mediterranean campaign, a Channel-1588-like Atlantic one, and one-battle "duels" for exact checks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from admiralty.engine.api import Action
from admiralty.rulesets.renaissance.engine.game import RenaissanceGame, new_game
from admiralty.rulesets.renaissance.engine.model import (
    Battle,
    CardScript,
    GalleassesPlay,
    LandFormation,
    Leader,
    NavalAction,
    Port,
    RenaissanceMap,
    RenaissanceScenario,
    Sea,
    SeaKind,
    Transport,
    Units,
)


def ionian_map() -> RenaissanceMap:
    """The central Mediterranean around the Ionian Sea (invented, simplified geography)."""
    seas = [
        Sea("ionian-sea", "Ionian Sea", "mediterranean"),
        Sea("adriatic-sea", "Adriatic Sea", "mediterranean"),
        Sea("aegean-sea", "Aegean Sea", "mediterranean"),
        Sea("tyrrhenian-sea", "Tyrrhenian Sea", "mediterranean"),
        Sea("barbary-coast", "Barbary Coast", "mediterranean"),
    ]
    ports = [
        Port("preveza", "Preveza", ("ionian-sea",), "ottoman"),
        Port("istanbul", "Istanbul", ("aegean-sea",), "ottoman"),
        Port("algiers", "Algiers", ("barbary-coast",), "ottoman"),
        Port("corfu", "Corfu", ("ionian-sea", "adriatic-sea"), "venice"),
        Port("venice", "Venice", ("adriatic-sea",), "venice"),
        Port("messina", "Messina", ("ionian-sea", "tyrrhenian-sea"), "hapsburg"),
        Port("naples", "Naples", ("tyrrhenian-sea",), "hapsburg"),
        Port("civitavecchia", "Civitavecchia", ("tyrrhenian-sea",), "papacy"),
    ]
    return RenaissanceMap(
        id="ionian",
        title="The Ionian Sea and its neighbours",
        seas={s.id: s for s in seas},
        ports={p.id: p for p in ports},
        adjacency=(
            ("ionian-sea", "adriatic-sea"),
            ("ionian-sea", "aegean-sea"),
            ("ionian-sea", "tyrrhenian-sea"),
            ("ionian-sea", "barbary-coast"),
            ("tyrrhenian-sea", "barbary-coast"),
        ),
    )


def preveza_1538() -> RenaissanceScenario:
    """Barbarossa's fleet in Preveza against Doria's Holy League (Hapsburg, Venice, Papacy).

    The actions do not move fleets: every side already stands where it fights. A sea battle in the
    Ionian Sea, a port battle at Preveza (whose attacker may find no free sea to retreat to), a transport
    from Messina to Corfu that needs Hapsburg ships left in the Ionian Sea, more battles there (one with
    the Galleasses scripted), and a second assault on Preveza.
    """
    actions: tuple[NavalAction, ...] = (
        Battle("ottoman", "venice", "ionian-sea", turn=1,
               cards=CardScript(attacker=("professional-rowers",))),
        Battle("hapsburg", "ottoman", "preveza", turn=1),
        Transport("hapsburg", "spanish-tercio", "messina", "corfu", turn=2),
        Battle("ottoman", "hapsburg", "ionian-sea", turn=2),
        Battle("ottoman", "papacy", "ionian-sea", turn=3),
        Battle("venice", "ottoman", "ionian-sea", turn=3, cards=CardScript(
            attacker=(), defender=(), galleasses=GalleassesPlay("venice", "attacker"),
            galleasses_scripted=True)),
        Battle("hapsburg", "ottoman", "preveza", turn=4),
    )
    return RenaissanceScenario(
        id="preveza-1538",
        title="Preveza, September 1538",
        map=ionian_map(),
        powers=("ottoman", "hapsburg", "venice", "papacy"),
        units={
            "preveza": {"ottoman": Units(galleys=4, corsairs=2), "hapsburg": Units(galleys=2, galleons=1)},
            "ionian-sea": {
                "ottoman": Units(galleys=3, corsairs=2),
                "hapsburg": Units(galleys=1),
                "venice": Units(galleys=2),
                "papacy": Units(galleys=1),
            },
            "aegean-sea": {"ottoman": Units(galleys=1)},
        },
        leaders={
            "barbarossa": Leader("barbarossa", "ottoman", 2, "preveza"),
            "dragut": Leader("dragut", "ottoman", 1, "ionian-sea"),
            "doria": Leader("doria", "hapsburg", 2, "preveza"),
            "grimani": Leader("grimani", "venice", 1, "ionian-sea"),
        },
        formations={"spanish-tercio": LandFormation("spanish-tercio", "hapsburg", "messina", 4)},
        actions=actions,
        hands={
            "ottoman": ("veteran-gunners", "fireships"),
            "hapsburg": ("professional-rowers",),
            "venice": ("galleasses", "veteran-gunners", "galleasses"),
            "papacy": ("galleasses",),
        },
        alliances=(("hapsburg", "venice", "papacy"),),
    )


def channel_map() -> RenaissanceMap:
    """The Channel and its approaches (Atlantic zones)."""
    seas = [
        Sea("english-channel", "English Channel", "atlantic"),
        Sea("north-sea", "North Sea", "atlantic"),
        Sea("bay-of-biscay", "Bay of Biscay", "atlantic"),
        Sea("irish-sea", "Irish Sea", "atlantic"),
    ]
    ports = [
        Port("plymouth", "Plymouth", ("english-channel",), "england"),
        Port("london", "London", ("north-sea", "english-channel"), "england"),
        Port("dunkirk", "Dunkirk", ("north-sea", "english-channel"), "hapsburg"),
        Port("corunna", "Corunna", ("bay-of-biscay",), "hapsburg"),
    ]
    return RenaissanceMap(
        id="channel",
        title="The Channel",
        seas={s.id: s for s in seas},
        ports={p.id: p for p in ports},
        adjacency=(
            ("english-channel", "north-sea"),
            ("english-channel", "bay-of-biscay"),
            ("english-channel", "irish-sea"),
            ("irish-sea", "bay-of-biscay"),
        ),
    )


def channel_1588() -> RenaissanceScenario:
    """The Armada in the Channel: flush-deck galleons, Dry Dock, fireships at Dunkirk, Parma's army."""
    return RenaissanceScenario(
        id="channel-1588",
        title="The Armada in the Channel, 1588",
        map=channel_map(),
        powers=("hapsburg", "england"),
        units={
            "english-channel": {
                "hapsburg": Units(galleons=2, armada=8),
                "england": Units(flush_deck_galleons=3, galleons=1),
            },
            "london": {"england": Units(galleons=1)},
            "dunkirk": {"hapsburg": Units(galleys=1), "england": Units(galleons=1)},
        },
        leaders={
            "medina-sidonia": Leader("medina-sidonia", "hapsburg", 0, "english-channel"),
            "howard": Leader("howard", "england", 1, "english-channel"),
            "drake": Leader("drake", "england", 2, "dunkirk"),
        },
        formations={"army-of-flanders": LandFormation("army-of-flanders", "hapsburg", "dunkirk", 6)},
        dry_dock=frozenset({"england"}),
        actions=(
            Battle("england", "hapsburg", "english-channel", turn=1),
            Transport("hapsburg", "army-of-flanders", "dunkirk", "plymouth", turn=1),
            Battle("england", "hapsburg", "dunkirk", turn=2, cards=CardScript(attacker=("fireships",))),
            Battle("hapsburg", "england", "english-channel", turn=3),
            Battle("england", "hapsburg", "english-channel", turn=4),
        ),
        hands={"england": ("veteran-gunners",), "hapsburg": ("professional-rowers", "veteran-gunners")},
    )


def duel_map(kind: SeaKind = "atlantic", with_port: bool = True, red_port: bool = False) -> RenaissanceMap:
    """One sea zone ``open-sea`` with blue's port ``harbour`` (unless ``with_port`` is false) and, if
    ``red_port``, red's port ``haven``; no other sea zone."""
    ports = {"harbour": Port("harbour", "Harbour", ("open-sea",), "blue")} if with_port else {}
    if red_port:
        ports["haven"] = Port("haven", "Haven", ("open-sea",), "red")
    return RenaissanceMap("duel", "Duel", {"open-sea": Sea("open-sea", "Open Sea", kind)}, ports)


def duel(
    attacker: Units,
    defender: Units,
    at: str = "open-sea",
    kind: SeaKind = "atlantic",
    attacker_power: str = "red",
    defender_power: str = "blue",
    attacker_rating: int = 0,
    defender_rating: int = 0,
    cards: CardScript | None = None,
    sea_map: RenaissanceMap | None = None,
    hands: dict[str, tuple[str, ...]] | None = None,
    dry_dock: frozenset[str] = frozenset(),
) -> RenaissanceScenario:
    """One battle of ``attacker_power`` against ``defender_power`` at ``at``."""
    leaders = {}
    if attacker_rating:
        leaders["a-leader"] = Leader("a-leader", attacker_power, attacker_rating, at)
    if defender_rating:
        leaders["d-leader"] = Leader("d-leader", defender_power, defender_rating, at)
    return RenaissanceScenario(
        id="duel",
        title="Duel",
        map=sea_map or duel_map(kind),
        powers=(attacker_power, defender_power),
        units={at: {attacker_power: attacker, defender_power: defender}},
        leaders=leaders,
        actions=(Battle(attacker_power, defender_power, at, cards=cards),),
        hands=hands or {},
        dry_dock=dry_dock,
    )


Policy = Callable[[RenaissanceGame, str, list[Action]], Action]


def first_legal(game: RenaissanceGame, side: str, legal: list[Action]) -> Action:
    """The default test policy: always the first legal action."""
    return legal[0]


def run(
    scenario: RenaissanceScenario,
    seed: int = 0,
    dice: Sequence[int] = (),
    policy: Policy = first_legal,
    options: dict[str, Any] | None = None,
) -> RenaissanceGame:
    """Play ``scenario`` to the end with loaded ``dice`` first, ``policy`` answering every decision."""
    game = new_game(scenario, seed, {**(options or {}), "dice": list(dice)})
    while not game.is_over:
        side = game.to_move()[0]
        game.apply(side, policy(game, side, game.legal_actions(side)))
    return game


def events(game: RenaissanceGame, kind: str) -> list[dict[str, Any]]:
    """The game's events of one ``type``."""
    return [event for event in game.events if event["type"] == kind]
