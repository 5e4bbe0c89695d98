"""What changed between two versions of a corpus, by meaning: which scenarios are affected (their own
document, or a map, table or catalog they use) and, for each, the facts that differ.

A rule system says what its scenarios mean through its ``Differ`` (``admiralty.contract``): facts grouped
as ``group -> key -> value``. A rule system without one is compared field by field on its built model.
Facts come from the built models, never from the text, so comments, key order and quoting change nothing.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from admiralty.contract import Differ, ScenarioModel, rulesets
from admiralty.diff.sources import Version, changed_files
from admiralty.validator.diagnostics import Severity
from admiralty.validator.pipeline import Validation, validate

SKIPPED_FIELDS = {"source", "content_hash", "briefing", "outcome", "sources", "description", "notes"}
MAX_DEPTH = 6


@dataclass(frozen=True)
class Change:
    """One fact added, removed or changed."""

    group: str
    key: str
    kind: str  # added, removed, changed
    before: str | None
    after: str | None


@dataclass
class ScenarioDiff:
    """One affected scenario: how it changed and the models of both versions (``None`` where absent)."""

    id: str
    ruleset: str
    title: str
    status: str  # changed, added, removed, text-only (files changed but not what they mean)
    files: list[str]
    changes: list[Change]
    before: ScenarioModel | None = None
    after: ScenarioModel | None = None
    pictures: dict[str, str] = field(default_factory=dict)  # kind -> SVG text
    map_changed: bool = False  # a map document it uses differs in content, or it moved to another map


@dataclass
class Comparison:
    before: Version
    after: Version
    errors: dict[str, int]  # "before"/"after" -> error count of the validation
    scenarios: list[ScenarioDiff]


def differ_for(ruleset: str) -> Differ | None:
    found = rulesets().get(ruleset)
    return found.load_differ() if found is not None else None


def generic_facts(scenario: object) -> dict[str, dict[str, str]]:
    """Facts of a model without a ``Differ``: every leaf of its dataclass fields, grouped by top field (none for a
    model that is not a dataclass)."""
    facts: dict[str, dict[str, str]] = {}
    if not dataclasses.is_dataclass(scenario):
        return facts
    for item in dataclasses.fields(scenario):
        if item.name in SKIPPED_FIELDS:
            continue
        leaves: dict[str, str] = {}
        _walk(getattr(scenario, item.name), item.name, leaves, 0)
        facts[item.name] = leaves
    return facts


def _walk(value: object, path: str, out: dict[str, str], depth: int) -> None:
    if depth > MAX_DEPTH:
        out[path] = repr(value)[:120]
        return
    children = _children(value)
    if children is None:
        out[path] = _leaf(value)
        return
    for name, child in children:
        _walk(child, f"{path}{name}", out, depth + 1)


def _children(value: object) -> list[tuple[str, object]] | None:
    """(path suffix, value) of each part of a dataclass, a mapping or a list of records; ``None`` for a leaf."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [(f".{item.name}", getattr(value, item.name)) for item in dataclasses.fields(value)
                if item.name not in SKIPPED_FIELDS]
    if isinstance(value, Mapping):
        return [(f"[{key}]", value[key]) for key in sorted(value, key=str)]
    if isinstance(value, list | tuple) and any(dataclasses.is_dataclass(v) for v in value):
        return [(f"[{getattr(element, 'id', None) or getattr(element, 'name', None) or index}]", element)
                for index, element in enumerate(value)]
    return None


def _leaf(value: object) -> str:
    if isinstance(value, frozenset | set):
        return ", ".join(sorted(map(str, value)))
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def facts_of(scenario: ScenarioModel) -> dict[str, dict[str, str]]:
    differ = differ_for(str(scenario.ruleset))
    if differ is None:
        return generic_facts(scenario)
    return {group: dict(values) for group, values in differ.facts(scenario).items()}


def compare_facts(before: Mapping[str, Mapping[str, str]], after: Mapping[str, Mapping[str, str]]) -> list[Change]:
    """Every fact that differs, group by group in a stable order."""
    changes: list[Change] = []
    for group in [*before, *[g for g in after if g not in before]]:
        old, new = before.get(group, {}), after.get(group, {})
        for key in [*old, *[k for k in new if k not in old]]:
            if key not in new:
                changes.append(Change(group, key, "removed", old[key], None))
            elif key not in old:
                changes.append(Change(group, key, "added", None, new[key]))
            elif old[key] != new[key]:
                changes.append(Change(group, key, "changed", old[key], new[key]))
    return changes


def uses(scenario: ScenarioModel) -> set[tuple[str, str]]:
    """The documents a scenario is built from, as (kind, id)."""
    differ = differ_for(str(scenario.ruleset))
    found = {("scenario", str(scenario.id))}
    if differ is not None:
        found |= differ.uses(scenario)
    return found


def _files_by_document(validation: Validation, root: Path) -> dict[tuple[str, str], str]:
    files: dict[tuple[str, str], str] = {}
    base = root.resolve()
    for item in validation.loaded:
        path = Path(item.doc.file).resolve()
        files[(item.kind, item.id)] = path.relative_to(base).as_posix() if path.is_relative_to(base) else str(path)
    return files


def _contents(validation: Validation) -> dict[tuple[str, str], str]:
    """Each loaded document's content digest (its data, not its formatting), by (kind, id)."""
    return {(item.kind, item.id): item.doc.content_digest for item in validation.loaded}


@dataclass(frozen=True)
class _Side:
    """One version validated: its scenarios by id, and each document's file and content digest."""

    scenarios: dict[str, ScenarioModel]
    files: dict[tuple[str, str], str]
    content: dict[tuple[str, str], str]

    @classmethod
    def of(cls, validation: Validation, root: Path) -> _Side:
        return cls({str(s.id): s for s in validation.scenarios}, _files_by_document(validation, root),
                   _contents(validation))


def _status(first: ScenarioModel | None, second: ScenarioModel | None,
            dependencies: list[Change]) -> tuple[str, list[Change]]:
    """changed (with its changes, those of the corpora it uses among them), text-only, added or removed."""
    if first is None or second is None:
        return ("added" if first is None else "removed"), []
    changes = compare_facts(facts_of(first), facts_of(second)) + dependencies
    return ("changed" if changes or first.content_hash != second.content_hash else "text-only"), changes


def _touched_files(documents: set[tuple[str, str]], old: _Side, new: _Side, touched: set[str]) -> list[str]:
    """The changed files that hold one of ``documents`` in either version, sorted."""
    return sorted({f for doc in documents for f in (old.files.get(doc), new.files.get(doc))
                   if f is not None and f in touched})


def _scenario_diff(scenario_id: str, old: _Side, new: _Side, touched: set[str],
                   used_changes: list[Change]) -> ScenarioDiff | None:
    """How one scenario changed between the versions, or ``None`` when neither it nor a file it uses did."""
    first, second = old.scenarios.get(scenario_id), new.scenarios.get(scenario_id)
    model = second if second is not None else first
    assert model is not None  # the id came from one of the versions
    documents = (uses(first) if first is not None else set()) | (uses(second) if second is not None else set())
    files = _touched_files(documents, old, new, touched)
    dependencies = used_changes if _outside(documents, old.files) else []
    if (first is not None and second is not None and first.content_hash == second.content_hash and not files
            and not dependencies):
        return None
    status, changes = _status(first, second, dependencies)
    map_changed = any(old.content.get(doc) != new.content.get(doc) for doc in documents if doc[0] == "map")
    return ScenarioDiff(scenario_id, str(model.ruleset), str(model.title), status, files, changes, first, second,
                        map_changed=map_changed)


def compare(before: Version, after: Version) -> Comparison:
    """Validate both versions and list every affected scenario with its semantic changes."""
    old_validation = validate([str(p) for p in before.paths if p.exists()])
    new_validation = validate([str(p) for p in after.paths if p.exists()])
    touched = changed_files(before, after)
    old, new = _Side.of(old_validation, before.root), _Side.of(new_validation, after.root)
    used_changes = compare_uses(before.root, after.root)
    diffs = [diff for scenario_id in sorted(old.scenarios.keys() | new.scenarios.keys())
             if (diff := _scenario_diff(scenario_id, old, new, touched, used_changes)) is not None]
    return Comparison(before, after, {"before": old_validation.report.count(Severity.ERROR),
                                      "after": new_validation.report.count(Severity.ERROR)}, diffs)


def declared_uses(root: Path) -> dict[str, str]:
    """The corpora the project file at ``root`` uses, name -> the version it pins (``""`` unpinned), as written
    (issue 37, item 3): a version's dependencies are what it declares, whatever is installed."""
    import yaml

    try:
        data = yaml.safe_load((root / "admiralty.yaml").read_text(encoding="utf-8")) or {}
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return {}
    entries = data.get("uses", []) if isinstance(data, dict) else []
    found: dict[str, str] = {}
    for entry in entries if isinstance(entries, list) else []:
        entry = {"corpus": entry} if isinstance(entry, str) else entry
        if isinstance(entry, dict):
            found[str(entry.get("corpus", entry.get("path", "")))] = str(entry.get("version", "(any version)"))
    return found


def compare_uses(before: Path, after: Path) -> list[Change]:
    """A change of each used corpus (added, removed, another version): a change of every scenario that takes a
    document from outside its repository."""
    old, new = declared_uses(before), declared_uses(after)
    return compare_facts({"dependencies": old}, {"dependencies": new})


def _outside(documents: set[tuple[str, str]], files: Mapping[tuple[str, str], str]) -> bool:
    """Whether one of ``documents`` was read from outside the version's root (a used corpus)."""
    return any(Path(files[doc]).is_absolute() for doc in documents if doc in files)
