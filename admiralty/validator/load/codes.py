"""The loader's bounds and diagnostic codes (YML001-YML015, IO001), and the error that carries one out of
the composer to the single place that turns it into a diagnostic."""

from __future__ import annotations

from admiralty.validator.diagnostics import Diagnostic, Severity, register
from admiralty.validator.load.positions import Span

MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 500_000
MAX_VALUES = 100_000  # values written out: the largest corpus map has 1,338; 100,000 load in under a second
MAX_NUMBER_CHARACTERS = 100  # a plain number's length: 2 ** 63 takes 19 digits, a float 17 significant ones

register("YML001", "YAML syntax error", "The file is not well-formed YAML; the parser stopped here.",
         wrong="fleets: [fleet-1, fleet-2", right="fleets: [fleet-1, fleet-2]")
register("YML002", "Duplicate key", "A mapping has the same key twice; YAML readers disagree on which "
         "value wins, so admiralty refuses both.", wrong="id: a\nid: b", right="id: a")
register("YML003", "Key is not a string", "Every key must be a string. A plain `1`, `true` or `null` "
         "key is read as a number, boolean or null; quote it.", wrong="1: first", right='"1": first')
register("YML004", "Tag not allowed", "Only the core schema's tags are allowed (`!!str`, `!!int`, "
         "`!!float`, `!!bool`, `!!null`, `!!seq`, `!!map`); `!!python/...` and custom tags could make a "
         "reader run code.", wrong="x: !!python/object:os.system ls", right="x: ls")
register("YML005", "Alias expansion too large", f"Aliases would expand the document past {MAX_NODES:,} "
         "nodes (the \"billion laughs\" attack). Write the repeated data out, or repeat less.",
         wrong="a: &a [x, x]\nb: &b [*a, *a]\n# ...nine levels deep", right="a: [x, x]")
register("YML006", "Nesting too deep", f"Collections nest deeper than {MAX_DEPTH} levels; no admiralty "
         "document needs that.", wrong="[[[[[[ ... ]]]]]]", right="[x]")
register("YML007", "File too large", f"The file is larger than {MAX_BYTES // (1024 * 1024)} MiB; "
         "admiralty documents are small. Split it.", wrong="(a 50 MB file)", right="(a file under the bound)")
register("YML008", "Not UTF-8", "The file contains bytes that are not UTF-8. Save it as UTF-8.",
         wrong="name: Tegetth\\xf6ff  (Latin-1)", right="name: Tegetthöff  (UTF-8)")
register("YML009", "Empty document", "The file holds no YAML document (it is empty or only comments).",
         wrong="# nothing here", right="kind: map\nruleset: dreadnought\n...")
register("YML010", "YAML 1.1 boolean word", "A plain `yes`, `no`, `on` or `off` is a string "
         "to admiralty and to editors (YAML 1.2), but a boolean to YAML 1.1 readers such as PyYAML: the "
         "nation code `NO` would become `false`. Quote it where you mean text; write `true`/`false` where "
         "you mean a boolean.", wrong="nations: [NO]", right='nations: ["NO"]', severity=Severity.WARNING)
register("YML011", "Number not finite", "`.nan` and `.inf` are not numbers any rule can use.",
         wrong="hull: .inf", right="hull: 12")
register("YML013", "Integer too large", "An integer must fit in 64 bits (from -9223372036854775808 to "
         "9223372036854775807); no rule needs a larger one, and larger ones break the tools that read the "
         "document after admiralty.", wrong="hull: 99999999999999999999999", right="hull: 12")
register("YML015", "Number too long", f"A number is written in more than {MAX_NUMBER_CHARACTERS} characters "
         "(leading zeros, a long fraction). No rule needs that many, and past 4,300 digits Python cannot even read "
         "an integer; write the number plainly.", wrong="hull: " + "0" * 120 + "12", right="hull: 12")
register("YML014", "Document too large", f"The document holds more than {MAX_VALUES:,} values (every number, "
         "string, list and mapping counts). Loading and checking grow with the values, so the bound keeps every "
         "file within time and memory; no admiralty document needs that many. Simplify the polygons (fewer "
         "vertices) or split the file.", wrong="land:\n  - polygon: [[0, 0], ...a million vertices...]",
         right="land:\n  - polygon: [[0, 0], ...a few hundred vertices...]")
register("YML012", "More than one document", "A file holds exactly one document; split the others "
         "into their own files.", wrong="kind: map\n---\nkind: ships", right="kind: map")
register("IO001", "File cannot be read", "The path does not exist, is not a regular file, or cannot be "
         "read.", wrong="admiralty validate scenario/", right="admiralty validate scenarios/")


class LoadError(Exception):
    """A finding that ends the load: the code, where, and the hint, raised from deep in the composer."""

    def __init__(self, code: str, message: str, span: Span, hint: str = "") -> None:
        super().__init__(message)
        self.code, self.message, self.span, self.hint = code, message, span, hint


class RepositionError(Exception):
    """The positioned loader refused a text the fast path had accepted, when it came to compose the positions of
    a finding: the two readers disagreed. Never answered with a made-up position (the findings would all point
    at 1:1); whoever validates loads that file again the positioned way and reports what the positioned loader
    says (``pipeline.validate_loaded``, ``incremental.Workspace.refresh``)."""

    def __init__(self, file: str, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{file}: the fast YAML path accepted what the positioned loader refuses")
        self.file, self.diagnostics = file, diagnostics
