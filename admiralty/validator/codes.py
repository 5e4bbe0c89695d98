"""Every diagnostic code of the core stages (files, loading, text, schema, build, checks), and the table of
all codes: these and the ones each installed rule system lists in its ``Ruleset.codes``. Nothing registers a
code by being imported; ``diagnostics.CODES`` reads ``all_codes`` on first use."""

from __future__ import annotations

from admiralty.contract import Code, RulesetError, Severity, rulesets
from admiralty.validator.load.codes import MAX_BYTES, MAX_DEPTH, MAX_NODES, MAX_NUMBER_CHARACTERS, MAX_VALUES

CORE_CODES: tuple[Code, ...] = (
    # pipeline.py
    Code("IO002", "Path outside the corpus root", "A symbolic link under the folder being validated "
         "points outside it; admiralty never follows a path out of the corpus root.",
         wrong="scenarios/x.yaml -> /etc/passwd", right="scenarios/x.yaml (a regular file)"),
    Code("IO003", "Not an admiralty document", "A YAML file under the folder has no `kind:` or "
         "`ruleset:`; it was skipped.", severity=Severity.INFO),
    Code("IO004", "Document is not a mapping", "A YAML file in a corpus folder (below a folder named "
         "`scenarios` or after a rule system, or named on the command line) holds a list, a text, a number or "
         "a boolean where an admiralty document holds a mapping of keys to values. A file outside the corpus "
         "that is not an admiralty document is only mentioned (IO003).",
         wrong="- kind: ships\n- ruleset: dreadnought", right="kind: ships\nruleset: dreadnought\nid: ah-1914"),
    # load/codes.py
    Code("YML001", "YAML syntax error", "The file is not well-formed YAML; the parser stopped here.",
         wrong="fleets: [fleet-1, fleet-2", right="fleets: [fleet-1, fleet-2]"),
    Code("YML002", "Duplicate key", "A mapping has the same key twice; YAML readers disagree on which "
         "value wins, so admiralty refuses both.", wrong="id: a\nid: b", right="id: a"),
    Code("YML003", "Key is not a string", "Every key must be a string. A plain `1`, `true` or `null` "
         "key is read as a number, boolean or null; quote it.", wrong="1: first", right='"1": first'),
    Code("YML004", "Tag not allowed", "Only the core schema's tags are allowed (`!!str`, `!!int`, "
         "`!!float`, `!!bool`, `!!null`, `!!seq`, `!!map`); `!!python/...` and custom tags could make a "
         "reader run code.", wrong="x: !!python/object:os.system ls", right="x: ls"),
    Code("YML005", "Alias expansion too large", f"Aliases would expand the document past {MAX_NODES:,} "
         "nodes (the \"billion laughs\" attack). Write the repeated data out, or repeat less.",
         wrong="a: &a [x, x]\nb: &b [*a, *a]\n# ...nine levels deep", right="a: [x, x]"),
    Code("YML006", "Nesting too deep", f"Collections nest deeper than {MAX_DEPTH} levels; no admiralty "
         "document needs that.", wrong="[[[[[[ ... ]]]]]]", right="[x]"),
    Code("YML007", "File too large", f"The file is larger than {MAX_BYTES // (1024 * 1024)} MiB; "
         "admiralty documents are small. Split it.", wrong="(a 50 MB file)", right="(a file under the bound)"),
    Code("YML008", "Not UTF-8", "The file contains bytes that are not UTF-8. Save it as UTF-8.",
         wrong="name: Tegetth\\xf6ff  (Latin-1)", right="name: Tegetthöff  (UTF-8)"),
    Code("YML009", "Empty document", "The file holds no YAML document (it is empty or only comments).",
         wrong="# nothing here", right="kind: map\nruleset: dreadnought\n..."),
    Code("YML010", "YAML 1.1 boolean word", "A plain `yes`, `no`, `on` or `off` is a string "
         "to admiralty and to editors (YAML 1.2), but a boolean to YAML 1.1 readers such as PyYAML: the "
         "nation code `NO` would become `false`. Quote it where you mean text; write `true`/`false` where "
         "you mean a boolean.", wrong="nations: [NO]", right='nations: ["NO"]', severity=Severity.WARNING),
    Code("YML011", "Number not finite", "`.nan` and `.inf` are not numbers any rule can use.",
         wrong="hull: .inf", right="hull: 12"),
    Code("YML013", "Integer too large", "An integer must fit in 64 bits (from -9223372036854775808 to "
         "9223372036854775807); no rule needs a larger one, and larger ones break the tools that read the "
         "document after admiralty.", wrong="hull: 99999999999999999999999", right="hull: 12"),
    Code("YML015", "Number too long", f"A number is written in more than {MAX_NUMBER_CHARACTERS} characters "
         "(leading zeros, a long fraction). No rule needs that many, and past 4,300 digits Python cannot even read "
         "an integer; write the number plainly.", wrong="hull: " + "0" * 120 + "12", right="hull: 12"),
    Code("YML014", "Document too large", f"The document holds more than {MAX_VALUES:,} values (every number, "
         "string, list and mapping counts). Loading and checking grow with the values, so the bound keeps every "
         "file within time and memory; no admiralty document needs that many. Simplify the polygons (fewer "
         "vertices) or split the file.", wrong="land:\n  - polygon: [[0, 0], ...a million vertices...]",
         right="land:\n  - polygon: [[0, 0], ...a few hundred vertices...]"),
    Code("YML012", "More than one document", "A file holds exactly one document; split the others "
         "into their own files.", wrong="kind: map\n---\nkind: ships", right="kind: map"),
    Code("IO001", "File cannot be read", "The path does not exist, is not a regular file, or cannot be "
         "read.", wrong="admiralty validate scenario/", right="admiralty validate scenarios/"),
    # spoofing.py
    Code("TXT001", "Bidirectional control character", "The text holds a bidirectional control (U+202A-U+202E, "
         "U+2066-U+2069, U+200E, U+200F or U+061C). It reorders how the characters around it are shown, so a "
         "reviewer reads something other than what admiralty reads (the \"Trojan Source\" attack). Remove it; "
         "right-to-left scripts display correctly without it.",
         wrong='name: "Novara\\u202e1914"', right="name: Novara"),
    Code("TXT002", "Invisible character", "The text holds a default-ignorable code point: a zero-width space, "
         "joiner or non-joiner, a soft hyphen, a word joiner, a variation selector, a Hangul filler, a tag "
         "character and the like. It shows as nothing, so `Novara` and `Nova\u200bra` look the same on a "
         "pull request but are two different names to admiralty. Remove it.",
         wrong='name: "Nova\\u200bra"', right="name: Novara"),
    Code("TXT003", "Control character", "The text holds a C0 or C1 control character (other than tab and line "
         "breaks), typed or written as an escape. No name or prose needs one, and terminals and editors show "
         "them differently or not at all. Remove it.", wrong='name: "Novara\\x1b[8m"', right="name: Novara"),
    Code("TXT004", "Confusable names", "Two names of the same namespace (the same property of the same kind of "
         "document, across the corpus) look the same: their Unicode TR39 skeletons are equal, though the texts "
         "differ, for example a Cyrillic `о` in place of a Latin `o`. A reviewer cannot tell them apart. "
         "Rename one, or write both in the same letters if they are the same thing.",
         wrong="ships:\n  - name: Novara\n  - name: N\u043evara   # Cyrillic о", right="ships:\n  - name: Novara"),
    Code("TXT005", "Mixed scripts in one word", "One word mixes letters of the Latin, Cyrillic and Greek "
         "scripts, which look alike: `Nоvara` with a Cyrillic `о` shows as `Novara`. Write each word in one "
         "script. A name written wholly in Cyrillic or Greek (`Севастополь`, `Αβέρωφ`) is accepted.",
         wrong="name: N\u043evara   # Cyrillic о among Latin letters", right="name: Novara"),
    Code("TXT006", "Line or paragraph separator", "The text holds U+2028 LINE SEPARATOR or U+2029 PARAGRAPH "
         "SEPARATOR, typed or written as an escape (`\\L`, `\\P`, `\\u2028`). YAML 1.1 readers (libyaml, PyYAML) "
         "break the line there and YAML 1.2 readers keep it as text, so two tools read the file differently; "
         "editors and pull requests show it as a line break or as nothing. Use a plain line break.",
         wrong='title: "The Otranto Straits\\L15 May 1917"', right='title: "The Otranto Straits, 15 May 1917"'),
    # schema.py
    Code("SCH001", "Missing required property", "A property the document kind needs is missing. The "
         "diagnostic points at the mapping that should hold it.", wrong="- id: fleet-1\n  ships: [Novara]",
         right="- id: fleet-1\n  mission: raid\n  start: cattaro\n  ships: [Novara]"),
    Code("SCH002", "Unknown property", "The mapping has a property the schema does not know, usually a "
         "typo; the hint suggests the closest known name. Inside `{...}` a comma ends a value, so an unquoted "
         "value with a comma in it leaves its second half as a property of its own: the message says so and "
         "the hint says to quote the value.", wrong="misson: raid\n- {id: foy, name: Foy, 9th division}",
         right='mission: raid\n- {id: foy, name: "Foy, 9th division"}'),
    Code("SCH003", "Wrong type", "The value has the wrong type (a string where a number is wanted, say).",
         wrong="hull: twelve", right="hull: 12"),
    Code("SCH004", "Value not allowed", "The value is not one of the allowed values.",
         wrong="speed: \"3\"", right="speed: \"2+\""),
    Code("SCH005", "Value does not match its pattern", "The value does not have the required form "
         "(ids are lowercase kebab-case, zone ids like `Q31`).", wrong="id: Otranto 1917", right="id: otranto-1917"),
    Code("SCH006", "Number out of range", "The number is below the minimum or above the maximum.",
         wrong="hull: 0", right="hull: 1"),
    Code("SCH007", "Wrong number of items", "The list is too short, too long, or repeats an item.",
         wrong="rows: [K]", right="rows: [K, Z]"),
    Code("SCH008", "Text too short or too long", "The text is empty or longer than allowed.",
         wrong="title: \"\"", right="title: The Otranto Straits"),
    Code("SCH009", "Bad format", "The value does not have the required format (a date is `YYYY-MM-DD`).",
         wrong="date: 15 May 1917", right="date: \"1917-05-15\""),
    Code("SCH010", "No alternative fits", "The value fits none of the shapes allowed here.",
         wrong="adjacency: derive", right="adjacency: derived"),
    Code("SCH011", "Unknown document kind", "The document does not say a `kind:` and `ruleset:` that "
         "admiralty knows, so it cannot be checked.", wrong="kind: scenarios", right="kind: scenario"),
    Code("SCH012", "Schema modeline missing or wrong", "Every document starts with "
         "`# yaml-language-server: $schema=<relative path to its schema>` so that editors check it as you "
         "type.", wrong="kind: map",
         right="# yaml-language-server: $schema=../../../schemas/dreadnought/map.schema.json\nkind: map",
         severity=Severity.WARNING),
    Code("SCH099", "Schema violation", "The document breaks a schema constraint.", wrong="", right=""),
    # build/__init__.py
    Code("REF001", "Duplicate id", "Two things of the same kind share an id (or two ships a name); every "
         "reference to it would be ambiguous.", wrong="- id: fleet-1\n- id: fleet-1",
         right="- id: fleet-1\n- id: fleet-2"),
    Code("REF002", "Unknown ship class", "A ship names a class its catalog does not define.",
         wrong="- {name: Novara, class: novarra}", right="- {name: Novara, class: novara}"),
    Code("REF003", "Unknown map", "The scenario names a map that none of the given files defines.",
         wrong="map: adriatc", right="map: adriatic"),
    Code("REF004", "Unknown catalog", "The scenario names a ship catalog that none of the given files "
         "defines.", wrong="catalogs: [austria-1917]", right="catalogs: [austria-hungary-1917]"),
    Code("REF005", "Unknown ship", "A fleet (or a rule or victory condition) names a ship that is in none "
         "of the scenario's catalogs.", wrong="ships: [Novarra]", right="ships: [Novara]"),
    Code("REF006", "Ship in two fleets", "A ship can be in one fleet only.",
         wrong="fleet-1: [Novara]\nfleet-2: [Novara]", right="fleet-1: [Novara]\nfleet-2: [Saida]"),
    Code("REF007", "Unknown fleet", "An escort, convoy order or victory condition names a fleet the "
         "scenario does not have.", wrong="escorts: fleet-9", right="escorts: fleet-1"),
    Code("REF008", "Unknown zone or port", "A start, order, control, minefield or port names a zone or "
         "port the map does not have.", wrong="start: catarro", right="start: cattaro"),
    Code("REF009", "Unknown side or power", "A document names a side (or, in the renaissance rules, a "
         "power) that the scenario does not have: a minefield's owner, a victory condition, a unit's power.",
         wrong="owner: entente-powers", right="owner: entente"),
    Code("SCH020", "Table override does not fit", "A scenario's `rules: {tables: ...}` is merged key by key "
         "into the ruleset's house tables; the result must still fit the tables schema and the rules' own "
         "limits, or the engine could not start a game with it. Only a table the ruleset has can be "
         "overridden, each with a mapping of its keys (napoleonic: 10.46 rounds quarters, so "
         "`hits_per_figure` is 1, 2 or 4; the rocket and double-six tables cover every roll once).",
         wrong="rules:\n  tables:\n    gun_fire: {hits_per_figure: 3}",
         right="rules:\n  tables:\n    gun_fire: {hits_per_figure: 4}"),
    Code("REF010", "Not built", "The document refers to another document that has errors of its own, so "
         "it was not checked further; fix those errors first.", severity=Severity.INFO),
    # checks/__init__.py
    Code("internal", "Internal error in a check", "A check crashed. This is a bug in admiralty, not in "
         "your document: the other checks still ran. Please report it with the file."),
)


def all_codes() -> dict[str, Code]:
    """Code id -> ``Code``: the core's, then each installed rule system's by name. ``RulesetError`` when two
    owners list the same code."""
    table = {code.code: code for code in CORE_CODES}
    for ruleset in rulesets().values():
        for code in ruleset.load_codes():
            if code.code in table:
                owner = table[code.code].origin or "the core"
                raise RulesetError(f"rule system {ruleset.name!r}: code {code.code} in {ruleset.codes} is "
                                   f"{owner}'s already")
            table[code.code] = code
    return table
