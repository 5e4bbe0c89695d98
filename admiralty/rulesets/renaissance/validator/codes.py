"""Every diagnostic code the renaissance rule system reports (its builder's and its checks'), listed in its
``Ruleset.codes``: data only, so that the site and the editor read them without importing the checks. The
bound a code's text quotes stands here too; the geography check imports it."""

from __future__ import annotations

from admiralty.contract import Code, Severity

# A sea zone of these maps spans a few hundred km (the Ionian is ~600 km across), and its position is its
# middle: a port on its coast lies well inside this, a position with swapped or mistyped degrees far outside.
PORT_REACH_KM = 800.0

CODES: tuple[Code, ...] = (
    # build.py
    Code("RN-3-4-card", "Unknown card", "A hand or a scripted battle names a card the renaissance tables do "
         "not have, or scripts a reaction (the Galleasses) among the combat cards declared in steps 3-4.",
         wrong="cards: {attacker: [fireship]}", right="cards: {attacker: [fireships]}"),
    Code("RN-dice-armada", "The Armada in more than one place", "The Armada is a single unit of strength 2, 4, "
         "6 or 8 (23.2): one `units:` entry, for one power, in one place, may give it.",
         wrong="- {at: western-channel, power: hapsburg, armada: 8}\n- {at: strait-of-dover, power: hapsburg, "
         "armada: 4}", right="- {at: western-channel, power: hapsburg, armada: 8}"),
    Code("RN-16.3-formation", "Unknown land formation", "A naval transport names a land formation the "
         "scenario's `formations:` does not define.", wrong="formation: spanish-tercios",
         right="formation: spanish-tercio"),
    # checks.py
    Code("GRA101", "Sea zone adjacent to itself", "An adjacency pair of a renaissance map names the same sea "
         "zone twice; a zone is never its own neighbour.", wrong="- [ionian-sea, ionian-sea]",
         right="- [ionian-sea, adriatic-sea]"),
    Code("GRA102", "Sea zones not connected", "Some sea zones of a renaissance map cannot be reached from the "
         "others along the declared adjacency, so no retreat (RN-9) or transport (RN-16.3) can cross between "
         "them. Usually a missing adjacency pair.", wrong="adjacency: [[ionian-sea, aegean-sea]]  # no pair "
         "for adriatic-sea", right="adjacency: [[ionian-sea, aegean-sea], [ionian-sea, adriatic-sea]]",
         severity=Severity.WARNING),
    Code("GRA103", "Port opens on no sea zone", "None of the sea zones a port lists exists on the map, so no "
         "fleet can enter or leave it and no transport can use it.", wrong="seas: [ionian]",
         right="seas: [ionian-sea]"),
    Code("RN-9-port", "Naval units in an enemy port", "Naval units start in their own power's ports, its allies' "
         "ports, or at sea; they retreat only to ports their power controls (RN-9). They stand in an enemy "
         "port only to attack it: the scenario must script a port battle there with that power as attacker.",
         wrong="- {at: preveza, power: venice, galleys: 2}  # no attack on Preveza",
         right="- {at: ionian-sea, power: venice, galleys: 2}"),
    Code("RN-8-corsairs", "Corsairs of a power that has none", "Corsairs belong to the Ottoman (the rules' "
         "tables, `corsair_powers`); RN-8 sinks them with the hits left over after the Ottoman galleys.",
         wrong="- {at: tunis, power: hapsburg, corsairs: 2}", right="- {at: algiers, power: ottoman, corsairs: 2}"),
    Code("RN-battle-absent", "Battle where a side has no naval units", "A side rolls dice for its naval units "
         "at the battle's place (RN-dice). Following the actions in order, the two powers cannot both have "
         "naval units there when this battle comes up, so the engine would skip it: none start there and no "
         "earlier retreat can bring any, or the two already fought there. After a sea battle the loser always "
         "leaves (it retreats or is destroyed) and after a port battle the attacker does (RN-9), so the same "
         "two powers meet again in the same place only if a later retreat brings one of them back.",
         wrong="- {kind: combat, attacker: venice, defender: ottoman, at: aegean-sea}  # no Venetians there",
         right="- {kind: combat, attacker: venice, defender: ottoman, at: ionian-sea}"),
    Code("RN-battle-friends", "Battle between friends", "The attacker and defender of a battle must be "
         "enemies: two different powers that share no alliance.",
         wrong="alliances: [[hapsburg, venice]]\n- {kind: combat, attacker: venice, defender: hapsburg, ...}",
         right="- {kind: combat, attacker: venice, defender: ottoman, ...}"),
    Code("RN-turn-order", "Actions out of turn order", "The actions are played in the order written and the "
         "turn track only moves forward (RN-10): an action's `turn` may not come before an earlier action's.",
         wrong="- {turn: 2, ...}\n- {turn: 1, ...}", right="- {turn: 1, ...}\n- {turn: 2, ...}"),
    Code("RN-16.3", "Naval transport impossible", "A land formation crosses one or more connected sea zones, in "
         "each of which its power has naval units, from the port where it stands to another (RN-16.3). "
         "Following the actions in order, this transport can never happen: the formation belongs to another "
         "power, cannot be in that port then, or no chain of sea zones can hold the power's naval units.",
         wrong="- {kind: transport, power: hapsburg, formation: tercio, from: messina, to: corfu}  # no Spanish "
         "ships in the Ionian", right="units:\n  - {at: ionian-sea, power: hapsburg, galleys: 1}"),
    Code("RN-6", "Galleasses outside the Mediterranean", "The Galleasses reaction may only be played after a "
         "battle in a Mediterranean sea zone (RN-6); scripted for an Atlantic zone or a port, it is ignored.",
         wrong="at: western-channel\ncards: {galleasses: {by: venice, side: attacker}}",
         right="at: ionian-sea\ncards: {galleasses: {by: venice, side: attacker}}", severity=Severity.WARNING),
    Code("RN-3-4", "Scripted card not in hand", "A battle scripts a card (or the Galleasses) for a power whose "
         "hand holds no copy left for it, counting the copies earlier scripted battles use up. The engine "
         "plays it anyway; the power's `hands:` entry is probably missing it.",
         wrong="hands: {ottoman: [fireships]}\ncards: {attacker: [veteran-gunners]}",
         right="hands: {ottoman: [veteran-gunners]}\ncards: {attacker: [veteran-gunners]}",
         severity=Severity.WARNING),
    # geography.py
    Code("GEO101", "Port far from its sea zones", "A port's `position` lies more than "
         f"{PORT_REACH_KM:.0f} km from the position of a sea zone it opens on. Positions are "
         "`[longitude, latitude]` (GeoJSON order); a port this far off usually has the two swapped or a "
         "mistyped degree, and the site would draw it in the wrong place.",
         wrong="- {id: corfu, ..., seas: [ionian-sea], position: [39.62, 19.92]}",
         right="- {id: corfu, ..., seas: [ionian-sea], position: [19.92, 39.62]}"),
    Code("GEO102", "Positions on only some places", "Some seas and ports of a renaissance map have a "
         "`position` and others do not. The site draws a map to geography only when every sea and port has "
         "one; otherwise it falls back to the schematic drawing and the positions written are not used.",
         wrong="seas:\n  - {id: ionian-sea, ..., position: [18.5, 37.0]}\n  - {id: adriatic-sea, ...}",
         right="seas:\n  - {id: ionian-sea, ..., position: [18.5, 37.0]}\n"
               "  - {id: adriatic-sea, ..., position: [16.0, 42.5]}",
         severity=Severity.WARNING),
    # powers.py
    Code(
            "SID101",
            "Power in no action",
            "A power of `powers` is the attacker, defender or transporting power of no action. Nothing moves on its "
            "own in these rules, so its naval units, leaders and formations never fight or sail, it scores no point "
            "and it can never win; as the first power it makes the balance band meaningless. Script an action for it "
            "(a battle where it and an enemy both have naval units), or leave it out of `powers`.",
            wrong="powers: [ottoman, hapsburg, france]\nunits:\n  - {at: toulon, power: france, galleys: 2}\n"
                  "actions:\n  - {kind: combat, attacker: ottoman, defender: hapsburg, at: tyrrhenian-sea}",
            right="powers: [ottoman, hapsburg]\nactions:\n  - {kind: combat, attacker: ottoman, defender: hapsburg, "
                  "at: tyrrhenian-sea}",
            severity=Severity.WARNING,
        ),
    )
